"""The one card layout box Stranded draws from data: the emblem of a card's ability (or its knowledge side's)."""
from __future__ import annotations

from pnp.render.backend import place_emblem
from pnp.text.legibility import floor


class AbilityIcon:
    """`field: ability` (or `knowledge.ability`, or `rules`): the emblem of that effect list's first word."""

    def check(self, box, face, layout) -> list[str]:
        return []

    def draw(self, backend, box, face, layout, emblems, left, bottom):
        effects = face.card
        for part in (box.field or "ability").split("."):
            effects = getattr(effects, part, None) if effects is not None else None
        if not effects:
            return
        first = effects[0]
        word = first if isinstance(first, str) else next(iter(first))
        color = box.color if box.color and not box.color.startswith("{") else face.values.get(
            (box.color or "{accent}").strip("{}"), "#333333")
        side = min(box.w, box.h)
        place_emblem(backend, emblems, word, color, left + (box.w - side) / 2, bottom + (box.h - side) / 2, side)


BOX_KINDS = {"ability-icon": AbilityIcon()}


SOL_COLORS = {"green": "#3f8f4f", "yellow": "#d9a520", "red": "#c0392b"}


class DangerValues:
    """The free-card box, and the green, yellow and red values of a danger (or a Final Chapter's one value)."""

    def check(self, box, face, layout) -> list[str]:
        card = face.card
        if card.free is None:
            return ["a danger-values box shows a danger's or a Final Chapter's free cards; this card has none"]
        return []

    def draw(self, b, box, face, layout, emblems, left, bottom):
        card, bold = face.card, layout.fonts["bold"]
        side = box.h
        b.rect(left, bottom, side, side, fill="#ffffff", stroke="#333333", width=1.0, radius=1.5)
        b.text(left + side / 2, bottom + side * 0.3, str(card.free), bold, side * 0.5, "#1b2430", "center")
        b.text(left + side / 2, bottom + side * 0.08, "FREE", bold, max(side * 0.15, floor(box.min_size)), "#666666", "center")
        x = left + side + box.h * 0.25
        if card.kind == "final_chapter":
            w = box.w - (x - left)
            b.rect(x, bottom, w, side, fill="#2b2b2b", radius=1.5)
            b.text(x + w / 2, bottom + side * 0.3, str(card.hazard), bold, side * 0.5, "#ffffff", "center")
            b.text(x + w / 2, bottom + side * 0.08, "TO BEAT", bold, max(side * 0.15, floor(box.min_size)), "#cccccc", "center")
            return
        step = (box.w - (x - left)) / 3
        for i, sol in enumerate(("green", "yellow", "red")):
            cx = x + i * step
            b.rect(cx + 0.8, bottom, step - 1.6, side, fill=SOL_COLORS[sol], radius=1.5)
            b.text(cx + step / 2, bottom + side * 0.3, str(getattr(card, sol)), bold, side * 0.5, "#ffffff", "center")


BOX_KINDS["danger-values"] = DangerValues()
