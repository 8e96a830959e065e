"""The editor's one-line summary: the page's script says what the server says, for every preset and custom games."""

from __future__ import annotations

import json

import pytest

from scorekeeper.rules import PRESETS, preset
from scorekeeper.sheet.rulewords import summary, words_json
from tests.support.engines import ENGINE, needs_node, run_module

WORDS = ENGINE.parent / "phone" / "rulewords.js"
CUSTOM = [
    ("ten-point", {"points": {"ace": 1, "jack": 1, "off_jack": 1, "high_joker": 1, "low_joker": 1, "ten": 1,
                              "three": 3, "two": 1, "off_ace": 1}}),
    ("five-point", {"points": {"high": 1, "low": 1, "jack": 1, "joker": 2, "game": 1}, "max_bid": 4,
                    "all_tricks_bid": None}),
    ("cutthroat", {"smudge": True, "end": "highest_past_target", "time_limit_minutes": 45}),
    ("partnership-pitch", {"target": 15}),
    ("five-point", {"points": {"high": 1, "low": 1, "jack": 1, "off_jack": 1, "game": 1}, "all_tricks_bid": None}),
    ("ten-point", {"partners": False, "moon": {"failure": "minus"}, "target": 52}),
    ("nine-point", {"points": {"five": 5, "two": 1, "ace": 1, "jack": 1, "ten": 1}, "in_play": "dealt"}),
    ("ten-point", {"dealer_may_match": True, "forced_bid": 4, "trump_with_bid": True}),
    ("ten-point", {"forced_bid": None, "min_bid": 4}),
    ("smear", {"forced_bid": 6, "dealer_may_match": True}),
    ("five-point", {"dealer_may_match": False, "min_bid": 3}),
    ("tournament", {"forced_bid": 10, "trump_with_bid": False}),
]
CASES = [(name, None) for name in PRESETS] + CUSTOM


def javascript_summaries() -> list[str]:
    """Each case summarised by static/js/phone/rulewords.js from the engine's rules."""
    script = (
        f"const e = await import({json.dumps(ENGINE.as_uri())});"
        f"const w = await import({json.dumps(WORDS.as_uri())});"
        f"const words = {json.dumps(words_json())};"
        f"const cases = {json.dumps(CASES)};"
        "console.log(JSON.stringify(cases.map(([v, o]) => w.summary(e.houseRules(v, o), words))));"
    )
    return run_module(script)


@needs_node
def test_the_browser_summary_is_the_servers_for_every_preset_and_custom_games():
    expected = [summary(preset(variant).with_overrides(overrides)) for variant, overrides in CASES]
    assert javascript_summaries() == expected


@pytest.mark.parametrize(("variant", "overrides", "line"), [
    ("nine-point", None, "9 points: Jack, Ace, Ten, Five (5), Two · to 31 · win on your bid · bids 3 to 9 · "
                         "4 players in two teams"),
    ("smear", None, "6 points: High, Low, Jack, Off-jack, Joker, Game · to 21 · highest score past it wins · "
                    "bids 3 to 6 · 4 or 6 players in two teams · a card not dealt scores for nobody · "
                    "all pass: dealt again"),
    ("smudge", None, "4 points: High, Low, Jack, Game · to 7 · first there wins · bids 2 to 4 · "
                     "2 to 7 players, each alone · a card not dealt scores for nobody · "
                     "taking every point wins at once"),
    ("tournament", None, "10 points: Ace, Jack, Off-jack, High joker, Low joker, Ten, Three (3), Two · to 31 · "
                         "first there wins · bids 5 to 10 · 4 players in two teams · moon allowed · 30-minute clock"),
])
def test_the_summary_says_the_game_in_players_words(variant, overrides, line):
    assert summary(preset(variant).with_overrides(overrides)) == line


TEN = "10 points: Ace, Jack, Off-jack, High joker, Low joker, Ten, Three (3), Two · to 31 · win on your bid"


