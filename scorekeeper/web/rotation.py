"""A record's edit key changed, and with it the keys made from it, in one transaction; the same change sent again
changes nothing and answers the same (keys.change_key)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from .database import writing
from .keys import change_key, check_key, new_key_in
from .records import Keyed, found_for_update
from .revisions import touch

K = TypeVar("K", bound=Keyed)


def rotate_key(model: type[K], record_id: str, missing: str, edit_key: str | None, body: Any, realm: str,
               rekey: Callable[[K, str], None] | None = None) -> tuple[K, str]:
    """Change the key of the `model` called `record_id` from `edit_key` to the body's new key (made here if the body
    has none); `rekey` then changes the keys made from it (a tournament's tables). Returns the record and the key
    that opens it now."""
    new_key = new_key_in(body)
    with writing():
        record = found_for_update(model, record_id, missing)
        new_key, changed = change_key(record, edit_key, new_key, check=partial(check_key, realm=realm))
        if changed:
            touch(record)
            if rekey is not None:
                rekey(record, new_key)
    return record, new_key
