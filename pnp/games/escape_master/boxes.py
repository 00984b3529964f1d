"""The card layout boxes Escape Master draws from data: a Numbered card's pips (or, on a face card, its court
panel), and the bar under a 6 or a 9, so a card read upside down (a fanned hand, a Stack seen from across the
table) never passes a 6 for a 9."""
from __future__ import annotations

from pnp.render.backend import place_emblem

UPSIDE_DOWN_TWINS = (6, 9)
FACE_RANKS = (11, 12, 13)  # J, Q and K: "no number" (they play as 11, 12 and 13), so a court panel, not pips
FACE_MARKS = {11: "leap", 12: "moon", 13: "flame"}  # Jump, Quiet, Kindle: each face rank's mark (emblems.py)

# Where the pips of ranks 1 to 10 sit, as playing cards place them: (column, row) in the pip field, column 0 (left),
# 0.5 (centre) or 1 (right), row 0 (top) to 1 (bottom). Pips below the middle are drawn upside down, as on a
# playing card, so the card reads the same from either end.
_TOP, _BOTTOM = [(0, 0), (1, 0)], [(0, 1), (1, 1)]
_SIDES_4_ROWS = [(x, y) for y in (0, 1 / 3, 2 / 3, 1) for x in (0, 1)]
PIP_LAYOUTS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: _TOP + _BOTTOM,
    5: _TOP + [(0.5, 0.5)] + _BOTTOM,
    6: _TOP + [(0, 0.5), (1, 0.5)] + _BOTTOM,
    7: _TOP + [(0.5, 0.25), (0, 0.5), (1, 0.5)] + _BOTTOM,
    8: _TOP + [(0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75)] + _BOTTOM,
    9: _SIDES_4_ROWS + [(0.5, 0.5)],
    10: _SIDES_4_ROWS + [(0.5, 1 / 6), (0.5, 5 / 6)],
}
PIP_SHARE = 0.3  # a pip's side, as a share of the field's width: three columns with room between them
ACE_SHARE = 0.8  # the single pip of a 1, as large as the field's width allows
PAPER = "#fbf7ee"  # the card's panel, under the court panel's frame


def box_color(box, face) -> str:
    """The box's colour: as written, or the card value it names ("{accent}")."""
    if box.color and not box.color.startswith("{"):
        return box.color
    return face.values.get((box.color or "{accent}").strip("{}"), "#333333")


class RankMark:
    """A bar across the bottom of the box, on the ranks that read as each other upside down; nothing elsewhere."""

    def check(self, box, face, layout) -> list[str]:
        return []

    def draw(self, backend, box, face, layout, emblems, left, bottom):
        if face.card.kind != "numbered" or face.card.rank not in UPSIDE_DOWN_TWINS:
            return
        backend.rect(left, bottom, box.w, box.h, fill=box_color(box, face), radius=box.h / 2)


class RankPips:
    """A Numbered card's body: as many of its tribe's emblems as its rank (1 to 10), in the classic layouts; a face
    card (J, Q, K) a court panel with the emblem twice, head to head. Nothing on other cards."""

    def check(self, box, face, layout) -> list[str]:
        card = face.card
        if card.kind != "numbered" or not card.rank or not face.values.get("art"):
            return ["a rank-pips box draws a Numbered card's pips; this card has no rank or no tribe emblem"]
        return []

    def draw(self, backend, box, face, layout, emblems, left, bottom):
        card, art = face.card, face.values.get("art")
        if card.kind != "numbered" or not art:
            return
        color = box_color(box, face)
        if card.rank in FACE_RANKS:
            _court(backend, emblems, art, color, left, bottom, box.w, box.h, FACE_MARKS[card.rank])
            return
        for column, row in PIP_LAYOUTS.get(card.rank, []):
            side = box.w * (ACE_SHARE if card.rank == 1 else PIP_SHARE)
            x = left + column * (box.w - side)
            y = bottom + box.h - side - row * (box.h - side)  # rows counted from the top
            _pip(backend, emblems, art, color, x, y, side, upside_down=row > 0.5)


def _pip(backend, emblems, art: str, color: str, x: float, y: float, side: float, upside_down: bool) -> None:
    if not upside_down:
        place_emblem(backend, emblems, art, color, x, y, side)
        return
    backend.save()
    backend.translate(x + side / 2, y + side / 2)
    backend.rotate(180)
    place_emblem(backend, emblems, art, color, -side / 2, -side / 2, side)
    backend.restore()


def _court(backend, emblems, art: str, color: str, left: float, bottom: float, w: float, h: float,
           mark: str) -> None:
    """A framed panel, as a playing card's court: the tribe's emblem upright in its upper half and upside down in
    its lower half, a rule between them, and on the rule the rank's mark in a disc (J, Q and K told apart by more
    than their corner letter)."""
    inset = w * 0.06
    backend.rect(left, bottom, w, h, stroke=color, width=1.6, radius=w * 0.06)
    backend.rect(left + inset, bottom + inset, w - 2 * inset, h - 2 * inset, fill=PAPER, stroke=color, width=0.6,
                 radius=w * 0.04)
    middle = bottom + h / 2
    backend.line(left + 2 * inset, middle, left + w - 2 * inset, middle, color, 0.8)
    radius = w * MARK_SHARE / 2
    gap = inset + radius * 0.7  # the emblems stand clear of the mark's disc
    side = min(w - 4 * inset, h / 2 - 2 * inset - gap)
    x = left + (w - side) / 2
    _pip(backend, emblems, art, color, x, middle + gap, side, upside_down=False)
    _pip(backend, emblems, art, color, x, middle - gap - side, side, upside_down=True)
    backend.circle(left + w / 2, middle, radius, fill=PAPER, stroke=color, width=0.8)
    place_emblem(backend, emblems, mark, color, left + w / 2 - radius * 0.62, middle - radius * 0.62, radius * 1.24)


MARK_SHARE = 0.3  # the face rank's mark disc, of the court panel's width

BOX_KINDS = {"rank-mark": RankMark(), "rank-pips": RankPips()}
