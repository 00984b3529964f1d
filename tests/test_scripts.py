"""Proven on real editions (issue 34, part 3): a small game with a Japanese and an Arabic edition, its fonts OFL
subsets in the game's own fonts/ folder (tests/data/scripts/fonts, licences and README beside them).

The card layout names each style as a fallback list, Latin first: Vera, then Zen Kaku Gothic New (Japanese), then
Tajawal (Arabic); each character takes the first font that has it. The tests read the edition's cards as the build
binds them (the fit's lines) and as they are drawn (glyph positions from the recording backend), and the text of the
PDFs a `pnp build --lang` writes.

Tests marked `xfail(strict=True)` need what the text engine or the rulebook does not do yet (the reason says what);
they are strict so that they fail as soon as it does, and the mark must then go.
"""
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from helpers import DATA, private_copy
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import discovery, translations
from pnp.content.binding import bind_cards
from pnp.layout.cards import load_card_layout
from pnp.render.backend import RecordingBackend
from pnp.render.cards import draw_box
from pnp.text.font_files import check_font_file
from pnp.text.fonts import chain, setting, string_width

SCRIPTS = DATA / "scripts"
PACKAGE_WORDS = Path(__file__).parents[1] / "pnp" / "defaults" / "words"
GAME = "night-market"
JAPANESE_FONT = "ZenKakuGothicNew-Regular-subset.ttf"
ARABIC_FONT = "Tajawal-Regular-subset.ttf"
CLOSING = "。、」）！？"  # never at a line's start (Japanese line breaking, kinsoku)
OPENING = "「（"  # never at a line's end
ARABIC_TO_UNICODE = ("poppler reverses what one glyph stands for in a right-to-left run (the font's ToUnicode map "
                     "gives it in reading order, pnp/render/fonts.py _to_unicode_cmap): لاعب reads العب, خُبزت "
                     "reads ُخبزت; pypdf_text reads them right")

runner = CliRunner()


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A private copy of the game's project (content/, layouts/, fonts/), the working directory inside it."""
    return private_copy(SCRIPTS, tmp_path, monkeypatch)


class Edition:
    """The game's cards in a language as the build binds them: each face's fitted lines and its layout."""

    def __init__(self, root: Path, lang: str):
        game, problems = discovery.load(root, GAME)
        assert problems == []
        self.game, problems = translations.apply(game, lang)
        assert problems == [], [str(p) for p in problems]
        self.layout, problems = load_card_layout(root / "layouts", GAME, self.game.plugin.box_kinds)
        assert problems == []
        self.faces, problems = bind_cards(self.game, self.layout)
        assert problems == [], [str(p) for p in problems]

    def box(self, card: str, name: str):
        return next(box for box in self.faces.fronts[card].template.boxes if box.name == name)

    def lines(self, card: str, box: str) -> tuple[str, ...]:
        fit = self.faces.fronts[card].fits[box]
        assert fit.ok
        (lines,) = fit.lines  # one paragraph
        return lines

    def drawn(self, card: str, box: str) -> list["Line"]:
        """The box's lines as the recording backend saw them drawn, top to bottom."""
        pen = RecordingBackend()
        draw_box(pen, self.box(card, box), self.faces.fronts[card], self.layout, self.game.emblems)
        placed, at, lines = pen.placed_glyphs(), 0, []
        for name, args, kwargs in pen.calls:  # placed_glyphs gives the text calls' glyphs in the calls' order
            if name == "text":
                x, y, string, font, size = args[:5]
                base = kwargs.get("base")  # the direction of the line's paragraph, as it was drawn
                count = sum(len(run.glyphs) for run in setting(string, font, base).runs)
                lines.append(Line(string, font, size, y, placed[at:at + count], base))
                at += count
        assert at == len(placed)
        return lines


