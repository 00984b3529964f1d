"""Rulebook booklets: half-size pages, two to a side of a landscape sheet, in saddle-stitch order."""
import re

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.render.booklet import booklet_order


def test_eight_pages_fold_into_two_sheets():
    assert booklet_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]


def test_pages_are_padded_to_whole_sheets_with_blanks():
    assert booklet_order(5) == [(None, 0), (1, None), (None, 2), (3, 4)]
    assert booklet_order(1) == [(None, 0), (None, None)]


def test_a_back_cover_stays_the_last_page_and_the_blanks_stand_before_it():
    # five pages on two sheets: the fifth (a turn summary) on the back cover, the three blanks inside
    assert booklet_order(5, back_cover=True) == [(4, 0), (1, None), (None, 2), (3, None)]
    assert booklet_order(8, back_cover=True) == booklet_order(8)  # no blank page to move
    for pages in range(2, 30):
        sides = booklet_order(pages, back_cover=True)
        assert sides[0][0] == pages - 1  # the first sheet's outside left: the back cover
        assert sorted(i for side in sides for i in side if i is not None) == list(range(pages))


def test_the_booklets_turn_summary_is_its_back_cover(tmp_path):
    """Escape Master's booklet: the play summary, its book's last page, prints on the back cover (the first
    sheet's outside left), not before blank pages."""
    from helpers import validated

    from pnp.render.rulebook import rulebook_pdf

    out = tmp_path / "booklet.pdf"
    rulebook_pdf(validated("escape-master"), None, "a4", out, booklet=True)
    sides = PdfReader(out).pages
    width = float(sides[0].mediabox.width)
    numbered = [n for side in sides for _, n in _footers(side)]
    assert not [n for x, n in _footers(sides[0]) if x < width / 2]  # the back cover carries no folio...
    assert "summary" in sides[0].extract_text().lower()  # ...and it is the summary
    assert max(numbered) == 4 * len(sides) // 2 - 1  # every page before it numbered: notes pages, not blanks
    text = " ".join(side.extract_text() for side in sides)
    assert "Notes" in text or len(numbered) == 2 * len(sides) - 2


@pytest.mark.parametrize("pages", range(1, 30))
def test_every_page_is_printed_once_and_reads_in_order_when_folded(pages):
    sides = booklet_order(pages)
    assert len(sides) % 2 == 0 and sorted(i for side in sides for i in side if i is not None) == list(range(pages))
    # folded, each sheet's front right and back left are consecutive, and the stack reads outward-in
    rights = [side[1] for side in sides[::2]]
    assert rights == [2 * k if 2 * k < pages else None for k in range(len(sides) // 2)]


def _footers(page) -> list[tuple[float, int]]:
    """(x, page number) of each rulebook footer on an imposed side."""
    found = []

    def visit(text, cm, tm, font, size):
        match = re.search(r"page (\d+)", text)
        if match:
            found.append((cm[4] + tm[4], int(match.group(1))))

    page.extract_text(visitor_text=visit)
    return found


def test_build_writes_booklets_only_when_asked(fixture_project):
    runner = CliRunner()
    assert runner.invoke(app, ["build", "pocket-dungeon"]).exit_code == 0
    assert not (fixture_project / "output/pocket-dungeon/rules/rulebook-a4-booklet.pdf").exists()
    assert runner.invoke(app, ["build", "pocket-dungeon", "--booklets"]).exit_code == 0
    for paper, size in (("a4", (841.89, 595.28)), ("letter", (792, 612))):
        booklet = PdfReader(fixture_project / f"output/pocket-dungeon/rules/rulebook-{paper}-booklet.pdf")
        first, second = booklet.pages[0], booklet.pages[1]
        assert (round(float(first.mediabox.width), 2), round(float(first.mediabox.height), 2)) == size
        assert len(booklet.pages) % 2 == 0
        width = float(first.mediabox.width)
        assert [n for x, n in _footers(second) if x < width / 2] == [2]  # page 2 behind the front's right half,
        assert not [n for x, n in _footers(first) if x > width / 2]  # which is the cover: it carries no folio
        last = max(n for side in booklet.pages for _, n in _footers(side))
        assert len(booklet.pages) == 2 * -(-last // 4)


def test_rules_command_writes_a_booklet_and_refuses_an_unknown_paper(fixture_project):
    runner = CliRunner()
    result = runner.invoke(app, ["rules", "pocket-dungeon", "--format", "pdf", "--paper", "letter", "--booklet"])
    assert result.exit_code == 0, result.output
    booklet = PdfReader(fixture_project / "output/pocket-dungeon/rules/rulebook-letter-booklet.pdf")
    assert (float(booklet.pages[0].mediabox.width), float(booklet.pages[0].mediabox.height)) == (792, 612)
    wrong = runner.invoke(app, ["rules", "pocket-dungeon", "--format", "pdf", "--paper", "a5"])
    assert wrong.exit_code == 2 and "Traceback" not in wrong.output


def test_a_booklet_a_page_or_two_over_whole_sheets_is_set_a_little_tighter_to_save_a_sheet(tmp_path):
    """The ninth proofreading: Saucer Escape's Letter booklet and 2200's ran a page over whole sheets and ended with
    three Notes pages. Set again with the body's leading a little tighter (TIGHT_LEADING), each loses that page:
    Saucer Escape's folds into 4 sheets with no Notes page, 2200's into 10 (40 pages, a saddle stitch's most). The
    twelfth: with section 7's picture floating, Saucer Escape's ran two pages over; tighter, it still folds into 4."""
    from helpers import validated

    from pnp.render.rulebook import rulebook_pdf

    for game_id, sheets in (("saucer-escape", 4), ("2200-escaping-earth", 10)):
        path = tmp_path / f"{game_id}.pdf"
        rulebook_pdf(validated(game_id), None, "letter", path, booklet=True)
        sides = [page.extract_text() for page in PdfReader(path).pages]
        assert len(sides) == 2 * sheets, game_id
        assert sum(len(re.findall(r"(?m)^Notes$", text)) for text in sides) <= 2, game_id


def test_a_booklets_folio_stands_clear_of_a_caption_at_the_frames_foot(tmp_path):
    """The twelfth and thirteenth proofreadings: Escape Master's set-up caption, at the foot of a booklet page,
    ended 2 mm over the folio. A booklet's folio stands at 7 mm (PRINT.md's safe area is 5 mm), a book's at 10."""
    from helpers import booklet_page_texts
    from reportlab.lib.units import mm

    from pnp.render.rulebook import FOLIO_BOOKLET

    booklet_page_texts("escape-master", "a4", tmp_path)
    page = next(p for p in PdfReader(tmp_path / "escape-master-a4-pages.pdf").pages
                if "A table of two ready to play" in p.extract_text())
    seen = []
    page.extract_text(visitor_text=lambda text, cm, tm, font, size: seen.append((tm[5] * cm[3] + cm[5], text)))
    folio = [y for y, text in seen if re.search(r"page \d+", text)]
    caption = [y for y, text in seen if "yellow rules" in text]
    assert folio and abs(folio[0] - FOLIO_BOOKLET) < 1 and FOLIO_BOOKLET >= 5 * mm
    assert caption and caption[0] - folio[0] >= 6 * mm  # baselines 6 mm apart: 4 mm of white between them
