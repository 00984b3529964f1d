"""One text engine measures and draws (issue 34): shaping by HarfBuzz (kerning, Arabic joining), the bidirectional
algorithm, line breaks by the Unicode rules (CJK between characters), hyphenation per language, fallback fonts.

The font with Hebrew and Arabic glyphs is a subset of DejaVu Sans (tests/data/fonts, licence beside it)."""
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from pnp.render.backend import RecordingBackend
from pnp.render.cards import draw_emphasized_line
from pnp.text import markup
from pnp.text.fit import fit_text
from pnp.text.font_files import check_font_file
from pnp.text.fonts import fallback, family_of, missing_glyphs, setting, string_width

SCRIPTS = str((Path(__file__).parent / "data" / "fonts" / "DejaVuSans-scripts.ttf").resolve())


@pytest.fixture(scope="module", autouse=True)
def scripts_font():
    assert check_font_file(Path(SCRIPTS)) is None  # as a layout's loading reads it, before anything measures it


def _nominal(text: str) -> list[int]:
    """Each character's own glyph in the font (its character map, no shaping): an Arabic letter's isolated form."""
    font = TTFont(SCRIPTS)
    cmap = font.getBestCmap()
    return [font.getGlyphID(cmap[ord(ch)]) for ch in text]


def test_kerning_makes_av_narrower_than_its_letters_and_the_pdf_draws_that_width():
    from pnp.render.fonts import drawn_string

    assert string_width("AV", "Vera", 10) < string_width("A", "Vera", 10) + string_width("V", "Vera", 10) - 0.5
    run, = setting("AV", "Vera").runs
    drawn = drawn_string(run)  # what reportlab is handed: the kerned glyphs with their advances
    assert sum(d.x_advance for d in drawn.__shapeData__) == pytest.approx(run.units)
    assert drawn_string(setting("II", "Vera").runs[0]) == "II"  # no pair kerned: drawn as before, by its characters


def test_japanese_without_spaces_wraps_between_characters_never_before_closing_punctuation():
    text = "日本語の文章です。「かぎ」括弧も（こう）。"
    fit = fit_text(text, "Vera", 10, 10, 45, 400, lang="ja")
    lines = fit.lines[0]
    assert fit.ok and len(lines) >= 3 and "".join(lines) == text  # cut between characters, nothing added or lost
    assert not any(line[0] in "。」）、" for line in lines)  # no closing punctuation starts a line
    assert not any(line[-1] in "「（" for line in lines)  # no opening punctuation ends one
    assert all(string_width(line, "Vera", 10) <= 45 for line in lines)


def test_an_arabic_word_is_joined_and_drawn_right_to_left():
    word = "سلام"
    pen = RecordingBackend()
    pen.text(10, 20, word, SCRIPTS, 12)
    placed = [(gid, x) for _, _, gid, x, _ in pen.placed_glyphs()]
    assert [gid for gid, _ in placed] != _nominal(word)[::-1]  # not the isolated forms
    assert not set(gid for gid, _ in placed) & {_nominal(word)[0]}  # seen takes its initial form
    run, = setting(word, SCRIPTS).runs
    assert run.rtl
    first_letter = next(glyph.gid for glyph in run.glyphs if glyph.cluster == 0)
    xs = [x for _, x in placed]
    assert xs == sorted(xs) and placed[-1][0] == first_letter  # the first letter read is the rightmost drawn
    assert sum(glyph.advance for glyph in run.glyphs) * 12 / 1000 == pytest.approx(string_width(word, SCRIPTS, 12))


def test_the_pdf_draws_the_joined_glyphs_hebrew_and_english_in_visual_order():
    from reportlab.pdfbase import pdfmetrics

    from pnp.render.fonts import drawn_string, register

    line = "Play שלום now"
    pen = RecordingBackend()
    pen.text(0, 0, line, SCRIPTS, 10)
    gids = [gid for _, _, gid, _, _ in pen.placed_glyphs()]
    assert gids == _nominal("Play ") + _nominal("שלום")[::-1] + _nominal(" now")
    face = pdfmetrics.getFont(register(SCRIPTS)).face
    for run in setting("سلام " + line, SCRIPTS).runs:  # reportlab is handed characters that are those glyphs
        assert [face.charToGlyph[ord(ch)] for ch in drawn_string(run)] == [glyph.gid for glyph in run.glyphs]


def test_a_ligature_and_a_joined_arabic_word_read_back_from_the_pdf_as_their_letters(tmp_path):
    from pypdf import PdfReader

    from pnp.render.pdf import PdfBackend, new_canvas

    assert len(setting("office", SCRIPTS).runs[0].glyphs) < len("office")  # "ffi" is one glyph of the font's
    lam_alef = next(g for g in setting("سلام", SCRIPTS).runs[0].glyphs if g.cluster == 1)
    assert lam_alef.gid not in _nominal("لا")  # lam and alef drawn as one glyph, the other letters joined
    path = tmp_path / "words.pdf"
    pen = PdfBackend(new_canvas(path, 200, 100))
    pen.begin_page(200, 100)
    pen.text(10, 60, "office", SCRIPTS, 12)
    pen.text(10, 30, "سلام", SCRIPTS, 12)
    pen.end_page()
    pen.canvas.save()
    # each glyph's code maps to the characters it stands for (the font's ToUnicode map): not to private characters
    assert PdfReader(path).pages[0].extract_text().split() == ["office", "سلام"]


