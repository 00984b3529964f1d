"""Saucer Escape by the book: each rule the seed states, replayed through the engine's own API.
Seed: shared/seeds/004 (the Event Table, re-rolls, the hits order, track limits, doubles, scoring)."""
import pytest
from test_saucer_escape_engine import devourer_facing_the_crew, set_up, to_free_phase

from pnp.engine.api import InvariantError
from pnp.games.saucer_escape.catalog import HIVEMIND
from pnp.games.saucer_escape.policies import at
from pnp.games.saucer_escape.records import Hit, RollEvent

DECKARD, QUAID, RICO, MEDIC = range(4)


def event_cell(engine):
    return next(cell for cell, ch in engine.catalog.grid.items() if ch == "E")


def start_event(engine, state):
    """An Event box explored: its two dice are rolled next (a chance step)."""
    state.queue.append(RollEvent(cell=event_cell(engine)))
    engine.settle(state)
    assert engine.is_chance(state)


def roll_event(engine, state, dice):
    """An event whose dice fall as `dice` and stand."""
    start_event(engine, state)
    engine.apply_in_place(state, ("dice", dice))
    while state.pending and not engine.is_chance(state) and ("accept",) in engine.legal_actions(state):
        engine.apply_in_place(state, ("accept",))


def no_gear(state):
    state.gear = dict.fromkeys(state.gear, 0)


def test_event_4_erases_an_escape_pod_box(se_engine):
    """"Reduce the Escape Pod track by 1": the fuel found is lost, a dark box is erased."""
    engine = se_engine
    state = to_free_phase(engine, set_up(engine))
    state.pod = 3
    roll_event(engine, state, (1, 3))
    assert state.pod == 2 and "event:4" in state.resolved
    roll_event(engine, state, (2, 2))
    roll_event(engine, state, (3, 1))
    roll_event(engine, state, (1, 3))
    assert state.pod == 0  # never below the first box
    assert "event:4" in state.played and "event:4" not in state.resolved  # nothing left to erase: no effect


def test_an_event_roll_can_be_rerolled_or_changed_before_it_counts(se_engine):
    """Re-rolls are allowed "any time you roll any die, for any reason": the Event Table's two dice too."""
    engine = se_engine
    state = to_free_phase(engine, set_up(engine, unlock=0))  # Quick Thinking and Good Intel unlocked
    state.artifacts = 2
    start_event(engine, state)
    engine.apply_in_place(state, ("dice", (1, 1)))  # 2: Hot Plasma, a hit
    moves = engine.legal_actions(state)
    assert ("accept",) in moves and ("reroll-event", 0, "artifact") in moves and ("modify-event", 0, 1) in moves
    engine.apply_in_place(state, ("reroll-event", 0, "artifact"))
    assert state.artifacts == 1 and engine.is_chance(state)
    engine.apply_in_place(state, ("die", 6))  # the re-rolled die
    engine.apply_in_place(state, ("accept",))
    assert "event:7" in state.played  # 6 + 1: Amelia Earhart's Body, not Hot Plasma


def test_the_die_an_event_rolls_can_be_rerolled_too(se_engine):
    engine = se_engine
    state = to_free_phase(engine, set_up(engine))
    state.artifacts = 1
    roll_event(engine, state, (1, 2))  # 3: Falling Debris rolls one more die
    assert engine.is_chance(state)
    engine.apply_in_place(state, ("die", 2))  # every crew member would take a hit
    assert ("reroll-event", 0, "artifact") in engine.legal_actions(state)
    engine.apply_in_place(state, ("reroll-event", 0, "artifact"))
    engine.apply_in_place(state, ("die", 5))
    engine.apply_in_place(state, ("accept",))
    assert state.wounds == [0, 0, 0, 0]


def overcharge_state(engine):
    """Rico with his one Shield, Shield Overcharge unlocked; the Devourer strikes back for 5."""
    state = set_up(engine, unlock=1)  # everyone's second ability: Rico's is Shield Overcharge
    state = to_free_phase(engine, state)
    row = next(i for i, e in enumerate(engine.catalog.enemies) if e.id == "devourer")
    state.life[row], state.power[row] = 5, 3
    state.explored.add(engine.catalog.entrances[row])
    no_gear(state)
    state.gear[RICO, "shield"] = 1
    for action in (("assault", row), ("die", 6), ("lock",), ("dice", (1, 1)), ("strike",)):
        engine.apply_in_place(state, action)
    return state


