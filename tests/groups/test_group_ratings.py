"""Ratings per person (docs/api-groups.md, "Ratings"): OpenSkill's Plackett-Luce model over a group's finished games
in the order they finished, checked against the model applied game by game in the test, against small groups whose
order is known, and by properties over generated games."""

from __future__ import annotations

import datetime as dt
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.groups import ratings
from scorekeeper.groups.gamefigures import GameFigures
from tests.support.groups import GroupApi, categories, finish_on, ten_all

MODEL = PlackettLuce()
P3 = ["Ann", "Bo", "Cy"]
P4 = ["Ann", "Bo", "Cy", "Di"]
PROPERTY = settings(max_examples=80, deadline=None)


def figures(teams, scores, winner) -> GameFigures:
    """What a game adds up to, as far as the ratings read it."""
    return GameFigures(revision=1, finished=dt.datetime(2026, 1, 1, tzinfo=dt.UTC), teams=tuple(map(tuple, teams)),
                       winner=winner, seats=(), scores=tuple(scores), labels=())


def by_name(stats: dict) -> dict[str, dict]:
    """The stats answer's ratings by the person's name."""
    return {line["name"]: line for line in stats["ratings"]}


def cutthroat_win(setter: int, winner: int) -> list[dict]:
    """A cutthroat game of three: `setter` bids 2 and is set, then `winner` bids 4 and takes all, twice (12-0)."""
    return [categories(setter, 2, winner), categories(winner, 4, winner), categories(winner, 4, winner)]


# The sides and ranks of a finished game: every shape of table the presets play.

@pytest.mark.parametrize(("teams", "scores", "winner", "ranks"), [
    ([[0, 2], [1, 3]], [11, 4], 0, (0, 1)),
    ([[0, 2], [1, 3]], [12, 13], 0, (0, 1)),  # the bidders went out with fewer points: the winner is still first
    ([[0, 3], [1, 4], [2, 5]], [9, 11, 9], 1, (1, 0, 1)),  # the others tied
    ([[0, 3], [1, 4], [2, 5]], [11, 9, 9], 1, (1, 0, 2)),  # the winner first whatever its score
    ([[0, 2, 4], [1, 3, 5]], [3, 11], 1, (1, 0)),
    ([[0], [1]], [7, 11], 1, (1, 0)),
    ([[0], [1], [2]], [11, 0, -2], 0, (0, 1, 2)),
    ([[0], [1], [2], [3]], [5, 11, 5, 7], 1, (2, 0, 2, 1)),
    ([[seat] for seat in range(7)], [11, 1, 2, 3, 4, 5, 6], 0, (0, 6, 5, 4, 3, 2, 1)),
    ([[seat] for seat in range(7)], [1, 2, 11, 2, 2, 0, -3], 2, (4, 1, 0, 1, 1, 5, 6)),  # ties share, then skip
])
def test_a_finished_game_is_its_teams_ranked_winner_first_then_by_score(teams, scores, winner, ranks):
    people = [f"p{seat}" for seat in range(sum(map(len, teams)))]
    found = ratings.sides(people, figures(teams, scores, winner))
    assert found.ranks == ranks
    assert found.people == tuple(tuple(people[seat] for seat in seats) for seats in teams)


def test_an_unfinished_game_or_a_seat_without_a_person_is_no_sides():
    assert ratings.sides(["a", "b"], figures([[0], [1]], [3, 4], None)) is None
    assert ratings.sides(["a"], figures([[0], [1]], [11, 4], 0)) is None


@given(st.integers(2, 7).flatmap(lambda count: st.tuples(
    st.lists(st.integers(-20, 30), min_size=count, max_size=count), st.integers(0, count - 1))))
@PROPERTY
def test_ranks_put_the_winner_alone_first_and_follow_the_scores(case):
    scores, winner = case
    found = ratings.sides([str(seat) for seat in range(len(scores))],
                          figures([[seat] for seat in range(len(scores))], scores, winner)).ranks
    assert found[winner] == 0 and sorted(found).count(0) == 1
    for one in range(len(scores)):
        for other in range(len(scores)):
            if winner not in (one, other) and scores[one] > scores[other]:
                assert found[one] < found[other]
            if winner not in (one, other) and scores[one] == scores[other]:
                assert found[one] == found[other]


# Hand-counted groups.

