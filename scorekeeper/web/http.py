"""HTTP in and out for every blueprint: the JSON body, the bearer key, ETags, and errors as statuses.

One mapping turns the operations' errors into statuses, for the API and the pages alike:
refused by the rules 422, conflicts with the game's state 409, unknown 404,
missing key 401 (a page: 403, it cannot send one), wrong or replaced key 403.
Under /api/ an error is a JSON body (`{"error": ..., "field": ...}`), elsewhere a page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, jsonify, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge, UnsupportedMediaType
from werkzeug.exceptions import NotFound as NotFoundHere
from werkzeug.http import parse_list_header
from werkzeug.routing import IntegerConverter

from scorekeeper.rules import RuleError
from scorekeeper.web.records import NotFound

from .jsontext import Budget, NotJson, loads
from .keys import Forbidden, check_key
from .limits import WRONG_KEYS, Exhausted, retry_after, wrong_key_wait

NOT_JSON = "Send the body as JSON (Content-Type: application/json)."
STATUS_OF_KIND = {"invalid": 422, "conflict": 409}  # RuleError.kind: refused by the rules, or by the game's state
MESSAGES = {
    400: "The request could not be read.",
    404: "There is nothing at this address. Check the link.",
    405: "This address does not take that method.",
    415: NOT_JSON,
}
NO_KEY = {  # (realm, missing): what a refused write says under /api/
    ("game", True): "Writing to a game needs its edit key: send Authorization: Bearer <edit_key>.",
    ("game", False): "That edit key does not open this game. Ask the scorer's phone for the co-scorer link.",
    ("tournament", True): "Changing a tournament needs its edit key: send Authorization: Bearer <edit_key>.",
    ("tournament", False): "That edit key does not open this tournament. The coordinator has it.",
    ("group", True): "Changing a group needs its edit key: send Authorization: Bearer <edit_key>.",
    ("group", False): "That edit key does not open this group. Ask whoever keeps the group's link for its key.",
}
REPLACED = {  # realm: what a write with a key changed since says, under /api/ and on a page
    "game": ("This game's edit key was changed on another phone, so this phone can no longer write to it. "
             "Ask the phone that changed it for the new co-scorer link."),
    "tournament": ("This tournament's key was changed by the coordinator, so this key no longer opens it. "
                   "Ask the coordinator for the new coordinator link."),
    "group": ("This group's edit key was changed on another phone, so this key no longer opens it. "
              "Ask the phone that changed it for the new key."),
    "scorecard": ("A player of the side that lost signed this game's scorecard, so the table's phone can no longer "
                  "change it. Ask the night's director to fix it."),
}
KEY_KINDS = {"missing": "key_missing", "wrong": "key_wrong", "replaced": "key_replaced"}
NO_KEY_PAGE = {  # realm: what a refused form says on a page
    "game": ("This phone does not hold the edit key for this game, so it can only watch. "
             "Ask the scorer to show you the co-scorer link or QR code."),
    "tournament": ("This browser does not hold the coordinator's key for this tournament. "
                   "Open the coordinator link, or enter the key on the tournament's manage page."),
    "group": "This browser does not hold the edit key for this group, so it can only read the group's page.",
}
EXPIRED = "This form had expired, so nothing was saved. Go back, reload the page and try again."


def rule_status(error: RuleError) -> int:
    """422 for what the rules refuse, 409 for what conflicts with the game's state."""
    return STATUS_OF_KIND[error.kind]


def wants_json() -> bool:
    """API requests get JSON errors."""
    return request.path.startswith("/api/")


def error_body(status: int, message: str, field: str | None = None, code: str | None = None) -> tuple[Response, int]:
    """A JSON error: a sentence a person can act on, the field at fault, and a `code` a program can act on."""
    body: dict[str, Any] = {"error": message}
    if field is not None:
        body["field"] = field
    if code is not None:
        body["code"] = code
    return jsonify(body), status


def error_response(status: int, message: str, field: str | None = None, headers=(), code: str | None = None):
    """An error as JSON under /api/, as a page elsewhere."""
    if wants_json():
        response, status = error_body(status, message, field, code)
    else:
        response = make_response(render_template("error.html", status=status, message=message))
    response.headers.extend(list(headers))
    return response, status


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


