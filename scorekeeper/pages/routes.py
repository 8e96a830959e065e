"""Page routes."""

# The start page lives in start.py, the score sheet and its forms in game.py.
# The share page (pages.share) lives in share.py, with its live fragment.
