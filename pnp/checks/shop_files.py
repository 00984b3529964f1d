"""A print shop's own files held to what the shop asks, read from the PDFs themselves (make preflight):

- total ink: no colour and no image pixel lays down more ink than the shop's limit. The total area coverage of
  a colour is C+M+Y+K in percent: of every colour the content sets (k, K, and sc/scn in DeviceCMYK) and of every
  pixel of every DeviceCMYK image (its darkest pixel, not its average);
- PDF/X-1a: a file of a shop that asks for a level, and any file that says it is PDF/X, is checked rule by rule
  (pnp.render.pdfx writes them): the level's PDF version and document information keys, one GTS_PDFX output
  intent with its CMYK profile, a TrimBox on every page, only DeviceCMYK and DeviceGray colour, no
  transparency, every font embedded, no encryption.

A file is a print shop's when its name ends in -VENDOR.pdf, VENDOR a vendor profile that writes CMYK PDFs (pnp's
default profiles, or those of the project whose layouts/ folder is given); its limit is the profile's `ink_limit`,
else the press profile's own 300 %.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from pnp.checks.pdf_files import MAX_OPERATIONS, TooMuch, Unread, pdf_files
from pnp.core.diagnostics import printable
from pnp.core.limits import MAX_PAGES

# reportlab writes colour components with up to 4 decimals: a colour held to the limit may sum a hair over it
INK_TOLERANCE = 0.05  # percent


@dataclass(frozen=True)
class Shop:
    """What the preflight holds one vendor's files to."""

    name: str
    ink_limit: int  # percent
    pdfx: str | None  # the PDF/X-1a level its files must be ("x-1a:2003"), or None


@dataclass(frozen=True, order=True)
class InkOver:
    """A colour or image in a print shop's file that lays down more ink than the shop takes."""

    file: str
    page: int  # from 1: the first page it is drawn on
    percent: float  # its total area coverage, C+M+Y+K
    limit: int
    what: str

    def format(self) -> str:
        return printable(f"{self.file}: page {self.page}: {self.percent:.1f}% ink, over the shop's {self.limit}%: {self.what}")


@dataclass(frozen=True, order=True)
class NotPdfx:
    """A rule of PDF/X-1a that a file which must be (or says it is) PDF/X-1a breaks."""

    file: str
    problem: str

    def format(self) -> str:
        return printable(f"{self.file}: not PDF/X-1a: {self.problem}")


def shops(layouts_root: Path | None = None) -> dict[str, Shop]:
    """Every vendor profile that writes CMYK PDFs, by its name. The profiles are pnp's defaults, or a project's
    (its layouts/ folder)."""
    from pnp.defaults import packaged
    from pnp.layout import load_print_setup
    from pnp.render.press import PROFILE_INK_LIMIT

    setup, problems = load_print_setup(layouts_root if layouts_root is not None else packaged() / "layouts")
    if setup is None:
        raise ValueError("; ".join(str(problem) for problem in problems) or "no vendor profiles")
    return {name: Shop(name, vendor.ink_limit or PROFILE_INK_LIMIT, vendor.pdfx) for name, vendor in setup.vendors.items()
            if vendor.colors == "cmyk" and vendor.file == "pdf"}


def shop_of(name: str, known: dict[str, Shop]) -> Shop | None:
    """The print shop whose file `name` is (it ends in -VENDOR.pdf), or None."""
    stem = name.lower().removesuffix(".pdf")
    for vendor in sorted(known, key=len, reverse=True):  # the longest name first: "x-metric-poker" is metric-poker's
        if stem.endswith(f"-{vendor.lower()}"):
            return known[vendor]
    return None


def image_coverage(image) -> float:
    """The most ink any pixel of a CMYK Pillow image lays down, in percent."""
    from PIL import ImageMath

    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda v: v["c"] + v["m"] + v["y"] + v["k"], c=c, m=m, y=y, k=k)
    return total.getextrema()[1] * 100 / 255


