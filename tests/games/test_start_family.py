"""The start page for every kind of Pitch: common games first, the rest folded away, and the house-rules editor."""

from __future__ import annotations

import re

import pytest

from scorekeeper.games.pages.forms import COMMON
from scorekeeper.rules import DESCRIPTIONS, PRESETS
from tests.support.pages import csrf, hidden, plain, text

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
NEW = [name for name in PRESETS if name not in COMMON]


def post(client, variant: str, players: int, **extra):
    """The start form posted without JavaScript, `players` seats filled."""
    data = {"csrf_token": csrf(client), "variant": variant, **extra}
    data.update({f"players-{seat}": name for seat, name in enumerate(NAMES[:players])})
    return client.post("/", data=data)


def started(client, variant: str, players: int, **extra) -> dict:
    """A game started from the form: the API's view of it."""
    response = post(client, variant, players, **extra)
    assert response.status_code == 303, text(response)
    return client.get(f"/api/games/{response.headers['Location'].rsplit('/', 1)[1]}").get_json()


def error_at(response, name: str) -> str:
    """The message the page shows at the field `name`."""
    match = re.search(rf'<p class="error" id="e-{name}" data-error="{name}">([^<]*)</p>', text(response))
    assert match, f"no error shown at {name}"
    return match.group(1)


def test_the_common_games_come_first_and_the_rest_are_folded_under_more_kinds(client):
    html = text(client.get("/"))
    more = html.index('<details class="more-kinds"')
    for name in COMMON:
        assert html.index(f'value="{name}"') < more
    for name in NEW:
        assert html.index(f'value="{name}"') > more
    for description in DESCRIPTIONS.values():
        assert description in html
    assert '<details class="more-kinds" id="more-kinds">' in html, "folded until a table opens it"


def test_a_refused_start_of_a_more_kinds_game_shows_it_unfolded(client):
    response = post(client, "smear", 3)
    assert response.status_code == 422
    assert '<details class="more-kinds" id="more-kinds" open>' in text(response)
    assert 'value="smear" checked' in text(response)


@pytest.mark.parametrize("variant", NEW)
def test_each_added_preset_starts_from_the_page_without_javascript(client, variant):
    rules = PRESETS[variant]
    game = started(client, variant, rules.players)
    assert game["variant"] == variant and len(game["players"]) == rules.players
    assert len(game["teams"]) == rules.team_count


@pytest.mark.parametrize("count", [2, 3, 5, 7])
def test_cutthroat_seats_two_to_seven_from_the_form(client, count):
    game = started(client, "cutthroat", count)
    assert game["players"] == NAMES[:count] and len(game["teams"]) == count


def test_a_count_the_game_does_not_allow_is_refused_at_the_players(client):
    response = post(client, "ten-point", 5)
    assert response.status_code == 422
    assert error_at(response, "players") == "This game is for 4 players: write 4 names, in seating order."
    response = post(client, "cutthroat", 1)
    assert "This game is for 2 to 7 players" in error_at(response, "players")


def test_the_editor_adds_a_point_with_its_value_and_the_summary_says_so(client):
    ticked = {f"point_{key}": "y" for key in PRESETS["ten-point"].points}
    game = started(client, "ten-point", 4, custom_points="y", point_off_ace="y", worth_off_ace="2", **ticked)
    assert game["rules"]["points"]["off_ace"] == 2 and sum(game["rules"]["points"].values()) == 12
    assert game["rules"]["in_play"] == "all"


def test_the_editor_builds_a_dealt_game_without_partners(client):
    game = started(client, "ten-point", 5, custom_points="y", point_high="y", point_low="y", point_jack="y",
                   point_game="y", in_play="dealt", partners="no", smudge="yes", moon="off", max_bid="4",
                   target="11", end="highest_past_target")
    rules = game["rules"]
    assert rules["scheme"] == "categories" and rules["partners"] is False and rules["smudge"] is True
    assert rules["end"] == "highest_past_target" and len(game["teams"]) == 5


def test_the_editor_keeps_the_moon_in_a_dealt_game_of_two_teams(client):
    game = started(client, "ten-point", 4, in_play="dealt")
    assert game["rules"]["in_play"] == "dealt" and game["rules"]["moon"] == PRESETS["ten-point"].to_dict()["moon"]


@pytest.mark.parametrize(("variant", "extra", "hint"), [
    ("five-point", {"moon": "win-lose"}, "Moon: the bidders must take every point in play (all 4 when all are dealt)."),
    ("ten-point", {"in_play": "dealt"}, "Moon: the bidders must take every point in play (all 10 when all are dealt)."),
    ("ten-point", {}, "Moon: the bidders must take all 10 points."),
])
def test_the_hand_form_says_what_a_moon_must_take(client, variant, extra, hint):
    response = post(client, variant, 4, **extra)
    assert response.status_code == 303, text(response)
    assert hint in plain(text(client.get(response.headers["Location"])))


