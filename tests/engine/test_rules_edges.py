"""Edges of the rules engine that the vectors cannot reach, found by mutation testing (docs/mutation.md)."""

import json
from dataclasses import replace

import pytest

from scorekeeper.rules import (
    Conflict,
    RuleError,
    TimeCall,
    make_table,
    parse_hand,
    play,
    player_counts_in_words,
    preset,
    start,
)
from scorekeeper.rules.catalogue import CATEGORIES
from scorekeeper.rules.checks import blame
from scorekeeper.rules.names import shown
from scorekeeper.rules.presets import _preset
from scorekeeper.rules.table import state_to_dict
from tests.support.paths import VECTORS
from tests.support.vectors import replay, steps

EDGES = json.loads((VECTORS / "edges.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", [case for case in EDGES if "result" in case.get("expect", {})],
                         ids=lambda case: case["name"])
def test_an_edge_case_ends_the_game_as_its_result_says(case):
    """How the game ended (winner, hand, how, reason), which tests/engine/test_vectors.py does not compare."""
    assert state_to_dict(replay(case, steps(case)))["result"] == case["expect"]["result"]


def hlj(bidder, bid, high, low, jack, game):
    """A High-Low-Jack-Game hand body."""
    return {"bidder": bidder, "bid": bid, "captured": {"high": high, "low": low, "jack": jack, "game": game}}


def test_a_team_already_at_the_target_before_the_hand_wins_over_a_defender_who_passes_it():
    """first_to_target, dealt: Ann stood on exactly 11 (a finish that played on); Cy passes her, Ann still wins."""
    table = make_table("cutthroat", ["Ann", "Bo", "Cy"])
    state = replace(start(table), scores=(11, 0, 10))
    state = play(state, parse_hand(hlj(1, 2, 2, 2, 2, 2), table.rules))
    assert (state.scores, state.status, state.winner) == ((11, -2, 14), "finished", 0)
    assert (state.outcome.hand, state.outcome.how) == (1, "target")


@pytest.mark.parametrize(("variant", "players", "words"), [
    ("ten-point", ["Ann", "Bo"], "4"),
    ("eleven-point", ["Ann", "Bo"], "4 or 6"),
    ("smudge", ["Ann"], "2 to 7"),
])
def test_a_wrong_number_of_players_is_refused_naming_the_counts_allowed(variant, players, words):
    """The message names the counts the variant seats: one, two, or a run of them."""
    with pytest.raises(RuleError) as raised:
        make_table(variant, players)
    assert raised.value.field == "players"
    assert raised.value.message == f"{variant} needs {words} players, listed in seating order."


@pytest.mark.parametrize(("counts", "words"), [
    ((4,), "4"), ((4, 6), "4 or 6"), ((2, 3), "2 or 3"), ((2, 3, 4), "2 to 4"), ((6, 2, 4), "2, 4 or 6"),
    ((3, 2, 4, 5, 6, 7), "2 to 7"),
])
def test_player_counts_in_words(counts, words):
    """One count, two counts, a run of three or more, and a list with a gap."""
    assert player_counts_in_words(replace(preset("ten-point"), player_counts=counts)) == words


@pytest.mark.parametrize(("variant", "message"), [
    ("ten-point", "players is fixed by the variant; choose another variant instead."),
    ("eleven-point", "players must be 4 or 6 in this variant."),
])
def test_a_players_option_the_variant_does_not_allow_is_refused(variant, message):
    """A fixed count says so; a choice of counts lists them."""
    with pytest.raises(RuleError) as raised:
        preset(variant).with_overrides({"players": 5})
    assert (raised.value.field, raised.value.message) == ("rules.players", message)


def test_a_rule_that_breaks_without_a_changed_option_blames_the_first_option_named():
    """The field pointed at when none of the options named was changed by the house rules."""
    assert blame({}, "max_bid", "min_bid") == "rules.max_bid"
    assert blame({"min_bid": 4}, "max_bid", "min_bid") == "rules.min_bid"


def test_a_preset_fills_in_the_options_it_does_not_set():
    """Partners, no moon, no all-tricks bid, no clock, the dealer may not match, forced bid = min_bid."""
    rules = _preset(4, CATEGORIES, "dealt", target=7, min_bid=2, max_bid=4, end="first_to_target")
    assert (rules.players, rules.player_counts, rules.partners, rules.moon, rules.all_tricks_bid) == (
        4, (4,), True, None, None)
    assert (rules.time_limit_minutes, rules.dealer_may_match, rules.trump_with_bid, rules.forced_bid) == (
        None, False, False, 2)
    assert (dict(rules.points), rules.in_play, rules.smudge, rules.first_dealer) == (CATEGORIES, "dealt", False, 0)


def test_a_preset_keeps_the_options_it_sets():
    """Player counts (the usual first), partners, forced bid and the rest as given; points in catalogue order."""
    rules = _preset((6, 4), {"two": 1, "ace": 1}, "all", target=9, min_bid=1, max_bid=2, end="bid_only",
                    partners=False, forced_bid=None, dealer_may_match=True, trump_with_bid=True,
                    time_limit_minutes=20, smudge=True)
    assert (rules.players, rules.player_counts, rules.partners, rules.forced_bid) == (6, (6, 4), False, None)
    assert (rules.dealer_may_match, rules.trump_with_bid, rules.time_limit_minutes, rules.smudge) == (
        True, True, 20, True)
    assert (list(rules.points.items()), rules.in_play, rules.target, rules.end) == (
        [("ace", 1), ("two", 1)], "all", 9, "bid_only")


def test_a_hand_given_as_points_keeps_its_trump():
    """The trump named with a points hand is recorded, as with a hand given by card."""
    rules = preset("ten-point")
    hand = parse_hand({"bidder": 1, "bid": 5, "points": [4, 6], "trump": "hearts"}, rules)
    assert (hand.trump, hand.points, hand.all_tricks) == ("hearts", (4, 6), None)
    assert hand.to_dict(rules) == {"bidder": 1, "bid": 5, "trump": "hearts", "points": [4, 6]}


def test_a_stored_name_with_half_a_broken_character_is_shown_with_the_replacement_character():
    """Names stored before the check may hold a lone surrogate: each becomes U+FFFD, the rest is kept."""
    assert shown("Bo\ud800b\udfff") == "Bo\ufffdb\ufffd"
    assert shown("Ann \u00e9") == "Ann \u00e9"


def captured_hlj(**changes):
    """A High-Low-Jack-Game `captured`, team 0 taking every point but those changed."""
    return {"high": 0, "low": 0, "jack": 0, "game": 0, **changes}


TEN = {"ace": 0, "jack": 0, "off_jack": 0, "high_joker": 0, "low_joker": 0, "ten": 0, "three": 0, "two": 0}


@pytest.mark.parametrize(("variant", "body", "field", "message"), [
    ("ten-point", [], None, "A hand must be a JSON object."),
    ("ten-point", {"misdeal": "yes"}, "misdeal", "misdeal must be true or false."),
    ("ten-point", {"misdeal": True, "bid": 3}, "misdeal",
     'A misdeal has no bidder, bid or points: send {"misdeal": true} alone.'),
    ("ten-point", {"bidder": 0, "bid": 3, "captured": TEN, "points": [10, 0]}, "points",
     "Give either who took each point (captured) or each side's points, not both."),
    ("five-point", {"bidder": 0, "bid": 3, "points": [4, 0]}, "points",
     "In this game a point may go to nobody, so say who took each point (captured), not points."),
    ("ten-point", {"bidder": 0, "bid": 3, "points": [10]}, "points",
     "points must be 2 whole numbers, one per team, each from 0 to 10."),
    ("ten-point", {"bidder": 0, "bid": 3, "captured": TEN, "trump": "joker"}, "trump",
     "trump must be clubs, diamonds, hearts or spades (or left out)."),
    ("ten-point", {"bidder": 4, "bid": 3, "captured": TEN}, "bidder",
     "Say who won the bid: a seat number from 0 to 3."),
    ("five-point", {"bidder": 0, "bid": "moon", "captured": captured_hlj()}, "bid",
     "Shooting the moon is not allowed in this game."),
    ("ten-point", {"bidder": 0, "bid": 2, "captured": TEN}, "bid", 'The bid must be a number from 3 to 10 or "moon".'),
    ("five-point", {"bidder": 0, "bid": 6, "captured": captured_hlj()}, "bid", "The bid must be a number from 2 to 5."),
    ("five-point", {"bidder": 0, "bid": 3, "captured": [0, 0, 0, 0]}, "captured",
     "Say which team took each point: captured must be an object."),
    ("five-point", {"bidder": 0, "bid": 3, "captured": captured_hlj(ace=0)}, "captured.ace",
     "ace is not a point in this game (the points are high, low, jack, game)."),
    ("cutthroat", {"bidder": 0, "bid": 3, "captured": {"low": 0, "jack": 0, "game": 0}}, "captured.high",
     "Say which player took High."),
    ("five-point", {"bidder": 0, "bid": 3, "captured": captured_hlj(jack=2)}, "captured.jack",
     "Say which team took the jack: a team number from 0 to 1 (or null if nobody did)."),
    ("cutthroat", {"bidder": 0, "bid": 3, "captured": captured_hlj(high=None)}, "captured.high",
     "Say which player took High: a player number from 0 to 2."),
    ("ten-point", {"bidder": 0, "bid": 3, "captured": TEN, "all_tricks": 0}, "all_tricks",
     "all_tricks only counts for a bid that needs every trick; this game has none."),
    ("five-point", {"bidder": 0, "bid": 5, "captured": captured_hlj()}, "all_tricks",
     "A bid of 5 needs every trick: say which team took all six tricks (null if none)."),
    ("five-point", {"bidder": 0, "bid": 5, "captured": captured_hlj(), "all_tricks": 2}, "all_tricks",
     "all_tricks must be a team number from 0 to 1 or null."),
    ("five-point", {"bidder": 0, "bid": 5, "captured": captured_hlj(low=1), "all_tricks": 0}, "all_tricks",
     "The team that took every trick took every point, but Low is given to another team."),
])
def test_a_refused_hand_says_what_is_wrong_in_words_the_table_uses(variant, body, field, message):
    """The exact sentence the phone shows for each refusal of a hand, and the field it points at."""
    with pytest.raises(RuleError) as raised:
        parse_hand(body, make_table(variant, ["Ann", "Bo", "Cy", "Di"][:3 if variant == "cutthroat" else 4]).rules)
    assert (raised.value.field, raised.value.message) == (field, message)


ALL_KEYS = ("high, low, jack, off_jack, high_joker, low_joker, joker, ace, off_ace, ten, five, three, off_three, two, "
            "game")


@pytest.mark.parametrize(("players", "overrides", "field", "message"), [
    (4, {"moon": "yes"}, "rules.moon", "moon must be null, true, false or an object of moon options."),
    (4, {"moon": {"success": "draw"}}, "rules.moon", 'Moon: success must be "win" or "points".'),
    (4, {"moon": {"failure": "draw"}}, "rules.moon", 'Moon: failure must be "lose" or "minus".'),
    (4, {"moon": {"penalty": 101}}, "rules.moon", "Moon: penalty must be a whole number from 0 to 100."),
    (4, {"moon": {"not_in_hole": 1}}, "rules.moon", "Moon: not_in_hole must be true or false."),
    (4, {"moon": {"bonus": 5}}, "rules.moon",
     "Moon: bonus is not a moon option (success, failure, penalty, not_in_hole)."),
    (4, {"points": {}}, "rules.points", "points must be an object of point: value naming at least one point."),
    (4, {"points": {"king": 1}}, "rules.points", f"points: king is not a Pitch point (the points are {ALL_KEYS})."),
    (4, {"points": {"joker": 1, "high_joker": 1, "low_joker": 1}}, "rules.points",
     "points: a deck has one joker or two, so use joker or high_joker and low_joker, not both."),
    (4, {"scheme": "categories"}, "rules.scheme",
     "scheme is fixed by the variant; choose another variant instead, or set points."),
    (3, {"partners": False}, "rules.moon",
     "A missed moon that loses the game needs two teams; with 3 players each alone, "
     'set the moon\'s failure to "minus".'),
    (4, {"first_dealer": 5}, "rules.first_dealer", "first_dealer must be a seat from 0 to 3."),
])
def test_a_refused_house_rule_says_what_is_wrong(players, overrides, field, message):
    """The exact sentence for each refusal of a house rule of ten-point, and the field it points at."""
    with pytest.raises(RuleError) as raised:
        make_table("ten-point", ["Ann", "Bo", "Cy", "Di"][:players], None, overrides)
    assert (raised.value.field, raised.value.message) == (field, message)


def test_calling_time_in_a_game_without_a_clock_is_a_conflict_that_says_why():
    """A time call needs a clock."""
    with pytest.raises(Conflict) as raised:
        make_table("ten-point", ["Ann", "Bo", "Cy", "Di"], None, None, TimeCall(after_hand=0))
    assert (raised.value.field, raised.value.message) == (None, "This game has no clock, so time cannot be called.")


@pytest.mark.parametrize(("variant", "players", "team_names", "overrides", "field", "message"), [
    ("ten-point", ["Ann", "Bo", "Cy", "Di"], ["", "Them"], None, "team_names",
     "Team 1's name must be 1 to 40 characters."),
    ("ten-point", ["Ann", "Bo", "Cy", "Di"], ["Us", " "], None, "team_names",
     "Team 2's name must be 1 to 40 characters."),
    ("ten-point", ["Ann", "Bo", "ann", "Di"], None, None, "players",
     "Two players have the same name; add an initial so the sheet can tell them apart."),
    ("ten-point", ["Ann", "Bo", "Cy", "Di"], None, [], "rules", "House rules must be an object of option: value."),
    ("ten-point", ["Ann", "Bo", "Cy", "Di"], None, {"target": 0}, "rules.target",
     "target must be a whole number from 1 to 1000."),
    ("ten-point", ["Ann", "Bo", "Cy", "Di"], None, {"time_limit_minutes": 0}, "rules.time_limit_minutes",
     "time_limit_minutes must be a whole number from 1 to 600 or null."),
    ("ten-point", ["Ann", "Bo", "Cy", "Di"], None, {"end": "never"}, "rules.end",
     'end must be "bid_only", "first_to_target" or "highest_past_target".'),
    ("ten-point", ["Ann", "Bo", "Cy", "Di"], None, {"in_play": "some"}, "rules.in_play",
     'in_play must be "all" (every point card is dealt) or "dealt".'),
    ("five-point", ["Ann", "Bo", "Cy", "Di"], None, {"moon": True, "partners": False}, "rules.moon",
     "A missed moon that loses the game needs two teams; with 4 players each alone, "
     'set the moon\'s failure to "minus".'),
    ("five-point", ["Ann", "Bo", "Cy", "Di"], None, {"all_tricks_bid": 4, "max_bid": 4}, "rules.all_tricks_bid",
     "The all-tricks bid is for High-Low-Jack-Game games and must be above the 4 points in a hand."),
    ("five-point", ["Ann", "Bo", "Cy", "Di"], None, {"all_tricks_bid": None}, "rules.all_tricks_bid",
     "The highest bid cannot be more than 4: a hand has 4 points."),
    ("five-point", ["Ann", "Bo", "Cy", "Di"], None, {"max_bid": 6}, "rules.max_bid",
     "The highest bid cannot be more than 5: a hand has 4 points and the all-tricks bid is 5."),
    ("eleven-point", ["Ann", "Bo", "Cy", "Di"], None, {"players": 6}, "players",
     "eleven-point needs 6 players, listed in seating order."),
    ("chess", ["Ann", "Bo"], None, None, "variant",
     "Choose a variant: ten-point, ten-point-six, tournament, five-point, cutthroat, partnership-pitch, smudge, "
     "five-point-jick, seven-point, nine-point, eleven-point, thirteen-point, smear."),
])
def test_a_refused_table_says_what_is_wrong(variant, players, team_names, overrides, field, message):
    """The exact sentence for each refusal of a new table, and the field it points at."""
    with pytest.raises(RuleError) as raised:
        make_table(variant, players, team_names, overrides)
    assert (raised.value.field, raised.value.message) == (field, message)


def test_a_table_without_team_names_has_none():
    """No team names given: none are kept, and the teams are called by their players."""
    table = make_table("ten-point", ["Ann", "Bo", "Cy", "Di"])
    assert table.team_names is None
    assert table.team_label(1) == "Bo/Di"


@pytest.mark.parametrize(("variant", "overrides", "players", "counts"), [
    ("ten-point", {"partners": False, "moon": {"failure": "minus"}}, 4, (4, 2, 3, 5, 6, 7)),
    ("cutthroat", {"partners": True}, 4, (4, 6)),
    ("smudge", {"partners": True}, 4, (4, 6)),
])
def test_changing_partners_keeps_the_usual_count_where_it_is_allowed_else_offers_the_first(
        variant, overrides, players, counts):
    """A game that changes `partners` seats its usual count when the new value allows it, else the first allowed."""
    rules = preset(variant).with_overrides(overrides)
    assert (rules.players, rules.player_counts) == (players, counts)


def test_first_dealer_is_a_seat_of_the_largest_table_even_before_the_game_is_seated():
    """House rules checked alone (a tournament's, before any game is made): seat 6 of 7 is the last one allowed."""
    assert preset("tournament").with_overrides({"first_dealer": 6}).first_dealer == 6
    with pytest.raises(RuleError) as raised:
        preset("tournament").with_overrides({"first_dealer": 7})
    assert (raised.value.field, raised.value.message) == (
        "rules.first_dealer", "first_dealer must be a whole number from 0 to 6.")
