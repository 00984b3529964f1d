"""Emphasis in text (pnp.text.markup): **bold**, *italic*, ***both***, \\* for a star; measured run by run, drawn
in the layout's fonts, and written as each rules format's own bold and italic, never as content's own markup."""
import json
import re

from helpers import validated
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.rules.export import export_text
from pnp.rules.tree import build_reference, render_text
from pnp.text import markup
from pnp.text.fit import fit_text
from pnp.text.fonts import DEFAULT_FAMILY, family_of, string_width

FAMILY = family_of(DEFAULT_FAMILY)


def test_markers_toggle_styles_and_escapes_stay_text():
    assert markup.runs("Draw **two** cards, *then* ***both***") == [
        ("regular", "Draw "), ("bold", "two"), ("regular", " cards, "), ("italic", "then"), ("regular", " "),
        ("bolditalic", "both")]
    assert markup.runs("**bold *and italic***") == [("bold", "bold "), ("bolditalic", "and italic")]
    assert markup.runs(r"2 \* 3 = 6, a \\ b") == [("regular", r"2 * 3 = 6, a \ b")]
    assert markup.runs("a *b*", base="bold") == [("bold", "a "), ("bolditalic", "b")]  # a bold box's italic
    assert markup.problems("Draw **two** cards") == []


def test_an_unclosed_marker_is_a_problem_and_prints_as_stars():
    assert markup.problems("Draw **two cards") == [
        "** opens bold at character 6 but nothing closes it; close it with **, or write \\* for each star meant as a star"]
    assert markup.runs("Draw **two cards") == [("regular", "Draw **two cards")]
    assert markup.problems("****") and markup.problems("first *line\nsecond* line")  # a paragraph closes its own


@given(st.text(alphabet="ab *\\", max_size=30))  # one paragraph: markers close within their own
def test_encoded_runs_parse_back_to_the_same_runs(text):
    pieces = markup.runs(text)
    assert markup.runs(markup.encode(pieces)) == pieces
    assert markup.problems(markup.encode(pieces)) == []


def test_the_fit_measures_bold_runs_in_the_bold_font():
    word = "Teleport"
    assert string_width(word, "VeraBd", 9) > string_width(word, "Vera", 9)
    width = (string_width(word, "Vera", 9) + string_width(word, "VeraBd", 9)) / 2
    assert fit_text(word, "Vera", 9, 9, width, 30, family=FAMILY).ok
    bold = fit_text(f"**{word}**", "Vera", 9, 9, width, 30, family=FAMILY)
    assert bold.lines == (("**Tele-**", "**port**"),)  # too wide in bold: hyphenated, the hyphen bold too
    uncut = fit_text(f"**{word}**", "Vera", 9, 9, width, 30, family=FAMILY, lang="xx")  # no dictionary: no cut
    assert not uncut.ok and uncut.problem == "width" and "'Teleport'" in uncut.detail  # the word as shown, no stars


def test_a_bold_run_wraps_over_lines_each_balanced():
    text = "Once per turn, **look at the top room card before you enter it**."
    fit = fit_text(text, "Vera", 8, 8, 100, 100, family=FAMILY)
    lines = fit.lines[0]
    assert len(lines) >= 3
    assert all(markup.problems(line) == [] for line in lines)
    assert lines[0].endswith("**") and lines[-1].startswith("**")
    assert "".join(markup.plain(line) + " " for line in lines).strip() == markup.plain(text)
    for line in lines:  # every line's runs fit: measured with bold widths
        width = sum(string_width(t, DEFAULT_FAMILY[s], 8) for s, t in markup.runs(line))
        assert width <= 100


def test_text_without_a_family_or_markup_is_fitted_as_before():
    text = "Darken a box for every coin"
    assert fit_text(text, "Vera", 9, 6, 60, 60, family=FAMILY) == fit_text(text, "Vera", 9, 6, 60, 60)
    assert fit_text("**x**", "Vera", 9, 6, 60, 60).lines == (("**x**",),)  # game boxes without a family: as written


