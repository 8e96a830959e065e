"""Every CSV download, with every text that reaches it (names, team names, a client-made game id) starting with
each character a spreadsheet reads as a formula: no cell but a number starts with one."""

from __future__ import annotations

import csv
import io
import re

import pytest

from scorekeeper.sheet.exports import FORMULA_START
from tests.support.groups import GroupApi, ten_all

NUMBER = re.compile(r"-?\d+")


def cells(text: str) -> list[str]:
    assert text.startswith("\ufeff")
    return [value for row in csv.reader(io.StringIO(text[1:])) for value in row]


@pytest.mark.parametrize("start", FORMULA_START[:4])
def test_no_text_in_a_csv_download_starts_a_formula(client, start):
    group = GroupApi(client, f"{start}Group")
    players = [f"{start}Ann", f"{start}Bo", "Cy", "Di"]
    game_id = "-" + "g" * 21  # an id is a token: of the formula starts, it can hold only -
    made = group.send("post", "/games", {"variant": "ten-point", "players": players, "id": game_id,
                                         "edit_key": "k" * 22, "team_names": [f"{start}Us", f"{start}Them"],
                                         "hands": [ten_all(1, 3, 1), ten_all(0, 10, 1)]})
    assert made.status_code == 201, made.get_json()
    downloads = [f"/games/{game_id}/export.csv", f"/g/{group.id}/games.csv", f"/g/{group.id}/hands.csv"]
    for path in downloads:
        response = client.get(path)
        assert response.status_code == 200, path
        texts = cells(response.get_data(as_text=True))
        risky = [value for value in texts if value.startswith(FORMULA_START) and not NUMBER.fullmatch(value)]
        assert not risky, (path, risky)
        assert any(value.startswith(f"'{start}") for value in texts), path  # the text is kept, defused
    assert f"'{game_id}" in cells(client.get(f"/g/{group.id}/games.csv").get_data(as_text=True))
