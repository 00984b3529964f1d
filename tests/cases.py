"""Reading and applying the broken-input cases (see test_cases.py).

Cases of one game live in tests/data/<game>/cases/ and run on the project that
holds that game; cases of the common layouts live in tests/data/cases/ and run
on the fixture project.
"""
import json
from pathlib import Path

from helpers import DATA, FIXTURE_GAME, GAMES, own_copy


def _cases() -> list[tuple[str, Path]]:
    found = [(FIXTURE_GAME, path) for path in sorted((DATA / "cases").glob("*.yaml"))]
    for game_id in GAMES:
        found += [(game_id, path) for path in sorted((DATA / game_id / "cases").glob("*.yaml"))]
    return found


CASES = _cases()  # (the game whose project the case runs on, case file)


def case_named(name: str, game_id: str | None = None) -> Path:
    return next(path for game, path in CASES if path.stem == name and game_id in (None, game))


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
        (root / case["replaces"]).parent.mkdir(parents=True, exist_ok=True)  # a project's own layouts/common file
        (root / case["replaces"]).write_text(case["text"])
        return None
    target = own_copy(root, case["patch"])
    text = target.read_text()
    assert case["find"] in text, f"{case['find']!r} not found in {case['patch']}: update the case"
    index = text.index(case["find"])
    target.write_text(text.replace(case["find"], case["replace"], -1 if case.get("replace-all") == "yes" else 1))
    return text[:index].count("\n") + 1 + case["find"][: len(case["find"]) - len(case["find"].lstrip("\n"))].count("\n")
