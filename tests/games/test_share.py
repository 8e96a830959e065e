"""The share page, its live fragment, the chart and stats, export and import."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.games.service import get_game, state_of
from scorekeeper.rules import state_to_dict
from scorekeeper.sheet import chart, stats
from scorekeeper.sheet.rulewords import game_summary
from tests.support.conditional import assert_compressed_copy_is_304
from tests.support.pages import csrf

CARDS = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")
MINUS = "\u2212"


def hand(bidder, bid, ours, trump=None):
    """A ten-point hand: Us (team 0) took the cards in `ours`, Them the rest."""
    body = {"bidder": bidder, "bid": bid, "captured": {key: 0 if key in ours else 1 for key in CARDS}}
    if trump:
        body["trump"] = trump
    return body


# Us = Ann & Cy, Them = Bo & Di. Scores: 4–6, −1–12, misdeal, 8–13, 4–20.
KNOWN_HANDS = [
    hand(1, 6, {"off_jack", "high_joker", "low_joker", "two"}, "hearts"),   # Bo makes 6: 4–6
    hand(2, 5, {"three", "two"}),                                           # Cy set: −1–12
    {"misdeal": True},                                                      # Cy deals again
    hand(0, 7, set(CARDS) - {"two"}, "spades"),                             # Ann makes 7 (9): 8–13
    hand(0, 4, {"ace", "jack", "ten"}),                                     # Ann set (3): 4–20
]


@pytest.fixture
def known_game(client, make_game):
    """The ten-point game above, recorded through the API."""
    game, headers = make_game("ten-point", team_names=["Us", "Them"])
    for body in KNOWN_HANDS:
        response = client.post(f"/api/games/{game['id']}/hands", json=body, headers=headers)
        assert response.status_code == 201, response.get_json()
    return client.get(f"/api/games/{game['id']}").get_json(), headers


def game_count(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(Game))


def known_state(app, game_id):
    with app.app_context():
        return state_of(get_game(game_id))


# --- share page ---------------------------------------------------------------------------------

def assert_read_only(html: str) -> None:
    """No form, button, edit link, undo, join link or hand template on the page."""
    assert "<form" not in html and "<button" not in html and "<input" not in html
    assert not re.search(r'\shref="[^"]*/(edit|undo|time|join)"', html)
    assert 'id="tpl-hand"' not in html and "#key=" not in html


def test_share_page_shows_the_game_read_only(client, known_game):
    game, headers = known_game
    html = client.get(f"/share/{game['id']}").get_data(as_text=True)
    assert "<title>Us 4 – Them 20 · Pitch</title>" in html
    assert "Score sheet" in html and "<svg" in html and "Bidding, by player" in html
    assert "Hand 2, Bo dealt: Cy bid 5 and was set (Us " + MINUS + "5, Them +6)." in html
    edit_key = headers["Authorization"].split()[1]
    assert edit_key not in html
    assert_read_only(html)


def test_share_page_stays_read_only_for_the_scorer(client, app, known_game):
    """Even on the browser that holds the edit key, the share page offers no edit controls."""
    game, headers = known_game
    with client.session_transaction() as session:
        session["keys"] = {game["id"]: headers["Authorization"].split()[1]}
    html = client.get(f"/share/{game['id']}").get_data(as_text=True)
    assert headers["Authorization"].split()[1] not in html
    assert_read_only(html)


def test_share_page_open_graph_tags_are_escaped(client, make_game):
    game, _ = make_game("ten-point", players=["Ann", 'Bo "B"', "<Cy>", "Di & co"], team_names=['"Us"', "<Them>"])
    html = client.get(f"/share/{game['id']}").get_data(as_text=True)
    assert '<meta property="og:title" content="&#34;Us&#34; 0 – &lt;Them&gt; 0 · Pitch">' in html
    description = re.search(r'<meta property="og:description" content="([^"]*)">', html).group(1)
    assert "Ann &amp; &lt;Cy&gt; (&#34;Us&#34;)" in description
    assert "Bo &#34;B&#34; &amp; Di &amp; co (&lt;Them&gt;)" in description
    assert "10-Point Pitch to 31" in description and "Not started" in description
    assert "<Cy>" not in html and "<Them>" not in html
    assert 'name="twitter:card" content="summary"' in html


def test_share_page_of_an_unknown_game_is_404(client):
    assert client.get("/share/" + "x" * 22).status_code == 404
    assert client.get("/share/" + "x" * 22 + "/live").status_code == 404


def test_live_fragment_answers_304_until_a_hand_is_recorded(client, known_game):
    game, headers = known_game
    url = f"/share/{game['id']}/live"
    first = client.get(url)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag), "a strong ETag"
    assert first.headers["Cache-Control"] == "public, max-age=3, stale-while-revalidate=6"
    assert "<h1" in first.get_data(as_text=True) and "<html" not in first.get_data(as_text=True)

    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == etag

    page = client.get(f"/share/{game['id']}").get_data(as_text=True)
    assert f'data-etag="{etag.replace(chr(34), "&#34;")}"' in page or f"data-etag=\"&quot;{etag[1:-1]}&quot;\"" in page

    client.post(f"/api/games/{game['id']}/hands", json={"misdeal": True}, headers=headers)
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "Hand 6" in changed.get_data(as_text=True)


def test_live_etag_changes_when_a_hand_is_fixed_or_undone(client, known_game):
    game, headers = known_game
    url = f"/share/{game['id']}/live"
    etags = {client.get(url).headers["ETag"]}
    client.put(f"/api/games/{game['id']}/hands/5", json=hand(0, 4, {"ace", "jack", "ten", "two"}), headers=headers)
    etags.add(client.get(url).headers["ETag"])
    client.delete(f"/api/games/{game['id']}/hands/5", headers=headers)
    etags.add(client.get(url).headers["ETag"])
    assert len(etags) == 3


# --- chart --------------------------------------------------------------------------------------

def test_chart_of_a_known_game(app, known_game):
    game, _ = known_game
    drawn = chart.build(known_state(app, game["id"]))
    assert [line.values for line in drawn.series] == [(0, 4, -1, -1, 8, 4), (0, 6, 12, 12, 13, 20)]
    assert [tick.label for tick in drawn.y_ticks] == [f"{MINUS}10", "0", "10", "20", "30", "40"]
    assert drawn.target == 31
    # y runs from 40 (top) down to −10 (bottom): the target and zero lines sit in proportion.
    span = drawn.bottom - drawn.top
    assert drawn.target_y == pytest.approx(drawn.top + span * (40 - 31) / 50, abs=0.1)
    assert drawn.zero_y == pytest.approx(drawn.top + span * 40 / 50, abs=0.1)
    first_point = drawn.series[0].points.split()[0]
    assert first_point == f"{drawn.left},{drawn.zero_y}"
    assert drawn.description == (
        f"Running scores after each of 5 hands; the target is 31. Us: 4, {MINUS}1, {MINUS}1, 8, 4; now 4. "
        "Them: 6, 12, 12, 13, 20; now 20."
    )


def test_chart_svg_on_the_page(client, known_game):
    game, _ = known_game
    html = client.get(f"/share/{game['id']}").get_data(as_text=True)
    svg = html[html.index("<svg class=\"chart-svg\""):html.index("</svg>") + 6]
    assert 'role="img"' in svg and 'aria-labelledby="chart-title" aria-describedby="chart-desc"' in svg
    assert '<title id="chart-title">Running score by hand: Us 4, Them 20</title>' in svg
    assert f"Us: 4, {MINUS}1, {MINUS}1, 8, 4; now 4." in svg
    assert svg.count("<polyline") == 2
    assert 'class="chart-target"' in svg and ">target 31<" in svg
    assert 'class="chart-zero"' in svg and f">{MINUS}10<" in svg
    assert "style=" not in svg


def test_chart_without_negative_scores_has_no_zero_line(app, make_game, client):
    game, headers = make_game("ten-point")
    client.post(f"/api/games/{game['id']}/hands", json=hand(1, 6, {"two"}), headers=headers)
    drawn = chart.build(known_state(app, game["id"]))
    assert drawn.zero_y is None
    assert drawn.zero_y is None and [tick.label for tick in drawn.y_ticks][0] == "0"


def test_chart_before_the_first_hand(client, make_game):
    game, _ = make_game("cutthroat")
    html = client.get(f"/share/{game['id']}").get_data(as_text=True)
    assert "The chart starts after the first hand. The target is 11." in html


# --- stats --------------------------------------------------------------------------------------

def test_stats_of_a_known_game(app, known_game):
    game, _ = known_game
    table = {row.name: row for row in stats.player_stats(known_state(app, game["id"]))}
    ann, bo, cy, di = (table[name] for name in ("Ann", "Bo", "Cy", "Di"))
    assert (ann.bids, ann.made, ann.set, ann.average_bid) == (2, 1, 1, 5.5)
    assert (bo.bids, bo.made, bo.set, bo.average_bid) == (1, 1, 0, 6.0)
    assert (cy.bids, cy.made, cy.set, cy.average_bid) == (1, 0, 1, 5.0)
    assert (di.bids, di.made, di.set, di.average_bid) == (0, 0, 0, None)
    assert [row.team for row in table.values()] == [0, 1, 0, 1]


def test_stats_count_moons_apart_from_the_average(app, client, make_game):
    game, headers = make_game("tournament")
    all_ours = set(CARDS)
    client.post(f"/api/games/{game['id']}/hands", json=hand(0, "moon", all_ours - {"two"}), headers=headers)
    client.post(f"/api/games/{game['id']}/hands", json=hand(1, 5, set()), headers=headers)
    client.post(f"/api/games/{game['id']}/hands", json=hand(2, 6, all_ours), headers=headers)
    rows = stats.player_stats(known_state(app, game["id"]))
    assert (rows[0].bids, rows[0].set, rows[0].moons, rows[0].moons_made, rows[0].average_bid) == (1, 1, 1, 0, None)
    html = client.get(f"/share/{game['id']}").get_data(as_text=True)
    assert "Moons made / tried" in html and "<td>0 / 1</td>" in html


# --- export -------------------------------------------------------------------------------------

def test_csv_export_is_the_paper_sheet(client, known_game):
    game, _ = known_game
    response = client.get(f"/games/{game['id']}/export.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    disposition = response.headers["Content-Disposition"]
    assert re.fullmatch(r'attachment; filename="pitch-ann-bo-cy-di-\d{4}-\d{2}-\d{2}\.csv"', disposition)
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert rows[-2:] == [[], ["Rules", game_summary(client.get(f"/api/games/{game['id']}").get_json())]]
    assert rows[-1][1].startswith("10 points: Ace, Jack, Off-jack, High joker, Low joker, Ten, Three (3), Two · to ")
    assert rows[:-2] == [
        ["Hand", "Dealer", "Bidder", "Bid", "Trump", "Result", "Us points", "Them points", "Us total", "Them total"],
        ["1", "Ann", "Bo", "6", "hearts", "made", "4", "6", "4", "6"],
        ["2", "Bo", "Cy", "5", "", "set", "-5", "6", "-1", "12"],
        ["3", "Cy", "", "", "", "misdeal", "0", "0", "-1", "12"],
        ["4", "Cy", "Ann", "7", "spades", "made", "9", "1", "8", "13"],
        ["5", "Di", "Ann", "4", "", "set", "-4", "7", "4", "20"],
    ]


def test_csv_export_defuses_formulas_in_names(client, make_game):
    game, headers = make_game("ten-point", players=["=SUM(A1)", "Bo", "+Cy", "Di"])
    client.post(f"/api/games/{game['id']}/hands", json=hand(0, 3, set(CARDS)), headers=headers)
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game['id']}/export.csv").data.decode("utf-8-sig"))))
    assert rows[0][6] == "'=SUM(A1)/+Cy points"
    assert rows[1][1:3] == ["'=SUM(A1)", "'=SUM(A1)"]


def test_json_export_is_the_api_game(client, known_game):
    game, _ = known_game
    response = client.get(f"/games/{game['id']}/export.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].startswith('attachment; filename="pitch-ann-bo-cy-di-')
    exported = json.loads(response.data)
    assert "edit_key" not in exported
    for key in ("id", "variant", "rules", "players", "teams", "hands", "scores", "status", "winner", "next_dealer"):
        assert exported[key] == game[key]
    assert exported["team_names"] == ["Us", "Them"]
    assert exported["rules_summary"] == game_summary(game)


# --- import -------------------------------------------------------------------------------------

def upload(client, data: bytes, token: str | None = None, name: str = "game.json"):
    form = {"file": (io.BytesIO(data), name)}
    if token is not None:
        form["csrf_token"] = token
    return client.post("/import", data=form, content_type="multipart/form-data")


def comparable(game_id: str, app) -> dict:
    """The scored game with what differs between copies left out (ids, dates)."""
    state = known_state(app, game_id)
    with app.app_context():
        stored = get_game(game_id)
        return {"state": state_to_dict(state), "variant": stored.variant, "team_names": stored.team_names,
                "rules": stored.rules}


@pytest.mark.parametrize("variant", ["ten-point", "tournament", "five-point", "cutthroat"])
def test_json_export_round_trips_through_import(app, client, make_game, known_game, variant):
    if variant == "ten-point":
        game, _ = known_game
    else:
        game, headers = make_game(variant, rules={"target": 45})
        client.post(f"/api/games/{game['id']}/hands", json={"misdeal": True}, headers=headers)
    exported = client.get(f"/games/{game['id']}/export.json").data
    before = game_count(app)
    response = upload(client, exported, csrf(client, "/import"))
    assert response.status_code == 303
    new_id = response.headers["Location"].rstrip("/").split("/")[-1]
    assert new_id != game["id"] and game_count(app) == before + 1
    assert comparable(new_id, app) == comparable(game["id"], app)
    with client.session_transaction() as session:
        assert new_id in dict(session["keys"])  # [id, key] pairs, most recent first


def test_import_keeps_a_time_call(app, client, make_game):
    game, headers = make_game("tournament")
    client.post(f"/api/games/{game['id']}/hands", json=hand(1, 5, {"ace"}), headers=headers)
    assert client.post(f"/api/games/{game['id']}/time", json={}, headers=headers).status_code == 200
    response = upload(client, client.get(f"/games/{game['id']}/export.json").data, csrf(client, "/import"))
    new_id = response.headers["Location"].rstrip("/").split("/")[-1]
    assert comparable(new_id, app) == comparable(game["id"], app)
    assert known_state(app, new_id).status == "finished"


def test_import_accepts_the_api_json_without_team_names(app, client, known_game):
    game, _ = known_game
    response = upload(client, json.dumps(game).encode(), csrf(client, "/import"))
    assert response.status_code == 303
    new_id = response.headers["Location"].rstrip("/").split("/")[-1]
    assert comparable(new_id, app) == comparable(game["id"], app)


def _broken_hand(game):
    body = dict(game)
    body["hands"] = [dict(item) for item in game["hands"]]
    body["hands"][2] = {"bidder": 1, "bid": 99, "captured": {key: 0 for key in CARDS}}
    return json.dumps(body).encode()


@pytest.mark.parametrize(("make_file", "message"), [
    (lambda game: b"\x89PNG\r\n\x1a\n\x00\x00", "It is not a JSON file."),
    (lambda game: b"{not json", "It is not a JSON file."),
    (lambda game: b"[1, 2, 3]", "not a game saved by Pitch Scorekeeper"),
    (lambda game: json.dumps({"players": game["players"]}).encode(), "not a game saved by Pitch Scorekeeper"),
    (lambda game: json.dumps({**game, "variant": "bridge"}).encode(), "Choose a variant"),
    (lambda game: json.dumps({**game, "hands": "many"}).encode(), "Its hands are not a list."),
    (_broken_hand, "Hand 3: The bid must be a number from 3 to 10"),
    (lambda game: json.dumps({**game, "time_called": {"after_hand": 1}}).encode(), "no clock"),
])
def test_bad_import_files_are_refused_with_a_message(app, client, known_game, make_file, message):
    game, _ = known_game
    before = game_count(app)
    response = upload(client, make_file(game), csrf(client, "/import"))
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Nothing was imported." in html and message in html
    assert 'role="alert"' in html
    assert game_count(app) == before


def test_import_without_a_file_asks_for_one(app, client):
    response = client.post("/import", data={"csrf_token": csrf(client, "/import")}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert "Choose the game file to import." in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_import_needs_the_csrf_token(app, client, known_game):
    game, _ = known_game
    before = game_count(app)
    exported = client.get(f"/games/{game['id']}/export.json").data
    assert upload(client, exported).status_code == 400
    assert upload(client, exported, token="forged").status_code == 400
    assert game_count(app) == before


def test_import_page_has_a_labelled_file_field(client):
    html = client.get("/import").get_data(as_text=True)
    assert '<label for="file">' in html and 'enctype="multipart/form-data"' in html and 'type="file"' in html


def test_live_fragment_304_also_for_the_compressed_copy(client, known_game):
    """Flask-Compress tags a compressed body "<etag>:br"; a poll holding that tag still gets the cheap 304."""
    game, _ = known_game
    assert_compressed_copy_is_304(client, f"/share/{game['id']}/live")


def test_share_page_reload_is_a_304_until_something_changes(client, known_game):
    game, headers = known_game
    url = f"/share/{game['id']}"
    first = client.get(url)
    assert first.headers["Cache-Control"] == "public, max-age=3, stale-while-revalidate=6"
    again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    client.post(f"/api/games/{game['id']}/hands", json={"misdeal": True}, headers=headers)
    assert client.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 200


def test_share_page_reload_of_the_compressed_copy_is_a_304(client, known_game):
    game, _ = known_game
    assert_compressed_copy_is_304(client, f"/share/{game['id']}", "gzip")
