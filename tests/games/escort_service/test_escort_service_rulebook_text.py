"""Escort Service's rulebook says what the seed and the cards say, once and in one way (the third proofread).

Each test quotes the seed, or the card data, it holds the rules to: the glossary's AOE against the cards that heal
every ally, the turn summary against "each action must be resolved in the order listed on the card", ZEALOT where
enemies choose their targets, the words the cards print beside an action ("self", "ally", "foe"), the set-up's
shuffled upgrade deck, the credits against the seed's own links, and the index and title a reader looks for.
"""
import re
from pathlib import Path

import pytest
import yaml
from helpers import validated

from pnp.games.escort_service.actions import parse
from pnp.games.escort_service.boxes import TEAM_NOTE
from pnp.render.backend import RecordingBackend
from pnp.render.cards import draw_face

ROOT = Path(__file__).parents[3]
SEED = (Path("/work/shared/seeds") / "001_b5c44d2a0c34a620.txt")


@pytest.fixture(scope="module")
def project():
    return validated("escort-service")


@pytest.fixture(scope="module")
def rules():
    return yaml.safe_load((ROOT / "content/escort-service/rules.yaml").read_text())


def texts(rules) -> dict[str, str]:
    return {r["id"]: " ".join(r["text"].split()) for section in rules["sections"] for r in section["rules"]}


def section_of(rules, rule_id: str) -> str:
    return next(s["id"] for s in rules["sections"] if any(r["id"] == rule_id for r in s["rules"]))


def action_lines(project):
    """Every action line printed on any side of any card, parsed."""
    for record in project.game.cards():
        for card in (record.card, record.back):
            for line in getattr(card, "actions", None) or []:
                yield card, parse(line)


def test_the_glossarys_aoe_covers_the_cards_that_reach_every_ally(project):
    """Seed: "AOE: the action affects all units within range of the action. Your actions do not damage friendly
    units unless noted." Mass Repair and Battle Cry heal every ally in reach with AOE: the glossary may not say
    AOE hits every foe."""
    allies = {card.name for card, action in action_lines(project) if action.aoe and action.picks == "ALLY"}
    assert {"Mass Repair", "Battle Cry"} <= allies
    meaning = project.game.manifest.icons["aoe"].meaning
    assert "every unit it could pick" in meaning and "every ally" in meaning
    assert not meaning.startswith("The action hits every foe")


def test_the_turn_summary_resolves_each_card_in_its_own_printed_order(rules):
    """Seed: "Each action must be resolved in the order listed on the card." The summary's step may not read as
    one fixed order of action types."""
    step = next(s for s in rules["summary"]["steps"] if "play-cards" in s["rules"])
    assert "each card's actions in the order printed on it" in step["text"]
    assert not re.search(r"HEAT, MELEE, RANGED", step["text"])


def test_zealot_is_ruled_where_enemies_choose_their_targets(rules):
    """Seed, under Choosing Targets: enemies attack player units first, the shuttle only with none in range;
    "Enemies marked as ZEALOT will attempt to target the shuttle instead of player units if able", TAUNT still
    first. The exception stands beside the rule it bends, the rule names it, and so does the summary."""
    text = texts(rules)
    assert section_of(rules, "zealot") == section_of(rules, "targets") == "enemy-turn"
    order = [r["id"] for r in next(s for s in rules["sections"] if s["id"] == "enemy-turn")["rules"]]
    assert order.index("zealot") == order.index("targets") + 1
    assert "unless the enemy is a ZEALOT ({rule:zealot})" in text["targets"]
    assert "TAUNT" in text["zealot"] and "instead of a pilot" in text["zealot"]
    assert not any("ZEALOT" in text[r["id"]] for r in next(s for s in rules["sections"] if s["id"] == "components")
                   ["rules"])
    step = next(s for s in rules["summary"]["steps"] if "targets" in s["rules"])
    assert "zealot" in step["rules"] and "ZEALOT" in step["text"]


