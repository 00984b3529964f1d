"""Playmats and boards tiled over home paper: overlaps, marks that match, labels, and the assembly page."""
import pytest
from pypdf import PdfReader

from pnp.core.units import inch, mm
from pnp.layout import Paper
from pnp.render import tiling
from pnp.render.backend import RecordingBackend

A4 = Paper("a4", mm(210), mm(297))
LETTER = Paper("letter", inch(8.5), inch(11))


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
@pytest.mark.parametrize("size", [(inch(24), inch(14)), (mm(400), mm(200)), (mm(600), mm(600)), (mm(150), mm(900))])
def test_tiles_cover_the_sheet_with_overlaps_of_at_least_10mm(paper, size):
    width, height = size
    plan = tiling.plan_tiles(width, height, paper)
    assert len(plan.tiles) == plan.rows * plan.columns > 1
    assert plan.window_w <= plan.page_w - 2 * tiling.MARGIN + 0.01 and plan.window_h <= plan.page_h - 2 * tiling.MARGIN + 0.01
    for tile in plan.tiles:
        assert -0.01 <= tile.x and tile.x + plan.window_w <= width + 0.01
        assert -0.01 <= tile.y and tile.y + plan.window_h <= height + 0.01
        right, below = plan.tile(tile.row, tile.column + 1), plan.tile(tile.row + 1, tile.column)
        if right:
            assert tile.x + plan.window_w - right.x >= mm(10) - 0.01
        if below:
            assert below.y + plan.window_h - tile.y >= mm(10) - 0.01
    assert plan.tile(0, 0).x == 0 and plan.tile(plan.rows - 1, 0).y == 0  # row 1 is the top of the sheet
    last = plan.tiles[-1]
    assert last.x + plan.window_w == pytest.approx(width) and plan.tile(0, 0).y + plan.window_h == pytest.approx(height)


def test_the_orientation_with_fewer_pages_wins():
    wide = tiling.plan_tiles(inch(24), inch(14), A4)
    portrait = tiling._plan(inch(24), inch(14), A4.width, A4.height)
    landscape = tiling._plan(inch(24), inch(14), A4.height, A4.width)
    assert len(wide.tiles) == min(len(portrait.tiles), len(landscape.tiles))


def test_registration_crosses_print_on_both_tiles_of_an_overlap():
    plan = tiling.plan_tiles(inch(24), inch(14), LETTER)
    for tile in plan.tiles:
        right = plan.tile(tile.row, tile.column + 1)
        if right:
            shared = set(tiling.registration_points(plan, tile)) & set(tiling.registration_points(plan, right))
            assert len(shared) == 2  # the same two crosses, in sheet coordinates, on both pages
            for x, y in shared:  # inside both windows
                assert max(tile.x, right.x) < x < min(tile.x, right.x) + plan.window_w


def test_every_mark_and_label_of_a_tile_stays_5mm_from_the_paper_edge():
    plan = tiling.plan_tiles(inch(24), inch(14), A4)
    for tile in plan.tiles:
        backend = RecordingBackend()
        tiling.draw_tile(backend, plan, tile, lambda b, x, y: None, "Mat", "Vera")
        points = []
        for name, args, _ in backend.calls:
            if name == "line":
                points += [args[0:2], args[2:4]]
            elif name in ("text", "circle"):
                points.append(args[0:2])
        assert points
        for x, y in points:
            assert mm(5) - 0.01 <= x <= plan.page_w - mm(5) + 0.01 and mm(5) - 0.01 <= y <= plan.page_h - mm(5) + 0.01
        labels = [c[1][2] for c in backend.calls if c[0] == "text"]
        assert any(f"row {tile.row + 1} / column {tile.column + 1} of {plan.rows} \u00d7 {plan.columns}" in t for t in labels)


