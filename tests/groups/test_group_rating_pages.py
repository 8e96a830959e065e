"""The ratings on the pages: the group page's leaderboard by rating beside the one by wins, its partners against
expectations, and a person's rating, chart and chemistry, with provisional marks; the sentence and chart they use."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.groups import chart, ratings
from tests.support.groups import GroupApi, finish_on, ten_all, text_of

P4 = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def played(app, client) -> GroupApi:
    """Ann & Cy beat Bo & Di twice, then Bo & Di win once; Eve and Fay play one game (min_games 2)."""
    group = GroupApi(client, min_games=2)
    ids = [group.game("ten-point", P4, [ten_all(0, "moon", 0)])["id"] for _ in range(2)]
    ids.append(group.game("ten-point", P4, [ten_all(1, "moon", 1)])["id"])
    ids.append(group.game("ten-point", ["Eve", "Ann", "Fay", "Bo"], [ten_all(0, "moon", 0)])["id"])
    finish_on(app, ids, ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"])
    return group


@pytest.mark.parametrize(("games", "above", "sentence"), [
    (9, 2.1, "Ann and Bo win 2.1 games more than expected in 9"),
    (9, 2.149, "Ann and Bo win 2.1 games more than expected in 9"),
    (4, -1.26, "Ann and Bo win 1.3 games fewer than expected in 4"),
    (1, 1.0, "Ann and Bo win 1.0 game more than expected in 1"),
    (3, 0.04, "Ann and Bo win as many games as expected in 3"),
    (3, -0.04, "Ann and Bo win as many games as expected in 3"),
    (2, 0.05, "Ann and Bo win 0.1 games more than expected in 2"),
])
def test_chemistry_reads_as_a_sentence(games, above, sentence):
    assert ratings.chemistry_sentence("Ann", "Bo", games, above) == sentence


@pytest.mark.parametrize(("rating", "uncertainty", "text"), [
    (1500, 500, "1,500 ± 500"), (987, 42, "987 ± 42"), (12345, 1000, "12,345 ± 1,000")])
def test_a_rating_reads_with_what_is_still_unknown(rating, uncertainty, text):
    assert ratings.rating_text(rating, uncertainty) == text


@pytest.mark.parametrize("history", [[], [("g", 1530)], [("g1", 1560), ("g2", 1540), ("g3", 1610)],
                                     [(f"g{n}", 1500 + 7 * n) for n in range(300)]])
def test_the_rating_chart_draws_every_game_on_an_axis_of_the_ratings_alone(history):
    drawn = chart.rating_chart("Ann", history, 1500)
    if not history:
        assert drawn.empty == "Ann has no finished game yet: the rating starts at 1,500."
        assert drawn.series[0].values == (1500,)
        return
    assert drawn.empty is None and drawn.series[0].values == (1500, *(value for _, value in history))
    assert len(drawn.series[0].points.split()) == len(history) + 1
    labels = [int(tick.label) for tick in drawn.y_ticks]
    values = drawn.series[0].values
    assert labels[0] <= min(values) and labels[-1] >= max(values) and labels[0] > 0  # 0 is not on this axis
    assert f"to {values[-1]:,}" in drawn.description


def test_the_group_page_ranks_by_wins_or_by_rating(client, played):
    people = played.people()
    stats = played.stats("?from=2026-01-01&to=2026-12-31")
    wins = client.get(f"/g/{played.id}?season=2026")
    assert wins.status_code == 200
    html = wins.get_data(as_text=True)
    assert re.search(r'<a href="/g/[^"]+\?season=2026"[^>]*aria-current="page">Most wins</a>', html)
    assert f'href="/g/{played.id}?season=2026&amp;board=rating"' in html
    board = client.get(f"/g/{played.id}?season=2026&board=rating")
    html, words = board.get_data(as_text=True), text_of(board)
    assert re.search(r'aria-current="page">Rating</a>', html)
    lines = {line["person"]: line for line in stats["ratings"]}
    ranked = [lines[person] for person in stats["rating_leaderboard"]]
    assert [line["name"] for line in ranked] == ["Cy", "Ann", "Di", "Bo"]  # 2-1, 2-2, 1-2, 1-3
    rows = " ".join(f"{index} {line['name']} {line['name']} {line['rating']:,} ± {line['uncertainty']:,} "
                    f"{line['games']}" for index, line in enumerate(ranked, 1))
    assert rows in words
    for name in ("Eve", "Fay"):
        line = lines[people[name]]
        assert f"provisional {name} {name} {line['rating']:,} ± {line['uncertainty']:,} 1" in words
    assert client.get(f"/g/{played.id}?season=all&board=rating").status_code == 200


def test_the_group_page_says_which_partners_beat_expectations(client, played):
    stats = played.stats()
    names = {person_id: name for name, person_id in played.people().items()}
    words = text_of(client.get(f"/g/{played.id}?season=all"))
    best = max(stats["partnerships"], key=lambda item: item["above_expected"])
    first, second = sorted((names[person] for person in best["people"]), key=str.casefold)
    assert ratings.chemistry_sentence(first, second, best["games"], best["above_expected"]) in words
    every = [ratings.chemistry_sentence(*sorted((names[person] for person in item["people"]), key=str.casefold),
                                        item["games"], item["above_expected"]) for item in stats["partnerships"]]
    assert all(sentence in words for sentence in every)  # every pair listed, best first
    places = sorted(every, key=words.index)
    assert [item["above_expected"] for item in sorted(stats["partnerships"], key=lambda item: places.index(
        ratings.chemistry_sentence(*sorted((names[person] for person in item["people"]), key=str.casefold),
                                   item["games"], item["above_expected"])))] == \
        sorted((item["above_expected"] for item in stats["partnerships"]), reverse=True)
    assert "Partners against expectations" in words


def test_a_persons_page_shows_the_rating_its_chart_and_chemistry(client, played):
    people = played.people()
    stats = played.stats()
    line = next(item for item in stats["ratings"] if item["name"] == "Ann")
    page = client.get(f"/g/{played.id}/people/{people['Ann']}")
    html, words = page.get_data(as_text=True), text_of(page)
    assert f"Rating {line['rating']:,} ± {line['uncertainty']:,}" in words and "provisional" not in words
    points = re.search(r'<polyline class="chart-line chart-person-0" points="([^"]+)"', html).group(1)
    assert len(points.split()) == 5  # the start and each of Ann's four games
    assert "Ann's rating after each of 4 games: from 1,500 to " + f"{line['rating']:,}" in words
    cy = next(item for item in stats["partnerships"] if {people["Ann"], people["Cy"]} == set(item["people"]))
    assert ratings.chemistry_sentence("Ann", "Cy", 3, cy["above_expected"]) in words
    eve = client.get(f"/g/{played.id}/people/{people['Eve']}")
    assert "provisional: 1 of the group's 2 games" in text_of(eve)


def test_a_person_without_a_game_has_a_newcomers_rating_and_no_chart(client, played):
    played.send("post", "/people", {"name": "Gil"})
    words = text_of(client.get(f"/g/{played.id}/people/{played.people()['Gil']}"))
    assert "Rating 1,500 ± 500 provisional: 0 of the group's 2 games" in words
    assert "Gil has no finished game yet: the rating starts at 1,500." in words


@pytest.fixture
def two_seasons(app, played) -> GroupApi:
    """The games of `played` (2026), and one of 2025 that Bo & Di win: the group's seasons are 2025 and 2026."""
    game = played.game("ten-point", P4, [ten_all(1, "moon", 1)])["id"]
    finish_on(app, [game], ["2025-06-01"])
    return played


