"""Rulebook figures and the card reference, legible and complete (issue 18):

- every word a card's face prints appears in that card's entry of the card reference, in md, html, json and the
  PDF's text list alike (2200's item stats, Escort Service's actions were missing);
- no text in a rulebook prints under 6 pt: measured in the PDF itself (font size x text matrix x CTM, form
  XObjects included), figures, sheets and card pictures all;
- no page is left half empty before a figure that would have fit, smaller but still legible, in the space left."""
import html
import json
import re

import pytest
from helpers import REAL_GAMES, validated
from reportlab.platypus import KeepTogether

from pnp.checks.preflight import small_texts
from pnp.core.limits import MIN_TEXT_SIZE
from pnp.render.backend import RecordingBackend
from pnp.render.card_facts import printed_facts
from pnp.render.cards import draw_face
from pnp.render.fonts import register_all
from pnp.render.legibility import smallest_text
from pnp.render.rulebook import (
    KeepWithPicture,
    Picture,
    pictures,
    rulebook_pdf,
)
from pnp.render.rulebook_cards import card_rows
from pnp.rules.export import export_text
from pnp.rules.tree import build_reference
from pnp.text.fonts import string_width

LEGIBLE = MIN_TEXT_SIZE


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", html.unescape(str(text)).lower()))


def face_words(project, face) -> set[str]:
    """Every word the face draws, recorded from the drawing itself."""
    backend = RecordingBackend()
    draw_face(backend, face, project.layout, project.game.emblems, 0, 0)
    return words(" ".join(backend.texts()))


def printed_words(project, record) -> set[str]:
    found = face_words(project, project.faces.fronts[record.card.id])
    if record.back is not None:  # a double-sided card: its second face is the card's too
        found |= face_words(project, project.faces.backs[record.card.id])
    return found


def md_entries(text: str) -> dict[str, str]:
    return {m.group(1): m.group(0) for m in re.finditer(r'^\| <a id="card-([^"]+)"></a>.*$', text, re.MULTILINE)}


def html_entries(text: str) -> dict[str, str]:
    return {m.group(1): re.sub(r"<[^>]+>", " ", m.group(0)) for m in re.finditer(r'<tr id="card-([^"]+)">.*?</tr>', text, re.DOTALL)}


def json_entries(text: str) -> dict[str, str]:
    return {c["id"]: " ".join(str(c[k]) for k in ("name", "kind", "count", "text")) for c in json.loads(text)["cards"]}


def pdf_entries(project) -> dict[str, str]:
    """The PDF card reference's entries: each card's row of its deck's table (name and text), as the rulebook sets
    it; a row several cards share (a suit's ranks) is each one's entry."""
    register_all()
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    found = {}
    for deck in project.game.decks.values():
        for row in card_rows(deck.cards, ref, project.game):
            for record in row["records"]:
                found[record.card.id] = f"{row['name']} {row['text']}"
    return found


@pytest.mark.parametrize("game_id", [g for g in REAL_GAMES if validated(g).game.decks])
def test_the_card_reference_states_every_word_a_face_prints(game_id):
    project = validated(game_id)
    def text(fmt):
        return export_text(project, fmt, card_facts=printed_facts)

    references = {"md": md_entries(text("md")), "html": html_entries(text("html")), "json": json_entries(text("json")),
                  "pdf": pdf_entries(project)}
    missing = []
    for record in project.game.cards():
        printed = printed_words(project, record)
        for fmt, entries in references.items():
            lost = printed - words(entries.get(record.card.id, ""))
            if lost:
                missing.append(f"{fmt} {record.card.id}: {sorted(lost)}")
    assert not missing, f"{len(missing)} entries leave out printed words, e.g. " + "; ".join(missing[:8])


def test_escort_actions_and_2200_item_stats_are_in_every_text_reference():
    """The two gaps issue 18 names, stated the way the player reads them."""
    escort = validated("escort-service")
    for fmt in ("md", "html", "json"):
        assert "MELEE 1; DELAY 1 to a foe; HEAT 1" in export_text(escort, fmt, card_facts=printed_facts), fmt
    earth = validated("2200-escaping-earth")
    entry = json_entries(export_text(earth, "json", card_facts=printed_facts))["missile"]
    assert {"missile", "2", "attack", "range"} <= words(entry)


def test_a_picture_is_scaled_from_what_it_draws_not_from_a_constant():
    def drawing(size):
        return lambda b: (b.save(), b.scale(0.5, 0.5), b.text(0, 0, "label", "Vera", size), b.restore())

    assert smallest_text(drawing(8)) == pytest.approx(4.0)
    frame = (400.0, 600.0)
    small = Picture((800.0, 100.0), drawing(8), 6.0 / 4.0, 1.0, frame)  # must be drawn at 1.5x: wider than the frame
    assert small.preferred() < small.least
    large = Picture((800.0, 100.0), drawing(24), 6.0 / 12.0, 1.0, frame)
    assert large.wrap(400, 600)[0] == pytest.approx(400)  # as wide as the frame, text at 6 pt exactly
    large.room = 40.0  # little space left at the foot of a page: it shrinks only while legible
    assert large.wrap(400, 40)[1] > 40


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_no_rulebook_text_prints_under_6_pt(game_id, paper, built_game):
    path = built_game(game_id) / "rules" / f"rulebook-{paper}.pdf"  # rulebook_pdf(validated(game_id), None, paper), built once
    small = small_texts(path)
    assert not small, f"{len(small)} texts under {LEGIBLE} pt, e.g. {[t.format() for t in small[:10]]}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", [g for g in REAL_GAMES if validated(g).game.sheets or validated(g).game.plugin.figures])
