"""Reads and writes against the framework's floor: gunicorn (2 workers) on SQLite and on PostgreSQL, loaded by wrk.

    .venv/bin/python bench/throughput.py                  # both databases, 5 s a run
    .venv/bin/python bench/throughput.py --seconds 10 --databases sqlite

It starts gunicorn itself on each database (PostgreSQL: a scratch database scorekeeper_bench_<pid> on
BENCH_POSTGRES_URL, dropped afterwards), makes its games through the API, and runs wrk (Debian's `wrk`
package) with 50 connections against:

- `/healthz`, the floor: a request that reads the database and nothing else;
- `GET /api/games/<id>` of a 200-hand game, plain and as a phone asks for it (Accept-Encoding: br, gzip);
- `/share/<id>/live` answered 304 (If-None-Match), 40 hands;
- `POST` a hand, spread over 50 tables at once, answered with the whole game, and again with the short answer
  the phone's outbox asks for (`Prefer: return=minimal`, docs/api.md).

It prints req/s, the ratio to /healthz and p99 of each, side by side per database, then a growth table: a
POST (whole and short) and a 304 poll at 10, 100 and 400 hands. `--workers` sets gunicorn's workers (2).
Before a run its games are read a few times, as on a server
that has been up a while: each worker has most likely scored each game once. Rate limits are switched off
(RATELIMIT_ENABLED=0). Every answer's status is counted; any that is not the one expected is printed.
Installs nothing: wrk must be on the PATH (apt-get install wrk).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import requests
import sqlalchemy as sa

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests package, for its helpers
from tests.support.pages import csrf  # noqa: E402 -- the join form's token, as the page tests read it
from tests.support.served import free_port, start_gunicorn, stop  # noqa: E402 -- gunicorn started as the tests start it

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
CARDS = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")
CONNECTIONS, TABLES = 50, 50
GROWTH = (10, 100, 400)
WARM_READS = 8  # a worker misses a game after 8 reads spread over 2 workers about once in 128
TARGETS = {
    "game JSON, 200 hands": 0.5, "game JSON, 200 hands, br": 0.5,
    "share live 304, 40 hands": 0.8, "POST a hand, 50 tables": 0.3, "POST a hand, 50 tables, short": 0.3,
}
MAIN = 6  # rows of the main table; the growth table's rows follow, three at each count
SHORT = {"Prefer": "return=minimal"}

# Counts every status in each wrk thread; done() prints one JSON line with the totals and the latencies.
LUA_REPORT = """
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) ok, other, last_other = 0, 0, 0 end
function response(status, headers, body)
  if status == expected then ok = ok + 1 else other = other + 1; last_other = status end
end
function done(summary, latency, requests)
  local good, bad, sample = 0, 0, 0
  for _, thread in ipairs(threads) do
    good = good + thread:get("ok"); bad = bad + thread:get("other")
    if thread:get("last_other") ~= 0 then sample = thread:get("last_other") end
  end
  io.write(string.format(
    'RESULT {"requests": %d, "seconds": %.3f, "p50": %.3f, "p99": %.3f, "mean": %.3f, "expected": %d, ' ..
    '"unexpected": %d, "sample": %d, "errors": %d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3, latency:percentile(99) / 1e3,
    latency.mean / 1e3, good, bad, sample,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
"""


def set_hand(bidder: int) -> dict:
    """A hand the bidders lose (4 of 10 at a bid of 5): scores barely move, so no game ends in the run."""
    team = bidder % 2
    return {"bidder": bidder, "bid": 5,
            "captured": {card: team if index < 4 else 1 - team for index, card in enumerate(CARDS)}}


def hands(count: int) -> list[dict]:
    """`count` hands, the bid going round the table."""
    return [set_hand(number % 4) for number in range(count)]


def lua_string(text: str) -> str:
    """A Lua string literal."""
    return json.dumps(text)


def request_script(method: str, targets: list[tuple[str, dict]], bodies: list[str], expected: int) -> str:
    """A wrk script sending `method` round the (path, headers) targets, with the bodies in turn."""
    rows = ",\n".join(
        "{" + lua_string(path) + ", {" + ", ".join(f"[{lua_string(k)}] = {lua_string(v)}" for k, v in headers.items())
        + "}}" for path, headers in targets
    )
    body_rows = ", ".join(lua_string(body) for body in bodies) or lua_string("")
    return (
        f"expected = {expected}\nlocal targets = {{\n{rows}\n}}\nlocal bodies = {{{body_rows}}}\n"
        "local turn = 0\n"
        "function request()\n"
        "  turn = turn + 1\n"
        "  local target = targets[(turn % #targets) + 1]\n"
        "  local body = bodies[(turn % #bodies) + 1]\n"
        f"  if {lua_string(method)} == \"GET\" then body = nil end\n"
        f"  return wrk.format({lua_string(method)}, target[1], target[2], body)\n"
        "end\n" + LUA_REPORT
    )


@dataclass
class Figures:
    """One wrk run."""

    name: str
    requests: int
    seconds: float
    p50: float
    p99: float
    mean: float
    expected: int
    unexpected: int
    sample: int
    errors: int

    @property
    def rate(self) -> float:
        """Requests a second."""
        return self.requests / self.seconds if self.seconds else 0.0


def wrk(base: str, name: str, script: str, seconds: float, connections: int = CONNECTIONS) -> Figures:
    """Run wrk with `script` against `base`; the figures from its RESULT line."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(script)
    try:
        threads = min(2, connections)
        command = ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{max(1, round(seconds))}s",
                   "--timeout", "5s",
                   "-s", handle.name, base]
        out = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60, check=True).stdout
    finally:
        os.unlink(handle.name)
    line = next(line for line in out.splitlines() if line.startswith("RESULT "))
    return Figures(name, **json.loads(line[len("RESULT "):]))


