"""Server-rendered pages: start a game, the score sheet, the share page."""

from flask import Blueprint

bp = Blueprint("pages", __name__)

from . import export, game, share, start  # noqa: E402,F401
