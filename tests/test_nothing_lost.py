"""Nothing lost quietly: what does not fit or fails is a diagnostic at the line behind it, and a write that fails
(a full disk) leaves what was there before exactly as it was (issue 17, class 6)."""
import errno
from pathlib import Path

import pytest
from helpers import FIXTURE_GAME, digest
from typer.testing import CliRunner

import pnp.rules.templating
from pnp.checks.validate import validate
from pnp.cli import app

runner = CliRunner()
GAME = FIXTURE_GAME
TEMPLATE = "layouts/templates/rules.md.j2"


def _disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


# -- templates: the sandbox holds, and what breaks it is reported at the template's line --------------------------


@pytest.mark.parametrize("line, message", [
    ("{{ ''.__class__.__mro__ }}", "SecurityError: access to attribute '__class__' of 'str' object is unsafe."),
    ("{{ cycler.__init__.__globals__ }}", "SecurityError: access to attribute '__init__'"),
    ("{{ ref.game.__class__ }}", "SecurityError: access to attribute"),
    ("{{ self._TemplateReference__context }}", "SecurityError: access to attribute '_TemplateReference__context'"),
    ("{{ '{0.__class__}'.format(1) }}", "SecurityError: access to attribute '__class__' of 'int' object is unsafe."),
    ("{% for x in range(10**9) %}{% endfor %}", "SecurityError: a template may not pass a number over a million"),
    ("{% for x in range(999999) %}{% endfor %}", "OverflowError: Range too big."),
    ("{{ 'x' * 1000000000 }}", "SecurityError: a template may not repeat a value more than a million times"),
    ("{{ ('x' * 1000000) * 1000 }}", "SecurityError: a template may not build a value of more than a million items"),
    ("{{ 'x'.ljust(10**9) }}", "SecurityError: a template may not pass a number over a million to a function"),
    ("{{ lipsum(10**8) }}", "SecurityError: a template may not pass a number over a million to a function"),
    ("{{ 'x' | center(999999999) }}", "MemoryError: it needs more memory than a rules reference ever does"),
    ("{{ '%0999999999d' % 1 }}", "MemoryError: it needs more memory than a rules reference ever does"),
    ("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", "RecursionError: maximum recursion depth exceeded"),
    ("{{ [1][5] }}", "UndefinedError"),
    # the objects behind the reference: the game's folder is a Path, whose methods read and write any file
    ("{{ ref.game.root.joinpath('/etc/hostname').read_text() }}", "SecurityError: access to attribute 'game' of 'Reference'"),
    ("{% for r in decks[0].cards %}{{ r.source.path }}{% endfor %}", "SecurityError: access to attribute 'source' of 'CardRecord'"),
    ("{{ decks[0].cards[0].card.model_validate({}) }}", "SecurityError: access to attribute 'model_validate' of 'PocketDungeonCard'"),
    ("{{ ref.glossary[0].__init__ }}", "SecurityError: access to attribute '__init__'"),
])
def test_a_template_that_pries_or_overreaches_is_reported_at_its_line(fixture_project, line, message):
    template = fixture_project / TEMPLATE
    template.parent.mkdir(parents=True)
    template.write_text("# {{ ref.title }}\n\n" + line + "\n")
    _, report = validate(fixture_project, GAME)
    shown = [d.format() for d in report.errors]
    assert len(shown) == 1 and shown[0].startswith(f"{TEMPLATE}:3:1: error [template] {message}"), shown


