"""What the gallery shows: every card (front, back, facts, warnings), every sheet, the rulebook's pages.

Collected from the validated project before anything is drawn; the pictures (pnp.build.preview.pictures) and the
page (pnp.build.preview.page) only follow it. Image paths are relative to the gallery folder.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import quote

from pnp.build.preview.margins import Margin, tightest
from pnp.build.preview.notes import Note, place_notes, project_path
from pnp.build.preview.pictures import card_files, sheet_file
from pnp.content.project import Project
from pnp.core.diagnostics import Report
from pnp.model import Difficulty
from pnp.model.walk import flat_values

NOT_SEARCHED = ("art", "count", "difficulty")  # a file name or a number would match most searches


@dataclass
class CardView:
    id: str
    name: str
    kind: str
    count: int
    difficulty: str
    place: str  # file:line where the card is written
    front: str  # image files, relative to the gallery
    back: str
    margins: list[tuple[str, Margin]]  # ("front" or "back", the side's smallest text-fit margin), sides with text
    notes: list[Note]
    search: str  # id, name and text of both sides, lower case: what the search box matches


@dataclass
class DeckView:
    id: str
    name: str
    copies: int
    cards: list[CardView]


@dataclass
class SheetView:
    id: str
    name: str
    kind: str
    place: str
    image: str


@dataclass
class Gallery:
    game_id: str
    title: str
    difficulty: str | None
    decks: list[DeckView]
    sheets: list[SheetView]
    notes: list[Note]  # warnings on no card
    pages: list[str] = field(default_factory=list)  # the rulebook's page images, known once drawn
    stamp: str = ""  # changes whenever the gallery does (pnp.build.preview.page)
    # (language, link to its gallery; "" for this one) of each language of the game: the page switches between them
    languages: list[tuple[str, str]] = field(default_factory=list)

    @property
    def cards(self) -> list[CardView]:
        return [card for deck in self.decks for card in deck.cards]


def collect(project: Project, report: Report, difficulty: Difficulty | None) -> Gallery:
    game = project.game
    on_cards, loose = place_notes(report.diagnostics, game, project.root)
    decks = [deck for deck_id in game.decks if (deck := _deck(project, deck_id, difficulty, on_cards)).cards]
    sheets = [SheetView(sheet_id, sheet.model.name, sheet.kind, f"{project_path(sheet.source.path, project.root)}:1",
                        sheet_file(sheet_id)) for sheet_id, sheet in game.sheets.items()]
    return Gallery(game.id, game.manifest.title, difficulty.value if difficulty else None, decks, sheets, loose,
                   languages=_language_links(game))


def _language_links(game) -> list[tuple[str, str]]:
    """Each language's gallery, from this one: the game's in OUT/GAME/preview/, an edition's in OUT/GAME/fr/preview/."""
    languages = list(game.manifest.languages)
    if len(languages) < 2:
        return []
    up, gallery = ("../../" if game.lang else "../"), "preview"  # pnp.build.preview.FOLDER (imported, a circle)
    return [(lang, "" if lang == (game.lang or languages[0]) else
             f"{up}{'' if i == 0 else lang + '/'}{gallery}/index.html") for i, lang in enumerate(languages)]


def _deck(project: Project, deck_id: str, difficulty: Difficulty | None, notes: dict[str, list[Note]]) -> DeckView:
    deck = project.game.decks[deck_id]
    files = card_files(project, deck_id, difficulty)
    cards = []
    for record in deck.cards:
        card = record.card
        if difficulty is not None and not difficulty.includes(card.difficulty):
            continue
        front, back = project.faces.fronts[card.id], project.faces.backs[card.id]
        line, col = record.source.at(record.keypath)
        place = f"{project_path(record.source.path, project.root)}:{record.source.cell(line, col) or line}"
        cards.append(CardView(card.id, card.name, card.kind, card.count, card.difficulty.value, place,
                              _image(deck_id, files[front.key]), _image(deck_id, files[back.key]),
                              _margins(front, back, project.layout), notes.get(card.id, []), _search_text(record)))
    return DeckView(deck_id, deck.model.name, sum(card.count for card in cards), cards)


def _margins(front, back, layout) -> list[tuple[str, Margin]]:
    sides = [("front", tightest(front, layout)), ("back", tightest(back, layout))]
    return [(side, margin) for side, margin in sides if margin is not None]


def _image(deck_id: str, file_name: str) -> str:
    return f"cards/{quote(deck_id)}/{quote(file_name)}"


def _search_text(record) -> str:
    sides = [record.card] + ([record.back] if record.back is not None else [])
    words = [value for side in sides for name, value in flat_values(side, skip=("back",)).items()
             if name not in NOT_SEARCHED and value]
    return " ".join(words).lower()