class Line:
    """One drawn line: its string, font, size, baseline, and its glyphs left to right grouped into the runs the text
    engine set (pnp.text.fonts.setting, in the direction `base` the line was drawn in), each run with the x of its
    glyphs."""

    def __init__(self, string, font, size, y, glyphs, base=None):
        self.string, self.font, self.size, self.y = string, font, size, y
        self.runs, at = [], 0
        for run in setting(string, font, base).runs:
            mine = glyphs[at:at + len(run.glyphs)]
            at += len(run.glyphs)
            self.runs.append((run, [x for _, _, _, x, _ in mine], [gid for _, _, gid, _, _ in mine]))
        assert at == len(glyphs) and all(g[0] == string for g in glyphs)  # each glyph the backend placed, in a run

    def xs_of(self, contains) -> list[float]:
        """The x of every glyph of the runs whose text has a character `contains` accepts."""
        return [x for run, xs, _ in self.runs if any(contains(ch) for ch in run.text) for x in xs]


def arabic(ch: str) -> bool:
    return "\u0600" <= ch <= "\u06ff"


def latin(ch: str) -> bool:
    return ch.isascii() and ch.isalpha()


# -- the fixture itself -----------------------------------------------------------------------------------------------
def test_the_fonts_are_small_subsets_with_their_licences_beside_them():
    fonts = SCRIPTS / "fonts"
    for name in (JAPANESE_FONT, ARABIC_FONT):
        assert (fonts / name).stat().st_size < 200_000
        assert check_font_file(fonts / name) is None  # what loading the layout checks
    assert "SIL Open Font License" in (fonts / "OFL-ZenKakuGothicNew.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in (fonts / "OFL-Tajawal.txt").read_text(encoding="utf-8")
    japanese = TTFont(fonts / JAPANESE_FONT).getBestCmap()
    for printed in (SCRIPTS / f"content/{GAME}/translations/ja.yaml", PACKAGE_WORDS / "ja.yaml"):  # its own, pnp's
        text = printed.read_text(encoding="utf-8")
        assert all(ord(ch) in japanese for ch in text if ord(ch) >= 0x3000)  # the subset has every character printed


# -- Japanese -------------------------------------------------------------------------------------------------------
def test_japanese_wraps_between_characters_and_never_starts_a_line_with_closing_punctuation(project):
    ja = Edition(project, "ja")
    text = translations.translatable_texts(ja.game)["decks/market/cards/full-moon/text"]
    assert " " not in text  # a sentence without spaces: one "word" to a wrap that breaks only at spaces
    box = ja.box("full-moon", "text")
    font, size = ja.layout.fonts["regular"], ja.faces.fronts["full-moon"].fits["text"].size
    assert _cut_at_the_last_character_that_fits(text, font, size, box.w)[1][0] in CLOSING  # what the rules prevent
    lines = ja.lines("full-moon", "text")
    assert len(lines) >= 3 and "".join(lines) == text  # cut between characters, nothing added or lost
    assert not any(line[0] in CLOSING for line in lines)
    assert not any(line[-1] in OPENING for line in lines)
    drawn = ja.drawn("full-moon", "text")
    assert [line.string for line in drawn] == list(lines)  # drawn as fitted, one text call a line
    assert [line.y for line in drawn] == sorted((line.y for line in drawn), reverse=True)  # top to bottom
    for line in drawn:
        xs = [x for _, run_xs, _ in line.runs for x in run_xs]
        assert xs == sorted(xs) and string_width(line.string, font, line.size) <= box.w  # left to right, inside


def _cut_at_the_last_character_that_fits(text: str, font: str, size: float, width: float) -> tuple[str, str]:
    """The text cut after as many characters as fit the width, ignoring every line-breaking rule."""
    end = max(n for n in range(1, len(text) + 1) if string_width(text[:n], font, size) <= width)
    return text[:end], text[end:]


def test_japanese_brackets_stay_with_their_words(project):
    lines = Edition(project, "ja").lines("tea", "text")
    assert not any(line[0] in CLOSING or line[-1] in OPENING for line in lines)
    assert "".join(lines) == "丘の茶畑で摘んだ日本の緑茶「煎茶」。ゲーム終了時に2点。"


def test_each_character_takes_the_first_font_of_the_list_that_has_it(project):
    ja = Edition(project, "ja")
    fonts = [Path(font).name for font in chain(ja.layout.fonts["regular"])]
    line = next(line for line in ja.drawn("lantern", "text") if "1" in line.string)
    by_text = [(run.text, Path(run.font).name) for run, _, _ in line.runs]
    digit = next(name for text, name in by_text if "1" in text)
    assert digit == "Vera"  # Latin first: the digit in Vera
    assert all(name == JAPANESE_FONT for text, name in by_text if "1" not in text)  # the rest in the Japanese font
    assert fonts == ["Vera", JAPANESE_FONT, ARABIC_FONT]


# -- Arabic ---------------------------------------------------------------------------------------------------------
def _nominal(root: Path, text: str) -> list[int]:
    """Each letter's own glyph in the Arabic font (its character map, no shaping): the isolated form."""
    font = TTFont(root / "fonts" / ARABIC_FONT)
    cmap = font.getBestCmap()
    return [font.getGlyphID(cmap[ord(ch)]) for ch in text]


def test_an_arabic_card_name_is_joined_and_drawn_right_to_left(project):
    ar = Edition(project, "ar")
    (title,) = ar.drawn("lantern", "title")
    assert title.string == "فانوس"
    (run, xs, gids), = title.runs
    assert Path(run.font).name == ARABIC_FONT and run.rtl
    nominal = _nominal(project, "فانوس")
    assert xs == sorted(xs)  # the backend places them left to right on the page ...
    first = next(gid for glyph, gid in zip(run.glyphs, gids) if glyph.cluster == 0)
    assert gids[-1] == first  # ... and the first letter read (fa) is the rightmost
    assert first != nominal[0]  # fa joins the alif after it: its initial form, not the isolated one
    assert gids != nominal[::-1]  # not the isolated letters reversed
    assert len(set(gids) - set(nominal)) >= 3  # fa, alif, nun, waw join (initial, final, initial, final)


def test_arabic_text_reads_right_to_left_with_a_number_in_its_place(project):
    ar = Edition(project, "ar")
    first = ar.drawn("sweets", "text")[0]
    assert first.string == "حلوى خُبزت عند الغروب. تساوي 3"  # the line as fitted
    sweets = [x for run, xs, _ in first.runs if "حلوى" in run.text for x in xs]
    worth = [x for run, xs, _ in first.runs if "تساوي" in run.text for x in xs]
    three = [x for run, xs, _ in first.runs if "3" in run.text for x in xs]
    assert max(three) < min(worth) and max(worth) < min(sweets)  # read from the right: sweets ... worth 3
    for line in ar.drawn("full-moon", "text"):
        word = re.match("[\u0600-\u06ff]+", line.string).group()  # the line's first word (logically)
        first_word = [x for run, xs, _ in line.runs if run.text.startswith(word) for x in xs]
        assert max(first_word) == max(line.xs_of(arabic))  # every line starts at its right


def test_a_number_in_an_arabic_rule_keeps_its_digits_left_to_right(project):
    ar = Edition(project, "ar")
    rule = next(text for key, text in translations.translatable_texts(ar.game).items()
                if key == "rules/sections/play/rules/length/text")
    assert rule == "تستغرق اللعبة نحو 15 دقيقة."
    runs = [run for run in setting(rule, ar.layout.fonts["regular"]).runs if run.text.strip()]  # left to right
    at = next(index for index, run in enumerate(runs) if "15" in run.text)
    assert "دقيقة" in runs[at - 1].text and "نحو" in runs[at + 1].text  # from the right: about 15 minutes
    digits = runs[at]
    assert not digits.rtl and [g.cluster for g in digits.glyphs] == sorted(g.cluster for g in digits.glyphs)


def test_a_line_of_an_arabic_paragraph_that_starts_with_a_latin_word_is_still_right_to_left(project):
    ar = Edition(project, "ar")
    lines = ar.drawn("tea", "text")
    second = lines[1]
    assert second.string.startswith("Sencha")  # the fixture's point: the line (logically) begins with Latin
    assert min(second.xs_of(latin)) > max(second.xs_of(arabic))  # yet the paragraph is Arabic: Sencha on the right


def test_a_box_that_names_no_alignment_sets_each_paragraph_from_the_side_its_direction_starts(project):
    """A layout shared by a left-to-right and an Arabic edition: a box without `align:` (the cards' title) starts a
    Japanese name at its left and an Arabic one at its right; `left` and `right` are the sides they name in any
    script, `end` the other side of `start`."""
    from dataclasses import replace

    from pnp.render.cards import face_size

    def extent(edition, align=None):
        box = edition.box("lantern", "title")
        face = edition.faces.fronts["lantern"]
        pen = RecordingBackend()
        draw_box(pen, replace(box, align=align) if align else box, face, edition.layout, edition.game.emblems)
        (drawn,) = [d for d in pen.drawn if d.kind == "text"]
        left = face_size(face, edition.layout).bleed + box.x
        return round(drawn.x0 - left, 2), round(left + box.w - drawn.x1, 2)  # room on its left, on its right

    ja, ar = Edition(project, "ja"), Edition(project, "ar")
    assert ar.box("lantern", "title").align == ja.box("lantern", "title").align == "start"  # the box names none
    assert extent(ja)[0] == 0 < extent(ja)[1] and extent(ar)[1] == 0 < extent(ar)[0]  # Japanese from the left, Arabic from the right
    assert extent(ar, "left")[0] == 0 and extent(ar, "end")[0] == 0 and extent(ja, "end")[1] == 0
    assert extent(ja, "right")[1] == 0 and extent(ar, "right")[1] == 0


def test_the_pdf_draws_a_wrapped_arabic_line_that_starts_with_a_latin_word_right_to_left(project):
    from pypdf import PdfReader

    ar = Edition(project, "ar")
    pdf = _card_text_pdf(ar, "tea", project / "tea.pdf")
    shown = []  # (text, x, y) of each string the page shows, as pypdf reads its text operators
    PdfReader(pdf).pages[0].extract_text(visitor_text=lambda text, cm, tm, *_: shown.append((text.strip(), tm[4], tm[5])))
    x, y = next((x, y) for text, x, y in shown if text == "Sencha")
    assert x == max(other for text, other, at in shown if text and at == y)  # the rightmost of its line


# -- the editions built ---------------------------------------------------------------------------------------------
BIDI_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def poppler_text(path: Path) -> str:
    """The PDF's text as poppler reads it (its own bidi: Arabic in reading order), letters' presentation forms
    folded to the letters (NFKC), without the embedding marks poppler puts around each run of one direction (a
    phrase that crosses from Arabic to digits or Latin comes out with spaces moved: look for the pieces)."""
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) is not installed")
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return BIDI_CONTROLS.sub("", unicodedata.normalize("NFKC", out))


