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
def validated(game_id: str):
    """The real project for one game, validated once per test session."""
    from pnp.validate import validate

    project, report = validate(ROOT, game_id)
    assert project is not None, report.to_text()
    return project


@pytest.fixture
def em_project():
    return validated("escape-master")


@pytest.fixture
def em_engine(em_project):
    return em_project.game.plugin.engine(em_project.game)


@pytest.fixture
def se_project():
    return validated("saucer-escape")


@pytest.fixture
def se_engine(se_project):
    return se_project.game.plugin.engine(se_project.game)


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
