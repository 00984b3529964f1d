"""Inline icons: `{coin}` in the fixture game's card and rules text is measured like a glyph, drawn in the card's text
line, drawn in the PDF rulebook and as an image in the HTML, and read as its word in Markdown and JSON."""
import json

from helpers import validated

from pnp.render.backend import RecordingBackend
from pnp.render.cards import draw_face
from pnp.rules.export import export_text
from pnp.text.fit import fit_text
from pnp.text.fonts import string_width
from pnp.text.inline import ICON_EM, segments, width


def test_an_icon_is_measured_as_one_glyph_wide_square():
    assert width("{coin}", "Vera", 10, {"coin"}) == ICON_EM * 10
    assert width("2{coin},", "Vera", 10, {"coin"}) == string_width("2,", "Vera", 10) + ICON_EM * 10
    assert width("{coin}", "Vera", 10, set()) == string_width("{coin}", "Vera", 10)  # not an icon: text
    assert segments("Pay {coin} or {nothing}", {"coin"}) == [("text", "Pay "), ("icon", "coin"), ("text", " or {nothing}")]


def test_the_fit_check_measures_icons_as_the_renderer_draws_them():
    text = "{coin} " * 6
    as_icons = fit_text(text, "Vera", 10, 10, ICON_EM * 10 * 3 + 10, 100, icons=frozenset({"coin"}))
    as_text = fit_text(text, "Vera", 10, 10, ICON_EM * 10 * 3 + 10, 100)
    assert as_icons.ok and len(as_icons.lines[0]) == 2  # three icons a line
    assert len(as_text.lines[0]) > 2  # the braces as text are wider


def test_a_card_line_draws_its_text_around_the_icon_image():
    project = validated("pocket-dungeon")
    face = project.faces.backs["library"]
    backend = RecordingBackend()
    draw_face(backend, face, project.layout, project.game.emblems, 0, 0)
    calls = [c for calls in backend.symbols.values() for c in calls]
    images = [c for c in calls if c[0] == "image" and c[1][0].endswith("coin.png")]
    texts = [c[1][2] for c in calls if c[0] == "text"]
    assert len(images) == 1 and "{coin}" not in " ".join(texts)
    before = next(c for c in calls if c[0] == "text" and c[1][2].startswith("Worth 2"))
    after = next(c for c in calls if c[0] == "text" and c[1][2].startswith(";"))
    assert before[1][0] < images[0][1][1] < after[1][0]  # text, icon, text from left to right on one baseline
    assert before[1][1] == after[1][1]


def test_rules_exports_show_the_icon_or_its_word():
    project = validated("pocket-dungeon")
    from pnp.render.svg import figure_svg, icon_svg

    markdown = export_text(project, "md")
    html = export_text(project, "html", None, figure_svg, icon_svg)
    data = json.loads(export_text(project, "json"))
    assert "3 coins (coin 3)" in markdown and "{coin}" not in markdown
    assert html.count('href="data:image/png;base64,') == 1 and 'aria-label="coin"' in html and "{coin}" not in html
    assert html.count('<use href="#pnp-icon-coin"/>') >= 2  # every use points at the one embedded copy
    coins = next(r for s in data["rules"] for r in s["children"] if r["id"] == "coins")
    assert "(coin 3)" in coins["text"] and coins["source_text"].count("{coin}") == 1
    entry = next(t for t in data["terms"] if t["id"] == "icon-coin")
    assert entry["term"] == "coin" and entry["cards"] == ["library"]


def test_the_pdf_rulebook_draws_the_icon_in_the_line(tmp_path):
    from pypdf import PdfReader

    from pnp.render.rulebook import rulebook_pdf

    project = validated("pocket-dungeon")
    path = tmp_path / "rules.pdf"
    rulebook_pdf(project, None, "a4", path)
    reader = PdfReader(path)
    page = next(p for p in reader.pages if "Every player starts with 3 coins" in p.extract_text())
    assert "{coin}" not in page.extract_text()
    assert len(page.images) == 1  # the coin, drawn in the room its no-break spaces keep


def test_sheet_text_draws_icons_too(fixture_project):
    from pnp.checks.validate import validate
    from pnp.render.sheets import draw_sheet

    playmat = fixture_project / "content/pocket-dungeon/playmat.yaml"
    playmat.write_text(playmat.read_text().replace("Three rooms, face down.", "Three rooms, face down, 1 {coin} each."))
    project, report = validate(fixture_project, "pocket-dungeon")
    assert project is not None, report.to_text()
    backend = RecordingBackend()
    draw_sheet(backend, project, "playmat", 0, project.sheet_layouts["playmat"].height)
    calls = backend.calls + [c for calls in backend.symbols.values() for c in calls]
    assert any(c[0] == "image" and c[1][0].endswith("coin.png") for c in calls)
    assert not any(c[0] == "text" and "{coin}" in c[1][2] for c in calls)


def test_an_icon_followed_by_its_own_word_reads_once_where_icons_are_words():
    from pnp.rules.tree import build_reference, render_text

    reference = build_reference(validated("pocket-dungeon").game)
    assert render_text(reference, "Pay {coin} coin 3.", "md") == "Pay coin 3."
    assert render_text(reference, "Pay {coin} 3.", "plain") == "Pay coin 3."
    assert render_text(reference, "Pay {coin} coin 3.", "pdf").count("pnp-icon") == 1


def test_a_rule_never_breaks_its_line_between_an_icon_and_its_room():
    """Escort Service's rule 8.2, "{in} {left}, {right}, {up} or {down}: only units...": on a booklet's page the line
    broke after "or" with the {down} icon hung on it and its room and ":" starting the next line (the third
    proofreading). At every width the icon's callback and its room stand on one line, glued to what follows."""
    from pnp.render.book_type import Paragraph, book_styles, pdf_markup
    from pnp.render.fonts import register_all
    from pnp.rules.tree import PDF_ICON_SPACE, build_reference

    register_all()
    project = validated("escort-service")
    ref = build_reference(project.game)
    rule = next(n for n in ref.walk() if n.id == "modifier-in")
    markup = pdf_markup(ref, rule.text, book_styles())
    for line_width in range(200, 420, 5):
        paragraph = Paragraph(markup, book_styles()["body"])
        paragraph.wrap(line_width, 1000)
        for line in paragraph.blPara.lines:
            words = line.words
            first = next(w for w in words if getattr(w, "text", "") or hasattr(w, "cbDefn"))
            assert not getattr(first, "text", "x").startswith(PDF_ICON_SPACE[0]) or any(
                hasattr(w, "cbDefn") for w in words[:2]), (line_width, [getattr(w, "text", "@") for w in words])
            assert not hasattr(words[-1], "cbDefn") or getattr(words[-2], "text", "").endswith(PDF_ICON_SPACE), line_width
