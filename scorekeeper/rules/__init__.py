"""The scoring engine: plain data in, plain results out (no Flask, no SQL)."""

from .errors import Conflict, RuleError
from .hands import MOON, SUITS, Hand, parse_hand
from .options import CATALOGUE, DESCRIPTIONS, PRESETS, Moon, Rules, player_counts_in_words, preset, rules_from_dict
from .scoring import (
    FINISHED,
    PAIR,
    PLAYING,
    GameState,
    Outcome,
    ScoredHand,
    Table,
    TimeCall,
    play,
    score,
    sides_of,
    start,
)
from .table import hand_to_dict, make_table, state_to_dict

__all__ = [
    "Conflict", "RuleError", "MOON", "SUITS", "Hand", "parse_hand",
    "CATALOGUE", "DESCRIPTIONS", "PRESETS", "Moon", "Rules", "player_counts_in_words", "preset", "rules_from_dict",
    "FINISHED", "PAIR", "PLAYING", "GameState", "Outcome", "ScoredHand", "Table", "TimeCall",
    "play", "score", "sides_of", "start", "make_table", "hand_to_dict", "state_to_dict",
]
