"""Golden playthroughs: a seeded game stored as text and replayed on every run.

A rules change that alters play shows up here as a readable diff. After a
deliberate change, refresh the files with:  PNP_UPDATE_GOLDEN=1 make test
"""
import os
from pathlib import Path

import pytest

from pnp.games.escape_master.playtest import golden_trace

GOLDEN = Path(__file__).parent / "data" / "golden"


@pytest.mark.parametrize("seed,players", [(7, 3), (21, 5)])
def test_escape_master_golden_playthrough(em_project, seed, players):
    path = GOLDEN / f"escape-master-seed{seed}-{players}p.txt"
    trace = golden_trace(em_project.game, seed, players)
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        path.write_text(trace)
    assert path.exists(), "no golden file yet: run PNP_UPDATE_GOLDEN=1 make test"
    expected = path.read_text()
    assert trace == expected, f"{path.name} changed; if the rules change was deliberate, refresh with PNP_UPDATE_GOLDEN=1"
