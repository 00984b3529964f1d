"""Escort Service's engine against the seed's example turn and its rules, one situation at a time.

Each test lays a board (units in columns, a hand) and plays moves through
the engine's own API, as the players would.
"""
import random

import pytest
from helpers import play_moves

from pnp.games.escort_service.engine import SHUTTLE, EscortEngine
from pnp.games.escort_service.records import GiveScrap, Tucked, Upgrade
from pnp.games.escort_service.state import Unit


@pytest.fixture(scope="module")
def engine():
    from helpers import validated

    return EscortEngine.from_game(validated("escort-service").game)


def card(engine, card_id: str, taken=()) -> int:
    return next(i for i, c in enumerate(engine.catalog.cards) if c.id == card_id and i not in taken)


def board(engine, pilots="warrior", columns=(("P0",), (), (), ()), hand=(), scenario=0):
    """A scenario in progress: `columns` bottom first, "P0" for pilot 0, enemy ids for enemies; pilot 0's hand."""
    s = engine.initial_state(random.Random(1), engine.options(pilots=pilots, scenario=scenario))
    rng = random.Random(2)
    while s.chance or s.pending:
        engine.apply_in_place(s, engine.sample_chance(s, rng) if s.chance else engine.legal_actions(s)[0])
    team = len(s.seats)
    s.units = []
    s.columns = [() for _ in range(engine.columns)]
    for c, column in enumerate(columns):
        for name in column:
            if name.startswith("P"):
                s.columns[c] += (int(name[1:]),)
                continue
            enemy = engine.catalog.enemies[name]
            unit = Unit(team + len(s.units), enemy)
            s.units.append(unit)
            s.columns[c] += (unit.index,)
    seat = s.seats[0]
    if hand:
        everything = seat.cards
        wanted = [card(engine, cid, taken) for cid, taken in _picks(engine, hand)]
        seat.hand = wanted
        seat.draw = [c for c in everything if c not in wanted]
        seat.discard, seat.tucked, seat.playing = [], [], []
        seat.deck_size = len(seat.cards)  # an upgrade card in hand joined the deck
    s.pending, s.statuses = [], {}
    s.queue.clear()
    s.active = s.seat = s.columns[0][0] if s.columns[0] else 0
    s.phase = "pilot" if s.active < team else "enemy"
    return s


def enemy_turn(engine, s):
    """The enemy at the bottom of column 1 takes its turn, as the engine starts one, and only that turn."""
    bottom = s.columns[0][0]
    engine._next_turn(s)
    assert s.active == bottom
    while s.queue and not s.over:
        step = s.queue.popleft()
        getattr(engine, f"step_{type(step).__name__}")(s, step)


def tuck(s, unit, status, owner=0):
    """A status card of the owner's under a unit, as a STATUS action leaves it."""
    card = s.seats[owner].draw.pop(0)
    s.seats[owner].tucked.append(card)
    s.tuck(unit, Tucked(status=status, owner=owner, card=card))
    return card


def _picks(engine, hand):
    taken = set()
    for cid in hand:
        index = card(engine, cid, taken)
        taken.add(index)
        yield cid, frozenset(taken - {index})


play = play_moves


def in_hand(engine, s, card_id, seat=0):
    return next(c for c in s.seats[seat].hand if engine.catalog.cards[c].id == card_id)


# -- the seed's example turn ------------------------------------------------------------------------------------
def test_the_seeds_example_turn_step_by_step(engine):
    s = board(engine, columns=(("P0",), ("bruiser",), (), ()),
              hand=("warrior-stun", "warrior-got-your-attention", "warrior-patch-up", "warrior-cleave"))
    bruiser = s.columns[1][0]
    assert s.active == 0  # 1. the Warrior, directly above the shuttle, is the active unit
    play(engine, s, ("play", in_hand(engine, s, "warrior-stun")))
    # 2.-4. STUN: 1 MELEE to the Bruiser (the only unit next to it), 1 DELAY to it, 1 HEAT: the Warrior vents right
    assert s.unit(bruiser).damage == 1 and s.position(bruiser) == (2, 0) and s.position(0) == (1, 0)
    play(engine, s, ("play", in_hand(engine, s, "warrior-got-your-attention")))
    # 5.-7. 2 MELEE to the Bruiser, 2 HEAT: two columns right, TAUNT tucked under the Warrior
    assert s.unit(bruiser).damage == 3 and s.position(0) == (3, 0)
    assert s.has_status(0, "TAUNT") and engine.catalog.cards[s.seats[0].tucked[0]].id == "warrior-got-your-attention"
    # 8. the Warrior ends its turn: it discards PATCH UP and keeps CLEAVE
    play(engine, s, ("stop",), ("drop", in_hand(engine, s, "warrior-patch-up")))
    seat = s.seats[0]
    assert [engine.catalog.cards[c].id for c in seat.discard] == ["warrior-stun", "warrior-patch-up"]
    assert [engine.catalog.cards[c].id for c in seat.hand] == ["warrior-cleave"]
    # 9. and draws back up to 4 (the turn passes on: the Bruiser's column ticks toward the shuttle)
    play(engine, s, ("keep",))
    assert len(seat.hand) == 4 and "warrior-cleave" in [engine.catalog.cards[c].id for c in seat.hand]


# -- rules ----------------------------------------------------------------------------------------------------------
def test_heat_past_the_last_column_is_damage(engine):
    s = board(engine, columns=(("P0",), (), (), ()), hand=("warrior-whirlwind",))
    play(engine, s, ("play", in_hand(engine, s, "warrior-whirlwind")))
    assert s.position(0) == (3, 0) and s.seats[0].damage == 0  # 3 heat from column 1 reaches column 4 exactly
    s = board(engine, columns=(("P0",), (), (), ()), hand=("warrior-whirlwind", "warrior-haymaker"))
    play(engine, s, ("play", in_hand(engine, s, "warrior-whirlwind")), ("play", in_hand(engine, s, "warrior-haymaker")))
    assert s.position(0) == (3, 0) and s.seats[0].damage == 2  # 2 more heat with nowhere to go: 2 damage


def test_tick_moves_every_column_toward_the_shuttle(engine):
    s = board(engine, columns=(("P0",), ("drone",), ("bruiser",), ()), hand=("warrior-jab",))
    drone, bruiser = s.columns[1][0], s.columns[2][0]
    play(engine, s, ("stop",), ("keep",))  # ending above the shuttle: 1 heat, into column 2 on top of the drone
    # column 1 is empty: a TICK brings the drone's column above the shuttle, and the drone acts
    assert s.ticks == 1 and s.position(bruiser)[0] == 1
    assert s.position(drone)[0] in (0, 1)


def test_a_tick_slides_every_unit_and_fallen_pilot_one_column_left(engine):
    """Seed: "If the column above the shuttle is empty, all columns move 1 left", and a destroyed pilot lies "below
    the column in which they were destroyed". Rule 4.2: with column 1 empty, every unit and every destroyed pilot slides
    one column left, each column's units in their order, and a destroyed pilot below column 1 goes under column 4;
    the column cards stay, so column 1 is still the one above the shuttle."""
    s = board(engine, pilots="warrior,medic", columns=((), ("drone", "bruiser"), ("P0",), ("raider",)))
    s.seats[1].down, s.fallen[0] = True, (1,)  # the Medic lies beside the shuttle, fallen in column 1
    drone, bruiser, raider = s.columns[1] + s.columns[3]
    engine._next_turn(s)
    assert s.ticks == 1
    assert s.columns == [(drone, bruiser), (0,), (raider,), ()]  # the Drone still under the Bruiser
    assert s.fallen[0] == () and s.fallen[3] == (1,)
    assert s.active == drone  # the bottom of column 1, above the shuttle, takes the turn


