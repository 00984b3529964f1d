"""Typewriter marks set as a book prints them (pnp.text.typography): the rulebooks print a curly apostrophe, the
language's quotation marks, a minus sign, an en dash in a range, a multiplication sign and an ellipsis where the
designer typed the keyboard's marks, and leave a word's own hyphen alone."""
import pytest
from helpers import validated
from pypdf import PdfReader

from pnp.text.typography import typeset


@pytest.mark.parametrize("typed, printed", [
    ("Sol -1", "Sol \u22121"),  # Stranded's step down
    ("Fumble (-1)", "Fumble (\u22121)"),
    ("-5 per crew member killed", "\u22125 per crew member killed"),  # Saucer Escape's scoring
    ("+1/-1", "+1/\u22121"),
    ("ranks 1-5", "ranks 1\u20135"),
    ("the rival's Stack", "the rival\u2019s Stack"),
    ('the dealer calls "Start!"', "the dealer calls \u201cStart!\u201d"),
    ("no 'fit to page'", "no \u2018fit to page\u2019"),
    ("a 3x3 grid", "a 3\u00d73 grid"),
    ("Speed x2", "Speed \u00d72"),
    ("and so on...", "and so on\u2026"),
])
def test_an_english_book_prints_the_typesetters_marks(typed, printed):
    assert typeset(typed, "en") == printed


@pytest.mark.parametrize("word", ["TA3-3M", "7-Start", "x-ray", "box2", "Level-2", "a-1"])
def test_a_words_own_hyphen_or_x_is_left_alone(word):
    assert typeset(word, "en") == word


def test_quotation_marks_follow_the_language():
    assert typeset('"Escape" it\'s', "fr") == "\u00ab\u00a0Escape\u00a0\u00bb it\u2019s"
    assert typeset('"Flucht"', "de") == "\u201eFlucht\u201c"
    assert typeset('"x" it\'s', "ja") == '"x" it\'s'  # a translator types Japanese marks; straight ones stay


def test_a_quote_after_a_bold_word_closes_it():
    # a paragraph set in pieces: the quote's side comes from the character printed before it, in any piece
    assert typeset('" is its name', "en", before="Escape") == "\u201d is its name"
    assert typeset('"Escape', "en", before=" ") == "\u201cEscape"


def test_the_rulebook_prints_curly_apostrophes_and_minus_signs(tmp_path):
    from pnp.render.rulebook import rulebook_pdf

    out = tmp_path / "rules.pdf"
    rulebook_pdf(validated("stranded"), None, "a4", out)
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(out).pages)
    # rules 3.3 and 4.x as the rules type them ("your level's starting life", "the danger's value")
    assert "your level\u2019s starting life" in text and "the danger\u2019s value" in text
    assert "level's" not in text and "danger's" not in text
    assert not [w for w in text.split() if w.startswith("-") and w[1:2].isdigit()]  # "-1" is printed "−1"


def test_an_apostrophe_inside_a_word_is_one_in_every_language():
    # German's closing single quote is ‘; inside a word the mark is an apostrophe all the same
    assert typeset("Käpt'n", "de") == "Käpt\u2019n" and typeset("'Käpt'n'", "de") == "\u201aKäpt\u2019n\u2018"


@pytest.mark.parametrize("typed, kept", [
    ("adding up to 7 (2 + 5 or 3 + 4).", "adding up to 7 (2\u00a0+\u00a05 or 3\u00a0+\u00a04)."),  # Escape Master
    ("Your highest positive card counts 0.", "Your highest positive card counts\u00a00."),  # Stranded
    ("Life never goes above 22.", "Life never goes above\u00a022."),
    ("2 + 5 + 3 = 10", "2\u00a0+\u00a05\u00a0+\u00a03\u00a0=\u00a010"),
    ("(rule 13.11)", "(rule\u00a013.11)"),  # the eleventh: "(rule / 13.11)" in Escort Service's books
])
def test_a_sum_or_a_last_number_is_never_cut_from_what_it_follows(typed, kept):
    """The eighth and ninth proofreadings: "(2 + / 5 or 3 + 4)" split a sum across lines, and Stranded's glossary
    left "0." and "22." alone on a line."""
    from pnp.text.typography import unbroken

    assert unbroken(typed) == kept


@pytest.mark.parametrize("typed", ["Sol 3 cards", "ranks 1, 2, 3", "Draw 3 cards, then play one."])
def test_a_number_inside_a_sentence_breaks_as_any_word(typed):
    from pnp.text.typography import unbroken

    assert unbroken(typed) == typed


