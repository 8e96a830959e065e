"""Every option of every preset, set to a value other than the preset's, shows in the game's `rules` and survives
the round trip: the game made with it, read back, posted back as a copy (docs/api.md "Creating a game") and
rematched is the same game, in the API and in the browser engine.

The options are the fields of `Rules` and their values come from each field's type, so an option added to the
rules is covered without a change here (a field of a type this file cannot make values for fails the suite).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from functools import cache

import pytest

from scorekeeper.rules import PRESETS, RuleError, Rules, make_table, rules_from_dict
from scorekeeper.rules.catalogue import (
    CATALOGUE,
    ENDS,
    IN_PLAY,
    MOON_FAILURE,
    MOON_SUCCESS,
    POINT_VALUES,
    SIT_OUT,
    Moon,
)
from tests.support.engines import javascript_results, needs_node
from tests.support.groups import auth

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
# Every option of a game: the fields of Rules that decide how it scores (not the preset's player counts and base).
OPTIONS = tuple(field.name for field in dataclasses.fields(Rules) if field.compare)
# The values of the options that name one of a few choices.
CHOICES = {"end": ENDS, "in_play": IN_PLAY, "success": MOON_SUCCESS, "failure": MOON_FAILURE, "sit_out": SIT_OUT}
# Whole numbers to try for a whole-number option: each end of every range the options have, and past it.
NUMBERS = (*range(0, 22), 30, 31, 41, 52, 100, 101, 599, 600, 601, 999, 1000, 1001)


def values(name: str, kind: typing.Any, current: typing.Any) -> list[typing.Any]:
    """Every value worth trying for the option `name` of type `kind` whose preset value is `current`."""
    found: list[typing.Any] = []
    args = typing.get_args(kind)
    if type(None) in args:  # an option that may be null
        found.append(None)
        (kind,) = (arg for arg in args if arg is not type(None))
    if kind is bool:
        found += [False, True]
    elif kind is int:
        found += sorted({*NUMBERS, *((current - 1, current + 1) if isinstance(current, int) else ())})
    elif kind is str:
        found += list(CHOICES[name])
    elif kind is Moon:  # on (the default moon), or each of its options changed alone
        found.append(True)
        hints = typing.get_type_hints(Moon)
        for field in dataclasses.fields(Moon):
            found += [{field.name: value} for value in values(field.name, hints[field.name],
                                                              getattr(current or Moon(), field.name))]
    elif typing.get_origin(kind) is Mapping:  # a point set: every preset's, and this one with a point changed
        found += [dict(rules.points) for rules in PRESETS.values()]
        low, high = POINT_VALUES
        for key, worth in current.items():
            found += [{**current, key: high if worth == low else low}, {k: v for k, v in current.items() if k != key}]
        found += [{**current, key: low} for key in CATALOGUE if key not in current]
    else:
        raise AssertionError(f"the option {name} has a type ({kind}) this test cannot make values for")
    return found


HINTS = typing.get_type_hints(Rules)


def table_rules(variant: str, overrides: Mapping[str, typing.Any]) -> Rules | None:
    """The rules of a game of `variant` with these house rules, seated at their player count; None if refused."""
    try:
        count = PRESETS[variant].with_overrides(overrides).players
        return make_table(variant, NAMES[:count], None, overrides).rules
    except RuleError:
        return None


def changes(variant: str, option: str, overrides: Mapping[str, typing.Any]) -> bool:
    """These house rules make a game whose `option` is not the preset's."""
    rules = table_rules(variant, overrides)
    return rules is not None and getattr(rules, option) != getattr(PRESETS[variant], option)


def as_override(value: typing.Any) -> typing.Any:
    """An option's value as house rules send it (a moon as its object)."""
    return dataclasses.asdict(value) if dataclasses.is_dataclass(value) else value


def supported(variant: str, option: str, value: typing.Any, size: int) -> dict[str, typing.Any] | None:
    """`option` set to `value` with `size` other options changed too, the first such house rules allowed: one
    other option any value it may take, more the values the presets give them."""
    base = PRESETS[variant]

    def others(other: str) -> list[typing.Any]:
        if size == 1:
            return values(other, HINTS[other], getattr(base, other))
        given = (as_override(getattr(rules, other)) for rules in PRESETS.values())
        return list({repr(item): item for item in given}.values())

    def grow(overrides: dict[str, typing.Any], after: int, left: int) -> dict[str, typing.Any] | None:
        if not left:
            return overrides if changes(variant, option, overrides) else None
        for index in range(after, len(OPTIONS)):
            other = OPTIONS[index]
            if other == option:
                continue
            for item in others(other):
                if item == as_override(getattr(base, other)):
                    continue
                if found := grow({**overrides, other: item}, index + 1, left - 1):
                    return found
        return None

    return grow({option: value}, 0, size)


