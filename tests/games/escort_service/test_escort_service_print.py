"""Escort Service's cards and mat state the facts a player needs, legibly (issue 18): a heal or a status names
who it goes to (self, ally, foe, shuttle) on every card; health numbers fit their heart; the mat has a place for
fallen pilots under every column, the shuttle's included; a scenario card says which scenario it is."""
from collections import Counter

import pytest
from helpers import validated

from pnp.games.escort_service.actions import parse
from pnp.render.backend import RecordingBackend
from pnp.render.cards import draw_face

TARGETED = ("HEAL", "STATUS")


@pytest.fixture(scope="module")
def project():
    return validated("escort-service")


def drawn_words(project, face) -> Counter:
    backend = RecordingBackend()
    draw_face(backend, face, project.layout, project.game.emblems, 0, 0)
    return Counter(word.lower() for text in backend.texts() for word in text.split())


def sides(project):
    """(card, face) for every card side that carries actions: basic enemies act on both sides."""
    for record in project.game.cards():
        for card, faces in ((record.card, project.faces.fronts), (record.back, project.faces.backs)):
            if card is not None and getattr(card, "actions", None):
                yield card, faces[record.card.id]


def test_every_heal_and_status_prints_its_target_word(project):
    checked = set()
    for card, face in sides(project):
        wanted = Counter(parse(line).picks.lower() for line in card.actions if parse(line).word in TARGETED)
        drawn = drawn_words(project, face)
        for word, count in wanted.items():
            assert drawn[word] >= count, f"'{card.name}' prints '{word}' {drawn[word]} times, its data {count}"
        checked |= {card.name for _ in wanted}
    # the cards the production editor found printing no target are among those checked
    assert {"Bulwark", "Got Your Attention", "Decoy", "Burrow", "Barrier", "Sting", "Triage", "Mender"} <= checked


def heart_and_number(project, face, health):
    """The heart's (x, y, side) and the health number's drawn extent, recorded from the face."""
    backend = RecordingBackend()
    draw_face(backend, face, project.layout, project.game.emblems, 0, 0)
    calls = backend.calls + [c for inner in backend.symbols.values() for c in inner]  # the face is a symbol at 0, 0
    name, x, y = next(c[1] for c in calls if c[0] == "use_symbol" and c[1][0].startswith("emblem:health:"))
    side = float(name.rsplit(":", 1)[1])
    number = next(d for d in backend.drawn if d.kind == "text" and d.text == str(health) and x <= d.x0 <= x + side)
    return (x, y, side), number


def test_health_numbers_sit_inside_their_heart_and_stay_legible(project):
    two_digits = 0
    for record in project.game.cards():
        health, face = getattr(record.card, "health", None), project.faces.fronts[record.card.id]
        if health is None or not any(box.type == "stats" for box in face.template.boxes):
            continue  # the shuttle card prints its health in its text
        (x, y, side), number = heart_and_number(project, face, health)
        assert number.size >= 6, f"{record.card.name}: health {health} at {number.size:.1f}pt"
        # the heart is 58 % of its box wide at 40 % of its height and wider above: the number stays in that band
        assert number.x0 >= x + side * 0.21 and number.x1 <= x + side * 0.79, record.card.name
        assert abs((number.x0 + number.x1) / 2 - (x + side / 2)) < 0.5, record.card.name
        # its extent runs from the font's descent (digits have none) to its ascent: baseline at 40 %, top under 75 %
        assert number.y0 >= y + side * 0.3 and number.y1 <= y + side * 0.75, record.card.name
        two_digits += health >= 10
    assert two_digits >= 3  # Warrior, Warlord, Hive Queen


def test_a_health_that_cannot_fit_its_heart_at_6pt_is_reported(project):
    from dataclasses import replace

    from pnp.games.escort_service.boxes import Stats

    face = project.faces.fronts["warlord"]
    box = next(b for b in face.template.boxes if b.type == "stats")
    assert Stats().check(box, face, project.layout) == []
    tiny = replace(box, h=box.h / 4)
    assert "under 6pt" in " ".join(Stats().check(tiny, face, project.layout))


