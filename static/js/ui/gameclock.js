// A timed game's clock line, counted down by the second from the server's ends_at. The offset between
// the server's clock and this phone's (server_now of the page the server drew) keeps a phone whose own
// clock is wrong on the table's time; the offline shell has no fresh server time and counts on the
// phone's own clock from the ends_at it kept. A reload counts from the same ends_at. At zero a banner
// (role=alert) says time is called, and the phone vibrates where it can.

import { everySecond, minutesSeconds, secondsLeft } from "../phone/clock.js";

const TIME_UP = "Time is called. The hand in play may be finished and logged; then the side ahead wins.";

export class GameClock {
  // `banner` is the page's time-up alert (or null).
  constructor(line, shell, banner = null) {
    this.line = line;
    this.banner = banner;
    this.ran = false; // this page saw the clock running, so zero comes as news
    const serverNow = shell || !line ? NaN : Date.parse(line.dataset.serverNow ?? "");
    this.offset = Number.isNaN(serverNow) ? 0 : serverNow - Date.now();
    this.stop = () => {};
  }

  // Show the clock of `game` (the game JSON).
  show(game) {
    const { line } = this;
    const { clock, time_called: timeCalled, status } = game;
    if (!line) return;
    this.stop();
    line.hidden = !clock;
    if (!clock) return;
    const ends = Date.parse(clock.ends_at ?? "");
    const called = Boolean(clock.called || timeCalled);
    this.timeUp(called && status !== "finished" && timeCalled?.finish_hand !== false);
    if (called || status === "finished" || Number.isNaN(ends)) {
      line.textContent = called ? "Time is called."
        : Number.isNaN(ends) ? `The ${clock.limit_minutes}-minute clock starts with the first hand.` : "";
      line.hidden = !line.textContent;
      return;
    }
    this.stop = everySecond(() => {
      const left = secondsLeft(ends, this.offset);
      line.textContent = left > 0
        ? `${minutesSeconds(left)} left on the clock`
        : "Time is up: finish the hand in play; then the side ahead wins.";
      if (left > 0) this.ran = true;
      this.timeUp(left <= 0);
      if (left <= 0) this.stop();
    });
  }

  // Show or hide the time-up banner; the first time it shows after the clock ran here, vibrate.
  timeUp(up) {
    const { banner } = this;
    if (!banner || banner.hidden === !up) return;
    banner.hidden = !up;
    banner.textContent = up ? TIME_UP : "";
    if (up && this.ran) {
      this.ran = false;
      navigator.vibrate?.([400, 200, 400]);
    }
  }
}
