"""Page weight and Lighthouse scores of the start page, a 40-hand game page, its share page and a group page.

Starts the app with gunicorn on a free port and a temporary SQLite database,
records a 40-hand game through the API, then for each page prints:

- first load: the HTML and every same-origin subresource it references (stylesheets,
  scripts and their static imports, icons, the manifest, CSS url()s), each gzipped at
  level 6, summed;
- repeat load: what a browser with a warm cache fetches again given the app's
  Cache-Control headers (fresh: nothing; no-cache with a validator: a 304;
  otherwise the whole thing);
- Lighthouse 12 mobile scores: performance, accessibility, best practices.

Usage: .venv/bin/python bench/pages.py [--no-lighthouse] [--runs N]
Set-up: npm ci --prefix bench (Lighthouse 12.2.3; 13 needs Node 22).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import requests

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
OUT = BENCH / "out"
sys.path.insert(0, str(ROOT))

from scorekeeper.rules import Hand, make_table, play, start  # noqa: E402

BUDGET = {"first_kb": 60, "performance": 95, "accessibility": 100, "best-practices": 95}
CARDS = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking"


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(port: int, workdir: Path) -> subprocess.Popen:
    """gunicorn serving the app on a fresh SQLite database; returns once /healthz answers."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir / 'bench.sqlite'}",
        "SECRET_KEY": "bench-" + os.urandom(8).hex(),
        "AUTO_MIGRATE": "1",
    }
    command = [
        sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", "2",
        "--log-level", "warning", "scorekeeper:create_app()",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and server.poll() is None:
        try:
            if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                return server
        except requests.RequestException:  # not listening yet, or workers still booting
            pass
        time.sleep(0.2)
    server.terminate()
    server.wait(timeout=10)
    raise SystemExit("gunicorn did not answer /healthz within 30 s")


def game_hands(count: int, seed: int = 7) -> list[dict]:
    """`count` plausible ten-point hands, none of which ends the game (checked with the engine)."""
    rng = random.Random(seed)
    state = start(make_table("ten-point", PLAYERS, ["Us", "Them"]))
    hands: list[dict] = []
    while len(hands) < count:
        if rng.random() < 0.05:
            body = {"misdeal": True}
        else:
            body = {
                "bidder": rng.randrange(4), "bid": rng.choice([3, 4, 4, 5, 5, 6, 7]),
                "trump": rng.choice(["clubs", "diamonds", "hearts", "spades"]),
                "captured": {key: rng.randrange(2) for key in CARDS},
            }
        hand = Hand(misdeal=True) if body.get("misdeal") else Hand(
            bidder=body["bidder"], bid=body["bid"], captured=body["captured"], trump=body["trump"])
        after = play(state, hand)
        if after.outcome is None:
            state = after
            hands.append(body)
    return hands


def make_game(base: str, hands: int) -> tuple[str, str]:
    """A ten-point game with `hands` hands, recorded one by one through the API."""
    response = requests.post(f"{base}/api/games", json={
        "variant": "ten-point", "players": PLAYERS, "team_names": ["Us", "Them"]}, timeout=10)
    response.raise_for_status()
    game = response.json()
    headers = {"Authorization": f"Bearer {game['edit_key']}"}
    for body in game_hands(hands):
        requests.post(f"{base}/api/games/{game['id']}/hands", json=body, headers=headers, timeout=10).raise_for_status()
    return game["id"], game["edit_key"]


def scorer_session(base: str, game_id: str, edit_key: str) -> requests.Session:
    """A browser session that holds the edit key, as the scorer's phone does (no-JS join form)."""
    session = requests.Session()
    html = session.get(f"{base}/games/{game_id}/join", timeout=10).text
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html)
    data = {"key": edit_key, **({"csrf_token": token.group(1)} if token else {})}
    session.post(f"{base}/games/{game_id}/join", data=data, timeout=10)
    return session