def _fonts_of(pdf, needle):
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), str(font.get("/BaseFont", "")) if font else ""))

    for page in PdfReader(pdf).pages:
        page.extract_text(visitor_text=visit)
    return [(text, font.split("+")[-1]) for text, font in found if needle in text]


def test_pdf_cards_sheets_and_rulebook_draw_runs_in_their_fonts(fixture_project):
    result = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    out = fixture_project / "output/pocket-dungeon"
    card = out / "print-on-demand/heroes-front-then-back.pdf"
    assert _fonts_of(card, "Once per turn") == [("Once per turn,", "BitstreamVeraSans-Roman")]
    assert _fonts_of(card, "look at the top") == [("look at the top", "BitstreamVeraSans-Bold")]  # first line
    assert _fonts_of(card, "room card before") == [("room card before you enter it", "BitstreamVeraSans-Bold")]  # second
    pad = out / "sheets/score-pad-a4.pdf"
    assert ("coin box", "DejaVuSansMono-Bold") in _fonts_of(pad, "coin box")
    assert ("depth box", "BitstreamVeraSans-Oblique") in _fonts_of(pad, "depth box")  # italic: the layout's default
    assert ("when entered", "BitstreamVeraSans-Oblique") in _fonts_of(out / "rules/rulebook-a4.pdf", "when entered")
    assert "*" not in "".join(PdfReader(card).pages[0].extract_text())


def test_rules_text_emphasis_in_every_format(fixture_project):
    CliRunner().invoke(app, ["build", "pocket-dungeon"])
    rules = fixture_project / "output/pocket-dungeon/rules"
    assert "springs *when entered*; see" in (rules / "rules.md").read_text()
    assert "Once per turn, **look at the top room card before you enter it**." in (rules / "rules.md").read_text()
    assert "springs <em>when entered</em>; see" in (rules / "rules.html").read_text()
    assert "<strong>look at the top room card before you enter it</strong>." in (rules / "rules.html").read_text()
    document = json.loads((rules / "rules.json").read_text())
    rule = next(r for s in document["rules"] for r in s["children"] if r["id"] == "traps")
    assert rule["text"] == "A trapped room springs when entered; see Trap."  # plain text, as a reader sees it
    assert rule["source_text"] == "A trapped room springs *when entered*; see {term:trap}."  # as written


HOSTILE = r"Use <script>alert(1)</script>, **<b>x</b>**, `code`, [link](javascript:x) and 2 \* 3 *now*."


def test_content_can_never_write_markup_of_its_own(fixture_project):
    rules = fixture_project / "content/pocket-dungeon/rules.yaml"
    text = rules.read_text()
    assert "text: A hero whose power equals the room's clears it." in text
    rules.write_text(text.replace("text: A hero whose power equals the room's clears it.", f"text: '{HOSTILE}'"))
    from pnp.checks.validate import validate

    project, report = validate(fixture_project, "pocket-dungeon")
    assert project is not None, report.to_text()
    ref = build_reference(project.game)
    html_text = render_text(ref, HOSTILE, "html")
    assert "<script>" not in html_text and "&lt;script&gt;alert(1)&lt;/script&gt;" in html_text
    assert "<strong>&lt;b&gt;x&lt;/b&gt;</strong>" in html_text and "<em>now</em>" in html_text
    assert "<code>code</code>" in html_text and "[link](javascript:x)" in html_text and "2 * 3" in html_text
    pdf_text = render_text(ref, HOSTILE, "pdf")
    assert "<b>&lt;b&gt;x&lt;/b&gt;</b>" in pdf_text and "<i>now</i>" in pdf_text and "<script>" not in pdf_text
    md_text = render_text(ref, HOSTILE, "md")
    assert "**&lt;b&gt;x&lt;/b&gt;**" in md_text and "*now*" in md_text
    assert r"\[link\](javascript:x)" in md_text and r"2 \* 3" in md_text and "<script>" not in md_text
    assert "`code`" in md_text  # backticks stay: `code` is the rules' own vocabulary
    assert render_text(ref, HOSTILE, "plain") == "Use <script>alert(1)</script>, <b>x</b>, code, [link](javascript:x) and 2 * 3 now."
    html_doc = export_text(project, "html")
    assert "<script>alert" not in html_doc and "<strong>&lt;b&gt;x&lt;/b&gt;</strong>" in html_doc
    CliRunner().invoke(app, ["build", "pocket-dungeon"])  # the rulebook PDF sets it as text, not as markup
    shown = "".join(p.extract_text() for p in PdfReader(fixture_project / "output/pocket-dungeon/rules/rulebook-a4.pdf").pages)
    assert "<b>x</b>" in shown and "<script>alert(1)</script>" in shown


