"""The browser engine (static/js/engine.js) and the Python engine score every game alike.

Each batch of cases is scored by one Node process (tests/js/score_cli.mjs) and by the Python
engine, and the two answers must be the same JSON: the scored game as `state_to_dict` gives it,
or the same error kind, field and message.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    DESCRIPTIONS,
    MOON,
    PRESETS,
    SUITS,
    RuleError,
    TimeCall,
    make_table,
    parse_hand,
    play,
    score,
    start,
    state_to_dict,
)
from scorekeeper.rules.options import NULLABLE

TESTS = Path(__file__).parent
VECTORS = TESTS / "vectors"
SCORE_CLI = TESTS / "js" / "score_cli.mjs"
ENGINE = TESTS.parent / "static" / "js" / "engine.js"
NODE = shutil.which("node")
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
# Names on which Python's strip/casefold and JavaScript's trim/toLowerCase would disagree.
TRICKY_NAMES = ["\x1cCy\x85", "\ufeffDi", "", "   ", "\u3000", "x" * 40, "x" * 41, "😀" * 40, "😀" * 41, 7, None]
# Pairs of names that Python's casefold calls the same (a duplicate) or not, where a plain lower-case would differ.
NAME_PAIRS = [
    (" ann ", "ANN"), ("Straße", "STRASSE"), ("ẞ", "ss"), ("ı", "I"), ("i", "I"), ("İ", "i\u0307"), ("ς", "σ"),
    ("ΣΟΦΊΑ", "σοφίας"), ("Ꭰ", "ꭰ"), ("ǅ", "ǆ"), ("ﬁ", "FI"), ("µ", "μ"), ("K", "\u212a"), ("Å", "\u212b"),
]

# Locally a machine without Node skips these; in CI a missing Node is a failure, not a skip.
needs_node = pytest.mark.skipif(NODE is None and not os.environ.get("CI"), reason="node is not installed")


def load_cases():
    """Every case of every vector file."""
    return [case for path in sorted(VECTORS.glob("*.json")) for case in json.loads(path.read_text("utf-8"))["cases"]]


def python_replay(case):
    """The game after the case's hands, time called after `after_hand` of them (as tests/test_vectors.py plays it)."""
    time = case.get("time")
    call = None if time is None else TimeCall(after_hand=time["after_hand"], finish_hand=time.get("finish_hand", False))
    events = [("hand", body) for body in case["hands"]]
    if call is not None and call.after_hand <= len(events):
        events.insert(call.after_hand, ("time", call))
    table = make_table(case["variant"], case["players"], case.get("team_names"), case.get("rules"))
    state, hands = start(table), []
    for kind, item in events:
        if kind == "time":
            table = make_table(case["variant"], case["players"], case.get("team_names"), case.get("rules"), item)
            state = score(table, hands)
        else:
            hands.append(parse_hand(item, table.rules))
            state = play(state, hands[-1])
    return state


def python_result(case):
    """The case scored by the Python engine, as JSON data, or its first refusal."""
    try:
        return json.loads(json.dumps(state_to_dict(python_replay(case))))
    except RuleError as error:
        return {"error": {"kind": error.kind, "field": error.field, "message": error.message}}
    except Exception as error:  # noqa: BLE001 - a crash is reported as a difference, not hidden
        return {"error": {"kind": "crash", "field": None, "message": repr(error)}}


def javascript_results(cases):
    """The cases scored by the JavaScript engine, in one Node process."""
    run = subprocess.run(
        [NODE, str(SCORE_CLI)], input=json.dumps({"cases": cases}), capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout)["results"]
    assert len(results) == len(cases)
    return results


def assert_agree(cases):
    """Both engines give the same JSON for every case."""
    for case, js in zip(cases, javascript_results(cases), strict=True):
        py = python_result(case)
        assert js == py, f"the engines disagree on {json.dumps(case, ensure_ascii=False)}"


@needs_node
def test_presets_agree():
    """The presets, their descriptions, the suits and the moon bid are the same data in both engines."""
    script = (
        f"const e = await import({json.dumps(ENGINE.as_uri())});"
        "console.log(JSON.stringify([e.PRESETS, e.DESCRIPTIONS, e.SUITS, e.MOON]));"
    )
    run = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    presets = {name: rules.to_dict() for name, rules in PRESETS.items()}
    assert json.loads(run.stdout) == [presets, DESCRIPTIONS, list(SUITS), MOON]