class References(HTMLParser):
    """Subresource URLs an HTML page makes the browser fetch."""

    FETCHED_RELS = {"stylesheet", "icon", "apple-touch-icon", "manifest", "modulepreload", "preload", "shortcut"}

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.import_map: dict[str, str] = {}
        self._in_import_map = False

    def handle_starttag(self, tag, attrs) -> None:
        values = dict(attrs)
        rels = set((values.get("rel") or "").lower().split())
        if tag == "link" and rels & self.FETCHED_RELS and values.get("href"):
            self.urls.append(values["href"])
        elif tag in ("script", "img", "source") and values.get("src"):
            self.urls.append(values["src"])
        self._in_import_map = tag == "script" and values.get("type") == "importmap"

    def handle_data(self, data) -> None:
        """The page's import map: module URLs a browser loads in place of the plain ones imports name."""
        if self._in_import_map:
            self.import_map.update(json.loads(data).get("imports", {}))
            self._in_import_map = False


CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")
CSS_IMPORT = re.compile(r"@import\s+['\"]([^'\"]+)['\"]")
JS_IMPORT = re.compile(
    r"""(?:^|[;\s])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]"""  # import x from "./y.js"
    r"""|(?:^|[;\s])import\s*['"]([^'"]+)['"]"""  # import "./y.js"
)


def nested(url: str, body: bytes, content_type: str, import_map: dict[str, str]) -> list[str]:
    """URLs a stylesheet or an ES module pulls in when it loads (module URLs mapped as the page's import map says)."""
    text = body.decode("utf-8", "replace")
    if "css" in content_type:
        found = CSS_URL.findall(text) + CSS_IMPORT.findall(text)
    elif "javascript" in content_type:
        found = [a or b for a, b in JS_IMPORT.findall(text)]
        return [urljoin(url, mapped(urljoin(url, item), import_map)) for item in found]
    else:
        return []
    return [urljoin(url, item) for item in found if not item.startswith("data:")]


def mapped(url: str, import_map: dict[str, str]) -> str:
    """A module URL as the import map resolves it (its path matched, the origin kept)."""
    parts = urlsplit(url)
    return import_map.get(parts.path, url)


@dataclass
class Resource:
    """One fetched URL: its size gzipped and how a warm cache treats it."""

    url: str
    raw: int
    gzipped: int
    cache_control: str
    validator: bool
    served_compressed: bool

    def repeat_cost(self) -> tuple[int, bool]:
        """Bytes fetched again on a repeat visit, and whether a conditional request (304) is made."""
        directives = {part.strip().split("=")[0] for part in self.cache_control.lower().split(",") if part.strip()}
        max_age = re.search(r"max-age=(\d+)", self.cache_control)
        if "no-store" in directives:
            return self.gzipped, False
        if "no-cache" not in directives and max_age and int(max_age.group(1)) > 0:
            return 0, False
        if self.validator:
            return 0, True
        return self.gzipped, False


@dataclass
class PageWeight:
    """A page and everything it loads."""

    name: str
    url: str
    resources: list[Resource] = field(default_factory=list)

    @property
    def first(self) -> int:
        return sum(item.gzipped for item in self.resources)

    @property
    def repeat(self) -> tuple[int, int]:
        costs = [item.repeat_cost() for item in self.resources]
        return sum(cost for cost, _ in costs), sum(1 for _, conditional in costs if conditional)


def weigh(session: requests.Session, name: str, url: str) -> PageWeight:
    """Fetch a page and its same-origin subresources, recursively; sizes gzipped at level 6."""
    origin = urlsplit(url)[:2]
    page, queue, seen = PageWeight(name, url), [url], set()
    import_map: dict[str, str] = {}
    while queue:
        current = queue.pop(0)
        if current in seen or urlsplit(current)[:2] != origin:
            continue
        seen.add(current)
        response = session.get(current, headers={"Accept-Encoding": "gzip, br"}, timeout=10)
        body, content_type = response.content, response.headers.get("Content-Type", "")
        page.resources.append(Resource(
            url=current, raw=len(body), gzipped=len(gzip.compress(body, compresslevel=6)),
            cache_control=response.headers.get("Cache-Control", ""),
            validator="ETag" in response.headers or "Last-Modified" in response.headers,
            served_compressed=response.headers.get("Content-Encoding", "") in ("gzip", "br"),
        ))
        if current == url:
            parser = References()
            parser.feed(body.decode("utf-8", "replace"))
            import_map = parser.import_map
            queue.extend(urljoin(url, item) for item in parser.urls)
        else:
            queue.extend(nested(current, body, content_type, import_map))
    return page


