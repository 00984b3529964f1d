"""Helpers for every test module. Projects the tests run on: the real one (content/, layouts/) and the fixture game's.

The fixture game (tests/data/fixture/) is content and layouts only, with no
Python package; `fixture_root()` makes it a project of its own (pnp's packaged
layouts/common and rule templates serve it, as they serve any project), so it
runs through exactly the code the real games do. Every game found in either project is in GAMES,
and the generic tests (test_games.py, test_cases.py) run over all of them.
"""
import atexit
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
FIXTURE = DATA / "fixture"
FIXTURE_GAME = "pocket-dungeon"


def digest(folder: Path) -> dict[str, str]:
    """Every file under `folder`, by its path there, with a SHA-256 of its bytes: two builds compared whole."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _games_in(root: Path) -> list[str]:
    return sorted(p.parent.name for p in (root / "content").glob("*/game.yaml"))


REAL_GAMES = _games_in(ROOT)
FIXTURE_GAMES = _games_in(FIXTURE)
GAMES = REAL_GAMES + FIXTURE_GAMES


def assemble_fixture(target: Path) -> Path:
    """The fixture project in `target`: its content and layouts, and the schemas its files name."""
    shutil.copytree(FIXTURE / "content", target / "content")
    shutil.copytree(FIXTURE / "layouts", target / "layouts")
    shutil.copytree(FIXTURE / "fonts", target / "fonts")
    shutil.copytree(ROOT / "schemas", target / "schemas", ignore=shutil.ignore_patterns(*REAL_GAMES))
    shutil.copytree(FIXTURE / "schemas", target / "schemas", dirs_exist_ok=True)
    return target


def own_copy(root: Path, relative_path: str) -> Path:
    """The project's own copy of a file pnp ships a default of (layouts/common/*, layouts/templates/*), made from
    pnp's when the project has none: how a designer overrides a default, and how tests change one."""
    from pnp.defaults import packaged

    target = root / relative_path
    if not target.exists() and relative_path.startswith(("layouts/common/", "layouts/templates/")):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(packaged() / relative_path, target)
    return target


def images_at(root: Path, dpi: int) -> None:
    """The project's card images drawn at `dpi` (its own copy of pnp's paper.yaml): for tests of which image files a
    build writes, not of their resolution, a ninth of the pixels to draw and compress at 100 dpi."""
    paper = own_copy(root, "layouts/common/paper.yaml")
    text = paper.read_text(encoding="utf-8")
    assert "images:\n  dpi: 300\n" in text
    paper.write_text(text.replace("images:\n  dpi: 300\n", f"images:\n  dpi: {dpi}\n"), encoding="utf-8")


@lru_cache(maxsize=None)
def fixture_root() -> Path:
    """One assembled fixture project per test session (read it; copy it to change it)."""
    folder = Path(tempfile.mkdtemp(prefix="pnp-fixture-"))
    atexit.register(shutil.rmtree, folder, True)
    return assemble_fixture(folder / "project")


def root_of(game_id: str) -> Path:
    """The project that holds a game."""
    return fixture_root() if game_id in FIXTURE_GAMES else ROOT


def committed_root(game_id: str) -> Path:
    """Where a game's files are committed: the repository root, or tests/data/fixture/."""
    return FIXTURE if game_id in FIXTURE_GAMES else ROOT


@lru_cache(maxsize=None)
def validated(game_id: str):
    """A game's project, validated once per test session."""
    from pnp.checks.validate import validate

    project, report = validate(root_of(game_id), game_id)
    assert project is not None, report.to_text()
    return project


def booklet_page_texts(game_id: str, paper: str, folder: Path) -> list[str]:
    """The words of each half-size page of a game's booklet on `paper`, in reading order (before imposition)."""
    from pypdf import PdfReader
    from reportlab.lib.units import mm

    from pnp.render.card_facts import printed_facts
    from pnp.render.rulebook import BOOKLET_PAGES, _write_rulebook
    from pnp.rules.tree import build_reference

    project = validated(game_id)
    ref = build_reference(project.game, None)
    ref.facts = printed_facts(project)
    path = folder / f"{game_id}-{paper}-pages.pdf"
    _write_rulebook(project, ref, BOOKLET_PAGES[paper], 12 * mm, str(path), booklet=True)
    return [page.extract_text() for page in PdfReader(path).pages]


def _once(shared: Path, name: str, make) -> None:
    """`make()` run once into `shared` for the whole test run: the first caller (of any pytest-xdist worker) runs it
    while holding a lock, the others wait for it and read what it wrote. A run that raised is tried again."""
    import fcntl

    shared.mkdir(parents=True, exist_ok=True)
    done = shared / f"{name}.done"  # beside what it made, never in it
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also when make() raises
        if not done.exists():
            make()
            done.write_text(name)


