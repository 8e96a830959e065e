"""Static asset URLs that change when the file does, and cache headers to match."""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Response, current_app, request, url_for

from . import bp

_VERSIONS: dict[tuple[str, float], str] = {}
YEAR = 365 * 24 * 3600


def version(filename: str) -> str:
    """A short hash of a static file's contents, cached until the file changes."""
    path = Path(current_app.static_folder or "") / filename
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return "missing"
    cached = _VERSIONS.get((filename, stamp))
    if cached is None:
        cached = hashlib.sha256(path.read_bytes()).hexdigest()[:10]
        _VERSIONS[(filename, stamp)] = cached
    return cached


@bp.app_template_global()
def asset(filename: str) -> str:
    """The URL of a static file, with ?v=<hash> so a deploy replaces it in every cache."""
    return url_for("static", filename=filename, v=version(filename))


@bp.after_app_request
def cache_static(response: Response) -> Response:
    """Versioned static files are cached for good; unversioned ones are checked each time."""
    if request.endpoint == "static" and response.status_code == 200:
        if request.args.get("v"):
            response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
        else:
            response.headers["Cache-Control"] = "no-cache"
    return response