@pytest.mark.parametrize(("variant", "overrides", "end"), [
    ("ten-point", None, "bids 3 to 10 · 4 players in two teams · moon allowed"),
    ("ten-point", {"dealer_may_match": True}, "moon allowed · the dealer may match the top bid"),
    ("ten-point", {"forced_bid": 5}, "moon allowed · all pass: the dealer bids 5"),
    ("ten-point", {"min_bid": 5}, "bids 5 to 10 · 4 players in two teams · moon allowed"),
    ("ten-point", {"forced_bid": None}, "moon allowed · all pass: dealt again"),
    ("ten-point", {"trump_with_bid": True}, "moon allowed · trump named with the bid"),
    ("ten-point", {"dealer_may_match": True, "forced_bid": 10, "trump_with_bid": True},
     "moon allowed · the dealer may match the top bid · all pass: the dealer bids 10 · trump named with the bid"),
    ("ten-point-six", None, "6 players in two teams · moon allowed · trump named with the bid"),
])
def test_the_summary_names_an_auction_that_is_not_the_usual_one(variant, overrides, end):
    line = summary(preset(variant).with_overrides(overrides))
    assert line.endswith(end)
    if variant == "ten-point":
        assert line.startswith(TEN)


# --- the sheet's words: the same sentences on the server's page and in the offline sheet -------------------------

SHELL = ENGINE.parent / "pages" / "shell.js"


def sheet_cases() -> list[dict]:
    """A game (variant, rules as its JSON has them, teams) for every case above, and every way a game ends with two
    and with three teams."""
    from scorekeeper.rules.catalogue import ENDS

    found = []
    for variant, overrides in CASES:
        found.append({"variant": variant, "rules": preset(variant).with_overrides(overrides).to_dict(),
                      "teams": [{"name": "Us"}, {"name": "Them"}]})
    for end in ENDS:
        for names in (["Us", "Them"], ["Ann", "Bo", "Cy"]):
            rules = preset("cutthroat").with_overrides({"end": end}).to_dict()
            found.append({"variant": "cutthroat", "rules": rules, "teams": [{"name": name} for name in names]})
    return found


@needs_node
def test_the_offline_sheet_says_what_the_server_sheet_says():
    """The target line and the rules summary of each case, by the server (sheet/rulewords.py) and by the offline
    sheet (shell.js from the game JSON and the page's words), are the same; a way of ending without a sentence
    fails here in both languages."""
    from scorekeeper.sheet.rulewords import game_summary, target_line

    cases = sheet_cases()
    # shell.js touches the DOM only inside its functions: importing it needs no document
    script = (
        f"const e = await import({json.dumps(ENGINE.as_uri())});"
        f"const w = await import({json.dumps(WORDS.as_uri())});"
        f"const s = await import({json.dumps(SHELL.as_uri())});"
        f"const words = {json.dumps(words_json())};"
        f"const cases = {json.dumps(cases)};"
        "console.log(JSON.stringify(cases.map((g) => [s.targetLine(g, words), "
        "w.summary(e.houseRules(g.variant, g.rules), words)])));"
    )
    expected = [[target_line(game), game_summary(game)] for game in cases]
    assert run_module(script) == expected
    lines = {line for line, _ in expected}
    assert "Highest score wins once anyone reaches 21" in lines and "First to 11" in lines
    assert "Ann, Bo and Cy need 11 on their own bid" in lines


def test_every_way_a_game_ends_has_a_target_line():
    from scorekeeper.rules.catalogue import ENDS
    from scorekeeper.sheet.rulewords import ENDS as END_WORDS
    from scorekeeper.sheet.rulewords import TARGET_LINES

    assert set(TARGET_LINES) == set(ENDS) == set(END_WORDS)


def test_smear_says_how_it_ends(client):
    """Smear ends with the highest score once anyone reaches the target: the sheet says so, not "First to 21"."""
    made = client.post("/api/games", json={"variant": "smear", "players": ["Ann", "Bo", "Cy", "Di"]}).get_json()
    for page in (f"/games/{made['id']}", f"/share/{made['id']}"):
        html = client.get(page, headers={"Authorization": f"Bearer {made['edit_key']}"}).get_data(as_text=True)
        assert "Highest score wins once anyone reaches 21" in html and "First to 21" not in html
        assert "6 points: High, Low, Jack, Off-jack, Joker, Game · to 21 · highest score past it wins" in html
