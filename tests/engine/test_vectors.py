"""Run every scoring vector in tests/vectors/*.json through the Python engine."""


import pytest

from scorekeeper.rules import PRESETS, Conflict, RuleError, make_table, score
from tests.support.paths import VECTORS
from tests.support.vectors import BROKEN_FILES, CASES, build_table, replay, steps, time_call

HAND_FIELDS = ("dealer", "points", "made", "misdeal", "delta", "scores")
GAME_FIELDS = ("scores", "status", "winner", "next_dealer")


def actual_hand(scored, table):
    """The checked fields of a scored hand, as a vector writes them (where the dealer sits out, its sides too)."""
    result = {"dealer": scored.dealer, "points": list(scored.points), "delta": list(scored.delta),
              "scores": list(scored.scores)}
    if table.rules.sit_out:
        result["sides"] = [list(side) for side in table.sides(scored.dealer)]
    if scored.hand.misdeal:
        result["misdeal"] = True
    else:
        result["made"] = scored.made
    return result


def expected_hand(expected):
    """The checked fields of a vector's hand (a `misdeal: false` is the same as none)."""
    result = {key: expected[key] for key in (*HAND_FIELDS, "sides") if key in expected}
    if result.get("misdeal") is False:
        del result["misdeal"]
    return result


def check_expect(case):
    """Every hand is accepted and the game scores as `expect` says."""
    state = replay(case, steps(case))
    assert score(build_table(case, time_call(case)), [scored.hand for scored in state.hands]) == state
    expect = case["expect"]
    want_hands = expect.get("hands", [])
    assert len(state.hands) == len(want_hands), "the case expects a different number of hands"
    for number, (scored, want) in enumerate(zip(state.hands, want_hands, strict=True), start=1):
        assert actual_hand(scored, state.table) == expected_hand(want), f"hand {number}"
    game = {"scores": list(state.scores), "status": state.status, "winner": state.winner,
            "next_dealer": state.next_dealer}
    assert game == {key: expect[key] for key in GAME_FIELDS}
    if state.table.rules.sit_out:  # five at a table: the winning pair, and every vector names it
        assert list(state.winners) == expect["winners"]


def refusal(case):
    """The error raised by the last event (a hand or the time call), or by the table when there is none."""
    events = steps(case)
    if not events:
        with pytest.raises(RuleError) as raised:
            build_table(case)
        return raised.value
    replay(case, events[:-1])  # everything before the last event is accepted
    with pytest.raises(RuleError) as raised:
        replay(case, events)
    return raised.value


def check_error(case):
    """The case is refused with the kind and field of its `error`."""
    error, want = refusal(case), case["error"]
    assert error.kind == want["kind"], f"expected {want['kind']}, got {error!r}"
    assert isinstance(error, Conflict) == (want["kind"] == "conflict")
    assert error.field == want.get("field"), error.message
    assert error.message.strip()


@pytest.mark.parametrize("case", CASES)
def test_vector(case):
    """One vector case: the engine scores it as written, or refuses it as written."""
    assert ("error" in case) != ("expect" in case), "a case has either expect or error"
    if "error" in case:
        check_error(case)
    else:
        check_expect(case)


def test_every_vector_file_is_json():
    """A vector file that does not parse would silently drop its cases."""
    assert BROKEN_FILES == []


def test_there_are_enough_vectors():
    """The vector table covers at least 60 cases."""
    count = len(CASES)
    assert count >= 60, f"only {count} cases in {VECTORS}"


def test_every_preset_has_vectors():
    """Each preset is exercised by at least one case."""
    variants = {param.values[0].get("variant") for param in CASES}
    assert set(PRESETS) <= variants


def test_vector_names_are_unique():
    """A case name says what is checked, so no two cases share one."""
    names = [param.values[0].get("name") for param in CASES]
    assert all(isinstance(name, str) and name for name in names)
    assert len(names) == len(set(names)), sorted({name for name in names if names.count(name) > 1})


ADDED_PRESETS = ("partnership-pitch", "smudge", "five-point-jick", "seven-point", "nine-point", "eleven-point",
                 "thirteen-point", "smear")


@pytest.mark.parametrize("variant", ADDED_PRESETS)
def test_every_added_preset_has_eight_cases_scored_and_refused(variant):
    """Each preset of the rest of the Pitch family: at least 8 cases, some scored and some refused."""
    cases = [param.values[0] for param in CASES if param.values[0].get("variant") == variant]
    assert len(cases) >= 8
    assert any("expect" in case for case in cases) and any("error" in case for case in cases)


FIVE_PRESETS = tuple(name for name, rules in PRESETS.items() if rules.partners and 4 in rules.seat_counts)


@pytest.mark.parametrize("variant", FIVE_PRESETS)
def test_every_partnership_preset_for_four_is_scored_at_five(variant):
    """Five at a table: each preset it allows has a scored game of five that ends, and a refusal to seat five
    without the dealer sitting out is in the table too."""
    five = [param.values[0] for param in CASES if param.values[0].get("variant") == variant
            and len(param.values[0]["players"]) == 5 and (param.values[0].get("rules") or {}).get("sit_out")]
    assert any("expect" in case and case["expect"]["status"] == "finished" and len(case["expect"]["winners"]) == 2
               for case in five)


def test_five_at_a_table_is_refused_on_each_field_it_names():
    """The refusals of five at a table: each field a table can get wrong has a case."""
    fields = {param.values[0]["error"]["field"] for param in CASES
              if "error" in param.values[0] and ("sit_out" in (param.values[0].get("rules") or {})
                                                 or len(param.values[0]["players"]) == 5)}
    assert {"players", "rules.sit_out", "rules.players", "rules.moon", "team_names", "bidder", "points",
            "all_tricks"} <= fields
    assert any(field.startswith("captured.") for field in fields if field)  # a refusal of the whole hand names none


@pytest.mark.parametrize("count", [2, 4, 5, 7])
def test_cutthroat_is_scored_at_2_4_5_and_7_players(count):
    """Cutthroat's new player counts each have a scored case."""
    assert any(param.values[0].get("variant") == "cutthroat" and len(param.values[0]["players"]) == count
               and "expect" in param.values[0] for param in CASES)


def test_hands_given_as_points_are_scored_and_refused():
    """The points hand: made, set, a moon, and refusals on the field `points`."""
    cases = [param.values[0] for param in CASES
             if any(isinstance(body, dict) and "points" in body and "captured" not in body
                    for body in param.values[0]["hands"])]
    made = [hand.get("made") for case in cases if "expect" in case for hand in case["expect"]["hands"]]
    assert True in made and False in made
    assert sum(case.get("error", {}).get("field") == "points" for case in cases) >= 5


@pytest.mark.parametrize("case", [param for param in CASES if "expect" in param.values[0]])
def test_a_game_rebuilds_from_its_rules_dict_given_as_house_rules(case):
    """The phone rebuilds a game from its variant and the rules dict it shows: the same rules, the same game."""
    table = build_table(case, time_call(case))
    again = make_table(case["variant"], case["players"], case.get("team_names"), table.rules.to_dict(), table.time_call)
    assert again.rules == table.rules
    assert again.rules.to_dict() == table.rules.to_dict()
