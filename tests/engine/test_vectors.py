"""Run every scoring vector in tests/vectors/*.json through the Python engine."""

import json

import pytest

from scorekeeper.rules import PRESETS, Conflict, RuleError, TimeCall, make_table, parse_hand, play, score, start
from tests.support.paths import VECTORS

HAND_FIELDS = ("dealer", "points", "made", "misdeal", "delta", "scores")
GAME_FIELDS = ("scores", "status", "winner", "next_dealer")


def load_vectors(folder=VECTORS):
    """Every case of every vector file, and the files that are not valid vector JSON."""
    cases, broken = [], []
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            broken.append(f"{path.name}: {error}")
            continue
        if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
            broken.append(f'{path.name}: not an object of the form {{"cases": [...]}}')
            continue
        for case in data["cases"]:
            cases.append(pytest.param(case, id=str(case.get("name", f"{path.name}:unnamed"))))
    return cases, broken


CASES, BROKEN_FILES = load_vectors()


def time_call(case):
    """The case's `time` as a TimeCall, or None."""
    time = case.get("time")
    if time is None:
        return None
    return TimeCall(after_hand=time["after_hand"], finish_hand=time.get("finish_hand", False))


def build_table(case, call=None):
    """The case's table: variant, players, team names, house rules and, once called, the time call."""
    return make_table(case["variant"], case["players"], case.get("team_names"), case.get("rules"), call)


def steps(case):
    """What happened at the table, in order: each hand body, and `time` when `after_hand` hands were recorded."""
    events = [("hand", body) for body in case["hands"]]
    call = time_call(case)
    if call is not None and call.after_hand <= len(events):
        events.insert(call.after_hand, ("time", call))
    return events


def replay(case, events):
    """The game after the events; a time call re-scores the hands so far with the clock decided."""
    table = build_table(case)
    state, hands = start(table), []
    for kind, item in events:
        if kind == "time":
            table = build_table(case, item)
            state = score(table, hands)
        else:
            hands.append(parse_hand(item, table.rules))
            state = play(state, hands[-1])
    return state


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
