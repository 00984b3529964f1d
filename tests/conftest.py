"""Fixtures shared by every test: private copies of the projects (see helpers.py), and each game built once."""
import os

import pytest
from helpers import FIXTURE_GAME, ROOT, built_once, fixture_root, played_once, private_copy, validated


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
