"""Call-log goldens: every drawing call the renderers make for one card face, one card back, one
scoresheet and one playmat tile of the fixture game, on the recording backend, stored as text in
tests/data/drawings/. A renderer change shows as a readable diff; after a deliberate one, refresh
with PNP_UPDATE_GOLDEN=1 (and read the diff)."""
import os

import pytest
from helpers import DATA

from pnp.render import tiling
from pnp.render.backend import RecordingBackend, symbol
from pnp.render.cards import draw_face
from pnp.render.sheets import draw_sheet
from pnp.text.fonts import DEFAULT_FONT

FOLDER = DATA / "drawings"


def _shown(value, root: str) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(_shown(v, root) for v in value) + ")"
    if isinstance(value, str):
        return repr(value.replace(root, "<project>"))
    return repr(value)


def transcript(backend: RecordingBackend, root) -> str:
    """The calls, one a line, numbers to 1/100 pt; then each symbol's own calls, in the order defined."""
    def lines(calls, indent=""):
        for name, args, kwargs in calls:
            shown = [_shown(a, str(root)) for a in args] + [f"{k}={_shown(v, str(root))}" for k, v in kwargs.items()]
            yield f"{indent}{name} {' '.join(shown)}".rstrip()

    out = list(lines(backend.calls))
    for name, calls in backend.symbols.items():
        out.append(f"symbol {name}:")
        out += lines(calls, "  ")
    return "\n".join(out) + "\n"


def draw_front(fx, backend):
    draw_face(backend, fx.faces.fronts["hero-ranger"], fx.layout, fx.game.emblems, 0, 0)


def draw_back(fx, backend):
    draw_face(backend, fx.faces.backs["crypt"], fx.layout, fx.game.emblems, 0, 0)


def draw_scoresheet(fx, backend):
    layout = fx.sheet_layouts["score-pad"]
    backend.begin_page(layout.width, layout.height)
    draw_sheet(backend, fx, "score-pad", 0, layout.height)
    backend.end_page()


def draw_playmat_tile(fx, backend):
    layout = fx.sheet_layouts["playmat"]
    plan = tiling.plan_tiles(layout.width, layout.height, fx.print_setup.papers["a4"])

    def place(b, x, y):
        symbol(b, "sheet:playmat", layout.width, layout.height, lambda inner: draw_sheet(inner, fx, "playmat", 0, layout.height), x, y)

    tiling.draw_tile(backend, plan, plan.tile(0, 1), place, "Pocket Dungeon playmat", DEFAULT_FONT)


DRAWINGS = {"card-front": draw_front, "card-back": draw_back, "scoresheet": draw_scoresheet, "playmat-tile": draw_playmat_tile}


@pytest.mark.parametrize("name", DRAWINGS)
def test_drawing_calls_match_their_golden(fx, name):
    backend = RecordingBackend()
    DRAWINGS[name](fx, backend)
    text = transcript(backend, fx.root)
    path = FOLDER / f"{name}.txt"
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        FOLDER.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert path.exists(), "no golden yet: run PNP_UPDATE_GOLDEN=1 make test"
    assert text == path.read_text(), f"{path.name} changed; if the renderer change was deliberate, refresh with PNP_UPDATE_GOLDEN=1"
