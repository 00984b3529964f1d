"""Cut guides on home and fold-and-glue sheets (issue 18): at least 3 mm long wherever cards abut, on every paper
pnp ships and for every card size, measured from what the sheets draw (RecordingBackend); and the optional
gutter between cards: spaced cards, each card's own cut lines marked, backs exactly behind their fronts."""
import dataclasses
import math

import pytest

from pnp.core.units import mm
from pnp.layout.paper import load_print_setup, pack
from pnp.render.backend import RecordingBackend
from pnp.render.imposition import fold_and_glue, home_print
from pnp.render.outputs import deck_faces

SHORTEST = mm(3) - 0.01  # the 3 mm, less rounding
CLOSE = 0.01


def page_calls(backend: RecordingBackend) -> list[list[tuple]]:
    """The calls of each page."""
    found = []
    for call in backend.calls:
        if call[0] == "begin_page":
            found.append([])
        elif found:
            found[-1].append(call)
    return found


def placed(calls, size) -> list[dict]:
    """Each card a page places: its clip rectangle and its trim (x, y, w, h) on the sheet, from the drawing calls:
    an upright card is drawn with its bleed's corner at (x, y); a turned one about its place's centre."""
    cards = []
    for name, args, _ in calls:
        if name == "clip_rect":
            cards.append({"clip": args, "centre": None, "turn": 0})
        elif name == "translate" and cards:
            cards[-1]["centre"] = args
        elif name == "rotate" and cards:
            cards[-1]["turn"] = args[0] % 360
        elif name == "use_symbol" and args[0].startswith(("face:", "back:")):
            card = cards[-1]
            if card["centre"]:  # turned about its place's centre; a quarter turn makes the place its height wide
                quarter = card["turn"] % 180 == 90
                (cx, cy) = card["centre"]
                w, h = (size.height, size.width) if quarter else (size.width, size.height)
                card["trim"] = (cx - w / 2, cy - h / 2, w, h)
            else:
                card["trim"] = (args[1] + size.bleed, args[2] + size.bleed, size.width, size.height)
    return cards


def marks(calls) -> list[tuple[float, float, float, float]]:
    """The lines a sheet draws itself (the cards' own drawings are symbols)."""
    return [args[:4] for name, args, _ in calls if name == "line"]


def edges(trims) -> tuple[set, set]:
    """Every cut line the cards' trims ask for: x of the vertical ones, y of the horizontal ones (rounded)."""
    xs = {round(v, 3) for x, _, w, _ in trims for v in (x, x + w)}
    ys = {round(v, 3) for _, y, _, h in trims for v in (y, y + h)}
    return xs, ys


def assert_every_cut_line_has_guides(lines, trims, paper, edge, skip_x=()):
    """Each cut line has a guide of at least 3 mm beyond both ends of the cards, `edge` clear of the paper's edge;
    no guide anywhere is shorter."""
    left, right = min(t[0] for t in trims), max(t[0] + t[2] for t in trims)
    bottom, top = min(t[1] for t in trims), max(t[1] + t[3] for t in trims)
    xs, ys = edges(trims)
    vertical = [(x1, min(y1, y2), max(y1, y2)) for x1, y1, x2, y2 in lines if abs(x1 - x2) < CLOSE]
    horizontal = [(y1, min(x1, x2), max(x1, x2)) for x1, y1, x2, y2 in lines if abs(y1 - y2) < CLOSE]
    for x in xs - {round(s, 3) for s in skip_x}:
        at = [(low, high) for vx, low, high in vertical if abs(vx - x) < CLOSE]
        assert any(low >= top and high - low >= SHORTEST for low, high in at), f"no 3 mm guide above x={x / mm(1):.2f}mm"
        assert any(high <= bottom and high - low >= SHORTEST for low, high in at), f"no 3 mm guide below x={x / mm(1):.2f}mm"
    for y in ys:
        at = [(low, high) for vy, low, high in horizontal if abs(vy - y) < CLOSE]
        assert any(high <= left and high - low >= SHORTEST for low, high in at), f"no 3 mm guide left of y={y / mm(1):.2f}mm"
        assert any(low >= right and high - low >= SHORTEST for low, high in at), f"no 3 mm guide right of y={y / mm(1):.2f}mm"
    for x1, y1, x2, y2 in lines:
        for x, y in ((x1, y1), (x2, y2)):
            assert edge - CLOSE <= x <= paper.width - edge + CLOSE and edge - CLOSE <= y <= paper.height - edge + CLOSE
    return vertical


