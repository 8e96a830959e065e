"""Error pages for people and error bodies for the API."""

from flask import Flask, jsonify, render_template, request
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
    """Any HTTP error: JSON under /api/, a page elsewhere."""
    status = exc.code or 500
    message = exc.description if status == 400 and exc.description else MESSAGES.get(status, exc.name)
    if wants_json():
        return jsonify(error=message), status
    return render_template("error.html", status=status, message=message), status


def page_not_found(exc: games.NotFound):
    """An unknown game on a page."""
    return render_template("error.html", status=404, message=str(exc)), 404


def init_app(app: Flask) -> None:
    """Register the handlers."""
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(games.NotFound, page_not_found)
