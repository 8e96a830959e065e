"""One test per rule and decision of docs/rules.md, on the pure scoring engine."""

import ast
import json
import sys
from dataclasses import FrozenInstanceError, replace
from pathlib import Path

import pytest

import scorekeeper.rules
from scorekeeper.rules import (
    DESCRIPTIONS,
    PRESETS,
    Conflict,
    Moon,
    RuleError,
    Table,
    TimeCall,
    make_table,
    parse_hand,
    play,
    preset,
    rules_from_dict,
    score,
    start,
    state_to_dict,
)
from tests.support.paths import VECTORS
from tests.support.tables import CARD_POINTS, PLAYERS

# The rest of the Pitch family (rules.md, "The added presets"): the player counts each allows, usual first.
FAMILY = {
    "partnership-pitch": (4,), "smudge": (4, 2, 3, 5, 6, 7), "five-point-jick": (4,), "seven-point": (4,),
    "nine-point": (4,), "eleven-point": (4, 6), "thirteen-point": (4, 6), "smear": (4, 6),
}
ANN, BO, CY, DI = range(4)
CARDS = CARD_POINTS
CARD_VALUES = {"ace": 1, "jack": 1, "off_jack": 1, "high_joker": 1, "low_joker": 1, "ten": 1, "three": 3, "two": 1}
CATEGORIES = ("high", "low", "jack", "game")
ALL_BUT_THREE = tuple(key for key in CARDS if key != "three")


def new_table(variant="ten-point", rules=None, time=None, team_names=None):
    """A table of the usual players for `variant`."""
    return make_table(variant, list(PLAYERS[variant]), team_names, rules, time)


def at(table, *scores, dealer=0):
    """A game standing at `scores`, before its next hand."""
    return replace(start(table), scores=tuple(scores), next_dealer=dealer)


def cards(bidder, bid, ours=(), **extra):
    """A card-point hand body: team 0 took the cards in `ours`, team 1 the rest."""
    captured = {key: 0 if key in ours else 1 for key in CARDS}
    return {"bidder": bidder, "bid": bid, "captured": captured, **extra}


def hlj(bidder, bid, high, low, jack, game, **extra):
    """A High-Low-Jack-Game hand body."""
    captured = {"high": high, "low": low, "jack": jack, "game": game}
    return {"bidder": bidder, "bid": bid, "captured": captured, **extra}


def play_all(state, *bodies):
    """`state` (or a new game at a table) after the hand bodies, in order."""
    if not hasattr(state, "hands"):
        state = start(state)
    for body in bodies:
        state = play(state, parse_hand(body, state.table.rules))
    return state


def refusal(state, body):
    """The RuleError raised when `body` is recorded next."""
    if not hasattr(state, "hands"):
        state = start(state)
    with pytest.raises(RuleError) as raised:
        play(state, parse_hand(body, state.table.rules))
    return raised.value


def assert_says(error, field, word):
    """The error names `field` and its message is a sentence that mentions `word`."""
    assert error.field == field, error.message
    assert error.message.strip().endswith((".", ")")), error.message
    assert word.lower() in error.message.lower(), error.message


# Words


@pytest.mark.parametrize(("variant", "dealers"), [
    ("ten-point", [0, 1, 2, 3, 0]),
    ("ten-point-six", [0, 1, 2, 3, 4, 5, 0]),
    ("cutthroat", [0, 1, 2, 0]),
])
def test_deal_passes_one_seat_to_the_left(variant, dealers):
    table = new_table(variant)
    state = start(table)
    for _ in dealers:
        body = cards(0, 10) if table.rules.scheme == "card_points" else hlj(0, 4, 1, 1, 2, 2)
        state = play(state, parse_hand(body, table.rules))
    assert [scored.dealer for scored in state.hands] == dealers
    assert state.next_dealer == (dealers[-1] + 1) % len(PLAYERS[variant])


@pytest.mark.parametrize(("variant", "teams"), [
    ("ten-point", [[0, 2], [1, 3]]),
    ("ten-point-six", [[0, 2, 4], [1, 3, 5]]),
    ("tournament", [[0, 2], [1, 3]]),
    ("five-point", [[0, 2], [1, 3]]),
    ("cutthroat", [[0], [1], [2]]),
])
def test_partners_never_sit_side_by_side_and_team_0_holds_seat_0(variant, teams):
    assert new_table(variant).teams == teams


def test_team_names_default_to_the_players():
    assert new_table().team_label(1) == "Bo/Di"
    assert new_table(team_names=["Us", "Them"]).team_label(1) == "Them"


@pytest.mark.parametrize("bidder", [BO, DI])
def test_the_bidder_makes_its_whole_team_the_bidding_team(bidder):
    state = play_all(new_table(), cards(bidder, 5, CARDS))
    assert state.hands[0].delta == (10, -5)


def test_bid_is_made_when_points_equal_the_bid():
    state = play_all(new_table(), cards(ANN, 4, ("three", "two")))
    assert state.hands[0].made is True
    assert state.scores == (4, 6)


def test_bid_is_set_when_points_fall_short_by_one():
    state = play_all(new_table(), cards(ANN, 5, ("three", "two")))
    assert state.hands[0].made is False


# Point schemes


@pytest.mark.parametrize(("key", "value"), CARD_VALUES.items())
def test_each_card_point_is_worth_its_value(key, value):
    state = play_all(new_table(), cards(BO, 3, (key,)))
    assert state.hands[0].points == (value, 10 - value)


def test_card_points_always_total_ten():
    assert sum(preset("ten-point").points.values()) == 10


@pytest.mark.parametrize("key", CARDS)
def test_every_card_point_must_be_given_to_a_team(key):
    body = cards(BO, 3)
    body["captured"][key] = None
    assert_says(refusal(new_table(), body), f"captured.{key}", "team")


@pytest.mark.parametrize("key", CARDS)
def test_a_missing_card_point_is_refused(key):
    body = cards(BO, 3)
    del body["captured"][key]
    assert_says(refusal(new_table(), body), f"captured.{key}", "took")


@pytest.mark.parametrize("key", CATEGORIES)
def test_each_category_is_worth_one_point(key):
    body = hlj(BO, 2, *(0 if name == key else 1 for name in CATEGORIES))
    assert play_all(new_table("five-point"), body).hands[0].points == (1, 3)


@pytest.mark.parametrize("key", ["high", "low"])
def test_high_and_low_always_go_to_a_team(key):
    body = hlj(BO, 2, 1, 1, 1, 1)
    body["captured"][key] = None
    assert_says(refusal(new_table("five-point"), body), f"captured.{key}", "team")


def test_jack_is_null_when_the_jack_of_trump_was_not_dealt():
    state = play_all(new_table("five-point"), hlj(BO, 2, 1, 1, None, 0))
    assert state.hands[0].points == (1, 2)


