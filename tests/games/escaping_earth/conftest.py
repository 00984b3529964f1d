import pytest
from helpers import validated


@pytest.fixture
def ee_project():
    return validated("2200-escaping-earth")
