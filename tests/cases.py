"""Reading and applying the broken-input cases in tests/data/cases/ (see test_cases.py)."""
import json
from pathlib import Path

CASES = sorted((Path(__file__).parent / "data" / "cases").glob("*.yaml"))


def case_named(name: str) -> Path:
    return next(c for c in CASES if c.stem == name)


def parse_case(path: Path) -> dict:
    case = {"expect": [], "near": [], "body": [], "text": path.read_text()}
    for line in case["text"].splitlines(keepends=True):
        if line.startswith("# ") and ":" in line and not case["body"]:
            key, _, value = line[2:].partition(": ")
            value = value.rstrip("\n")
            if key == "expect":
                case["expect"].append(value)
            elif key == "expect-near-replacement":
                case["near"].append(value)
            else:
                case[key] = json.loads(value) if value.startswith('"') else value
        else:
            case["body"].append(line)
    return case


def apply_case(case: dict, root: Path) -> int | None:
    """Write the broken input; return the line of the patched text, if a patch."""
    if "replaces" in case:  # the whole case file, comments included, so line numbers match it
        (root / case["replaces"]).write_text(case["text"])
        return None
    target = root / case["patch"]
    text = target.read_text()
    assert case["find"] in text, f"{case['find']!r} not found in {case['patch']}: update the case"
    index = text.index(case["find"])
    target.write_text(text.replace(case["find"], case["replace"], -1 if case.get("replace-all") == "yes" else 1))
    return text[:index].count("\n") + 1 + case["find"][: len(case["find"]) - len(case["find"].lstrip("\n"))].count("\n")
