"""Escape Master's French and German editions as a publisher's editor reads them: every text translated, one
policy for the leaders' names, a leader's tribe said without guessing a gender, the glossary's words said in the
rules and in the case the rules write them, and no title that says "variant" before pnp's own "(variant)"."""
import re

import pytest
from helpers import root_of

from pnp.checks.validate import validate
from pnp.content import translations
from pnp.content.words import say
from pnp.games.escape_master.facts import card_facts
from pnp.render.card_facts import printed_facts
from pnp.render.rulebook_back import forms_pattern
from pnp.rules.tree import build_reference

EDITIONS = ("fr", "de")


def edition(em_project, lang: str):
    game, problems = translations.apply(em_project.game, lang)
    assert game is not None and problems == [], [p.message for p in problems]
    return game


def said_in_rules(game) -> str:
    """The edition's rules as printed: titles, texts (a section's intro is its text) and examples, each
    {term:...} link as the term it prints."""
    terms = {term.id: term.term for term in game.rules.terms}
    said = " ".join(f"{node.title} {node.text} {node.example}" for node in build_reference(game).walk())
    return re.sub(r"\{term:([\w-]+)\}", lambda link: terms[link.group(1)], said)


@pytest.mark.parametrize("lang", EDITIONS)
def test_every_english_text_has_its_translation(em_project, lang):
    """A rule, a glossary entry, a figure's label or a sheet's box added in English is translated in each edition:
    applying the edition reports nothing missing, stale or unknown."""
    edition(em_project, lang)


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_leaders_keep_their_english_names(em_project, lang):
    """One policy for the six leaders' names in every edition: their English names, title included (the French
    edition had "Capitaine Nib", the German "Käpt‘n Nib", beside five names left in English)."""
    game = edition(em_project, lang)
    english = {r.card.id: r.card.name for r in em_project.game.cards() if r.card.kind == "leader"}
    assert {card_id: game.card(card_id).card.name for card_id in english} == english


@pytest.mark.parametrize("lang, hattie, sable", [
    ("fr", "De la tribu des Quidams", "De la tribu des Ninjas de Vapeur"),
    ("de", "Aus dem Volk der Normalos", "Aus dem Volk der Dampfninjas"),
])
def test_a_leaders_tribe_is_said_without_a_gendered_noun(em_project, lang, hattie, sable):
    """Hattie Plowright and Sable Mist are women: the card reference called them "Meneur de la tribu ..." and
    "Fluchthelfer des Volks ...". The edition names the tribe alone."""
    game = edition(em_project, lang)
    assert card_facts(game.card("leader-hattie-plowright").card, game) == [hattie]
    assert card_facts(game.card("leader-sable-mist").card, game) == [sable]


def test_french_rules_write_a_common_noun_in_lower_case_mid_sentence(em_project):
    """A {term:...} link prints its glossary headword as written: "une Zone d'action", "une Carte spéciale" stood
    mid-sentence beside "votre zone d'action" written by hand. The French headwords of common nouns are written
    as the rules write them, in lower case, so every mention reads alike."""
    said = said_in_rules(edition(em_project, "fr"))
    for words in ("zone d'action", "carte numérotée", "carte spéciale"):
        for found in re.finditer(re.escape(words), said, re.IGNORECASE):
            if found.group(0) != words:
                before = said[:found.start()].rstrip()
                assert before == "" or before[-1] in ".!?:", said[found.start() - 40:found.end()]


@pytest.mark.parametrize("lang", EDITIONS)
def test_every_glossary_headword_is_said_in_the_editions_rules(em_project, lang):
    """As in English: a player meets each headword in the rules ("fermer une Pile", "Stapel schließen" were only
    in the glossary), and the glossary lists the cards that do what it says (the discarding entry never Wisdom)."""
    game = edition(em_project, lang)
    said = said_in_rules(game)
    glossary = build_reference(game).glossary
    assert [e.term for e in glossary if not forms_pattern([e.term], lang).search(said)] == []
    discard = next(entry for entry in glossary if entry.id == "discard")
    assert "wisdom" not in discard.users


@pytest.mark.parametrize("lang", ("en",) + EDITIONS)
def test_a_variant_sections_title_never_says_variant_before_the_books_own_word(em_project, lang):
    """The book prints a variant section's title followed by its own word, "(variant)", "(variante)": the
    French "Variantes (variante)" and the German "Regelvarianten (Variante)" said it twice."""
    game = em_project.game if lang == "en" else edition(em_project, lang)
    word = say(game, "variant").casefold()
    for section in game.rules.sections:
        if section.variant:
            assert word not in section.title.casefold(), section.title


@pytest.mark.parametrize("lang, headings", [("fr", {"Capacité", "Mode Fauve"}), ("de", {"Fähigkeit", "Höchstform"})])
def test_a_leaders_row_says_its_power_headings_once(lang, headings):
    """Fourth proofreading: the French and German leader rows ended "... Capacité. Mode Fauve." after already saying
    "Capacité : Retourner la terre ... Mode Fauve : Moisson précoce": the headings the card prints beside each power
    are said once, as the labels of its two powers."""
    project, report = validate(root_of("escape-master"), "escape-master", lang=lang)
    assert project is not None, report.to_text()
    facts = printed_facts(project)
    for record in project.game.decks["character"].cards:
        assert not headings & set(facts[record.card.id]["front"]), record.card.id