def test_pnp_rules_says_what_the_sandbox_refused_on_stderr_never_inside_the_export(fixture_project):
    """`pnp rules GAME > rules.md`: the diagnostic is for the terminal; the redirected export stays empty."""
    template = fixture_project / TEMPLATE
    template.parent.mkdir(parents=True)
    template.write_text("# {{ ref.title }}\n\n{{ ''.__class__.__mro__ }}\n")
    result = runner.invoke(app, ["rules", GAME, "--format", "md"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"{TEMPLATE}:3:1: error [template] SecurityError" in result.stderr


def test_export_deck_says_why_it_wrote_nothing_on_stderr_never_inside_the_export(fixture_project):
    deck = fixture_project / "content" / GAME / "decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("text: Treasures cost you 1 coin less.", "text: [1, 2]", 1))
    result = runner.invoke(app, ["export-deck", GAME, "heroes", "--format", "csv"])
    assert result.exit_code == 1
    assert result.stdout == "" and "error [type]" in result.stderr, (result.stdout, result.stderr)


def test_a_template_that_runs_too_long_is_stopped_and_reported(fixture_project, monkeypatch):
    monkeypatch.setattr(pnp.rules.templating, "RENDER_SECONDS", 0.2)  # the bound itself; nothing here is timed
    template = fixture_project / TEMPLATE
    template.parent.mkdir(parents=True)
    template.write_text("a\nb\n{% for x in range(100000) %}{% for y in range(100000) %}{% endfor %}{% endfor %}\n")
    _, report = validate(fixture_project, GAME)
    shown = [d.format() for d in report.errors]
    assert shown == [f"{TEMPLATE}:3:1: error [template] TemplateTooCostly: the template ran for more than 0.2 s; it "
                     "has a loop too many; fix the template"]


def test_a_template_that_writes_control_characters_is_an_error(fixture_project):
    template = fixture_project / TEMPLATE
    template.parent.mkdir(parents=True)
    template.write_text("# {{ ref.title }}{{ '%c' | format(27) }}[2J\n")
    _, report = validate(fixture_project, GAME)
    assert [d.format() for d in report.errors] == [
        f"{TEMPLATE}:1:1: error [template] the md export holds the control character U+001B; an export is text, "
        "remove what writes it"]


def test_an_error_in_an_included_template_is_shown_in_that_file(fixture_project):
    folder = fixture_project / "layouts/templates"
    folder.mkdir(parents=True)
    (folder / "rules.md.j2").write_text("a\n{% include 'part.j2' %}\n")
    (folder / "part.j2").write_text("one\ntwo\n{{ 1 / 0 }}\n")
    _, report = validate(fixture_project, GAME)
    assert [d.format() for d in report.errors] == [
        "layouts/templates/part.j2:3:1: error [template] ZeroDivisionError: division by zero; fix the template"]


def test_the_time_bound_is_lifted_after_a_render(fixture_project):
    import signal

    validate(fixture_project, GAME)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


# -- figures: blamed on the content behind them, not on a template ----------------------------------------------


def test_a_figure_its_content_cannot_draw_is_an_error_at_the_figure(project, monkeypatch):
    import pnp.games.escort_service.engine as engine

    def broken(self, state):
        raise KeyError("bruiser")

    monkeypatch.setattr(engine.EscortEngine, "settle", broken)  # as content that breaks the example turn would
    _, report = validate(project, "escort-service")
    shown = [d.format() for d in report.errors]  # one error at each figure the engine plays (the example turn,
    # the TICK), nothing else
    assert shown and all(line.startswith("content/escort-service/rules.yaml:") for line in shown)
    assert all("error [figure] this figure cannot be drawn from the game's content (KeyError: 'bruiser')" in line
               for line in shown)
    assert not any("template" in line for line in shown)


# -- a full disk: every writer leaves what was there as it was ----------------------------------------------------


def test_a_build_that_fills_the_disk_midway_changes_nothing(fixture_project, monkeypatch):
    import pnp.render.outputs

    assert runner.invoke(app, ["build", GAME]).exit_code == 0
    before = digest(fixture_project / "output")
    real = pnp.render.outputs.sheet_pdf

    def half_written(project, sheet_id, paper, fillable, path):
        real(project, sheet_id, paper, fillable, path)  # a file is written, then the disk is full
        _disk_full()

    monkeypatch.setattr(pnp.render.outputs, "sheet_pdf", half_written)
    result = runner.invoke(app, ["build", GAME, "--force"])  # nothing changed: without --force nothing is drawn
    assert result.exit_code == 2 and "No space left on device" in result.output, result.output
    assert digest(fixture_project / "output") == before
    assert not [p for p in (fixture_project / "output").iterdir() if p.name.startswith((".staging-", ".replaced-"))]


@pytest.mark.parametrize("fmt", ["md", "html", "json", "pdf"])
def test_rules_out_on_a_full_disk_keeps_the_earlier_file(fixture_project, monkeypatch, fmt):
    target = fixture_project / f"rules.{fmt}"
    target.write_bytes(b"the earlier export")
    import pnp.core.output

    real = pnp.core.output.os.replace
    monkeypatch.setattr(pnp.core.output.os, "replace", lambda *a: _disk_full())  # the last step of every file write
    result = runner.invoke(app, ["rules", GAME, "--format", fmt, "--out", str(target)])
    monkeypatch.setattr(pnp.core.output.os, "replace", real)
    assert result.exit_code == 2 and "No space left on device" in result.output, result.output
    assert target.read_bytes() == b"the earlier export"
    assert [p.name for p in fixture_project.iterdir() if p.name.startswith(".rules.")] == []


def test_rules_out_when_writing_fails_midway_keeps_the_earlier_file(fixture_project, monkeypatch):
    target = fixture_project / "rules.md"
    target.write_text("the earlier export")

    def partly(self, text, **kwargs):
        with open(self, "w") as handle:
            handle.write(text[:10])
        _disk_full()

    monkeypatch.setattr(Path, "write_text", partly)
    result = runner.invoke(app, ["rules", GAME, "--format", "md", "--out", str(target)])
    monkeypatch.undo()
    assert result.exit_code == 2, result.output
    assert target.read_text() == "the earlier export"
    assert [p.name for p in fixture_project.iterdir() if p.name.startswith(".rules.md.")] == []


def test_card_images_and_schemas_on_a_full_disk_exit_2_and_keep_what_was_there(fixture_project, monkeypatch):
    import PIL.Image

    assert runner.invoke(app, ["card", GAME, "hero-ranger"]).exit_code == 0
    assert runner.invoke(app, ["schema"]).exit_code == 0
    before = digest(fixture_project / "output") | digest(fixture_project / "schemas")
    monkeypatch.setattr(PIL.Image.Image, "save", _disk_full)
    assert runner.invoke(app, ["card", GAME, "hero-ranger"]).exit_code == 2
    monkeypatch.setattr(Path, "write_text", _disk_full)
    result = runner.invoke(app, ["schema"])
    monkeypatch.undo()
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert digest(fixture_project / "output") | digest(fixture_project / "schemas") == before


def test_a_new_game_on_a_full_disk_is_exit_2_and_leaves_nothing(fixture_project, monkeypatch):
    monkeypatch.setattr(Path, "write_bytes", _disk_full)
    result = runner.invoke(app, ["new", "second-game"])
    monkeypatch.undo()
    assert result.exit_code == 2 and "No space left on device" in result.output, result.output
    assert not (fixture_project / "content/second-game").exists()
    assert not [p for p in fixture_project.iterdir() if p.name.startswith(".pnp-new-")]


@pytest.mark.parametrize("command", [["build", GAME, "--difficulty", "green"], ["rules", GAME, "--format", "md", "--difficulty", "green"]])
def test_a_template_that_breaks_only_for_one_colours_kit_is_an_error_at_its_line(fixture_project, command):
    """Validate renders the templates for the whole game; a kit of one colour gives them other data. A template
    that fails there is still a diagnostic at its line (exit 1), the earlier output kept, never an internal error."""
    template = fixture_project / TEMPLATE
    template.parent.mkdir(parents=True)
    template.write_text("# {{ ref.title }}\n\n{% if ref.difficulty %}{{ [1][5] }}{% endif %}\n")
    assert runner.invoke(app, ["validate", GAME]).exit_code == 0
    result = runner.invoke(app, command)
    assert result.exit_code == 1, result.output
    assert f"{TEMPLATE}:3:1: error [template] UndefinedError" in result.output
    assert not (fixture_project / "output" / f"{GAME}-green").exists() and "internal error" not in result.output
