"""Security headers on every response.

The referrer policy and the CSRF check are chosen together. Over HTTPS, Flask-WTF checks that a form
post's Referer names this very origin (WTF_CSRF_SSL_STRICT, left on): that stops a page on another
origin, or one injected over plain HTTP, from replaying a token it obtained. `same-origin` sends the
Referer to this app only, so its own forms pass the check, while every other site (a link from a
share page, an image host) gets no Referer at all: nothing, not even the origin, leaves the app. Edit
keys ride in URL fragments (#key=...), which no Referer ever carries.
"""

from flask import Flask, Response

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


def add_headers(response: Response) -> Response:
    """A tight content security policy and the usual hardening headers."""
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CSP)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
    return response


def allow_inline_script(response: Response, digest: str) -> Response:
    """Let the one inline script whose sha256 (base64) is `digest` run, as well as the site's own files."""
    policy = response.headers.get("Content-Security-Policy", CSP)
    response.headers["Content-Security-Policy"] = policy.replace(
        "script-src 'self'", f"script-src 'self' 'sha256-{digest}'", 1)
    return response


def init_app(app: Flask) -> None:
    """Register the headers, and HSTS where the app is served over HTTPS (an https PUBLIC_URL, or secure cookies)."""
    app.after_request(add_headers)
    https = bool(app.config.get("PUBLIC_URL")) and app.config.get("PREFERRED_URL_SCHEME") == "https"
    if https or app.config.get("SESSION_COOKIE_SECURE"):
        app.after_request(_hsts)


def _hsts(response: Response) -> Response:
    response.headers.setdefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
    return response
