import pytest
from helpers import validated


@pytest.fixture
def se_project():
    return validated("saucer-escape")


@pytest.fixture
def se_engine(se_project):
    from pnp.games.saucer_escape.engine import SaucerEngine

    return SaucerEngine.from_game(se_project.game)
