"""The pages without JavaScript: Flask-WTF forms with CSRF, checked again by the engine."""

from __future__ import annotations

import re

import pytest

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from tests.support.pages import MADE, SET, csrf, hidden, log, plain, scores, start, text
from tests.support.tables import PLAYERS


def test_start_page_renders_presets_house_rules_and_recent_list(client):
    html = text(client.get("/"))
    for description in ("10-Point Pitch, 4 players, to 31, win on your bid", "Cutthroat, 3 players each alone"):
        assert description in html
    assert "<details class=\"house\"" in html and "Games on this phone" in html
    assert re.search(r'<label for="players-0">Seat 1 \(deals first\)</label>', html)


@pytest.mark.parametrize("variant", list(PLAYERS))
def test_create_each_preset_without_javascript(client, app, variant):
    game_id = start(client, variant)
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 200
    html = text(page)
    assert 'data-editable="true"' in html and 'id="hand-form"' in html
    assert "Ann deals hand 1 · Bo bids first" in plain(html)
    with app.app_context():
        from scorekeeper.extensions import db
        assert db.session.get(Game, game_id).variant == variant


def test_create_with_team_names_and_house_rules(client):
    game_id = start(client, **{"team_names-0": "Us", "team_names-1": "Them", "target": "21", "end": "first_to_target",
                               "moon": "off"})
    game = client.get(f"/api/games/{game_id}").get_json()
    assert [team["name"] for team in game["teams"]] == ["Us", "Them"]
    assert game["rules"]["target"] == 21 and game["rules"]["end"] == "first_to_target" and game["rules"]["moon"] is None
    assert "First to 21" in text(client.get(f"/games/{game_id}"))


def test_bid_only_games_say_the_target_is_won_on_your_own_bid(client):
    game_id = start(client, **{"team_names-0": "Us", "team_names-1": "Them"})
    assert "Us and Them need 31 on their own bid" in text(client.get(f"/games/{game_id}"))


@pytest.mark.parametrize(("extra", "field", "message"), [
    ({"players-3": ""}, "players", "This game is for 4 players"),
    ({"team_names-0": "Us"}, "team_names", "Name both teams, or leave both blank."),
    ({"min_bid": "8", "max_bid": "4"}, "max_bid", "cannot be below the lowest"),
    ({"players-3": "ann"}, "players", "Two players have the same name"),
])
def test_start_form_errors_show_at_their_field(client, extra, field, message):
    data = {"csrf_token": csrf(client), "variant": "ten-point"}
    data.update({f"players-{seat}": name for seat, name in enumerate(PLAYERS["ten-point"])})
    data.update(extra)
    response = client.post("/", data=data)
    assert response.status_code == 422
    match = re.search(rf'<p class="error" id="e-{field}" data-error="{field}">([^<]*)</p>', text(response))
    assert match and message in match.group(1)


def test_log_a_made_hand(client):
    game_id = start(client)
    response = log(client, game_id, MADE)
    assert response.headers["Location"].endswith(f"/games/{game_id}#sheet")
    assert scores(client, game_id) == [4, 6]
    html = text(client.get(f"/games/{game_id}"))
    row = re.search(r'<tr class="hand made" id="hand-1">.*?</tr>', html, re.S).group(0)
    assert 'data-slot="bidder" title="Bo">Bo<' in row and 'data-slot="bid">6<' in row
    assert 'data-slot="dealer">Ann<' in row
    assert "Bo deals hand 2 · Cy bids first" in plain(html)


def test_a_set_hand_is_struck_through_in_the_bidders_column(client):
    game_id = start(client)
    log(client, game_id, MADE)
    log(client, game_id, SET)
    assert scores(client, game_id) == [-1, 12]
    row = re.search(r'<tr class="hand set" id="hand-2">.*?</tr>', text(client.get(f"/games/{game_id}")), re.S).group(0)
    bidding = re.search(r'<td class="team bidding">(.*?)</td>', row, re.S).group(1)
    struck = ('<del class="took" data-slot="took"><span class="vh">set, took </span>'
              '<span data-slot="took-n">4</span></del>')
    assert struck in bidding
    assert "\u22125" in bidding and "\u22121" in bidding


