"""Pitch Scorekeeper: keep score of Pitch at the card table."""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask, Response

from . import templating
from .config import from_environment
from .extensions import compress, csrf, db, limiter, migrate
from .web import assets, caching, compressed, database, http, logs, proxy, security

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app: configuration, extensions, blueprints."""
    app = Flask(
        __name__, instance_relative_config=True,
        template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"),
    )
    http.use_stored_integers(app)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(from_environment(app.instance_path))
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    logs.init_app(app)
    proxy.init_app(app)
    register_extensions(app)
    register_blueprints(app)
    templating.register(app)
    http.init_app(app)
    assets.init_app(app)
    security.init_app(app)
    caching.init_app(app)
    database.init_app(app)
    return app


def register_extensions(app: Flask) -> None:
    """Bind the extension objects to this app."""
    db.init_app(app)
    migrate.init_app(app, db, directory=database.MIGRATIONS)
    csrf.init_app(app)
    compressed.configure(app)
    compress.init_app(app)
    limiter.init_app(app)
    app.after_request(close_streamed_body)  # runs before Flask-Compress's hook


def close_streamed_body(response: Response) -> Response:
    """Close a streamed body (a static file) with the response.

    Flask-Compress wraps a streamed body in a compressing generator and drops the
    file it read from without closing it (a ResourceWarning on every static file).
    """
    if response.is_streamed and hasattr(response.response, "close"):
        response.call_on_close(response.response.close)
    return response


def register_blueprints(app: Flask) -> None:
    """One blueprint per feature."""
    from .games import api, pages, pwa
    from .groups import api as group_api
    from .groups import pages as group_pages
    from .nights import api as night_api
    from .nights import pages as night_pages
    from .tournaments import api as tournament_api
    from .tournaments import pages as tournament_pages
    from .web import health

    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(health.bp)
    app.register_blueprint(pwa.bp)
    app.register_blueprint(tournament_api.bp)
    app.register_blueprint(tournament_pages.bp)
    app.register_blueprint(group_api.bp)
    app.register_blueprint(group_pages.bp)
    app.register_blueprint(night_api.bp)
    app.register_blueprint(night_pages.bp)
