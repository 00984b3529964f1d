"""2200: Escaping Earth: rules where the engine once departed from the original rulebook, each checked against
that rulebook's words (paraphrased in each docstring), and this edition's own rules, named as such."""
import random

import pytest
from test_escaping_earth_engine import card, play, table

from pnp.engine.machine import OptionsError
from pnp.engine.runner import play as play_game
from pnp.engine.runner import random_kind_policy
from pnp.games.escaping_earth import campaign, combat
from pnp.games.escaping_earth.geometry import SQUARES
from pnp.games.escaping_earth.state import Aim, TakeTreasure


def rules(project) -> dict:
    return {rule.id: rule.text for section in project.game.rules.sections for rule in section.rules}


def ruled_by_this_edition(project, rule_id: str) -> bool:
    """A ruling of this edition's: a rule of the Clarifications, whose intro says once, for all of them, that they
    are this edition's rulings (each is then stated as a rule, without narrating who decided it)."""
    section = next(s for s in project.game.rules.sections if s.id == "clarifications")
    return "this edition's rulings" in section.intro and rule_id in {rule.id for rule in section.rules}


def test_a_card_only_for_another_ship_never_joins_this_runs_deck(engine):
    """Original rulebook: exclusive cards go in a deck "only ... if you are using" their ship. Bought on a Wolf
    run, a Phoenix-only card waits in the reserve; the Wolf's deck never holds it."""
    state = table(engine, tops=("ground-1-slag-flats", None, None), at="ground:c2")
    flare = card(engine, "air-2-sky-dock")  # Rebirth Flare, Phoenix only, permanent
    state.phase, state.shop, state.gold = "buy", [flare], [card(engine, f"air-1-{k}") for k in ("smog-layer", "drone-lane", "acid-rain")]
    play(engine, state, ("buy", flare))
    assert flare in state.reserve and flare not in state.discard and flare in state.collection
    assert flare not in campaign.eligible(engine.catalog, state, state.ship)
    assert flare in campaign.eligible(engine.catalog, state, campaign.ship_of(engine.catalog, "the-phoenix"))


def test_phoenix_tear_leaves_the_revive_spent(engine):
    """Original rulebook: the Phoenix revives "once per run". Phoenix Tear heals; it does not ready the revive."""
    state = table(engine, ship="the-phoenix", tops=("ground-1-slag-flats", None, None), hand=["phoenix-tear"],
                  at="ground:c2", health=1)
    state.revive_used = True
    play(engine, state, ("play", card(engine, "phoenix-tear")))
    assert state.health == 3 and state.revive_used
    combat.hurt(engine.catalog, state, 3)
    assert state.phase == "lost"  # no second revive


def test_building_a_ship_unlocks_treasures_in_the_zone_decks_on_the_table(engine):
    """Original rulebook: after unlocking a ship, treasures "from previous Zones" join the collection; a level-2
    treasure in a Zone deck on the table is one of them, and it leaves that deck."""
    state = table(engine, tops=("ground-1-slag-flats", None, None), at="ground:c2")
    chart = card(engine, "space-2-junk-ring")  # Ancient Star Chart, a level-2 treasure
    state.tracks[2].cards = [card(engine, "space-2-mining-buoy"), chart]  # the treasure on top
    engine.reset_top(state, 2)
    pendulum = card(engine, "space-3-barrier-edge")
    state.phase, state.shop, state.gold = "buy", [pendulum], [card(engine, "ground-2-the-foreman")]
    play(engine, state, ("buy", pendulum))
    assert chart in state.collection and state.tracks[2].cards == [card(engine, "space-2-mining-buoy")]
    assert combat.top(engine.catalog, state, 2).key == "space-2-mining-buoy" and state.tracks[2].damage == [0]