def test_three_cutthroat_games_rate_as_the_model_does_game_by_game(app, client):
    """Ann beats Bo and Cy (Cy set), Bo beats Cy and Ann (Ann set), Ann beats Bo and Cy (Bo set): Ann won twice,
    Bo once, Cy never, so Ann rates above Bo above Cy; each figure is the model's own rate() applied game by game."""
    group = GroupApi(client, min_games=3)
    ids = [group.game("cutthroat", P3, cutthroat_win(setter, winner))["id"]
           for setter, winner in ((2, 0), (0, 1), (1, 0))]
    finish_on(app, ids, ["2026-01-01", "2026-01-02", "2026-01-03"])
    ann, bo, cy = (MODEL.rating() for _ in P3)
    for first, second, third in (("ann", "bo", "cy"), ("bo", "cy", "ann"), ("ann", "cy", "bo")):
        now = {"ann": ann, "bo": bo, "cy": cy}
        (new_first,), (new_second,), (new_third,) = MODEL.rate([[now[first]], [now[second]], [now[third]]],
                                                               ranks=[0, 1, 2])
        now.update({first: new_first, second: new_second, third: new_third})
        ann, bo, cy = now["ann"], now["bo"], now["cy"]
    found = by_name(group.stats())
    for name, expected in (("Ann", ann), ("Bo", bo), ("Cy", cy)):
        assert found[name]["mu"] == round(expected.mu, 4) and found[name]["sigma"] == round(expected.sigma, 4)
        assert found[name]["rating"] == round(1500 + 20 * (expected.mu - 3 * expected.sigma))
        assert found[name]["uncertainty"] == round(60 * expected.sigma)
        assert found[name]["games"] == 3 and found[name]["provisional"] is False
    assert found["Ann"]["rating"] > found["Bo"]["rating"] > found["Cy"]["rating"]
    people = group.people()
    assert group.stats()["rating_leaderboard"] == [people["Ann"], people["Bo"], people["Cy"]]