def test_card_text_in_the_rules_reference_keeps_its_emphasis_and_escapes():
    fx = validated("pocket-dungeon")
    ref = build_reference(fx.game)
    from pnp.rules.tree import icons_in

    assert icons_in(ref, r"**<i>a</i>** \* b", "html") == r"<strong>&lt;i&gt;a&lt;/i&gt;</strong> * b"
    assert icons_in(ref, r"**<i>a</i>** \* b", "pdf") == r"<b>&lt;i&gt;a&lt;/i&gt;</b> * b"
    assert icons_in(ref, r"**<i>a</i>** \* b", "plain") == "<i>a</i> * b"


# -- a layout's own fonts, and spans: [words]{font=title color=#c0392b} -----------------------------------------------
SIX_FONTS = ("fonts: {regular: Vera, bold: VeraBd, italic: VeraIt, bolditalic: VeraBI, "
             "title: fonts/DejaVuSansMono-CFF.otf, flavour: fonts/DejaVuSansMono-Bold.ttf}")
RED = "#c0392b"


def _six_fonts(project, title_font="title", text=f"Once per turn, [peek]{{font=flavour}} at a [red]{{color={RED}}} room."):
    cards = project / "layouts/pocket-dungeon/cards.yaml"
    layout = cards.read_text()
    assert "fonts: {regular: Vera, bold: VeraBd, italic: VeraIt, bolditalic: VeraBI}" in layout
    assert "field: name, x: 6mm, y: 5mm, w: 40mm, h: 8mm, font: bold," in layout
    layout = layout.replace("fonts: {regular: Vera, bold: VeraBd, italic: VeraIt, bolditalic: VeraBI}", SIX_FONTS)
    cards.write_text(layout.replace("field: name, x: 6mm, y: 5mm, w: 40mm, h: 8mm, font: bold,",
                                    f"field: name, x: 6mm, y: 5mm, w: 40mm, h: 8mm, font: {title_font},"))
    heroes = project / "content/pocket-dungeon/decks/heroes.yaml"
    old = "text: Once per turn, **look at the top room card before you enter it**."
    assert old in heroes.read_text()
    heroes.write_text(heroes.read_text().replace(old, f"text: '{text}'"))
    return cards, heroes


def _streams(node, seen=None):
    """The content of a page and of every form it draws, forms within forms too."""
    seen = set() if seen is None else seen
    resources = node.get("/Resources") or {}
    for xobject in (resources.get("/XObject") or {}).values():
        if xobject.idnum in seen:
            continue
        seen.add(xobject.idnum)
        form = xobject.get_object()
        if form.get("/Subtype") == "/Form":
            yield form.get_data()
            yield from _streams(form, seen)


def _colour_operands(pdf, operator: bytes, count: int) -> set[tuple[float, ...]]:
    found = set()
    for page in PdfReader(pdf).pages:
        for data in [page.get_contents().get_data(), *_streams(page)]:
            number = rb"(-?[0-9]*\.?[0-9]+)\s+"
            for match in re.findall(number * count + re.escape(operator) + rb"\s", data):
                found.add(tuple(round(float(value), 3) for value in match))
    return found


