"""The game API of docs/api.md."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")

from . import document, routes  # noqa: E402,F401
