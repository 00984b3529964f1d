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
from pnp.rules.tree import build_reference

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
    assert "then change them for your team" in texts(rules)["team-size"]
    from pnp.render.card_facts import printed_facts

    facts = printed_facts(project)
    for record in project.game.cards():
        if record.card.kind != "scenario":
            continue
        backend = RecordingBackend()
        draw_face(backend, project.faces.fronts[record.card.id], project.layout, project.game.emblems, 0, 0)
        printed = " ".join(" ".join(backend.texts()).split()).replace("\u2019", "'")  # set with a book's apostrophe
        assert TEAM_NOTE in printed, record.card.name
        assert TEAM_NOTE in facts[record.card.id]["front"], record.card.name


def test_the_scrap_for_the_winning_kill_is_said_plainly(rules):
    text = texts(rules)["enemy-destroyed"]
    assert "The enemy whose destruction wins the scenario earns a scrap card too" in text
    assert "whose end" not in text


def test_the_title_keeps_1_to_4_on_one_line(project):
    assert "for 1\u00a0to\u00a04 pilots" in project.game.manifest.tagline


def test_the_index_finds_set_up_health_and_upgrades(rules):
    """The proofreader's missing index words; the turn summary, the book's back page, is found in its contents
    (the index, set before it, cannot point at it)."""
    words = {entry["term"] if isinstance(entry, dict) else entry for entry in rules["index"]}
    assert {"Setting up", "Health", "Upgrade deck"} <= words and "Turn summary" not in words
    upgrade = next(entry for entry in rules["index"] if isinstance(entry, dict) and entry["term"] == "Upgrade deck")
    assert "upgrade" in upgrade["also"]  # upgrades are found under the deck they are drawn from (rule 11.3)


def test_the_credits_name_where_the_seed_was_published_and_the_edition(project):
    """The seed names no designer; its pictures link to the rules' own repository, which the credits name."""
    assert "github.com/brettgrigsby/escort-service-rules" in SEED.read_text()
    credits = project.game.manifest.credits
    assert "github.com/brettgrigsby/escort-service-rules" in credits.based_on and "v1.0.0" in credits.based_on
    assert credits.edition.startswith("First print-and-play edition, 2026.") and project.game.manifest.version == "1.0"
    assert not credits.design  # no designer's name beyond what the seed supports


# -- the second proofread ------------------------------------------------------------------------------------------
def test_a_pilot_destroyed_below_column_1_is_placed_in_one_wording_everywhere(project, rules):
    """Seed: "place their character card below the column in which they were destroyed"; below column 1 is the
    shuttle. The rules (10.4, 13.11), the mat's place for it and the mat's key say where it lies in one wording,
    not three ("beside the shuttle", "shares the shuttle's own space", "on the shuttle's space")."""
    assert "place their character card below the column in which they were destroyed" in SEED.read_text()
    mat = project.game.sheets["board-mat"].model
    said = [texts(rules)["pilot-destroyed"], texts(rules)["clar-reach"],
            next(a.text for a in mat.areas if a.id == "fallen-1"), mat.key["fallen-1"].text]
    for text in said:
        assert "beside the shuttle" in text and "counts as being in its space" in text, text
        assert not re.search(r"shares the shuttle|on (the shuttle's|its) space", text), text


def test_action_words_use_the_rules_capitals_and_name_a_target_once(project):
    """The rules print MELEE, HEAT, TAUNT and ZEALOT in capitals, as the seed does; the words under a card's icons
    and the card reference say them the same way, each action as its word, its number and whom it picks ("TAUNT to
    self", never "you gain Taunt (self)", which named the target twice)."""
    from pnp.games.escort_service.actions import action_words
    from pnp.games.escort_service.facts import card_facts

    assert action_words("STATUS TAUNT SELF") == "TAUNT to self"
    assert action_words("STATUS SHIELD ALLY IN 2") == "SHIELD to an ally within 2"
    lines = {line for record in project.game.cards() for card in (record.card, record.back)
             for line in getattr(card, "actions", None) or []}
    for line in lines:
        said = action_words(line)
        first = said.split()[0]
        assert first == first.upper() and "(self)" not in said and "gain" not in said, (line, said)
    raider = project.game.card("raider").card
    assert card_facts(raider, project.game)[0] == "Health 3, ZEALOT: it goes for the shuttle first"


def test_the_scenario_table_says_the_cards_team_note_once_above_it(project):
    """Every scenario card prints "Add or leave out enemies for your team's size (rule 3.4)." beside its shuttle:
    the card reference says it once, above the scenarios' table, and each row its own set-up."""
    from pnp.render.card_facts import printed_facts
    from pnp.render.rulebook_cards import card_rows, shared_sentences
    from pnp.rules.tree import build_reference

    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    rows = card_rows(project.game.decks["scenarios"].cards, ref, project.game)
    assert shared_sentences([row["text"] for row in rows], "Back:") == [TEAM_NOTE]
    assert all("Setting up, bottom first: column 1 the pilots, above the shuttle;" in row["text"] for row in rows)


def test_a_scenario_cards_note_names_the_rule_that_changes_its_set_up(project, monkeypatch):
    """The note points at rule 3.4, the rule that changes the set-up for the team's size; a rulebook that numbered
    that rule otherwise would make every card point at the wrong rule, and validate says so."""
    from pnp.games.escort_service import checks
    from pnp.rules.tree import build_reference

    number = next(n.number for n in build_reference(project.game).walk() if n.id == "team-size")
    assert TEAM_NOTE.endswith(f"(rule {number}).") and checks.team_note(project.game) == []
    monkeypatch.setattr(checks, "TEAM_NOTE", "Add or leave out enemies for your team's size (rule 3.5).")
    (problem,) = checks.team_note(project.game)
    assert "numbered 3.4" in problem.message