def _get(dictionary, key: str, default=None):
    """dictionary[key] resolved (pypdf's `get` leaves an indirect reference as it is), or `default`."""
    value = dictionary.get(key) if dictionary is not None else None
    return default if value is None else value.get_object()


def _drawings(reader):
    """(page number, operations, resources) of every page's content and of every form it draws, each form once a
    file (its colours are the same wherever it is drawn), within the preflight's bounds on size."""
    from pypdf.generic import ContentStream

    if len(reader.pages) > MAX_PAGES:
        raise TooMuch(f"{len(reader.pages):,} pages, more than the {MAX_PAGES:,} of a whole build")
    budget, seen = MAX_OPERATIONS, set()
    for number, page in enumerate(reader.pages, 1):
        contents = page.get_contents()
        todo = [(contents, _get(page, "/Resources", {}), 0)] if contents is not None else []
        while todo:
            content, resources, depth = todo.pop()
            operations = ContentStream(content, reader).operations
            budget -= len(operations)
            if budget < 0:
                raise TooMuch(f"more than {MAX_OPERATIONS:,} drawing operations")
            yield number, operations, resources
            for operands, operator in operations:
                if operator == b"Do" and depth < 20:
                    reference = _get(resources, "/XObject", {}).raw_get(operands[0])
                    xobject = reference.get_object()
                    key = getattr(reference, "idnum", id(xobject))
                    if xobject.get("/Subtype") == "/Form" and key not in seen:
                        seen.add(key)
                        todo.append((xobject, _get(xobject, "/Resources") or resources, depth + 1))


def _cmyk_colours(operations):
    """Every CMYK colour the operations set, as (C, M, Y, K) from 0 to 1."""
    spaces = {"fill": None, "stroke": None}
    for operands, operator in operations:
        if operator in (b"k", b"K"):
            yield tuple(float(v) for v in operands)
        elif operator in (b"cs", b"CS"):
            spaces["fill" if operator == b"cs" else "stroke"] = str(operands[0])
        elif operator in (b"sc", b"scn", b"SC", b"SCN"):
            if spaces["fill" if operator in (b"sc", b"scn") else "stroke"] == "/DeviceCMYK" and len(operands) == 4:
                yield tuple(float(v) for v in operands)


def _images(operations, resources):
    for operands, operator in operations:
        if operator == b"Do":
            xobject = _get(resources, "/XObject", {})[operands[0]].get_object()
            if xobject.get("/Subtype") == "/Image":
                yield xobject


def ink_over(path: Path, limit: int, label: str | None = None, known: dict | None = None) -> list[InkOver]:
    """Every distinct CMYK colour and DeviceCMYK image of the PDF whose total area coverage is over `limit` percent,
    each at the first page it is drawn on. `known`: images already measured, by their bytes, from other files."""
    from pypdf import PdfReader

    reader, name = PdfReader(path), label or str(path)
    known = {} if known is None else known
    found, reported = [], set()

    def over(page, total, what, key):
        if total > limit + INK_TOLERANCE and key not in reported:
            reported.add(key)
            found.append(InkOver(name, page, round(total, 1), limit, what))

    for page, operations, resources in _drawings(reader):
        for colour in _cmyk_colours(operations):
            over(page, sum(colour) * 100, "a colour C/M/Y/K " + "/".join(f"{v * 100:g}" for v in colour), colour)
        for image in _images(operations, resources):
            if image.get("/ColorSpace") != "/DeviceCMYK":
                continue  # grey is black ink alone: at most 100 %
            digest = hashlib.blake2b(image.get_data(), digest_size=16).digest()
            if digest not in known:
                known[digest] = image_coverage(image.decode_as_image().convert("CMYK"))
            over(page, known[digest], f"an image, {image.get('/Width')} x {image.get('/Height')} px", digest)
    return found