def test_a_pair_who_beat_stronger_pairs_rises_more_than_a_pair_who_beat_weaker_ones(app, client):
    """Cy & Di beat Ed & Fay three times; then Ann & Bo beat Cy & Di (the stronger) and Gil & Hal beat Ed & Fay (the
    weaker), each their first game."""
    group = GroupApi(client, min_games=1)
    ids = [group.game("ten-point", ["Cy", "Ed", "Di", "Fay"], [ten_all(0, "moon", 0)])["id"] for _ in range(3)]
    ids.append(group.game("ten-point", ["Ann", "Cy", "Bo", "Di"], [ten_all(0, "moon", 0)])["id"])
    ids.append(group.game("ten-point", ["Gil", "Ed", "Hal", "Fay"], [ten_all(0, "moon", 0)])["id"])
    finish_on(app, ids, ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"])
    found = by_name(group.stats())
    assert found["Cy"]["mu"] > 25 > found["Ed"]["mu"]
    assert found["Ann"]["rating"] == found["Bo"]["rating"] > found["Gil"]["rating"] == found["Hal"]["rating"] > 1500
    assert found["Ann"]["mu"] - 25 > found["Gil"]["mu"] - 25 > 0


def test_a_newcomer_is_provisional_until_the_groups_minimum_games(app, client):
    group = GroupApi(client, min_games=2)
    group.game("ten-point", P4, [ten_all(0, "moon", 0)])
    once = by_name(group.stats())
    assert all(line["provisional"] and line["games"] == 1 for line in once.values())
    assert group.stats()["rating_leaderboard"] == []
    group.game("ten-point", P4, [ten_all(1, "moon", 1)])
    assert not any(line["provisional"] for line in by_name(group.stats()).values())
    group.send("post", "/people", {"name": "Eve"})
    eve = by_name(group.stats())["Eve"]
    assert (eve["rating"], eve["uncertainty"], eve["games"], eve["provisional"]) == (1500, 500, 0, True)


def test_fixing_an_old_games_hand_changes_the_ratings_after_it_and_not_before(app, client):
    group = GroupApi(client, min_games=1)
    ids = [group.game("ten-point", P4, [ten_all(0, "moon", 0)])["id"] for _ in range(3)]
    finish_on(app, ids, ["2026-01-01", "2026-01-02", "2026-01-03"])
    before = [group.stats(f"?to=2026-01-0{day}")["ratings"] for day in (1, 2, 3)]
    # Game 2 becomes Bo & Di's: Bo shoots the moon and takes every point
    fixed = client.put(f"/api/games/{ids[1]}/hands/1", json=ten_all(1, "moon", 1), headers=group.headers)
    assert fixed.status_code == 200 and fixed.get_json()["winner"] == 1
    after = [group.stats(f"?to=2026-01-0{day}")["ratings"] for day in (1, 2, 3)]
    assert after[0] == before[0]
    assert after[1] != before[1] and after[2] != before[2]
    assert group.stats()["ratings"] == after[2]
    mid = {line["name"]: line["rating"] for line in after[1]}
    assert mid["Bo"] == mid["Di"] and mid["Ann"] == mid["Cy"]


def test_a_seasons_ratings_start_fresh(app, client):
    """Spring's ratings are those of a group that played only Spring's games."""
    group = GroupApi(client, min_games=1)
    hands = [ten_all(0, "moon", 0), ten_all(1, "moon", 1), ten_all(1, "moon", 1), ten_all(0, "moon", 0)]
    ids = [group.game("ten-point", P4, [hand])["id"] for hand in hands]
    finish_on(app, ids, ["2025-12-01", "2025-12-02", "2026-03-01", "2026-03-02"])
    spring = group.stats("?from=2026-03-01&to=2026-05-31")
    fresh = GroupApi(client, name="Spring only", min_games=1)
    fresh_ids = [fresh.game("ten-point", P4, [hand])["id"] for hand in hands[2:]]
    finish_on(app, fresh_ids, ["2026-03-01", "2026-03-02"])
    strip = [{key: value for key, value in line.items() if key != "person"} for line in spring["ratings"]]
    assert strip == [{key: value for key, value in line.items() if key != "person"}
                     for line in fresh.stats()["ratings"]]
    assert strip != [{key: value for key, value in line.items() if key != "person"}
                     for line in group.stats()["ratings"]]


@pytest.mark.parametrize("order", [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)])
def test_the_order_games_were_added_in_does_not_matter_only_the_order_they_finished(app, client, order):
    games = [("ten-point", P4, [ten_all(0, "moon", 0)]), ("ten-point", ["Ann", "Di", "Bo", "Cy"],
             [ten_all(1, "moon", 1)]), ("cutthroat", P3, cutthroat_win(2, 1))]
    days = ["2026-02-01", "2026-02-02", "2026-02-03"]
    made = {}
    for index in order:
        group = made.setdefault("group", GroupApi(client, min_games=1))
        made[index] = group.game(*games[index])["id"]
    finish_on(app, [made[index] for index in range(3)], days)
    reference = GroupApi(client, name="In order", min_games=1)
    finish_on(app, [reference.game(*game)["id"] for game in games], days)
    assert by_name(made["group"].stats()) == {
        name: {**line, "person": by_name(made["group"].stats())[name]["person"]}
        for name, line in by_name(reference.stats()).items()}


# Properties of the model's use, over generated games.

PEOPLE = [f"p{index}" for index in range(8)]


@st.composite
def records(draw) -> list[ratings.Record]:
    """Finished games among eight people: partnerships of two or three, or cutthroat of 2 to 7."""
    found = []
    for index in range(draw(st.integers(0, 25))):
        seated = draw(st.permutations(PEOPLE))
        shape = draw(st.sampled_from(["pairs", "triples", "cutthroat"]))
        if shape == "pairs":
            sides = (tuple(seated[:2]), tuple(seated[2:4]))
        elif shape == "triples":
            sides = (tuple(seated[:3]), tuple(seated[3:6]))
        else:
            sides = tuple((person,) for person in seated[:draw(st.integers(2, 7))])
        scores = draw(st.lists(st.integers(-10, 21), min_size=len(sides), max_size=len(sides)))
        winner = draw(st.integers(0, len(sides) - 1))
        teams, seat = [], 0
        for side in sides:
            teams.append(tuple(range(seat, seat + len(side))))
            seat += len(side)
        made = ratings.sides([person for side in sides for person in side], figures(teams, scores, winner))
        hour = draw(st.integers(0, 8))  # games may finish at one moment
        found.append(ratings.Record(dt.datetime(2026, 1, 1, tzinfo=dt.UTC) + dt.timedelta(hours=hour),
                                    f"g{index:03}", made))
    return found