def test_a_misdeal_scores_nothing_and_the_same_dealer_deals_again(client):
    game_id = start(client)
    html = text(client.get(f"/games/{game_id}"))
    data = {"csrf_token": hidden(html, "csrf_token"), "hand_id": hidden(html, "hand_id"), "number": "1", "misdeal": "1"}
    asked = client.post(f"/games/{game_id}/hands", data=data)  # the form's values are dropped: it asks first
    assert asked.status_code == 200 and "Hand 1 is a misdeal: Ann deals again?" in text(asked)
    assert scores(client, game_id) == [0, 0] and not client.get(f"/api/games/{game_id}").get_json()["hands"]
    confirm = {**data, "csrf_token": hidden(text(asked), "csrf_token"), "confirmed": hidden(text(asked), "confirmed")}
    assert client.post(f"/games/{game_id}/hands", data=confirm).status_code == 303
    html = text(client.get(f"/games/{game_id}"))
    assert '<tr class="hand misdeal" id="hand-1">' in html
    assert "Ann deals hand 2 · Bo bids first" in plain(html)
    assert scores(client, game_id) == [0, 0]


def test_a_point_left_unassigned_is_refused_and_named(client):
    game_id = start(client)
    hand = {key: value for key, value in MADE.items() if key != "captured_three"}
    response = log(client, game_id, hand, status=422)
    assert re.search(r'data-error="captured_three">Say which team took the three.</p>', text(response))
    assert scores(client, game_id) == [0, 0]


def test_the_engine_refuses_a_moon_in_the_hole_at_the_bid(client):
    game_id = start(client, "tournament")
    set_hand = {**SET, "bidder": "0", "bid": "5"}  # Ann/Cy bid 5 and take 4: -5
    log(client, game_id, set_hand)
    moon = {**MADE, "bidder": "0", "bid": "moon"}
    response = log(client, game_id, moon, status=422)
    assert re.search(r'data-error="bid">[^<]*are in the hole \(-5\) and may not shoot the moon.</p>', text(response))


def test_five_point_bid_of_five_asks_about_all_six_tricks(client):
    game_id = start(client, "five-point")
    html = text(client.get(f"/games/{game_id}"))
    assert "Did the bidders take all six tricks?" in html
    hand = {"bidder": "1", "bid": "5", "captured_high": "1", "captured_low": "1", "captured_jack": "1",
            "captured_game": "1"}
    response = log(client, game_id, hand, status=422)
    assert "say whether the bidders took all six" in text(response)
    log(client, game_id, {**hand, "all_tricks": "yes"})
    assert scores(client, game_id) == [0, 5]
    assert 'data-slot="bid">5, all six tricks<' in text(client.get(f"/games/{game_id}"))


def test_cutthroat_jack_and_game_may_go_to_nobody(client):
    game_id = start(client, "cutthroat")
    hand = {"bidder": "2", "bid": "2", "captured_high": "0", "captured_low": "1", "captured_jack": "none",
            "captured_game": "none"}
    log(client, game_id, hand)
    assert scores(client, game_id) == [1, 1, -2]


def test_a_repeated_post_records_the_hand_once(client):
    game_id = start(client)
    html = text(client.get(f"/games/{game_id}"))
    data = {"csrf_token": hidden(html, "csrf_token"), "hand_id": hidden(html, "hand_id"), "number": "1", **MADE}
    assert client.post(f"/games/{game_id}/hands", data=data).status_code == 303
    assert client.post(f"/games/{game_id}/hands", data=data).status_code == 303
    assert len(client.get(f"/api/games/{game_id}").get_json()["hands"]) == 1


def assert_refused(response, status: int, message: str) -> None:
    """The form's page again, with the status of the refusal and the engine's message."""
    assert response.status_code == status
    assert message in text(response)


