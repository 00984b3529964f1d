"""What validates builds, renders its rules and plays (issue 17, class 5).

Each mutation below once passed `pnp validate` and then crashed a later stage (exit 3). Now either validate
refuses it (exit 1, with the diagnostic at its line) or every later stage takes it: build, rules in every format,
and the playtest of a game with an engine. An unreadable content folder is a diagnostic too, never exit 3.
"""
import errno
import os
import shutil
from pathlib import Path

import pytest
from helpers import fixture_root, private_copy, root_of, validated
from typer.testing import CliRunner

from pnp.cli import app
from pnp.model import Card
from pnp.model.fields import DERIVED_VALUES, shadowed

FIXTURE_YAML = "content/pocket-dungeon/game.yaml"
FIELDS_AT = "card_fields:\n"


def _field(name: str) -> tuple:
    return (FIXTURE_YAML, FIELDS_AT, f"{FIELDS_AT}  {name}: {{type: text}}\n")


PYDANTIC_NAMES = ["model_config", "model_fields", "model_dump", "model_validate", "model_anything", "copy", "dict",
                  "json", "schema", "validate", "construct", "parse_obj"]
PATTERN_NAMES = ["__class__", "__dict__", "_private", '"two words"', "ünicode", "Capital"]

# (game, [(file, find, replace), ...], the diagnostic's tail: "error [code] message")
REFUSED = [
    *[("pocket-dungeon", [_field(name)], f"error [field-clash] '{name}' is a name pnp's card model uses itself; give "
       "the new field another name") for name in PYDANTIC_NAMES],
    *[("pocket-dungeon", [_field(name)], "a field name is lowercase words joined by underscores, like on_reveal")
      for name in PATTERN_NAMES],
    ("pocket-dungeon", [_field("accent")], "error [field-clash] 'accent' is a value pnp gives every card (the accent "
     "colour of the card's kind); give the new field another name"),
    ("pocket-dungeon", [_field("card_number")], "error [field-clash] 'card_number' is a value pnp gives every card "
     "(the card's number in its deck); give the new field another name"),
    ("pocket-dungeon", [_field("name")], "error [field-clash] 'name' is already a field of every card; give the new "
     "field another name"),
    ("pocket-dungeon", [("layouts/pocket-dungeon/cards.yaml", "palettes:  #", "palettes:\n  power: {a: '#000000'}\n  #"),
                        _field("power_color")],
     "error [palette-clash] palette 'power' gives cards the value 'power_color', which is already a field of every "
     "card; name the palette after another field"),
    ("pocket-dungeon", [("content/pocket-dungeon/rules.yaml", "        text: Every player starts with 3 coins",
                         "        figure: {kind: {a: 1}}\n        text: Every player starts with 3 coins")],
     "error [type] figure: a figure names its kind in words, {kind: <a figure kind of the game>, ...} (got {kind: "
     "{a: 1}})"),
    ("pocket-dungeon", [("content/pocket-dungeon/rules.yaml", "        text: Every player starts with 3 coins",
                         "        figure: {card: crypt}\n        text: Every player starts with 3 coins")],
     "error [type] figure: a figure names its kind in words, {kind: <a figure kind of the game>, ...} (got {card: "
     "'crypt'})"),
    ("2200-escaping-earth", [("content/2200-escaping-earth/rules.yaml", "{kind: movement,", "{kind: [movement],")],
     "error [type] figure: a figure names its kind in words, {kind: <a figure kind of the game>, ...} (got {kind: "
     "['movement'], path: ['ground:c..."),
    ("stranded", [("content/stranded/game.yaml", "green: 20,", "green: -3,")],
     "error [type] green: input should be greater than or equal to 1 (got -3)"),
    ("stranded", [("content/stranded/game.yaml", "red: 18}", "red: 0}")],
     "error [type] red: input should be greater than or equal to 1 (got 0)"),
    ("stranded", [("layouts/stranded/cards.yaml", "deck_label: Fighting card}", "deck_label: Fighting card}\n    boxes:"
                   "\n      icon: {type: ability-icon, x: 10mm, y: 10mm, w: 10mm, h: 10mm}")],
     "error [box] box 'icon' of template 'fighting-back' draws a card's data (ability-icon), but the template prints "
     "as a back, which has no card; keep such boxes on face templates"),
    ("escape-master", [("layouts/escape-master/cards.yaml", "values: {back_color: \"#2a2140\", back_art: lantern}",
                        "values: {back_color: \"#2a2140\", back_art: lantern}\n    boxes:\n      icon: {type: "
                        "ability-icon, x: 10mm, y: 10mm, w: 10mm, h: 10mm}")],
     "error [unknown-box-type] box 'icon' has type 'ability-icon'; use one of fill, rect, text, art, image, difficulty"),
    ("2200-escaping-earth", [("content/2200-escaping-earth/game.yaml", "  zone_pick_cost: 2", "  zone_pick_cost: 0")],
     "error [type] zone_pick_cost: input should be greater than or equal to 1 (got 0)"),
    ("escort-service", [("content/escort-service/game.yaml", "    1: {leave_out: 2}", "    0: {leave_out: 2}")],
     "error [type] key 0: input should be greater than or equal to 1"),
    ("escort-service", [("content/escort-service/game.yaml", "    1: {leave_out: 2}", "    9: {leave_out: 2}")],
     "error [type] key 9: input should be less than or equal to 4"),
    ("escort-service", [("content/escort-service/game.yaml", "  team:\n", "  team: 3\n  teem:\n")],
     "error [type] team: input should be a valid dictionary (got 3)"),
    ("escort-service", [("content/escort-service/game.yaml", "  hand_size: 4", "  hand_size: four")],
     "error [type] hand_size: input should be a valid integer (got 'four')"),
    ("escort-service", [("content/escort-service/game.yaml", "  upgrade_keep: 2", "  upgrade_keep: 5")],
     "error [type] upgrade_keep: at most upgrade_draw (3): a pilot adds upgrades from the cards drawn (got 5)"),
    ("escort-service", [("content/escort-service/game.yaml", "players: {min: 1, max: 4}", "players: {min: 1, max: 2}")],
     "error [team] a team of 3 is never played: game.yaml's players are 1 to 2"),
    ("escort-service", [("content/escort-service/game.yaml", "players: {min: 1, max: 4}", "players: {min: 1, max: 12}")],
     "error [players] players: 1 to 12, but this game's package plays 1 to 4 player(s); keep within that"),
    ("2200-escaping-earth", [("content/2200-escaping-earth/game.yaml", "players: {min: 1, max: 1}",
                              "players: {min: 1, max: 4}")],
     "error [players] players: 1 to 4, but this game's package plays 1 player(s); keep within that"),
    ("saucer-escape", [("content/saucer-escape/game.yaml", "players: {min: 1, max: 1}", "players: {min: 2, max: 2}")],
     "error [players] players: 2 to 2, but this game's package plays 1 player(s); keep within that"),
    ("escape-master", [("content/escape-master/game.yaml", "players: {min: 2, max: 6}", "players: {min: 1, max: 6}")],
     "error [players] players: 1 to 6, but this game's package plays 2 to 6 player(s); keep within that"),
    ("pocket-dungeon", [(FIXTURE_YAML, "  - id: heroes", "  - id: calibration")],
     "error [reserved-id] 'calibration' names the calibration page (calibration.pdf) in every home-print folder; "
     "give the deck another id"),
]

