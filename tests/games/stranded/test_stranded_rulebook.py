"""Stranded's rulebook as a publisher's editor reads it (the third proofreading pass): one name per thing in rules,
glossary and cards, levels that cannot be taken for Sols, rules that say what the seed says, and the book's
figures and summary agreeing with the rules they illustrate."""
import re

import pytest
from helpers import validated
from pypdf import PdfReader

from pnp.content.words import say
from pnp.games.stranded.vocabulary import CHAPTER_RULES
from pnp.rules.tree import build_reference


@pytest.fixture(scope="module")
def game():
    return validated("stranded").game


@pytest.fixture(scope="module")
def rules(game):
    """Every rule's text by id, on one line."""
    def walk(sections):
        for section in sections:
            for rule in section.rules:
                yield rule.id, " ".join(rule.text.split())
            yield from walk(section.sections)
    return dict(walk(game.rules.sections))


@pytest.fixture(scope="module")
def glossary(game):
    return {entry.term: entry for entry in build_reference(game).glossary}


@pytest.fixture(scope="module")
def book(built_game):
    path = built_game("stranded") / "rules" / "rulebook-a4.pdf"
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(path).pages)


def _card_names(game, ids) -> set[str]:
    return {game.card(card_id).card.name for card_id in ids}


# -- the glossary: one name per ability, the cards that have it ------------------------------------------------
def test_each_ability_is_headed_by_the_name_its_rule_gives_it(game, rules):
    """Fault 7: the rules say "+1 card", "Sol -1", "Sort 3", "-1 life"; the glossary said "Extra cards", "Step
    down", "Sort", "Lose life". Each entry naming an ability is headed by the names its rule prints (each name of
    "+1 life, +2 life" in rule 6.1's "+1 life or +2 life"); a Final Chapter's rule by the chapter's own name."""
    for term in game.rules.terms:
        for word in term.words:
            if word in CHAPTER_RULES:
                carriers = [r.card.name for r in game.cards() if word in map(_word, r.card.rules)]
                assert [term.term] == carriers, (word, term.term)
                continue
            said = rules[game.vocabulary[word].rules_ref]
            for name in term.term.split(", "):
                assert said.startswith(name) or f" or {name}" in said.split(":")[0], (term.term, said)


def _word(effect) -> str:
    return effect if isinstance(effect, str) else next(iter(effect))


def _abilities(card) -> list:
    """A card's abilities as a fighting card: its own, or a danger's knowledge side's."""
    return list(card.ability) + (list(card.knowledge.ability) if card.knowledge else [])


def test_no_headword_is_a_name_that_neither_the_rules_nor_the_cards_print(game, rules, glossary):
    """"Aging weight", "Costly extra cards" and "No doubling" appeared in no rule and on no card."""
    printed = " ".join(rules.values()) + " " + " ".join(r.card.name for r in game.cards())
    for headword in glossary:
        assert re.search(rf"(?<!\w){re.escape(headword.split(', ')[0])}", printed, re.IGNORECASE), headword
    assert not {"Aging weight", "Costly extra cards", "No doubling", "Step down", "Extra cards"} & set(glossary)


def test_the_life_entries_list_the_cards_that_gain_and_those_that_lose(game, glossary):
    """Fault 6: "Life: Gain this much life ... Cards: ... Homesick, Frostbite, Dust Storm Season", cards that take
    life away. Gaining lists the cards whose ability gains life; losing, the aging cards that take it."""
    gain, lose = glossary["+1 life, +2 life"], glossary["-1 life, -2 life"]
    gainers = {r.card.id for r in game.cards() if "LIFE" in map(_word, _abilities(r.card))}
    assert set(gain.cards) == gainers and not {"homesick", "frostbite", "dust-storm-season"} & set(gain.cards)
    assert _card_names(game, lose.cards) == {"Homesick", "Frostbite"}
    assert "this much" not in gain.text and "22" in gain.text and "2" in lose.text


def test_a_final_chapters_entry_reads_after_the_chapters_name(glossary):
    """"Aging weight: As you turn this chapter up ..." opened on a chapter the entry never named."""
    entry = glossary["Failing Reactor"]
    # (the fourteenth proofreading: "as you turn it up" read as set-up, where the chapters are dealt face up)
    assert entry.text.startswith("When its fight begins") and "this chapter" not in entry.text
    assert "discard pile" in entry.text  # what the engine counts: the fighting stack and its discard pile


