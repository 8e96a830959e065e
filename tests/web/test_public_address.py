"""PUBLIC_URL and TRUSTED_PROXIES: links carry the public address, other hosts get 400, HTTPS forms keep CSRF."""

from __future__ import annotations

import re

import pytest

from scorekeeper.web.proxy import public_address
from tests.support.pages import hidden
from tests.support.tables import PLAYERS

PUBLIC = "https://score.example.org"
GAME = {"variant": "ten-point", "players": PLAYERS["ten-point"]}
INNER = {"Host": "10.0.0.5:8000"}  # how a proxy that does not pass the Host on reaches the worker
FORWARDED = {**INNER, "X-Forwarded-Host": "score.example.org", "X-Forwarded-Proto": "https",
             "X-Forwarded-For": "203.0.113.9"}


@pytest.fixture
def served(own_app):
    """served(**settings) -> an app on the test database with the given deployment settings."""
    return own_app


@pytest.mark.parametrize(("url", "expected"), [
    ("https://score.example.org", ("https", "score.example.org")),
    ("https://Score.Example.org/", ("https", "score.example.org")),
    ("https://score.example.org:443", ("https", "score.example.org")),
    ("https://127.0.0.1:8443", ("https", "127.0.0.1:8443")),
    ("http://pitch.local:8000", ("http", "pitch.local:8000")),
])
def test_public_url_is_a_scheme_and_a_host(url, expected):
    assert public_address(url) == expected


@pytest.mark.parametrize("url", ["score.example.org", "ftp://score.example.org", "https://", "https://a.org/pitch",
                                 "https://a.org/?x=1"])
def test_a_public_url_that_is_not_one_stops_the_app_from_starting(url):
    with pytest.raises(ValueError, match="PUBLIC_URL"):
        public_address(url)


def token(html: str) -> str:
    return hidden(html, "csrf_token")


def start_form(client, headers: dict):
    """Post the start form as a browser does (its token, a same-origin Referer)."""
    html = client.get("/", headers=headers).get_data(as_text=True)
    form = {"csrf_token": token(html), "variant": "ten-point",
            **{f"players-{seat}": name for seat, name in enumerate(PLAYERS["ten-point"])}}
    return client.post("/", data=form, headers={**headers, "Referer": PUBLIC + "/"})


def links_in(client, headers: dict) -> list[str]:
    """Every absolute link the app builds for a game: share_url, the join link, og:url."""
    created = client.post("/api/games", json=GAME, headers=headers)
    assert created.status_code == 201, created.get_data(as_text=True)
    assert created.headers["Location"].startswith("/")  # relative: never a host taken from the request
    links = [created.get_json()["share_url"]]
    started = start_form(client, headers)  # this browser now holds the key: the page shows the join link
    assert started.status_code == 303 and started.headers["Location"].startswith("/games/")
    page = client.get(started.headers["Location"], headers=headers).get_data(as_text=True)
    found = re.findall(r'href="(https?://[^"]+)"', page)
    assert any("/join#key=" in link for link in found) and any("/share/" in link for link in found), page
    links += found
    share = client.get(started.headers["Location"].replace("/games/", "/share/"), headers=headers)
    links += re.findall(r'<meta property="og:url" content="([^"]+)"', share.get_data(as_text=True))
    return links


def test_links_carry_the_public_address_served_directly(served):
    """gunicorn --certfile with PUBLIC_URL: every link names https://score.example.org."""
    client = served(PUBLIC_URL=PUBLIC).test_client()
    links = links_in(client, {"Host": "score.example.org"})
    assert len(links) >= 3 and all(link.startswith(PUBLIC + "/") for link in links), links


def test_links_carry_the_public_address_behind_a_trusted_proxy(served):
    """Behind one trusted proxy that speaks plain HTTP to the app, links are still https and public."""
    client = served(PUBLIC_URL=PUBLIC, TRUSTED_PROXIES=1).test_client()
    links = links_in(client, FORWARDED)
    assert all(link.startswith(PUBLIC + "/") for link in links), links