def test_every_name_of_a_set_up_prints_at_one_size(project):
    """A scenario card's set-up prints every name at the placement box's size, Hive Queen as large as Grappler
    beside it, never under 6 pt (the proofreader: "Hive Queen" squeezed into smaller type on Hive Run)."""
    sizes = set()
    for record in project.game.cards():
        if record.card.kind != "scenario":
            continue
        backend = RecordingBackend()
        draw_face(backend, project.faces.fronts[record.card.id], project.layout, project.game.emblems, 0, 0)
        names = {"Pilots"} | {e.replace("-", " ").title() for column in record.card.placement for e in column}
        sizes |= {(d.text, round(d.size, 3)) for d in backend.drawn if d.kind == "text" and d.text in names}
    assert "Hive Queen" in {name for name, _ in sizes}
    assert len({size for _, size in sizes}) == 1 and min(size for _, size in sizes) >= 6.0


def test_the_glossary_lists_no_scrap_card_as_the_cards_of_an_action(project):
    """The glossary's HEAL, HEAT, MELEE and RANGED listed only Repair Drone, Heat Sink, Servo Fist, Long Barrel
    and Targeting Computer, as if they alone healed or shot: the scrap names the action it changes by its word,
    as the rules print it, so no action's entry lists a card."""
    from pnp.rules.tree import glossary

    entries = {e.id: e for e in glossary(project.game)}
    for icon in ("heal", "heat", "melee", "ranged"):
        assert entries[f"icon-{icon}"].users == [], icon
    texts_ = {r.card.name: r.card.text for r in project.game.cards() if r.card.kind == "scrap"}
    assert "Your first MELEE each turn" in texts_["Servo Fist"] and "HEAL 1" in texts_["Repair Drone"]


def test_the_index_finds_tick_said_in_the_plural_or_as_a_verb(project, rules):
    """Rules 11.1, 11.2 and 13.3 say "the TICKs survived", "the board still ticks", "a scenario of TICKs"; 4.2 "Keep
    ticking": the index's TICK finds them all; its Setting up, named as the section is, finds "set-up" too."""
    from pnp.render.rulebook_back import forms_pattern, index_terms
    from pnp.rules.tree import build_reference

    terms = {term: (forms, capitalised) for term, forms, capitalised in index_terms(build_reference(project.game))}
    tick = forms_pattern(["TICK", *terms["TICK"][0]], capitalised=terms["TICK"][1])
    text = texts(rules)
    for rule, words in (("scenario-won", "TICKs"), ("scenario-lost", "ticks"), ("clar-empty-board", "TICKs"),
                        ("tick", "ticking")):
        assert words in [m.group(0) for m in tick.finditer(text[rule])], rule
    set_up = forms_pattern(["Setting up", *terms["Setting up"][0]])
    assert set_up.search("Setting up") and set_up.search("the set-up")
    assert project.game.sheets["board-mat"].model.name == "Board mat"  # the mat's page, as the rules name it


def test_the_example_turn_ends_as_the_seed_tells_it():
    """Seed, steps 8 and 9: "They discard the PATCH UP in their hand and keep the CLEAVE"; "The Warrior draws back
    up to 4 cards in hand, and their turn is over." The figure shows both, with the hand, on the board step 7 left;
    a caption's "MELEE 2" never breaks between its word and its number."""
    from pnp.games.escort_service.engine import EscortEngine
    from pnp.games.escort_service.figures import CAPTION_LINES, NBSP, caption_lines, example_turn

    seed = SEED.read_text()
    assert "They discard the PATCH UP in their hand and keep the CLEAVE" in seed and "draws back up to 4" in seed
    shots = example_turn(EscortEngine.from_game(validated("escort-service").game))
    assert len(shots) == 9 and [s.caption.split(".")[0] for s in shots] == [str(n) for n in range(1, 10)]
    assert shots[7].columns == shots[8].columns == shots[6].columns
    assert shots[7].hand == "Hand: Cleave" and shots[8].hand == "Hand: Cleave + 3 drawn"
    assert f"MELEE{NBSP}2" in caption_lines(shots[4].caption)[-1]
    assert all(len(caption_lines(shot.caption)) <= CAPTION_LINES for shot in shots)


def test_the_tick_figure_moves_every_column_one_place_toward_the_shuttle(rules):
    """Seed: "If the column above the shuttle is empty, all columns move 1 left. This advancement is called a
    TICK", with a picture before and one after. Rule 4.2 draws them, from the engine: column 1 empty, then every
    column's units one column left."""
    from pnp.games.escort_service.engine import EscortEngine
    from pnp.games.escort_service.figures import tick

    assert "all columns move 1 left" in SEED.read_text()
    assert next(r for s in rules["sections"] for r in s["rules"] if r["id"] == "tick")["figure"] == {"kind": "tick"}
    before, after = tick(EscortEngine.from_game(validated("escort-service").game))
    assert before.columns[0] == () and after.columns == before.columns[1:] + before.columns[:1]