def test_a_stale_form_is_a_conflict_not_a_second_hand(client):
    game_id = start(client)
    html = text(client.get(f"/games/{game_id}"))
    log(client, game_id, MADE)
    data = {"csrf_token": hidden(html, "csrf_token"), "hand_id": "another-hand", "number": "1", **SET}
    refused = client.post(f"/games/{game_id}/hands", data=data)
    assert_refused(refused, 409, "another phone may have recorded a hand first")  # as in the API: a conflict


def two_hands(client) -> str:
    """A game started from the form, with MADE and then SET logged: its id."""
    game_id = start(client)
    log(client, game_id, MADE)
    log(client, game_id, SET)
    return game_id


def test_edit_an_old_hand_prefills_the_form_and_rescores_later_hands(client):
    game_id = two_hands(client)
    form = client.get(f"/games/{game_id}/hands/1/edit")
    html = text(form)
    assert form.status_code == 200 and "Edit hand 1" in html
    assert re.search(r'name="bidder" value="1" checked', html) and re.search(r'name="bid" value="6" checked', html)
    data = {"csrf_token": hidden(html, "csrf_token"), **MADE, "captured_three": "0"}  # Bo/Di took 3: set
    response = client.post(f"/games/{game_id}/hands/1/edit", data=data)
    assert response.status_code == 303 and response.headers["Location"].endswith("#hand-1")
    assert scores(client, game_id) == [2, 0]  # Bo/Di took 3 of 6: 7 to -6; then hand 2: -5 and +6


def test_an_edit_the_engine_refuses_shows_the_message(client):
    game_id = start(client)
    log(client, game_id, MADE)
    html = text(client.get(f"/games/{game_id}/hands/1/edit"))
    data = {"csrf_token": hidden(html, "csrf_token"), **MADE, "bid": "2"}
    refused = client.post(f"/games/{game_id}/hands/1/edit", data=data)
    assert_refused(refused, 422, "The bid must be a number from 3 to 10")


def test_undo_asks_first_naming_the_hand_and_a_repeat_removes_nothing_more(client):
    game_id = two_hands(client)
    page = client.get(f"/games/{game_id}/undo")
    html = text(page)
    assert page.status_code == 200 and "Remove hand 2: Cy bid 5, set?" in html
    data = {"csrf_token": hidden(html, "csrf_token"), "hand_id": hidden(html, "hand_id"), "number": "2"}
    assert client.post(f"/games/{game_id}/undo", data=data).status_code == 303
    assert scores(client, game_id) == [4, 6]
    assert client.post(f"/games/{game_id}/undo", data=data).status_code == 303  # the same hand again: gone already
    assert scores(client, game_id) == [4, 6]
    assert len(client.get(f"/api/games/{game_id}").get_json()["hands"]) == 1


def test_call_time_asks_first_and_decides_the_game(client):
    game_id = start(client, "tournament")
    log(client, game_id, MADE)
    page = client.get(f"/games/{game_id}/time")
    assert page.status_code == 200 and "Call time?" in text(page)
    response = client.post(f"/games/{game_id}/time", data={"csrf_token": hidden(text(page), "csrf_token"),
                                                            "finish_hand": "no"})
    assert response.status_code == 303
    html = text(client.get(f"/games/{game_id}"))
    assert "Winner: Bo/Di. time was called with Bo/Di ahead, 6 to 4." in plain(html)
    assert "time was called with Bo/Di ahead, 6 to 4" in html


def test_the_winner_banner_gives_the_reason(client):
    game_id = start(client, **{"team_names-0": "Us", "team_names-1": "Them", "target": "5"})
    log(client, game_id, MADE)
    html = text(client.get(f"/games/{game_id}"))
    assert re.search(r'<p class="banner" data-slot="winner" role="status">', html)
    assert "Them made 6 and reached 6" in html
    assert re.search(r'data-action="log" hidden', html)


