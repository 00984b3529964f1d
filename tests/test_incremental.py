"""Incremental builds (pnp.core.incremental, pnp.build.fingerprints): after each edit, the output drawn from the last build's
equals a clean build's byte for byte, and what was drawn again is what the edit touched."""
import json
import shutil
from pathlib import Path

import pytest
from helpers import FIXTURE_GAME, assemble_fixture, digest
from PIL import Image

from pnp.build.game import BuildOptions, BuildTarget, build
from pnp.core import incremental
from pnp.core.limits import MAX_RECORD_BYTES

GAME = FIXTURE_GAME
DECK_FOLDERS = ("fold-a4", "fold-letter", "home-a4", "home-letter")


def deck_files(deck: str, files) -> set[str]:
    """A deck's own files: its home-print and fold sheets and its print shops' files."""
    return {f for f in files if f.split("/")[0] in DECK_FOLDERS and f.endswith(f"/{deck}.pdf")
            or f.startswith(f"print-on-demand/{deck}-")}


def rules(files) -> set[str]:
    return {f for f in files if f.startswith("rules/")}


WHOLE_GAME = {"print-on-demand/pocket-dungeon-printninja.pdf"}  # one file of every deck, for a print shop


@pytest.fixture
def project(tmp_path):
    return assemble_fixture(tmp_path / "project")


def rebuild(project: Path, tmp_path: Path, step: str):
    """Build incrementally into project/output, then clean into a fresh folder; the two must be the same bytes."""
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None, report.to_text()
    assert digest(result.out_dir) == clean_build(project, tmp_path / f"clean-{step}"), \
        f"after {step}: incremental output differs from a clean build"
    return result


CLEAN: dict[str, dict[str, str]] = {}  # the project's sources, by digest -> a clean build's files, by digest


def clean_build(project: Path, out: Path) -> dict[str, str]:
    """The files a clean build of the project as it stands writes, by digest: built once for the same sources (a
    step that changes nothing the build reads, a damaged record, needs no second clean build to compare with)."""
    sources = json.dumps([digest(project / part) for part in ("content", "layouts", "fonts", "schemas")])
    if sources not in CLEAN:
        clean, report = build(BuildTarget(project, GAME, out))
        assert clean is not None, report.to_text()
        CLEAN[sources] = digest(clean.out_dir)
    return CLEAN[sources]


@pytest.fixture(scope="module")
def first_build(tmp_path_factory):
    """The fixture project's first build (checked against a clean one, as `rebuild` does), made once for the module,
    and a copy of the project as it then stood."""
    place = tmp_path_factory.mktemp("first-build")
    project = assemble_fixture(place / "project")
    first = rebuild(project, place, "first")
    shutil.copytree(project, place / "as-built", symlinks=True)  # copy2: the times the record holds are kept
    return project, first, place / "as-built"


