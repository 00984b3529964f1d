"""Fixtures shared by every test: private copies of the projects (see helpers.py), and each game built once."""
import gc
import os
import sys

import pytest

if os.environ.get("PYTEST_XDIST_WORKER"):
    # pytest-xdist runs a worker per core already: a build or playtest in a test draws and plays in the worker's own
    # process (pnp.core.processes), rather than each forking a process per core too and crowding the cores (the suite
    # took a fifth more CPU so). Tests of the drawing and playing workers ask for them with PNP_JOBS themselves.
    os.environ["PNP_JOBS"] = "1"
from helpers import FIXTURE_GAME, ROOT, built_once, fixture_root, played_once, private_copy, validated


def pytest_configure(config):
    """A test process lives long and holds much (validated projects, PDFs read back, the modules of every game), and
    Python's cycle collector walks all of it each time enough objects were made: at its default thresholds a tenth
    of the suite's CPU went on walking what was still alive. Collections come rarer here; none is skipped."""
    gc.set_threshold(50_000, 20, 50)


def pytest_collection_finish(session):
    """What collection made (the test modules, the projects validated to parametrize tests) lives for the run: it is
    set aside from the cycle collector's walks. Hypothesis is loaded first: its plugins register PRNGs (trio's) and
    check, by looking for their referrers, that they will live, which objects set aside would hide."""
    import hypothesis  # noqa: F401

    gc.freeze()


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config):
    """A pytest-xdist worker has sent every result (and its session's end) to the controller by now. What was left
    kept the controller waiting seconds: pytest's own clean-up walks the worker's heap (some gigabyte and a half by
    the end of a run) once more for unraisable exceptions it could no longer report, and the interpreter then frees
    that heap object by object. The worker leaves at once instead: the operating system takes its memory back whole.
    Its exit handlers run first (they remove the session's fixture project, tests/helpers.py: fixture_root)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        import atexit

        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A private copy of the real content/ and layouts/, with the working directory inside it."""
    return private_copy(ROOT, tmp_path, monkeypatch)


@pytest.fixture
def fixture_project(tmp_path, monkeypatch):
    """A private copy of the fixture project, with the working directory inside it."""
    return private_copy(fixture_root(), tmp_path, monkeypatch)


@pytest.fixture
def fx():
    """The fixture game, validated: what renderer and imposition tests draw."""
    return validated(FIXTURE_GAME)


@pytest.fixture(scope="session")
def built_game(tmp_path_factory):
    """`built_game(game_id)`: the folder of the game's files as `pnp build GAME` writes them, built once for the
    whole run, for the tests that only read them (never write there: copy it first). Under pytest-xdist every
    worker shares one build of each game (the run's temporary folder is theirs in common)."""
    return lambda game_id: built_once(game_id, _shared(tmp_path_factory) / "built-once")


@pytest.fixture(scope="session")
def default_playtest(tmp_path_factory):
    """`default_playtest(game_id)`: (exit code, output, report folder) of `pnp playtest GAME`, the game's default
    playtest, played once for the whole run (shared by pytest-xdist workers as built_game is)."""
    return lambda game_id: played_once(game_id, _shared(tmp_path_factory) / "played-once")


def _shared(tmp_path_factory):
    """The run's temporary folder: under pytest-xdist, the folder above each worker's, which they all share."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def _read_each_pdf_font_once() -> None:
    """pypdf reads a font's encoding and its ToUnicode map again for every page and every form that uses the font,
    and a card sheet or a rulebook uses a few fonts on hundreds of pages and forms: most of the time the tests spend
    reading text back from PDFs. The reading is a function of the font's dictionary, so each font object's result
    is kept (as long as the object lives) and each caller gets copies of it, as from a fresh reading."""
    import weakref

    from pypdf.generic import _font

    read = _font.get_encoding
    known: dict[int, tuple] = {}

    def get_encoding(font):
        entry = known.get(id(font))
        if entry is None or entry[0]() is not font:  # a new object, or another one at a freed object's address
            entry = known[id(font)] = (weakref.ref(font), read(font))
        encoding, character_map = entry[1]
        return (encoding.copy() if isinstance(encoding, dict) else encoding), character_map.copy()

    _font.get_encoding = get_encoding


_read_each_pdf_font_once()
