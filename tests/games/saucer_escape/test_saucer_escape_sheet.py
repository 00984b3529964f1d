"""The Saucer Escape sheet on paper: geometry, pencil-sized boxes, the fillable variant, the rulebook."""
import json

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.units import mm
from pnp.render.backend import RecordingBackend
from pnp.render.sheets import draw_sheet


def draw(project, paper_name):
    layout = project.sheet_layouts["game-sheet"]
    paper = project.print_setup.papers[paper_name]
    backend = RecordingBackend()
    draw_sheet(backend, project, "game-sheet", (paper.width - layout.width) / 2, paper.height - (paper.height - layout.height) / 2)
    return backend, paper


def extent(call):
    name, args, _ = call
    if name == "rect":
        x, y, w, h = args[:4]
        return x, y, x + w, y + h
    if name in ("checkbox", "text_field"):
        x, y, w = args[1:4]
        h = w if name == "checkbox" else args[4]
        return x, y, x + w, y + h
    if name == "line":
        return min(args[0], args[2]), min(args[1], args[3]), max(args[0], args[2]), max(args[1], args[3])
    if name == "text":
        return args[0], args[1], args[0], args[1]
    if name == "use_symbol":
        return args[1], args[2], args[1], args[2]
    return None


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_everything_stays_clear_of_the_paper_edge(se_project, paper_name):
    backend, paper = draw(se_project, paper_name)
    edge = mm(6.35)
    boxes = [extent(c) for c in backend.calls if extent(c)]
    assert len(boxes) > 500
    for x0, y0, x1, y1 in boxes:
        assert x0 >= edge - 0.01 and y0 >= edge - 0.01, (x0, y0)
        assert x1 <= paper.width - edge + 0.01 and y1 <= paper.height - edge + 0.01, (x1, y1)


def test_every_box_is_pencil_sized_and_a_checkbox(se_project):
    backend, _ = draw(se_project, "a4")
    checkboxes = [c for c in backend.calls if c[0] == "checkbox"]
    names = [c[1][0] for c in checkboxes]
    assert len(names) == len(set(names)), "field names must be unique"
    assert all(c[1][3] >= mm(4) - 0.01 for c in checkboxes)
    sheet = se_project.game.sheets["game-sheet"].model
    enemy_boxes = sum(e.life.length + e.power.length for e in sheet.enemies + [sheet.hivemind])
    assert sum(1 for n in names if n.startswith("enemy.")) == enemy_boxes
    assert sum(1 for n in names if n.startswith("map.")) == sum(len(r.replace("#", "")) for r in sheet.map.rows) - 1  # start is pre-explored
    texts = [c[1][0] for c in backend.calls if c[0] == "text_field"]
    assert sum(1 for n in texts if n.startswith("turn.")) == sheet.turns * 4


def test_sheet_shows_its_data(se_project):
    from pnp.text.typography import typeset

    backend, _ = draw(se_project, "letter")
    drawn = " ".join(backend.texts())
    sheet = se_project.game.sheets["game-sheet"].model
    for name in [e.name for e in sheet.enemies] + [loc.name for loc in sheet.locations] + [row.name for row in sheet.events]:
        assert typeset(name) in drawn
    for member in sheet.crew:
        assert member.name in drawn and all(a.name in drawn for a in member.abilities)


def test_build_writes_print_and_fillable_sheets(project):
    result = CliRunner().invoke(app, ["build", "saucer-escape"])
    assert result.exit_code == 0, result.output
    folder = project / "output/saucer-escape/sheets"
    printed = PdfReader(folder / "game-sheet-a4.pdf")
    assert len(printed.pages) == 1 and not printed.get_fields()
    fillable = PdfReader(folder / "game-sheet-letter-fillable.pdf")
    fields = fillable.get_fields()
    assert len(fields) > 500
    assert "turn.30.4" in fields and "party.artifacts" in fields and "enemy.1.life.1" in fields
    assert (fillable.pages[0].mediabox.width, fillable.pages[0].mediabox.height) == (612, 792)
    rulebook = PdfReader(project / "output/saucer-escape/rules/rulebook-a4.pdf")
    titles = [i.title for i in rulebook.outline if not isinstance(i, list)]
    assert "Saucer Escape game sheet" in titles
    text = " ".join(" ".join(p.extract_text() for p in rulebook.pages).split())
    assert "2 + 5 + 3 = 10" in text and "Hot Plasma" in text and "+1 per 4 Artifacts" in text


