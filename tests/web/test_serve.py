"""The Procfile's gunicorn hooks (scorekeeper/serve.py): wired in, and yielding to the other connections only in a
gevent worker."""

from __future__ import annotations

import subprocess
import sys

from scorekeeper import serve
from tests.support.served import procfile_options


def test_the_procfile_gives_gunicorn_the_hooks():
    options = procfile_options()
    assert options[options.index("-c") + 1] == "python:scorekeeper.serve"


def test_outside_a_gevent_worker_a_request_ends_without_waiting(monkeypatch):
    import gevent

    called = []
    monkeypatch.setattr(gevent, "idle", lambda *args: called.append(args))
    assert not serve.green()
    serve.post_request(None, None, {}, None)
    assert called == []


def test_in_a_gevent_worker_a_request_ends_by_letting_every_ready_greenlet_run():
    # In a process of its own, patched as gunicorn's gevent worker patches it: the hook lets a greenlet that was
    # ready run before it returns.
    script = """
from gevent import monkey; monkey.patch_all()
import gevent
from scorekeeper import serve
ran = []
gevent.spawn(ran.append, "other")
assert serve.green()
serve.post_request(None, None, {}, None)
print(ran)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "['other']"
