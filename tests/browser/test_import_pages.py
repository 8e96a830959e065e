"""The two import pages (a game file, a group file), drawn by one form (templates/_shared/_form.html's import_form):
each, fresh and after a refused file, holds on every phone size and at 200 % text, and passes axe; the refusal is
an alert the file field is described by."""

from __future__ import annotations

import pytest

from tests.browser.matrix import problems_at_every_width

pytestmark = [pytest.mark.browser, pytest.mark.pages]

PAGES = {"/import": "Game file (.json)", "/groups/import": "Group file (.json)"}


@pytest.mark.parametrize("path", PAGES)
def test_an_import_page_holds_and_says_why_a_file_was_refused(live_server, page, axe, tmp_path, path):
    page.goto(live_server + path)
    problems = [f"fresh: {problem}" for problem in problems_at_every_width(page, "main", text_200=True)]
    assert axe(page) == []
    wrong = tmp_path / "notes.json"
    wrong.write_text("shopping list")
    field = page.get_by_label(PAGES[path])
    field.set_input_files(str(wrong))
    page.get_by_role("button", name="Import").click()
    alert = page.get_by_role("alert")
    assert alert.inner_text().startswith("Nothing was imported.")
    assert page.get_by_label(PAGES[path]).get_attribute("aria-describedby") == "import-error"
    assert page.get_by_label(PAGES[path]).get_attribute("aria-invalid") == "true"
    problems += [f"refused: {problem}" for problem in problems_at_every_width(page, "main", text_200=True)]
    assert problems == []
    assert axe(page) == []
