"""The PDF rulebook set as a publisher sets it (issue 18): a heading never ends a page, it keeps with what it
heads. Checked by recording, page by page, what the layout places: the last thing on a page is never a heading."""
import pytest
from helpers import REAL_GAMES, validated
from reportlab.platypus import Paragraph
from reportlab.platypus.frames import Frame

from pnp.render.rulebook import Heading, rulebook_pdf


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_no_heading_sits_alone_at_the_foot_of_a_page(game_id, paper, monkeypatch, tmp_path):
    placed = []  # (page, the flowable) in the order the last layout pass placed them
    add = Frame.add

    def recording(frame, flowable, canv, trySplit=0):
        done = add(frame, flowable, canv, trySplit)
        if done:
            placed.append((canv.getPageNumber(), flowable))
        return done

    monkeypatch.setattr(Frame, "add", recording)
    rulebook_pdf(validated(game_id), None, paper, tmp_path / "rulebook.pdf")
    last_pass = placed[max(i for i, (page, _) in enumerate(placed) if page == 1 and (i == 0 or placed[i - 1][0] != 1)):]
    last_on_page = {}
    for page, flowable in last_pass:
        last_on_page[page] = flowable
    alone = [(page, f.plain) for page, f in last_on_page.items() if isinstance(f, Heading)]
    assert not alone, f"headings at the foot of a page: {alone}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_no_paragraph_leaves_a_widow_or_an_orphan(game_id, paper, monkeypatch, tmp_path):
    """A paragraph that runs on to the next page or column keeps at least two lines on each side of the break: no
    first line alone at the foot of a page (an orphan), no last line alone at the head of the next (a widow)."""
    splits = []  # (lines before the break, lines after it) of every paragraph the layout split
    split = Paragraph.split

    def recording(paragraph, width, height):
        parts = split(paragraph, width, height)
        if len(parts) == 2:
            lines = len(paragraph.blPara.lines)
            before = len(parts[0].blPara.lines)
            splits.append((before, lines - before))
        return parts

    monkeypatch.setattr(Paragraph, "split", recording)
    rulebook_pdf(validated(game_id), None, paper, tmp_path / "rulebook.pdf")
    lonely = [s for s in splits if min(s) < 2]
    assert not lonely, f"paragraphs split with a line alone (lines before, after): {lonely}"
