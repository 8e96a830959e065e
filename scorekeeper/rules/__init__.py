"""The scoring engine: plain data in, plain results out (no Flask, no SQL)."""

from .catalogue import CATALOGUE, Moon
from .errors import Conflict, RuleError
from .hands import MOON, SUITS, Hand, parse_hand
from .options import Rules, player_counts_in_words, rules_from_dict
from .presets import DESCRIPTIONS, PRESETS, preset
from .scoring import play, score, start
from .state import FINISHED, PAIR, PLAYING, GameState, Outcome, ScoredHand, Table, TimeCall, sides_of
from .table import hand_to_dict, make_table, state_to_dict

__all__ = [
    "Conflict", "RuleError", "MOON", "SUITS", "Hand", "parse_hand",
    "CATALOGUE", "DESCRIPTIONS", "PRESETS", "Moon", "Rules", "player_counts_in_words", "preset", "rules_from_dict",
    "FINISHED", "PAIR", "PLAYING", "GameState", "Outcome", "ScoredHand", "Table", "TimeCall",
    "play", "score", "sides_of", "start", "make_table", "hand_to_dict", "state_to_dict",
]
