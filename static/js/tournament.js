// Tournament pages: keep the standings current and the clocks counting.
// The live part is polled with If-None-Match (no held-open connection): a 304
// costs a few hundred bytes. Each running clock counts down by the second from
// the server's ends_at, corrected by the offset between this device's clock and
// the server's (the Date header of every poll), so a wrong phone clock or a
// reload does not move it. At zero the next poll brings the server's time call.

const root = document.getElementById("t-live");
let offset = 0; // server time minus this device's time, in milliseconds
if (root) {
  if (root.dataset.serverNow) offset = Date.parse(root.dataset.serverNow) - Date.now();
  keepCurrent(root);
  countDown(root);
}
const keyForm = document.getElementById("key-form");
if (keyForm) takeKeyFromLink(keyForm);

function learnOffset(response) {
  const date = Date.parse(response.headers.get("Date") || "");
  // the header counts whole seconds: take it only when it shows the clocks have drifted apart
  if (!Number.isNaN(date) && Math.abs(date - Date.now() - offset) > 1500) offset = date - Date.now();
}

function keepCurrent(root) {
  const period = Number(root.dataset.pollSeconds || 5) * 1000;
  const announce = document.getElementById("t-updates");
  let etag = root.dataset.etag || "";
  let timer = 0;
  let failures = 0;

  async function poll() {
    clearTimeout(timer);
    try {
      const response = await fetch(root.dataset.liveUrl, {
        headers: etag ? { "If-None-Match": etag } : {},
        cache: "no-store",
        credentials: "same-origin",
      });
      learnOffset(response);
      if (response.status === 200) {
        const html = await response.text();
        etag = response.headers.get("ETag") || "";
        swap(html);
      }
      failures = response.ok || response.status === 304 ? 0 : failures + 1;
    } catch {
      failures += 1; // no connection: try again later
    }
    if (!document.hidden) timer = setTimeout(poll, period * Math.min(2 ** failures, 6));
  }

  function swap(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    root.replaceChildren(template.content);
    tick(root);
    const live = root.querySelector("[data-summary]");
    if (announce && live) announce.textContent = live.dataset.summary;
  }

  document.addEventListener("visibilitychange", () => {
    clearTimeout(timer);
    if (!document.hidden) poll();
  });
  timer = setTimeout(poll, period);
}

function tick(root) {
  const now = Date.now() + offset;
  for (const clock of root.querySelectorAll("[data-ends-at]")) {
    const left = Math.ceil((Date.parse(clock.dataset.endsAt) - now) / 1000);
    clock.textContent = left > 0
      ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`
      : "time is up";
  }
}

function countDown(root) {
  tick(root);
  setInterval(() => tick(root), 1000);
}

function takeKeyFromLink(form) {
  const match = /^#key=([A-Za-z0-9_-]{22,64})$/.exec(location.hash);
  const input = form.querySelector("input[name=key]");
  if (!match || !input) return;
  history.replaceState(null, "", location.pathname + location.search); // the key leaves the address bar
  input.value = match[1];
  form.requestSubmit();
}
