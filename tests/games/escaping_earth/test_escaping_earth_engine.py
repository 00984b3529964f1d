"""2200: Escaping Earth's engine against the seed's worked examples and its rules, one situation at a time.

Each test lays a table (a ship, the top Zone cards, a hand) and plays moves
through the engine's own API, as a player would.
"""
import random

from helpers import play_moves

from pnp.games.escaping_earth import campaign, combat
from pnp.games.escaping_earth.cards import TRACKS
from pnp.games.escaping_earth.geometry import SQUARES
from pnp.games.escaping_earth.state import Discard, LevelShuffle, UnderShuffle


def card(engine, key: str) -> int:
    """The index of a card by its key: a Zone card's id (its item side is the same card), a starter's id."""
    for i, item in enumerate(engine.catalog.items):
        zone = engine.catalog.zones[i]
        if item.key == key or (zone is not None and zone.key == key):
            return i
    raise KeyError(key)


def table(engine, ship="the-wolf", tops=(None, None, None), hand=(), at="air:c2", health=None, deck=()):
    """A run in its action phase: this ship, these Zone cards on top, this hand."""
    state = engine.initial_state(random.Random(7))
    catalog = engine.catalog
    state.ship = campaign.ship_of(catalog, ship)
    if ship not in state.ships:
        state.ships += (ship,)
    state.supply = list(catalog.statics)
    for track, key in enumerate(tops):
        state.tracks[track].cards = [card(engine, key)] if key else []
        engine.reset_top(state, track)
    state.hand = [card(engine, key) for key in hand]
    state.deck = [card(engine, key) for key in deck]
    track, square = at.split(":")
    state.track, state.square = TRACKS.index(track), SQUARES.index(square)
    state.health = state.ship.health if health is None else health
    state.phase = "action"
    return state


def play(engine, state, *actions):
    return play_moves(engine, state, *actions, check=False)


# -- the seed's examples ---------------------------------------------------------------------------------
def test_the_phoenix_revives_at_1_health_taking_2_and_ends_at_3_of_4(engine):
    state = table(engine, ship="the-phoenix", health=1)
    combat.hurt(engine.catalog, state, 2)
    assert (state.health, state.ship.health, state.revive_used) == (3, 4, True)
    assert ("ship:revive", ("REVIVE",)) in state.resolved
    combat.hurt(engine.catalog, state, 3)  # once a run: the next 0 loses
    assert state.phase == "lost"


def test_dual_lasers_with_attack_1_deal_1_damage_twice(engine):
    # Smog Layer's enemy (health 1 in the content) is replaced by Sky Dock's (health 3) to see both hits land
    state = table(engine, tops=(None, "air-2-sky-dock", None), hand=["space-1-debris-field"], at="air:b2")
    dual = engine.catalog.item(card(engine, "space-1-debris-field")).attack
    assert (dual.type, dual.damage, dual.repeat) == ("laser", 1, 2)
    play(engine, state, ("play", card(engine, "space-1-debris-field")))
    assert state.tracks[1].damage == [2]


def test_moving_3_across_stacked_zones(engine):
    """A -> B -> C -> D: up a row on Ground, up to the same square of Air, then sideways on Air."""
    state = table(engine, tops=("ground-1-slag-flats", "air-1-smog-layer", "space-1-debris-field"),
                  hand=["speed", "shield-charge"], at="ground:c1")
    play(engine, state, ("play", card(engine, "speed")), ("play", card(engine, "shield-charge")))
    assert state.move == 3
    play(engine, state, ("move", 0, SQUARES.index("b1")), ("move", 1, SQUARES.index("b1")),
         ("move", 1, SQUARES.index("b2")))
    assert (state.track, state.square, state.move) == (1, SQUARES.index("b2"), 0)
    assert not [a for a in engine.legal_actions(state) if a[0] == "move"]


def test_the_missile_from_the_bottom_centre_of_air_1_reaches_ahead_and_through_its_arrows(engine):
    state = table(engine, tops=("ground-1-slag-flats", "air-1-radio-mast", "space-1-debris-field"), at="air:c2")
    missile = engine.catalog.item(card(engine, "missile")).attack
    reach = set(combat.reach(engine.catalog, state, missile))
    ahead = {SQUARES.index("a2"), SQUARES.index("b2")}
    assert reach == {(t, s) for t in range(3) for s in ahead}
    # the three enemies on those squares (a2 on each card) are all targets
    assert {(t, i) for t, i, _ in combat.targets(engine.catalog, state, missile)} == {(0, 0), (1, 0), (2, 0)}


