"""Emphasis in text (pnp.text.markup): **bold**, *italic*, ***both***, \\* for a star; measured run by run, drawn
in the layout's fonts, and written as each rules format's own bold and italic, never as content's own markup."""
import json

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
from pnp.text.fonts import DEFAULT_FAMILY, STYLES, string_width

FAMILY = tuple(DEFAULT_FAMILY[style] for style in STYLES)


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
    assert not bold.ok and bold.problem == "width" and "'Teleport'" in bold.detail  # the word as shown, no stars


def test_a_bold_run_wraps_over_lines_each_balanced():
    text = "Once per turn, **look at the top room card before you enter it**."
    fit = fit_text(text, "Vera", 8, 8, 100, 100, family=FAMILY)
    lines = fit.lines[0]
    assert len(lines) >= 3
    assert all(markup.problems(line) == [] for line in lines)
    assert lines[0].endswith("**") and lines[-1].startswith("**")
    assert "".join(markup.plain(line) + " " for line in lines).strip() == markup.plain(text)
    for line in lines:  # every line's runs fit: measured with bold widths
        width = sum(string_width(t, FAMILY[STYLES.index(s)], 8) for s, t in markup.runs(line))
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
