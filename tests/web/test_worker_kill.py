"""A gunicorn worker killed with SIGKILL while phones post hands: nothing answered 2xx is lost, nothing is doubled.

Sixteen threads post the hands of four games to gunicorn -w 4; twice during the run one worker is killed
with SIGKILL (gunicorn starts another). A request that dies with its worker, or answers 5xx, is sent again
with the same hand id, as a phone's outbox does. Afterwards every game holds each hand exactly once,
numbered 1..N, and every hand that was ever answered 2xx is among them.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from tests.support.served import free_port, start_gunicorn, stop, wait_until_healthy
from tests.support.servers import BACKEND, bench, database

pytestmark = pytest.mark.slow

GAMES, HANDS, THREADS, KILLS = 4, 60, 16, 2


def workers(master: int) -> list[int]:
    """The worker processes of a gunicorn master."""
    found = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True, check=False)
    return [int(pid) for pid in found.stdout.split()]


class Outbox:
    """Posts one hand until the server answers 2xx, as a phone's outbox does; counts what happened."""

    def __init__(self, base: str) -> None:
        self.base, self.lock = base, threading.Lock()
        self.answered: dict[str, int] = {}  # hand id -> the 2xx it got
        self.failures: Counter[str] = Counter()  # what went wrong on the way, by kind
        self.local = threading.local()

    def session(self) -> requests.Session:
        if not hasattr(self.local, "session"):
            self.local.session = requests.Session()
        return self.local.session

    def post(self, phone: bench.Phone, hand: dict) -> None:
        url, headers = f"{self.base}/api/games/{phone.id}/hands", {"Authorization": f"Bearer {phone.key}"}
        for _ in range(100):
            try:
                response = self.session().post(url, json=hand, headers=headers, timeout=30)
            except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError):  # cut before or mid-answer
                self.local.session = requests.Session()
                self._count("connection lost")
            else:
                if response.status_code in (200, 201):
                    with self.lock:
                        self.answered[hand["id"]] = response.status_code
                    return
                self._count(str(response.status_code))
            time.sleep(0.05)
        pytest.fail(f"hand {hand['id']} was never accepted: {dict(self.failures)}")

    def _count(self, what: str) -> None:
        with self.lock:
            self.failures[what] += 1


@pytest.fixture
def gunicorn(tmp_path, make_postgres_database):
    """gunicorn -w 4 with the limits off (this is one address posting for many tables); yields (base, master pid)."""
    url, extra = database(BACKEND, tmp_path, make_postgres_database)
    port, log = free_port(), tmp_path / "gunicorn.log"
    process = start_gunicorn(port, {"DATABASE_URL": url, "SECRET_KEY": "fault-test", "RATELIMIT_ENABLED": "0",
                                    **extra}, log)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(base, process, log)
        yield base, process.pid
    finally:
        stop(process)


def test_killing_a_worker_mid_load_loses_and_doubles_nothing(gunicorn):
    base, master = gunicorn
    rng = bench.random.Random(8)
    phones = [bench.Phone(bench.secrets.token_urlsafe(16), bench.secrets.token_urlsafe(16)) for _ in range(GAMES)]
    for phone in phones:
        assert requests.post(f"{base}/api/games", json=bench.game_body(phone), timeout=30).status_code == 201
    jobs = [(phone, bench.random_hand(rng)) for _ in range(HANDS) for phone in phones]
    outbox, killed = Outbox(base), []

    def kill_workers() -> None:
        for share in range(1, KILLS + 1):
            while len(outbox.answered) < share * len(jobs) // (KILLS + 1):
                time.sleep(0.01)
            victims = workers(master)
            assert victims, "gunicorn has no workers to kill"
            os.kill(victims[0], signal.SIGKILL)
            killed.append(victims[0])

    killer = threading.Thread(target=kill_workers, daemon=True)
    killer.start()
    with ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(lambda job: outbox.post(*job), jobs))
    killer.join(timeout=30)

    stored: Counter[str] = Counter()
    for phone in phones:
        hands = requests.get(f"{base}/api/games/{phone.id}", timeout=30).json()["hands"]
        assert [hand["number"] for hand in hands] == list(range(1, len(hands) + 1))
        stored.update(hand["id"] for hand in hands)
    lost = sum(1 for hand_id in outbox.answered if hand_id not in stored)
    doubled = sum(count - 1 for count in stored.values())
    print(f"\n{len(jobs)} hands from {THREADS} threads, {len(killed)} workers killed with SIGKILL; "
          f"failures on the way (then sent again): {dict(outbox.failures) or 'none'}; "
          f"answered 2xx: {len(outbox.answered)}; lost after a 2xx: {lost}; doubled: {doubled}")
    assert len(killed) == KILLS
    assert len(outbox.answered) == len(jobs)
    assert lost == 0 and doubled == 0