def test_playtest_reports_scores_wins_and_coverage(tmp_path):
    result = CliRunner().invoke(app, ["playtest", "saucer-escape", "--out", str(tmp_path), "--games", "12"])
    assert "win rate" in result.output and "median" in result.output and "most used" in result.output
    assert result.exit_code == 1 and "error: no witness for 'box:" in result.output  # 12 games cannot reach every box
    assert "first in seed 1000" in result.output.split("least used:")[1]  # where to replay a rare element


def test_replay_shows_where_a_rare_element_first_happened(tmp_path):
    report = json.loads(CliRunner().invoke(app, ["playtest", "saucer-escape", "--out", str(tmp_path), "--games", "14", "--format", "json"]).output)
    seed, turn = report["first_seen"]["box:escape-pod.2"]
    result = CliRunner().invoke(app, ["playtest", "saucer-escape", "--replay", str(seed)])
    lines = result.output.splitlines()
    assert result.exit_code == 0 and lines[0].startswith(f"seed {seed}: 1 player (") and lines[-1].startswith("result:")
    first = next(line for line in lines if "box:escape-pod.2" in line.partition("->")[2].strip().split(", "))
    assert int(first.split()[0]) == turn


def test_playtest_json(tmp_path):
    result = CliRunner().invoke(app, ["playtest", "saucer-escape", "--out", str(tmp_path), "--games", "6", "--format", "json"])
    data = json.loads(result.output)
    assert set(data["players"]) == {"random", "greedy", "filler", "besieger", "claws", "veteran"}
    assert data["elements"]["box:turn1"] > 0 and data["missing"]
    assert data["first_seen"]["box:turn1"] == [1_000_003, 1]  # the first game (seed 1 * 1_000_003 + 0), on its first turn
    assert all(data["first_seen"][k] is None for k in data["missing"])
    assert data["players"]["greedy"]["seats"] == 1 and "median" in data["players"]["greedy"]["score"]


# Issue 18: the sheet printed like a publisher's, on one page of A4 and of Letter (the same design area is centred
# on both, and every drawing below is at 100 %).

def test_every_word_on_the_sheet_is_at_least_6pt(se_project):
    from sheet_geometry import region_drawings

    texts = [t for d in region_drawings(se_project, "game-sheet") for t in d.texts]
    assert len(texts) > 150
    small = [(t.region, t.string, round(t.size, 2)) for t in texts if t.size < 6.0 - 1e-9]
    assert not small, small


def test_everything_a_region_draws_stays_inside_it(se_project):
    """The TOTAL box inside the score panel, every word and box inside the region that draws it."""
    from sheet_geometry import region_drawings

    drawings = {d.name: d for d in region_drawings(se_project, "game-sheet")}
    outside = [(d.name, t.string) for d in drawings.values() for t in d.texts if not t.box.inside(d.area)]
    outside += [(d.name, kind, box) for d in drawings.values() for kind, box in d.rects if not box.inside(d.area)]
    assert not outside, outside
    score = drawings["score"]
    assert any(t.string == "TOTAL" for t in score.texts)
    total = [box for kind, box in score.rects if kind == "text_field"][-1]
    assert total.inside(score.area) and total.y1 <= score.area.y1


def test_no_two_words_overlap(se_project):
    from sheet_geometry import region_drawings

    texts = [t for d in region_drawings(se_project, "game-sheet") for t in d.texts]
    clashes = [(a.string, b.string) for i, a in enumerate(texts) for b in texts[i + 1:] if a.box.overlaps(b.box, 0.1)]
    assert not clashes, clashes


