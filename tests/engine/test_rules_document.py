"""The rules document (scorekeeper/rules/document.py): every fact the browser's engine reads from it, and nothing
else, each the Python engine's own. The engine keeps no copy, so a wrong fact here is a wrong score offline."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from scorekeeper.rules import DESCRIPTIONS, MOON, PAIR, PRESETS, SUITS, Moon, catalogue, document
from scorekeeper.rules.names import NAME_MAX
from scorekeeper.rules.options import Rules
from tests.support.paths import STATIC

# What each key of the document is in the Python engine.
FACTS = {
    "card_points": catalogue.CARD_POINTS, "categories": catalogue.CATEGORIES, "catalogue": list(catalogue.CATALOGUE),
    "in_play": list(catalogue.IN_PLAY), "scheme_in_play": catalogue.SCHEME_IN_PLAY,
    "always_in_play": sorted(catalogue.ALWAYS_IN_PLAY), "point_values": list(catalogue.POINT_VALUES),
    "point_names": catalogue.POINT_NAMES, "ends": list(catalogue.ENDS), "moon_success": list(catalogue.MOON_SUCCESS),
    "moon_failure": list(catalogue.MOON_FAILURE), "default_moon": {"success": "win", "failure": "lose", "penalty": 10,
                                                                    "not_in_hole": False},
    "sit_out": list(catalogue.SIT_OUT), "sit_out_players": catalogue.SIT_OUT_PLAYERS,
    "partner_counts": list(catalogue.PARTNER_COUNTS), "alone_counts": list(catalogue.ALONE_COUNTS),
    "suits": list(SUITS), "moon": MOON, "pair": PAIR, "name_max": NAME_MAX, "descriptions": DESCRIPTIONS,
}
# A preset's options the document spells out: every option of Rules but the seat that deals first (a game's own).
PRESET_KEYS = {field.name for field in dataclasses.fields(Rules)} - {"first_dealer", "base"}


def read() -> dict:
    return json.loads(document.text())


def test_the_document_holds_what_the_engine_reads_and_nothing_else():
    source = "".join(path.read_text("utf-8") for path in (STATIC / "js" / "engine").glob("*.js"))
    assert set(re.findall(r"DOCUMENT\.(\w+)", source)) == set(read())


@pytest.mark.parametrize("key", sorted(FACTS))
def test_each_fact_is_the_python_engines(key):
    assert read()[key] == FACTS[key]


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_is_the_python_engines_with_every_option_spelled_out(name):
    found = read()["presets"][name]
    assert set(found) == PRESET_KEYS
    moon = found.pop("moon")
    counts = tuple(found.pop("player_counts"))
    rules = Rules(**found, moon=None if moon is None else Moon(**moon))
    assert rules == PRESETS[name] and (moon is None) == (PRESETS[name].moon is None)
    assert counts == PRESETS[name].seat_counts


def test_the_presets_keep_their_order():
    assert list(read()["presets"]) == list(PRESETS)


def test_the_text_is_compact_json():
    text = document.text()
    assert text == json.dumps(json.loads(text), separators=(",", ":"))
