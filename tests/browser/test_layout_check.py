"""The layout check itself (tests/browser/layout.py): each problem it is meant to refuse is found on a page made to
have it, and the layouts it is meant to allow pass, so a faster check cannot quietly stop seeing one."""

from __future__ import annotations

import pytest

from tests.browser.layout import LAYOUT_PROBLEMS, in_view

pytestmark = [pytest.mark.browser]

STYLE = """<style>
body { margin: 0; font: 16px/1.4 sans-serif; }
button { min-width: 48px; min-height: 48px; margin: 0; }
.box { width: 120px; }
.mono { font-family: monospace; }
.b { display: block; }
.scroller { overflow-x: auto; }
.wide { width: 600px; }
.cut { width: 40px; overflow: hidden; white-space: nowrap; }
.ellipsis { width: 40px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.bar { position: sticky; top: 0; }
.url-part { display: inline-block; max-width: 100%; }
.anywhere { overflow-wrap: anywhere; }
</style>"""

# What the check must find on each page: a fragment of the problem's text, by page.
BAD = {
    "the page scrolls sideways": '<div class="wide">wide</div>',
    "past the right edge": '<div style="margin-left: 280px; width: 100px">far</div>',
    "text cut": '<div class="cut">a text far too long for its box</div>',
    "broken though it fits": '<div class="box anywhere">aa <span style="margin-left: 70px">Whisperings</span></div>',
    "target 20x20 < 44": '<button style="min-width: 0; min-height: 0; width: 20px; height: 20px; padding: 0"></button>',
    "targets overlap": '<button class="b">one</button><button class="b" style="margin-top: -20px">two</button>',
    "targets touching": '<button class="b">one</button><button class="b" style="margin-top: 2px">two</button>',
}

# What the check must allow: a region meant to scroll sideways, an ellipsis, a word longer than its line breaking
# inside, an address's part with a hyphen, a sticky bar over what scrolls beneath it, targets apart.
GOOD = {
    "a region that scrolls": '<div class="scroller"><div class="wide">wide</div></div>',
    "an ellipsis": '<div class="ellipsis">a text far too long for its box</div>',
    "a word wider than its line": '<div class="box anywhere">Pneumonoultramicroscopicsilicovolcanoconiosis</div>',
    "an address's part": '<div class="box mono anywhere"><span class="url-part">'
                         'ZTiO1PNPeQuLDNmfITKA-6Cse7_4c1A</span></div>',
    "a sticky bar": '<div class="bar"><button>pinned</button></div><button style="margin-top: -40px">beneath</button>',
    "targets apart": '<button class="b">one</button><button class="b" style="margin-top: 8px">two</button>',
}


# A dialog's answers (in_view): each must be in the viewport and on top; what the check must find, by page.
ANSWERS = {
    "below the screen": ('<div style="height: 700px"></div><button class="answer">Save</button>', '"Save" at '),
    "drawn over": ('<button class="answer">Save</button>'
                   '<div style="position: fixed; top: 0; left: 0; width: 30px; height: 60px; background: #fff"></div>',
                   '"Save" is covered at x '),
    "in view and on top": ('<div class="bar"><button class="answer">Save</button></div>', None),
}


def problems(page, body: str, check: str | None = None) -> list[str]:
    page.set_content(f"<!doctype html><html><head>{STYLE}</head><body><main>{body}</main></body></html>")
    return page.evaluate(check or f"({LAYOUT_PROBLEMS})('main')")


def test_each_problem_is_found_and_each_allowed_layout_passes(new_page):
    page = new_page(viewport={"width": 320, "height": 640})
    found = {name: problems(page, body) for name, body in {**BAD, **GOOD}.items()}
    missed = {name: found[name] for name in BAD if not any(name in problem for problem in found[name])}
    wrongly = {name: found[name] for name in GOOD if found[name]}
    assert not missed, f"not found: {missed}"
    assert not wrongly, f"refused: {wrongly}"


@pytest.mark.parametrize("case", ANSWERS)
def test_an_answer_off_the_screen_or_drawn_over_is_found(new_page, case):
    body, expected = ANSWERS[case]
    found = problems(new_page(viewport={"width": 320, "height": 640}), body, in_view(".answer"))
    assert found if expected else not found, found
    assert all(expected in problem for problem in found), found
