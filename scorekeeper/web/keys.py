"""Ids and edit keys: making them, storing their hashes, checking them, and holding them in this browser's session."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Callable
from typing import Any, Protocol

from flask import g, has_request_context, session

from scorekeeper.rules.errors import RuleError

from .jsontext import json_object

TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")
KEEP = 25  # keys held per kind in the session cookie (about 4 KB in all): the most recent ones
FORMER = 10  # hashes of replaced keys kept per game or tournament, to tell "replaced" from "wrong"


class Forbidden(Exception):
    """The edit key of a game (or a tournament: `realm`) is missing (`missing`), wrong, or was `replaced`."""

    def __init__(self, missing: bool, realm: str = "game", replaced: bool = False):
        super().__init__("missing" if missing else "replaced" if replaced else "wrong")
        self.missing = missing
        self.realm = realm
        self.replaced = replaced


class Locked(Protocol):
    """Anything stored with the hash of its edit key (and of the keys it replaced): a game, a tournament."""

    id: str
    edit_key_hash: str
    former_key_hashes: list[str] | None


def new_token() -> str:
    """A random URL-safe token of 128 bits."""
    return secrets.token_urlsafe(16)


def is_token(value: Any) -> bool:
    """Whether `value` has the shape of an id or an edit key."""
    return isinstance(value, str) and TOKEN.fullmatch(value) is not None


def key_hash(edit_key: str) -> str:
    """What is stored of an edit key."""
    return hashlib.sha256(edit_key.encode()).hexdigest()


def key_matches(locked: Locked, edit_key: str | None) -> bool:
    """Whether `edit_key` opens `locked`, compared in constant time."""
    if not edit_key:
        return False
    return hmac.compare_digest(key_hash(edit_key), locked.edit_key_hash)


def was_replaced(locked: Locked, edit_key: str | None) -> bool:
    """Whether `edit_key` opened `locked` before its key was changed."""
    if not edit_key:
        return False
    digest = key_hash(edit_key)
    return any(hmac.compare_digest(digest, former) for former in locked.former_key_hashes or [])


def check_key(locked: Locked, edit_key: str | None, realm: str = "game") -> None:
    """Raise Forbidden unless `edit_key` opens `locked`."""
    if not edit_key:
        raise Forbidden(missing=True, realm=realm)
    if not key_matches(locked, edit_key):
        raise Forbidden(missing=False, realm=realm, replaced=was_replaced(locked, edit_key))
    opened()


def opened() -> None:
    """Note that this request's key opened what it writes to (limits.game_writes counts only such writes)."""
    if has_request_context():
        g.key_opened = True


def replace_key(locked: Locked, new_key: str) -> None:
    """Make `new_key` the one that opens `locked`; the old key's hash is kept to say it was replaced."""
    replace_key_hash(locked, key_hash(new_key))


def replace_key_hash(locked: Locked, digest: str) -> None:
    """Make the key of hash `digest` the one that opens `locked`, the old one kept as replaced."""
    former = [locked.edit_key_hash, *(locked.former_key_hashes or [])]
    locked.former_key_hashes = [old for old in former if old != digest][:FORMER]
    locked.edit_key_hash = digest


def change_key(locked: Locked, edit_key: str | None, new_key: str | None,
               check: Callable[[Locked, str | None], None] = check_key) -> tuple[str, bool]:
    """Change `locked`'s key from `edit_key` (as `check` accepts it) to `new_key`, made here if None.

    Returns the key that opens `locked` now, and whether this call changed it: the same change sent again
    (the new key opens it and `edit_key` is one it replaced) changes nothing and answers the same.
    """
    if new_key and key_matches(locked, new_key) and was_replaced(locked, edit_key):
        return new_key, False
    check(locked, edit_key)
    new_key = new_key or new_token()
    if new_key == edit_key:
        raise RuleError("The new edit key must differ from the one it replaces.", "edit_key")
    replace_key(locked, new_key)
    return new_key, True


def derived_key(key: str, purpose: str) -> str:
    """A key made from another for one purpose: never stored, made again when shown by whoever holds `key`."""
    digest = hmac.new(key.encode(), purpose.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def table_key(tournament_key: str, game_id: str) -> str:
    """A tournament table's game key, derived from the coordinator's key (a night's director's too)."""
    return derived_key(tournament_key, "table:" + game_id)


def night_table_key(director_key: str, night_id: str, number: int) -> str:
    """The key of a night's table for the whole night (every game it plays), derived from the director's key."""
    return derived_key(director_key, f"night-table:{night_id}:{number}")


def new_key_in(body: Any) -> str | None:
    """The new edit key a phone made for a key change (`{"edit_key": ...}`), or None to have one made here."""
    if body is None:
        return None
    value = json_object(body, empty=True).get("edit_key")
    if value is not None and not is_token(value):
        raise RuleError("edit_key must be 22 to 64 characters of A-Z, a-z, 0-9, - and _.", "edit_key")
    return value


class Held:
    """Edit keys this browser holds for the no-JavaScript path, in the signed session cookie, most recent first.

    Kept as a list of [id, key] pairs: the session's JSON sorts an object's keys, which would lose the order.
    """

    def __init__(self, name: str):
        self.name = name  # the session entry: "keys" for games, "tournament_keys" for tournaments

    def _pairs(self) -> list[tuple[str, str]]:
        """What the cookie holds, most recent first (a mapping from an older cookie is read as it comes)."""
        stored = session.get(self.name) or []
        items = stored.items() if isinstance(stored, dict) else stored
        return [(owner_id, key) for owner_id, key in items]

    def remember(self, owner_id: str, edit_key: str) -> None:
        """Hold `edit_key` for `owner_id`; past KEEP keys the oldest is dropped."""
        others = [[oid, key] for oid, key in self._pairs() if oid != owner_id]
        session[self.name] = [[owner_id, edit_key], *others[: KEEP - 1]]
        session.permanent = True

    def key_for(self, owner_id: str) -> str | None:
        """The key held for `owner_id`, if any."""
        return next((key for oid, key in self._pairs() if oid == owner_id), None)

    def held_key(self, locked: Locked) -> str | None:
        """The key held for `locked` if it still opens it."""
        key = self.key_for(locked.id)
        return key if key_matches(locked, key) else None

    def ids(self) -> list[str]:
        """Ids of what this browser holds keys for, most recent first."""
        return [owner_id for owner_id, _ in self._pairs()]


games = Held("keys")
tournaments = Held("tournament_keys")
nights = Held("night_keys")
