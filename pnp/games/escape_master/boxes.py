"""The card layout box Escape Master draws from data: the bar under a 6 or a 9, so a card read upside down (a
fanned hand, a Stack seen from across the table) never passes a 6 for a 9."""
from __future__ import annotations

UPSIDE_DOWN_TWINS = (6, 9)


class RankMark:
    """A bar across the bottom of the box, on the ranks that read as each other upside down; nothing elsewhere."""

    def check(self, box, face, layout) -> list[str]:
        return []

    def draw(self, backend, box, face, layout, emblems, left, bottom):
        if face.card.kind != "numbered" or face.card.rank not in UPSIDE_DOWN_TWINS:
            return
        color = box.color if box.color and not box.color.startswith("{") else face.values.get(
            (box.color or "{accent}").strip("{}"), "#333333")
        backend.rect(left, bottom, box.w, box.h, fill=color, radius=box.h / 2)


BOX_KINDS = {"rank-mark": RankMark()}
