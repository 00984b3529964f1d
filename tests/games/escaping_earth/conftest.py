import pytest
from helpers import validated


@pytest.fixture
def ee_project():
    return validated("2200-escaping-earth")


@pytest.fixture(scope="module")
def engine():
    from pnp.games.escaping_earth.engine import EscapingEarthEngine

    return EscapingEarthEngine.from_game(validated("2200-escaping-earth").game)