def mat_slots(project):
    """The board mat's card outlines (x, y in points from the top-left, y downward), by area id."""
    from pnp.layout.regions import area_plan

    model = project.game.sheets["board-mat"].model
    areas = {a.id: a for a in model.areas}
    return {r.name: area_plan(r, bool(areas[r.name].text), areas[r.name].cards, project.card_size.width,
                              project.card_size.height).slots
            for r in project.sheet_layouts["board-mat"].regions if r.kind == "area"}


def test_the_mat_lays_the_columns_the_shuttle_and_the_fallen_as_the_rules_do(project):
    """Seed: the unit immediately above the shuttle acts; a destroyed pilot is placed below the column it fell in.
    Rules 3.3 and 13.11: pilots stack at the bottom of column 1; a fallen pilot lies level with the shuttle. So the
    columns' bottom slots stand in one row, the shuttle's slot is right under column 1's bottom slot, every fallen
    slot is level with the shuttle's, under its column (column 1's beside the shuttle), and column 1 holds two
    pilots."""
    slots = mat_slots(project)
    columns = [f"column-{n}" for n in range(1, 5)]
    assert sorted(name for name in slots if name.startswith("column-")) == columns
    bottoms = [max(slots[c], key=lambda s: s.y) for c in columns]
    assert max(b.y for b in bottoms) - min(b.y for b in bottoms) < 1, "the columns' bottoms stand level"
    assert all(len(slots[c]) >= 2 for c in columns), "pilots stack in column 1; every column holds a stack"
    shuttle = slots["shuttle"][0]
    assert abs(shuttle.x - bottoms[0].x) < 1 and 0 < shuttle.y - (bottoms[0].y + bottoms[0].h) < 30 * MM
    for n, column in enumerate(columns, 1):
        fallen = slots[f"fallen-{n}"]
        assert len(fallen) == 1 and abs(fallen[0].y - shuttle.y) < 1, f"fallen-{n} is level with the shuttle"
        if n > 1:
            assert abs(fallen[0].x - bottoms[n - 1].x) < 1, f"fallen-{n} lies under its column"
    # column 1's fallen pilot shares the shuttle's space: beside the shuttle, on the side away from column 2
    assert slots["fallen-1"][0].x + slots["fallen-1"][0].w < shuttle.x


def test_the_mat_says_how_a_tick_moves_printed_columns(project):
    """Printed columns stay put, as the column cards do: the mat (and the rules) slide the units and the destroyed
    pilots."""
    intro = " ".join(project.game.sheets["board-mat"].model.intro.split())
    assert "slide every unit and every destroyed pilot one column left" in intro
    assert "A destroyed pilot beside the shuttle then goes under column 4" in intro
    rules = " ".join((project.root / "content/escort-service/rules.yaml").read_text().split())
    assert "slide every unit and every destroyed pilot one column left" in rules
    assert "a destroyed pilot below column 1 goes under column 4" in rules


def test_the_mat_says_a_long_column_overlaps_and_names_heat_in_words(project):
    """A column has room for two cards at full size; the mat says what to do with more. Its notes say "Heat" in
    words, not an icon standing for a word at the start of a sentence."""
    sheet = project.game.sheets["board-mat"].model
    assert "more than two, overlap its cards" in " ".join(sheet.intro.split())
    column_4 = next(a for a in sheet.areas if a.id == "column-4")
    assert column_4.text.startswith("Heat that cannot")


def scenarios(project):
    return sorted((r.card for r in project.game.cards() if r.card.kind == "scenario"), key=lambda c: c.order)


def face_drawing(project, card_id) -> RecordingBackend:
    backend = RecordingBackend()
    draw_face(backend, project.faces.fronts[card_id], project.layout, project.game.emblems, 0, 0)
    return backend


def test_a_scenario_card_says_which_scenario_of_the_campaign_it_is(project):
    cards = scenarios(project)
    assert len(cards) == 4
    for card in cards:
        texts = face_drawing(project, card.id).texts()
        assert f"Scenario {card.order} of {len(cards)}" in texts, card.name


def test_the_shuttle_badge_keeps_its_word_clear_of_its_edges(project):
    for card in scenarios(project):
        drawn = face_drawing(project, card.id).drawn
        word = next(d for d in drawn if d.kind == "text" and d.text.lower() == "shuttle")
        badge = next(d for d in drawn if d.kind == "rect" and d.x0 <= word.x0 and word.x1 <= d.x1
                     and d.y0 <= word.y0 + 1 and d.y1 - d.y0 < 40)
        assert word.size >= 6
        assert word.x0 - badge.x0 >= 1.5 and badge.x1 - word.x1 >= 1.5, card.name  # at least 1.5 pt of padding