def test_the_built_playmat_has_an_assembly_page_then_its_tiles(tmp_path, fx):
    from pnp.render.outputs import full_size_pdf, tiled_pdf

    layout = fx.sheet_layouts["playmat"]
    pages = tiled_pdf(fx, "playmat", "a4", tmp_path / "tiled.pdf")
    plan = tiling.plan_tiles(layout.width, layout.height, fx.print_setup.papers["a4"])
    reader = PdfReader(tmp_path / "tiled.pdf")
    assert pages == len(reader.pages) == 1 + len(plan.tiles) == 4  # 400 x 200 mm: three portrait A4 tiles
    assembly = reader.pages[0].extract_text()  # set as a book sets it: ×, "A4", a curly apostrophe
    assert "assembly" in assembly and "3 tiles (1 row \u00d7 3 columns) on A4" in assembly
    assert "400 \u00d7 200 mm" in assembly and "tile\u2019s left edge" in assembly
    assert "row 1 / column 2 of 1 \u00d7 3" in reader.pages[2].extract_text()
    assert str(reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"]) == "/None"
    full_size_pdf(fx, "playmat", tmp_path / "full.pdf")
    page = PdfReader(tmp_path / "full.pdf").pages[0]
    bleed = layout.bleed  # the print shop's file: the trim at the playmat's size, its bleed round it
    assert bleed == pytest.approx(inch(0.125))
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((mm(400) + 2 * bleed, mm(200) + 2 * bleed))
    assert [float(v) for v in page.trimbox] == pytest.approx([bleed, bleed, bleed + mm(400), bleed + mm(200)])
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, mm(400) + 2 * bleed, mm(200) + 2 * bleed])


def test_a_board_that_fits_the_paper_prints_on_one_page_and_gets_no_form(fixture_project):
    from typer.testing import CliRunner

    from pnp.cli import app

    game = fixture_project / "content/pocket-dungeon/game.yaml"
    game.write_text(game.read_text().replace("    kind: playmat", "    kind: board"))
    layout = fixture_project / "layouts/pocket-dungeon/playmat.yaml"
    text = layout.read_text().replace("design: {width: 400mm, height: 200mm}", "design: {width: 260mm, height: 190mm}")
    text = text.replace("  coin-tokens: {kind: tokens, x: 265mm, y: 169mm, w: 125mm, h: 24mm}\n", "")
    text = text.replace("w: 380mm", "w: 240mm").replace("x: 95mm,  y: 40mm,  w: 215mm", "x: 95mm,  y: 40mm,  w: 75mm")
    text = text.replace("w: 335mm", "w: 195mm").replace("x: 350mm, y: 5mm,", "x: 210mm, y: 5mm,")  # title, door
    layout.write_text(text.replace("x: 315mm, y: 40mm,  w: 75mm", "x: 175mm, y: 40mm,  w: 75mm"))
    content = fixture_project / "content/pocket-dungeon/playmat.yaml"
    content.write_text(content.read_text().replace("    cards: 3", "    cards: 1"))
    result = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    sheets = sorted(p.name for p in (fixture_project / "output/pocket-dungeon/sheets").iterdir() if "playmat" in p.name)
    assert sheets == ["playmat-a4.pdf", "playmat-full-size.pdf", "playmat-letter.pdf"]  # landscape on one page each
    page = PdfReader(fixture_project / "output/pocket-dungeon/sheets/playmat-a4.pdf").pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)


# Issue 18: the production editor found crosses printed over the mat's headings and inside its card slots.

def _tiled_sheets():
    from helpers import GAMES

    return [(game, paper) for game in GAMES for paper in ("a4", "letter")]


