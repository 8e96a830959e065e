"""Slow clients against two gunicorn workers: how long /healthz, the start page and a new game take meanwhile.

    .venv/bin/python bench/slow_clients.py

For each worker class (sync, gthread with 8 threads, gevent as the Procfile starts it) it starts gunicorn with two
workers on a scratch SQLite database, opens 20 clients that send a body one byte every 0.5 s, 20 that send their
request line the same way and 20 that ask for the stylesheet 100 times on one connection and read nothing
(tests/web/test_slow_clients.py), then asks /healthz, / and POST /api/games three times each (5 s timeout). It prints
the median and worst seconds, and how many of the nine did not answer within 5 s, side by side.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests package, for its helpers

from tests.support.slowclients import answer_times, gunicorn, hang_on  # noqa: E402

KINDS = {"sync": ("--worker-class", "sync"), "gthread, 8 threads": ("--worker-class", "gthread", "--threads", "8"),
         "gevent (Procfile)": ()}


def main() -> int:
    print(f"{'workers':<20} {'median s':>9} {'worst s':>8} {'no answer':>10}")
    for name, options in KINDS.items():
        with tempfile.TemporaryDirectory() as folder, gunicorn(Path(folder), *options) as (base, _log), \
                ExitStack() as held:
            hang_on(base, held)
            times = answer_times(base)
        answered = [seconds for seconds in times if seconds is not None]
        median = f"{statistics.median(answered):9.3f}" if answered else f"{'-':>9}"
        worst = f"{max(answered):8.3f}" if answered else f"{'-':>8}"
        print(f"{name:<20} {median} {worst} {len(times) - len(answered):>7} of {len(times)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
