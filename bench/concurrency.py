"""Many phones at once: post hands in parallel to a running server, check what it stored, print the figures.

    RATELIMIT_ENABLED=0 .venv/bin/gunicorn -w 4 --bind 127.0.0.1:8000 "scorekeeper:create_app()" &
    .venv/bin/python bench/concurrency.py http://127.0.0.1:8000 --threads 16 --games 4 --hands 100

Every game is made on a "phone" (client-made id and edit key) and its create is sent by several threads at
once, as outboxes replay it. Then the hands of all games go out from --threads threads: some carry the
`number` the phone last heard of (a 409 when another phone got there first), some are sent two or three times
at once with the same hand id (an outbox replay). Afterwards each game is read back and checked: hand numbers
1..N with no gaps or duplicates, every hand answered 201 stored exactly once and as it was sent, every 200 a
hand that is stored, every 409 a genuine number conflict, and no 5xx at all. The exit status is 1 if any check
fails.
"""

from __future__ import annotations

import argparse
import random
import secrets
import statistics
import sys
import threading
import time
import uuid
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import requests

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
POINTS = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")
RAW = ("bidder", "bid", "captured")


@dataclass
class Phone:
    """What one table's phones know of a game: its id, its key, and the next hand number last heard."""

    id: str
    key: str
    next_number: int = 1
    lock: threading.Lock = field(default_factory=threading.Lock)

    def heard(self, answer: dict) -> None:
        """Remember the next hand number from an answer."""
        with self.lock:
            self.next_number = max(self.next_number, answer.get("next_number", 0))


@dataclass
class Sent:
    """One request and what came back."""

    kind: str
    game: str
    hand_id: str | None
    number: int | None
    body: dict
    status: int
    answer: dict
    seconds: float


@dataclass
class Job:
    """A hand to post; `numbered` hands carry the number the phone last heard of."""

    phone: Phone
    body: dict
    numbered: bool


_local = threading.local()


def session() -> requests.Session:
    """One HTTP session per thread."""
    if not hasattr(_local, "session"):
        _local.session = requests.Session()
    return _local.session


def send(kind: str, method: str, url: str, body: dict, phone: Phone, key: str | None = None) -> Sent:
    """Send one request and time it."""
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    start = time.perf_counter()
    response = session().request(method, url, json=body, headers=headers, timeout=60)
    seconds = time.perf_counter() - start
    try:
        answer = response.json()
    except ValueError:
        answer = {"error": response.text[:200]}
    return Sent(kind, phone.id, body.get("id"), body.get("number"), body, response.status_code, answer, seconds)


def game_body(phone: Phone) -> dict:
    """A game made on a phone; a target no game reaches, so every hand can be recorded."""
    return {"variant": "ten-point", "players": PLAYERS, "rules": {"target": 1000}, "id": phone.id,
            "edit_key": phone.key}


def random_hand(rng: random.Random) -> dict:
    """A hand the rules accept: any bidder, any bid, the points shared out at random."""
    if rng.random() < 0.05:
        return {"id": str(uuid.UUID(int=rng.getrandbits(128))), "misdeal": True}
    return {
        "id": str(uuid.UUID(int=rng.getrandbits(128))),
        "bidder": rng.randrange(4),
        "bid": rng.randint(3, 7),
        "captured": {point: rng.randrange(2) for point in POINTS},
    }


def plan(phones: list[Phone], hands: int, numbered: float, replays: float, rng: random.Random) -> list[Job]:
    """The hands of every game, interleaved; replays sit next to their original so they go out together."""
    jobs: list[Job] = []
    for _ in range(hands):
        for phone in phones:
            job = Job(phone, random_hand(rng), rng.random() < numbered)
            jobs.append(job)
            if rng.random() < replays:
                jobs.extend([job] * rng.choice((1, 1, 2)))
    return jobs


def post_hand(base: str, job: Job) -> Sent:
    """Post one hand, with the number the phone last heard of if the job says so."""
    body = dict(job.body)
    if job.numbered:
        body["number"] = job.phone.next_number
    sent = send("hand", "POST", f"{base}/api/games/{job.phone.id}/hands", body, job.phone, job.phone.key)
    if sent.status in (200, 201):
        job.phone.heard(sent.answer)
    return sent


def hammer(base: str, threads: int = 16, games: int = 4, hands: int = 100, numbered: float = 0.3,
           replays: float = 0.25, seed: int = 1) -> tuple[list[Phone], list[Sent], float]:
    """Create the games (each create sent 4 times at once), then post all their hands from `threads` threads."""
    rng = random.Random(seed)
    phones = [Phone(secrets.token_urlsafe(16), secrets.token_urlsafe(16)) for _ in range(games)]
    start = time.perf_counter()
    with ThreadPoolExecutor(threads) as pool:
        creates = [pool.submit(send, "create", "POST", f"{base}/api/games", game_body(phone), phone)
                   for phone in phones for _ in range(4)]
        sent = [future.result() for future in creates]
        sent += list(pool.map(lambda job: post_hand(base, job), plan(phones, hands, numbered, replays, rng)))
    return phones, sent, time.perf_counter() - start


