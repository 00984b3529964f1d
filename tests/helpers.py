"""Helpers for every test module. Projects the tests run on: the real one (content/, layouts/) and the fixture game's.

The fixture game (tests/data/fixture/) is content and layouts only, with no
Python package; `fixture_root()` makes it a project of its own (pnp's packaged
layouts/common and rule templates serve it, as they serve any project), so it
runs through exactly the code the real games do. Every game found in either project is in GAMES,
and the generic tests (test_games.py, test_cases.py) run over all of them.
"""
import atexit
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
FIXTURE = DATA / "fixture"
FIXTURE_GAME = "pocket-dungeon"


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
    from pnp.validate import validate

    project, report = validate(root_of(game_id), game_id)
    assert project is not None, report.to_text()
    return project


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
