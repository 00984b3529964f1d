"""Drawing sheets: the `Pen` that region renderers draw with (boxes, tracks, labels, emblems), and
`draw_sheet`, which draws a whole sheet region by region for every output that shows one.

A `Pen` works in the sheet's own coordinates: points from the top-left of
the design area, y growing downwards, as layouts are written. Every box is
also a checkbox, and every number box a text field, when the backend draws
the fillable variant.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pnp.content.binding import game_icons
from pnp.content.words import language
from pnp.core.limits import MIN_TEXT_SIZE
from pnp.layout.regions import CardOutlines
from pnp.reading.image_files import find_image
from pnp.render.backend import Backend, symbol
from pnp.render.cards import draw_emphasized_line, draw_line_with_icons
from pnp.render.grounds import draw_ground, ground_symbol
from pnp.render.regions import RENDERERS as GENERIC_RENDERERS
from pnp.text import markup
from pnp.text.fit import fit_text
from pnp.text.fonts import family_of
from pnp.text.typography import typeset_for


@dataclass
class Pen:
    backend: Backend
    left: float  # page position of the design area's top-left corner
    top: float
    fonts: dict
    colors: dict
    emblems: dict
    box_size: float
    outlines: CardOutlines = field(default_factory=CardOutlines)  # the card size each area outlines
    icons: dict = field(default_factory=dict)  # the game's inline icons (pnp.content.binding.game_icons)
    unfitted: list = field(default_factory=list)  # texts a paragraph could not fit: validate reports them
    on_ground: bool = False  # the sheet has a drawn ground (pnp.render.grounds): its areas let it show through
    lang: str = "en"  # the game's language: its one-line texts' typewriter marks set for it (pnp.text.typography)
    regions: tuple = ()  # the layout's regions: tracks stacked in one column share its label width

    def _xy(self, x: float, y: float) -> tuple[float, float]:
        return self.left + x, self.top - y

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.6, radius=0.0):
        px, py = self._xy(x, y + h)
        self.backend.rect(px, py, w, h, fill=fill, stroke=stroke, width=width, radius=radius)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.6):
        px, py = self._xy(cx, cy)
        self.backend.circle(px, py, r, fill=fill, stroke=stroke, width=width)

    def line(self, x1, y1, x2, y2, color=None, width=0.6):
        a, b = self._xy(x1, y1)
        c, d = self._xy(x2, y2)
        self.backend.line(a, b, c, d, color or self.colors["ink"], width)

    def prints(self, size: float) -> bool:
        """Whether words of `size` print on this pen's backend: a rulebook's figure drawn small leaves the smaller
        ones off (pnp.render.rulebook_figures.LegibleOnly), and a legend's mark should go with its words."""
        prints = getattr(self.backend, "prints", None)
        return True if prints is None else prints(size)

    def text(self, x, y, string, size=7.0, font="regular", color=None, align="left"):
        """y is the top of the line; the baseline sits 0.8 size below it. Its typewriter marks are set as a
        paragraph's are (pnp.text.fit): Amelia Earhart’s Body."""
        px, py = self._xy(x, y + size * 0.8)
        string = typeset_for(string, self.lang, [self.fonts[font]])
        self.backend.text(px, py, string, self.fonts[font], size, color or self.colors["ink"], align)

    def paragraph(self, x, y, w, h, string, size=6.5, min_size=MIN_TEXT_SIZE, font="regular", color=None) -> bool:
        """Wrapped text shrunk to fit; returns False (and draws nothing, noting it in `unfitted`) if it cannot fit."""
        fit = self.fit(w, h, string, size, min_size, font)
        if not fit.ok:
            self.unfitted.append((string, fit))
            return False
        line_y = y
        for paragraph in fit.lines:
            for line in paragraph:
                if markup.has_markup(line):
                    px, py = self._xy(x, line_y + fit.size * 0.8)
                    draw_emphasized_line(self.backend, px, py, line, family_of(self.fonts), font, fit.size,
                                         color or self.colors["ink"], "left", self.icons, self.emblems, self.colors)
                elif self.icons and "{" in line:
                    px, py = self._xy(x, line_y + fit.size * 0.8)
                    draw_line_with_icons(self.backend, px, py, line, self.fonts[font], fit.size,
                                         color or self.colors["ink"], "left", self.icons, self.emblems)
                else:
                    self.text(x, line_y, line, fit.size, font, color)
                line_y += fit.leading
        return True

    def fit(self, w, h, string, size=6.5, min_size=MIN_TEXT_SIZE, font="regular"):
        """How `paragraph` would set this text in a w x h box: its lines, size and leading."""
        return fit_text(string, self.fonts[font], size, min_size, w, h, icons=frozenset(self.icons),
                        family=family_of(self.fonts))

    def emblem(self, name, x, y, size, color=None):
        color = color or self.colors["ink"]
        draw = self.emblems[name]

        def scaled(b):
            b.save()
            b.scale(size / 100.0, size / 100.0)
            draw(b, color)
            b.restore()

        px, py = self._xy(x, y + size)
        symbol(self.backend, f"emblem:{name}:{color}:{size:.2f}", size, size, scaled, px, py)

    def image(self, path, x, y, w, h, fit="contain"):
        """An image file fitted into the w x h box whose top-left corner is (x, y)."""
        px, py = self._xy(x, y + h)
        self.backend.image(path, px, py, w, h, **({"fit": fit} if fit != "contain" else {}))

    def box(self, x, y, name, size=None, icon=None, icon_color=None, fill=None):
        """One box to darken; an icon, if any, printed faintly inside it."""
        size = size or self.box_size
        self.rect(x, y, size, size, fill=fill or "#ffffff", stroke=self.colors["ink"], width=0.6)
        if icon:
            inset = size * 0.18
            self.emblem(icon, x + inset, y + inset, size - 2 * inset, icon_color or self.colors["muted"])
        px, py = self._xy(x, y + size)
        self.backend.checkbox(name, px, py, size)

    def track(self, x, y, length, name, icons=None, size=None, gap=0.0, icon_colors=None):
        """A row of boxes, left to right; icons maps a 1-based position to an icon name."""
        size = size or self.box_size
        icons = icons or {}
        for i in range(1, length + 1):
            icon = icons.get(i)
            self.box(x + (i - 1) * (size + gap), y, f"{name}.{i}", size, icon, (icon_colors or {}).get(icon))
        return x + length * (size + gap)

    def number_box(self, x, y, w, h, name, fill="#ffffff"):
        self.rect(x, y, w, h, fill=fill, stroke=self.colors["ink"], width=0.8)
        px, py = self._xy(x, y + h)
        self.backend.text_field(name, px, py, w, h)