def test_each_elite_action_row_says_the_word_its_back_prints(project):
    """Seed: "The back of each card will give the players a clue for what type of action the elite enemy will
    take"; rule 2.4 names the clues ATTACK, MOVE and SUPPORT. Each elite action card's row in the card reference
    says its back's word, the word its kind's back prints (layouts/escort-service/cards.yaml)."""
    from pnp.render.card_facts import printed_facts
    from pnp.render.rulebook_cards import card_rows
    from pnp.rules.tree import build_reference

    assert "The back of each card will give the players a clue" in SEED.read_text()
    layout = yaml.safe_load((ROOT / "layouts/escort-service/cards.yaml").read_text())
    clue = {kind: layout["templates"][f"elite-{kind.removeprefix('elite_')}-back"]["values"]["clue"]
            for kind in ("elite_attack", "elite_move", "elite_support")}
    assert set(clue.values()) == {"ATTACK", "MOVE", "SUPPORT"}
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    for deck in ("warlord", "hive-queen"):
        cards = project.game.decks[deck].cards
        rows = card_rows(cards, ref, project.game)
        for record, row in zip(cards, rows):
            if record.card.kind in clue:
                assert f"Back: {clue[record.card.kind]}" in row["text"], (record.card.id, row["text"])
    crushing_blow = project.game.card("warlord-crushing-blow").card
    assert crushing_blow.kind == "elite_attack" and "Back: ATTACK" in ref.facts[crushing_blow.id]["front"]


def test_an_elite_action_card_is_called_an_action_card_in_the_card_reference(project):
    """Rule 2.4, the board mat and its key call an elite's cards its "action cards": the card reference's labels say
    the same ("Example Elite action card: Crushing Blow", never "Elite attack card"), and the elite's card's note is
    "How the elite acts", the rules' lower-case elite."""
    labels = project.game.manifest.rulebook.labels
    assert {labels[kind] for kind in ("elite_attack", "elite_move", "elite_support")} == {"Elite action"}
    assert labels["elite_note"] == "How the elite acts"


def test_a_captions_lead_is_bold_to_its_colon_and_the_rest_regular():
    """Each panel's caption prints its step bold up to the colon, on both lines where it breaks ("1. The Warrior is
    above the / shuttle:"), and what follows the colon regular: never a lead that turns regular mid-phrase."""
    from pnp.games.escort_service.figures import EXAMPLE_CAPTIONS, TICK_CAPTIONS, caption_runs

    for caption in EXAMPLE_CAPTIONS + TICK_CAPTIONS:
        runs = [run for line in caption_runs(caption) for run in line]
        bold = " ".join("".join(t for t, font in line if font == "VeraBd") for line in caption_runs(caption)).strip()
        assert bold == caption[:caption.index(":") + 1], caption
        assert [font for _, font in runs] == sorted((font for _, font in runs), key=lambda f: f != "VeraBd"), caption
    first = caption_runs(EXAMPLE_CAPTIONS[0])
    assert len(first) == 2 and first[1][0] == ("shuttle:", "VeraBd") and first[1][1][1] == "Vera"


def test_every_unit_in_the_figures_shows_its_damage_out_of_its_health(project):
    """Seed: "When a unit takes damage, place damage counters on the unit"; the figures count each unit's damage
    out of its health, the Warrior (health 10) as the enemies are: "Warrior 0/10" beside "Bruiser 0/5", and under
    TAUNT its count and "+TAUNT" on lines of their own, each inside its cell."""
    from pnp.games.escort_service.engine import EscortEngine
    from pnp.games.escort_service.figures import CELL_W, LEAST_PT, example_turn, tick, unit_lines
    from pnp.text.fonts import string_width

    assert "place damage counters on the unit" in SEED.read_text()
    engine = EscortEngine.from_game(project.game)
    health = project.game.card("warrior-pilot").card.health
    shots = example_turn(engine) + tick(engine)
    labels = [label for shot in shots for column in shot.columns for label in column]
    warriors = [label for label in labels if label.startswith("Warrior")]
    assert warriors and all(label.split()[1] == f"0/{health}" for label in warriors)
    assert "Warrior 0/10 +TAUNT" in warriors
    assert unit_lines("Warrior 0/10 +TAUNT") == ["Warrior", "0/10", "+TAUNT"]
    for label in labels:
        assert all(string_width(line, "Vera", LEAST_PT) <= CELL_W - 3.6 for line in unit_lines(label)[1:]), label


# -- the fourth proofread ------------------------------------------------------------------------------------------
def _figure_of(rules, rule_id: str) -> dict:
    return next(r for s in rules["sections"] for r in s["rules"] if r["id"] == rule_id)["figure"]


def test_rule_3_2_pictures_one_players_area_as_the_seed_lays_it_out(project, rules):
    """Seed: "Shuffle your starting deck and place it in front of you as your Draw Pile and place one of your
    Character cards next to it", "Shuffle your Upgrade Deck and place it nearby", "Draw 4 cards from your Draw
    Pile" (with a picture of it). Rule 3.2 said it in words only: its figure lays the Warrior's draw pile (its
    starting deck less the 4 drawn), a pilot card beside it, the upgrade deck (all 8) and a hand of 4 starting
    cards, each labelled as the rules and the index name it."""
    seed = " ".join(SEED.read_text().split())
    for words in ("place it in front of you as your Draw Pile and place one of your Character cards next to it",
                  "Shuffle your Upgrade Deck and place it nearby", "Draw 4 cards from your Draw Pile"):
        assert words in seed
    figure = _figure_of(rules, "choose-pilots")
    assert figure["kind"] == "setup" and "sheet" not in figure  # on the table, in front of a player
    places = {p["label"]: p for p in figure["place"]}
    assert set(places) == {"Draw pile", "Pilot card", "Discard pile", "Upgrade deck", "Hand: 4 cards"}
    warrior = [r.card for r in project.game.decks["warrior"].cards]
    starting = sum(c.count for c in warrior if c.pile == "starting")
    upgrade = sum(c.count for c in warrior if c.pile == "upgrade")
    hand = places["Hand: 4 cards"]["cards"]
    assert len(hand) == project.game.settings.hand_size == 4
    assert {project.game.card(c).card.pile for c in hand} == {"starting"}
    assert places["Draw pile"] == {**places["Draw pile"], "deck": "warrior", "count": starting - len(hand)}
    assert places["Upgrade deck"] == {**places["Upgrade deck"], "deck": "warrior", "count": upgrade}
    assert "deck" not in places["Discard pile"] and "card" not in places["Discard pile"]  # empty until you play
    pilot = places["Pilot card"]
    assert project.game.card(pilot["card"]).card.kind == "pilot" and project.game.card(pilot["card"]).card.character \
        == "warrior"
    (column, row), (pile_column, pile_row) = pilot["at"], places["Draw pile"]["at"]
    assert row == pile_row and column - pile_column == 1  # next to the draw pile
    index = {entry["term"] if isinstance(entry, dict) else entry for entry in rules["index"]}
    assert {"Draw pile", "Discard pile", "Upgrade deck"} <= index
    caption = " ".join(figure["text"].split())
    assert "pilot card" in caption and "draw pile" in caption and "upgrade deck" in caption


