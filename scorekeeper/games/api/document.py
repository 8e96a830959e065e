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
from flask import current_app, render_template

from scorekeeper.rules import PRESETS, SUITS
from scorekeeper.web.http import with_etag

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


def _name(ref: str) -> str:
    """The component a $ref names: #/components/schemas/Game -> Game."""
    return ref.rsplit("/", 1)[-1]


def _resolved(spec: dict, item: dict) -> dict:
    """A parameter or response, its $ref followed."""
    if "$ref" not in item:
        return item
    _, _, kind, name = item["$ref"].split("/")
    return spec["components"][kind][name]


def _schema_names(schema: dict) -> list[str]:
    """The named schemas a schema is made of (a $ref, or the branches of anyOf, oneOf and allOf)."""
    if "$ref" in schema:
        return [_name(schema["$ref"])]
    return [name for key in ("anyOf", "oneOf", "allOf") for branch in schema.get(key, [])
            for name in _schema_names(branch)]


def _operation_view(spec: dict, path: str, method: str, operation: dict) -> dict[str, Any]:
    """One operation as the docs page lists it."""
    parameters = [_resolved(spec, item) for item in [*spec["paths"][path].get("parameters", []),
                                                      *operation.get("parameters", [])]]
    body = operation.get("requestBody", {}).get("content", {}).get("application/json")
    responses = []
    for status, item in operation["responses"].items():
        answer = _resolved(spec, item)
        types = {kind: _schema_names(content.get("schema", {})) for kind, content in answer.get("content", {}).items()}
        responses.append({"status": status, "description": answer["description"], "types": types,
                          "headers": sorted(answer.get("headers", {}))})
    return {
        "id": operation["operationId"], "method": method.upper(), "path": path, "summary": operation["summary"],
        "description": operation.get("description", ""), "key": any(operation.get("security", [])),
        "parameters": parameters, "responses": responses,
        "body": None if body is None else {
            "schemas": _schema_names(body["schema"]), "fields": _schema_view("", body["schema"])["fields"],
            "examples": [json.dumps(example["value"], ensure_ascii=False)
                         for example in body.get("examples", {}).values()]},
    }


def _schema_view(name: str, schema: dict) -> dict[str, Any]:
    """One schema as the docs page lists it: its fields, their types and whether each is required."""
    def kind(field: dict) -> str:
        if "$ref" in field:
            return _name(field["$ref"])
        if "enum" in field:
            return " | ".join(json.dumps(value) for value in field["enum"])
        found = field.get("type", "any")
        return " or ".join(found) if isinstance(found, list) else found

    required = set(schema.get("required", []))
    fields = [{"name": field, "type": kind(value), "required": field in required,
               "description": value.get("description", "")} for field, value in schema.get("properties", {}).items()]
    return {"name": name, "description": schema.get("description", ""), "type": kind(schema), "fields": fields,
            "parts": _schema_names(schema)}


@cache
def docs_view() -> dict[str, Any]:
    """The whole document, arranged for the docs page."""
    spec = document()
    operations = [_operation_view(spec, path, method, item[method])
                  for path, item in spec["paths"].items() for method in ("get", "post", "put", "patch", "delete")
                  if method in item]
    schemas = [_schema_view(name, schema) for name, schema in spec["components"]["schemas"].items()]
    return {"info": spec["info"], "operations": operations, "schemas": schemas}


@bp.get("/docs")
def docs():
    """The API described, as a page rendered here from the same document (no script, so the CSP holds)."""
    text, etag = document_text()
    response = with_etag(etag, lambda: render_template("games/api_docs.html", **docs_view()))
    response.headers["Cache-Control"] = "public, no-cache"
    return response
