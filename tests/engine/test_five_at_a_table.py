"""Five at a table, the dealer sitting out (rules.md): properties over every preset that allows it, its house rules
and any legal run of hands, in the Python engine and (the same random games) the browser engine."""

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, Conflict, RuleError, TimeCall, make_table, parse_hand, play, score, start
from tests.support.engines import assert_agree, needs_node
from tests.support.strategies import hand_bodies, house_rules

RULES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FIVE = ["Ann", "Bo", "Cy", "Di", "Ed"]
# Every preset that seats five with the dealer sitting out: the partnership presets for four.
FIVE_PRESETS = tuple(name for name, rules in PRESETS.items() if rules.partners and 4 in rules.seat_counts)
# House rules that keep a game of five possible: the moon may not lose (refused), partners stay on.
DROPPED = ("partners",)


def test_the_presets_that_seat_five_are_the_partnership_presets_for_four():
    """rules.md names them: every partnership preset for four, and not ten-point-six, cutthroat or smudge."""
    assert set(FIVE_PRESETS) == {"ten-point", "tournament", "five-point", "partnership-pitch", "five-point-jick",
                                 "seven-point", "nine-point", "eleven-point", "thirteen-point", "smear"}


@st.composite
def five_tables(draw, short=False):
    """A table of five of any preset that allows it, with house rules (a moon that would lose made to score minus),
    a low target now and then so that games end, and maybe a time call."""
    variant = draw(st.sampled_from(FIVE_PRESETS))
    overrides = {key: value for key, value in draw(house_rules(variant)).items() if key not in DROPPED}
    if isinstance(overrides.get("moon"), dict) and overrides["moon"].get("failure") == "lose":
        overrides["moon"] = {**overrides["moon"], "failure": "minus"}
    if short or draw(st.booleans()):
        overrides["target"] = draw(st.integers(1, 12))
    overrides["sit_out"] = "dealer"
    clock = overrides.get("time_limit_minutes", PRESETS[variant].time_limit_minutes)
    call = None
    if clock is not None and draw(st.integers(0, 3)) == 0:
        call = TimeCall(after_hand=draw(st.integers(0, 10)), finish_hand=draw(st.booleans()))
    return make_table(variant, FIVE, None, overrides, call)


@st.composite
def five_games(draw, most=20):
    """A table of five and the hands it accepted, each bid by one of the four who play it; the game after them."""
    table = draw(five_tables())
    state, hands = start(table), []
    for _ in range(draw(st.integers(0, most))):
        if state.outcome:
            break
        body = draw(hand_bodies(table.rules))
        if not body.get("misdeal"):
            body["bidder"] = draw(st.sampled_from([seat for seat in range(5) if seat != state.next_dealer]))
        hand = parse_hand(body, table.rules)
        try:
            state = play(state, hand)
        except RuleError as error:  # a moon bid from the hole
            assert (hand.is_moon, error.field) == (True, "bid")
            assert state.scores[hand.bidder] < 0
            continue
        hands.append(hand)
    return table, hands, state


def variant_of(table):
    """The preset a table was made from."""
    return next(name for name, rules in PRESETS.items() if rules is table.rules.base)


def four_seat_table(table):
    """The same rules at four: a hand's two sides are its two teams, side 0 as team 0."""
    left_out = ("players", "sit_out", "first_dealer")
    overrides = {key: value for key, value in table.rules.to_dict().items() if key not in left_out}
    return make_table(variant_of(table), FIVE[:4], None, {**overrides, "players": 4})


@RULES
@given(five_games())
def test_the_five_deltas_come_from_the_two_sides_results_and_the_dealer_scores_nothing(game):
    """Each player of a side scores what that side would score at four; the dealer nothing; the sides are the
    first and third, the second and fourth players to the dealer's left."""
    table, _, state = game
    four = four_seat_table(table)
    for scored in state.hands:
        dealer = scored.dealer
        left = [(dealer + step) % 5 for step in range(1, 5)]
        assert table.sides(dealer) == ((left[0], left[2]), (left[1], left[3]))
        assert scored.delta[dealer] == 0
        if scored.hand.misdeal:
            assert scored.delta == (0,) * 5 and scored.points == (0, 0)
            continue
        side = 0 if scored.hand.bidder in table.sides(dealer)[0] else 1
        at_four = play(start(four), replace(scored.hand, bidder=side)).hands[-1]
        assert (scored.points, scored.made) == (at_four.points, at_four.made)
        for side, seats in enumerate(table.sides(dealer)):
            assert [scored.delta[seat] for seat in seats] == [at_four.delta[side]] * 2


