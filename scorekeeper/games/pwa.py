"""The installable app: the web app manifest, the service worker, and the offline pages it keeps."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, url_for

from scorekeeper.rules import PRESETS, make_table, start, state_to_dict
from scorekeeper.web.assets import asset, rules_url, templates_digest

from .pages.handform import new_hand_form

bp = Blueprint("pwa", __name__)

PRECACHE_FOLDERS = ("css", "js", "icons")  # under static/: the app shell (screenshots are not)
WORKER = "sw.js"  # static/sw.js, served from the root so that its scope is the whole site
NAME = "Pitch Scorekeeper"
LIGHT, ACCENT = "#f7f4ec", "#1d5a35"
SHELL_ID = "offline-shell-game-0000"  # a token-shaped id that no real game has (ids are random)


def shell_files() -> list[str]:
    """The static files every page may need offline, relative to static/."""
    static = Path(current_app.static_folder or "")
    found = (path for folder in PRECACHE_FOLDERS for path in (static / folder).rglob("*") if path.is_file())
    return sorted(path.relative_to(static).as_posix() for path in found)


def precache() -> list[str]:
    """What the worker stores when it installs: versioned static files and the rules document, the start page,
    the shells (a game's of each variant, and a group's start page)."""
    pages = [url_for("pages.index"), url_for("pwa.offline"), url_for("pwa.not_sent"), url_for("pwa.web_manifest")]
    shells = [url_for("pwa.shell", variant=variant) for variant in PRESETS] + [url_for("groups.start_shell")]
    return [asset(name) for name in shell_files()] + [rules_url()] + pages + shells


def release() -> str:
    """This deploy's version: a digest of the precached URLs (which carry file hashes), templates and worker."""
    digest = hashlib.sha256(json.dumps(precache()).encode())
    digest.update(templates_digest().encode())
    digest.update(asset(WORKER).encode())
    return digest.hexdigest()[:16]


@bp.get("/sw.js")
def service_worker() -> Response:
    """The worker script: its version, its precache list and the outbox, then static/sw.js."""
    source = (Path(current_app.static_folder or "") / WORKER).read_text(encoding="utf-8")
    head = (
        f"const VERSION = {json.dumps(release())};\n"
        f"const PRECACHE = {json.dumps(precache())};\n"
        f"importScripts({json.dumps(asset('js/phone/outboxstore.js'))}, {json.dumps(asset('js/phone/outbox.js'))});\n"
    )
    response = Response(head + source, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


def _icon(name: str, size: int, purpose: str) -> dict[str, str]:
    """One icon of the manifest."""
    return {"src": asset(f"icons/{name}"), "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}


def _screenshot(name: str, size: str, form_factor: str, label: str) -> dict[str, str]:
    """One screenshot of the manifest (narrow: a phone, wide: a tablet or desktop)."""
    return {"src": asset(f"screenshots/{name}"), "sizes": size, "type": "image/png",
            "form_factor": form_factor, "label": label}


def manifest() -> dict[str, Any]:
    """The web app manifest."""
    return {
        "id": "/",
        "name": NAME,
        "short_name": "Pitch",
        "description": "Keep score of Pitch at the card table, with or without a signal.",
        "lang": "en",
        "dir": "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": ACCENT,
        "background_color": LIGHT,
        "categories": ["games", "utilities"],
        "icons": [
            _icon("icon-192.png", 192, "any"), _icon("icon-512.png", 512, "any"),
            _icon("maskable-512.png", 512, "maskable"),
        ],
        "screenshots": [
            _screenshot("game-narrow.png", "720x1480", "narrow", "The score sheet of a game in progress"),
            _screenshot("game-wide.png", "1280x800", "wide", "The score sheet on a tablet"),
        ],
    }


@bp.get("/manifest.webmanifest")
def web_manifest() -> Response:
    """The manifest, with versioned icon URLs."""
    response = jsonify(manifest())
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> str:
    """What the worker shows for a page this phone has never kept, with no connection."""
    return render_template("games/offline.html")


@bp.get("/offline/not-sent")
def not_sent() -> str:
    """What the worker shows when a form sent with no connection (a draw, a registration, a signature) did not go."""
    return render_template("games/not_sent.html")


def shell_overrides(variant: str) -> dict[str, Any]:
    """House rules that give the shell every control a game of this variant can need (the page hides the rest)."""
    rules = PRESETS[variant]
    widest: dict[str, Any] = {"min_bid": 1, "time_limit_minutes": rules.time_limit_minutes or 30}
    if rules.in_play == "all":
        widest.update(max_bid=rules.total_points, moon=True)
    else:
        widest.update(all_tricks_bid=20, max_bid=20)
    return widest


def shell_sheet(variant: str) -> dict[str, Any]:
    """A game of nobody yet, shaped as the API returns it: the page fills it from the phone's copy."""
    rules = PRESETS[variant]
    players = [f"Player {seat + 1}" for seat in range(rules.players)]
    table = make_table(variant, players, None, shell_overrides(variant))
    sheet = {"id": SHELL_ID, "variant": variant, **state_to_dict(start(table))}
    sheet.update(share_url="", team_names=None, clock=None, created_at=None, time_called_at=None)
    return sheet


@bp.get("/shell/<variant>")
def shell(variant: str) -> str:
    """The game page with no game in it, for a game this phone keeps offline (data-shell: fill from IndexedDB)."""
    if variant not in PRESETS:
        abort(404)
    sheet = shell_sheet(variant)
    return render_template(
        "games/game.html", sheet=sheet, editable=True, edit_key=None, offline_shell=True,
        form=new_hand_form(sheet), join_url="", qr="",
    )