def test_game_is_null_when_game_points_tie_and_nobody_scores_it():
    state = play_all(new_table("five-point"), hlj(BO, 3, 1, 1, 1, None))
    assert state.hands[0].points == (0, 3)
    assert state.scores == (0, 3)


@pytest.mark.parametrize(("variant", "key"), [("ten-point", "high"), ("five-point", "ace"), ("five-point", "king")])
def test_a_point_the_scheme_does_not_have_is_refused(variant, key):
    table = new_table(variant)
    body = cards(BO, 3) if variant == "ten-point" else hlj(BO, 2, 1, 1, 1, 1)
    body["captured"][key] = 1
    assert_says(refusal(table, body), f"captured.{key}", "not a point")


@pytest.mark.parametrize(("variant", "team"), [
    ("ten-point", 2), ("ten-point", -1), ("cutthroat", 3), ("five-point", "1"),
])
def test_a_point_given_to_a_team_that_does_not_exist_is_refused(variant, team):
    body = cards(BO, 3) if variant == "ten-point" else hlj(BO, 2, 1, 1, 1, 1)
    key = next(iter(body["captured"]))
    body["captured"][key] = team
    assert_says(refusal(new_table(variant), body), f"captured.{key}", "number from 0")


# A hand's result


def test_made_bid_every_team_adds_its_hand_points():
    state = play_all(at(new_table(), 7, 9), cards(BO, 6, ("ace", "jack", "ten")))
    assert state.hands[0].delta == (3, 7)
    assert state.scores == (10, 16)


def test_set_bidding_team_scores_minus_the_bid_and_keeps_nothing():
    state = play_all(at(new_table(), 7, 9), cards(BO, 8, ("ace", "jack", "ten")))
    assert state.hands[0].delta == (3, -8)
    assert state.scores == (10, 1)


def test_set_in_cutthroat_every_defender_adds_its_own_points():
    state = play_all(new_table("cutthroat"), hlj(2, 3, 0, 1, 2, 1))
    assert state.hands[0].delta == (1, 2, -3)


def test_misdeal_changes_no_score_and_the_same_dealer_deals_again():
    state = play_all(at(new_table(), 5, 6, dealer=2), {"misdeal": True})
    misdeal = state.hands[0]
    assert (misdeal.dealer, misdeal.points, misdeal.delta, misdeal.made) == (2, (0, 0), (0, 0), None)
    assert state.scores == (5, 6)
    assert state.next_dealer == 2


def test_the_hand_after_a_misdeal_is_dealt_by_the_same_dealer():
    state = play_all(new_table(), {"misdeal": True}, cards(BO, 3), {"misdeal": True}, cards(BO, 3))
    assert [scored.dealer for scored in state.hands] == [0, 0, 1, 1]


@pytest.mark.parametrize("extra", [{"bidder": 1}, {"bid": 3}, {"captured": {}}, {"trump": "hearts"}])
def test_a_misdeal_carries_nothing_else(extra):
    assert_says(refusal(new_table(), {"misdeal": True, **extra}), "misdeal", "misdeal")


def test_misdeal_must_be_true_or_false():
    assert_says(refusal(new_table(), {"misdeal": "yes"}), "misdeal", "true or false")


@pytest.mark.parametrize(("body", "field", "word"), [
    ([1, 2], None, "object"),
    ({**cards(BO, 3), "jokers": 2}, "jokers", "not part of a hand"),
    ({**cards(BO, 3), "bidder": None}, "bidder", "seat"),
    ({**cards(BO, 3), "bidder": 4}, "bidder", "seat"),
    ({**cards(BO, 3), "bidder": True}, "bidder", "seat"),
    ({**cards(BO, 3), "bid": 2}, "bid", "3 to 10"),
    ({**cards(BO, 3), "bid": 11}, "bid", "3 to 10"),
    ({**cards(BO, 3), "bid": "5"}, "bid", "number"),
    ({**cards(BO, 3), "bid": 5.0}, "bid", "number"),
    ({**cards(BO, 3), "bid": None}, "bid", "number"),
    ({**cards(BO, 3), "trump": "stars"}, "trump", "hearts"),
    ({**cards(BO, 3), "captured": [0, 1]}, "captured", "object"),
    ({"bidder": BO, "bid": 3}, "captured", "captured"),
])
def test_a_hand_that_breaks_a_rule_is_refused_with_its_field(body, field, word):
    assert_says(refusal(new_table(), body), field, word)


def test_trump_is_optional_and_does_not_change_the_score():
    plain = play_all(new_table(), cards(BO, 5, ("three",)))
    named = play_all(new_table(), cards(BO, 5, ("three",), trump="spades"))
    assert named.scores == plain.scores


def test_derived_fields_sent_back_with_a_hand_are_recomputed():
    body = {**cards(BO, 5, ("three",)), "number": 9, "dealer": 3, "points": [9, 9], "made": False,
            "delta": [0, 0], "scores": [99, 99], "id": "abc"}
    assert play_all(new_table(), body).scores == (3, 7)


# How a game ends


def test_bid_only_bidding_team_wins_when_it_makes_its_bid_and_reaches_the_target():
    state = play_all(at(new_table(), 10, 27), cards(BO, 4, ("ace", "jack", "ten")))
    assert (state.status, state.winner, state.scores) == ("finished", 1, (13, 34))


def test_bid_only_a_defending_team_that_passes_the_target_plays_on():
    state = play_all(at(new_table(), 28, 10), cards(BO, 4, ("ace", "jack", "ten")))
    assert (state.status, state.winner, state.scores) == ("playing", None, (31, 17))


def test_bid_only_a_set_bidding_team_never_wins_on_that_hand():
    state = play_all(at(new_table(), 40, 10), cards(ANN, 5, ("ace",)))
    assert (state.status, state.scores) == ("playing", (35, 19))


def test_first_to_target_a_defending_team_that_reaches_the_target_wins():
    state = play_all(at(new_table("tournament"), 28, 10), cards(BO, 5, ("ace", "jack", "ten")))
    assert (state.status, state.winner) == ("finished", 0)


def test_first_to_target_the_bidding_team_wins_when_both_reach_it():
    state = play_all(at(new_table("tournament"), 30, 25), cards(BO, 6, ("ace",)))
    assert state.scores == (31, 34)
    assert state.winner == 1


def test_first_to_target_the_defender_reaching_the_target_first_in_high_low_jack_game_order_wins():
    state = play_all(at(new_table("cutthroat"), 10, 10, 0), hlj(2, 2, 1, 0, 2, 0))
    assert state.scores == (12, 11, -2)
    assert state.winner == 1


def test_first_to_target_no_one_at_the_target_plays_on():
    state = play_all(new_table("cutthroat"), hlj(0, 2, 0, 1, 2, None))
    assert (state.status, state.scores) == ("playing", (-2, 1, 1))


