"""Compressed answers kept by ETag: a game read by a crowd is compressed once per revision and coding.

Flask-Compress compresses every answer a phone accepts in br or gzip (a 200-hand game's
JSON, 50 KB, takes longer to compress than to build). With a cache backend it asks a key
of the request; the key here is the request's host and path with the answer's strong
ETag, set by a view that vouches the body is the same for everyone holding that tag
(`keep`). Tags are built from revisions and the templates' digest (etags.py, games/tags.py), so a key
always names one body. Answers no view vouched for are compressed each time and not kept.
"""

from __future__ import annotations

from flask import Flask, Request, Response, g

from .memory import Kept

NOT_KEPT = "-"
BUDGET = 16 * 1024 * 1024  # bytes of compressed bodies per process


def keep(response: Response) -> Response:
    """Vouch that this answer's body is what everyone holding its strong ETag gets, so its compressed form
    may be kept and served again."""
    tag, weak = response.get_etag()
    if tag and not weak and response.status_code == 200 and not response.is_streamed:
        g.compressed_tag = tag
    return response


def cache_key(request: Request) -> str:
    """Flask-Compress's key: host, path and the vouched tag; NOT_KEPT when no view vouched for the body."""
    tag = g.get("compressed_tag")
    if not tag:
        return NOT_KEPT
    return f"{request.host}{request.full_path} {tag}"


class CompressedBodies(Kept[bytes]):
    """Compressed bodies by key, least recently used dropped first past `budget` bytes; safe across threads. What
    Flask-Compress asks of its cache backend: get and set."""

    def __init__(self, budget: int = BUDGET):
        super().__init__(budget, getsizeof=len)

    def get(self, key: str) -> bytes | None:
        """The body kept under `key`, if any."""
        return None if key.endswith(NOT_KEPT) else super().get(key)

    def set(self, key: str, body: bytes) -> None:
        """Keep `body` under `key` (not for NOT_KEPT keys, nor a body larger than the whole budget)."""
        if not key.endswith(NOT_KEPT):
            self.put(key, body)


def configure(app: Flask) -> None:
    """Give Flask-Compress this cache (before it is bound to the app: it reads these at init)."""
    app.config.setdefault("COMPRESS_CACHE_KEY", cache_key)
    app.config.setdefault("COMPRESS_CACHE_BACKEND", CompressedBodies)
