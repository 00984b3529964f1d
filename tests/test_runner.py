"""The playout runner: many games on many processes give one answer, and coverage keeps the earliest witness."""
from pnp.engine.coverage import Coverage
from pnp.engine.runner import GameSpec, play, play_many, random_kind_policy

TABLE = "pnp.games.saucer_escape.policies.POLICIES"
SEEDS = [17, 3, 11, 3, 29, 5, 23, 2, 19, 7, 13, 31, 1, 37, 41, 43, 47, 53, 59, 61, 67, 71]  # out of order, one repeated


def _specs():
    return [GameSpec(seed, ("random" if i % 2 else "greedy",)) for i, seed in enumerate(SEEDS)]


def test_play_many_is_the_same_on_any_number_of_processes(se_engine):
    alone, alone_coverage = play_many(se_engine, TABLE, _specs(), processes=1, check=False)
    shared, shared_coverage = play_many(se_engine, TABLE, _specs(), processes=2, check=False)
    assert [p.result.scores for p in alone] == [p.result.scores for p in shared]
    assert [p.steps for p in alone] == [p.steps for p in shared]
    assert alone_coverage.cards == shared_coverage.cards
    assert alone_coverage.witnesses == shared_coverage.witnesses


def test_a_witness_is_the_earliest_game_and_round(se_engine):
    """Counted into one table in any order, each key's witness is the smallest (seed, round) of the games
    where it happened, as found by playing every game on its own."""
    from pnp.games.saucer_escape.policies import POLICIES

    shared = Coverage()
    earliest: dict = {}
    for spec in _specs():
        policy = [POLICIES[spec.players[0]]]
        play(se_engine, spec.seed, policy, check=False, coverage=shared)
        own = play(se_engine, spec.seed, policy, check=False).coverage
        for key, where in own.witnesses.items():
            earliest[key] = min(earliest.get(key, where), where)
    assert shared.witnesses == earliest
    assert sum(shared.cards.values()) > 0


def test_the_round_of_a_witness_is_where_the_key_first_happened(se_engine):
    playout = play(se_engine, 5, [random_kind_policy])
    assert playout.result.rounds >= 7
    for seed, turn in playout.coverage.witnesses.values():
        assert seed == 5 and 0 <= turn <= playout.result.rounds
    for turn in range(1, 8):  # the Turn Record box of a turn is darkened on that turn
        assert playout.coverage.witnesses[f"box:turn{turn}"] == (5, turn)