def test_csrf_is_refused_without_a_token(client, app):
    data = {"variant": "ten-point", **{f"players-{seat}": name for seat, name in enumerate(PLAYERS["ten-point"])}}
    response = client.post("/", data=data)
    assert response.status_code == 400 and "nothing was saved" in text(response)
    game_id = start(client)
    response = client.post(f"/games/{game_id}/hands", data={**MADE, "number": "1"})
    assert response.status_code == 400
    assert scores(client, game_id) == [0, 0]


def test_forms_work_with_csrf_switched_off_in_a_tests_own_config(database_url, tmp_path):
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database_url,
                      "WTF_CSRF_ENABLED": False, "SERVER_NAME": "scorekeeper.test"})
    client = app.test_client()
    data = {"variant": "cutthroat", **{f"players-{seat}": name for seat, name in enumerate(PLAYERS["cutthroat"])}}
    try:
        assert client.post("/", data=data).status_code == 303
    finally:
        with app.app_context():
            db.engine.dispose()


def test_without_the_key_the_sheet_is_read_only(client, app):
    game_id = start(client)
    log(client, game_id, MADE)
    other = app.test_client()
    html = text(other.get(f"/games/{game_id}"))
    assert 'data-editable="false"' in html and "can watch this game" in html
    assert 'id="hand-form"' not in html and 'class="edit"' not in html and "data-edit-key" not in html
    assert other.post(f"/games/{game_id}/hands", data={**MADE, "csrf_token": csrf(other)}).status_code == 403
    assert other.get(f"/games/{game_id}/hands/1/edit").status_code == 403
    assert other.get(f"/games/{game_id}/undo").status_code == 403


def test_the_share_link_never_carries_the_key_and_the_co_scorer_link_carries_it_in_the_fragment(client):
    game_id = start(client)
    html = text(client.get(f"/games/{game_id}"))
    key = re.search(r'data-edit-key="([^"]+)"', html).group(1)
    share = re.search(r'<a class="url" href="([^"]+)">', html).group(1)
    assert share.endswith(f"/share/{game_id}") and key not in share
    assert f"/games/{game_id}/join#key={key}" in html
    assert '<svg role="img" aria-label="QR code of the co-scorer link" viewBox=' in html  # the QR code, inline


def test_co_scorer_join_puts_the_key_in_the_session(client, app):
    game_id = start(client)
    key = re.search(r'data-edit-key="([^"]+)"', text(client.get(f"/games/{game_id}"))).group(1)
    phone = app.test_client()
    page = phone.get(f"/games/{game_id}/join")
    assert page.status_code == 200 and "Keep score on this phone" in text(page)
    token = hidden(text(page), "csrf_token")
    wrong = phone.post(f"/games/{game_id}/join", data={"csrf_token": token, "key": "x" * 22})
    assert wrong.status_code == 403 and "does not open this game" in text(wrong)
    right = phone.post(f"/games/{game_id}/join", data={"csrf_token": token, "key": key})
    assert right.status_code == 303
    assert 'data-editable="true"' in text(phone.get(f"/games/{game_id}"))
    log(phone, game_id, MADE)
    assert scores(client, game_id) == [4, 6]


def test_the_start_page_lists_the_games_this_browser_keeps_score_for(client):
    game_id = start(client, **{"team_names-0": "Us", "team_names-1": "Them"})
    log(client, game_id, MADE)
    html = text(client.get("/"))
    item = (rf'<li data-id="{game_id}"><a href="/games/{game_id}"><span class="recent-teams">Us 4 – Them 6</span>\s*'
            r'<span class="recent-status">playing</span>\s*'
            r'<time class="recent-when" datetime="[^"]+">[^<]+ UTC</time>')
    assert re.search(item, html)
    assert html.index('id="recent-list"') < html.index('id="start-form"'), "the games to resume come first"


