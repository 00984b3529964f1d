"""Saddle-stitched booklets: half-size pages imposed two to a side of a landscape sheet, in fold order."""
from __future__ import annotations

import io
from pathlib import Path


def booklet_order(pages: int, back_cover: bool = False) -> list[tuple[int | None, int | None]]:
    """(left, right) page indexes for each side of each sheet, in printing order; None is a blank page.

    Pages are padded to a multiple of 4. With 8 pages: sheet 1 front (7, 0), back (1, 6); sheet 2
    front (5, 2), back (3, 4): stacked, folded and stapled, they read 0, 1, ..., 7. `back_cover`: the last page
    is the back cover (a turn summary a player keeps in view), so the blank pages that pad the booklet stand
    before it, never after it.
    """
    total = -(-pages // 4) * 4
    reading = list(range(pages)) + [None] * (total - pages)  # the page at each place of the folded booklet
    if back_cover and 1 < pages < total:
        reading = reading[:pages - 1] + [None] * (total - pages) + [pages - 1]
    sides = []
    for sheet in range(total // 4):
        sides += [(total - 1 - 2 * sheet, 2 * sheet), (2 * sheet + 1, total - 2 - 2 * sheet)]
    return [tuple(reading[place] for place in side) for side in sides]


def impose(source: bytes, paper: tuple[float, float], path: Path, back_cover: bool = False) -> int:
    """Impose the pages of `source` two-up on landscape `paper`, each centred in its half; returns sides written.
    `back_cover`: its last page goes on the booklet's back (booklet_order)."""
    from pypdf import PdfReader, PdfWriter, Transformation

    reader = PdfReader(io.BytesIO(source))
    width, height = max(paper), min(paper)
    writer = PdfWriter()
    for side in booklet_order(len(reader.pages), back_cover):
        sheet = writer.add_blank_page(width, height)
        for half, index in enumerate(side):
            if index is None:
                continue
            page = reader.pages[index]
            page_w, page_h = float(page.mediabox.width), float(page.mediabox.height)
            x = half * width / 2 + (width / 2 - page_w) / 2
            sheet.merge_transformed_page(page, Transformation().translate(x, (height - page_h) / 2))
    writer.add_metadata({"/Title": f"{reader.metadata.title or 'Rulebook'} (booklet)", "/Producer": "pnp"})
    with open(path, "wb") as handle:
        writer.write(handle)
    return len(writer.pages)