@pytest.mark.parametrize("body", [cards(BO, 3), {"misdeal": True}])
def test_no_hand_can_be_recorded_in_a_finished_game(body):
    finished = play_all(new_table(), cards(ANN, "moon", CARDS))
    error = refusal(finished, body)
    assert isinstance(error, Conflict)
    assert error.field is None
    assert "over" in error.message


# The presets


@pytest.mark.parametrize(("variant", "options"), [
    ("ten-point", dict(players=4, scheme="card_points", target=31, min_bid=3, max_bid=10, end="bid_only",
                       all_tricks_bid=None, time_limit_minutes=None, dealer_may_match=False, forced_bid=3,
                       trump_with_bid=False)),
    ("ten-point-six", dict(players=6, scheme="card_points", target=41, min_bid=3, max_bid=10, end="bid_only",
                           all_tricks_bid=None, time_limit_minutes=None, dealer_may_match=False, forced_bid=3,
                           trump_with_bid=True)),
    ("tournament", dict(players=4, scheme="card_points", target=31, min_bid=5, max_bid=10, end="first_to_target",
                        all_tricks_bid=None, time_limit_minutes=30, dealer_may_match=False, forced_bid=5,
                        trump_with_bid=False)),
    ("five-point", dict(players=4, scheme="categories", target=21, min_bid=2, max_bid=5, end="bid_only",
                        all_tricks_bid=5, time_limit_minutes=None, dealer_may_match=True, forced_bid=2,
                        trump_with_bid=False)),
    ("cutthroat", dict(players=3, scheme="categories", target=11, min_bid=2, max_bid=4, end="first_to_target",
                       all_tricks_bid=None, time_limit_minutes=None, dealer_may_match=True, forced_bid=2,
                       trump_with_bid=False)),
])
def test_preset_options_match_the_rule_book(variant, options):
    rules = preset(variant).to_dict()
    assert {key: rules[key] for key in options} == options


@pytest.mark.parametrize(("variant", "moon"), [
    ("ten-point", {"success": "win", "failure": "lose", "penalty": 10, "not_in_hole": False}),
    ("ten-point-six", {"success": "win", "failure": "lose", "penalty": 10, "not_in_hole": False}),
    ("tournament", {"success": "win", "failure": "minus", "penalty": 10, "not_in_hole": True}),
    ("five-point", None),
    ("cutthroat", None),
])
def test_preset_moon_matches_the_rule_book(variant, moon):
    assert preset(variant).to_dict()["moon"] == moon


def test_there_are_the_five_seed_presets_and_the_rest_of_the_family():
    assert set(PRESETS) == set(PLAYERS) | set(FAMILY)


@pytest.mark.parametrize(("variant", "count", "word"), [
    ("ten-point", 5, "4 players"), ("ten-point", 3, "4 players"), ("ten-point-six", 4, "6 players"),
    ("tournament", 6, "4 players"), ("five-point", 6, "4 players"),
    ("cutthroat", 8, "2 to 7 players"), ("cutthroat", 1, "2 to 7 players"),
])
def test_a_preset_needs_one_of_its_numbers_of_players(variant, count, word):
    players = [f"P{seat}" for seat in range(count)]
    with pytest.raises(RuleError) as raised:
        make_table(variant, players)
    assert_says(raised.value, "players", word)


def bid_body(variant, bid):
    """A hand with `bid` by seat 1 for any preset."""
    if preset(variant).scheme == "card_points":
        return cards(BO, bid)
    extra = {"all_tricks": 1} if preset(variant).all_tricks_bid else {}
    return hlj(BO, bid, 1, 1, 1, 1, **extra)


@pytest.mark.parametrize(("variant", "low", "high"), [
    ("ten-point", 3, 10), ("ten-point-six", 3, 10), ("tournament", 5, 10), ("five-point", 2, 5), ("cutthroat", 2, 4),
])
def test_bids_run_from_the_preset_minimum_to_maximum(variant, low, high):
    for bid in (low, high):
        assert play_all(new_table(variant), bid_body(variant, bid)).hands[0].hand.bid == bid
    for bid in (low - 1, high + 1):
        assert_says(refusal(new_table(variant), bid_body(variant, bid)), "bid", f"{low} to {high}")


@pytest.mark.parametrize(("variant", "allowed"), [
    ("ten-point", True), ("ten-point-six", True), ("tournament", True), ("five-point", False), ("cutthroat", False),
])
def test_only_card_point_presets_allow_the_moon(variant, allowed):
    body = bid_body(variant, "moon")
    if allowed:
        assert play_all(new_table(variant), body).hands[0].hand.is_moon
    else:
        assert_says(refusal(new_table(variant), body), "bid", "moon")


@pytest.mark.parametrize("variant", PLAYERS)
def test_the_dealer_may_be_stuck_with_the_forced_bid(variant):
    rules = preset(variant)
    table = new_table(variant)
    body = cards(0, rules.forced_bid, CARDS) if rules.scheme == "card_points" else hlj(0, rules.forced_bid, 0, 0, 0, 0)
    assert play_all(table, body).hands[0].made


@pytest.mark.parametrize(("variant", "before", "body", "scores"), [
    ("ten-point", (27, 0), cards(ANN, 4, ("three", "two")), (31, 6)),
    ("ten-point-six", (37, 0), cards(ANN, 4, ("three", "two")), (41, 6)),
    ("tournament", (26, 0), cards(ANN, 5, ("three", "two", "ace")), (31, 5)),
    ("five-point", (19, 0), hlj(ANN, 2, 0, 0, 1, 1), (21, 2)),
    ("cutthroat", (9, 0, 0), hlj(ANN, 2, 0, 0, 1, 2), (11, 1, 1)),
])
def test_reaching_the_preset_target_wins(variant, before, body, scores):
    state = play_all(at(new_table(variant), *before), body)
    assert (state.scores, state.winner) == (scores, 0)


@pytest.mark.parametrize(("variant", "before", "body"), [
    ("ten-point", (26, 0), cards(ANN, 4, ("three", "two"))),
    ("ten-point-six", (36, 0), cards(ANN, 4, ("three", "two"))),
    ("tournament", (25, 0), cards(ANN, 5, ("three", "two", "ace"))),
    ("five-point", (18, 0), hlj(ANN, 2, 0, 0, 1, 1)),
    ("cutthroat", (8, 0, 0), hlj(ANN, 2, 0, 0, 1, 2)),
])
def test_one_short_of_the_preset_target_plays_on(variant, before, body):
    assert play_all(at(new_table(variant), *before), body).status == "playing"


# Moon details


