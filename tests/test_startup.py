"""Start-up (issue 20): `import pnp.cli` loads only what every command needs, and `pnp list` skims the files instead of
loading every game, with the same lines. The figures are benchmarks/startup.py's; these tests only hold the imports."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content.discovery import game_ids
from pnp.content.listing import TABLES, loaded, skimmed
from pnp.core.limits import MAX_DEPTH
from pnp.reading.source import SKIPPED, SourceError, skim
from pnp.reading.tables import TABLE_SUFFIXES

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests/data/fixture"
HEAVY = ("reportlab", "pydantic", "pnp.build.game", "pnp.model", "pnp.content.game", "pnp.render", "pnp.engine", "rich")


def loaded_modules(code: str) -> set[str]:
    """The top modules (and pnp's own) a fresh interpreter has loaded after running `code`."""
    found = subprocess.run([sys.executable, "-c", f"{code}\nimport sys\nprint('\\n'.join(sys.modules))"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()
    return set(found)


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_importing_the_cli_loads_no_models_no_reportlab_no_build():
    assert heavy(loaded_modules("import pnp.cli")) == []


def test_listing_the_games_loads_no_models_no_reportlab():
    # typer itself may import pydantic to read options (0.29 does: pyproject keeps it below); pnp's listing never does
    code = "from pathlib import Path\nfrom pnp.content.listing import listing\nfor g in ('stranded', 'escape-master'): listing(Path('.'), g)"
    assert heavy(loaded_modules(code)) == []


@pytest.mark.parametrize("root", [ROOT, FIXTURE], ids=["bundled", "fixture"])
def test_the_skimmed_listing_says_what_the_loaded_one_does(root):
    for game_id in game_ids(root):
        assert skimmed(root, game_id) == loaded(root, game_id), game_id


def test_the_listing_knows_the_spreadsheet_suffixes():
    assert TABLES == TABLE_SUFFIXES


@pytest.fixture
def pocket(tmp_path, monkeypatch):
    shutil.copytree(FIXTURE, tmp_path / "project")
    monkeypatch.chdir(tmp_path / "project")
    return tmp_path / "project"


def test_what_the_skim_cannot_read_is_loaded_the_full_way(pocket):
    deck = pocket / "content/pocket-dungeon/decks/rooms.yaml"
    deck.write_text(deck.read_text().replace("count: ", "count: !!float ", 1))
    assert skimmed(pocket, "pocket-dungeon") is None  # a count the skim does not read: the full load says
    result = CliRunner().invoke(app, ["list"])
    assert result.exit_code == 0 and result.output.startswith("pocket-dungeon: Pocket Dungeon, 1-4 players; Heroes 4, ")


def test_a_game_that_does_not_load_still_says_so(pocket):
    (pocket / "content/pocket-dungeon/game.yaml").write_text("title: [unclosed\n")
    result = CliRunner().invoke(app, ["list"])
    assert result.output == "pocket-dungeon: (does not load; run pnp validate pocket-dungeon)\n"


def test_a_deck_file_outside_the_game_is_never_skimmed(pocket, tmp_path):
    (tmp_path / "secret.yaml").write_text("name: Secret\ncards: [{id: a, count: 3}]\n")
    manifest = pocket / "content/pocket-dungeon/game.yaml"
    manifest.write_text(manifest.read_text().replace("decks/heroes.yaml", "../../../secret.yaml", 1))
    result = CliRunner().invoke(app, ["list"])
    assert "Secret" not in result.output


def test_skim_reads_the_top_levels_texts_and_whole_numbers_and_skips_the_rest(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("name: Market\ncount: 0x10\nlevel: 1.5\nopen: true\nwhen: 2024-01-01\n"
                    "cards:\n  - {id: a, count: 2, effects: [{GAIN: 1}]}\n  - &b {id: b}\n  - *b\n")
    assert skim(path, tmp_path) == {"name": "Market", "count": 16, "level": SKIPPED, "open": SKIPPED, "when": SKIPPED,
                                    "cards": [{"id": "a", "count": 2, "effects": SKIPPED}, {"id": "b"}, SKIPPED]}


def test_skim_keeps_the_bounds_of_a_full_load(tmp_path):
    deep = tmp_path / "deep.yaml"
    deep.write_text("a: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n")
    with pytest.raises(SourceError):
        skim(deep, tmp_path)
    laughs = tmp_path / "laughs.yaml"  # aliases are never expanded: each is SKIPPED
    laughs.write_text("a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n" for i in range(8)))
    assert skim(laughs, tmp_path)["i"] == [SKIPPED] * 10
    (tmp_path / "outside.yaml").write_text("name: secret\n")
    with pytest.raises(SourceError):
        skim(tmp_path / "outside.yaml", tmp_path / "game")
    two = tmp_path / "two.yaml"
    two.write_text("name: one\n---\nname: two\n")
    with pytest.raises(SourceError):
        skim(two, tmp_path)


@pytest.mark.parametrize("manifest", [
    "- a list", "title: [x]\nplayers: {min: 1, max: 2}", "title: T\nplayers: 3", "title: T\nplayers: {min: '1', max: 2}",
    "title: T\nplayers: {min: 1, max: 2}\ndecks: {a: b}", "title: T\nplayers: {min: 1, max: 2}\ndecks: [{id: a, file: 5}]",
    "title: T\nplayers: {min: 1, max: 2}\nplugin: ../../os", "title: T\nplayers: {min: 1, max: 2}\ndecks: [{id: a, file: d.yaml}]",
])
def test_the_skim_never_stumbles_on_a_manifest_of_the_wrong_shape(pocket, manifest):
    (pocket / "content/pocket-dungeon/game.yaml").write_text(manifest + "\n")
    (pocket / "content/pocket-dungeon/d.yaml").write_text("name: D\ncards: [{id: a, count: 0}, 7]\n")
    assert skimmed(pocket, "pocket-dungeon") is None  # each is read the full way, which says what is wrong


def run_pnp(args: list[str], before: str = "") -> subprocess.CompletedProcess:
    """`pnp ARGS` in a fresh interpreter, as the console script runs it (pnp.cli.main), after `before`."""
    code = f"import sys\n{before}\nsys.argv = ['pnp', *{args!r}]\nfrom pnp.cli import main\nmain()"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)


def test_leaving_without_the_heaps_teardown_still_says_all_runs_the_exit_handlers_and_keeps_the_exit_code():
    """pnp.commands.terminal.leave ends the process with os._exit; what Python would do on the way out is done first."""
    handler = "import atexit\natexit.register(lambda: print('exit handler ran', file=sys.stderr))"
    listed = run_pnp(["list"], handler)
    assert listed.returncode == 0
    assert "stranded" in listed.stdout and listed.stdout.endswith("\n"), "standard output is flushed"
    assert "exit handler ran" in listed.stderr
    unknown = run_pnp(["validate", "no-such-game"], handler)
    assert unknown.returncode == 2 and "no-such-game" in unknown.stdout + unknown.stderr
    assert "exit handler ran" in unknown.stderr
    stopped = run_pnp(["list"], "import pnp.cli\npnp.cli.app = lambda: sys.exit('stopped: a message')")
    assert stopped.returncode == 1 and "stopped: a message" in stopped.stderr, "SystemExit(text) as Python says it"


def test_a_build_off_a_terminal_never_imports_rich(tmp_path):
    code = ("import sys\nfrom pnp.cli import main\nsys.argv = ['pnp', 'build', 'pocket-dungeon', '--only', 'sheets',"
            f" '--out', {str(tmp_path)!r}]\nimport atexit\n"
            "atexit.register(lambda: print('rich' if 'rich' in sys.modules else 'no rich', file=sys.stderr))\nmain()")
    done = subprocess.run([sys.executable, "-c", code], cwd=FIXTURE, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no rich" in done.stderr


def test_platypus_answers_web_addresses_as_before_with_its_pattern_compiled_when_first_used():
    code = ("from pnp.render.platypus_import import import_platypus\nimport_platypus()\n"
            "from reportlab.platypus import paragraph\n"
            "print(type(paragraph.uri_pat).__name__, paragraph.uri_pat._compiled is None)\n"
            "print(paragraph._uri_split_pairs('https://example.com/a/b/c') is not None,"
            " paragraph.uri_pat.match('not an address') is None, paragraph.uri_pat.pattern[:5])")
    lines = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split("\n")
    assert lines[0] == "_CompiledWhenUsed True", "not compiled on import"
    assert lines[1] == "True True (^(?:"


def test_a_build_loads_jinja_only_to_render_a_template():
    """pnp.rules.templating holds everything Jinja: the build, the validation and the rulebook never load it for
    themselves (the rules' Markdown and HTML export does, in the worker that writes them)."""
    assert not {"jinja2", "markupsafe"} & loaded_modules("import pnp.build.game, pnp.checks.validate, pnp.render.rulebook")


def test_shell_completion_is_loaded_only_when_the_shell_asks():
    """`pnp completion SHELL` prints the script, and pnp answers the shell when the script runs it with _PNP_COMPLETE
    set: commands, options and the project's game ids (Typer's completion classes are registered only then)."""
    script = CliRunner().invoke(app, ["completion", "bash"])
    assert script.exit_code == 0 and "_PNP_COMPLETE=complete_bash" in script.output and "complete -o default" in script.output
    for shell in ("zsh", "fish"):
        assert "_PNP_COMPLETE" in CliRunner().invoke(app, ["completion", shell]).output
    env = {"PATH": str(Path(sys.executable).parent), "_PNP_COMPLETE": "complete_bash", "COMP_WORDS": "pnp build po",
           "COMP_CWORD": "2"}
    pnp = str(Path(sys.executable).parent / "pnp")  # the script the shell runs: the variable is named after it
    asked = subprocess.run([pnp], cwd=FIXTURE, env=env, capture_output=True, text=True)
    assert asked.stdout.split() == ["pocket-dungeon"], (asked.stdout, asked.stderr)
    env.update(COMP_WORDS="pnp bu", COMP_CWORD="1")
    assert subprocess.run([pnp], cwd=FIXTURE, env=env, capture_output=True, text=True).stdout.split() == ["build"]