def emblem_drawing(project, name: str) -> list[tuple]:
    """The calls an emblem makes, recorded: two emblems that draw the same calls look the same."""
    backend = RecordingBackend()
    project.game.emblems[name](backend, "#8c2f2f")
    return backend.calls


def test_each_basic_enemy_type_has_an_emblem_of_its_own(project):
    """Seven basic enemies, seven drawings: a column of enemy cards reads at a glance. Both sides of a card show
    the same type's drawing, and none is the elite's or another type's."""
    from pnp.games.escort_service.emblems import ENEMY_TYPES

    enemies = [record for record in project.game.cards() if record.card.kind == "enemy"]
    arts = {record.card.name: record.card.art for record in enemies}
    assert len(arts) == len(ENEMY_TYPES) == 7
    assert all(record.back.art == record.card.art for record in enemies)
    assert len(set(arts.values())) == 7 and "enemy" not in arts.values()
    drawings = [emblem_drawing(project, art) for art in [*arts.values(), "elite"]]
    assert all(drawings[i] != drawings[j] for i in range(len(drawings)) for j in range(i))
    for record in enemies:  # and each card draws it, in its emblem box
        face = project.faces.fronts[record.card.id]
        backend = RecordingBackend()
        draw_face(backend, face, project.layout, project.game.emblems, 0, 0)
        placed = [c[1][0] for inner in backend.symbols.values() for c in inner if c[0] == "use_symbol"]
        assert any(name.startswith(f"emblem:{record.card.art}:") for name in placed), record.card.name


def test_action_cards_say_their_actions_in_words_under_the_icons(project):
    """An action card's lower half is used: its actions said in words, whole actions to a line, at 6 pt or more."""
    from pnp.games.escort_service.boxes import SEPARATOR, said
    from pnp.render.cards import box_drawings

    checked = 0
    for record in project.game.cards():
        if record.card.kind not in ("action", "elite_attack", "elite_move", "elite_support"):
            continue
        face = project.faces.fronts[record.card.id]
        (words,) = [d for d in box_drawings(face, project.layout, project.game.emblems) if d.box.type == "action-words"]
        lines = [d for d in words.drawn if d.kind == "text"]
        assert lines and all(d.size >= 6 for d in lines), record.card.name
        printed = [phrase for d in lines for phrase in d.text.split(SEPARATOR)]
        assert printed == said(record.card), record.card.name  # no action cut across two lines
        checked += 1
    assert checked >= 50


def test_action_words_break_only_between_actions():
    from pnp.games.escort_service.boxes import SEPARATOR, _packed
    from pnp.text.fonts import string_width

    phrases = ["Melee 1 to every foe in reach (AOE)", "Heat 2"]
    width = string_width(phrases[0] + " Heat", "Vera", 7) + 1  # "Heat" would fit after the first, "Heat 2" not
    assert _packed(phrases, "Vera", 7, width) == phrases
    assert _packed(phrases, "Vera", 7, 1000) == [SEPARATOR.join(phrases)]
    assert _packed(phrases, "Vera", 7, 20) is None  # an action wider than the box: the check reports it


def test_every_action_keeps_to_one_line_of_icons(project):
    """An action read over two lines ("{heal} 1 ally {aoe}" above "{in} 2") reads as two actions: the actions box
    prints a little smaller instead."""
    from pnp.games.escort_service.boxes import Actions

    for card, face in sides(project):
        (box,) = [box for box in face.template.boxes if box.type == "actions"]
        fit = Actions()._fit(box, face, project.layout)
        assert fit.ok and all(len(paragraph) == 1 for paragraph in fit.lines), card.name


MM = 72 / 25.4
PANELS = ("bleed_fill", "panel")  # what everything else is printed on


