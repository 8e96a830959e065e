"""The memory and time a group file import costs a worker: the largest files accepted and refused, side by side on
SQLite and PostgreSQL.

    .venv/bin/python bench/group_file_memory.py                       # both databases
    .venv/bin/python bench/group_file_memory.py --databases sqlite    # SQLite only
    .venv/bin/python bench/group_file_memory.py --games 200           # a smaller accepted file, quicker

Each case runs in a process of its own (the app on a scratch database: a SQLite file, or scorekeeper_bench_<pid> on
BENCH_POSTGRES_URL, dropped afterwards; one small import first so that everything a request loads is loaded),
builds its file, then posts it to POST /api/groups/import with Flask's test client. It prints, per database, how
far the request raised the process's resident memory at its peak (Linux: VmHWM, reset before the request, over
VmRSS then), its seconds (wall clock, and the CPU time of the process: the wall clock counts whatever else the
machine runs), the seconds the import held its write transaction (on SQLite every other write waits that long),
and the answer. Cases:

- `accepted`: the largest group file the app takes: 1,000 games (the most a file holds), each with as many hands
  as keep the file within GROUP_FILE_MAX_LENGTH (12 MiB) and MOST_HANDS (100,000);
- `twenty-hands`: 1,000 games of 20 hands each, a group that has played every week for years;
- `most-hands`: 1,000 games of 100 misdeals, the shortest hands: MOST_HANDS in 1.7 MB;
- `too-many-hands`: as many misdeals as the budget lets through (some 400,000), parsed, then refused by
  MOST_HANDS before any game is checked;
- `empty-people`: the file of four million empty objects as people (12 MiB), refused by the budget before it is
  parsed (scorekeeper/groups/transfer.py, FILE_BUDGET);
- `empty-people-parsed`: the same file parsed first and refused after, as imports were before the budget (the
  figure the budget saves; no request, so no database);
- `at-budget`: as many empty objects as the budget lets through, parsed, then refused (at most 500 people).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

CASES = ("accepted", "twenty-hands", "most-hands", "too-many-hands", "empty-people", "empty-people-parsed",
         "at-budget")
DATABASES = ("sqlite", "postgresql")
POSTGRES = os.environ.get("BENCH_POSTGRES_URL", "postgresql://root@127.0.0.1:5432/postgres")
HEAD = b'{"format":"pitch-scorekeeper-group","version":1,"name":"Big","min_games":3,"games":[],"people":['
MISDEAL = {"misdeal": True}


def resident_mb(field: str) -> float:
    """This process's resident memory now (VmRSS) or at its peak (VmHWM), in MB."""
    status = Path("/proc/self/status").read_text()
    return int(status.split(f"{field}:", 1)[1].split()[0]) / 1024


def reset_peak() -> None:
    """Start the peak (VmHWM) again from what is resident now (Linux)."""
    Path("/proc/self/clear_refs").write_text("5")


def group_file(games: int, hand: Callable[[int], dict]) -> Callable[[int], bytes]:
    """The file of `games` ten-point games, each of the hands `hand(number)` for `count` numbers, as bytes."""

    def build(count: int) -> bytes:
        game = {"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"], "hands": [hand(n) for n in range(count)]}
        body = {"format": "pitch-scorekeeper-group", "version": 1, "name": "Big", "min_games": 3, "people": [],
                "games": [game] * games}
        return json.dumps(body, separators=(",", ":")).encode()

    return build


def most(build, fits, high: int) -> bytes:
    """The file `build(count)` of the largest count up to `high` that `fits`."""
    low = 1
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(build(middle)) else (low, middle - 1)
    return build(low)


def played(number: int) -> dict:
    """A hand of ten-point, the bid going round the table."""
    from throughput import CARDS

    team = number % 2
    return {"bidder": number % 4, "bid": 4,
            "captured": {card: team if index < 3 else 1 - team for index, card in enumerate(CARDS)}}