@pytest.fixture
def built(first_build):
    """The project just after its first build, and that build's result: the record beside the output lives at the
    project's own path, so every test gets the project back at that path as it stood."""
    project, first, as_built = first_build
    shutil.rmtree(project)
    shutil.copytree(as_built, project, symlinks=True)
    return project, first


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_each_edit_draws_again_only_what_it_touched(built, tmp_path):
    project, first = built
    content, layouts = project / "content" / GAME, project / "layouts" / GAME
    files = set(first.files)
    assert set(first.rendered) == files

    again = rebuild(project, tmp_path, "nothing")
    assert again.up_to_date and again.rendered == [] and set(again.files) == files

    edit(content / "decks" / "rooms.yaml", "name: Crypt", "name: Old Crypt")  # a card's text
    result = rebuild(project, tmp_path, "card")
    assert set(result.rendered) == deck_files("rooms", files) | WHOLE_GAME | rules(files)

    with Image.open(content / "art" / "crypt.png") as picture:  # an image only a room card draws
        changed = picture.convert("RGB")
    changed.putpixel((0, 0), (255, 0, 255))
    changed.save(content / "art" / "crypt.png")
    result = rebuild(project, tmp_path, "image")
    assert set(result.rendered) == deck_files("rooms", files) | WHOLE_GAME | rules(files)

    edit(layouts / "cards.yaml", "art: {type: art, x: 16.75mm", "art: {type: art, x: 17.5mm")  # a layout box
    result = rebuild(project, tmp_path, "layout")
    every_deck = {f for deck in ("heroes", "rooms", "relics", "quests") for f in deck_files(deck, files)}
    calibration = {f for f in files if f.endswith("/calibration.pdf")}
    assert set(result.rendered) == every_deck | WHOLE_GAME | calibration | rules(files)

    fonts = project / "fonts"  # the score pad's own font (the rules picture every sheet)
    shutil.copyfile(fonts / "DejaVuSansMono-Bold.ttf", fonts / "DejaVuSansMono.ttf")
    result = rebuild(project, tmp_path, "font")
    assert set(result.rendered) == {f for f in files if f.startswith("sheets/score-pad-")} | rules(files)

    edit(content / "rules.yaml", "Every player starts with 3 coins", "Each player starts with 3 coins")
    result = rebuild(project, tmp_path, "rules")
    assert set(result.rendered) == rules(files)

    game_yaml = (content / "game.yaml").read_text(encoding="utf-8")  # a deck removed: its entry, file and back
    start = game_yaml.index("  - id: quests\n")
    (content / "game.yaml").write_text(game_yaml[:start] + game_yaml[game_yaml.index("sheets:", start):], encoding="utf-8")
    (content / "decks" / "quests.yaml").unlink()
    edit(layouts / "cards.yaml", "    quests: quest-back\n", "")
    result = rebuild(project, tmp_path, "deck removed")
    assert set(result.files) == files - deck_files("quests", files), "a removed deck's files are gone, the rest stay"


def test_a_corrupt_foreign_or_missing_record_means_a_whole_build(built, tmp_path):
    project, first = built
    record = incremental.record_path(project / "output", GAME)
    for damage in ("not json {", json.dumps({"format": 1, "jobs": "no"}),
                   record.read_text().replace(incremental.code_stamp(), "another-pnp"), None):
        if damage is None:
            record.unlink()
        else:
            record.write_text(damage)
        result = rebuild(project, tmp_path, "damaged")
        assert not result.up_to_date and set(result.rendered) == set(first.files)


def _first_job(record: dict) -> str:
    return sorted(record["jobs"])[0]


DAMAGED = {  # a record as pnp writes it, one part of it of another shape: JSON that is no record pnp wrote
    "a job that is a string": lambda r: r["jobs"].update({_first_job(r): "rules/rules.md"}),
    "the inputs a list": lambda r: r.update(inputs=sorted(r["inputs"])),
    "a job's files a list": lambda r: r["jobs"][_first_job(r)].update(files=["rules/rules.md"]),
    "an input's state a string": lambda r: r["inputs"].update({sorted(r["inputs"])[0]: "size, time, digest"}),
    "an input outside the project": lambda r: r["inputs"].update({"/etc/hostname": None}),
    "an output outside the output folder": lambda r: r["jobs"][_first_job(r)]["files"].update({"../../x.pdf": []}),
    "an output pnp could not have named": lambda r: r["jobs"][_first_job(r)]["files"].update({f"{_first_job(r)}/.x": []}),
    "the format true": lambda r: r.update(format=True),  # JSON's true is no number, though Python says True == 1
}


@pytest.mark.parametrize("damage", DAMAGED)
def test_a_record_of_another_shape_is_no_record(built, tmp_path, damage):
    """The output folder may come from anyone: a record that is JSON of another shape than pnp writes is damaged,
    and a damaged record is ignored (everything drawn again), never an internal error."""
    project, first = built
    path = incremental.record_path(project / "output", GAME)
    record = json.loads(path.read_text())
    DAMAGED[damage](record)
    path.write_text(json.dumps(record))
    result = rebuild(project, tmp_path, damage)
    assert not result.up_to_date and set(result.rendered) == set(first.files)


def test_a_record_nested_deeper_than_the_parser_goes_is_no_record(built, tmp_path):
    project, first = built
    incremental.record_path(project / "output", GAME).write_text("[" * 100_000)
    result = rebuild(project, tmp_path, "nested")
    assert not result.up_to_date and set(result.rendered) == set(first.files)