def test_move_from_a_second_effect_that_comes_first_is_spent_before_the_attack(engine):
    """Original rulebook: a second effect "can occur before or after the attack", so MOVE gained before it may
    move the ship into range. Hit and Run from c2 reaches a1 and a3 only; a step to c1 brings a2 into reach of
    its right-hand dot, and the missile hits the enemy there."""
    state = table(engine, tops=(None, "air-1-radio-mast", None), hand=["air-1-radio-mast"], at="air:c2")
    hit_and_run = card(engine, "air-1-radio-mast")
    play(engine, state, ("play", hit_and_run), ("second", "before"))
    assert isinstance(state.pending[-1], Aim) and state.move == 2
    assert ("move", 1, SQUARES.index("c1")) in engine.legal_actions(state)
    play(engine, state, ("move", 1, SQUARES.index("c1")))
    assert isinstance(state.pending[-1], Aim)  # one MOVE left: still before the attack
    play(engine, state, ("fire",))
    assert engine.legal_actions(state) == [("target", 1, 0)]
    play(engine, state, ("target", 1, 0))
    assert state.tracks[1].damage == [2] and (engine.catalog.item(hit_and_run).key, ()) in state.resolved


def test_an_event_draw_comes_with_the_next_turns_draw(engine):
    """Our rule (clar-event-draw): a BOSS event's draw waits for the next turn, where its cards can be played.
    Marshal's Stores: +2 health, then 2 more cards as the next turn starts."""
    state = table(engine, tops=("ground-5-marshal-orrin", None, None), at="ground:c2", health=1,
                  deck=["laser", "missile", "speed", "escape", "shield-charge", "speed"])
    state.tracks[0].damage = [13, 4]
    state.tracks[0].cards.insert(0, card(engine, "ground-5-the-bastion"))
    play(engine, state, ("end",))
    assert state.health == 3 and state.held_over and state.hand == []
    play(engine, state, ("end_buy",))
    assert len(state.hand) == 3 + 2 and not state.held_over
    assert ("ground-5-marshal-orrin:item", ("DRAW",)) in state.resolved


def test_a_run_still_going_at_the_rulebook_turn_limit_is_lost(engine, ee_project):
    """Our rule (clar-time-limit), in the rulebook with the engine's number: a run whose last allowed turn ends
    without an escape is lost."""
    limit = engine.catalog.settings.max_turns
    assert f"{limit}th turn" in rules(ee_project)["clar-time-limit"]
    state = table(engine, tops=("ground-1-slag-flats", None, None), at="ground:c2")
    state.phase, state.turn = "buy", limit - 2
    play(engine, state, ("end_buy",))
    assert state.runs == 0 and state.phase == "action"
    state.phase = "buy"
    play(engine, state, ("end_buy",))
    assert state.runs == 1 and state.phase == "ship"


def test_a_lost_run_puts_every_static_back_in_the_static_supply(engine, ee_project):
    """Original rulebook: the 3 Static cards are put "in the Static Supply area", and set-up after a lost run
    places them there again (step 5); a lost run shuffles the other cards "back into their respective Zone decks",
    which a Static has none of. The sixth proofread: rule 12.1 sent every card that is not permanent to its Zone
    deck and rule 3.4 never laid out the Static supply again."""
    statics = list(engine.catalog.statics)
    state = table(engine, tops=("ground-1-slag-flats", None, None), at="ground:c2")
    state.supply, state.discard, state.hand = statics[2:], [statics[0]], [statics[1]]  # two Statics taken
    campaign.end_run(engine.catalog, state, won=False)
    assert sorted(state.supply) == sorted(statics) and len(statics) == 3
    assert not [c for cards in state.boxes.values() for c in cards if c in statics]  # in no Zone deck
    said = {rule_id: " ".join(text.split()) for rule_id, text in rules(ee_project).items()}
    assert "every Zone card that is not permanent goes back to its Zone deck" in said["after-losing"]
    assert "Every Static card goes back to the Static supply" in said["after-losing"]
    assert "{rule:setup-supply}" in said["setup-later"]  # later runs lay the Static supply out again
    assert "Lay the three Static cards face up in the Static supply" in said["setup-supply"]
    assert "any other Zone card that is not permanent" in said["clar-single-run"]