def hits_landed(engine, state, on=DECKARD):
    landed = 0
    while state.pending and isinstance(state.pending[-1], Hit):
        engine.apply_in_place(state, ("target", on))
        landed += 1
    return landed


def test_shields_count_after_abilities_and_an_overcharged_shield_is_gone(se_engine):
    """Sum the Power (5), take away abilities (Overcharge: 2, burning Rico's Shield), then Shields (none left): 3."""
    engine = se_engine
    state = overcharge_state(engine)
    engine.apply_in_place(state, ("overcharge",))  # nothing else could lower the hits: they are taken at once
    assert hits_landed(engine, state) == 3 and state.gear[RICO, "shield"] == 0


def test_without_abilities_a_shield_takes_one_hit(se_engine):
    engine = se_engine
    state = overcharge_state(engine)
    engine.apply_in_place(state, ("take",))
    assert hits_landed(engine, state) == 4 and state.gear[RICO, "shield"] == 1


def test_a_kill_counts_even_when_the_strike_back_wipes_out_the_crew(se_engine):
    engine = se_engine
    state, row = devourer_facing_the_crew(engine, unarmed=True)
    for i in range(4):
        state.wounds[i] = state.max_life(engine.catalog, i) - 1  # one Life left each
    for action in (("assault", row), ("die", 1), ("lock",), ("dice", (6, 6)), ("strike",)):
        engine.apply_in_place(state, action)
    while not state.over:
        engine.apply_in_place(state, engine.legal_actions(state)[0])
    assert all(state.dead) and state.killed[row]
    assert engine.score(state)["killed_enemy_boxes"] == 5 + 3


def test_risky_move_never_leaves_an_enemy_three_apart(se_engine):
    """Life and Power are never more than 2 apart: lowering the smaller one of 4 and 2 is not allowed."""
    engine = se_engine
    state = to_free_phase(engine, set_up(engine, unlock=1))  # Deckard's Risky Move
    state.life[0], state.power[0] = 4, 2
    moves = engine.legal_actions(state)
    assert ("risky", 0, "life") in moves and ("risky", 0, "power") not in moves


def test_the_invariants_catch_tracks_three_apart(se_engine):
    engine = se_engine
    state = set_up(engine)
    state.life[2], state.power[2] = 4, 1
    with pytest.raises(InvariantError):
        engine.check_invariants(state)


def test_good_intel_does_not_make_doubles(se_engine):
    """The pod advances "if you roll doubles": a die moved by Good Intel was not rolled that way."""
    engine = se_engine
    state = set_up(engine, unlock=0)  # Quaid's Good Intel
    engine.apply_in_place(state, ("dice", (1, 2, 4, 6)))
    engine.apply_in_place(state, ("modify", 1, -1))  # 2 -> 1: (1, 1, 4, 6)
    engine.apply_in_place(state, ("assign", ("waste",) * 4))
    assert state.pod == 0


def test_a_rerolled_pair_is_rolled_doubles(se_engine):
    """Re-rolls may be bought "any time you roll any die": a re-roll is a roll, and a pair it makes counts."""
    engine = se_engine
    state = set_up(engine)
    state.artifacts = 1
    engine.apply_in_place(state, ("dice", (1, 2, 4, 6)))
    engine.apply_in_place(state, ("reroll", 1, "artifact"))
    engine.apply_in_place(state, ("die", 4))  # rolled: (1, 4, 4, 6)
    assert state.pod == 1


def test_doubles_fuel_the_pod_at_once_and_a_reroll_cannot_undo_it(se_engine):
    """On doubles, "immediately darken" the next pod box: it is dark before any re-roll, and stays dark."""
    engine = se_engine
    state = set_up(engine)
    state.artifacts = 2
    engine.apply_in_place(state, ("dice", (3, 3, 5, 6)))
    assert state.pod == 1 and at(state) == "AssignDice"  # before the dice are assigned or re-rolled
    engine.apply_in_place(state, ("reroll", 0, "artifact"))
    engine.apply_in_place(state, ("die", 1))  # the pair is broken: (1, 3, 5, 6)
    engine.apply_in_place(state, ("reroll", 2, "artifact"))
    engine.apply_in_place(state, ("die", 6))  # a new pair, the same turn: still one box a turn
    assert state.pod == 1


