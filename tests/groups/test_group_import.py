"""A group file import over generated groups: it stores exactly what the game API stores for the same games, a file
exported from it imports to the same file, and an import that fails late, however far it got, stores nothing."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, HandRecord
from scorekeeper.groups import transfer
from scorekeeper.groups.models import Group, Person
from scorekeeper.rules import PRESETS, Conflict, RuleError, TimeCall, make_table, parse_hand, play, start
from tests.support.groups import MISDEAL, GroupApi, import_file, stored_counts, upload, with_ids_named
from tests.support.strategies import hand_bodies, house_rules
from tests.support.tables import CARD_POINTS

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                           HealthCheck.too_slow])
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
MOMENTS = st.none() | st.sampled_from(["2025-12-31T23:59:00+00:00", "2026-03-01T18:30:00-05:00"])
# What the table said in a hand, as stored: the columns a game import and a group import must store alike.
HAND_FACTS = ("number", "misdeal", "bidder", "bid", "moon", "trump", "captured", "points", "all_tricks")
GAME_FACTS = ("variant", "players", "team_names", "rules", "time_called_after", "time_finish_hand", "revision")


def kept(table, bodies: list[dict]) -> list[dict]:
    """The hand bodies a game at `table` takes, in order, up to the hand that ends it."""
    state, taken = start(table), []
    for body in bodies:
        try:
            state = play(state, parse_hand(body, table.rules))
        except Conflict:
            break
        except RuleError:  # a moon from the hole
            continue
        taken.append(body)
    return taken


@st.composite
def game_entries(draw, people: list[str]) -> dict:
    """A game of any preset, house rules and player count, its hands, maybe a time call, team names, seats given
    as the file's people, hand ids and times, as a group file holds it."""
    variant = draw(st.sampled_from(sorted(PRESETS)))
    overrides = draw(house_rules(variant))
    try:
        count = draw(st.sampled_from(PRESETS[variant].with_overrides(overrides).seat_counts))
        players = draw(st.permutations(NAMES))[:count]
        table = make_table(variant, players, None, overrides)
    except RuleError as error:  # a moon that loses the game, at a table of more than two sides
        assume(error.field != "rules.moon")
        raise
    hands = kept(table, draw(st.lists(hand_bodies(table.rules), max_size=12)))
    entry = {"variant": variant, "players": players, "rules": overrides, "time_called": None}
    if table.rules.time_limit_minutes is not None and draw(st.booleans()):
        call = TimeCall(draw(st.integers(0, len(hands))), draw(st.booleans()))
        called = kept(make_table(variant, players, None, overrides, call), hands)
        if len(called) >= call.after_hand:
            hands, entry["time_called"] = called, {"after_hand": call.after_hand, "finish_hand": call.finish_hand}
    entry["hands"] = [{**body, "id": f"hand-{number}"} if draw(st.booleans()) else body
                      for number, body in enumerate(hands)]
    if draw(st.booleans()):
        entry["team_names"] = [f"Side {team + 1}" for team in range(table.rules.team_count)]
    if people and draw(st.booleans()):
        entry["people"] = draw(st.permutations(people))[:count] if len(people) >= count else None
    entry["finished"] = draw(MOMENTS)
    return entry


@st.composite
def group_files(draw, most_games: int = 6) -> dict:
    """A group file: some people (with ids of the file), maybe a season, and games."""
    names = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=len(NAMES)))
    people = [{"id": f"person-{name}", "name": name, "short_name": draw(st.sampled_from([None, name[0]]))}
              for name in names]
    seasons = draw(st.sampled_from([[], [{"name": "Winter", "from": "2025-12-01", "to": "2026-02-28"}]]))
    games = draw(st.lists(game_entries([person["id"] for person in people]), max_size=most_games))
    for number, game in enumerate(games):  # each its own moment (two games of one moment are ordered by their ids)
        game["created_at"] = f"2026-01-{1 + number:02d}T20:00:00{draw(st.sampled_from(['+00:00', '-05:00']))}"
    return {"format": "pitch-scorekeeper-group", "version": 1, "name": "Generated", "min_games": draw(
        st.integers(0, 5)), "people": people, "seasons": seasons, "games": games}


