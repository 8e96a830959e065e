"""Slow clients against gunicorn: one that hangs on, and how long the others wait."""

from __future__ import annotations

import socket
import threading
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

import requests

from tests.support.served import free_port, start_gunicorn, stop, wait_until_healthy

WORKERS = 2


DRIP = 0.5  # seconds between the bytes of a slow client


@contextmanager
def gunicorn(tmp_path: Path, *options: str):
    """gunicorn (the Procfile's options, then `options`) with 2 workers on SQLite; yields (base URL, log)."""
    port, log = free_port(), tmp_path / "gunicorn.log"
    server = start_gunicorn(port, {"DATABASE_URL": f"sqlite:///{tmp_path / 'slow.sqlite'}", "SECRET_KEY": "slow",
                                   "RATELIMIT_ENABLED": "0"}, log, *options, workers=WORKERS)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(base, server, log)
        yield base, log
    finally:
        stop(server)


class Drip:
    """A client that sends `head` and then `body` one byte every DRIP seconds, from a thread, until closed."""

    def __init__(self, base: str, head: bytes, body: bytes = b""):
        host, port = base.removeprefix("http://").split(":")
        self.sock = socket.create_connection((host, int(port)))
        self.data, self.stopped = head + body, threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            for index in range(len(self.data)):
                if self.stopped.wait(DRIP):
                    return
                self.sock.send(self.data[index:index + 1])
        except OSError:
            return

    def close(self) -> None:
        self.stopped.set()
        self.sock.close()
        self.thread.join(5)


def slow_body(base: str) -> Drip:
    """A new game posted with its headers at once and its body one byte at a time."""
    body = b'{"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"]}'
    head = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body))
    drip = Drip(base, b"")
    drip.sock.send(head)
    drip.data = body
    return drip


def slow_head(base: str) -> Drip:
    """A page asked for one byte of its request line at a time."""
    return Drip(base, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")


def slow_reader(base: str, path: str) -> socket.socket:
    """A client that asks for `path` a hundred times on one connection, with a small window, and reads nothing."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    sock.sendall(b"GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n" % path.encode() * 100)
    return sock


def hang_on(base: str, held: ExitStack, each: int = 20) -> None:
    """`each` slow bodies, slow request lines and readers that read nothing, closed when `held` closes; settled."""
    for _ in range(each):
        held.callback(slow_body(base).close)
        held.callback(slow_head(base).close)
        held.callback(slow_reader(base, "/static/css/app.css").close)
    time.sleep(2)


def answer_times(base: str, tries: int = 3) -> list[float | None]:
    """Seconds /healthz, the start page and a new game took, `tries` times each; None where it took over 5 s."""
    times: list[float | None] = []
    for _ in range(tries):
        for method, path, body in (("GET", "/healthz", None), ("GET", "/", None),
                                   ("POST", "/api/games", {"variant": "ten-point", "players": ["A", "B", "C", "D"]})):
            began = time.monotonic()
            try:
                answer = requests.request(method, base + path, json=body, timeout=5)
            except requests.Timeout:
                times.append(None)
                continue
            assert answer.status_code in (200, 201), (path, answer.status_code, answer.text[:300])
            times.append(time.monotonic() - began)
    return times
