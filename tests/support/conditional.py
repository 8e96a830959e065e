"""Polls answered with ETags: what every live fragment must do."""

from __future__ import annotations


def assert_compressed_copy_is_304(client, url: str, coding: str = "br") -> None:
    """Flask-Compress tags a compressed body "<etag>:<coding>"; a poll holding that tag still gets the cheap 304."""
    compressed = client.get(url, headers={"Accept-Encoding": coding})
    assert compressed.headers.get("Content-Encoding") == coding
    tag = compressed.headers["ETag"]
    assert tag.endswith(f':{coding}"')
    again = client.get(url, headers={"If-None-Match": tag, "Accept-Encoding": coding})
    assert again.status_code == 304 and again.headers["ETag"] == tag