def stored_games(app, group_id: str | None = None, game_ids: list[str] | None = None) -> list[tuple]:
    """The games' facts and their hands' facts (a hand's id only where the file gave it), in the order they were
    stored; and whether each game finished."""
    with app.app_context():
        query = sa.select(Game).order_by(Game.created_at)
        query = query.where(Game.group_id == group_id) if group_id else query.where(Game.id.in_(game_ids))
        found = []
        for game in db.session.scalars(query):
            rows = db.session.execute(sa.select(HandRecord).where(HandRecord.game_id == game.id)
                                      .order_by(HandRecord.id)).scalars()
            hands = [(*(getattr(row, name) for name in HAND_FACTS), row.client_id if row.client_id.startswith(
                "hand-") else None) for row in rows]
            found.append((*(getattr(game, name) for name in GAME_FACTS), game.finished_at is not None, hands))
        return found


@SETTINGS
@given(body=group_files())
def test_an_imported_group_stores_each_game_as_the_game_api_stores_it(app, client, body):
    """Every column of every game and hand, hands in their order, equals what POST /api/games stores for it."""
    _, answer = import_file(client, body)
    alone = []
    for game in body["games"]:
        single = {key: game.get(key) for key in ("variant", "players", "team_names", "rules", "hands", "time_called")}
        response = client.post("/api/games", json=single)
        assert response.status_code == 201, response.get_json()
        alone.append(response.get_json()["id"])
    assert stored_games(app, answer["id"]) == stored_games(app, game_ids=alone)


@SETTINGS
@given(body=group_files())
def test_an_imported_group_exports_a_file_that_imports_to_the_same_file(client, body):
    first, _ = import_file(client, body)
    exported = json.loads(client.get(f"/g/{first.id}/export.json").get_data())
    assert len(exported["games"]) == len(body["games"])
    assert sum(len(game["hands"]) for game in exported["games"]) == sum(len(game["hands"]) for game in body["games"])
    second, _ = import_file(client, exported)
    again = json.loads(client.get(f"/g/{second.id}/export.json").get_data())
    assert with_ids_named(again) == with_ids_named(exported)


@SETTINGS
@given(body=group_files(), data=st.data())
def test_a_bad_hand_anywhere_in_a_file_is_named_and_stores_nothing(app, client, body, data):
    played = [(game, hand) for game, entry in enumerate(body["games"]) for hand in range(len(entry["hands"]))]
    assume(played)
    game, hand = data.draw(st.sampled_from(played))
    body = json.loads(json.dumps(body))
    body["games"][game]["hands"][hand] = {"bidder": 99, "bid": 2}
    before = stored_counts(app)
    refused = client.post("/api/groups/import", json=body)
    assert refused.status_code == 422, refused.get_json()
    assert refused.get_json()["field"] == "games"
    assert refused.get_json()["error"].startswith(f"Game {game + 1}: Hand {hand + 1}: ")
    assert stored_counts(app) == before


def long_file(games: int, hands: int) -> dict:
    """A group file of `games` ten-point games of `hands` hands, each bid set (none ends its game)."""
    played = [{"bidder": number % 4, "bid": 5, "captured": {key: (number + 1) % 2 for key in CARD_POINTS}}
              for number in range(hands)]
    return {"format": "pitch-scorekeeper-group", "version": 1, "name": "Long", "people": [],
            "games": [{"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"], "hands": list(played),
                       "created_at": f"2026-01-01T{number // 60:02d}:{number % 60:02d}:00+00:00"}
                      for number in range(games)]}


def test_a_bad_hand_in_the_last_game_of_a_long_file_stores_nothing(app, client):
    body = long_file(300, 20)
    body["games"][-1]["hands"][-1] = {"bidder": 4, "bid": 5, "captured": {key: 0 for key in CARD_POINTS}}
    before = stored_counts(app)
    refused = client.post("/api/groups/import", json=body)
    assert refused.status_code == 422
    assert refused.get_json()["error"].startswith("Game 300: Hand 20: "), refused.get_json()
    assert stored_counts(app) == before


FAILURES = [RuleError("The import failed after its hands were written.", "games"),
            sa.exc.OperationalError("INSERT", {}, Exception("the connection was lost"))]