def test_a_point_set_the_engine_refuses_is_named_at_the_points(client):
    response = post(client, "smear", 4, custom_points="y", point_high="y", point_joker="y", point_high_joker="y")
    assert response.status_code == 422
    assert error_at(response, "points") == (
        "points: a deck has one joker or two, so use joker or high_joker and low_joker, not both.")
    assert '<details class="house" id="house" open>' in text(response)


def test_a_point_worth_too_much_is_refused_at_its_box(client):
    response = post(client, "nine-point", 4, custom_points="y", point_five="y", worth_five="11")
    assert response.status_code == 422
    assert "Number must be between 1 and 10." in plain(text(response))


def test_no_points_ticked_is_refused(client):
    response = post(client, "nine-point", 4, custom_points="y")
    assert "naming at least one point" in error_at(response, "points")


@pytest.mark.parametrize(("extra", "field", "message"), [
    ({"in_play": "dealt", "partners": "no"}, "moon", "A missed moon that loses the game needs two teams"),
    ({"partners": "no", "moon": "win-lose"}, "moon", "A missed moon that loses the game needs two teams"),
    ({"max_bid": "12"}, "max_bid", "The highest bid cannot be more than 10"),
])
def test_house_rules_that_disagree_are_refused_at_their_field(client, extra, field, message):
    response = post(client, "ten-point", 4, **extra)
    assert response.status_code == 422
    assert message in error_at(response, field)


def test_the_page_shows_the_summary_of_the_game_chosen(client):
    assert ("10 points: Ace, Jack, Off-jack, High joker, Low joker, Ten, Three (3), Two · to 31 · win on your bid"
            in plain(text(client.get("/"))))
    response = post(client, "nine-point", 0)
    assert "9 points: Jack, Ace, Ten, Five (5), Two · to 31 · win on your bid · bids 3 to 9" in plain(text(response))


def test_a_custom_game_started_from_the_form_scores_its_first_hand(client):
    game = started(client, "seven-point", 4, custom_points="y", point_high="y", point_low="y", point_jack="y",
                   point_off_jack="y", point_game="y", max_bid="5")
    page = text(client.get(f"/games/{game['id']}"))
    data = {"csrf_token": hidden(page, "csrf_token"), "hand_id": hidden(page, "hand_id"),
            "number": hidden(page, "number"), "bidder": "1", "bid": "3", "captured_high": "1", "captured_low": "0",
            "captured_jack": "1", "captured_off_jack": "none", "captured_game": "1"}
    assert client.post(f"/games/{game['id']}/hands", data=data).status_code == 303
    assert client.get(f"/api/games/{game['id']}").get_json()["scores"] == [1, 3]



def test_the_editor_turns_off_the_all_tricks_bid_so_five_point_can_count_the_jick(client):
    points = {"point_high": "y", "point_low": "y", "point_jack": "y", "point_off_jack": "y", "point_game": "y"}
    refused = post(client, "five-point", 4, custom_points="y", **points)
    assert "The all-tricks bid is for High-Low-Jack-Game games" in error_at(refused, "points")
    game = started(client, "five-point", 4, custom_points="y", all_tricks_bid="off", **points)
    assert game["rules"]["all_tricks_bid"] is None and game["rules"]["points"]["off_jack"] == 1


@pytest.mark.parametrize("extra", [
    {"custom_points": "y", "point_five": "y", "worth_five": "٣"},
    {"custom_points": "y", "point_nothing": "y", "worth_ace": "-1"},
    {"partners": "maybe"}, {"smudge": "1"}, {"in_play": "some"}, {"end": "never"}, {"all_tricks_bid": "5"},
    {"custom_points": "y", "point_joker": "y", "point_low_joker": "y", "partners": "no", "moon": "win-lose"},
    {"variant": "bridge", "custom_points": "y", "point_ace": "y"},
])
def test_junk_in_the_editor_is_refused_with_422_never_a_crash(client, extra):
    response = post(client, extra.pop("variant", "ten-point"), 4, **extra)
    assert response.status_code == 422
    assert "The game was not started" in text(response)


