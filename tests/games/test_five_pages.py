"""Five at a table on the pages, without JavaScript: the start page seats five at every partnership preset for four,
the hand form shows who sits out and the two sides, the sheet keeps five columns, the share page, its chart and
stats, the CSV and JSON export and the import all carry it."""

from __future__ import annotations

import csv
import io
import re
from html import unescape

import pytest

from scorekeeper.rules import PRESETS
from tests.support.pages import csrf, hidden, log, plain, text

FIVE = ["Ann", "Bo", "Cy", "Di", "Ed"]
FIVE_PRESETS = [name for name, rules in PRESETS.items() if rules.partners and 4 in rules.seat_counts]
ALONE = [name for name, rules in PRESETS.items() if not rules.partners]


def start_five(client, variant: str = "ten-point", status: int = 303, **extra):
    """The start form posted with five names and "5 players: the dealer sits out" ticked."""
    data = {"csrf_token": csrf(client), "variant": variant, "sit_out": "y", **extra}
    data.update({f"players-{seat}": name for seat, name in enumerate(FIVE)})
    response = client.post("/", data=data)
    assert response.status_code == status, text(response)
    return response.headers["Location"].rsplit("/", 1)[1] if status == 303 else response


def bidder_choices(html: str) -> dict[str, bool]:
    """The bidder buttons of the hand form: seat number to whether it is offered (not hidden and disabled)."""
    button = r'<label class="choice"( hidden)?><input type="radio" name="bidder" value="(\d)"( disabled)?'
    found = re.findall(button, html)
    return {seat: not (hide or off) for hide, seat, off in found}


@pytest.mark.parametrize("variant", FIVE_PRESETS)
def test_the_start_page_seats_five_at_every_partnership_game_for_four(client, variant):
    """The box is on the start page; ticked, the game has five columns, rules.sit_out, and says so under the sheet."""
    assert "5 players: the dealer sits out" in text(client.get("/"))
    game_id = start_five(client, variant)
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["rules"]["sit_out"] == "dealer" and game["players"] == FIVE and game["team_names"] is None
    html = unescape(text(client.get(f"/games/{game_id}")))
    assert len(re.findall(r'<th scope="col" class="team">', html)) == 5
    assert "5 players, the dealer sits out each hand" in plain(html)


@pytest.mark.parametrize("variant", ALONE)
def test_five_with_the_dealer_out_is_refused_where_everyone_plays_alone(client, variant):
    """Cutthroat and smudge: the engine's sentence at the box, nothing created."""
    response = start_five(client, variant, status=422)
    assert re.search(r'data-error="sit_out">The dealer sits out only at a game with partners', text(response))


def test_five_names_without_the_box_say_how_to_seat_five(client):
    """Five names at a four-player game: the message says the game is for 4 (the box is what seats five)."""
    data = {"csrf_token": csrf(client), "variant": "ten-point", **{f"players-{n}": name for n, name in enumerate(FIVE)}}
    response = client.post("/", data=data)
    assert response.status_code == 422 and "This game is for 4 players" in plain(text(response))


def test_team_names_are_left_out_at_a_table_of_five(client):
    """Names typed for teams are not sent: the sides change every hand."""
    game_id = start_five(client, **{"team_names-0": "Us", "team_names-1": "Them"})
    assert client.get(f"/api/games/{game_id}").get_json()["team_names"] is None


def test_the_hand_form_names_who_sits_out_and_the_two_sides(client):
    """Ann deals hand 1: her bidder button is not offered, the line names her and Bo & Di against Cy & Ed, and the
    points go to those sides; after the hand, Bo deals and the form follows."""
    game_id = start_five(client)
    html = unescape(text(client.get(f"/games/{game_id}")))
    assert bidder_choices(html) == {"0": False, "1": True, "2": True, "3": True, "4": True}
    assert "Ann deals and sits out: Bo & Di against Cy & Ed." in html
    assert re.search(r'name="captured_ace" value="0"[^>]*><span>Bo & Di</span>', html)
    log(client, game_id, {"bidder": "1", "bid": "5", "taken": "6"})
    hand = client.get(f"/api/games/{game_id}").get_json()["hands"][0]
    assert (hand["points"], hand["delta"], hand["sides"]) == ([6, 4], [0, 6, 4, 6, 4], [[1, 3], [2, 4]])
    html = unescape(text(client.get(f"/games/{game_id}")))
    assert bidder_choices(html)["1"] is False and "Bo deals and sits out: Cy & Ed against Di & Ann." in html


