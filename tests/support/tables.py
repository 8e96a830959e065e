"""Tables the tests share: the players of each variant and the points of each scoring scheme."""

from __future__ import annotations

PLAYERS = {  # seats in order, by variant
    "ten-point": ["Ann", "Bo", "Cy", "Di"],
    "ten-point-six": ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"],
    "tournament": ["Ann", "Bo", "Cy", "Di"],
    "five-point": ["Ann", "Bo", "Cy", "Di"],
    "cutthroat": ["Ann", "Bo", "Cy"],
}
FOUR = PLAYERS["ten-point"]  # a four-player table
CARD_POINTS = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")  # 10-point Pitch
CATEGORIES = ("high", "low", "jack", "game")  # Five-Point Pitch and cutthroat