# -- levels that are not Sols ----------------------------------------------------------------------------------------
def test_the_levels_print_as_numbers_never_as_the_sols_colours(game, rules, book):
    """Fault 4: "Ready for a first game at green" (green is also a Sol). The levels print as Level 1 to 3, in the
    legend, the rules and the set-up figure; green, yellow and red are left to the Sols and the dots."""
    assert [say(game, level) for level in ("green", "yellow", "red")] == ["Level 1", "Level 2", "Level 3"]
    assert "Level 1: the eight normal aging cards" in book and "first game at Level 1" in book
    for colour in ("green", "yellow", "red"):
        assert f"{colour}:" not in book.split("Contents")[0].lower()  # the legend names no colour as a level
        assert not re.search(rf"\bat {colour}\b", book) and f"{colour.capitalize()}: " not in rules["levels"]
    assert "Level 1" in rules["levels"] and "Level 3" in rules["levels"]


# -- the rules say what the seed says, in one voice ----------------------------------------------------------------
def test_the_rules_state_the_two_seed_rules_they_only_implied(rules):
    """Fault 17, the seed: "You are not allowed to »sacrifice« additional life points to destroy additional
    unwanted cards" and "The remaining endangerment cards in the endangerment discard pile are not used anymore".
    The engine keeps both (test_stranded_engine); the rules now say them."""
    assert "You may not pay extra life to destroy more cards." in rules["lose"]
    assert "The dangers left in the danger discard pile are not used again." in rules["final-chapters"]


def test_the_book_names_the_editions_own_part_once_per_section_not_in_every_rule(game, rules):
    """Fault 11: "this edition" 15 times, "ours rather than the original game's", "This edition decides", "Our
    ruling", "We rule". A section whose rules are the edition's says so once, in its intro."""
    intros = [s.intro for s in game.rules.sections if "this edition's" in (s.intro or "")]
    assert len(intros) == 1  # the Clarifications; the Credits say what else the edition adds (second proofread)
    for rule_id, text in rules.items():
        assert not re.search(r"(?i)this edition|\bours\b|\bour ruling|\bwe rule", text), (rule_id, text)
    assert "more Final Chapters than a game uses" not in rules["setup-chapters"]


def test_the_credits_say_what_the_seed_gives_and_what_the_edition_adds(game):
    """Fault 12: the seed names no designer, publisher or address, so none is credited; the credits say what this
    edition adds, the parts the section intros call the edition's among them."""
    credits = game.manifest.credits
    assert not credits.design and "name no designer or publisher" in credits.based_on
    for part in ("card counts", "Final Chapters", "levels", "Clarifications"):
        assert part in credits.edition, part
    assert "ours" not in credits.edition


# -- markers, the fight example, the summary ----------------------------------------------------------------------------
def test_the_set_up_puts_markers_on_the_tracks_and_the_rules_move_the_marker(rules, book):
    """Fault 3: rule 3.3 put "the life token" and "a second token" on the tracks, but no token was made for them.
    The rules speak of the two markers the sheet prints, and the free-card marker starts each fight on 0."""
    assert "life marker" in rules["setup-life"] and "free-card marker on 0" in rules["setup-life"]
    assert "free-card marker" in rules["free-cards"] and "starts every fight on 0" in rules["free-cards"]
    assert "token" not in rules["free-cards"] + rules["clar-below-free"]
    assert "Life marker (1)" in book and "Free-card marker (1)" in book


def test_the_fight_example_marks_every_free_card_its_caption_names(game):
    """Fault 19: badge B marked only Fumble, while the caption says "B: the three free cards"."""
    rule = next(r for s in game.rules.sections for r in s.rules if r.id == "win")
    figure = rule.figure
    danger = next(p for p in figure["place"] if p.get("mark") == "A")
    left = [p for p in figure["place"] if p["at"][0] < danger["at"][0]]
    assert "B: the three free cards" in " ".join(figure["text"].split())
    assert len(left) == 3 and all(p.get("mark") == "B" for p in left)


def test_the_summary_pays_a_destroyed_aging_cards_life_as_rule_9_14_does(game):
    """Fault 16: the summary's step 7 now says an aging card destroyed after a lost fight still takes its life, and
    points at the ruling that says so."""
    step = next(s for s in game.rules.summary.steps if "aging-at-end" in s.rules)
    assert "including any aging card you just destroyed" in step.text and "clar-aging-destroyed" in step.rules


