"""Layout and imposition geometry, checked on the recording backend (no PDF parsing)."""
import pytest

from pnp.render.backend import RecordingBackend
from pnp.render.imposition import Grid, crop_marks, fold_and_glue, home_print, mirrored, print_on_demand
from pnp.render.outputs import deck_faces
from pnp.render.textfit import fit_text
from pnp.units import mm


def test_card_sizes_are_real_print_geometry(em_project):
    size = em_project.layout.size
    assert (size.width, size.height, size.bleed) == pytest.approx((180, 252, 9))  # 2.5 x 3.5 in, 1/8 in bleed


@pytest.mark.parametrize("sheet_name", ["a4", "letter"])
def test_nine_up_grid_is_centred_and_abutting(em_project, sheet_name):
    sheet = em_project.print_setup.home[sheet_name]
    grid = Grid.centred(sheet, em_project.layout)
    assert grid.left == pytest.approx(sheet.paper.width - grid.right)
    assert grid.bottom == pytest.approx(sheet.paper.height - grid.top)
    x0, _ = grid.cell(0, 0)
    x1, _ = grid.cell(1, 0)
    assert x1 - x0 == pytest.approx(em_project.layout.size.width)  # no gutter: shared cut lines
    assert grid.bottom >= mm(6.35) - 0.01  # fits Letter's 6.35 mm margin


@pytest.mark.parametrize("sheet_name", ["a4", "letter"])
def test_crop_marks_stay_in_the_margin_and_off_the_edge(em_project, sheet_name):
    sheet = em_project.print_setup.home[sheet_name]
    grid = Grid.centred(sheet, em_project.layout)
    backend = RecordingBackend()
    crop_marks(backend, grid, sheet)
    lines = [c[1][:4] for c in backend.calls if c[0] == "line"]
    assert len(lines) >= 8
    for x1, y1, x2, y2 in lines:
        for x, y in ((x1, y1), (x2, y2)):
            assert sheet.edge - 0.01 <= x <= sheet.paper.width - sheet.edge + 0.01
            assert sheet.edge - 0.01 <= y <= sheet.paper.height - sheet.edge + 0.01
            inside = grid.left + 0.01 < x < grid.right - 0.01 and grid.bottom + 0.01 < y < grid.top - 0.01
            assert not inside, "a crop mark over the art"


def test_long_edge_duplex_mirrors_columns_and_short_edge_mirrors_rows(em_project):
    sheet = em_project.print_setup.home["a4"]
    assert [mirrored(slot, sheet) for slot in range(3)] == [(2, 0), (1, 0), (0, 0)]
    short = type(sheet)(**{**sheet.__dict__, "duplex": "short"})
    assert mirrored(0, short) == (0, 2)


def test_back_lands_behind_its_front(em_project):
    """A card's front at x and its back at W - x - w: the same spot once the sheet flips on its long edge."""
    sheet = em_project.print_setup.home["letter"]
    fronts, backs = deck_faces(em_project, "story", None)
    backend = RecordingBackend()
    pages = home_print(backend, fronts[:4], backs[:4], em_project.layout, sheet, em_project.game.plugin.art)
    assert pages == 2
    clips = [c[1] for c in backend.calls if c[0] == "clip_rect"]
    front_clips, back_clips = clips[:4], clips[4:]
    width = em_project.layout.size.width
    for (fx, fy, w, h), (bx, by, _, _) in zip(front_clips, back_clips):
        assert bx == pytest.approx(sheet.paper.width - fx - width)
        assert by == pytest.approx(fy)


@pytest.mark.parametrize("sheet_name", ["a4", "letter"])
def test_fold_and_glue_puts_each_back_beside_its_front_mirrored_about_the_fold(em_project, sheet_name):
    """Fronts left of the fold, backs right of it: folding the page puts each back behind its front."""
    sheet = em_project.print_setup.fold[sheet_name]
    assert sheet.paper.width > sheet.paper.height  # landscape
    fronts, backs = deck_faces(em_project, "story", None)
    backend = RecordingBackend()
    pages = fold_and_glue(backend, fronts[:6], backs[:6], em_project.layout, sheet, em_project.game.plugin.art)
    assert pages == 2  # 4 cards per page
    clips = [c[1] for c in backend.calls if c[0] == "clip_rect"]
    fold, width = sheet.paper.width / 2, em_project.layout.size.width
    first_page = clips[:8]
    for (fx, fy, w, h), (bx, by, _, _) in zip(first_page[::2], first_page[1::2]):  # front, then its back
        assert fx + w <= fold + 0.01 <= bx + 0.02 and by == pytest.approx(fy)
        assert fold - (fx + width) == pytest.approx(bx - fold)  # the same distance from the fold
    lines = [c[1][:4] for c in backend.calls if c[0] == "line"]
    for x1, y1, x2, y2 in lines:
        for x, y in ((x1, y1), (x2, y2)):
            assert sheet.edge - 0.01 <= x <= sheet.paper.width - sheet.edge + 0.01
            assert sheet.edge - 0.01 <= y <= sheet.paper.height - sheet.edge + 0.01
    on_fold = [line for line in lines if line[0] == pytest.approx(fold) and line[2] == pytest.approx(fold)]
    assert on_fold and all(abs(y2 - y1) <= 1.5 + 0.01 for _, y1, _, y2 in on_fold)  # dashes, not a crop mark


