"""A group of 1,000 finished games of 20 hands: its page, leaderboard, person page and JSON against /healthz, and
the cost of its ratings counted from nothing and kept.

    .venv/bin/python bench/groups.py --in-process          # the app's own cost a view, no server (SQLite)
    .venv/bin/python bench/groups.py --in-process --database postgresql
    .venv/bin/python bench/groups.py                       # gunicorn (2 workers) and wrk, 5 s a run
    .venv/bin/python bench/groups.py --games 200 --seconds 3

Needs what the tests need (`pip install -e ".[test]"`: it uses `requests` and
tests/support/served.py); the server runs need wrk (`apt-get install wrk`); PostgreSQL
runs make a scratch database scorekeeper_bench_<pid> on --postgres
(BENCH_POSTGRES_URL, default postgresql://root@127.0.0.1:5432/postgres) and drop
it afterwards. Rate limits are off. The group is made through the API in one
group file import (POST /api/groups/import: every game checked through the
engine), each game 19 bids set and then a moon that ends it.

In process (Flask's test client, no network), each view is asked 50 times a
batch, 7 batches taken in turn with /healthz's, and the fastest batch kept; the
cost is the process's CPU time a request (on a shared machine the wall clock
measures the neighbours). It prints each view's ms, plain and revalidated (304,
If-None-Match), the ratio to /healthz side by side, and the first read of each
view by a worker that has counted nothing yet (one just started).

On PostgreSQL the import is followed by VACUUM ANALYZE, as autovacuum would soon
after it. Against gunicorn, each view is read 60 times first, 10 at a time, so that every
worker has read it (as on a server that has been up a while), then wrk runs 10 connections on it, in full (200) and
revalidated (304), each run between two runs of /healthz: the ratio is to the
mean of the two (the machine may be shared). The group's figures are kept per
game revision (scorekeeper/groups/stats.py): a view sums them and never replays
every hand of every game.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

import requests
import sqlalchemy as sa
from throughput import CARDS, get_script, gunicorn, postgres_database, set_hand, wrk

PLAYERS = [["Ann", "Bo", "Cy", "Di"], ["Ann", "Di", "Bo", "Ed"], ["Flo", "Bo", "Cy", "Di"]]
CONNECTIONS = 10
BROWSER = {"Accept-Encoding": "gzip, deflate, br"}  # what a phone's browser sends
WARM_READS = 6  # per view, CONNECTIONS at a time, so that every worker has read it (as on a server up a while)
POSTGRES = os.environ.get("BENCH_POSTGRES_URL", "postgresql://root@127.0.0.1:5432/postgres")


def finished_game(number: int) -> dict:
    """A ten-point game of 20 hands: 19 bids set, then a moon made by the next bidder's team."""
    hands = [set_hand(hand % 4) for hand in range(19)]
    bidder = 19 % 4
    hands.append({"bidder": bidder, "bid": "moon", "captured": dict.fromkeys(CARDS, bidder % 2)})
    return {"variant": "ten-point", "players": PLAYERS[number % len(PLAYERS)], "hands": hands}


def group_file(games: int) -> dict:
    """A group file (as GET /g/<id>/export.json gives it) of `games` finished games, newest first, a minute apart."""
    now = dt.datetime.now(dt.UTC)
    entries = []
    for number in range(games):
        moment = (now - dt.timedelta(minutes=number)).isoformat()
        entries.append({**finished_game(number), "created_at": moment, "finished": moment})
    return {"format": "pitch-scorekeeper-group", "version": 1, "name": "Bench table", "min_games": 3,
            "people": [], "games": entries}


def views(group: dict) -> dict[str, str]:
    """The paths measured, /healthz first."""
    person = group["people"][0]["id"]
    return {"/healthz": "/healthz", "group page /g/<id>": f"/g/{group['id']}",
            "leaderboard (stats)": f"/api/groups/{group['id']}/stats",
            "person page": f"/g/{group['id']}/people/{person}", "group JSON": f"/api/groups/{group['id']}"}


def ratings_times(app, group_id: str, runs: int = 5) -> tuple[int, float, float]:
    """The group's ratings (scorekeeper/groups/ratings.py): the games rated, the CPU ms of counting them from
    nothing (every game's sides and ranks, then the model game by game; each game's figures already kept, as a
    worker that has served the group holds them) and of a read at the same state (kept); fastest of `runs`."""
    from scorekeeper.groups import service, stats

    with app.app_context():
        group = service.get_group(group_id)
        season = stats.counted(service.group_games(group))
        fresh, kept = float("inf"), float("inf")
        for _ in range(runs):
            app.extensions.pop("group_ratings", None)
            started = time.process_time()
            stats.rated_over(group, season)
            fresh = min(fresh, (time.process_time() - started) * 1000)
            started = time.process_time()
            stats.rated_over(group, season)
            kept = min(kept, (time.process_time() - started) * 1000)
    return len(season), fresh, kept