def test_enemies_attack_pilots_first_then_the_least_healthy(engine):
    s = board(engine, pilots="warrior,medic", columns=(("bruiser", "P0"), ("P1",), (), ()))
    s.seats[1].damage = 5  # the Medic (8) has 3 left, the Warrior (10) 10
    enemy_turn(engine, s)
    assert s.seats[1].damage == 7 and s.shuttle_damage == 0  # Bruiser's 2 MELEE on the Medic


def test_a_zealot_goes_for_the_shuttle_unless_a_taunting_pilot_is_in_reach(engine):
    s = board(engine, columns=(("raider", "P0"), (), (), ()))
    enemy_turn(engine, s)
    assert s.shuttle_damage == 2 and s.seats[0].damage == 0
    s = board(engine, columns=(("raider", "P0"), (), (), ()))
    tuck(s, 0, "TAUNT")
    enemy_turn(engine, s)
    assert s.shuttle_damage == 0 and s.seats[0].damage == 2


def test_a_hidden_pilot_cannot_be_picked_but_aoe_reaches_it(engine):
    s = board(engine, columns=(("bruiser", "P0"), (), (), ()))
    tuck(s, 0, "HIDDEN")
    enemy_turn(engine, s)  # side A: MELEE 2 with no pilot it may pick: the shuttle instead
    assert s.seats[0].damage == 0 and s.shuttle_damage == 2
    s = board(engine, columns=(("bruiser", "P0"), (), (), ()))
    tuck(s, 0, "HIDDEN")
    aoe = engine.catalog.enemies["bruiser"].sides[1][0]  # side B: MELEE 1 AOE
    assert engine._enemy_targets(s, s.columns[0][0], aoe) == [0]


def test_shield_prevents_one_hit_and_poison_adds_one(engine):
    s = board(engine, columns=(("P0",), ("bruiser",), (), ()), hand=("warrior-jab", "warrior-jab"))
    bruiser = s.columns[1][0]
    s.statuses[bruiser] = (Tucked(status="SHIELD", owner=bruiser, card=-1),)
    play(engine, s, ("play", in_hand(engine, s, "warrior-jab")))
    assert s.unit(bruiser).damage == 0 and not s.has_status(bruiser, "SHIELD")
    tuck(s, bruiser, "POISON")
    play(engine, s, ("play", in_hand(engine, s, "warrior-jab")))
    assert s.unit(bruiser).damage == 2


def test_a_destroyed_pilot_lies_below_its_column_and_healing_brings_it_back(engine):
    s = board(engine, pilots="medic,warrior", columns=(("P0", "P1"), (), (), ()), hand=("medic-revive-kit",))
    s.seats[1].damage = 10
    engine._destroy(s, 1)
    assert s.seats[1].down and s.fallen[0] == (1,)
    play(engine, s, ("play", in_hand(engine, s, "medic-revive-kit")), ("target", 1))
    assert not s.seats[1].down and s.columns[0][-1] == 1 and s.seats[1].damage == 6


def test_an_action_with_no_target_does_nothing_and_the_card_goes_on(engine):
    s = board(engine, columns=(("P0",), (), (), ()), hand=("warrior-stun",))
    play(engine, s, ("play", in_hand(engine, s, "warrior-stun")))
    assert s.position(0) == (1, 0)  # nothing to hit or delay; the HEAT still vents


def test_advance_stops_at_column_1_and_delay_at_the_last(engine):
    s = board(engine, columns=(("P0",), (), (), ()))
    engine._move(s, 0, -2)
    assert s.position(0) == (0, 0)
    engine._move(s, 0, 9)
    assert s.position(0) == (3, 0) and s.seats[0].damage == 0


def test_melee_reaches_the_shuttle_only_from_next_to_it(engine):
    s = board(engine, columns=(("P0",), ("raider",), (), ()))
    raider = s.columns[1][0]
    melee = engine.catalog.enemies["raider"].sides[0][0]
    assert engine._shuttle_in_reach(s, raider, melee)  # column 2, bottom: diagonal to the shuttle
    engine._move(s, raider, 1)
    assert not engine._shuttle_in_reach(s, raider, melee)


def test_scrap_goes_to_a_pilot_with_a_free_slot(engine):
    s = board(engine, columns=(("P0",), ("swarmer",), (), ("bruiser",)), hand=("warrior-jab",))
    play(engine, s, ("play", in_hand(engine, s, "warrior-jab")))
    assert s.pending and isinstance(s.pending[-1], GiveScrap)
    play(engine, s, ("give", 0))
    assert len(s.seats[0].scrap) == 1


def test_winning_a_scenario_leads_to_upgrades_that_never_shrink_a_deck_below_10(engine):
    s = board(engine, columns=(("P0",), ("swarmer",), (), ()), hand=("warrior-jab",))
    play(engine, s, ("play", in_hand(engine, s, "warrior-jab")), ("decline",))  # the last kill draws scrap too
    assert s.scenarios_won == 1 and isinstance(s.pending[-1], Upgrade)
    assert not any(a[0] == "remove" for a in engine.legal_actions(s))  # 10 cards: nothing may go
    adds = [a for a in engine.legal_actions(s) if a[0] == "add"]
    play(engine, s, adds[0])
    assert s.seats[0].deck_size == 11


def test_the_same_seed_replays_the_same_campaign(engine):
    from pnp.engine.runner import play as play_game
    from pnp.games.escort_service.policies import POLICIES

    first = play_game(engine, 5, [POLICIES["greedy"]] * 2, keep_trace=True, pilots="gunner,scout")
    assert first.trace
    again = play_game(engine, 5, [POLICIES["greedy"]] * 2, keep_trace=True, pilots="gunner,scout")
    assert first.trace == again.trace and first.result == again.result


def test_shuttle_target_is_a_space_below_column_1(engine):
    s = board(engine, columns=(("P0",), (), (), ()))
    assert s.position(SHUTTLE) == (0, -1)


def test_a_destroyed_pilots_status_card_under_an_ally_lasts_until_the_ally_is_active(engine):
    """Seed: a status remains until its unit becomes active; a destroyed owner does not end it."""
    s = board(engine, pilots="medic,warrior", columns=(("P0", "P1"), (), (), ()))
    card_under_ally = tuck(s, 1, "SHIELD")
    s.seats[0].damage = 8
    engine._destroy(s, 0)
    assert s.has_status(1, "SHIELD") and card_under_ally in s.seats[0].tucked  # it lasts till the ally is active
    engine.check_invariants(s)
    s.columns[0] = (1,)
    engine._next_turn(s)  # the ally becomes active: the card goes back to its fallen owner's discard pile
    assert card_under_ally in s.seats[0].discard and not s.has_status(1, "SHIELD")


