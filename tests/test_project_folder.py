"""A project folder of a designer's own: pnp's packaged defaults, a project's overrides of them, finding
the project from a folder inside it, and the starter games of `pnp init` and `pnp new`."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from helpers import FIXTURE_GAME
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content.discovery import find_root
from pnp.defaults import packaged
from pnp.layout import load_print_setup
from pnp.layout.cards import load_card_sizes

runner = CliRunner()


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


# -- pnp's defaults and a project's overrides --------------------------------------------------------

def test_a_project_without_common_layouts_uses_the_packaged_ones(fixture_project):
    assert not (fixture_project / "layouts/common").exists()
    setup, problems = load_print_setup(fixture_project / "layouts")
    assert problems == [] and set(setup.vendors) == {"drivethrucards", "thegamecrafter", "makeplayingcards", "printninja",
                                                     "metric-poker", "front-then-back"}
    assert set(setup.home) == {"a4", "letter"}


def test_a_common_file_that_extends_the_default_changes_only_what_it_names(fixture_project):
    _write(fixture_project / "layouts/common/paper.yaml", "extends: default\nvendors:\n  drivethrucards: null\n"
           "  my-printer: {order: [front, back], note: the shop down the road}\n")
    setup, problems = load_print_setup(fixture_project / "layouts")
    assert problems == []
    assert set(setup.vendors) == {"thegamecrafter", "makeplayingcards", "printninja", "metric-poker", "front-then-back",
                                  "my-printer"}  # one removed, one added, the rest kept
    assert set(setup.home) == {"a4", "letter"} and set(setup.papers) == {"a4", "letter"}
    result = runner.invoke(app, ["build", FIXTURE_GAME])
    assert result.exit_code == 0, result.output
    vendors = {p.name.split("-", 1)[1] for p in (fixture_project / f"output/{FIXTURE_GAME}/print-on-demand").iterdir()}
    assert vendors == {"front-then-back.pdf", "my-printer.pdf", "metric-poker.pdf", "dungeon-printninja.pdf"}


def test_a_card_size_added_over_the_defaults_keeps_the_packaged_sizes(fixture_project):
    _write(fixture_project / "layouts/common/cards.yaml",
           "extends: default\ncard_sizes:\n  coaster: {width: 90mm, height: 90mm, bleed: 3mm, safe: 4mm}\n")
    sizes, problems = load_card_sizes(fixture_project / "layouts")
    assert problems == [] and {"poker", "bridge", "coaster"} <= set(sizes)
    assert round(sizes["coaster"].width / 72 * 25.4, 3) == 90


def test_a_common_file_without_extends_replaces_the_default_whole(fixture_project):
    default = (packaged() / "layouts/common/paper.yaml").read_text()
    own = default.replace("  letter: {paper: letter, duplex: long, back_offset: [0mm, 0mm], "
                          "mark_gap: 0.3mm, mark_length: 6mm, edge: 3mm}\n", "")
    assert own != default
    _write(fixture_project / "layouts/common/paper.yaml", own)
    setup, _ = load_print_setup(fixture_project / "layouts")
    assert set(setup.home) == {"a4"}


def test_errors_in_an_override_point_at_the_project_file(fixture_project):
    _write(fixture_project / "layouts/common/paper.yaml", "extends: default\nvendors:\n  cheap: {order: [sideways]}\n")
    result = runner.invoke(app, ["validate", FIXTURE_GAME])
    assert result.exit_code == 1
    assert re.search(r"layouts/common/paper\.yaml:3:\d+: error", result.output), result.output


def test_extends_names_only_the_default(fixture_project):
    _write(fixture_project / "layouts/common/cards.yaml", "# sizes\nextends: somewhere-else\ncard_sizes: {}\n")
    result = runner.invoke(app, ["validate", FIXTURE_GAME])
    assert result.exit_code == 1
    assert "layouts/common/cards.yaml:2:10: error [extends] a common layout file extends only 'default'" in result.output


def test_a_project_template_replaces_the_default_and_can_build_on_it(fixture_project):
    _write(fixture_project / "layouts/templates/rules.md.j2",
           '{% include "default/rules.md.j2" %}\nPrinted at the Pocket Dungeon workshop.\n')
    result = runner.invoke(app, ["rules", FIXTURE_GAME, "--format", "md"])
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith("Printed at the Pocket Dungeon workshop.")
    assert "## Contents" in result.output  # pnp's own template, included


# -- finding the project --------------------------------------------------------------------------------

def test_the_project_is_found_from_a_folder_inside_it(fixture_project, monkeypatch):
    inside = fixture_project / "content" / FIXTURE_GAME / "decks"
    monkeypatch.chdir(inside)
    assert find_root(Path(".")).resolve() == fixture_project.resolve()
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0 and f"ok: {FIXTURE_GAME} valid" in result.output
    result = runner.invoke(app, ["build", FIXTURE_GAME])
    assert result.exit_code == 0, result.output
    assert (fixture_project / "output" / FIXTURE_GAME / "home-a4").is_dir()  # the project's output/, not the deck folder's
    assert not (inside / "output").exists()


def test_outside_any_project_the_working_folder_is_the_project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert find_root(Path(".")) == Path(".")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 2 and "no games in content" in result.output


def test_version():
    from pnp import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"pnp {__version__}"


# -- pnp init and pnp new ---------------------------------------------------------------------------------

def _schema_lines_resolve(project: Path) -> list[str]:
    """Every `$schema=` comment of a YAML file in the project names a file that exists."""
    broken = []
    for path in [*(project / "content").rglob("*.yaml"), *(project / "layouts").rglob("*.yaml")]:
        first = path.read_text().splitlines()[0]
        match = re.match(r"# yaml-language-server: \$schema=(\S+)", first)
        if not match or not (path.parent / match.group(1)).resolve().is_file():
            broken.append(f"{path.relative_to(project)}: {first}")
    return broken


@pytest.mark.parametrize("kind,sheet", [("deck", None), ("sheet", "score-sheet"), ("playmat", "playmat")])
def test_a_new_game_of_each_kind_validates_and_builds_at_once(tmp_path, monkeypatch, kind, sheet):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["init", "studio", "--game", "first-light", "--kind", kind])
    assert result.exit_code == 0, result.output
    project = tmp_path / "studio"
    monkeypatch.chdir(project)
    assert _schema_lines_resolve(project) == []
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0 and "ok: first-light valid" in result.output and "warning" not in result.output, result.output
    result = runner.invoke(app, ["build"])
    assert result.exit_code == 0, result.output
    out = project / "output/first-light"
    assert len(PdfReader(out / "home-letter/market.pdf").pages) == 4
    if sheet:
        assert any(p.name.startswith(sheet) for p in (out / "sheets").iterdir())
    manifest = yaml.safe_load((project / "content/first-light/game.yaml").read_text())
    assert manifest["title"] == "First Light" and "plugin" not in manifest
    assert (project / ".gitignore").read_text() == "output/\n"


def test_the_starter_uses_text_an_emblem_an_image_and_an_icon(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init", "."]).exit_code == 0
    layout = yaml.safe_load(Path("layouts/my-game/cards.yaml").read_text())
    boxes = layout["templates"]["front"]["boxes"]
    assert {"text", "art"} <= {box["type"] for box in boxes.values()}
    cards = yaml.safe_load(Path("content/my-game/decks/market.yaml").read_text())["cards"]
    assert any(card.get("art", "").endswith(".png") for card in cards)  # an image
    assert any(card.get("art") == "star" for card in cards)  # an emblem every game has
    assert any("{coin}" in card["text"] for card in cards)  # an inline icon
    rules = yaml.safe_load(Path("content/my-game/rules.yaml").read_text())
    assert "Clarifications" in [section["title"] for section in rules["sections"]]
    # a game without a Python package has no engine to play it
    result = runner.invoke(app, ["playtest", "my-game"])
    assert result.exit_code == 2 and "has no engine" in result.output


def test_new_never_writes_over_a_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init", "."]).exit_code == 0
    before = Path("content/my-game/game.yaml").read_text()
    result = runner.invoke(app, ["new", "my-game"])
    assert result.exit_code == 2 and "exists already" in result.output
    assert Path("content/my-game/game.yaml").read_text() == before
    result = runner.invoke(app, ["init", "."])
    assert result.exit_code == 2 and "is a pnp project already" in result.output
    for bad in ("My Game", "../escape", "game_one"):
        result = runner.invoke(app, ["new", bad])
        assert result.exit_code == 2 and "cannot be a game id" in result.output, bad
    assert sorted(p.name for p in Path("content").iterdir()) == ["my-game"]
    assert not list(Path(".").glob(".pnp-new-*"))  # no staging folder left behind


def test_new_adds_a_game_next_to_others(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init", ".", "--game", "alpha"]).exit_code == 0
    result = runner.invoke(app, ["new", "beta", "--kind", "sheet"])
    assert result.exit_code == 0, result.output
    assert Path("schemas/beta/sheet.schema.json").is_file() and Path("schemas/alpha/deck.schema.json").is_file()
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0 and "ok: alpha, beta valid" in result.output


def test_pnp_schema_never_writes_through_links_or_over_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init", "."]).exit_code == 0
    outside = tmp_path.parent / f"{tmp_path.name}-outside.json"
    outside.write_text("the user's own file\n")
    target = Path("schemas/manifest.schema.json")
    target.unlink()
    target.symlink_to(outside)  # a link left in schemas/, pointing out of the project
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0, result.output
    assert outside.read_text() == "the user's own file\n"
    assert not target.is_symlink() and '"title": "Manifest"' in target.read_text()
    Path("notes.txt").write_text("mine\n")
    for out in ("notes.txt", "/dev/null"):
        result = runner.invoke(app, ["schema", "--out", out])
        assert result.exit_code == 2 and "error:" in result.output, (out, result.output)
    assert Path("notes.txt").read_text() == "mine\n"
