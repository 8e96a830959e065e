"""HTTP in for every blueprint: the JSON body (415 unless application/json), the bearer key, conditional requests
and ETags, the answer's Prefer, a private answer, a download; errors.py answers every error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Response, jsonify, make_response, request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType
from werkzeug.exceptions import NotFound as NotFoundHere
from werkzeug.http import parse_list_header
from werkzeug.routing import IntegerConverter

from . import errors
from .errors import NOT_JSON
from .jsontext import Budget, NotJson, loads
from .keys import check_key


def json_body(optional: bool = False, budget: Budget | None = None) -> Any:
    """The request's JSON body; an empty body is None where that is allowed.

    A body sent as anything but application/json is refused with 415: a page on
    another site can post a form or text/plain without asking, but not JSON.
    A body with more values than `budget` is refused (422) before it is parsed.
    """
    data = request.get_data()
    if optional and not data:
        return None
    if data and request.mimetype != "application/json":
        raise UnsupportedMediaType(NOT_JSON)
    try:
        return loads(data, budget)
    except NotJson:
        raise BadRequest("The body is not valid JSON.") from None


def bearer_key() -> str | None:
    """The edit key from `Authorization: Bearer <key>`."""
    header = request.headers.get("Authorization", "")
    scheme, _, key = header.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        return None
    return key.strip()


def read_key(locked, realm: str) -> str | None:
    """The key a read carries to see what only its holder may (a director's or coordinator's), if any; a wrong key
    is refused as a write's would be."""
    key = bearer_key()
    if key is not None:
        check_key(locked, key, realm=realm)
    return key


def held_etag(etag: str) -> str | None:
    """The If-None-Match tag that names this version, if the client holds it.

    Flask-Compress appends the coding to a strong ETag it compresses ("<etag>:br"),
    so a client that got the compressed body sends that back: it matches too.
    """
    if request.if_none_match.star_tag:
        return etag
    for tag in request.if_none_match.as_set():
        if tag and (tag == etag or tag.startswith(etag + ":")):  # an empty tag ("") names no version
            return tag
    return None


def preferred_return() -> str | None:
    """The `return` preference of the request's Prefer header (RFC 7240): `minimal`, `representation` or None.

    Preferences are a comma-separated list, each `name[=value]` with `;`-parameters after it; names are
    case-insensitive and only the first of a name counts.
    """
    for preference in parse_list_header(", ".join(request.headers.getlist("Prefer"))):
        name, _, value = preference.split(";", 1)[0].partition("=")
        if name.strip().lower() == "return":
            return value.strip().strip('"').lower() or None
    return None


def applied(response: Response, preference: str) -> Response:
    """Say which preference the answer followed (RFC 7240's Preference-Applied), and that it depends on Prefer."""
    response.headers["Preference-Applied"] = preference
    response.vary.add("Prefer")
    return response


def private(response: Response) -> Response:
    """An answer that carries an edit key is never stored by a cache, the browser's included."""
    response.headers["Cache-Control"] = "no-store"
    return response


def created(body: dict[str, Any] | Response, location: str, status: int = 201) -> Response:
    """The answer to a write that made something (201, or 200 when it was made before): private, as it carries a
    key, and naming where the new thing is read (`Location`)."""
    response = private(body if isinstance(body, Response) else jsonify(body))
    response.status_code = status
    response.headers["Location"] = location
    return response


def not_modified(held: str) -> Response:
    """304 for the tag the client holds (as it sent it)."""
    response = make_response("", 304)
    response.set_etag(held)
    return response


def with_etag(etag: str, render: Callable[[], str | Response]) -> Response:
    """A body checked on every use (no-cache) under a strong ETag: 304, without rendering, while the client holds it."""
    held = held_etag(etag)
    if held:
        response = not_modified(held)
    else:
        response = make_response(render())
        response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def read_streamed_body() -> None:
    """A body sent without Content-Length (chunked): read it now, up to the address's cap, so that one longer than
    the cap is 413 as a declared one is. (Werkzeug stops reading such a stream at the cap without a word, and the
    truncated body would be read as broken JSON or a broken form.)"""
    if request.content_length is not None or not request.environ.get("wsgi.input_terminated"):
        return
    cap = request.max_content_length
    data = request.get_data(cache=True)
    if cap is not None and len(data) >= cap and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()


class StoredInteger(IntegerConverter):
    """`<int:...>` in every route: a whole number a database column can hold (a 32-bit signed integer, as
    PostgreSQL's `integer`). A longer one is a 404 like any number nothing has, raised while the route is matched
    (so it is not a 405 from a route of the same shape), never an error of the database (SQLite cannot even bind a
    number past 64 bits)."""

    LARGEST = 2**31 - 1

    def to_python(self, value: str) -> int:
        number = super().to_python(value)
        if number > self.LARGEST:
            raise NotFoundHere()
        return number


def use_stored_integers(app: Flask) -> None:
    """Make every `<int:...>` of the app's routes a StoredInteger; before any route is added."""
    app.url_map.converters["int"] = StoredInteger


def init_app(app: Flask) -> None:
    """Read a streamed body before anything reads the request (CSRF reads a form), and answer every error
    (errors.py)."""
    app.before_request(read_streamed_body)
    errors.init_app(app)


def attachment(body: str, mimetype: str, filename: str) -> Response:
    """A download: the browser saves it under `filename`."""
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-cache"
    return response