@given(records(), st.randoms())
@PROPERTY
def test_the_ratings_follow_the_order_games_finished_not_the_order_they_come_in(played, shuffler):
    shuffled = list(played)
    shuffler.shuffle(shuffled)
    first, second = ratings.replay(played), ratings.replay(shuffled)
    assert first.people == second.people and first.partners == second.partners


def figures_of(rated: ratings.Rated) -> dict:
    """Each person's rating and games, and each pair's chemistry (not which game ids the history names)."""
    return {person: (rating.mu, rating.sigma, rating.games) for person, rating in rated.people.items()}, rated.partners


@given(records(), st.randoms())
@PROPERTY
def test_games_finished_at_one_moment_rate_alike_whatever_their_ids(played, shuffler):
    """An import gives every game a new id: games that finished at one moment are rated from the ratings before it,
    so the new ids cannot change the ratings."""
    ids = [record.game_id for record in played]
    shuffler.shuffle(ids)
    renamed = [ratings.Record(record.finished, game_id, record.sides) for record, game_id in zip(played, ids,
                                                                                                 strict=True)]
    first, second = figures_of(ratings.replay(played)), figures_of(ratings.replay(renamed))
    assert first[1].keys() == second[1].keys()
    for pair, count in first[1].items():
        assert (second[1][pair].games, second[1][pair].wins) == (count.games, count.wins)
        assert second[1][pair].expected == pytest.approx(count.expected)  # added in another order
    assert first[0].keys() == second[0].keys()
    for person, (mu, sigma, games) in first[0].items():
        assert second[0][person] == (pytest.approx(mu), pytest.approx(sigma), games)


@given(records(), st.lists(st.sampled_from(PEOPLE), min_size=1, max_size=3, unique=True),
       st.lists(st.sampled_from(PEOPLE), min_size=1, max_size=3, unique=True))
@PROPERTY
def test_every_chance_is_between_0_and_1_and_the_two_sides_add_to_1(played, first, second):
    rated = ratings.replay(played)
    one, other = ratings.win_chances(rated, first, second)
    assert 0 <= one <= 1 and 0 <= other <= 1 and one + other == pytest.approx(1)
    for count in rated.partners.values():
        assert 0 <= count.expected <= count.games and 0 <= count.wins <= count.games


@given(records())
@PROPERTY
def test_a_winner_rises_and_each_persons_games_are_counted(played):
    rated = ratings.replay(played)
    for person, rating in rated.people.items():
        assert rating.games == sum(person in side for record in played for side in record.sides.people)
        assert len(rating.history) == rating.games and rating.sigma < MODEL.sigma
    if played:
        last = max(played, key=lambda record: (record.finished, record.game_id))
        before = ratings.replay([record for record in played if record is not last])
        winners = last.sides.people[last.sides.ranks.index(0)]
        assert all(rated.of(person).mu > before.of(person).mu for person in winners)


def test_equal_sides_are_even_and_a_stronger_side_is_favoured():
    rated = ratings.replay([ratings.Record(dt.datetime(2026, 1, day, tzinfo=dt.UTC), f"g{day}",
                                           ratings.Sides((("a", "b"), ("c", "d")), (0, 1))) for day in (1, 2)])
    assert ratings.win_chances(rated, ["e"], ["f"]) == pytest.approx((0.5, 0.5))
    favoured, other = ratings.win_chances(rated, ["a", "b"], ["c", "d"])
    assert favoured > 0.5 > other
    assert ratings.win_chances(rated, ["c", "d"], ["a", "b"]) == pytest.approx((other, favoured))


def test_random_is_not_used_by_the_ratings():
    """The ratings are the same on every run: the model has no random part (a check of the premise above)."""
    played = [ratings.Record(dt.datetime(2026, 1, 1, tzinfo=dt.UTC), "g", ratings.Sides((("a",), ("b",)), (0, 1)))]
    random.seed(1)
    first = ratings.replay(played).people
    random.seed(2)
    assert ratings.replay(played).people == first


# Partner chemistry, counted with the model by hand.