@pytest.mark.parametrize("failure", ["too large", "out of memory"])
def test_a_record_too_large_to_parse_is_no_record_and_is_replaced(built, tmp_path, monkeypatch, failure):
    """A forged record of 64 MB of empty lists took 15 s and 1.8 GB to parse; under a memory limit the MemoryError
    was an internal error, and the record stayed, so every build failed. One larger than MAX_RECORD_BYTES is never
    parsed, and one that cannot be parsed is no record: everything is drawn again, and the record replaced."""
    project, first = built
    path = incremental.record_path(project / "output", GAME)
    forged = "[" + "[]," * (MAX_RECORD_BYTES // 3 if failure == "too large" else 10) + "[]]"
    path.write_text(forged)
    parsed, real_loads = [], incremental.json.loads

    def loads(data, *args, **kwargs):
        parsed.append(len(data))
        if failure == "out of memory" and data == forged.encode():
            raise MemoryError  # as the parser does under a ulimit
        return real_loads(data, *args, **kwargs)

    monkeypatch.setattr(incremental.json, "loads", loads)
    result = rebuild(project, tmp_path, failure)
    assert all(size <= MAX_RECORD_BYTES for size in parsed), "a record larger than the bound was parsed"
    assert not result.up_to_date and set(result.rendered) == set(first.files)
    assert incremental.well_formed(real_loads(path.read_text()))


@pytest.mark.parametrize("named", ["a file below a link", "a font file below a link", "a file outside the game's folders"])
def test_a_record_naming_an_input_the_game_cannot_have_is_no_record(built, tmp_path, monkeypatch, named):
    """The record names its inputs, and output/ may come from anyone: with output/evil -> /proc/self a recorded
    output/evil/pagemap was read without end, with evil -> /etc /etc/passwd was digested (O_NOFOLLOW guards only a
    path's last part). An input is looked at only if it is a file of the game's folders or a font file, reached from
    the project folder through real folders; a record naming any other is no record, and nothing it names is read."""
    project, first = built
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "passwd").write_text("root:x:0:0\n")
    (outside / "x.ttf").write_text("not a font\n")
    (project / "output" / "evil").symlink_to(outside, target_is_directory=True)
    (project / "notes.txt").write_text("the user's notes\n")
    input_path = {"a file below a link": project / "output/evil/passwd", "a font file below a link": project / "output/evil/x.ttf",
                  "a file outside the game's folders": project / "notes.txt"}[named]
    path = incremental.record_path(project / "output", GAME)
    record = json.loads(path.read_text())
    record["inputs"][str(input_path)] = incremental.file_states([str(input_path)])[str(input_path)]  # as it is
    path.write_text(json.dumps(record))
    looked_at, real_stat = [], incremental._stat
    monkeypatch.setattr(incremental, "_stat", lambda p: (looked_at.append(p), real_stat(p))[1])

    result = rebuild(project, tmp_path, named)

    assert str(input_path) not in looked_at
    assert not result.up_to_date and set(result.rendered) == set(first.files)


@pytest.mark.parametrize("linked", ["the file", "its folder"])
def test_an_output_replaced_by_a_link_out_of_the_project_is_drawn_again(built, tmp_path, linked):
    """An output file (or its folder) replaced by a link out of the project, with the record rewritten to match the
    link: the build neither says "up to date" nor keeps it; the file is drawn again, a regular file in the output."""
    project, first = built
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "heroes.pdf").write_text("a file outside the project\n")
    out, name = project / "output" / GAME, "home-a4/heroes.pdf"
    if linked == "the file":
        (out / name).unlink()
        (out / name).symlink_to(outside / "heroes.pdf")
    else:
        shutil.rmtree(out / "home-a4")
        (out / "home-a4").symlink_to(outside, target_is_directory=True)
    path = incremental.record_path(project / "output", GAME)
    record = json.loads(path.read_text())
    for job_path, job in list(record["jobs"].items()):
        if name in job["files"]:
            state = (out / name).lstat() if linked == "the file" else (out / name).stat()
            job["files"][name] = [state.st_size, state.st_mtime_ns]  # as the link (or the file through it) is now
        elif job_path.startswith("home-a4/"):  # gone with the folder: the record says nothing of them
            del record["jobs"][job_path]
    path.write_text(json.dumps(record))
    result = rebuild(project, tmp_path, f"{linked} linked")
    assert not result.up_to_date and name in result.rendered
    assert not (out / "home-a4").is_symlink() and not (out / name).is_symlink() and (out / name).is_file()
    assert (outside / "heroes.pdf").read_text() == "a file outside the project\n"


