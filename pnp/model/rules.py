"""rules.yaml: the rules as data, with symbolic ids; numbering happens at render time."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field

from pnp.model.common import Bool, Difficulty, Id, Name, StrictModel


def _named_kind(figure: dict) -> dict:
    kind = figure.get("kind")
    if not isinstance(kind, str) or not kind.strip():
        raise ValueError("a figure names its kind in words, {kind: <a figure kind of the game>, ...}")
    return figure


Figure = Annotated[dict[str, Any], AfterValidator(_named_kind)]


class Rule(StrictModel):
    id: Id
    text: str
    difficulty: Difficulty | None = None
    example: str = ""
    figure: Figure | None = Field(None, description="a diagram the game's package draws from card data: "
                                          "{kind: <a figure kind of the game>, ...its parameters}")


class Section(StrictModel):
    id: Id
    title: Name
    difficulty: Difficulty | None = None
    variant: Bool = False
    intro: str = ""
    rules: list[Rule] = Field(default_factory=list)
    sections: list["Section"] = Field(default_factory=list)


class Term(StrictModel):
    """A glossary entry: `term` is its headword as the player reads it (on cards, in the rules)."""

    id: Id
    term: str
    text: str = Field("", description="what it means; when empty, the glossary text of the effect words it names")
    words: list[str] = Field(default_factory=list, description="the effect words (identifiers) this entry "
                             "explains: their cards and places join it, and {effect:WORD} links land here")


class RulesFile(StrictModel):
    title: Name
    intro: str = ""
    sections: list[Section]
    terms: list[Term] = Field(default_factory=list)
    summary: list[Id] = Field(default_factory=list, description="the turn summary on the rulebook's back page: "
                              "sections (all their rules) and rules, by id; each rule printed as its number and "
                              "whole text")
    summary_of: Literal["turn", "round", "play"] = Field(
        "turn", description="what the summary sums up, its title: a turn (Turn summary), a round (Round summary), or "
        "play as a whole, for a game nobody takes turns in (Play summary)")
    index: list[Name] = Field(default_factory=list, description="words the index lists beside the glossary's terms: "
                              "the nouns players look up (kinds of card, special cards, places), as the rules print them")
