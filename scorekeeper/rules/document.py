"""The engine's facts as one JSON document: the point catalogue, the choices of each option, the suits and the
presets with their descriptions.

The browser's engine (static/js/engine/) holds no copy of them: it imports this document, which the app serves
at /rules.json (the page's import map points the engine's `./rules.json` there) and the node tests build with
`python -m scorekeeper.rules.document`.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from . import catalogue
from .hands import MOON, SUITS
from .names import NAME_MAX
from .options import Rules
from .presets import DESCRIPTIONS, PRESETS
from .state import PAIR


def preset_to_dict(rules: Rules) -> dict[str, Any]:
    """A preset with every option spelled out, as the browser's engine keeps it."""
    return {
        "players": rules.players, "target": rules.target, "min_bid": rules.min_bid, "max_bid": rules.max_bid,
        "moon": None if rules.moon is None else dataclasses.asdict(rules.moon),
        "all_tricks_bid": rules.all_tricks_bid, "end": rules.end, "time_limit_minutes": rules.time_limit_minutes,
        "dealer_may_match": rules.dealer_may_match, "forced_bid": rules.forced_bid,
        "trump_with_bid": rules.trump_with_bid, "points": dict(rules.points), "in_play": rules.in_play,
        "partners": rules.partners, "smudge": rules.smudge, "sit_out": rules.sit_out,
        "player_counts": list(rules.seat_counts),
    }


def document() -> dict[str, Any]:
    """Every fact of the rules the browser's engine reads."""
    return {
        "card_points": catalogue.CARD_POINTS, "categories": catalogue.CATEGORIES,
        "catalogue": list(catalogue.CATALOGUE), "in_play": list(catalogue.IN_PLAY),
        "scheme_in_play": catalogue.SCHEME_IN_PLAY, "always_in_play": sorted(catalogue.ALWAYS_IN_PLAY),
        "point_values": list(catalogue.POINT_VALUES), "point_names": catalogue.POINT_NAMES,
        "ends": list(catalogue.ENDS), "moon_success": list(catalogue.MOON_SUCCESS),
        "moon_failure": list(catalogue.MOON_FAILURE), "default_moon": dataclasses.asdict(catalogue.Moon()),
        "sit_out": list(catalogue.SIT_OUT), "sit_out_players": catalogue.SIT_OUT_PLAYERS,
        "partner_counts": list(catalogue.PARTNER_COUNTS), "alone_counts": list(catalogue.ALONE_COUNTS),
        "suits": list(SUITS), "moon": MOON, "pair": PAIR, "name_max": NAME_MAX,
        "presets": {name: preset_to_dict(rules) for name, rules in PRESETS.items()},
        "descriptions": DESCRIPTIONS,
    }


def text() -> str:
    """The document as the app serves it: compact JSON (ASCII, any other character escaped), keys in the engine's
    order."""
    return json.dumps(document(), separators=(",", ":"))


if __name__ == "__main__":
    print(text())
