"""Card images: a PNG of every card side with its bleed (300 DPI), and Tabletop Simulator deck images with a
saved object that loads them as a deck (`<game>-<deck>.json`, for its Saved Objects folder).

Resolution and grid limits are data: `images` in layouts/common/paper.yaml.

Faces are drawn exactly as for print, into a PDF in memory, and rasterised by
PDFium (pypdfium2, a self-contained wheel), so the images match the PDFs.

File names: `<card-id>.png` for a front, `<card-id>-back.png` for the back side
of a double-sided card, `back.png` for the back every card of the deck shares,
and `back-<template>.png` for a back template that only some cards use.
"""
from __future__ import annotations

import hashlib
import io
import json
import math
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from pnp.content.binding import file_stem, image_file_names
from pnp.core.limits import MAX_IMAGE_PIXELS
from pnp.core.output import plain_name
from pnp.render.cards import draw_face, face_size, game_sharing
from pnp.render.outputs import deck_faces
from pnp.render.pdf import PdfBackend, new_canvas

if TYPE_CHECKING:  # Pillow is imported where an image is made: a build that makes none does not wait for it
    from PIL import Image


def images_fit(project, sizes) -> list:
    """Card images of these sizes stay within the pixels pnp draws an image at (pnp.core.limits.MAX_IMAGE_PIXELS):
    a large card at a high `images: dpi` is an error at that dpi in layouts/common/paper.yaml, before anything is
    drawn, never an image too big for memory."""
    dpi = project.print_setup.images.dpi
    problems = []
    for size in {s.name: s for s in sizes}.values():
        width, height = (round((side + 2 * size.bleed) * dpi / 72) for side in (size.width, size.height))
        if width * height > MAX_IMAGE_PIXELS:
            problems.append(project.print_setup.source.diagnostic(("images", "dpi"), "too-large",
                            f"a {size.name} card image at {dpi} dpi would be {width} x {height} pixels, more than the "
                            f"{MAX_IMAGE_PIXELS:,} pnp draws an image at; lower the dpi"))
    return problems


def card_pngs(project, deck_id: str, difficulty, folder: Path) -> int:
    """A PNG of each distinct card side of the deck (copies once), with the bleed; files written."""
    fronts, backs = deck_faces(project, deck_id, difficulty)
    distinct = _distinct(fronts + backs)
    names = image_file_names(distinct, backs)
    folder.mkdir(parents=True, exist_ok=True)
    for face, image in zip(distinct, rasterise(project, distinct, project.print_setup.images.dpi / 72)):
        _save(image, folder / plain_name(names[face.key]), project.print_setup.images.dpi)
    return len(distinct)


def one_card(project, card_id: str, out_root: Path, parts: tuple[str, ...]) -> list[Path]:
    """`pnp card`: the card's front and back as PNGs with the bleed, at the print resolution, in the folder
    out_root/parts... (made by pnp.core.output, never through a link); files written."""
    from pnp.core.output import write_file

    faces = [project.faces.fronts[card_id], project.faces.backs[card_id]]
    folder, written = out_root.joinpath(*map(plain_name, parts)), []
    for name, image in zip((f"{card_id}.png", f"{card_id}-back.png"), rasterise(project, faces, project.print_setup.images.dpi / 72)):
        write_file(folder / plain_name(name), lambda tmp, image=image: _save(image, tmp, project.print_setup.images.dpi), out_root)
        written.append(folder / name)
    return written


