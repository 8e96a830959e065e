// Keep part of a page current by polling a URL with If-None-Match: a 304 costs a few hundred bytes, and
// polling (no held-open connection) suits many sync workers on many machines. Waits longer after each
// failure, pauses while the tab is hidden and polls at once when it shows again. Used by the share page
// and the tournament pages.

// Poll `url` every `period` ms from `etag` on. `changed(response)` gets each 200 answer; `seen(response)`
// every answer; `done()` says when to stop (checked again when the tab shows). Up to `maxBackoff` times
// the period after failures.
export function poll(url, { etag = "", period, maxBackoff, changed, seen = () => {}, done = () => false }) {
  let timer = 0;
  let failures = 0;
  let inFlight = false;

  function schedule() {
    clearTimeout(timer);
    timer = 0;
    if (document.hidden || done()) return;
    timer = setTimeout(once, period * Math.min(2 ** failures, maxBackoff));
  }

  async function once() {
    if (inFlight) return;
    inFlight = true;
    try {
      const response = await fetch(url, {
        headers: etag ? { "If-None-Match": etag } : {}, cache: "no-store", credentials: "same-origin",
      });
      seen(response);
      if (response.status === 200) {
        etag = response.headers.get("ETag") || "";
        await changed(response);
      }
      failures = response.ok || response.status === 304 ? 0 : failures + 1;
    } catch {
      failures += 1; // no connection: try again later
    } finally {
      inFlight = false;
      schedule();
    }
  }

  document.addEventListener("visibilitychange", () => {
    clearTimeout(timer);
    timer = 0;
    if (!document.hidden) once();
  });
  schedule();
}

// Replace the children of `root` with the HTML `response` carries.
export async function swapHtml(root, response) {
  const template = document.createElement("template");
  template.innerHTML = await response.text();
  root.replaceChildren(template.content);
}