def test_every_event_and_ability_prints_in_full(se_project):
    """A text that cannot fit is not drawn at all: each event's and each ability's words must be on the sheet (as
    typed or with the book's curly apostrophes and quotes, pnp.text.typography)."""
    from sheet_geometry import region_drawings

    typed = str.maketrans("\u2019\u2018\u201c\u201d", "''\"\"")
    drawn = " ".join(t.string for d in region_drawings(se_project, "game-sheet") for t in d.texts).translate(typed).split()
    sheet = se_project.game.sheets["game-sheet"].model
    for text in [row.text for row in sheet.events] + [a.text for m in sheet.crew for a in m.abilities]:
        words = text.split()
        assert any(drawn[i:i + len(words)] == words for i in range(len(drawn))), text


def test_the_fillable_form_keeps_every_part_a_player_fills_in(se_project):
    """The seed's parts: set-up numbers of rewards and enemies, to-hit numbers, party items with the artifacts,
    every map box but the start, each crew member's tracks, gear and abilities, 30 turns of 4 dice, the score."""
    backend, _ = draw(se_project, "letter")
    fields = {c[1][0] for c in backend.calls if c[0] in ("checkbox", "text_field")}
    sheet = se_project.game.sheets["game-sheet"].model
    rows = len(sheet.enemies) + 1
    expected = {f"turn.{t}.{k}" for t in range(1, sheet.turns + 1) for k in range(1, 5)}
    expected |= {f"reward.{i}.number" for i in range(1, len(sheet.rewards) + 1)}
    expected |= {f"enemy.{i}.{what}" for i in range(1, len(sheet.enemies) + 1) for what in ("number", "target")}
    expected |= {f"enemy.{rows}.target", "party.artifacts", "score.total"} | {f"score.{term.id}" for term in sheet.score}
    expected |= {f"location.{i}.{n}" for i, loc in enumerate(sheet.locations + [sheet.escape_pod], 1)
                 for n in range(1, loc.track.length + 1)}
    expected |= {f"crew.{m.id}.ability.{a.id}" for m in sheet.crew for a in m.abilities}
    expected |= {f"crew.{m.id}.{what}.1" for m in sheet.crew for what in ("life", "power", "rank")}
    expected |= {f"party.{item}.{n}" for item, track in sheet.party.items() for n in range(1, track.length + 1)}
    assert expected <= fields, sorted(expected - fields)


# Issue 18, the production editor's notes: where each crew track starts, what an Artifacts reward pays, the reward
# icons explained, the abilities evenly spaced.

def _boxes(backend):
    """Each checkbox's name with the fill of the box drawn under it (the rect at the same corner and size)."""
    fills = {}
    for name, args, kwargs in backend.calls:
        if name == "rect":
            fills[tuple(round(v, 3) for v in args[:3])] = kwargs.get("fill")
    return {c[1][0]: fills.get(tuple(round(v, 3) for v in c[1][1:4])) for c in backend.calls if c[0] == "checkbox"}


def test_crew_life_and_power_shade_the_boxes_a_rank_adds(se_project):
    """Rule 6.4: each rank adds a Life and a Power box, "the shaded extra boxes": the starting boxes are white and
    the ones a rank adds shaded, so the track shows where it starts."""
    backend, _ = draw(se_project, "a4")
    boxes = _boxes(backend)
    sheet = se_project.game.sheets["game-sheet"].model
    for member in sheet.crew:
        for track, start in (("life", member.life), ("power", member.power)):
            fills = [boxes[f"crew.{member.id}.{track}.{n}"] for n in range(1, start + member.ranks + 1)]
            assert f"crew.{member.id}.{track}.{start + member.ranks + 1}" not in boxes
            assert all(f == "#ffffff" for f in fills[:start]), (member.id, track, fills)
            assert all(f not in (None, "#ffffff") for f in fills[start:]), (member.id, track, fills)
            assert len(set(fills[start:])) == 1
        ranks = [boxes[f"crew.{member.id}.rank.{n}"] for n in range(1, member.ranks + 1)]
        assert all(f == "#ffffff" for f in ranks)  # rank boxes are darkened by the player, never pre-shaded