@pytest.mark.parametrize("book", ["rulebook-a4.pdf", "rulebook-letter.pdf"])
def test_the_players_area_is_drawn_under_rule_3_2_with_every_card_named(built_game, book):
    """The figure prints between rules 3.2 and 3.3, on one page, its places labelled and each card of the hand
    named legibly (the hand fanned down, so each card's name shows)."""
    import subprocess

    path = built_game("escort-service") / "rules" / book
    pages = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    page = " ".join(next(p for p in pages.split("\f") if "3.2 Each player picks a pilot" in p).split())
    figure = page[page.index("3.2 Each player"):]
    figure = figure[:figure.index("3.3 Take the next")] if "3.3 Take the next" in figure else figure
    for words in ("Draw pile", "Pilot card", "Discard pile", "Upgrade deck", "Hand: 4 cards", "Warrior", "Brace",
                  "Got Your Attention", "Patch Up", "Cleave", "One player\u2019s area"):
        assert words in figure, (book, words)


def test_one_name_for_the_pilot_card_and_for_setting_up(project, rules):
    """The proofreader: "pilots' unit cards" (3.3) and "pilot cards" (2.2) named one card twice, and the index's
    "Set-up" the section headed "Setting up". Seed: "Place player Character cards in a column above the shuttle":
    the rules call that card the pilot card everywhere, and the index, the card reference and the cards' part
    name the section as its heading does."""
    assert "Place player Character cards in a column above the shuttle" in SEED.read_text()
    text = texts(rules)
    assert "pilot card" in text["scenario-setup"] and "pilot cards" in text["pilot-cards"]
    every_text = " ".join(text.values()) + " ".join(" ".join(t["text"].split()) for t in rules["terms"])
    assert not re.search(r"(?i)unit cards?|character cards?", every_text)
    setup = next(s for s in rules["sections"] if s["id"] == "setup")["title"]
    index = [entry["term"] if isinstance(entry, dict) else entry for entry in rules["index"]]
    assert setup == "Setting up" and setup in index and "Set-up" not in index
    assert project.game.manifest.rulebook.labels["placement"].startswith(setup)
    from pnp.games.escort_service.facts import set_up

    assert set_up(project.game.card("breakout").card.placement).startswith(f"{setup}, bottom first:")


# -- the fifth proofread -------------------------------------------------------------------------------------------
def test_the_drones_row_says_its_back_is_the_same_as_its_front(project, rules):
    """Seed: a basic enemy executes "the actions listed on the unit's Character Card", then "Flip the unit's
    Character Card to the other side"; rule 2.4: "A basic enemy card has an action list on each side and flips".
    The Drone prints the same actions on both sides, so the shared card reference left its back out and its row
    alone, in a table where every other basic enemy's row says "Back: ...", seemed to have lost a side. Every basic
    enemy's row now says its back, the Drone's as the same as its front; a back that differs says its actions."""
    from pnp.games.escort_service.facts import SAME_BACK
    from pnp.render.card_facts import printed_facts
    from pnp.render.rulebook_cards import card_rows
    from pnp.rules.tree import build_reference

    assert "Flip the unit's Character Card to the other side" in SEED.read_text()
    assert "has an action list on each side and flips" in texts(rules)["enemy-cards"]
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    cards = project.game.decks["enemies"].cards
    rows = {record.card.id: row["text"] for record, row in zip(cards, card_rows(cards, ref, project.game))}
    assert all(" Back: " in text for text in rows.values()), rows
    drone = project.game.card("drone")
    assert drone.card.actions == drone.back.actions and drone.card.health == drone.back.health
    assert rows["drone"].endswith(" Back: The same as the front.") and SAME_BACK in ref.facts["drone"]["back"]
    bruiser = project.game.card("bruiser")
    assert bruiser.card.actions != bruiser.back.actions
    assert SAME_BACK not in ref.facts["bruiser"]["back"] and rows["bruiser"].endswith("HEAT 2.")
    assert not any(SAME_BACK in side for facts in ref.facts.values() for side in (facts.get("front") or []))


def test_the_index_lists_the_upgrade_deck_once(rules):
    """The index listed "Upgrade" and "Upgrade deck" on the same pages: every upgrade the rules speak of is drawn
    from the upgrade deck. No word the index adds is the first word of another it adds: one entry, its other
    forms found under it."""
    words = [entry["term"] if isinstance(entry, dict) else entry for entry in rules["index"]]
    firsts = {word.split()[0].lower() for word in words if " " in word}
    assert not [word for word in words if " " not in word and word.lower() in firsts]


