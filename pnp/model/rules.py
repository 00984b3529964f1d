"""rules.yaml: the rules as data, with symbolic ids; numbering happens at render time."""
from __future__ import annotations

from typing import Any

from pydantic import Field

from pnp.model.common import Bool, Difficulty, Id, Name, StrictModel


class Rule(StrictModel):
    id: Id
    text: str
    difficulty: Difficulty | None = None
    example: str = ""
    figure: dict[str, Any] | None = Field(None, description="a diagram the game's package draws from card data: "
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
    id: Id
    term: str
    text: str


class RulesFile(StrictModel):
    title: Name
    intro: str = ""
    sections: list[Section]
    terms: list[Term] = Field(default_factory=list)
