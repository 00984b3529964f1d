"""Broken-input cases as data: tests/data/cases/*.yaml.

A case either replaces a whole file (`# replaces: PATH`, the rest of the case
is the new file) or patches one (`# patch: PATH`, `# find:`, `# replace:`).
`# expect:` lines give the exact diagnostic; `# expect-near-replacement:`
gives the diagnostic without its position, which must be on the patched
line or the few lines before it (the start of the YAML value holding it).
"""
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app

CASES = sorted((Path(__file__).parent / "data" / "cases").glob("*.yaml"))


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
    target.write_text(text.replace(case["find"], case["replace"], 1))
    return text[:index].count("\n") + 1 + case["find"][: len(case["find"]) - len(case["find"].lstrip("\n"))].count("\n")


@pytest.mark.parametrize("case_path", CASES, ids=[c.stem for c in CASES])
def test_case_reports_its_diagnostic(case_path, project):
    case = parse_case(case_path)
    patched_line = apply_case(case, project)
    result = CliRunner().invoke(app, ["validate", "escape-master"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    for expected in case["expect"]:
        assert expected in lines, f"missing:\n{expected}\ngot:\n{result.output}"
    for expected in case["near"]:
        path = case["patch"]
        found = [line for line in lines if line.startswith(path + ":") and line.endswith(expected)]
        assert found, f"missing:\n{path}:?:?: {expected}\ngot:\n{result.output}"
        line_no = int(found[0].split(":")[1])
        assert patched_line - 5 <= line_no <= patched_line, (found[0], patched_line)


def test_every_case_expects_something():
    for path in CASES:
        case = parse_case(path)
        assert case["expect"] or case["near"], path.name


def test_all_problems_reported_at_once(project):
    deck = project / "content/escape-master/decks/quick-guide.yaml"
    deck.write_text(deck.read_text().replace("kind: quick_guide", "kind: quick_guide\n    colour: red")
                    .replace("art: lantern", "art: lanturn"))
    rules = project / "content/escape-master/rules.yaml"
    rules.write_text(rules.read_text().replace("{card:dead-end} on any", "{card:nothing} on any"))
    result = CliRunner().invoke(app, ["validate", "escape-master"])
    assert result.exit_code == 1
    codes = {line.split("[")[1].split("]")[0] for line in result.output.splitlines() if " error [" in line}
    assert {"unknown-key", "broken-link"} <= codes
    assert "error(s)" in result.output.splitlines()[-1]
