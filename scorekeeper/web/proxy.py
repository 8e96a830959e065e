"""Where the app is served from: the proxies in front of it and the one public address links are built from.

TRUSTED_PROXIES=N believes the last N hops' X-Forwarded-For, -Proto and -Host (Werkzeug's ProxyFix);
0, the default, believes none of them. PUBLIC_URL=https://score.example.org names the address people
use: every link the app builds (share and join links, og:url, QR codes) carries it, a request for any
other host is refused with 400, and an https address turns on secure cookies and HSTS. Without
PUBLIC_URL (local use, tests) the app answers on any host and builds links from the request.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, current_app, request
from werkzeug.middleware.proxy_fix import ProxyFix

from .errors import error_response

DEFAULT_PORTS = {"http": ":80", "https": ":443"}
OPEN_ENDPOINTS = {"health.healthz"}  # a platform's health check calls the worker by its inner address


def public_address(url: str) -> tuple[str, str]:
    """PUBLIC_URL as (scheme, host[:port]), the default port dropped; ValueError when it is not one."""
    parts = urlsplit(url.strip())
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path.strip("/") or parts.query:
        raise ValueError(f"PUBLIC_URL must be a scheme and a host, such as https://score.example.org, not {url!r}")
    return parts.scheme, _host(parts.netloc, parts.scheme)


def _host(host: str, scheme: str) -> str:
    """A host as the browser names it: lower case, without the scheme's default port."""
    return host.lower().removesuffix(DEFAULT_PORTS[scheme])


class PublicScheme:
    """WSGI middleware: every request is taken as made on the public address's scheme.

    Behind a proxy that does not say X-Forwarded-Proto (or with TRUSTED_PROXIES unset) the request
    arrives as http; the links and the CSRF check must still see the https the browser used.
    """

    def __init__(self, app, scheme: str) -> None:
        self.app, self.scheme = app, scheme

    def __call__(self, environ, start_response):
        environ["wsgi.url_scheme"] = self.scheme
        return self.app(environ, start_response)


def refuse_other_hosts():
    """400 for a request whose Host is not the public address's: no link is ever built from it."""
    if request.endpoint in OPEN_ENDPOINTS:
        return None
    public = current_app.config["SERVER_NAME"]
    if _host(request.host, request.scheme) == public:
        return None
    message = f"This server answers only at {current_app.config['PUBLIC_URL']}: use that address."
    return error_response(400, message)


def init_app(app: Flask) -> None:
    """Trust the configured proxy hops, and build every link from PUBLIC_URL when it is set."""
    hops = int(app.config.get("TRUSTED_PROXIES") or 0)
    url = app.config.get("PUBLIC_URL")
    if url:
        scheme, host = public_address(url)
        app.config.update(PUBLIC_URL=f"{scheme}://{host}", SERVER_NAME=host, PREFERRED_URL_SCHEME=scheme)
        app.wsgi_app = PublicScheme(app.wsgi_app, scheme)
        app.before_request(refuse_other_hosts)
    if app.config.get("SESSION_COOKIE_SECURE") is None:
        app.config["SESSION_COOKIE_SECURE"] = app.config.get("PREFERRED_URL_SCHEME") == "https" and bool(url)
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)
