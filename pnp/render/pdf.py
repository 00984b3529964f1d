"""The PDF backend: the only module that draws with reportlab's canvas (with pnp.render.svg_art, which it hands
SVG images to).

Canvases are created with invariant=1 (no timestamps or random ids, so two
builds are byte-identical) and with an embedded initial font, so no
unembedded Helvetica reference ends up in the file.
"""
from __future__ import annotations

import base64
import hashlib
from functools import lru_cache
from pathlib import Path

from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.reading.image_files import covering_size, pixel_size, print_image
from pnp.reading.svg_files import is_svg
from pnp.render import form_fields, form_reuse
from pnp.render.backend import draw_placeholder
from pnp.render.fonts import DEFAULT_FONT, drawn_runs, drawn_string, register, register_all
from pnp.render.pdfx import make_pdfx
from pnp.render.press import Press
from pnp.render.svg_art import draw_svg
from pnp.text.direction import paragraph_level


def _encode_ascii_directly() -> None:
    """reportlab writes every string of a file (numbers, names, whole content streams) through its PDFDocEncoding
    codec, a charmap whose Python-level calls are a large part of the time it takes to save a file. That encoding
    is ASCII's for every character but U+0018 to U+001F: a string without them goes straight to bytes, any other
    through the codec as before, so every file is byte for byte what reportlab alone writes (tests/test_render.py)."""
    from reportlab.pdfbase import pdfdoc

    codec = pdfdoc.pdfdocEnc
    if getattr(codec, "reportlabs", None) is not None:  # done already
        return
    unlike_ascii = bytes(range(0x18, 0x20))

    def pdfdoc_encoded(x):
        if isinstance(x, str) and x.isascii():
            data = x.encode("ascii")
            if len(data.translate(None, unlike_ascii)) == len(data):
                return data
        return codec(x)

    pdfdoc_encoded.reportlabs = codec
    pdfdoc.pdfdocEnc = pdfdoc_encoded


# zlib's fastest level for a file's content streams and embedded fonts: a build spends a tenth of its time
# compressing at reportlab's default (6), and level 1 takes a third of that for files 4 % larger (the five games:
# 31.6 MB against 32.8 MB). A PDF reader inflates either the same; images keep reportlab's own compression.
STREAM_COMPRESSION = 1


def _compress_quickly() -> None:
    import zlib

    from reportlab.pdfbase import pdfdoc

    def encode(self, text):
        return zlib.compress(text.encode("utf8") if isinstance(text, str) else text, STREAM_COMPRESSION)

    type(pdfdoc.PDFZCompress).encode = encode


def _format_plain_values_directly() -> None:
    """reportlab writes a file by passing each value of each object to pdfdoc.format, which asks first whether it
    is one of its objects; most values are numbers and strings. Those are written here before that question (as
    format writes them), and a name's PDF form is remembered: nearly every object repeats /Type, /Length and
    their like. The bytes are reportlab's own (tests/test_render.py)."""
    from functools import lru_cache

    from reportlab.pdfbase import pdfdoc

    general = pdfdoc.format
    if getattr(general, "reportlabs", None) is not None:
        return
    fp_str = pdfdoc.fp_str

    def format(element, document, toplevel=0):
        kind = type(element)
        if kind is float or kind is int:
            return fp_str(element).encode("ascii")  # digits, a point and a sign: ASCII, as the codec writes them
        if kind is bytes:
            return element
        if kind is str:
            return pdfdoc.pdfdocEnc(element)
        return general(element, document, toplevel)

    format.reportlabs = general
    pdfdoc.format = format
    pdfdoc.PDFName = lru_cache(maxsize=4096)(pdfdoc.PDFName)


def _load_images_once() -> None:
    """reportlab compresses an image's pixels (zlib at its default level, then ASCII85) each time a document first
    places it, and a deck's art goes into some eight files. An image's stream (with its soft mask's) is a function
    of its pixels and the mask asked for: the first loading is kept on the image (a PrintImage) and each further
    document copies it, so every file is byte for byte what loading it again writes (tests/test_render.py). A build
    keeps the loadings in its store too (pnp.render.form_store.ImageStreams): its other workers, and the next build,
    put them in without decoding the image."""
    import copy

    from reportlab import rl_config
    from reportlab.pdfbase import pdfdoc

    load = pdfdoc.PDFImageXObject.loadImageFromSRC
    if getattr(load, "reportlabs", None) is not None:
        return

    def loadImageFromSRC(self, image):
        if not isinstance(image, PrintImage):
            return load(self, image)
        asked = (self.mask if isinstance(self.mask, str) else repr(self.mask), rl_config.useA85)
        kept = image.loaded.get(asked)
        if kept is None:
            kept = image.stored_stream(asked)
        if kept is None:
            loadImageFromSRC.reportlabs(self, image)
            kept = {k: v for k, v in vars(self).items() if k != "name"}
        image.loaded[asked] = kept
        image.keep_stream(asked, kept)  # loaded here or before the build began (the workers inherit that): kept once
        self.__dict__.update(kept)
        if "_smask" in kept:  # each document references its own soft mask object (Canvas.drawImage deletes it here)
            self._smask = copy.copy(kept["_smask"])

    loadImageFromSRC.reportlabs = load
    pdfdoc.PDFImageXObject.loadImageFromSRC = loadImageFromSRC


