"""gunicorn started and stopped for a test, on a free local port."""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from tests.support.paths import ROOT


def free_port() -> int:
    """A local port nothing listens on (yet)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def procfile_options() -> list[str]:
    """The options the Procfile's `web` line gives gunicorn, without its address and the app."""
    line = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("web:"))
    words = shlex.split(line.removeprefix("web:"))
    assert words[0] == "gunicorn" and words[-1] == "scorekeeper:create_app()", line
    options = words[1:-1]
    at = options.index("--bind")
    del options[at:at + 2]
    return options


def start_gunicorn(port: int, env: dict, log: Path, *options: str, workers: int = 4) -> subprocess.Popen:
    """gunicorn as the Procfile starts it, on 127.0.0.1:port, this environment plus `env`, its output in `log`.

    `options` come after the Procfile's, so a test can set another worker class.
    """
    command = [sys.executable, "-m", "gunicorn", *procfile_options(), "-w", str(workers), "--bind", f"127.0.0.1:{port}",
               "--graceful-timeout", "5", "--no-control-socket", *options, "scorekeeper:create_app()"]
    inherited = {name: value for name, value in os.environ.items() if name not in ("AUTO_MIGRATE", "REDIS_URL")}
    with log.open("w") as output:
        return subprocess.Popen(command, cwd=ROOT, env={**inherited, **env}, stdout=output, stderr=subprocess.STDOUT)


def stop(server: subprocess.Popen) -> None:
    """SIGTERM, then SIGKILL if gunicorn has not stopped in 15 s."""
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def no_traceback(log: Path, allowed: str | None = None) -> None:
    """Fail if the server's log holds a traceback (other than those whose last line matches `allowed`), showing the
    first one whole with what it logged before it."""
    text = log.read_text()
    for found in re.finditer(r"Traceback \(most recent call last\):\n(?:[ \t].*\n)*(.*)", text):
        if allowed is None or not re.search(allowed, found.group(1)):
            raise AssertionError(text[max(0, found.start() - 1500):found.end() + 2000])


def wait_until_healthy(base: str, server: subprocess.Popen, log: Path) -> None:
    """Poll /healthz until it answers 200."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"gunicorn exited with {server.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if requests.get(f"{base}/healthz", timeout=5).status_code == 200:
                return
        except requests.RequestException:  # workers still booting
            pass
        time.sleep(0.2)
    pytest.fail(f"gunicorn did not answer /healthz:\n{log.read_text()[-3000:]}")


@contextmanager
def running(env: dict, log: Path, workers: int = 4) -> Iterator[str]:
    """gunicorn on a free port with `env`, healthy, for the block; yields its base URL and stops it after."""
    port = free_port()
    process = start_gunicorn(port, env, log, workers=workers)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(base, process, log)
        yield base
    finally:
        stop(process)
