"""game.yaml: what a game is made of, with the component counts its rulebook fixes."""
from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, StringConstraints, model_validator

from pnp.core.limits import MAX_LANGUAGES, MAX_PULL_ADDRESS
from pnp.model.common import Bool, Difficulty, Id, Int, Name, StrictModel
from pnp.model.fields import FieldName, FieldSpec

WordName = Annotated[str, StringConstraints(pattern=r"^[A-Z][A-Z0-9_]*$")]


class PlayerCount(StrictModel):
    min: Int = Field(ge=1, le=12)
    max: Int = Field(ge=1, le=12)

    @model_validator(mode="after")
    def _ordered(self):
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max}); swap them")
        return self


TableName = Annotated[str, StringConstraints(min_length=1, max_length=200)]  # a column's name as the designer wrote it
FieldPath = Annotated[str, StringConstraints(pattern=r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")]
CellValue = str | Int | float | Bool


class RowFilter(StrictModel):
    """Which rows of a spreadsheet are cards: those whose cell in `column` holds `equals` (or one of a list)."""

    column: TableName = Field(description="the column that decides, by its name in the header row (any case)")
    equals: CellValue | list[CellValue] = Field(description="the value a card's cell holds, compared as text in any "
                                                "case: yes, x, 1; `yes` or `true` also matches a ticked box")


class DeckTable(StrictModel):
    """How a spreadsheet deck is read when it is kept the designer's way (docs/how-to/spreadsheet-decks.md)."""

    sheet: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = Field(
        None, description="the workbook's sheet that holds the deck, by its tab's name (any case; default: the first "
        "visible sheet); several decks may read several sheets of one workbook. XLSX only")
    header_row: Int | None = Field(None, ge=1, description="the row of column names, as the spreadsheet numbers it "
                                   "(default: the first row with a cell); rows above it are a title, never read")
    columns: dict[TableName, FieldPath] = Field(default_factory=dict, description="the designer's column names (any "
                                                "case) -> card fields: {Title: name, Type: kind, \"Flavour Text\": flavor}")
    ignore: list[TableName] = Field(default_factory=list, description="columns that are no card field (notes, balance "
                                    "figures), by name or pattern (Balance*, any case)")
    copies: TableName | None = Field(None, description="the column of each card's number of copies (its count); a row "
                                     "of 0 copies is not in the deck")
    id_from: TableName | None = Field(None, description="the column a card's id is made from when its row has none: "
                                      "Hero's Cloak -> heros-cloak")
    include: RowFilter | None = Field(None, description="only rows whose cell in a column says so are cards: "
                                      "{column: Include, equals: yes}")


class DeckEntry(StrictModel):
    id: Id
    file: str = Field(description="the deck's file: YAML, or a spreadsheet (.csv or .xlsx) with a row a card")
    name: Name | None = Field(None, description="a spreadsheet deck's name (default: its id in words); a YAML "
                              "deck names itself")
    count: Int | None = Field(None, ge=1, description="exact number of cards, copies included")
    min_count: Int | None = Field(None, ge=1)
    composition: dict[str, Int] = Field(default_factory=dict, description="cards per kind")
    in_play: Bool = Field(True, description="false for reference cards that never enter play")
    card_size: str | None = Field(None, description="the deck's card size, a name in layouts/common/cards.yaml "
                                  "(left out: the game's card_size)")
    table: DeckTable | None = Field(None, description="how a spreadsheet deck (.csv or .xlsx) kept the designer's way "
                                    "is read: its sheet, header row, column names, ignored columns, copies, ids, rows")
    pull: str | None = Field(None, min_length=1, max_length=MAX_PULL_ADDRESS, description="the spreadsheet's "
                             "published address (http or https, e.g. Google Sheets' \"publish to the web\" CSV or "
                             "XLSX) that `pnp pull` fetches into `file`; validate and build never use it")


class SheetEntry(StrictModel):
    id: Id
    file: str
    kind: Literal["scoresheet", "playmat", "board"] = Field(
        "scoresheet", description="scoresheet: one page, also as a fillable form; playmat or board: printed at "
        "full size and tiled over home paper when larger than it")


class WordSpec(StrictModel):
    """An effect word of a game without Python code: what the glossary and card texts say about it."""

    glossary: str
    template: str = Field(description="card text for the word; {n} is its parameter")
    choices: list[str | int] = Field(default_factory=list, description="the parameter values allowed, if it takes a choice")
    range: tuple[Int, Int] | None = Field(None, description="the parameter's smallest and largest value, if it takes a number")
    rule: Id | None = Field(None, description="the id of the rule in rules.yaml that explains the word")


def _quoted(value):
    if isinstance(value, (int, float)) and not isinstance(value, bool):  # YAML reads 1.10 as the number 1.1
        raise ValueError(f"write the version in quotes, version: \"{value}\", so it prints as written")
    return value


Version = Annotated[str, BeforeValidator(_quoted), StringConstraints(max_length=40)]
IconName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]*$")]


class IconSpec(StrictModel):
    """An icon that card and rules text can show inline, written `{name}` (`{heat} 2`)."""

    emblem: str | None = Field(None, description="the game package's emblem that draws it")
    image: str | None = Field(None, description="or a PNG/JPEG file in the game's content folder")
    word: str = Field(min_length=1, max_length=40, description="what it reads as where no drawing can go "
                      "(Markdown, JSON, screen readers)")
    meaning: str = Field("", description="what it means, for the glossary")
    color: str = Field("#222222", pattern=r"^#[0-9a-fA-F]{6}$", description="the colour it is drawn in, in rules")

    @model_validator(mode="after")
    def _one_drawing(self):
        if (self.emblem is None) == (self.image is None):
            raise ValueError("an icon is drawn by an emblem or an image: give exactly one of them")
        return self


Credit = Annotated[str, StringConstraints(min_length=1, max_length=300)]


class Credits(StrictModel):
    """Who made the game and what this edition is: the rulebook prints them on its credits page."""

    design: list[Credit] = Field(default_factory=list, description="the game's designers, as they are credited")
    art: list[Credit] = Field(default_factory=list, description="who drew the game's art and graphics")
    based_on: Credit | None = Field(None, description="the games or works this one is based on, credited")
    edition: Credit | None = Field(None, description="what this edition is and what it was made from, in a "
                                   "sentence: \"This print-and-play edition follows the rules v1.0.0.\"")
    thanks: Credit | None = Field(None, description="who the makers thank")


class RulebookSpec(StrictModel):
    showcase: list[Id] = Field(default_factory=list, description="cards or sheets pictured on the title page, by id")
    labels: dict[str, str] = Field(default_factory=dict, description=(
        "what the rulebook calls a thing the content names by id: a card kind (goods: Goods), a card part's "
        "text block (ability: Ability), a layout box the card reference's callouts name, by its field or its name "
        "(rank_top: Rank, ability.name: Ability's name). Without a label a name is made from the id; an edition "
        "translates the labels like any other text"))


Language = Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}(-[a-z0-9]{2,8})*$")]


