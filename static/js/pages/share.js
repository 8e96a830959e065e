// Keep the share page current: poll its live fragment (poller.js) and swap in the HTML the server
// renders. Stops once the game is finished (a visit back to the tab checks once more, in case the last
// hand was undone).

import { poll, swapHtml } from "../ui/poller.js";

const root = document.getElementById("share-live");
if (root) {
  const announce = document.getElementById("share-updates");
  const finished = () => root.querySelector("[data-status]")?.dataset.status === "finished";
  poll(root.dataset.liveUrl, {
    etag: root.dataset.etag || "",
    period: Number(root.dataset.pollSeconds || 3) * 1000,
    maxBackoff: 10, // offline: 3 s, 6 s, 12 s … up to 30 s
    done: finished,
    async changed(response) {
      await swapHtml(root, response);
      const live = root.querySelector("[data-status]");
      if (!live || !announce) return;
      announce.textContent = `${live.dataset.summary}${finished() ? " This game is over." : ""}`;
      if (live.dataset.title) document.title = live.dataset.title;
    },
  });
}