@contextmanager
def gunicorn(database_url: str, extra: dict, workers: int, log: Path):
    """gunicorn serving the app (started as the tests start it); yields its base URL."""
    port = free_port()
    env = {"DATABASE_URL": database_url, "SECRET_KEY": "bench-throughput", "RATELIMIT_ENABLED": "0", **extra}
    process = start_gunicorn(port, env, log, workers=workers)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not start:\n{log.read_text()[-2000:]}")
            try:
                if requests.get(f"{base}/healthz", timeout=5).status_code == 200:
                    break
            except requests.RequestException:
                time.sleep(0.2)
        yield base
    finally:
        stop(process)


@contextmanager
def postgres_database(server_url: str):
    """A scratch database scorekeeper_bench_<pid>, dropped afterwards; yields its URL."""
    url = sa.make_url(server_url).set(drivername="postgresql+psycopg")
    name = f"scorekeeper_bench_{os.getpid()}"
    admin = sa.create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


def new_game(base: str, count: int) -> tuple[str, dict]:
    """A game imported with `count` hands; its id and auth headers."""
    body = {"variant": "ten-point", "players": PLAYERS, "rules": {"target": 500}, "hands": hands(count)}
    response = requests.post(f"{base}/api/games", json=body, timeout=60)
    response.raise_for_status()
    game = response.json()
    return game["id"], {"Authorization": f"Bearer {game['edit_key']}", "Content-Type": "application/json"}


def etag(base: str, path: str) -> str:
    """The ETag the server gives `path` now."""
    response = requests.get(base + path, timeout=30)
    response.raise_for_status()
    return response.headers["ETag"]


def post_script(tables: list[tuple[str, dict]], short: bool = False) -> str:
    """POST a hand round the tables (no number: each table's next hand), asking for the short answer if `short`."""
    targets = [(f"/api/games/{game_id}/hands", {**headers, **(SHORT if short else {})}) for game_id, headers in tables]
    return request_script("POST", targets, [json.dumps(set_hand(bidder)) for bidder in range(4)], 201)


def get_script(paths: list[str], headers: dict | None = None, expected: int = 200) -> str:
    """GET the paths in turn."""
    return request_script("GET", [(path, headers or {}) for path in paths], [], expected)


def poll_script(base: str, game_id: str) -> str:
    """The share page's poll of its live fragment, answered 304."""
    path = f"/share/{game_id}/live"
    return get_script([path], {"If-None-Match": etag(base, path)}, 304)


def warm_up(base: str, game_ids: list[str]) -> None:
    """Read each game on a new connection several times, so that each worker has most likely scored it once
    (as on a server that has been up a while: a table's phones and share pages read its game all along)."""
    for _ in range(WARM_READS):
        for game_id in game_ids:
            requests.get(f"{base}/api/games/{game_id}", timeout=60).raise_for_status()


def measure(base: str, seconds: float) -> list[Figures]:
    """The four rows of the main table, then the growth runs."""
    rows = [wrk(base, "/healthz", get_script(["/healthz"]), seconds)]
    big, _ = new_game(base, 200)
    warm_up(base, [big])
    rows.append(wrk(base, "game JSON, 200 hands", get_script([f"/api/games/{big}"]), seconds))
    compressed = get_script([f"/api/games/{big}"], {"Accept-Encoding": "br, gzip"})
    rows.append(wrk(base, "game JSON, 200 hands, br", compressed, seconds))
    shared, _ = new_game(base, 40)
    rows.append(wrk(base, "share live 304, 40 hands", poll_script(base, shared), seconds))
    tables = [new_game(base, 10) for _ in range(TABLES)]
    warm_up(base, [game_id for game_id, _ in tables])
    rows.append(wrk(base, "POST a hand, 50 tables", post_script(tables), seconds))
    tables = [new_game(base, 10) for _ in range(TABLES)]
    warm_up(base, [game_id for game_id, _ in tables])
    rows.append(wrk(base, "POST a hand, 50 tables, short", post_script(tables, short=True), seconds))
    for count in GROWTH:
        tables = [new_game(base, count) for _ in range(TABLES)]
        warm_up(base, [game_id for game_id, _ in tables])
        rows.append(wrk(base, f"POST at {count} hands", post_script(tables), min(seconds, 3.0)))
        tables = [new_game(base, count) for _ in range(TABLES)]
        warm_up(base, [game_id for game_id, _ in tables])
        rows.append(wrk(base, f"POST short at {count} hands", post_script(tables, short=True), min(seconds, 3.0)))
        poll, _ = new_game(base, count)
        rows.append(wrk(base, f"304 at {count} hands", poll_script(base, poll), seconds))
    return rows