# ---- Every vector case.

CASES = load_cases()


def test_there_are_vector_cases():
    """The vector table is there, so the comparison below is not empty."""
    assert CASES


@pytest.fixture(scope="module")
def vector_results():
    """Every vector case scored by Node, once for the module."""
    return javascript_results(CASES)


@needs_node
@pytest.mark.parametrize("index", range(len(CASES)), ids=[case.get("name", "?") for case in CASES])
def test_vector_case_agrees(index, vector_results):
    """A vector case: the same scored game or the same refusal from both engines."""
    assert vector_results[index] == python_result(CASES[index])


# ---- Random games: mostly legal hands, some house rules, some broken bodies.

WILD_OPTIONS = {
    "target": st.one_of(st.integers(1, 40), st.sampled_from([0, 1001, "31", 2.5, None, True])),
    "min_bid": st.one_of(st.integers(1, 6), st.sampled_from([0, 21, None, "3"])),
    "max_bid": st.one_of(st.integers(3, 12), st.sampled_from([21, False])),
    "forced_bid": st.integers(0, 7),
    "all_tricks_bid": st.one_of(st.none(), st.integers(3, 8)),
    "moon": st.one_of(
        st.none(), st.booleans(), st.sampled_from([1, "win", []]),
        st.fixed_dictionaries({}, optional={
            "success": st.sampled_from(["win", "points", "lose"]),
            "failure": st.sampled_from(["lose", "minus", "win"]),
            "penalty": st.integers(-1, 101),
            "not_in_hole": st.one_of(st.booleans(), st.just(0)),
            "bonus": st.just(1),
        }),
    ),
    "end": st.sampled_from(["bid_only", "first_to_target", "sudden"]),
    "time_limit_minutes": st.one_of(st.none(), st.integers(0, 601)),
    "dealer_may_match": st.one_of(st.booleans(), st.just(1)),
    "trump_with_bid": st.booleans(),
    "players": st.sampled_from([3, 4, 6]),
    "scheme": st.sampled_from(["card_points", "categories"]),
    "colour": st.just("red"),
}
TAME_OPTIONS = {
    "target": st.integers(5, 25),
    "moon": st.fixed_dictionaries({}, optional={
        "success": st.sampled_from(["win", "points"]), "failure": st.sampled_from(["lose", "minus"]),
        "penalty": st.integers(0, 12), "not_in_hole": st.booleans(),
    }),
    "end": st.sampled_from(["bid_only", "first_to_target"]),
    "time_limit_minutes": st.one_of(st.none(), st.just(30)),
}


@st.composite
def overrides(draw, scheme):
    """No house rules, a few sensible ones, or a random (often refused) mix."""
    kind = draw(st.sampled_from(["none", "tame", "tame", "tame", "wild"]))
    if kind == "none":
        return None
    if kind == "wild":
        return draw(st.fixed_dictionaries({}, optional=WILD_OPTIONS))
    tame = {key: value for key, value in TAME_OPTIONS.items() if key != "moon" or scheme == "card_points"}
    return draw(st.fixed_dictionaries({}, optional=tame))


@st.composite
def legal_hand(draw, rules):
    """A hand body the rules accept (or a misdeal)."""
    if draw(st.integers(0, 15)) == 0:
        return {"misdeal": True}
    bidder = draw(st.integers(0, rules.players - 1))
    bid = draw(st.sampled_from(list(range(rules.min_bid, rules.max_bid + 1)) + ([MOON] if rules.moon else [])))
    teams, keys = rules.team_count, list(rules.points)
    if draw(st.integers(0, 2)) == 0:
        sweeper = draw(st.sampled_from([rules.team_of(bidder), *range(teams)]))
        captured = dict.fromkeys(keys, sweeper)
    else:
        captured = {key: draw(st.integers(0, teams - 1)) for key in keys}
    for key in NULLABLE[rules.scheme]:
        if draw(st.integers(0, 4)) == 0:
            captured[key] = None
    body = {"bidder": bidder, "bid": bid, "captured": captured}
    if draw(st.booleans()):
        body["trump"] = draw(st.sampled_from([*SUITS, None]))
    takers = {team for team in captured.values() if team is not None}
    if rules.all_tricks_bid is not None and (bid == rules.all_tricks_bid or draw(st.integers(0, 5)) == 0):
        body["all_tricks"] = draw(st.sampled_from([None, *takers] if len(takers) == 1 else [None]))
    return body


