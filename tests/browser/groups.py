"""Helpers of the group pages in the browser: a group made over the API, its people, what overflows."""

from __future__ import annotations

PEOPLE = ["Bartholomew Jenkins", "Maximiliana Ostrova", "Cornelius Wetherby", "Philippa Van Houten"]


OVERFLOW = "() => document.scrollingElement.scrollWidth - document.documentElement.clientWidth"


def create_group(page, base: str) -> tuple[str, str]:
    """Create a group from the start page's link; its id and key, as the created page shows them."""
    page.goto(base + "/")
    page.get_by_role("link", name="Start a group").click()
    page.get_by_label("Name of the group").fill("The Thursday Regulars")
    page.get_by_label("Games to be on the leaderboard").fill("1")
    page.get_by_role("button", name="Create the group").click()
    page.wait_for_url("**/created")
    key = page.locator(".group-key").inner_text().strip()
    page.get_by_role("link", name="Open the group's page").click()
    page.wait_for_url("**/g/*")
    return page.url.rsplit("/", 1)[1], key
