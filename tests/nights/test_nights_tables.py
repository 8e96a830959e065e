"""A night's tables: one link per table all night, the signed scorecard, and whole nights whose standings are
the sums of every player's own games and whose draws follow winners_up."""

from __future__ import annotations

import random

import pytest

from scorekeeper.web.keys import night_table_key
from tests.support.nights import Night, names, own_scores


@pytest.fixture
def night(client):
    """A night of 8 players, game 1 drawn."""
    made = Night(client)
    made.register(names(8))
    made.tables = made.draw()["tables"]
    return made


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


def test_a_tables_key_is_derived_from_the_directors_and_lasts_the_night(night):
    """Table n's key is the same for every game it plays, derived from the director's key and the table."""
    first = {table["table"]: table["edit_key"] for table in night.tables}
    assert first == {number: night_table_key(night.key, night.id, number) for number in (1, 2)}
    night.finish_all(night.tables)
    second = night.draw()["tables"]
    assert {table["table"]: table["edit_key"] for table in second} == first
    assert night.hand(second[1], {"bidder": 0, "bid": 5, "points": [6, 4]}, key=first[2]).status_code == 201


def test_the_table_link_opens_the_game_the_table_plays_now(night, client):
    """While the table plays, its link redirects to the scorer page of its game (the #key stays with the browser);
    between games it shows who sat there and the result; after the next draw it opens the new game."""
    path = f"/nights/{night.id}/tables/2"
    response = client.get(path)
    assert response.status_code == 303 and response.location.endswith(f"/games/{night.tables[1]['game']}/join")
    night.finish_all(night.tables)
    page = client.get(path)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert all(seat["name"] in text for seat in night.tables[1]["seats"]) and "Not signed yet" in text
    second = night.draw()["tables"]
    assert client.get(path).location.endswith(f"/games/{second[1]['game']}/join")
    assert client.get(f"/nights/{night.id}/tables/3").status_code == 404


def test_the_table_read_says_who_sits_where(night):
    """GET …/tables/<n>: the game number, its game, the players by seat; no key in it."""
    body = night.get("/tables/1").get_json()
    assert body["game_number"] == 1 and body["game"] == night.tables[0]["game"]
    assert [seat["name"] for seat in body["seats"]] == [seat["name"] for seat in night.tables[0]["seats"]]
    assert "edit_key" not in body and "#key=" not in body["table_url"]


def test_a_player_of_the_losing_side_signs_and_then_only_the_director_changes_the_game(night, client):
    """Not over: 409; a winner or a stranger: 422; a loser: signed; the table's key is then refused with a
    sentence saying why; the director's key (shown on the round) still changes the game."""
    table = night.tables[1]
    key = bearer(table["edit_key"])
    assert night.post("/tables/2/sign", {"player": table["seats"][0]["name"]}, headers=key).status_code == 409
    night.finish(table, side=0)
    winners = [table["seats"][0]["name"], table["seats"][2]["name"]]
    loser = table["seats"][1]["name"]
    for name in (winners[0], "Nobody"):
        refused = night.post("/tables/2/sign", {"player": name}, headers=key)
        assert refused.status_code == 422 and loser in refused.get_json()["error"]
    assert night.post("/tables/2/sign", {"player": loser}, headers=bearer("x" * 43)).status_code == 403
    signed = night.post("/tables/2/sign", {"player": loser.upper()}, headers=key)
    assert signed.status_code == 200 and signed.get_json()["signed_by"] == loser
    assert night.post("/tables/2/sign", {"player": loser}, headers=key).status_code == 200  # sent again
    assert night.post("/tables/2/sign", {"player": table["seats"][3]["name"]}, headers=key).status_code == 409
    changed = client.delete(f"/api/games/{table['game']}/hands/1", headers=key)
    assert changed.status_code == 403 and "signed" in changed.get_json()["error"]
    director = night.get("/games/1", headers=night.headers).get_json()["tables"][1]["edit_key"]
    assert director and director != table["edit_key"]
    assert client.delete(f"/api/games/{table['game']}/hands/1", headers=bearer(director)).status_code in (200, 204)


def test_the_standings_mark_games_not_signed(night):
    """Every finished game counts, marked unconfirmed until its losing side signs."""
    night.finish_all(night.tables)
    lines = night.get("/standings").get_json()["players"]
    assert sum(line["unconfirmed"] for line in lines) == 8
    game = night.game(night.tables[0])
    loser = next(seat["name"] for seat in night.tables[0]["seats"] if seat["seat"] % 2 != game["winner"])
    night.post("/tables/1/sign", {"player": loser}, headers=bearer(night.tables[0]["edit_key"]))
    lines = night.get("/standings").get_json()["players"]
    assert sum(line["unconfirmed"] for line in lines) == 4


