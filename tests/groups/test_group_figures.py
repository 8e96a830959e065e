"""The figures a group's stats add to the spec's (docs/api-groups.md, "More figures"), against figures counted by
hand from five games, and on the person's page.

Ann Bo Cy Di sit as Ann & Cy (team 0) against Bo & Di (team 1) in the ten-point games:
- G1 ten-point: Ann shoots the moon and takes all 10: Ann & Cy win.
- G2 ten-point: a misdeal; Bo bids 4, given as points 3-7 (made); Bo shoots the moon and takes all: Bo & Di win.
- G3 cutthroat, Ann Bo Cy: Ann bids 4 and takes every category, three times (12): Ann wins.
- G4 ten-point: Ann shoots the moon and misses (Bo & Di take all): Bo & Di win.
- G5 ten-point: Bo shoots the moon and takes all: Bo & Di win.

Points per hand count the ten-point games' hands (misdeals aside), each side's points taken:
Ann & Cy bid in G1 (10) and G4 (0), defend in G2 (3, 0) and G5 (0); Bo & Di the other way round.
"""

from __future__ import annotations

import re

from tests.support.groups import MISDEAL, GroupApi, categories, ten_all

P4 = ["Ann", "Bo", "Cy", "Di"]

# person: games, wins, bids, made, set, made %, average bid, moons, moons made, longest streak,
#         hands bidding, points per hand bidding, hands defending, points per hand defending
EXPECTED = {
    "Ann": (5, 2, 5, 4, 1, 80.0, 4.0, 2, 1, 1, 2, 5.0, 3, 1.0),
    "Bo": (5, 3, 3, 3, 0, 100.0, 4.0, 2, 2, 2, 3, 9.0, 2, 5.0),
    "Cy": (5, 1, 0, 0, 0, None, None, 0, 0, 1, 2, 5.0, 3, 1.0),
    "Di": (4, 3, 0, 0, 0, None, None, 0, 0, 3, 3, 9.0, 2, 5.0),
}
FIELDS = ("games", "wins", "bids", "made", "set", "made_pct", "average_bid", "moons", "moons_made", "longest_streak",
          "bidding_hands", "points_per_hand_bidding", "defending_hands", "points_per_hand_defending")
# pair: games, wins, longest streak, bids (the two's, as partners), made, made %, then the team's hands and points
PAIR_FIELDS = ("games", "wins", "longest_streak", "bids", "made", "made_pct", "bidding_hands",
               "points_per_hand_bidding", "defending_hands", "points_per_hand_defending")
SPEC = ("person", "name", "games", "wins", "bids", "made", "set", "moons", "moons_made")


def played(client) -> GroupApi:
    group = GroupApi(client, min_games=1)
    group.game("ten-point", P4, [ten_all(0, "moon", 0)])
    group.game("ten-point", P4, [MISDEAL, {"bidder": 1, "bid": 4, "points": [3, 7]}, ten_all(1, "moon", 1)])
    group.game("cutthroat", ["Ann", "Bo", "Cy"], [categories(0, 4, 0)] * 3)
    group.game("ten-point", P4, [ten_all(0, "moon", 1)])
    group.game("ten-point", P4, [ten_all(1, "moon", 1)])
    return group


def test_the_added_figures_equal_the_ones_counted_by_hand(client):
    group = played(client)
    stats = group.stats()
    found = {line["name"]: tuple(line[name] for name in FIELDS) for line in stats["people"]}
    assert found == EXPECTED
    assert all(set(SPEC) <= set(line) for line in stats["people"])  # the spec's fields stay
    names = {person_id: name for name, person_id in group.people().items()}
    pairs = {tuple(sorted(names[pid] for pid in line["people"])): tuple(line[name] for name in PAIR_FIELDS)
             for line in stats["partnerships"]}
    assert pairs == {("Ann", "Cy"): (4, 1, 1, 2, 1, 50.0, 2, 5.0, 3, 1.0),
                     ("Bo", "Di"): (4, 3, 3, 3, 3, 100.0, 3, 9.0, 2, 5.0)}
    # a season without a game: no streak, and no share of nothing
    assert group.stats("?to=2000-01-01")["people"][0]["longest_streak"] == 0
    assert group.stats("?to=2000-01-01")["people"][0]["made_pct"] is None


def test_the_person_page_shows_them(client):
    group = played(client)
    people = group.people()
    page = client.get(f"/g/{group.id}/people/{people['Bo']}").get_data(as_text=True)
    text = re.sub(r"<[^>]+>", " ", page)
    text = re.sub(r"\s+", " ", text)
    assert "Bids made 100.0%" in text and "Average bid (moons aside) 4.0" in text
    assert "Longest winning streak 2" in text
    assert "Points per hand as bidders (10-point games) 9.0 over 3 hands" in text
    assert "Points per hand as defenders (10-point games) 5.0 over 2 hands" in text
    assert "Di 4 3 3" in text  # partner, games, wins, longest streak
    cy = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(f"/g/{group.id}/people/{people['Cy']}").get_data(
        as_text=True)))
    assert "Bids made –" in cy and "Average bid (moons aside) –" in cy