class PrintImage:
    """An image as pnp embeds it: reportlab's ImageReader of it, with a name from a digest of its pixels made once.
    Given an ImageReader, Canvas.drawImage digests all its pixels again at every placing, to name it; given
    anything else, it names it from str(image), which is that digest here. What the image's stream loads to is kept
    on it too (_load_images_once).

    `pixels` gives the image (a PIL image, or a function that makes it). For an image made by `_image` (a file in a
    box, for a press), the build's store keeps its loadings (pnp.render.form_store.ImageStreams): the pixels are made
    only when the store lacks one, so an image an earlier build loaded is never decoded, scaled or separated again."""

    def __init__(self, pixels):
        self._pixels = pixels
        self._made = None  # the ImageReader, once the pixels are made
        self._name = None
        self.loaded: dict = {}  # (mask asked, ASCII85 or not) -> the loaded stream's attributes
        self.source = None  # (file, box width, box height) when made by _image
        self.press = None  # the press it is made for, when made by _image

    @property
    def _reader(self):
        if self._made is None:
            from reportlab.lib.utils import ImageReader

            image = self._pixels() if callable(self._pixels) else self._pixels
            self._made = ImageReader(image)
            pixels = hashlib.sha256(f"{image.mode} {image.size}".encode("ascii"))
            pixels.update(image.tobytes())
            self._name = f"pnp-image-{pixels.hexdigest()}"
        return self._made

    def jpeg_fh(self):  # reportlab asks whether there is one before loading: a method here, so asking decodes nothing
        return self._reader.jpeg_fh()

    def __getattr__(self, name):  # what reportlab reads of an image: getSize, getRGBData, _dataA, mode...
        if name.startswith("__") or name in ("_pixels", "_made", "_name", "source", "press"):
            raise AttributeError(name)  # not yet set (a copy being made): no such attribute
        return getattr(self._reader, name)

    def __str__(self) -> str:
        if self._name is None:
            from reportlab import rl_config

            self.stored_stream(("auto", rl_config.useA85))  # the mask pnp draws with: names it without the pixels
        if self._name is None:
            self._reader.getSize()  # the pixels made, and named from their digest
        return self._name

    def stored_stream(self, asked: tuple) -> dict | None:
        """The loading of the image for `asked` (mask, ASCII85) as the build's store keeps it, or None."""
        streams = self._streams()
        found = streams.load(asked) if streams is not None else None
        if found is None:
            return None
        name, loaded = found
        if self._name is None:
            self._name = name
        if name != self._name:
            return None
        return self.loaded.setdefault(asked, loaded)

    def keep_stream(self, asked: tuple, loaded: dict) -> None:
        streams = self._streams()
        if streams is not None:
            streams.keep(asked, str(self), loaded)

    def _streams(self):
        """Its loadings in the store of the build drawing now (none outside a build, or for an image not of a file)."""
        store = form_reuse.kept_store()
        return store.image_streams(*self.source, self.press) if store is not None and self.source else None


_encode_ascii_directly()
_compress_quickly()
_format_plain_values_directly()
_load_images_once()


@lru_cache(maxsize=512)
def color(hex_value: str):
    return HexColor(hex_value)


@lru_cache(maxsize=2048)
def _press_color(cmyk: tuple[float, float, float, float]):
    # no alpha: an opaque colour needs none, and reportlab raises the file to PDF 1.4 (transparency) for any
    return CMYKColor(*cmyk, alpha=None)


@lru_cache(maxsize=64)
def _image(path: str, w: float, h: float, press: Press | None):
    """An image file ready to embed in a w x h box (see pnp.reading.image_files.print_image); one per file, size and
    colour space, so a document embeds each image once, and the process loads it once."""
    image = PrintImage(lambda: print_image(path, w, h, press))  # made when first needed: a stored loading may do
    image.source = (path, w, h)  # what a stored form names it by (pnp.render.form_store)
    image.press = press
    return image