def pdfx_problems(path: Path, level_name: str | None, label: str | None = None) -> list[NotPdfx]:
    """What keeps the PDF from being PDF/X-1a of the level named (None: the level the file says it is, if any)."""
    from pypdf import PdfReader

    from pnp.render.pdfx import LEVELS

    reader, name = PdfReader(path), label or str(path)
    info = _get(reader.trailer, "/Info", {})
    said = str(info.get("/GTS_PDFXVersion", ""))
    level = LEVELS.get(level_name) if level_name else next((lv for lv in LEVELS.values() if lv.version == said), None)
    if level is None:
        return [NotPdfx(name, f"GTS_PDFXVersion is '{said}', no PDF/X-1a level pnp knows")] if said else []
    problems = [problem for check in (_pdfx_document, _pdfx_pages) for problem in check(reader, path, info, level)]
    return [NotPdfx(name, problem) for problem in problems]


def _pdfx_document(reader, path: Path, info, level) -> list[str]:
    """The file's header, document information, output intent, trailer."""
    problems = []
    header = path.read_bytes()[:8]
    wanted = "%PDF-{}.{}".format(*level.pdf_version).encode()
    if header > wanted or "/Version" in reader.trailer["/Root"]:
        problems.append(f"PDF version {header[5:].decode('latin-1')} past the {level.pdf_version[0]}.{level.pdf_version[1]} "
                        f"{level.version} is built on")
    if str(info.get("/GTS_PDFXVersion", "")) != level.version:
        problems.append(f"GTS_PDFXVersion is '{info.get('/GTS_PDFXVersion', '')}', not '{level.version}'")
    if level.conformance and str(info.get("/GTS_PDFXConformance", "")) != level.conformance:
        problems.append(f"GTS_PDFXConformance is not '{level.conformance}'")
    if not str(info.get("/Title", "")).strip():
        problems.append("no Title")
    if info.get("/Trapped") not in ("/True", "/False"):
        problems.append("Trapped is neither /True nor /False")
    if "/CreationDate" not in info or "/ModDate" not in info:
        problems.append("no CreationDate or ModDate")
    if "/ID" not in reader.trailer:
        problems.append("no file ID")
    if "/Encrypt" in reader.trailer:
        problems.append("encrypted")
    intents = [intent.get_object() for intent in _get(reader.trailer["/Root"], "/OutputIntents", [])]
    pdfx = [intent for intent in intents if intent.get("/S") == "/GTS_PDFX"]
    if len(pdfx) != 1:
        problems.append(f"{len(pdfx)} GTS_PDFX output intents, not one")
    elif not pdfx[0].get("/OutputConditionIdentifier") or pdfx[0].get("/DestOutputProfile") is None \
            or pdfx[0]["/DestOutputProfile"].get_object().get("/N") != 4:
        problems.append("the output intent names no printing condition or embeds no CMYK profile")
    return problems


def _pdfx_pages(reader, path: Path, info, level) -> list[str]:
    """Every page's boxes, colours, transparency and fonts."""
    problems = set()
    for number, page in enumerate(reader.pages, 1):
        if "/TrimBox" not in page and "/ArtBox" not in page:
            problems.add(f"page {number} has no TrimBox")
        if "/Annots" in page:
            problems.add(f"page {number} has annotations")
    for page, operations, resources in _drawings(reader):
        operators = {operator for _, operator in operations}
        if operators & {b"rg", b"RG"}:
            problems.add(f"page {page}: RGB colour")
        spaces = {str(operands[0]) for operands, operator in operations if operator in (b"cs", b"CS")}
        if spaces - {"/DeviceCMYK", "/DeviceGray"}:
            problems.add(f"page {page}: colour space {', '.join(sorted(spaces - {'/DeviceCMYK', '/DeviceGray'}))}")
        for image in _images(operations, resources):
            if image.get("/ColorSpace") not in ("/DeviceCMYK", "/DeviceGray") and not image.get("/ImageMask"):
                problems.add(f"page {page}: an image in {image.get('/ColorSpace')}")
            if "/SMask" in image:
                problems.add(f"page {page}: an image with a soft mask (transparency)")
        for state in _get(resources, "/ExtGState", {}).values():
            state = state.get_object()
            if state.get("/CA", 1) != 1 or state.get("/ca", 1) != 1 or state.get("/SMask", "/None") != "/None" \
                    or state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
                problems.add(f"page {page}: transparency in a graphics state")
    for font in _fonts(reader):
        descriptor = _get(font, "/FontDescriptor")
        if font.get("/Subtype") != "/Type3" and (descriptor is None or not any(
                key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))):
            problems.add(f"font {font.get('/BaseFont')} is not embedded")
    return sorted(problems)