def test_a_quick_hand_of_the_second_side_gives_the_rest_to_the_first(client):
    """Cy (side 1 of Ann's deal) bids 3 and Cy & Ed took 7: Bo and Di get the other 3, Ann nothing."""
    game_id = start_five(client)
    log(client, game_id, {"bidder": "2", "bid": "3", "taken": "7"})
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["scores"] == [0, 3, 7, 3, 7]


def test_the_dealer_as_bidder_is_refused_at_the_bidder(client):
    """A changed form naming the dealer: nothing saved, the engine's sentence at the bidder."""
    game_id = start_five(client)
    response = log(client, game_id, {"bidder": "0", "bid": "5", "taken": "6"}, status=422)
    assert re.search(r'data-error="bidder">Ann deals this hand and sits it out', text(response))
    assert client.get(f"/api/games/{game_id}").get_json()["hands"] == []


def test_editing_a_hand_shows_that_hands_dealer_and_sides(client):
    """Hand 2 was dealt by Bo: its edit form offers Ann, not Bo, and names Bo's sides."""
    game_id = start_five(client)
    log(client, game_id, {"bidder": "1", "bid": "5", "taken": "6"})
    log(client, game_id, {"bidder": "0", "bid": "3", "taken": "8"})
    html = unescape(text(client.get(f"/games/{game_id}/hands/2/edit")))
    assert bidder_choices(html) == {"0": True, "1": False, "2": True, "3": True, "4": True}
    assert "Bo deals and sits out: Cy & Ed against Di & Ann." in html
    assert re.search(r'name="taken" value="8" checked', html)
    data = {"csrf_token": hidden(html, "csrf_token"), "bidder": "2", "bid": "3", "taken": "5"}
    assert client.post(f"/games/{game_id}/hands/2/edit", data=data).status_code == 303
    assert client.get(f"/api/games/{game_id}").get_json()["scores"] == [5, 6, 9, 11, 9]


def finished_game(client) -> str:
    """A game of five to 10 won by Di and Ann on hand 2 (worked example 14 of docs/rules.md)."""
    game_id = start_five(client, target="10")
    for hand in ({"bidder": "1", "bid": "5", "taken": "6"}, {"bidder": "3", "bid": "6", "taken": "7"}):
        log(client, game_id, hand)
    return game_id


def test_the_sheet_names_the_winning_pair_and_marks_who_sat_out(client):
    """The banner names Di & Ann, both their columns are marked won, each hand's dealer cell says out."""
    game_id = finished_game(client)
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["status"] == "finished" and game["winners"] == [3, 0]
    html = unescape(text(client.get(f"/games/{game_id}")))
    assert "Winner: Di & Ann." in plain(html)
    won = re.findall(r'<p class="side( won)?" data-team="(\d)"', html)
    assert [team for mark, team in won if mark] == ["0", "3"]
    assert len(re.findall(r'class="team out"', html)) == 2


def test_the_share_page_chart_stats_and_exports_carry_five(client):
    """Five chart lines, hands played and sat out per player, the CSV with five totals, the JSON that imports."""
    game_id = finished_game(client)
    share = text(client.get(f"/share/{game_id}"))
    assert len(re.findall(r'class="[^"]*chart-team-\d', share)) >= 5
    assert "Hands played" in share and "Sat out" in share
    stats = re.findall(r'<tr><th scope="row">(\w+)</th>(?:\s*<td>[^<]*</td>){4}<td>(\d+)</td><td>(\d+)</td>', share)
    assert stats == [("Ann", "1", "1"), ("Bo", "1", "1"), ("Cy", "2", "0"), ("Di", "2", "0"), ("Ed", "2", "0")]
    rows = list(csv.reader(io.StringIO(text(client.get(f"/games/{game_id}/export.csv")).lstrip("\ufeff"))))
    assert rows[0][-5:] == [f"{name} total" for name in FIVE]
    exported = client.get(f"/games/{game_id}/export.json").get_data()
    data = {"csrf_token": csrf(client, "/import"), "file": (io.BytesIO(exported), "game.json")}
    answer = client.post("/import", data=data, content_type="multipart/form-data")
    assert answer.status_code == 303, text(answer)
    copy = client.get(f"/api/games/{answer.headers['Location'].rsplit('/', 1)[1]}").get_json()
    original = client.get(f"/api/games/{game_id}").get_json()
    for name in ("rules", "players", "scores", "winners", "result"):
        assert copy[name] == original[name]
