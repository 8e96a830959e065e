"""Properties of scoring that hold for every preset, house rule and legal run of hands."""

from contextlib import suppress
from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, Conflict, RuleError, parse_hand, play, score
from tests.support.strategies import accepted, games, hand_bodies, json_values, tables

RULES = settings(max_examples=200, deadline=None)

HAND_KEYS = ["bidder", "bid", "trump", "captured", "all_tricks", "misdeal", "number", "id", "points"]


near_hands = st.dictionaries(st.sampled_from(HAND_KEYS), json_values, max_size=6)


@RULES
@given(games())
def test_a_made_hand_hands_out_exactly_the_hands_total(game):
    """Every preset and point set: the points in a hand add up to the points in play, and a made bid scores them."""
    table, bodies = game
    rules = table.rules
    _, state = accepted(table, bodies)
    for scored in state.hands:
        hand = scored.hand
        if hand.misdeal:
            continue
        in_play = rules.total_points if hand.points is not None else sum(
            rules.points[key] for key, team in hand.captured.items() if team is not None)
        assert sum(scored.points) == in_play
        if scored.made and hand.bid != rules.all_tricks_bid:
            assert scored.delta == scored.points
            assert sum(scored.delta) == in_play


# Only games where every point is in play and none may be left untaken can be given as points: drawn from those
# presets (house rules may still change that, hence the assume) rather than filtered out of every preset.
COUNTED_BY_POINTS = tuple(name for name, rules in PRESETS.items() if rules.in_play == "all" and not rules.nullable)


@RULES
@given(games(COUNTED_BY_POINTS))
def test_a_hand_given_as_points_scores_as_the_same_hand_given_by_card(game):
    """A per-card hand and the same team totals given as `points` make the same game."""
    table, bodies = game
    hands, state = accepted(table, bodies)
    assume(table.rules.in_play == "all" and not table.rules.nullable and hands)
    as_points = [
        hand if hand.misdeal else replace(hand, captured={}, points=scored.points)
        for hand, scored in zip(hands, state.hands, strict=True)
    ]
    other = score(table, as_points)
    assert [(s.points, s.made, s.delta, s.scores) for s in other.hands] == [
        (s.points, s.made, s.delta, s.scores) for s in state.hands]
    assert (other.outcome, other.next_dealer) == (state.outcome, state.next_dealer)


@RULES
@given(games())
def test_score_equals_playing_the_hands_one_by_one(game):
    table, bodies = game
    hands, state = accepted(table, bodies)
    assert score(table, hands) == state


@RULES
@given(games(), st.data())
def test_editing_a_hand_and_back_restores_every_later_score(game, data):
    table, bodies = game
    hands, state = accepted(table, bodies)
    assume(hands)
    k = data.draw(st.integers(0, len(hands) - 1))
    other = parse_hand(data.draw(hand_bodies(table.rules)), table.rules)
    edited = hands[:k] + [other] + hands[k + 1:]
    with suppress(RuleError):  # the edit may end the game early or put a moon in the hole
        assert score(table, edited).hands[:k] == state.hands[:k]
    edited[k] = hands[k]
    assert score(table, edited) == state


@RULES
@given(games(most=15), st.data())
def test_a_hand_the_validator_accepts_scores_or_is_refused_for_the_game_state(game, data):
    table, bodies = game
    _, state = accepted(table, bodies)
    body = data.draw(st.one_of(hand_bodies(table.rules), near_hands))
    try:
        hand = parse_hand(body, table.rules)
    except RuleError:
        return
    try:
        after = play(state, hand)
    except Conflict as error:
        assert state.status == "finished" and error.field is None
    except RuleError as error:
        assert (hand.is_moon, error.field) == (True, "bid")
        assert state.scores[table.rules.team_of(hand.bidder)] < 0
    else:
        assert len(after.hands) == len(state.hands) + 1


@RULES
@given(st.sampled_from(sorted(PRESETS)), json_values)
def test_parse_hand_refuses_any_json_with_a_rule_error_only(variant, body):
    try:
        parse_hand(body, PRESETS[variant])
    except RuleError as error:
        assert error.message.strip()


@RULES
@given(tables(), st.data())
def test_parse_hand_refuses_a_legal_hand_with_one_bad_field_with_a_rule_error_only(table, data):
    body = data.draw(hand_bodies(table.rules))
    key = data.draw(st.sampled_from(HAND_KEYS + ["captured.ace", "captured.high", "captured.jack"]))
    value = data.draw(json_values)
    if key.startswith("captured.") and "captured" in body:
        body["captured"][key.split(".")[1]] = value
    else:
        body[key] = value
    try:
        parse_hand(body, table.rules)
    except RuleError as error:
        assert error.message.strip()


@RULES
@given(games())
def test_scores_are_the_running_sum_of_deltas(game):
    table, bodies = game
    _, state = accepted(table, bodies)
    running = [0] * table.rules.team_count
    for scored in state.hands:
        running = [total + change for total, change in zip(running, scored.delta, strict=True)]
        assert list(scored.scores) == running
    assert list(state.scores) == running


@RULES
@given(games())
def test_the_deal_moves_left_except_after_a_misdeal(game):
    table, bodies = game
    _, state = accepted(table, bodies)
    dealer = 0
    for scored in state.hands:
        assert scored.dealer == dealer
        dealer = dealer if scored.hand.misdeal else (dealer + 1) % table.rules.players
    assert state.next_dealer == dealer


@RULES
@given(games())
def test_status_and_winner_agree(game):
    table, bodies = game
    _, state = accepted(table, bodies)
    assert (state.status == "finished") == (state.winner is not None)
    assert state.winner is None or 0 <= state.winner < table.rules.team_count


@RULES
@given(games(most=40, short=True), st.data())
def test_a_finished_game_refuses_every_further_hand_with_a_conflict(game, data):
    table, bodies = game
    _, state = accepted(table, bodies)
    assume(state.status == "finished")
    body = data.draw(hand_bodies(table.rules))
    try:
        play(state, parse_hand(body, table.rules))
    except Conflict as error:
        assert error.field is None
        assert "over" in error.message
    else:
        raise AssertionError("a finished game accepted another hand")