@pytest.mark.parametrize(("game", "paper"), _tiled_sheets())
def test_no_registration_cross_prints_over_a_word_or_a_panel_edge_of_a_bundled_mat(game, paper):
    """Every tile of every bundled mat or board too big for the paper, drawn as the build draws it: each cross
    (with its circle) is clear of every text the sheet prints and crosses no panel's or card slot's edge."""
    from helpers import validated

    from pnp.render.outputs import fits_on_paper
    from pnp.render.sheets import draw_sheet

    project = validated(game)
    sheets = [s for s, model in project.game.sheets.items() if s in project.sheet_layouts
              and model.kind in ("playmat", "board") and not fits_on_paper(project, s, paper)]
    for sheet_id in sheets:
        layout = project.sheet_layouts[sheet_id]
        plan = tiling.plan_tiles(layout.width, layout.height, project.print_setup.papers[paper])

        def place(b, x, y, sheet_id=sheet_id, layout=layout):
            b.save()
            b.translate(x, y)
            draw_sheet(b, project, sheet_id, 0, layout.height)
            b.restore()

        for tile in plan.tiles:
            backend = RecordingBackend()
            tiling.draw_tile(backend, plan, tile, place, "Mat", "Vera")
            # the crosses are drawn last, on the page itself: (x, y, radius of the circle) in page points
            crosses = [args[:3] for name, args, kw in backend.calls
                       if name == "circle" and kw.get("stroke") == tiling.REGISTRATION_COLOR]
            assert crosses, (sheet_id, tile)
            for cx, cy, _ in crosses:
                x0, y0, x1, y1 = cx - mm(2.5), cy - mm(2.5), cx + mm(2.5), cy + mm(2.5)  # the arms' reach
                where = f"{game} {sheet_id} {paper} {tiling.label(plan, tile)}"
                for d in backend.drawn:
                    if not (min(x1, d.x1) > max(x0, d.x0) and min(y1, d.y1) > max(y0, d.y0)):
                        continue
                    assert d.kind != "text", f"{where}: a cross on {d.text!r}"
                    if d.kind == "rect":
                        assert d.x0 < x0 and d.x1 > x1 and d.y0 < y0 and d.y1 > y1, f"{where}: a cross on a panel's edge"


def test_a_cross_moves_off_what_the_sheet_prints_and_both_tiles_still_share_it():
    from pnp.render.backend import Drawn

    plan = tiling.plan_tiles(inch(24), inch(14), LETTER)
    left, right = plan.tiles[0], plan.tiles[1]
    bare = tiling.registration_points(plan, left)
    x, y = next(p for p in bare if p in tiling.registration_points(plan, right))
    heading = Drawn("text", x - mm(20), y - mm(2), x + mm(20), y + mm(2), "Fighting discard pile", 9)
    slot = Drawn("rect", x - mm(30), y + mm(5), x + mm(30), y + mm(60))
    drawn = [heading, slot]
    moved = tiling.registration_points(plan, left, drawn)
    assert (x, y) not in moved
    shared = set(moved) & set(tiling.registration_points(plan, right, drawn))
    assert len(shared) == 2
    for cx, cy in shared:
        assert max(left.x, right.x) < cx < min(left.x, right.x) + plan.window_w  # still in the overlap
        assert not (heading.x0 - mm(2.5) < cx < heading.x1 + mm(2.5) and heading.y0 - mm(2.5) < cy < heading.y1 + mm(2.5))
        assert not (slot.x0 - mm(2.5) < cx < slot.x1 + mm(2.5) and slot.y0 - mm(2.5) < cy < slot.y1 + mm(2.5))


def test_each_overlap_is_searched_once_for_the_two_tiles_that_share_it(monkeypatch):
    """A file's tiles keep their overlaps' crosses in one `strips`: the second tile of an overlap reads the first's
    search, and gets exactly the crosses it would have found itself."""
    from pnp.render.backend import Drawn

    plan = tiling.plan_tiles(mm(600), mm(600), A4)
    assert plan.rows > 1 and plan.columns > 1
    drawn = [Drawn("text", x, y, x + mm(30), y + mm(4), "Discard", 9)
             for x in range(0, int(mm(600)), int(mm(45))) for y in range(0, int(mm(600)), int(mm(35)))]
    alone = {tile: tiling.registration_points(plan, tile, drawn) for tile in plan.tiles}
    searches = []
    search = tiling._strip_points
    monkeypatch.setattr(tiling, "_strip_points", lambda *a, **k: (searches.append(a[:2]), search(*a, **k))[1])
    strips: dict = {}
    shared = {tile: tiling.registration_points(plan, tile, drawn, strips) for tile in plan.tiles}
    assert shared == alone
    overlaps = plan.rows * (plan.columns - 1) + plan.columns * (plan.rows - 1)
    assert len(searches) == len(set(searches)) == overlaps == len(strips)


# Issue 35: the playmats were plain outlines with no bleed. Each bundled playmat draws a ground (a gradient and a
# pattern fitting its game) under its regions, runs it into the bleed of its print-shop file, and frames and labels
# its card slots; the ground's every colour stays far under the 240 % total ink the strictest shop asks.

def _bundled_mats():
    from helpers import REAL_GAMES, validated

    return [(game, sheet_id) for game in REAL_GAMES for sheet_id, sheet in validated(game).game.sheets.items()
            if sheet.kind == "playmat"]


