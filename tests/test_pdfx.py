"""PDF/X-1a:2003 for the vendors that ask for it (DriveThruCards), checked rule by rule with pypdf on the
fixture game's file, and PDF/X-1a:2001 for a vendor that asks for that; an independent checker where one is
installed; the metric press's files are CMYK too; home-print files stay RGB."""
import io
import shutil
import subprocess

import pytest
from helpers import FIXTURE_GAME, fixture_root
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.render import press

PDFX_FILE = "print-on-demand/rooms-drivethrucards.pdf"  # rooms: full-bleed art images, text, emblems


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from pnp.build.game import BuildTarget, build

    out = tmp_path_factory.mktemp("out")
    result, report = build(BuildTarget(fixture_root(), FIXTURE_GAME, out))
    assert result is not None, report.to_text()
    return out / FIXTURE_GAME


@pytest.fixture(scope="module")
def pdfx(built):
    return PdfReader(built / PDFX_FILE)


def _objects(reader: PdfReader):
    """Every object of the file, resolved."""
    for number in range(1, reader.trailer["/Size"]):
        try:
            obj = reader.get_object(number)
        except Exception:  # a free entry
            continue
        if obj is not None:
            yield obj


def _streams_and_forms(page):
    """A page's content stream and every form it draws, with the resources each is read with."""
    todo = [(page.get_contents(), page["/Resources"])]
    seen = set()
    while todo:
        stream, resources = todo.pop()
        yield stream, resources
        for xobject in (resources.get("/XObject") or {}).values():
            target = xobject.get_object()
            if target["/Subtype"] == "/Form" and id(target) not in seen:
                seen.add(id(target))
                todo.append((target, target.get("/Resources") or resources))


def test_the_file_says_pdf_1_4_the_version_x1a_2003_is_built_on(built, pdfx):
    assert (built / PDFX_FILE).read_bytes()[:9] == b"%PDF-1.4\n"
    assert "/Version" not in pdfx.trailer["/Root"]


def test_drivethrucards_asks_for_x1a_2003_and_240_percent_ink(fx):
    """DriveThruCards' card specification: PDF/X-1a:2003, total ink coverage at most 240 % (paper.yaml cites it)."""
    vendor = fx.print_setup.vendors["drivethrucards"]
    assert (vendor.pdfx, vendor.ink_limit, vendor.colors) == ("x-1a:2003", 240, "cmyk")


def _a_pdfx_file(level: str, draw=None) -> PdfReader:
    from reportlab.lib.colors import CMYKColor

    from pnp.render.pdf import new_canvas
    from pnp.render.pdfx import finish

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, 100, 100, "a card", cmyk=True, pdfx=level)
    canvas.setFillColor(CMYKColor(0.1, 0.2, 0.3, 0.4, alpha=None))  # as the press backend sets colours: no alpha
    (draw or (lambda c: c.rect(10, 10, 50, 50, fill=1, stroke=0)))(canvas)
    canvas.showPage()
    finish(canvas)
    canvas.save()
    return buffer.getvalue()


def test_a_vendor_asking_for_x1a_2001_still_gets_pdf_1_3_and_both_of_its_keys():
    data = _a_pdfx_file("x-1a:2001")
    assert data[:9] == b"%PDF-1.3\n"
    info = PdfReader(io.BytesIO(data)).trailer["/Info"].get_object()
    assert (info["/GTS_PDFXVersion"], info["/GTS_PDFXConformance"]) == ("PDF/X-1:2001", "PDF/X-1a:2001")


def test_transparency_drawn_into_an_x1a_2003_file_is_refused_though_pdf_1_4_has_it():
    """PDF 1.4 allows transparency and PDF/X-1a:2003 does not: the version alone no longer shows it, so a drawing
    that asks for an alpha is refused as it is drawn."""
    from pnp.render.pdfx import TransparencyInPdfx

    with pytest.raises(TransparencyInPdfx, match="PDF/X-1a:2003"):
        _a_pdfx_file("x-1a:2003", lambda c: c.setFillAlpha(0.5))