@pytest.mark.parametrize("lang", ["ja", "ar"])
def test_each_edition_validates_with_its_fallback_fonts(project, lang):
    from pnp.checks.validate import validate

    built, report = validate(project, GAME, lang=lang)
    assert built is not None and report.ok, report.to_text()


def test_the_japanese_edition_builds_and_its_pdfs_hold_its_words(project):
    result = runner.invoke(app, ["build", GAME, "--lang", "ja"])
    assert result.exit_code == 0, result.stdout
    edition = project / "output" / GAME / "ja"
    cards = poppler_text(edition / "home-a4/market.pdf")
    for line in ("満月の夜、市場は遅くまで店を開", "く。各プレイヤーはカードを2枚引", "提灯", "緑茶"):
        assert line in cards
    rules = poppler_text(edition / "rules/rulebook-a4.pdf")
    assert "準備" in rules and "ゲームの流れ" in rules and "1ゲームは約15分。" in rules


def test_the_arabic_edition_builds_and_its_pdfs_hold_its_words(project):
    result = runner.invoke(app, ["build", GAME, "--lang", "ar"])
    assert result.exit_code == 0, result.stdout
    edition = project / "output" / GAME / "ar"
    cards = pypdf_text(edition / "home-a4/market.pdf")
    for words in ("فانوس", "شاي أخضر", "حلوى خُبزت عند الغروب", "Sencha", "نقاط في نهاية اللعبة", "يسحب كل لاعب"):
        assert words in cards
    rules = pypdf_text(edition / "rules/rulebook-a4.pdf")  # each piece of one direction apart, in reading order
    for words in ("التحضير", "سير اللعب", "تستغرق اللعبة نحو", "15", "دقيقة", "املأ كشكك بأفضل البضائع"):
        assert words in rules
    if shutil.which("pdftotext"):  # poppler reads the lines in reading order (pieces without a ligature or mark)
        lines = poppler_text(edition / "rules/rulebook-a4.pdf").splitlines()
        assert any("التحضير" in line and "1" in line for line in lines)
        rule = next(line for line in lines if "تستغرق اللعبة نحو" in line)
        assert rule.index("2.2") < rule.index("تستغرق") < rule.index("15") < rule.index("دقيقة")


