"""Checks of what a card face or a sheet prints, as drawn: every box and region is drawn once into the
recording backend, which learns what each drawing covers (pnp.render.backend.Drawn), and then

- every text is at least the smallest type its box or region allows (pnp.text.legibility),
- every text stays inside the box or region that draws it (a card's boxes lie inside its safe zone, so a
  text that leaves its box may also run into the zone a cut can reach),
- no two texts overprint each other.

Each problem is an error at the layout element (box or region) that draws the text, found whatever draws it:
pnp's own boxes and regions, or a game package's.
"""
from __future__ import annotations

from collections import defaultdict

from pnp.diagnostics import Diagnostic
from pnp.limits import MIN_TEXT_SIZE
from pnp.render.backend import Drawn, RecordingBackend
from pnp.render.cards import draw_box, face_size
from pnp.render.sheets import draw_region, sheet_pen
from pnp.text.legibility import floor, too_small

SPARE = 0.5  # points a text's measured box may reach past its box: a glyph's side bearing, rounding
TOUCH = 0.3  # points two texts' measured boxes may share before they overprint (capitals over descenders)
SAFE_EXEMPT = ("fill", "rect", "image")  # boxes that may run into the bleed: they draw no words


def card_faces(faces, layout, emblems) -> list[Diagnostic]:
    """Each distinct face of the game's cards (fronts and backs), drawn box by box."""
    found, seen = [], set()
    for card_id, face in [*faces.fronts.items(), *faces.backs.items()]:
        if face.key not in seen:
            seen.add(face.key)
            found += _face(face, layout, emblems, card_id)
    return _collapsed(found, layout.source, "cards")


def _face(face, layout, emblems, card_id: str) -> list[tuple]:
    """(keypath, code, message) for each problem of one face."""
    size = face_size(face, layout)
    inset = size.bleed + size.safe
    safe = (inset, inset, size.bleed + size.width - size.safe, size.bleed + size.height - size.safe)
    placed, found = [], []
    for box in face.template.boxes:
        if box.type == "fill" or not box.shown_on(face.values):
            continue
        pen = RecordingBackend()
        draw_box(pen, box, face, layout, emblems)
        top = size.bleed + size.height - box.y
        frame = (size.bleed + box.x, top - box.h, size.bleed + box.x + box.w, top)
        what = f"box '{box.name}'"
        for text in (d for d in pen.drawn if d.kind == "text"):
            found += _alone(text, box.keypath, what, box.min_size, frame, safe if box.type not in SAFE_EXEMPT else None)
            placed.append((box.keypath, what, text))
    found += _overprints(placed)
    return [(keypath, code, f"card '{card_id}': {message}") for keypath, code, message in found]


def sheet_regions(sheet, layout, game, card_size) -> list[Diagnostic]:
    """One sheet, playmat, board or token page, drawn region by region in its own design area."""
    placed, found = [], []
    for region in layout.regions:
        if region.kind == "image":
            continue
        pen = RecordingBackend()
        draw_region(sheet_pen(pen, layout, game, card_size, 0.0, layout.height), region, sheet.model, game)
        frame = (region.x, layout.height - region.y - region.h, region.x + region.w, layout.height - region.y)
        where, what = ("regions", region.name), f"region '{region.name}'"
        for text in (d for d in pen.drawn if d.kind == "text"):
            found += _alone(text, where, what, region.min_size, frame, None)
            placed.append((where, what, text))
    found += _overprints(placed)
    return _collapsed(found, layout.source, "")


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
        found.append((keypath, "text-outside", f"{what} draws '{_short(text.text)}' {over / 72 * 25.4:.1f}mm past its "
                      f"edge{', into the safe zone a cut can reach' if into_margin else ''}; give it room or less to "
                      "print"))
    return found


def _overprints(placed: list[tuple]) -> list[tuple]:
    """Every pair of texts whose measured boxes overlap, reported at the later one's element."""
    found = []
    for i, (keypath, what, text) in enumerate(placed):
        for other_keypath, other_what, other in placed[:i]:
            if text.overlaps(other, TOUCH):
                elsewhere = "" if other_keypath == keypath else f" of {other_what}"
                found.append((keypath, "overprint", f"{what} prints '{_short(text.text)}' over "
                              f"'{_short(other.text)}'{elsewhere}; move them apart or make room"))
    return found


def _collapsed(found: list[tuple], source, unit: str) -> list[Diagnostic]:
    """One diagnostic per element and kind of problem: the first instance, and how many more cards share it."""
    grouped: dict[tuple, list[str]] = defaultdict(list)
    for keypath, code, message in found:
        grouped[(keypath, code)].append(message)
    problems = []
    for (keypath, code), messages in grouped.items():
        more = len(messages) - 1
        tail = f" (and {more} more like it{' on other ' + unit if unit else ''})" if more else ""
        problems.append(source.diagnostic(keypath, code, messages[0] + tail))
    return problems


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."
