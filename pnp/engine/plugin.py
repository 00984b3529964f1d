"""What a game's Python package gives pnp: the `GamePlugin` type.

A game made only of content and layouts needs none of it (see pnp.content.discovery):
the generic card model, content-declared card fields and effect words, and
the generic sheet regions serve it. A package adds what data cannot say:
vector emblems, a card model with structure of its own, content checks tied
to its rules, sheet regions drawn by code, and an engine with its players.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from pnp.engine.vocabulary import Vocabulary
from pnp.model import Card

if TYPE_CHECKING:
    from pnp.content.game import Game
    from pnp.core.diagnostics import Diagnostic
    from pnp.engine.playtest import PlaytestPlan


class Emblem(Protocol):
    """A vector drawing in a 100 x 100 unit box (y up), in one colour, on the backend it is given."""

    def __call__(self, backend: Any, color: str) -> None: ...


class ContentChecks(Protocol):
    """The game's own content checks, each tied to a rule: every problem as a diagnostic."""

    def __call__(self, game: Game) -> list[Diagnostic]: ...


class RegionRenderer(Protocol):
    """Draws one region of a sheet layout from the sheet's content, with the pen of pnp.render.sheets."""

    def __call__(self, pen: Any, region: Any, sheet: Any, game: Game) -> None: ...


class BoxKind(Protocol):
    """A kind of card layout box a game draws from the card's data (a zone grid, a range diagram)."""

    def draw(self, backend: Any, box: Any, face: Any, layout: Any, emblems: Mapping[str, Emblem], left: float,
             bottom: float) -> None: ...

    def check(self, box: Any, face: Any, layout: Any) -> list[str]: ...  # what would not fit or has nothing to draw


class FigureKind(Protocol):
    """A rulebook diagram drawn from the game's data (a range example, a movement example), named by a
    rule's `figure: {kind: ..., ...}`; its parameters are whatever else the figure mapping holds."""

    def check(self, params: dict, game: Game) -> list[str]: ...  # what is wrong with the parameters
    def size(self, params: dict, game: Game) -> tuple[float, float]: ...  # natural width and height, in points
    def draw(self, backend: Any, params: dict, game: Game, left: float, bottom: float) -> None: ...
    def describe(self, params: dict, game: Game) -> str: ...  # the same diagram as plain text lines


class WordPlaces(Protocol):
    """Effect word (or a glossary term's id: a door, a keycard) -> where on a sheet it is used, for the
    glossary. Effect words are upper case and term ids lower case, so the two never clash."""

    def __call__(self, game: Game) -> dict[str, list[str]]: ...


class CardFacts(Protocol):
    """What one side of a card prints beyond its name and text, as short sentences in the players' words ("Enemy
    (centre square): health 2, Anchor"), for the card reference; every word its game-drawn boxes print is in them.
    The game is there for what the card names but does not hold (its suit's name, its rank's label)."""

    def __call__(self, card: Card, game: Game) -> list[str]: ...


@dataclass(frozen=True)
class GamePlugin:
    card_model: type[Card] = Card
    vocabulary: Vocabulary | None = None  # None: the words come from game.yaml (`vocabulary:`), if any
    emblems: Mapping[str, Emblem] = field(default_factory=dict)
    checks: ContentChecks | None = None
    settings_model: type | None = None  # a pydantic model for game.yaml `settings:`
    players: tuple[int, int] | None = None  # the fewest and most players its rules and engine play; None: any
    sheet_model: type | None = None  # the model of the game's sheet files; None: the generic sheet model
    sheet_renderers: Mapping[str, RegionRenderer] = field(default_factory=dict)  # region kind -> renderer
    box_kinds: Mapping[str, BoxKind] = field(default_factory=dict)  # card layout box type -> how it is drawn
    word_places: WordPlaces | None = None
    figures: Mapping[str, FigureKind] = field(default_factory=dict)  # rule figure kind -> how it is drawn
    card_facts: CardFacts | None = None  # None: the card reference states what each box draws, as drawn
    playtest: str | None = None  # "module:attribute" of the game's PlaytestPlan; imported only to play
    # the words the package prints (its card_facts' sentences): language -> word -> text with {slots}, English
    # complete; looked up as pnp's own words are (pnp.content.words), so a translation may say them its own way
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def has_engine(self) -> bool:
        return self.playtest is not None

    def playtest_plan(self) -> PlaytestPlan:
        """The game's playtest plan, imported now: validating or building a game never loads its engine."""
        module, _, name = self.playtest.partition(":")
        return getattr(importlib.import_module(module), name)


CONTENT_ONLY = GamePlugin()  # a game with no Python package
