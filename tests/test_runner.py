"""The playout runner, on every game with an engine: many processes give one answer, and coverage
keeps the earliest witness of every key."""
import pytest
from helpers import GAMES, validated

from pnp.engine import runner
from pnp.engine.coverage import Coverage
from pnp.engine.runner import GameSpec, play, play_many, policy_table

SEEDS = [17, 3, 11, 3, 29, 5, 23, 2, 19, 7, 13, 31, 1, 37, 41, 43, 47, 53, 59, 61, 67, 71]  # out of order, one repeated
# A 2200 game is a whole campaign, ten times the moves of the others: eight of them, the first eight tables of its
# cycle (every kind of player), at seeds whose campaigns are short, still out of order with one repeated.
SEEDS_OF = {"2200-escaping-earth": [67, 71, 41, 61, 19, 71, 11, 2]}


def _engine_and_specs(game_id):
    project = validated(game_id)
    if not project.game.plugin.has_engine:
        pytest.skip(f"{game_id} has no engine")
    plan = project.game.plugin.playtest_plan()
    setups = plan.setups(project.game, None)
    specs = [GameSpec(seed, setup.players, setup.options) for seed, setup in zip(SEEDS_OF.get(game_id, SEEDS), setups)]
    return plan.engine(project.game, None), plan.policy_table, specs


@pytest.mark.parametrize("game_id", GAMES)
def test_play_many_is_the_same_on_any_number_of_processes(game_id, monkeypatch):
    monkeypatch.setattr(runner, "MIN_SPECS_SHARED", 2)  # worker processes for fewer games than a playtest would start them for
    engine, table, specs = _engine_and_specs(game_id)
    alone, alone_coverage = play_many(engine, table, specs, processes=1, check=False)
    shared, shared_coverage = play_many(engine, table, specs, processes=2, check=False)
    assert [p.result.scores for p in alone] == [p.result.scores for p in shared]
    assert [p.steps for p in alone] == [p.steps for p in shared]
    assert alone_coverage.cards == shared_coverage.cards and alone_coverage.words == shared_coverage.words
    assert alone_coverage.witnesses == shared_coverage.witnesses


@pytest.mark.parametrize("game_id", GAMES)
def test_a_witness_is_the_earliest_game_and_round(game_id):
    """Counted into one table in any order, each key's witness is the smallest (seed, round) of the games
    where it happened, as found by playing every game on its own."""
    engine, table, specs = _engine_and_specs(game_id)
    policies = policy_table(table)
    shared = Coverage()
    earliest: dict = {}
    for spec in specs:
        seats = [policies[p] for p in spec.players]
        play(engine, spec.seed, seats, check=False, coverage=shared, **dict(spec.options))
        own = play(engine, spec.seed, seats, check=False, **dict(spec.options)).coverage
        for key, where in own.witnesses.items():
            earliest[key] = min(earliest.get(key, where), where)
    assert shared.witnesses == earliest
    assert sum(shared.cards.values()) > 0


def test_the_cycle_collector_is_paused_inside_and_left_as_it_was_found():
    import gc

    from pnp.core.collector import cycle_collector_paused

    assert gc.isenabled()
    with cycle_collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with cycle_collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # a caller that had paused it keeps it paused
    finally:
        gc.enable()
