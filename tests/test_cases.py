"""Broken-input cases as data: tests/data/cases/*.yaml and tests/data/<game>/cases/*.yaml.

A case either replaces a whole file (`# replaces: PATH`, the rest of the case
is the new file) or patches one (`# patch: PATH`, `# find:`, `# replace:`).
`# expect:` lines give the exact diagnostic; `# expect-near-replacement:`
gives the diagnostic without its position, which must be on the patched
line or the few lines before it (the start of the YAML value holding it).
"""
import pytest
from cases import CASES, apply_case, parse_case
from helpers import private_copy, root_of
from typer.testing import CliRunner

from pnp.cli import app


@pytest.mark.parametrize("game_id,case_path", CASES, ids=[f"{g}/{p.stem}" for g, p in CASES])
def test_case_reports_its_diagnostic(game_id, case_path, tmp_path, monkeypatch):
    project = private_copy(root_of(game_id), tmp_path, monkeypatch)
    case = parse_case(case_path)
    patched_line = apply_case(case, project)
    result = CliRunner().invoke(app, ["validate", *_games_it_can_break(case, game_id)])
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


def _games_it_can_break(case: dict, game_id: str) -> list[str]:
    """A case that edits only its game's own files (content/GAME/, layouts/GAME/) can break no other game: that
    game alone is validated (a real project holds five). Any other file may be read by every game: all of them."""
    edited = case.get("patch") or case["replaces"]
    return [game_id] if edited.startswith((f"content/{game_id}/", f"layouts/{game_id}/")) else []


def test_every_case_expects_something():
    for _, path in CASES:
        case = parse_case(path)
        assert case["expect"] or case["near"], path.name


def test_all_problems_reported_at_once(fixture_project):
    deck = fixture_project / "content/pocket-dungeon/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("kind: hero\n    cost: 2", "kind: hero\n    colour: red\n    cost: 2", 1)
                    .replace("{DRAW: 2}", "{DRAW: 7}"))
    rules = fixture_project / "content/pocket-dungeon/rules.yaml"
    rules.write_text(rules.read_text().replace("{card:hero-ranger}", "{card:hero-rangr}"))
    result = CliRunner().invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 1
    codes = {line.split("[")[1].split("]")[0] for line in result.output.splitlines() if " error [" in line}
    assert {"unknown-key", "broken-link", "effect"} <= codes
    assert "error(s)" in result.output.splitlines()[-1]


def test_a_misspelt_card_kind_is_one_error_at_the_kind(fixture_project):
    """The kind picks the card's face and (under backs: kinds:) its back: a typo is reported once, at the card's kind,
    with the kind it was likely meant to be; not again as a missing back, nor as the layout naming a kind no card has."""
    manifest = fixture_project / "content/pocket-dungeon/game.yaml"
    manifest.write_text(manifest.read_text().replace("    composition: {room: 6, trap: 2}\n", ""))  # nothing counts kinds
    rooms = fixture_project / "content/pocket-dungeon/decks/rooms.yaml"
    rooms.write_text(rooms.read_text().replace("kind: trap\n", "kind: trapp\n"))
    result = CliRunner().invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "content/pocket-dungeon/decks/rooms.yaml:48:11: error [no-layout] no face template for card kind 'trapp' in "
        "layouts/pocket-dungeon/cards.yaml; did you mean 'trap'?",
        "1 error(s), 0 warning(s)"]


def test_a_kind_misspelt_in_a_deck_with_a_composition_is_one_error_at_the_kind(fixture_project):
    """Where game.yaml counts the deck's kinds, the misspelt kind is said once, at the card, with the kind of the
    composition meant; the kind it was meant to be is not also reported short, nor the face template missing."""
    rooms = fixture_project / "content/pocket-dungeon/decks/rooms.yaml"
    rooms.write_text(rooms.read_text().replace("kind: trap\n", "kind: trapp\n", 1))
    result = CliRunner().invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "content/pocket-dungeon/decks/rooms.yaml:48:11: error [composition] card kind 'trapp' is not one of deck "
        "'rooms''s kinds (its composition in game.yaml); did you mean 'trap'?",
        "1 error(s), 0 warning(s)"]
