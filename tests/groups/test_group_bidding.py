"""How each person bids (docs/api-groups.md, "How each person bids"): per bid level the bids, the share made, the
mean points taken and the mean change of score, and which points their team took in hands given card by card;
checked against two games counted by hand, and by properties over games of every preset.

Ann & Cy play Bo & Di (Ann, Bo, Cy, Di in their seats; team 0 is Ann & Cy):
- G1, ten-point (card points, target 31): a misdeal; Ann bids 3, Bo & Di take the ace, jack, off-jack, both jokers
  and the ten (6), Ann & Cy the three and two (4): made, +4 and +6; Bo bids 4, Bo & Di take the three and ace (4):
  made, +6 and +4; Ann shoots the moon and takes all ten: made, +10, and the game is Ann & Cy's.
- G2, five-point (categories, target 21): Ann bids 3 and takes all four (made, +4), then bids 5 four times and takes
  every trick and point (made, +5 each, 4 points each): 24, Ann & Cy win.

Ann: 3: 2 bids, 2 made, points 4 + 4, change 4 + 4; 5 all tricks: 4 bids, 4 made, points 16, change 20; moon: 1,
1, 10, 10. Bo: 4: 1 bid, made, points 4, change 4.
Points Ann's team took by card (G1's 3 hands, G2's 5): three 2 of 3 (H1, H3), two 3 of 3, ace 1 of 3 (H3), jack 2
of 3 in G1 and 5 of 5 in G2 (7 of 8), off-jack, the jokers and the ten 2 of 3, high, low and game 5 of 5. Bo's team
took each of G1's the rest of the time (three 1 of 3, two 0, ace 2, jack 1 + 0 of 8, ...) and none of G2's.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.groups.contexts import person_context
from scorekeeper.rules import PRESETS, Conflict, RuleError, make_table, parse_hand, play, score, start
from scorekeeper.sheet.stats import bid_levels, cards_taken, level_order, player_stats
from tests.support.groups import MISDEAL, GroupApi, categories, ten, ten_all, text_of
from tests.support.strategies import NAMES, accepted, games, hand_bodies

P4 = ["Ann", "Bo", "Cy", "Di"]
REST = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten")
G1 = [MISDEAL, ten(0, 3, REST), ten(1, 4, ("three", "ace")), ten_all(0, "moon", 0)]
G2 = [categories(0, 3, 0)] + [categories(0, 5, 0, all_tricks=0)] * 4


def level(bid, all_tricks, bids, made, points, change) -> dict:
    """A line of a person's `bidding`, its shares counted here."""
    return {"bid": bid, "all_tricks": all_tricks, "bids": bids, "made": made, "made_pct": round(100 * made / bids, 1),
            "points_per_bid": round(points / bids, 2), "change_per_bid": round(change / bids, 2)}


def card(point, hands, taken) -> dict:
    """A line of a person's `cards`."""
    return {"point": point, "hands": hands, "taken": taken, "taken_pct": round(100 * taken / hands, 1)}


ANN_LEVELS = [level(3, False, 2, 2, 8, 8), level(5, True, 4, 4, 16, 20), level("moon", False, 1, 1, 10, 10)]
ANN_CARDS = [card("high", 5, 5), card("low", 5, 5), card("jack", 8, 7), card("off_jack", 3, 2),
             card("high_joker", 3, 2), card("low_joker", 3, 2), card("ace", 3, 1), card("ten", 3, 2),
             card("three", 3, 2), card("two", 3, 3), card("game", 5, 5)]
BO_CARDS = [card("high", 5, 0), card("low", 5, 0), card("jack", 8, 1), card("off_jack", 3, 1),
            card("high_joker", 3, 1), card("low_joker", 3, 1), card("ace", 3, 2), card("ten", 3, 1),
            card("three", 3, 1), card("two", 3, 0), card("game", 5, 0)]


@pytest.fixture
def played(client) -> GroupApi:
    group = GroupApi(client, min_games=1)
    assert group.game("ten-point", P4, G1)["winner"] == 0
    assert group.game("five-point", P4, G2)["winner"] == 0
    return group


def test_the_bids_by_level_and_the_points_taken_match_the_hands_counted_by_hand(played):
    lines = {line["name"]: line for line in played.stats()["people"]}
    assert lines["Ann"]["bidding"] == ANN_LEVELS
    assert lines["Bo"]["bidding"] == [level(4, False, 1, 1, 4, 4)]
    assert lines["Cy"]["bidding"] == [] and lines["Di"]["bidding"] == []
    assert lines["Ann"]["cards"] == ANN_CARDS and lines["Cy"]["cards"] == ANN_CARDS
    assert lines["Bo"]["cards"] == BO_CARDS and lines["Di"]["cards"] == BO_CARDS
    assert (lines["Ann"]["moons"], lines["Ann"]["moons_made"]) == (1, 1)