def lighthouse(url: str, name: str, cookie: str | None) -> dict[str, int]:
    """Lighthouse 12 mobile category scores (0-100) for `url`."""
    OUT.mkdir(exist_ok=True)
    report = OUT / f"lighthouse-{name}.json"
    command = [
        "npx", "--no", "lighthouse", url, "--output=json", f"--output-path={report}", "--quiet",
        f"--chrome-flags={CHROME_FLAGS}", "--only-categories=performance,accessibility,best-practices",
    ]
    if cookie:
        command.append("--extra-headers=" + json.dumps({"Cookie": cookie}))
    env = {**os.environ, "CHROME_PATH": "/usr/bin/chromium"}
    subprocess.run(command, cwd=BENCH, env=env, check=True, timeout=300)
    data = json.loads(report.read_text())
    scores = {key: round((value["score"] or 0) * 100) for key, value in data["categories"].items()}
    failing = [
        audit["id"] for audit in data["audits"].values()
        if audit.get("score") is not None and audit["score"] < 0.9
        and audit.get("scoreDisplayMode") in ("binary", "numeric")
    ]
    scores["_failing"] = failing  # type: ignore[assignment]
    return scores


def make_group(base: str, games: int) -> str:
    """A group with `games` finished games of 20 hands (bench/groups.py's), through the API; its id."""
    from tests.support.groups import finished_game

    group = requests.post(f"{base}/api/groups", json={"name": "Bench table"}, timeout=30).json()
    headers = {"Authorization": f"Bearer {group['edit_key']}"}
    for number in range(games):
        requests.post(f"{base}/api/groups/{group['id']}/games", json=finished_game(number), headers=headers,
                      timeout=60).raise_for_status()
    return group["id"]


def kb(size: int) -> str:
    return f"{size / 1024:.1f} KB"


def report(page: PageWeight, scores: dict | None) -> None:
    """Print one page's figures against the budget."""
    repeat, revalidated = page.repeat
    ok = "ok" if page.first < BUDGET["first_kb"] * 1024 else "OVER BUDGET"
    print(f"\n{page.name}: {page.url}")
    print(f"  first load : {kb(page.first)} gzip in {len(page.resources)} requests "
          f"({kb(sum(item.raw for item in page.resources))} raw)  [budget < {BUDGET['first_kb']} KB: {ok}]")
    print(f"  repeat load: {kb(repeat)} gzip fetched again, {revalidated} conditional request(s) answered 304")
    for item in page.resources:
        cost, conditional = item.repeat_cost()
        how = "304" if conditional else ("cached" if cost == 0 else "refetched")
        cache = item.cache_control or "(no Cache-Control)"
        print(f"    {kb(item.gzipped):>9}  {how:9}  {cache:40}  {urlsplit(item.url).path}")
    if scores:
        verdicts = []
        for key in ("performance", "accessibility", "best-practices"):
            verdict = "ok" if scores[key] >= BUDGET[key] else f"below {BUDGET[key]}"
            verdicts.append(f"{key} {scores[key]} ({verdict})")
        print("  lighthouse : " + ", ".join(verdicts))
        if scores["_failing"]:
            print("  audits below 0.9: " + ", ".join(scores["_failing"]))


def main() -> None:
    """Start the app, build the game, measure the pages."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-lighthouse", action="store_true", help="only weigh the pages")
    parser.add_argument("--hands", type=int, default=40)
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as workdir:
        server = start_server(port, Path(workdir))
        try:
            game_id, edit_key = make_game(base, args.hands)
            scorer = scorer_session(base, game_id, edit_key)
            pages = [
                ("start page", f"{base}/", requests.Session()),
                (f"game page ({args.hands} hands, scorer)", f"{base}/games/{game_id}", scorer),
                (f"share page ({args.hands} hands)", f"{base}/share/{game_id}", requests.Session()),
                ("group page (40 games of 20 hands)", f"{base}/g/{make_group(base, 40)}", requests.Session()),
            ]
            compressed = False
            for index, (name, url, session) in enumerate(pages):
                page = weigh(session, name, url)
                compressed = compressed or any(item.served_compressed for item in page.resources)
                cookie = "; ".join(f"{key}={value}" for key, value in session.cookies.items()) or None
                scores = None if args.no_lighthouse else lighthouse(url, f"page{index}", cookie)
                report(page, scores)
            print("\nresponses compressed by the app:", "yes" if compressed else
                  "NO (no Content-Encoding on any response: compress at the proxy/CDN or in the app)")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