def _arabic_rule_drawn(project, text: str, width: float = 300.0):
    """A paragraph of the Arabic edition's rulebook, in its body style, wrapped at `width` and drawn onto a
    recording backend: its pieces of text as drawn, what the backend drew, and the paragraph's height."""
    from types import SimpleNamespace

    from pnp.layout.rulebook import load_rulebook_layout
    from pnp.render.book_type import Paragraph, book_fallbacks, book_styles, register_book_fonts

    ar = Edition(project, "ar")
    rulebook, problems = load_rulebook_layout(project / "layouts", GAME, ar.layout.fonts)
    assert problems == []
    names = register_book_fonts(rulebook.fonts)
    paragraph = Paragraph(text, book_styles(names, book_fallbacks(rulebook.fonts, names), "ar")["body"])
    _, height = paragraph.wrap(width, 1000)
    pen = RecordingBackend()
    paragraph.canv = SimpleNamespace(_pnp_backend=pen, _doctemplate=None)
    paragraph.draw()
    placed, at, lines = pen.placed_glyphs(), 0, []
    for name, args, kwargs in pen.calls:
        if name == "text":
            x, y, string, font, size = args[:5]
            count = sum(len(run.glyphs) for run in setting(string, font, kwargs.get("base")).runs)
            lines.append(Line(string, font, size, y, placed[at:at + count], kwargs.get("base")))
            at += count
    return lines, pen.drawn, height


