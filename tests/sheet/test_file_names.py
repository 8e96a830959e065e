"""A download's name from any text a game or a group can hold (every character, lone surrogates included): only
lower-case ASCII letters, digits and single inner hyphens, at most 60, so the Content-Disposition header is always
safe; the text's own letters and digits are kept, accents folded; and the fallback where none is left."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.sheet.exports import file_slug

ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=120)  # every code point, lone surrogates too
SAFE = re.compile(r"[a-z0-9][a-z0-9-]{0,59}")


@given(ANY_TEXT)
def test_a_slug_is_safe_in_a_header_whatever_the_text(text):
    slug = file_slug(text, "game")
    assert slug == "game" or SAFE.fullmatch(slug)
    assert "--" not in slug


@given(ANY_TEXT)
def test_a_slug_keeps_the_texts_letters_and_digits_in_order(text):
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    kept = re.sub(r"[^a-z0-9]", "", folded)
    slug = file_slug(text, "group")
    if kept:
        letters = slug.replace("-", "")
        assert letters and kept.startswith(letters)
    else:
        assert slug == "group"


def test_accents_fold_and_everything_else_joins_with_one_hyphen():
    assert file_slug("Zoë & Ann", "game") == "zoe-ann"
    assert file_slug("  Thursday   Table!! ", "group") == "thursday-table"
    assert file_slug("♠♥♦♣", "group") == "group"
    assert file_slug("x" * 80, "game") == "x" * 60
