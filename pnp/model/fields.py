"""Card fields a game declares in its game.yaml (`card_fields:`), for games without Python code.

Each declared field becomes a field of the game's card model: checked like any
other key, shown by a layout box that names it, and listed in the deck schema.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, create_model

from pnp.model.common import Bool, Effects, Int, StrictModel
from pnp.model.deck import Card

FieldName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]

# Values pnp gives every card face beside its fields (pnp.content.binding: card_values, build_values, card_numbers, and
# `<palette>_color` per palette of the layout). A declared field of the same name would be hidden behind them.
DERIVED_VALUES = {
    "rank_label": "the label of the card's rank", "suit_name": "the name of the card's suit",
    "suit_color": "the colour of the card's suit", "accent": "the accent colour of the card's kind",
    "game_title": "the game's title", "deck_name": "the name of the card's deck",
    "game_version": "the game's version", "content_date": "the date of the content",
    "card_number": "the card's number in its deck", "card_index": "the card's place in its deck",
    "deck_cards": "the number of distinct cards in the deck",
}


class FieldSpec(StrictModel):
    type: Literal["text", "integer", "flag", "choice", "effects"]
    description: str = ""
    required: Bool = False
    min: Int | None = Field(None, description="integer: the smallest value allowed")
    max: Int | None = Field(None, description="integer: the largest value allowed")
    choices: list[str] = Field(default_factory=list, description="choice: the values allowed")


def _annotation(spec: FieldSpec) -> Any:
    if spec.type == "text":
        return str
    if spec.type == "integer":
        return Annotated[Int, Field(ge=spec.min, le=spec.max)]
    if spec.type == "flag":
        return Bool
    if spec.type == "choice":
        return Literal[tuple(spec.choices)] if spec.choices else str
    return Effects


def shadowed(name: str, base: type[Card]) -> str | None:
    """What a card field named `name` would hide, said for a designer; None when the name is free. A card is a
    pydantic model: a field named like one of its methods or attributes (copy, json, model_dump, model_config)
    would replace it, and pydantic reserves every name starting with model_."""
    if name in base.model_fields:
        return "is already a field of every card"
    if name in DERIVED_VALUES:
        return f"is a value pnp gives every card ({DERIVED_VALUES[name]})"
    if name.startswith("model_") or hasattr(base, name):
        return "is a name pnp's card model uses itself"
    return None


_DEFAULTS = {"text": "", "integer": None, "flag": False, "choice": None, "effects": []}


def extend_card_model(base: type[Card], fields: dict[str, FieldSpec], title: str) -> type[Card]:
    """`base` with the declared fields added (a declared field never replaces one of base's)."""
    if not fields:
        return base
    declared = {}
    for name, spec in fields.items():
        annotation = _annotation(spec)
        if spec.required:
            declared[name] = (annotation, Field(description=spec.description or None))
        else:
            default = _DEFAULTS[spec.type]
            optional = annotation | None if default is None else annotation
            declared[name] = (optional, Field(default_factory=list, description=spec.description or None)
                              if spec.type == "effects" else Field(default, description=spec.description or None))
    model_name = "".join(part.title() for part in title.replace("-", " ").split()) + "Card"
    return create_model(model_name, __base__=base, **declared)
