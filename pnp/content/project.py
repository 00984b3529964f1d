"""A validated game with everything a build needs: the `Project` every output function takes."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.content.binding import CardFaces
from pnp.content.game import Game
from pnp.layout import CardLayout, CardSize, PrintSetup
from pnp.layout.regions import CardOutlines
from pnp.layout.rulebook import RulebookLayout, rulebook_fonts
from pnp.layout.sheet import SheetLayout
from pnp.text.fonts import DEFAULT_FAMILY


@dataclass
class Project:
    root: Path  # the project folder: content/, layouts/
    game: Game
    layout: CardLayout | None  # None for a game without cards
    print_setup: PrintSetup
    faces: CardFaces = field(default_factory=CardFaces)  # every card's front and back
    sheet_layouts: dict[str, SheetLayout] = field(default_factory=dict)  # sheet id -> its layout
    card_size: CardSize | None = None  # the game's card size (a playmat area naming no deck outlines cards of this size)
    deck_sizes: dict[str, CardSize] = field(default_factory=dict)  # deck id -> its card size
    rulebook: RulebookLayout | None = None  # the rulebook's fonts (pnp.layout.rulebook); None: the card layout's

    @property
    def rulebook_fonts(self) -> dict[str, str]:
        """The five fonts the rulebook sets text in (pnp.layout.rulebook.RULEBOOK_FONTS)."""
        if self.rulebook is not None:
            return self.rulebook.fonts
        return rulebook_fonts(self.layout.fonts if self.layout else DEFAULT_FAMILY)

    def deck_size(self, deck_id: str) -> CardSize:
        """The size a deck's cards print at: its own, else the card layout's."""
        return self.deck_sizes.get(deck_id) or self.layout.size

    @property
    def card_outlines(self) -> CardOutlines:
        """The card sizes a playmat's or board's areas outline: each area's deck's, else the game's."""
        return CardOutlines(self.card_size, self.deck_sizes)

    @property
    def templates(self) -> Path:
        """layouts/templates/: the Jinja2 templates of the rules reference."""
        return self.root / "layouts" / "templates"
