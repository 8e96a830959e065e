"""Per-address rate limits on what fills the database (new games, imports, tournaments, writes to a game), on
keys that do not open what they are sent to, and on the big downloads.

The limits are strings such as "40 per minute; 1000 per day" from the configuration (config.LIMITS);
they are counted in Redis when REDIS_URL is set (shared by every worker), in each worker's memory
otherwise. Each decorator below goes on the routes it limits; routes that share a decorator share one
count, so the start form and the API draw on the same allowance of new games.
"""

from __future__ import annotations

import math
import time

from flask import current_app, g, request
from flask_limiter.util import get_remote_address
from limits import parse_many

from scorekeeper.extensions import limiter
from scorekeeper.rules.errors import RuleError


def _setting(name: str):
    """The limit string configured under `name`, read at request time."""
    return lambda: current_app.config[name]


def _address_and_game() -> str:
    """Writes to one game are counted per address and game: one busy table never slows another."""
    return f"{get_remote_address()}/{(request.view_args or {}).get('game_id', '')}"


def _address_and_tournament() -> str:
    """Writes to one tournament (or night) are counted per address and tournament."""
    args = request.view_args or {}
    return f"{get_remote_address()}/{args.get('tournament_id') or args.get('night_id', '')}"


games = limiter.shared_limit(
    _setting("RATELIMIT_GAMES"), scope="games", methods=["POST"],
    error_message="Too many new games from this address.",
)
imports = limiter.shared_limit(
    _setting("RATELIMIT_IMPORTS"), scope="imports", methods=["POST"],
    error_message="Too many imported games from this address.",
)
tournaments = limiter.shared_limit(
    _setting("RATELIMIT_TOURNAMENTS"), scope="tournaments", methods=["POST"],
    error_message="Too many new tournaments from this address.",
)
groups = limiter.shared_limit(  # new groups and people: as many as new games, counted apart
    _setting("RATELIMIT_GAMES"), scope="groups", methods=["POST"],
    error_message="Too many new groups or people from this address.",
)
def _key_opened(_response) -> bool:
    """Whether this request's key opened the game (keys.check_key said so): only such a write is counted, so
    writes without the key, or with a wrong one, never use up the scorers' allowance."""
    return bool(g.get("key_opened"))


downloads = limiter.shared_limit(  # a group's file and CSVs: a 304 (the client holds the revision) is not counted
    _setting("RATELIMIT_DOWNLOADS"), scope="downloads", methods=["GET"],
    deduct_when=lambda response: response.status_code == 200,
    error_message="Too many downloads from this address.",
)
game_writes = limiter.shared_limit(
    _setting("RATELIMIT_GAME_WRITES"), scope="game-writes", methods=["POST", "PUT", "DELETE"],
    key_func=_address_and_game, error_message="Too many changes to this game from this address.",
    deduct_when=_key_opened,
)
tournament_writes = limiter.shared_limit(  # registrations, draws, starts, tie-breaks: counted once the key opened it
    _setting("RATELIMIT_TOURNAMENT_WRITES"), scope="tournament-writes", methods=["POST"],
    key_func=_address_and_tournament, error_message="Too many changes to this tournament from this address.",
    deduct_when=_key_opened,
)
night_table_writes = limiter.shared_limit(  # a night table's signatures: as many as a game's writes, per table
    _setting("RATELIMIT_GAME_WRITES"), scope="night-table-writes", methods=["POST"],
    key_func=lambda: f"{_address_and_tournament()}/{(request.view_args or {}).get('number', '')}",
    error_message="Too many changes to this table from this address.", deduct_when=_key_opened,
)
WRONG_KEYS = "Too many keys that open nothing from this address."
TOURNAMENT_GAMES = "Too many tournament games drawn from this address."


class Exhausted(Exception):
    """A request that would go past a limit counted by the operation itself (`spend`); answered 429."""

    def __init__(self, message: str, wait: int):
        super().__init__(message)
        self.message, self.wait = message, wait


def _counter(scope: str) -> tuple[str, str, str]:
    """The names of this address's count of `scope`, under the app's key prefix (RATELIMIT_KEY_PREFIX), as
    Flask-Limiter names the counts of the decorators: apps sharing one Redis never share a count."""
    return current_app.config.get("RATELIMIT_KEY_PREFIX") or "", scope, get_remote_address()


def spend(setting: str, scope: str, amount: int, message: str) -> None:
    """Count `amount` against the limit configured under `setting` for this address, or raise Exhausted (and count
    nothing) when that would go past it; a RuleError when `amount` is more than the limit itself. Limits off, or
    their storage failing: never refused."""
    if amount <= 0 or not limiter.enabled or not current_app.config.get("RATELIMIT_ENABLED", True):
        return
    counter = _counter(scope)
    items = parse_many(current_app.config[setting])
    for item in items:
        if amount > item.amount:  # waiting would not help
            unit = item.GRANULARITY.name
            single = "an hour" if unit == "hour" else f"a {unit}"
            window = f"{item.multiples} {unit}s" if item.multiples > 1 else single
            raise RuleError(f"{message} This needs {amount} at once, more than the {item.amount} an address may "
                            f"have in {window} ({setting}).")
    try:
        over = [item for item in items if not limiter.limiter.test(item, *counter, cost=amount)]
        if not over:
            for item in items:
                limiter.limiter.hit(item, *counter, cost=amount)
            return
        reset = max(limiter.limiter.get_window_stats(item, *counter).reset_time for item in over)
    except Exception:  # noqa: BLE001 - a storage failure must not turn the request into a 500
        current_app.logger.warning("Could not count %s: the rate limit storage failed", scope)
        return
    raise Exhausted(message, max(1, math.ceil(reset - time.time())))


def wrong_key_wait() -> int | None:
    """Count a key that did not open what it was sent to, for this address; the seconds to wait when this one
    went past RATELIMIT_WRONG_KEYS, else None. Limits off, or their storage failing: never refused."""
    if not limiter.enabled or not current_app.config.get("RATELIMIT_ENABLED", True):
        return None
    counter = _counter("wrong-keys")
    try:
        items = parse_many(current_app.config["RATELIMIT_WRONG_KEYS"])
        over = [item for item in items if not limiter.limiter.hit(item, *counter)]
        if not over:
            return None
        reset = max(limiter.limiter.get_window_stats(item, *counter).reset_time for item in over)
    except Exception:  # noqa: BLE001 - a storage failure must not turn a 403 into a 500
        current_app.logger.warning("Could not count a wrong key: the rate limit storage failed")
        return None
    return max(1, math.ceil(reset - time.time()))


def retry_after() -> int:
    """Whole seconds until the limit this request broke lets another through (at least 1)."""
    current = limiter.current_limit
    if current is None:
        return 60
    return max(1, math.ceil(current.reset_at - time.time()))
