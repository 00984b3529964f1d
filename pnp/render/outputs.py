"""Each output file, as one function: (project, ..., path) -> pages written."""
from __future__ import annotations

from pathlib import Path

from pnp.content.binding import Face
from pnp.model import Difficulty
from pnp.render import tiling
from pnp.render.backend import symbol
from pnp.render.cards import game_sharing
from pnp.render.fonts import DEFAULT_FONT
from pnp.render.imposition import calibration, fold_and_glue, home_print, paper_label, pod_page, print_on_demand
from pnp.render.pdf import PdfBackend, new_canvas
from pnp.render.pdfx import finish as finish_pdfx
from pnp.render.press import Press
from pnp.render.sheets import draw_sheet


def deck_faces(project, deck_id: str, difficulty: Difficulty | None) -> tuple[list[Face], list[Face]]:
    """Fronts, one per physical card (copies included), and each card's own back."""
    fronts, backs = [], []
    for record in project.game.decks[deck_id].cards:
        if difficulty is None or difficulty.includes(record.card.difficulty):
            fronts += [project.faces.fronts[record.card.id]] * record.card.count
            backs += [project.faces.backs[record.card.id]] * record.card.count
    return fronts, backs


def home_deck_pdf(project, deck_id: str, imposition_name: str, difficulty, path: Path) -> int:
    imposition = project.print_setup.home[imposition_name]
    return _paper_deck_pdf(project, deck_id, difficulty, path, imposition, home_print, f"duplex {imposition.duplex} edge")


def fold_deck_pdf(project, deck_id: str, imposition_name: str, difficulty, path: Path) -> int:
    imposition = project.print_setup.fold[imposition_name]
    return _paper_deck_pdf(project, deck_id, difficulty, path, imposition, fold_and_glue, "fold and glue")


def _paper_deck_pdf(project, deck_id, difficulty, path: Path, imposition, impose, how: str) -> int:
    """A deck imposed on home-print paper by `impose`, asking viewers to print at 100%."""
    fronts, backs = deck_faces(project, deck_id, difficulty)
    title = f"{project.game.manifest.title}: {project.game.decks[deck_id].model.name} ({imposition.paper.name}, {how})"
    canvas = new_canvas(path, imposition.paper.width, imposition.paper.height, title, no_scaling=True)
    pages = impose(PdfBackend(canvas, sharing=game_sharing(project)), fronts, backs, project.layout,
                   imposition, project.game.emblems, project.deck_size(deck_id))
    canvas.save()
    return pages


def pod_deck_pdf(project, deck_id: str, vendor_name: str, difficulty, path: Path) -> int:
    vendor = project.print_setup.vendors[vendor_name]
    size = project.deck_size(deck_id)
    fronts, backs = deck_faces(project, deck_id, difficulty)
    title = f"{project.game.manifest.title}: {project.game.decks[deck_id].model.name} (print on demand, {vendor.name})"
    cmyk, pdfx = vendor.colors == "cmyk", vendor.pdfx
    page = pod_page(vendor, size)
    canvas = new_canvas(path, page.width, page.height, title, cmyk=cmyk, pdfx=pdfx)
    backend = PdfBackend(canvas, press=Press(vendor.ink_limit) if cmyk else None, sharing=game_sharing(project))
    pages = print_on_demand(backend, fronts, backs, project.layout, vendor, project.game.emblems, size)
    if pdfx:
        finish_pdfx(canvas)
    canvas.save()
    return pages


def calibration_pdf(project, imposition_name: str, path: Path) -> int:
    imposition = project.print_setup.home[imposition_name]
    paper = imposition.paper
    canvas = new_canvas(path, paper.width, paper.height, f"Print calibration ({paper_label(paper.name)})", no_scaling=True)
    calibration(PdfBackend(canvas), imposition, DEFAULT_FONT)
    canvas.save()
    return 2


def _title(project, sheet_id: str, what: str) -> str:
    return f"{project.game.manifest.title}: {project.game.sheets[sheet_id].model.name} ({what})"


