"""Escape Master's rules reference: numbering, the glossary from its vocabulary, the green kit."""
import json
import re

from pnp.model import Difficulty
from pnp.rules.export import to_json
from pnp.rules.tree import build_reference


def test_numbering_happens_at_render_time(em_project):
    ref = build_reference(em_project.game)
    numbers = ref.numbers()
    assert numbers["overview"] == "1" and numbers["goal"] == "1.1"
    assert len(set(numbers.values())) == len(numbers)


def test_glossary_lists_cards_per_term(em_project):
    glossary = {e.id: e for e in build_reference(em_project.game).glossary}
    assert "wisdom" in glossary["wild"].cards
    assert set(glossary["trap"].cards) >= {"trap-draw-three", "trap-ascending", "trap-descending"}
    assert "stack" in glossary and glossary["stack"].cards  # rules terms list the cards that mention them
    assert "leader-hattie-plowright" in glossary["swap-with-the-pile"].cards  # found in the leader's ability


def test_json_has_rules_terms_and_cards(em_project):
    data = json.loads(to_json(build_reference(em_project.game)))
    assert len(data["cards"]) == 78 + 11 + 6 + 16 + 1
    clarifications = next(n for n in data["rules"] if n["id"] == "clarifications")
    assert {c["id"] for c in clarifications["children"]} >= {"clar-doom-ranks", "clar-wisdom-closed", "clar-ties"}
    hattie = next(c for c in data["cards"] if c["id"] == "leader-hattie-plowright")
    assert hattie["effects"] == ["SWAP_WITH_PILE(1)", "DEAL_FEWER(2)"]  # the ability's and the Beast Mode's
    assert "Ability: Turn the Soil." in hattie["text"] and "Beast Mode: Early Harvest." in hattie["text"]


def test_difficulty_filter_numbers_only_what_is_kept(em_project):
    green = build_reference(em_project.game, Difficulty.green)
    kept = green.numbers()
    assert "goal" in kept and "doom-ranks" not in kept and "suit-combo" not in kept
    assert all(r.card.difficulty == Difficulty.green for r in green.cards())


def test_every_effect_word_has_a_glossary_entry_and_a_rule(em_project):
    words = em_project.game.vocabulary.words
    assert words
    for word in words.values():
        assert word.glossary and word.template and word.rules_ref


def test_a_kit_s_glossary_leaves_out_terms_of_the_kits_above_it(em_project):
    """The green kit has no special cards and no leaders: its glossary does not explain Beast Mode, Immune or
    special cards, while every term its own rules link is still there (a kept link never dangles)."""
    green = build_reference(em_project.game, Difficulty.green)
    terms = {entry.id for entry in green.glossary}
    assert not terms & {"beast-mode", "immune", "special-card"}
    said = " ".join(node.text + node.example for node in green.walk())
    linked = set(re.findall(r"\{term:([a-z0-9-]+)\}", said))
    assert linked and linked <= terms
    assert {"beast-mode", "immune", "special-card"} <= {e.id for e in build_reference(em_project.game).glossary}
