"""Run every scoring vector in tests/vectors/*.json through the Python engine."""

import json
from pathlib import Path

import pytest

from scorekeeper.rules import PRESETS, Conflict, RuleError, TimeCall, make_table, parse_hand, play, start

VECTORS = Path(__file__).parent / "vectors"
HAND_FIELDS = ("dealer", "points", "made", "misdeal", "delta", "scores")
GAME_FIELDS = ("scores", "status", "winner", "next_dealer")


def load_vectors(folder=VECTORS):
    """Every case of every vector file, and the files that are not valid JSON."""
    cases, broken = [], []
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            broken.append(pytest.param(path.name, str(error), id=path.name))
            continue
        for case in data.get("cases", []) if isinstance(data, dict) else []:
            cases.append(pytest.param(case, id=str(case.get("name", f"{path.name}:unnamed"))))
    return cases, broken


CASES, BROKEN_FILES = load_vectors()


def time_call(case):
    """The case's `time` as a TimeCall, or None."""
    time = case.get("time")
    if time is None:
        return None
    return TimeCall(after_hand=time["after_hand"], finish_hand=time.get("finish_hand", False))


def build_table(case):
    """The case's table: variant, players, team names, house rules, time call."""
    return make_table(case["variant"], case["players"], case.get("team_names"), case.get("rules"), time_call(case))


def replay(table, bodies):
    """Parse and play the hand bodies in order."""
    state = start(table)
    for body in bodies:
        state = play(state, parse_hand(body, table.rules))
    return state


def actual_hand(scored):
    """The checked fields of a scored hand, as a vector writes them."""
    result = {"dealer": scored.dealer, "points": list(scored.points), "delta": list(scored.delta),
              "scores": list(scored.scores)}
    if scored.hand.misdeal:
        result["misdeal"] = True
    else:
        result["made"] = scored.made
    return result


def expected_hand(expected):
    """The checked fields of a vector's hand (a `misdeal: false` is the same as none)."""
    result = {key: expected[key] for key in HAND_FIELDS if key in expected}
    if result.get("misdeal") is False:
        del result["misdeal"]
    return result


def check_expect(case):
    """Every hand is accepted and the game scores as `expect` says."""
    state = replay(build_table(case), case["hands"])
    expect = case["expect"]
    want_hands = expect.get("hands", [])
    assert len(state.hands) == len(want_hands), "the case expects a different number of hands"
    for number, (scored, want) in enumerate(zip(state.hands, want_hands, strict=True), start=1):
        assert actual_hand(scored) == expected_hand(want), f"hand {number}"
    game = {"scores": list(state.scores), "status": state.status, "winner": state.winner,
            "next_dealer": state.next_dealer}
    assert game == {key: expect[key] for key in GAME_FIELDS}


def refusal(case):
    """The error raised where the case says: by the table when there are no hands, else by the last hand."""
    hands = case["hands"]
    if not hands:
        with pytest.raises(RuleError) as raised:
            build_table(case)
        return raised.value
    table = build_table(case)
    state = replay(table, hands[:-1])
    with pytest.raises(RuleError) as raised:
        play(state, parse_hand(hands[-1], table.rules))
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


@pytest.mark.parametrize(("name", "problem"), BROKEN_FILES)
def test_vector_file_is_json(name, problem):
    """Every vector file parses as JSON."""
    pytest.fail(f"{name} is not valid JSON: {problem}")


def test_there_are_enough_vectors():
    """The vector table covers at least 60 cases."""
    assert len(CASES) >= 60


def test_every_preset_has_vectors():
    """Each preset is exercised by at least one case."""
    variants = {param.values[0].get("variant") for param in CASES}
    assert set(PRESETS) <= variants


def test_vector_names_are_unique():
    """A case name says what is checked, so no two cases share one."""
    names = [param.values[0].get("name") for param in CASES]
    assert all(isinstance(name, str) and name for name in names)
    assert len(names) == len(set(names)), sorted({name for name in names if names.count(name) > 1})
