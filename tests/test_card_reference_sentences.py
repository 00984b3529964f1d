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
    assert facts_of("2200-escaping-earth", "ground-1-ash-road")["front"][0] == "Enemy (center square): health 2, Anchor"
    assert facts_of("2200-escaping-earth", "air-1-acid-rain")["front"][0] == "Enemy (top right square): health 1, Ranged"
    rules = facts_of("2200-escaping-earth", "ground-1-pump-station")["front"]
    assert "Hazard: stepping here deals 1 damage (bottom left square)" in rules


def test_a_2200_weapon_states_its_attack_and_where_it_reaches():
    assert facts_of("2200-escaping-earth", "air-1-smog-layer")["back"] == [
        "Costs 2 gold", "Laser attack 1", "Range, from your ship: two ahead-left, two ahead and two ahead-right"]
    rockets = facts_of("2200-escaping-earth", "ground-1-slag-flats")["back"]
    assert rockets[1:] == ["Missile attack 1, ×2", "Range, from your ship: two ahead, ahead-left and ahead-right"]  # "Fire twice"


def test_a_2200_ship_states_its_numbers_each_with_what_it_counts():
    """The health track in a few words, from the top where the token starts (every number it prints, so the
    track is never read out as drawn: "HEALTH 1 2 3 4 5 6"), the starting level by the rules' word for it; an
    ability the card's text states whole (the Wolf's Shield Charge) is not said again."""
    assert facts_of("2200-escaping-earth", "air-2-thunderhead")["back"] == [
        "Built from 1 Blueprint", "Crew 3", "Min. deck size 7", "Max. systems 1", "Starting level 2",
        "Health 4 (track 4, 3, 2, 1)", "REVIVE (once a run)"]
    dreadnought = facts_of("2200-escaping-earth", "ground-4-core-tap")["back"]
    assert "Health 6 (track 6, 5, 4, 3, 2, 1)" in dreadnought and not any("HEALTH" in f for f in dreadnought)
    wolf = facts_of("2200-escaping-earth", "the-wolf")["front"]
    assert "Starting level 1" in wolf and not any("block" in fact.lower() for fact in wolf)


def test_a_stranded_danger_states_its_free_cards_values_per_sol_and_its_knowledge_side():
    """The knowledge side first, as a row with an ability's text block starts ("Knowledge side: Weather Sense. Gain
    1 life"), then the danger's numbers in one short sentence, the Sols in the order the card prints them."""
    assert facts_of("stranded", "dust-devil-calm-breathing")["front"][:4] == [
        "Knowledge side: Calm Breathing", "Fighting value 1", "After a lost fight: destroy it for 1 life",
        "1 free card; value to beat green 0, yellow 1, red 2"]
    assert facts_of("stranded", "dust-devil-weather-sense")["front"][:3] == [
        "Fighting value 0", "After a lost fight: destroy it for 1 life",
        "1 free card; value to beat green 0, yellow 1, red 2"]  # named by its text block, not again here
    assert facts_of("stranded", "the-long-night")["front"][:1] == ["6 free cards; value to beat 18"]
    assert facts_of("stranded", "fumble")["front"][0] == "Fighting value -1"


def test_an_escape_master_card_states_its_rank_and_tribe_and_a_leader_its_tribe():
    assert facts_of("escape-master", "average-joes-j")["front"][0] == "Rank J of the Average Joes tribe"
    assert facts_of("escape-master", "average-joes-1")["front"][0] == "Rank 1 of the Average Joes tribe"
    assert facts_of("escape-master", "leader-captain-nib")["front"][0] == "Leader of the Mice tribe"


def test_an_escort_pilot_states_health_and_scrap_slots_apart_and_an_action_card_its_actions_as_said():
    assert facts_of("escort-service", "warrior-pilot")["front"] == ["Health 10", "2 scrap slots"]  # not in capitals
    attention = facts_of("escort-service", "warrior-got-your-attention")["front"]
    assert "MELEE 2; HEAT 2; TAUNT to self" in attention  # the card prints "self" beside the status, said once
    assert not any("STATUS" in fact for fact in attention)  # the line as written is not read out as well
    raider = facts_of("escort-service", "raider")
    assert raider["front"][:2] == ["Health 3, ZEALOT: it goes for the shuttle first", "MELEE 2; HEAT 1"]
    assert raider["back"][1] == "MELEE 1; HEAT 1"


def test_an_escort_scenario_states_its_place_in_the_campaign_and_its_set_up_column_by_column():
    assert facts_of("escort-service", "breakout")["front"][:3] == [
        "Scenario 1 of the campaign", "Setting up, bottom first: column 1 the pilots, above the shuttle; column 2 Swarmer, "
        "Drone; column 3 Bruiser, Swarmer; column 4 Raider", "Add or leave out enemies for your team's size (rule 3.4)."]


def test_an_escort_action_card_says_its_deck_and_pile_in_one_sentence():
    """The card prints its deck ("Warrior deck") and its pile ("starting") on two lines; read out they made two
    sentences on every row of the card reference. One sentence says both."""
    stun = facts_of("escort-service", "warrior-stun")["front"]
    assert "Warrior starting deck" in stun and "Warrior deck" not in stun
    assert not any(fact.startswith(("A starting", "An upgrade")) for fact in stun)
    assert "Warrior upgrade deck" in facts_of("escort-service", "warrior-haymaker")["front"]


def test_a_double_sided_cards_row_says_only_what_its_back_changes():
    """Escort Service's basic enemies print their name, health, flavour and "flip this card" on both sides: the row
    read "... Back: Bruiser. Health 5. ... Big, slow, angry." (the third proofreading). After "Back:" only what
    differs; a Drone, alike on both sides, has no "Back:" of its own: only the game's sentence saying so (the fifth
    proofreading: its row alone seemed to have lost its back)."""
    from pnp.rules.card_words import card_text

    project = validated("escort-service")
    facts = printed_facts(project)
    records = {r.card.id: r for r in project.game.cards()}
    bruiser = card_text(records["bruiser"], facts["bruiser"])
    front, back = bruiser.split(" Back: ")
    assert "Health 5" in front and "Big, slow, angry" in front
    assert back == "MELEE 1 to every foe in reach (AOE); HEAT 2."
    drone = facts["drone"]
    assert card_text(records["drone"], drone).endswith(" Back: The same as the front.")
    told = {**drone, "back": [fact for fact in drone["back"] if fact != "the same as the front"]}
    assert "Back:" not in card_text(records["drone"], told)
    crypt = validated("pocket-dungeon").game.card("crypt")  # a back of another name keeps its name
    assert "Back: Silver Crown." in card_text(crypt, printed_facts(validated("pocket-dungeon"))["crypt"])