def test_an_output_changed_by_hand_is_drawn_again(built, tmp_path):
    project, _ = built
    touched = project / "output" / GAME / "home-a4" / "heroes.pdf"
    touched.write_bytes(b"edited by hand")
    result = rebuild(project, tmp_path, "touched")
    assert result.rendered == ["home-a4/heroes.pdf"]


def test_a_partial_build_drops_the_record_and_keeps_outputs_right(built, tmp_path):
    project, _ = built
    edit(project / "content" / GAME / "decks" / "rooms.yaml", "name: Crypt", "name: Old Crypt")
    partial, _ = build(BuildTarget(project, GAME, project / "output"), BuildOptions(decks=("rooms",)))
    assert partial is not None and not incremental.record_path(project / "output", GAME).exists()
    result = rebuild(project, tmp_path, "after partial")
    assert not result.up_to_date


def test_force_draws_everything(built, tmp_path):
    project, first = built
    result, _ = build(BuildTarget(project, GAME, project / "output"), BuildOptions(force=True))
    assert set(result.rendered) == set(first.files)


def test_other_commands_folders_survive_a_build(built, tmp_path):
    project, _ = built
    gallery = project / "output" / GAME / "preview" / "index.html"
    gallery.parent.mkdir()
    gallery.write_text("a gallery")
    edit(project / "content" / GAME / "rules.yaml", "Every player starts with 3 coins", "Each player starts with 3 coins")
    result, _ = build(BuildTarget(project, GAME, project / "output"))
    assert gallery.read_text() == "a gallery" and "preview/index.html" not in result.files


def test_the_record_never_opens_a_link_or_a_pipe(project, tmp_path):
    """A link out of the project is named, never followed; a pipe is never opened (it would block)."""
    import os

    secret = tmp_path / "secret.png"
    secret.write_bytes(b"not yours")
    art = project / "content" / GAME / "art"
    (art / "link.png").symlink_to(secret)
    os.mkfifo(art / "pipe.png")
    states = incremental.file_states([str(art / "link.png"), str(art / "pipe.png")])
    assert states[str(art / "link.png")][2] == f"link:{secret}"
    assert states[str(art / "pipe.png")][2].startswith("not a file:")


def two_games(project: Path) -> list[str]:
    """The fixture game and a copy of it under another id: a project with two games."""
    shutil.copytree(project / "content" / GAME, project / "content" / "pocket-cave")
    shutil.copytree(project / "layouts" / GAME, project / "layouts" / "pocket-cave")
    manifest = project / "content" / "pocket-cave" / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(f"id: {GAME}", "id: pocket-cave", 1), encoding="utf-8")
    return sorted([GAME, "pocket-cave"])


def test_build_all_reads_the_next_game_while_the_workers_draw_the_current_one(project, tmp_path, monkeypatch):
    """`pnp build --all` validates the next game in the main process while the workers draw the current game's
    files: each game is read once, the second during the first one's drawing, and every file is what a build of
    that game alone writes. A read ahead that fails is left to the game's own turn, which reads it again."""
    from typer.testing import CliRunner

    import pnp.build.game
    from pnp.cli import app

    games = two_games(project)
    monkeypatch.chdir(project)
    monkeypatch.setenv("PNP_JOBS", "2")  # workers to draw while the main process reads
    drawing, read = [], []
    render_all, validate = pnp.build.game.render_all, pnp.build.game.validate
    monkeypatch.setattr(pnp.build.game, "render_all", lambda *a, **k: (drawing.append(1), render_all(*a, **k), drawing.pop()))
    monkeypatch.setattr(pnp.build.game, "validate", lambda root, game_id, *a: (read.append((game_id, bool(drawing))),
                                                                          validate(root, game_id, *a))[1])
    result = CliRunner().invoke(app, ["build", "--all", "--out", "together"])
    assert result.exit_code == 0, result.output
    assert read == [(games[0], False), (games[1], True)]
    assert build(BuildTarget(project, games[1], project / "alone"))[0] is not None  # the game read ahead, built on its own
    assert digest(project / "together" / games[1]) == digest(project / "alone" / games[1])

    failed = []

    def failing(root, game_id, *args):
        if game_id == games[1] and not failed:
            failed.append(game_id)
            raise RuntimeError("a bug met while reading ahead")
        return real_read_ahead(root, game_id, *args)

    real_read_ahead = pnp.build.game.read_ahead
    monkeypatch.setattr(pnp.build.game, "read_ahead", failing)
    read.clear()
    result = CliRunner().invoke(app, ["build", "--all", "--force", "--out", "again"])
    assert result.exit_code == 0, result.output
    assert failed == [games[1]] and read == [(games[0], False), (games[1], False)]  # read again in its own turn
    assert digest(project / "again" / games[1]) == digest(project / "alone" / games[1])


