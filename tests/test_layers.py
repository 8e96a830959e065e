"""The architecture: what each part of scorekeeper/ may import, read from every module's imports.

From the bottom up (README, "Layout"):

- `rules/` is the engine and `sheet/` the sheet as people read it: pure, neither imports the web stack (Flask,
  SQLAlchemy, WTForms, ...) and `sheet/` imports only `rules/`.
- `web/` is the plumbing beneath every feature: it imports `rules/`, `sheet/` and the extensions, never a feature.
- The features (`games/`, `groups/`, `tournaments/`, `nights/`) build on those. A feature may use another's models
  and services, never its route modules (a blueprint's routes, pages or API).
- No module imports another's private names (`_name`), nor reaches them through a module it imported.
- The app (`scorekeeper/__init__.py`, `templating.py`, `serve.py`) wires them, with `config.py` and
  `extensions.py` (the Flask extensions' objects) beneath everything but rules/ and sheet/.
- Every template filter, global and context processor is registered for the whole app in one place
  (`templating.py`; `web/assets.py` adds the asset helpers), so a template of any feature can use any of them.
- Templates follow the same lines: `templates/_shared/` (the base page, errors, the chart, an address, form fields)
  is any feature's; a feature's folder (`games/`, `groups/`, `tournaments/`, `nights/`) extends, includes and
  imports only its own templates and the shared ones.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest
from jinja2 import nodes

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).parent
TEMPLATES = PACKAGE.parent / "templates"
SKIPPED = ("migrations",)
FEATURES = ("games", "groups", "tournaments", "nights")
APP = {"scorekeeper", "scorekeeper.templating", "scorekeeper.serve"}  # the app itself: wires everything
WEB_STACK = ("flask", "flask_sqlalchemy", "flask_wtf", "flask_limiter", "flask_compress", "flask_migrate",
             "sqlalchemy", "werkzeug", "wtforms", "jinja2", "markupsafe", "gunicorn", "gevent")
# What each layer may import of scorekeeper (besides itself).
ALLOWED = {
    "rules": (),
    "sheet": ("rules",),
    "web": ("rules", "sheet", "extensions", "config"),
}
# Where templates get their helpers: the one module that registers them, and the assets' own.
REGISTERS = {"scorekeeper.templating", "scorekeeper.web.assets"}
REGISTRATIONS = {"app_template_filter", "app_template_global", "app_template_test", "app_context_processor",
                 "add_app_template_filter", "add_app_template_global", "add_app_template_test",
                 "template_filter", "template_global", "context_processor", "add_template_filter",
                 "add_template_global"}


def module_name(path: Path) -> str:
    """scorekeeper/games/pages/game.py -> scorekeeper.games.pages.game; a package's __init__ is the package."""
    parts = ["scorekeeper", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def parsed() -> tuple[tuple[str, Path, ast.Module], ...]:
    """Every module of the package (the migrations aside), parsed once."""
    return tuple((module_name(path), path, ast.parse(path.read_text(encoding="utf-8")))
                 for path in sorted(PACKAGE.rglob("*.py"))
                 if not any(part in SKIPPED for part in path.relative_to(PACKAGE).parts))


def sources() -> dict[str, tuple[Path, ast.Module]]:
    """Every module of the package, parsed: a map of its own, which a test may plant an import in."""
    return {name: (path, tree) for name, path, tree in parsed()}


def layer(name: str) -> str:
    """The part of the app a module belongs to: rules, sheet, web, a feature, the extensions or the config, or the
    app."""
    parts = name.split(".")
    return "app" if name in APP or len(parts) < 2 else parts[1]


def makes_blueprint(tree: ast.Module) -> bool:
    """Whether the module creates a Blueprint."""
    return any(isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Blueprint" for node in ast.walk(tree))


def uses_blueprint(tree: ast.Module) -> bool:
    """Whether the module registers routes, handlers, filters or hooks on `bp`."""
    return any(
        isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "bp"
        for node in ast.walk(tree)
    )


def blueprint_of(name: str, modules: dict[str, tuple[Path, ast.Module]]) -> str | None:
    """The blueprint a module belongs to: its own, its package's, or none (a shared module)."""
    path, tree = modules[name]
    if makes_blueprint(tree):
        return name
    package = name.rsplit(".", 1)[0] if path.name != "__init__.py" else None
    if package in modules and makes_blueprint(modules[package][1]):
        return package
    return None


def imports(name: str, path: Path, tree: ast.Module) -> list[tuple[str, str | None, str]]:
    """Every import of the module: (module, the name taken from it or None, the name it is bound to)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, None, alias.asname or alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found += [(target, alias.name, alias.asname or alias.name) for alias in node.names]
    return found


def imported(name: str, path: Path, tree: ast.Module, known: set[str]) -> set[str]:
    """The modules of the package that `name` imports (a name imported from a package counts if it is a module)."""
    found = set()
    for target, taken, _ in imports(name, path, tree):
        found.add(target)
        if taken:
            found.add(f"{target}.{taken}")
    return {module for module in found if module in known}


def crossings(modules: dict[str, tuple[Path, ast.Module]]) -> list[str]:
    """Every import of a route module of another blueprint, but the app's."""
    routes = {name for name, (_, tree) in modules.items()
              if blueprint_of(name, modules) and (makes_blueprint(tree) or uses_blueprint(tree))}
    found = []
    for name, (path, tree) in modules.items():
        if layer(name) == "app":
            continue  # create_app registers every blueprint
        for target in imported(name, path, tree, set(modules)):
            if target in routes and blueprint_of(target, modules) != blueprint_of(name, modules):
                found.append(f"{name} imports {target}")
    return found


def layer_breaks(modules: dict[str, tuple[Path, ast.Module]]) -> list[str]:
    """Every import a layer may not make: the web stack in rules/ or sheet/, a higher layer anywhere below it."""
    found = []
    for name, (path, tree) in modules.items():
        here = layer(name)
        if here not in ALLOWED:
            continue
        for target in imported(name, path, tree, set(modules)):
            there = layer(target)
            if there != here and there not in ALLOWED[here]:
                found.append(f"{name} ({here}) imports {target} ({there})")
        if here in ("rules", "sheet"):
            found += [f"{name} ({here}) imports {target}" for target, _, _ in imports(name, path, tree)
                      if target.split(".")[0] in WEB_STACK]
    return found


def private_reaches(modules: dict[str, tuple[Path, ast.Module]]) -> list[str]:
    """Every private name one module takes from another: imported, or read off a module it imported."""
    found = []
    for name, (path, tree) in modules.items():
        bound_modules = set()
        for target, taken, bound in imports(name, path, tree):
            if taken and taken.startswith("_") and not taken.startswith("__") and target.startswith("scorekeeper"):
                found.append(f"{name} imports {target}.{taken}")
            full = f"{target}.{taken}" if taken else target
            if full in modules:
                bound_modules.add(bound)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in bound_modules and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                found.append(f"{name} reads {node.value.id}.{node.attr}")
    return found


def registrations(modules: dict[str, tuple[Path, ast.Module]]) -> list[str]:
    """Every module but the registering ones that registers a template filter, global or context processor."""
    return [f"{name} registers {node.attr}" for name, (_, tree) in modules.items() if name not in REGISTERS
            for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr in REGISTRATIONS]


def test_the_walk_knows_every_blueprint_and_layer():
    """The walk finds the blueprints, their route modules and every layer, so the tests below are not empty."""
    modules = sources()
    blueprints = {blueprint_of(name, modules) for name in modules} - {None}
    assert blueprints == {"scorekeeper.games.api", "scorekeeper.games.pages", "scorekeeper.web.health",
                          "scorekeeper.games.pwa", "scorekeeper.tournaments.api", "scorekeeper.tournaments.pages",
                          "scorekeeper.groups.api", "scorekeeper.groups.pages",
                          "scorekeeper.nights.api", "scorekeeper.nights.pages"}
    assert blueprint_of("scorekeeper.games.pages.game", modules) == "scorekeeper.games.pages"
    assert blueprint_of("scorekeeper.games.service", modules) is None
    assert {layer(name) for name in modules} == {"app", "config", "extensions", "rules", "sheet", "web", *FEATURES}


# Each check, and what it must report when planted: an import of another blueprint's routes (crossings); an import
# of the web stack or of a higher layer (layer_breaks); an import of a private name, or a read of one off an imported
# module (private_reaches); a template filter registered on a feature's blueprint (registrations).
PLANTED = [
    (crossings, "scorekeeper.tournaments.api", "from ..games.api.routes import create_game\n"),
    (crossings, "scorekeeper.tournaments.pages", "from ..games.pages.game import render_game\n"),
    (crossings, "scorekeeper.games.pwa", "from .pages import share\n"),
    (crossings, "scorekeeper.tournaments.api", "from . import pages\n"),
    (crossings, "scorekeeper.games.json", "import scorekeeper.games.api.routes\n"),
    (layer_breaks, "scorekeeper.rules.scoring", "import flask\n"),
    (layer_breaks, "scorekeeper.rules.scoring", "from sqlalchemy import select\n"),
    (layer_breaks, "scorekeeper.rules.scoring", "from ..sheet import wording\n"),
    (layer_breaks, "scorekeeper.sheet.chart", "from flask import Response\n"),
    (layer_breaks, "scorekeeper.sheet.chart", "from ..web import http\n"),
    (layer_breaks, "scorekeeper.sheet.chart", "from scorekeeper.games.models import Game\n"),
    (layer_breaks, "scorekeeper.web.etags", "from scorekeeper.tournaments.models import Tournament\n"),
    (layer_breaks, "scorekeeper.web.http", "from ..games import service\n"),
    (layer_breaks, "scorekeeper.web.revisions", "from scorekeeper import templating\n"),
    (private_reaches, "scorekeeper.groups.service", "from ..games.service import _lock\n"),
    (private_reaches, "scorekeeper.groups.seasons", "from .service import _helper\n"),
    (private_reaches, "scorekeeper.groups.service", "from ..games import service as games\ngames._lock('x')\n"),
    (registrations, "scorekeeper.groups.pages", "@bp.app_template_filter()\ndef shout(text):\n    return text\n"),
]


@pytest.mark.parametrize(("check", "name", "source"), PLANTED,
                         ids=[f"{check.__name__}-{name}-{index}" for index, (check, name, _) in enumerate(PLANTED)])
def test_each_walk_catches_what_is_planted(check, name, source):
    """A planted import (or registration) in a module is reported by the check that forbids it."""
    modules = sources()
    modules[name] = (modules[name][0], ast.parse(source))
    assert check(modules)


def test_no_blueprint_imports_another_blueprints_routes():
    """Features share models, services and the plumbing, never each other's routes."""
    assert crossings(sources()) == []


def test_each_layer_imports_only_what_is_beneath_it():
    """rules/ and sheet/ are pure; web/ imports no feature."""
    assert layer_breaks(sources()) == []


def test_no_module_takes_another_modules_private_names():
    """What a module keeps private stays in it."""
    assert private_reaches(sources()) == []


def test_templates_helpers_are_registered_in_one_place_for_the_whole_app():
    """No blueprint registers a template filter, global or context processor of its own."""
    assert registrations(sources()) == []


def test_every_filter_a_template_uses_is_registered(app):
    """Every filter named in any template (a feature's, a shared partial) is in the app's environment."""
    environment = app.jinja_env
    missing = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        tree = environment.parse(path.read_text(encoding="utf-8"))
        missing += [f"{path.relative_to(TEMPLATES)} uses |{node.name}" for node in tree.find_all(nodes.Filter)
                    if node.name not in environment.filters]
    assert missing == []
    assert {"num", "signed", "average_bid"} <= set(environment.filters)


TEMPLATE_REFERENCE = re.compile(r"""{%-?\s*(?:extends|include|import|from)\s+["']([^"']+)["']""")


def template_crossings(templates: dict[str, str]) -> list[str]:
    """Every template of a feature that extends, includes or imports another feature's template."""
    found = []
    for name, text in templates.items():
        folder = name.split("/")[0]
        for used in TEMPLATE_REFERENCE.findall(text):
            if used.split("/")[0] not in (folder, "_shared"):
                found.append(f"{name} uses {used}")
    return found


def templates() -> dict[str, str]:
    """Every template, by its name, with its text."""
    return {path.relative_to(TEMPLATES).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(TEMPLATES.rglob("*.html"))}


def test_every_template_sits_in_a_feature_or_is_shared():
    """No template at the top of templates/: each is a feature's or shared."""
    assert {name.split("/")[0] for name in templates()} == {"_shared", *FEATURES}


def test_the_walk_catches_a_template_crossing():
    """A planted import of another feature's template is reported, and one of a shared template is not."""
    planted = {"groups/new.html": '{% from "tournaments/_form.html" import field %}',
               "nights/key.html": '{% from "_shared/_form.html" import field %}{% extends "_shared/base.html" %}'}
    assert template_crossings(planted) == ["groups/new.html uses tournaments/_form.html"]


def test_no_template_uses_another_features_templates():
    assert template_crossings(templates()) == []
