"""The PDF rulebook set as a publisher sets it (issue 18): a heading never ends a page, it keeps with what it
heads. Checked by recording, page by page, what the layout places: the last thing on a page is never a heading."""
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from helpers import REAL_GAMES, validated
from reportlab.platypus import Paragraph
from reportlab.platypus.frames import Frame

from pnp.render.rulebook import Heading, rulebook_pdf
from pnp.text.typography import typeset


@lru_cache(maxsize=None)
def _set(game_id: str, paper: str) -> tuple[list, list]:
    """The rulebook set once for both tests, with what its layout did recorded: (page, the flowable) in the order
    the layout placed them, and (lines before the break, lines after it) of every paragraph the layout split.
    Both recorders only watch: they change nothing the layout does."""
    placed, splits = [], []
    add, split = Frame.add, Paragraph.split

    def adding(frame, flowable, canv, trySplit=0):
        done = add(frame, flowable, canv, trySplit)
        if done:
            placed.append((canv.getPageNumber(), flowable))
        return done

    def splitting(paragraph, width, height):
        parts = split(paragraph, width, height)
        if len(parts) == 2:
            lines = len(paragraph.blPara.lines)
            before = len(parts[0].blPara.lines)
            splits.append((before, lines - before))
        return parts

    with pytest.MonkeyPatch.context() as patch, tempfile.TemporaryDirectory(prefix="pnp-typeset-") as folder:
        patch.setattr(Frame, "add", adding)
        patch.setattr(Paragraph, "split", splitting)
        rulebook_pdf(validated(game_id), None, paper, Path(folder) / "rulebook.pdf")
        _files[game_id, paper] = (Path(folder) / "rulebook.pdf").read_bytes()
    return placed, splits


_files: dict[tuple[str, str], bytes] = {}  # the rulebooks _set made


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_the_contents_gives_each_heading_the_page_it_is_set_on(game_id, paper):
    """The book is set in one pass, its page numbers filled in at the end: each line of the contents, as printed,
    names a heading in the order the book sets them, with the page the layout put it on; its bookmark and its link
    lead to that page."""
    import io
    import re

    from pypdf import PdfReader

    placed, _ = _set(game_id, paper)
    set_on = [(typeset(f.plain), page) for page, f in placed if isinstance(f, Heading)]  # as printed: "enemy’s"
    book = PdfReader(io.BytesIO(_files[game_id, paper]))
    contents_pages = [page for page in book.pages[:4] if "Contents" in page.extract_text()]
    printed = "\n".join(page.extract_text() for page in contents_pages)
    # a line prints as its leader and number, then its title (the leader is drawn first)
    lines = re.findall(r"(?:\s*\.)+\s*(\d+)\n(.+)", printed)
    titles = {title for title, _ in set_on}  # the rules may start under the contents, on their page: not lines of it
    assert [(title.strip(), int(number)) for number, title in lines if title.strip() in titles] == set_on
    outline = [(item.title, book.get_destination_page_number(item) + 1) for item in _flat(book.outline)]
    assert outline == set_on
    links = [annot.get_object() for page in contents_pages for annot in page.get("/Annots", [])]
    targets = [book.get_destination_page_number(book.named_destinations[link["/Dest"]]) + 1 if isinstance(link["/Dest"], str)
               else book.get_page_number(link["/Dest"][0].get_object()) + 1 for link in links]
    # every heading's page is a link's target (the rules started under the contents link on to pages of their own)
    assert {page for _, page in set_on} <= set(targets)


def _flat(outline):
    for item in outline:
        if isinstance(item, list):
            yield from _flat(item)
        else:
            yield item


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_no_heading_sits_alone_at_the_foot_of_a_page(game_id, paper):
    placed, _ = _set(game_id, paper)  # in the order the last layout pass placed them
    last_pass = placed[max(i for i, (page, _) in enumerate(placed) if page == 1 and (i == 0 or placed[i - 1][0] != 1)):]
    last_on_page = {}
    for page, flowable in last_pass:
        last_on_page[page] = flowable
    alone = [(page, f.plain) for page, f in last_on_page.items() if isinstance(f, Heading)]
    assert not alone, f"headings at the foot of a page: {alone}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_no_paragraph_leaves_a_widow_or_an_orphan(game_id, paper):
    """A paragraph that runs on to the next page or column keeps at least two lines on each side of the break: no
    first line alone at the foot of a page (an orphan), no last line alone at the head of the next (a widow)."""
    _, splits = _set(game_id, paper)  # (lines before the break, lines after it) of every paragraph the layout split
    lonely = [s for s in splits if min(s) < 2]
    assert not lonely, f"paragraphs split with a line alone (lines before, after): {lonely}"