# -- attacks and abilities ----------------------------------------------------------------------------------
def test_a_laser_hits_a_final_boss_once_for_each_of_its_squares_in_range(engine):
    state = table(engine, tops=(None, "air-5-stormcrown", None), hand=["air-1-smog-layer"], at="air:c2")
    pulse = engine.catalog.item(card(engine, "air-1-smog-layer")).attack  # Pulse Laser: the far row
    assert pulse.grid[0] == "xxx" and pulse.damage == 1
    play(engine, state, ("play", card(engine, "air-1-smog-layer")), ("second", "after"))
    assert state.tracks[1].damage[0] == 3  # Stormcrown covers a1, a2 and a3


def test_a_missile_hits_one_enemy_of_the_players_choice(engine):
    state = table(engine, tops=("ground-1-drill-camp", None, None), hand=["missile"], at="ground:c1")
    play(engine, state, ("play", card(engine, "missile")))
    assert engine.legal_actions(state) == [("target", 0, 0)]  # b1 is ahead; b3 is out of this range
    play(engine, state, ("target", 0, 0))
    assert state.tracks[0].damage == [2, 0]  # cubes as dealt: 2 on a health-1 enemy


def test_armor_counts_against_each_repeat(engine):
    # Orbital Turret: Armor 1. Dual Lasers fire twice at attack 1: each hit is stopped
    state = table(engine, tops=(None, None, "space-1-orbital-turret"), hand=["space-1-debris-field"], at="space:b2")
    play(engine, state, ("play", card(engine, "space-1-debris-field")))
    assert state.tracks[2].damage == [0] and ("ability:ARMOR", ("ARMOR",)) in state.resolved


def test_cloaking_stops_missiles_reflective_stops_lasers_other_hits_both(engine):
    catalog = engine.catalog
    state = table(engine, tops=("ground-2-tunnel-mouth", "air-2-jetstream", None), at="ground:c2")
    assert combat.hit(catalog, state, 0, 0, 2, "missile") == 0  # Tunnel Mouth: Cloaking
    assert combat.hit(catalog, state, 0, 0, 2, "laser") == 2
    state.track = 1
    assert combat.hit(catalog, state, 1, 0, 2, "laser") == 0  # Jetstream: Reflective
    assert combat.hit(catalog, state, 1, 0, 1, "blast") == 1


def test_a_forcefield_enemy_takes_no_damage_from_its_own_zone_but_does_through_arrows(engine):
    state = table(engine, tops=(None, "air-1-smog-layer", "space-3-barrier-edge"), hand=["missile"], at="space:c1")
    assert combat.hit(engine.catalog, state, 2, 0, 2, "blast") == 0
    state.track = 1  # from Air, the missile's up arrow reaches a1 of Space
    play(engine, state, ("play", card(engine, "missile")))
    assert ("target", 2, 0) in engine.legal_actions(state)
    play(engine, state, ("target", 2, 0))
    assert state.tracks[2].damage[0] == 2


def test_an_explosive_enemy_hurts_everything_in_its_zone_when_it_dies(engine):
    state = table(engine, tops=(None, None, "space-3-mine-field"), at="space:c2")
    combat.hit(engine.catalog, state, 2, 0, 3, "blast")  # a2: Explosive, health 3
    assert state.tracks[2].damage == [3, 1] and state.health == 2  # b1 took 1 of its 2; the ship, in that Zone, took 1
    assert ("ability:EXPLOSIVE", ("EXPLOSIVE",)) in state.resolved


def test_an_anchor_keeps_move_on_its_card(engine):
    state = table(engine, tops=("ground-1-ash-road", "air-1-smog-layer", None), hand=["speed"], at="ground:c2")
    play(engine, state, ("play", card(engine, "speed")))
    moves = [a for a in engine.legal_actions(state) if a[0] == "move"]
    assert moves and all(a[1] == 0 for a in moves)  # no step up to Air while the Anchor lives