def http_error(exc: HTTPException):
    """Any HTTP error (keeping headers such as a 405's Allow)."""
    status = exc.code or 500
    message = exc.description if status == 400 and exc.description else MESSAGES.get(status, exc.name)
    if status == 413:
        message = too_large()
    headers = [(name, value) for name, value in exc.get_headers() if name.lower() != "content-type"]
    return error_response(status, message, headers=headers)


def too_large() -> str:
    """What a refused body says: the most this address takes (the app's cap, or the request's own)."""
    most = size_in_words(request.max_content_length or 0)
    if wants_json():
        return f"The body is too large: this address takes at most {most}."
    return f"That is too large to send here: this page takes at most {most}, so nothing was saved."


def size_in_words(size: int) -> str:
    """A size as people read it: 512 KiB, 12 MiB (bytes when it is not a whole number of either)."""
    for unit, name in ((1024 * 1024, "MiB"), (1024, "KiB")):
        if size >= unit and size % unit == 0:
            return f"{size // unit} {name}"
    return f"{size:,} bytes"


def refused(exc: RuleError):
    """A write the rules (422) or the game's state (409) refuse."""
    return error_response(rule_status(exc), exc.message, exc.field)


def not_found(exc: NotFound):
    """404 for an unknown game, hand, tournament or round."""
    return error_response(404, str(exc))


def forbidden(exc: Forbidden):
    """401 without an edit key, 403 with a wrong or replaced one; a page without a key gets 403 and how to get one."""
    code = KEY_KINDS[str(exc)]
    if not exc.missing and (wait := wrong_key_wait()) is not None:
        return too_many(WRONG_KEYS, wait)
    if exc.replaced:
        return error_response(403, REPLACED[exc.realm], code=code)
    if not wants_json():
        return error_response(403, NO_KEY_PAGE[exc.realm])
    if exc.missing:
        challenge = [("WWW-Authenticate", f'Bearer realm="{exc.realm}"')]
        return error_response(401, NO_KEY[exc.realm, True], headers=challenge, code=code)
    return error_response(403, NO_KEY[exc.realm, False], code=code)


def csrf_failed(_exc: CSRFError):
    """A form without its token (or from an old page): nothing was changed."""
    return error_response(400, EXPIRED)


def too_many_requests(exc: HTTPException):
    """429 from a rate limit: what was refused, how long to wait, and Retry-After saying the same."""
    what = exc.description if isinstance(exc.description, str) and exc.description.endswith(".") else ""
    return too_many(what, retry_after())


def too_many(what: str, seconds: int):
    """429: what was refused (a sentence), and the wait in words and in Retry-After."""
    wait = f"{seconds} seconds" if seconds < 120 else f"{-(-seconds // 60)} minutes"
    advice = f"Wait {wait} and try again." if request.method in ("GET", "HEAD") else \
        f"Nothing was saved: wait {wait} and try again."
    message = f"{what} {advice}".strip()
    return error_response(429, message, headers=[("Retry-After", str(seconds))])


def exhausted(exc: Exhausted):
    """429 from a limit the operation counted itself (what it would make), before it made anything."""
    return too_many(exc.message, exc.wait)


def database_down(exc: OperationalError):
    """503 while the database does not answer (or stays locked past the busy timeout); logged for the operator."""
    current_app.logger.error("Database error on %s %s: %s", request.method, request.path, exc.orig or exc)
    return error_response(503, "The score sheet's database is not answering. Try again in a moment.")


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
    """Register the handlers for every blueprint, and the read of a streamed body (before CSRF reads a form)."""
    app.before_request(read_streamed_body)
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(429, too_many_requests)
    app.register_error_handler(Exhausted, exhausted)
    app.register_error_handler(CSRFError, csrf_failed)
    app.register_error_handler(RuleError, refused)
    app.register_error_handler(NotFound, not_found)
    app.register_error_handler(Forbidden, forbidden)
    app.register_error_handler(OperationalError, database_down)


def attachment(body: str, mimetype: str, filename: str) -> Response:
    """A download: the browser saves it under `filename`."""
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-cache"
    return response