def one_page_of(fx, per_page):
    fronts, backs = deck_faces(fx, "rooms", None)
    repeat = math.ceil(per_page / len(fronts))
    return (fronts * repeat)[:per_page], (backs * repeat)[:per_page]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_home_sheets_draw_guides_of_at_least_3mm_on_every_cut_line_for_every_card_size(fx, paper):
    imposition = fx.print_setup.home[paper]
    for name, size in sorted(fx.layout.sizes.items()):
        per_page = imposition.packing(size).per_page
        assert per_page >= 1, name
        backend = RecordingBackend()
        home_print(backend, *one_page_of(fx, per_page), fx.layout, imposition, fx.game.emblems, size)
        for calls in page_calls(backend):  # the front page and its back page
            trims = [card["trim"] for card in placed(calls, size)]
            assert len(trims) == per_page, name
            assert_every_cut_line_has_guides(marks(calls), trims, imposition.paper, imposition.edge)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_sheets_draw_guides_of_at_least_3mm_on_every_cut_line_for_every_card_size(fx, paper):
    imposition = fx.print_setup.fold[paper]
    fold = imposition.paper.width / 2
    for name, size in sorted(fx.layout.sizes.items()):
        per_page = imposition.packing(size).per_page
        assert per_page >= 1, name
        backend = RecordingBackend()
        fold_and_glue(backend, *one_page_of(fx, per_page), fx.layout, imposition, fx.game.emblems, size)
        calls = page_calls(backend)[0]
        trims = [card["trim"] for card in placed(calls, size)]
        lines = marks(calls)
        cut = [line for line in lines if not (abs(line[0] - fold) < CLOSE and abs(line[2] - fold) < CLOSE)]
        assert_every_cut_line_has_guides(cut, trims, imposition.paper, imposition.edge, skip_x=(fold,))


def test_the_games_cards_get_3mm_guides_too(fx):
    """The bundled games print poker cards (their cards.yaml `size:`), covered above; their layouts say so."""
    from helpers import validated

    for game in ("2200-escaping-earth", "escape-master", "escort-service", "stranded"):
        project = validated(game)
        for deck in project.game.decks:
            assert project.deck_size(deck).name in fx.layout.sizes


def test_letter_keeps_its_nine_poker_cards_with_3mm_guides(fx):
    """Three rows of 88.9 mm on Letter leave 6.35 mm above and below. The sheet stays 9-up (what players expect)
    and the default Letter entry comes to 3 mm of the paper edge with a 0.3 mm gap, so the top and bottom guides
    are 3 mm long, not the 0.85 mm ticks a 5 mm edge left."""
    letter = fx.print_setup.home["letter"]
    packing = letter.packing(fx.layout.sizes["poker"])
    assert (packing.columns, packing.rows, packing.turned) == (3, 3, False)
    margin = (letter.paper.height - 3 * packing.cell_h) / 2
    assert margin - letter.mark_gap - letter.edge >= mm(3) - 0.01


def test_a_letter_sheet_with_a_5mm_edge_gives_a_row_rather_than_print_short_ticks(tmp_path, fx):
    """A designer who keeps Letter 5 mm clear of the edge gets two rows of poker cards turned (2 x 4), never a
    guide under 3 mm."""
    (tmp_path / "common").mkdir()
    (tmp_path / "common" / "paper.yaml").write_text(
        "extends: default\nhome:\n  letter: {paper: letter, mark_gap: 1mm, edge: 5mm}\n")
    setup, problems = load_print_setup(tmp_path)
    assert not problems
    packing = setup.home["letter"].packing(fx.layout.sizes["poker"])
    assert (packing.columns, packing.rows, packing.turned) == (2, 4, True)


def test_a_mark_length_below_3mm_is_refused(tmp_path):
    (tmp_path / "common").mkdir()
    (tmp_path / "common" / "paper.yaml").write_text(
        "extends: default\nhome:\n  a4: {paper: a4, mark_length: 2mm}\n")
    setup, problems = load_print_setup(tmp_path)
    assert setup is None and any("mark_length" in str(p) and "3mm" in str(p) for p in problems)


# --- the gutter ---------------------------------------------------------------------------------------------

def test_packing_counts_the_gutter(fx):
    """n cards and n - 1 gutters fit the width; n + 1 cards would not."""
    poker = fx.layout.sizes["poker"]
    for width in (mm(150), mm(192), mm(200), mm(260)):
        for gutter in (0.0, mm(2), mm(3), mm(6)):
            packing = pack(width, mm(80), poker, gutter=gutter)
            n, w = packing.columns, packing.cell_w
            if packing.rows:
                assert n * w + (n - 1) * gutter <= width + CLOSE < (n + 1) * w + n * gutter
    assert pack(mm(192), mm(279), poker).per_page == 9  # A4 less edge, gap and guide: 3 x 3 abutting
    assert pack(mm(192), mm(279), poker, gutter=mm(3)).per_page == 8  # 3 mm apart, three no longer fit across


def test_a_gutter_is_read_from_paper_yaml(tmp_path):
    (tmp_path / "common").mkdir()
    (tmp_path / "common" / "paper.yaml").write_text(
        "extends: default\nhome:\n  a4: {paper: a4, gutter: 3mm}\nfold:\n  a4: {paper: a4, gutter: 2mm}\n")
    setup, problems = load_print_setup(tmp_path)
    assert not problems
    assert setup.home["a4"].gutter == pytest.approx(mm(3)) and setup.fold["a4"].gutter == pytest.approx(mm(2))
    assert setup.home["letter"].gutter == 0  # the default: cards abut


