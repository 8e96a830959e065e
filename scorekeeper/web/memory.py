"""What a worker keeps in memory: one bounded least-recently-used map (cachetools' LRUCache under a lock), the same
map keeping what was made of each record at its latest revision, and each app's own maps by name.

Every map here is only an optimisation: what it holds can be made again from the database, so dropping any entry
at any time changes no answer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import suppress
from typing import Any, Generic, Protocol, TypeVar

from cachetools import LRUCache
from flask import current_app

V = TypeVar("V")
T = TypeVar("T")


class Revisioned(Protocol):
    """What was made of a record at one revision (a scored game, a game's figures, a season's ratings)."""

    @property
    def revision(self) -> Any: ...


R = TypeVar("R", bound=Revisioned)


class Kept(Generic[V]):
    """A map bounded to `maxsize` entries, or to `maxsize` units of `getsizeof` (bytes, say); the least recently
    used go first. Safe across threads. A value larger than the whole bound is never kept."""

    def __init__(self, maxsize: int, getsizeof: Callable[[V], int] | None = None):
        self._entries: LRUCache = LRUCache(maxsize, getsizeof)
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        """The value kept under `key` (now the most recently used), if any."""
        with self._lock:
            return self._entries.get(key)

    def put(self, key: Hashable, value: V, unless: Callable[[V], bool] | None = None) -> None:
        """Keep `value` under `key`, unless the value kept there already satisfies `unless`."""
        with self._lock:
            kept = self._entries.get(key)
            if kept is not None and unless is not None and unless(kept):
                return
            with suppress(ValueError):  # larger than the whole bound: not kept
                self._entries[key] = value

    def keys(self) -> list[Hashable]:
        """The keys kept."""
        with self._lock:
            return list(self._entries)

    @property
    def size(self) -> int:
        """How much is kept, in the units of the bound."""
        return int(self._entries.currsize)

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Hashable]:
        """The keys kept at the moment it is asked (a copy: others may put while it is read)."""
        return iter(self.keys())


class Latest(Generic[R]):
    """A Kept map of a record's id to what was made of it at its latest revision: read at exactly the revision asked
    for (or as last kept, to be checked by the reader), and never replaced by what was made at an earlier one."""

    def __init__(self, size: int):
        self._kept: Kept[R] = Kept(size)

    def get(self, key: Hashable, revision: Any) -> R | None:
        """What was made at exactly `revision`, if kept."""
        entry = self._kept.get(key)
        return entry if entry is not None and entry.revision == revision else None

    def latest(self, key: Hashable) -> R | None:
        """What was kept last, at whatever revision."""
        return self._kept.get(key)

    def put(self, key: Hashable, entry: R) -> None:
        """Keep `entry` unless one of a later revision is kept already."""
        self._kept.put(key, entry, unless=lambda kept: kept.revision > entry.revision)

    def __len__(self) -> int:
        return len(self._kept)


def kept(name: str, make: Callable[[], T]) -> T:
    """This app's map called `name` (kept in its extensions), made by `make` the first time it is asked for."""
    found = current_app.extensions.get(name)
    if found is None:
        found = current_app.extensions.setdefault(name, make())
    return found