def case_file(case: str, games: int, cap: int) -> bytes:
    """The file of `case` (module docstring), within `cap` bytes."""
    from scorekeeper.groups import transfer

    if case == "accepted":
        return most(group_file(games, played), lambda data: len(data) <= cap, transfer.MOST_HANDS // games)
    if case == "twenty-hands":
        return group_file(games, played)(20)
    if case == "most-hands":
        return group_file(1000, lambda _: MISDEAL)(transfer.MOST_HANDS // 1000)
    if case == "too-many-hands":
        return most(group_file(1000, lambda _: MISDEAL), lambda data: not transfer.FILE_BUDGET.refuses(data), 500)
    if case == "at-budget":
        return HEAD + b"{}," * (transfer.FILE_BUDGET.containers - 4) + b"{}]}"
    return HEAD + b"{}," * 3_999_999 + b"{}]}"  # built without a list: the baseline stays low


@contextmanager
def timed(module, name: str, spans: list[float]):
    """`module.name` (a context manager) timed into `spans` while in this block."""
    inner = getattr(module, name)

    @contextmanager
    def measured(*args, **kwargs):
        began = time.perf_counter()
        try:
            with inner(*args, **kwargs) as value:
                yield value
        finally:
            spans.append(time.perf_counter() - began)

    setattr(module, name, measured)
    try:
        yield
    finally:
        setattr(module, name, inner)


def run_case(case: str, games: int, database_url: str) -> dict:
    from scorekeeper import create_app
    from scorekeeper.groups import transfer

    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "bench", "AUTO_MIGRATE": True,
                      "RATELIMIT_ENABLED": False, "TESTING": True})
    client = app.test_client()
    warm = client.post("/api/groups/import", data=group_file(2, played)(4), content_type="application/json")
    assert warm.status_code == 201, warm.get_json()
    data = case_file(case, games, app.config["GROUP_FILE_MAX_LENGTH"])
    assert len(data) <= app.config["GROUP_FILE_MAX_LENGTH"], len(data)
    writes: list[float] = []
    reset_peak()
    before, began, cpu = resident_mb("VmRSS"), time.perf_counter(), time.process_time()
    if case == "empty-people-parsed":
        with app.app_context():
            try:
                transfer.import_group(json.loads(data))
                answer = "201"
            except ValueError as error:
                answer = f"refused after parsing: {error}"
    else:
        with timed(transfer, "writing", writes):
            response = client.post("/api/groups/import", data=data, content_type="application/json")
        answer = f"{response.status_code} {(response.get_json() or {}).get('error', '')}"
    return {"case": case, "bytes": len(data), "peak_rise_mb": resident_mb("VmHWM") - before,
            "seconds": time.perf_counter() - began, "cpu_seconds": time.process_time() - cpu,
            "write_seconds": sum(writes), "answer": answer[:80]}


@contextmanager
def scratch_database(database: str):
    """The URL of an empty database of the kind named, dropped afterwards."""
    if database == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{folder}/bench.sqlite"
    else:
        from throughput import postgres_database

        with postgres_database(POSTGRES) as url:
            yield url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games of the accepted file (default 1000)")
    parser.add_argument("--databases", nargs="+", choices=DATABASES, default=list(DATABASES))
    parser.add_argument("--case", choices=CASES, help=argparse.SUPPRESS)  # one case, in this process
    parser.add_argument("--url", help=argparse.SUPPRESS)  # its database
    args = parser.parse_args(argv)
    if args.case:
        print(json.dumps(run_case(args.case, args.games, args.url)))
        return 0
    rows: dict[str, dict[str, dict]] = {case: {} for case in CASES}
    with ExitStack() as stack:
        for database in args.databases:
            url = stack.enter_context(scratch_database(database))
            for case in CASES:
                done = subprocess.run([sys.executable, __file__, "--case", case, "--games", str(args.games),
                                       "--url", url], cwd=ROOT, capture_output=True, text=True, check=True)
                rows[case][database] = json.loads(done.stdout.strip().splitlines()[-1])
    columns = "".join(f" | {database + ' MB':>15} {'s':>6} {'cpu s':>6} {'write s':>7}" for database in args.databases)
    print(f"{'case':<20} {'file MB':>7}{columns} | answer")
    for case, found in rows.items():
        first = found[args.databases[0]]
        cells = "".join(f" | {row['peak_rise_mb']:15.1f} {row['seconds']:6.2f} {row['cpu_seconds']:6.2f} "
                        f"{row['write_seconds']:7.2f}" for row in found.values())
        print(f"{case:<20} {first['bytes'] / 2**20:7.1f}{cells} | {first['answer']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
