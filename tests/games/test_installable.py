"""The installable app on the server side: the manifest, the service worker script, the offline shells."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import struct

import pytest

from scorekeeper.rules import PRESETS, document
from scorekeeper.web import assets
from tests.support.paths import STATIC


def worker(client) -> tuple[str, list[str], str]:
    """The worker script's version, precache list and whole text."""
    text = client.get("/sw.js").get_data(as_text=True)
    version = re.search(r'^const VERSION = "(\w+)";$', text, re.M).group(1)
    precache = json.loads(re.search(r"^const PRECACHE = (\[.*\]);$", text, re.M).group(1))
    return version, precache, text


def png_size(url: str) -> str:
    """A PNG's width x height, read from its header."""
    data = (STATIC / url.split("?")[0].removeprefix("/static/")).read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return "{}x{}".format(*struct.unpack(">II", data[16:24]))


def test_the_worker_is_served_from_the_root_uncached(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Cache-Control"] == "no-cache"
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]


def test_the_worker_precaches_every_asset_the_pages_load(client, make_game):
    _, precache, text = worker(client)
    game, _ = make_game()
    for path in ("/", "/offline", f"/share/{game['id']}", f"/games/{game['id']}", "/shell/ten-point"):
        page = client.get(path).get_data(as_text=True)
        for url in re.findall(r'(/static/[\w./-]+\?v=\w+)', page):
            assert url in precache, (path, url)
    assert {"/", "/offline", "/offline/not-sent", "/manifest.webmanifest"} <= set(precache)
    assert {f"/shell/{variant}" for variant in PRESETS} <= set(precache)
    store, outbox = (rf'"/static/js/phone/{name}\.js\?v=\w+"' for name in ("outboxstore", "outbox"))
    assert re.search(rf"^importScripts\({store}, {outbox}\);$", text, re.M)


def test_a_deploy_that_changes_any_asset_is_a_new_worker(client, monkeypatch):
    before, precache, _ = worker(client)
    assert before == worker(client)[0]  # stable between requests
    original = assets.version
    changed_file = lambda name: "x" + original(name) if name == "js/ui/sheet.js" else original(name)  # noqa: E731
    monkeypatch.setattr(assets, "version", changed_file)
    after, changed, _ = worker(client)
    assert after != before
    assert [url for url in changed if url not in precache] == [next(u for u in changed if "sheet.js" in u)]