# -- departures from the seed, fixed: each test from the seed's own rule ----------------------------------------
def give_scrap(engine, s, effect, seat=0):
    """A scrap card of this effect in the pilot's slots, as the team gives it."""
    index = next(i for i, (_, e) in enumerate(engine.catalog.scrap) if e == effect and i not in s.seats[seat].scrap)
    s.seats[seat].scrap.append(index)
    s.seats[seat].effects = frozenset(engine.catalog.scrap[i][1] for i in s.seats[seat].scrap)
    return index


def test_scrap_given_up_or_turned_down_goes_to_the_scrap_discard_pile(engine):
    """Rule 10.3 (ours: the seed says only "Decide as a team which player will receive the Scrap"): the pilot slots
    the card, gives up one it holds to make room, or the team turns it down, and "A scrap card given up or turned
    down goes to the scrap discard pile"."""
    for choice in (("decline",), ("swap", 0, 0)):
        s = board(engine, columns=(("P0",), ("swarmer",), (), ("bruiser",)), hand=("warrior-jab",))
        held = [give_scrap(engine, s, "armor-plate"), give_scrap(engine, s, "heat-sink")]  # both slots full
        play(engine, s, ("play", in_hand(engine, s, "warrior-jab")))
        drawn = s.pending[-1].scrap
        play(engine, s, choice)
        let_go = drawn if choice == ("decline",) else held[0]
        assert s.scrap_discard == [let_go] and let_go not in s.seats[0].scrap, choice


def test_the_kill_that_wins_the_scenario_still_draws_scrap(engine):
    """Seed: a destroyed enemy means drawing a Scrap card, the last one included."""
    s = board(engine, columns=(("P0",), ("swarmer",), (), ()), hand=("warrior-jab",))
    play(engine, s, ("play", in_hand(engine, s, "warrior-jab")))
    assert isinstance(s.pending[-1], GiveScrap) and s.scenarios_won == 0  # the scrap comes before the upgrades
    play(engine, s, ("give", 0))
    assert len(s.seats[0].scrap) == 1 and s.scenarios_won == 1 and isinstance(s.pending[-1], Upgrade)


def test_two_enemies_destroyed_by_one_aoe_draw_two_scrap_cards(engine):
    """Seed: each enemy destroyed draws from the Scrap Pile; an AOE kill is no exception."""
    s = board(engine, columns=(("P0", "swarmer"), ("swarmer",), (), ("bruiser",)), hand=("warrior-cleave",))
    left = len(s.scrap)
    play(engine, s, ("play", in_hand(engine, s, "warrior-cleave")))
    assert [type(d) for d in s.pending] == [GiveScrap, GiveScrap] and len(s.scrap) == left - 2
    play(engine, s, ("give", 0), ("give", 0))
    assert len(s.seats[0].scrap) == 2


def test_only_pilots_make_end_of_turn_heat(engine):
    """Seed: the 1 HEAT for staying above the shuttle is a step of the Player Turn only."""
    import dataclasses

    raider = engine.catalog.enemies["raider"]
    still = dataclasses.replace(raider, sides=(raider.sides[0][:1], raider.sides[0][:1]))  # MELEE 2, no HEAT
    catalog = dataclasses.replace(engine.catalog, enemies={**engine.catalog.enemies, "raider": still})
    plain = EscortEngine(catalog)
    s = board(plain, columns=(("raider", "P0"), (), (), ()))
    enemy_turn(plain, s)
    raider_unit = s.units[0].index
    assert s.position(raider_unit) == (0, 0)  # it stays above the shuttle: nothing printed moves it


def test_the_team_chooses_the_order_of_its_pilots_in_column_1(engine):
    """Seed: pilots go above the shuttle in any order the team chooses."""
    s = engine.initial_state(random.Random(3), engine.options(pilots="warrior,medic,scout"))
    rng = random.Random(4)
    while s.chance:
        engine.apply_in_place(s, engine.sample_chance(s, rng))
    assert sorted(engine.legal_actions(s)) == [("place", 0), ("place", 1), ("place", 2)]
    play(engine, s, ("place", 2), ("place", 0))  # the last pilot goes on top by itself
    assert s.columns[0][:3] == (2, 0, 1) and s.active == 2


TEAMS = {1: "warrior", 2: "warrior,medic", 3: "warrior,medic,gunner", 4: "warrior,medic,gunner,scout"}


@pytest.mark.parametrize("team", [1, 2, 3, 4])
def test_each_team_size_changes_the_scenarios_enemies_as_rule_3_4_says(engine, team):
    """Rule 3.4 (ours: the seed plays every team the same): "Playing alone, leave out the top 2 enemies of every
    column that holds more than 1, keeping at least 1 in each. With more pilots, add enemies on top of column 4,
    in this order, bottom first". Every scenario, set up by the engine for each size of team, against those words
    and the lists the rule prints."""
    from pathlib import Path

    import yaml

    rules = yaml.safe_load((Path(__file__).parents[3] / "content/escort-service/rules.yaml").read_text())
    text = " ".join(next(r["text"] for s in rules["sections"] for r in s["rules"] if r["id"] == "team-size").split())
    assert "add enemies on top of column 4, in this order, bottom first" in text
    for number, scenario in enumerate(engine.catalog.scenarios):
        s = engine.initial_state(random.Random(1), engine.options(pilots=TEAMS[team], scenario=number))
        rng = random.Random(2)
        while s.chance:
            engine.apply_in_place(s, engine.sample_chance(s, rng))
        laid = [[s.unit(u).kind for u in column if u >= team] for column in s.columns]  # bottom first, no pilots
        printed = [list(column) for column in scenario.placement]
        if team == 1:
            assert laid == [column[:max(1, len(column) - 2)] for column in printed], scenario.name
        else:
            assert laid[:-1] == printed[:-1], scenario.name  # only column 4 changes
            added = laid[-1][len(printed[-1]):]
            assert laid[-1][:len(printed[-1])] == printed[-1] and added == printed_order(text, team), scenario.name


def printed_order(text: str, team: int) -> list[str]:
    """The enemies rule 3.4 adds for a team of this size, in the order it prints them ("2 Drones": two)."""
    import re

    word = {2: "2 pilots", 3: "3", 4: "4"}[team]
    clause = re.search(rf"for {word} (.*?)(?:;|\.$)", text).group(1)
    enemies = []
    for count, name in re.findall(r"\b(a|an|\d+) ([A-Z][a-z]+?)s?\b", clause):
        enemies += [name.lower()] * (1 if count in ("a", "an") else int(count))
    return enemies


def test_a_card_names_whom_its_delay_and_advance_move(engine):
    """Seed: DELAY and ADVANCE move "the target"; the card must say who may be that target."""
    from pnp.games.escort_service.actions import icon_line, parse

    assert "foe" in icon_line(parse("DELAY 1")).split()
    assert "self" in icon_line(parse("ADVANCE 1 SELF")).split()