def test_self_sacrifice_ignores_hits_in_pairs_rico_takes(se_engine):
    """"For every 2 hits Rico receives, ignore 2": with a single hit left there is no pair to take."""
    engine = se_engine
    state = set_up(engine, unlock=2)  # Rico's Self-Sacrifice
    state = to_free_phase(engine, state)
    row = next(i for i, e in enumerate(engine.catalog.enemies) if e.id == "abductor")  # Power bonus +1
    state.explored.add(engine.catalog.entrances[row])
    no_gear(state)
    state.items["medkit"] = 1  # so the hits wait for a choice
    for action in (("assault", row), ("die", 6), ("lock",), ("dice", (1, 1)), ("strike",)):
        engine.apply_in_place(state, action)
    assert state.assault.hits == 1 and ("self-sacrifice",) not in engine.legal_actions(state)


def test_self_sacrifice_with_three_hits(se_engine):
    engine = se_engine
    state = set_up(engine, unlock=2)
    state = to_free_phase(engine, state)
    row = next(i for i, e in enumerate(engine.catalog.enemies) if e.id == "abductor")
    state.power[row] = 2  # +1 bonus: 3 hits
    state.explored.add(engine.catalog.entrances[row])
    no_gear(state)
    for action in (("assault", row), ("die", 6), ("lock",), ("dice", (1, 1)), ("strike",), ("self-sacrifice",)):
        engine.apply_in_place(state, action)
    assert state.wounds[RICO] == 2 and at(state) == "AfterMiss"  # Rico took 2, the third was ignored


def test_rapid_fire_may_be_used_again_in_the_same_assault(se_engine):
    """Abilities are used "as many times as you wish or are able": only Predictive Model says once per
    assault, so Rico with two Lasguns may fire rapidly once per Power box he has."""
    engine = se_engine
    state, row = devourer_facing_the_crew(engine, unarmed=True)  # everyone's first ability: Rico's Rapid Fire
    state.gear[RICO, "lasgun"] = 2
    for action in (("assault", row), ("die", 3), ("lock",), ("dice", (2, 2))):
        engine.apply_in_place(state, action)
    for _ in range(engine.catalog.crew[RICO].power):
        assert ("rapid-fire",) in engine.legal_actions(state)
        engine.apply_in_place(state, ("rapid-fire",))
    assert ("rapid-fire",) not in engine.legal_actions(state)  # out of Power
    assert state.assault.bonus == engine.catalog.crew[RICO].power


def test_an_arrow_raises_its_enemy_before_the_next_die_is_used(se_engine):
    """Darkening an arrow box, you "must increase" that enemy's track, and a claw "immediately" raises the
    Hivemind: the raise comes before the turn's next die goes on its track."""
    engine = se_engine
    state = set_up(engine, dice=(1, 2, 3))  # enemy rows numbered from 1: the Biosphere is Location 1
    biosphere = 0
    state.location[biosphere] = 2  # its third box has an arrow
    engine.apply_in_place(state, ("dice", (1, 1, 5, 6)))
    engine.apply_in_place(state, ("assign", ("location", "enemy-life", "waste", "waste")))
    assert at(state) == "Raise" and state.pending[-1].row == biosphere
    assert state.life[biosphere] == 0  # the Enemy die has not been used yet
    engine.apply_in_place(state, ("raise", "power"))
    assert (state.life[biosphere], state.power[biosphere]) == (1, 1)  # then the Enemy die went on Life


def test_the_hivemind_has_tracks_as_long_as_every_enemy(se_engine):
    """The sheet lists the Hivemind as one more enemy row (its own Life and Power bonuses, +3 and +3): its
    tracks are as long as the other enemies', so claws can build it up over a whole game."""
    catalog = se_engine.catalog
    hivemind = catalog.enemies[HIVEMIND]
    assert (hivemind.life_bonus, hivemind.power_bonus) == (3, 3)
    assert {(e.life_len, e.power_len) for e in catalog.enemies} == {(8, 8)}


def test_the_hivemind_lair_opens_only_after_a_leader_falls(se_engine):
    """Five of the seven Locations need a door; this edition's lair door is blue, and blue keycards come only
    from Reward tracks, paid when a leader dies: the Hivemind is met after a leader, never on turn 1."""
    catalog = se_engine.catalog
    assert catalog.grid[catalog.entrances[HIVEMIND]] == "b"
    assert sum(catalog.grid[cell] in "rb" for cell in catalog.entrances) == 5
    assert not any(effect[1] == "blue_keycard" for row in catalog.events.values() for effect in row)