def test_a_set_bid_counts_its_loss(client):
    """Bo bids 4 and Bo & Di take only the three (3): set, -4 to them; then Ann's moon ends the game."""
    group = GroupApi(client)
    group.game("ten-point", P4, [ten(1, 4, ("three",)), ten_all(0, "moon", 0)])
    bo = next(line for line in group.stats()["people"] if line["name"] == "Bo")
    assert bo["bidding"] == [level(4, False, 1, 0, 3, -4)] and bo["bidding"][0]["made_pct"] == 0.0


def test_a_season_counts_only_its_games_bids(played):
    assert all(line["bidding"] == [] and line["cards"] == [] for line in played.stats("?to=2000-01-01")["people"])


def test_the_person_page_shows_the_bids_by_level_and_the_points_taken(client, played):
    words = text_of(client.get(f"/g/{played.id}/people/{played.people()['Ann']}"))
    assert "How Ann bids" in words
    assert "3 2 2 (100%) 4.0 +4.0" in words
    assert "5, all six tricks 4 4 (100%) 4.0 +5.0" in words
    assert "moon 1 1 (100%) 10.0 +10.0" in words
    assert "Moons: 1 made of 1 tried." in words
    assert "The two 3 (100%) 3" in words and "The jack 7 (88%) 8" in words and "The ace 1 (33%) 3" in words
    assert words.index("The two") < words.index("The jack") < words.index("The ace")  # most often first
    bo = text_of(client.get(f"/g/{played.id}/people/{played.people()['Bo']}"))
    assert "4 1 1 (100%) 4.0 +4.0" in bo
    cy = text_of(client.get(f"/g/{played.id}/people/{played.people()['Cy']}"))
    assert "No bid in a finished game yet." in cy and "bids made, by bid" not in cy


def test_the_person_page_draws_the_share_made_at_each_level_as_bars(client, played):
    page = client.get(f"/g/{played.id}/people/{played.people()['Ann']}").get_data(as_text=True)
    words = text_of(client.get(f"/g/{played.id}/people/{played.people()['Ann']}"))
    assert "Share of Ann's bids made, by bid 3 2 of 2 made (100%) 5, all six tricks 4 of 4 made (100%) " \
           "moon 1 of 1 made (100%)" in words
    assert page.count('class="bar-fill"') == 3 and 'width="100.0"' in page


def test_a_set_level_draws_a_short_bar(client):
    """Bo bids 4 twice: set (takes the three only), then made; the 4's bar is half as long as it can be."""
    group = GroupApi(client)
    group.game("ten-point", P4, [ten(1, 4, ("three",)), ten(1, 4, REST), ten_all(0, "moon", 0)])
    page = client.get(f"/g/{group.id}/people/{group.people()['Bo']}").get_data(as_text=True)
    assert "4</span> <span class=\"bar-value\">1 of 2 made (50%)" in page
    assert '<rect class="bar-fill" x="0" y="0" width="50.0"' in page


def test_a_five_that_needs_every_trick_has_its_own_bar_after_the_plain_five(client):
    """Ann bids 5 in Five-Point Jick (a plain 5, made with all five points) and 5 in Five-Point (every trick)."""
    group = GroupApi(client)
    jick = {"bidder": 0, "bid": 5, "captured": dict.fromkeys(("high", "low", "jack", "off_jack", "game"), 0)}
    group.game("five-point-jick", P4, [jick] * 3)
    group.game("five-point", P4, [categories(0, 5, 0, all_tricks=0)] * 5)
    words = text_of(client.get(f"/g/{group.id}/people/{group.people()['Ann']}"))
    assert "by bid 5 3 of 3 made (100%) 5, all six tricks 5 of 5 made (100%) Points taken" in words


@pytest.mark.parametrize("name", ['<b>Ann</b> & "Co"', "Zoë O'Neil", "<script>alert(1)</script>"])
def test_the_bars_name_the_person_escaped(client, name):
    group = GroupApi(client)
    group.game("ten-point", [name, *P4[1:]], [ten_all(0, "moon", 0)])
    response = client.get(f"/g/{group.id}/people/{group.people()[name]}")
    assert f"Share of {name}'s bids made, by bid moon 1 of 1 made (100%)" in text_of(response)
    page = response.get_data(as_text=True)
    assert "<script>alert" not in page and "<b>Ann" not in page


SPECIAL = ("five-point", "five-point-jick", "ten-point")


