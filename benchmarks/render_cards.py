"""Card faces per second: vector rendering with 9-up imposition, into a real PDF.

Every card of every Escape Master deck, fronts and backs, on A4 home-print
sheets. Each distinct face is drawn in full once per document (then placed by
reference, as a printer's RIP would), so both figures are printed.
"""
import io
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT, best_of  # noqa: E402
from pnp.checks.validate import validate  # noqa: E402
from pnp.render.card_images import card_pngs, tabletop_deck  # noqa: E402
from pnp.render.imposition import home_print  # noqa: E402
from pnp.render.outputs import deck_faces  # noqa: E402
from pnp.render.pdf import PdfBackend, new_canvas  # noqa: E402


def main():
    project, report = validate(ROOT, "escape-master")
    imposition = project.print_setup.home["a4"]
    decks = [(*deck_faces(project, d, None), project.deck_size(d)) for d in project.game.decks]
    placed = sum(2 * len(fronts) for fronts, _, _ in decks)
    distinct = len({f.key for fronts, backs, _ in decks for f in fronts + backs})

    def render():
        canvas = new_canvas(io.BytesIO(), imposition.paper.width, imposition.paper.height, "bench")
        backend = PdfBackend(canvas)
        for fronts, backs, size in decks:
            home_print(backend, fronts, backs, project.layout, imposition, project.game.emblems, size)
        canvas.save()

    seconds = best_of(5, render)
    print(f"render_cards: {placed} card sides ({distinct} distinct faces) on A4 9-up in {seconds * 1000:.0f} ms")
    print(f"render_cards: {placed / seconds:.0f} card sides per second ({seconds / placed * 1000:.2f} ms each)")
    print(f"render_cards: {distinct / seconds:.0f} distinct faces drawn per second, placements included")

    with tempfile.TemporaryDirectory() as folder:
        written = 0

        def images():
            nonlocal written
            written = (card_pngs(project, "story", None, Path(folder) / "story")
                       + tabletop_deck(project, "story", None, Path(folder) / "story" / "tabletop-simulator"))

        seconds = best_of(3, images)
    print(f"render_cards: story deck images (a 300 DPI PNG per card, the Tabletop Simulator deck image): {written} files "
          f"in {seconds:.2f} s, {seconds / written * 1000:.0f} ms per file (one process)")


if __name__ == "__main__":
    main()