def test_the_set_up_figure_marks_rule_3_3_once_for_the_row_of_columns(project, rules):
    """Rule 3.3 puts the pilots and the scenario's enemies into every column: a "3.3" callout on each column sat on
    the cards' names at booklet size. The scenario card and column 1 carry it, the other columns still lay their
    cards, and the caption names that rule by its number as placing the enemies of columns 2 to 4 too (not
    "column 1's for all four columns", which read as nothing, nor "the one on column 1", which left the reader to
    guess it meant the callout); the cards a team of two adds keep their own rule's number (3.4)."""
    figure = _figure_of(rules, "scenario-setup")
    columns = [p for p in figure["place"] if str(p["at"]).startswith("column-")]
    assert {p["at"] for p in columns} == {"column-1", "column-2", "column-3", "column-4"}
    assert all(p.get("cards") for p in columns)
    marked = [p["at"] for p in columns if p.get("step") == "scenario-setup"]
    assert marked == ["column-1"]
    assert [p["at"] for p in columns if p.get("step") == "team-size"] == ["column-4"]
    assert next(p for p in figure["place"] if p["at"] == "scenario").get("step") == "scenario-setup"
    caption = " ".join(figure["text"].split())
    unmarked = sorted({p["at"] for p in columns if not p.get("step")})
    assert unmarked == ["column-2", "column-3", "column-4"]
    number = build_reference(project.game).numbers()["scenario-setup"]  # the caption is plain text: no {rule:} link
    assert number == "3.3"
    assert (f"Each number is the rule that places those cards; rule {number}, on column 1, also places the enemies "
            "of columns 2 to 4.") in caption
    assert "for all four columns" not in caption and "the one on column 1" not in caption


# -- the sixth proofread -------------------------------------------------------------------------------------------
def test_the_column_cards_stay_put_so_their_numbers_and_texts_hold_after_a_tick(project, rules):
    """Seed: "If the column above the shuttle is empty, all columns move 1 left." Column 1's card prints "Above the
    shuttle"; had the card itself moved to the far end on a TICK (4.2's old wording), it would have sat farthest
    from the shuttle with that text. The cards stay and the units slide: rule 4.2, the glossary, the turn summary
    and every column card say so, and none says a column or its card moves."""
    assert "all columns move 1 left" in SEED.read_text()
    tick = texts(rules)["tick"]
    assert "slide every unit and every destroyed pilot one column left" in tick
    assert "The column cards stay where they are" in tick and "far end" not in tick
    glossary = " ".join(next(term["text"] for term in rules["terms"] if term["id"] == "tick").split())
    summary = next(step["text"] for step in rules["summary"]["steps"] if "tick" in step["rules"])
    for said in (glossary, summary):
        assert "every unit" in said and "slides one column left" in said, said
    columns = sorted((r.card for r in project.game.cards() if r.card.kind == "column"), key=lambda c: c.number)
    assert [c.number for c in columns] == [1, 2, 3, 4]
    assert columns[0].text.startswith("Above the shuttle.")
    for column in columns[1:]:
        assert column.text.endswith("a TICK slides them one column left."), column.name
    for said in [tick, glossary, summary] + [c.text for c in columns]:
        assert not re.search(r"(every|the) column (slides|moves)|moves the column|column card goes", said), said


def test_a_scrap_card_turned_down_goes_where_one_given_up_goes(project, rules):
    """Rule 10.3 lets the team turn a scrap card down; it said where one given up goes (13.10) but not this one. The
    engine puts both on the scrap discard pile (test_scrap_given_up_or_turned_down_goes_to_the_scrap_discard_pile),
    and the rule and the mat's place for that pile say so."""
    assert "A scrap card given up or turned down goes to the scrap discard pile." in texts(rules)["enemy-destroyed"]
    mat = project.game.sheets["board-mat"].model
    area = next(a for a in mat.areas if a.id == "scrap-discard")
    assert area.label == "Scrap discard" and "turned down" in area.text
    assert mat.key["scrap-discard"].text.startswith("The scrap discard pile,")


def test_the_elite_discard_pile_has_one_name(project, rules):
    """The rules called one pile "an elite's action discard pile" (4.3) and "its discard pile" (5.2): it is the
    elite discard pile everywhere, and the mat's "Elite discard" place is keyed by that name."""
    said = texts(rules)
    assert "the elite discard pile" in said["statuses-expire"]
    assert said["elite-turn"].count("elite discard pile") == 2 and "its discard pile" not in said["elite-turn"]
    assert not [rule for rule, text in said.items() if "action discard" in text]
    mat = project.game.sheets["board-mat"].model
    assert next(a for a in mat.areas if a.id == "elite-discard").label == "Elite discard"
    assert mat.key["elite-discard"].text.startswith("The elite discard pile,")