def test_void_stops_drawing_in_the_action_phase_and_blueprints(engine):
    state = table(engine, tops=(None, "air-3-ion-storm", None), hand=["space-1-dead-satellite"], at="air:c2",
                  deck=["laser", "missile"])
    state.gold = [card(engine, "ground-1-excavator-prime")]  # a Blueprint
    assert ("blueprint",) not in engine.legal_actions(state)
    play(engine, state, ("play", card(engine, "space-1-dead-satellite")))  # Scout Drone: draw 2
    assert len(state.hand) == 0 and ("ability:VOID", ("VOID",)) in state.resolved


def test_thunder_adds_static_and_a_fourth_static_loses_the_run(engine):
    state = table(engine, tops=("ground-2-refinery-row", None, None), at="ground:c2", health=3)
    state.supply = state.supply[:1]  # two Statics already held
    play(engine, state, ("end",))
    assert state.runs == 0 and state.health == 2 and len(state.supply) == 0  # the third: still playing
    state.phase, state.turn = "action", 1
    engine.reset_top(state, 0)
    runs = state.runs
    engine.apply_in_place(state, ("end",))
    assert state.runs == runs + 1  # the fourth Static ends the run


def test_time_dilation_discards_after_the_draw(engine):
    state = table(engine, tops=("ground-3-ore-conveyor", None, None), at="ground:c2",
                  deck=["laser", "missile", "speed", "escape"])
    state.phase = "buy"
    play(engine, state, ("end_buy",))  # cleanup, then the next turn's draw of 3
    assert len(state.hand) == 3 and state.pending == [Discard()]
    play(engine, state, ("discard", state.hand[0]))
    assert len(state.hand) == 2 and state.phase == "action"


def test_sword_and_self_repair_on_the_counter_attack(engine):
    state = table(engine, tops=("ground-4-crusher-hall", None, None), at="ground:c2", health=3)
    state.tracks[0].damage = [2, 3]  # Self-Repair (health 5) took 2; the other one is down
    play(engine, state, ("end",))
    assert state.tracks[0].damage[0] == 0 and state.health == 2
    state = table(engine, tops=("ground-4-lava-locks", None, None), at="ground:c2", health=3)
    state.tracks[0].damage = [0, 3]
    play(engine, state, ("end",))
    assert state.health == 1  # Sword 2


def test_ranged_enemies_attack_from_the_next_zone(engine):
    state = table(engine, tops=(None, "air-1-acid-rain", "space-1-debris-field"), at="space:c2", health=3)
    assert set(combat.attackers(engine.catalog, state)) == {(2, 0), (1, 0)}


# -- zones, rewards and the campaign ---------------------------------------------------------------------------
def test_a_cleared_zone_is_taken_as_gold_or_for_the_shop_and_the_next_card_comes_up(engine):
    state = table(engine, tops=("ground-1-slag-flats", None, None), at="ground:c2")
    state.tracks[0].cards.insert(0, card(engine, "ground-1-drill-camp"))
    state.tracks[0].damage = [1]
    play(engine, state, ("end",))
    assert engine.legal_actions(state) == [("reward", 0, "gold"), ("reward", 0, "shop")]
    play(engine, state, ("reward", 0, "shop"))
    assert state.shop == [card(engine, "ground-1-slag-flats")]
    assert combat.top(engine.catalog, state, 0).key == "ground-1-drill-camp" and state.tracks[0].damage == [0, 0]
    assert (state.track, state.square) == (0, SQUARES.index("c2"))  # the same square of the new card


def test_a_boss_plays_its_event_and_opens_the_next_level(engine):
    state = table(engine, tops=(None, "air-1-patrol-gunship", None), at="air:c2")
    state.tracks[1].damage = [3, 1]
    play(engine, state, ("end",))
    assert isinstance(state.chance, LevelShuffle) and (state.chance.track, len(state.chance.cards)) == (1, 5)  # Air 2's five cards, shuffled onto the track
    engine.apply_in_place(state, engine.sample_chance(state, random.Random(1)))
    assert combat.top(engine.catalog, state, 1).level == 2 and state.tracks[1].level == 2
    assert state.gold == [card(engine, "air-1-patrol-gunship")]  # its event: a Blueprint


def test_a_ship_costs_blueprints_and_unlocks_the_treasures_below_its_level(engine):
    state = table(engine, tops=("ground-1-slag-flats", None, None), at="ground:c2")
    phoenix = card(engine, "air-2-thunderhead")
    state.phase, state.shop = "buy", [phoenix]
    assert ("buy", phoenix) not in engine.legal_actions(state)
    state.gold = [card(engine, "ground-1-excavator-prime")]
    play(engine, state, ("buy", phoenix))
    assert "the-phoenix" in state.ships and phoenix in state.collection and state.spent
    pendulum = card(engine, "space-3-barrier-edge")
    state.shop, state.gold = [pendulum], [card(engine, "ground-2-the-foreman")]
    play(engine, state, ("buy", pendulum))
    assert card(engine, "space-2-junk-ring") in state.collection  # Ancient Star Chart, a level-2 treasure