def test_the_knowledge_side_is_not_capitalised_mid_sentence(rules):
    """Fault 20: "its Knowledge side" in rule 1.2 only (a glossary link prints the headword, capital and all)."""
    assert "{term:knowledge}" not in " ".join(rules.values())
    assert "its knowledge side" in rules["two-ways"]


# -- the second proofread ----------------------------------------------------------------------------------------
def test_the_highest_card_ruling_speaks_of_no_second_card_that_cannot_be_in_a_fight(game, rules):
    """The seed: "If you have several cards with the equally highest fighting value, only one card is affected". The
    box holds one card with Highest card = 0 (Cabin Fever) and 9.3 forbids copying an aging ability, so rule 9.4's
    "Two of these aging cards in one fight" described a fight that cannot happen."""
    carriers = [r.card for r in game.cards() if "HIGHEST_ZERO" in map(_word, _abilities(r.card))]
    assert sum(card.count for card in carriers) == 1
    assert "Copy cannot copy an aging ability" in rules["clar-copy"]
    assert not re.search(r"(?i)\btwo of these\b|\bone each\b", rules["clar-highest"])
    assert "if every positive card is doubled, nothing counts 0." in rules["clar-highest"]


def test_only_the_clarifications_intro_names_the_editions_part_the_credits_say_the_rest(game):
    """The second proofread: "The card counts and the three levels of difficulty are this edition's" (2) and "The six
    Final Chapters ... are this edition's" (8) narrated the edition in the rules; the Credits say it once."""
    intros = {s.id: s.intro or "" for s in game.rules.sections}
    assert "edition" not in intros["components"] and "edition" not in intros["chapters"]
    assert "this edition's" in intros["clarifications"]
    for part in ("card counts", "three levels", "six Final Chapters"):
        assert part in game.manifest.credits.edition, part


def test_a_dangers_values_are_said_once_per_sol_in_plain_words(rules):
    """The seed: "During the »Green Sol/Phase« you must get fighting points equal or in excess of the green
    endangerment value"; each Sol has its value. Rule 2.3 says so without the winding "in each Sol, green, yellow and
    red, each value at least as high as the one before"."""
    text = rules["danger-cards"]
    assert "green, yellow and red Sols" in text and "never lower in a later Sol" in text
    assert "each value at least as high" not in text and text.count("Sol") == 2


def test_knowledge_card_and_knowledge_side_are_both_glossed_and_the_win_rule_ties_them(rules, glossary):
    """The seed speaks of "knowledge cards" (what a destroyed card costs) and "the knowledge side of the card": the
    rules say both (4.6, 4.7, the summary; 1.2, 2.3), so the glossary heads both, each pointing at the other."""
    assert {"Knowledge card", "Knowledge side"} <= set(glossary)
    assert "knowledge side" in glossary["Knowledge card"].text and "knowledge card" in glossary["Knowledge side"].text
    assert "knowledge card" in rules["win"] and "knowledge side" in rules["win"]
    assert "starting or knowledge card" in rules["lose"]


def test_the_rules_call_the_cards_right_of_the_danger_by_the_playmats_name(rules, game, glossary):
    """The playmat names the space to the right of the danger "Extra cards": the cards bought with life (the seed:
    "sacrifice additional life points ... to draw 1 fighting card for each sacrificed life point") and those +1 card
    draws ("1 additional fighting card for free"), which are not the danger's free cards. Rule 4.3 and the glossary
    say the same name."""
    assert "bought cards" in rules["buy-cards"] and "1 life" in rules["buy-cards"]
    assert "{term:extra-card|extra" in rules["buy-cards"] and "+1 card" in rules["buy-cards"]
    playmat = open(game.root / "playmat.yaml", encoding="utf-8").read()
    assert "label: Extra cards" in playmat and "Bought cards" not in playmat
    assert "bought with life" in glossary["Extra card"].text and "+1" in glossary["Extra card"].text


