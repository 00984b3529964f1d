"""The card reference's text list reads as sentences (issue 18): a game states what its own boxes print, in the
players' words, in place of the words of a drawing read out in a row ("+1 health 11 1 3", "RANGE." with no range)."""
from helpers import validated

from pnp.render.card_facts import printed_facts


def facts_of(game_id: str, card_id: str) -> dict[str, list[str]]:
    return printed_facts(validated(game_id))[card_id]


def test_a_2200_zone_states_each_enemy_its_square_health_and_ability_then_bonuses_and_track():
    boss = facts_of("2200-escaping-earth", "ground-4-iron-warden")["front"]
    assert boss[:4] == ["Iron Warden (top middle square): health 11, Armor 1", "Enemy (middle right square): health 3",
                        "+1 health bonus (bottom middle square)", "Ground track, level 4: a BOSS"]
    assert facts_of("2200-escaping-earth", "ground-1-ash-road")["front"][0] == "Enemy (centre square): health 2, Anchor"
    assert facts_of("2200-escaping-earth", "air-1-acid-rain")["front"][0] == "Enemy (top right square): health 1, Ranged"
    rules = facts_of("2200-escaping-earth", "ground-1-pump-station")["front"]
    assert "Hazard: stepping here deals 1 damage (bottom left square)" in rules


def test_a_2200_weapon_states_its_attack_and_where_it_reaches():
    assert facts_of("2200-escaping-earth", "air-1-smog-layer")["back"] == [
        "Costs 2 gold", "Laser attack 1", "Range, from your ship: two ahead-left, two ahead and two ahead-right"]
    rockets = facts_of("2200-escaping-earth", "ground-1-slag-flats")["back"]
    assert rockets[1:] == ["Missile attack 1, x2", "Range, from your ship: two ahead, ahead-left and ahead-right"]  # "Fire twice"


def test_a_2200_ship_states_its_numbers_each_with_what_it_counts():
    assert facts_of("2200-escaping-earth", "air-2-thunderhead")["back"] == [
        "Built from 1 Blueprint", "Crew 3", "Min. deck size 7", "Max. systems 1", "Starting zone 2",
        "HEALTH 4, on a track numbered 1, 2, 3, 4", "REVIVE (once a run)"]


def test_a_stranded_danger_states_its_free_cards_values_per_sol_and_its_knowledge_side():
    assert facts_of("stranded", "dust-devil-calm-breathing")["front"][:3] == [
        "1 free card against it", "Value to beat: 0 in the green Sol, 1 in the yellow, 2 in the red",
        "Upside down, its knowledge side: Calm Breathing, fighting value 1"]
    assert facts_of("stranded", "the-long-night")["front"][:2] == ["6 free cards against it", "Value to beat: 18"]
    assert facts_of("stranded", "fumble")["front"][0] == "Fighting value -1"


def test_an_escape_master_card_states_its_rank_and_tribe_and_a_leader_its_tribe():
    assert facts_of("escape-master", "average-joes-j")["front"][0] == "Rank J, of the Average Joes tribe"
    assert facts_of("escape-master", "average-joes-1")["front"][0] == "Rank 1, of the Average Joes tribe"
    assert facts_of("escape-master", "leader-captain-nib")["front"][0] == "Leader of the Mice tribe"


def test_an_escort_pilot_states_health_and_scrap_slots_apart_and_an_action_card_its_actions_as_said():
    assert facts_of("escort-service", "warrior-pilot")["front"] == ["Health 10", "2 SCRAP SLOTS"]
    attention = facts_of("escort-service", "warrior-got-your-attention")["front"]
    assert "Melee 2; Heat 2; you gain Taunt (self)" in attention  # the card prints "self" beside the status
    assert not any("STATUS" in fact for fact in attention)  # the line as written is not read out as well
    raider = facts_of("escort-service", "raider")
    assert raider["front"][:2] == ["Health 3, Zealot: it goes for the shuttle first", "Melee 2; Heat 1"]
    assert raider["back"][1] == "Melee 1; Heat 1"


def test_an_escort_scenario_states_its_place_in_the_campaign_and_its_set_up_column_by_column():
    assert facts_of("escort-service", "breakout")["front"][:2] == [
        "Scenario 1 of the campaign", "Set-up, bottom first: column 1 Pilots above the SHUTTLE; column 2 Swarmer, "
        "Drone; column 3 Bruiser, Swarmer; column 4 Raider"]
