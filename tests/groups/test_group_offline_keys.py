"""What a phone needs to start a group's games with no signal: the group's key handed only by pages never stored,
what the start page offers kept from the public group page (names, never a key), and the start page's shell the
service worker keeps."""

from __future__ import annotations

import json
import re

from tests.support.groups import created_group, token


def offline_json(html: str) -> dict:
    """The group page's #group-offline block."""
    return json.loads(re.search(r'<script type="application/json" id="group-offline">(.*?)</script>', html).group(1))


def test_the_pages_that_hand_the_group_key_to_scripts_are_never_stored(client):
    group_id, key = created_group(client)
    created = client.get(f"/groups/{group_id}/created")
    assert created.headers["Cache-Control"] == "no-store"
    assert f'data-group-id="{group_id}" data-group-key="{key}"' in created.get_data(as_text=True)
    start = client.get(f"/g/{group_id}/start")
    assert start.headers["Cache-Control"] == "no-store"
    assert f'data-group-key="{key}"' in start.get_data(as_text=True)
    assert 'data-shell' not in start.get_data(as_text=True)


def test_the_group_page_offers_the_start_pages_names_and_no_key(client):
    group_id, key = created_group(client)
    empty = client.get(f"/g/{group_id}").get_data(as_text=True)
    assert offline_json(empty) == {"id": group_id, "name": "Thursday", "people": [], "variant": "ten-point",
                                   "seats": []}
    html = client.get(f"/g/{group_id}/start").get_data(as_text=True)
    data = {"csrf_token": token(html), "variant": "cutthroat", "seats-0": "Cy", "seats-1": "Ann", "seats-2": "Bo"}
    assert client.post(f"/g/{group_id}/start", data=data).status_code == 303
    page = client.get(f"/g/{group_id}")
    text = page.get_data(as_text=True)
    assert offline_json(text) == {"id": group_id, "name": "Thursday", "people": ["Cy", "Ann", "Bo"],
                                  "variant": "cutthroat", "seats": ["Cy", "Ann", "Bo"]}
    assert key not in text and "no-store" not in page.headers["Cache-Control"]  # a read any cache may keep


def test_the_start_pages_shell_is_kept_by_the_worker_and_names_no_group(client):
    shell = client.get("/shell/group-start")
    assert shell.status_code == 200
    html = shell.get_data(as_text=True)
    assert 'data-shell="true"' in html and "data-group-key" not in html
    assert html.count('list="roster"') == 7 and "groupstart.js" in html
    assert '"/shell/group-start"' in client.get("/sw.js").get_data(as_text=True)  # in the worker's precache
