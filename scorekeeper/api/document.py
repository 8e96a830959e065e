"""The API's OpenAPI description: one hand-kept document (openapi.yaml) that the tests hold the routes to.

It is served as JSON at /api/openapi.json, with the facts the rules engine owns (the presets, the suits)
filled in from the engine, so the document never keeps a second copy of them.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from flask import current_app

from ..http import with_etag
from ..rules import PRESETS, SUITS
from . import bp

SOURCE = Path(__file__).with_name("openapi.yaml")


@cache
def document() -> dict[str, Any]:
    """The OpenAPI document, with the engine's presets and suits as the enums of `Variant` and `Suit`."""
    spec = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    schemas["Variant"]["enum"] = sorted(PRESETS)
    schemas["Suit"]["enum"] = list(SUITS)
    return spec


@cache
def document_text() -> tuple[str, str]:
    """The document as JSON text, and its strong ETag."""
    text = json.dumps(document(), ensure_ascii=False, separators=(",", ":")) + "\n"
    return text, hashlib.sha256(text.encode()).hexdigest()[:32]


@bp.get("/openapi.json")
def openapi_json():
    """The OpenAPI document: any cache may keep it, checked each time (a deploy may change it)."""
    text, etag = document_text()
    response = with_etag(etag, lambda: current_app.response_class(text, mimetype="application/json"))
    response.headers["Cache-Control"] = "public, no-cache"
    return response
