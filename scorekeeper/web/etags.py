"""ETags built from revisions: "has anything changed?" is one primary-key read, and a 304 loads no hand.

A record's tag is the digest of its view, its id and its revision (or the facts a feature adds to it), with the
digest of every template (assets.templates_digest), so a deploy that changes what is shown changes every tag. A
game's tags are games/tags.py's; a tournament's standings, tournaments/live.py's. The If-None-Match check is
http.held_etag's.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .assets import templates_digest


def tag_of(kind: str, owner_id: str, revision: Any) -> str:
    """The tag of one view (`kind`) of the record `owner_id` at `revision` (a number, or the facts it stands for)."""
    return digest([kind, owner_id, revision, templates_digest()])


def digest(facts: list) -> str:
    """A strong ETag's value: 32 hex digits of the facts (the templates' digest among them where they are shown)."""
    return hashlib.sha256(repr(facts).encode()).hexdigest()[:32]


def page_tag(live_tag: str) -> str:
    """The tag of the page around a live fragment tagged `live_tag`."""
    return digest(["page", live_tag])