def test_an_untrusted_forwarded_host_is_not_believed(served):
    """Without TRUSTED_PROXIES, X-Forwarded-Host is ignored: the request's own Host is checked, and refused."""
    client = served(PUBLIC_URL=PUBLIC).test_client()
    response = client.get("/", headers={**INNER, "X-Forwarded-Host": "score.example.org"})
    assert response.status_code == 400


@pytest.mark.parametrize("headers", [
    {"Host": "evil.example"},
    {"Host": "score.example.org.evil.example"},
    {"Host": "score.example.org:8443"},
    {**FORWARDED, "X-Forwarded-Host": "evil.example"},
])
@pytest.mark.parametrize("path", ["/", "/api/games", "/share/nope", "/tournaments/new"])
def test_any_other_host_is_refused_with_400_and_no_link_to_it(served, headers, path):
    client = served(PUBLIC_URL=PUBLIC, TRUSTED_PROXIES=1).test_client()
    response = client.get(path, headers=headers)
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert "evil.example" not in body and "8443" not in body and f"only at {PUBLIC}" in body
    if path.startswith("/api/"):
        assert response.get_json()["error"].startswith("This server answers only at")
    posted = client.post("/api/games", json=GAME, headers=headers)
    assert posted.status_code == 400


def test_the_health_check_answers_on_any_host(served):
    """A platform probes the worker by its inner address."""
    client = served(PUBLIC_URL=PUBLIC).test_client()
    assert client.get("/healthz", headers=INNER).status_code == 200


def test_without_a_public_url_any_host_works_as_before(served):
    """Local use: links come from the request, on any host."""
    client = served().test_client()
    created = client.post("/api/games", json=GAME, headers={"Host": "pitch.local:5000"})
    assert created.status_code == 201
    assert created.get_json()["share_url"].startswith("http://pitch.local:5000/share/")


@pytest.mark.parametrize(("settings", "secure"), [
    ({"PUBLIC_URL": PUBLIC}, True),
    ({"PUBLIC_URL": PUBLIC, "SESSION_COOKIE_SECURE": False}, False),
    ({"PUBLIC_URL": "http://pitch.local:8000"}, False),
    ({}, False),
    ({"SESSION_COOKIE_SECURE": True}, True),
])
def test_an_https_public_address_brings_secure_cookies_and_hsts(served, settings, secure):
    """HSTS whenever the public address is https; SESSION_COOKIE_SECURE still overrides the cookie."""
    app = served(**settings)
    host = settings.get("PUBLIC_URL", "http://localhost").split("://")[1]
    page = app.test_client().get("/tournaments/new", headers={"Host": host})  # a form: the session gets a token
    cookie = page.headers.get("Set-Cookie", "")
    assert cookie.startswith("session=")
    assert ("Secure" in cookie) is secure, cookie
    https = settings.get("PUBLIC_URL", "").startswith("https") or settings.get("SESSION_COOKIE_SECURE") is True
    assert ("Strict-Transport-Security" in page.headers) is https
    assert page.headers["Referrer-Policy"] == "same-origin"


@pytest.mark.parametrize(("referrer", "status"), [
    (PUBLIC + "/", 303),  # what a browser sends under Referrer-Policy: same-origin
    (None, 400),  # no referrer at all: the strict check over HTTPS refuses
    ("https://evil.example/", 400),
    ("http://score.example.org/", 400),  # the same host over plain HTTP is another origin
])
@pytest.mark.parametrize("proxied", [False, True])
def test_forms_over_https_pass_the_csrf_check_with_a_same_origin_referrer(served, referrer, status, proxied):
    """The start form over HTTPS, with CSRF on: same-origin posts succeed, anything else is refused."""
    app = served(PUBLIC_URL=PUBLIC, TRUSTED_PROXIES=1 if proxied else 0, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    headers = FORWARDED if proxied else {"Host": "score.example.org"}
    html = client.get("/", headers=headers).get_data(as_text=True)
    form = {"csrf_token": token(html), "variant": "ten-point",
            **{f"players-{seat}": name for seat, name in enumerate(PLAYERS["ten-point"])}}
    if referrer:
        headers = {**headers, "Referer": referrer}
    response = client.post("/", data=form, headers=headers)
    assert response.status_code == status, response.get_data(as_text=True)[-500:]
