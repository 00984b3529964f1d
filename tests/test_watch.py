"""`pnp validate --watch`: a change to content or layouts is validated again; output/ is ignored."""
from typer.testing import CliRunner

from pnp import watch as watching
from pnp.cli import app


def test_snapshot_sees_content_and_layout_edits_but_not_output(project):
    before = watching.snapshot(project)
    (project / "output").mkdir()
    (project / "output/anything.pdf").write_bytes(b"%PDF")
    assert watching.snapshot(project) == before
    deck = project / "content/escape-master/decks/quick-guide.yaml"
    deck.write_text(deck.read_text() + "\n")
    assert watching.snapshot(project) != before


def test_watch_runs_again_after_each_change_and_only_then(project):
    deck = project / "content/escape-master/decks/quick-guide.yaml"
    checks, sleeps = [], []

    def sleep(seconds):
        sleeps.append(seconds)
        if len(sleeps) == 2:  # an edit between the second and third poll
            deck.write_text(deck.read_text() + "# edited\n")

    runs = watching.watch(project, lambda: checks.append(1), interval=0.25, polls=5, sleep=sleep)
    assert runs == len(checks) == 2 and sleeps == [0.25] * 5


def test_validate_watch_reports_each_run_and_stops_cleanly_on_ctrl_c(project, monkeypatch):
    deck = project / "content/escape-master/decks/quick-guide.yaml"

    def two_runs_then_ctrl_c(root, check, **_):
        check()
        deck.write_text(deck.read_text().replace("    name: Quick Guide", "    nmae: Quick Guide", 1))
        check()
        raise KeyboardInterrupt

    monkeypatch.setattr(watching, "watch", two_runs_then_ctrl_c)
    result = CliRunner().invoke(app, ["validate", "escape-master", "--watch"])
    assert result.exit_code == 0, result.output
    assert "ok: escape-master valid" in result.output and "error [unknown-key]" in result.output
    assert result.output.count("-- ") == 2 and "Traceback" not in result.output
