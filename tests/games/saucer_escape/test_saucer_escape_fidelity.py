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


def test_a_die_for_a_crossed_out_number_is_wasted(se_engine):
    """Seed, victory: "Draw a large X through the Enemy's number box", and through the Location's and the Reward
    track's once their Artifacts and items are gained; a die only goes to the track "whose number matches". A
    crossed-out number matches no die: a killed enemy's Life, Power and Location tracks and its collected Reward
    track take no more boxes, and rule 3.2 says so."""
    engine = se_engine
    state, row = devourer_facing_the_crew(engine, unarmed=True)  # set-up dice (1, 2, 3): the Devourer is number 4
    number = state.enemy_numbers[row]
    track = state.row_of_reward(number)
    state.location[row], state.reward[track] = 2, 1
    for action in (("assault", row), ("die", 1), ("lock",), ("dice", (6, 6)), ("strike",)):  # 2 + 5 + 1 = 8 to hit
        engine.apply_in_place(state, action)
    while at(state) != "free":
        engine.apply_in_place(state, engine.legal_actions(state)[0])
    assert state.killed[row] and state.collected[track]
    engine.apply_in_place(state, ("end_turn",))
    engine.apply_in_place(state, ("dice", (number, number, number, 1)))
    engine.apply_in_place(state, ("assign", ("location", "reward", "enemy-life", "waste")))
    while engine.legal_actions(state) and at(state) != "free":
        engine.apply_in_place(state, engine.legal_actions(state)[0])
    assert (state.location[row], state.reward[track], state.life[row], state.power[row]) == (2, 1, 5, 3)
    text = _rules_texts()["numbers-match"]
    assert "a killed enemy's Life, Power and Location tracks, and a collected Reward track, take no more boxes" in text
    assert "{rule:victory}" in text


def test_a_reroll_costs_1_artifact_and_a_medkit_stops_1_hit_as_this_editions_ruling(se_engine):
    """Seed: re-rolls are bought "by spending Artifacts" and the hits lowered by "Spend Medkits", neither with a
    price. This edition rules 1 Artifact a re-roll and 1 hit a Medkit (clar-prices), the engine with it, and the
    rules that name those prices point to the ruling."""
    engine = se_engine
    state = set_up(engine)
    state.artifacts = 3
    engine.apply_in_place(state, ("dice", (1, 2, 4, 6)))
    engine.apply_in_place(state, ("reroll", 0, "artifact"))
    assert state.artifacts == 2
    state, row = devourer_facing_the_crew(engine, unarmed=True)
    state.items["medkit"] = 2
    for action in (("assault", row), ("die", 1), ("lock",), ("dice", (1, 1)), ("strike",), ("medkit-hit",)):
        engine.apply_in_place(state, action)
    assert state.assault.hits == 2 + 3 - 1 and state.items["medkit"] == 1
    texts = _rules_texts()
    assert texts["clar-prices"].startswith("Each re-roll costs 1 Artifact. A Medkit spent against a strike-back "
                                           "takes away 1 hit")
    assert "{rule:clar-prices}" in texts["rerolls"] and "{rule:clar-prices}" in texts["hits"]


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


# -- this edition's rulings (rules.yaml Clarifications), each from the seed's words it settles ---------------------
def test_only_the_turns_four_dice_fuel_the_pod(se_engine):
    """Seed: "Each turn, you will roll all four dice ... If you roll doubles, immediately darken the leftmost
    available box in the Escape Pod track". rules.yaml 'clar-doubles': "Only the turn's four dice fuel the pod: a
    pair on the crew's two assault dice or on the Event Table's two dice does not"."""
    engine = se_engine
    state, row = devourer_facing_the_crew(engine, unarmed=True)
    assert state.pod == 0 and not state.fueled  # the turn's roll (1, 2, 4, 6) held no pair
    for action in (("assault", row), ("die", 6), ("lock",), ("dice", (3, 3))):
        engine.apply_in_place(state, action)
    assert state.pod == 0  # the crew's pair
    state = to_free_phase(engine, set_up(engine))
    roll_event(engine, state, (4, 4))  # 8: Pluton Smuggler
    assert "event:8" in state.played and state.pod == 0  # the Event Table's pair


