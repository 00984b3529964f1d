"""The rulebook's compact card reference as a proofreader reads it (issue 35): callout marks that cover no printed
word of their card, a deck's table that repeats its header only at the top of a new page, labels a player would
say (game.yaml's rulebook: labels:), sentences that start with a capital, each printed fact said once, thumbnails
that show a card, examples set two across."""
import re

import pytest
from helpers import REAL_GAMES, validated
from pypdf import PdfReader

from pnp.render.backend import RecordingBackend
from pnp.render.book_type import book_styles
from pnp.render.card_facts import printed_facts, said_once
from pnp.render.cards import draw_face, face_size
from pnp.render.rulebook import rulebook_pdf
from pnp.render.rulebook_cards import AnnotatedCard, Part, _examples, card_reference, card_rows, example_rows, labels_of, looks_matter, place_badges
from pnp.rules.card_words import capitalised, card_text, kind_name
from pnp.rules.tree import build_reference

CARD_GAMES = [g for g in REAL_GAMES if validated(g).game.decks]
A4_FRAME = 210 * 72 / 25.4 - 2 * 18 * 72 / 25.4  # the rulebook's A4 text width: 18 mm margins


def examples_of(game_id: str) -> list[AnnotatedCard]:
    """Every annotated example card of a game's card reference, as the A4 book sets them."""
    project = validated(game_id)
    ref = build_reference(project.game)
    shown = {c.card.id for c in ref.cards()}
    pictured: set[str] = set()
    return [example for deck in project.game.decks.values()
            for example in _examples(project, [r for r in deck.cards if r.card.id in shown], pictured, A4_FRAME)]


def words_drawn(project, face) -> list[tuple[float, float, float, float]]:
    """Each word the face prints, as the recording backend measures it when the whole face is drawn, in points
    from the trim's bottom-left corner."""
    pen = RecordingBackend()
    bleed = face_size(face, project.layout).bleed
    draw_face(pen, face, project.layout, project.game.emblems, -bleed, -bleed)
    return [(d.x0, d.y0, d.x1, d.y1) for d in pen.drawn if d.kind == "text"]


