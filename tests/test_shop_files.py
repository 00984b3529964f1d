"""A print shop's own files held to what the shop asks (pnp.checks.shop_files, part of make preflight): the total
area coverage of every colour and image pixel against the shop's ink limit (DriveThruCards 240 %, meinSpiel's
metric press 300 %), and PDF/X-1a rule by rule where the shop asks for it; every bundled game's shop files pass."""
from pathlib import Path

import pytest
from helpers import REAL_GAMES, ROOT

from pnp.checks.preflight import main
from pnp.checks.shop_files import InkOver, NotPdfx, ink_over, pdfx_problems, shop_folder, shop_of, shops


def _a_cmyk_pdf(path: Path, cmyk, image=None) -> Path:
    """One page filled with one CMYK colour (C, M, Y, K from 0 to 1), and a CMYK Pillow image when one is given."""
    from reportlab.lib.colors import CMYKColor
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), pagesize=(300, 300))
    canvas.setFillColor(CMYKColor(*cmyk, alpha=None))
    canvas.rect(10, 10, 100, 100, fill=1, stroke=0)
    if image is not None:
        canvas.drawImage(ImageReader(image), 150, 150, 50, 50)
    canvas.showPage()
    canvas.save()
    return path


def _inks(root: Path) -> list[InkOver]:
    return [item for item in shop_folder(root) if isinstance(item, InkOver)]


def test_the_shops_limits_and_levels_come_from_their_profiles():
    known = shops()
    assert (known["drivethrucards"].ink_limit, known["drivethrucards"].pdfx) == (240, "x-1a:2003")
    assert (known["metric-poker"].ink_limit, known["metric-poker"].pdfx) == (300, None)
    assert known["printninja"].ink_limit == 300  # no figure of its own: the press profile's
    assert "front-then-back" not in known  # an RGB file: no press ink to hold
    assert shop_of("ships-metric-poker.pdf", known).name == "metric-poker"
    assert shop_of("rulebook-a4.pdf", known) is None


def test_a_colour_over_240_percent_is_flagged_in_a_drivethrucards_file_and_one_under_passes(tmp_path):
    _a_cmyk_pdf(tmp_path / "over-drivethrucards.pdf", (0.7, 0.6, 0.6, 0.6))  # 250 %
    _a_cmyk_pdf(tmp_path / "under-drivethrucards.pdf", (0.6, 0.4, 0.4, 0.99))  # 239 %
    _a_cmyk_pdf(tmp_path / "limit-drivethrucards.pdf", (0.6, 0.4, 0.4, 1.0))  # 240 %: its own rich black, at the limit
    assert _inks(tmp_path) == [InkOver("over-drivethrucards.pdf", 1, 250.0, 240, "a colour C/M/Y/K 70/60/60/60")]


def test_the_same_colour_passes_for_a_shop_that_takes_300_percent_and_in_a_file_of_no_shop(tmp_path):
    _a_cmyk_pdf(tmp_path / "deck-metric-poker.pdf", (0.7, 0.6, 0.6, 0.6))  # 250 % of meinSpiel's 300
    _a_cmyk_pdf(tmp_path / "deck-home.pdf", (0.9, 0.9, 0.9, 0.9))  # no shop's file: no shop's limit
    assert _inks(tmp_path) == []
    _a_cmyk_pdf(tmp_path / "deck-metric-poker.pdf", (0.9, 0.8, 0.8, 0.6))  # 310 %
    assert [item.percent for item in _inks(tmp_path)] == [310.0]


def test_an_image_pixel_over_the_limit_is_flagged_though_the_image_averages_under_it(tmp_path):
    """Total area coverage is the most ink at any one point: one dark pixel in a pale image is over the limit."""
    from PIL import Image

    image = Image.new("CMYK", (8, 8), (20, 20, 20, 20))
    image.putpixel((3, 3), (200, 180, 180, 255))  # 815 / 255 = 319.6 %
    path = _a_cmyk_pdf(tmp_path / "art-drivethrucards.pdf", (0, 0, 0, 1), image)
    assert [(item.percent, item.what) for item in ink_over(path, 240)] == [(319.6, "an image, 8 x 8 px")]
    assert ink_over(path, 320) == []