def test_output_intent_names_the_press_and_embeds_the_profile_every_colour_was_separated_with(pdfx):
    intents = pdfx.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert intent["/Type"] == "/OutputIntent" and intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] and intent["/RegistryName"] and intent["/Info"]
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    assert profile.get_data() == press.profile_bytes()


def test_info_has_the_pdfx_keys_title_trapped_and_fixed_dates(pdfx):
    info = pdfx.trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert "/GTS_PDFXConformance" not in info  # X-1a:2001's key: X-1a:2003 names its conformance in its version
    assert info["/Trapped"] == "/False"
    assert "Rooms" in info["/Title"]
    assert info["/CreationDate"] == info["/ModDate"] == "D:20000101000000+00'00'"
    assert len(pdfx.trailer["/ID"]) == 2


def test_two_builds_are_byte_identical(built, tmp_path):
    from pnp.build.game import BuildTarget, build

    result, report = build(BuildTarget(fixture_root(), FIXTURE_GAME, tmp_path))
    assert result is not None, report.to_text()
    assert (tmp_path / FIXTURE_GAME / PDFX_FILE).read_bytes() == (built / PDFX_FILE).read_bytes()


def test_every_page_has_a_trim_box_inside_a_bleed_box_inside_the_media_box(pdfx):
    for page in pdfx.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        media, bleed, trim = ([float(v) for v in page[key]] for key in ("/MediaBox", "/BleedBox", "/TrimBox"))
        assert media[0] <= bleed[0] < trim[0] and media[1] <= bleed[1] < trim[1]
        assert trim[2] < bleed[2] <= media[2] and trim[3] < bleed[3] <= media[3]


def test_no_transparency_anywhere(pdfx):
    for obj in _objects(pdfx):
        if hasattr(obj, "keys"):
            assert "/SMask" not in obj, obj
            assert obj.get("/CA", 1) == 1 and obj.get("/ca", 1) == 1, obj
            assert obj.get("/S") != "/Transparency" and obj.get("/BM", "/Normal") in ("/Normal", "/Compatible"), obj


def test_page_content_paints_in_device_cmyk_or_grey_only(pdfx):
    colour_operators = set()
    for page in pdfx.pages:
        for stream, resources in _streams_and_forms(page):
            for _, operator in ContentStream(stream, pdfx).operations:
                colour_operators.add(operator)
            for image in (resources.get("/XObject") or {}).values():
                image = image.get_object()
                if image["/Subtype"] == "/Image":
                    assert image["/ColorSpace"] in ("/DeviceCMYK", "/DeviceGray"), image["/ColorSpace"]
                    assert "/SMask" not in image
            assert not (resources.get("/ColorSpace") or {}), "no ICC-based or other colour spaces in page resources"
    assert colour_operators & {b"k", b"K"}
    assert not colour_operators & {b"rg", b"RG", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}


def test_every_font_is_embedded(pdfx):
    fonts = [obj for obj in _objects(pdfx) if hasattr(obj, "keys") and obj.get("/Type") == "/FontDescriptor"]
    assert fonts
    for descriptor in fonts:
        assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")), descriptor["/FontName"]


def test_no_forms_javascript_or_encryption(pdfx):
    root = pdfx.trailer["/Root"]
    assert "/AcroForm" not in root and "/Names" not in root and "/OpenAction" not in root
    assert "/Encrypt" not in pdfx.trailer
    assert all("/Annots" not in page for page in pdfx.pages)


def test_no_colour_and_no_image_pixel_uses_more_ink_than_the_vendor_allows(built, fx):
    """Every page, every colour set and every pixel of every CMYK image: the preflight's total area coverage."""
    from pnp.checks.shop_files import ink_over

    limit = fx.print_setup.vendors["drivethrucards"].ink_limit
    assert ink_over(built / PDFX_FILE, limit) == []
    assert ink_over(built / PDFX_FILE, limit - 40) != []  # the art does reach the limit: the check is not idle