def tabletop_deck(project, deck_id: str, difficulty, folder: Path, url: str | None = None) -> int:
    """The deck's Tabletop Simulator images, cards trimmed and sized to fit the grid limits, and a saved object
    that loads them as one deck; files written. `url`: where Tabletop Simulator finds this folder's images (a
    `file:///` URL of `folder` if None)."""
    fronts, backs = deck_faces(project, deck_id, difficulty)
    settings, size = project.print_setup.images, project.deck_size(deck_id)
    cell = _cell_size(size.width * settings.dpi / 72, size.height * settings.dpi / 72, settings.tabletop)
    distinct = _distinct(fronts + backs)
    small = dict(zip((face.key for face in distinct), rasterise(project, distinct, cell[0] / size.width, cell)))
    written = tts_deck([small[f.key] for f in fronts], [small[b.key] for b in backs], folder, settings.tabletop)
    title = f"{project.game.manifest.title}: {project.game.decks[deck_id].model.name}"
    deck = json.loads((folder / "deck.json").read_text())
    names = [face.card.name if face.card else face.key for face in fronts]
    saved = tts_saved_object(deck["decks"], names, url or folder.resolve().as_uri(), title, size.landscape)
    name = f"{file_stem(project.game.manifest.id)}-{file_stem(deck_id)}.json"
    (folder / plain_name(name)).write_text(json.dumps(saved, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return written + 1


# Tabletop Simulator's saved object: the file it writes when you save an object (Saved Objects folder), holding a
# DeckCustom whose CustomDeck entries are the deck images and whose ContainedObjects are its cards. A card's
# CardID is its sheet's number times 100 plus its slot on the sheet; the sheets are numbered from 1.
FACE_DOWN = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
             "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def tts_saved_object(sheets: list[dict], names: list[str], url: str, title: str, sideways: bool = False) -> dict:
    """The saved object of a deck written by tts_deck (`sheets`: its deck.json entries, `names`: each card's name in
    deck order); the images are found at `url`/<file name>."""
    custom, cards, ids = {}, [], []
    remaining = iter(names)
    for number, sheet in enumerate(sheets, 1):
        custom[str(number)] = {"FaceURL": _url(url, sheet["face"]), "BackURL": _url(url, sheet["back"]),
                               "NumWidth": sheet["width"], "NumHeight": sheet["height"],
                               "BackIsHidden": sheet["back_is_hidden"], "UniqueBack": sheet["unique_back"], "Type": 0}
        for slot in range(sheet["cards"]):
            card_id = number * 100 + slot
            ids.append(card_id)
            cards.append(_tts_object("Card", next(remaining), f"{title} card {card_id}", sideways,
                                     CardID=card_id, CustomDeck={str(number): custom[str(number)]}))
    if len(cards) == 1:  # Tabletop Simulator makes a deck of two cards or more; one card is a card
        return {"SaveName": title, "ObjectStates": [cards[0]]}
    deck = _tts_object("DeckCustom", title, f"deck {title}", sideways, DeckIDs=ids, CustomDeck=custom,
                       ContainedObjects=cards)
    return {"SaveName": title, "ObjectStates": [deck]}


def _tts_object(kind: str, nickname: str, seed: str, sideways: bool, **fields) -> dict:
    """A Tabletop Simulator object lying face down; its GUID made from `seed`, so the same deck gives the same file."""
    guid = hashlib.sha256(seed.encode("utf-8")).hexdigest()[:6]
    return {"GUID": guid, "Name": kind, "Transform": dict(FACE_DOWN), "Nickname": nickname, "Description": "",
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "HideWhenFaceDown": True, "SidewaysCard": sideways, **fields}


# The address a deck's images are uploaded to (`pnp build --tts-url`): web or file addresses only (Tabletop Simulator
# fetches nothing else; a javascript: or data: one is no place images live), at most MAX_URL characters.
TTS_SCHEMES = ("http", "https", "file")
MAX_URL = 2000
# what RFC 3986 lets an address hold as written; anything else (quotes, <, >, backslashes, braces, letters beyond
# ASCII) is percent-encoded, so the saved object carries an address and never markup
URL_CHARACTERS = ";/?:@&=+$,-_.!~*'()#%[]"


def tts_address(url: str) -> str:
    """`url` as the saved objects write it, percent-encoded; ValueError saying why when it is no address of
    images: another scheme, no host, spaces or invisible characters (an escape, a line break, a bidi control)."""
    scheme, _, rest = url.partition("://")
    if len(url) > MAX_URL:
        raise ValueError(f"an address of at most {MAX_URL} characters")
    if not _ or scheme.lower() not in TTS_SCHEMES:
        raise ValueError(f"an address starting {', '.join(s + '://' for s in TTS_SCHEMES)}")
    if any(unicodedata.category(ch)[0] in "CZ" for ch in url):
        raise ValueError("an address without spaces or invisible characters (percent-encode a space as %20)")
    if scheme.lower() != "file" and not rest.split("/")[0]:
        raise ValueError("an address naming its host, as https://example.com/my-game/images")
    return quote(url, safe=URL_CHARACTERS)


def _url(base: str, file_name: str) -> str:
    return f"{base.rstrip('/')}/{quote(file_name)}"


def _distinct(faces: list) -> list:
    return list({face.key: face for face in faces}.values())


def rasterise(project, faces: list, scale: float, trimmed: tuple[int, int] | None = None) -> list[Image.Image]:
    """Each face as an RGB image, `scale` pixels per point: with its bleed, or cut to the trim and `trimmed`
    pixels. Each face is drawn on a page of its own card size (pnp.render.cards.face_size, the size draw_face
    draws it at: a landscape card on a landscape page), exactly as for print, into a PDF in memory; every card
    image (`pnp card`, `pnp build --images`, Tabletop Simulator, the preview, `pnp diff`) is made here."""
    import pypdfium2 as pdfium

    if not faces:
        return []
    sizes = [face_size(face, project.layout) for face in faces]
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, *_with_bleed(sizes[0]), f"{project.game.manifest.title}: card images")
    backend = PdfBackend(canvas, sharing=game_sharing(project))
    for face, size in zip(faces, sizes):
        backend.begin_page(*_with_bleed(size))
        draw_face(backend, face, project.layout, project.game.emblems, 0, 0)
        backend.end_page()
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    images = []
    try:
        for page, size in zip(document, sizes):
            crop = (size.bleed,) * 4 if trimmed else (0, 0, 0, 0)
            pixels = trimmed or tuple(round(side * scale) for side in _with_bleed(size))
            # PDFium rounds the pixel size up (825 px can come out as 826): cut to the exact size
            images.append(page.render(scale=scale, crop=crop).to_pil().convert("RGB").crop((0, 0, *pixels)))
    finally:
        document.close()
    return images


def _with_bleed(size) -> tuple[float, float]:
    """A card side's page: its trim and bleed, as the card is drawn (a landscape card wider than tall)."""
    return size.width + 2 * size.bleed, size.height + 2 * size.bleed


def tts_deck(fronts: list[Image.Image], backs: list[Image.Image], folder: Path, tabletop) -> int:
    """Deck images of up to columns x rows trimmed cards, the last slot holding the hidden card (the first
    back); when the backs differ, back images with each card's back in the slot of its front; and
    `deck.json` with what Tabletop Simulator's custom deck dialog asks for. Returns files written."""
    cell, columns = backs[0].size, tabletop.columns
    unique = any(back is not backs[0] for back in backs)  # one image per distinct face
    per_image = columns * tabletop.rows - 1
    folder.mkdir(parents=True, exist_ok=True)
    entries, written = [], 0
    for number, start in enumerate(range(0, len(fronts), per_image), 1):
        cards = fronts[start:start + per_image]
        rows = max(2, math.ceil((len(cards) + 1) / columns))  # Tabletop Simulator wants 2 rows at least
        _save(_grid(cards, backs[0], cell, columns, rows), folder / f"deck-{number}.png")
        back_name = "back.png"
        if unique:
            back_name = f"back-{number}.png"
            _save(_grid(backs[start:start + per_image], backs[0], cell, columns, rows), folder / back_name)
            written += 1
        entries.append({"face": f"deck-{number}.png", "back": back_name, "width": columns, "height": rows,
                        "cards": len(cards), "back_is_hidden": True, "unique_back": unique})
        written += 1
    if not unique:
        _save(backs[0], folder / "back.png")
        written += 1
    (folder / "deck.json").write_text(json.dumps({"card_pixels": list(cell), "decks": entries}, indent=2) + "\n")
    return written + 1


def _grid(cards: list[Image.Image], hidden: Image.Image, cell, columns: int, rows: int) -> Image.Image:
    from PIL import Image

    image = Image.new("RGB", (columns * cell[0], rows * cell[1]), "white")
    for slot, card in enumerate(cards):
        image.paste(card, ((slot % columns) * cell[0], (slot // columns) * cell[1]))
    image.paste(hidden, ((columns - 1) * cell[0], (rows - 1) * cell[1]))
    return image


def _cell_size(width: float, height: float, tabletop) -> tuple[int, int]:
    """The largest card size in whole pixels, never above the print resolution, that fits the grid in max_pixels."""
    limit = tabletop.max_pixels
    scale = min(1.0, limit / (tabletop.columns * width), limit / (tabletop.rows * height))
    return math.floor(width * scale), math.floor(height * scale)


def _save(image: Image.Image, path: Path, dpi: int | None = None) -> None:
    """`dpi`: the print resolution the image was drawn at, written into it (pHYs), so a print shop's tools and
    image editors open a card at its real size; Tabletop Simulator's grids are for the screen and carry none."""
    # level 3: a third faster than the default for 20% more bytes; no timestamps or text chunks are written,
    # so the same card gives the same bytes. The sRGB chunk says what the pixels mean (they are the PDF's sRGB
    # colours), so a print shop's tools convert them to their press from sRGB rather than guess.
    image.save(path, "PNG", compress_level=3, pnginfo=_SRGB, **({"dpi": (dpi, dpi)} if dpi else {}))


def images_of_pdf(data: bytes, scale: float, pixels: tuple[int, int]) -> list[Image.Image]:
    """Every page of a PDF as an RGB image, `scale` pixels per point, cut to exactly `pixels` (print shops'
    uploads: pnp.render.print_shops)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    try:
        return [page.render(scale=scale).to_pil().convert("RGB").crop((0, 0, *pixels)) for page in document]
    finally:
        document.close()


def save_png(image: Image.Image, path: Path, dpi: int) -> None:
    """A card image for print, its resolution written into it."""
    _save(image, path, dpi)


def _srgb_chunk():
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add(b"sRGB", bytes([0]))  # rendering intent 0: perceptual, as the PNG specification recommends for images
    return info


_SRGB = _srgb_chunk()
