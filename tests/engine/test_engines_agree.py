"""The browser engine (static/js/engine.js) and the Python engine score every game alike.

Each batch of cases is scored by one Node process (tests/js/score_cli.mjs) and by the Python
engine, and the two answers must be the same JSON: the scored game as `state_to_dict` gives it,
or the same error kind, field and message.
"""

import json

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    CATALOGUE,
    DESCRIPTIONS,
    MOON,
    PRESETS,
    SUITS,
    RuleError,
    make_table,
    parse_hand,
    play,
    start,
)
from tests.support.engines import (
    ENGINE,
    assert_agree,
    broken_hand,
    javascript_results,
    legal_hand,
    needs_node,
    python_result,
    run_module,
)
from tests.support.paths import TESTS

VECTORS = TESTS / "vectors"


NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
# Names on which Python's strip/casefold and JavaScript's trim/toLowerCase would disagree.
TRICKY_NAMES = ["\x1cCy\x85", "\ufeffDi", "", "   ", "\u3000", "x" * 40, "x" * 41, "😀" * 40, "😀" * 41, 7, None]
# Pairs of names that Python's casefold calls the same (a duplicate) or not, where a plain lower-case would differ.
NAME_PAIRS = [
    (" ann ", "ANN"), ("Straße", "STRASSE"), ("ẞ", "ss"), ("ı", "I"), ("i", "I"), ("İ", "i\u0307"), ("ς", "σ"),
    ("ΣΟΦΊΑ", "σοφίας"), ("Ꭰ", "ꭰ"), ("ǅ", "ǆ"), ("ﬁ", "FI"), ("µ", "μ"), ("K", "\u212a"), ("Å", "\u212b"),
]


def load_cases():
    """Every case of every vector file."""
    return [case for path in sorted(VECTORS.glob("*.json")) for case in json.loads(path.read_text("utf-8"))["cases"]]


@needs_node
def test_presets_agree():
    """The presets, their descriptions, the suits and the moon bid are the same data in both engines."""
    script = (
        f"const e = await import({json.dumps(ENGINE.as_uri())});"
        "const full = (r) => ({...e.rulesToDict(r), points: r.points, in_play: r.in_play, partners: r.partners,"
        " smudge: r.smudge, player_counts: r.player_counts});"
        "const presets = Object.fromEntries(Object.entries(e.PRESETS).map(([name, r]) => [name, full(r)]));"
        "console.log(JSON.stringify([presets, e.DESCRIPTIONS, e.SUITS, e.MOON, e.CATALOGUE]));"
    )
    found = run_module(script)
    presets = {
        name: {**rules.to_dict(), "points": rules.points, "in_play": rules.in_play, "partners": rules.partners,
               "smudge": rules.smudge, "player_counts": list(rules.seat_counts)}
        for name, rules in PRESETS.items()
    }
    assert found == [presets, DESCRIPTIONS, list(SUITS), MOON, list(CATALOGUE)]
    assert list(found[0]) == list(PRESETS)


STORED = json.loads((VECTORS / "stored" / "games-before-the-family.json").read_text("utf-8"))["games"]