# (game, edits): valid input that every later stage must take
PLAYS = [
    # a long game (300 Blunders) reached a photo finish whose rival had lost the move it would have gone out with
    ("escape-master", [("content/escape-master/game.yaml", "  breaking_point: 30", "  breaking_point: 300")]),
    # Python keywords are fine names for a field (a hero's class), shown on a card by a box
    ("pocket-dungeon", [(FIXTURE_YAML, FIELDS_AT, f"{FIELDS_AT}  class: {{type: text}}\n  if: {{type: integer}}\n"),
                        ("content/pocket-dungeon/decks/heroes.yaml", "    cost: 3\n", "    cost: 3\n    class: Ranger\n"
                         "    if: 2\n"),
                        ("layouts/pocket-dungeon/cards.yaml", "      cost_disc:", "      class: {type: text, field: class, "
                         "x: 6mm, y: 46mm, w: 20mm, h: 4mm, size: 6pt, min_size: 5pt}\n      cost_disc:")]),
]


def _mutated(game_id: str, edits: list, tmp_path: Path, monkeypatch) -> Path:
    project = private_copy(root_of(game_id), tmp_path / "project", monkeypatch)
    for relative_path, find, replace in edits:
        path = project / relative_path
        text = path.read_text(encoding="utf-8")
        assert find in text, f"{find!r} not in {relative_path}: update the mutation"
        path.write_text(text.replace(find, replace, 1), encoding="utf-8")
    return project


