"""A symbol's finished PDF form, drawn once per process and put into every further file that places it.

A build writes each deck's faces into many files: home print on A4 and Letter, fold-and-glue on both, and each
print shop's file, some eight times a face. Each face is a form XObject (PdfBackend.define_symbol), and what its
drawing writes depends on more than the face:

- its content stream holds font resource names (F1, F2, ...: reportlab names a font in the order a document
  first prints with it) and, for TrueType fonts, each character's code in its font's subsets (given in the
  order the document first prints the character; only printable ASCII has its own code from the start,
  reportlab's ttfAsciiReadable);
- it names the forms it places (nested symbols: emblems, icons) and the images it places (reportlab names an
  image from a digest of its pixels and mask, the same in every document); drawing it defines the nested forms
  and registers the images the document lacks, in the order it first places them;
- its colours: RGB, or press CMYK through a vendor's profile and ink limit (the backend's colour functions); its
  images, press CMYK too for a press; the canvas's colour-space check, preamble and stream compression;
- a colour with an alpha (reportlab gives every RGB colour one, opaque) raises the file's PDF version to 1.4.

So a document that shares its symbols (a `Sharing`) makes them the same from one document to the next: symbols
are named from a digest of their key (pnp.render.pdf.symbol_name), never from a counter, and before anything is
drawn `settle_fonts` names the fonts its symbols print with in sorted order and gives each font's characters
their codes in sorted order, so the documents of the same faces (a deck's files) name and code them alike.

A form drawn in such a document is kept in this process's library (`DocumentForms.end`) with what its bytes
depend on: the canvas's (the library's key); each colour it asked the backend for, with the colour it got (two
presses give most colours alike: a face drawn for one press is put into the other's file where all of its are);
the press, if it placed an image; and each font it printed with, by its name in the document and the code of
each character it printed. A later document defining the symbol gets a kept form only if its backend gives those
colours, its fonts have those names and its characters those codes already (`DocumentForms.put`), and the same
for each form it places that the document lacks: drawing it there would write the same bytes. The forms and images
it places that the document lacks are put in first, in the order drawing it would have, and its PDF version is
asked for; the file is then byte for byte what drawing every form afresh writes (tests/test_face_reuse.py).

A form is kept only if everything it places was kept too and it needs no document-level colour or graphics
state. The library lives in the process only (forked workers inherit what the parent had) and a scope's forms
go with the scope (the project).
"""
from __future__ import annotations

import weakref
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterable, NamedTuple

# The reuse reads reportlab's own bookkeeping (a TrueType font's per-document codes, the canvas's form list), which
# a reportlab release may change without notice: it is on only for the major version pnp's tests compare reused
# forms against fresh drawings on (tests/test_face_reuse.py). Under any other, every form is drawn, as before.
TESTED_REPORTLAB = "5."


def _reportlab_tested() -> bool:
    from reportlab import Version

    return Version.startswith(TESTED_REPORTLAB)


REUSE = _reportlab_tested()  # the switch: off, every form is drawn (the files stay byte for byte the same)
# The build's pnp.render.form_store.FormStore (forms kept between builds), named by `kept_forms` for as long as the
# build draws, and inherited by the workers it forks; None outside a build.
_KEPT_FORMS: ContextVar = ContextVar("kept_forms", default=None)


@contextmanager
def kept_forms(store):
    """Draw with the forms an earlier build kept in `store` (None: without), and keep new ones in it, until the end
    of the block: the build names its store here instead of handing it down through every drawing function."""
    token = _KEPT_FORMS.set(store)
    try:
        yield
    finally:
        _KEPT_FORMS.reset(token)


def kept_store():
    """The build's store (pnp.render.form_store.FormStore) while it draws, else None: it keeps image streams too."""
    return _KEPT_FORMS.get()


class Sharing(NamedTuple):
    """What lets a document's symbols be reused: `scope`, the object their keys are unique within (a project: two
    games' 'face:hero' are different drawings), held weakly; `lettering`, every (font, text) its symbols print, for
    `settle_fonts`."""

    scope: object
    lettering: frozenset


class _Kept:
    """A finished form: its content stream as reportlab encoded it, its size and compression; what it places,
    each where first placed: ("symbol", key, _Kept) or ("image", reader, mask, name); the PDF version its drawing
    asked for; the fonts its stream names: (font, its name in the document, ((character, code), ...)); the
    colours it asked for: ((kind, value asked, colour got), ...); and the press its images were made for, if any."""

    __slots__ = ("stream", "width", "height", "compression", "uses", "version", "fonts", "colours", "press", "encoded",
                 "stored")

    def __init__(self, stream, width, height, compression, uses, version, fonts, colours, press):
        self.stream, self.width, self.height, self.compression, self.uses = stream, width, height, compression, uses
        self.version, self.fonts, self.colours, self.press = version, fonts, colours, press
        self.encoded = None  # (filters, the stream through them), made when first put in
        self.stored = None  # its file in the store (pnp.render.form_store), "" if it cannot be stored


