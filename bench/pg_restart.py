"""PostgreSQL restarts under load: which requests fail, for how long, and whether the app recovers by itself.

Starts gunicorn -w 4 on a fresh PostgreSQL database, posts hands to four games from 8 threads, restarts
the PostgreSQL server two seconds in (`pg_ctlcluster --skip-systemctl-redirect <version> main restart`)
and keeps posting for the rest of the run. Prints the requests that failed, by status, and when; then
sends the failed hands again (as a phone's outbox does) and checks every game: each hand stored once.
PostgreSQL is started again at the end if it is not running.

    .venv/bin/python bench/pg_restart.py [--url postgresql://root@127.0.0.1:5432/postgres] [--seconds 8]
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import requests

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT))  # the tests package, for its helpers

from concurrency import Phone, game_body, random_hand  # noqa: E402

from tests.support.databases import drop_database, new_database  # noqa: E402

DATABASE = "scorekeeper_pg_restart_bench"


def cluster_version() -> str:
    """The installed PostgreSQL version (the folder name under /etc/postgresql)."""
    return sorted(os.listdir("/etc/postgresql"))[-1]


def pg_ctl(action: str) -> None:
    subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", cluster_version(), "main", action], check=True)


def wait_for_postgres(seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if subprocess.run(["pg_isready", "-q", "-h", "127.0.0.1", "-p", "5432"], check=False).returncode == 0:
            return True
        time.sleep(0.2)
    return False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Load:
    """Threads posting hands until told to stop; every answer recorded with its time."""

    def __init__(self, base: str, phones: list[Phone]) -> None:
        self.base, self.phones = base, phones
        self.stop, self.lock = threading.Event(), threading.Lock()
        self.started = time.monotonic()
        self.results: list[tuple[float, str, Phone, dict]] = []  # (seconds, status, phone, hand)

    def run(self, index: int) -> None:
        rng, session = random.Random(index), requests.Session()  # noqa: S311
        while not self.stop.is_set():
            phone = self.phones[index % len(self.phones)]
            hand = random_hand(rng)
            try:
                response = session.post(f"{self.base}/api/games/{phone.id}/hands", json=hand,
                                        headers={"Authorization": f"Bearer {phone.key}"}, timeout=30)
                status = str(response.status_code)
            except requests.RequestException as exc:
                status, session = f"no answer ({type(exc).__name__})", requests.Session()
            with self.lock:
                self.results.append((time.monotonic() - self.started, status, phone, hand))


def resend(base: str, failed: list[tuple[float, str, Phone, dict]]) -> Counter:
    """Send each failed hand again, as an outbox does; what the second try answered."""
    answers = Counter()
    for _, _, phone, hand in failed:
        response = requests.post(f"{base}/api/games/{phone.id}/hands", json=hand,
                                 headers={"Authorization": f"Bearer {phone.key}"}, timeout=30)
        answers[response.status_code] += 1
    return answers


def check(base: str, phones: list[Phone], accepted: set[str]) -> list[str]:
    """Each game's hands numbered 1..N, none twice, every accepted hand stored."""
    problems, stored = [], Counter()
    for phone in phones:
        hands = requests.get(f"{base}/api/games/{phone.id}", timeout=30).json()["hands"]
        if [hand["number"] for hand in hands] != list(range(1, len(hands) + 1)):
            problems.append(f"game {phone.id}: hand numbers have gaps or repeats")
        stored.update(hand["id"] for hand in hands)
    problems += [f"hand {hand_id} stored {count} times" for hand_id, count in stored.items() if count > 1]
    problems += [f"hand {hand_id} answered 2xx but not stored" for hand_id in accepted - set(stored)]
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="postgresql://root@127.0.0.1:5432/postgres", help="an admin connection")
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    url, port = new_database(args.url, DATABASE), free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "DATABASE_URL": url, "AUTO_MIGRATE": "1", "SECRET_KEY": "pg-restart",
           "RATELIMIT_ENABLED": "0"}
    command = [sys.executable, "-m", "gunicorn", "-w", "4", "--bind", f"127.0.0.1:{port}", "--graceful-timeout", "5",
               "--no-control-socket", "scorekeeper:create_app()"]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                if requests.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            except requests.RequestException:
                time.sleep(0.2)
        phones = [Phone(f"pg-restart-{n}-{time.time_ns()}", f"key-{n}-{time.time_ns()}") for n in range(4)]
        for phone in phones:
            requests.post(f"{base}/api/games", json=game_body(phone), timeout=30).raise_for_status()
        load = Load(base, phones)
        threads = [threading.Thread(target=load.run, args=(n,)) for n in range(args.threads)]
        for thread in threads:
            thread.start()
        time.sleep(2)
        restart_at = time.monotonic() - load.started
        pg_ctl("restart")
        back_at = time.monotonic() - load.started
        time.sleep(max(0, args.seconds - back_at))
        load.stop.set()
        for thread in threads:
            thread.join()
        results = load.results
        failed = [item for item in results if item[1] not in ("200", "201")]
        print(f"{len(results)} hands posted from {args.threads} threads in {args.seconds:.0f} s; PostgreSQL "
              f"restarted at {restart_at:.2f} s, answering again by {back_at:.2f} s")
        print(f"answers: {dict(Counter(item[1] for item in results))}")
        print(f"failed requests by status: {dict(Counter(item[1] for item in failed)) or 'none'}")
        if failed:
            first, last = min(item[0] for item in failed), max(item[0] for item in failed)
            recovered = min((item[0] for item in results if item[0] > last and item[1] in ("200", "201")), default=None)
            print(f"failures from {first:.2f} s to {last:.2f} s ({last - first:.2f} s); first success after them: "
                  + (f"{recovered:.2f} s" if recovered is not None else "none"))
        print(f"failed hands sent again: {dict(resend(base, failed)) or 'none'}")
        accepted = {hand["id"] for _, status, _, hand in results if status in ("200", "201")}
        problems = check(base, phones, accepted)
        print("every game checked: " + ("; ".join(problems) if problems else "each hand stored once, none lost"))
        return 1 if problems else 0
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
        if not wait_for_postgres(5):
            pg_ctl("start")
        running = wait_for_postgres()
        print("PostgreSQL is " + ("running" if running else "NOT running"))
        if running:
            drop_database(url)


if __name__ == "__main__":
    sys.exit(main())