def test_emphasis_in_a_right_to_left_line_keeps_the_visual_order():
    family = family_of({"regular": SCRIPTS, "bold": SCRIPTS, "italic": SCRIPTS, "bolditalic": SCRIPTS})
    pen = RecordingBackend()
    draw_emphasized_line(pen, 0, 0, "abc **שלום** עולם", family, "regular", 10, "#000000", "left", {}, {})
    drawn = [(c[1][0], c[1][2]) for c in pen.calls if c[0] == "text"]
    # left to right on the page: the bold word read first is the rightmost; the space between the Hebrew words is
    # drawn with the one after it (its own run, set right to left: on its right)
    assert [text for _, text in sorted(drawn)] == ["abc ", " עולם", "שלום"]


def test_a_line_takes_the_direction_of_its_paragraph_not_of_its_first_word():
    from pnp.text import direction

    line = "Sencha. يساوي"  # a wrapped line of an Arabic paragraph that starts with an English word
    assert direction.paragraph_level("شاي " + line) == 1 and direction.paragraph_level(line) == 0
    assert direction.levels("Sencha", 1) == (2,) * 6  # English inside Arabic: left to right, one level up
    # left to right on the page: in its Arabic paragraph the line reads from the right, Sencha first (rightmost)
    assert [run.text for run in setting(line, SCRIPTS, 1).runs] == [". يساوي", "Sencha"]
    assert [run.text for run in setting(line, SCRIPTS).runs] == ["Sencha. ", "يساوي"]  # alone: its own direction
    assert [run.text for run in setting(line, SCRIPTS, 0).runs] == ["Sencha. ", "يساوي"]


def test_the_fit_measures_each_line_in_the_direction_of_its_paragraph():
    """`Y.` kerns with the period after it when the line is left to right, not when the period belongs to the Arabic
    around it: the line `Y. يس` is narrower set alone than as the Arabic paragraph's line it is drawn as."""
    text, width = "يس Y. يس", 24.5
    assert string_width("Y. يس", SCRIPTS, 9) <= width < string_width("Y. يس", SCRIPTS, 9, 1)
    fit = fit_text(text, SCRIPTS, 9, 9, width, 300)
    assert fit.ok and all(string_width(line, SCRIPTS, 9, 1) <= width for line in fit.lines[0])
    assert "".join(fit.lines[0]) == text.replace(" ", "")


def test_a_long_german_word_is_hyphenated_in_a_narrow_box():
    word = "Donaudampfschifffahrtsgesellschaft"
    fit = fit_text(f"Die {word}", "Vera", 9, 6, 60, 200, lang="de")
    lines = fit.lines[0]
    assert fit.ok and len(lines) >= 3
    assert all(line.endswith("-") for line in lines[:-1]) and lines[-1].endswith("schaft")
    assert "".join(line.removesuffix("-") for line in lines).removeprefix("Die ") == word  # cut at its hyphenation points
    assert all(string_width(line, "Vera", fit.size) <= 60 for line in lines)  # the hyphen measured like the rest
    assert fit_text(f"Die {word}", "Vera", 9, 6, 200, 200, lang="de").lines == ((f"Die {word}",),)  # room: no cut
    assert fit_text(f"Die {word}", "Vera", 9, 6, 60, 200, lang="xx").problem == "width"  # no dictionary, no cut


def test_a_bold_word_hyphenated_keeps_its_markup_balanced():
    family = family_of({"regular": "Vera", "bold": "VeraBd", "italic": "VeraIt", "bolditalic": "VeraBI"})
    fit = fit_text("**Donaudampfschifffahrtsgesellschaft**", "Vera", 9, 9, 60, 200, family=family, lang="de")
    assert fit.ok and all(markup.problems(line) == [] and line.startswith("**") for line in fit.lines[0])


def test_fallback_sets_each_character_in_the_first_font_that_has_it():
    chain = fallback(["Vera", SCRIPTS])
    runs = setting("Shalom שלום", chain).runs
    assert [(run.font, run.text) for run in runs] == [("Vera", "Shalom "), (SCRIPTS, "שלום")]
    assert missing_glyphs("Shalom שלום", "Vera") == ["ש", "ל", "ו", "ם"]
    assert missing_glyphs("Shalom שלום", chain) == []  # the second font has them
    assert missing_glyphs("Shalom 日本", chain) == ["日", "本"]  # none has these: missing-glyph
    assert string_width("Shalom שלום", chain, 10) == pytest.approx(
        string_width("Shalom ", "Vera", 10) + string_width("שלום", SCRIPTS, 10))


def test_a_layout_names_a_fallback_list(tmp_path):
    from pnp.layout.fonts import resolve_fonts
    from pnp.model.common import FontSet
    from pnp.reading.source import Source

    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Scripts.ttf").write_bytes(Path(SCRIPTS).read_bytes())
    source = Source("cards.yaml", {})
    fonts, problems = resolve_fonts(FontSet(regular=["Vera", "fonts/Scripts.ttf", "fonts/Nope.ttf"]), source, tmp_path)
    assert fonts["regular"] == fallback(["Vera", str(tmp_path / "fonts" / "Scripts.ttf")])
    assert [p.code for p in problems] == ["font"] and "Nope.ttf" in problems[0].message  # the bad one named, the rest kept