def test_this_editions_own_rules_are_named_as_ours(ee_project):
    """The blast attack type, one run to win, the event draw, the time limit and the campaign length are not the
    original rulebook's: they stand in the Clarifications, whose intro names them as this edition's rulings once;
    each is stated as a rule (no "This edition decides", "Our ruling", "We rule" before it), with the numbers the
    engine uses."""
    import re

    narrated = re.compile(r"this edition decides|our ruling|we rule|by this edition|in this edition|\bours\b", re.I)
    text = rules(ee_project)
    for rule in ("clar-blast", "clar-single-run", "clar-other-ship-cards", "clar-event-draw",
                 "clar-time-limit", "clar-campaign-length"):
        assert ruled_by_this_edition(ee_project, rule), rule
    section = next(s for s in ee_project.game.rules.sections if s.id == "clarifications")
    assert [rule.id for rule in section.rules if narrated.search(rule.text)] == []
    settings = ee_project.game.settings
    assert f"{settings.runs_per_campaign} runs" in text["clar-campaign-length"]
    assert "Cloaking" not in text["attack-types"] and "clar-blast" in text["attack-types"]
    assert "clar-single-run" in text["goal"]


def test_the_components_list_names_the_health_token(ee_project):
    """Original rulebook: health is tracked "with a token" on the ship card; the box must hold one."""
    assert "health token" in rules(ee_project)["contents"]
    tokens = ee_project.game.sheets["tokens"].model.tokens
    assert "health-token" in [token.id for token in tokens]


def test_take_a_treasure_is_witnessed_only_when_a_treasure_moves(engine):
    """A word counts as witnessed when its effect happened: with no Treasure Deck, Mars Coordinates' TREASURE
    moves nothing; with one, the treasure lands in the hand."""
    coords = card(engine, "space-5-barrier-node")
    state = table(engine, tops=("ground-1-slag-flats", None, None), hand=["space-5-barrier-node"], at="ground:c2",
                  deck=["laser", "missile"])
    play(engine, state, ("play", coords))
    assert not any("TREASURE" in words for _, words in state.resolved)
    state = table(engine, tops=("ground-1-slag-flats", None, None), hand=["space-5-barrier-node"], at="ground:c2",
                  deck=["laser", "missile"])
    state.treasures = [card(engine, "space-2-junk-ring")]
    play(engine, state, ("play", coords))
    assert isinstance(state.pending[-1], TakeTreasure)
    play(engine, state, ("treasure", state.treasures[0]))
    assert (engine.catalog.item(coords).key, ("TREASURE",)) in state.resolved


def test_options_are_typed_and_checked(engine):
    with pytest.raises(OptionsError, match="scenario"):
        engine.options(scenario="final")
    with pytest.raises(OptionsError):
        engine.options(runs="three")
    result = play_game(engine, 5, [random_kind_policy], runs=2).result
    assert result.details["runs"] == 2


def test_a_playtest_stage_hands_the_veteran_a_late_campaign(engine):
    from pnp.games.escaping_earth import playtest

    state = engine.initial_state(random.Random(1), engine.options())
    playtest.final(engine, state)
    assert set(state.ships) == {"the-wolf", "the-phoenix", "the-pendulum", "the-dreadnought"}
    assert not any(engine.catalog.item(c).treasure for level in range(1, 5) for t in range(3)
                   for c in state.boxes[(t, level)])


def test_a_cloaked_enemy_is_no_target_for_a_missile(engine):
    """Symbol Guide: Cloaking, "cannot be damaged by missiles": a missile's choice of targets leaves it out, and
    that narrowed choice is what witnesses Cloaking."""
    state = table(engine, tops=("ground-2-tunnel-mouth", None, None), hand=["missile"], at="ground:c2")
    enemy = engine.catalog.zones[card(engine, "ground-2-tunnel-mouth")].enemies[0]
    assert enemy.ability == "CLOAKING"
    play(engine, state, ("play", card(engine, "missile")))
    assert not state.pending and ("ability:CLOAKING", ("CLOAKING",)) in state.resolved


