// The pages that follow a night (the projector, a player's page, a table's page between games): ask the night's
// version every few seconds with If-None-Match (a 304 while nothing changed) and reload the page when it changes,
// so the table's page opens the next game and the screen shows the new standings. No timed reload of an unchanged
// page; without scripts, a <noscript> refresh does it.

import { poll } from "../ui/poller.js";

const marker = document.querySelector("[data-night-version]");
if (marker) {
  poll(marker.dataset.versionUrl, {
    etag: `"${marker.dataset.nightVersion}"`,
    period: Number(marker.dataset.seconds || 10) * 1000,
    maxBackoff: 6,
    changed: () => location.reload(),
  });
}
