"""How long the largest allowed tournament takes to draw a round, in one request.

Registers MAX_TEAMS teams (scorekeeper.tournaments.service) through the API of an app on a fresh
database, then times `POST /api/tournaments/<id>/rounds` for round 1 and round 2, and the standings.

Usage: .venv/bin/python bench/draw.py [--teams N] [--profile]
DATABASE_URL picks the database (a temporary SQLite file by default).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.tournaments.service import MAX_TEAMS  # noqa: E402


def tournament(client, teams: int) -> tuple[str, dict]:
    """A tournament with `teams` teams; returns its id and the coordinator's headers."""
    response = client.post("/api/tournaments", json={"name": "Hall", "seed": 7})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    headers = {"Authorization": f"Bearer {body['edit_key']}"}
    for index in range(teams):
        team = {"name": f"Team {index}", "players": [f"North {index}", f"South {index}"]}
        answer = client.post(f"/api/tournaments/{body['id']}/teams", json=team, headers=headers)
        assert answer.status_code == 201, answer.get_json()
    return body["id"], headers


def timed(call) -> tuple[float, object]:
    """Seconds taken by `call()`, and what it returned."""
    started = time.perf_counter()
    result = call()
    return time.perf_counter() - started, result


def measure(client, teams: int = MAX_TEAMS) -> dict[str, float]:
    """Seconds to draw round 1 and round 2 and to read the standings of a `teams`-team tournament."""
    tournament_id, headers = tournament(client, teams)
    base = f"/api/tournaments/{tournament_id}"
    figures = {}
    for number in (1, 2):
        seconds, response = timed(lambda: client.post(f"{base}/rounds", headers=headers))
        assert response.status_code == 201, response.get_json()
        assert len(response.get_json()["tables"]) == teams // 2
        figures[f"draw round {number}"] = seconds
        started = client.post(f"{base}/rounds/{number}/start", headers=headers)
        assert started.status_code == 200, started.get_json()
    seconds, response = timed(lambda: client.get(f"{base}/standings"))
    assert response.status_code == 200
    figures["standings"] = seconds
    return figures


def app_on(url: str):
    """The app on `url`, with limits off (this is one coordinator registering a whole hall)."""
    return create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                       "AUTO_MIGRATE": True})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=MAX_TEAMS)
    parser.add_argument("--profile", action="store_true", help="print where round 1's draw spends its time")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = os.environ.get("DATABASE_URL") or f"sqlite:///{folder}/draw.sqlite"
        client = app_on(url.replace("postgresql://", "postgresql+psycopg://", 1)).test_client()
        if args.profile:
            profile = cProfile.Profile()
            profile.enable()
        figures = measure(client, args.teams)
        if args.profile:
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    print(f"{args.teams} teams ({args.teams // 2} tables):")
    for what, seconds in figures.items():
        print(f"  {what:15} {seconds:6.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