def test_an_artifacts_reward_prints_how_many_it_pays(se_project):
    """The seed's reward "Gain 3 Alien Artifacts": the box prints 3 beside the Artifact icon."""
    backend, _ = draw(se_project, "a4")
    sheet = se_project.game.sheets["game-sheet"].model
    assert next(i for i in sheet.items if i.id == "artifacts").amount == 3
    boxes = {c[1][0]: c[1][1:4] for c in backend.calls if c[0] == "checkbox"}
    threes = [c[1][:2] for c in backend.calls if c[0] == "text" and c[1][2] == "3"]
    paying = [f"reward.{r}.{i.at}" for r, track in enumerate(sheet.rewards, 1) for i in track.icons
              if i.icon == "GAIN" and i.item == "artifacts"]
    assert len(paying) >= 5
    for name in paying:
        x, y, size = boxes[name]
        assert any(x < tx < x + size and y < ty < y + size for tx, ty in threes), name


def test_the_legend_explains_the_reward_icons(se_project):
    from sheet_geometry import region_drawings

    legend = next(d for d in region_drawings(se_project, "game-sheet") if d.name == "legend")
    words = [t.string for t in legend.texts]
    for item in ("Artifacts", "Lasgun", "Shield", "Medkit", "Keycard"):
        assert item in words, words
    assert "3" in words  # the Artifacts mark as the reward boxes print it
    backend = RecordingBackend()
    from pnp.games.saucer_escape.sheet_render import draw_legend
    from pnp.render.sheets import sheet_pen

    layout = se_project.sheet_layouts["game-sheet"]
    region = next(r for r in layout.regions if r.name == "legend")
    pen = sheet_pen(backend, layout, se_project.game, se_project.card_outlines, 0, layout.height)
    draw_legend(pen, region, se_project.game.sheets["game-sheet"].model, se_project.game)
    symbols = {c[1][0].split(":")[1] for c in backend.calls if c[0] == "use_symbol"}
    assert {"artifacts", "lasgun", "shield", "medkit", "red_keycard", "blue_keycard"} <= symbols, symbols