def test_a_first_law_that_destroys_the_last_crew_member_ends_the_game_before_the_kill(se_engine):
    """Seed: First Law "DESTROY TA3-3M, ADD +10 TO YOUR ASSAULT ROLL", and "If all four of your Crew members are
    killed, the game immediately ends." rules.yaml 'clar-kill-counts': "A First Law that destroys the last living
    crew member ends the game at once, before the crew's total is compared, so that assault kills nothing"."""
    engine = se_engine
    state, row = devourer_facing_the_crew(engine, unarmed=True, unlock=1)  # TA3-3M's second ability: First Law
    state.dead[DECKARD] = state.dead[QUAID] = state.dead[RICO] = True
    for action in (("assault", row), ("die", 1), ("lock",), ("dice", (1, 1))):  # 2 + 5 + 1 = 8 to hit
        engine.apply_in_place(state, action)
    assert ("first-law",) in engine.legal_actions(state)
    engine.apply_in_place(state, ("first-law",))  # 1 + 1 + 10 would reach 8, but nobody is left to strike
    assert state.over and all(state.dead) and not state.killed[row]
    assert engine.score(state)["killed_enemy_boxes"] == 0


def test_a_retreat_from_an_enemy_with_both_tracks_full_raises_nothing(se_engine):
    """Seed: "If you chose to Retreat, you must darken a box on either the Power or Life tracks of the Enemy as a
    penalty." rules.yaml 'forced-raise': "If an arrow, a claw or a retreat would raise an enemy whose tracks are
    both full, or dead, nothing happens"."""
    engine = se_engine
    state, row = devourer_facing_the_crew(engine, unarmed=True)
    full = engine.catalog.enemies[row].life_len
    state.life[row] = state.power[row] = full
    for i in range(4):
        state.gear[i, "shield"] = 2  # 8 Shields, one boxed in, against 2 + 8 hits: 3 land
    for action in (("assault", row), ("die", 6), ("lock",), ("dice", (1, 1)), ("strike",)):
        engine.apply_in_place(state, action)
    hits_landed(engine, state, on=RICO)
    assert at(state) == "AfterMiss"
    assert [a for a in engine.legal_actions(state) if a[0] == "retreat"] == [("retreat", None)]
    engine.apply_in_place(state, ("retreat", None))
    assert (state.life[row], state.power[row]) == (full, full) and state.assault is None


def test_predictive_model_and_a_medkit_count_only_when_they_lower_the_hits_that_land(se_engine):
    """A witness counts only what took effect: Predictive Model "REDUCE HITS TAKEN BY 2", and a Medkit spent on
    the hits, did something only if the Shields would not have stopped those hits anyway."""
    engine = se_engine
    # Devourer's 2 + 3 = 5 hits against 4 Shields: 1 would land; Predictive Model leaves 3, none land
    state, row = devourer_facing_the_crew(engine, unarmed=True, unlock=2)  # Quaid's Predictive Model
    state.gear[DECKARD, "shield"] = state.gear[RICO, "shield"] = 2
    for action in (("assault", row), ("die", 6), ("lock",), ("dice", (1, 1)), ("strike",), ("predictive",)):
        engine.apply_in_place(state, action)
    engine.apply_in_place(state, ("take",))
    assert "ability:predictive-model" in state.resolved  # 1 hit would have landed, none did
    # with 6 Shields nothing lands either way: the Power box is spent, the ability changed nothing
    state, row = devourer_facing_the_crew(engine, unarmed=True, unlock=2)
    state.gear[DECKARD, "shield"] = state.gear[RICO, "shield"] = state.gear[QUAID, "shield"] = 2
    state.items["medkit"] = 1
    for action in (("assault", row), ("die", 6), ("lock",), ("dice", (1, 1)), ("strike",), ("predictive",),
                   ("medkit-hit",), ("take",)):
        engine.apply_in_place(state, action)
    assert state.spent[QUAID] == 1 and state.items["medkit"] == 0
    assert "ability:predictive-model" not in state.resolved and "use:medkit" not in state.resolved