def test_giving_up_armor_plate_with_as_much_damage_as_health_destroys_the_pilot(engine):
    """Seed: damage equal to or above health destroys the unit."""
    s = board(engine, columns=(("P0",), ("bruiser",), (), ("bruiser",)), hand=("warrior-jab",))
    give_scrap(engine, s, "armor-plate")
    give_scrap(engine, s, "heat-sink")
    s.seats[0].damage = 11  # 11 of 12 with the plate
    bruiser = s.columns[1][0]
    s.unit(bruiser).damage = 4
    play(engine, s, ("play", in_hand(engine, s, "warrior-jab")))
    assert isinstance(s.pending[-1], GiveScrap) and ("swap", 0, 0) in engine.legal_actions(s)
    play(engine, s, ("swap", 0, 0))  # the plate goes: 11 damage on 10 health
    assert s.seats[0].down and not s.on_board(0)


def test_a_pilot_destroyed_on_its_own_turn_is_offered_no_more_plays(engine):
    """Seed: a destroyed friendly unit leaves the board; only the active unit acts."""
    s = board(engine, pilots="warrior,medic", columns=((), (), ("bruiser",), ("P0", "P1")),
              hand=("warrior-whirlwind", "warrior-jab"))
    s.active = s.seat = 0
    s.phase = "pilot"
    s.seats[0].damage = 9
    play(engine, s, ("play", in_hand(engine, s, "warrior-whirlwind")))  # 3 heat past the last column: down
    assert s.seats[0].down
    assert s.active != 0 or s.over  # the turn passed on at once
    assert not any(a[0] == "play" and a[1] in s.seats[0].hand for a in engine.legal_actions(s) if s.active == 0)


def test_the_campaign_goes_on_while_the_shuttle_stands_with_every_pilot_down(engine):
    """Seed: the game is lost when the shuttle is destroyed, not before."""
    s = board(engine, columns=(("P0",), ("bruiser",), (), ()))
    s.seats[0].damage = 10
    engine._destroy(s, 0)
    assert not s.over
    engine.settle(s)  # the enemies take their turns until the shuttle falls
    assert s.over and not s.won and s.lost_reason == "shuttle"
    assert s.shuttle_damage >= engine.catalog.shuttle_health


def test_the_engines_turn_safeguard_is_no_rule_and_a_stalled_campaign_is_not_called_lost(engine):
    """The seed loses a scenario only when the shuttle is destroyed; it has no turn limit, and neither does the
    rulebook. The engine still stops a scenario that never ends (max_turns), and the playtest reports that campaign
    as stalled, apart from the campaigns the shuttle's destruction lost."""
    from pathlib import Path

    import yaml

    from pnp.games.escort_service.playtest import summary
    from pnp.games.escort_service.records import STALLED

    rules = yaml.safe_load((Path(__file__).parents[3] / "content/escort-service/rules.yaml").read_text())
    printed = " ".join([r["text"] for section in rules["sections"] for r in section["rules"]]
                       + [step["text"] for step in rules["summary"]["steps"]])
    assert "turn limit" not in printed and str(engine.max_turns) not in printed and "turn-limit" not in printed
    s = board(engine, columns=(("bruiser",), (), (), ("P0",)))
    s.turns = engine.max_turns
    engine._next_turn(s)
    assert s.over and not s.won and s.lost_reason == STALLED
    stalled = engine.result(s).details
    lost = dict(stalled, lost="shuttle", turns=10)
    lines = summary({"random": [stalled, lost]})
    assert "shuttle 1, stalled 1" in lines[1] and "ended by" in lines[0]
    assert lines[-1].startswith("stalled: 1 of 2 campaigns stopped by the engine's turn safeguard")


def test_options_are_checked(engine):
    """A typo in an option is an error, not the default played silently."""
    from pnp.engine.machine import OptionsError

    with pytest.raises(OptionsError, match="pilot"):
        engine.options(pilot="medic")
    with pytest.raises(OptionsError):
        engine.initial_state(random.Random(1), engine.options(pilots="warrior,nobody"))


# -- witnesses: what took effect, not what was played -------------------------------------------------------------
def test_taunt_counts_only_when_it_changes_whom_an_enemy_attacks(engine):
    """TAUNT is witnessed when the attacker would have picked someone else without it."""
    s = board(engine, pilots="warrior,medic", columns=(("bruiser", "P0"), ("P1",), (), ()))
    s.seats[1].damage = 5  # the Medic is the weaker: picked without a taunt
    tuck(s, 1, "TAUNT", owner=0)  # the taunt is on the Medic: the pick is the same
    enemy_turn(engine, s)
    assert ("taunt", ("TAUNT",)) not in s.resolved and s.seats[1].damage == 7
    s = board(engine, pilots="warrior,medic", columns=(("bruiser", "P0"), ("P1",), (), ()))
    s.seats[1].damage = 5
    tuck(s, 0, "TAUNT")  # the taunt is on the Warrior: it draws the blow the Medic would have taken
    enemy_turn(engine, s)
    assert ("taunt", ("TAUNT",)) in s.resolved and s.seats[0].damage == 2 and s.seats[1].damage == 5


def test_hidden_counts_only_when_it_changes_whom_an_enemy_attacks(engine):
    s = board(engine, pilots="warrior,medic", columns=(("bruiser", "P0"), ("P1",), (), ()))
    tuck(s, 0, "HIDDEN")  # the Warrior (10 left) would not be picked anyway: the Medic has 8
    enemy_turn(engine, s)
    assert ("hidden", ("HIDDEN",)) not in s.resolved
    s = board(engine, pilots="warrior,medic", columns=(("bruiser", "P0"), ("P1",), (), ()))
    tuck(s, 1, "HIDDEN", owner=0)
    enemy_turn(engine, s)
    assert ("hidden", ("HIDDEN",)) in s.resolved and s.seats[0].damage == 2


def test_long_barrel_counts_when_its_extra_step_reaches_the_target(engine):
    s = board(engine, pilots="gunner", columns=(("P0",), (), (), ("bruiser", "drone")), hand=("gunner-snap-shot",))
    give_scrap(engine, s, "long-barrel")
    drone = s.columns[3][1]  # 4 steps away; RANGED 1 IN 3 reaches it only with the barrel
    play(engine, s, ("play", in_hand(engine, s, "gunner-snap-shot")), ("target", drone))
    assert ("scrap:long-barrel", ()) in s.resolved and s.unit(drone).damage == 1
    s = board(engine, pilots="gunner", columns=(("P0",), (), (), ("bruiser", "drone")), hand=("gunner-snap-shot",))
    give_scrap(engine, s, "long-barrel")
    play(engine, s, ("play", in_hand(engine, s, "gunner-snap-shot")), ("target", s.columns[3][0]))  # 3 steps
    assert ("scrap:long-barrel", ()) not in s.resolved


def test_armor_plate_counts_when_the_pilot_stands_only_thanks_to_it(engine):
    s = board(engine, columns=(("bruiser", "P0"), (), (), ()))
    give_scrap(engine, s, "armor-plate")
    s.seats[0].damage = 9
    enemy_turn(engine, s)  # MELEE 2: 11 damage, standing on 12 health
    assert ("scrap:armor-plate", ()) in s.resolved and not s.seats[0].down


def test_a_card_that_only_paid_its_heat_is_played_but_not_witnessed(engine):
    s = board(engine, columns=(("P0",), (), (), ()), hand=("warrior-stun",))
    play(engine, s, ("play", in_hand(engine, s, "warrior-stun")))  # nothing to hit or delay
    assert "warrior-stun" in s.played and ("warrior-stun", ()) not in s.resolved


