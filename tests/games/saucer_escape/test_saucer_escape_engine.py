"""Saucer Escape's rules: the seed's assault example, scoring, the track rules, replays."""
import random

import pytest
from helpers import walk_legal_moves
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.engine.machine import OptionsError
from pnp.engine.runner import play
from pnp.games.saucer_escape.catalog import HIVEMIND
from pnp.games.saucer_escape.policies import POLICIES, at
from pnp.games.saucer_escape.records import Hit
from pnp.games.saucer_escape.tracks import raisable


def set_up(engine, dice=(1, 2, 3), unlock=0):
    """A game after set-up, reached by engine actions: set-up dice, numbering, one ability per crew member.
    The next step is the first turn's roll."""
    state = engine.initial_state(random.Random(0))
    engine.apply_in_place(state, ("dice", dice))
    engine.apply_in_place(state, ("setup", dice))
    while state.pending:
        engine.apply_in_place(state, ("unlock", unlock))
    assert engine.is_chance(state) and state.round == 1
    return state


def to_free_phase(engine, state, dice=(1, 2, 4, 6), mapping=("waste",) * 4):
    engine.apply_in_place(state, ("dice", dice))
    engine.apply_in_place(state, ("assign", mapping))
    while engine.legal_actions(state) and state.pending:
        engine.apply_in_place(state, engine.legal_actions(state)[0])
    assert at(state) == "free" and not engine.is_chance(state)
    return state


def devourer_row(engine):
    return next(i for i, e in enumerate(engine.catalog.enemies) if e.id == "devourer")


def devourer_facing_the_crew(engine, unarmed=False, unlock=0):
    """The seed's example enemy, 5 Life and 3 Power boxes dark, its entrance explored."""
    state = to_free_phase(engine, set_up(engine, unlock=unlock))
    row = devourer_row(engine)
    state.life[row], state.power[row] = 5, 3
    state.explored.add(engine.catalog.entrances[row])
    if unarmed:
        state.gear = dict.fromkeys(state.gear, 0)
    return state, row


def test_seed_assault_example(se_engine):
    """Devourer: +2 Life bonus, 5 Life boxes, die 3 -> 10 to hit; +2 Power bonus, 3 Power boxes -> 5 hits."""
    engine = se_engine
    state, row = devourer_facing_the_crew(engine, unarmed=True)  # no shields, so every hit lands
    state = engine.apply(state, ("assault", row))
    state = engine.apply(state, ("die", 3))
    state = engine.apply(state, ("lock",))
    assert state.assault.target == 10
    state = engine.apply(state, ("dice", (4, 5)))
    state = engine.apply(state, ("strike",))
    assert state.assault.killed is False and state.assault.total == 9
    assert state.assault.hits == 5 and state.pending[-1] == Hit(hits=5)  # nothing to lower them: they land


def test_shields_and_lasguns_count(se_engine):
    engine = se_engine
    state, row = devourer_facing_the_crew(engine)
    state.items["medkit"] = 1  # so the hits wait for a choice
    for action in (("assault", row), ("die", 3), ("lock",), ("dice", (4, 5)), ("strike",)):
        state = engine.apply(state, action)
    # the crew starts with 2 Lasguns (Deckard, Rico) and 2 Shields (Rico, TA3-3M); the Devourer's
    # Life 5 and Power 3 box in the crossed-out Lasgun at column 3, so only one Lasgun counts
    assert state.assault.total == 9 + 2 - 1 and state.assault.killed is True
    assert "icon:devourer.between.3:NEG_LASGUN" in state.resolved
    assert state.assault.hits == 5  # the strike-back; the two Shields count when the hits are taken
    state = engine.apply(state, ("take",))
    assert state.pending[-1] == Hit(hits=5 - 2)


def test_negation_icons_switch_off_items(se_engine):
    engine = se_engine
    state = set_up(engine)
    row = devourer_row(engine)  # NEG_LASGUN between column 3, NEG_SHIELD at column 7
    state.life[row], state.power[row] = 3, 3
    assert state.negated(engine.catalog, row, "lasgun") == 1 and state.negated(engine.catalog, row, "shield") == 0
    state.power[row] = 2
    assert state.negated(engine.catalog, row, "lasgun") == 0  # not sandwiched any more


def test_life_and_power_stay_within_two(se_engine):
    engine = se_engine
    state = set_up(engine)
    state.life[0], state.power[0] = 4, 2
    assert raisable(state, engine.catalog, 0) == ["power"]
    state.power[0] = 4
    assert raisable(state, engine.catalog, 0) == ["life", "power"]