class Stored(str):
    """A colour or press as a form read back from the store holds it: `stored_value` of what it was."""


def stored_value(thing) -> str:
    """A colour or press as text that tells two apart exactly: its type and every attribute (floats as repr gives
    them, which reads back to the same float). Made once per object: the backend's colours are cached, so a
    document asks for the same few again and again (the object is held with it: its id is not reused)."""
    if isinstance(thing, Stored):
        return str(thing)
    held = _STORED_VALUES.get(id(thing))
    if held is None or held[0] is not thing:
        if hasattr(thing, "__dict__"):
            fields = sorted((k, repr(v)) for k, v in vars(thing).items())
        else:  # None (no colour), a tuple...
            fields = [("", repr(thing))]
        text = f"{type(thing).__module__}.{type(thing).__qualname__}{fields}"
        if len(_STORED_VALUES) > 4096:
            _STORED_VALUES.clear()
        held = _STORED_VALUES[id(thing)] = (thing, text)
    return held[1]


_STORED_VALUES: dict[int, tuple[object, str]] = {}


def _alike(kept, now, identical: bool) -> bool:
    """Whether what a form was drawn with (`kept`) is what the document gives now: for one drawn in this process, the
    same object (`identical`: the backend's colours are cached) or an equal one; for one read back, the same text."""
    if type(kept) is Stored:
        return kept == stored_value(now)
    return kept is now if identical else kept == now


# scope id -> (weak reference to the scope, {(symbol key, width, height, canvas): [_Kept, ...]}); a scope's forms
# go when the scope does, so a later object given the same id never sees them
_LIBRARY: dict[int, tuple[weakref.ref, dict]] = {}


def _library(scope) -> dict:
    key = id(scope)
    held = _LIBRARY.get(key)
    if held is None or held[0]() is not scope:
        held = _LIBRARY[key] = (weakref.ref(scope, lambda _, key=key: _LIBRARY.pop(key, None)), {})
    return held[1]


def settle_fonts(canvas, lettering: Iterable[tuple[str, str]]) -> None:
    """Before anything is drawn: name the fonts the lettering prints with in sorted order (reportlab's F1, F2 ...),
    and give each TrueType font's characters their codes in sorted order, so that documents settled with the same
    lettering name and code them alike. Characters a font lacks are left alone (reportlab prints its notdef glyph
    for them wherever they come). Fonts by pnp's names (pnp.render.fonts.register)."""
    from reportlab.pdfbase import pdfmetrics

    from pnp.render.fonts import drawn_runs, register

    document = canvas._doc
    characters: dict[str, set[str]] = {}
    for font, text in lettering:  # as pnp.render.pdf draws it: each run in its font, by the characters it draws
        runs = drawn_runs(text, font)
        for name, drawn in ((register(font), text),) if runs is None else ((name, drawn) for _, name, drawn in runs):
            characters.setdefault(name, set()).update(drawn)
    for name in sorted(characters):
        font = pdfmetrics.getFont(name)
        if not font._dynamicFont:  # a standard font: named, no codes to give
            document.getInternalFontName(name)
            continue
        font.splitString("".join(sorted(characters[name])), document)
        font.getSubsetInternalName(0, document)


NBSP, SPACE = 0xA0, 0x20  # TTFont.splitString prints a no-break space as a space


def _fonts_as_printed(document, printed: dict[str, set[str]]) -> tuple:
    """For each font a form printed with: its name in the document and the code each of the characters has there
    now. A character without a code is one the font lacks (it never gets one): it prints as code 0 anywhere."""
    from reportlab.pdfbase import pdfmetrics

    fonts = []
    for name in sorted(printed):
        font = pdfmetrics.getFont(name)
        codes = ()
        if font._dynamicFont:
            assignments = font.state[document].assignments
            characters = {SPACE if ord(c) == NBSP else ord(c) for c in printed[name]}
            codes = tuple(sorted((c, assignments[c]) for c in characters if c in assignments))
        fonts.append((name, document.fontMapping[name], codes))
    return tuple(fonts)