def test_taunt_binds_attacks_only(engine):
    """Seed: TAUNT governs choosing the target of an attack; a DELAY is no attack."""
    s = board(engine, pilots="warrior,medic", columns=(("grappler", "P0"), ("P1",), (), ()))
    s.seats[1].damage = 5  # the Medic, weaker, is the pick of both actions without a taunt
    tuck(s, 0, "TAUNT")
    enemy_turn(engine, s)  # side A: MELEE 1 (an attack: the taunting Warrior), DELAY 2 (the weaker Medic)
    assert s.seats[0].damage == 1 and s.position(1)[0] == 3


def test_a_zealot_passing_a_pilot_for_the_shuttle_is_witnessed(engine):
    s = board(engine, columns=(("raider", "P0"), (), (), ()))
    enemy_turn(engine, s)
    assert ("zealot", ("ZEALOT",)) in s.resolved


def test_servo_fist_strengthens_the_whole_first_melee_even_an_aoe(engine):
    """Servo Fist's card: the first MELEE each turn deals 1 more, to every unit it reaches."""
    s = board(engine, columns=(("P0", "bruiser"), ("bruiser",), (), ()), hand=("warrior-cleave", "warrior-jab"))
    give_scrap(engine, s, "servo-fist")
    first, second = s.columns[0][1], s.columns[1][0]
    play(engine, s, ("play", in_hand(engine, s, "warrior-cleave")))
    assert s.unit(first).damage == 2 and s.unit(second).damage == 2


def test_heat_sink_lowers_a_cards_heat_not_the_end_of_turn_heat(engine):
    """Heat Sink's card: the first heat a card makes each turn is 1 lower."""
    s = board(engine, columns=(("P0",), (), (), ("bruiser",)), hand=("warrior-jab",))
    give_scrap(engine, s, "heat-sink")
    play(engine, s, ("stop",))
    assert s.position(0)[0] == 1  # the end-of-turn heat vents in full


# -- ties and the enemies' other choices: this edition's own rules, from rules.yaml's words ---------------------------
# Each board is laid so that the clause under test alone decides: the orders the other clauses (or the units'
# numbers) would give point to another pilot.
def test_a_tie_goes_to_the_unit_nearest_the_enemy(engine):
    """rules.yaml 'target-ties': "If several units tie, the enemy picks the one nearest to it, in steps counted as
    for RANGED"."""
    # Sniper side A: RANGED 2 IN 4. The Warrior, 3 steps up column 1, is in the lower column and the first pilot;
    # the Medic, in column 3, is 2 steps away. Both have 8 health left.
    s = board(engine, pilots="warrior,medic", columns=(("sniper", "bruiser", "bruiser", "P0"), (), ("P1",), ()))
    s.seats[0].damage = 2
    enemy_turn(engine, s)
    assert s.seats[1].damage == 2 and s.seats[0].damage == 2 and s.shuttle_damage == 0


def test_a_tie_at_equal_distance_goes_to_the_lower_column(engine):
    """rules.yaml 'target-ties': "... then the one in the lower-numbered column" (column 1, above the shuttle)."""
    # Sniper side A: RANGED 2 IN 4. Both pilots 2 steps away with 8 health left: the Medic up column 1, the
    # Warrior (the first pilot, and lower in its own column) at the bottom of column 3.
    s = board(engine, pilots="warrior,medic", columns=(("sniper", "bruiser", "P1"), (), ("P0",), ()))
    s.seats[0].damage = 2
    enemy_turn(engine, s)
    assert s.seats[1].damage == 2 and s.seats[0].damage == 2


def test_a_tie_in_one_column_goes_to_the_lower_unit(engine):
    """rules.yaml 'target-ties': "... then the lower one in its column"."""
    # Swarmer side B: HEAT 1 vents it onto column 2 (row 3), then MELEE 1. Both pilots are in column 1, each a
    # diagonal (2 steps) away: the Medic at row 2, the Warrior (the first pilot) at row 4. 8 health left each.
    s = board(engine, pilots="warrior,medic",
              columns=(("swarmer", "bruiser", "P1", "bruiser", "P0"), ("bruiser", "bruiser"), (), ()))
    swarmer = s.columns[0][0]
    s.unit(swarmer).flipped = True
    s.seats[0].damage = 2
    enemy_turn(engine, s)
    assert s.position(swarmer) == (1, 2) and s.position(1) == (0, 1) and s.position(0) == (0, 3)
    assert s.seats[1].damage == 1 and s.seats[0].damage == 2 and s.shuttle_damage == 0


def mender_board(engine, lower=(), beside=(), pilots="warrior"):
    """The Mender (side A: HEAL 2 ALLY, HEAT 1) at the bottom of column 1 with `lower` above it; `beside` in
    column 2; the Warrior out of reach in column 4 unless placed."""
    return board(engine, pilots=pilots, columns=(("mender",) + tuple(lower), tuple(beside), (), ("P0",)))


def test_an_enemy_heal_goes_to_the_most_damaged_enemy_in_reach_itself_included_nearest_on_a_tie(engine):
    """rules.yaml 'enemy-other-picks': an enemy's HEAL "goes to the most damaged enemy in its reach, itself
    included (the nearest on a tie), and does nothing when none is damaged"."""
    # the most damaged in reach, though farther: the Bruiser diagonal to the Mender, not the nearer ones, not a
    # pilot, not a more damaged Bruiser out of reach
    s = board(engine, columns=(("mender", "bruiser"), ("P0", "bruiser"), ("bruiser",), ()))
    mender, near, far, away = s.columns[0][0], s.columns[0][1], s.columns[1][1], s.columns[2][0]
    s.unit(near).damage, s.unit(far).damage, s.unit(away).damage, s.seats[0].damage = 1, 3, 4, 5
    enemy_turn(engine, s)
    assert (s.unit(near).damage, s.unit(far).damage, s.unit(away).damage, s.seats[0].damage) == (1, 1, 4, 5)

    # itself included: the Mender, more damaged than its neighbour, heals itself
    s = mender_board(engine, lower=("bruiser",))
    mender, near = s.columns[0]
    s.unit(mender).damage, s.unit(near).damage = 2, 1
    enemy_turn(engine, s)
    assert s.unit(mender).damage == 0 and s.unit(near).damage == 1

    # the nearest on a tie: itself (no step away) before a neighbour as damaged
    s = mender_board(engine, lower=("bruiser",))
    mender, near = s.columns[0]
    s.unit(mender).damage, s.unit(near).damage = 1, 1
    enemy_turn(engine, s)
    assert s.unit(mender).damage == 0 and s.unit(near).damage == 1

    # the nearest on a tie: the Bruiser beside it (1 step) before the diagonal one (2 steps), though that one is
    # lower in column 2 and numbered first
    s = mender_board(engine, beside=("bruiser", "bruiser"))
    low, high = s.columns[1]
    s.columns[1] = (high, low)
    s.unit(low).damage, s.unit(high).damage = 2, 2
    enemy_turn(engine, s)
    assert s.unit(high).damage == 0 and s.unit(low).damage == 2

    # still tied at one step: 'target-ties' goes on to the lower column, column 1 over column 2, whatever the
    # units' numbers
    s = mender_board(engine, lower=("bruiser",), beside=("bruiser",))
    (mender, first), (second,) = s.columns[0], s.columns[1]
    s.columns[0], s.columns[1] = (mender, second), (first,)  # the one numbered first goes to column 2
    s.unit(first).damage, s.unit(second).damage = 2, 2
    enemy_turn(engine, s)
    assert s.unit(second).damage == 0 and s.unit(first).damage == 2

    # nothing when no enemy is damaged: not a damaged pilot beside it, not the shuttle
    s = board(engine, columns=(("mender", "bruiser"), ("P0",), (), ()))
    mender, near = s.columns[0]
    s.seats[0].damage, s.shuttle_damage = 3, 2
    enemy_turn(engine, s)
    assert s.seats[0].damage == 3 and s.shuttle_damage == 2 and not s.unit(near).damage
    assert ("action:HEAL", ("HEAL",)) not in s.resolved



