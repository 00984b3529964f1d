"""Fixtures shared by every test: private copies of the projects (see helpers.py)."""
import pytest
from helpers import FIXTURE_GAME, ROOT, fixture_root, private_copy, validated


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
