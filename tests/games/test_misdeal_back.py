"""Without scripts, "Back to the hand" on the misdeal question shows the form again as it was filled."""

from __future__ import annotations

import re

from tests.support.pages import SET, csrf, misdeal_asked, start


def inputs(html: str) -> list[tuple[str, str]]:
    """The named inputs of the page's first form, as a browser would post them (the buttons left out)."""
    form = re.search(r"<form .*?</form>", html, re.S).group(0)
    return re.findall(r'<input name="([^"]+)" type="hidden" value="([^"]*)"', form) + re.findall(
        r'<input id="[^"]+" name="([^"]+)" type="hidden" value="([^"]*)"', form)


def checked(html: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]*)" checked>', html)


def test_back_from_the_misdeal_question_of_the_edit_form_keeps_what_was_changed(client):
    game_id, path, page = misdeal_asked(client, SET)
    assert "Back to the hand" in page
    carried = dict(inputs(page))
    assert carried["bidder"] == "2" and carried["bid"] == "5" and carried["captured_three"] == "0"
    back = client.post(path, data={**carried, "back": "1"})
    html = back.get_data(as_text=True)
    assert back.status_code == 200 and "Edit hand 1" in html
    assert checked(html, "bidder") == ["2"] and checked(html, "bid") == ["5"] and checked(html, "captured_two") == ["0"]
    assert client.get(f"/api/games/{game_id}").get_json()["hands"][0]["bidder"] == 1  # nothing changed yet


def test_the_carried_values_are_escaped(client):
    game_id = start(client)
    path = f"/games/{game_id}"
    asked = client.post(f"{path}/hands", data={"csrf_token": csrf(client, path), "misdeal": "1",
                                               "bidder": '"><script>x</script>'})
    page = asked.get_data(as_text=True)
    assert asked.status_code == 200 and "<script>x" not in page and "&lt;script&gt;x" in page
    back = client.post(f"{path}/hands", data={**dict(inputs(page)), "back": "1"})
    assert back.status_code == 200 and "<script>x" not in back.get_data(as_text=True)
    assert client.get(f"/api/games/{game_id}").get_json()["hands"] == []