def test_print_on_demand_pages_carry_trim_and_bleed_boxes_in_vendor_order(em_project):
    fronts, backs = deck_faces(em_project, "character", None)
    backend = RecordingBackend()
    vendor = em_project.print_setup.vendors["drivethrucards"]
    pages = print_on_demand(backend, fronts, backs, em_project.layout, vendor, em_project.game.plugin.art)
    assert pages == 2 * len(fronts) == 12
    page_calls = [c for c in backend.calls if c[0] == "begin_page"]
    assert page_calls[0][1] == pytest.approx((198, 270))  # 2.75 x 3.75 in
    assert page_calls[0][2]["trim_box"] == pytest.approx((9, 9, 189, 261))
    assert page_calls[0][2]["bleed_box"] == pytest.approx((0, 0, 198, 270))
    used = [c[1][0] for c in backend.calls if c[0] == "use_symbol" and c[1][0].startswith(("back:", "face:"))]
    assert used[0] == "back:character" and used[1].startswith("face:leader-")


def test_every_card_face_shows_its_text(em_project):
    backend = RecordingBackend()
    fronts, backs = deck_faces(em_project, "character", None)
    print_on_demand(backend, fronts, backs, em_project.layout, em_project.print_setup.vendors["front-then-back"], em_project.game.plugin.art)
    drawn = " ".join(backend.texts())
    for record in em_project.game.decks["character"].cards:
        assert record.card.name in drawn
        assert record.card.ability.name in drawn and record.card.beast_mode.name in drawn


def test_difficulty_filter_leaves_out_harder_cards(em_project):
    from pnp.model import Difficulty

    green, _ = deck_faces(em_project, "game", Difficulty.green)
    everything, _ = deck_faces(em_project, "game", None)
    assert len(everything) == 106
    assert len(green) == 78 + 8  # Numbered cards and 7-Starts
    assert not any(f.values["kind"] in ("trap", "doom_master") for f in green)


def test_text_shrinks_before_it_fails():
    roomy = fit_text("Play fast and play often", "Vera", 10, 6, 200, 40)
    tight = fit_text("Play fast and play often", "Vera", 10, 6, 60, 30)
    assert roomy.ok and roomy.size == 10
    assert tight.ok and tight.size < 10
    failed = fit_text("word " * 200, "Vera", 10, 6, 60, 40)
    assert not failed.ok and failed.problem == "height"
    assert fit_text("Unbreakablewordthatistoolong", "Vera", 10, 6, 30, 40).problem == "width"


def test_width_table_holds_every_glyph_of_the_font_files():
    """So a character missing from the table is one the font cannot draw (see missing_glyphs)."""
    from pnp.render.fonts import WIDTHS_FILE, render_width_table

    assert WIDTHS_FILE.read_text() == render_width_table(), "run `python -m pnp.render.fonts` to refresh it"


@pytest.mark.parametrize("font", ["Vera", "VeraBd", "VeraIt", "VeraBI"])
def test_width_table_matches_the_font_files(font):
    """font_widths.json must measure exactly as reportlab does with the TTF itself."""
    from pathlib import Path

    from reportlab.pdfbase import pdfmetrics

    from pnp.render.fonts import register, string_width

    register(font)
    root = Path(__file__).resolve().parents[1]
    text = "".join(sorted({ch for path in (root / "content").rglob("*.yaml") for ch in path.read_text()} - {"\n"}))
    assert len(text) > 60
    for ch in text:
        assert string_width(ch, font, 10) == pytest.approx(pdfmetrics.stringWidth(ch, font, 10)), repr(ch)