@pytest.mark.parametrize("variant", ["ten-point", "ten-point-six", "tournament"])
def test_a_made_moon_adds_ten_and_wins_at_once(variant):
    state = play_all(at(new_table(variant), 0, 20), cards(ANN, "moon", CARDS))
    assert state.hands[0].made is True
    assert (state.scores, state.status, state.winner) == ((10, 20), "finished", 0)


@pytest.mark.parametrize("variant", ["ten-point", "ten-point-six"])
def test_a_failed_moon_loses_the_game_at_once(variant):
    state = play_all(at(new_table(variant), 25, 0), cards(ANN, "moon", CARDS[1:]))
    assert state.hands[0].made is False
    assert (state.scores, state.status, state.winner) == ((15, 1), "finished", 1)


def test_a_moon_needs_all_ten_points():
    state = play_all(new_table(), cards(BO, "moon", ("two",)))
    assert (state.hands[0].made, state.winner) == (False, 0)


def test_the_other_team_may_overshoot_with_a_moon_of_its_own():
    state = play_all(new_table(), cards(DI, "moon", ()))
    assert (state.hands[0].made, state.winner) == (True, 1)


def test_ten_point_allows_a_moon_from_the_hole():
    state = play_all(at(new_table(), -6, 12), cards(ANN, "moon", CARDS))
    assert state.winner == 0


def test_tournament_failed_moon_scores_minus_ten_and_play_goes_on():
    state = play_all(at(new_table("tournament"), 12, 3), cards(ANN, "moon", CARDS[1:]))
    assert (state.scores, state.status) == ((2, 4), "playing")


def test_tournament_moon_needs_a_score_of_at_least_zero():
    assert_says(refusal(at(new_table("tournament"), -1, 0), cards(ANN, "moon", CARDS)), "bid", "hole")


def test_tournament_moon_is_allowed_on_zero():
    assert play_all(at(new_table("tournament"), 0, 5), cards(ANN, "moon", CARDS)).winner == 0


def test_tournament_made_moon_wins_even_below_the_target():
    state = play_all(at(new_table("tournament"), 0, 30), cards(CY, "moon", CARDS))
    assert (state.scores, state.winner) == ((10, 30), 0)


# Five-point bid 5


def test_bid_five_made_with_every_point_and_every_trick_scores_five():
    state = play_all(new_table("five-point"), hlj(BO, 5, 1, 1, 1, 1, all_tricks=1))
    assert (state.hands[0].made, state.hands[0].delta) == (True, (0, 5))


def test_bid_five_with_every_point_but_not_every_trick_is_set():
    state = play_all(new_table("five-point"), hlj(BO, 5, 1, 1, 1, 1, all_tricks=None))
    assert (state.hands[0].made, state.hands[0].delta) == (False, (0, -5))


def test_bid_five_with_every_trick_but_no_jack_dealt_is_set():
    state = play_all(new_table("five-point"), hlj(BO, 5, 1, 1, None, 1, all_tricks=1))
    assert (state.hands[0].made, state.hands[0].delta) == (False, (0, -5))


def test_bid_five_set_defenders_add_what_they_took():
    state = play_all(new_table("five-point"), hlj(BO, 5, 0, 1, 1, 0, all_tricks=None))
    assert state.hands[0].delta == (2, -5)


def test_bid_four_taking_every_trick_scores_only_the_four_points():
    state = play_all(new_table("five-point"), hlj(BO, 4, 1, 1, 1, 1, all_tricks=1))
    assert state.hands[0].delta == (0, 4)


def test_bid_five_must_say_who_took_all_tricks():
    assert_says(refusal(new_table("five-point"), hlj(BO, 5, 1, 1, 1, 1)), "all_tricks", "tricks")


def test_all_tricks_team_must_hold_every_point():
    assert_says(refusal(new_table("five-point"), hlj(BO, 5, 0, 1, 1, 1, all_tricks=1)), "all_tricks", "High")


@pytest.mark.parametrize("value", [2, -1, "1", True])
def test_all_tricks_must_be_a_team(value):
    assert_says(refusal(new_table("five-point"), hlj(BO, 5, 1, 1, 1, 1, all_tricks=value)), "all_tricks", "0 to 1")


@pytest.mark.parametrize("variant", ["ten-point", "cutthroat"])
def test_all_tricks_is_refused_where_no_bid_needs_it(variant):
    body = {**bid_body(variant, 3), "all_tricks": 1}
    assert_says(refusal(new_table(variant), body), "all_tricks", "all_tricks")


def test_five_point_reaching_the_target_on_a_bid_of_five_wins():
    state = play_all(at(new_table("five-point"), 10, 16), hlj(DI, 5, 1, 1, 1, 1, all_tricks=1))
    assert (state.scores, state.winner) == ((10, 21), 1)


# Tournament clock


def test_time_called_the_team_ahead_wins():
    state = play_all(new_table("tournament", time=TimeCall(after_hand=1)), cards(BO, 5, ("three",)))
    assert (state.status, state.winner) == ("finished", 1)


def test_time_called_a_dealt_hand_is_finished_first():
    table = new_table("tournament", time=TimeCall(after_hand=1, finish_hand=True))
    state = play_all(table, cards(BO, 5, ("three",)))
    assert state.status == "playing"
    state = play_all(state, cards(CY, 5, CARDS))
    assert (state.scores, state.winner) == ((13, 7), 0)


def test_time_called_on_level_scores_plays_on_until_one_team_is_ahead():
    table = new_table("tournament", time=TimeCall(after_hand=2))
    state = play_all(table, cards(BO, 5, ("ace", "jack", "ten", "two")), cards(CY, 5, ("three", "two", "ace", "jack")))
    assert (state.scores, state.status) == ((10, 10), "playing")
    state = play_all(state, {"misdeal": True})
    assert state.status == "playing"
    state = play_all(state, cards(DI, 5, ("three",)))
    assert (state.status, state.winner) == ("finished", 1)


def test_before_time_is_called_the_normal_end_rule_applies():
    state = play_all(new_table("tournament", time=TimeCall(after_hand=3)), cards(BO, 5, ("three",)))
    assert state.status == "playing"


def test_no_hand_after_time_decided_the_game():
    state = play_all(new_table("tournament", time=TimeCall(after_hand=1)), cards(BO, 5, ("three",)))
    assert isinstance(refusal(state, cards(BO, 5)), Conflict)


def test_time_cannot_be_called_in_a_game_without_a_clock():
    with pytest.raises(Conflict) as raised:
        new_table("ten-point", time=TimeCall(after_hand=0))
    assert raised.value.field is None
    assert "time" in raised.value.message


# House rules


