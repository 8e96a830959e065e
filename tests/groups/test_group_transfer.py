"""A whole group out and back in (docs/api-groups.md, "Export and import"): the group file round-trips exactly, the
stats of the imported group equal the original's, the CSVs hold every game and hand, and a bad file stores nothing."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from scorekeeper.sheet.exports import cell
from tests.support.groups import (
    PEOPLE,
    GroupApi,
    by_name,
    import_file,
    normalised,
    stored_counts,
    ten_all,
    with_ids_named,
)
from tests.support.pages import hidden
from tests.support.tables import CARD_POINTS


def exported(client, group: GroupApi) -> dict:
    response = client.get(f"/g/{group.id}/export.json")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == 'attachment; filename="pitch-group-thursday-table.json"'
    return json.loads(response.get_data(as_text=True))


def comparable(group: GroupApi, stats: dict) -> tuple:
    """The stats by name, pairs in name order (pairs are sorted by id, and the ids are new)."""
    people, partners, rivals, leaderboard = by_name(group, stats)
    return stats["games"], people, normalised(partners), normalised(rivals), leaderboard


def seasons_named(group: GroupApi) -> list[dict]:
    """The group's seasons with the champion's name for its id, and no season id."""
    names = {person_id: name for name, person_id in group.people().items()}
    return [{**{k: v for k, v in season.items() if k != "id"}, "champion": names.get(season["champion"])}
            for season in group.get("/seasons").get_json()["seasons"]]


def test_a_group_file_imported_exports_the_same_file_and_counts_the_same(client, played):
    original = exported(client, played)
    assert original["format"] == "pitch-scorekeeper-group" and len(original["games"]) == 35
    assert [season["name"] for season in original["seasons"]] == ["Autumn", "Winter"]
    assert "edit_key" not in json.dumps(original)
    copy, answer = import_file(client, original)
    assert answer["id"] != played.id and answer["edit_key"] != played.key
    again = exported(client, copy)
    assert {game["id"] for game in again["games"]}.isdisjoint(game["id"] for game in original["games"])
    assert with_ids_named(again) == with_ids_named(original)
    for season in ("", "?from=2025-01-01&to=2025-12-31", "?from=2026-01-01"):
        assert comparable(copy, copy.stats(season)) == comparable(played, played.stats(season))
    assert copy.stats("?to=2025-12-31")["games"] == 9
    assert seasons_named(copy) == seasons_named(played)
    assert [season["champion"] for season in seasons_named(played)] == [None, "Ann"]  # no game in Autumn
    assert by_name(copy, copy.stats())[0]["Ed"] == PEOPLE["Ed"]
    # the group's key writes to the imported games
    game = again["games"][0]
    assert game["status"] == "playing" or game["winner"] is not None
    unfinished = next(item for item in again["games"] if item["variant"] == "cutthroat" and not item["hands"])
    hand = {"bidder": 0, "bid": 2, "captured": {"high": 0, "low": 0, "jack": 0, "game": 0}}
    assert client.post(f"/api/games/{unfinished['id']}/hands", json=hand, headers=copy.headers).status_code == 201


def test_a_bad_file_stores_nothing(app, client, played):
    original = exported(client, played)
    before = stored_counts(app)
    late = json.loads(json.dumps(original))
    late["games"][-1]["hands"][0]["bidder"] = 9  # the last game checked: every game before it was good
    bad_name = json.loads(json.dumps(original))
    bad_name["people"][2]["name"] = "Cy\u202e"
    twice = json.loads(json.dumps(original))
    twice["people"][1]["name"] = " ann "
    seats = json.loads(json.dumps(original))
    seats["games"][0]["people"][0] = "nobody"
    when = json.loads(json.dumps(original))
    season = json.loads(json.dumps(original))
    season["seasons"][1]["to"] = "2025-11-30"
    when["games"][3]["finished"] = "yesterday"
    for body, field, words in (
        (late, "games", "Game 35: Hand 1"), (bad_name, "people", "Person 3"), (twice, "people", "ann"),
        (seats, "games", "Game 1: people"), (season, "seasons", "Season 2"), (when, "games", "Game 4: finished"),
        ({**original, "name": " "}, "name", "name"), ({**original, "min_games": -1}, "min_games", "min_games"),
        ({**original, "format": "x"}, "format", "not a group"), ([], "format", "not a group"),
        ({**original, "version": 2}, "version", "version 2"),
        ({**original, "games": {}}, "games", "games must be a list"),
    ):
        response = client.post("/api/groups/import", json=body)
        assert response.status_code == 422, (field, response.get_json())
        assert response.get_json()["field"] == field and words in response.get_json()["error"], response.get_json()
    assert client.post("/api/groups/import", data="{", content_type="application/json").status_code == 400
    assert stored_counts(app) == before


def test_a_file_of_games_without_people_seats_them_by_name(client):
    body = {"format": "pitch-scorekeeper-group", "version": 1, "name": "From game files", "people": [],
            "games": [{"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"], "hands": [ten_all(0, "moon", 0)]},
                      {"variant": "ten-point", "players": ["Di", "Bo", "cy ", "Ed"], "hands": []}]}
    group, answer = import_file(client, body)
    assert [person["name"] for person in answer["people"]] == ["Ann", "Bo", "Cy", "Di", "Ed"]
    names = {person_id: name for name, person_id in group.people().items()}
    seated = sorted([[names[person] for person in team] for team in game["people"]] for game in answer["games"])
    assert seated == [[["Ann", "Cy"], ["Bo", "Di"]], [["Di", "Cy"], ["Bo", "Ed"]]]
    assert group.stats()["games"] == 1


def read_csv(response) -> list[list[str]]:
    text = response.get_data(as_text=True)
    assert text.startswith("\ufeff") and response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(text[1:])))


def test_the_csvs_hold_every_game_and_every_hand(client, played):
    data = exported(client, played)
    games = read_csv(client.get(f"/g/{played.id}/games.csv"))
    as_cell = cell  # an id starting with - is written '- (exports.cell), as a spreadsheet would read a formula
    assert games[0][:6] == ["Game", "Started", "Finished", "Variant", "Status", "Winner"]
    assert games[0][-3:] == ["Team 6", "Team 6 people", "Team 6 score"] or games[0][-3:] == [
        "Team 3", "Team 3 people", "Team 3 score"]
    assert [row[0] for row in games[1:]] == [as_cell(game["id"]) for game in data["games"]]
    named = next(row for row in games if row[0] == as_cell(data["games"][0]["id"]))  # the points game, newest
    assert named[3:10] == ["ten-point", "playing", "", "North", "Ann & Cy", "6", "South"]  # ten-point goes to 21
    assert named[10:12] == ["Bo & Di", "14"]
    hands = read_csv(client.get(f"/g/{played.id}/hands.csv"))
    assert hands[0][:7] == ["Game", "Hand", "Dealer", "Bidder", "Bid", "Trump", "Result"]
    assert len(hands) - 1 == sum(len(game["hands"]) for game in data["games"])
    first = [row for row in hands if row[0] == as_cell(data["games"][0]["id"])]
    assert first[0][:7] == [as_cell(data["games"][0]["id"]), "1", "Ann", "Bo", "4", "", "made"]
    assert first[0][7:13] == ["North", "3", "3", "South", "7", "7"]
    assert any(row[6] == "misdeal" for row in hands)


def test_the_group_page_links_the_downloads(client, played):
    page = client.get(f"/g/{played.id}").get_data(as_text=True)
    for tail in ("export.json", "games.csv", "hands.csv"):
        assert f'href="/g/{played.id}/{tail}" download' in page
    assert client.get("/g/nosuchgroupnosuchgroup1/export.json").status_code == 404
    assert client.get("/g/x/hands.csv").status_code == 404


def test_the_import_page_makes_a_new_group_this_browser_holds(app, client, played):
    data = client.get(f"/g/{played.id}/export.json").get_data()
    assert 'href="/groups/import"' in client.get("/groups/new").get_data(as_text=True)
    html = client.get("/groups/import").get_data(as_text=True)
    token = hidden(html, "csrf_token")
    before = stored_counts(app)
    bad = client.post("/groups/import", data={"csrf_token": token, "file": (io.BytesIO(b"{nope"), "g.json")},
                      content_type="multipart/form-data")
    assert bad.status_code == 422 and "Nothing was imported" in bad.get_data(as_text=True)
    broken = json.loads(data)
    broken["games"][-1]["hands"][0]["bidder"] = 9
    refused = client.post("/groups/import", content_type="multipart/form-data", data={
        "csrf_token": token, "file": (io.BytesIO(json.dumps(broken).encode()), "g.json")})
    assert refused.status_code == 422 and "Game 35: Hand 1" in refused.get_data(as_text=True)
    assert stored_counts(app) == before
    assert client.post("/groups/import", data={"file": (io.BytesIO(data), "g.json")},
                       content_type="multipart/form-data").status_code == 400  # no CSRF token: nothing read
    made = client.post("/groups/import", data={"csrf_token": token, "file": (io.BytesIO(data), "g.json")},
                       content_type="multipart/form-data")
    assert made.status_code == 303 and made.headers["Location"].endswith("/created")
    new_id = made.headers["Location"].split("/")[-2]
    created = client.get(made.headers["Location"])
    assert created.status_code == 200 and '<code class="group-key">' in created.get_data(as_text=True)
    assert client.get(f"/g/{new_id}/start").status_code == 200  # this browser holds the new group's key
    assert stored_counts(app)[2] == before[2] + 35


# --- the group file's own cap -------------------------------------------------------------------------


def small_file(client) -> bytes:
    """The file of a group of one finished game."""
    group = GroupApi(client)
    group.game("ten-point", ["Ann", "Bo", "Cy", "Di"], [ten_all(0, "moon", 0)])
    return client.get(f"/g/{group.id}/export.json").get_data()


def padded(data: bytes, size: int) -> bytes:
    """The JSON file made `size` bytes long with trailing spaces (still the same JSON)."""
    assert len(data) <= size
    return data + b" " * (size - len(data))


def test_a_group_file_up_to_its_own_cap_is_imported_and_a_byte_more_is_refused(app, client):
    app.config.update(MAX_CONTENT_LENGTH=4 * 1024, GROUP_FILE_MAX_LENGTH=64 * 1024)  # the same, scaled down
    data = small_file(client)
    before = stored_counts(app)
    refused = client.post("/api/groups/import", data=padded(data, 64 * 1024 + 1), content_type="application/json")
    assert refused.status_code == 413
    assert refused.get_json()["error"] == "The body is too large: this address takes at most 64 KiB."
    assert stored_counts(app) == before
    made = client.post("/api/groups/import", data=padded(data, 64 * 1024), content_type="application/json")
    assert made.status_code == 201, made.get_json()
    # every other body keeps the app's cap
    other = client.post("/api/games", data=padded(b'{"variant": "ten-point"}', 4 * 1024 + 1),
                        content_type="application/json")
    assert other.status_code == 413
    assert other.get_json()["error"] == "The body is too large: this address takes at most 4 KiB."


def test_the_import_page_takes_a_file_up_to_the_cap_and_says_why_it_refuses_a_larger_one(app, client):
    app.config.update(MAX_CONTENT_LENGTH=4 * 1024, GROUP_FILE_MAX_LENGTH=64 * 1024)
    data = small_file(client)
    html = client.get("/groups/import").get_data(as_text=True)
    token = hidden(html, "csrf_token")

    def upload(size: int):
        """POST the form, its whole body `size` bytes long."""
        boundary, whole = encode_multipart({"csrf_token": token, "file": FileStorage(io.BytesIO(data), "g.json")})
        body = encode_multipart({"csrf_token": token, "file": FileStorage(
            io.BytesIO(padded(data, size - (len(whole) - len(data)))), "g.json")}, boundary)[1]
        assert len(body) == size
        return client.post("/groups/import", data=body, content_type=f"multipart/form-data; boundary={boundary}")

    before = stored_counts(app)
    refused = upload(64 * 1024 + 1)
    assert refused.status_code == 413
    assert "this page takes at most 64 KiB, so nothing was saved." in refused.get_data(as_text=True)
    assert stored_counts(app) == before
    made = upload(64 * 1024)
    assert made.status_code == 303 and made.headers["Location"].endswith("/created")


def test_a_file_of_a_thousand_games_of_twenty_hands_fits_the_cap_and_round_trips(app, client):
    group = GroupApi(client)
    hands = [{"bidder": number % 4, "bid": 5, "captured": {key: (number + 1) % 2 for key in CARD_POINTS}}
             for number in range(19)] + [ten_all(3, "moon", 1)]  # 19 bids set, then a moon that ends it
    group.game("ten-point", ["Ann", "Bo", "Cy", "Di"], hands)
    one = json.loads(client.get(f"/g/{group.id}/export.json").get_data())
    game = one["games"][0]
    assert len(game["hands"]) == 20 and game["finished"] is not None
    started = dt.datetime.fromisoformat(game["created_at"])
    copies, text = [], json.dumps(game)
    for number in range(1000):  # newest first, a minute apart, each with an id of its own (in its links too)
        moment = (started - dt.timedelta(minutes=number)).isoformat()
        copy = json.loads(text.replace(game["id"], f"game{number:04d}{'x' * 14}"))
        copies.append({**copy, "created_at": moment, "finished": moment})
    data = json.dumps({**one, "games": copies}, ensure_ascii=False, separators=(",", ":")).encode()
    assert app.config["MAX_CONTENT_LENGTH"] < len(data) < app.config["GROUP_FILE_MAX_LENGTH"]
    made = client.post("/api/groups/import", data=data, content_type="application/json")
    assert made.status_code == 201, made.get_json()
    again = json.loads(client.get(f"/g/{made.get_json()['id']}/export.json").get_data())
    derived = ("ratings", "rating_leaderboard", "bidding")  # counted from the games: the copies', not the one's
    assert {key: value for key, value in with_ids_named(again).items() if key not in derived} == \
        {key: value for key, value in with_ids_named(json.loads(data)).items() if key not in derived}
    assert [again[key] for key in derived[:2]] == [made.get_json()[key] for key in derived[:2]]
    assert sum(level["bids"] for line in again["bidding"] for level in line["levels"] if level["bid"] == "moon") \
        == 1000  # the moon ending each copy
    assert {line["games"] for line in again["ratings"]} == {1000}