def finished_game(draw, variant: str) -> tuple[int, list[dict], dict]:
    """A game of `variant` with a low target (most finish, and only finished games count): its player count, the
    hand bodies it accepts, its rules."""
    rules = {"target": draw(st.integers(2, 15))}
    try:
        count = draw(st.sampled_from(PRESETS[variant].with_overrides(rules).seat_counts))
        table = make_table(variant, NAMES[:count], None, rules)
    except RuleError:
        assume(False)
    state, kept = start(table), []
    for body in draw(st.lists(hand_bodies(table.rules), min_size=4, max_size=20)):
        try:
            state = play(state, parse_hand(body, table.rules))
        except Conflict:
            break
        except RuleError:
            continue
        kept.append(body)
    return count, kept, rules


@st.composite
def group_games(draw):
    """Two to four games: two of the presets whose top bids differ (Five-Point's 5 needs every trick,
    Five-Point Jick's does not, Ten-Point has the moon), then any presets."""
    variants = [*draw(st.permutations(SPECIAL))[:2], *draw(st.lists(st.sampled_from(sorted(PRESETS)), max_size=2))]
    return [(variant, *finished_game(draw, variant)) for variant in variants]


@given(group_games())
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
def test_the_bars_are_the_tables_figures_at_every_level_lowest_bid_first(app, client, played_games):
    group = GroupApi(client, min_games=1)
    for variant, count, hands, rules in played_games:
        group.game(variant, NAMES[:count], hands, rules=rules)
    lines = {line["person"]: line for line in group.stats()["people"]}
    for person in group.people().values():
        with app.test_request_context():
            shown = person_context(group.id, person)
        levels, bars = shown["levels"], shown["bid_chart"].bars
        assert [(bar.label, bar.bids, bar.made, bar.made_pct) for bar in bars] == \
            [(level["label"], level["bids"], level["made"], level["made_pct"]) for level in levels]
        assert [(level["bid"], level["all_tricks"]) for level in levels] == \
            [(level["bid"], level["all_tricks"]) for level in lines[person]["bidding"]]
        keys = [(level["bid"], level["all_tricks"]) for level in levels]
        assert keys == sorted(keys, key=level_order) and len(set(keys)) == len(keys)
        assert len({bar.label for bar in bars}) == len(bars)  # the moon, a 5 and the 5 of all tricks told apart
        assert all(0 <= bar.made_pct <= 100 and 0 <= bar.made <= bar.bids for bar in bars)
        page = text_of(client.get(f"/g/{group.id}/people/{person}"))
        for bar in bars:
            assert f"{bar.label} {bar.made} of {bar.bids} made ({bar.made_pct:.0f}%)" in page


def test_the_group_file_carries_each_persons_bidding(client, played):
    exported = client.get(f"/g/{played.id}/export.json").get_json()
    people = played.people()
    found = {line["person"]: line for line in exported["bidding"]}
    assert found[people["Ann"]]["levels"] == ANN_LEVELS and found[people["Ann"]]["cards"] == ANN_CARDS


@given(games(most=30))
@settings(max_examples=150, deadline=None)
def test_the_levels_and_points_add_up_to_the_games_own_counts_for_every_preset(game):
    table, bodies = game
    hands, state = accepted(table, bodies)
    state = score(table, hands)
    levels, cards, seats = bid_levels(state), cards_taken(state), player_stats(state)
    team_of = {seat: team for team, members in enumerate(table.teams) for seat in members}
    by_card = [scored for scored in state.hands if scored.hand.by_card]
    for seat, stats in enumerate(seats):
        assert sum(line[2] for line in levels[seat]) == stats.bids
        assert sum(line[3] for line in levels[seat]) == stats.made
        assert sum(line[2] for line in levels[seat] if line[0] == "moon") == stats.moons
        bidden = [scored for scored in state.hands if not scored.hand.misdeal and scored.hand.bidder == seat]
        assert sum(line[4] for line in levels[seat]) == sum(scored.points[team_of[seat]] for scored in bidden)
        assert sum(line[5] for line in levels[seat]) == sum(scored.delta[team_of[seat]] for scored in bidden)
        assert all(line[1] == (line[0] == table.rules.all_tricks_bid) for line in levels[seat])
        for point, hands_counted, taken in cards[seat]:
            went = [scored.hand.captured.get(point) for scored in by_card]
            assert hands_counted == sum(taker is not None for taker in went)
            assert taken == sum(taker == team_of[seat] for taker in went)
        partner = next((other for other in table.teams[team_of[seat]] if other != seat), None)
        if partner is not None:
            assert cards[partner] == cards[seat]