def test_no_half_empty_page_before_a_figure_that_would_fit_there(game_id, paper, monkeypatch, tmp_path):
    from reportlab.platypus.flowables import _listWrapOn

    sent_on = []  # (page, space left, frame height, least height of the group) for each figure moved to the next page
    split = KeepWithPicture.split

    def recording(self, aW, aH):
        parts = split(self, aW, aH)
        if self._H > aH:  # it does not fit the space left: the layout moves it on
            others = [f for f in self._content if not isinstance(f, Picture)]
            least = _listWrapOn(others, aW, self.canv)[1] + sum(p.least_height() for p in self._content if isinstance(p, Picture))
            sent_on.append((self.canv.getPageNumber(), aH, self._frame._height, least))
        return parts

    monkeypatch.setattr(KeepWithPicture, "split", recording)
    rulebook_pdf(validated(game_id), None, paper, tmp_path / "rulebook.pdf")
    assert sent_on or validated(game_id).game.sheets, "no figure was ever measured against the space left"
    wasted = [(page, round(left), round(least)) for page, left, height, least in sent_on
              if left > height / 2 and least <= left - 4]
    assert not wasted, f"pages left half empty though the figure fitted there legibly: {wasted}"


def test_a_figure_shrinks_into_the_foot_of_a_page_while_legible_and_moves_on_when_it_cannot(tmp_path):
    """A page 60 % full, then a figure that is 500 pt tall at full width: it takes the 40 % left, smaller, when its
    text stays at 6 pt there; with text too small to shrink, it goes to the next page instead."""
    from reportlab.platypus import SimpleDocTemplate, Spacer

    def placed_on(label_size):
        pages = []
        picture = Picture((400.0, 500.0), lambda b: b.text(0, 0, "label", "Vera", label_size),
                          6.0 / label_size, 1.0, (400.0, 700.0))
        original = picture.draw
        picture.draw = lambda: (pages.append(picture.canv.getPageNumber()), original())
        doc = SimpleDocTemplate(str(tmp_path / "doc.pdf"), pagesize=(440, 760), leftMargin=20, rightMargin=20,
                                topMargin=30, bottomMargin=30)
        register_all()
        doc.build([Spacer(400, 420), KeepWithPicture([Spacer(400, 10), picture])])
        return pages[0], picture.scale_by

    page, scale = placed_on(24.0)  # 6 pt at a quarter size: it fits the 270 pt left at about half size
    assert page == 1 and 6.0 / 24.0 <= scale < 1.0
    page, scale = placed_on(7.0)  # at 270/500 its text would print at 3.8 pt: on to the next page, full size
    assert page == 2 and scale == pytest.approx(1.0)


def _wide_picture_with_words():
    """A drawing 1600 x 150 pt with lines of 8 pt words across it: at 6 pt it is 1200 pt wide, too wide for a
    400 x 700 pt frame."""
    register_all()
    line = "Cleared zones go to the gold pile and items to the shop"

    def draw(backend):
        backend.rect(0, 0, 1600, 150, stroke="#000000")
        for row in range(3):
            x = 10.0
            while x < 1500:
                backend.text(x, 20 + row * 45, line, "Vera", 8)
                x += string_width(line, "Vera", 8) + 14
    return (1600.0, 150.0), draw


def _laid_out(flow, tmp_path):
    """Each flowable's page, and what the Pictures drew, laid out in a 440 x 760 pt page (400 x 700 frame)."""
    from reportlab.platypus import SimpleDocTemplate

    pages = {}
    for item in flow:
        for part in item._content if isinstance(item, KeepTogether) else [item]:
            original = part.draw
            part.draw = (lambda p, o: lambda: (pages.setdefault(id(p), p.canv.getPageNumber()), o()))(part, original)
    register_all()
    SimpleDocTemplate(str(tmp_path / "doc.pdf"), pagesize=(440, 760), leftMargin=20, rightMargin=20, topMargin=30,
                      bottomMargin=30).build(list(flow))
    return pages


def test_a_picture_too_wide_to_read_is_drawn_whole_scaled_to_the_frame_never_cut(tmp_path):
    """No "Detail N of M" crops: a drawing that cannot be legible whole in the frame is one picture of the whole,
    scaled to fit, its words too small to print left off rather than cut at a crop's edge or printed under 6 pt."""
    natural, draw = _wide_picture_with_words()
    flow = pictures(natural, draw, (400.0, 700.0), pad=8)
    assert len(flow) == 1 and isinstance(flow[0], Picture)
    (picture,) = flow
    width, height = picture.wrap(400.0, 700.0)
    assert width <= 400.0 + 1e-6 and picture.scale_by < picture.least  # the whole, smaller than legible
    pages = _laid_out(flow, tmp_path)
    assert pages[id(picture)] == 1
    assert not small_texts(tmp_path / "doc.pdf")  # its words under 6 pt left off, not printed