BROKEN = {
    "bidder": [-1, 6, "0", None, 1.5, True],
    "bid": [0, 11, 21, MOON, "5", None, True, 4.5],
    "trump": ["stars", 1, "Hearts"],
    "all_tricks": [0, 1, 2, 3, "x", None, True],
    "misdeal": [True, "yes", None, 0],
    "zeta": [1],
    "alpha": [None],
    "number": [7],
}


@st.composite
def broken_hand(draw, rules):
    """A legal hand with one thing wrong (or maybe not wrong at all)."""
    body = draw(legal_hand(rules))
    choice = draw(st.sampled_from([*BROKEN, "captured", "drop", "not an object"]))
    if choice == "not an object":
        return draw(st.sampled_from([[], "hand", None, 3]))
    if choice == "drop":
        body.pop(draw(st.sampled_from(["bidder", "bid", "captured", "all_tricks", "trump"])), None)
    elif choice == "captured":
        captured = dict(body.get("captured", {}))
        key = draw(st.sampled_from([*rules.points, "joker", "constructor", "__proto__", "7"]))
        if draw(st.booleans()):
            captured.pop(key, None)
        else:
            captured[key] = draw(st.sampled_from([None, -1, rules.team_count, "0", 0.5, False, 0]))
        body["captured"] = captured if draw(st.integers(0, 5)) else draw(st.sampled_from([[], None, "all"]))
    else:
        body[choice] = draw(st.sampled_from(BROKEN[choice]))
    return body


@st.composite
def hands_until_the_end(draw, table):
    """Up to 30 legal hands, then maybe a broken one; most games stop when they are over."""
    state, hands = start(table), []
    for _ in range(draw(st.integers(0, 30))):
        hands.append(draw(legal_hand(table.rules)))
        try:
            state = play(state, parse_hand(hands[-1], table.rules))
        except RuleError:
            return hands
        if state.outcome:
            return hands + ([draw(legal_hand(table.rules))] if draw(st.integers(0, 5)) == 0 else [])
    return hands + ([draw(broken_hand(table.rules))] if draw(st.integers(0, 2)) == 0 else [])


@st.composite
def names(draw, count, pool):
    """`count` names, now and then one of them tricky, now and then one too many or too few."""
    chosen = [*pool[:count]]
    if draw(st.integers(0, 11)) == 0:
        chosen[draw(st.integers(0, count - 1))] = draw(st.sampled_from(TRICKY_NAMES))
    if draw(st.integers(0, 7)) == 0:
        chosen[:2] = draw(st.sampled_from(NAME_PAIRS))
    if draw(st.integers(0, 24)) == 0:
        chosen = chosen[:-1] if draw(st.booleans()) else [*chosen, "Extra"]
    return chosen


@st.composite
def game_case(draw):
    """A random game: table, house rules, a run of hands (the last one maybe broken), perhaps a time call."""
    variant = draw(st.sampled_from(list(PRESETS)))
    count = PRESETS[variant].players
    case = {"variant": variant, "players": draw(names(count, NAMES)), "hands": []}
    if draw(st.integers(0, 3)) == 0:
        case["team_names"] = draw(names(PRESETS[variant].team_count, ["Us", "Them", "Third"]))
    rules = draw(overrides(PRESETS[variant].scheme))
    if rules is not None:
        case["rules"] = rules
    try:
        table = make_table(variant, NAMES[:count], None, rules)
    except RuleError:
        return case
    case["hands"] = draw(hands_until_the_end(table))
    clock = table.rules.time_limit_minutes is not None or draw(st.integers(0, 9)) == 0  # rarely, a game with none
    if clock and draw(st.booleans()):
        case["time"] = {"after_hand": draw(st.integers(0, len(case["hands"]))), "finish_hand": draw(st.booleans())}
    return case


@needs_node
@settings(
    max_examples=16, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],  # the message names the case
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(game_case(), min_size=25, max_size=25))
def test_random_games_agree(cases):
    """400 random games: the same scored game or the same refusal from both engines."""
    assert_agree(cases)
