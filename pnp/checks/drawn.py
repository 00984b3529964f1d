"""Checks of what a card face or a sheet prints, as drawn: every box and region is drawn once into the
recording backend, which learns what each drawing covers (pnp.render.backend.Drawn), and then

- every text is at least the smallest type its box or region allows (pnp.text.legibility),
- every text stays inside the box or region that draws it (a card's boxes lie inside its safe zone, so a
  text that leaves its box may also run into the zone a cut can reach),
- every text stays inside the panel it is printed on: the smallest rectangle drawn before it under its middle
  (a card's panel, a square of a grid, a chip), so words never run over a frame's edge,
- no two texts overprint each other,
- every text's font has each of its characters: what a region or box draws from elsewhere (the game's title on a
  score pad, a value a box computes) is checked in the font it is drawn in, as the content files' own texts are.

Each problem is an error at the layout element (box or region) that draws the text, found whatever draws it:
pnp's own boxes and regions, or a game package's.
"""
from __future__ import annotations

from collections import defaultdict

from pnp.core.diagnostics import Diagnostic
from pnp.core.limits import MIN_TEXT_SIZE
from pnp.layout.cards import SAFE_EXEMPT  # boxes that may run into the bleed
from pnp.model.walk import strings
from pnp.render.backend import Drawn, RecordingBackend
from pnp.render.cards import box_drawings, face_size
from pnp.render.sheets import draw_region, sheet_pen
from pnp.text.fonts import glyph_message, missing_glyphs
from pnp.text.legibility import floor, too_small

SPARE = 0.5  # points a text's measured box may reach past its box: a glyph's side bearing, rounding
TOUCH = 0.3  # points two texts' measured boxes may share before they overprint (capitals over descenders)


def card_faces(faces, layout, emblems) -> list[Diagnostic]:
    """Each distinct face of the game's cards (fronts and backs), drawn box by box."""
    found, seen = [], set()
    sides = [(f"card '{card_id}'", face) for card_id, face in faces.fronts.items()]
    sides += [(f"the back of card '{card_id}'", face) for card_id, face in faces.backs.items()]
    for name, face in sides:
        if face.key not in seen:
            seen.add(face.key)
            found += _face(face, layout, emblems, name)
    return _collapsed(found, layout.source)


def _face(face, layout, emblems, name: str) -> list[tuple]:
    """(keypath, code, message, the side named) for each problem of one face."""
    size = face_size(face, layout)
    inset = size.bleed + size.safe
    safe = (inset, inset, size.bleed + size.width - size.safe, size.bleed + size.height - size.safe)
    placed, found = [], []
    for drawing in box_drawings(face, layout, emblems):
        box = drawing.box
        top = size.bleed + size.height - box.y
        frame = (size.bleed + box.x, top - box.h, size.bleed + box.x + box.w, top)
        what = f"box '{box.name}'"
        for drawn in drawing.drawn:
            if drawn.kind == "text":
                found += _alone(drawn, box.keypath, what, box.min_size, frame,
                                safe if box.type not in SAFE_EXEMPT else None)
            placed.append((box.keypath, what, drawn))
        found += _glyphs(drawing.lettering, box.keypath, what)
    found += _off_panels(placed) + _overprints(placed)
    if face.card is not None and face.card.name:
        name += f" ({face.card.name})"
    return [(keypath, code, f"{name}: {message}", name) for keypath, code, message in found]


def sheet_regions(sheet, layout, game, outlines) -> list[Diagnostic]:
    """One sheet, playmat, board or token page, drawn region by region in its own design area, its areas
    outlining cards of the sizes `outlines` gives (pnp.layout.regions.CardOutlines)."""
    placed, found, unfitted = [], [], []
    for region in layout.regions:
        if region.kind == "image":
            continue
        recorder = RecordingBackend()
        pen = sheet_pen(recorder, layout, game, outlines, 0.0, layout.height)
        draw_region(pen, region, sheet.model, game)
        unfitted += [_unfitted(sheet.source, text, fit, region.name) for text, fit in pen.unfitted]
        frame = (region.x, layout.height - region.y - region.h, region.x + region.w, layout.height - region.y)
        where, what = ("regions", region.name), f"region '{region.name}'"
        for drawn in recorder.drawn:
            if drawn.kind == "text":
                found += _alone(drawn, where, what, region.min_size, frame, None)
            placed.append((where, what, drawn))
        found += _glyphs(recorder.lettering, where, what)
    found += _off_panels(placed) + _overprints(placed)
    return unfitted + _collapsed([(*problem, "") for problem in found], layout.source)


