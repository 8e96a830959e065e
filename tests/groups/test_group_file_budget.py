"""A group file with more values than a group can hold is refused before it is parsed (issue: four million empty
objects as people cost a worker 225-324 MB before "at most 500 people"); a group's own download is far below the
budget. `bench/group_file_memory.py` measures the memory of the largest refused and the largest accepted file."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.groups import transfer
from scorekeeper.web import jsontext
from scorekeeper.web.jsontext import Budget
from tests.support.groups import stored_counts, upload

BUDGET = transfer.FILE_BUDGET
HEAD = b'{"format":"pitch-scorekeeper-group","version":1,"name":"Big","min_games":3,'


def hostile(field: str, item: bytes, count: int) -> bytes:
    """A group file whose `field` is a list of `count` copies of `item`."""
    rest = b"".join(b',"%s":[]' % name for name in (b"people", b"games") if name != field.encode())
    return HEAD + b'"%s":[' % field.encode() + b",".join([item] * count) + b"]" + rest + b"}"


def refuse_parsing(monkeypatch):
    """Fail the test if a text larger than a megabyte is parsed."""
    parse = jsontext.json.loads

    def guarded(data, *args, **kwargs):
        assert len(data) < 1_000_000, "a file over the budget was parsed"
        return parse(data, *args, **kwargs)

    monkeypatch.setattr(jsontext.json, "loads", guarded)


SHAPES = [  # (field, item, count): each within GROUP_FILE_MAX_LENGTH and over the budget
    ("people", b"{}", 4_000_000),  # the file: 12.6 MB
    ("people", b"[]", 4_000_000),
    ("games", b'{"a":{}}', 401_000),  # over the containers, under the values
    ("seasons", b"0", 1_600_000),  # scalars only: over the values
    ("people", b'""', 1_600_000),
    ("name", b"[[[[[[[[[[]]]]]]]]]]", 41_000),  # nested
]


@pytest.mark.parametrize(("field", "item", "count"), SHAPES, ids=[f"{f}-{i.decode()[:6]}" for f, i, _ in SHAPES])
def test_a_file_over_the_budget_is_refused_unparsed_by_the_api_and_the_page(app, client, monkeypatch,
                                                                          field, item, count):
    data = hostile(field, item, count)
    assert len(data) <= app.config["GROUP_FILE_MAX_LENGTH"] and BUDGET.refuses(data)
    refuse_parsing(monkeypatch)
    before = stored_counts(app)
    answer = client.post("/api/groups/import", data=data, content_type="application/json")
    assert answer.status_code == 422
    assert answer.get_json() == {"error": BUDGET.refusal}
    page = upload(client, data)
    assert page.status_code == 422
    assert "Nothing was imported. This file holds more than a group file can" in page.get_data(as_text=True)
    assert stored_counts(app) == before


def test_the_budget_counts_at_its_edges():
    budget = Budget(values=10, containers=3, refusal="no")
    assert not budget.refuses(b"[[0],[0],0,0,0,0,0]")  # 3 containers, 10 values
    assert budget.refuses(b"[[],[],[],[]]")  # 4 containers
    assert budget.refuses(b"[[0],[0],0,0,0,0,0,0]")  # 11 values
    assert not budget.refuses(b"[1,2,3,4,5,6,7,8,9]")  # 10 values, 1 container
    assert budget.refuses(b"[1,2,3,4,5,6,7,8,9,10]")


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                    max_leaves=30))
def test_the_counts_are_never_below_what_the_parser_builds(value):
    """The counts in the bytes are at least the values and containers json.loads makes of them (never low)."""

    def count(item) -> tuple[int, int]:
        if isinstance(item, dict):
            inner = [count(v) for v in item.values()]
        elif isinstance(item, list):
            inner = [count(v) for v in item]
        else:
            return 1, 0
        return 1 + sum(v for v, _ in inner), 1 + sum(c for _, c in inner)

    data = json.dumps(value).encode()
    values, containers = count(value)
    assert Budget(values=values - 1, containers=10**9, refusal="").refuses(data)
    if containers:
        assert Budget(values=10**9, containers=containers - 1, refusal="").refuses(data)


def test_a_groups_own_download_is_far_below_the_budget(client, played):
    """The density the budget is set from: the download of the group of 35 games of every kind, people, seasons and
    team names holds at least 10 bytes a value and 50 an object or list, so a file of GROUP_FILE_MAX_LENGTH of such
    games is within the budget."""
    data = client.get(f"/g/{played.id}/export.json").get_data()
    containers = data.count(b"{") + data.count(b"[")
    values = containers + data.count(b",") + 1
    assert len(data) / values >= 10 and len(data) / containers >= 50, (len(data), values, containers)
    most = client.application.config["GROUP_FILE_MAX_LENGTH"]
    assert most / 10 <= BUDGET.values and most / 50 <= BUDGET.containers
    assert client.post("/api/groups/import", data=data, content_type="application/json").status_code == 201


def test_a_file_just_within_the_budget_gets_the_usual_refusal(app, client):
    """At the budget the file is parsed and refused by what it holds (at most 500 people), not by its size."""
    data = hostile("people", b"{}", BUDGET.containers - 3)  # with the file, its people and its games: at the budget
    assert not BUDGET.refuses(data) and BUDGET.refuses(hostile("people", b"{}", BUDGET.containers - 2))
    answer = client.post("/api/groups/import", data=data, content_type="application/json")
    assert answer.status_code == 422
    assert answer.get_json()["error"] == f"people must be a list of at most {transfer.MOST_PEOPLE} people."