def test_shield_overcharge_counts_only_when_it_lowers_the_hits_that_land(se_engine):
    """A witness counts only what took effect: Rico's "SHIELD OVERCHARGE: DISCARD RICO'S SHIELD TO IGNORE 2 HITS",
    and then "For each Shield your crew has, subtract 1 from the total hits". The Overcharge did something only if
    fewer hits land than would have with Rico's Shield still blocking one of them."""
    engine = se_engine

    def strike_back(state, row) -> list:
        """The assault up to the hits, overcharged; what every step resolved."""
        resolved = []
        for action in (("assault", row), ("die", 6), ("lock",), ("dice", (1, 1)), ("strike",), ("overcharge",)):
            engine.apply_in_place(state, action)
            resolved += state.resolved
        if at(state) == "TakeHits":  # Rico still has a Shield: the crew says when to take the hits
            engine.apply_in_place(state, ("take",))
            resolved += state.resolved
        return resolved

    # Devourer's 2 + 3 = 5 hits against Rico's and the medic's 2 Shields: 3 would land; overcharged, 3 - 1 = 2 do
    state, row = devourer_facing_the_crew(engine, unlock=1)  # Rico's Shield Overcharge
    assert "ability:shield-overcharge" in strike_back(state, row)
    assert state.gear[RICO, "shield"] == 0 and state.pending[-1] == Hit(hits=2)
    # against 6 Shields none of the 5 hits lands either way: the Power box and the Shield went for nothing
    state, row = devourer_facing_the_crew(engine, unlock=1)
    state.gear[DECKARD, "shield"] = state.gear[RICO, "shield"] = state.gear[QUAID, "shield"] = 2
    assert "ability:shield-overcharge" not in strike_back(state, row)
    assert state.spent[RICO] == 1 and state.gear[RICO, "shield"] == 1 and at(state) == "AfterMiss"


def test_no_medkit_event_or_ability_heals_a_dead_crew_member(se_engine, se_project):
    """Seed: "If any Crew member's last Life point is darkened in, that Crew member is killed. Draw a large X through
    the Crew member's box"; "INJECTION MODULE: ANY LIVING CREW MEMBER REGAINS 1 LIFE". A killed crew member is out
    for good: a Medkit ("choose a Crew member to regain one Life point") and Medical Facilities (event 10, "CHOOSE 1
    CREW MEMBER AND REGAIN UP TO 2 LIFE POINTS") heal only the living, as rule 6.2 and the Event Table say."""
    from pnp.games.saucer_escape import tracks

    engine = se_engine
    state = to_free_phase(engine, set_up(engine, unlock=0))  # TA3-3M's Injection Module unlocked
    tracks.wound(state, engine.catalog, DECKARD, state.max_life(engine.catalog, DECKARD))
    tracks.wound(state, engine.catalog, QUAID, 1)
    tracks.wound(state, engine.catalog, RICO, 1)
    state.items["medkit"] = 1
    state.free_base = None  # offered afresh for the state as set here
    assert state.dead[DECKARD] and not state.dead[QUAID]
    offered = [a for a in engine.legal_actions(state) if a[0] in ("medkit", "heal")]
    assert sorted(offered) == [("heal", QUAID), ("heal", RICO), ("medkit", QUAID), ("medkit", RICO)]
    roll_event(engine, state, (4, 6))  # 10: Medical Facilities
    assert sorted(engine.legal_actions(state)) == [("target", QUAID), ("target", RICO)]
    engine.apply_in_place(state, ("target", QUAID))
    engine.apply_in_place(state, ("heal", RICO))
    assert state.wounds[QUAID] == state.wounds[RICO] == 0 and state.dead[DECKARD]
    roll_event(engine, state, (4, 6))  # only the dead are hurt: nobody to heal, nothing asked
    assert state.dead[DECKARD] and "event:10" in state.played and at(state) == "free"
    texts = _rules_texts()
    assert "one living crew member regains a Life" in texts["medkits"]
    events = se_project.game.sheets["game-sheet"].model.events
    assert "a living crew member" in next(row.text for row in events if row.roll == 10)