# -- the seventh proofread -----------------------------------------------------------------------------------------
def printed_texts(project, rules) -> dict[str, str]:
    """Every player-facing sentence of the rules file, the board mat and the cards, by where it is printed."""
    said = {f"rule {rule}": text for rule, text in texts(rules).items()}
    for section in rules["sections"]:
        said[f"intro {section['id']}"] = " ".join(section.get("intro", "").split())
        for rule in section["rules"]:
            figure = rule.get("figure") or {}
            said[f"caption {rule['id']}"] = " ".join(figure.get("text", "").split())
            said.update({f"label {rule['id']} {i}": p.get("label", "") for i, p in enumerate(figure.get("place", []))})
    said.update({f"term {t['id']}": " ".join(t["text"].split()) for t in rules["terms"]})
    said.update({f"summary {i}": step["text"] for i, step in enumerate(rules["summary"]["steps"])})
    said.update({f"icon {word}": icon.meaning for word, icon in project.game.manifest.icons.items()})
    mat = project.game.sheets["board-mat"].model
    said["mat intro"] = " ".join(mat.intro.split())
    for area in mat.areas:
        said[f"mat {area.id}"] = f"{area.label}: {area.text or ''}"
    said.update({f"mat key {place}": key.text for place, key in mat.key.items()})
    for record in project.game.cards():
        for side, card in (("front", record.card), ("back", record.back)):
            if card is not None:
                said[f"card {record.card.id} {side}"] = " ".join(filter(None, (card.name, card.text, card.flavor)))
    return said


def test_heal_says_plainly_whom_it_may_heal(project, rules):
    """Seed: "HEAL: remove damage from a target ... Healing cannot target the shuttle unless noted on the action."
    The cards print who a heal picks: "self" (your own unit), "ally" (yours or another pilot's) or "shuttle". Rule
    7.4 and the glossary say so in those words, not "a friendly unit next to yours (yourself included)"."""
    seed = SEED.read_text()
    assert "HEAL**: remove damage from a target" in seed and "Healing cannot target the shuttle unless noted" in seed
    heals = {action.picks for card, action in action_lines(project) if action.word == "HEAL" and card.kind == "action"}
    assert heals == {"SELF", "ALLY", "SHUTTLE"}  # the pilots' heals: exactly the words the rule and glossary explain
    rule = texts(rules)["action-heal"]
    glossary = project.game.manifest.icons["heal"].meaning
    for said in (rule, glossary):
        assert "your own unit or" in said and "another pilot" in said, said
        assert 'prints "shuttle"' in said, said
        assert "yourself" not in said and "friendly unit" not in said, said
    assert "{rule:action-reach}" in rule  # the word printed beside it, explained once in 7.10
    assert not [where for where, said in printed_texts(project, rules).items() if "yourself" in said]


# a pilot or enemy with no health left was "fallen", "down" and "destroyed" by turns; "face down", "drop down",
# "turned down" and the DOWN arrow are other things
OTHER_NAMES_FOR_DESTROYED = re.compile(r"\b(fallen|fell)\b|\b(is|was|are|pilots?|that) down\b|back up if", re.IGNORECASE)


def test_a_unit_with_no_health_left_is_destroyed_everywhere(project, rules):
    """Seed: "If a unit has damage counters equal to or greater than their health, they are destroyed", for enemies
    and "friendly" units alike; a destroyed enemy is removed, a destroyed pilot waits below its column to be healed.
    One word, destroyed, for both in every printed text (rules, glossary, captions, the board mat, cards), and the
    difference said once, in rule 10.2, pointing at the rules for each."""
    seed = SEED.read_text()
    assert "equal to or greater than their health, they are destroyed" in seed
    assert "When a friendly unit is destroyed, place their character card below the column" in seed
    said = printed_texts(project, rules)
    assert not {where: text for where, text in said.items() if OTHER_NAMES_FOR_DESTROYED.search(text)}
    damage = texts(rules)["damage"]
    assert "destroyed, enemy or pilot" in damage and "gone for good ({rule:enemy-destroyed})" in damage
    assert "healed back into play ({rule:pilot-destroyed})" in damage
    mat = project.game.sheets["board-mat"].model
    places = [a.label for a in mat.areas if a.id.startswith("fallen-")]
    assert places == [f"Destroyed, column {n}" for n in range(1, 5)]  # short: at booklet size a longer one was dropped


def test_the_example_turn_names_each_action_as_its_panels_do(rules):
    """The example's panels print "MELEE 1", "DELAY 1", "HEAT 2"; its text printed "HEAT 1" once and the other
    actions as a bare icon and number. Every action it names is its icon, its word and its number, and the Warrior
    is "the active unit", the glossary's headword."""
    example = texts(rules)["example-turn"]
    named = re.findall(r"\{(\w+)\} (\S+) (\d)", example)
    assert [(icon, word) for icon, word, _ in named] == [
        ("melee", "MELEE"), ("delay", "DELAY"), ("heat", "HEAT"), ("melee", "MELEE"), ("heat", "HEAT")]
    assert not re.search(r"\{(melee|delay|heat)\} \d", example)
    assert "so it is the active unit" in example


def test_the_clarifications_say_once_that_they_are_the_editions(rules):
    """A ruling beyond the source may say once, in the section's intro, that the rulings are the edition's."""
    intro = " ".join(next(s for s in rules["sections"] if s["id"] == "clarifications")["intro"].split())
    assert intro.lower().count("this edition") == 1
    clarifications = next(s for s in rules["sections"] if s["id"] == "clarifications")["rules"]
    assert not [r["id"] for r in clarifications if re.search(r"this edition|\bours\b|we rule", r["text"])]


# -- the eighth proofread ------------------------------------------------------------------------------------------
def _index_pattern(project, term: str) -> re.Pattern:
    """The pattern the index finds `term` by: its headword and the other forms `index:` gives it."""
    from pnp.render.rulebook_back import forms_pattern, index_terms

    terms = {word: (forms, capitalised) for word, forms, capitalised in index_terms(build_reference(project.game))}
    assert term in terms, term
    forms, capitalised = terms[term]
    return forms_pattern([term, *forms], capitalised=capitalised)


