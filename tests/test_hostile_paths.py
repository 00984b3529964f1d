"""One way to name a file: every file content, layouts or game.yaml name goes through pnp.core.paths (`inside`), which
keeps it inside the game's (or the project's) folder. A name that cannot be a file there is a diagnostic at the
line that names it, found by `pnp validate`, and the build opens nothing else. (Names that fit in a YAML file are
cases under tests/data/*/cases/: art-url, art-home, art-backslash, icon-drive, icon-url, image-field-outside,
image-region-url, font-file-url, deck-file-backslash, template-name-path, vendor-name-path.)"""
import json
import os
import re
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.paths import inside, name_problem

runner = CliRunner()
GAME = "content/pocket-dungeon"
ROOMS = f"{GAME}/decks/rooms.yaml"


def run(*args):
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


def patch(path: Path, find: str, replace: str) -> None:
    text = path.read_text()
    assert find in text
    path.write_text(text.replace(find, replace, 1))


def secret_image(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("elsewhere") / "secret.png"
    Image.new("RGB", (400, 400), "red").save(path)
    return path


HOSTILE = {  # a name -> what the diagnostic says about it
    "nul": ("art/cr\x00ypt.png", "holds a control character"),  # content's own check finds these first (below)
    "escape": ("art/\x1b[31mred.png", "holds a control character"),
    "long": ("art/" + "a" * 5000 + ".png", "is too long"),
    "long-part": ("art/" + "a" * 300 + ".png", "is too long"),
    "file-url": ("file:///etc/passwd.png", "is a URL or a drive letter"),
    "http": ("http://example.com/x.png", "is a URL or a drive letter"),
    "drive": ("C:/art/crypt.png", "is a URL or a drive letter"),
    "backslash": ("..\\..\\crypt.png", "holds a backslash"),
    "home": ("~/crypt.png", "must be a path relative to the game's folder"),
    "absolute": ("/etc/crypt.png", "must be a path relative to the game's folder"),
    "parent": ("../../../../etc/crypt.png", "points outside pocket-dungeon/"),
}


@pytest.mark.parametrize("key", HOSTILE)
def test_a_name_no_file_can_have_is_refused_before_the_disk_is_asked(tmp_path, key):
    name, said = HOSTILE[key]
    path, wrong = inside(tmp_path / "pocket-dungeon", name)
    assert path is None and said in wrong


CONTROL = {"nul", "escape"}


@pytest.mark.parametrize("key", ["nul", "escape", "long", "file-url", "backslash", "parent"])
def test_a_hostile_card_art_name_is_a_diagnostic_at_its_line(fixture_project, key):
    name, said = HOSTILE[key]
    patch(fixture_project / ROOMS, "    art: art/crypt.png", f"    art: {json.dumps(name)}")
    result = run("validate")
    assert result.exit_code == 1
    if key in CONTROL:  # no YAML value may hold one, a file name least of all: refused as it is read
        assert f"{ROOMS}:12:10: error [control-character]" in result.output, result.output
    else:
        assert re.search(rf"{ROOMS}:12:10: error \[outside\] image '.*' {re.escape(said)}", result.output), result.output
    assert "\x1b" not in result.output and "\x00" not in result.output  # shown escaped, never obeyed
    assert run("build", "pocket-dungeon").exit_code == 1 and not (fixture_project / "output").exists()


@pytest.mark.parametrize("key", ["nul", "long-part", "http"])
def test_a_hostile_icon_template_value_or_font_name_is_a_diagnostic(fixture_project, key):
    name, said = HOSTILE[key]
    patch(fixture_project / f"{GAME}/game.yaml", "coin: {image: art/coin.png,", f"coin: {{image: {json.dumps(name)},")
    patch(fixture_project / "layouts/pocket-dungeon/cards.yaml", "values: {ground: art/treasure-ground.png}",
          f"values: {{ground: {json.dumps(name)}}}")
    patch(fixture_project / "layouts/pocket-dungeon/score-pad.yaml", "bold: fonts/DejaVuSansMono-Bold.ttf",
          f"bold: {json.dumps(name.replace('.png', '.ttf').replace('art/', 'fonts/'))}")
    result = run("validate")
    assert result.exit_code == 1
    if key in CONTROL:  # refused as game.yaml is read, before any layout is
        assert f"{GAME}/game.yaml:43:17: error [control-character]" in result.output, result.output
        return
    assert re.search(rf"{GAME}/game.yaml:43:17: error \[outside\] image .* {re.escape(said)}", result.output), result.output
    assert re.search(rf"layouts/pocket-dungeon/cards.yaml:68:22: error \[outside\] image .* {re.escape(said)}", result.output)
    assert re.search(rf"layouts/pocket-dungeon/score-pad.yaml:8:\d+: error \[font\] bold font .* {re.escape(said)}",
                     result.output), result.output


def test_an_image_that_is_a_folder_a_pipe_or_a_device_is_named_for_what_it_is(fixture_project):
    art = fixture_project / GAME / "art"
    (art / "folder.png").mkdir()
    os.mkfifo(art / "pipe.png")  # opening it would wait forever
    os.symlink("/dev/zero", art / "zero.png")  # reading it would never end
    rooms = fixture_project / ROOMS
    patch(rooms, "    art: art/crypt.png", "    art: art/folder.png")
    patch(fixture_project / f"{GAME}/game.yaml", "coin: {image: art/coin.png,", "coin: {image: art/pipe.png,")
    patch(fixture_project / "layouts/pocket-dungeon/playmat.yaml", "src: art/door.png", "src: art/zero.png")
    result = run("validate")
    assert result.exit_code == 1
    assert f"{ROOMS}:12:10: error [not-a-file] image 'art/folder.png' is a folder; name a PNG, JPEG or SVG file" in result.output
    assert (f"{GAME}/game.yaml:43:17: error [not-a-file] image 'art/pipe.png' is not a regular file (a device, pipe "
            "or socket); name a PNG, JPEG or SVG file") in result.output
    assert "layouts/pocket-dungeon/playmat.yaml:10:31: error [outside] image 'art/zero.png' points outside" in result.output


def test_a_card_value_an_image_box_shows_never_opens_a_file_outside(fixture_project, tmp_path_factory):
    """An image box may show any card value: the value is looked up by the same resolver as `art:`."""
    secret = secret_image(tmp_path_factory)
    os.symlink(secret, fixture_project / GAME / "art/inner.png")  # a link inside the game folder, leading out
    layout = fixture_project / "layouts/pocket-dungeon/cards.yaml"
    patch(layout, "      art: {type: art, x: 16.75mm", "      shown: {type: image, field: flavor, when: flavor, x: 1mm, "
          "y: 1mm, w: 5mm, h: 5mm}\n      art: {type: art, x: 16.75mm")
    rooms = fixture_project / ROOMS
    patch(rooms, "    flavor: Nobody sleeps well down here.", f"    flavor: {secret}")
    result = run("validate")
    assert result.exit_code == 1
    assert f"{ROOMS}:14:13: error [outside] image '{secret}' must be a path relative to the game's folder" in result.output
    patch(rooms, f"    flavor: {secret}", "    flavor: art/inner.png")
    result = run("validate")
    assert f"{ROOMS}:14:13: error [outside] image 'art/inner.png' points outside pocket-dungeon/" in result.output
    assert run("build", "pocket-dungeon").exit_code == 1 and not (fixture_project / "output").exists()


def test_content_layouts_or_templates_linked_from_outside_are_not_read(fixture_project, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (fixture_project / "layouts").rename(elsewhere / "layouts")
    os.symlink(elsewhere / "layouts", fixture_project / "layouts")
    result = run("validate")
    assert result.exit_code == 1 and "layouts:1:1: error [outside] this folder leads outside the project" in result.output
    os.unlink(fixture_project / "layouts")
    (elsewhere / "layouts").rename(fixture_project / "layouts")
    templates = elsewhere / "templates"
    templates.mkdir()
    (templates / "rules.md.j2").write_text("the first line of a private file\n")
    os.symlink(templates, fixture_project / "layouts/templates")
    result = run("rules", "pocket-dungeon", "--format", "md")
    assert result.exit_code == 1 and "layouts/templates/rules.md.j2:1:1: error [missing-file]" in result.output
    assert "private file" not in result.output
    os.unlink(fixture_project / "layouts/templates")
    (fixture_project / "content").rename(elsewhere / "content")
    os.symlink(elsewhere / "content", fixture_project / "content")
    result = run("validate", "pocket-dungeon")
    assert result.exit_code == 1 and "error [outside] this game folder leads outside content/" in result.output


@pytest.mark.parametrize("linked", ["layouts/pocket-dungeon/cards.yaml", "layouts/pocket-dungeon"])
def test_a_layout_linked_out_of_the_project_is_named_alike_by_validate_and_build(fixture_project, tmp_path_factory,
                                                                                   linked):
    """The build works with the project's absolute path: a file whose link leads out of the working folder was
    named by it (/home/.../layouts/pocket-dungeon/cards.yaml), where validate named it relative."""
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "moved"
    (fixture_project / linked).rename(elsewhere)
    os.symlink(elsewhere, fixture_project / linked)
    said = ("layouts/pocket-dungeon/cards.yaml:1:1: error [outside] this file leads outside layouts/ (a link?); keep "
            "the project's files inside it")
    for command in (["validate"], ["build", "pocket-dungeon"]):
        result = run(*command)
        assert result.exit_code == 1 and said in result.output.splitlines(), result.output
        assert str(fixture_project) not in result.output


def test_a_template_linked_out_of_the_project_is_said_to_be_a_link_out(fixture_project, tmp_path_factory):
    """The template, or its folder, a link out of the project: it was "not found", though the file is there."""
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (elsewhere / "rules.md.j2").write_text("the first line of a private file\n")
    templates = fixture_project / "layouts/templates"
    said = "layouts/templates/rules.md.j2:1:1: error [missing-file] template rules.md.j2: 'rules.md.j2' points outside"
    templates.mkdir()
    os.symlink(elsewhere / "rules.md.j2", templates / "rules.md.j2")  # the file a link out
    result = run("validate")
    assert result.exit_code == 1 and f"{said} templates/ (after following links)" in result.output, result.output
    assert "not found" not in result.output and "private file" not in result.output
    os.unlink(templates / "rules.md.j2")
    templates.rmdir()
    os.symlink(elsewhere, templates)  # its folder a link out
    result = run("validate")
    assert result.exit_code == 1 and f"{said} layouts/ (after following links)" in result.output, result.output
    assert "not found" not in result.output and "private file" not in result.output


@pytest.mark.parametrize("name", ["", " ", "a\x00b", "a\nb", "x" * 2000, "c:x.png", "\\\\server\\share\\x.png"])
def test_name_problem_refuses_what_no_project_file_is_called(name):
    assert name_problem(name)


@pytest.mark.parametrize("name", ["art/crypt.png", "decks/rooms.yaml", "art/ünïcode.png", "a b/c d.png", "./art/x.png"])
def test_name_problem_accepts_ordinary_names(name):
    assert name_problem(name) is None
