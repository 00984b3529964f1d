"""Building blocks of roll-and-write sheets, shared by every sheet game:
tracks of boxes with icons, dice tables, grid maps and score formulas."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from pnp.model.common import Bool, Color, Effects, Id, Int, Name, StrictModel, length


class Icon(StrictModel):
    at: Int = Field(ge=1, description="box number, 1 = leftmost")
    icon: str
    item: str | None = None


class Track(StrictModel):
    length: Int = Field(ge=1, le=40)
    icons: list[Icon] = Field(default_factory=list)

    def icon_at(self, position: int) -> Icon | None:
        return next((i for i in self.icons if i.at == position), None)


class TableRow(StrictModel):
    roll: Int
    name: Name
    text: str
    effects: Effects = Field(default_factory=list)


class Entrance(StrictModel):
    row: Int = Field(ge=0)
    col: Int = Field(ge=0)
    arrow: Literal["up", "down", "left", "right"] = "up"


class GridMap(StrictModel):
    """A map drawn as text rows; each character is one box (see the legend in the file)."""

    rows: list[Annotated[str, StringConstraints(max_length=40)]] = Field(max_length=40)
    entrances: dict[Id, Entrance]
    lair: dict[Id, Id] = Field(default_factory=dict, description="boss id -> location whose entrance it shares")


class ScoreTerm(StrictModel):
    id: Id
    label: Name
    measure: str = Field(description="a quantity the game's engine can measure on a finished sheet")
    points: Int
    per: Int = Field(1, ge=1, description="points for every `per` of the measure, rounded down")


class KeyPart(StrictModel):
    """One part of a sheet as the rulebook's key names it, where the sheet is pictured too small to read."""

    name: Name | None = Field(None, description="what the part is called (left out: its area's or track's label)")
    text: str = Field(description="what it is or what goes there, in one sentence")


class SheetEntryBase(StrictModel):
    sheet: Id
    name: Name
    key: dict[Id, KeyPart] = Field(default_factory=dict, description="the rulebook's key to the sheet pictured whole, "
                                   "by region of its layout: each part's name and one sentence (an area or track "
                                   "left out is keyed by its own label and text)")



class Area(StrictModel):
    """A labelled place on a playmat or board: for a deck, a row of cards, a pile of tokens."""

    id: Id
    label: Name
    text: str = ""
    cards: Int = Field(0, ge=0, le=40, description="cards the area holds, drawn as card outlines; 0 for none")
    deck: Id | None = Field(None, description="the deck whose cards the area holds: its outlines take that deck's "
                            "card size, landscape or not (left out: the game's card_size)")
    color: Color | None = Field(None, description="the area's own colour for its label and frame")
    art: str | None = Field(None, description="an emblem of the game shown before the label")
    stack_up: bool = Field(False, description="its cards stack upward from the bottom (a column of units): its "
                           "outlines are numbered from the lowest, and a set-up figure fills them from there")


class TokenSet(StrictModel):
    """Counters printed to cut out: damage cubes, a ship token, life tokens."""

    id: Id
    label: Name
    count: Int = Field(ge=1, le=200)
    text: str = Field("", max_length=3, description="printed on each token, e.g. its value")
    color: Color = "#f2c14e"
    shape: Literal["square", "circle"] = "square"
    size: length("6mm", "60mm") = Field("12mm", description="a token's width and height")
    art: str | None = Field(None, description="an emblem of the game drawn on each token")


class LabelledTrack(Track):
    id: Id
    label: Name
    first: Int = Field(1, ge=-99, le=999, description="the number of the first box, when the boxes are numbered")
    numbered: Bool = Field(False, description="print each box's number in it (a life track for a token)")


class GenericSheet(SheetEntryBase):
    """The sheet of a game without a sheet model of its own: labelled areas and tracks of boxes,
    drawn by the generic region kinds (title, intro, area, track)."""

    intro: str = ""
    areas: list[Area] = Field(default_factory=list)
    tracks: list[LabelledTrack] = Field(default_factory=list)
    tokens: list[TokenSet] = Field(default_factory=list)