def _fonts_hold(document, fonts: tuple) -> bool:
    """Whether the document names each font as `fonts` says and codes each of its characters so already."""
    from reportlab.pdfbase import pdfmetrics

    for name, internal, codes in fonts:
        if document.fontMapping.get(name) != internal:
            return False
        if codes:
            state = pdfmetrics.getFont(name).state.get(document)
            if state is None:
                return False
            assignments = state.assignments
            for c, code in codes:
                if assignments.get(c) != code:
                    return False
    return True


class _Open:
    """A form being drawn: what it has placed, printed and coloured so far, and the document's PDF version before it."""

    __slots__ = ("uses", "printed", "colours", "version")

    def __init__(self, version):
        self.uses, self.printed, self.colours, self.version = [], {}, {}, version


class DocumentForms:
    """One document's side of the library: settles its fonts on creation, puts kept forms in, keeps new ones.

    `press`: the backend's (its images are made for it); `colours`: the backend's colour functions by kind (hex ->
    reportlab colour; `colour` asks them); `defined`: the backend's symbol key -> form name, shared, so the symbols
    put in here are defined for the backend too; `name_of`, a symbol key's form name."""

    def __init__(self, canvas, sharing: Sharing, press, colours: dict, defined: dict[str, str], name_of):
        self.canvas = canvas
        self.document = canvas._doc
        settle_fonts(canvas, sharing.lettering)
        self.press, self.colours = press, colours
        self.drawing = (canvas._preamble, canvas._pageCompression, canvas._enforceColorSpace)
        self.library = _library(sharing.scope)
        self.defined = defined
        self.name_of = name_of
        self.kept: dict[str, _Kept | None] = {}  # symbol key -> its form as kept (None: drawn, not keepable)
        self.open: list[_Open] = []  # the forms being drawn, innermost last

    # -- a kept form put in ------------------------------------------------------------------------------------
    def put(self, key: str, width: float, height: float) -> bool:
        """Put a kept form of the symbol in the document (its name is in `defined` already), if one holds here;
        False if none does (it is to be drawn)."""
        if not REUSE:
            return False
        shelf = self.library.setdefault((key, width, height, self.drawing), [])
        store = _KEPT_FORMS.get()
        if store is not None:  # the forms of earlier builds, read once per process
            shelf += store.forms(key, width, height, self.drawing)
        for kept in shelf:
            if self._holds(kept, set()):
                self._put(key, kept)
                if self.open:  # put in while another form is drawn: that one places it
                    self.open[-1].uses.append(("symbol", key, kept))
                return True
        return False

    def _holds(self, kept: _Kept, seen: set) -> bool:
        """Whether drawing the form here would write its bytes, and so would the forms it places the document lacks."""
        if not _fonts_hold(self.document, kept.fonts) or (kept.press is not None
                                                           and not _alike(kept.press[0], self.press, identical=False)):
            return False
        for kind, value, got in kept.colours:
            if not _alike(got, self.colours[kind](value), identical=True):
                return False
        for use in kept.uses:
            if use[0] == "symbol" and use[1] not in self.defined and use[1] not in seen:
                seen.add(use[1])
                if not self._holds(use[2], seen):
                    return False
            elif use[0] == "image" and self._reader(use) is None:
                return False
        return True

    def _reader(self, use):
        """The reader of an image a form places: its own, or for a form read back from the store, the document's
        reader of the same file for its press, if its pixels are still those the form was drawn with."""
        reader = use[1]
        if hasattr(type(reader), "reader"):  # pnp.render.form_store.StoredImage (asked of the class: asking a
            # pnp.render.pdf.PrintImage for an attribute it lacks would make its pixels)
            return reader.reader(self.press, use[2], use[3])
        return reader

    def _put(self, key: str, kept: _Kept) -> None:
        from reportlab.pdfbase import pdfdoc

        for use in kept.uses:  # what drawing it would define and register, in the order it would
            if use[0] == "symbol":
                if use[1] not in self.defined:
                    self.defined[use[1]] = self.name_of(use[1])
                    self._put(use[1], use[2])
            else:
                _register_image(self.canvas, self._reader(use), use[2])
        form = pdfdoc.PDFFormXObject(0, 0, kept.width, kept.height)  # as Canvas.endForm makes it
        form.compression = kept.compression
        form.stream = kept.stream
        form._colorsUsed, form.ExtGState, form.Annots = {}, None, []
        form.XObjects = self.document.xobjDict([self._placed_name(use) for use in kept.uses]) if kept.uses else None
        if kept.compression:
            form.Contents = _encoded_contents(kept)
        self.document.addForm(self.defined[key], form)
        self.document._pdfVersion = max(self.document._pdfVersion, kept.version)  # as its drawing would ask
        self.kept[key] = kept

    def _placed_name(self, use) -> str:
        return self.defined[use[1]] if use[0] == "symbol" else use[3]

    # -- a form drawn and kept ---------------------------------------------------------------------------------
    def begin(self) -> None:
        """A form is to be drawn. The document's PDF version is set aside and the drawing starts it from the
        lowest, so the version the drawing asks for can be read at its end (only saving the file reads it)."""
        self.open.append(_Open(self.document._pdfVersion))
        self.document._pdfVersion = (0, 0)

    def placed_symbol(self, key: str) -> None:
        if self.open:
            self.open[-1].uses.append(("symbol", key, self.kept.get(key)))

    def placed_image(self, reader, mask, name: str) -> None:
        """An image drawn in the open form; `name`, the one reportlab gave it (from the image's digest of its pixels,
        pnp.render.pdf.PrintImage, and the mask)."""
        if self.open:
            self.open[-1].uses.append(("image", reader, mask, name))

    def colour(self, kind: str, value: str):
        """The backend's colour of the kind for a value (as its colour function gives it), noted for the open form."""
        got = self.colours[kind](value)
        if self.open:
            self.open[-1].colours[kind, value] = got
        return got

    def printed(self, font: str, text: str) -> None:
        """A string printed in the open form, with the font's reportlab name."""
        if self.open:
            self.open[-1].printed.setdefault(font, set()).update(text)

    def end(self, key: str, width: float, height: float) -> None:
        """The symbol's form is finished: keep it, with what its bytes depend on, unless it needs something a
        kept form cannot carry."""
        from reportlab.pdfbase import pdfdoc

        drawn = self.open.pop()
        asked = self.document._pdfVersion
        self.document._pdfVersion = max(drawn.version, asked)
        form = self.document.idToObject[pdfdoc.xObjectName(self.defined[key])]
        keepable = (REUSE and all(use[2] is not None for use in drawn.uses if use[0] == "symbol")
                    and not form._colorsUsed and not form.ExtGState and not form.Annots)
        kept = None
        if keepable:
            imaged = any(use[0] == "image" for use in drawn.uses)
            kept = _Kept(form.stream, width, height, form.compression, _first_uses(drawn.uses), asked,
                         _fonts_as_printed(self.document, drawn.printed),
                         tuple((kind, value, got) for (kind, value), got in drawn.colours.items()),
                         (self.press,) if imaged else None)
            self.library.setdefault((key, width, height, self.drawing), []).append(kept)
            store = _KEPT_FORMS.get()
            if store is not None:
                store.keep(key, width, height, self.drawing, kept)
        self.kept[key] = kept
        if self.open:
            self.open[-1].uses.append(("symbol", key, kept))