def test_the_manifest_makes_the_app_installable(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = response.get_json()
    assert manifest["name"] == "Pitch Scorekeeper" and manifest["short_name"] == "Pitch"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    icons = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= icons
    for image in manifest["icons"] + manifest["screenshots"]:
        assert png_size(image["src"]) == image["sizes"]
        with client.get(image["src"]) as served:
            assert served.status_code == 200
    assert {shot["form_factor"] for shot in manifest["screenshots"]} == {"narrow", "wide"}


def test_every_page_links_the_manifest_and_the_worker_script(client, make_game):
    game, _ = make_game()
    pages = ("/", "/offline", "/offline/not-sent", f"/share/{game['id']}", f"/games/{game['id']}", "/shell/cutthroat")
    for path in pages:
        page = client.get(path).get_data(as_text=True)
        assert '<link rel="manifest" href="/manifest.webmanifest">' in page, path
        assert re.search(r'<script type="module" src="/static/js/pages/pwa\.js\?v=\w+">', page), path


@pytest.mark.parametrize("variant", list(PRESETS))
def test_each_variant_has_an_offline_shell(client, variant):
    response = client.get(f"/shell/{variant}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'data-shell="true"' in page and 'data-editable="true"' in page
    assert "data-edit-key" not in page  # a shell holds no key; the page takes the phone's


def test_an_unknown_variant_has_no_shell(client):
    assert client.get("/shell/gin-rummy").status_code == 404


def test_the_game_json_carries_its_team_names(client, make_game):
    game, _ = make_game(team_names=["Us", "Them"])
    assert client.get(f"/api/games/{game['id']}").get_json()["team_names"] == ["Us", "Them"]
    plain, _ = make_game()
    assert plain["team_names"] is None


@pytest.mark.parametrize("path", ["/", "/offline", "/shell/ten-point", "/tournaments/new"])
def test_the_import_map_maps_every_module_to_its_version_and_the_csp_allows_only_it(client, path):
    response = client.get(path)
    page = response.get_data(as_text=True)
    scripts = re.findall(r"<script type=\"importmap\">(.*?)</script>", page, re.S)
    assert len(scripts) == 1
    imports = json.loads(scripts[0])["imports"]
    modules = sorted(f"/static/{path.relative_to(STATIC).as_posix()}" for path in (STATIC / "js").rglob("*.js"))
    rules = imports.pop("/static/js/engine/rules.json")
    assert sorted(imports) == modules
    assert all(re.fullmatch(rf"{re.escape(plain)}\?v=\w+", url) for plain, url in imports.items())
    assert re.fullmatch(r"/rules\.json\?v=\w+", rules)
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    policy = response.headers["Content-Security-Policy"]
    assert f"script-src 'self' 'sha256-{digest}';" in policy
    assert "unsafe-inline" not in policy and policy.count("sha256-") == 1
    assert re.findall(r"<script(?! type=\"importmap\")(?! type=\"application/json\")[^>]*>\s*[^<\s]", page) == []


def import_map_of(client) -> dict:
    """The import map the start page carries."""
    page = client.get("/").get_data(as_text=True)
    return json.loads(re.search(r"<script type=\"importmap\">(.*?)</script>", page, re.S).group(1))["imports"]


def test_the_import_map_is_built_once_a_process_and_anew_by_the_next_deploy(app, client, monkeypatch):
    """A page costs no walk of static/js: the map is kept by the process. A deploy starts new processes (forget);
    in debug mode an edited module is in the next page's map."""
    before = import_map_of(client)
    original = assets.version

    def changed(edited: str, mark: str):
        return lambda name: mark + original(name) if name == edited else original(name)

    monkeypatch.setattr(assets, "version", changed("js/ui/sheet.js", "x"))
    assert import_map_of(client) == before  # this process: the files it started with
    app.extensions.pop("import_map", None)  # a new process builds its import map anew
    after = import_map_of(client)
    assert after["/static/js/ui/sheet.js"] == before["/static/js/ui/sheet.js"].replace("?v=", "?v=x")
    assert {name: url for name, url in after.items() if "sheet.js" not in name} == {
        name: url for name, url in before.items() if "sheet.js" not in name}
    app.debug = True
    monkeypatch.setattr(assets, "version", changed("js/phone/core.js", "y"))
    core = "/static/js/phone/core.js"
    assert import_map_of(client)[core] == before[core].replace("?v=", "?v=y")


def test_the_engine_reads_the_rules_document_python_serves(client):
    """One copy of the catalogue and the presets: the browser's engine imports ./rules.json, which the import map
    sends to /rules.json, the document rules/document.py writes; a versioned URL is kept for good, and the worker
    keeps it for offline use."""
    base = (STATIC / "js" / "engine" / "base.js").read_text("utf-8")
    assert 'import RULES from "./rules.json" with { type: "json" };' in base
    assert not (STATIC / "js" / "engine" / "rules.json").exists()
    url = import_map_of(client)["/static/js/engine/rules.json"]
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.get_data(as_text=True) == document.text()
    assert json.loads(response.get_data(as_text=True))["presets"].keys() == PRESETS.keys()
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    again = client.get(url, headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    plain = client.get("/rules.json")
    assert plain.headers["Cache-Control"] == "no-cache" and plain.get_data() == response.get_data()
    assert url in client.get("/sw.js").get_data(as_text=True)
