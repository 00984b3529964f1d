import shutil
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A private copy of content/ and layouts/, with the working directory inside it."""
    for name in ("content", "layouts"):
        shutil.copytree(ROOT / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@lru_cache(maxsize=None)
def _validated():
    from pnp.validate import validate

    project, report = validate(ROOT, "escape-master")
    assert project is not None, report.to_text()
    return project


@pytest.fixture
def em_project():
    """The real Escape Master project, validated once per test session."""
    return _validated()


@pytest.fixture
def em_engine(em_project):
    from pnp.games.escape_master.engine import EscapeMasterEngine

    return EscapeMasterEngine.from_game(em_project.game)


@lru_cache(maxsize=None)
def _saucer():
    from pnp.validate import validate

    project, report = validate(ROOT, "saucer-escape")
    assert project is not None, report.to_text()
    return project


@pytest.fixture
def se_project():
    return _saucer()


@pytest.fixture
def se_engine(se_project):
    from pnp.games.saucer_escape.engine import SaucerEngine

    return SaucerEngine.from_game(se_project.game)