def test_the_share_page_includes_the_read_only_sheet(client):
    game_id = start(client)
    log(client, game_id, MADE)
    html = text(client.get(f"/share/{game_id}"))
    assert '<tr class="hand made" id="hand-1">' in html
    assert 'class="edit"' not in html and "tpl-hand" not in html


def test_unknown_game_and_hand_are_404(client):
    assert client.get("/games/nope").status_code == 404
    game_id = start(client)
    assert client.get(f"/games/{game_id}/hands/3/edit").status_code == 404


@pytest.mark.parametrize("path", ["/", "/games/{id}", "/games/{id}/hands/1/edit", "/games/{id}/undo",
                                  "/games/{id}/join", "/games/{id}/time"])
def test_pages_have_no_inline_script_style_or_handlers(client, path):
    game_id = start(client, "tournament")
    log(client, game_id, MADE)
    response = client.get(path.format(id=game_id))
    assert response.status_code == 200
    html = text(response)
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert not re.search(r"\sstyle=", html) and not re.search(r"\son[a-z]+=", html)
    for tag in re.findall(r"<script[^>]*>", html):  # the import map is the one inline script, allowed by its hash
        assert "src=" in tag or 'type="application/json"' in tag or tag == '<script type="importmap">', tag
    assert html.count('<script type="importmap">') == 1 and "'sha256-" in response.headers["Content-Security-Policy"]


def test_static_assets_are_versioned_and_cached_for_good(client):
    html = text(client.get("/"))
    href = re.search(r'<link rel="stylesheet" href="([^"]+)">', html).group(1)
    assert re.search(r"/static/css/app.css\?v=[0-9a-f]{10}$", href)
    with client.get(href) as response:
        assert "immutable" in response.headers["Cache-Control"]
    with client.get("/static/css/app.css") as response:
        assert response.headers["Cache-Control"] == "no-cache"


def test_pages_with_an_edit_key_are_not_stored_by_caches(client):
    game_id = start(client)
    assert client.get(f"/games/{game_id}").headers["Cache-Control"] == "no-store"


def first_load_gzip(client, path: str) -> dict[str, int]:
    """Gzip sizes of a page and every stylesheet and script its first load fetches (dynamic imports too)."""
    import gzip
    import json

    html = text(client.get(path))
    sizes = {path: len(gzip.compress(html.encode(), 6))}
    urls = re.findall(r'<(?:script|link)[^>]+(?:src|href)="(/static/[^"]+)"', html)
    for block in re.findall(r'<script type="application/json" id="assets">(.*?)</script>', html, re.S):
        urls += list(json.loads(block).values())
    for url in dict.fromkeys(urls):
        with client.get(url) as response:
            assert response.status_code == 200, url
            sizes[url.split("?")[0]] = len(gzip.compress(response.get_data(), 6))
    return sizes


def test_first_loads_stay_under_60_kb_gzip(client):
    start_page = first_load_gzip(client, "/")
    game_id = start(client, **{"team_names-0": "Us", "team_names-1": "Them", "target": "1000"})
    edit_key = re.search(r'data-edit-key="([^"]+)"', text(client.get(f"/games/{game_id}"))).group(1)
    for hand in [MADE, SET] * 20:
        body = {"bidder": int(hand["bidder"]), "bid": int(hand["bid"]), "trump": "hearts",
                "captured": {name[9:]: int(team) for name, team in hand.items() if name.startswith("captured_")}}
        headers = {"Authorization": f"Bearer {edit_key}"}
        response = client.post(f"/api/games/{game_id}/hands", json=body, headers=headers)
        assert response.status_code == 201
    game_page = first_load_gzip(client, f"/games/{game_id}")
    assert html_rows(client, game_id) == 40
    assert sum(start_page.values()) < 60_000, start_page
    assert sum(game_page.values()) < 60_000, game_page


def html_rows(client, game_id: str) -> int:
    """How many hand rows the sheet shows."""
    return len(re.findall(r'<tr class="hand ', text(client.get(f"/games/{game_id}"))))
