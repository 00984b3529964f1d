"""What every game must do, run over every game found (the fixture game included).

A new game needs no change here: its content folder makes it one of GAMES,
and its golden playthroughs (if it has an engine) live in tests/data/<game>/golden/.
Golden files are refreshed, after a deliberate rules change, with PNP_UPDATE_GOLDEN=1.
"""
import json
import os

import pytest
from helpers import DATA, GAMES, committed_root, digest, root_of, validated
from pypdf import PdfReader

from pnp.content.words import say
from pnp.engine import playtest as harness
from pnp.engine.runner import game_seed


def with_engine(game_id: str):
    project = validated(game_id)
    if not project.game.plugin.has_engine:
        pytest.skip(f"{game_id} has no engine")
    return project, project.game.plugin.playtest_plan()


@pytest.mark.parametrize("game_id", GAMES)
def test_validates_clean(game_id):
    from pnp.checks.validate import validate

    _, report = validate(root_of(game_id), game_id)
    assert report.diagnostics == [], report.to_text()


@pytest.fixture
def builds(built_game):
    """Each game built once per session (lazily, shared with other modules), for the tests that read its files."""
    return built_game


@pytest.mark.parametrize("game_id", GAMES)
def test_builds_twice_byte_identically(game_id, builds, tmp_path):
    from pnp.build.game import BuildTarget, build

    first = builds(game_id)
    build(BuildTarget(root_of(game_id), game_id, tmp_path))
    assert digest(tmp_path / game_id) == digest(first)
    assert not list(first.parent.rglob(".staging-*"))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_pdf_embeds_every_font(game_id, builds):
    for pdf in sorted(builds(game_id).rglob("*.pdf")):
        fonts = fonts_of(PdfReader(pdf))
        assert fonts, pdf
        for font in fonts:
            descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            assert "/FontFile2" in descriptor.get_object(), f"{pdf}: {font['/BaseFont']} not embedded"


def fonts_of(reader: PdfReader) -> list[dict]:
    found = []
    for page in reader.pages[:3]:
        stack = [page.get("/Resources") or {}]
        while stack:
            resources = stack.pop()
            for font in (resources.get("/Font") or {}).values():
                found.append(font.get_object())
            for xobject in (resources.get("/XObject") or {}).values():
                xobject = xobject.get_object()
                if "/Resources" in xobject:
                    stack.append(xobject["/Resources"])
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_exports_hold_only_what_the_game_has(game_id, builds):
    """A game without cards has no card reference; a game without difficulty colours no legend."""
    project = validated(game_id)
    rules = builds(game_id) / "rules"
    markdown, html = (rules / "rules.md").read_text(), (rules / "rules.html").read_text()
    assert ("Card reference" in markdown) == bool(project.game.decks) == ("Card reference" in html)
    assert ("Difficulty colours" in markdown) == bool(project.game.manifest.difficulty_levels)
    for level, meaning in project.game.manifest.difficulty_levels.items():  # each level as the game names it
        assert f"{say(project.game, level.value)} ({meaning})" in markdown
    outline = [item.title for item in PdfReader(rules / "rulebook-a4.pdf").outline if not isinstance(item, list)]
    assert "Glossary" in outline and ("Card reference" in outline) == bool(project.game.decks)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_playtest_witnesses_every_element(game_id, default_playtest):
    with_engine(game_id)
    code, output, folder = default_playtest(game_id)  # harness.run(plan, game) through `pnp playtest GAME`, played once
    assert code == 0, output[-3000:]  # exit 0: the report is ok
    data = json.loads((folder / "report.json").read_text())
    assert data["ok"] and all(data["first_seen"][key] for key in data["elements"] if key not in data["excused"])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_shows_where_an_element_was_first_witnessed(game_id, default_playtest):
    """The report names the game (seed) and round where each element first happened; replaying that
    game shows the element resolving in that round (the rarest element of the game's default playtest)."""
    project, plan = with_engine(game_id)
    report = json.loads((default_playtest(game_id)[2] / "report.json").read_text())  # harness.run(plan, game)'s
    key = min((k for k in report["elements"] if report["first_seen"][k]), key=lambda k: report["elements"][k])
    seed, round_ = report["first_seen"][key]
    lines = harness.replay_game(plan, project.game, seed)
    assert lines[0].startswith(f"seed {seed}: ") and lines[-1].startswith("result: scores")
    first = next(line for line in lines[1:-1] if key in line.partition("->")[2].strip().split(", "))
    assert int(first.split()[0]) == round_


@pytest.mark.parametrize("game_id", GAMES)
def test_golden_playthroughs(game_id):
    """Seeded games of the playtest, told move by move, stored as text: a rules change shows as a diff."""
    project, plan = with_engine(game_id)
    folder = DATA / game_id / "golden"
    files = sorted(folder.glob("seed-*.txt"))
    updating = bool(os.environ.get("PNP_UPDATE_GOLDEN"))
    if not files and updating:
        files = [folder / f"seed-{game_seed(1, 0)}.txt"]
    assert files, f"{game_id} has an engine but no golden playthrough: run PNP_UPDATE_GOLDEN=1 make test"
    for path in files:
        trace = "\n".join(harness.replay_game(plan, project.game, int(path.stem.removeprefix("seed-")))) + "\n"
        if updating:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(trace)
        assert trace == path.read_text(), f"{path.name} changed; if the rules change was deliberate, refresh with PNP_UPDATE_GOLDEN=1"


@pytest.mark.parametrize("game_id", GAMES)
def test_committed_schemas_are_current(game_id):
    from pnp.content.schemas import game_schemas, render

    schemas = game_schemas(validated(game_id).game)
    assert schemas
    for name, schema in schemas.items():
        path = committed_root(game_id) / "schemas" / name
        assert path.exists() and path.read_text() == render(schema), f"run `pnp schema` to refresh {name}"