@pytest.mark.parametrize(("variant", "overrides", "expected"), [
    ("ten-point", {"target": 21}, {"target": 21}),
    ("ten-point", {"min_bid": 5}, {"min_bid": 5, "forced_bid": 5}),
    ("ten-point", {"max_bid": 8}, {"max_bid": 8}),
    ("five-point", {"max_bid": 4, "all_tricks_bid": None}, {"max_bid": 4, "all_tricks_bid": None}),
    ("ten-point", {"moon": {"success": "points"}},
     {"moon": {"success": "points", "failure": "lose", "penalty": 10, "not_in_hole": False}}),
    ("tournament", {"moon": {"penalty": 5}},
     {"moon": {"success": "win", "failure": "minus", "penalty": 5, "not_in_hole": True}}),
    ("ten-point", {"moon": {"failure": "minus", "not_in_hole": True}},
     {"moon": {"success": "win", "failure": "minus", "penalty": 10, "not_in_hole": True}}),
    ("ten-point", {"moon": False}, {"moon": None}),
    ("tournament", {"moon": None}, {"moon": None}),
    ("tournament", {"moon": True},
     {"moon": {"success": "win", "failure": "minus", "penalty": 10, "not_in_hole": True}}),
    ("ten-point", {"end": "first_to_target"}, {"end": "first_to_target"}),
    ("tournament", {"end": "bid_only"}, {"end": "bid_only"}),
    ("tournament", {"time_limit_minutes": None}, {"time_limit_minutes": None}),
    ("ten-point", {"time_limit_minutes": 45}, {"time_limit_minutes": 45}),
    ("ten-point", {"dealer_may_match": True}, {"dealer_may_match": True}),
    ("ten-point", {"forced_bid": 4}, {"forced_bid": 4}),
    ("ten-point-six", {"trump_with_bid": False}, {"trump_with_bid": False}),
    ("ten-point", {"players": 4, "scheme": "card_points"}, {"players": 4, "scheme": "card_points"}),
    ("ten-point", {}, {"target": 31}),
    ("ten-point", None, {"target": 31}),
])
def test_a_house_rule_overrides_its_option(variant, overrides, expected):
    rules = new_table(variant, overrides).rules.to_dict()
    assert {key: rules[key] for key in expected} == expected


@pytest.mark.parametrize("variant", [variant for variant, rules in PRESETS.items() if rules.in_play == "dealt"])
def test_a_dealt_game_of_two_teams_may_have_the_moon(variant):
    """Partners at the usual count, or two players alone: the default moon, which loses the game when missed."""
    players = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:preset(variant).players if preset(variant).partners else 2]
    rules = make_table(variant, players, None, {"moon": True}).rules
    assert (rules.team_count, rules.in_play, rules.moon) == (2, "dealt", Moon())


@pytest.mark.parametrize(("variant", "overrides"), [
    ("five-point", {"moon": True, "partners": False}),
    ("cutthroat", {"moon": {"success": "win"}}),
])
def test_a_moon_that_loses_the_game_needs_two_teams(variant, overrides):
    with pytest.raises(RuleError) as raised:
        new_table(variant, overrides)
    assert_says(raised.value, "rules.moon", "two teams")


def test_moon_turned_on_for_a_game_without_one_uses_the_default():
    rules = preset("ten-point").with_overrides({"moon": None}).with_overrides({"moon": True})
    assert rules.to_dict()["moon"] == {"success": "win", "failure": "lose", "penalty": 10, "not_in_hole": False}


@pytest.mark.parametrize(("variant", "overrides", "field", "word"), [
    ("ten-point", {"target": 0}, "rules.target", "target"),
    ("ten-point", {"target": "31"}, "rules.target", "target"),
    ("ten-point", {"target": True}, "rules.target", "target"),
    ("ten-point", {"target": None}, "rules.target", "target"),
    ("ten-point", {"min_bid": 0}, "rules.min_bid", "min_bid"),
    ("ten-point", {"min_bid": 11}, "rules.min_bid", "lowest"),
    ("ten-point", {"max_bid": 11}, "rules.max_bid", "highest bid"),
    ("ten-point", {"max_bid": 2}, "rules.max_bid", "highest bid"),
    ("ten-point", {"min_bid": 7, "max_bid": 6}, "rules.max_bid", "below the lowest"),
    ("five-point", {"max_bid": 6}, "rules.max_bid", "highest bid"),
    ("five-point", {"all_tricks_bid": None}, "rules.all_tricks_bid", "highest bid"),
    ("five-point", {"all_tricks_bid": 4}, "rules.all_tricks_bid", "all-tricks"),
    ("ten-point", {"all_tricks_bid": 10}, "rules.all_tricks_bid", "all-tricks"),
    ("ten-point", {"all_tricks_bid": "5"}, "rules.all_tricks_bid", "all_tricks_bid"),
    ("ten-point", {"moon": "yes"}, "rules.moon", "moon"),
    ("ten-point", {"moon": 1}, "rules.moon", "moon"),
    ("ten-point", {"moon": {"success": "lose"}}, "rules.moon", "success"),
    ("ten-point", {"moon": {"failure": "win"}}, "rules.moon", "failure"),
    ("ten-point", {"moon": {"penalty": -1}}, "rules.moon", "penalty"),
    ("ten-point", {"moon": {"penalty": "10"}}, "rules.moon", "penalty"),
    ("ten-point", {"moon": {"not_in_hole": "yes"}}, "rules.moon", "not_in_hole"),
    ("ten-point", {"moon": {"bonus": 5}}, "rules.moon", "bonus"),
    ("ten-point", {"end": "whenever"}, "rules.end", "end"),
    ("ten-point", {"end": None}, "rules.end", "end"),
    ("ten-point", {"time_limit_minutes": 0}, "rules.time_limit_minutes", "time_limit_minutes"),
    ("ten-point", {"time_limit_minutes": "30"}, "rules.time_limit_minutes", "time_limit_minutes"),
    ("ten-point", {"dealer_may_match": "yes"}, "rules.dealer_may_match", "dealer_may_match"),
    ("ten-point", {"dealer_may_match": None}, "rules.dealer_may_match", "dealer_may_match"),
    ("ten-point", {"trump_with_bid": 1}, "rules.trump_with_bid", "trump_with_bid"),
    ("ten-point", {"forced_bid": 2}, "rules.forced_bid", "dealer"),
    ("ten-point", {"forced_bid": 11}, "rules.forced_bid", "dealer"),
    ("ten-point", {"players": 6}, "rules.players", "variant"),
    ("ten-point", {"scheme": "categories"}, "rules.scheme", "variant"),
    ("ten-point", {"jokers": False}, "rules.jokers", "jokers"),
    ("ten-point", ["target", 21], "rules", "house rules"),
])
def test_an_invalid_house_rule_is_refused_with_its_field(variant, overrides, field, word):
    with pytest.raises(RuleError) as raised:
        new_table(variant, overrides)
    assert not isinstance(raised.value, Conflict)
    assert_says(raised.value, field, word)