def _empty_stretches(face, project) -> list[float]:
    """The heights (mm) down the card's safe area that no box prints anything in, its panel aside: from the
    safe area's top to the first thing drawn, between each two, and from the last to the safe area's bottom."""
    from pnp.render.cards import box_drawings, face_size

    size = face_size(face, project.layout)
    spans = sorted((size.bleed + size.height - d.y1, size.bleed + size.height - d.y0)
                   for drawing in box_drawings(face, project.layout, project.game.emblems)
                   if drawing.box.name not in PANELS for d in drawing.drawn)
    reach, stretches = size.safe, []
    for top, bottom in spans:
        stretches.append(max(0.0, top - reach) / MM)
        reach = max(reach, bottom)
    return [*stretches, max(0.0, size.height - size.safe - reach) / MM]


def _overprints(face, project) -> list[tuple[str, str]]:
    """Pairs of boxes whose lettering or pictures cover each other (a rect is a panel or a band: printed under)."""
    from pnp.render.cards import box_drawings

    marks = [(drawing.box.name, d) for drawing in box_drawings(face, project.layout, project.game.emblems)
             for d in drawing.drawn if d.kind != "rect"]
    return [(a, b) for i, (a, da) in enumerate(marks) for b, db in marks[i + 1:] if a != b and da.overlaps(db, 0.3)]


def test_an_enemy_card_reads_as_one_from_its_name_to_its_flip_note(project):
    """Both sides of every basic enemy: its health, drawing, actions, the actions in words, flavour and flip note
    follow each other down the card with no empty stretch taller than 8 mm (there was 17 mm between its actions and
    its flavour), and nothing prints over anything else."""
    from pnp.games.escort_service.boxes import SEPARATOR, said
    from pnp.render.cards import box_drawings

    checked = 0
    for card, face in sides(project):
        if card.kind != "enemy":
            continue
        assert max(_empty_stretches(face, project)) <= 8, (card.name, _empty_stretches(face, project))
        assert _overprints(face, project) == [], card.name
        (words,) = [d for d in box_drawings(face, project.layout, project.game.emblems) if d.box.type == "action-words"]
        assert [phrase for d in words.drawn if d.kind == "text" for phrase in d.text.split(SEPARATOR)] == said(card)
        checked += 1
    assert checked == 14  # seven enemy types, two sides each


def test_an_elite_action_card_spreads_its_band_actions_and_words_down_the_card(project):
    """An elite's action card has no flavour: its band, actions and words fill the card, no empty stretch taller
    than 12.5 mm (its lower 20 mm were empty)."""
    checked = 0
    for record in project.game.cards():
        if record.card.kind in ("elite_attack", "elite_move", "elite_support"):
            face = project.faces.fronts[record.card.id]
            assert max(_empty_stretches(face, project)) <= 12.5, (record.card.name, _empty_stretches(face, project))
            assert _overprints(face, project) == [], record.card.name
            checked += 1
    assert checked >= 12