def test_doubles_fuel_the_pod_once_per_turn(se_engine):
    engine = se_engine
    state = set_up(engine)
    to_free_phase(engine, state, dice=(3, 3, 3, 5))
    assert state.pod == 1
    engine.apply_in_place(state, ("end_turn",))
    to_free_phase(engine, state, dice=(1, 2, 4, 6))
    assert state.pod == 1


def test_dice_only_touch_their_numbered_track(se_engine):
    engine = se_engine
    state = set_up(engine, dice=(2, 5, 1))  # enemies numbered from 2, rewards from 5
    assert state.enemy_numbers == [2, 3, 4, 5, 6, 1] and state.reward_numbers == [5, 6, 1, 2, 3, 4]
    to_free_phase(engine, state, dice=(2, 6, 1, 4), mapping=("enemy-life", "location", "reward", "waste"))
    assert state.life[0] == 1  # die 2 -> the enemy numbered 2 (top row)
    assert state.location[4] == 1  # die 6 -> the Location of the enemy numbered 6 (row 5)
    assert state.reward[2] == 1  # die 1 -> the Reward track numbered 1 (third row)


def test_scoring_on_a_hand_built_end_state(se_engine):
    engine = se_engine
    state = set_up(engine)
    state.killed = [True, True, False, False, False, False, True]
    state.life[0], state.power[0], state.life[1], state.power[1] = 4, 3, 2, 2
    state.life[HIVEMIND], state.power[HIVEMIND] = 1, 2
    state.reward, state.collected = [3, 2, 6, 0, 0, 0], [True, False, True, False, False, False]
    state.artifacts, state.round, state.dead, state.escaped = 9, 25, [False, True, False, False], True
    points = engine.score(state)
    assert points == {"killed_enemy_boxes": 4 + 3 + 2 + 2 + 1 + 2, "collected_reward_boxes": 3 + 6, "hivemind_killed": 10,
                      "artifacts": 2, "turns_left": 5, "crew_killed": -5}
    assert engine.result(state).scores == [14 + 9 + 10 + 2 + 5 - 5]


def test_doors_cost_keycards(se_engine):
    engine = se_engine
    catalog = engine.catalog
    state = set_up(engine, unlock=0)  # Medic's Interlock Hack stays locked
    door = next(cell for cell, ch in catalog.grid.items() if ch == "r")
    state.explored |= {n for n in catalog.grid if abs(n[0] - door[0]) + abs(n[1] - door[1]) == 1}
    engine.apply_in_place(state, ("dice", (1, 2, 4, 6)))
    engine.apply_in_place(state, ("assign", ("recon", "waste", "waste", "waste")))
    assert at(state) == "Recon"
    assert not any(a[0] == "explore" and a[1] == door for a in engine.legal_actions(state))
    state.items["red_keycard"] = 1
    state = engine.apply(state, ("explore", door, "key"))
    assert door in state.explored and state.items["red_keycard"] == 0


def test_options_are_typed_and_checked(se_engine):
    """Saucer Escape has no options: a misspelt one is an error, not a silent default."""
    assert se_engine.options().items() == ()
    with pytest.raises(OptionsError, match="no option 'dificulty'"):
        se_engine.options(dificulty="red")


def test_same_seed_same_game(se_engine):
    first = play(se_engine, 11, [POLICIES["greedy"]], keep_trace=True)
    second = play(se_engine, 11, [POLICIES["greedy"]], keep_trace=True)
    assert first.trace == second.trace and first.result.scores == second.result.scores


@pytest.mark.parametrize("player", sorted(POLICIES))
def test_every_player_finishes_games(se_engine, player):
    for seed in range(5):
        playout = play(se_engine, seed, [POLICIES[player]])
        assert playout.result.rounds <= se_engine.catalog.turns


def test_greedy_player_can_win(se_engine):
    results = [play(se_engine, seed, [POLICIES["greedy"]]).result for seed in range(80)]
    assert any(r.winners for r in results), "the sheet should be winnable"
    assert not all(r.winners for r in results), "and not easy"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10_000), min_size=100, max_size=600))
def test_any_legal_sequence_keeps_every_invariant(se_engine, seed, picks):
    rng = random.Random(seed)
    walk_legal_moves(se_engine, se_engine.initial_state(rng), rng, picks, check_purity=True)


def test_the_round_of_a_witness_is_the_turn_where_the_key_first_happened(se_engine):
    from pnp.engine.runner import random_kind_policy

    playout = play(se_engine, 5, [random_kind_policy])
    assert playout.result.rounds >= 7
    for seed, turn in playout.coverage.witnesses.values():
        assert seed == 5 and 0 <= turn <= playout.result.rounds
    for turn in range(1, 8):  # the Turn Record box of a turn is darkened on that turn
        assert playout.coverage.witnesses[f"box:turn{turn}"] == (5, turn)