def test_house_rule_target_changes_who_wins():
    state = play_all(at(new_table(rules={"target": 21}), 17, 0), cards(ANN, 4, ("three", "two")))
    assert state.winner == 0


def test_house_rule_bids_change_what_may_be_bid():
    table = new_table(rules={"min_bid": 5, "max_bid": 8})
    assert_says(refusal(table, cards(BO, 4)), "bid", "5 to 8")
    assert_says(refusal(table, cards(BO, 9)), "bid", "5 to 8")


def test_house_rule_moon_success_points_scores_ten_and_plays_on():
    state = play_all(new_table(rules={"moon": {"success": "points"}}), cards(ANN, "moon", CARDS))
    assert (state.hands[0].made, state.scores, state.status) == (True, (10, 0), "playing")


def test_house_rule_moon_success_points_can_win_as_a_made_bid():
    state = play_all(at(new_table(rules={"moon": {"success": "points"}}), 21, 0), cards(ANN, "moon", CARDS))
    assert (state.scores, state.winner) == ((31, 0), 0)


def test_house_rule_moon_failure_minus_uses_the_penalty_and_plays_on():
    table = new_table(rules={"moon": {"failure": "minus", "penalty": 7}})
    state = play_all(table, cards(ANN, "moon", CARDS[1:]))
    assert (state.scores, state.status) == ((-7, 1), "playing")


def test_house_rule_moon_not_in_hole_refuses_a_moon_from_below_zero():
    table = new_table(rules={"moon": {"not_in_hole": True}})
    assert_says(refusal(at(table, -3, 0), cards(ANN, "moon", CARDS)), "bid", "hole")


def test_house_rule_moon_off_refuses_a_moon_bid():
    assert_says(refusal(new_table("tournament", {"moon": False}), cards(ANN, "moon", CARDS)), "bid", "moon")


def test_house_rule_moon_on_in_a_six_player_game_follows_the_override():
    table = new_table("ten-point-six", {"moon": {"failure": "minus"}})
    state = play_all(table, cards(BO, "moon", ("three",)))
    assert (state.scores, state.status) == ((3, -10), "playing")


def test_house_rule_first_to_target_lets_defenders_win():
    state = play_all(at(new_table(rules={"end": "first_to_target"}), 30, 12), cards(BO, 3, ALL_BUT_THREE))
    assert (state.scores, state.winner) == ((37, 15), 0)


def test_house_rule_bid_only_keeps_tournament_defenders_playing():
    state = play_all(at(new_table("tournament", {"end": "bid_only"}), 28, 0), cards(BO, 5, CARDS[:6]))
    assert (state.scores, state.status) == ((34, -5), "playing")


def test_house_rule_time_limit_gives_a_ten_point_game_a_clock():
    state = play_all(new_table(rules={"time_limit_minutes": 20}, time=TimeCall(after_hand=1)), cards(BO, 3, ()))
    assert state.winner == 1


def test_house_rule_no_time_limit_takes_the_clock_away():
    with pytest.raises(Conflict):
        new_table("tournament", {"time_limit_minutes": None}, time=TimeCall(after_hand=0))


def test_house_rule_all_tricks_bid_off_makes_five_point_bids_plain():
    table = new_table("five-point", {"all_tricks_bid": None, "max_bid": 4})
    state = play_all(table, hlj(BO, 4, 1, 1, 1, 1))
    assert state.hands[0].delta == (0, 4)
    assert_says(refusal(table, hlj(BO, 4, 1, 1, 1, 1, all_tricks=1)), "all_tricks", "all_tricks")


@pytest.mark.parametrize("overrides", [{"dealer_may_match": True}, {"forced_bid": 6}, {"trump_with_bid": True}])
def test_house_rules_that_are_only_recorded_do_not_change_scores(overrides):
    bodies = [cards(BO, 5, ("three",)), cards(CY, 6, CARDS[:6])]
    assert play_all(new_table(rules=overrides), *bodies).scores == play_all(new_table(), *bodies).scores


@pytest.mark.parametrize("overrides", [None, {"target": 21, "moon": {"failure": "minus"}}, {"min_bid": 4}])
def test_a_game_keeps_the_rules_it_was_created_with(overrides):
    table = new_table(rules=overrides)
    assert rules_from_dict(table.rules.to_dict()) == table.rules
    with pytest.raises(FrozenInstanceError):
        table.rules.target = 99  # type: ignore[misc]


def test_stored_rules_score_the_same_as_the_created_game():
    table = new_table(rules={"target": 11})
    stored = replace(table, rules=rules_from_dict(table.rules.to_dict()))
    hands = [parse_hand(cards(BO, 6, ("ace",)), table.rules), parse_hand(cards(BO, 6, ("ace",)), table.rules)]
    assert score(stored, hands).hands == score(table, hands).hands


# Tables


@pytest.mark.parametrize(("players", "team_names", "field", "word"), [
    ("Ann, Bo, Cy, Di", None, "players", "4 players"),
    (["Ann", "Bo", "Cy"], None, "players", "4 players"),
    (["Ann", "Bo", "ann", "Di"], None, "players", "same name"),
    (["Ann", "  ", "Cy", "Di"], None, "players", "name"),
    (["Ann", "B" * 41, "Cy", "Di"], None, "players", "40"),
    (["Ann", 7, "Cy", "Di"], None, "players", "name"),
    (["Ann", "Bo", "Cy", "Di"], ["Us"], "team_names", "2 team names"),
    (["Ann", "Bo", "Cy", "Di"], ["Us", ""], "team_names", "name"),
])
def test_a_table_that_breaks_a_rule_is_refused_with_its_field(players, team_names, field, word):
    with pytest.raises(RuleError) as raised:
        make_table("ten-point", players, team_names)
    assert_says(raised.value, field, word)


@pytest.mark.parametrize("variant", ["twelve-point", None, 5])
def test_an_unknown_variant_lists_the_choices(variant):
    with pytest.raises(RuleError) as raised:
        make_table(variant, PLAYERS["ten-point"])
    assert_says(raised.value, "variant", "ten-point")


def test_names_are_trimmed():
    table = make_table("ten-point", [" Ann ", "Bo", "Cy", "Di"], [" Us", "Them "])
    assert table.players[0] == "Ann"
    assert table.team_names == ("Us", "Them")


# Worked examples


def test_example_1_ten_point_made_then_set():
    state = play_all(
        new_table(),
        cards(BO, 6, ("off_jack", "high_joker", "low_joker", "two")),
        cards(CY, 5, ("three", "two")),
    )
    assert [(scored.made, scored.scores) for scored in state.hands] == [(True, (4, 6)), (False, (-1, 12))]
    assert [scored.dealer for scored in state.hands] == [0, 1]