def test_a_pairs_expected_wins_add_the_models_chance_before_each_game(app, client):
    """G1: Ann & Cy beat Bo & Di, all new (each side's chance 0.5). G2: Ann & Bo beat Cy & Di, each side's chance
    from the ratings after G1 (Ann and Cy up, Bo and Di down: 0.5 again, by symmetry). G3: Ann & Cy beat Bo & Di
    again: their chance from the ratings after G2."""
    group = GroupApi(client, min_games=1)
    ids = [group.game("ten-point", P4, [ten_all(0, "moon", 0)])["id"],
           group.game("ten-point", ["Ann", "Cy", "Bo", "Di"], [ten_all(0, "moon", 0)])["id"],
           group.game("ten-point", P4, [ten_all(0, "moon", 0)])["id"]]
    finish_on(app, ids, ["2026-01-01", "2026-01-02", "2026-01-03"])
    ann, bo, cy, di = (MODEL.rating() for _ in P4)
    [[ann, cy], [bo, di]] = MODEL.rate([[ann, cy], [bo, di]], ranks=[0, 1])
    second = MODEL.predict_win([[ann, bo], [cy, di]])
    [[ann, bo], [cy, di]] = MODEL.rate([[ann, bo], [cy, di]], ranks=[0, 1])
    third = MODEL.predict_win([[ann, cy], [bo, di]])
    assert second == pytest.approx([0.5, 0.5]) and third[0] > 0.5
    people = group.people()
    lines = {frozenset(item["people"]): item for item in group.stats()["partnerships"]}
    ann_cy = lines[frozenset((people["Ann"], people["Cy"]))]
    assert (ann_cy["games"], ann_cy["wins"]) == (2, 2)
    assert ann_cy["expected_wins"] == round(0.5 + third[0], 2)
    assert ann_cy["above_expected"] == round(2 - 0.5 - third[0], 2)
    bo_di = lines[frozenset((people["Bo"], people["Di"]))]
    assert (bo_di["wins"], bo_di["expected_wins"], bo_di["above_expected"]) == (0, round(0.5 + third[1], 2),
                                                                                round(-0.5 - third[1], 2))
    ann_bo = lines[frozenset((people["Ann"], people["Bo"]))]
    assert (ann_bo["wins"], ann_bo["expected_wins"], ann_bo["above_expected"]) == (1, 0.5, 0.5)


# Who would win.

@pytest.fixture
def rated_group(app, client) -> GroupApi:
    """Ann & Cy beat Bo & Di twice; Ann beats Bo and Cy at cutthroat (Cy set); Eve joins without a game."""
    group = GroupApi(client, min_games=1)
    ids = [group.game("ten-point", P4, [ten_all(0, "moon", 0)])["id"] for _ in range(2)]
    ids.append(group.game("cutthroat", P3, cutthroat_win(2, 0))["id"])
    finish_on(app, ids, ["2026-01-01", "2026-01-02", "2026-01-03"])
    group.send("post", "/people", {"name": "Eve"})
    return group


def chances(group: GroupApi, first: list[str], second: list[str]):
    """The chances answer for two sides named by their people's names."""
    people = group.people()
    query = "&".join([f"a={people.get(name, name)}" for name in first] + [f"b={people.get(name, name)}"
                                                                          for name in second])
    return group.get(f"/chances?{query}")


@pytest.mark.parametrize(("first", "second"), [
    (["Ann", "Cy"], ["Bo", "Di"]), (["Ann", "Bo"], ["Cy", "Di"]), (["Ann"], ["Bo"]), (["Bo"], ["Ann"]),
    (["Eve"], ["Ann"]), (["Ann", "Eve"], ["Bo", "Di"]), (["Ann", "Bo", "Cy"], ["Di", "Eve", "Fay"]),
])
def test_who_would_win_is_the_models_chance_from_the_ratings(rated_group, first, second):
    if "Fay" in second:
        rated_group.send("post", "/people", {"name": "Fay"})
    found = chances(rated_group, first, second)
    assert found.status_code == 200, found.get_json()
    body = found.get_json()
    lines = by_name(rated_group.stats())
    teams = [[MODEL.rating(mu=lines[name]["mu"], sigma=lines[name]["sigma"]) for name in side]
             for side in (first, second)]
    assert body["chances"] == pytest.approx(MODEL.predict_win(teams), abs=1e-3)
    assert sum(body["chances"]) == pytest.approx(1, abs=1e-3) and all(0 <= p <= 1 for p in body["chances"])
    assert [[person["name"] for person in side] for side in body["sides"]] == [first, second]
    assert [[person["rating"] for person in side] for side in body["sides"]] == \
        [[lines[name]["rating"] for name in side] for side in (first, second)]


