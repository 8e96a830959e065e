// Keep the screen awake while a game is open (Screen Wake Lock API): on unless this phone turned it off
// (remembered in localStorage), released while the page is hidden and asked for again when it is shown.
// Where the browser has no wake lock the toggle stays hidden and nothing happens.

const KEY = "pitch.awake";

export class WakeLock {
  // `toggle` is the label holding the checkbox (hidden until the browser is known to have a wake lock).
  constructor(toggle) {
    this.toggle = toggle;
    this.lock = null;
  }

  get on() {
    return localStorage.getItem(KEY) !== "off";
  }

  start() {
    if (!this.toggle || !("wakeLock" in navigator)) return;
    const box = this.toggle.querySelector("input");
    box.checked = this.on;
    this.toggle.hidden = false;
    box.addEventListener("change", () => {
      localStorage.setItem(KEY, box.checked ? "on" : "off");
      if (box.checked) this.request();
      else this.release();
    });
    document.addEventListener("visibilitychange", () => (document.hidden ? this.release() : this.request()));
    window.addEventListener("pagehide", () => this.release());
    this.request();
  }

  async request() {
    if (!this.on || document.hidden || this.lock) return;
    try {
      this.lock = await navigator.wakeLock.request("screen");
      this.lock.addEventListener("release", () => {
        this.lock = null;
      });
    } catch {
      this.lock = null; // refused (battery saver, not visible): the screen sleeps as usual
    }
  }

  release() {
    const lock = this.lock;
    this.lock = null;
    lock?.release().catch(() => {});
  }
}