def test_example_2_defenders_past_the_target_play_on_in_ten_point():
    state = play_all(at(new_table(), 30, 12), cards(BO, 3, ALL_BUT_THREE))
    assert (state.scores, state.status, state.winner) == ((37, 15), "playing", None)


def test_example_2_defenders_past_the_target_win_in_tournament():
    state = play_all(at(new_table("tournament", {"min_bid": 3}), 30, 12), cards(BO, 3, ALL_BUT_THREE))
    assert (state.scores, state.status, state.winner) == ((37, 15), "finished", 0)


def test_example_3_five_point_set_with_game_tied():
    state = play_all(new_table("five-point"), hlj(DI, 3, 1, 0, 1, None))
    assert (state.hands[0].made, state.scores) == (False, (1, -3))


def test_example_4_tournament_failed_moon_then_no_moon_from_the_hole():
    state = play_all(at(new_table("tournament"), 3, 8), cards(ANN, "moon", CARDS[:-1]))
    assert (state.hands[0].points, state.scores, state.status) == ((9, 1), (-7, 9), "playing")
    assert_says(refusal(state, cards(CY, "moon", CARDS)), "bid", "hole")


def test_example_5_cutthroat_defenders_count_high_low_jack_game():
    state = play_all(at(new_table("cutthroat"), 9, 10, 7), hlj(CY, 2, ANN, BO, CY, BO))
    assert (state.hands[0].made, state.scores, state.winner) == (False, (10, 12, 5), BO)


# The engine


