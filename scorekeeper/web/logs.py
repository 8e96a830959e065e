"""One log line per request, and a request id that ties a response to the lines about it.

A line reads `[time] INFO scorekeeper.requests [<request id>] POST /api/games/<id>/hands 201 12ms`:
the method, the path without its query (query values may carry ids a person did not mean to log),
the status, the time taken. Nothing from the headers, the body, the cookie or the session is logged,
so no edit key ever reaches the log. The id goes back as X-Request-ID; behind a trusted proxy
(TRUSTED_PROXIES) the proxy's own id is kept when it looks like one.
"""

from __future__ import annotations

import logging
import re
import time
import uuid

from flask import Flask, Response, current_app, g, has_request_context, request
from flask.logging import default_handler

HEADER = "X-Request-ID"
SANE_ID = re.compile(r"[A-Za-z0-9._:-]{8,64}")
requests_log = logging.getLogger("scorekeeper.requests")
limits_log = logging.getLogger("flask-limiter")
FORMAT = "[%(asctime)s] %(levelname)s %(name)s [%(request_id)s] %(message)s"


class RequestId(logging.Filter):
    """Adds the request id to every record written during a request ('-' outside one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = g.get("request_id", "-") if has_request_context() else "-"
        return True


def incoming_id() -> str | None:
    """The proxy's request id, if a trusted proxy sent one that looks like an id."""
    if not current_app.config.get("TRUSTED_PROXIES"):
        return None
    value = request.headers.get(HEADER, "")
    return value if SANE_ID.fullmatch(value) else None


def start() -> None:
    """Note when the request began and which id it has."""
    g.request_id = incoming_id() or uuid.uuid4().hex
    g.started = time.perf_counter()


def finish(response: Response) -> Response:
    """Send the id back and write the request's line."""
    request_id = g.get("request_id")
    if request_id is None:  # a response made before `start` ran (another before_request answered)
        return response
    response.headers[HEADER] = request_id
    milliseconds = (time.perf_counter() - g.started) * 1000
    requests_log.info("%s %s %s %.0fms", request.method, request.path, response.status_code, milliseconds)
    return response


def init_app(app: Flask) -> None:
    """Log every request at INFO, and every error of the app with its request id."""
    if requests_log.level == logging.NOTSET:
        requests_log.setLevel(logging.INFO)
    if default_handler not in requests_log.handlers:
        requests_log.addHandler(default_handler)
        requests_log.propagate = False  # once is enough (the migrations give the root logger a handler too)
    for logger in (requests_log, app.logger):  # app.logger also attaches Flask's handler, once
        logger.addFilter(_filter)
    # Flask-Limiter says when its storage (Redis) stops answering and when it answers again, once each time.
    if default_handler not in limits_log.handlers:
        limits_log.addHandler(default_handler)
        limits_log.setLevel(logging.INFO)
        limits_log.propagate = False
    limits_log.addFilter(_filter)
    default_handler.setFormatter(logging.Formatter(FORMAT))
    app.before_request(start)
    app.after_request(finish)


_filter = RequestId()
