"""Versions of what a deploy ships: static asset URLs that change when the file does, cache headers to match,
and digests of the templates (part of every ETag and of the service worker's version)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from flask import Flask, Response, current_app, request, url_for
from jinja2 import TemplateNotFound
from markupsafe import Markup

from scorekeeper.rules import document

from . import memory, security

_VERSIONS: dict[tuple[str, float], str] = {}
YEAR = 365 * 24 * 3600
RULES_MODULE = "js/engine/rules.json"  # what the browser's engine imports: the rules document, served at /rules.json
DIGESTS = 16  # digests of sets of templates kept per process (the code asks for a handful)


def version(filename: str) -> str:
    """A short hash of a static file's contents, cached until the file changes (a stat a call: every page asks
    for each module's, so no Path is built)."""
    path = os.path.join(current_app.static_folder or "", filename)
    try:
        stamp = os.stat(path).st_mtime
    except OSError:
        return "missing"
    cached = _VERSIONS.get((filename, stamp))
    if cached is None:
        cached = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:10]
        _VERSIONS[(filename, stamp)] = cached
    return cached


def asset(filename: str) -> str:
    """The URL of a static file, with ?v=<hash> so a deploy replaces it in every cache."""
    return url_for("static", filename=filename, v=version(filename))


def modules() -> list[str]:
    """Every browser module under static/js/, relative to static/ (a directory walk, no Path per file)."""
    folder = os.path.join(current_app.static_folder or "", "js")
    found = []
    for parent, _, files in os.walk(folder):
        below = os.path.relpath(parent, folder).replace(os.sep, "/")
        found += [f"js/{name}" if below == "." else f"js/{below}/{name}" for name in files if name.endswith(".js")]
    return sorted(found)


def modules_in(folder: str) -> list[str]:
    """The browser modules under static/js/`folder`/: the parts of a module, for a page to preload with it."""
    return [name for name in modules() if name.startswith(f"js/{folder}/")]


@cache
def rules_document() -> tuple[str, str]:
    """The rules document's text and its version (a short hash), once per process: a deploy changes it."""
    text = document.text()
    return text, hashlib.sha256(text.encode()).hexdigest()[:10]


def rules_url() -> str:
    """The rules document's URL, with ?v=<hash> like every asset."""
    return url_for("rules_document", v=rules_document()[1])


def serve_rules_document() -> Response:
    """The rules document the browser's engine reads: kept for good at this version's URL, checked elsewhere."""
    text, tag = rules_document()
    response = Response(text, mimetype="application/json")
    response.set_etag(tag)
    versioned = request.args.get("v") == tag
    response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable" if versioned else "no-cache"
    return response.make_conditional(request)


def import_map_json() -> str:
    """The import map: each module's plain URL mapped to its versioned one, so that a plain
    `import "./store.js"` in any module loads the file of this deploy, never a cached older one; the engine's
    `./rules.json` mapped to the rules document.

    Built once per process (and static URL), like the templates' digest: a deploy starts new processes. In
    debug mode, where a module is edited while the server runs, once per set of file versions."""
    static_url = url_for("static", filename="")
    key = (static_url, tuple((name, version(name)) for name in modules())) if current_app.debug else static_url
    kept = memory.kept("import_map", lambda: memory.Kept(1))  # only the map of the files as they are now is asked for
    text = kept.get(key)
    if text is None:
        imports = {url_for("static", filename=name): asset(name) for name in modules()}
        imports[url_for("static", filename=RULES_MODULE)] = rules_url()
        text = json.dumps({"imports": imports}, sort_keys=True).replace("<", "\\u003c")
        kept.put(key, text)
    return text


def import_map() -> Markup:
    """The import map's JSON, for the base template's <script type="importmap">."""
    return Markup(import_map_json())  # noqa: S704 -- JSON of our own file names, "<" escaped


def import_map_hash() -> str:
    """The import map's sha256 as the CSP names an inline script: base64 of the digest (once per map)."""
    text = import_map_json()
    kept = memory.kept("import_map_hash", lambda: memory.Kept(1))
    digest = kept.get(text)
    if digest is None:
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        kept.put(text, digest)
    return digest


def allow_import_map(response: Response) -> Response:
    """Let a page run its import map and no other inline script.

    A hash, not a nonce: the map is the same for every page of a deploy (it only changes when a file
    does), and the service worker keeps pages in its cache, where a per-request nonce would be replayed
    anyway. The hash is recomputed from the cached file versions, so it always names the map the page carries.
    """
    if response.mimetype == "text/html":
        security.allow_inline_script(response, import_map_hash())
    return response


def cache_static(response: Response) -> Response:
    """Versioned static files are cached for good; unversioned ones are checked each time."""
    if request.endpoint == "static" and response.status_code == 200:
        if request.args.get("v"):
            response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
        else:
            response.headers["Cache-Control"] = "no-cache"
    return response


def templates_digest(names: Sequence[str] | None = None) -> str:
    """A digest of the named templates (every template when None), once per process: a deploy changes it."""
    kept = memory.kept("templates_digest", lambda: memory.Kept(DIGESTS))
    key = None if names is None else tuple(names)
    found = kept.get(key)
    if found is None:
        env = current_app.jinja_env
        digest = hashlib.sha256()
        for name in key if key is not None else sorted(env.list_templates(extensions=["html"])):
            try:
                source = env.loader.get_source(env, name)[0] if env.loader else ""
            except TemplateNotFound:
                source = ""
            digest.update(name.encode() + b"\0" + source.encode())
        found = digest.hexdigest()
        kept.put(key, found)
    return found


def init_app(app: Flask) -> None:
    """`asset()` and the import map for every template; the import map's CSP hash; static cache headers; the
    rules document."""
    app.add_url_rule("/rules.json", "rules_document", serve_rules_document)
    app.add_template_global(asset)
    app.add_template_global(import_map)
    app.add_template_global(modules_in)
    app.after_request(allow_import_map)
    app.after_request(cache_static)