def play_night(client, count: int, games: int, seed: int, rank_by: str = "total"):
    """A whole night with random results; returns the night, each game's tables and each game's played games."""
    rng, night = random.Random(seed), Night(client, seed=seed, rank_by=rank_by)
    night.register(names(count))
    drawn, played = [], []
    for _ in range(games):
        tables = night.draw()["tables"]
        drawn.append(tables)
        played.append(night.finish_all(tables, [rng.randrange(2) for _ in tables]))
    return night, drawn, played



@pytest.mark.parametrize(("count", "seed"), [(8, 1), (9, 2), (13, 3), (16, 4), (6, 5), (11, 6)])
def test_a_nights_standings_are_the_sums_of_own_games(client, count, seed):
    """Three games: each player's total, games and wins are the sums over the games they sat at."""
    night, drawn, played = play_night(client, count, 3, seed)
    sums = {name: [0, 0, 0] for name in names(count)}
    for tables, games in zip(drawn, played, strict=True):
        for name, (score, won) in own_scores(tables, games).items():
            sums[name] = [sums[name][0] + score, sums[name][1] + 1, sums[name][2] + won]
    lines = night.get("/standings").get_json()["players"]
    assert {line["name"]: [line["total"], line["played"], line["won"]] for line in lines} == sums
    assert [line["total"] for line in lines] == sorted((line["total"] for line in lines), reverse=True)


@pytest.mark.parametrize(("count", "seed"), [(8, 1), (12, 2), (13, 3), (20, 4)])
def test_winners_move_up_and_head_losers_go_to_the_last_table(client, count, seed):
    """The draws stored from real games follow winners_up: winners up one, losers stay, head losers last."""
    _, drawn, played = play_night(client, count, 3, seed)
    for tables, games, after in zip(drawn, played, drawn[1:], strict=False):
        at = {seat["name"]: table["table"] for table in after for seat in table["seats"]}
        last = len(tables)
        for table, game in zip(tables, games, strict=True):
            for name, (_, won) in own_scores([table], [game]).items():
                if table["table"] == 1:
                    assert at[name] == 1 if won else at[name] == last
                else:
                    assert at[name] == (table["table"] - 1 if won else table["table"])


def test_a_player_page_says_where_they_sit_now(client):
    """GET …/players/<id>: this game's table and seat, the games played, the night score."""
    night, drawn, _ = play_night(client, 9, 1, 3)
    tables = night.draw()["tables"]
    player = tables[1]["seats"][2]
    body = night.get(f"/players/{player['id']}").get_json()
    assert body["now"] == {"game": 2, "table": 2, "seat": 2} and body["played"] == 1
    assert body["total"] == sum(game["score"] for game in body["games"])


def test_the_directors_key_changes_with_every_tables(night, client):
    """A new director's key: the old one and the old table keys are refused as replaced, every table's new key
    opens its game (a signed one: the director's derived key), and the same change sent again changes nothing."""
    old_tables = night.tables
    night.finish(old_tables[1], side=0)
    night.post("/tables/2/sign", {"player": old_tables[1]["seats"][1]["name"]},
               headers=bearer(old_tables[1]["edit_key"]))
    new_key = "n" * 30
    changed = night.post("/key", {"edit_key": new_key})
    assert changed.status_code == 200 and changed.get_json()["edit_key"] == new_key
    tables = changed.get_json()["drawn"][0]["tables"]
    assert tables[0]["edit_key"] == night_table_key(new_key, night.id, 1) != old_tables[0]["edit_key"]
    assert night.hand(tables[0], {"bidder": 0, "bid": 5, "points": [6, 4]}).status_code == 201
    stale = night.hand(old_tables[0], {"bidder": 0, "bid": 5, "points": [6, 4]})
    assert stale.status_code == 403 and stale.get_json()["code"] == "key_replaced"
    assert client.delete(f"/api/games/{tables[1]['game']}/hands/1", headers=bearer(tables[1]["edit_key"])).status_code \
        in (200, 204)
    assert night.post("/games").get_json()["code"] == "key_replaced"
    again = night.post("/key", {"edit_key": new_key})
    assert again.status_code == 200 and again.get_json()["edit_key"] == new_key
