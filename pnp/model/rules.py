"""rules.yaml: the rules as data, with symbolic ids; numbering happens at render time."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, model_validator

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


class SummaryStep(StrictModel):
    """A step of the summary: a line or two in the game's own terms, and the rules that tell it whole."""

    text: Name = Field(description="the step, in a line or two: what the player does, in the game's own words")
    rules: list[Id] = Field(default_factory=list, description="the rules (or sections) this step sums up, by id: "
                            "printed after it as their numbers (see 4.1, 4.2), so they never go stale")


class Summary(StrictModel):
    """The back page's player aid: short numbered steps of a turn, a round or a game, each pointing at its rules."""

    of: Literal["turn", "round", "play"] = Field("turn", description="what it sums up, its title: a turn (Turn "
                                                 "summary), a round (Round summary), or play as a whole, for a game "
                                                 "nobody takes turns in (Play summary)")
    steps: list[SummaryStep] = Field(min_length=1, description="the steps in the order players take them, from "
                                     "the start of a turn to the end of the game and its scoring")


class IndexEntry(StrictModel):
    """An index word and the other forms the rules say it in, where they name it differently (Step down: Sol -1)."""

    term: Name
    also: list[Name] = Field(default_factory=list, description="other forms the rules use for the same thing; "
                             "the index finds the term on the pages that say any of them")
    capitalised: bool = Field(False, description="found only where the rules write it with its capitals, as a "
                              "name (an ability called Copy, where \"copies of a card\" is another word)")


class RulesFile(StrictModel):
    title: Name
    intro: str = ""
    sections: list[Section]
    terms: list[Term] = Field(default_factory=list)
    summary: Summary | list[Id] = Field(
        default_factory=list, description="the summary on the rulebook's back page: {of: turn, steps: [{text: ..., "
        "rules: [ids]}]}, short steps in the game's words, each printed with the numbers of its rules; or (the "
        "older form) a list of sections and rules, by id, each rule printed as its number and whole text")
    summary_of: Literal["turn", "round", "play"] | None = Field(
        None, description="with the older list form of summary: what it sums up (turn when not given); the steps "
        "form says it as its own `of:`")
    index: list[Name | IndexEntry] = Field(
        default_factory=list, description="words the index lists beside the glossary's terms: the nouns players look "
        "up (kinds of card, special cards, places), as the rules print them; {term: ..., also: [forms]} adds the "
        "other forms the rules say a word (or a glossary term) in")

    @model_validator(mode="after")
    def _one_place_for_what_it_sums_up(self):
        if isinstance(self.summary, Summary) and self.summary_of is not None:
            raise ValueError("summary_of: goes with the list form of summary:; with steps, write it as summary: "
                             "{of: ...} and remove summary_of:")
        return self

    @property
    def summary_kind(self) -> str:
        """What the summary sums up: turn, round or play."""
        if isinstance(self.summary, Summary):
            return self.summary.of
        return self.summary_of or "turn"