def test_an_enemy_delay_or_foe_status_picks_a_pilot_as_an_attack_would_never_the_shuttle(engine):
    """rules.yaml 'enemy-other-picks': "A DELAY or a status meant for a foe picks a pilot as an attack would,
    except that TAUNT does not bind it, and never the shuttle"."""
    from pnp.games.escort_service.actions import parse

    grappler = engine.catalog.enemies["grappler"]
    melee, delay = grappler.sides[0][0], grappler.sides[0][1]  # side A: MELEE 1, DELAY 2, HEAT 1
    poison = parse("STATUS POISON FOE")  # as the Hive Queen's card prints it

    # no pilot in reach: the attack hits the shuttle, the DELAY and the status pick nothing
    s = board(engine, columns=(("grappler",), (), (), ("P0",)))
    unit = s.columns[0][0]
    assert engine._enemy_targets(s, unit, melee) == [SHUTTLE]
    assert engine._enemy_targets(s, unit, delay) == [] and engine._enemy_targets(s, unit, poison) == []
    enemy_turn(engine, s)
    assert s.shuttle_damage == 1 and s.position(0) == (3, 0)

    # the pilot with the least health left, though farther: the Medic (8) on the diagonal, not the Warrior (10)
    s = board(engine, pilots="warrior,medic", columns=(("grappler", "P0"), ("bruiser", "P1"), (), ()))
    unit = s.columns[0][0]
    for action in (melee, delay, poison):
        assert engine._enemy_targets(s, unit, action) == [1]
    enemy_turn(engine, s)  # the MELEE hits the Medic, the DELAY throws it two columns right
    assert s.seats[1].damage == 1 and s.position(1) == (3, 0) and s.position(0) == (0, 0)

    # a tie as an attack breaks it: the nearer pilot (the Warrior beside it, the Medic on the diagonal)
    s = board(engine, pilots="medic,warrior", columns=(("grappler",), ("P1", "P0"), (), ()))
    s.seats[1].damage = 2  # 8 health left each; the Medic is the first pilot but farther
    unit = s.columns[0][0]
    for action in (melee, delay, poison):
        assert engine._enemy_targets(s, unit, action) == [1]

    # a HIDDEN pilot cannot be picked by either
    s = board(engine, pilots="warrior,medic", columns=(("grappler", "P0"), ("bruiser", "P1"), (), ()))
    tuck(s, 1, "HIDDEN", owner=0)
    unit = s.columns[0][0]
    for action in (melee, delay, poison):
        assert engine._enemy_targets(s, unit, action) == [0]

    # but a TAUNT binds the attack alone: the DELAY and the status still go to the weaker Medic
    s = board(engine, pilots="warrior,medic", columns=(("grappler", "P0"), ("bruiser", "P1"), (), ()))
    tuck(s, 0, "TAUNT")
    unit = s.columns[0][0]
    assert engine._enemy_targets(s, unit, melee) == [0]
    assert engine._enemy_targets(s, unit, delay) == [1] and engine._enemy_targets(s, unit, poison) == [1]


# -- this edition's rulings, named in rules.yaml's Clarifications: each test from the seed's words it settles ------
def test_an_action_with_no_printed_reach_reaches_the_eight_spaces_around_the_unit(engine):
    """Seed: MELEE "Targets any unit surrounding the character"; HEAL "remove damage from a target", DELAY "move the
    target to the right" and STATUS "apply a status effect to a target" say no reach. rules.yaml 'clar-reach': such
    an action "reaches as far as MELEE does: the eight spaces around the unit acting, and that unit itself when the
    action may pick it. A printed direction ... narrows those eight spaces; a printed number of steps replaces them.
    A destroyed pilot lies in the space below its column, level with the shuttle." """
    from pnp.games.escort_service.actions import parse

    # the Medic at the bottom of column 2; the Warrior on its diagonal, the Scout two columns away
    s = board(engine, pilots="medic,warrior,scout", columns=(("bruiser",), ("P0", "bruiser"), ("P1",), (), ))
    s.columns[3] = (2,)
    low, high = s.columns[0][0], s.columns[1][1]
    assert engine._pilot_targets(s, 0, parse("HEAL 2 ALLY")) == [0, 1]  # itself and the diagonal, not the Scout
    assert sorted(engine._pilot_targets(s, 0, parse("DELAY 1"))) == sorted([low, high])  # left and above
    assert engine._pilot_targets(s, 0, parse("STATUS SHIELD ALLY")) == [0, 1]
    assert engine._pilot_targets(s, 0, parse("DELAY 1 IN LEFT")) == [low]  # a direction narrows the eight
    assert engine._pilot_targets(s, 0, parse("DELAY 1 IN UP")) == [high]
    assert engine._pilot_targets(s, 0, parse("HEAL 2 ALLY IN 3")) == [0, 1, 2]  # steps replace them: 3 away
    # a pilot fallen under column 1 lies level with the shuttle: next to the bottom of column 2, not to the unit
    # above it
    s = board(engine, pilots="medic,warrior", columns=(("bruiser",), ("P0",), (), ()))
    s.seats[1].damage = 10
    s.fallen[0] = (1,)
    s.seats[1].down = True
    assert 1 in engine._pilot_targets(s, 0, parse("HEAL 2 ALLY"))
    s.columns[0], s.columns[1] = (), s.columns[0] + s.columns[1]  # the bruiser moves under the Medic
    assert s.position(0) == (1, 1) and 1 not in engine._pilot_targets(s, 0, parse("HEAL 2 ALLY"))


def test_a_pilot_destroyed_during_its_own_turn_stops_at_once(engine):
    """Seed: "The unit will perform actions until they choose to stop", and "When a friendly unit is destroyed,
    place their character card below the column in which they were destroyed". rules.yaml 'clar-down-own-turn':
    "The rest of the card it was playing does nothing and the card goes to its discard pile; it plays no more cards,
    and its turn passes on with no end-of-turn heat, discard or draw. Its hand waits for it"."""
    s = board(engine, pilots="warrior,medic", columns=(("P1",), (), (), ("P0",)),
              hand=("warrior-got-your-attention", "warrior-jab"))
    s.active = s.seat = 0
    s.phase = "pilot"
    s.seats[0].damage = 8
    play(engine, s, ("play", in_hand(engine, s, "warrior-got-your-attention")))  # MELEE 2, HEAT 2, STATUS TAUNT
    warrior = s.seats[0]
    assert warrior.down and s.fallen[3] == (0,)  # 2 heat past the last column: 10 damage on 10 health
    assert not s.has_status(0, "TAUNT") and not warrior.tucked  # the TAUNT after the HEAT never happened
    assert [engine.catalog.cards[c].id for c in warrior.discard] == ["warrior-got-your-attention"]
    assert [engine.catalog.cards[c].id for c in warrior.hand] == ["warrior-jab"]  # no discard, no draw back to 4
    assert s.active == 1 and s.phase == "pilot"  # the turn passed on at once, to the Medic above the shuttle
    assert s.position(1) == (0, 0)  # and nobody vented the Warrior's end-of-turn heat


