"""PDF/X-1a (ISO 15930): the print-on-demand file a press takes as it is, at the level a vendor asks for:
PDF/X-1a:2003 (ISO 15930-4, on PDF 1.4: what DriveThruCards asks for) or PDF/X-1a:2001 (ISO 15930-1, on PDF 1.3).

reportlab knows nothing of PDF/X, so the few objects it asks for are added through reportlab's document
objects before the file is written:

- an output intent (/S /GTS_PDFX) naming the printing condition, with pnp's CMYK press profile embedded as
  its DestOutputProfile: the profile every colour of the file was separated with (pnp.render.press);
- GTS_PDFXVersion (and, for X-1a:2001 only, GTS_PDFXConformance: X-1a:2003 names its conformance in the
  version itself) in the document information, beside the Title, Trapped /False and the creation and
  modification dates reportlab already writes (fixed dates and a fixed file ID: canvases are invariant, so
  builds stay byte-identical);
- the PDF version the level is built on. No transparency in either: the backend gives its colours no alpha,
  and a drawing that asks reportlab for transparency anyway (an alpha, a soft mask) is refused as it is drawn
  (PDF 1.4 itself has transparency, so the version alone would not show it); `finish` checks the version.

What the rest of the pipeline already guarantees: TrimBox and BleedBox on every page (pnp.render.imposition),
every font embedded (pnp.render.fonts), and, with a press backend, only DeviceCMYK in the content and CMYK
images without soft masks (pnp.render.pdf, pnp.reading.image_files).
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDate, PDFDictionary, PDFInfo, PDFName, PDFStream, PDFString, PDFZCompress

from pnp.render import press


@dataclass(frozen=True)
class PdfxLevel:
    """One PDF/X-1a level: what a vendor's `pdfx:` names, what the file's document information says of it,
    and the PDF version the level is built on."""

    name: str  # as paper.yaml writes it
    version: str  # GTS_PDFXVersion
    conformance: str | None  # GTS_PDFXConformance (X-1a:2001 only)
    pdf_version: tuple[int, int]


LEVELS = {level.name: level for level in (
    PdfxLevel("x-1a:2001", "PDF/X-1:2001", "PDF/X-1a:2001", (1, 3)),
    PdfxLevel("x-1a:2003", "PDF/X-1a:2003", None, (1, 4)),
)}


class _PdfxInfo(PDFInfo):
    """reportlab's document information (the same keys and values) with the PDF/X keys of `level` added."""

    level: PdfxLevel

    def format(self, document):
        date = PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        keys = {
            "Title": PDFString(self.title), "Author": PDFString(self.author), "Subject": PDFString(self.subject),
            "Keywords": PDFString(self.keywords), "Creator": PDFString(self.creator), "Producer": PDFString(self.producer),
            "CreationDate": date, "ModDate": date, "Trapped": PDFName(self.trapped),
            "GTS_PDFXVersion": PDFString(self.level.version),
        }
        if self.level.conformance:
            keys["GTS_PDFXConformance"] = PDFString(self.level.conformance)
        return PDFDictionary(keys).format(document)


class TransparencyInPdfx(RuntimeError):
    """Something drawn into a PDF/X-1a file asked for transparency, which the standard forbids."""


def make_pdfx(canvas, level_name: str) -> None:
    """Make a fresh canvas write a PDF/X-1a file of the level named (call before drawing)."""
    level = LEVELS[level_name]
    document = canvas._doc
    info = _PdfxInfo()
    info.__dict__.update(document.info.__dict__)  # the title, author ... set so far
    info.trapped = "False"  # no trapping was done: the printer may trap
    info.level = level
    document.info = info
    catalog = document.Catalog
    profile = PDFStream(PDFDictionary({"N": 4}), press.profile_bytes(), filters=[PDFZCompress])
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(press.OUTPUT_CONDITION_ID),
        "OutputCondition": PDFString(press.OUTPUT_CONDITION),
        "RegistryName": PDFString(press.REGISTRY),
        "Info": PDFString(press.OUTPUT_CONDITION),
        "DestOutputProfile": document.Reference(profile),
    })
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([intent])
    document._pdfVersion = level.pdf_version
    _refuse_transparency(document, level)


def _refuse_transparency(document, level: PdfxLevel) -> None:
    """reportlab asks its document for PDF 1.4 whenever it draws with transparency (an alpha, a soft mask): in a
    PDF/X-1a file that request is refused there and then, naming the level."""
    ensure = document.ensureMinPdfVersion

    def ensure_no_transparency(*keys):
        if "transparency" in keys:
            raise TransparencyInPdfx(f"a PDF/X-1a file ({level.version}) has no transparency: something drawn asked for it")
        ensure(*keys)

    document.ensureMinPdfVersion = ensure_no_transparency


def finish(canvas) -> None:
    """Check, just before saving, that nothing drawn raised the PDF version past the level's."""
    level = canvas._doc.info.level
    if canvas._doc._pdfVersion > level.pdf_version:
        raise RuntimeError(f"a {level.version} file must stay PDF {'.'.join(map(str, level.pdf_version))}: "
                           f"something drawn asked for PDF {'.'.join(map(str, canvas._doc._pdfVersion))}")
