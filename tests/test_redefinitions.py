"""No module of the app defines a top-level function or class twice: the second copy would silently replace the
first (ruff's F811 misses a function redefined when a later function body uses the name)."""

from __future__ import annotations

import ast
from collections import Counter

import pytest

from tests.support.paths import ROOT

MODULES = sorted(path for path in (ROOT / "scorekeeper").rglob("*.py") if "migrations" not in path.parts)


def twice(source: str) -> list[str]:
    """The top-level functions and classes that `source` defines more than once (an `if`/`else` pair apart)."""
    names = Counter(node.name for node in ast.parse(source).body
                    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef))
    return sorted(name for name, count in names.items() if count > 1)


def test_the_check_finds_a_function_defined_twice():
    source = "def live():\n    return 1\n\n\ndef page():\n    return live()\n\n\ndef live():\n    return 2\n"
    assert twice(source) == ["live"]
    assert twice("def live():\n    return 1\n\n\nclass Live:\n    pass\n") == []


@pytest.mark.parametrize("path", MODULES, ids=[str(path.relative_to(ROOT)) for path in MODULES])
def test_no_module_defines_a_name_twice(path):
    assert twice(path.read_text(encoding="utf-8")) == [], path