SEASONS = {"2025": "?from=2025-01-01&to=2025-12-31", "2026": "?from=2026-01-01&to=2026-12-31", None: ""}


@pytest.mark.parametrize("season", ["2025", "2026", None])
def test_a_persons_page_shows_the_rating_of_the_season_passed_on_as_the_group_json_has_it(client, two_seasons,
                                                                                            season):
    query = f"?season={season}" if season else ""
    for line in two_seasons.stats(SEASONS[season])["ratings"]:
        page = client.get(f"/g/{two_seasons.id}/people/{line['person']}{query}")
        words = text_of(page)
        rating = f"Rating{f' in {season}' if season else ''} {ratings.rating_text(line['rating'], line['uncertainty'])}"
        assert rating in words, (line["name"], words[:400])
        assert ("provisional: " in words.split(rating, 1)[1][:40]) == line["provisional"]
        heading = f"Rating over their games{f' in {season}' if season else ''}"
        assert heading in words and (season is None) == ("over every game" not in words)
        games = line["games"]
        assert f"after each of {games} game" in words if games else "has no finished game yet" in words


def test_the_seasons_give_different_ratings(two_seasons):
    """So the test above tells a season's rating from every game's."""
    found = {season: {line["name"]: line["rating"] for line in two_seasons.stats(query)["ratings"]}
             for season, query in SEASONS.items()}
    assert found["2025"]["Ann"] != found["2026"]["Ann"] != found[None]["Ann"]


@pytest.mark.parametrize(("asked", "passed"), [("?season=2025", "2025"), ("?season=2026", "2026"), ("", "2026"),
                                               ("?season=all", None)])
def test_the_group_page_passes_its_season_on_to_the_person_links(client, two_seasons, asked, passed):
    html = client.get(f"/g/{two_seasons.id}{asked}").get_data(as_text=True)
    links = re.findall(rf'href="/g/{two_seasons.id}/people/([^"]+)"', html)
    assert len(links) == len(two_seasons.people())
    assert all(link.endswith(f"?season={passed}") if passed else "?" not in link for link in links)


@pytest.mark.parametrize("season", ["2024", "2027", "nope", "", "2026%00", "<b>", "x" * 500])
def test_a_person_page_of_a_season_the_group_does_not_have_is_not_found(client, two_seasons, season):
    person = two_seasons.people()["Ann"]
    assert client.get(f"/g/{two_seasons.id}/people/{person}?season={season}").status_code == 404


@given(season=st.text(max_size=40))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_season_asked_of_a_person_page_answers_it_or_not_found(client, two_seasons, season):
    person = two_seasons.people()["Ann"]
    answered = client.get(f"/g/{two_seasons.id}/people/{person}", query_string={"season": season})
    assert answered.status_code == (200 if season in ("2025", "2026", "all") else 404)