def test_an_edit_of_an_installed_game_package_draws_again_what_it_draws(built, tmp_path, monkeypatch):
    """A game package installed on its own (a `pnp.games` entry point) is code pnp does not ship: its files are
    stamped as pnp's are, so editing it is no "up to date", and its faces are drawn afresh, not read from the store."""
    from types import SimpleNamespace

    import pnp.core.installed
    from pnp.engine.plugin import GamePlugin

    project, first = built
    package = tmp_path / "packages" / "bookish"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("COLOUR = '#336699'\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "packages"))
    plugin = GamePlugin()
    monkeypatch.setattr(pnp.core.installed, "installed_plugins",
                        lambda: {"bookish": SimpleNamespace(load=lambda: plugin, module="bookish")})
    edit(project / "content" / GAME / "game.yaml", "players: {min: 1, max: 4}", "plugin: bookish\nplayers: {min: 1, max: 4}")
    result = rebuild(project, tmp_path, "package named")
    assert set(result.rendered) == set(first.files), "game.yaml changed: every file"
    assert build(BuildTarget(project, GAME, project / "output"))[0].up_to_date

    (package / "__init__.py").write_text("COLOUR = '#993366'  # a new version\n", encoding="utf-8")
    result, report = build(BuildTarget(project, GAME, project / "output"))
    assert result is not None and not result.up_to_date, report.to_text()
    assert set(result.rendered) == set(first.files), "the package's code changed: everything it may draw"


def test_a_record_naming_a_package_folder_no_installed_game_has_is_never_walked(built, tmp_path, monkeypatch):
    """The record is untrusted data: a `package` it names is stamped (walked) only if an installed game package's
    code is there. One naming `/` walked the whole disk before the build said "not up to date"."""
    project, first = built
    record_file = incremental.record_path(project / "output", GAME)
    record = json.loads(record_file.read_text())
    record["package"] = ["/", incremental.folder_stamp(str(tmp_path))]
    record_file.write_text(json.dumps(record))
    walked = []
    real_walk = incremental.os.walk
    monkeypatch.setattr(incremental.os, "walk", lambda top, *a, **kw: (walked.append(top), real_walk(top, *a, **kw))[1])

    result = rebuild(project, tmp_path, "foreign package")

    assert "/" not in walked, walked
    assert not result.up_to_date and set(result.rendered) == set(first.files)


def test_a_watched_folder_that_is_a_link_out_of_the_project_is_never_walked(tmp_path):
    """os.walk follows the link it starts at: a project's fonts/ linked to / would have been walked whole, file by
    file, by every build's up-to-date check. The link stands for itself; the loaders refuse what is behind it."""
    outside = tmp_path / "outside"
    (outside / "deep").mkdir(parents=True)
    (outside / "deep" / "secret.ttf").write_bytes(b"not yours")
    project = tmp_path / "project"
    (project / "content" / GAME).mkdir(parents=True)
    (project / "content" / GAME / "game.yaml").write_text("id: x\n")
    (project / "fonts").symlink_to(outside)

    files = incremental.input_files(project, GAME)

    assert files == sorted([str(project / "content" / GAME / "game.yaml"), str(project / "fonts")])
    assert incremental._digest_file(str(project / "fonts")) == f"link:{outside}"
