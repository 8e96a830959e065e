"""Edges of the house rules (scorekeeper/rules/options.py) that the vectors cannot reach, found by mutation testing
(docs/mutation.md): the sentence a refusal shows on the phone, a `players` that is not a whole number, and a game's
rules dict read back with and without its preset."""

import pytest

from scorekeeper.rules import PRESETS, RuleError, make_table, preset, rules_from_dict

FOUR = ["Ann", "Bo", "Cy", "Di"]
FIVE = [*FOUR, "Ed"]
ALONE = "The dealer sits out only at a game with partners; in this game everyone plays alone."
FOR_SIX = "The dealer sits out only at a partnership game for four; this game is for six."
EXACTLY_FIVE = "With the dealer sitting out, a game takes exactly 5 players."
NO_LOSING_MOON = ("With the dealer sitting out there is no single other side to win, so a missed moon cannot lose "
                  'the game: set the moon\'s failure to "minus".')


@pytest.mark.parametrize(("variant", "overrides", "field", "message"), [
    ("cutthroat", {"sit_out": "dealer"}, "rules.sit_out", ALONE),
    ("ten-point", {"sit_out": "dealer", "partners": False}, "rules.sit_out", ALONE),
    ("ten-point-six", {"sit_out": "dealer"}, "rules.sit_out", FOR_SIX),
    ("eleven-point", {"sit_out": "dealer", "players": 6}, "rules.players", EXACTLY_FIVE),
    ("ten-point", {"sit_out": "dealer", "players": 4}, "rules.players", EXACTLY_FIVE),
    ("ten-point", {"sit_out": "dealer", "moon": {"failure": "lose"}}, "rules.moon", NO_LOSING_MOON),
    ("ten-point", {"sit_out": "bidder"}, "rules.sit_out",
     'sit_out must be "dealer" (five players, the dealer sitting out each hand) or null.'),
])
def test_a_refused_five_at_a_table_says_why(variant, overrides, field, message):
    """rules.md "What five at a table refuses": each refusal of the house rules names its field and says why."""
    with pytest.raises(RuleError) as raised:
        make_table(variant, FIVE, None, overrides)
    assert (raised.value.kind, raised.value.field, raised.value.message) == ("invalid", field, message)


@pytest.mark.parametrize(("variant", "players", "message"), [
    ("ten-point", 3.0, "players is fixed by the variant; choose another variant instead."),
    ("ten-point", "3", "players is fixed by the variant; choose another variant instead."),
    ("cutthroat", 4.0, "players must be 2 to 7 in this variant."),
    ("cutthroat", "4", "players must be 2 to 7 in this variant."),
])
def test_a_players_option_that_is_not_a_whole_number_changes_no_partners(variant, players, message):
    """`players` that is not a whole number (a JSON 3.0, a string) does not read as 3 alone or 4 partners: it is
    refused with the counts of the variant itself (ten-point only 4, cutthroat 2 to 7)."""
    with pytest.raises(RuleError) as raised:
        preset(variant).with_overrides({"players": players})
    assert (raised.value.field, raised.value.message) == ("rules.players", message)


def test_house_rules_for_five_seat_five_before_any_name_is_given():
    """The start page checks house rules before the players are seated: sit_out makes the game one of five."""
    rules = preset("ten-point").with_overrides({"sit_out": "dealer"})
    assert (rules.players, rules.seat_counts, rules.sit_out) == (5, (5,), "dealer")
    assert rules.moon.failure == "minus" and rules.moon.penalty == 10
    assert rules.to_dict()["players"] == 5


TEN_POINT_FIVE = {
    "players": 5, "scheme": "card_points", "target": 31, "min_bid": 3, "max_bid": 10,
    "moon": {"success": "win", "failure": "minus", "penalty": 10, "not_in_hole": False},
    "all_tricks_bid": None, "end": "bid_only", "time_limit_minutes": None, "dealer_may_match": False,
    "forced_bid": 3, "trump_with_bid": False, "sit_out": "dealer", "first_dealer": 2,
}


@pytest.mark.parametrize("base", [PRESETS["ten-point"], None], ids=["with its preset", "without"])
def test_a_game_of_five_is_stored_and_read_back_with_its_sit_out_and_first_dealer(base):
    """A game's rules dict shows sit_out and first_dealer, and the dict read back (with the game's preset, as the
    server does, or alone, as the hand form does) shows them again: the same game."""
    rules = make_table("ten-point", FIVE, None, {"sit_out": "dealer", "first_dealer": 2}).rules
    assert rules.to_dict() == TEN_POINT_FIVE
    again = rules_from_dict(TEN_POINT_FIVE, base)
    assert again == rules
    assert again.to_dict() == TEN_POINT_FIVE


SMUDGE_WITHOUT_SMUDGE = {
    "players": 4, "scheme": "categories", "target": 7, "min_bid": 2, "max_bid": 4, "moon": None,
    "all_tricks_bid": None, "end": "first_to_target", "time_limit_minutes": None, "dealer_may_match": False,
    "forced_bid": 2, "trump_with_bid": False, "partners": False, "smudge": False,
}


def test_a_game_read_back_with_its_preset_still_shows_an_option_turned_off():
    """`smudge: false` in a game of the smudge preset is shown (it differs from the preset), also once the game is
    read back with its preset: sent back as house rules, the dict makes the same game, without smudge."""
    rules = make_table("smudge", FOUR, None, {"smudge": False}).rules
    assert rules.to_dict() == SMUDGE_WITHOUT_SMUDGE
    again = rules_from_dict(SMUDGE_WITHOUT_SMUDGE, PRESETS["smudge"])
    assert again == rules
    assert again.to_dict() == SMUDGE_WITHOUT_SMUDGE
    assert make_table("smudge", FOUR, None, again.to_dict()).rules.smudge is False
