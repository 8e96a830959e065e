"""The group tests' fixture: the 34 games of the stats fixture, played in one group (tests/support/groups.py)."""

from tests.support.groups import played  # noqa: F401 -- registers the fixture for this folder
