"""The passes of .ci/run run every test between them: the browser pass collects tests/browser alone, the others leave
out the tests marked `browser`, and a test marked `browser` anywhere else stops the collection."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.conftest import pytest_collection_modifyitems
from tests.support.paths import BROWSER, ROOT


def item(path: Path, browser: bool) -> SimpleNamespace:
    """A collected test at `path`, marked `browser` or not."""
    mark = pytest.mark.browser.mark if browser else None
    return SimpleNamespace(path=path, nodeid=f"{path.name}::test", get_closest_marker=lambda name: mark)


@pytest.mark.parametrize("folder", ["games", "web", "."])
def test_a_browser_test_outside_tests_browser_stops_the_collection(folder):
    stray = item(BROWSER.parent / folder / "test_stray.py", browser=True)
    with pytest.raises(pytest.UsageError, match="test_stray.py"):
        pytest_collection_modifyitems(None, [item(BROWSER / "test_x.py", True), stray])


def test_browser_tests_in_their_folder_and_other_tests_anywhere_pass():
    pytest_collection_modifyitems(None, [item(BROWSER / "test_x.py", True),
                                         item(BROWSER.parent / "games" / "test_y.py", False)])


def test_the_ci_passes_split_the_suite_by_the_browser_marker():
    """One pass runs tests/browser's tests, and the SQLite and PostgreSQL passes every test not marked `browser`."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    browser = [line for line in script.splitlines() if ".venv/bin/pytest" in line and re.search(r"-m browser\b", line)]
    assert len(browser) == 1 and re.search(r"\stests/browser\b", browser[0]), browser
    assert script.count('-m "not browser"') == 2
