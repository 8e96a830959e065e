"""Every error the app answers, with one mapping of errors to statuses (rules 422, game state 409, unknown 404, no
key 401, wrong key 403, too many 429, the database away 503): JSON under /api/ and for a client that asks for it, a
page elsewhere."""


from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, jsonify, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException

from scorekeeper.rules import RuleError
from scorekeeper.web.records import NotFound

from .keys import Forbidden
from .limits import WRONG_KEYS, Exhausted, retry_after, wrong_key_wait

STATUS_OF_KIND = {"invalid": 422, "conflict": 409}  # RuleError.kind: refused by the rules, or by the game's state
NOT_JSON = "Send the body as JSON (Content-Type: application/json)."
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
        response = make_response(render_template("_shared/error.html", status=status, message=message))
    response.headers.extend(list(headers))
    return response, status


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


def init_app(app: Flask) -> None:
    """Register the handlers for every blueprint."""
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(429, too_many_requests)
    app.register_error_handler(Exhausted, exhausted)
    app.register_error_handler(CSRFError, csrf_failed)
    app.register_error_handler(RuleError, refused)
    app.register_error_handler(NotFound, not_found)
    app.register_error_handler(Forbidden, forbidden)
    app.register_error_handler(OperationalError, database_down)
