"""Sheets, playmats, boards and tokens laid out like a publisher's (issue 18): every word at least 6 pt and inside
the region that draws it, no two words overlapping, card slots in line, no empty bands."""
import pytest
from helpers import validated
from sheet_geometry import MM, empty_bands, region_drawings

from pnp.layout.regions import area_plan
from pnp.layout.sheet import Region

PAGES = [("saucer-escape", "game-sheet"), ("escort-service", "board-mat"), ("escort-service", "counters"),
         ("2200-escaping-earth", "playmat"), ("2200-escaping-earth", "tokens"), ("stranded", "playmat"),
         ("stranded", "life-tokens")]
COUNTER_PAGES = [("escort-service", "counters"), ("2200-escaping-earth", "tokens"), ("stranded", "life-tokens")]
PLAYMATS = [("escort-service", "board-mat"), ("2200-escaping-earth", "playmat"), ("stranded", "playmat")]


def drawings(game, sheet):
    return region_drawings(validated(game), sheet)


@pytest.mark.parametrize("game,sheet", PAGES)
def test_every_word_is_at_least_6pt_and_inside_its_region(game, sheet):
    found = drawings(game, sheet)
    texts = [t for d in found for t in d.texts]
    assert texts
    assert not [(t.string, t.size) for t in texts if t.size < 6.0 - 1e-9]
    assert not [(d.name, t.string) for d in found for t in d.texts if not t.box.inside(d.area)]
    assert not [(d.name, kind) for d in found for kind, box in d.rects if not box.inside(d.area)]


@pytest.mark.parametrize("game,sheet", PAGES)
def test_no_two_words_overlap(game, sheet):
    texts = [t for d in drawings(game, sheet) for t in d.texts]
    assert not [(a.string, b.string) for i, a in enumerate(texts) for b in texts[i + 1:] if a.box.overlaps(b.box, 0.1)]


@pytest.mark.parametrize("game,sheet", COUNTER_PAGES)
def test_counter_pages_have_no_empty_band(game, sheet):
    """Between two sets of counters: the region's padding and a 2 mm gap, no more (10 mm)."""
    height = validated(game).sheet_layouts[sheet].height / MM
    bands = [(round(top, 1), round(bottom, 1)) for top, bottom in empty_bands(drawings(game, sheet), height)]
    assert not [band for band in bands if band[1] - band[0] > 10.0], bands


@pytest.mark.parametrize("game,sheet", PLAYMATS)
def test_playmats_have_no_empty_band(game, sheet):
    """Nothing but the 8 mm edge and the gaps between rows is left empty across a mat (15 mm at most)."""
    height = validated(game).sheet_layouts[sheet].height / MM
    bands = [(round(top, 1), round(bottom, 1)) for top, bottom in empty_bands(drawings(game, sheet), height)]
    assert not [band for band in bands if band[1] - band[0] > 15.0], bands


def card_slots(game, sheet):
    """Each area's card outlines (mm), by area."""
    project = validated(game)
    model = project.game.sheets[sheet].model
    slots = {}
    for region in project.sheet_layouts[sheet].regions:
        if region.kind == "area":
            area = next(a for a in model.areas if a.id == region.name)
            plan = area_plan(region, bool(area.text), area.cards, project.card_size.width, project.card_size.height)
            slots[region.name] = [(s.x / MM, s.y / MM) for s in plan.slots]
    return slots