def draw_sheet(backend: Backend, project, sheet_id: str, left: float, top: float, bleed: float = 0.0,
               leave_out: tuple[str, ...] = ()) -> None:
    """A whole sheet, region by region, its design area's top-left corner at page point (left, top); its ground (if
    the layout has one) runs `bleed` points past the design area on every side (a print shop's file). Regions of
    the kinds `leave_out` names are not drawn (a rulebook's heading names the sheet: its title region is left out)."""
    layout = project.sheet_layouts[sheet_id]
    game = project.game
    pen = sheet_pen(backend, layout, game, project.card_outlines, left, top)
    if layout.ground:
        width, height = layout.width + 2 * bleed, layout.height + 2 * bleed
        symbol(backend, ground_symbol(game.root.name, sheet_id, layout, bleed), width, height,
               lambda inner: draw_ground(inner, layout.ground, layout.width, layout.height, bleed, layout.colors["panel"]),
               left - bleed, top - layout.height - bleed)
    if layout.background:  # under every region, covering the design area and the bleed
        path, _ = find_image(game.root, layout.background)
        if path:
            pen.image(str(path), -bleed, -bleed, layout.width + 2 * bleed, layout.height + 2 * bleed, "cover")
    for region in (r for r in layout.regions if r.kind not in leave_out):
        draw_region(pen, region, game.sheets[sheet_id].model, game)


def sheet_pen(backend: Backend, layout, game, outlines: CardOutlines, left: float, top: float) -> Pen:
    """The pen a sheet's regions draw with, the design area's top-left corner at page point (left, top); its areas
    outline cards of the sizes `outlines` gives (Project.card_outlines)."""
    return Pen(backend, left, top, layout.fonts, layout.colors, game.emblems, layout.box, outlines, game_icons(game),
               on_ground=layout.ground is not None, lang=language(game), regions=tuple(layout.regions))


def draw_region(pen: Pen, region, sheet, game) -> None:
    """One region of a sheet, by the generic renderer of its kind or the game's own."""
    renderers = {**GENERIC_RENDERERS, **game.plugin.sheet_renderers}
    renderers[region.kind](pen, region, sheet, game)