def _rules() -> dict:
    from pathlib import Path

    import yaml

    return yaml.safe_load((Path(__file__).parents[3] / "content/saucer-escape/rules.yaml").read_text())


def _rules_texts() -> dict[str, str]:
    return {r["id"]: " ".join(r["text"].split()) for section in _rules()["sections"] for r in section["rules"]}


def test_set_up_numbers_count_round_past_6_as_this_editions_ruling(se_engine):
    """Seed, set-up: "assign that value to the top Enemy Track ... Continue down the list, writing the next number."
    What comes after 6 it does not say: this edition counts round to 1 (clar-numbering), the engine with it, and
    the set-up rule points to that ruling instead of stating it as the game's own."""
    state = set_up(se_engine, dice=(4, 6, 1))  # enemies from 4, Reward tracks from 6
    assert state.enemy_numbers == [4, 5, 6, 1, 2, 3] and state.reward_numbers == [6, 1, 2, 3, 4, 5]
    texts = _rules_texts()
    assert "{rule:clar-numbering}" in texts["number-enemies"] and "after 6 comes 1" not in texts["number-enemies"]
    assert texts["clar-numbering"].startswith("Set-up numbers count round: after 6 comes 1.")
    assert "4, 5, 6, 1, 2, 3" in texts["clar-numbering"]


def test_the_set_up_ends_on_the_map_and_the_sheet_names_every_entrance(se_engine, se_project):
    """Seed, set-up step 5: "write each number in the Reward Track into the box on each matching image on the map.
    This will help you easily find them while playing the game." This edition's map has no pictures or boxes to
    write in: every Location's entrance is printed with its short name, which finds it instead. The set-up says so
    as its last step, the ruling is named in the Clarifications (clar-map-numbers), and the sheet prints a name in
    each of the engine's entrances (one per enemy row, the Hivemind's at the Escape Pod), and the same name beside
    its Location's name, the map's key."""
    from test_saucer_escape_sheet import draw

    from pnp.games.saucer_escape.sheet_render import short_name

    setup = next(section for section in _rules()["sections"] if section["id"] == "setup")
    assert setup["rules"][-1]["id"] == "find-entrances"
    texts = _rules_texts()
    assert "{rule:clar-map-numbers}" in texts["find-entrances"]
    assert texts["clar-map-numbers"].startswith("To find an enemy on the map, read across its row to the short name")
    assert "no pictures" not in texts["clar-map-numbers"]  # how to find an enemy, not what the map lacks
    assert f"{short_name('biosphere')} is the Biosphere" in texts["find-entrances"]
    assert f"{short_name('escape-pod')} the Escape Pod" in texts["find-entrances"]
    sheet = se_project.game.sheets["game-sheet"].model
    locations = [location.id for location in sheet.locations] + [sheet.escape_pod.id]
    assert len(se_engine.catalog.entrances) == len(locations) == len(sheet.map.entrances) == 7
    names = [short_name(location) for location in locations]
    assert len(set(names)) == len(names)  # each entrance tells its Location apart
    backend, _ = draw(se_project, "a4")
    printed = [call[1][2] for call in backend.calls if call[0] == "text"]
    assert all(printed.count(name) == 2 for name in names), names  # on the map, and beside the Location's name


def test_the_rulings_these_tests_quote_are_in_the_rulebook():
    """The rulings above are printed, in these words, in the rulebook's rules and Clarifications."""
    from pathlib import Path

    import yaml

    rules = yaml.safe_load((Path(__file__).parents[3] / "content/saucer-escape/rules.yaml").read_text())
    texts = {r["id"]: " ".join(r["text"].split()) for section in rules["sections"] for r in section["rules"]}
    assert "Only the turn's four dice fuel the pod: a pair on the crew's two assault dice or on the Event Table's " \
           "two dice does not." in texts["clar-doubles"]
    assert "A First Law that destroys the last living crew member ends the game at once, before the " \
           "crew's total is compared, so that assault kills nothing." in texts["clar-kill-counts"]
    assert texts["forced-raise"].startswith("If an arrow, a claw or a retreat would raise an enemy whose tracks are "
                                            "both full, or dead, nothing happens.")