def test_the_index_finds_destroyed_in_every_rule_that_depends_on_it(project, rules):
    """Seed: "If a unit has damage counters equal to or greater than their health, they are destroyed", and the
    shuttle destroyed loses the game. The index had no Destroyed, though rules 4.2, 10.2-10.4, 11.2, 13.8 and 13.12
    hang on it: it finds each of them, 10.3's "destruction" too."""
    assert "they are destroyed" in SEED.read_text()
    destroyed = _index_pattern(project, "Destroyed")
    text = texts(rules)
    numbers = build_reference(project.game).numbers()
    for rule in ("tick", "damage", "enemy-destroyed", "pilot-destroyed", "scenario-lost", "clar-status-return",
                 "clar-down-own-turn"):
        assert destroyed.search(text[rule]), numbers[rule]
    assert "destruction" in [m.group(0) for m in destroyed.finditer(text["enemy-destroyed"])]


def test_reach_has_a_glossary_entry_that_says_which_spaces_it_takes_in(project, rules):
    """Cards print "every foe in reach" and rule 13.11 says how far an action reaches: the seed's MELEE targets
    "any unit surrounding the character" (a grid of eight around it), IN a NUMBER limits it to that many spaces,
    IN a direction to that direction. The glossary names Reach with those facts and the rule, and the index finds it
    in the rules that pick "in reach"; 3.1 no longer says "within reach" of the damage counters, another sense."""
    seed = SEED.read_text()
    assert "Targets any unit surrounding the character" in seed
    assert "within **NUMBER** spaces of the unit" in seed and "in the direction specified" in seed
    entry = next(t for t in rules["terms"] if t["term"] == "Reach")
    meaning = " ".join(entry["text"].split())
    assert "the eight around the unit acting" in meaning and "{rule:clar-reach}" in meaning
    assert "number of steps printed after {in} IN replaces the eight" in meaning
    assert "a printed direction keeps only those of the eight" in meaning
    assert build_reference(project.game).numbers()["clar-reach"] == "13.11"
    reach = _index_pattern(project, "Reach")
    text = texts(rules)
    for rule in ("targets", "zealot", "action-reach", "clar-reach", "clar-enemy-aoe"):
        assert reach.search(text[rule]), rule
    assert not reach.search(text["lay-out"])
    from pnp.games.escort_service.actions import action_words

    printed = [action_words(line) for record in project.game.cards() for card in (record.card, record.back)
               for line in getattr(card, "actions", None) or []]
    assert [words for words in printed if reach.search(words)]  # the cards' "every foe in reach" is the same word


def test_the_scenario_set_up_says_plainly_that_either_side_of_a_basic_enemy_may_be_up(project, rules):
    """A scenario card names its enemies and shows no side of them: rule 3.3 says "either side up" without a side
    the card would show."""
    setup = texts(rules)["scenario-setup"]
    assert "each basic enemy either side up" in setup
    assert "scenario card shows does not matter" not in setup and "with either side" not in setup
    for scenario in project.game.decks["scenarios"].cards:
        assert all(isinstance(name, str) for column in scenario.card.placement for name in column)


def test_the_board_mat_figure_names_the_scrap_pile_on_the_pile(project, rules):
    """Callout 3.1 on a face-down pile of scrap was the one place of the figure with no name (the mat's own label
    lies under the pile): it is labelled with the name rule 3.1, 13.10 and the mat use."""
    figure = _figure_of(rules, "scenario-setup")
    pile = next(p for p in figure["place"] if p["at"] == "scrap-pile")
    assert pile["label"] == "Scrap pile" and pile["deck"] == "scrap"
    assert "Shuffle the scrap pile face down" in texts(rules)["lay-out"]
    assert "an empty scrap pile" in texts(rules)["clar-scrap-full"]
    mat = project.game.sheets["board-mat"].model
    assert next(a.label for a in mat.areas if a.id == "scrap-pile") == pile["label"]


@pytest.mark.parametrize("book", ["rulebook-a4.pdf", "rulebook-letter.pdf"])
def test_the_board_mat_figure_prints_the_scrap_piles_name(built_game, book):
    import subprocess

    path = built_game("escort-service") / "rules" / book
    pages = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    page = " ".join(next(p for p in pages.split("\f") if "The board mat laid for Breakout" in p).split())
    figure = page[:page.index("The board mat laid for Breakout")]
    figure = figure[figure.index("3.3 Take the next"):] if "3.3 Take the next" in figure else figure
    assert "Scrap pile" in figure, book


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_example_turns_last_step_shares_its_booklet_page(project, paper, tmp_path):
    """Proofreading (round 9): in the Letter booklet the example's nine panels are set two to a row, and the ninth
    ran on alone to a page of its own under "An example turn (continued)". Its panels are short enough that the
    rows from the third step on fit one booklet page, so the last step is read with the ones before it."""
    import subprocess

    from pnp.render.card_facts import printed_facts
    from pnp.render.rulebook import BOOKLET_PAGES, _write_rulebook

    ref = build_reference(project.game, None)
    ref.facts = printed_facts(project)
    path = tmp_path / "pages.pdf"
    _write_rulebook(project, ref, BOOKLET_PAGES[paper], 12 * 72 / 25.4, path, booklet=True)  # unimposed pages
    pages = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    last = " ".join(next(p for p in pages.split("\f") if "It draws back up to 4" in p).split())
    assert "The Warrior stops" in last and "TAUNT: the card goes under" in last, paper


