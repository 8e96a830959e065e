"""Layers that do not cross: no module of scorekeeper/ imports another blueprint's routes, pages or API.

Blueprints share what they need through modules of their own (games, keys, http,
links, game_json, wording, assets); only create_app imports every blueprint.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).parent
SKIPPED = ("migrations",)


def module_name(path: Path) -> str:
    """scorekeeper/pages/game.py -> scorekeeper.pages.game; a package's __init__ is the package."""
    parts = ["scorekeeper", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources() -> dict[str, tuple[Path, ast.Module]]:
    """Every module of the package (the migrations aside), parsed."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if not any(part in SKIPPED for part in path.relative_to(PACKAGE).parts):
            found[module_name(path)] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return found


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


def imported(name: str, path: Path, tree: ast.Module, known: set[str]) -> set[str]:
    """The modules of the package that `name` imports (a name imported from a package counts if it is a module)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return {module for module in found if module in known}


def crossings(modules: dict[str, tuple[Path, ast.Module]]) -> list[str]:
    """Every import of a route module of another blueprint, but create_app's."""
    routes = {name for name, (_, tree) in modules.items()
              if blueprint_of(name, modules) and (makes_blueprint(tree) or uses_blueprint(tree))}
    found = []
    for name, (path, tree) in modules.items():
        if name == "scorekeeper":
            continue  # create_app registers every blueprint
        for target in imported(name, path, tree, set(modules)):
            if target in routes and blueprint_of(target, modules) != blueprint_of(name, modules):
                found.append(f"{name} imports {target}")
    return found


def test_the_walk_knows_every_blueprint():
    """The walk finds the blueprints and their route modules, so the next test is not empty."""
    modules = sources()
    blueprints = {blueprint_of(name, modules) for name in modules} - {None}
    assert blueprints == {"scorekeeper.api", "scorekeeper.pages", "scorekeeper.health", "scorekeeper.pwa",
                          "scorekeeper.tournaments.api", "scorekeeper.tournaments.pages",
                          "scorekeeper.groups.api", "scorekeeper.groups.pages",
                          "scorekeeper.nights.api", "scorekeeper.nights.pages"}
    assert blueprint_of("scorekeeper.pages.game", modules) == "scorekeeper.pages"
    assert blueprint_of("scorekeeper.games", modules) is None


@pytest.mark.parametrize(("name", "source"), [
    ("scorekeeper.tournaments.api", "from ..api.routes import create_game\n"),
    ("scorekeeper.tournaments.pages", "from ..pages.game import render_game\n"),
    ("scorekeeper.pwa", "from .pages import share\n"),
    ("scorekeeper.tournaments.api", "from . import pages\n"),
    ("scorekeeper.game_json", "import scorekeeper.api.routes\n"),
])
def test_the_walk_catches_a_crossing(name, source):
    """A planted import of another blueprint's routes is reported."""
    modules = sources()
    path = modules[name][0]
    modules[name] = (path, ast.parse(source))
    assert crossings(modules)


def test_no_blueprint_imports_another_blueprints_routes():
    """Pages, API, tournaments and the installable app share modules, never each other's routes."""
    assert crossings(sources()) == []
