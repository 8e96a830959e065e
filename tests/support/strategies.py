"""Hypothesis strategies of the engine's inputs: names, house rules, hands and whole games, JSON values."""

from hypothesis import assume
from hypothesis import strategies as st

from scorekeeper.rules import CATALOGUE, PRESETS, Conflict, RuleError, TimeCall, make_table, parse_hand, play, start

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]


POINT_KEYS = list(CATALOGUE)


@st.composite
def point_sets(draw):
    """A random legal point set: catalogue keys (one joker or two), each worth 1 to 10."""
    keys = draw(st.lists(st.sampled_from(CATALOGUE), min_size=1, max_size=9, unique=True))
    if "joker" in keys:
        keys = [key for key in keys if key not in ("high_joker", "low_joker")]
    return {key: draw(st.sampled_from([1, 1, 2, 3, 5, 10])) for key in keys}


@st.composite
def house_rules(draw, variant):
    """Legal overrides of `variant`'s options, each option present or not; now and then a point set of its own."""
    rules = PRESETS[variant]
    overrides = {}
    maybe = st.booleans()
    if draw(maybe):
        overrides["target"] = draw(st.integers(1, 60))
    in_play, total = rules.in_play, rules.total_points
    if draw(st.integers(0, 3)) == 0:
        overrides["points"] = draw(point_sets())
        in_play = overrides["in_play"] = draw(st.sampled_from(["all", "dealt"]))
        total = sum(overrides["points"].values())
        overrides["all_tricks_bid"] = None
    all_tricks = overrides.get("all_tricks_bid", rules.all_tricks_bid)
    if in_play == "dealt" and draw(maybe) and total < 20:
        all_tricks = overrides["all_tricks_bid"] = draw(st.sampled_from([None, total + 1]))
    top = min(max(all_tricks or 0, total), 20)
    low = draw(st.integers(1, top)) if draw(maybe) else min(rules.min_bid, top)
    high = draw(st.integers(low, top)) if draw(maybe) else min(max(rules.max_bid, low), top)
    overrides.update(min_bid=low, max_bid=high)
    if draw(maybe):
        overrides["forced_bid"] = draw(st.one_of(st.none(), st.integers(low, high)))
    if draw(maybe):  # the moon, in a card-point game or a dealt one
        overrides["moon"] = draw(st.one_of(
            st.sampled_from([None, False, True]),
            st.fixed_dictionaries({}, optional={
                "success": st.sampled_from(["win", "points"]),
                "failure": st.sampled_from(["lose", "minus"]),
                "penalty": st.integers(0, 20),
                "not_in_hole": st.booleans(),
            }),
        ))
    for name, values in [("end", st.sampled_from(["bid_only", "first_to_target", "highest_past_target"])),
                         ("time_limit_minutes", st.none() | st.integers(1, 90)),
                         ("dealer_may_match", st.booleans()), ("trump_with_bid", st.booleans()),
                         ("smudge", st.booleans()), ("partners", st.booleans())]:
        if draw(maybe):
            overrides[name] = draw(values)
    return overrides


@st.composite
def tables(draw, variants=tuple(PRESETS), short=False):
    """A legal table of any preset and player count, with house rules and maybe a time call."""
    variant = draw(st.sampled_from(variants))
    overrides = draw(house_rules(variant))
    if short:  # a low target, so that most games finish
        overrides["target"] = draw(st.integers(1, 8))
    clock = overrides.get("time_limit_minutes", PRESETS[variant].time_limit_minutes)
    call = None
    if clock is not None and draw(st.booleans()):
        call = TimeCall(after_hand=draw(st.integers(0, 12)), finish_hand=draw(st.booleans()))
    try:
        counts = PRESETS[variant].with_overrides(overrides).seat_counts
        count = draw(st.sampled_from(counts))
        return make_table(variant, NAMES[:count], None, overrides, call)
    except RuleError as error:  # a moon that loses the game, at a table of more than two sides
        assume(error.field != "rules.moon")
        raise


@st.composite
def hand_bodies(draw, rules):
    """A hand body the validator accepts under `rules`."""
    if draw(st.integers(0, 9)) == 0:
        return {"misdeal": True}
    bids = list(range(rules.min_bid, rules.max_bid + 1)) + (["moon"] if rules.moon else [])
    body = {"bidder": draw(st.integers(0, rules.players - 1)), "bid": draw(st.sampled_from(bids))}
    teams = st.integers(0, rules.team_count - 1)
    if draw(st.booleans()):  # one team sweeps: moons, smudges and all-tricks bids get made
        sweeper = draw(teams)
        teams = st.just(sweeper)
    nullable = rules.nullable
    body["captured"] = {key: draw(teams | st.none() if key in nullable else teams) for key in rules.points}
    if rules.in_play == "all" and not nullable and draw(st.booleans()):  # each team's points instead
        totals = [0] * rules.team_count
        for key, team in body.pop("captured").items():
            totals[team] += rules.points[key]
        body["points"] = totals
    if draw(st.booleans()):
        body["trump"] = draw(st.sampled_from(["clubs", "diamonds", "hearts", "spades"]))
    if rules.all_tricks_bid is not None and (body["bid"] == rules.all_tricks_bid or draw(st.booleans())):
        holders = {team for team in body["captured"].values() if team is not None}
        body["all_tricks"] = draw(st.sampled_from([None, *holders] if len(holders) == 1 else [None]))
    return body


@st.composite
def games(draw, variants=tuple(PRESETS), most=25, short=False):
    """A table and the hand bodies recorded at it (some may be refused in play)."""
    table = draw(tables(variants, short))
    bodies = draw(st.lists(hand_bodies(table.rules), min_size=most // 2 if short else 0, max_size=most))
    return table, bodies


def accepted(table, bodies):
    """The hands the game accepts, in order, and the game after them."""
    state, hands = start(table), []
    for body in bodies:
        hand = parse_hand(body, table.rules)
        try:
            state = play(state, hand)
        except Conflict:
            break
        except RuleError as error:  # a moon from the hole is refused in play
            assert (hand.is_moon, error.field) == (True, "bid")
            continue
        hands.append(hand)
    return hands, state


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["moon", "hearts", *POINT_KEYS]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(POINT_KEYS) | st.text(max_size=6),
                                                                inner, max_size=6),
    max_leaves=20,
)
