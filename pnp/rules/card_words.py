"""A card as the rules reference states it in words: its text and text blocks, what else its face prints, its
back. The exports (pnp.rules.export, pnp.rules.templating) and the rulebook's card reference (pnp.render.rulebook)
share it."""
from __future__ import annotations

import re

from pnp.content.game import CardRecord
from pnp.model.walk import text_blocks


def side_text(card) -> str:
    """One side's own text: its text, then each of its labelled text blocks (pnp.model.walk.text_blocks)."""
    parts = [card.text] if card.text else []
    parts += [f"{label}: {_sentence(name)} {text}" for label, name, text in text_blocks(card)]
    return " ".join(parts)


def _sentence(words: str) -> str:
    """Words ended as a sentence: a full stop unless they end in a stop already (".", "!" or "?")."""
    return words if words[-1:] in ".!?" else words + "."


def kind_name(kind: str) -> str:
    """A card kind as a reader sees it in the card reference: snake_case -> Snake case, level2 -> Level 2."""
    words = re.sub(r"(?<=[a-z])(?=\d)", " ", re.sub(r"[_\-]+", " ", kind)).strip()
    return words[:1].upper() + words[1:]


def _with_facts(text: str, facts: list[str]) -> str:
    """A side's text, then what else its face prints (pnp.render.card_facts), one sentence each."""
    return " ".join(filter(None, [text] + [_sentence(fact) for fact in facts]))


def card_text(record: CardRecord, facts: dict | None = None, back_word: str = "Back:") -> str:
    """A card's text for a reference table, one line: its text and text blocks, what else its face prints (`facts`,
    pnp.render.card_facts.printed_facts of the card, when the caller has the faces), and its back side's, after
    `back_word` (pnp's word "back" in the game's language: pnp.content.words)."""
    facts = facts or {}
    text = _with_facts(side_text(record.card), facts.get("front", []))
    if record.back is not None:
        back = " ".join(filter(None, [record.back.name + ".", _with_facts(side_text(record.back), facts.get("back", []))]))
        text = f"{text} {back_word} {back}".strip()
    return text.replace("\n", " ").replace("|", "/")