@cache
def overrides_for(variant: str, option: str) -> tuple[dict[str, typing.Any], ...]:
    """Every house rule that sets `option` to a value other than the preset's; a value allowed only with other
    options changed too (ten-point alone needs a moon that does not lose) with the fewest that allow it, and
    where two must change, the first value that allows it."""
    tried = values(option, HINTS[option], getattr(PRESETS[variant], option))
    for size in (0, 1):
        found = [overrides for value in tried if (overrides := supported(variant, option, value, size))]
        if found:
            return tuple(found)
    for size in (2, 3):  # the first value that any such house rules allow
        found = next((overrides for value in tried if (overrides := supported(variant, option, value, size))), None)
        if found is not None:
            return (found,)
    return ()


PAIRS = [(variant, option) for variant in PRESETS for option in OPTIONS]
# Options a preset can never change: a game for six cannot seat five with the dealer sitting out (rules.md).
FIXED = {("ten-point-six", "sit_out")}
CASES = [(variant, option, overrides) for variant, option in PAIRS for overrides in overrides_for(variant, option)]


@pytest.mark.parametrize(("variant", "option"), PAIRS)
def test_every_option_of_every_preset_can_be_changed(variant, option):
    """Each option of each preset takes a value other than the preset's, so the round trips below cover it."""
    assert bool(overrides_for(variant, option)) != ((variant, option) in FIXED), f"{option} in {variant}"


def assert_shows(variant: str, rules: Rules, shown: Mapping[str, typing.Any]) -> None:
    """`shown` is the rules dict of `rules`: it reads back as them and names every option not the preset's."""
    assert shown == rules.to_dict()
    assert rules_from_dict(shown) == rules
    differ = [option for option in OPTIONS if getattr(rules, option) != getattr(PRESETS[variant], option)]
    assert set(differ) <= set(shown), f"{variant}: {sorted(set(differ) - set(shown))} differ from the preset, unshown"


@pytest.mark.parametrize(("variant", "option"), PAIRS)
def test_the_engine_rebuilds_the_game_from_its_rules(variant, option):
    """Every value: the rules dict, given back as house rules to the same variant, makes the same rules."""
    for overrides in overrides_for(variant, option):
        rules = table_rules(variant, overrides)
        shown = rules.to_dict()
        assert_shows(variant, rules, shown)
        again = make_table(variant, NAMES[:rules.players], None, shown).rules
        assert again == rules and again.to_dict() == shown, overrides


def spread(found: tuple[dict[str, typing.Any], ...]) -> list[dict[str, typing.Any]]:
    """A few of an option's values for the API: the first, the middle and the last tried (none for a FIXED one)."""
    if not found:
        return []
    return list({repr(item): item for item in (found[0], found[len(found) // 2], found[-1])}.values())


@pytest.mark.parametrize(("variant", "option"), PAIRS)
def test_a_game_copied_or_rematched_keeps_every_option(client, variant, option):
    """Create with the house rule, GET, post the game JSON back (a copy), rematch: the same rules every time."""
    for overrides in spread(overrides_for(variant, option)):
        rules = table_rules(variant, overrides)
        body = {"variant": variant, "players": NAMES[:rules.players], "rules": overrides}
        made = client.post("/api/games", json=body)
        assert made.status_code == 201, (overrides, made.get_json())
        assert_shows(variant, rules, made.get_json()["rules"])
        game = client.get(f"/api/games/{made.get_json()['id']}").get_json()
        assert game["rules"] == made.get_json()["rules"]
        copy = client.post("/api/games", json={key: value for key, value in game.items() if key != "id"})
        assert copy.status_code == 201, (overrides, copy.get_json())
        copied = client.get(f"/api/games/{copy.get_json()['id']}").get_json()
        assert copied["rules"] == game["rules"] and copied["players"] == game["players"], overrides
        rematch = client.post(f"/api/games/{game['id']}/rematch", headers=auth(made.get_json()["edit_key"]))
        assert rematch.status_code == 201, (overrides, rematch.get_json())
        assert rematch.get_json()["rules"] == game["rules"], overrides  # no hand yet: the same first dealer


@needs_node
def test_the_browser_engine_shows_and_rebuilds_the_same_rules():
    """The offline app builds a game from its variant and rules dict: the same dict, every case, both engines."""
    cases = [{"variant": variant, "players": NAMES[:table_rules(variant, overrides).players], "rules": overrides,
              "hands": []} for variant, _, overrides in CASES]
    shown = [result.get("rules", result) for result in javascript_results(cases)]
    assert shown == [table_rules(variant, overrides).to_dict() for variant, _, overrides in CASES]
    again = [result.get("rules", result) for result in
             javascript_results([{**case, "rules": rules} for case, rules in zip(cases, shown, strict=True)])]
    assert again == shown