def test_the_recon_die_may_be_resolved_before_the_others(se_engine):
    """The seed only advises exploring last: a player may explore first, and then the Events it finds come
    before the other dice are used."""
    engine = se_engine
    state = set_up(engine, dice=(1, 2, 3))
    engine.apply_in_place(state, ("dice", (2, 2, 5, 6)))
    engine.apply_in_place(state, ("assign", ("recon", "location", "waste", "waste")))
    assert {("recon-first",), ("recon-last",)} <= set(engine.legal_actions(state))
    engine.apply_in_place(state, ("recon-first",))
    assert at(state) == "Recon" and sum(state.location) == 0  # the Location die waits
    engine.apply_in_place(state, ("stop",))
    assert sum(state.location) == 1 and at(state) == "free"


def test_the_hivemind_can_be_assaulted_once_its_entrance_is_dark(se_engine):
    """The seed's only condition for an assault is an explored entrance; killing the leaders first is no rule."""
    engine = se_engine
    state = to_free_phase(engine, set_up(engine))
    state.explored.add(engine.catalog.entrances[HIVEMIND])
    assert ("assault", HIVEMIND) in engine.legal_actions(state)


def test_turns_left_score_only_for_an_escape(se_engine):
    """This edition's rule (clar-turns-left): a crew that dies on turn 3 did not end the mission early by
    choice, so it scores no points for unplayed turns."""
    engine = se_engine
    state = set_up(engine)
    state.round, state.dead, state.over = 3, [True] * 4, True
    assert engine.score(state)["turns_left"] == 0
    state.dead, state.escaped = [False] * 4, True
    assert engine.score(state)["turns_left"] == engine.catalog.turns - 3


def test_good_intel_may_raise_the_recon_die_while_exploring(se_engine):
    """During exploration you may use "any Crew Abilities" on the Recon die: Good Intel's +1 is one more box."""
    engine = se_engine
    state = set_up(engine, unlock=0)  # Quaid's Good Intel
    engine.apply_in_place(state, ("dice", (1, 2, 4, 6)))
    engine.apply_in_place(state, ("assign", ("recon", "waste", "waste", "waste")))
    assert at(state) == "Recon" and state.recon_left == 1
    engine.apply_in_place(state, ("modify-recon", 1))
    assert state.recon_left == 2 and state.spent[QUAID] == 1


def test_risky_move_may_lower_the_strike_back(se_engine):
    """Hits are the enemy's Power, then abilities "lower the result": Risky Move erases a Power box, one hit less."""
    engine = se_engine
    state, row = devourer_facing_the_crew(engine, unarmed=True, unlock=1)  # Deckard's Risky Move
    state.life[row] = 4  # Life 4, Power 3: a Power box may go without leaving them 3 apart
    for action in (("assault", row), ("die", 6), ("lock",), ("dice", (1, 1)), ("strike",)):
        engine.apply_in_place(state, action)
    assert state.assault.hits == 5 and ("risky-power",) in engine.legal_actions(state)
    engine.apply_in_place(state, ("risky-power",))
    assert state.assault.hits == 4 and state.power[row] == 2


def test_predictive_model_is_once_per_assault_even_when_it_goes_on(se_engine):
    """Predictive Model works "once per assault"; trying again after a miss continues the same assault."""
    engine = se_engine
    state, row = devourer_facing_the_crew(engine, unarmed=True, unlock=2)  # Quaid's Predictive Model
    for action in (("assault", row), ("die", 6), ("lock",), ("dice", (1, 1)), ("strike",), ("predictive",), ("take",)):
        engine.apply_in_place(state, action)
    assert state.pending[-1] == Hit(hits=5 - 2)
    hits_landed(engine, state, on=RICO)
    for action in (("retry",), ("die", 6), ("lock",), ("dice", (1, 1)), ("strike",)):
        engine.apply_in_place(state, action)
    assert at(state) == "TakeHits" and ("predictive",) not in engine.legal_actions(state)


def test_a_fueled_crew_may_escape_at_any_point(se_engine):
    """With the pod fully fueled you may escape "at any point": before the strike-back's hits land, too."""
    engine = se_engine
    state, row = devourer_facing_the_crew(engine, unarmed=True)
    state.pod = engine.catalog.pod_length
    for action in (("assault", row), ("die", 6), ("lock",), ("dice", (1, 1)), ("strike",)):
        engine.apply_in_place(state, action)
    assert isinstance(state.pending[-1], Hit) and ("escape",) in engine.legal_actions(state)
    engine.apply_in_place(state, ("escape",))
    assert state.over and state.escaped and state.wounds == [0, 0, 0, 0]