def new_canvas(target, width: float, height: float, title: str = "", no_scaling: bool = False,
               cmyk: bool = False, pdfx: str | None = None) -> Canvas:
    """A canvas for one output file; with cmyk, reportlab refuses any colour that is not CMYK; with pdfx (a
    level: "x-1a:2003", "x-1a:2001"), the file is PDF/X-1a of that level (pnp.render.pdfx; call pdfx.finish
    before saving)."""
    register_all()
    canvas = Canvas(str(target) if isinstance(target, Path) else target, pagesize=(width, height),
                    invariant=1, pageCompression=1, initialFontName=DEFAULT_FONT, initialFontSize=10,
                    enforceColorSpace="cmyk" if cmyk else None)
    canvas.setTitle(title)
    canvas.setAuthor("pnp")
    canvas.setCreator("pnp")
    canvas.setProducer("pnp")
    if no_scaling:
        # ask viewers to print at 100%, so cards come out at their true size
        canvas.setViewerPreference("PrintScaling", "None")
    if pdfx:
        make_pdfx(canvas, pdfx)
    return canvas


def _runs_in(string: str, font: str, base: int) -> tuple[tuple, ...]:
    """What reportlab draws for a line set in the direction of its paragraph where that is not the line's own (a
    line of an Arabic paragraph that starts with an English word): as pnp.render.fonts.drawn_runs, each run by
    the glyphs it draws."""
    from pnp.text.fonts import setting

    return tuple((run, register(run.font), drawn_string(run)) for run in setting(string, font, base).runs)


def symbol_name(key: str) -> str:
    """A symbol's form name, from its key alone: the same in every document, so a form placing it is too
    (pnp.render.form_reuse). Keys hold '#' and ':', which PDF names must not; a digest has neither. 64 bits in
    base 32 (13 letters and digits): two keys of one document share a name once in some 10^13 documents of a
    thousand symbols, and the backend refuses that rather than draw one for the other."""
    digest = hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest()
    return "S" + base64.b32encode(digest).decode("ascii").rstrip("=").lower()


