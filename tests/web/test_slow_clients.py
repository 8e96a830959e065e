"""Slow clients against gunicorn as the Procfile starts it: they never starve the other requests.

A client that sends its body one byte at a time, its headers one byte at a time, or asks for a large answer and
never reads it, holds its connection open as long as it likes. With gunicorn's sync workers each such client holds
a whole worker (gunicorn's docs: sync workers need a buffering proxy in front); the first test shows two of them
stopping a two-worker instance. The Procfile's workers (gevent) hold such a client in a greenlet: with many more
slow clients than workers, /healthz, a page and a write still answer at once.
"""

from __future__ import annotations

import socket
import time
from contextlib import ExitStack

import pytest
import requests

from tests.support.slowclients import WORKERS, answer_times, gunicorn, hang_on, slow_body

pytestmark = pytest.mark.slow

PROMPT = 2.0  # seconds: what "answers at once" allows on a busy 2-core machine


def test_two_slow_bodies_stop_two_sync_workers(tmp_path):
    """The reproduction: with sync workers, two slow bodies hold both workers and /healthz does not answer."""
    with gunicorn(tmp_path, "--worker-class", "sync") as (base, _log), ExitStack() as held:
        for _ in range(WORKERS):
            held.callback(slow_body(base).close)
        time.sleep(1)
        began = time.monotonic()
        with pytest.raises(requests.Timeout):
            requests.get(base + "/healthz", timeout=3)
        assert time.monotonic() - began >= 3


def test_the_procfile_workers_answer_others_while_slow_clients_hang_on(tmp_path):
    """Twenty slow bodies, twenty slow request lines and twenty readers that read nothing, against two workers as
    the Procfile starts them: every other request answers at once, and the slow bodies' games are made when their
    last byte comes."""
    with gunicorn(tmp_path) as (base, log), ExitStack() as held:
        baseline = answer_times(base, tries=1)
        hang_on(base, held)
        times = answer_times(base)
        assert None not in times, (times, log.read_text()[-2000:])
        assert max(times) < PROMPT, (baseline, times)


def test_a_slow_body_is_still_served_when_it_ends(tmp_path):
    """A slow client is not cut off for being slow: its game is made once its last byte comes."""
    with gunicorn(tmp_path) as (base, _log):
        body = b'{"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"]}'
        host, port = base.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=30) as sock:
            sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                         b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(body))
            for index in range(0, len(body), 8):
                sock.sendall(body[index:index + 8])
                time.sleep(0.1)
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 201"), answer[:300]