def _fonts(reader):
    """Every font the pages and their forms use, each once (a composite font's descendant for its descriptor)."""
    seen = set()
    todo = [_get(page, "/Resources", {}) for page in reader.pages]
    while todo:
        resources = todo.pop()
        for font in _get(resources, "/Font", {}).values():
            font = font.get_object()
            for each in [font, *(f.get_object() for f in _get(font, "/DescendantFonts", []))]:
                if id(each) not in seen and "/DescendantFonts" not in each:
                    seen.add(id(each))
                    yield each
        for xobject in _get(resources, "/XObject", {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form" and id(xobject) not in seen and _get(xobject, "/Resources"):
                seen.add(id(xobject))
                todo.append(_get(xobject, "/Resources"))


def shop_folder(root: Path, known_shops: dict[str, Shop] | None = None, known: dict | None = None) -> list:
    """Every print shop's PDF under `root` held to its shop's ink limit and PDF/X-1a level, and every other PDF that
    says it is PDF/X-1a held to that (`known_shops`: by vendor name; left out, pnp's default profiles')."""
    known_shops = shops() if known_shops is None else known_shops
    found, known = [], {} if known is None else known
    for path in pdf_files(root):
        if path.is_symlink() or not path.is_file():
            continue  # reported by the preflight's text check
        label, shop = str(path.relative_to(root)), shop_of(path.name, known_shops)
        if shop is None and not _says_pdfx(path):
            continue
        try:
            if shop is not None:
                found += ink_over(path, shop.ink_limit, label, known)
            if shop is None or shop.pdfx:
                found += pdfx_problems(path, shop.pdfx if shop is not None else None, label)
        except TooMuch as exc:
            found.append(Unread(label, f"larger than any PDF pnp makes ({exc})"))
        except Exception as exc:  # noqa: BLE001 - as in the text check: a damaged file is reported, not raised
            found.append(Unread(label, f"shop check not done: cannot be read as a PDF ({type(exc).__name__}: {str(exc)[:200]})"))
    return found


def _says_pdfx(path: Path) -> bool:
    """Whether a PDF says it is PDF/X; a file that cannot be read says nothing (the text check reports it)."""
    from pypdf import PdfReader

    try:
        return "/GTS_PDFXVersion" in _get(PdfReader(path).trailer, "/Info", {})
    except Exception:  # noqa: BLE001 - a damaged file makes pypdf raise nearly anything
        return False


def report_shop_files(root: Path, layouts_root: Path | None = None) -> list:
    """Print what `shop_folder` finds and a summary line (make preflight); return what it found."""
    known_shops = shops(layouts_root)
    found = shop_folder(root, known_shops)
    for item in found:
        print(item.format())
    files = sum(shop_of(path.name, known_shops) is not None for path in pdf_files(root))
    inks = sum(isinstance(item, InkOver) for item in found)
    pdfx = sum(isinstance(item, NotPdfx) for item in found)
    print(printable(f"{inks} colour(s) over the shop's total ink limit and {pdfx} PDF/X-1a problem(s) in {files} "
                    f"print shop PDF(s) under {root}"))
    return found
