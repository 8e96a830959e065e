"""A group's downloads (export.json, games.csv, hands.csv): a strong ETag from the group's revision, 304 when the
client holds it, a new tag after any change, and a per-address limit that a 304 does not use up."""

from __future__ import annotations

import pytest

from tests.support.groups import GroupApi, ten_all

FILES = ["export.json", "games.csv", "hands.csv"]
FOUR = ["Ann", "Bo", "Cy", "Di"]


@pytest.mark.parametrize("name", FILES)
def test_each_download_is_conditional_on_the_groups_revision(client, name):
    group = GroupApi(client)
    group.game("ten-point", FOUR, [ten_all(0, 3, 0)])
    path = f"/g/{group.id}/{name}"
    first = client.get(path)
    assert first.status_code == 200 and first.headers["ETag"].startswith('"')
    tag = first.headers["ETag"]
    again = client.get(path, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    assert client.get(path).get_data() == first.get_data()  # a repeat is the same file
    for change in (lambda: group.send("patch", "", {"name": "Renamed"}),
                   lambda: group.game("ten-point", FOUR, [ten_all(1, 4, 1)])):
        change()
        fresh = client.get(path, headers={"If-None-Match": tag})
        assert fresh.status_code == 200 and fresh.headers["ETag"] != tag
        tag = fresh.headers["ETag"]
    assert client.get(f"/g/{'x' * 22}/{name}").status_code == 404
    assert client.get(f"/g/not-a-token/{name}").status_code == 404


def test_downloads_are_limited_per_address_and_a_304_is_not_counted(limited):
    client = limited(RATELIMIT_DOWNLOADS="3 per minute")
    group = GroupApi(client)
    paths = [f"/g/{group.id}/{name}" for name in FILES]
    tags = [client.get(path).headers["ETag"] for path in paths[:2]]  # two of the three downloads allowed
    for path, tag in zip(paths, tags, strict=False):
        assert [client.get(path, headers={"If-None-Match": tag}).status_code for _ in range(5)] == [304] * 5
    assert client.get(paths[2]).status_code == 200  # the 304s used up nothing: the third download is there
    refused = client.get(paths[0])
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert refused.get_data(as_text=True).count("Too many downloads from this address.") == 1
