"""Every printed word legible and inside its box (issue 18): one 6 pt rule, every text a region draws fit-checked
at its content, and the drawn check (overprinting, stray and too-small text) that validate runs on every card
face and sheet region."""
import re

import pytest
from helpers import REAL_GAMES

from pnp.checks.validate import validate
from pnp.core.limits import MIN_TEXT_SIZE
from pnp.render.backend import RecordingBackend

GAME = "pocket-dungeon"


def line_of(path, needle: str) -> int:
    """The 1-based line of a file holding `needle` (once)."""
    lines = [i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line]
    assert len(lines) == 1, (needle, lines)
    return lines[0]


def replace_in(path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def problems(root, code: str, severity: str = "error"):
    _, report = validate(root, GAME)
    return [d for d in report.diagnostics if d.code == code and d.severity == severity]


# -- one rule: 6 pt ---------------------------------------------------------------------------------------------
def test_the_rule_is_six_points_and_a_box_without_min_size_keeps_to_it():
    from pnp.layout.cards import Box
    from pnp.text.legibility import floor

    assert MIN_TEXT_SIZE == 6.0
    assert Box(name="b", type="text").min_size == MIN_TEXT_SIZE
    assert floor(None) == 6.0 and floor(8.0) == 6.0 and floor(5.0) == 5.0


def test_a_card_box_that_lowers_the_rule_is_a_warning_at_its_min_size(fixture_project):
    layout = fixture_project / "layouts" / GAME / "cards.yaml"
    replace_in(layout, "size: 8pt, min_size: 6pt, valign: middle}", "size: 8pt, min_size: 5.5pt, valign: middle}")
    found = [d for d in problems(fixture_project, "small-type", "warning") if "'text'" in d.message]
    assert len(found) == 1
    assert found[0].path.endswith("cards.yaml") and found[0].line == line_of(layout, "min_size: 5.5pt, valign")
    assert "5.5pt" in found[0].message and "6pt" in found[0].message


def test_a_box_at_the_rule_or_above_gives_no_warning(fixture_project):
    warned = [d.message for d in problems(fixture_project, "small-type", "warning")]
    assert not any("'text'" in m or "'title'" in m for m in warned)  # min_size 6pt and 8pt


def test_a_region_that_lowers_the_rule_is_a_warning_at_the_region(fixture_project):
    layout = fixture_project / "layouts" / GAME / "playmat.yaml"
    replace_in(layout, "coins:   {kind: track, x: 10mm,", "coins:   {kind: track, min_size: 5pt, x: 10mm,")
    found = problems(fixture_project, "small-type", "warning")
    assert [(d.path.endswith("playmat.yaml"), d.line) for d in found if "region 'coins'" in d.message] == [
        (True, line_of(layout, "min_size: 5pt"))]


def test_text_a_game_draws_under_6pt_is_an_error_at_its_box(fixture_project):
    """Card text boxes never print under their min_size; text drawn by other means (here, a number on a track's
    boxes) is measured as drawn: a 3 mm box prints its number at 3.6pt."""
    layout = fixture_project / "layouts" / GAME / "playmat.yaml"
    replace_in(layout, "box: 6mm\n", "box: 4mm\n")
    found = problems(fixture_project, "small-type")
    assert found and all(d.path.endswith("playmat.yaml") for d in found)
    assert [d.line for d in found] == [line_of(layout, "coins:   {kind: track")]
    assert "under the 6pt" in found[0].message


# -- every text a region draws is fit-checked where it is written ---------------------------------------------------
LONG = ("Wide Waymarks " * 20)[:190]  # within the 200 characters a label may have, wider than its place


@pytest.mark.parametrize("kind, label", [
    ("area", "label: Your hero\n"),
    ("track", "label: Coins\n"),
    ("tokens", "label: Coins to cut out\n"),
])
def test_a_label_too_long_for_its_region_is_an_error_where_it_is_written(fixture_project, kind, label):
    content = fixture_project / "content" / GAME / "playmat.yaml"
    replace_in(content, label, f"label: {LONG}\n")
    _, report = validate(fixture_project, GAME)
    errors = [d for d in report.errors if d.code.startswith("text-")]
    assert [(d.path.endswith("content/pocket-dungeon/playmat.yaml"), d.line) for d in errors] == [
        (True, line_of(content, LONG[:40]))], report.to_text()


def test_token_text_wider_than_its_token_is_an_error_at_the_text(fixture_project):
    content = fixture_project / "content" / GAME / "playmat.yaml"
    replace_in(content, 'text: "1"', 'text: "888"')
    found = problems(fixture_project, "text-width")
    assert [(d.path.endswith("playmat.yaml"), d.line) for d in found] == [(True, line_of(content, 'text: "888"'))]


def test_a_label_that_fits_by_shrinking_prints_shrunk_inside_its_place(fixture_project):
    from pnp.build.game import build  # noqa: F401 - the build draws what validate accepted

    content = fixture_project / "content" / GAME / "playmat.yaml"
    replace_in(content, "label: Cleared", "label: Cleared rooms, their loot and the keys")
    project, report = validate(fixture_project, GAME)
    assert project is not None, report.to_text()
    pen = RecordingBackend()
    from pnp.checks.drawn import sheet_regions

    sheet = project.game.sheets["playmat"]
    assert sheet_regions(sheet, project.sheet_layouts["playmat"], project.game, project.card_outlines) == []
    from pnp.render.sheets import draw_region, sheet_pen

    layout = project.sheet_layouts["playmat"]
    region = next(r for r in layout.regions if r.name == "discard")
    draw_region(sheet_pen(pen, layout, project.game, project.card_outlines, 0, layout.height), region, sheet.model,
                project.game)
    label = [d for d in pen.drawn if d.kind == "text"]
    assert label and all(MIN_TEXT_SIZE <= d.size < 11 for d in label)
    assert all(d.x1 <= region.x + region.w for d in label)


# -- the recording backend knows what every call covers -------------------------------------------------------------
def test_the_recording_backend_follows_save_restore_translate_scale_and_rotate():
    b = RecordingBackend()
    b.save()
    b.translate(100, 50)
    b.scale(2, 2)
    b.rect(0, 0, 10, 5)
    b.text(0, 0, "WWW", "Vera", 5)
    b.restore()
    b.rect(0, 0, 10, 5)
    b.save()
    b.translate(20, 20)
    b.rotate(180)
    b.rect(0, 0, 10, 5)
    b.restore()
    rect, text, plain, turned = b.drawn
    assert (rect.x0, rect.y0, rect.x1, rect.y1) == (100, 50, 120, 60)
    assert text.size == pytest.approx(10) and text.x0 == pytest.approx(100) and text.x1 > 100
    assert (plain.x0, plain.y0, plain.x1, plain.y1) == (0, 0, 10, 5)
    assert (turned.x0, turned.y0, turned.x1, turned.y1) == pytest.approx((10, 15, 20, 20))


def test_a_symbol_s_drawings_are_placed_where_it_is_used_at_the_scale_it_is_used():
    b = RecordingBackend()
    b.define_symbol("s", 10, 10, lambda inner: inner.text(0, 0, "Hi", "Vera", 4))
    b.save()
    b.scale(1.5, 1.5)
    b.use_symbol("s", 10, 20)
    b.restore()
    (text,) = b.drawn
    assert text.text == "Hi" and text.size == pytest.approx(6) and text.x0 == pytest.approx(15)


# -- the drawn check on card faces -------------------------------------------------------------------------------
def overlay(layout):
    """The card text box moved up over the title, its first line where the title's is."""
    replace_in(layout, "text: {type: text, field: text, x: 6mm, y: 52mm, w: 51.5mm, h: 22mm, size: 8pt, min_size: 6pt, "
               "valign: middle}", "text: {type: text, field: text, x: 6mm, y: 5mm, w: 51.5mm, h: 22mm, size: 8pt, "
               "min_size: 6pt, valign: top}")


def test_two_boxes_whose_texts_overprint_are_an_error_at_the_layout_box(fixture_project):
    layout = fixture_project / "layouts" / GAME / "cards.yaml"
    overlay(layout)
    found = problems(fixture_project, "overprint")
    assert found, "a card's text printed over its title"
    over_title = [d for d in found if d.line == line_of(layout, "field: text, x: 6mm, y: 5mm")]
    assert over_title and any("of box 'title'" in d.message for d in over_title), [d.format() for d in found]
    assert all(d.path.endswith("cards.yaml") for d in found)


def test_text_over_the_edge_of_the_panel_under_it_is_an_error(fixture_project):
    """The flavour band is the panel under the flavour text: text wider than it crosses its edge."""
    layout = fixture_project / "layouts" / GAME / "cards.yaml"
    replace_in(layout, "flavor_band: {type: rect, when: flavor, x: 6mm, y: 75mm, w: 51.5mm,",
               "flavor_band: {type: rect, when: flavor, x: 20mm, y: 75mm, w: 20mm,")
    found = problems(fixture_project, "text-off-panel")
    assert found and {d.line for d in found} == {line_of(layout, "flavor: {type: text")}


def test_the_known_cases_of_issue_18_are_caught(monkeypatch):
    """Drawn as before the fix (a caption on one line at 8pt, tags at their full size whatever their width), Nano
    Forge's captions overprint and Power of the Pendulum's tag row runs past its box into the safe zone's margin."""
    from pnp.games.escaping_earth import boxes

    def one_line(b, font, caption, x, baseline, size, min_size, width, ceiling, color):
        b.text(x, baseline, caption, font, size, color, "center")

    monkeypatch.setattr(boxes, "_caption", one_line)
    monkeypatch.setattr(boxes, "_chips_size", lambda font, labels, width: 1000.0)
    root = __import__("helpers").root_of("2200-escaping-earth")
    layout = root / "layouts" / "2200-escaping-earth" / "cards.yaml"
    _, report = validate(root, "2200-escaping-earth")
    icons, flags = line_of(layout, "type: effect-icons"), line_of(layout, "type: flags")
    overprints = [d for d in report.errors if d.code == "overprint" and d.line == icons]
    assert overprints and "Nano Forge" in overprints[0].message, report.to_text()
    outside = [d for d in report.errors if d.code == "text-outside" and d.line == flags]
    # kerned, the tags at full size run 0.6mm past the box rather than into the safe zone's margin: caught either way
    assert outside and "Power of the Pendulum" in outside[0].message
    assert "safe zone" in outside[0].message or "past its edge" in outside[0].message


def test_tags_too_many_for_their_box_cannot_shrink_under_6pt(project):
    layout = project / "layouts" / "2200-escaping-earth" / "cards.yaml"
    replace_in(layout, "flags: {type: flags, x: 4mm, y: 79.5mm, w: 55.5mm, h: 5mm}",
               "flags: {type: flags, x: 4mm, y: 79.5mm, w: 35mm, h: 5mm}")
    _, report = validate(project, "2200-escaping-earth")
    found = [d for d in report.errors if d.code == "small-type" and d.line == line_of(layout, "type: flags")]
    assert found and "Power of the Pendulum" in found[0].message, report.to_text()


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_bundled_game_s_cards_print_at_6pt_or_more_inside_their_boxes(game_id):
    """All card layouts keep to the rule with no box lowering it."""
    root = __import__("helpers").root_of(game_id)
    _, report = validate(root, game_id)
    on_cards = [d for d in report.diagnostics if d.path.endswith("cards.yaml")
                and d.code in ("small-type", "overprint", "text-outside", "text-off-panel")]
    assert on_cards == [], "\n".join(d.format() for d in on_cards)


def test_a_drawn_problem_names_the_card_and_the_text(fixture_project):
    layout = fixture_project / "layouts" / GAME / "cards.yaml"
    overlay(layout)
    (first, *_) = problems(fixture_project, "overprint")
    assert re.search(r"card '[a-z-]+' \(.+\): box '\w+' prints '.+' over '.+'", first.message), first.message


def test_an_icon_caption_that_cannot_fit_under_its_icon_is_an_error_at_the_card(project):
    layout = project / "layouts" / "2200-escaping-earth" / "cards.yaml"
    replace_in(layout, "icons: {type: effect-icons, x: 4mm, y: 19mm, w: 55.5mm,", "icons: {type: effect-icons, x: 4mm, "
               "y: 19mm, w: 14mm,")
    _, report = validate(project, "2200-escaping-earth")
    found = [d for d in report.errors if d.code == "box" and "Return 1 Static" in d.message]
    assert found and found[0].path.endswith("decks/zones.yaml"), report.to_text()


def test_a_text_a_game_s_own_sheet_code_cannot_fit_is_an_error_where_the_content_writes_it(project):
    """Saucer Escape's events are drawn by the game's own region code: one too long for its line is an error at
    the event's text in sheet.yaml, never left off the sheet."""
    sheet = project / "content" / "saucer-escape" / "sheet.yaml"
    replace_in(sheet, "Roll a die and gain that many Artifacts.", "Roll a die and gain that many Artifacts, then "
               "roll again and gain that many more, and then tell everyone at the table about your good fortune.")
    _, report = validate(project, "saucer-escape")
    found = [d for d in report.errors if d.code.startswith("text-") and "Roll a die and gain" in d.message]
    assert found and found[0].path.endswith("sheet.yaml") and found[0].line == line_of(sheet, "Amelia Earhart"), \
        report.to_text()
    assert "region 'events'" in found[0].message


def test_a_track_or_token_no_region_shows_is_a_warning_at_the_content(project):
    """A track the content defines but the layout never places would silently not be printed (Stranded's
    free-card track once was): validate names it where the content defines it."""
    layout = project / "layouts" / "stranded" / "playmat.yaml"
    text = layout.read_text()
    layout.write_text("\n".join(line for line in text.splitlines() if not line.lstrip().startswith("free-cards:")))
    _, report = validate(project, "stranded")
    found = [d for d in report.diagnostics if d.code == "unplaced"]
    content = project / "content" / "stranded" / "playmat.yaml"
    assert len(found) == 1 and found[0].path.endswith("playmat.yaml") and found[0].line == line_of(content, "id: free-cards")
    assert "track 'free-cards'" in found[0].message and "would not be printed" in found[0].message
    assert found[0].severity == "warning"