def test_an_arabic_rule_in_the_rulebook_is_joined_and_read_from_the_right(project):
    """A numbered rule of the Arabic rulebook: its number (read first) at the right end of its line, the words
    after it to its left, the number 15 in its place and in its own order, the letters joined."""
    pieces, _, _ = _arabic_rule_drawn(project, "<b>2.2</b> تستغرق اللعبة نحو 15 دقيقة.")
    by_text = {piece.string.strip(): piece for piece in pieces if piece.string.strip()}
    number, fifteen = by_text["2.2"], by_text["15"]
    words = [piece for piece in pieces if any(arabic(ch) for ch in piece.string)]
    right_end = max(x for piece in pieces for x in piece.xs_of(lambda ch: not ch.isspace()))
    assert max(number.xs_of(str.isdigit)) == right_end  # the rule's number stands at the right
    takes, minute = (next(p for p in words if w in p.string) for w in ("تستغرق", "دقيقة"))
    assert min(takes.xs_of(arabic)) > max(fifteen.xs_of(str.isdigit)) > max(minute.xs_of(arabic))
    assert fifteen.xs_of(str.isdigit) == sorted(fifteen.xs_of(str.isdigit))  # 1 then 5, left to right
    ((run, _, gids),) = [r for r in takes.runs if "تستغرق" in r[0].text]
    assert Path(run.font).name == ARABIC_FONT and run.rtl
    assert gids != _nominal(project, run.text)[::-1]  # shaped: not the isolated letters reversed


def test_a_long_arabic_rule_wraps_with_every_line_set_from_the_right(project):
    """The wrapped lines of an Arabic paragraph each end at the right edge of its column (a left-to-right one's
    start at the left), one leading apart, none wider than the column."""
    text = "في ليلة البدر يبقى السوق مفتوحًا حتى وقت متأخر، فيسحب كل لاعب بطاقتين ثم يعطي إحداهما للاعب الذي على يساره."
    _, drawn, height = _arabic_rule_drawn(project, text, width=140)
    texts = [d for d in drawn if d.kind == "text"]
    rows = sorted({round(d.y0, 1) for d in texts}, reverse=True)
    assert len(rows) >= 3 and height == pytest.approx(len(rows) * 13)  # the body's leading
    for row in rows:
        line = [d for d in texts if round(d.y0, 1) == row]
        assert max(d.x1 for d in line) == pytest.approx(140, abs=0.01) and min(d.x0 for d in line) >= 0