@pytest.mark.parametrize(("variant", "extra", "stored"), [
    ("ten-point", {"dealer_may_match": "yes"}, {"dealer_may_match": True}),
    ("five-point", {"dealer_may_match": "no"}, {"dealer_may_match": False}),
    ("ten-point", {"trump_with_bid": "yes"}, {"trump_with_bid": True}),
    ("ten-point-six", {"trump_with_bid": "no"}, {"trump_with_bid": False}),
    ("ten-point", {"all_pass": "redeal"}, {"forced_bid": None}),
    ("ten-point", {"forced_bid": "6"}, {"forced_bid": 6}),
    ("ten-point", {"all_pass": "dealer", "forced_bid": "4"}, {"forced_bid": 4}),
    ("ten-point", {"all_pass": "dealer"}, {"forced_bid": 3}),
    ("ten-point", {"min_bid": "5"}, {"forced_bid": 5}),
    ("smear", {"all_pass": "dealer"}, {"forced_bid": 3}),
    ("smear", {"all_pass": "dealer", "min_bid": "4"}, {"forced_bid": 4}),
    ("smear", {"forced_bid": "5"}, {"forced_bid": 5}),
    ("smear", {}, {"forced_bid": None, "dealer_may_match": False, "trump_with_bid": False}),
    ("five-point", {"dealer_may_match": "yes", "all_pass": "redeal", "trump_with_bid": "yes"},
     {"dealer_may_match": True, "forced_bid": None, "trump_with_bid": True}),
])
def test_the_auction_options_set_on_the_page_land_in_the_stored_rules(client, variant, extra, stored):
    game = started(client, variant, PRESETS[variant].players, **extra)
    assert {name: game["rules"][name] for name in stored} == stored


@pytest.mark.parametrize(("extra", "forced_bid"), [
    ({"forced_bid": "3"}, 3), ({"forced_bid": "10"}, 10),
    ({"min_bid": "4", "max_bid": "8", "forced_bid": "4"}, 4), ({"min_bid": "4", "max_bid": "8", "forced_bid": "8"}, 8),
])
def test_the_dealers_bid_may_be_the_lowest_or_the_highest_bid(client, extra, forced_bid):
    assert started(client, "ten-point", 4, **extra)["rules"]["forced_bid"] == forced_bid


@pytest.mark.parametrize(("extra", "bids"), [
    ({"forced_bid": "2"}, "3 to 10"), ({"forced_bid": "11"}, "3 to 10"),
    ({"min_bid": "4", "max_bid": "8", "forced_bid": "3"}, "4 to 8"),
    ({"min_bid": "4", "max_bid": "8", "forced_bid": "9"}, "4 to 8"),
])
def test_a_dealers_bid_one_past_the_bids_is_refused_at_its_box(client, extra, bids):
    response = post(client, "ten-point", 4, **extra)
    assert response.status_code == 422
    assert error_at(response, "forced_bid") == (
        f"The bid the dealer is stuck with when all pass must be a legal bid, {bids}.")
    assert '<details class="house" id="house" open>' in text(response)


def test_a_dealers_bid_with_the_hand_dealt_again_is_refused_at_the_bid(client):
    response = post(client, "ten-point", 4, all_pass="redeal", forced_bid="4")
    assert response.status_code == 422
    assert error_at(response, "forced_bid").startswith("With the hand dealt again when everyone passes")


def test_the_auction_controls_start_as_the_game_says_with_its_dealers_bid_shown(client):
    html = text(client.get("/"))
    for name in ("all_pass", "dealer_may_match", "trump_with_bid"):
        assert re.search(rf'<select id="{name}"[^>]*>\s*<option value="" selected>As the game says</option>', html)
    assert re.search(r'<input id="forced_bid" name="forced_bid" type="number"[^>]*value="" placeholder="3"', html)
    for label in ("The dealer may take the bid by matching it", "The hand is dealt again",
                  "The bidder names trump with the bid"):
        assert label in html
    refused = post(client, "tournament", 0)
    assert re.search(r'<input id="forced_bid"[^>]*placeholder="5"', text(refused))
    refused = post(client, "ten-point", 0, dealer_may_match="yes", forced_bid="4", trump_with_bid="yes")
    assert ("moon allowed · the dealer may match the top bid · all pass: the dealer bids 4 · trump named with the bid"
            in plain(text(refused)))


@pytest.mark.parametrize("extra", [
    {"dealer_may_match": "maybe"}, {"trump_with_bid": "1"}, {"all_pass": "never"}, {"forced_bid": "x"},
    {"forced_bid": "0"}, {"forced_bid": "21"}, {"forced_bid": "٣"},
])
def test_junk_in_the_auction_options_is_refused_with_422(client, extra):
    response = post(client, "ten-point", 4, **extra)
    assert response.status_code == 422
    assert "The game was not started" in text(response)