@pytest.mark.parametrize("player, stage, seeds", [
    ("random", None, range(12)), ("greedy", None, range(1)), ("collector", None, range(1)),
    ("arsenal", "arsenal_pendulum", range(1)), ("veteran", "final", range(1))])
def test_seeded_campaigns_of_every_player_keep_the_invariants(engine, player, stage, seeds):
    """Whole campaigns, invariants checked after every move, as the soak plays them (a crash found there becomes a
    seed here)."""
    from pnp.games.escaping_earth.policies import POLICIES

    for seed in seeds:
        playout = play_game(engine, seed, [POLICIES[player]], check=True,
                            stage=f"pnp.games.escaping_earth.playtest.{stage}" if stage else None)
        assert playout.result.details["runs"] >= 1


# -- timing windows and the Hazard: this edition's rulings where the original rulebook leaves a gap ---------------
def test_a_warp_onto_a_hazard_takes_its_damage_and_a_card_coming_up_under_the_ship_does_not(engine, ee_project):
    """Original rulebook: "You can move onto spaces with special rules text on them"; this edition's Hazard "damages a
    ship that steps onto it", and Warp moves the ship "to any square of any Zone card". This edition decides
    (clar-warp-hazard) that landing by Warp is stepping there; a ship a new Zone card slides under is not."""
    assert ruled_by_this_edition(ee_project, "clar-warp-hazard")
    state = table(engine, tops=("ground-1-pump-station", None, None), hand=["escape"], at="ground:c2")
    play(engine, state, ("play", card(engine, "escape")), ("warp", 0, SQUARES.index("c1")))
    assert state.health == state.ship.health - 1 and ("rule:HAZARD", ("HAZARD",)) in state.resolved
    # on c1 of a cleared card with the Pump Station next in its deck: the new card comes up, no damage
    state = table(engine, tops=("ground-1-slag-flats", None, None), at="ground:c1")
    state.tracks[0].cards.insert(0, card(engine, "ground-1-pump-station"))
    state.tracks[0].damage = [99] * len(state.tracks[0].damage)
    play(engine, state, ("end",), ("reward", 0, "gold"))
    assert combat.top(engine.catalog, state, 0).key == "ground-1-pump-station" and state.square == SQUARES.index("c1")
    assert state.health == state.ship.health


def test_a_treasure_from_a_boss_event_is_taken_as_the_next_turn_starts(engine, ee_project):
    """Original rulebook: after clearing a BOSS "you must trigger the event on the back of that card", events happen in
    the rewards phase, and cleanup is "Discard all remaining cards in your hand". A treasure the event puts in the hand
    would be discarded unplayed; this edition (clar-event-draw) gives it as the next turn starts, and the card says so.
    Royal Cache: a Blueprint, then a treasure of your choice."""
    assert "next turn starts" in ee_project.game.card("ground-3-borer-queen").card.back["text"]
    assert "treasure" in rules(ee_project)["clar-event-draw"]
    state = table(engine, tops=("ground-3-borer-queen", None, None), at="ground:c2",
                  deck=["laser", "missile", "speed", "escape", "shield-charge", "speed"])
    state.tracks[0].damage = [8, 2]
    state.tracks[0].cards.insert(0, card(engine, "ground-3-sentry-maze"))
    chart = card(engine, "space-2-junk-ring")
    state.treasures = [chart]
    play(engine, state, ("end",))
    if engine.is_chance(state):  # the BOSS opened level 4 of the track: shuffled onto it
        engine.apply_in_place(state, engine.sample_chance(state, random.Random(1)))
    assert state.phase == "buy" and state.treasures == [chart] and chart not in state.hand  # held over
    play(engine, state, ("end_buy",))
    assert isinstance(state.pending[-1], TakeTreasure)
    play(engine, state, ("treasure", chart))
    assert chart in state.hand and state.phase == "action"
    assert ("ground-3-borer-queen:item", ("TREASURE",)) in state.resolved