@pytest.mark.parametrize("width_mm", [174.0, 124.0, 115.9])  # an A4 book's frame, an A5 and a half-Letter booklet's
def test_the_mats_title_in_the_rulebook_keeps_clear_of_its_frames(project, width_mm):
    """The rulebook pictures the mat whole and prints its title at a size of its own, larger than to scale: the
    proofreader saw "ESCORT SERVICE" run into column 1's frame. The title's printed box stays above every region's
    frame at the book's and the booklets' widths."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.book_type import book_styles, register_all
    from pnp.render.rulebook_figures import BoardFigure, sheet_overview

    register_all()
    frame = (width_mm * 72 / 25.4, 186 * 72 / 25.4)
    flow = sheet_overview(project, "board-mat", frame, book_styles(), "Board mat as a whole")
    figure = next(f for group in flow for f in getattr(group, "_content", [group]) if isinstance(f, BoardFigure))
    figure.wrap(*frame)
    canvas = Canvas("/dev/null")
    (title,) = [n for n in figure.notes if n.title]
    _, title_bottom, _, _ = figure._title_box(canvas, title)
    layout = project.sheet_layouts["board-mat"]
    frames_top = max(layout.height - r.y for r in layout.regions if r.kind != "title") * figure.scale_by
    assert title_bottom > frames_top, (title_bottom, frames_top)


def test_each_column_prints_its_own_number_on_the_mat_and_on_its_card(project):
    """Proofreading (round 9): the mat's eight column slots all carried the same three bars, read as "III" (column
    3) under "Column 1" too. Each column's slots, its label and its card carry that column's own number, as the
    rulebook's board figures number them, drawn inside the emblem's square."""
    mat = project.game.sheets["board-mat"].model
    arts = {a.id: a.art for a in mat.areas if a.id.startswith("column-")}
    cards = {r.card.id: r.card.art for r in project.game.cards() if r.card.kind == "column"}
    assert arts == cards == {f"column-{n}": f"column-{n}" for n in range(1, 5)}
    drawings = []
    for n in range(1, 5):
        backend = RecordingBackend()
        project.game.emblems[f"column-{n}"](backend, "#000000")
        assert all(-1 <= d.x0 and d.x1 <= 101 and -1 <= d.y0 and d.y1 <= 101 for d in backend.drawn), n
        assert not backend.texts(), "drawn as shapes: the same at every size, no word under 6 pt"
        drawings.append(backend.calls)
    assert all(a != b for i, a in enumerate(drawings) for b in drawings[i + 1:]), "four different numbers"


def heart_outline(x: float, y: float, side: float) -> list[tuple[float, float]]:
    """The health emblem's outline (pnp.core.shapes.heart, in its 100 x 100 box) as points, placed at x, y, side."""
    from pnp.core.shapes import heart

    points, here = [], None
    for op, *args in heart():
        if op == "M":
            here = tuple(args)
        elif op == "C":
            (x1, y1), (x2, y2), (x3, y3) = args[0:2], args[2:4], args[4:6]
            for i in range(1, 41):
                t = i / 40
                points.append(tuple((1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t * t * c + t ** 3 * d
                                    for a, b, c, d in zip(here, (x1, y1), (x2, y2), (x3, y3))))
            here = (x3, y3)
    return [(x + px * side / 100, y + py * side / 100) for px, py in points]


def inside(outline, px: float, py: float) -> bool:
    crossings = False
    for (x1, y1), (x2, y2) in zip(outline, outline[-1:] + outline[:-1]):
        if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
            crossings = not crossings
    return crossings


def test_a_health_number_stays_inside_its_heart_at_every_size_the_card_is_printed(project):
    """Proofreading (round 9): the Warrior's "10" spilled out of its heart on the small copies of the pilot card in
    the rulebook's figures, where a number too small to read prints larger (up to twice its size, at 6 pt) rather
    than be left off. Every health number, one digit or two, grown as a figure at any scale grows it, still lies
    inside its heart's outline (its digits' box, a little inset from the outline)."""
    from pnp.render.rulebook_figures import shown_size
    from pnp.text.fonts import string_width

    digit_height, inset = 0.73, 0.015  # Vera Bold's digits, of their size; of the heart's height
    checked, grown = set(), 0
    for record in project.game.cards():
        health, face = getattr(record.card, "health", None), project.faces.fronts[record.card.id]
        if health is None or not any(box.type == "stats" for box in face.template.boxes):
            continue  # the shuttle card prints its health in its text
        (x, y, side), _ = heart_and_number(project, face, health)
        backend = RecordingBackend()
        draw_face(backend, face, project.layout, project.game.emblems, 0, 0)
        calls = backend.calls + [c for inner in backend.symbols.values() for c in inner]
        centre, baseline, _, font, size = next(c[1][:5] for c in calls if c[0] == "text" and c[1][2] == str(health))
        outline = heart_outline(x, y, side)
        for percent in range(10, 101):
            shown = shown_size(str(health), size, percent / 100)
            if shown is None:
                continue  # left off at this scale: nothing to spill
            grown += shown > size
            half_w, half_h = string_width(str(health), font, shown) / 2, digit_height * shown / 2
            middle, pad = baseline + digit_height * size / 2, inset * side
            box = [(centre + dx * (half_w + pad), middle + dy * (half_h + pad))
                   for dx in (-1, -0.5, 0, 0.5, 1) for dy in (-1, -0.5, 0, 0.5, 1) if abs(dx) == 1 or abs(dy) == 1]
            assert all(inside(outline, px, py) for px, py in box), f"{record.card.name}: {health} at {percent} %"
        checked.add(record.card.name)
    assert {"Warrior", "Warlord", "Hive Queen", "Medic", "Bruiser"} <= checked and grown