def _first_uses(uses: list) -> tuple:
    """Each symbol and image once, where first placed: only a first placing defines or registers anything."""
    seen, first = set(), []
    for use in uses:
        mark = use[:2] if use[0] == "symbol" else ("image", use[3])
        if mark not in seen:
            seen.add(mark)
            first.append(use)
    return tuple(first)


def _register_image(canvas, reader, mask) -> None:
    """Register an image (and its soft mask) in the document as Canvas.drawImage does where a form draws it, if
    the document lacks it: drawn into a scratch stream that is thrown away, as beginForm sets the page's aside."""
    canvas._pushAccumulators()
    canvas.drawImage(reader, 0, 0, 1, 1, mask=mask)
    canvas._restartAccumulators()


def _encoded_contents(kept: _Kept):
    """The form's content stream with its filters applied once per process, not once per document: a PDFStream
    whose dictionary names its filters already, which PDFStream.format writes as it is ("only apply filters if
    they haven't been applied elsewhere"), its Length the encoded length, as when it encodes it itself. The
    filters are those PDFFormXObject.format gives a compressed form, applied in the order PDFStream.format does."""
    from reportlab import rl_config
    from reportlab.pdfbase import pdfdoc

    filters = (pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress) if rl_config.useA85 else (pdfdoc.PDFZCompress,)
    if kept.encoded is None or kept.encoded[0] != filters:
        content = kept.stream
        for f in reversed(filters):
            content = f.encode(content)
        kept.encoded = (filters, content)
    stream = pdfdoc.PDFStream(content=kept.encoded[1], filters=list(filters))
    stream.__Comment__ = "xobject form stream"
    stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(f.pdfname) for f in filters])
    return stream