def verify(base: str, phones: list[Phone], sent: list[Sent]) -> list[str]:
    """Everything that went wrong, as sentences; empty when the server kept every promise."""
    problems = [f"{item.kind} answered {item.status}: {item.answer}" for item in sent if item.status >= 500]
    for phone in phones:
        problems += _verify_game(base, phone, [item for item in sent if item.game == phone.id])
    return problems


def _verify_game(base: str, phone: Phone, sent: list[Sent]) -> list[str]:
    problems = []
    creates = Counter(item.status for item in sent if item.kind == "create")
    if creates != Counter({201: 1, 200: 3}):
        problems.append(f"game {phone.id}: creates answered {dict(creates)}, expected one 201 and three 200")
    game = requests.get(f"{base}/api/games/{phone.id}", timeout=60).json()
    stored = {hand["id"]: hand for hand in game["hands"]}
    numbers = [hand["number"] for hand in game["hands"]]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"game {phone.id}: hand numbers are {numbers}")
    if len(stored) != len(game["hands"]):
        problems.append(f"game {phone.id}: a hand id is stored twice")
    accepted = Counter(item.hand_id for item in sent if item.kind == "hand" and item.status == 201)
    problems += [f"hand {hand_id} was answered 201 {count} times" for hand_id, count in accepted.items() if count > 1]
    if set(accepted) != set(stored):
        problems.append(f"game {phone.id}: stored {len(stored)} hands but {len(accepted)} were answered 201")
    by_number = {hand["number"]: hand for hand in game["hands"]}
    for item in sent:
        if item.kind == "hand":
            problems += _verify_hand(item, stored, by_number)
    return problems


def _verify_hand(item: Sent, stored: dict, by_number: dict) -> list[str]:
    if item.status == 201 and not _same_hand(stored.get(item.hand_id), item.body):
        return [f"hand {item.hand_id} is not stored as it was sent"]
    twice = item.number is not None and _same_hand(by_number.get(item.number), item.body)  # another phone's, the same
    if item.status == 200 and item.hand_id not in stored and not twice:
        return [f"hand {item.hand_id} answered 200 but is not stored"]
    if item.status == 409:
        holder = by_number.get(item.number)
        if item.answer.get("field") != "number" or holder is None or holder["id"] == item.hand_id:
            return [f"hand {item.hand_id} answered 409 without a number conflict: {item.answer}"]
    if item.status not in (200, 201, 409):
        return [f"hand {item.hand_id} answered {item.status}: {item.answer}"]
    return []


def _same_hand(stored: dict | None, body: dict) -> bool:
    if stored is None:
        return False
    if body.get("misdeal"):
        return stored.get("misdeal") is True
    return all(stored.get(key) == body[key] for key in RAW)


def figures(sent: list[Sent], seconds: float) -> dict:
    """Counts, statuses and latencies of a run."""
    hands = sorted(item.seconds for item in sent if item.kind == "hand")
    statuses = Counter((item.kind, item.status) for item in sent)
    by_status = defaultdict(list)
    for item in sent:
        if item.kind == "hand":
            by_status[item.status].append(item.seconds)
    return {
        "requests": len(sent),
        "seconds": round(seconds, 2),
        "requests_per_second": round(len(sent) / seconds, 1) if seconds else None,
        "statuses": {f"{kind} {status}": count for (kind, status), count in sorted(statuses.items())},
        "hand_p50_ms": round(1000 * statistics.median(hands), 1) if hands else None,
        "hand_p95_ms": round(1000 * hands[int(0.95 * (len(hands) - 1))], 1) if hands else None,
        "hand_max_ms": round(1000 * hands[-1], 1) if hands else None,
        "p50_ms_by_status": {status: round(1000 * statistics.median(times), 1)
                             for status, times in sorted(by_status.items())},
    }


def main(argv: list[str] | None = None) -> int:
    """Run the load, print the figures and the checks; 1 if a check failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--hands", type=int, default=100, help="hands per game (before replays)")
    parser.add_argument("--numbered", type=float, default=0.3, help="share of hands that carry `number`")
    parser.add_argument("--replays", type=float, default=0.25, help="share of hands sent more than once")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    base = args.url.rstrip("/")
    phones, sent, seconds = hammer(base, args.threads, args.games, args.hands, args.numbered, args.replays, args.seed)
    for name, value in figures(sent, seconds).items():
        print(f"{name:>20}: {value}")
    problems = verify(base, phones, sent)
    stored = sum(len(requests.get(f"{base}/api/games/{phone.id}", timeout=60).json()["hands"]) for phone in phones)
    print(f"{'hands stored':>20}: {stored} in {len(phones)} games")
    print(f"{'checks':>20}: " + ("all passed" if not problems else f"{len(problems)} FAILED"))
    for problem in problems[:20]:
        print("  -", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
