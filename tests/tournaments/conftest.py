"""The tournament tests' fixture: a tournament driven over the API (tests/support/tournaments.py)."""

from tests.support.tournaments import api  # noqa: F401 -- registers the fixture for this folder
