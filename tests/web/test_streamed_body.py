"""A body sent without Content-Length (Transfer-Encoding: chunked, as a proxy or a script may send it): longer
than the address's cap it is 413 with the cap in words, like a declared one, on every kind of address; within
the cap it is read whole."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.web.errors import size_in_words
from tests.support.pages import hidden

CAP, GROUP_CAP = 512 * 1024, 12 * 1024 * 1024


def streamed(client, path: str, data: bytes, content_type: str = "application/json"):
    """POST `data` as a stream of unknown length, as a WSGI server hands a chunked body on."""
    return client.post(path, input_stream=io.BytesIO(data), content_type=content_type,
                       headers={"Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})


def json_of(size: int) -> bytes:
    """A JSON body of exactly `size` bytes: a game body padded with spaces."""
    body = json.dumps({"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"]}).encode()
    return body + b" " * (size - len(body))


@pytest.mark.parametrize(("path", "cap"), [("/api/games", CAP), ("/api/groups/import", GROUP_CAP)])
@pytest.mark.parametrize("over", [1, 4096, "50 MB"])
def test_a_streamed_body_over_the_cap_is_413(client, path, cap, over):
    size = 50 * 1000 * 1000 if over == "50 MB" else cap + over
    response = streamed(client, path, json_of(size))
    assert response.status_code == 413, response.get_data(as_text=True)[:200]
    assert response.get_json()["error"] == f"The body is too large: this address takes at most {size_in_words(cap)}."


@pytest.mark.parametrize("size", [200, CAP - 1, CAP])
def test_a_streamed_body_within_the_cap_is_read_whole(client, size):
    response = streamed(client, "/api/games", json_of(size))
    assert response.status_code == 201, response.get_data(as_text=True)[:200]


def test_a_streamed_form_over_the_cap_is_413_on_a_page(client):
    html = client.get("/").get_data(as_text=True)
    token = hidden(html, "csrf_token")
    data = f"csrf_token={token}&variant=ten-point&players-0=".encode() + b"A" * (CAP + 10)
    response = streamed(client, "/", data, "application/x-www-form-urlencoded")
    assert response.status_code == 413
    assert "this page takes at most 512 KiB, so nothing was saved" in response.get_data(as_text=True)