def built_once(game_id: str, shared: Path) -> Path:
    """The folder of the game's files, built with the default options into `shared` (once, see _once)."""
    from pnp.build.game import BuildTarget, build

    def make():
        result, report = build(BuildTarget(root_of(game_id), game_id, shared / game_id))  # an output root of its own
        assert result is not None, report.to_text()

    _once(shared, game_id, make)
    return shared / game_id / game_id


def played_once(game_id: str, shared: Path) -> tuple[int, str, Path]:
    """The game's default playtest, as `pnp playtest GAME --out DIR` plays it (once, see _once): its exit code, what it
    printed, and the folder of its report and charts."""
    from typer.testing import CliRunner

    from pnp.cli import app

    out = shared / game_id

    def make():
        result = CliRunner().invoke(app, ["playtest", game_id, "--root", str(root_of(game_id)), "--out", str(out)])
        (shared / f"{game_id}.output").write_text(result.output)
        (shared / f"{game_id}.exit").write_text(str(result.exit_code))

    _once(shared, game_id, make)
    return int((shared / f"{game_id}.exit").read_text()), (shared / f"{game_id}.output").read_text(), out / "playtest" / game_id


def as_a_user() -> list[str]:
    """The command that runs pnp (`python -m pnp`) as a process file permissions bind: as it is for a user; for root,
    which writes through a chmod 555, as root without the capabilities that pass over permissions (util-linux's
    setpriv). The test is skipped where root cannot drop them."""
    import pytest

    pnp = [sys.executable, "-m", "pnp"]
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return pnp
    drop = [shutil.which("setpriv") or "setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner",
            "--inh-caps", "-all"]
    try:
        dropped = subprocess.run(drop + ["true"], capture_output=True).returncode == 0
    except OSError:  # no setpriv
        dropped = False
    if not dropped:
        pytest.skip("root writes through chmod, and setpriv cannot drop that here")
    return drop + pnp


def private_copy(source: Path, target: Path, monkeypatch) -> Path:
    for name in ("content", "layouts", "fonts"):
        if (source / name).is_dir():
            shutil.copytree(source / name, target / name)
    monkeypatch.chdir(target)
    return target


def walk_legal_moves(engine, state, rng, picks, check_purity=False):
    """Play the moves chosen by `picks` (indices into the legal moves), checking invariants after each.

    Used by the property-based tests of every engine: any legal sequence must keep every invariant.
    """
    for pick in picks:
        if engine.is_terminal(state):
            break
        if engine.is_chance(state):
            action = engine.sample_chance(state, rng)
        else:
            actions = engine.legal_actions(state)
            assert actions, "a non-terminal state without a legal action"
            action = actions[pick % len(actions)]
        snapshot = repr(state) if check_purity else None
        following = engine.apply(state, action)
        if check_purity:
            assert repr(state) == snapshot, "apply changed its input"
        state = following
        engine.check_invariants(state)
    return state


def play_moves(engine, state, *actions, check: bool = True):
    """Moves through an engine's own API, as a player makes them: each must be legal; the invariants hold after
    each (unless check is False). Returns the state."""
    for action in actions:
        assert action in engine.legal_actions(state), (action, engine.legal_actions(state))
        engine.apply_in_place(state, action)
        if check:
            engine.check_invariants(state)
    return state


def placed_images(path) -> list[tuple[int, int, str, tuple[float, float, float, float]]]:
    """Every image a PDF draws: (page number from 0, the image's object number, its colour
    space, its box on the page (x0, y0, x1, y1) in points), following forms (reportlab's symbols) and their
    transformations. An image clipped to a box (cover) reports its whole drawn size."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader, found = PdfReader(path), []

    def times(a, b):  # PDF matrices [a b c d e f]: a then b
        return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
                a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])

    def walk(content, resources, ctm, page):
        stack = []
        for operands, operator in ContentStream(content, reader).operations:
            if operator == b"q":
                stack.append(ctm)
            elif operator == b"Q":
                ctm = stack.pop()
            elif operator == b"cm":
                ctm = times(tuple(float(v) for v in operands), ctm)
            elif operator == b"Do":
                xobject = resources["/XObject"][operands[0]].get_object()
                if xobject["/Subtype"] == "/Image":
                    xs = [ctm[4] + ctm[0] * u + ctm[2] * v for u in (0, 1) for v in (0, 1)]
                    ys = [ctm[5] + ctm[1] * u + ctm[3] * v for u in (0, 1) for v in (0, 1)]
                    found.append((page, xobject.indirect_reference.idnum, str(xobject["/ColorSpace"]),
                                  (min(xs), min(ys), max(xs), max(ys))))
                else:
                    matrix = tuple(float(v) for v in xobject.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                    walk(xobject, xobject.get("/Resources") or resources, times(matrix, ctm), page)

    for number, page in enumerate(reader.pages):
        walk(page.get_contents(), page["/Resources"], (1, 0, 0, 1, 0, 0), number)
    return found