def in_process(database_url: str, games: int, rounds: int = 50, batches: int = 7) -> list[tuple[str, float, float]]:
    """Each view through the WSGI app in this process: (label, CPU ms a request, ms of the first read by a worker
    that has counted nothing yet)."""
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "AUTO_MIGRATE": True, "SECRET_KEY": "bench",
                      "RATELIMIT_ENABLED": False})
    client = app.test_client()
    made = client.post("/api/groups/import", json=group_file(games))
    assert made.status_code == 201, made.get_json()
    paths = views(made.get_json())
    rated, fresh, kept = ratings_times(app, made.get_json()["id"])
    print(f"ratings of {rated} games: {fresh:.1f} CPU ms from nothing, {kept:.2f} ms at the same state (kept)")
    first = {}
    for name, path in paths.items():
        for kept in ("group_figures", "score_cache", "group_views"):  # a worker just started
            app.extensions.pop(kept, None)
        started = time.perf_counter()
        assert client.get(path, headers=BROWSER).status_code == 200, path
        first[name] = (time.perf_counter() - started) * 1000
    runs = [("/healthz", "/healthz", {})]
    for name, path in list(paths.items())[1:]:
        tag = client.get(path, headers=BROWSER).headers["ETag"]
        runs += [(name, path, {}), (f"{name}, 304", path, {"If-None-Match": tag})]
    best = {label: float("inf") for label, _, _ in runs}
    for _ in range(batches):
        for label, path, extra in runs:
            started = time.process_time()
            for _ in range(rounds):
                client.get(path, headers={**BROWSER, **extra}).close()
            best[label] = min(best[label], (time.process_time() - started) * 1000 / rounds)
    with app.app_context():
        db.engine.dispose()
    return [(label, ms, first.get(label, float("nan"))) for label, ms in best.items()]


def print_in_process(kind: str, rows: list[tuple[str, float, float]]) -> None:
    """The in-process table: ms, ratio to /healthz, and the first read."""
    print(f"{kind}, in process: CPU ms a request (fastest of 7 batches of 50)")
    print(f"{'view':34} {'ms':>8} {'of /healthz':>12} {'first read ms':>14}")
    for name, ms, first in rows:
        print(f"{name:34} {ms:8.2f} {rows[0][1] / ms:12.2f} {first:14.0f}")


def make_group(base: str, games: int, log: Path) -> tuple[dict, float]:
    """The group and its games, through the API's group import; the group and the seconds it took."""
    started = time.monotonic()
    response = requests.post(f"{base}/api/groups/import", json=group_file(games), timeout=600)
    if response.status_code != 201:
        tail = log.read_text()[-3000:]
        raise RuntimeError(f"the import answered {response.status_code}: {response.text[:300]}\n{tail}")
    return response.json(), time.monotonic() - started


def settle(database_url: str) -> None:
    """On PostgreSQL, what autovacuum does within a minute or so of a bulk load: the planner's statistics and the
    visibility map, without which a group's tag is read from the table instead of its index alone."""
    if not database_url.startswith("postgresql"):
        return
    engine = sa.create_engine(database_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.exec_driver_sql("VACUUM ANALYZE")
    engine.dispose()


def served(database_url: str, games: int, seconds: float) -> int:
    """The wrk runs against gunicorn; 1 if a view answered anything but what was expected."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "gunicorn.log"
        with gunicorn(database_url, {"AUTO_MIGRATE": "1"}, 2, log) as base:
            group, made = make_group(base, games, log)
            print(f"{games} games of 20 hands imported in {made:.0f} s")
            settle(database_url)
            paths = dict(list(views(group).items())[1:])
            with ThreadPoolExecutor(CONNECTIONS) as pool:
                for path in paths.values():
                    for answer in pool.map(lambda _, path=path: requests.get(base + path, timeout=120),
                                           range(WARM_READS * CONNECTIONS)):
                        if answer.status_code != 200:
                            print(f"{path} answered {answer.status_code}:\n{log.read_text()[-3000:]}")
                            return 1
            floor = [wrk(base, "/healthz", get_script(["/healthz"], BROWSER), seconds, CONNECTIONS)]
            rows = []
            for name, path in paths.items():
                tag = requests.get(base + path, headers=BROWSER, timeout=60).headers["ETag"]
                for label, script in ((name, get_script([path], BROWSER)),
                                      (f"{name}, 304", get_script([path], {**BROWSER, "If-None-Match": tag}, 304))):
                    rows.append(wrk(base, label, script, seconds, CONNECTIONS))
                    floor.append(wrk(base, "/healthz", get_script(["/healthz"], BROWSER), seconds, CONNECTIONS))
    print(f"{'view':34} {'req/s':>8} {'p99 ms':>8} {'/healthz req/s':>15} {'of /healthz':>12}")
    print(f"{'/healthz (first run)':34} {floor[0].rate:8.0f} {floor[0].p99:8.1f}")
    for index, row in enumerate(rows):
        around = (floor[index].rate + floor[index + 1].rate) / 2  # the runs just before and after: same load
        print(f"{row.name:34} {row.rate:8.0f} {row.p99:8.1f} {around:15.0f} {row.rate / around:12.2f}")
    bad = [row for row in rows + floor if row.unexpected or row.errors]
    for row in bad:
        print(f"{row.name}: {row.unexpected} unexpected answers (e.g. {row.sample}), {row.errors} errors")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table; 1 if a view answered anything but what was expected, 2 if wrk is missing."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each wrk run (default 5)")
    parser.add_argument("--in-process", action="store_true", help="time the app itself, without gunicorn and wrk")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--postgres", default=POSTGRES, help="the PostgreSQL server for the scratch database")
    args = parser.parse_args(argv)
    if not args.in_process and shutil.which("wrk") is None:
        print("wrk is not installed: apt-get install wrk (or run with --in-process)", file=sys.stderr)
        return 2
    print(f"load before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.games} games on {args.database}")
    with ExitStack() as stack:
        if args.database == "postgresql":
            url = stack.enter_context(postgres_database(args.postgres))
        else:
            url = f"sqlite:///{stack.enter_context(tempfile.TemporaryDirectory())}/bench.sqlite"
        if args.in_process:
            print_in_process(args.database, in_process(url, args.games))
            status = 0
        else:
            status = served(url, args.games, args.seconds)
    print(f"load after: {os.getloadavg()[0]:.2f}")
    return status


if __name__ == "__main__":
    sys.exit(main())
