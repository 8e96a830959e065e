// Tournament pages: keep the standings current (poller.js) and the clocks counting. Each running clock
// counts down by the second from the server's ends_at, corrected by the offset between this device's
// clock and the server's (the Date header of every poll), so a wrong phone clock or a reload does not
// move it. At zero the next poll brings the server's time call.

import { everySecond, minutesSeconds, secondsLeft } from "../phone/clock.js";
import { poll, swapHtml } from "../ui/poller.js";

const root = document.getElementById("t-live");
let offset = 0; // server time minus this device's time, in milliseconds
if (root) {
  if (root.dataset.serverNow) offset = Date.parse(root.dataset.serverNow) - Date.now();
  keepCurrent(root);
  everySecond(() => tick(root));
}
const keyForm = document.getElementById("key-form");
if (keyForm) takeKeyFromLink(keyForm);

function learnOffset(response) {
  const date = Date.parse(response.headers.get("Date") || "");
  // the header counts whole seconds: take it only when it shows the clocks have drifted apart
  if (!Number.isNaN(date) && Math.abs(date - Date.now() - offset) > 1500) offset = date - Date.now();
}

function keepCurrent(root) {
  const announce = document.getElementById("t-updates");
  poll(root.dataset.liveUrl, {
    etag: root.dataset.etag || "",
    period: Number(root.dataset.pollSeconds || 5) * 1000,
    maxBackoff: 6,
    seen: learnOffset,
    async changed(response) {
      await swapHtml(root, response);
      tick(root);
      const live = root.querySelector("[data-summary]");
      if (announce && live) announce.textContent = live.dataset.summary;
    },
  });
}

function tick(root) {
  for (const clock of root.querySelectorAll("[data-ends-at]")) {
    const left = secondsLeft(Date.parse(clock.dataset.endsAt), offset);
    clock.textContent = left > 0 ? `${minutesSeconds(left)} left` : "time is up";
  }
}

function takeKeyFromLink(form) {
  const match = /^#key=([A-Za-z0-9_-]{22,64})$/.exec(location.hash);
  const input = form.querySelector("input[name=key]");
  if (!match || !input) return;
  history.replaceState(null, "", location.pathname + location.search); // the key leaves the address bar
  input.value = match[1];
  form.requestSubmit();
}
