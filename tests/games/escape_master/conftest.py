import pytest
from helpers import validated


@pytest.fixture
def em_project():
    return validated("escape-master")


@pytest.fixture
def em_engine(em_project):
    from pnp.games.escape_master.engine import EscapeMasterEngine

    return EscapeMasterEngine.from_game(em_project.game)