def overlaps(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0


def on_segment(start, end, steps=40):
    return [(start[0] + (end[0] - start[0]) * t / steps, start[1] + (end[1] - start[1]) * t / steps)
            for t in range(steps + 1)]


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_no_callout_mark_covers_a_printed_word_of_its_card(game_id):
    project = validated(game_id)
    for example in examples_of(game_id):
        words = words_drawn(project, example.face)
        radius = 4.6 / example.scale_by  # the badge as printed, at the card's own size
        assert example.badges, example.caption
        for badge in example.badges:
            mark = (badge.x - radius, badge.y - radius, badge.x + radius, badge.y + radius)
            covered = [w for w in words if overlaps(mark, w)]
            assert not covered, (example.caption, badge.label, covered)
            if badge.leader_to is not None:
                crossed = [w for w in words for x, y in on_segment((example.size.width, badge.y), badge.leader_to)
                           if w[0] < x < w[2] and w[1] < y < w[3]]
                assert not crossed, (example.caption, badge.label)


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_callout_badges_never_overlap_one_another(game_id):
    for example in examples_of(game_id):
        radius = 4.6 / example.scale_by
        for i, a in enumerate(example.badges):
            for b in example.badges[i + 1:]:
                assert ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 >= 2 * radius, (example.caption, a.label, b.label)


def test_a_part_with_words_all_round_gets_its_badge_in_the_margin_without_a_line_through_words():
    part = Part("Name", 40, 45, 60, 55)  # a word, with words above, below and on each side of it
    words = [(0, 0, 100, 45), (0, 55, 100, 100), (0, 45, 40, 55), (40, 45, 60, 55), (60, 45, 100, 55)]
    badge, = place_badges([part], words, 100, 100, 4)
    assert badge.x > 100 and badge.leader_to is None  # a line to the part would cross the words on its right
    lanes = [(60, 45, 100, 47), (60, 53, 100, 55)]  # a lane on its right too narrow for a badge, not for a line
    badge, = place_badges([part], words[:4] + lanes, 100, 100, 4)
    assert badge.x > 100 and badge.leader_to == pytest.approx((61.2, 50))  # along the lane, to the part's edge


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    built = {}

    def book(game_id):
        if game_id not in built:
            built[game_id] = tmp_path_factory.mktemp("cards") / f"{game_id}.pdf"
            rulebook_pdf(validated(game_id), None, "a4", built[game_id])
        return built[game_id]

    return book


TABLE_HEADER = re.compile(r"^Card\n×\nText$", re.MULTILINE)


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_each_deck_table_repeats_its_header_only_at_the_top_of_a_new_page(game_id, books):
    project = validated(game_id)
    decks = [f"{deck.model.name} (" for deck in project.game.decks.values()]
    for number, page in enumerate(PdfReader(books(game_id)).pages, 1):
        text = page.extract_text() or ""
        headers = len(TABLE_HEADER.findall(text))
        starting = sum(1 for line in text.splitlines() if any(line.startswith(d) for d in decks))
        # each table that starts on the page brings its header; one running on from the page before repeats it once
        assert headers <= starting + 1, (number, headers, starting)


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_each_deck_is_one_table_that_repeats_its_header_row(game_id):
    from reportlab.platypus import Table

    from pnp.render.fonts import register_all

    register_all()  # the tables are measured as the reference is made: the book's fonts must be known
    project = validated(game_id)
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    flow = card_reference(project, ref, book_styles(), A4_FRAME)
    flow = [part for f in flow for part in getattr(f, "_content", [f])]  # the decks' flow (CardReferenceFlow)
    tables = [f for f in flow if isinstance(f, Table)]
    shown = {c.card.id for c in ref.cards()}
    assert len(tables) == sum(1 for d in project.game.decks.values() if any(r.card.id in shown for r in d.cards))
    assert all(t.repeatRows == 1 for t in tables)


LABEL_GAMES = {"2200-escaping-earth", "escort-service", "escape-master", "stranded"}


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_every_kind_and_part_label_is_named_by_the_game_as_a_player_says_it(game_id):
    project = validated(game_id)
    labels = labels_of(project.game)
    named = set(labels.values())
    for example in examples_of(game_id):
        kind = example.caption.split(" card: ")[0]
        for label in [kind] + [b.label for b in example.badges]:
            assert "." not in label and "_" not in label, (example.caption, label)
            assert any(f"Example {name}" == kind or name == label for name in named), (example.caption, label)
    ref = build_reference(project.game)
    for record in project.game.cards():
        for card in (record.card, record.back):
            if card is not None and card.id in {c.card.id for c in ref.cards()}:
                assert kind_name(card.kind, labels) in named, card.kind


def test_stranded_says_sol_and_danger_as_its_book_does(books):
    text = " ".join(page.extract_text() or "" for page in PdfReader(books("stranded")).pages)
    assert "Example Sol card" in text and "Example Danger card" in text
    for code_like in ("Step card", "Endangerment", "Deck kind", "Destroy note", "Knowledge flavor"):
        assert code_like not in text, code_like


def test_escort_service_names_its_parts_in_words(books):
    text = " ".join(page.extract_text() or "" for page in PdfReader(books("escort-service")).pages)
    for code_like in ("Flip note", "Elite note", "Slot note", "Deck name"):
        assert code_like not in text, code_like
    assert "When to flip it" in text


# a sentence's start after a stop: a stop after an abbreviation ("Min. deck size 7") ends no sentence
NEXT_SENTENCE = re.compile(r"(?<!\bMin)(?<!\bMax)[.!?]\s+(\S)")


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_every_sentence_of_the_card_tables_starts_with_a_capital(game_id):
    project = validated(game_id)
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    for deck in project.game.decks.values():
        for row in card_rows(deck.cards, ref, project.game):
            text = row["text"]
            starts = [text.lstrip()[:1]] + NEXT_SENTENCE.findall(text)
            assert not any(start.islower() for start in starts), (row["name"], text)


def test_an_escort_action_line_starting_a_sentence_is_capitalised():
    project = validated("escort-service")
    record = next(r for r in project.game.cards() if r.card.id == "warrior-brace")
    text = card_text(record, printed_facts(project)[record.card.id])
    assert text.startswith("SHIELD to self; HEAT 1. Warrior starting deck.")


def test_a_sentence_start_is_capitalised_but_a_printed_mark_is_not():
    assert capitalised("an ally gains Shield") == "An ally gains Shield"
    assert capitalised("x2: it hits 2 times") == "x2: it hits 2 times"
    assert capitalised("+1 health") == "+1 health"


def test_a_fact_said_word_for_word_inside_another_is_dropped():
    assert said_once(["Ranged", "Ranged: also attacks you", "Health 12"]) == ["Ranged: also attacks you", "Health 12"]
    assert said_once(["Laser attack 1", "Costs 2 gold"]) == ["Laser attack 1", "Costs 2 gold"]


def test_2200_rows_say_each_printed_fact_once():
    project = validated("2200-escaping-earth")
    facts = printed_facts(project)
    pendulum = " ".join(facts["power-of-the-pendulum"]["front"]).lower()
    assert "assault mode" not in pendulum  # its text says each mode already
    rockets = facts["ground-1-slag-flats"]["back"]
    assert "Missile attack 1, ×2" in rockets and not any("hits 2 times" in f for f in rockets)  # "Fire twice"
    assert not any("BLUEPRINT" in f for f in facts["ground-1-excavator-prime"]["back"])  # its text keeps it
    guide = facts["symbol-guide-1"]["front"]
    assert guide[0] == "Ranged: also attacks you from a neighboring Zone" and "Ranged" not in guide
    assert len(guide) == 6  # a sentence an ability, its name said once


def test_a_card_whose_face_prints_only_words_has_no_thumbnail():
    project = validated("escape-master")
    records = {r.card.id: r for r in project.game.cards()}
    guide = next(r for r in records.values() if r.card.kind == "quick_guide")
    assert guide.card.art and not looks_matter(project, guide)  # its art is not on its face: an empty frame
    assert looks_matter(project, records["average-joes-1"])


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_examples_stand_two_across_where_two_fit(game_id):
    examples = examples_of(game_id)
    rows = example_rows(examples, A4_FRAME)
    for row in rows:
        assert sum(e.width for e in row.examples) <= A4_FRAME
    if len(examples) > 1:
        assert any(len(row.examples) == 2 for row in rows)
    singles = [row.examples[0] for row in rows if len(row.examples) == 1]
    assert len(singles) <= 1 + sum(1 for e in examples if e.card_w * 2 > A4_FRAME), [e.caption for e in singles]


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_two_examples_side_by_side_keep_their_captions_apart_over_their_own_cards(game_id):
    """Issue 35 (second proofreading): "Example Escape Leader card: Hattie Plowright Example Story card: Hidden
    Cellar" read as one line. Each caption is broken to its example's width and the examples stand apart."""
    from pnp.render.rulebook_cards import CALLOUT_GAP, CALLOUT_PT
    from pnp.text.fonts import DEFAULT_FAMILY, string_width

    half = 124 * 72 / 25.4  # the A5 booklet page's text width
    for width in (A4_FRAME, half):
        for row in example_rows(examples_of(game_id), width):
            row.wrap(width, 1e6)
            for example in row.examples:
                assert all(string_width(line, DEFAULT_FAMILY["italic"], CALLOUT_PT) <= example.width + 0.01
                           for line in example.caption_lines), example.caption
                assert " ".join(example.caption_lines) == example.caption
            if len(row.examples) == 2:
                gap = (width - sum(e.width for e in row.examples)) / 2
                assert gap >= CALLOUT_GAP / 2, [e.caption for e in row.examples]
                assert row.examples[0].caption_h == row.examples[1].caption_h  # the cards stand level


def test_lone_examples_one_under_another_share_a_left_edge():
    """The seventeenth proofreading: in Stranded's A4 booklet the Danger card example and the Aging card example,
    each alone on its row and of two widths, were each centred, their cards' left edges 10 mm apart. Lone
    examples in a run stand as one column, centred on the widest."""
    half = 124 * 72 / 25.4  # the A5 booklet page's text width
    rows = example_rows(examples_of("stranded"), half)
    lefts = []
    for row in rows:
        row.wrap(half, 1e6)
        drawn = []
        for example in row.examples:
            example.drawOn = lambda canvas, x, y, drawn=drawn: drawn.append(x)
        row.canv = None
        row.draw()
        lefts.append((len(row.examples), drawn[0], row.examples[0].width))
    lone = [(x, width) for count, x, width in lefts if count == 1]
    assert len(lone) >= 2 and len({width for _, width in lone}) > 1, lefts  # two lone examples of two widths...
    assert len({round(x, 3) for x, _ in lone}) == 1, lefts  # ...at one left edge


def test_a_long_caption_breaks_between_words_within_its_width():
    from pnp.render.rulebook_cards import caption_lines

    lines = caption_lines("Example Escape Leader card: Hattie Plowright", "VeraIt", 8, 100)
    assert len(lines) > 1 and " ".join(lines) == "Example Escape Leader card: Hattie Plowright"
    # a card's name is never broken where it fits a line of its own ("The Long / Night": the fifth proofreading)
    lines = caption_lines("Example Final Chapter card: The Long Night", "VeraIt", 8, 130)
    assert lines[-1] == "The Long Night" and " ".join(lines) == "Example Final Chapter card: The Long Night"


def test_strandeds_danger_rows_say_each_danger_once_and_a_line_for_each_knowledge_side():
    """The three Dust Devils are one danger with three knowledge sides: the table says the danger (its free cards,
    values and flavour) once and each card's knowledge side on a line of its own, not the danger three times (the
    fourth proofreading). Each card keeps its own link target."""
    project = validated("stranded")
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    dangers = [r for r in project.game.cards() if r.card.knowledge is not None]
    assert len(dangers) > 20
    rows = card_rows(dangers, ref, project.game)
    assert len(rows) == len({r.card.name for r in dangers}) < len(dangers)
    for row in rows:
        danger, *sides = row["text"].split("\n")
        cards = [r.card for r in row["records"]]
        assert len(sides) == len(cards) and row["count_text"] == str(sum(c.count for c in cards))
        assert "knowledge side" not in danger.lower() and danger.count(f"{cards[0].free} free card") == 1, danger
        assert "Fighting value" not in danger, danger  # a knowledge side's value, never the danger's
        flavour = " ".join(cards[0].flavor.split())
        assert flavour in danger
        for card, side in zip(cards, sides):
            knowledge = card.knowledge
            # one pattern for every line: the knowledge side named first, its value after what it does
            assert side.startswith(f"Knowledge side: {knowledge.name}. ") and side.count(knowledge.name) == 1, side
            assert f"Fighting value {knowledge.value}." in side and "free card;" not in side
            assert " ".join(knowledge.flavor.split()) in side and flavour not in side


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_every_tables_flavour_stands_last_in_italics_after_the_rules(game_id):
    from pnp.content.words import say

    project = validated(game_id)
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    flavoured = 0
    for deck in project.game.decks.values():
        for row in card_rows(deck.cards, ref, project.game):
            card = row["records"][0].card
            if card.flavor and card.flavor.strip() and " ".join(card.flavor.split()) not in card.text:
                flavoured += 1
                text = row["text"].replace("\\", "")
                start = text.find(f"*{' '.join(card.flavor.split())}")
                end = text.find("*", start + 1) + 1
                assert start >= 0 and end > start, text
                # its side's last words: the cell's, its line's (a danger said once over its knowledge sides), or
                # those before the back's ("Back: Twin Rockets ...")
                after = text[end:].lstrip(" ")
                assert after.strip() == "" or after.startswith(("\n", say(project.game, "back"))), text
    assert flavoured


def test_strandeds_flavour_is_set_in_italics_at_the_end_of_its_cell():
    from reportlab.platypus import Paragraph

    from pnp.render.fonts import register_all
    from pnp.render.rulebook_cards import _card_table

    register_all()
    project = validated("stranded")
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    styles = book_styles()
    records = [r for r in project.game.cards() if r.card.id == "tired"]
    table, _, _ = _card_table(project, ref, records, styles, A4_FRAME)
    cell = next(c for c in table._cellvalues[1] if isinstance(c, Paragraph) and "Fighting value" in c.text)
    cell.wrap(A4_FRAME * 0.6, 1e6)
    words = [(w.fontName, w.text) for line in cell.blPara.lines for w in line.words]  # as set, font by font
    italic = styles["caption"].fontName  # the book's italic
    flavour = " ".join(t for f, t in words if f == italic)
    rules = " ".join(t for f, t in words if f != italic)
    flavour, rules = flavour.replace("\u00a0", " "), rules.replace("\u00a0", " ")  # a number kept with its word
    assert " ".join(flavour.split()) == "Sol 1. Or is it Sol 2?" and "Or is it" not in rules
    assert words[-1][0] == italic  # last in the cell, after "After a lost fight: destroy it for 1 life"
    assert "Fighting value 0" in rules and "destroy it for 1 life" in rules


def test_a_picture_every_card_of_its_deck_shares_is_no_thumbnail():
    """Stranded's seven starting cards all draw one astronaut: a small picture of each says nothing its row does not
    (the third proofreading: "table thumbnails are blank"). Escort Service's seven enemies each draw their own."""
    stranded = validated("stranded")
    starting = stranded.game.decks["starting"].cards
    assert len({r.card.art for r in starting}) == 1
    assert not any(looks_matter(stranded, r, starting) for r in starting)
    escort = validated("escort-service")
    enemies = escort.game.decks["enemies"].cards
    assert all(looks_matter(escort, r, enemies) for r in enemies)


def test_a_sentence_every_row_of_a_table_says_is_said_once_above_it():
    """Escort Service's basic enemies all say "After it acts, flip this card." (the third proofreading: "every row
    repeats"): the table says it once, above its rows, and no row says it again; a flavour line is never shared."""
    from pnp.render.rulebook_cards import shared_sentences, without_sentences

    rows = ["Health 5. Melee 2. After it acts, flip this card. *Big.* Back: Melee 1.",
            "Health 2. After it acts, flip this card. *Big.*", "After it acts, flip this card. Health 3. *Big.*"]
    assert shared_sentences(rows, "Back:") == ["After it acts, flip this card."]
    assert [without_sentences(r, ["After it acts, flip this card."]) for r in rows] == [
        "Health 5. Melee 2. *Big.* Back: Melee 1.", "Health 2. *Big.*", "Health 3. *Big.*"]
    assert shared_sentences(rows[:2], "Back:") == []  # two rows: said on each
    headed = ["Ability. Take one. Beast Mode. Run.", "Ability. Give two. Beast Mode. Hide.", "Ability. Beast Mode."]
    assert shared_sentences(headed, "Back:") == []  # a text block's heading ("Ability.") is no sentence to share
    starters = ["MOVE 2. A STARTER.", "Laser attack 1. A STARTER.", "A SYSTEM. A STARTER."]  # 2200's starters
    assert shared_sentences(starters, "Back:") == ["A STARTER."]  # a mark in capitals is, however short
    from pnp.render.fonts import register_all
    from pnp.render.rulebook_cards import _card_table
    from pnp.rules.tree import build_reference

    register_all()
    project = validated("escort-service")
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    table, _, note = _card_table(project, ref, project.game.decks["enemies"].cards, book_styles(), 480)
    assert "flip this card" in note.text
    assert not any("flip this card" in cell.text for row in table._cellvalues[1:] for cell in row
                   if hasattr(cell, "text"))


def test_a_two_digit_callout_stands_on_a_pill_as_wide_as_its_digits():
    """Stranded's danger example has ten parts: "10" spilled out of its disc (the fifth proofreading)."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.fonts import register_all
    from pnp.render.rulebook_cards import BADGE_PT, BADGE_R
    from pnp.text.fonts import DEFAULT_FAMILY, string_width

    register_all()
    drawn = []

    class Recording(Canvas):
        def roundRect(self, x, y, width, height, radius, stroke=1, fill=0):
            drawn.append(("pill", width))

        def circle(self, x, y, r, stroke=1, fill=0):
            drawn.append(("disc", 2 * r))

    example = AnnotatedCard.__new__(AnnotatedCard)
    example.canv = Recording("/dev/null")
    example._badge(0, 0, 4)
    example._badge(0, 0, 10)
    assert drawn[0] == ("disc", 2 * BADGE_R) and drawn[1][0] == "pill"
    assert drawn[1][1] >= string_width("10", DEFAULT_FAMILY["bold"], BADGE_PT) + 2


def test_a_table_never_carries_one_row_alone_over_a_page():
    """Stranded's booklet carried "Spare Parts" alone under "Starting fighting cards (continued)" (the sixth and
    seventh proofreadings): the row before it goes over too."""
    from reportlab.platypus import Table

    from pnp.render.rulebook_cards import _split_table

    table = Table([["Card", "Text"]] + [[f"row {n}", "text"] for n in range(6)], colWidths=(100, 200), repeatRows=1)
    _, height = table.wrap(300, 1e6)
    row = height / 7
    first, rest = _split_table(table, 300, row * 6.5)  # room for the header and five rows: one would be left
    assert len(rest._cellvalues) - 1 == 2 and len(first._cellvalues) - 1 == 4
    first, rest = _split_table(table, 300, row * 4.5)  # three rows go over as they are
    assert len(rest._cellvalues) - 1 == 3


def test_a_table_split_at_a_pages_foot_runs_on_overleaf_never_on_the_room_its_split_left(tmp_path):
    """The twelfth proofreading: Escort Service's A4 booklet set "Scenarios (4 cards)" with two rows, then
    "Scenarios (continued)" with a third on the same page (a row given up so none went over alone left room for
    it), and "Scenarios (continued)" again overleaf. What runs on after a split starts the next page."""
    from helpers import booklet_page_texts

    pages = booklet_page_texts("escort-service", "a4", tmp_path)
    runs = 0
    for text in pages:
        for deck in re.findall(r"^(.+) \(continued\)$", text, re.MULTILINE):
            runs += 1
            assert text.count(f"{deck} (continued)") == 1 and not re.search(rf"^{re.escape(deck)} \(\d+ cards?\)$",
                                                                           text, re.MULTILINE), text[:300]
    assert runs  # some table does run on in this booklet


def test_a_table_of_one_row_has_no_picture_column():
    """The eighth proofreading: 2200's Static table, one row, had the only picture column of the book's small
    tables, which set its Card, × and Text columns off from every other table's. A deck of several cards keeps its
    pictures (Escort Service's enemies)."""
    from pnp.render.fonts import register_all
    from pnp.render.rulebook_cards import Thumbnail, _card_table
    from pnp.rules.tree import build_reference

    register_all()
    for game_id, deck, pictured in (("2200-escaping-earth", "statics", False), ("escort-service", "enemies", True)):
        project = validated(game_id)
        ref = build_reference(project.game)
        ref.facts = printed_facts(project)
        table, _, _ = _card_table(project, ref, project.game.decks[deck].cards, book_styles(), 480)
        cells = [cell for row in table._cellvalues[1:] for cell in row]
        assert any(isinstance(cell, Thumbnail) for cell in cells) is pictured, game_id


@pytest.mark.parametrize("game_id, columns", [("escort-service", 4), ("2200-escaping-earth", 3)])
def test_every_card_table_of_a_book_shares_one_column_grid(game_id, columns):
    """The tenth proofreading: Escort Service's Scenarios, Warlord, Hive Queen and Scrap tables had no picture column,
    so their × and Text columns stood left of the pilot decks' and the enemies'. Where at least half the tables
    picture their cards, every table has the picture column (empty where a card's look does not matter); else none
    has (2200: its one table of pictures, the Static, lost its column in the eighth)."""
    from reportlab.platypus import Table

    from pnp.render.fonts import register_all
    from pnp.rules.tree import build_reference

    register_all()
    project = validated(game_id)
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    (flow,) = card_reference(project, ref, book_styles(), 480)
    tables = [item for item in flow.items if isinstance(item, Table)]
    assert len(tables) >= 4 and {len(table._colWidths) for table in tables} == {columns}


def test_a_short_card_table_starts_only_where_it_fits_whole():
    """The tenth proofreading: Escort Service's Board table, five rows, ran three rows then two over a page turn in
    the A4 booklet. A table of SHORT_TABLE rows or fewer needs its whole height to start; a longer one its header
    and first KEPT_ROWS rows."""
    from pnp.render.fonts import register_all
    from pnp.render.rulebook_cards import SHORT_TABLE, SHORT_TABLE_H, _card_table
    from pnp.rules.tree import build_reference

    register_all()
    project = validated("escort-service")
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    for deck, short in (("board", True), ("enemies", False)):
        table, first_rows, _ = _card_table(project, ref, project.game.decks[deck].cards, book_styles(), 340)
        whole = table.wrap(340, 1e6)[1]
        assert (len(table._cellvalues) - 1 <= SHORT_TABLE and whole <= SHORT_TABLE_H) is short
        assert (first_rows == pytest.approx(whole)) is short, deck


def test_a_card_tables_copies_column_holds_its_widest_count_on_one_line():
    """The tenth proofreading: Escape Master's booklet broke "1 / each" in the × column of every tribe's row. The
    column is as wide as its widest count (8 % of the table at least)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from pnp.render.fonts import register_all
    from pnp.render.rulebook_cards import _card_table
    from pnp.rules.tree import build_reference

    register_all()
    project = validated("escape-master")
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    styles = book_styles()
    table, _, _ = _card_table(project, ref, project.game.decks["game"].cards, styles, 340)
    counts = [row[-2].getPlainText().replace("\u00a0", " ") for row in table._cellvalues[1:]]  # kept as one
    assert "1 each" in counts
    column = table._colWidths[-2]
    assert column >= stringWidth("1 each", styles["small"].fontName, styles["small"].fontSize) + 6