def test_servo_fist_is_spent_by_the_first_melee_even_with_nobody_to_hit(engine):
    """Servo Fist's card: "Your first MELEE each turn deals 1 more damage." rules.yaml 'clar-first-each-turn':
    "a MELEE with nobody to hit still uses up the Servo Fist"."""
    s = board(engine, columns=(("P0",), (), ("bruiser",), ()), hand=("warrior-stun", "warrior-jab"))
    give_scrap(engine, s, "servo-fist")
    bruiser = s.columns[2][0]
    play(engine, s, ("play", in_hand(engine, s, "warrior-stun")))  # MELEE 1 with nobody next to it; HEAT 1
    assert s.position(0) == (1, 0) and s.unit(bruiser).damage == 0
    play(engine, s, ("play", in_hand(engine, s, "warrior-jab")))  # the second MELEE of the turn: no bonus
    assert s.unit(bruiser).damage == 1
    assert ("scrap:servo-fist", ()) not in s.resolved


def test_a_servo_fist_whose_hit_a_shield_takes_is_not_witnessed(engine):
    """A witness counts only what took effect: a shield that takes the whole hit takes the Servo Fist's point too
    (rules.yaml 'clar-poison-shield': "A shield prevents the whole hit")."""
    s = board(engine, columns=(("P0",), ("bruiser",), (), ()), hand=("warrior-jab", "warrior-jab"))
    give_scrap(engine, s, "servo-fist")
    bruiser = s.columns[1][0]
    s.statuses[bruiser] = (Tucked(status="SHIELD", owner=bruiser, card=-1),)
    play(engine, s, ("play", in_hand(engine, s, "warrior-jab")))
    assert s.unit(bruiser).damage == 0 and ("scrap:servo-fist", ()) not in s.resolved
    s = board(engine, columns=(("P0",), ("bruiser",), (), ()), hand=("warrior-jab",))
    give_scrap(engine, s, "servo-fist")
    play(engine, s, ("play", in_hand(engine, s, "warrior-jab")))
    assert s.unit(s.columns[1][0]).damage == 2 and ("scrap:servo-fist", ()) in s.resolved


def test_an_enemy_aoe_strikes_every_pilot_in_reach_and_the_shuttle_only_without_one(engine):
    """Seed: "AOE: the action affects all units within range of the action"; enemies "attack player units first
    ... If there are no player units in range, they will attack the shuttle"; a ZEALOT "will attempt to target the
    shuttle instead of player units if able". rules.yaml 'clar-enemy-aoe': "an enemy's AOE attack strikes every
    pilot in its reach, HIDDEN ones too, and the shuttle only when no pilot is in reach. ZEALOT and TAUNT steer the
    choice of one target, so they do not change an AOE"."""
    sweep = next(c for c in engine.catalog.cards if c.id == "hive-queen-tail-sweep").actions[0]  # MELEE 1 AOE
    assert sweep.aoe and sweep.word == "MELEE" and engine.catalog.enemies["hive-queen"].zealot
    # the Hive Queen at the bottom of column 2 reaches the shuttle (diagonally) and both pilots in column 1
    s = board(engine, pilots="warrior,medic", columns=(("P0", "P1"), ("hive-queen",), (), ()))
    queen = s.columns[1][0]
    assert engine._shuttle_in_reach(s, queen, sweep)
    tuck(s, 1, "HIDDEN")
    assert engine._enemy_targets(s, queen, sweep) == [0, 1]  # not the shuttle, the hidden Medic too
    s = board(engine, pilots="warrior", columns=((), ("hive-queen",), (), ("P0",)))
    assert engine._enemy_targets(s, s.columns[1][0], sweep) == [SHUTTLE]  # no pilot in reach


def test_hive_run_is_lost_only_with_the_shuttle_and_its_card_promises_no_more(engine):
    """Seed: "This game play loop will continue until the scenario resolves or the shuttle is destroyed." The Hive
    Run card asks for the Hive Queen destroyed; the queen reaching the shuttle ends nothing, and the card must not
    say it does."""
    from helpers import validated

    scenario = next(sc for sc in engine.catalog.scenarios if sc.id == "hive-run")
    assert scenario.goal == "defeat" and scenario.boss == "hive-queen"
    text = next(r.card.text for r in validated("escort-service").game.cards() if r.card.id == "hive-run")
    assert text.startswith("Destroy the Hive Queen") and "reach" not in text and "before she" not in text
    # the queen above the shuttle, striking it: the scenario goes on
    s = board(engine, columns=(("hive-queen",), (), (), ("P0",)), scenario=3)
    for _ in range(3):
        s.columns[0] = (s.units[0].index,)
        s.columns[1:] = [(), (), (0,)]
        enemy_turn(engine, s)
    assert s.shuttle_damage > 0 and not s.over and s.units[0].alive


def test_this_editions_rulings_are_named_as_ours_once_in_the_clarifications(engine):
    """Rules 7.10 (what an action with no reach of its own may pick) and 10.4 (a pilot destroyed in its own turn)
    settle what the seed leaves open: each points to its Clarification, whose section says once, in its intro,
    that these are this edition's rulings. The rules this edition adds elsewhere (3.4 the team's size, 5.5 and 5.6
    the enemies' ties and other choices, 10.3 giving up a scrap, 10.5 the shuttle's 12 health, 11.3 the full heal
    after a win) are named in that same intro, and no rule says "this edition" or "a rule of ours" on its own (the
    proofreader: the note was repeated about ten times)."""
    from pathlib import Path

    import yaml

    rules = yaml.safe_load((Path(__file__).parents[3] / "content/escort-service/rules.yaml").read_text())
    texts = {r["id"]: r["text"] for section in rules["sections"] for r in section["rules"]}
    assert "({rule:clar-reach})" in texts["action-reach"]
    assert "({rule:clar-down-own-turn})" in texts["pilot-destroyed"]
    clarifications = next(section for section in rules["sections"] if section["id"] == "clarifications")
    assert {"clar-reach", "clar-down-own-turn"} <= {rule["id"] for rule in clarifications["rules"]}
    assert "this edition's rulings" in clarifications["intro"]
    # the rules this edition adds outside the Clarifications, each named in their intro by a link to it
    for rule_id in ("team-size", "target-ties", "enemy-other-picks", "enemy-destroyed", "shuttle-damage", "upgrade"):
        assert "{rule:%s}" % rule_id in clarifications["intro"], rule_id
    for rule_id, text in texts.items():
        assert not any(word in text.lower() for word in ("our ruling", "this edition", "we rule", "a rule of")), rule_id