def test_a_free_card_is_one_the_dangers_number_gives_and_ability_draws_are_ruled_extra(rules, glossary, game):
    """The fifth proofread: the glossary's "Free card" (drawn "without paying life") also took in +1 card's draws,
    which rule 9.1 kept off the free-card marker. The seed's free cards are the danger's own ("until the number
    equals the value of the white box"); where +1 card's "additional fighting card for free" lies, and whether Below
    the stack replaces it, the seed leaves open: a ruling says, and the rule, the glossary and the cards agree."""
    free = " ".join(glossary["Free card"].text.split())
    assert "number printed" in free and "free-card marker" in free and "without paying life" in free
    assert "+1 card" not in free
    ruling = rules["clar-ability-draws"]
    assert "not free cards" in ruling and "right of the danger" in ruling and "no replacement" in ruling
    assert "{rule:clar-ability-draws}" in rules["ability-cards"] and "right of the danger" in rules["ability-cards"]
    assert "extra card" in rules["clar-below-free"] and "Cards that abilities draw" not in rules["clar-below-free"]
    second_look, quick_hands = game.card("second-look").card, game.card("dust-devil-quick-hands").card
    for text in (second_look.text, quick_hands.knowledge.text):
        assert "for free" not in text and "right of the danger" in text, text


def test_stop_counts_the_free_cards_left_from_the_marker_and_the_dangers_number(rules):
    """The fifth proofread: rule 7.3 said the free-card track "shows how many are left", but its marker counts the
    free cards drawn (rule 4.2 moves it up for each)."""
    assert "shows how many are left" not in rules["aging-stop"]
    assert "danger's number of free cards minus the number under the free-card marker" in rules["aging-stop"]


def test_dust_storm_season_raises_the_price_of_a_bought_card_only(rules, game):
    """+1 card's draws are extra cards too, so "every card beyond the free ones costs 2 life" would charge them; the
    chapter's rule, its card and its glossary line speak of the cards you buy."""
    assert "every card you buy costs 2 life" in rules["chapter-rules"]
    assert game.card("dust-storm-season").card.text == "Every card you buy costs 2 life."


INDEX_GAPS = ("Level", "Danger discard pile", "Fighting discard pile", "Bought card", "Lost fight", "Knowledge card")


def test_the_index_lists_the_words_the_proofreader_looked_up_in_vain(book):
    """The second proofread: no Level, Danger discard pile, Fighting discard pile, Bought cards or Lost fight in the
    index. Each is listed now, with the pages that speak of it."""
    index = book.rsplit(" Index ", 1)[1].split("Turn summary")[0]
    for word in INDEX_GAPS:
        assert re.search(rf"(?<!\w){re.escape(word)}(?: \.)+ \d", index), word


def test_the_credits_end_each_line_as_a_sentence(game):
    """The second proofread: "... its rules name no designer or publisher" lacked its full stop."""
    credits = game.manifest.credits
    assert credits.based_on.endswith(".") and credits.edition.endswith(".")


@pytest.mark.parametrize("card_id, level", [("despair", "Level 2"), ("frostbite", "Level 2"), ("collapse", "Level 3"),
                                            ("dust-storm-season", "Level 2"), ("the-last-window", "Level 3")])
def test_the_card_reference_says_from_which_level_a_card_is_played(card_id, level):
    """Rule 2.5: "The dot in a card's lower corner shows the first level it is played at". The dot prints no word,
    so the Aging and Final Chapters tables said nothing of it; the card's facts say its level now."""
    from pnp.render.card_facts import printed_facts

    facts = printed_facts(validated("stranded"))
    assert f"Played from {level}" in facts[card_id]["front"]
    for first_level in ("stiff-knees", "the-long-night", "fumble", "dust-devil-calm-breathing"):  # Level 1: no word
        assert not any("Level" in fact for fact in facts[first_level]["front"]), first_level


def test_the_pile_you_draw_fighting_cards_from_has_one_name_the_playmats(game, rules):
    """The fourth proofread: rule 9.19 said "fighting deck" where the rest of the book and the playmat say
    "fighting stack". No printed text names it otherwise."""
    assert "Fighting stack" in open(game.root / "playmat.yaml", encoding="utf-8").read()
    assert "fighting stack" in rules["clar-sleeves"]
    printed = [*rules.values(), *(step.text for step in game.rules.summary.steps),
               *(entry.text or "" for entry in game.rules.terms),
               *(" ".join(filter(None, [record.card.text, record.card.flavor])) for record in game.cards())]
    assert not [text for text in printed if "fighting deck" in text.lower()]
