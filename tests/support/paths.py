"""Where the tests find the project's files."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
VECTORS = TESTS / "vectors"
STATIC = ROOT / "static"