@RULES
@given(five_games())
def test_replaying_any_prefix_gives_the_running_sheet(game):
    """Undo to any hand and replay: the scores are those the sheet showed after it, and the deal is where it was."""
    table, hands, state = game
    running = (0,) * 5
    for count in range(len(hands) + 1):
        again = score(table, hands[:count])
        assert again.scores == running
        assert again.hands == state.hands[:count]
        if count < len(hands):
            running = tuple(a + b for a, b in zip(running, state.hands[count].delta, strict=True))
    assert running == state.scores


@RULES
@given(five_games(), st.data())
def test_an_edit_rescoring_every_later_hand_is_a_fresh_replay(game, data):
    """Edit a hand (a misdeal in its place, or another hand): every later hand is scored again with its dealer and
    sides moved as the deal says (a misdeal keeps the dealer), exactly as if played so from the start."""
    table, hands, state = game
    assume(hands)
    at = data.draw(st.integers(0, len(hands) - 1))
    edited = [*hands[:at], parse_hand({"misdeal": True}, table.rules), *hands[at + 1:]]
    try:
        after = score(table, edited)
    except RuleError:  # the bidder of a later hand now deals it, or a moon from the hole, or the game ended sooner
        return
    dealer = table.rules.first_dealer
    for scored in after.hands:
        assert scored.dealer == dealer
        dealer = dealer if scored.hand.misdeal else (dealer + 1) % 5
    assert after.next_dealer == dealer
    assert after.hands[:at] == state.hands[:at]


@RULES
@given(five_games())
def test_a_finished_game_is_won_by_a_pair_of_the_last_hand(game):
    """The winners are one side of the hand that ended the game, never its dealer; no one team is the winner."""
    table, _, state = game
    assume(state.outcome)
    assert state.winner is None and state.outcome.winner is None
    last = state.hands[state.outcome.hand - 1]
    assert state.winners in table.sides(last.dealer)
    assert last.dealer not in state.winners
    assert state.winner_label == " & ".join(FIVE[seat] for seat in state.winners)
    with pytest.raises(Conflict):
        play(state, parse_hand({"misdeal": True}, table.rules))


@RULES
@given(five_games())
def test_the_end_rule_decides_for_the_pair(game):
    """How the game ends, per player: bid_only needs a made bid and a bidder at the target; first_to_target and
    highest_past_target end as soon as one of the four who played is at or past it."""
    table, _, state = game
    rules = table.rules
    for scored in state.hands:
        if scored.hand.misdeal or (state.outcome and scored.number == state.outcome.hand):
            continue
        sides = table.sides(scored.dealer)
        played = [seat for side in sides for seat in side]
        bidders = next(side for side in sides if scored.hand.bidder in side)
        if rules.end == "bid_only":
            assert not (scored.made and max(scored.scores[seat] for seat in bidders) >= rules.target)
        else:
            assert max(scored.scores[seat] for seat in played) < rules.target
    if state.outcome and state.outcome.how in ("bid", "target"):
        last = state.hands[state.outcome.hand - 1]
        assert max(state.scores[seat] for seat in state.winners) >= rules.target
        if rules.end == "bid_only":
            assert last.made and last.hand.bidder in state.winners


@needs_node
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(five_games(), min_size=20, max_size=20))
def test_the_browser_engine_scores_the_same_games_of_five(games):
    """160 random games of five: the same scored game from both engines."""
    cases = []
    for table, hands, _ in games:
        call = table.time_call
        case = {"variant": variant_of(table), "players": FIVE, "rules": table.rules.to_dict(),
                "hands": [hand.to_dict(table.rules) for hand in hands]}
        if call is not None:
            case["time"] = {"after_hand": call.after_hand, "finish_hand": call.finish_hand}
        cases.append(case)
    assert_agree(cases)
