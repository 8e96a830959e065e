"""gunicorn's hooks for the Procfile's workers (`-c python:scorekeeper.serve`).

A gevent worker switches to another connection only when the one it serves would block. Under load a client that
sends its next request as soon as it reads an answer (a phone's outbox, wrk) finds the worker ready to read it at
once, so a few connections are served again and again while the others wait: `/healthz` on SQLite, 2 workers and
50 connections answered in 1 ms at the median and 951 ms at the 99th percentile, 21 requests waiting past 2 s.
Each request therefore ends by letting the worker serve every other connection that is ready (gevent.idle): then
p50 29 ms and p99 51 ms, at about the same rate (README, under the Procfile's workers).
"""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def green() -> bool:
    """Whether this process runs gevent's patched sockets (a gevent worker), where waiting yields to others: asked
    once per worker, at its first answer (gevent patches a worker before it serves)."""
    try:
        from gevent import monkey
    except ImportError:  # gevent is a dependency; a process without it is not a gevent worker
        return False
    return bool(monkey.is_module_patched("socket"))


def post_request(worker: Any, req: Any, environ: dict, resp: Any) -> None:
    """After each answer is sent, serve every other ready connection before reading this one's next request."""
    if green():
        import gevent

        gevent.idle()
