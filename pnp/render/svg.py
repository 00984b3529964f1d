"""An SVG drawing backend: the same calls as the PDF backend, written as one inline <svg> element.

Used for the rules reference's HTML, where a game's figures (drawn from its
data by the same code that draws the PDF rulebook) appear as vector images.
Coordinates arrive in PDF points, y up; the drawing is flipped once at the
top, and text is flipped back so it reads the right way up.
"""
from __future__ import annotations

from html import escape

from pnp.render.backend import draw_placeholder
from pnp.rules.figures import figure_kind

FONT_FAMILIES = {"Vera": ("Bitstream Vera Sans, DejaVu Sans, Verdana, sans-serif", "normal", "normal"),
                 "VeraBd": ("Bitstream Vera Sans, DejaVu Sans, Verdana, sans-serif", "bold", "normal"),
                 "VeraIt": ("Bitstream Vera Sans, DejaVu Sans, Verdana, sans-serif", "normal", "italic"),
                 "VeraBI": ("Bitstream Vera Sans, DejaVu Sans, Verdana, sans-serif", "bold", "italic")}
ANCHORS = {"left": "start", "center": "middle", "right": "end"}
RTL_ANCHORS = {"left": "end", "center": "middle", "right": "start"}  # in right-to-left text, start is the right


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _paint(fill, stroke, width) -> str:
    return (f' fill="{fill or "none"}"' + (f' stroke="{stroke}" stroke-width="{_n(width)}"' if stroke else ""))


class SvgBackend:
    def __init__(self, width: float, height: float, title: str = ""):
        self.width, self.height, self.title = width, height, title
        self.parts: list[str] = []
        self.open_groups: list[int] = []  # per save(): how many <g> were opened since
        self.symbols: dict[str, str] = {}
        self.defs: list[str] = []

    # -- state ------------------------------------------------------------------------------
    def save(self):
        self.open_groups.append(0)

    def restore(self):
        self.parts += ["</g>"] * self.open_groups.pop()

    def _group(self, transform: str):
        self.parts.append(f'<g transform="{transform}">')
        if self.open_groups:
            self.open_groups[-1] += 1
        else:  # a transform outside save/restore lasts to the end
            self.open_groups.append(1)

    def translate(self, x, y):
        self._group(f"translate({_n(x)} {_n(y)})")

    def scale(self, sx, sy):
        self._group(f"scale({_n(sx)} {_n(sy)})")

    def rotate(self, degrees):
        self._group(f"rotate({_n(degrees)})")

    def clip_rect(self, x, y, w, h):
        pass  # figures stay inside their own area

    # -- shapes -------------------------------------------------------------------------------
    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.5, radius=0.0):
        corner = f' rx="{_n(radius)}"' if radius else ""
        self.parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{corner}'
                          f'{_paint(fill, stroke, width)}/>')

    def line(self, x1, y1, x2, y2, color="#000000", width=0.5):
        self.parts.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{color}" '
                          f'stroke-width="{_n(width)}"/>')

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.5):
        self.parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}"{_paint(fill, stroke, width)}/>')

    def path(self, commands, fill=None, stroke=None, width=0.5):
        d = " ".join(command[0] + " ".join(_n(v) for v in command[1:]) for command in commands)
        self.parts.append(f'<path d="{d}"{_paint(fill, stroke, width)}/>')

    def text(self, x, y, string, font, size, color="#000000", align="left", base=None):
        """`base` 1: a line of a right-to-left paragraph, which the browser lays out right to left (its anchors then
        count from the right, so `align` stays the side it names)."""
        family, weight, style = FONT_FAMILIES.get(font, FONT_FAMILIES["Vera"])
        anchor, rtl = ANCHORS[align], ""
        if base == 1:
            anchor, rtl = RTL_ANCHORS[align], ' direction="rtl"'
        self.parts.append(f'<text transform="translate({_n(x)} {_n(y)}) scale(1 -1)" font-family="{family}" '
                          f'font-weight="{weight}" font-style="{style}" font-size="{_n(size)}" fill="{color}" '
                          f'text-anchor="{anchor}"{rtl}>{escape(string)}</text>')

    def image(self, path, x, y, w, h, fit="contain", color=None):
        pass  # figures draw vectors only

    # -- symbols --------------------------------------------------------------------------------
    def has_symbol(self, name):
        return name in self.symbols

    def define_symbol(self, name, width, height, draw):
        outer, saved = self.parts, self.open_groups
        self.parts, self.open_groups = [], []
        draw(self)
        self.parts += ["</g>"] * sum(self.open_groups)
        ident = f"s{len(self.symbols)}"
        self.symbols[name] = ident
        self.defs.append(f'<g id="{ident}">{"".join(self.parts)}</g>')
        self.parts, self.open_groups = outer, saved

    def use_symbol(self, name, x, y):
        self.parts.append(f'<use href="#{self.symbols[name]}" x="{_n(x)}" y="{_n(y)}"/>')

    def svg(self, ident: str = "figure") -> str:
        """The whole drawing; symbol ids are prefixed with `ident`, so several figures can share a page."""
        body = "".join(self.parts) + "</g>" * sum(self.open_groups)
        defs = "".join(self.defs)
        for name, symbol_id in self.symbols.items():
            defs = defs.replace(f'id="{symbol_id}"', f'id="{ident}-{symbol_id}"')
            body = body.replace(f'href="#{symbol_id}"', f'href="#{ident}-{symbol_id}"')
            defs = defs.replace(f'href="#{symbol_id}"', f'href="#{ident}-{symbol_id}"')
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(self.width)} {_n(self.height)}" '
                f'width="{_n(self.width)}" height="{_n(self.height)}" role="img">{title}<defs>{defs}</defs>'
                f'<g transform="translate(0 {_n(self.height)}) scale(1 -1)">{body}</g></svg>')


def figure_svg(game, figure: dict, ident: str) -> str:
    """A rule's figure as an inline <svg> element ("" for a figure kind the game does not draw)."""
    kind = figure_kind(game, figure)
    if kind is None:
        return ""
    width, height = kind.size(figure, game)
    backend = SvgBackend(width, height, kind.describe(figure, game).splitlines()[0])
    kind.draw(backend, figure, game, 0.0, 0.0)
    return backend.svg(ident)


def icon_svg(game, name: str) -> str:
    """An inline icon as an <svg> one text line high, its word as the title (what a screen reader says)."""
    icon = game.manifest.icons[name]
    if icon.image:
        return _icon_image(game, name, icon.image, icon.word)
    backend = SvgBackend(100, 100, icon.word)
    game.emblems[icon.emblem](backend, icon.color)
    svg = backend.svg(f"icon-{name}")
    return svg.replace('width="100" height="100"', 'width="1.15em" height="1.15em" class="icon" '
                       'style="vertical-align:-0.2em"', 1)


def _icon_image(game, name: str, image: str, word: str) -> str:
    """An image icon, embedded (the HTML reference is one file)."""
    from pnp.reading.image_files import embedded_image, find_image

    path, _ = find_image(game.root, image)
    if path is None:  # a --draft build: the file does not exist yet (validate refuses every other problem)
        backend = SvgBackend(100, 100, word)
        draw_placeholder(backend, image, 0, 0, 100, 100)
        return backend.svg("icon-placeholder").replace('width="100" height="100"', 'width="1.15em" height="1.15em" '
                                                   'class="icon" style="vertical-align:-0.2em"', 1)
    kind, data = embedded_image(path, game.manifest.icons[name].color)
    return (f'<img src="data:{kind};base64,{data}" alt="{escape(word)}" class="icon" '
            'style="height:1.15em;vertical-align:-0.2em">')
