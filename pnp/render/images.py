"""Card images: a PNG of every card with its bleed (300 DPI), and Tabletop Simulator deck sheets.

Resolution and sheet limits are data: `images` in layouts/common/paper.yaml.

Faces are drawn exactly as for print, into a PDF in memory, and rasterised by
PDFium (pypdfium2, a self-contained wheel), so the images match the PDFs.
"""
from __future__ import annotations

import io
import json
import math
from pathlib import Path

from PIL import Image

from pnp.render.cards import draw_face
from pnp.render.pdf import PdfBackend, new_canvas


def card_pngs(project, deck_id: str, difficulty, folder: Path) -> int:
    """`<card-id>.png` for each card of the deck (copies once) and `back.png`, with the bleed; files written."""
    distinct, back = _faces(project, deck_id, difficulty)[1:]
    folder.mkdir(parents=True, exist_ok=True)
    for face, image in zip(distinct, rasterise(project, distinct, project.print_setup.images.dpi / 72)):
        _save(image, folder / ("back.png" if face is back else f"{face.key.partition(':')[2]}.png"))  # "face:<id>"
    return len(distinct)


def tabletop_deck(project, deck_id: str, difficulty, folder: Path) -> int:
    """The deck's Tabletop Simulator sheets, cards trimmed and sized to fit the sheet limits; files written."""
    fronts, distinct, back = _faces(project, deck_id, difficulty)
    settings, size = project.print_setup.images, project.layout.size
    cell = _cell_size(size.width * settings.dpi / 72, size.height * settings.dpi / 72, settings.tabletop)
    small = dict(zip((face.key for face in distinct), rasterise(project, distinct, cell[0] / size.width, cell)))
    return tts_sheets([small[face.key] for face in fronts], small[back.key], folder, settings.tabletop)


def _faces(project, deck_id: str, difficulty) -> tuple[list, list, object]:
    """(every card's front, copies included; each distinct face once in deck order, the back last; the back)."""
    from pnp.render.outputs import deck_faces

    fronts, backs = deck_faces(project, deck_id, difficulty)
    return fronts, list({face.key: face for face in fronts + backs[:1]}.values()), backs[0]


def rasterise(project, faces: list, scale: float, trimmed: tuple[int, int] | None = None) -> list[Image.Image]:
    """Each face as an RGB image, `scale` pixels per point: with its bleed, or cut to the trim and
    `trimmed` pixels. The faces are drawn exactly as for print into a PDF in memory."""
    import pypdfium2 as pdfium

    size = project.layout.size
    width, height = size.width + 2 * size.bleed, size.height + 2 * size.bleed
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, width, height, f"{project.game.manifest.title}: card images")
    backend = PdfBackend(canvas)
    for face in faces:
        backend.begin_page(width, height)
        draw_face(backend, face, project.layout, project.game.plugin.art, 0, 0)
        backend.end_page()
    canvas.save()
    crop = (size.bleed,) * 4 if trimmed else (0, 0, 0, 0)
    pixels = trimmed or (round(width * scale), round(height * scale))
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        # PDFium rounds the pixel size up (825 px can come out as 826): cut to the exact size
        return [page.render(scale=scale, crop=crop).to_pil().convert("RGB").crop((0, 0, *pixels)) for page in document]
    finally:
        document.close()


def tts_sheets(fronts: list[Image.Image], back: Image.Image, folder: Path, tabletop) -> int:
    """Deck sheets of up to columns x rows trimmed cards, the last slot holding the hidden card (the back);
    `back.png`; and `deck.json` with what Tabletop Simulator's custom deck dialog asks for."""
    cell, columns = back.size, tabletop.columns
    per_sheet = columns * tabletop.rows - 1
    folder.mkdir(parents=True, exist_ok=True)
    entries = []
    for number, start in enumerate(range(0, len(fronts), per_sheet), 1):
        cards = fronts[start:start + per_sheet]
        rows = max(2, math.ceil((len(cards) + 1) / columns))  # Tabletop Simulator wants 2 rows at least
        sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), "white")
        for slot, card in enumerate(cards):
            sheet.paste(card, ((slot % columns) * cell[0], (slot // columns) * cell[1]))
        sheet.paste(back, ((columns - 1) * cell[0], (rows - 1) * cell[1]))
        name = f"sheet-{number}.png"
        _save(sheet, folder / name)
        entries.append({"face": name, "back": "back.png", "width": columns, "height": rows, "cards": len(cards),
                        "back_is_hidden": True, "unique_back": False})
    _save(back, folder / "back.png")
    (folder / "deck.json").write_text(json.dumps({"card_pixels": list(cell), "sheets": entries}, indent=2) + "\n")
    return len(entries) + 2


def _cell_size(width: float, height: float, tabletop) -> tuple[int, int]:
    """The largest card size in whole pixels, never above the print resolution, that fits the grid in max_pixels."""
    limit = tabletop.max_pixels
    scale = min(1.0, limit / (tabletop.columns * width), limit / (tabletop.rows * height))
    return math.floor(width * scale), math.floor(height * scale)


def _save(image: Image.Image, path: Path) -> None:
    # level 3: a third faster than the default for 20% more bytes; no timestamps or text chunks are written,
    # so the same card gives the same bytes
    image.save(path, "PNG", compress_level=3)
