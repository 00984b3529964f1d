"""A card as the rules reference states it in words: its text and text blocks, what else its face prints, its
back. The exports (pnp.rules.export, pnp.rules.templating) and the rulebook's card reference (pnp.render.rulebook)
share it."""
from __future__ import annotations

import re

from pydantic import BaseModel

from pnp.content.game import CardRecord
from pnp.defaults.words import fill
from pnp.model.walk import named_text_blocks


class Flavour(str):
    """A printed fact that is a flavour line, not a rule (pnp.render.card_facts): a reference table sets it apart,
    after the side's rules, in italics, as the card sets it apart in a box of its own."""


def side_text(card, labels: dict[str, str] | None = None, label_text: str = "{label}: {text}") -> str:
    """One side's own text: its text, then each of its labelled text blocks (pnp.model.walk.text_blocks), each
    label as the game's `labels` say it (game.yaml's rulebook: labels:, by the block's field), else its model's,
    joined to its text as the language joins them (`label_text`: pnp's word label-text, "{label} : {text}" in
    French)."""
    labels = labels or {}
    parts = [card.text] if card.text else []
    parts += [fill(label_text, {"label": labels.get(field, label), "text": f"{_sentence(name)} {text}"})
              for field, label, name, text in named_text_blocks(card)]
    return " ".join(parts)


def _sentence(words: str) -> str:
    """Words as a sentence: begun with a capital (a game's fact may start mid-sentence: "you gain Shield") and ended
    with a full stop unless they end in a stop already (".", "!" or "?")."""
    words = capitalised(words)
    return words if words[-1:] in ".!?" else words + "."


def capitalised(words: str) -> str:
    """Words with their first letter a capital, the rest as written (an id-like start, "x2", is left alone: it
    is a mark the card prints, not a word)."""
    if not words[:1].islower() or re.match(r"[a-z]+\d", words):
        return words
    return words[0].upper() + words[1:]


def kind_name(kind: str, labels: dict[str, str] | None = None) -> str:
    """A card kind (or any id) as a reader sees it in the card reference: as the game's `labels` say it (game.yaml's
    rulebook: labels:), else made from the id: snake_case -> Snake case, level2 -> Level 2."""
    if labels and kind in labels:
        return labels[kind]
    words = re.sub(r"(?<=[a-z])(?=\d)", " ", re.sub(r"[_\-]+", " ", kind)).strip()
    return words[:1].upper() + words[1:]


def _with_facts(text: str, facts: list[str]) -> str:
    """A side's text, then what else its face prints (pnp.render.card_facts), one sentence each; its flavour lines
    last and in italics (emphasis every format shows: pnp.text.markup), so a rule never runs into a story."""
    rules = [_sentence(fact) for fact in facts if not isinstance(fact, Flavour)]
    flavour = " ".join(_markup_escaped(_sentence(fact)) for fact in facts if isinstance(fact, Flavour))
    return " ".join(filter(None, [text] + rules + [f"*{flavour}*" if flavour else ""]))


def _markup_escaped(words: str) -> str:
    """Words as literal text inside emphasis: their own stars, brackets and backslashes escaped (pnp.text.markup)."""
    return re.sub(r"([\\*\[\]])", r"\\\1", words)


def named_part(card) -> str | None:
    """The field of a card's one nested part that has a name of its own (a knowledge side printed upside down under
    its danger), else None: what cards of one name may differ in and still share a table row."""
    parts = [field for field, value in card if isinstance(value, BaseModel) and getattr(value, "name", None)]
    return parts[0] if len(parts) == 1 else None


def said_in_two(card, part: str, facts: list, part_facts: list, labels: dict[str, str] | None = None,
                label_text: str = "{label}: {text}") -> tuple[str, str]:
    """A card's front said as a table row says a group of cards that differ only in their `part`: (what it says
    without the part, with `facts`; what the part says: its labelled text block, then `part_facts`, flavour last)."""
    without = card.model_copy(update={part: None})
    block = [fill(label_text, {"label": (labels or {}).get(field, label), "text": f"{_sentence(name)} {text}"})
             for field, label, name, text in named_text_blocks(card) if field == part]
    return (_one_line(_with_facts(side_text(without, labels, label_text), facts)),
            _one_line(_with_facts(" ".join(block), part_facts)))


def _one_line(text: str) -> str:
    return text.replace("\n", " ").replace("|", "/")


def card_text(record: CardRecord, facts: dict | None = None, back_word: str = "Back:",
              labels: dict[str, str] | None = None, label_text: str = "{label}: {text}") -> str:
    """A card's text for a reference table, one line: its text and text blocks (labelled as `labels` say,
    side_text), what else its face prints (`facts`, pnp.render.card_facts.printed_facts of the card, when the caller
    has the faces), and its back side's, after `back_word` (pnp's word "back" in the game's language:
    pnp.content.words). The back says only what differs from the front: a name, a text or a fact the front says
    already (an enemy's health, its flavour, "flip this card") is not said twice."""
    facts = facts or {}
    front_text, front_facts = side_text(record.card, labels, label_text), facts.get("front", [])
    text = _with_facts(front_text, front_facts)
    if record.back is not None:
        back_text = side_text(record.back, labels, label_text)
        back = " ".join(filter(None, [record.back.name + "." if record.back.name != record.card.name else "",
                                      _with_facts(back_text if back_text != front_text else "",
                                                  [f for f in facts.get("back", []) if f not in front_facts])]))
        if back:  # a back that says what the front does (a Drone acts alike on both sides) adds nothing
            text = f"{text} {back_word} {back}".strip()
    return text.replace("\n", " ").replace("|", "/")