def test_a_spent_blueprint_goes_to_the_spent_gold_as_spent_gold_does(engine, ee_project):
    """Original rulebook: "When spending gold, move cards representing gold ... to the "Spent Gold" area"; Blueprints
    sit in the gold pile and "can be spent ... to draw 1 card". This edition says where a spent Blueprint goes
    (clar-blueprint-gold, the fourteenth proofreading): to the spent gold area, as spent gold does; the playmat's key
    says so too."""
    blueprint = card(engine, "ground-1-excavator-prime")  # a Blueprint from a BOSS event
    state = table(engine, tops=("ground-3-ore-conveyor", None, None), at="ground:c2",
                  deck=["laser", "missile", "speed", "escape", "shield-charge", "speed"])
    state.gold, state.phase = [blueprint], "action"
    play(engine, state, ("blueprint",))
    assert state.gold == [] and state.spent == [blueprint]
    said = " ".join(rules(ee_project)["clar-blueprint-gold"].split())
    assert "spent Blueprint goes to the spent gold area" in said
    key = ee_project.game.sheets["playmat"].model.key["spent"].text
    assert "Blueprints spent" in key


def test_a_blueprint_may_be_spent_before_a_time_dilation_discard_and_not_after_the_action_phase(engine, ee_project):
    """Original rulebook: "Blueprints can be spent at any point during a turn to draw 1 card"; Time Dilation: "At the
    start of the turn ... choose 1 card in your hand and discard it". This edition decides (clar-blueprint-gold) that
    the draw may come before that discard, so the new card can be the one thrown away, and not after the action
    phase, where the card could never be played."""
    assert ruled_by_this_edition(ee_project, "clar-blueprint-gold")
    state = table(engine, tops=("ground-3-ore-conveyor", None, None), at="ground:c2",
                  deck=["laser", "missile", "speed", "escape", "shield-charge", "speed"])
    state.gold = [card(engine, "ground-1-excavator-prime")]  # a Blueprint from a BOSS event
    state.phase = "buy"
    assert ("blueprint",) not in engine.legal_actions(state)  # after the action phase
    play(engine, state, ("end_buy",))
    assert state.phase == "start" and len(state.hand) == 3 and ("blueprint",) in engine.legal_actions(state)
    play(engine, state, ("blueprint",))
    assert len(state.hand) == 4 and state.gold == [] and ("blueprint:draw", ("DRAW",)) in state.resolved
    assert ("blueprint",) not in engine.legal_actions(state)  # the one Blueprint is spent; the discard is still due
    play(engine, state, engine.legal_actions(state)[0])
    assert len(state.hand) == 3 and state.phase == "action"


def test_a_warp_lands_only_on_a_zone_card_and_is_witnessed_only_when_the_ship_moves(engine, ee_project):
    """The card: "Warp to any square of any Zone card". A bare area has no Zone card (clar-empty-deck), so no warp
    lands there; and a warp back onto the square it left moved nothing, so it is no witness of WARP."""
    assert "Warp lands only on a Zone card" in rules(ee_project)["clar-empty-deck"]
    state = table(engine, tops=("ground-1-slag-flats", None, None), hand=["escape", "escape"], at="ground:c2")
    play(engine, state, ("play", card(engine, "escape")))
    assert {a[1] for a in engine.legal_actions(state)} == {0}  # Air and Space are bare
    play(engine, state, ("warp", 0, SQUARES.index("c2")))
    assert not any("WARP" in words for _, words in state.resolved)
    play(engine, state, ("play", card(engine, "escape")), ("warp", 0, SQUARES.index("b2")))
    assert ("escape", ("WARP",)) in state.resolved and state.square == SQUARES.index("b2")