def test_validating_an_arabic_edition_no_longer_warns_of_the_rulebook_direction(project):
    from pnp.checks.validate import validate

    _, report = validate(project, GAME, lang="ar")
    assert not [d for d in report.diagnostics if d.code == "rulebook-direction"]


def test_the_rulebook_sets_each_character_in_the_first_font_of_its_styles_list(project):
    """The rulebook's paragraphs, their bold included, take each character from the list of their style's font:
    a fallback list is never handed to reportlab as one font (its name joins the fonts with a null byte)."""
    from pnp.layout.rulebook import load_rulebook_layout
    from pnp.render.book_type import Paragraph, book_fallbacks, book_styles, register_book_fonts
    from pnp.render.fonts import register

    ja = Edition(project, "ja")
    rulebook, problems = load_rulebook_layout(project / "layouts", GAME, ja.layout.fonts)
    assert problems == [] and rulebook.fonts["bold"] == ja.layout.fonts["bold"]  # the whole list, not its first font
    names = register_book_fonts(rulebook.fonts)
    styles = book_styles(names, book_fallbacks(rulebook.fonts, names))
    japanese = register(str(project / "fonts" / JAPANESE_FONT))
    frags = Paragraph("<b>2.1</b> 提灯を1枚<b>引く</b>。", styles["body"]).frags
    assert [(f.text, f.fontName) for f in frags] == [("2.1", "VeraBd"), (" ", "Vera"), ("提灯を", japanese),
                                                    ("1", "Vera"), ("枚", japanese), ("引く", japanese),
                                                    ("。", japanese)]


def _card_text_pdf(edition: Edition, card: str, path: Path) -> Path:
    """The card's title and text boxes drawn by the PDF backend alone, on a page of their own: what the build
    writes for them, without the rest of a build."""
    from pnp.render.pdf import PdfBackend, new_canvas

    face = edition.faces.fronts[card]
    pen = PdfBackend(new_canvas(path, 300, 300))
    pen.begin_page(300, 300)
    for name in ("title", "text"):
        draw_box(pen, edition.box(card, name), face, edition.layout, edition.game.emblems)
    pen.end_page()
    pen.canvas.save()
    return path


def test_the_pdf_of_a_japanese_card_holds_its_lines(project):
    ja = Edition(project, "ja")
    text = poppler_text(_card_text_pdf(ja, "full-moon", project / "full-moon.pdf"))
    assert "満月" in text and all(line in text for line in ja.lines("full-moon", "text"))


def pypdf_text(path: Path) -> str:
    """The PDF's text as pypdf reads it: right-to-left runs turned to reading order, what one glyph stands for (a
    lam-alef ligature's two letters, a letter with its mark) kept in the order the font's ToUnicode map gives it
    (reading order, as PDF producers write it). poppler (pdftotext) and PDFium reverse that too: لا reads ال, a
    mark comes before its letter."""
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_the_pdf_of_an_arabic_card_holds_its_words(project):
    ar = Edition(project, "ar")
    pdf = _card_text_pdf(ar, "sweets", project / "sweets.pdf")
    text = pypdf_text(pdf)
    for words in ("حلوى", "حلوى خُبزت عند الغروب", "تساوي", "3", "نقاط في نهاية اللعبة"):
        assert words in text
    if shutil.which("pdftotext"):  # poppler too finds the words without a mark or a ligature
        assert all(words in poppler_text(pdf) for words in ("حلوى", "عند الغروب", "نقاط في نهاية اللعبة"))


def test_the_japanese_rulebook_breaks_its_lines_between_characters(tmp_path):
    """The rulebook is set by reportlab's paragraphs, which break at spaces: a Japanese rule (no spaces) left its
    number alone on a line and ran its sentence below. Set as Japanese is written, the sentence follows its number,
    and no line starts with closing punctuation."""
    from typer.testing import CliRunner

    from pnp.cli import app

    pdf = tmp_path / "rules-ja.pdf"
    done = CliRunner().invoke(app, ["rules", GAME, "--lang", "ja", "--format", "pdf", "--root", str(SCRIPTS), "--out", str(pdf)])
    assert done.exit_code == 0, done.output
    lines = [line.strip() for line in poppler_text(pdf).splitlines() if line.strip()]
    numbered = next(line for line in lines if line.startswith("2.3"))
    assert "山札" in numbered, numbered  # the rule's words on its number's line
    assert not [line for line in lines if line[0] in "。、」）！？"]