def run_on(kind: str, seconds: float, postgres_url: str, cache: bool, workers: int = 2) -> list[Figures]:
    """Start gunicorn (`workers` workers) on a fresh database of `kind` and measure."""
    extra = {"SCORE_CACHE": "1" if cache else "0"}
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "gunicorn.log"
        if kind == "sqlite":
            with gunicorn(f"sqlite:///{Path(folder) / 'bench.sqlite'}", extra, workers, log) as base:
                return measure(base, seconds)
        with postgres_database(postgres_url) as url, \
                gunicorn(url, {**extra, "AUTO_MIGRATE": "1"}, workers, log) as base:
            return measure(base, seconds)


def report(results: dict[str, list[Figures]]) -> list[str]:
    """Print the tables; returns the targets missed."""
    kinds = list(results)
    missed: list[str] = []
    header = "| request | " + " | ".join(f"{kind} req/s | vs /healthz | p99 ms" for kind in kinds) + " |"
    print("\n" + header)
    print("|---|" + "---:|---:|---:|" * len(kinds))
    floors = {kind: results[kind][0].rate for kind in kinds}
    for index in range(MAIN):
        cells = []
        for kind in kinds:
            row = results[kind][index]
            ratio = row.rate / floors[kind]
            cells.append(f"{row.rate:,.0f} | {ratio:.2f} | {row.p99:.0f}")
            missed += _missed(kind, row, ratio)
        print(f"| {results[kinds[0]][index].name} | " + " | ".join(cells) + " |")
    print("\n| growth | " + " | ".join(f"{kind} req/s | mean ms | p99 ms | vs 10 hands" for kind in kinds) + " |")
    print("|---|" + "---:|---:|---:|---:|" * len(kinds))
    for index in range(MAIN, len(results[kinds[0]])):
        cells = []
        for kind in kinds:
            row, first = results[kind][index], results[kind][MAIN + (index - MAIN) % 3]
            cost = first.rate / row.rate if row.rate else float("inf")
            cells.append(f"{row.rate:,.0f} | {row.mean:.1f} | {row.p99:.0f} | {cost:.2f}x")
            if cost > 1.3:
                missed.append(f"{kind}: {row.name} costs {cost:.2f}x what it costs at 10 hands (target 1.3x)")
        print(f"| {results[kinds[0]][index].name} | " + " | ".join(cells) + " |")
    return missed


def _missed(kind: str, row: Figures, ratio: float) -> list[str]:
    """The targets this row misses."""
    out = []
    target = TARGETS.get(row.name)
    if target is not None and ratio < target:
        out.append(f"{kind}: {row.name} at {ratio:.2f} of /healthz (target {target})")
    if row.name.startswith("POST") and row.p99 >= 100:
        out.append(f"{kind}: {row.name} p99 {row.p99:.0f} ms (target under 100 ms)")
    return out


def unexpected(results: dict[str, list[Figures]]) -> list[str]:
    """Every run with an answer it did not expect (a non-2xx, or a 200 where a 304 was due) or a socket error."""
    return [
        f"{kind}: {row.name}: {row.unexpected} unexpected answers (e.g. {row.sample}), {row.errors} socket errors"
        for kind, rows in results.items() for row in rows if row.unexpected or row.errors
    ]