def test_the_favourites_are_the_stronger_side(rated_group):
    assert chances(rated_group, ["Ann", "Cy"], ["Bo", "Di"]).get_json()["chances"][0] > 0.5
    assert chances(rated_group, ["Ann"], ["Cy"]).get_json()["chances"][0] > 0.5
    assert chances(rated_group, ["Eve"], ["Eve"]).status_code == 422


@pytest.mark.parametrize(("first", "second", "field"), [
    ([], ["Bo"], "a"), (["Ann"], [], "b"), ([], [], "a"),
    (["Ann", "Bo", "Cy", "Di"], ["Eve"], "a"),
    (["nobody-of-this-group"], ["Bo"], "a"), (["Ann"], ["x" * 300], "b"),
    (["Ann", "Ann"], ["Bo", "Cy"], "a"), (["Ann"], ["Bo", "Bo"], "b"),
    (["Ann"], ["Ann"], "b"), (["Ann", "Bo"], ["Bo", "Cy"], "b"),
    (["Ann"], ["Bo", "Cy"], "b"),
])
def test_a_side_that_cannot_play_is_refused_naming_it(rated_group, first, second, field):
    found = chances(rated_group, first, second)
    assert found.status_code == 422
    body = found.get_json()
    assert body["field"] == field and body["error"].endswith(".")


def test_who_would_win_of_a_group_that_is_not_there_is_404(client):
    assert client.get("/api/groups/" + "A" * 22 + "/chances?a=x&b=y").status_code == 404
    assert client.get("/api/groups/nonsense/chances").status_code == 404


def test_the_group_page_answers_who_would_win_without_javascript(client, rated_group):
    people = rated_group.people()
    page = client.get(f"/g/{rated_group.id}")
    html = page.get_data(as_text=True)
    for side in ("a", "b"):
        assert f'<label for="{side}1">Player</label>' in html and f'<label for="{side}2">Partner</label>' in html
    assert f'<form method="get" action="/g/{rated_group.id}" class="matchup-form">' in html
    body = chances(rated_group, ["Ann", "Cy"], ["Bo", "Di"]).get_json()
    share = round(100 * body["chances"][0])
    asked = client.get(f"/g/{rated_group.id}", query_string=[("a", people["Ann"]), ("a", people["Cy"]),
                                                             ("b", people["Bo"]), ("b", people["Di"])])
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", asked.get_data(as_text=True)))
    assert f"Ann & Cy would win {share}% of their games against Bo & Di (Bo & Di {100 - share}%)" in words.replace(
        "&amp;", "&")
    alone = client.get(f"/g/{rated_group.id}", query_string=[("a", people["Ann"]), ("a", ""), ("b", people["Bo"]),
                                                             ("b", "")])
    assert "Ann would win" in alone.get_data(as_text=True)
    wrong = client.get(f"/g/{rated_group.id}", query_string=[("a", people["Ann"]), ("b", people["Ann"])])
    assert wrong.status_code == 200
    assert '<p class="error" role="alert">A person cannot be on both sides' in wrong.get_data(as_text=True)


QUERY_VALUES = st.text(max_size=30) | st.sampled_from(["", "a", "b", "all", "rating", "\x00", "%", "&", "=" * 5])


@given(st.lists(st.tuples(st.sampled_from(["a", "b", "board", "season", "games", "x"]) | st.text(max_size=5),
                          QUERY_VALUES), max_size=8), st.lists(st.sampled_from(["Ann", "Bo", "Cy", "Di"]), max_size=4))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_no_query_makes_who_would_win_or_the_group_page_fail(client, rated_group, query, named):
    """Whatever a query asks, the chances answer 200 or 422 ({"error", "field"}) and the group page 200 or 404."""
    people = rated_group.people()
    query = query + [(side, people[name]) for side, name in zip("abab", named, strict=False)]
    found = client.get(f"/api/groups/{rated_group.id}/chances", query_string=query)
    assert found.status_code in (200, 422), found.get_data(as_text=True)
    if found.status_code == 422:
        assert found.get_json()["field"] in ("a", "b") and found.get_json()["error"]
    else:
        assert sum(found.get_json()["chances"]) == pytest.approx(1, abs=1e-3)
    page = client.get(f"/g/{rated_group.id}", query_string=query)
    assert page.status_code in (200, 404)