def test_the_abilities_of_a_crew_panel_are_evenly_spaced(se_project):
    """The same white space above, between and below a panel's three abilities, however many lines each takes."""
    from sheet_geometry import region_drawings

    from pnp.games.saucer_escape.sheet_render import ABILITY_X, crew_panel_size

    crew = next(d for d in region_drawings(se_project, "game-sheet") if d.name == "crew")
    region = next(r for r in se_project.sheet_layouts["game-sheet"].regions if r.name == "crew")
    w, h = crew_panel_size(region)
    sheet = se_project.game.sheets["game-sheet"].model
    checked = 0
    for i, member in enumerate(sheet.crew):
        left, top = crew.area.x0 + (i % 2) * (w + 3), crew.area.y0 + (i // 2) * (h + 2)
        texts = sorted((t for t in crew.texts if left + ABILITY_X - 0.1 <= t.box.x0 < left + w and top <= t.box.y0 < top + h),
                       key=lambda t: t.box.y0)
        names = [k for k, t in enumerate(texts) if t.string in {a.name for a in member.abilities}]
        assert len(names) == 3, [t.string for t in texts]
        blocks = [(texts[a].box.y0, texts[b - 1].box.y1) for a, b in zip(names, names[1:] + [len(texts)])]
        gaps = [blocks[0][0] - top] + [b[0] - a[1] for a, b in zip(blocks, blocks[1:])] + [top + h - blocks[-1][1]]
        assert max(gaps[1:-1]) - min(gaps[1:-1]) < 0.3, (member.id, gaps)
        assert max(gaps) - min(gaps) < 0.8 and min(gaps) > 0.5, (member.id, gaps)
        checked += 1
    assert checked == 4


# Issue 35: the score boxes were 8.5 x 2.6 mm, too small to write in, while A4 left 18 mm unused. Every box a
# player writes a number in (set-up numbers, to-hit targets, artifacts, each score term and the total) is at least
# 10 x 6 mm, as drawn on each paper; the turn record's die boxes hold one die each and stay pencil-box sized.

@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_every_write_in_box_is_at_least_10_by_6_mm(se_project, paper_name):
    backend, _ = draw(se_project, paper_name)
    fields = {c[1][0]: c[1][3:5] for c in backend.calls if c[0] == "text_field"}
    sheet = se_project.game.sheets["game-sheet"].model
    write_ins = {name: size for name, size in fields.items() if not name.startswith("turn.")}
    assert {f"score.{term.id}" for term in sheet.score} | {"score.total", "party.artifacts"} <= set(write_ins)
    assert len(write_ins) == 2 * len(sheet.enemies) + (len(sheet.enemies) + 1) + 1 + len(sheet.score) + 1
    small = {name: (round(w / mm(1), 1), round(h / mm(1), 1)) for name, (w, h) in write_ins.items()
             if w < mm(10) - 0.01 or h < mm(6) - 0.01}
    assert not small, small
    turns = [size for name, size in fields.items() if name.startswith("turn.")]
    assert len(turns) == sheet.turns * 4 and all(min(w, h) >= mm(4) - 0.01 for w, h in turns)


def test_the_sheet_uses_the_room_both_papers_leave(se_project):
    """The design area is as large as A4's width and Letter's height allow with the 6.35 mm edge kept."""
    from pnp.core.units import inch

    layout = se_project.sheet_layouts["game-sheet"]
    assert mm(210) - 2 * mm(6.35) - mm(1) < layout.width <= mm(210) - 2 * mm(6.35)
    assert inch(11) - 2 * mm(6.35) - mm(1) < layout.height <= inch(11) - 2 * mm(6.35)


# -- the proofreader's third pass (issue 35): one meaning per mark, a key for every short name ----------------------

def test_starting_gear_is_marked_by_a_dot_and_grey_means_only_a_ranks_boxes(se_project):
    """Grey shading meant two things: the boxes a rank opens, and the gear a crew member starts with. Now only the
    rank's boxes are shaded; a starting Gear box is white, for the player to darken at set-up (rule starting-gear),
    and marked by a dot under it, which "starting gear" explains beside the panel's Gear boxes."""
    backend, _ = draw(se_project, "a4")
    boxes = _boxes(backend)
    checkboxes = {c[1][0]: c[1][1:4] for c in backend.calls if c[0] == "checkbox"}
    dots = [c[1][:2] for c in backend.calls if c[0] == "circle"]
    sheet = se_project.game.sheets["game-sheet"].model
    for member in sheet.crew:
        for item in ("lasgun", "shield"):
            for k in range(1, member.gear[item] + 1):
                name = f"crew.{member.id}.{item}.{k}"
                x, y, size = checkboxes[name]
                assert boxes[name] == "#ffffff", name
                under = [d for d in dots if x < d[0] < x + size and y - mm(3) < d[1] < y]
                assert len(under) == (1 if k <= member.starting_gear.count(item) else 0), name
    assert sum(1 for m in sheet.crew for _ in m.starting_gear) == 4  # Deckard 1, Rico 2, TA3-3M 1, Quaid none
    assert backend.texts().count("starting gear") == sum(1 for m in sheet.crew if m.starting_gear) == 3


def test_every_door_is_its_coloured_outline_alone(se_project):
    """A thick red box held an unnamed keycard icon (the one door that is no entrance): the legend says a door is a
    red or blue outline, so no map box draws an icon; the keycard icon is the reward legend's alone."""
    from sheet_geometry import region_drawings

    legend_says = " ".join(t.string for d in region_drawings(se_project, "game-sheet") if d.name == "legend" for t in d.texts)
    assert "red or blue outline: a door" in legend_says
    backend = RecordingBackend()
    from pnp.games.saucer_escape.sheet_render import draw_map
    from pnp.render.sheets import sheet_pen

    layout = se_project.sheet_layouts["game-sheet"]
    region = next(r for r in layout.regions if r.name == "map")
    pen = sheet_pen(backend, layout, se_project.game, se_project.card_outlines, 0, layout.height)
    draw_map(pen, region, se_project.game.sheets["game-sheet"].model, se_project.game)
    assert not [c for c in backend.calls if c[0] == "use_symbol"]
    sheet = se_project.game.sheets["game-sheet"].model
    doors = sum(ch in "rb" for row in sheet.map.rows for ch in row)
    outlines = [c for c in backend.calls if c[0] == "rect" and c[2].get("stroke") in (layout.colors["red"], layout.colors["blue"])]
    assert doors == len(outlines) == 6


def test_each_location_prints_its_map_name_beside_its_name(se_project):
    """The map names its entrances BIO, CMD, COM, DCK, SPR, HAB and POD: each Location's row prints that short name
    beside the Location's name, in the thick outline its entrance has on the map, so the sheet is its own key."""
    from sheet_geometry import region_drawings

    from pnp.games.saucer_escape.sheet_render import short_name

    enemies = next(d for d in region_drawings(se_project, "game-sheet") if d.name == "enemies")
    texts = {t.string: t.box for t in enemies.texts}
    sheet = se_project.game.sheets["game-sheet"].model
    for location in sheet.locations + [sheet.escape_pod]:
        name, short = texts[location.name], texts[short_name(location.id)]
        assert abs(short.y0 - name.y0) < mm(1.5) and 0 < short.x0 - name.x1 < mm(4), location.id


def test_an_events_name_prints_as_the_rulebook_prints_it_clear_of_its_text(se_project):
    """The sheet printed "Amelia Earhart's Body" with a typewriter apostrophe, its last letter 0.4 mm from the
    event's text: the sheet's words are set as the book sets them (Amelia Earhart’s Body), and every name ends
    EVENT_GAP or more before its text, whose longest line still fits the table."""
    from sheet_geometry import region_drawings

    from pnp.games.saucer_escape.sheet_render import EVENT_GAP

    events = next(d for d in region_drawings(se_project, "game-sheet") if d.name == "events")
    strings = [t.string for t in events.texts]
    assert "Amelia Earhart\u2019s Body" in strings and not [t for t in strings if "'" in t]
    sheet = se_project.game.sheets["game-sheet"].model
    names = {t.string: t for t in events.texts if t.string.replace("\u2019", "'") in {e.name for e in sheet.events}}
    assert len(names) == len(sheet.events)
    text_left = min(t.box.x0 for t in events.texts if t.string in {e.text for e in sheet.events})
    assert all(text_left - t.box.x1 >= EVENT_GAP - 1e-6 for t in names.values()), \
        {n: round(text_left - t.box.x1, 2) for n, t in names.items()}
    assert all(t.box.x1 <= events.area.x1 for t in events.texts)  # each event's text on its one line, inside


def test_the_sheet_key_names_each_part_as_the_rules_do(se_project):
    """One name per thing: the key called the To Hit box a "to-hit box" and the crew's tracks "life, power"."""
    key = se_project.game.sheets["game-sheet"].model.key
    words = " ".join(part.text for part in key.values())
    assert "To Hit box" in words and "to-hit" not in words
    assert "their Life, Power and rank tracks, Gear boxes" in key["crew"].text
    assert key["events"].name == "Event Table"


# -- the proofreader's fourth pass: the turn record's rows apart ----------------------------------------------------

def test_each_row_of_the_turn_record_stands_clear_of_the_row_above(se_project):
    """Turns 11 to 30 printed their numbers almost on the boxes of the turn above: every number now stands
    TURN_ROW_GAP (2 pt) or more under the boxes of the row above it, and the record stays inside its region."""
    from sheet_geometry import region_drawings

    from pnp.games.saucer_escape.sheet_render import TURNS_PER_ROW

    turns = next(d for d in region_drawings(se_project, "game-sheet") if d.name == "turns")
    boxes = [box for kind, box in turns.rects if kind == "text_field"]
    numbers = {int(t.string): t.box for t in turns.texts if t.string.isdigit()}
    sheet = se_project.game.sheets["game-sheet"].model
    assert len(numbers) == sheet.turns
    for turn in range(TURNS_PER_ROW + 1, sheet.turns + 1):
        number = numbers[turn]
        above = [b for b in boxes if b.x0 < number.x1 and number.x0 < b.x1 and b.y1 <= number.y0 + 0.5]
        assert above, turn
        assert number.y0 - max(b.y1 for b in above) >= TURN_ROW_GAP - 1e-6, (turn, number.y0 - max(b.y1 for b in above))


TURN_ROW_GAP = 0.7  # mm (2 pt): the white a pencilled number needs above it to be read as its own row's