def test_an_arabic_contents_line_has_its_page_number_on_the_left(project):
    """The contents line of an Arabic heading reads from the right: its title at the right margin, its leader (the
    dots and the page number, a form filled in once the pages are set) from the left margin up to the title (an
    English line's leader runs from its title to the right margin)."""
    from pypdf import PdfReader

    result = runner.invoke(app, ["build", GAME, "--lang", "ar"])
    assert result.exit_code == 0, result.stdout
    contents = PdfReader(project / "output" / GAME / "ar" / "rules/rulebook-a4.pdf").pages[1]
    shown = {}  # text -> x, within the frame
    contents.extract_text(visitor_text=lambda text, cm, tm, *_: shown.setdefault(text.strip(), tm[4]))
    forms = {name.split(".")[-1]: [float(v) for v in form.get_object()["/BBox"]]
             for name, form in contents["/Resources"]["/XObject"].items()}
    setup, play = forms["ContentsLine0"], forms["ContentsLine1"]  # sections 1 and 2
    assert setup[0] == play[0] == 0
    assert setup[2] == pytest.approx(shown["التحضير"], abs=0.01) and play[2] == pytest.approx(shown["سير اللعب"], abs=0.01)
    assert "دليل البطاقات" in shown  # pnp's own headings in Arabic too (words/ar.yaml): the card reference


def test_an_icon_in_an_arabic_rule_stands_between_the_words_around_it(project):
    """An inline icon in a right-to-left rule ({heat} in a rule's text becomes the rulebook's icon callback) is drawn
    where it stands in the sentence read from the right: left of the word before it, right of the word after it."""
    from types import SimpleNamespace

    from pnp.layout.rulebook import load_rulebook_layout
    from pnp.render.book_type import Paragraph, book_fallbacks, book_styles, register_book_fonts
    from pnp.rules.tree import PDF_ICON_SPACE

    ar = Edition(project, "ar")
    rulebook, _ = load_rulebook_layout(project / "layouts", GAME, ar.layout.fonts)
    names = register_book_fonts(rulebook.fonts)
    style = book_styles(names, book_fallbacks(rulebook.fonts, names), "ar")["body"]
    paragraph = Paragraph(f'اسحب {PDF_ICON_SPACE}<onDraw name="pnp-icon" label="lamp"/> بطاقة', style)
    paragraph.wrap(300, 1000)
    pen = RecordingBackend()
    game = SimpleNamespace(emblems=ar.game.emblems)
    doc = SimpleNamespace(game=game, icons={"lamp": ("emblem", "circle", "#aa3300")})
    paragraph.canv = SimpleNamespace(_pnp_backend=pen, _doctemplate=doc)
    paragraph.draw()
    words = {d.text: d for d in pen.drawn if d.kind == "text" and d.text.strip()}
    icon = [d for d in pen.drawn if d.kind != "text"]
    assert icon, "the icon is drawn"
    left, right = min(d.x0 for d in icon), max(d.x1 for d in icon)
    draw_word = next(d for text, d in words.items() if "اسحب" in text)
    card_word = next(d for text, d in words.items() if "بطاقة" in text)
    assert card_word.x1 <= left and right <= draw_word.x0  # read from the right: draw, the icon, a card


def test_a_game_without_terms_prints_no_empty_glossary_or_index(project):
    """night-market's rules define no glossary terms and name no index words: its rulebook prints no Glossary or
    Index heading over nothing (nor a contents line for one)."""
    result = runner.invoke(app, ["build", GAME])
    assert result.exit_code == 0, result.stdout
    text = pypdf_text(project / "output" / GAME / "rules/rulebook-a4.pdf")
    assert "Card reference" in text and "Glossary" not in text and "Index" not in text
