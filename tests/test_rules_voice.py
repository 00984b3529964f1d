"""The rulebook speaks to players of this paper edition (issue 18): no rules text points at a screen, an app,
playtests, odds worked out by the makers, "the seed", "earlier" or "printed" rules; a ruling this edition adds
says so; a card and the rule it sums up agree."""
import re

import pytest
from helpers import REAL_GAMES, validated

# what a reader of a printed rulebook has never seen: a screen or an app, the makers' playtests and odds, another
# rulebook this one is measured against
BACKSTAGE = re.compile(r"(?i)\bscreen\b|\bapp\b|\bplaytest|\bseed\b|\b(?:earlier|printed|original) rules\b"
                       r"|\bin 100 turns\b|\bequally likely\b")


def _strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, (list, tuple)):
        for value in node:
            yield from _strings(value)


def _player_texts(game_id: str) -> list[str]:
    """Every rules title, intro, rule, example and glossary text, and every effect word's glossary line, with
    {card:...} style links taken out (their ids are not words a player reads)."""
    game = validated(game_id).game
    texts = list(_strings(game.rules.model_dump()))
    texts += [word.glossary for word in game.vocabulary.words.values() if word.glossary]
    return [re.sub(r"\{[^}]*\}", "", text) for text in texts]


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_no_rules_text_speaks_of_screens_playtests_or_other_rulebooks(game_id):
    found = sorted({m.group(0) for text in _player_texts(game_id) for m in BACKSTAGE.finditer(text)})
    assert not found, f"{game_id}: the rules say {found}"


def _sections(sections):
    for section in sections:
        yield section
        yield from _sections(section.sections or [])


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_a_variant_title_has_no_parentheses_of_its_own(game_id):
    """The rulebook adds "(variant)" to a variant's title: a title with its own brackets would double them."""
    doubled = [s.title for s in _sections(validated(game_id).game.rules.sections) if s.variant and "(" in s.title]
    assert not doubled, doubled


def _rule(game_id: str, rule_id: str) -> str:
    for section in _sections(validated(game_id).game.rules.sections):
        for rule in section.rules or []:
            if rule.id == rule_id:
                return rule.text
    raise KeyError(rule_id)


def test_stranded_rules_what_happens_when_no_aging_card_is_left():
    """The engine reshuffles without an aging card when the aging stack is empty: the rulebook says so, as this
    edition's decision (a ruling of the Clarifications, whose intro names them the edition's)."""
    text = _rule("stranded", "clar-aging-empty")
    assert "aging stack" in text.lower() and "shuffle the fighting discard pile alone" in text
    clarifications = next(s for s in _sections(validated("stranded").game.rules.sections) if s.id == "clarifications")
    assert "clar-aging-empty" in {rule.id for rule in clarifications.rules} and "this edition's" in clarifications.intro


def _card_text(game_id: str, card_id: str) -> str:
    return validated(game_id).game.card(card_id).card.text


def test_escape_master_quick_guide_agrees_with_the_rules():
    """A suit combination is laid if its total is playable and play goes on from its top card (not the sum);
    the game ends when a round ends with someone on 30 or more, not the moment 30 is reached."""
    guide = _card_text("escape-master", "quick-guide")
    assert "played as their sum" not in guide and "top one" in guide
    assert "At 30 the game ends" not in guide and "round that ends with anyone on 30 or more" in guide
    assert "continues from that card's rank" in _rule("escape-master", "suit-combo")


def test_escape_master_wisdom_and_snares_say_what_the_rules_say():
    assert "Any rank or combination may follow it" in _card_text("escape-master", "wisdom")
    for snare in ("trap-ascending", "trap-descending"):
        text = _card_text("escape-master", snare)
        assert "top card of the Stack they play on" in text and "beneath" not in text


def test_2200_time_dilation_discards_after_the_draw_everywhere():
    """Rule, clarification and the word's own line (Symbol Guide card, glossary) all put the discard after the
    turn's draw."""
    word = validated("2200-escaping-earth").game.vocabulary.words["TIME_DILATION"].glossary
    assert "after your draw" in word and "As your turn starts" not in word
    assert "after you draw" in _rule("2200-escaping-earth", "ability-time-dilation")
    assert "after the draw" in _rule("2200-escaping-earth", "clar-time-dilation")
