"""Collect: one side of a comparison, a game validated and bound as the current pnp reads it, with what it draws.

Both sides are read and drawn by the pnp that runs now: a comparison shows what a content change does, never
what a pnp upgrade does. A side's cards are its bound faces (pnp.content.binding), drawn on demand at PREVIEW_DPI by the
functions that draw card images (pnp.render.card_images); its sheets are drawn as their one-page PDFs
(pnp.render.outputs) in memory; its rules are the reference's sections (pnp.diff.sections).
"""
from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field, replace
from pathlib import Path

from PIL import Image

from pnp.checks.validate import validate
from pnp.content.binding import Face
from pnp.content.discovery import game_ids
from pnp.core.diagnostics import Diagnostic, Report
from pnp.diff.sections import SectionText, rule_sections
from pnp.render.card_images import rasterise
from pnp.render.cards import face_size
from pnp.render.outputs import full_size_pdf, sheet_pdf
from pnp.text.fonts import chain

PREVIEW_DPI = 100  # enough to read a card's words on a screen; a poker card is 275 x 375 pixels with its bleed
SCALE = PREVIEW_DPI / 72  # pixels per point
SHEET_PAPER = "a4"  # a score sheet is drawn on this paper (the first the project has, without it)


@dataclass
class CardSides:
    name: str
    deck: str  # the deck's name
    front: Face
    back: Face
    count: int  # copies printed: not drawn on the card, but the sheets print that many


@dataclass
class Sheet:
    name: str
    pages: list[Image.Image]


@dataclass
class Side:
    """A game at one revision: `label` names it to the reader ("HEAD~1", "the work tree")."""

    label: str
    root: Path
    project: object | None = None  # pnp.content.project.Project; None when the game is not there at this revision
    cards: dict[str, CardSides] = field(default_factory=dict)  # card id -> its faces
    sheets: dict[str, Sheet] = field(default_factory=dict)  # sheet id -> its pages, drawn
    sections: dict[str, SectionText] = field(default_factory=dict)  # section id -> its text
    drawn: dict[str, Image.Image] = field(default_factory=dict, repr=False)  # face key -> its image (a shared back once)
    prints: dict[str, str] = field(default_factory=dict, repr=False)  # face key -> its fingerprint


def collect(root: Path, game_id: str, label: str, draft: bool = False,
            lang: str | None = None) -> tuple[Side | None, Report]:
    """The side (the game's edition in `lang`, if given), or None and its errors; a side without the game, or whose
    game.yaml does not declare the edition yet, is empty: everything of the other side is new."""
    side = Side(label, root)
    if game_id not in game_ids(root) or (lang is not None and not _declares(root, game_id, lang)):
        return side, Report()
    project, report = validate(root, game_id, draft, lang)
    if project is None:
        return None, Report(report.errors)
    side.project = project
    for deck in project.game.decks.values():
        for record in deck.cards:
            card_id = record.card.id
            side.cards[card_id] = CardSides(record.card.name, deck.model.name, project.faces.fronts[card_id],
                                            project.faces.backs[card_id], record.card.count)
    side.sheets = {sheet_id: Sheet(sheet.model.name, _sheet_pages(project, sheet_id, sheet.kind))
                   for sheet_id, sheet in project.game.sheets.items()}
    side.sections = rule_sections(project)
    return side, Report()


def _declares(root: Path, game_id: str, lang: str) -> bool:
    """Whether the side's game.yaml declares the edition (a game.yaml that does not load: its validation says so)."""
    from pnp.content.game import load_manifest

    _, manifest, _ = load_manifest(root / "content" / game_id)
    return manifest is None or lang in manifest.languages[1:]


def _sheet_pages(project, sheet_id: str, kind: str) -> list[Image.Image]:
    """A score sheet on its paper, a playmat or a board at its full size: each page as an image."""
    buffer = io.BytesIO()
    if kind == "scoresheet":
        papers = project.print_setup.papers
        sheet_pdf(project, sheet_id, SHEET_PAPER if SHEET_PAPER in papers else next(iter(papers)), False, buffer)
    else:
        full_size_pdf(project, sheet_id, buffer)
    return _pages(buffer.getvalue())


def _pages(data: bytes) -> list[Image.Image]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    try:
        return [page.render(scale=SCALE).to_pil().convert("RGB") for page in document]
    finally:
        document.close()


def at_revision(report: Report, root: Path, rev: str) -> Report:
    """The diagnostics of a side checked out at a revision, their paths as git names a file there:
    `HEAD~1:content/...` (the worktree they were found in is gone by the time anyone reads them)."""
    return Report([_at(rev, root, diagnostic) for diagnostic in report.diagnostics])


def _at(label: str, root: Path, diagnostic: Diagnostic) -> Diagnostic:
    try:
        inside = Path(diagnostic.path).resolve().relative_to(root.resolve())
    except ValueError:
        return diagnostic
    return replace(diagnostic, path=f"{label}:{inside.as_posix()}")


def draw(side: Side, faces: list[Face]) -> list[Image.Image]:
    """The faces as images at PREVIEW_DPI with their bleed, each distinct face drawn once per side."""
    missing = list({face.key: face for face in faces if face.key not in side.drawn}.values())
    side.drawn.update(zip((face.key for face in missing), rasterise(side.project, missing, SCALE)))  # each at its size
    return [side.drawn[face.key] for face in faces]


def fingerprint(side: Side, face: Face) -> str:
    """What a face draws, as a digest the other side's face can be compared with: its template, values, fitted text
    and card, the card size and fonts, and the bytes of every file it draws (images, inline icons, font files).
    Paths are left out (the two sides live in different folders); the files' contents are in. Two faces with the
    same fingerprint draw the same pixels, so neither is drawn."""
    if face.key not in side.prints:
        side.prints[face.key] = _fingerprint(side, face)
    return side.prints[face.key]


def _fingerprint(side: Side, face: Face) -> str:
    layout = side.project.layout
    files = [path for _, path in sorted(face.images.items())]
    files += [icon[1] for _, icon in sorted(layout.icons.items()) if icon[0] == "image"]
    files += [file for _, font in sorted(layout.fonts.items()) for file in chain(font) if Path(file).is_absolute()]
    described = repr((face.template, face.values, face.fits, face.card, face_size(face, layout), sorted(layout.fonts),
                      sorted(layout.icons.items())))
    digest = hashlib.sha256(described.replace(str(side.root), "<root>").encode("utf-8", "replace"))
    for path in files:
        digest.update(_file_digest(path))
    return digest.hexdigest()


def _file_digest(path: str) -> bytes:
    try:
        return hashlib.sha256(Path(path).read_bytes()).digest()
    except OSError:  # a draft's missing image: drawn as a placeholder named after it, which the repr holds
        return b"missing"