def test_a_layout_with_six_fonts_sets_boxes_and_spans_in_them_and_a_span_in_its_colour(fixture_project):
    from pnp.render.press import press_cmyk

    _six_fonts(fixture_project)
    assert CliRunner().invoke(app, ["validate", "pocket-dungeon"]).exit_code == 0
    result = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    out = fixture_project / "output/pocket-dungeon/print-on-demand"
    card = out / "heroes-front-then-back.pdf"
    assert ("Ranger", "DejaVuSansMono-CFF") in _fonts_of(card, "Ranger")  # the title box's font: title (a CFF font)
    assert ("peek", "DejaVuSansMono-Bold") in _fonts_of(card, "peek")  # a span's font: flavour
    assert ("Once per turn,", "BitstreamVeraSans-Roman") in _fonts_of(card, "Once per turn")
    red = tuple(round(int(RED[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))
    assert red in _colour_operands(card, b"rg", 3)  # the word drawn in its colour
    cmyk = tuple(round(v, 3) for v in press_cmyk(RED, 240))  # drivethrucards: CMYK, ink held to its 240 %
    assert cmyk in _colour_operands(out / "heroes-drivethrucards.pdf", b"k", 4)


def test_a_font_name_the_layout_lacks_is_named_with_the_nearest_one(fixture_project):
    cards, heroes = _six_fonts(fixture_project, "titel", "Once per turn, [peek]{font=flavor} at a [red]{color=rde} room.")
    result = CliRunner().invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    box_line = next(i for i, line in enumerate(cards.read_text().splitlines(), 1) if "font: titel" in line)
    text_line = next(i for i, line in enumerate(heroes.read_text().splitlines(), 1) if "[peek]" in line)
    lines = result.output.splitlines()
    assert any(line.startswith(f"layouts/pocket-dungeon/cards.yaml:{box_line}:") and "error [unknown-font] font 'titel' "
               "is not one of the layout's fonts; did you mean 'title'?" in line for line in lines), result.output
    assert any(line.startswith(f"content/pocket-dungeon/decks/heroes.yaml:{text_line}:") and "error [emphasis]" in line
               and "'flavor' is not one of the layout's fonts; did you mean 'flavour'?" in line for line in lines), result.output
    assert any(line.startswith(f"content/pocket-dungeon/decks/heroes.yaml:{text_line}:") and
               "'rde' is neither #rrggbb nor one of the layout's colours" in line for line in lines), result.output


def test_spans_parse_measure_and_wrap_balanced():
    text = f"Deal [3 damage]{{color={RED}}} to the [Dragon]{{font=title}}, then **[burn it]{{color=danger}}** now."
    assert markup.drawn_runs(text) == [
        ("regular", "Deal ", None), ("regular", "3 damage", RED), ("regular", " to the ", None), ("title", "Dragon", None),
        ("regular", ", then ", None), ("bold", "burn it", "danger"), ("regular", " now.", None)]
    assert markup.plain(text) == "Deal 3 damage to the Dragon, then burn it now."
    assert markup.problems(text) == [] and markup.problems("[x]{size=3}")
    assert markup.drawn_runs("[a] {heat} [b]{heat}") == [("regular", "[a] {heat} [b]{heat}", None)]  # not spans: text
    family = family_of({**DEFAULT_FAMILY, "title": "VeraBd"})
    fit = fit_text(text, "Vera", 8, 8, 60, 200, family=family)
    assert fit.ok and len(fit.lines[0]) > 2
    assert [r for line in fit.lines[0] for r in markup.drawn_runs(line)] and all(
        markup.problems(line) == [] for line in fit.lines[0])
    joined = [(slot, color) for line in fit.lines[0] for slot, _, color in markup.drawn_runs(line)]
    assert ("title", None) in joined and ("bold", "danger") in joined and ("regular", RED) in joined