# -- witnesses count what took effect, not a turn taken or a card slotted --------------------------------------------
def test_a_pilot_is_witnessed_by_a_card_that_takes_effect_not_by_a_turn_taken(engine):
    """Seed: "The unit will perform actions until they choose to stop." A pilot that takes its turn and stops, or
    plays a card that only pays its HEAT, did nothing: its pilot card is not witnessed; a card that strikes is."""
    s = board(engine, columns=(("P0",), (), (), ()), hand=("warrior-stun",))
    engine._next_turn(s)  # the Warrior's turn starts as the engine starts one
    assert s.active == 0 and "warrior-pilot" in s.played
    play(engine, s, ("play", in_hand(engine, s, "warrior-stun")))  # nobody next to it: only its HEAT
    assert ("warrior-pilot", ()) not in s.resolved
    s = board(engine, columns=(("P0",), ("bruiser",), (), ()), hand=("warrior-stun",))
    engine._next_turn(s)
    play(engine, s, ("play", in_hand(engine, s, "warrior-stun")))
    assert ("warrior-pilot", ()) in s.resolved and ("warrior-stun", ()) in s.resolved


def test_an_elite_is_witnessed_when_the_card_it_turns_over_takes_effect(engine):
    """Seed: an Elite Enemy's turn is to "Turn over the top card for the Elite Enemy's Draw Pile and execute the
    actions listed on the card". A Battle Cry that finds nobody hurt heals nothing: the Warlord's turn changed
    nothing but its column; a Crushing Blow on the pilot beside it did."""
    s = board(engine, columns=(("warlord", "P0"), (), (), ()))
    s.units[0].deck = [card(engine, "warlord-battle-cry")]  # HEAL 2 ALLY AOE IN 2, HEAT 1: nobody is hurt
    enemy_turn(engine, s)
    assert "warlord" in s.played and ("warlord", ()) not in s.resolved
    s = board(engine, columns=(("warlord", "P0"), (), (), ()))
    s.units[0].deck = [card(engine, "warlord-crushing-blow")]  # MELEE 3, HEAT 1
    enemy_turn(engine, s)
    assert s.seats[0].damage == 3 and ("warlord", ()) in s.resolved


def test_a_scrap_card_is_witnessed_when_its_bonus_changes_a_number_not_when_it_is_slotted(engine):
    """Seed: "draw a card from the Scrap Pile. Decide as a team which player will receive the Scrap"; the Armor
    Plate's card: "While slotted, your pilot can take 2 more damage." Slotting it is the SCRAP event taking
    effect; the card itself takes effect when the pilot stands only thanks to it."""
    s = board(engine, columns=(("P0",), ("swarmer",), (), ("bruiser",)), hand=("warrior-jab",))
    plate = next(i for i, (_, effect) in enumerate(engine.catalog.scrap) if effect == "armor-plate")
    s.scrap = [plate] + [i for i in s.scrap if i != plate]
    play(engine, s, ("play", in_hand(engine, s, "warrior-jab")), ("give", 0))  # the swarmer falls: scrap
    assert s.seats[0].effects == {"armor-plate"} and "armor-plate" in s.played
    assert ("scrap-slotted", ("SCRAP",)) in s.resolved and ("armor-plate", ()) not in s.resolved
    s = board(engine, columns=(("bruiser", "P0"), (), (), ()))
    give_scrap(engine, s, "armor-plate")
    s.seats[0].damage = 9
    enemy_turn(engine, s)  # MELEE 2: 11 damage, standing on 12 health
    assert ("armor-plate", ()) in s.resolved and ("scrap:armor-plate", ()) in s.resolved


def test_in_is_witnessed_only_when_its_reach_leaves_out_a_unit_it_could_otherwise_pick(engine):
    """Seed: "IN: the action can only affect target that fall within the range of the action". A RANGED 1 IN 3
    with every foe within 3 steps hit as it would with no limit: IN changed nothing. With a foe 4 steps away,
    the limit left it out."""
    s = board(engine, pilots="gunner", columns=(("P0",), ("bruiser",), (), ()), hand=("gunner-snap-shot",))
    play(engine, s, ("play", in_hand(engine, s, "gunner-snap-shot")))
    assert ("action:RANGED", ("RANGED",)) in s.resolved and ("reach", ("IN",)) not in s.resolved
    s = board(engine, pilots="gunner", columns=(("P0",), ("bruiser",), (), ("swarmer", "drone")),
              hand=("gunner-snap-shot",))
    play(engine, s, ("play", in_hand(engine, s, "gunner-snap-shot")), ("target", s.columns[1][0]))
    assert ("reach", ("IN",)) in s.resolved  # the drone, 4 steps away, was out of reach


def test_in_a_direction_is_witnessed_only_when_it_leaves_out_a_unit_beside_the_pilot(engine):
    """Seed: "LEFT | RIGHT | UP | DOWN: the action can only affect targets that are in the direction specified".
    Cut Back's MELEE 2 IN LEFT (after its HEAT 1): a foe to the left only, as a MELEE would pick anyway, is no
    effect of IN; a foe also to the right that it may not strike is."""
    s = board(engine, pilots="scout", columns=(("P0", "bruiser"), (), (), ()), hand=("scout-cut-back",))
    bruiser = s.columns[0][1]
    play(engine, s, ("play", in_hand(engine, s, "scout-cut-back")))  # vents to column 2, the bruiser left of it
    assert s.position(0) == (1, 0) and s.unit(bruiser).damage == 2
    assert ("action:MELEE", ("MELEE",)) in s.resolved and ("reach", ("IN",)) not in s.resolved
    s = board(engine, pilots="scout", columns=(("P0", "bruiser"), (), ("swarmer",), ()), hand=("scout-cut-back",))
    play(engine, s, ("play", in_hand(engine, s, "scout-cut-back")))  # the swarmer, right beside it, is spared
    assert ("reach", ("IN",)) in s.resolved and s.unit(s.columns[2][0]).damage == 0


def test_damage_beyond_an_enemys_health_destroys_it_too(engine):
    """Seed: "If a unit has damage counters equal to or greater than their health, they are destroyed" (rule 10.2:
    "as much damage as its health, or more"). A Bruiser (health 5) with 4 damage takes MELEE 2: 6 damage on 5
    health, and it is destroyed, earning a scrap card, not left standing."""
    s = board(engine, columns=(("P0",), ("bruiser",), (), ("bruiser",)), hand=("warrior-got-your-attention",))
    bruiser = s.columns[1][0]
    s.unit(bruiser).damage = 4
    play(engine, s, ("play", in_hand(engine, s, "warrior-got-your-attention")))
    assert s.unit(bruiser).damage == 6 and not s.alive(bruiser) and not s.on_board(bruiser)
    assert isinstance(s.pending[-1], GiveScrap)


def test_damage_beyond_the_shuttles_health_loses_the_campaign(engine):
    """Seed: "equal to or greater than their health" destroys a unit, and the shuttle destroyed loses the game:
    the shuttle (health 12) with 11 damage takes a Bruiser's MELEE 2, 13 damage on 12 health."""
    s = board(engine, columns=(("bruiser",), (), ("P0",), ()))
    s.shuttle_damage = 11
    enemy_turn(engine, s)  # the Warrior, two columns away, is out of reach: the shuttle is hit
    assert s.shuttle_damage == 13 and s.over and not s.won and s.lost_reason == "shuttle"