def test_escort_service_board_slots_stand_in_line():
    """Same row, same y; same column, same x; the four columns equally spaced (within 0.5 mm). The columns' top
    slots and their bottom slots each stand in a row, the shuttle and the fallen pilots' places in the row below."""
    slots = card_slots("escort-service", "board-mat")
    rows = [[("scenario", 0), ("scrap-pile", 0), ("scrap-discard", 0)] + [(f"column-{i}", 0) for i in range(1, 5)],
            [(f"column-{i}", 1) for i in range(1, 5)],
            [("fallen-1", 0), ("shuttle", 0), ("fallen-2", 0), ("fallen-3", 0), ("fallen-4", 0), ("elite-deck", 0),
             ("elite-discard", 0)]]
    for row in rows:
        tops = [slots[name][k][1] for name, k in row]
        assert max(tops) - min(tops) <= 0.5, dict(zip(row, tops))
    for column in (["column-1", "shuttle"], ["column-2", "fallen-2"], ["column-3", "fallen-3"],
                   ["column-4", "fallen-4"], ["scenario", "fallen-1"], ["scrap-pile", "elite-deck"],
                   ["scrap-discard", "elite-discard"]):
        lefts = [x for name in column for x, _ in slots[name]]
        assert max(lefts) - min(lefts) <= 0.5, column
    lefts = [slots[f"column-{i}"][0][0] for i in range(1, 5)]
    gaps = [b - a for a, b in zip(lefts, lefts[1:])]
    assert max(gaps) - min(gaps) <= 0.5, gaps


def test_an_area_without_text_lines_up_with_one_that_has_it():
    """The card outlines of two equal areas side by side stand on one line whether or not each has text."""
    card_w, card_h = 63.5 * MM, 88.9 * MM
    with_text = area_plan(Region("a", "area", 0, 0, 74 * MM, 120 * MM), True, 1, card_w, card_h)
    without = area_plan(Region("b", "area", 0, 0, 74 * MM, 120 * MM), False, 1, card_w, card_h)
    assert abs(with_text.slots[0].y - without.slots[0].y) < 0.5 * MM
    too_low = area_plan(Region("c", "area", 0, 0, 74 * MM, 103 * MM), False, 1, card_w, card_h)
    assert too_low.slots, "an area with no room for text keeps its cards"


def test_the_2200_trackers_panel_holds_what_the_rules_track():
    """The cube supply, and a tally for each count the rules keep (a run is lost when turn 80 ends; the campaign
    challenge is 30 runs), with the numbers the engine plays by. The Wolf's Shield Charge is marked on the Wolf's own
    card, so the playmat has no second track for it."""
    settings = validated("2200-escaping-earth").game.settings
    found = {d.name: d for d in drawings("2200-escaping-earth", "playmat")}
    words = {name: " ".join(t.string for t in drawing.texts) for name, drawing in found.items()}
    assert "yellow cubes" in words["cubes"]
    assert words["turns"].startswith("Turn tally") and f"{settings.max_turns}th turn" in words["turns"]
    assert words["runs"].startswith("Run tally") and f"{settings.runs_per_campaign} runs" in words["runs"]
    assert "shield-charge" not in found


def test_stranded_playmat_rows_span_the_mat():
    """Both rows of areas run from the left edge to the right edge (8 mm in), sharing their columns."""
    layout = validated("stranded").sheet_layouts["playmat"]
    right = layout.width / MM - 8
    for top in {round(r.y / MM) for r in layout.regions if r.kind == "area"}:
        row = [r for r in layout.regions if r.kind == "area" and round(r.y / MM) == top]
        assert abs(min(r.x for r in row) / MM - 8) < 0.1 and abs(max((r.x + r.w) / MM for r in row) - right) < 0.1


def test_tracks_stacked_in_one_column_start_their_boxes_at_one_x():
    """Escape Master's score sheet: the team rows' boxes stand under the player rows' boxes, though "Team A" is a
    shorter label than "Player 1" (the label column is the widest label's)."""
    project = validated("escape-master")
    found = {d.name: d for d in region_drawings(project, "score-sheet")}
    tracks = [t.id for t in project.game.sheets["score-sheet"].model.tracks]
    lefts = {track: min(box.x0 for _, box in found[track].rects) for track in tracks if track in found}
    assert any(t.startswith("team") for t in lefts) and any(t.startswith("player") for t in lefts)
    assert max(lefts.values()) - min(lefts.values()) < 0.1, lefts
