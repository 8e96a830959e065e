"""Both engines at hand: Node running the browser's engine with its rules document, and the Python engine's answers."""

import json
import os
import shutil
import subprocess

import pytest
from hypothesis import strategies as st

from scorekeeper.rules import MOON, SUITS, RuleError, document, state_to_dict
from tests.support.paths import TESTS
from tests.support.vectors import replay, steps

SCORE_CLI = TESTS / "js" / "score_cli.mjs"


ENGINE = TESTS.parent / "static" / "js" / "engine.js"


NODE = shutil.which("node")


# Node runs the engine with its rules document (tests/js/rules.mjs), written by this process's Python engine.
NODE_ENV = {**os.environ, "PITCH_RULES_DOCUMENT": document.text()}


def node(*args: str) -> list[str]:
    """A Node command that can import the engine."""
    return [NODE or "node", "--import", (TESTS / "js" / "rules.mjs").as_uri(), *args]


def run_module(script: str):
    """What a module script run by Node (the engine importable) printed, read as JSON."""
    run = subprocess.run(node("--input-type=module", "-e", script), capture_output=True, text=True, timeout=60,
                         env=NODE_ENV)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


# Locally a machine without Node skips these; in CI a missing Node is a failure, not a skip.
needs_node = pytest.mark.skipif(NODE is None and not os.environ.get("CI"), reason="node is not installed")


def python_replay(case):
    """The game after the case's hands, time called after `after_hand` of them, as test_vectors.py plays it."""
    return replay(case, steps(case))


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
        node(str(SCORE_CLI)), input=json.dumps({"cases": cases}), capture_output=True, text=True, timeout=120,
        env=NODE_ENV,
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
    for key in sorted(rules.nullable):
        if draw(st.integers(0, 4)) == 0:
            captured[key] = None
    body = {"bidder": bidder, "bid": bid, "captured": captured}
    if rules.in_play == "all" and not rules.nullable and draw(st.integers(0, 2)) == 0:  # given as points
        totals = [0] * teams
        for key, team in captured.items():
            totals[team] += rules.points[key]
        body = {"bidder": bidder, "bid": bid, "points": totals}
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
    "points": [[5, 5], [10, 0, 0], [-1, 11], [4.5, 5.5], "10", None, [True, 9], [3, 3]],
    "delta": [[1, 1]],
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