def test_two_gold_brings_any_card_of_a_zone_deck_to_the_top(engine):
    state = table(engine, tops=("ground-1-slag-flats", None, None), at="ground:c2")
    boss = card(engine, "ground-1-excavator-prime")
    state.tracks[0].cards[0:0] = [boss, card(engine, "ground-1-pump-station")]
    state.phase, state.gold = "buy", [card(engine, "air-1-smog-layer"), card(engine, "air-1-drone-lane")]
    play(engine, state, ("pick", 0, boss))
    assert state.tracks[0].cards[-1] == boss and not state.gold and state.chance == UnderShuffle(track=0)


def test_a_lost_run_sends_what_is_not_permanent_back_to_the_zone_decks(engine):
    state = engine.initial_state(random.Random(3))
    catalog = engine.catalog
    play(engine, state, ("ship", "the-wolf"), ("deck_done",), ("systems_done",))
    engine.apply_in_place(state, engine.sample_chance(state, random.Random(3)))
    twin, dual = card(engine, "ground-1-slag-flats"), card(engine, "space-1-debris-field")
    for c in (twin, dual):
        state.tracks[catalog.zones[c].track].cards.remove(c)
    state.discard += [twin, dual]
    campaign.take(catalog, state, dual)  # Dual Lasers was bought: permanent
    state.phase = "lost"
    engine.settle(state)
    assert state.runs == 1 and state.phase == "ship"
    assert twin in state.boxes[(0, 1)] and dual not in state.boxes[(2, 1)] and dual in state.collection


def test_the_wolf_blocks_3_from_a_full_shield_charge(engine):
    state = table(engine, tops=("ground-1-drill-camp", None, None), at="ground:c2", health=3)
    state.charge = 3
    play(engine, state, ("shield",))
    assert (state.block, state.charge) == (3, 0)
    play(engine, state, ("end", ), ("attack", 0, 0))
    assert state.health == 3


def test_the_pendulum_swings_by_a_discard_and_assault_adds_1_per_hit(engine):
    state = table(engine, ship="the-pendulum", tops=("ground-2-sinkhole", None, None), hand=["speed", "laser"],
                  at="ground:c2")
    state.pendulum = True
    play(engine, state, ("shift", card(engine, "speed"), 0))
    assert state.mode == 0 and not [a for a in engine.legal_actions(state) if a[0] == "shift"]
    play(engine, state, ("play", card(engine, "laser")))  # Laser: attack 1 to the row ahead, +1 in Assault
    assert state.tracks[0].damage == [2, 2]


def test_a_hazard_square_hurts_and_a_drag_card_costs_2_a_step(engine):
    state = table(engine, tops=("ground-1-pump-station", "air-2-sky-dock", "space-3-gravity-well"), at="ground:c2",
                  health=3)
    state.move = 1
    play(engine, state, ("move", 0, SQUARES.index("c1")))
    assert state.health == 2  # Pump Station's Hazard
    state.track, state.square, state.move = 1, SQUARES.index("c2"), 1
    assert ("move", 2, SQUARES.index("c2")) not in engine.legal_actions(state)  # Gravity Well: Drag
    state.move = 2
    play(engine, state, ("move", 2, SQUARES.index("c2")))
    assert state.move == 0


def test_a_jammer_hides_its_card_from_missiles(engine):
    state = table(engine, tops=(None, None, "space-4-arc-pylons"), hand=["missile"], at="space:c1")
    missile = engine.catalog.item(card(engine, "missile")).attack
    assert combat.targets(engine.catalog, state, missile) == []


def test_the_same_seed_replays_the_same_campaign(engine):
    from pnp.engine.runner import play as play_game
    from pnp.games.escaping_earth.policies import POLICIES

    first = play_game(engine, 11, [POLICIES["greedy"]], keep_trace=True)
    second = play_game(engine, 11, [POLICIES["greedy"]], keep_trace=True)
    assert first.trace == second.trace and first.result == second.result