def test_a_card_tables_small_cells_are_not_bound():
    """Binding runs lines longer: a card table's narrow 7.5 pt cells keep their sums' and last words' breaks
    (2200's Letter book grew a page when they were bound). A number stays with its word there too (NUMBERED, the
    fourteenth proofreading: a line never starts with a lone number; 2200's Letter book is a page longer for it)."""
    from pnp.render.book_type import Paragraph, book_styles
    from pnp.render.fonts import register_all

    register_all()
    styles = book_styles()
    assert "\u00a0" in Paragraph("It costs (2 + 5) in all.", styles["body"]).frags[0].text
    assert "\u00a0" not in Paragraph("It costs (2 + 5) in all.", styles["small"]).frags[0].text
    # the twelfth proofreading: a figure's key, small but in lines of its own, left "1." alone ("just below column /
    # 1."): its style says it is bound
    from pnp.render.book_type import derived

    key = derived("key", styles["small"], bound=True)
    assert Paragraph("The shuttle card, just below column 1.", key).frags[-1].text.endswith("column\u00a01.")


def test_a_paragraphs_last_word_never_stands_alone_on_its_last_line():
    """The tenth proofreading: Escape Master's booklet left "K." and "way." alone on a paragraph's last line. A
    book paragraph's short last word is joined to the word before it by a no-break space; a card table's small
    cells are left as they are."""
    from pnp.render.book_type import Paragraph, book_styles
    from pnp.render.fonts import register_all

    register_all()
    styles = book_styles()
    text = Paragraph("With more players, each one sits the same way.", styles["caption"]).frags[-1].text
    assert text.endswith("same\u00a0way.")
    assert Paragraph("a 1 may go on a K.", styles["body"]).frags[-1].text.endswith("a\u00a0K.")
    # the twelfth: Escort Service's booklet left "likes." alone (six characters); a longer word may stand alone
    assert Paragraph("in any order the team likes.", styles["body"]).frags[-1].text.endswith("team\u00a0likes.")
    assert Paragraph("on the playmat here.", styles["body"]).frags[-1].text.endswith("the playmat\u00a0here.")
    assert Paragraph("lay out the columns.", styles["body"]).frags[-1].text.endswith("the columns.")
    assert "\u00a0" not in Paragraph("each one sits the same way.", styles["small"]).frags[-1].text


def test_a_number_is_kept_with_the_word_it_counts_in_every_paragraph():
    """The fourteenth proofreading: Escort Service's card tables and booklet broke "column / 1", "HEAT / 1.",
    "MELEE / 2", "Health / 12", "Scenario / 4": a line started with a lone number. A number of one or two digits is
    kept with the word before it, in a table's small cells too; a list of numbers ("7, 6, 5") is left as it is."""
    from pnp.render.book_type import Paragraph, book_styles
    from pnp.render.fonts import register_all
    from pnp.text.typography import numbered

    register_all()
    assert numbered("at the bottom of column 1, in any order") == "at the bottom of column\u00a01, in any order"
    assert numbered("Back: MELEE 2; HEAT 1.") == "Back: MELEE\u00a02; HEAT\u00a01."
    assert numbered("Example: 7, 6, 5") == "Example: 7, 6, 5" and numbered("TA3-3M") == "TA3-3M"
    small = Paragraph("Hive Queen in column 3 and Health 12", book_styles()["small"]).frags[-1].text
    assert "column\u00a03" in small and "Health\u00a012" in small


def test_a_number_is_kept_with_the_noun_it_counts_after_it():
    """The seventeenth proofreading: Stranded's "What is in the box" ended a line on "3" and began the next with
    "Sol cards". A number of one or two digits that follows no word is kept with the word after it; a decimal, a
    code or a list of numbers is left as it is."""
    from pnp.text.typography import numbered

    assert numbered("11 aging cards, 3 Sol cards") == "11\u00a0aging cards, 3\u00a0Sol cards"
    assert numbered("(2 cards) and 1-2 life") == "(2\u00a0cards) and 1-2\u00a0life"
    # the eighteenth: a number after a word is kept with that word alone, never three words made one
    assert numbered("column 1 directly above") == "column\u00a01 directly above"
    assert numbered("Example: 7, 6, 5") == "Example: 7, 6, 5" and numbered("TA3-3M works") == "TA3-3M works"
    assert numbered("1.5 cards") == "1.5 cards" and numbered("x2 each") == "x2 each"
    # the eighteenth: 2200's narrow card tables started a line with "×2." (its attack's repeat)
    assert numbered("Laser attack 2, \u00d72. Range") == "Laser attack\u00a02,\u00a0\u00d72. Range"
