"""The gallery's images, drawn as the build draws them and rasterised small.

Card sides go through pnp.render.card_images (the faces drawn into a PDF in memory, rasterised by PDFium),
cut to the trim as a player sees them. Sheets and the rulebook are the build's own PDFs (pnp.render.outputs,
pnp.render.rulebook): a sheet's written into memory, the rulebook's into the gallery (it links it), each page
rasterised. Every file is written with no time in it, so the same content gives the same bytes.

Each deck, the sheets and the rulebook's PDF are separate jobs for the build's process pool (pnp.build.game.render_all);
then the rulebook's pages are shared among the cores.
"""
from __future__ import annotations

import io
from pathlib import Path
from urllib.parse import quote

from PIL import Image

from pnp.content.binding import image_file_names
from pnp.content.project import Project
from pnp.core.output import plain_name
from pnp.core.processes import processes
from pnp.model import Difficulty
from pnp.render.card_images import rasterise, save_png
from pnp.render.outputs import deck_faces

CARD_DPI = 120  # sharp on a high-density screen at half size, a few kB a card
PAGE_DPI = 96  # sheets and rulebook pages: readable when opened, a quarter of the pixels of print
MAX_PAGE_SIDE = 2000  # pixels: a large board is drawn smaller rather than as a poster
RULEBOOK, SHEETS = "rulebook", "sheets"
RULEBOOK_PDF = f"{RULEBOOK}/rulebook.pdf"


def picture_jobs(project: Project, gallery, difficulty: Difficulty | None) -> list[tuple[str, object]]:
    """(path in the gallery, render(path)) for every image the gallery shows but the rulebook's pages (page_jobs,
    once its PDF is written); the slow rulebook first."""
    jobs = [(RULEBOOK_PDF, lambda path: rulebook_pdf(project, difficulty, path))]
    jobs += [(f"cards/{deck.id}", lambda folder, d=deck.id: card_images(project, d, difficulty, folder)) for deck in gallery.decks]
    if gallery.sheets:
        jobs.append((SHEETS, lambda folder: sheet_pages(project, folder)))
    return jobs


def page_jobs(gallery_folder: Path) -> list[tuple[str, object]]:
    """The rulebook's pages drawn from its PDF in a job per process pnp runs (a page in every `parts`), so every
    core shares them; never more jobs than pages."""
    import pypdfium2 as pdfium

    pdf = gallery_folder / RULEBOOK_PDF
    document = pdfium.PdfDocument(pdf.read_bytes())
    try:
        parts = processes(len(document))
    finally:
        document.close()
    return [(RULEBOOK, lambda folder, part=part: rulebook_pages(pdf, folder, part, parts)) for part in range(parts)]


def card_files(project: Project, deck_id: str, difficulty: Difficulty | None) -> dict[str, str]:
    """Face key -> image file name, for the deck's distinct sides (the names `pnp build --images` gives them)."""
    return image_file_names(*_faces(project, deck_id, difficulty))


def _faces(project: Project, deck_id: str, difficulty: Difficulty | None):
    fronts, backs = deck_faces(project, deck_id, difficulty)
    return list({face.key: face for face in fronts + backs}.values()), backs


def card_images(project: Project, deck_id: str, difficulty: Difficulty | None, folder: Path) -> int:
    """Each distinct side of the deck's cards, trimmed, at CARD_DPI; files written."""
    distinct, backs = _faces(project, deck_id, difficulty)
    names, size = image_file_names(distinct, backs), project.deck_size(deck_id)
    scale = CARD_DPI / 72
    pixels = (round(size.width * scale), round(size.height * scale))
    folder.mkdir(parents=True, exist_ok=True)
    for face, image in zip(distinct, rasterise(project, distinct, scale, pixels)):
        save_png(image, folder / plain_name(names[face.key]), CARD_DPI)
    return len(distinct)


def sheet_file(sheet_id: str) -> str:
    return f"{SHEETS}/{quote(sheet_id)}.png"


def sheet_pages(project: Project, folder: Path) -> int:
    """Each score sheet as printed on the first paper, each playmat and board at full size, one image each."""
    from pnp.render.outputs import full_size_pdf, sheet_pdf

    paper = next(iter(project.print_setup.papers))
    folder.mkdir(parents=True, exist_ok=True)
    for sheet_id, sheet in project.game.sheets.items():
        pdf = io.BytesIO()
        if sheet.kind == "scoresheet":
            sheet_pdf(project, sheet_id, paper, False, pdf)
        else:
            full_size_pdf(project, sheet_id, pdf)
        for _, (image, dpi) in _pages(pdf.getvalue()):
            save_png(image, folder / plain_name(f"{sheet_id}.png"), dpi)
    return len(project.game.sheets)


def rulebook_pdf(project: Project, difficulty: Difficulty | None, path: Path) -> None:
    """The rulebook as the build writes it, on the project's first paper the rulebook knows (else A4): the gallery
    links it, and its pages are drawn from it."""
    from pnp.render.rulebook import PAPERS
    from pnp.render.rulebook import rulebook_pdf as write

    path.parent.mkdir(parents=True, exist_ok=True)
    write(project, difficulty, next((name for name in project.print_setup.papers if name in PAPERS), "a4"), path)


def rulebook_pages(pdf: Path, folder: Path, part: int = 0, parts: int = 1) -> int:
    """Every `parts`-th page of the rulebook from page `part` (counting from 0), a PNG each; pages written."""
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    for count, (number, (image, dpi)) in enumerate(_pages(pdf.read_bytes(), range(part, 1 << 30, parts)), 1):
        save_png(image, folder / page_file(number + 1), dpi)
    return count


def page_file(number: int) -> str:
    return f"page-{number:03d}.png"


def _pages(data: bytes, numbers=None):
    """(number, (image, dpi)) of each page of a PDF, or of the pages `numbers` (counting from 0), as an image of 256
    colours at PAGE_DPI (less for a page larger than MAX_PAGE_SIDE), one at a time: a long rulebook never holds all
    its pages in memory (pnp.render.card_images.images_of_pdf does)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    try:
        for number in range(len(document)) if numbers is None else numbers:
            if number >= len(document):
                return
            page = document[number]
            scale = min(PAGE_DPI / 72, MAX_PAGE_SIDE / max(page.get_size()))
            # 256 colours: a page of text and pictures looks the same, encoded faster in a third of the bytes
            image = page.render(scale=scale, rev_byteorder=True).to_pil().convert("RGB")
            yield number, (image.quantize(256, method=Image.Quantize.FASTOCTREE), round(scale * 72))
    finally:
        document.close()
