// Keep the share page current: poll its live fragment with If-None-Match and
// swap in the HTML the server renders. Polling (not a held-open connection) suits
// many sync workers on many machines; a 304 costs a few hundred bytes.
// Pauses while the tab is hidden; stops once the game is finished (a visit back
// to the tab checks once more, in case the last hand was undone).

const root = document.getElementById("share-live");
if (root) keepCurrent(root);

function keepCurrent(root) {
  const period = Number(root.dataset.pollSeconds || 3) * 1000;
  const announce = document.getElementById("share-updates");
  let etag = root.dataset.etag || "";
  let timer = 0;
  let failures = 0;
  let inFlight = false;

  const finished = () => root.querySelector("[data-status]")?.dataset.status === "finished";

  function schedule() {
    clearTimeout(timer);
    timer = 0;
    if (document.hidden || finished()) return;
    const backoff = Math.min(2 ** failures, 10); // offline: 3 s, 6 s, 12 s … up to 30 s
    timer = setTimeout(poll, period * backoff);
  }

  async function poll() {
    if (inFlight) return;
    inFlight = true;
    try {
      const response = await fetch(root.dataset.liveUrl, {
        headers: etag ? { "If-None-Match": etag } : {},
        cache: "no-store",
        credentials: "same-origin",
      });
      if (response.status === 200) {
        const html = await response.text();
        etag = response.headers.get("ETag") || "";
        swap(html);
      }
      failures = response.ok || response.status === 304 ? 0 : failures + 1;
    } catch {
      failures += 1; // no connection at the table: try again later
    } finally {
      inFlight = false;
      schedule();
    }
  }

  function swap(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    root.replaceChildren(template.content);
    const live = root.querySelector("[data-status]");
    if (!live || !announce) return;
    const over = live.dataset.status === "finished";
    announce.textContent = `${live.dataset.summary}${over ? " This game is over." : ""}`;
    if (live.dataset.title) document.title = live.dataset.title;
  }

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      clearTimeout(timer);
      timer = 0;
    } else {
      poll();
    }
  });
  schedule();
}