class PdfBackend:
    def __init__(self, canvas: Canvas, fillable: bool = False, press: Press | None = None,
                 sharing: form_reuse.Sharing | None = None):
        """press: draw for a CMYK press, every colour and image through its profile (pnp.render.press).
        sharing: the document's symbols are reused from, and kept for, the process's other documents of the same
        scope (pnp.render.form_reuse); to be given on a fresh canvas, as its fonts are settled first."""
        self.canvas = canvas
        self.press = press
        if press:
            self.color = lambda hex_value: _press_color(press.color(hex_value))
            self.line_color = lambda hex_value: _press_color(press.line_color(hex_value))
        else:
            self.color = self.line_color = color
        self.fillable = fillable  # draw form fields (a checkbox per box, text fields) for tablet play
        self._symbols: dict[str, str] = {}  # symbol key -> PDF-safe form name
        self._keys: dict[str, str] = {}  # form name -> symbol key, to refuse two keys of one digest
        # a fillable document's form fields are the document's, not a form's: its symbols are drawn, never shared
        self._forms = None
        if sharing is not None and not fillable:
            self._forms = forms = form_reuse.DocumentForms(canvas, sharing, press, {"fill": self.color, "line": self.line_color},
                                                           self._symbols, self._name)
            # colours go through it: a form kept is put in only where the backend gives it the same colours
            self.color, self.line_color = lambda value: forms.colour("fill", value), lambda value: forms.colour("line", value)

    def begin_page(self, width, height, trim_box=None, bleed_box=None):
        self.canvas.setPageSize((width, height))
        if trim_box:
            self.canvas.setTrimBox(trim_box)
        if bleed_box:
            self.canvas.setBleedBox(bleed_box)

    def end_page(self):
        self.canvas.showPage()

    def save(self):
        self.canvas.saveState()

    def restore(self):
        self.canvas.restoreState()

    def translate(self, x, y):
        self.canvas.translate(x, y)

    def rotate(self, degrees):
        self.canvas.rotate(degrees)

    def scale(self, sx, sy):
        self.canvas.scale(sx, sy)

    def clip_rect(self, x, y, w, h):
        path = self.canvas.beginPath()
        path.rect(x, y, w, h)
        self.canvas.clipPath(path, stroke=0, fill=0)

    def _paint(self, fill, stroke, width):
        if fill:
            self.canvas.setFillColor(self.color(fill))
        if stroke:
            self.canvas.setStrokeColor(self.line_color(stroke))
            self.canvas.setLineWidth(width)
        return (1 if fill else 0), (1 if stroke else 0)

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.5, radius=0.0):
        f, s = self._paint(fill, stroke, width)
        if radius:
            self.canvas.roundRect(x, y, w, h, radius, stroke=s, fill=f)
        else:
            self.canvas.rect(x, y, w, h, stroke=s, fill=f)

    def line(self, x1, y1, x2, y2, color="#000000", width=0.5):
        self._paint(None, color, width)
        self.canvas.line(x1, y1, x2, y2)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.5):
        f, s = self._paint(fill, stroke, width)
        self.canvas.circle(cx, cy, r, stroke=s, fill=f)

    def path(self, commands, fill=None, stroke=None, width=0.5):
        f, s = self._paint(fill, stroke, width)
        p = self.canvas.beginPath()
        for op, *args in commands:
            if op == "M":
                p.moveTo(*args)
            elif op == "L":
                p.lineTo(*args)
            elif op == "C":
                p.curveTo(*args)
            elif op == "Z":
                p.close()
        self.canvas.drawPath(p, stroke=s, fill=f)

    def text(self, x, y, string, font, size, color_value="#000000", align="left", base=None):
        """The string set by pnp's text engine (pnp.text.fonts.setting): each run in its font (a fallback list's),
        in visual order, its glyphs as shaped, at the width every measure of it gives; in the direction of its
        paragraph (`base`; None: its own)."""
        runs = drawn_runs(string, font) if base is None or base == paragraph_level(string) else _runs_in(string, font, base)
        if runs is None:  # shaping changed nothing: drawn by its characters, as before pnp shaped text
            self._plain_text(x, y, string, font, size, color_value, align)
            return
        self.canvas.setFillColor(self.line_color(color_value))
        width = sum(run.units for run, _, _ in runs) * size / 1000
        pen = {"left": x, "center": x - width / 2, "right": x - width}[align]
        for run, name, drawn in runs:
            if self._forms is not None:
                self._forms.printed(name, drawn)
            self.canvas.setFont(name, size)
            self.canvas.drawString(pen, y, drawn)
            pen += run.units * size / 1000

    def _plain_text(self, x, y, string, font, size, color_value, align):
        """Text shaping leaves as it is (no kerning pair, no substitution), in one font: drawn by its characters."""
        name = register(font)
        if self._forms is not None:
            self._forms.printed(name, string)
        self.canvas.setFont(name, size)
        self.canvas.setFillColor(self.line_color(color_value))
        if align == "center":
            self.canvas.drawCentredString(x, y, string)
        elif align == "right":
            self.canvas.drawRightString(x, y, string)
        else:
            self.canvas.drawString(x, y, string)

    def image(self, path, x, y, w, h, fit="contain", color=None):
        """An image file fitted into the box; an SVG drawn as vectors (pnp.render.svg_art), currentColor in `color`."""
        if not Path(path).is_file():  # only a --draft build gets here with a missing image: validate refuses it otherwise
            draw_placeholder(self, path, x, y, w, h)
            return
        if is_svg(path):
            draw_svg(self, path, x, y, w, h, fit, color)
            return
        if fit == "cover":  # drawn large enough to fill the box, centred, and cut to the box
            cover_w, cover_h = covering_size(pixel_size(Path(path)), w, h)
            self.canvas.saveState()
            self.clip_rect(x, y, w, h)
            self.image(path, x + (w - cover_w) / 2, y + (h - cover_h) / 2, cover_w, cover_h)
            self.canvas.restoreState()
            return
        reader = _image(path, round(w, 2), round(h, 2), self.press)
        self.canvas.drawImage(reader, x, y, w, h, preserveAspectRatio=True, anchor="c", mask="auto")
        if self._forms is not None:
            self._forms.placed_image(reader, "auto", self.canvas._formsinuse[-1])

    def has_symbol(self, name):
        return name in self._symbols

    def _name(self, key: str) -> str:
        name = symbol_name(key)
        if self._keys.setdefault(name, key) != key:
            raise ValueError(f"symbols {self._keys[name]!r} and {key!r} have one form name")
        return name

    def define_symbol(self, name, width, height, draw):
        form = self._symbols[name] = self._name(name)  # reserved first: draw() may nest symbols
        if self._forms is None:
            self.canvas.beginForm(form, 0, 0, width, height)
            draw(self)
            self.canvas.endForm()
        elif not self._forms.put(name, width, height):  # kept from another document of this process, else drawn
            self._forms.begin()
            self.canvas.beginForm(form, 0, 0, width, height)
            draw(self)
            self.canvas.endForm()
            self._forms.end(name, width, height)

    def checkbox(self, name, x, y, size):
        if self.fillable:
            self.canvas.acroForm.checkbox(name=name, x=x, y=y, size=size, buttonStyle="cross", borderWidth=0,
                                          fillColor=None, borderColor=None, textColor=color("#1b2430"), forceBorder=False)

    def text_field(self, name, x, y, w, h):
        if self.fillable:
            form_fields.text_field(self.canvas, name, x, y, w, h)

    def use_symbol(self, name, x, y):
        if self._forms is not None:
            self._forms.placed_symbol(name)
        self.canvas.saveState()
        self.canvas.translate(x, y)
        self.canvas.doForm(self._symbols[name])
        self.canvas.restoreState()
