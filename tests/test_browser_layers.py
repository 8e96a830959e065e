"""The browser's modules follow the same lines as the server's (README, "Layout"), read from every import of every
module under static/js/:

- `engine.js` and `engine/` are the scoring engine, the port of `rules/`: they import only each other (and the rules
  document the engine reads).
- `phone/` is the game as this phone keeps it, with no page: the client core, the store and its outbox, the clocks'
  arithmetic, the rules and sync line in words. It imports the engine and itself, and touches no document.
- `ui/` is the parts of pages (the sheet, the hand form and its dialogs, the poller, the winner banner, ...): it
  imports `phone/`, the engine and itself, never a page.
- `pages/` is one entry per page, what a template loads (and the offline shell the game page loads): a page may
  import anything; only a page imports a page.

Every module under static/js/ sits in one of them, and every import names a module that exists.
"""

from __future__ import annotations

import posixpath
import re

import pytest

from tests.support.paths import STATIC

JS = STATIC / "js"
IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}/[^"']+)["']""")
# What each part may import, besides itself.
ALLOWED = {"engine": {"engine"}, "phone": {"engine"}, "ui": {"engine", "phone"},
           "pages": {"engine", "phone", "ui"}}


def part(name: str) -> str:
    """The part a module (a path under static/js/) belongs to."""
    return "engine" if name == "engine.js" or name.startswith("engine/") else name.split("/")[0]


def modules() -> dict[str, str]:
    """Every module under static/js/ by its path there, with its text."""
    return {path.relative_to(JS).as_posix(): path.read_text("utf-8") for path in sorted(JS.rglob("*.js"))}


def imports(name: str, text: str) -> list[str]:
    """What a module imports (static, dynamic and for effect), as paths under static/js/."""
    return [posixpath.normpath(posixpath.join(posixpath.dirname(name), found)) for found in IMPORT.findall(text)]


def crossings(found: dict[str, str]) -> list[str]:
    """Each import that breaks the layout, each module outside it, each import of nothing, and each document
    touched in phone/."""
    problems = []
    for name, text in found.items():
        if part(name) not in ALLOWED:
            problems.append(f"{name}: not in engine/, phone/, ui/ or pages/")
            continue
        for target in imports(name, text):
            if target.endswith(".json"):
                continue  # the rules document (engine/base.js), served by the app
            if target not in found:
                problems.append(f"{name} imports {target}, which does not exist")
            elif part(target) != part(name) and part(target) not in ALLOWED[part(name)]:
                problems.append(f"{name} ({part(name)}) imports {target} ({part(target)})")
        if part(name) == "phone" and re.search(r"\bdocument\b", text):
            problems.append(f"{name} touches the document")
    return problems


def test_every_browser_module_imports_only_what_is_beneath_it():
    assert crossings(modules()) == []


def test_every_part_has_its_modules():
    found = modules()
    assert {part(name) for name in found} == set(ALLOWED)
    assert "engine/base.js" in found and "phone/store.js" in found and "pages/game.js" in found


@pytest.mark.parametrize(("name", "source", "problem"), [
    ("phone/store.js", 'import { sheet } from "../ui/sheet.js";', "phone/store.js (phone) imports ui/sheet.js (ui)"),
    ("ui/sheet.js", 'const m = await import("../pages/game.js");', "ui/sheet.js (ui) imports pages/game.js (pages)"),
    ("engine/base.js", 'import "../phone/core.js";', "engine/base.js (engine) imports phone/core.js (phone)"),
    ("engine.js", 'export { a } from "./ui/sheet.js";', "engine.js (engine) imports ui/sheet.js (ui)"),
    ("ui/sheet.js", 'import { x } from "./nowhere.js";', "ui/sheet.js imports ui/nowhere.js, which does not exist"),
    ("phone/clock.js", 'document.title = "x";', "phone/clock.js touches the document"),
    ("tools.js", "", "tools.js: not in engine/, phone/, ui/ or pages/"),
])
def test_the_walk_catches_a_crossing(name, source, problem):
    found = {**modules(), name: source}
    assert problem in crossings(found)


def test_a_page_may_import_every_part_and_another_page():
    found = {**modules(), "pages/x.js": 'import "../engine.js"; import "../phone/core.js"; import "../ui/sheet.js";'
                                        'const shell = await import("./shell.js");'}
    assert [problem for problem in crossings(found) if problem.startswith("pages/x.js")] == []