def _each_once(languages: list[str]) -> list[str]:
    twice = sorted({lang for lang in languages if languages.count(lang) > 1})
    if twice:
        raise ValueError(f"'{twice[0]}' is listed twice; name each language once")
    return languages


class Manifest(StrictModel):
    id: Id
    title: Name
    tagline: str = ""
    version: Version = Field(
        "", description="the game's version, shown by a layout box as {game_version}: 1.2, 2024b")
    date: dt.date | None = Field(None, description="the date of this content, YYYY-MM-DD, shown as {content_date}; "
                              "builds never print the clock's date")
    plugin: str | None = Field(None, description="the game's Python package: a package name under pnp/games/ or a "
                               "`pnp.games` entry point; leave it out for a game made of content and layouts only")
    languages: Annotated[list[Language], AfterValidator(_each_once)] = Field(
        default_factory=list, max_length=MAX_LANGUAGES, description="the languages of the game's editions, as lower-case codes (en, fr, de, "
        "pt-br): the first is the one the content is written in; each other one is an edition translated in "
        "translations/<lang>.yaml (docs/how-to/editions.md)")
    players: PlayerCount
    card_size: str = Field("poker", description="the size of the game's cards (a name in layouts/common/cards.yaml); "
                           "a deck may name its own")
    difficulty_levels: dict[Difficulty, str] = Field(
        default_factory=dict, description="the colours content is sorted by, each with what its level adds")
    decks: list[DeckEntry] = Field(default_factory=list)
    sheets: list[SheetEntry] = Field(default_factory=list)
    rules: str = "rules.yaml"
    card_fields: dict[FieldName, FieldSpec] = Field(default_factory=dict, description="fields this game's cards "
                                                    "have beyond the common ones; a layout box can show any of them")
    vocabulary: dict[WordName, WordSpec] = Field(default_factory=dict, description="effect words, for a game "
                                                 "without Python code (a game package brings its own)")
    rulebook: RulebookSpec = Field(default_factory=RulebookSpec)
    credits: Credits = Field(default_factory=Credits, description="who made the game and what this edition is, "
                             "for the rulebook's credits page")
    icons: dict[IconName, IconSpec] = Field(default_factory=dict, description="icons card and rules text show inline "
                                            "as {name}, each an emblem or an image")
    settings: dict[str, Any] = Field(default_factory=dict, description="numbers the engine reads")