def test_the_command_lists_ink_over_the_limit_and_a_file_that_is_not_the_pdfx_its_shop_asks_for(tmp_path, capsys):
    _a_cmyk_pdf(tmp_path / "deck-drivethrucards.pdf", (0.7, 0.6, 0.6, 0.6))
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "deck-drivethrucards.pdf: page 1: 250.0% ink, over the shop's 240%" in out
    assert "deck-drivethrucards.pdf: not PDF/X-1a: GTS_PDFXVersion is '', not 'PDF/X-1a:2003'" in out
    assert "deck-drivethrucards.pdf: not PDF/X-1a: page 1 has no TrimBox" in out
    assert "1 colour(s) over the shop's total ink limit and" in out and "in 1 print shop PDF(s)" in out


def test_a_projects_own_profiles_give_the_limits_with_layouts(tmp_path):
    """A project that holds its metric press to 260 % in its own paper.yaml is checked against 260 with --layouts."""
    layouts = tmp_path / "layouts"
    (layouts / "common").mkdir(parents=True)
    (layouts / "common" / "paper.yaml").write_text("extends: default\nvendors:\n  metric-poker:\n"
                                                  "    {order: [front, back], colors: cmyk, ink_limit: 240}\n")
    out = tmp_path / "out"
    out.mkdir()
    _a_cmyk_pdf(out / "deck-metric-poker.pdf", (0.7, 0.6, 0.6, 0.6))  # 250 %
    assert main([str(out)]) == 0
    assert main([str(out), "--layouts", str(layouts)]) == 1


def _pdfx_file(path: Path, level: str, draw) -> Path:
    """A press canvas of pnp's (pnp.render.pdf.new_canvas) writing PDF/X-1a at `level`, with a trim box."""
    from reportlab.lib.colors import CMYKColor

    from pnp.render.pdf import new_canvas
    from pnp.render.pdfx import finish

    canvas = new_canvas(path, 100, 100, "a card", cmyk=True, pdfx=level)
    canvas.setTrimBox((5, 5, 95, 95))
    canvas.setFillColor(CMYKColor(0.1, 0.2, 0.3, 0.4, alpha=None))
    draw(canvas)
    canvas.showPage()
    finish(canvas)
    canvas.save()
    return path


def test_a_pdfx_file_of_pnps_passes_the_rule_by_rule_check_at_its_level(tmp_path):
    from pnp.text.fonts import DEFAULT_FONT

    def draw(canvas):
        canvas.rect(10, 10, 50, 50, fill=1, stroke=0)
        canvas.setFont(DEFAULT_FONT, 10)  # pnp's own font, registered and embedded by new_canvas
        canvas.drawString(10, 70, "Gold")

    assert pdfx_problems(_pdfx_file(tmp_path / "a.pdf", "x-1a:2003", draw), "x-1a:2003") == []
    assert pdfx_problems(_pdfx_file(tmp_path / "b.pdf", "x-1a:2001", draw), "x-1a:2001") == []
    assert pdfx_problems(tmp_path / "a.pdf", None) == []  # the level it says it is


def test_the_pdfx_check_names_the_wrong_level_an_unembedded_font_and_rgb(tmp_path):
    def draw(canvas):
        canvas.setFont("Helvetica", 10)  # one of the 14 standard fonts: never embedded
        canvas.drawString(10, 70, "Gold")
        canvas._code.append("1 0 0 rg")  # RGB past the canvas's colour-space guard, as a foreign file could have

    path = _pdfx_file(tmp_path / "a.pdf", "x-1a:2001", draw)
    problems = [item.problem for item in pdfx_problems(path, "x-1a:2003")]
    assert "GTS_PDFXVersion is 'PDF/X-1:2001', not 'PDF/X-1a:2003'" in problems
    assert "font /Helvetica is not embedded" in problems and "page 1: RGB colour" in problems
    assert all(isinstance(item, NotPdfx) for item in pdfx_problems(path, "x-1a:2003"))


@pytest.mark.parametrize("game_id", [g for g in REAL_GAMES if (ROOT / "content" / g / "decks").is_dir()])
def test_every_bundled_games_shop_files_are_within_their_ink_limit_and_pdfx_level(built_game, game_id):
    """Every print shop's file of every bundled game: every colour and image pixel within that shop's limit, and
    DriveThruCards' files PDF/X-1a:2003 rule by rule."""
    shop_files = built_game(game_id) / "print-on-demand"
    names = [path.name for path in shop_files.glob("*.pdf")]
    assert any(name.endswith("-drivethrucards.pdf") for name in names), f"{game_id}: no DriveThruCards file"
    assert any(name.endswith("-metric-poker.pdf") for name in names), f"{game_id}: no metric press file"
    found = shop_folder(shop_files)
    assert found == [], "\n".join(item.format() for item in found[:40])