def in_process(writes: int = 400) -> None:
    """A hand written at 10 and at 400 hands, whole and short, and /healthz, through Flask's test client on a SQLite
    file (no network; CPU time, so a busy machine moves the figures less): ms and answer bytes. Then two app
    instances on the one file take turns writing short hands, as two workers do: each is a hand behind at every
    write of its own."""
    from scorekeeper import create_app

    with tempfile.TemporaryDirectory() as folder:
        settings = {"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'b.sqlite'}",
                    "AUTO_MIGRATE": True, "RATELIMIT_ENABLED": False}
        app = create_app(settings)
        client, other = app.test_client(), create_app({**settings, "AUTO_MIGRATE": False}).test_client()

        def timed(send) -> tuple[float, int]:
            """CPU ms a request (the median of 5 batches: other processes on the machine count for nothing), and
            the mean answer's bytes."""
            batches, size, turn = [], 0, 0
            for _ in range(5):
                start = time.process_time()
                for _ in range(writes // 5):
                    size += len(send(turn).data)
                    turn += 1
                batches.append((time.process_time() - start) / (writes // 5) * 1000)
            return sorted(batches)[2], size // turn

        floor, _ = timed(lambda _turn: client.get("/healthz"))
        print(f"\n| in process (SQLite) | CPU ms a request | answer bytes | vs /healthz |\n|---|---:|---:|---:|\n"
              f"| /healthz | {floor:.2f} | | 1.00 |")
        # The scorer's page of a 40-hand game (the browser holds its key: its QR code is on the page), as the worker
        # serves it, and with its QR code drawn anew each time, as before the worker kept them (web/links.py).
        body = {"variant": "ten-point", "players": PLAYERS, "rules": {"target": 500}, "hands": hands(40)}
        game = client.post("/api/games", json=body).get_json()
        join = f"/games/{game['id']}/join"
        client.post(join, data={"csrf_token": csrf(client, join), "key": game["edit_key"]})
        page = f"/games/{game['id']}"
        ms, size = timed(lambda _turn: client.get(page))
        print(f"| the scorer's game page at 40 hands | {ms:.2f} | {size:,} | {floor / ms:.2f} |")
        ms, size = timed(lambda _turn: (app.extensions.pop("qr_codes", None), client.get(page))[1])
        print(f"| the same, its QR code drawn each time | {ms:.2f} | {size:,} | {floor / ms:.2f} |")
        for count in (10, 400):
            for name, prefer in (("whole", {}), ("short", SHORT)):
                tables = []
                for _ in range(20):
                    body = {"variant": "ten-point", "players": PLAYERS, "rules": {"target": 500}, "hands": hands(count)}
                    game = client.post("/api/games", json=body).get_json()
                    client.get(f"/api/games/{game['id']}")
                    tables.append((game["id"], {"Authorization": f"Bearer {game['edit_key']}", **prefer}))
                ms, size = timed(lambda turn, tables=tables: client.post(
                    f"/api/games/{tables[turn % 20][0]}/hands", json=set_hand(turn % 4), headers=tables[turn % 20][1]))
                print(f"| POST {name} at {count} hands | {ms:.2f} | {size:,} | {floor / ms:.2f} |")
        for count in (10, 400):
            tables = []
            for _ in range(20):
                body = {"variant": "ten-point", "players": PLAYERS, "rules": {"target": 500}, "hands": hands(count)}
                game = client.post("/api/games", json=body).get_json()
                client.get(f"/api/games/{game['id']}")
                other.get(f"/api/games/{game['id']}")
                tables.append((game["id"], {"Authorization": f"Bearer {game['edit_key']}", **SHORT}))
            ms, size = timed(lambda turn, tables=tables: (client, other)[turn // 20 % 2].post(
                f"/api/games/{tables[turn % 20][0]}/hands", json=set_hand(turn % 4), headers=tables[turn % 20][1]))
            print(f"| POST short at {count} hands, two instances in turn | {ms:.2f} | {size:,} | {floor / ms:.2f} |")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark on each database and print the tables; exit 1 if an answer was not the one expected."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each wrk run (default 5)")
    parser.add_argument("--databases", default="sqlite,postgresql", help="sqlite, postgresql or both")
    parser.add_argument("--postgres", default=os.environ.get("BENCH_POSTGRES_URL", "postgresql://root@127.0.0.1:5432/postgres"),
                        help="the PostgreSQL server for the scratch database (BENCH_POSTGRES_URL)")
    parser.add_argument("--no-cache", action="store_true", help="run with SCORE_CACHE=0")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument("--in-process", action="store_true", help="time writes through Flask's test client instead")
    args = parser.parse_args(argv)
    if args.in_process:
        in_process()
        return 0
    if shutil.which("wrk") is None:
        print("wrk is not installed: apt-get install wrk", file=sys.stderr)
        return 2
    print(f"load before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; score cache "
          f"{'off' if args.no_cache else 'on'}; {args.workers} workers, {CONNECTIONS} connections, "
          f"{args.seconds:g} s a run")
    results = {kind: run_on(kind, args.seconds, args.postgres, not args.no_cache, args.workers)
               for kind in args.databases.split(",")}
    missed, wrong = report(results), unexpected(results)
    print(f"\nload after: {os.getloadavg()[0]:.2f}")
    print("targets: " + ("all met" if not missed else "missed:\n  " + "\n  ".join(missed)))
    print("answers: " + ("every one as expected" if not wrong else "UNEXPECTED:\n  " + "\n  ".join(wrong)))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
