"""The vectors as the Python engine plays them: a case's table, its hands and its time call."""

import json

import pytest

from scorekeeper.rules import TimeCall, make_table, parse_hand, play, score, start
from tests.support.paths import VECTORS


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
