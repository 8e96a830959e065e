"""Errors raised by the scoring engine, worded for the people at the table."""


class RuleError(ValueError):
    """A hand, a player list or a house rule that the rules refuse."""

    kind = "invalid"

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


class Conflict(RuleError):
    """A hand that does not fit the game's state (e.g. the game is over)."""

    kind = "conflict"
