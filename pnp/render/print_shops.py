"""Print shops' files: what a vendor profile (layouts/common/paper.yaml `vendors`) asks for, made from the decks.

    check the decks against the vendor  ->  a PDF per deck, one PDF for the game, or a PNG per card side

A deck prints at the vendor's trim for its size: its own when the vendor takes any size, else the vendor's
nearest trim, the face centred on it at its own size (never scaled: its text keeps its size), so poker
63.5 x 88.9 mm goes to a 63 x 88 press losing 0.25-0.45 mm a side from its safe margin, its own bleed filling the
rest out to the vendor's bleed. Every file has the page (TrimBox, BleedBox) or the pixels the vendor declares for
that trim, in its orientation: a landscape card on a portrait trim is turned onto it (fronts a quarter turn
clockwise, backs counterclockwise: pnp.render.imposition.POD_FRONT_TURN). A deck whose size the vendor does not print,
whose bleed would not reach the vendor's, or whose safe zone would lie closer to the cut than the vendor's, is
refused before anything is drawn, at the deck's `card_size` in game.yaml.
"""
from __future__ import annotations

import io
import shutil
from pathlib import Path

from pnp.core.output import plain_name
from pnp.render.card_images import images_of_pdf, save_png
from pnp.render.cards import game_sharing
from pnp.render.imposition import draw_on_pod_page, pod_page, print_on_demand
from pnp.render.outputs import deck_faces
from pnp.render.pdf import PdfBackend, new_canvas
from pnp.render.pdfx import finish as finish_pdfx
from pnp.render.press import Press
from pnp.render.shop_fit import pixels_of as _pixels


def deck_file(vendor, game_id: str, deck_id: str | None) -> str:
    """A PDF vendor's file name for a deck (or, for a vendor taking one file per game, the game)."""
    return plain_name(vendor.naming.format(game=game_id, deck=deck_id or "", vendor=vendor.name))


def game_pdf(project, vendor_name: str, deck_ids: list[str], difficulty, path: Path) -> int:
    """One press PDF for the whole game: every deck in turn, each page its deck's trim + bleed."""
    vendor = project.print_setup.vendors[vendor_name]
    first = pod_page(vendor, project.deck_size(deck_ids[0]))
    cmyk = vendor.colors == "cmyk"
    canvas = new_canvas(path, first.width, first.height, f"{project.game.manifest.title} ({vendor.name})", cmyk=cmyk,
                        pdfx=vendor.pdfx)
    faces = {deck_id: deck_faces(project, deck_id, difficulty) for deck_id in deck_ids}
    backend = PdfBackend(canvas, press=Press(vendor.ink_limit) if cmyk else None,
                         sharing=game_sharing(project))
    pages = 0
    for deck_id in deck_ids:
        fronts, backs = faces[deck_id]
        pages += print_on_demand(backend, fronts, backs, project.layout, vendor, project.game.emblems,
                                 project.deck_size(deck_id))
    if vendor.pdfx:
        finish_pdfx(canvas)
    canvas.save()
    return pages


def deck_pngs(project, deck_id: str, vendor_name: str, difficulty, folder: Path) -> int:
    """An image per card side of every card, copies included, at the vendor's canvas and resolution, named by
    its pattern (`{n}` numbers the cards in deck order); files written."""
    vendor = project.print_setup.vendors[vendor_name]
    size = project.deck_size(deck_id)
    page = pod_page(vendor, size)
    pixels = _pixels(vendor, size, page)
    scale = max(pixels[0] / page.width, pixels[1] / page.height)  # the vendor's pixels, never a blank edge
    sides = _card_sides(project, deck_id, difficulty, vendor.order)
    distinct = {face.key: (face, side) for _, _, _, side, face in sides}  # a face is a front or a back (its key says)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, page.width, page.height, f"{project.game.manifest.title}: {vendor.name}")
    backend = PdfBackend(canvas, sharing=game_sharing(project))
    for face, side in distinct.values():
        backend.begin_page(page.width, page.height)
        draw_on_pod_page(backend, face, project.layout, project.game.emblems, page, side)
        backend.end_page()
    canvas.save()
    folder.mkdir(parents=True, exist_ok=True)
    images = dict(zip(distinct, images_of_pdf(buffer.getvalue(), scale, pixels)))
    written: dict[str, Path] = {}  # each distinct side is encoded once, then copied under its other names
    digits = max(3, len(str(len(sides) // len(vendor.order))))
    for number, copy, card_id, side, face in _numbered(sides, digits):
        target = folder / plain_name(vendor.naming.format(n=number, copy=copy, card=card_id, side=side, deck=deck_id))
        if face.key in written:
            shutil.copyfile(written[face.key], target)
        else:
            save_png(images[face.key], target, vendor.dpi)
            written[face.key] = target
    return len(sides)


def _card_sides(project, deck_id: str, difficulty, order) -> list[tuple]:
    """(card number, copy, card id, side, face) for every printed card side, in deck order."""
    fronts, backs = deck_faces(project, deck_id, difficulty)
    ids = []
    for record in project.game.decks[deck_id].cards:
        if difficulty is None or difficulty.includes(record.card.difficulty):
            ids += [(record.card.id, copy) for copy in range(1, record.card.count + 1)]
    return [(number, copy, card_id, side, front if side == "front" else back)
            for number, ((card_id, copy), front, back) in enumerate(zip(ids, fronts, backs), 1) for side in order]


def _numbered(sides, digits: int):
    for number, copy, card_id, side, face in sides:
        yield f"{number:0{digits}d}", copy, card_id, side, face