def test_the_metric_press_file_is_cmyk_within_its_300_percent_and_no_pdfx(built, fx):
    """meinSpiel's data check asks for CMYK, not RGB, and at most 300 % ink (paper.yaml cites it); it asks for
    PDF/X-4, which pnp does not write, so the file claims no PDF/X."""
    from pnp.checks.shop_files import ink_over

    vendor = fx.print_setup.vendors["metric-poker"]
    assert (vendor.colors, vendor.ink_limit, vendor.pdfx) == ("cmyk", 300, None)
    path = built / "print-on-demand/rooms-metric-poker.pdf"
    reader = PdfReader(path)
    assert "/OutputIntents" not in reader.trailer["/Root"]
    operators = set()
    for page in reader.pages:
        for stream, resources in _streams_and_forms(page):
            operators |= {operator for _, operator in ContentStream(stream, reader).operations}
            for image in (resources.get("/XObject") or {}).values():
                image = image.get_object()
                if image["/Subtype"] == "/Image":
                    assert image["/ColorSpace"] in ("/DeviceCMYK", "/DeviceGray"), image["/ColorSpace"]
    assert b"k" in operators and not operators & {b"rg", b"RG"}
    assert ink_over(path, 300) == []


def test_other_vendors_and_home_print_stay_rgb_and_are_no_pdfx(built):
    for name in ("print-on-demand/rooms-front-then-back.pdf", "home-a4/rooms.pdf"):
        reader = PdfReader(built / name)
        assert "/OutputIntents" not in reader.trailer["/Root"]
        operators = {operator for page in reader.pages[:2] for stream, _ in _streams_and_forms(page)
                     for _, operator in ContentStream(stream, reader).operations}
        assert b"rg" in operators and not operators & {b"k", b"K"}, name


def test_a_vendor_asking_for_pdfx_in_rgb_is_an_error_at_its_line(fixture_project):
    from pnp.layout import load_print_setup

    paper = fixture_project / "layouts/common/paper.yaml"
    paper.parent.mkdir(parents=True, exist_ok=True)
    paper.write_text("extends: default\nvendors:\n  shop: {order: [front, back], pdfx: x-1a:2001}\n")
    _, problems = load_print_setup(fixture_project / "layouts")
    assert [p.code for p in problems] == ["pdfx-needs-cmyk"]
    assert problems[0].line == 3 and "colors: cmyk" in problems[0].message


def test_an_independent_checker_accepts_the_file_as_cmyk_within_the_ink_limit(built, tmp_path):
    """Ghostscript reads the file with its own interpreter and separates every page into CMYK pixels: the most ink
    any pixel of any page carries (its total area coverage, not a page's average) is within the vendor's 240 %.

    No open PDF/X-1a validator installs offline from PyPI or Debian (veraPDF checks PDF/A and PDF/UA only;
    the proof-pdf package checks PDF/X-4 and needs Python 3.15 and veraPDF), so the independent check is
    Ghostscript's: it must read every page without error, and each page must carry ink."""
    from PIL import Image

    from pnp.checks.shop_files import image_coverage

    gs = shutil.which("gs")
    if gs is None:
        pytest.skip("Ghostscript (Debian package ghostscript) is not installed: the independent check of the PDF/X file needs it")
    result = subprocess.run([gs, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-dPDFSTOPONERROR", "-r72", "-sDEVICE=tiff32nc",
                             "-dInterpolateControl=0", "-o", str(tmp_path / "page-%03d.tif"), str(built / PDFX_FILE)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    pages = sorted(tmp_path.glob("page-*.tif"))
    assert len(pages) == len(PdfReader(built / PDFX_FILE).pages)
    coverage = [image_coverage(Image.open(page)) for page in pages]
    assert all(0 < percent for percent in coverage)
    assert max(coverage) <= 240 + 0.5, max(coverage)  # percent; a pixel's 8-bit rounding is 0.4 % per ink
