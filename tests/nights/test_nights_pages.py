"""A night's pages: set up from a form, the director's page (CSRF, the held key), table cards, the projector
screen and a player's page, every name escaped."""

from __future__ import annotations

import re

import pytest

from tests.support.nights import Night, names

HOSTILE = "<b>Bo</b>&"


def token(page: str) -> str:
    """The CSRF token of a page's form."""
    return re.search(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"', page).group(1)


@pytest.fixture
def directed(client):
    """A night made from the form: this browser holds the director's key."""
    page = client.get("/nights/new").get_data(as_text=True)
    response = client.post("/nights/new", data={"csrf_token": token(page), "name": "Church hall",
                                                "variant": "ten-point", "games": "3", "movement": "winners_up",
                                                "rank_by": "total"})
    assert response.status_code == 303
    return response.location.split("/nights/")[1].split("/")[0]


def post_form(client, night_id: str, action: str, **data):
    """A director's form from the director's page, with its CSRF token."""
    page = client.get(f"/nights/{night_id}/manage").get_data(as_text=True)
    return client.post(f"/nights/{night_id}/manage/{action}", data={"csrf_token": token(page), **data})


def test_the_director_registers_draws_and_calls_from_the_page(client, directed):
    """Pasted names, a draw, a call: each a redirect back to the page, which shows the tables and their links."""
    assert post_form(client, directed, "players", text="Ann\nBo\nCy, Di\n" + HOSTILE).status_code == 303
    page = client.get(f"/nights/{directed}/manage").get_data(as_text=True)
    assert "5 registered." in page and "&lt;b&gt;Bo&lt;/b&gt;&amp;" in page and HOSTILE not in page
    assert post_form(client, directed, "draw").status_code == 303
    page = client.get(f"/nights/{directed}/manage").get_data(as_text=True)
    assert "Game 1 is drawn." in page and f"/nights/{directed}/tables/1#key=" in page
    assert page.count("Fix this game") == 1 and "/join#key=" in page  # five players: one table
    assert post_form(client, directed, "call").status_code == 303
    refused = post_form(client, directed, "draw")
    assert refused.status_code == 409 and "still being played" in refused.get_data(as_text=True)


def test_a_form_without_its_token_changes_nothing(client, directed):
    """CSRF: a post without the token is 400 and nobody is registered."""
    assert client.post(f"/nights/{directed}/manage/players", data={"text": "Ann"}).status_code == 400
    assert "Ann" not in client.get(f"/nights/{directed}/manage").get_data(as_text=True)


def test_another_browser_needs_the_key(app, client, directed):
    """A browser without the key gets the key form; a wrong key 403; its actions are refused."""
    other = app.test_client()
    page = other.get(f"/nights/{directed}/manage")
    assert page.status_code == 200 and "director's key" in page.get_data(as_text=True)
    wrong = other.post(f"/nights/{directed}/manage/key", data={"csrf_token": token(page.get_data(as_text=True)),
                                                               "key": "x" * 22})
    assert wrong.status_code == 403
    assert other.get(f"/nights/{directed}/cards").status_code == 403


def test_a_bad_new_night_says_why(client):
    """No name: 422 with the form again."""
    page = client.get("/nights/new").get_data(as_text=True)
    response = client.post("/nights/new", data={"csrf_token": token(page), "name": "", "variant": "ten-point",
                                                "movement": "winners_up", "rank_by": "total"})
    assert response.status_code == 422


@pytest.mark.parametrize("count", [4, 9, 13])
def test_the_cards_give_a_qr_code_per_table(client, directed, count):
    """One card per table the players fill, each with its link's QR code."""
    post_form(client, directed, "players", text="\n".join(names(count)))
    page = client.get(f"/nights/{directed}/cards")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    assert page.get_data(as_text=True).count('class="night-card"') == (count // 4)
    assert page.get_data(as_text=True).count("<svg") == count // 4
    labels = [f'aria-label="QR code of table {n}&#39;s link for the night"' for n in range(1, count // 4 + 1)]
    assert all(label in page.get_data(as_text=True) for label in labels)


def test_the_screen_and_a_players_page_follow_the_night(client):
    """The projector shows the leaderboard and the tables; a player's page says where they sit."""
    night = Night(client)
    players = night.register(names(8) + [HOSTILE])
    tables = night.draw()["tables"]
    screen = client.get(f"/nights/{night.id}/screen").get_data(as_text=True)
    assert "Table 2" in screen and "&lt;b&gt;Bo&lt;/b&gt;&amp;" in screen and HOSTILE not in screen
    seat = tables[1]["seats"][3]
    page = client.get(f"/nights/{night.id}/players/{seat['id']}").get_data(as_text=True)
    assert "Game 1: table 2, seat 4." in page
    assert client.get(f"/nights/{night.id}/players/{players[-1]['id'] + 99}").status_code == 404


def join(client, location: str, key: str) -> None:
    """The table's phone joins a game from its scorer page, as join.js sends the link's #key."""
    page = client.get(location).get_data(as_text=True)
    assert client.post(location, data={"csrf_token": token(page), "key": key}).status_code == 303


def test_a_tables_phone_keeps_its_table_all_night_and_signs_by_name(app, client):
    """Joined once, the phone's table link opens each new game's sheet directly; between games it lists the
    losing side's names, and a tap signs; a phone without the key is shown no names."""
    night = Night(client)
    night.register(names(8))
    tables = night.draw()["tables"]
    link = f"/nights/{night.id}/tables/2"
    phone = app.test_client()
    join(phone, phone.get(link).location, tables[1]["edit_key"])
    night.finish_all(tables)
    page = phone.get(link).get_data(as_text=True)
    losers = [tables[1]["seats"][1]["name"], tables[1]["seats"][3]["name"]]
    assert all(f"I am {name}: sign" in page for name in losers)
    assert "I am" not in app.test_client().get(link).get_data(as_text=True)
    signed = phone.post(f"/nights/{night.id}/tables/2/sign", data={"csrf_token": token(page), "player": losers[0]})
    assert signed.status_code == 303 and f"signed by {losers[0]}" in phone.get(link).get_data(as_text=True)
    second = night.draw()["tables"]
    assert phone.get(link).location.endswith(f"/games/{second[1]['game']}")
    refused = phone.post(f"/nights/{night.id}/tables/1/sign", data={"csrf_token": token(page), "player": "Nobody"})
    assert refused.status_code in (401, 403)


def test_a_tables_score_sheet_links_back_to_the_table(client):
    """A night table's game page offers the table's link for the night; another game's page does not."""
    night = Night(client)
    night.register(names(8))
    tables = night.draw()["tables"]
    page = client.get(f"/games/{tables[1]['game']}").get_data(as_text=True)
    assert f'href="/nights/{night.id}/tables/2"' in page and "Table 2: sign, then the next game" in page
    alone = client.post("/api/games", json={"variant": "ten-point", "players": ["A", "B", "C", "D"]}).get_json()
    assert "night-back" not in client.get(f"/games/{alone['id']}").get_data(as_text=True)


def test_the_standings_export_as_a_spreadsheet(client):
    """A row per player in rank order, each game's own score, an asterisk until signed, a formula-looking name kept
    as text."""
    night = Night(client)
    night.register(names(7) + ["=SUM(A1)"])
    tables = night.draw()["tables"]
    night.finish_all(tables)
    night.post("/tables/1/sign", {"player": tables[0]["seats"][1]["name"]},
               headers={"Authorization": f"Bearer {tables[0]['edit_key']}"})
    response = client.get(f"/nights/{night.id}/standings.csv")
    assert response.mimetype == "text/csv" and "attachment" in response.headers["Content-Disposition"]
    rows = [row.split(",") for row in response.get_data(as_text=True).lstrip("\ufeff").splitlines()]
    assert rows[0] == ["Rank", "Player", "Games", "Won", "Total", "Average", "Game 1"] and len(rows) == 9
    lines = night.get("/standings").get_json()["players"]
    assert [row[1] for row in rows[1:]] == ["'=SUM(A1)" if line["name"].startswith("=") else line["name"]
                                            for line in lines]
    assert sum(row[6].endswith("*") for row in rows[1:]) == 4
    assert [int(row[6].rstrip("*")) for row in rows[1:]] == [line["total"] for line in lines]


def test_the_pages_that_follow_the_night_ask_its_version_and_reload_only_on_a_change(client):
    """The projector, a player's page and a table's page carry the night's version and no timed reload; the version
    is 304 while nothing changed, and changes with a hand (not for a table's page, which asks with ?games=0) and
    with a draw or a signature."""
    night = Night(client)
    players = night.register(names(8))
    tables = night.draw()["tables"]
    for path in ("screen", f"players/{players[0]['id']}"):
        page = client.get(f"/nights/{night.id}/{path}").get_data(as_text=True)
        assert "data-night-version=" in page and "<noscript><meta http-equiv=\"refresh\"" in page
    versions = {}
    for scope in ("", "?games=0"):
        first = client.get(f"/nights/{night.id}/version{scope}")
        assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
        again = client.get(f"/nights/{night.id}/version{scope}", headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304
        versions[scope] = first.headers["ETag"]
    night.hand(tables[1], {"bidder": 0, "bid": 5, "points": [6, 4]})
    changed = {scope: client.get(f"/nights/{night.id}/version{scope}", headers={"If-None-Match": tag}).status_code
               for scope, tag in versions.items()}
    assert changed == {"": 200, "?games=0": 304}
    night.finish(tables[1])
    key = {"Authorization": f"Bearer {tables[1]['edit_key']}"}
    signed = night.post("/tables/2/sign", {"player": tables[1]["seats"][1]["name"]}, headers=key)
    assert signed.status_code == 200
    after = client.get(f"/nights/{night.id}/version?games=0", headers={"If-None-Match": versions["?games=0"]})
    assert after.status_code == 200
    page = client.get(f"/nights/{night.id}/tables/2").get_data(as_text=True)
    assert f'data-night-version="{after.get_json()["version"]}"' in page and "version?games=0" in page
    assert client.get("/nights/" + "x" * 22 + "/version").status_code == 404


def test_the_pages_that_follow_the_night_ask_as_often_as_the_setting_says(app, client):
    """NIGHT_POLL_SECONDS sets how often each page that follows the night asks, and its refresh without scripts."""
    night = Night(client)
    players = night.register(names(8))
    night.draw()
    app.config["NIGHT_POLL_SECONDS"] = 4
    for path in ("screen", f"players/{players[0]['id']}"):
        page = client.get(f"/nights/{night.id}/{path}").get_data(as_text=True)
        assert 'data-seconds="4"' in page and '<meta http-equiv="refresh" content="4">' in page