def _run(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


@pytest.mark.parametrize("game_id,edits,expected", REFUSED, ids=[f"{g}-{i}" for i, (g, _, _) in enumerate(REFUSED)])
def test_validate_refuses_what_would_crash_later(game_id, edits, expected, tmp_path, monkeypatch):
    _mutated(game_id, edits, tmp_path, monkeypatch)
    result = _run("validate", game_id)
    assert result.exit_code == 1, result.output
    assert any(expected in line and line.startswith(edits[0][0].split("/")[0]) for line in result.output.splitlines()), \
        f"missing: {expected}\ngot:\n{result.output}"


@pytest.mark.parametrize("game_id,edits", PLAYS, ids=[g for g, _ in PLAYS])
def test_what_validates_builds_renders_and_plays(game_id, edits, tmp_path, monkeypatch):
    project = _mutated(game_id, edits, tmp_path, monkeypatch)
    assert _run("validate", game_id).exit_code == 0
    assert _run("build", game_id, "--out", str(tmp_path / "out")).exit_code == 0
    for fmt in ("md", "html", "json", "pdf"):
        assert _run("rules", game_id, "--format", fmt, "--out", str(tmp_path / f"rules.{fmt}")).exit_code == 0
    played = _run("playtest", game_id, "--games", "20", "--out", str(tmp_path / "out"))
    has_engine = validated(game_id).game.plugin.has_engine if game_id != "pocket-dungeon" else False
    assert played.exit_code == (0 if has_engine else 2), played.output
    assert project.exists()


@pytest.mark.parametrize("life", ["{green: 1, yellow: 1, red: 1}", "{green: 22, yellow: 22, red: 22}"])
def test_stranded_plays_every_starting_life_it_validates(life, tmp_path, monkeypatch):
    """A negative starting life once validated and then broke the engine's invariant (exit 3). The ends of the range
    now play: exit 0, or 1 when 20 such games leave some card unplayed."""
    _mutated("stranded", [("content/stranded/game.yaml", "{green: 20, yellow: 20, red: 18}", life)], tmp_path,
             monkeypatch)
    assert _run("validate", "stranded").exit_code == 0
    assert _run("playtest", "stranded", "--games", "20", "--out", str(tmp_path / "out")).exit_code in (0, 1)


def test_wrong_settings_still_let_the_game_checks_run(tmp_path, monkeypatch):
    """A setting of the wrong type is reported, and the game's own checks still run (on the settings that are right
    and the model's defaults): every problem in one run, and no crash in a check that reads the settings."""
    _mutated("escort-service", [("content/escort-service/game.yaml", "  hand_size: 4", "  hand_size: [4]"),
                                ("content/escort-service/game.yaml", "add: [swarmer, drone, mender]",
                                 "add: [swarmer, drone, mendr]")], tmp_path, monkeypatch)
    result = _run("validate", "escort-service")
    assert result.exit_code == 1
    assert "error [type] hand_size: input should be a valid integer (got [4])" in result.output
    assert "error [unknown-enemy] a team of 2 adds 'mendr', which is no enemy; did you mean 'mender'?" in result.output


def test_declared_field_names_never_hide_a_card_attribute():
    """Every public attribute of the card model (pydantic's methods included) is refused as a field name."""
    for name in (n for n in dir(Card) if not n.startswith("_")):
        assert shadowed(name, Card), name
    for name in ("cost", "class", "power", "on_reveal", "suit_label"):
        assert shadowed(name, Card) is None, name


def test_derived_values_are_all_reserved():
    """The values pnp gives every face beside the card's fields are exactly those card fields may not be named."""
    project = validated("pocket-dungeon")
    fields = set(project.game.card_model.model_fields)
    palettes = {f"{name}_color" for name in project.layout.palettes}
    for face in project.faces.fronts.values():
        given = set(face.values) - fields - set(face.template.values) - palettes - {"ability.name", "ability.text"}
        assert given <= set(DERIVED_VALUES), given - set(DERIVED_VALUES)


# --- folders and files pnp may not read -------------------------------------------------------------------------

def _deny(monkeypatch, target: Path) -> None:
    """As if `target` had chmod 000, for any user (root reads through chmod): a folder can be neither listed nor
    looked into; a file cannot be opened."""
    target = target.resolve()
    folder = target.is_dir()

    def denied(path, listing=False, opening=False) -> bool:
        if isinstance(path, int):
            return False
        path = os.path.abspath(os.fspath(path))
        if folder:
            return path.startswith(str(target) + os.sep) or (path == str(target) and (listing or opening))
        return path == str(target) and opening

    def guard(function, **kind):
        def checked(path, *args, **kwargs):
            if denied(path, **kind):
                raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
            return function(path, *args, **kwargs)
        return checked

    monkeypatch.setattr(os, "stat", guard(os.stat))
    monkeypatch.setattr(os, "lstat", guard(os.lstat))
    monkeypatch.setattr(os, "listdir", guard(os.listdir, listing=True))
    monkeypatch.setattr(os, "scandir", guard(os.scandir, listing=True))
    monkeypatch.setattr(os, "open", guard(os.open, opening=True))
    import builtins
    import io

    monkeypatch.setattr(builtins, "open", guard(builtins.open, opening=True))
    monkeypatch.setattr(io, "open", builtins.open)


UNREADABLE = [  # (what is denied, the diagnostic it gives)
    ("content", "content:1:1: error [unreadable] cannot list this folder (Permission denied); check its permissions"),
    ("content/pocket-dungeon", "content/pocket-dungeon/game.yaml:1:1: error [unreadable] cannot read it (Permission "
     "denied); make it a plain file pnp can read"),
    ("content/pocket-dungeon/decks", "content/pocket-dungeon/decks/heroes.yaml:1:1: error [unreadable] cannot read it "
     "(Permission denied); make it a plain file pnp can read"),
    ("content/pocket-dungeon/rules.yaml", "content/pocket-dungeon/rules.yaml:1:1: error [unreadable] cannot read it "
     "(Permission denied); check its permissions"),
    ("layouts", "layouts/pocket-dungeon/cards.yaml:1:1: error [unreadable] cannot read it (Permission denied); make "
     "it a plain file pnp can read"),
    ("content/pocket-dungeon/art", "error [bad-image] 'art/coin.png' cannot be read (Permission denied)"),
    ("fonts", "font 'fonts/DejaVuSansMono-Bold.ttf' cannot be read (Permission denied); check its permissions"),
]


@pytest.mark.parametrize("denied,expected", UNREADABLE, ids=[d for d, _ in UNREADABLE])
@pytest.mark.parametrize("command", ["validate", "build", "rules", "list"])
def test_unreadable_folders_and_files_are_diagnostics(denied, expected, command, fixture_project, monkeypatch):
    _deny(monkeypatch, fixture_project / denied)
    args = {"validate": ["validate"], "build": ["build", "pocket-dungeon"], "list": ["list"],
            "rules": ["rules", "pocket-dungeon", "--format", "md", "--out", str(fixture_project / "rules.md")]}[command]
    result = _run(*args)
    if command == "list":  # lists what loads, and says which game does not
        assert result.exit_code in (0, 1), result.output
        return
    assert result.exit_code == 1, result.output
    assert any(expected in line for line in result.output.splitlines()), result.output
    assert not (fixture_project / "output" / "pocket-dungeon").exists()


def test_a_path_no_check_expected_is_a_diagnostic_at_it(fixture_project, monkeypatch):
    """The backstop: a read error with a path, raised where no check looked for one, is a diagnostic at that path
    (exit 1), never an internal error; an error without a path still is one."""
    import pnp.checks.generic

    art = fixture_project / "content/pocket-dungeon/art"

    def denied(game, *as_written):
        raise PermissionError(errno.EACCES, "Permission denied", str(art))

    monkeypatch.setattr(pnp.checks.generic, "check_game", denied)
    result = _run("validate")
    assert result.exit_code == 1
    assert "content/pocket-dungeon/art:1:1: error [unreadable] cannot list this folder (Permission denied)" in result.output

    def broken(game, *as_written):
        raise OSError("no path")

    monkeypatch.setattr(pnp.checks.generic, "check_game", broken)
    assert CliRunner().invoke(app, ["validate"]).exit_code == 3


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads through chmod 000")
@pytest.mark.parametrize("denied", ["content", "content/pocket-dungeon", "content/pocket-dungeon/decks",
                                    "content/pocket-dungeon/game.yaml"])
def test_chmod_000_is_a_diagnostic(denied, tmp_path, monkeypatch):
    project = private_copy(fixture_root(), tmp_path / "project", monkeypatch)
    target = project / denied
    target.chmod(0)
    try:
        result = _run("validate")
        assert result.exit_code == 1, result.output
        assert "error [unreadable]" in result.output
    finally:
        target.chmod(0o755)
        shutil.rmtree(project, ignore_errors=True)
