"""Each output file of a card game, as one function: (project, ..., path) -> pages."""
from __future__ import annotations

from pathlib import Path

from pnp.model import Difficulty
from pnp.render.cards import Face
from pnp.render.fonts import DEFAULT_FONT
from pnp.render.imposition import calibration, fold_and_glue, home_print, print_on_demand
from pnp.render.pdf import PdfBackend, new_canvas


def deck_faces(project, deck_id: str, difficulty: Difficulty | None) -> tuple[list[Face], list[Face]]:
    """Fronts (one per physical card, copies included) and their backs, for a deck."""
    fronts = []
    for record in project.game.decks[deck_id].cards:
        if difficulty is None or difficulty.includes(record.card.difficulty):
            fronts += [project.faces[record.card.id]] * record.card.count
    back = project.faces[f"back:{deck_id}"]
    return fronts, [back] * len(fronts)


def home_deck_pdf(project, deck_id: str, sheet_name: str, difficulty, path: Path) -> int:
    sheet = project.print_setup.home[sheet_name]
    return _paper_deck_pdf(project, deck_id, difficulty, path, sheet, home_print, f"duplex {sheet.duplex} edge")


def fold_deck_pdf(project, deck_id: str, sheet_name: str, difficulty, path: Path) -> int:
    sheet = project.print_setup.fold[sheet_name]
    return _paper_deck_pdf(project, deck_id, difficulty, path, sheet, fold_and_glue, "fold and glue")


def _paper_deck_pdf(project, deck_id, difficulty, path: Path, sheet, impose, how: str) -> int:
    """A deck imposed on home-print paper by `impose`, asking viewers to print at 100%."""
    fronts, backs = deck_faces(project, deck_id, difficulty)
    title = f"{project.game.manifest.title}: {project.game.decks[deck_id].model.name} ({sheet.paper.name}, {how})"
    canvas = new_canvas(path, sheet.paper.width, sheet.paper.height, title, no_scaling=True)
    pages = impose(PdfBackend(canvas), fronts, backs, project.layout, sheet, project.game.plugin.art)
    canvas.save()
    return pages


def pod_deck_pdf(project, deck_id: str, vendor_name: str, difficulty, path: Path) -> int:
    vendor = project.print_setup.vendors[vendor_name]
    size = project.layout.size
    fronts, backs = deck_faces(project, deck_id, difficulty)
    title = f"{project.game.manifest.title}: {project.game.decks[deck_id].model.name} (print on demand, {vendor.name})"
    cmyk = vendor.colors == "cmyk"
    canvas = new_canvas(path, size.width + 2 * size.bleed, size.height + 2 * size.bleed, title, cmyk=cmyk)
    pages = print_on_demand(PdfBackend(canvas, cmyk=cmyk), fronts, backs, project.layout, vendor, project.game.plugin.art)
    canvas.save()
    return pages


def calibration_pdf(project, sheet_name: str, path: Path) -> int:
    sheet = project.print_setup.home[sheet_name]
    canvas = new_canvas(path, sheet.paper.width, sheet.paper.height, f"pnp calibration ({sheet.paper.name})", no_scaling=True)
    calibration(PdfBackend(canvas), sheet, DEFAULT_FONT)
    canvas.save()
    return 2


def sheet_pdf(project, sheet_id: str, paper_name: str, fillable: bool, path: Path) -> int:
    """One sheet on one page, its design area centred; optionally with form fields."""
    from pnp.render.sheets import Pen

    game = project.game
    layout = project.sheet_layouts[sheet_id]
    sheet = game.sheets[sheet_id].model
    paper = project.print_setup.papers[paper_name]
    kind = "fillable" if fillable else "print"
    canvas = new_canvas(path, paper.width, paper.height, f"{game.manifest.title}: {sheet.name} ({paper.name}, {kind})",
                        no_scaling=True)
    backend = PdfBackend(canvas, fillable=fillable)
    backend.begin_page(paper.width, paper.height)
    pen = Pen(backend, (paper.width - layout.width) / 2, paper.height - (paper.height - layout.height) / 2,
              layout.fonts, layout.colors, game.plugin.art, layout.box)
    for region in layout.regions:
        game.plugin.sheet_renderers[region.kind](pen, region, sheet, game)
    backend.end_page()
    canvas.save()
    return 1
