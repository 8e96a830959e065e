"""Where the tests find the project's files."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
VECTORS = TESTS / "vectors"
BROWSER = TESTS / "browser"  # the browser tests: the browser pass of .ci/run collects this folder alone
STATIC = ROOT / "static"
