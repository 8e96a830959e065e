"""docs/rules.md and docs/api.md keep up with the code: presets, options, routes and cited vector cases."""

import dataclasses
import json
import re

import pytest

from scorekeeper.rules import PRESETS, Moon, Rules
from scorekeeper.rules.catalogue import ENDS, MOON_FAILURE, MOON_SUCCESS, SCHEMES
from tests.support.paths import ROOT, VECTORS

DOCS = ROOT / "docs"
# A cited case: `ten-point.json`: "ten-point worked example 1: ...", possibly wrapped over lines.
CITATION = re.compile(r'`([\w-]+\.json)`: "([^"]+)"')
PLACEHOLDER = re.compile(r"<[^>]*>")


def flat(text: str) -> str:
    """The text with every run of whitespace made one space, so wrapped lines read as one."""
    return " ".join(text.split())


def read(name: str) -> str:
    """A file of docs/, whitespace flattened."""
    return flat((DOCS / name).read_text(encoding="utf-8"))


def vector_names() -> dict[str, set[str]]:
    """The case names of every vector file, by file name."""
    return {
        path.name: {flat(case["name"]) for case in json.loads(path.read_text(encoding="utf-8"))["cases"]}
        for path in sorted(VECTORS.glob("*.json"))
    }


def option_words() -> list[str]:
    """Every preset id, option name, option value word and moon key the engine knows."""
    words = list(PRESETS)
    words += [field.name for field in dataclasses.fields(Rules) if field.metadata.get("option", True)]
    words += [field.name for field in dataclasses.fields(Moon)]
    words += [*ENDS, *MOON_SUCCESS, *MOON_FAILURE, *SCHEMES]
    for scheme in SCHEMES.values():
        words += list(scheme)
    return words


def code_words(text: str) -> set[str]:
    """The words written as code (between backticks) in `text`."""
    return set(re.findall(r"[\w-]+", " ".join(re.findall(r"`([^`]+)`", text))))


@pytest.mark.parametrize("word", option_words())
def test_rules_doc_names_every_preset_option_and_value(word):
    """docs/rules.md names each preset, option and option value as code."""
    assert word in code_words(read("rules.md"))


def test_rules_doc_cites_worked_examples():
    """The worked examples cite vector cases (the check below would pass on none)."""
    assert len(CITATION.findall(read("rules.md"))) >= 9


@pytest.mark.parametrize("file, name", CITATION.findall(read("rules.md")))
def test_every_cited_vector_case_exists(file, name):
    """A case named in docs/rules.md is a case of that vector file."""
    names = vector_names()
    assert file in names, f"{file} is not a vector file"
    assert name in names[file], f'{file} has no case "{name}"'


def api_routes(app) -> list[str]:
    """Each registered route under /api/ as `METHOD /path`, placeholders blanked."""
    routes = []
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            routes.append(f"{method} {PLACEHOLDER.sub('<>', rule.rule)}")
    return routes


def test_every_api_route_is_described(app):
    """Every /api/ route the app registers appears in docs/api.md or a docs/api-*.md (tournaments, groups, nights)."""
    texts = [read(name) for name in ("api.md", "api-tournaments.md", "api-groups.md", "api-nights.md")]
    described = PLACEHOLDER.sub("<>", " ".join(texts))
    routes = api_routes(app)
    assert len(routes) >= 7
    missing = [route for route in routes if route not in described]
    assert not missing, f"not described in docs/: {missing}"


def test_health_check_is_described():
    """The health check outside /api/ is in docs/api.md too."""
    assert "GET /healthz" in read("api.md")