@needs_node
def test_games_stored_before_the_family_rebuild_byte_for_byte_in_the_browser():
    """The offline app rebuilds a stored game from its rules dict and its hands as the API showed them."""
    cases = [
        {"variant": game["variant"], "players": game["players"], "team_names": game["team_names"],
         "rules": game["stored_rules"], "hands": game["game"]["hands"], "time": game["time"]}
        for game in STORED
    ]
    for game, result in zip(STORED, javascript_results(cases), strict=True):
        assert json.dumps(result) == json.dumps(game["game"]), game["name"]


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
    "players": st.sampled_from([2, 3, 4, 6, 8]),
    "scheme": st.sampled_from(["card_points", "categories", None]),
    "colour": st.just("red"),
    "points": st.one_of(
        st.dictionaries(st.sampled_from([*CATALOGUE, "queen"]), st.integers(0, 11) | st.just("1"), max_size=5),
        st.sampled_from([None, [], "card_points"]),
    ),
    "in_play": st.sampled_from(["all", "dealt", "some", None]),
    "partners": st.one_of(st.booleans(), st.just(1)),
    "smudge": st.one_of(st.booleans(), st.just("yes")),
    "forced_bid": st.one_of(st.none(), st.integers(0, 7)),
    "sit_out": st.sampled_from(["dealer", "dealer", None, "bidder", True]),
}
TAME_OPTIONS = {
    "target": st.integers(5, 25),
    "moon": st.fixed_dictionaries({}, optional={
        "success": st.sampled_from(["win", "points"]), "failure": st.sampled_from(["lose", "minus"]),
        "penalty": st.integers(0, 12), "not_in_hole": st.booleans(),
    }),
    "end": st.sampled_from(["bid_only", "first_to_target", "highest_past_target"]),
    "time_limit_minutes": st.one_of(st.none(), st.just(30)),
    "smudge": st.booleans(),
    "sit_out": st.sampled_from(["dealer", None]),
}


@st.composite
def point_sets(draw):
    """A random legal point set: some catalogue keys (one joker or two), each worth 1 to 10, mostly 1."""
    keys = draw(st.lists(st.sampled_from(CATALOGUE), min_size=1, max_size=8, unique=True))
    if "joker" in keys:
        keys = [key for key in keys if key not in ("high_joker", "low_joker")]
    return {key: draw(st.sampled_from([1, 1, 1, 2, 3, 5, 10])) for key in keys}


@st.composite
def custom_rules(draw):
    """House rules that build a game of their own: a point set, in_play, partners, smudge, the end, bids."""
    points = draw(point_sets())
    in_play = draw(st.sampled_from(["all", "dealt"]))
    total = sum(points.values())
    top = min(total, 20)
    low = draw(st.integers(1, top))
    rules = {"points": points, "in_play": in_play, "min_bid": low, "max_bid": draw(st.integers(low, top)),
             "moon": draw(st.sampled_from([None, {"failure": "minus"}, True])),
             "all_tricks_bid": None, "partners": draw(st.booleans()), "smudge": draw(st.booleans()),
             "end": draw(st.sampled_from(["bid_only", "first_to_target", "highest_past_target"])),
             "target": draw(st.integers(3, 30))}
    return rules


@st.composite
def overrides(draw):
    """No house rules, a few sensible ones, or a random (often refused) mix."""
    kind = draw(st.sampled_from(["none", "tame", "tame", "tame", "wild", "custom", "custom"]))
    if kind == "none":
        return None
    if kind == "wild":
        return draw(st.fixed_dictionaries({}, optional=WILD_OPTIONS))
    if kind == "custom":
        return draw(custom_rules())
    return draw(st.fixed_dictionaries({}, optional=TAME_OPTIONS))


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
    count = draw(st.sampled_from(PRESETS[variant].seat_counts))
    rules = draw(overrides())
    if rules is not None and "partners" in rules:
        count = draw(st.sampled_from([4, 6] if rules["partners"] is True else [2, 3, 4, 5, 7]))
    if rules is not None and rules.get("sit_out") == "dealer":  # five at a table; now and then a count it refuses
        count = draw(st.sampled_from([5, 5, 5, 5, 5, 5, 4, 6]))
    case = {"variant": variant, "players": draw(names(count, NAMES)), "hands": []}
    if rules is not None:
        case["rules"] = rules
    try:
        table = make_table(variant, NAMES[:count], None, rules)
    except RuleError:
        return case
    if draw(st.integers(0, 3)) == 0:
        labels = ["Us", "Them", "Third", "Fourth", "Fifth", "Sixth", "Last"]
        case["team_names"] = draw(names(table.rules.team_count, labels))
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
