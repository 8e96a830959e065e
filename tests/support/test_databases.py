"""every_row sees any change of any row, on SQLite and on PostgreSQL (the suite's two passes)."""

from __future__ import annotations

from tests.support.databases import every_row
from tests.support.tables import FOUR


def test_every_row_changes_with_a_write_and_only_with_one(app, client):
    empty = every_row(app)
    assert set(empty) >= {"game", "hand"} and not any(empty.values())
    game = client.post("/api/games", json={"variant": "ten-point", "players": FOUR}).get_json()
    made = every_row(app)
    assert len(made["game"]) == 1 and made == every_row(app)
    refused = client.post(f"/api/games/{game['id']}/hands", json={"bidder": 9},
                          headers={"Authorization": f"Bearer {game['edit_key']}"})
    assert refused.status_code == 422 and every_row(app) == made
    client.post(f"/api/games/{game['id']}/hands", json={"misdeal": True},
                headers={"Authorization": f"Bearer {game['edit_key']}"})
    dealt = every_row(app)
    assert len(dealt["hand"]) == 1 and dealt["game"] != made["game"]  # the hand, and the game's revision