@pytest.mark.parametrize(("game", "sheet_id"), _bundled_mats())
def test_a_bundled_playmat_draws_a_ground_that_runs_into_the_bleed(game, sheet_id):
    from helpers import validated

    from pnp.render.grounds import GROUND_PREFIX
    from pnp.render.press import press_cmyk
    from pnp.render.sheets import draw_sheet

    project = validated(game)
    layout = project.sheet_layouts[sheet_id]
    assert layout.ground is not None and layout.ground.pattern != "plain"
    bleed = layout.bleed
    assert bleed >= mm(3)
    page_w, page_h = layout.width + 2 * bleed, layout.height + 2 * bleed
    backend = RecordingBackend()
    draw_sheet(backend, project, sheet_id, bleed, bleed + layout.height, bleed)
    grounds = [name for name in backend.symbols if name.startswith(GROUND_PREFIX)]
    assert len(grounds) == 1
    ground = backend.symbols[grounds[0]]
    # the gradient: full-width filled bands that together cover the page, bleed included, without a gap
    filled = [[p[1:] for p in args[0] if len(p) == 3] for c, args, kw in ground if c == "path" and kw.get("fill")]
    bands = sorted(((min(y for _, y in ps), max(y for _, y in ps)) for ps in filled
                    if min(x for x, _ in ps) <= 0.01 and max(x for x, _ in ps) >= page_w - 0.01))
    assert bands and bands[0][0] <= 0.01 and bands[-1][1] >= page_h - 0.01
    assert all(b[0] <= a[1] + 0.01 for a, b in zip(bands, bands[1:]))
    # the pattern: many marks beyond the bands, not only outlines
    marks = [c for c in ground if c[0] in ("circle", "line", "path")]
    assert len(marks) - len(bands) > 30
    colours = {kw.get(key) or (args[4] if c == "line" else None) for c, args, kw in ground for key in ("fill", "stroke")}
    colours.discard(None)
    assert colours and all(sum(press_cmyk(colour, None)) < 2.4 * 0.5 for colour in colours), colours  # under half


@pytest.mark.parametrize(("game", "sheet_id"), _bundled_mats())
def test_a_bundled_playmats_print_shop_file_has_its_bleed_and_trim(tmp_path, game, sheet_id):
    from helpers import validated

    from pnp.render.outputs import full_size_pdf

    project = validated(game)
    layout = project.sheet_layouts[sheet_id]
    full_size_pdf(project, sheet_id, tmp_path / "full.pdf")
    page = PdfReader(tmp_path / "full.pdf").pages[0]
    b = layout.bleed
    assert [float(v) for v in page.trimbox] == pytest.approx([b, b, b + layout.width, b + layout.height], abs=0.01)
    assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox], abs=0.01)
    assert float(page.mediabox.width) == pytest.approx(layout.width + 2 * b, abs=0.01)


@pytest.mark.parametrize(("game", "sheet_id"), _bundled_mats())
def test_every_card_slot_of_a_bundled_playmat_is_framed_and_labelled(game, sheet_id):
    """Corner marks in each slot and a label inside it: the area's name, or the slot's number in a row."""
    from helpers import validated

    from pnp.render.sheets import draw_sheet

    project = validated(game)
    layout = project.sheet_layouts[sheet_id]
    backend = RecordingBackend()
    draw_sheet(backend, project, sheet_id, 0, layout.height)
    slots = [args[:4] for name, args, kw in backend.calls  # a card slot: a paper-white rect with the slot's round corners
             if name == "rect" and kw.get("fill") == layout.colors["paper"] and kw.get("radius") == pytest.approx(mm(2.5))]
    assert slots
    texts = [d for d in backend.drawn if d.kind == "text"]
    lines = [d for d in backend.drawn if d.kind == "line"]
    for x, y, w, h in slots:
        inside = [t for t in texts if x < t.x0 and t.x1 < x + w and y < t.y0 and t.y1 < y + h]
        assert inside and all(t.size >= 6 for t in inside), (x, y)
        corners = [d for d in lines if x < d.x0 and d.x1 < x + w and y < d.y0 and d.y1 < y + h]
        assert len(corners) >= 8, (x, y)
