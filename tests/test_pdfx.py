"""PDF/X-1a:2001 for the vendors that ask for it (DriveThruCards), checked rule by rule with pypdf on the
fixture game's file; an independent checker where one is installed; home-print files stay RGB."""
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


def test_the_file_says_pdf_1_3_the_version_x1a_2001_is_built_on(built, pdfx):
    assert (built / PDFX_FILE).read_bytes()[:9] == b"%PDF-1.3\n"
    assert "/Version" not in pdfx.trailer["/Root"]


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
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2001"
    assert info["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
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


def test_no_colour_uses_more_ink_than_the_vendor_allows(pdfx, fx):
    limit = fx.print_setup.vendors["drivethrucards"].ink_limit
    assert limit == 300
    for page in pdfx.pages[:6]:
        for stream, _ in _streams_and_forms(page):
            for operands, operator in ContentStream(stream, pdfx).operations:
                if operator in (b"k", b"K"):
                    assert sum(float(v) for v in operands) * 100 <= limit + 0.01


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


def test_an_independent_checker_accepts_the_file_as_cmyk_within_the_ink_limit(built):
    """Ghostscript reads the file with its own interpreter and measures the ink every page lays down.

    No open PDF/X-1a validator installs offline from PyPI or Debian (veraPDF checks PDF/A and PDF/UA only;
    the proof-pdf package checks PDF/X-4 and needs Python 3.15 and veraPDF), so the independent check is
    Ghostscript's ink_cov device: it must read every page without error and find it in CMYK, ink on every
    page, and no page covering more than the vendor's 300 % on average."""
    gs = shutil.which("gs")
    if gs is None:
        pytest.skip("Ghostscript (Debian package ghostscript) is not installed: the independent check of the PDF/X file needs it")
    result = subprocess.run([gs, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-dPDFSTOPONERROR", "-o", "-", "-sDEVICE=ink_cov",
                             str(built / PDFX_FILE)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    pages = [[float(v) for v in line.split()[:4]] for line in result.stdout.splitlines() if line.strip().endswith("CMYK OK")]
    assert len(pages) == len(PdfReader(built / PDFX_FILE).pages)
    assert all(0 < sum(page) <= 300 for page in pages)  # percent