@pytest.mark.parametrize("failure", FAILURES, ids=["refusal", "database error"])
@pytest.mark.parametrize("batch", [1, 7, 1000])
def test_an_import_failing_after_every_hand_was_written_stores_nothing(app, client, monkeypatch, failure, batch):
    """The hands go in HAND_BATCH at a time, as plain rows (no ORM object a hand); whatever fails after the last
    of them, the transaction holding the group, its people, games and hands is rolled back whole."""
    monkeypatch.setattr(transfer, "HAND_BATCH", batch)
    body = long_file(60, 20)
    store, written = transfer._store_hands, []

    def store_then_fail(hands):
        store(hands)
        assert not any(isinstance(item, HandRecord) for item in db.session.identity_map.values())
        written.append(stored_counts_here())
        raise failure

    monkeypatch.setattr(transfer, "_store_hands", store_then_fail)
    before = stored_counts(app)
    if isinstance(failure, RuleError):
        refused = client.post("/api/groups/import", json=body)
        assert refused.status_code == 422 and refused.get_json()["error"] == failure.message
    else:
        with app.app_context(), pytest.raises(sa.exc.OperationalError):
            transfer.import_group(body)
    groups, people, games, hands = before
    assert written == [(groups + 1, people + 4, games + 60, hands + 1200)]  # all of it, in the transaction
    assert stored_counts(app) == before


def stored_counts_here() -> tuple[int, ...]:
    """The groups, people, games and hands the open transaction sees."""
    return tuple(db.session.scalar(sa.select(sa.func.count()).select_from(model))
                 for model in (Group, Person, Game, HandRecord))


def misdeals(counts: list[int]) -> dict:
    """A group file of ten-point games holding `counts` misdeals each (the shortest hands a file can hold)."""
    return {"format": "pitch-scorekeeper-group", "version": 1, "name": "Misdeals", "people": [],
            "games": [{"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"], "hands": [MISDEAL] * count}
                      for count in counts]}


@SETTINGS
@given(counts=st.lists(st.integers(0, 12), min_size=1, max_size=8), over=st.booleans())
def test_a_file_past_the_most_hands_is_refused_before_any_game_is_checked(app, client, monkeypatch, counts, over):
    """Whatever games hold them, MOST_HANDS hands are taken and one more is refused (422), before the engine sees
    a game, and nothing is stored."""
    most = sum(counts) - over
    assume(most >= 0)
    monkeypatch.setattr(transfer, "MOST_HANDS", most)
    check, checked = transfer.create.checked_new_game, []

    def counted(body):
        checked.append(body)
        return check(body)

    monkeypatch.setattr(transfer.create, "checked_new_game", counted)
    before = stored_counts(app)
    answer = client.post("/api/groups/import", json=misdeals(counts))
    if over:
        assert answer.status_code == 422 and answer.get_json() == {"field": "games", "error": (
            f"The games of this file hold {sum(counts):,} hands; a group file holds at most {most:,}.")}
        assert checked == [] and stored_counts(app) == before
    else:
        assert answer.status_code == 201, answer.get_json()
        assert stored_counts(app)[3] == before[3] + most


def test_the_import_page_says_a_file_holds_too_many_hands(app, client, monkeypatch):
    monkeypatch.setattr(transfer, "MOST_HANDS", 1200)
    before = stored_counts(app)
    page = upload(client, json.dumps(long_file(61, 20)).encode())
    assert page.status_code == 422
    assert ("Nothing was imported. The games of this file hold 1,220 hands; a group file holds at most 1,200."
            in page.get_data(as_text=True))
    assert stored_counts(app) == before
    assert upload(client, json.dumps(long_file(60, 20)).encode()).status_code == 303


def test_a_groups_own_download_within_the_file_cap_holds_fewer_than_the_most_hands(app, client):
    """The density MOST_HANDS is set from: each misdeal, the shortest hand, adds more than GROUP_FILE_MAX_LENGTH /
    MOST_HANDS bytes to a group's download, with hand numbers of one to three digits."""
    sizes = {}
    for count in (9, 400):
        group = GroupApi(client)
        group.game("ten-point", ["Ann", "Bo", "Cy", "Di"], [MISDEAL] * count)
        sizes[count] = len(client.get(f"/g/{group.id}/export.json").get_data())
    per_hand = (sizes[400] - sizes[9]) / (400 - 9)
    assert per_hand * transfer.MOST_HANDS > app.config["GROUP_FILE_MAX_LENGTH"], per_hand