def sheet_pdf(project, sheet_id: str, paper_name: str, fillable: bool, path: Path) -> int:
    """One sheet on one page, its design area centred; optionally with form fields (scoresheets)."""
    layout = project.sheet_layouts[sheet_id]
    paper = project.print_setup.papers[paper_name]
    width, height = _page(layout, paper)
    canvas = new_canvas(path, width, height,
                        _title(project, sheet_id, f"{paper.name}, {'fillable' if fillable else 'print'}"), no_scaling=True)
    backend = PdfBackend(canvas, fillable=fillable)
    backend.begin_page(width, height)
    draw_sheet(backend, project, sheet_id, (width - layout.width) / 2, height - (height - layout.height) / 2)
    backend.end_page()
    canvas.save()
    return 1


def full_size_pdf(project, sheet_id: str, path: Path) -> int:
    """A playmat or board on one page of its own size plus the layout's bleed on every side, for a print shop: the
    TrimBox on the cut, the BleedBox on the page's edge, the sheet's ground running into the bleed."""
    layout = project.sheet_layouts[sheet_id]
    bleed = layout.bleed
    width, height = layout.width + 2 * bleed, layout.height + 2 * bleed
    canvas = new_canvas(path, width, height, _title(project, sheet_id, "full size"), no_scaling=True)
    backend = PdfBackend(canvas)
    backend.begin_page(width, height, trim_box=(bleed, bleed, bleed + layout.width, bleed + layout.height),
                       bleed_box=(0, 0, width, height))
    draw_sheet(backend, project, sheet_id, bleed, bleed + layout.height, bleed)
    backend.end_page()
    canvas.save()
    return 1


def _orientations(paper) -> tuple[tuple[float, float], tuple[float, float]]:
    return (paper.width, paper.height), (paper.height, paper.width)


def _page(layout, paper) -> tuple[float, float]:
    """The paper portrait, or landscape when only that holds the sheet with its edge kept clear."""
    fitting = [(w, h) for w, h in _orientations(paper)
               if layout.width + 2 * layout.min_edge <= w + 0.01 and layout.height + 2 * layout.min_edge <= h + 0.01]
    return fitting[0] if fitting else (paper.width, paper.height)


def fits_on_paper(project, sheet_id: str, paper_name: str) -> bool:
    """Whether a playmat or board fits on one page of the paper, portrait or landscape, with its edge kept clear."""
    layout, paper = project.sheet_layouts[sheet_id], project.print_setup.papers[paper_name]
    return any(layout.width + 2 * layout.min_edge <= w + 0.01 and layout.height + 2 * layout.min_edge <= h + 0.01
               for w, h in _orientations(paper))


def tiled_pdf(project, sheet_id: str, paper_name: str, path: Path) -> int:
    """A playmat or board larger than the paper: an assembly page, then one page per tile."""
    layout, paper = project.sheet_layouts[sheet_id], project.print_setup.papers[paper_name]
    name = project.game.sheets[sheet_id].model.name
    plan = tiling.plan_tiles(layout.width, layout.height, paper)
    canvas = new_canvas(path, plan.page_w, plan.page_h, _title(project, sheet_id, f"{paper.name}, tiled"), no_scaling=True)
    backend = PdfBackend(canvas)

    def place_sheet(b, x, y):  # the whole sheet drawn once per file, placed by reference on every page
        symbol(b, f"sheet:{sheet_id}", layout.width, layout.height,
               lambda inner: draw_sheet(inner, project, sheet_id, 0, layout.height), x, y)

    # the sheet's name heads the assembly page and labels each tile: in its layout's font, as the sheet prints it
    font = layout.fonts["regular"]
    tiling.draw_assembly(backend, plan, layout.width, layout.height, place_sheet, name, paper.name, font)
    drawn = tiling.sheet_drawn(place_sheet)  # where the crosses must not print: the same for every tile
    strips: dict = {}  # each overlap's crosses, found once for the two tiles that share it
    for tile in plan.tiles:
        tiling.draw_tile(backend, plan, tile, place_sheet, name, font, drawn, strips)
    canvas.save()
    return 1 + len(plan.tiles)
