"""The memory a group file import costs a worker: the largest file accepted, the largest refused, side by side.

    .venv/bin/python bench/group_file_memory.py
    .venv/bin/python bench/group_file_memory.py --games 200     # a smaller accepted file, quicker

Each case runs in a process of its own (the app on a scratch SQLite database, one small import first so that
everything a request loads is loaded), builds its file, then posts it to POST /api/groups/import with Flask's test
client; it prints the rise of the process's peak resident memory (ru_maxrss) over the request, the seconds it took
and the answer. Cases:

- `accepted`: the largest group file the app takes: 1,000 games (the most a file holds), each with as many hands
  as keep the file within GROUP_FILE_MAX_LENGTH (12 MiB);
- `twenty-hands`: 1,000 games of 20 hands each, a group that has played every week for years (6 MiB);
- `empty-people`: the file of four million empty objects as people (12 MiB), refused by the budget before it is
  parsed (scorekeeper/groups/transfer.py, FILE_BUDGET);
- `empty-people-parsed`: the same file parsed first and refused after, as imports were before the budget (the
  figure the budget saves);
- `at-budget`: as many empty objects as the budget lets through, parsed, then refused (at most 500 people): the
  most a refused file can cost.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

CASES = ("accepted", "twenty-hands", "empty-people", "empty-people-parsed", "at-budget")
HEAD = b'{"format":"pitch-scorekeeper-group","version":1,"name":"Big","min_games":3,"games":[],"people":['


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def accepted_file(games: int, most: int, hands: int | None = None) -> bytes:
    """`games` ten-point games, `hands` hands each or as many as keep the file within `most` bytes."""
    from throughput import CARDS

    def hand(number: int) -> dict:
        team = number % 2
        return {"bidder": number % 4, "bid": 4,
                "captured": {card: team if index < 3 else 1 - team for index, card in enumerate(CARDS)}}

    def build(hands: int) -> bytes:
        game = {"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"], "hands": [hand(n) for n in range(hands)]}
        body = {"format": "pitch-scorekeeper-group", "version": 1, "name": "Big", "min_games": 3, "people": [],
                "games": [game] * games}
        return json.dumps(body, separators=(",", ":")).encode()

    low, high = (hands, hands) if hands else (1, 500)
    while low < high:  # the most hands a game that keep the file within `most`
        middle = (low + high + 1) // 2
        low, high = (middle, high) if len(build(middle)) <= most else (low, middle - 1)
    return build(low)


def run_case(case: str, games: int) -> dict:
    from scorekeeper import create_app
    from scorekeeper.groups import transfer

    folder = tempfile.mkdtemp()
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite", "SECRET_KEY": "bench",
                      "RATELIMIT_ENABLED": False, "TESTING": True})
    client = app.test_client()
    warm = client.post("/api/groups/import", data=accepted_file(2, 4096), content_type="application/json")
    assert warm.status_code == 201, warm.get_json()
    most = app.config["GROUP_FILE_MAX_LENGTH"]
    if case == "accepted":
        data = accepted_file(games, most)
    elif case == "twenty-hands":
        data = accepted_file(games, most, hands=20)
    elif case == "at-budget":
        data = HEAD + b"{}," * (transfer.FILE_BUDGET.containers - 4) + b"{}]}"
    else:
        data = HEAD + b"{}," * 3_999_999 + b"{}]}"  # built without a list: the baseline stays low
    assert len(data) <= most, len(data)
    before, began = peak_mb(), time.perf_counter()
    if case == "empty-people-parsed":
        with app.app_context():
            try:
                transfer.import_group(json.loads(data))
                answer = "201"
            except ValueError as error:
                answer = f"refused after parsing: {error}"
    else:
        response = client.post("/api/groups/import", data=data, content_type="application/json")
        answer = f"{response.status_code} {(response.get_json() or {}).get('error', '')}"
    return {"case": case, "bytes": len(data), "peak_rise_mb": peak_mb() - before,
            "seconds": time.perf_counter() - began, "answer": answer[:90]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games of the accepted file (default 1000)")
    parser.add_argument("--case", choices=CASES, help=argparse.SUPPRESS)  # one case, in this process
    args = parser.parse_args(argv)
    if args.case:
        print(json.dumps(run_case(args.case, args.games)))
        return 0
    rows = []
    for case in CASES:
        done = subprocess.run([sys.executable, __file__, "--case", case, "--games", str(args.games)], cwd=ROOT,
                              capture_output=True, text=True, check=True)
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
    print(f"{'case':<20} {'MB':>6} {'peak rise MB':>13} {'seconds':>8}  answer")
    for row in rows:
        print(f"{row['case']:<20} {row['bytes'] / 2**20:6.1f} {row['peak_rise_mb']:13.1f} {row['seconds']:8.2f}  "
              f"{row['answer']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
