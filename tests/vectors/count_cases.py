"""Count the vector cases per preset (and per file): python tests/vectors/count_cases.py"""

import json
from collections import Counter
from pathlib import Path

FOLDER = Path(__file__).parent


def main() -> None:
    """Print the cases per preset, scored and refused, and per file."""
    by_preset, by_file = Counter(), Counter()
    for path in sorted(FOLDER.glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            kind = "expect" if "expect" in case else "error"
            by_preset[case["variant"], kind] += 1
            by_file[path.name] += 1
    variants = sorted({variant for variant, _ in by_preset})
    print(f"{'preset':<18}{'scored':>8}{'refused':>9}{'total':>7}")
    for variant in variants:
        scored, refused = by_preset[variant, "expect"], by_preset[variant, "error"]
        print(f"{variant:<18}{scored:>8}{refused:>9}{scored + refused:>7}")
    print(f"{'all':<18}{sum(by_file.values()):>24}")
    for name, count in by_file.items():
        print(f"  {name}: {count}")


if __name__ == "__main__":
    main()