@pytest.mark.parametrize("paper,duplex", [("a4", "long"), ("letter", "long"), ("a4", "short")])
@pytest.mark.parametrize("size_name", ["mini", "poker"])
def test_with_a_gutter_cards_stand_apart_each_cut_line_is_marked_and_backs_mirror_fronts_exactly(fx, paper, duplex,
                                                                                                 size_name):
    gutter = mm(3)
    imposition = dataclasses.replace(fx.print_setup.home[paper], gutter=gutter, duplex=duplex)
    size = fx.layout.sizes[size_name]
    packing = imposition.packing(size)
    backend = RecordingBackend()
    home_print(backend, *one_page_of(fx, packing.per_page), fx.layout, imposition, fx.game.emblems, size)
    front_calls, back_calls = page_calls(backend)
    fronts, backs = placed(front_calls, size), placed(back_calls, size)
    trims = [card["trim"] for card in fronts]
    # spaced by the gutter: neighbours in a row or a column are exactly one gutter apart
    xs, ys = edges(trims)
    assert len(xs) == 2 * packing.columns and len(ys) == 2 * packing.rows  # every card its own cut lines
    lefts = sorted({round(t[0], 3) for t in trims})
    assert all(b - a == pytest.approx(packing.cell_w + gutter, abs=CLOSE) for a, b in zip(lefts, lefts[1:]))
    bottoms = sorted({round(t[1], 3) for t in trims})
    assert all(b - a == pytest.approx(packing.cell_h + gutter, abs=CLOSE) for a, b in zip(bottoms, bottoms[1:]))
    for calls, cards in ((front_calls, fronts), (back_calls, backs)):
        assert_every_cut_line_has_guides(marks(calls), [c["trim"] for c in cards], imposition.paper, imposition.edge)
    # each back exactly behind its front after the flip
    W, H = imposition.paper.width, imposition.paper.height
    for front, back in zip(fronts, backs):
        x, y, w, h = front["trim"]
        behind = (W - x - w, y) if duplex == "long" else (x, H - y - h)
        assert back["trim"][:2] == pytest.approx(behind, abs=1e-6)
        bx, by, bw, bh = back["clip"]
        cx, cy, cw, ch = front["clip"]
        assert (bx, by, bw, bh) == pytest.approx(((W - cx - cw, cy) if duplex == "long" else (cx, H - cy - ch)) + (cw, ch),
                                                 abs=1e-6)


def test_with_a_gutter_the_art_bleeds_into_half_of_it_and_never_into_the_margin(fx):
    gutter = mm(3)
    imposition = dataclasses.replace(fx.print_setup.home["a4"], gutter=gutter)
    size = fx.layout.sizes["mini"]
    backend = RecordingBackend()
    home_print(backend, *one_page_of(fx, imposition.packing(size).per_page), fx.layout, imposition, fx.game.emblems, size)
    cards = placed(page_calls(backend)[0], size)
    trims = [c["trim"] for c in cards]
    left, right = min(t[0] for t in trims), max(t[0] + t[2] for t in trims)
    bottom, top = min(t[1] for t in trims), max(t[1] + t[3] for t in trims)
    reach = min(size.bleed, gutter / 2)
    assert reach > 0
    for card in cards:
        (x, y, w, h), (clip_x, clip_y, clip_w, clip_h) = card["trim"], card["clip"]
        assert x - clip_x == pytest.approx(0 if abs(x - left) < CLOSE else reach)
        assert clip_x + clip_w - (x + w) == pytest.approx(0 if abs(x + w - right) < CLOSE else reach)
        assert y - clip_y == pytest.approx(0 if abs(y - bottom) < CLOSE else reach)
        assert clip_y + clip_h - (y + h) == pytest.approx(0 if abs(y + h - top) < CLOSE else reach)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_sheets_with_a_gutter_keep_each_front_and_back_meeting_at_the_fold(fx, paper):
    gutter = mm(3)
    imposition = dataclasses.replace(fx.print_setup.fold[paper], gutter=gutter)
    size = fx.layout.sizes["poker"]
    packing = imposition.packing(size)
    backend = RecordingBackend()
    fold_and_glue(backend, *one_page_of(fx, packing.per_page), fx.layout, imposition, fx.game.emblems, size)
    calls = page_calls(backend)[0]
    cards = placed(calls, size)
    fronts, backs = cards[0::2], cards[1::2]
    W, fold = imposition.paper.width, imposition.paper.width / 2
    for front, back in zip(fronts, backs):
        x, y, w, h = front["trim"]
        assert back["trim"][:2] == pytest.approx((W - x - w, y), abs=1e-6)  # mirrored about the fold
    assert max(f["trim"][0] + f["trim"][2] for f in fronts) == pytest.approx(fold)  # fronts reach the fold
    assert min(b["trim"][0] for b in backs) == pytest.approx(fold)  # and their backs start there
    trims = [c["trim"] for c in cards]
    lines = [line for line in marks(calls) if not (abs(line[0] - fold) < CLOSE and abs(line[2] - fold) < CLOSE)]
    assert_every_cut_line_has_guides(lines, trims, imposition.paper, imposition.edge, skip_x=(fold,))
    assert len(edges(trims)[0]) == 4 * packing.columns - 1  # each card's own lines, the fold shared
