"""Pitch nights: players who come alone, change partners every game, and add up their own scores."""
