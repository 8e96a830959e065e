"""Cache-Control: shared reads a CDN or reverse proxy may serve; everything else private.

A response marked public never carries the session: no Set-Cookie, no Vary: Cookie.
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask.sessions import SecureCookieSessionInterface

# The share page polls every 3 seconds and the standings every 5: a cache may serve one copy for one poll
# interval (the origin answers about one request per interval, however many watch), and a stale copy for
# two more intervals while it asks the origin again.
SHARE_MAX_AGE, SHARE_STALE = 3, 6
STANDINGS_MAX_AGE, STANDINGS_STALE = 5, 10


def public(response: Response, max_age: int, stale: int) -> Response:
    """A response with nothing private in it, that any cache may keep for `max_age` seconds."""
    response.headers["Cache-Control"] = f"public, max-age={max_age}, stale-while-revalidate={stale}"
    return response


def share(response: Response) -> Response:
    """Cache-Control of the share page and its live fragment."""
    return public(response, SHARE_MAX_AGE, SHARE_STALE)


def standings(response: Response) -> Response:
    """Cache-Control of the public standings and their live fragment."""
    return public(response, STANDINGS_MAX_AGE, STANDINGS_STALE)


def default(response: Response) -> Response:
    """Without a policy of its own: an answer that may carry a key (a write's, or a read with a key) is never
    stored; any other only by the browser, checked each time."""
    if "Cache-Control" not in response.headers:
        keyed = request.method not in ("GET", "HEAD") or "Authorization" in request.headers
        response.headers["Cache-Control"] = "no-store" if keyed else "private, no-cache"
    return response


class SessionInterface(SecureCookieSessionInterface):
    """The signed-cookie session, left out of public responses."""

    def save_session(self, app: Flask, session, response: Response) -> None:
        """Save the session, unless the response may be shared."""
        if response.cache_control.public:
            return
        super().save_session(app, session, response)


def init_app(app: Flask) -> None:
    """Install the session interface and the default policy."""
    app.session_interface = SessionInterface()
    app.after_request(default)