def _unfitted(source, text: str, fit, region: str) -> Diagnostic:
    """A text a region's paragraph could not fit (a game's own sheet code draws words the generic fit check never
    sees): reported where the content writes it, else at the file's top."""
    keypath = next((path for path, value in strings(source.data) if value == text), ())
    return source.diagnostic(keypath, f"text-{fit.problem}", f"'{_short(text)}' does not fit its place in region "
                             f"'{region}' even at {fit.size:g}pt: {fit.detail}; shorten the text")


def _alone(text: Drawn, keypath: tuple, what: str, min_size, frame, safe) -> list[tuple]:
    """A text's own problems: too small, or outside the box that draws it (and into the safe zone's margin)."""
    found = []
    if too_small(text.size, min_size):
        lowest = floor(min_size)
        found.append((keypath, "small-type", f"{what} prints '{_short(text.text)}' at {text.size:.1f}pt, under the "
                      f"{lowest:g}pt every printed word needs at 100 % ({MIN_TEXT_SIZE:g}pt unless the layout lowers "
                      "it with min_size); make the type or the box larger"))
    if (over := text.outside(*frame, by=SPARE)) > 0:
        into_margin = safe is not None and text.outside(*safe, by=SPARE) > 0
        found.append((keypath, "text-outside", f"{what} draws '{_short(text.text)}' {_mm(over)} past its "
                      f"edge{', into the safe zone a cut can reach' if into_margin else ''}; give it room or less to "
                      "print"))
    return found


def _glyphs(lettering: list[tuple[str, str]], keypath: tuple, what: str) -> list[tuple]:
    """The characters a box or region draws in a font that lacks them, a problem per font."""
    missing: dict[str, list[str]] = {}
    first: dict[str, str] = {}  # font -> the first string it lacks characters of
    for font, string in lettering:
        if lacking := missing_glyphs(string, font):
            missing.setdefault(font, []).extend(lacking)
            first.setdefault(font, string)
    return [(keypath, "missing-glyph", f"{what} prints '{_short(first[font])}': "
             f"{glyph_message(list(dict.fromkeys(chars)), font)}") for font, chars in missing.items()]


def _off_panels(placed: list[tuple]) -> list[tuple]:
    """Texts that cross the edge of the panel under them: the smallest rectangle drawn before the text that
    holds the text's middle."""
    found, panels = [], []
    for keypath, what, drawn in placed:
        if drawn.kind == "rect":
            panels.append(drawn)
            continue
        if drawn.kind != "text":
            continue
        middle = ((drawn.x0 + drawn.x1) / 2, (drawn.y0 + drawn.y1) / 2)
        under = [p for p in panels if p.x0 <= middle[0] <= p.x1 and p.y0 <= middle[1] <= p.y1]
        if not under:
            continue
        panel = min(under, key=lambda p: (p.x1 - p.x0) * (p.y1 - p.y0))
        if (over := drawn.outside(panel.x0, panel.y0, panel.x1, panel.y1, by=SPARE)) > 0:
            found.append((keypath, "text-off-panel", f"{what} prints '{_short(drawn.text)}' {_mm(over)} "
                          "over the edge of the panel it sits on; give it room or less to print"))
    return found


def _overprints(placed: list[tuple]) -> list[tuple]:
    """Every pair of texts whose measured boxes overlap, reported at the later one's element."""
    found = []
    texts = [entry for entry in placed if entry[2].kind == "text"]
    for i, (keypath, what, text) in enumerate(texts):
        for other_keypath, other_what, other in texts[:i]:
            if text.overlaps(other, TOUCH):
                elsewhere = "" if other_keypath == keypath else f" of {other_what}"
                found.append((keypath, "overprint", f"{what} prints '{_short(text.text)}' over "
                              f"'{_short(other.text)}'{elsewhere}; move them apart or make room"))
    return found


def _collapsed(found: list[tuple], source) -> list[Diagnostic]:
    """One diagnostic per element and kind of problem: the first instance, and the other cards (or the number of
    other places) that share it."""
    grouped: dict[tuple, list[tuple[str, str]]] = defaultdict(list)
    for keypath, code, message, who in found:
        grouped[(keypath, code)].append((message, who))
    problems = []
    for (keypath, code), instances in grouped.items():
        message, first = instances[0]
        others = list(dict.fromkeys(who for _, who in instances[1:] if who and who != first))
        more = len(instances) - 1
        if others:
            shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
            message += f" (also on {shown})"
        elif more:
            message += f" (and {more} more like it)"
        problems.append(source.diagnostic(keypath, code, message))
    return problems


def _mm(points: float) -> str:
    return f"{max(points / 72 * 25.4, 0.1):.1f}mm"


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."
