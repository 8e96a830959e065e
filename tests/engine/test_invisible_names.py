"""Characters that show as nothing (zero-width spaces, soft hyphens, word joiners, stray joiners and variation
selectors): a name holds one only inside a sequence that shows, so two players never look the same, and the two
engines agree on every name built from them."""

from __future__ import annotations

import json
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.names import IGNORABLE, refused_character
from tests.support.engines import NODE, javascript_results, needs_node, python_result

PROPERTY_SCRIPT = """
const out = [];
for (let c = 0; c <= 0x10ffff; c++) {
  if (c >= 0xd800 && c <= 0xdfff) continue;
  if (/^\\p{Default_Ignorable_Code_Point}$/u.test(String.fromCodePoint(c))) out.push(c);
}
process.stdout.write(JSON.stringify(out));
"""

SHOWS_AS_NOTHING = "a character that shows as nothing"
# Names a table may type, each with an invisible character where a script or an emoji needs it.
ACCEPTED = [
    "\U0001f469\u200d\U0001f469\u200d\U0001f467",  # family: emoji joined by ZWJ
    "\u2764\ufe0f", "\u2764\ufe0f\u200d\U0001f525",  # a heart in emoji style, a heart on fire
    "1\ufe0f\u20e3",  # keycap one
    "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",  # flag of England
    "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian, with a zero-width non-joiner
    "\u0915\u094d\u200d\u0937",  # Devanagari half form with ZWJ
    "\u00e9\u200d\u00e9",  # a joiner between the first two characters beyond ASCII (U+0080 and up)
    "\u2764\ufe0e", "#\ufe0f\u20e3", "\u00e9\ufe0f",  # text style; a keycap of a sign; after a letter beyond ASCII
    "\U0001f3f4\U000e0067\U000e007f",  # a flag of one tag letter
    "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # two flags
    "Ann \U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f",  # a name, then a flag
]
# The same names with an invisible character that changes nothing on screen: each would look like another.
REFUSED = [
    "Ann\u200b", "\u200bAnn", "An\u200bn", "Bo\u00adb", "Ann\u2060", "\ufeffDi", "Ann\u180e", "A\u200dnn",
    "Ann\u200d", "\u200dAnn", "Ann\ufe0f", "\ufe0fAnn", "Ann\U000e0067", "\U000e0067\U000e007f",
    "\U0001f3f4\U000e0067", "Ann\u3164", "Ann\u034f", "Ann\U0001d173", "\U0001f469\u200d", "\u200c",
    "\U0001f469\u200dA", "A\u200d\U0001f469", "\U0001f469\u200d\u200d\U0001f469",  # a joiner beside ASCII or another
    "\U0001f469\u200d\u3164", "\u3164\u200d\U0001f469",  # a joiner beside a filler that shows as nothing
    "A \ufe0f", "\u2764\ufe0f\ufe0f", "\u3164\ufe0f", "a\ufe0e",  # after a space, another, a filler, a letter
    "\U0001f3f4\U000e007f",  # a flag's cancel tag with no tag letter
    "\U0001f3f4\U000e0067A\U000e007f",  # a letter inside the tags
    "\U0001f3f4\U000e0067\U000e007f\U000e007f",  # a second cancel tag
    "\u2764\U000e0067\U000e007f",  # tags after a character that is not the black flag
    "\U0001f3f4\u200b\U000e0067\U000e007f",  # tags after a zero-width space after the flag
    "\u200d\U0001f469", "\ufe0f\u2764",  # a joiner or a variation first, before a character it could join
    "\U000e0067\U000e007f\U0001f3f4",  # tags first, the black flag last
    "\U0001f469\u200dA\u00e9",  # a joiner before ASCII, whatever comes after it
]


def test_the_list_of_invisible_characters_is_unicodes_on_every_code_point():
    run = subprocess.run([NODE, "-e", PROPERTY_SCRIPT], capture_output=True, text=True, timeout=60, check=True)
    javascript = set(json.loads(run.stdout))
    python = {code for code in range(0x110000) if not 0xD800 <= code <= 0xDFFF and IGNORABLE.match(chr(code))}
    assert python == javascript


@pytest.mark.parametrize("name", ACCEPTED)
def test_a_sequence_that_shows_is_a_name(name):
    assert refused_character(name) is None


@pytest.mark.parametrize("name", REFUSED)
def test_an_invisible_character_that_changes_nothing_is_refused(name):
    assert refused_character(name) == SHOWS_AS_NOTHING


@needs_node
def test_both_engines_take_the_sequences_and_refuse_the_rest():
    """The browser engine takes and refuses the same names, with the same sentence."""
    cases = [{"variant": "ten-point", "players": [name, "Bo", "Cy", "Di"], "hands": []} for name in ACCEPTED + REFUSED]
    assert javascript_results(cases) == [python_result(case) for case in cases]


def test_two_players_who_would_look_the_same_are_refused_with_a_message(client):
    response = client.post("/api/games", json={"variant": "ten-point", "players": ["Ann", "Ann\u200b", "Cy", "Di"]})
    assert response.status_code == 422
    assert response.get_json() == {
        "error": f"Player 2's name has a character that cannot be shown ({SHOWS_AS_NOTHING}); retype it.",
        "field": "players",
    }


# Pieces names are built of: letters, emoji, scripts beyond ASCII, and every kind of invisible character.
PIECES = ["a", "N", "1", " ", "\u00e9", "\u0645", "\u0915", "\U0001f469", "\U0001f3f4", "\u2764", "\u20e3",
          "\u200b", "\u200c", "\u200d", "\u00ad", "\u2060", "\ufeff", "\u180e", "\u3164", "\ufe0f", "\ufe0e",
          "\U000e0067", "\U000e007f", "\U000e0100", "\u061c", "\u034f"]


@needs_node
@settings(max_examples=1, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.lists(st.sampled_from(PIECES), min_size=1, max_size=8).map("".join), min_size=300,
                max_size=300))
def test_both_engines_take_or_refuse_every_name_alike(names):
    cases = [{"variant": "ten-point", "players": [name, "Bo", "Cy", "Di"], "hands": []} for name in names]
    assert javascript_results(cases) == [python_result(case) for case in cases]
