"""PDF/X-1a:2001 (ISO 15930-1): the print-on-demand file a press takes as it is.

reportlab knows nothing of PDF/X, so the few objects it asks for are added through reportlab's document
objects before the file is written:

- an output intent (/S /GTS_PDFX) naming the printing condition, with pnp's CMYK press profile embedded as
  its DestOutputProfile: the profile every colour of the file was separated with (pnp.render.press);
- GTS_PDFXVersion (PDF/X-1:2001) and GTS_PDFXConformance (PDF/X-1a:2001) in the document information, beside
  the Title, Trapped /False and the creation and modification dates reportlab already writes (fixed dates
  and a fixed file ID: canvases are invariant, so builds stay byte-identical);
- PDF 1.3, the version X-1a:2001 is built on: the backend gives its colours no alpha, so reportlab never
  raises the version for transparency, and `finish` refuses a document that did.

What the rest of the pipeline already guarantees: TrimBox and BleedBox on every page (pnp.render.imposition),
every font embedded (pnp.render.fonts), and, with a press backend, only DeviceCMYK in the content and CMYK
images without soft masks (pnp.render.pdf, pnp.reading.image_files).
"""
from __future__ import annotations

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDate, PDFDictionary, PDFInfo, PDFName, PDFStream, PDFString, PDFZCompress

from pnp.render import press

PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"
PDF_VERSION = (1, 3)


class _PdfxInfo(PDFInfo):
    """reportlab's document information (the same keys and values) with the two PDF/X keys added."""

    def format(self, document):
        date = PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        return PDFDictionary({
            "Title": PDFString(self.title), "Author": PDFString(self.author), "Subject": PDFString(self.subject),
            "Keywords": PDFString(self.keywords), "Creator": PDFString(self.creator), "Producer": PDFString(self.producer),
            "CreationDate": date, "ModDate": date, "Trapped": PDFName(self.trapped),
            "GTS_PDFXVersion": PDFString(PDFX_VERSION), "GTS_PDFXConformance": PDFString(PDFX_CONFORMANCE),
        }).format(document)


def make_pdfx(canvas) -> None:
    """Make a fresh canvas write a PDF/X-1a:2001 file (call before drawing)."""
    document = canvas._doc
    info = _PdfxInfo()
    info.__dict__.update(document.info.__dict__)  # the title, author ... set so far
    info.trapped = "False"  # no trapping was done: the printer may trap
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
    document._pdfVersion = PDF_VERSION


def finish(canvas) -> None:
    """Check, just before saving, that nothing drawn raised the PDF version past X-1a:2001's."""
    if canvas._doc._pdfVersion > PDF_VERSION:
        raise RuntimeError(f"a PDF/X-1a:2001 file must stay PDF {'.'.join(map(str, PDF_VERSION))}: something drawn used transparency")
