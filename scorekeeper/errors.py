"""Error pages for people and error bodies for the API."""

from flask import Flask, current_app, jsonify, render_template, request
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException

from . import games

MESSAGES = {
    400: "The request could not be read.",
    404: "There is nothing at this address. Check the link.",
    405: "This address does not take that method.",
    413: "The body is too large.",
}


def wants_json() -> bool:
    """API requests get JSON errors."""
    return request.path.startswith("/api/")


def http_error(exc: HTTPException):
    """Any HTTP error: JSON under /api/, a page elsewhere (keeping headers such as a 405's Allow)."""
    status = exc.code or 500
    message = exc.description if status == 400 and exc.description else MESSAGES.get(status, exc.name)
    headers = [(name, value) for name, value in exc.get_headers() if name.lower() != "content-type"]
    return error_response(status, message, headers)


def error_response(status: int, message: str, headers=()):
    """An error as JSON under /api/, as a page elsewhere."""
    if wants_json():
        return jsonify(error=message), status, list(headers)
    return render_template("error.html", status=status, message=message), status, list(headers)


def database_down(exc: OperationalError):
    """503 while the database does not answer (or stays locked past the busy timeout); logged for the operator."""
    current_app.logger.error("Database error on %s %s: %s", request.method, request.path, exc.orig or exc)
    return error_response(503, "The score sheet's database is not answering. Try again in a moment.")


def page_not_found(exc: games.NotFound):
    """An unknown game on a page."""
    return render_template("error.html", status=404, message=str(exc)), 404


def init_app(app: Flask) -> None:
    """Register the handlers."""
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(games.NotFound, page_not_found)
    app.register_error_handler(OperationalError, database_down)
