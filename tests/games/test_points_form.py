"""Quick entry in the hand form without JavaScript: the bidders' points, the rest to the other side."""

from __future__ import annotations

import re

from tests.support.pages import hidden, log, plain, scores, start, text
from tests.support.tables import CARD_POINTS


def test_the_form_offers_the_bidders_points_from_0_to_the_hand_total(client):
    """A 10-point game shows 0 to 10; a game where points may go to nobody has no quick entry."""
    html = text(client.get(f"/games/{start(client)}"))
    assert re.findall(r'name="taken" value="(\d+)"', html) == [str(n) for n in range(11)]
    assert "Points the bidders took" in html
    five = text(client.get(f"/games/{start(client, 'five-point')}"))
    assert 'name="taken"' not in five and "Points the bidders took" not in five


def test_a_quick_hand_gives_the_rest_to_the_other_side(client):
    """Bo (Bo/Di) bids 6 and they took 7: made, 3-7; Cy bids 5 and Ann/Cy took 4: set, -5 and 6 more."""
    game_id = start(client)
    log(client, game_id, {"bidder": "1", "bid": "6", "taken": "7"})
    assert scores(client, game_id) == [3, 7]
    log(client, game_id, {"bidder": "2", "bid": "5", "taken": "4"})
    assert scores(client, game_id) == [-2, 13]
    hands = client.get(f"/api/games/{game_id}").get_json()["hands"]
    assert [hand["points"] for hand in hands] == [[3, 7], [4, 6]] and "captured" not in hands[0]


def test_quick_entry_and_cards_together_are_refused_at_the_points(client):
    """Both ways at once: nothing saved, the message at the points."""
    game_id = start(client)
    response = log(client, game_id, {"bidder": "1", "bid": "6", "taken": "7", "captured_ace": "1"}, status=422)
    assert "not both" in plain(text(response)) and scores(client, game_id) == [0, 0]
    assert re.search(r'id="e-points" data-error="points">[^<]*not both', text(response))


def test_a_count_past_the_hand_total_is_refused(client):
    """11 of a 10-point hand (a changed form) is refused with the hand's shape."""
    game_id = start(client)
    response = log(client, game_id, {"bidder": "1", "bid": "6", "taken": "11"}, status=422)
    assert "each from 0 to 10" in plain(text(response)) and scores(client, game_id) == [0, 0]
    response = log(client, game_id, {"bidder": "1", "bid": "6", "taken": "x"}, status=422)
    assert "each from 0 to 10" in plain(text(response))


def test_a_hand_with_neither_points_nor_cards_names_the_first_card(client):
    """Nothing tapped after the bid: the form asks for the points as before (the first card is named)."""
    game_id = start(client)
    response = log(client, game_id, {"bidder": "1", "bid": "6"}, status=422)
    assert scores(client, game_id) == [0, 0] and "This hand was not saved" in text(response)


def test_editing_a_points_hand_prefills_the_bidders_points_and_may_go_card_by_card(client):
    """The edit form shows the bidders' 7; saving it card by card changes the hand's form."""
    game_id = start(client)
    log(client, game_id, {"bidder": "1", "bid": "6", "taken": "7"})
    html = text(client.get(f"/games/{game_id}/hands/1/edit"))
    assert re.search(r'name="taken" value="7" checked', html)
    by_card = {f"captured_{key}": "1" if key in ("ace", "jack", "three") else "0" for key in CARD_POINTS}
    data = {"csrf_token": hidden(html, "csrf_token"), "bidder": "1", "bid": "5", **by_card}
    assert client.post(f"/games/{game_id}/hands/1/edit", data=data).status_code == 303
    hand = client.get(f"/api/games/{game_id}").get_json()["hands"][0]
    assert hand["points"] == [5, 5] and hand["captured"]["three"] == 1 and hand["made"] is True