def test_a_panels_columns_hold_as_many_units_as_any_step_stacks(project):
    """The example's and the TICK's columns are drawn SLOTS units high, two: a panel draws no more of a column
    than that, so no step of either figure, as the engine plays it, may stack more units in one column."""
    from pnp.games.escort_service import figures

    for kind in ("example-turn", "tick"):
        shots = figures.FIGURES[kind]._shots(project.game)
        assert max(len(column) for shot in shots for column in shot.columns) <= figures.SLOTS == 2, kind


def test_the_contents_give_every_count_in_figures(rules):
    """Proofreading (round 9): rule 2.1 gave "5 board cards", "4 scenario cards", then "four pilots" and "two
    elites". A list of counts gives them all in figures."""
    contents = texts(rules)["contents"]
    for count in ("4 columns", "4 pilots", "2 elites"):
        assert count in contents
    words = r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b"
    assert not re.search(words, contents, re.IGNORECASE), contents


NUMBER_WORDS = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# a number word counting cards or components: before such a noun (one word between allowed: "two identical pilot
# cards"), or a team's size ("for two pilots", "for three", "a team of two")
COUNT_IN_WORDS = re.compile(
    rf"\b{NUMBER_WORDS}\s+(?:[\w-]+\s+)?(?:cards?|decks?|pilots?|enem(?:y|ies)|elites?|units?|counters?|scraps?|"
    rf"mats?|sheets?|piles?|Swarmers|Drones|Raiders|Grapplers|Bruisers|Snipers|Menders)\b"
    rf"|\bfor {NUMBER_WORDS}\b|\bteam of {NUMBER_WORDS}\b", re.IGNORECASE)


def printed_strings(value) -> list[str]:
    """Every string of rules.yaml's data (rules, intros, captions, labels, glossary, summary), folded to one line."""
    if isinstance(value, dict):
        return [s for v in value.values() for s in printed_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in printed_strings(v)]
    return [" ".join(value.split())] if isinstance(value, str) else []


def test_the_rules_give_every_count_of_cards_and_components_in_figures(rules):
    """Proofreading (round 10): rule 2.1 had "4 columns" but 3.1 "four column cards", 2.2 "a starting deck of 10"
    but 2.4 "a deck of six action cards". Every count of cards, components, enemies or pilots in the rules is a
    figure; ordinals ("first"), distances ("one column left") and "one at a time" stay words."""
    said = texts(rules)
    assert "a deck of 6 action cards" in said["enemy-cards"] and "the 4 column cards" in said["lay-out"]
    assert "2 identical pilot cards" in said["pilot-cards"] and "its 2 pilot cards and its 2 decks" in said["choose-pilots"]
    assert "top 2 enemies" in said["team-size"] and "for 4 a Swarmer, 2 Drones" in said["team-size"]
    found = [(m.group(0), s) for s in printed_strings(rules) for m in COUNT_IN_WORDS.finditer(s)]
    assert not found, found


# -- the twelfth proofread -----------------------------------------------------------------------------------------
def test_a_unit_with_more_damage_than_its_health_is_destroyed_in_the_rules_words_too(rules):
    """Seed: "If a unit has damage counters equal to or greater than their health, they are destroyed". Rule 10.2
    said only "as much damage as its health", as did the Armor Plate ruling, whose pilot is left with more damage
    than health: every rule that says when a unit is destroyed says "or more"."""
    assert "equal to or greater than their health, they are destroyed" in SEED.read_text()
    said = texts(rules)
    assert "A unit with as much damage as its health, or more, is destroyed, enemy or pilot" in said["damage"]
    assert "left with as much damage as its health, or more, is destroyed at once" in said["clar-scrap-full"]
    assert not [s for s in printed_strings(rules) if re.search(r"as much damage as (its )?health(?!, or more)", s)]


def test_the_example_turn_names_the_warrior_as_the_unit_its_heat_moves_and_its_card_goes_under(rules):
    """Seed, the example turn: "2 HEAT which the Warrior vents by moving right 2 columns", and TAUNT "placed under
    the Warrior". The example said "HEAT 2 moves it ... the card goes under it" straight after the Bruiser."""
    seed = SEED.read_text()
    assert "2 HEAT which the Warrior vents by moving right 2 columns" in seed and "under the Warrior" in seed
    example = texts(rules)["example-turn"]
    assert "{heat} HEAT 2 moves the Warrior two more columns right" in example
    assert "the card goes under the Warrior with TAUNT showing" in example
    assert not re.search(r"moves it two|goes under it\b", example)


def test_the_summary_lists_whom_an_enemy_attacks_in_one_plain_order(rules):
    """Seed: enemies attack "player units first", "the unit with the least remaining health", the shuttle when no
    pilot is "in range"; a ZEALOT goes for the shuttle "instead of player units", yet "player units with the TAUNT
    status still must be targeted by ZEALOTs over the shuttle" (rule 5.4). The summary said "a TAUNT pilot first
    ... or first if it is a ZEALOT": two firsts. It gives one order, TAUNT, the ZEALOT's shuttle, the weakest pilot,
    the shuttle, and never a HIDDEN pilot, as the engine picks (board.py's _enemy_pick)."""
    seed = SEED.read_text()
    assert "TAUNT** status still must be targeted by **ZEALOT**s over the shuttle" in seed
    step = next(s for s in rules["summary"]["steps"] if "targets" in s["rules"])["text"]
    assert "first if" not in step
    order = ["a TAUNT pilot;", "the shuttle, if the enemy is a ZEALOT;", "the pilot with the least health left;",
             "the shuttle."]
    places = [step.find(said) for said in order]
    assert -1 not in places and places == sorted(places), step
    assert "the first of these in its reach" in step and "never picks a HIDDEN pilot" in step