def test_the_engine_imports_only_the_standard_library():
    for path in Path(scorekeeper.rules.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                modules = [node.module]
            else:
                continue
            outside = [name for name in modules if name.split(".")[0] not in sys.stdlib_module_names]
            assert outside == [], f"{path.name} imports {outside}: the engine stays free of Flask and SQLAlchemy"


@pytest.mark.parametrize("value", [4.0, "4", True])
def test_fixed_option_must_equal_the_preset_exactly(value):
    """players is fixed by the variant: 4.0 or "4" is not the preset's 4."""
    with pytest.raises(RuleError) as refused:
        preset("ten-point").with_overrides({"players": value})
    assert refused.value.field == "rules.players"


# Games stored before the Pitch family: their rules dicts load and score exactly as they did

STORED = json.loads((VECTORS / "stored" / "games-before-the-family.json").read_text("utf-8"))


def stored_table(game, rules):
    """The stored game's table under `rules`."""
    time = game["time"]
    call = None if time is None else TimeCall(time["after_hand"], time.get("finish_hand", False))
    names = None if game["team_names"] is None else tuple(game["team_names"])
    return Table(rules=rules, players=tuple(game["players"]), team_names=names, time_call=call)


@pytest.mark.parametrize("game", STORED["games"], ids=[game["name"] for game in STORED["games"]])
def test_a_game_stored_before_the_family_scores_byte_for_byte_as_it_did(game):
    rules = rules_from_dict(game["stored_rules"])
    assert rules.to_dict() == game["stored_rules"]
    table = stored_table(game, rules)
    state = score(table, [parse_hand(body, rules) for body in game["hands"]])
    assert json.dumps(state_to_dict(state)) == json.dumps(game["game"])
    again = score(table, [parse_hand(hand, rules) for hand in game["game"]["hands"]])  # the game JSON sent back
    assert again == state


@pytest.mark.parametrize("game", STORED["games"], ids=[game["name"] for game in STORED["games"]])
def test_a_game_stored_before_the_family_rebuilds_from_its_rules_dict(game):
    """The offline app rebuilds a game from its variant and its stored rules dict given as house rules."""
    time = game["time"]
    call = None if time is None else TimeCall(time["after_hand"], time.get("finish_hand", False))
    table = make_table(game["variant"], game["players"], game["team_names"], game["stored_rules"], call)
    state = score(table, [parse_hand(body, table.rules) for body in game["hands"]])
    assert json.dumps(state_to_dict(state)) == json.dumps(game["game"])


def test_the_stored_games_cover_every_seed_preset_and_house_rules():
    variants = {game["variant"] for game in STORED["games"]}
    assert variants == {"ten-point", "ten-point-six", "tournament", "five-point", "cutthroat"}
    shapes = {json.dumps(game["stored_rules"], sort_keys=True) for game in STORED["games"]}
    assert len(shapes) >= 20


# The rest of the Pitch family: presets, options, hands given as points

FAMILY_TABLE = [
    # variant, points, in_play, partners, bids, forced, may match, target, end, all_tricks, smudge
    ("partnership-pitch", {"high": 1, "low": 1, "jack": 1, "game": 1}, "dealt", True, (2, 5), 2, True, 11,
     "first_to_target", 5, False),
    ("smudge", {"high": 1, "low": 1, "jack": 1, "game": 1}, "dealt", False, (2, 4), 2, False, 7,
     "first_to_target", None, True),
    ("five-point-jick", {"high": 1, "low": 1, "jack": 1, "off_jack": 1, "game": 1}, "dealt", True, (2, 5), 2, True, 11,
     "first_to_target", None, False),
    ("seven-point", {"high": 1, "low": 1, "jack": 1, "off_jack": 1, "high_joker": 1, "low_joker": 1, "ten": 1},
     "dealt", True, (3, 7), 3, False, 21, "bid_only", None, False),
    ("nine-point", {"jack": 1, "ace": 1, "ten": 1, "five": 5, "two": 1}, "all", True, (3, 9), 3, False, 31,
     "bid_only", None, False),
    ("eleven-point", {**CARD_VALUES, "off_ace": 1}, "all", True, (3, 11), 3, False, 52, "bid_only", None, False),
    ("thirteen-point", {**CARD_VALUES, "off_three": 3}, "all", True, (3, 13), 3, False, 52, "bid_only", None, False),
    ("smear", {"high": 1, "low": 1, "jack": 1, "off_jack": 1, "joker": 1, "game": 1}, "dealt", True, (3, 6), None,
     False, 21, "highest_past_target", None, False),
]


@pytest.mark.parametrize(
    ("variant", "points", "in_play", "partners", "bids", "forced", "match", "target", "end", "all_tricks", "smudge"),
    FAMILY_TABLE,
)
def test_an_added_preset_matches_the_rule_book(
    variant, points, in_play, partners, bids, forced, match, target, end, all_tricks, smudge,
):
    rules = preset(variant)
    assert rules.points == points
    assert (rules.in_play, rules.partners, (rules.min_bid, rules.max_bid), rules.forced_bid) == (
        in_play, partners, bids, forced)
    assert (rules.dealer_may_match, rules.target, rules.end, rules.all_tricks_bid, rules.smudge) == (
        match, target, end, all_tricks, smudge)
    assert rules.seat_counts == FAMILY[variant]
    assert (rules.time_limit_minutes, rules.trump_with_bid) == (None, False)


@pytest.mark.parametrize(("variant", "moon"), [
    ("eleven-point", {"success": "win", "failure": "lose", "penalty": 11, "not_in_hole": False}),
    ("thirteen-point", {"success": "win", "failure": "lose", "penalty": 13, "not_in_hole": False}),
    *[(variant, None) for variant in ("partnership-pitch", "smudge", "five-point-jick", "seven-point", "nine-point",
                                      "smear")],
])
def test_an_added_preset_has_the_moon_of_the_rule_book(variant, moon):
    assert preset(variant).to_dict()["moon"] == moon


def test_cutthroat_takes_2_to_7_players_3_first():
    assert preset("cutthroat").seat_counts == (3, 2, 4, 5, 6, 7)
    for count in range(2, 8):
        table = make_table("cutthroat", [f"P{seat}" for seat in range(count)])
        assert (table.rules.players, table.rules.team_count, table.teams) == (
            count, count, [[seat] for seat in range(count)])


@pytest.mark.parametrize(("variant", "count", "teams"), [
    ("eleven-point", 6, [[0, 2, 4], [1, 3, 5]]), ("smear", 4, [[0, 2], [1, 3]]), ("smudge", 2, [[0], [1]]),
    ("ten-point", 2, [[0], [1]]),
])
def test_partners_sit_across_the_table_and_players_alone_are_each_a_team(variant, count, teams):
    overrides = {"partners": False} if variant == "ten-point" else None
    table = make_table(variant, [f"P{seat}" for seat in range(count)], None, overrides)
    assert table.teams == teams


def test_every_preset_has_a_description_in_players_words():
    assert list(DESCRIPTIONS) == list(PRESETS)
    for variant, text in DESCRIPTIONS.items():
        assert text and "_" not in text, variant


@pytest.mark.parametrize(("variant", "overrides", "shown"), [
    ("ten-point", None, {}),
    ("cutthroat", None, {}),
    ("smudge", None, {"partners": False, "smudge": True}),
    ("nine-point", None, {"scheme": None, "points": {"jack": 1, "ace": 1, "ten": 1, "five": 5, "two": 1},
                          "in_play": "all"}),
    ("ten-point", {"points": {**CARD_VALUES, "off_ace": 1}},
     {"scheme": None, "points": {"jack": 1, "off_jack": 1, "high_joker": 1, "low_joker": 1, "ace": 1, "off_ace": 1,
                                 "ten": 1, "three": 3, "two": 1}, "in_play": "all"}),
    ("ten-point", {"partners": False, "moon": {"failure": "minus"}}, {"partners": False}),
])
def test_the_rules_dict_adds_the_family_options_only_where_they_are_not_implied(variant, overrides, shown):
    count = {"cutthroat": 3, "smudge": 4}.get(variant, 4)
    rules = make_table(variant, [f"P{seat}" for seat in range(count)], None, overrides).rules
    data = rules.to_dict()
    assert list(data)[:12] == [
        "players", "scheme", "target", "min_bid", "max_bid", "moon", "all_tricks_bid", "end", "time_limit_minutes",
        "dealer_may_match", "forced_bid", "trump_with_bid",
    ]
    assert {key: data[key] for key in data if key not in LEGACY_KEYS or key == "scheme" and data[key] is None} == shown
    assert rules_from_dict(data) == rules
    assert json.dumps(rules_from_dict(data).to_dict()) == json.dumps(data)


LEGACY_KEYS = {"players", "scheme", "target", "min_bid", "max_bid", "moon", "all_tricks_bid", "end",
               "time_limit_minutes", "dealer_may_match", "forced_bid", "trump_with_bid"}


@pytest.mark.parametrize(("overrides", "word"), [
    ({"points": {"queen": 1}}, "queen"),
    ({"points": {"ace": 11}}, "1 to 10"),
    ({"points": {"joker": 1, "high_joker": 1}}, "one joker or two"),
    ({"points": []}, "at least one point"),
    ({"in_play": "most"}, "in_play"),
    ({"partners": 1}, "partners"),
    ({"smudge": None}, "smudge"),
    ({"end": "last_hand"}, "highest_past_target"),
])
def test_a_malformed_family_option_is_refused_naming_what_is_wrong(overrides, word):
    with pytest.raises(RuleError) as raised:
        new_table("ten-point", overrides)
    assert_says(raised.value, f"rules.{next(iter(overrides))}", word)


def test_a_moon_that_loses_needs_two_teams():
    with pytest.raises(RuleError) as raised:
        make_table("ten-point", ["Ann", "Bo", "Cy"], None, {"partners": False})
    assert_says(raised.value, "rules.moon", "two teams")
    assert make_table("ten-point", ["Ann", "Bo"], None, {"partners": False}).rules.team_count == 2


def test_a_hand_given_as_points_shows_its_points_and_no_captured():
    table = new_table()
    hand = parse_hand({"bidder": BO, "bid": 6, "points": [4, 6]}, table.rules)
    assert (hand.points, hand.by_card) == ((4, 6), False)
    assert hand.to_dict(table.rules) == {"bidder": BO, "bid": 6, "trump": None, "points": [4, 6]}
    shown = state_to_dict(play_all(table, {"bidder": BO, "bid": 6, "points": [4, 6]}))["hands"][0]
    assert shown == {"number": 1, "dealer": 0, "bidder": BO, "bid": 6, "trump": None, "points": [4, 6],
                     "delta": [4, 6], "scores": [4, 6], "made": True}
    again = parse_hand(shown, table.rules)  # the game JSON sent back (an edit, an export)
    assert again == hand


def test_a_hand_given_by_card_knows_it():
    table = new_table()
    assert parse_hand(cards(BO, 6), table.rules).by_card
    assert not parse_hand({"misdeal": True}, table.rules).by_card


@pytest.mark.parametrize("variant", ["ten-point", "tournament", "nine-point", "eleven-point", "thirteen-point"])
def test_a_hand_given_as_points_scores_as_the_same_hand_by_card(variant):
    table = new_table(variant) if variant in PLAYERS else make_table(variant, PLAYERS["ten-point"])
    keys = list(table.rules.points)
    bodies = [{"bidder": seat % 4, "bid": bid, "captured": {key: (index + seat) % 2 for index, key in enumerate(keys)}}
              for seat, bid in enumerate([table.rules.min_bid, table.rules.min_bid + 1, table.rules.max_bid])]
    by_card = score(table, [parse_hand(body, table.rules) for body in bodies])
    as_points = score(table, [
        parse_hand({"bidder": body["bidder"], "bid": body["bid"], "points": list(scored.points)}, table.rules)
        for body, scored in zip(bodies, by_card.hands, strict=True)
    ])
    assert [(s.points, s.made, s.delta, s.scores) for s in as_points.hands] == [
        (s.points, s.made, s.delta, s.scores) for s in by_card.hands]