def test_the_words_beside_an_action_are_written_as_the_cards_print_them(project, rules):
    """The cards print "self", "ally", "foe" beside an action; rule 7.10 says them the same way, and the glossary
    explains each."""
    drawn = set()
    for record in project.game.cards():
        backend = RecordingBackend()
        draw_face(backend, project.faces.fronts[record.card.id], project.layout, project.game.emblems, 0, 0)
        drawn |= {word for text in backend.texts() for word in text.split()}
    assert {"self", "ally", "foe"} <= drawn and not {"SELF", "ALLY", "FOE"} & drawn
    reach = texts(rules)["action-reach"]
    assert all(f'"{word}"' in reach for word in ("self", "ally", "foe", "shuttle"))
    assert not re.search(r"\b(SELF|ALLY|FOE|SHUTTLE)\b", reach)
    assert {"Self", "Ally", "Foe"} <= {term["term"] for term in rules["terms"]}


def test_delay_and_advance_say_whom_every_card_moves(project, rules):
    """Rules 7.5 and 7.6 say whom the game's DELAYs and ADVANCEs move ("a foe on every card", "your own on every
    card"): true of every card, pilots' and enemies' alike."""
    picks = {(action.word, action.picks) for _, action in action_lines(project) if action.word in ("DELAY", "ADVANCE")}
    assert picks == {("DELAY", "FOE"), ("ADVANCE", "SELF")}
    text = texts(rules)
    assert "a foe on every card" in text["action-delay"] and "your own on every card" in text["action-advance"]
    assert "our cards" not in text["action-delay"] + text["action-advance"]


def test_the_set_up_shuffles_the_upgrade_deck(rules):
    """Seed: "Shuffle your Upgrade Deck and place it nearby"."""
    assert "Shuffle your Upgrade Deck" in SEED.read_text()
    assert "shuffle your upgrade deck and set it nearby" in texts(rules)["choose-pilots"]


def test_every_scenario_card_says_its_set_up_changes_with_the_team(project, rules):
    """Rule 3.4 changes every scenario's enemies for every team size (game.yaml settings.team has all four), so no
    team plays the printed set-up as it stands: each scenario card says so beside its shuttle, and the reference
    says it with the set-up."""
    assert sorted(project.game.settings.team) == [1, 2, 3, 4]
    assert "changed for every size of team" in texts(rules)["team-size"]
    from pnp.render.card_facts import printed_facts

    facts = printed_facts(project)
    for record in project.game.cards():
        if record.card.kind != "scenario":
            continue
        backend = RecordingBackend()
        draw_face(backend, project.faces.fronts[record.card.id], project.layout, project.game.emblems, 0, 0)
        printed = " ".join(" ".join(backend.texts()).split()).replace("\u2019", "'")  # set with a book's apostrophe
        assert TEAM_NOTE in printed, record.card.name
        assert any("before you add or leave out enemies for your team's size" in f
                   for f in facts[record.card.id]["front"]), record.card.name


def test_the_scrap_for_the_winning_kill_is_said_plainly(rules):
    text = texts(rules)["enemy-destroyed"]
    assert "The enemy whose destruction wins the scenario earns one as well" in text
    assert "whose end" not in text


def test_the_title_keeps_1_to_4_on_one_line(project):
    assert "for 1\u00a0to\u00a04 pilots" in project.game.manifest.tagline


def test_the_index_finds_set_up_health_and_upgrades(rules):
    """The proofreader's missing index words; the turn summary, the book's back page, is found in its contents
    (the index, set before it, cannot point at it)."""
    assert {"Set-up", "Health", "Upgrade"} <= set(rules["index"]) and "Turn summary" not in rules["index"]


def test_the_credits_name_where_the_seed_was_published_and_the_edition(project):
    """The seed names no designer; its pictures link to the rules' own repository, which the credits name."""
    assert "github.com/brettgrigsby/escort-service-rules" in SEED.read_text()
    credits = project.game.manifest.credits
    assert "github.com/brettgrigsby/escort-service-rules" in credits.based_on and "v1.0.0" in credits.based_on
    assert credits.edition.startswith("First print-and-play edition, 2026.") and project.game.manifest.version == "1.0"
    assert not credits.design  # no designer's name beyond what the seed supports
