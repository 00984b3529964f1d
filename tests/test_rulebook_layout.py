"""The rulebook as a publisher prints it (issue 35): a compact card reference (an annotated example per kind of
card, a table of every card), nothing spilling from the title page, credits from game.yaml, an index whose pages
are real, a turn summary, booklets that a saddle stitch holds (48 pages at most), nothing under 6 pt and no
engine identifier in any printed word."""
import re

import pytest
from helpers import REAL_GAMES, validated
from pypdf import PdfReader

from pnp.checks.preflight import small_texts
from pnp.render.card_facts import printed_facts
from pnp.render.rulebook import rulebook_pdf
from pnp.render.rulebook_back import index_terms
from pnp.render.rulebook_cards import card_rows, part_name, rank_list
from pnp.rules.tree import build_reference
from pnp.text.typography import typeset

SADDLE_STITCH_PAGES = 48  # what a stapled booklet holds, folded: 12 sheets
# A4 pages each rulebook may take: about the seed's length (2200's seed is the longest, 3870 words). Before issue 35
# they took 61, 37, 43, 11 and 26.
A4_PAGES = {"2200-escaping-earth": 28, "escape-master": 22, "escort-service": 26, "saucer-escape": 14, "stranded": 20}
# an engine's identifier printed for a player: snake_case (blue_keycard) or a word run into a number (draw3, top10)
ENGINE_WORD = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]{2,}\d+\b")


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """book(game_id, booklet=False) -> the A4 rulebook (or booklet) built once for this module."""
    built = {}

    def book(game_id, booklet=False):
        if (game_id, booklet) not in built:
            path = tmp_path_factory.mktemp("books") / f"{game_id}{'-booklet' if booklet else ''}.pdf"
            rulebook_pdf(validated(game_id), None, "a4", path, booklet)
            built[(game_id, booklet)] = path
        return built[(game_id, booklet)]

    return book


FOOTER = re.compile(r"^.*· page \d+\s*$", re.MULTILINE)  # "Title rulebook · page 3", wherever it is extracted


def page_texts(path) -> list[str]:
    """Each page's text, without its footer."""
    return [FOOTER.sub("", page.extract_text() or "").strip() for page in PdfReader(path).pages]


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_a_rulebook_is_about_the_seeds_length_and_its_booklet_fits_a_saddle_stitch(game_id, books):
    assert len(PdfReader(books(game_id)).pages) <= A4_PAGES[game_id]
    sides = len(PdfReader(books(game_id, booklet=True)).pages)  # two booklet pages to a side
    assert 2 * sides <= SADDLE_STITCH_PAGES


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_no_booklet_text_prints_under_6_pt(game_id, books):
    small = small_texts(books(game_id, booklet=True))
    assert not small, [t.format() for t in small[:5]]


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_no_engine_identifier_is_printed(game_id, books):
    found = {word for text in page_texts(books(game_id)) for word in ENGINE_WORD.findall(text)}
    assert not found, sorted(found)


def test_the_engine_word_pattern_catches_what_the_issue_found():
    assert ENGINE_WORD.findall("draw3 makes them draw 3; the top10 card; blue_keycard") == ["draw3", "top10",
                                                                                              "blue_keycard"]
    assert not ENGINE_WORD.findall("squares a1 to c3; Laser attack 1, x2; Synth Medic TA3-3M")


@pytest.mark.parametrize("game_id", [g for g in REAL_GAMES if validated(g).game.decks])
def test_the_card_tables_list_every_card_once_and_the_book_prints_every_row(game_id, books):
    project = validated(game_id)
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    text = re.sub(r"\s+", " ", " ".join(page_texts(books(game_id))))
    for deck in project.game.decks.values():
        rows = card_rows(deck.cards, ref, project.game)
        listed = [r.card.id for row in rows for r in row["records"]]
        assert sorted(listed) == sorted(r.card.id for r in deck.cards), deck.id
        for row in rows:  # as the book prints it: its typewriter marks set (pnp.text.typography)
            assert typeset(row["name"]) in text, row["name"]


def test_escape_masters_numbered_cards_share_a_row_per_tribe_naming_every_rank():
    project = validated("escape-master")
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    deck = project.game.decks["game"]
    numbered = [row for row in card_rows(deck.cards, ref, project.game) if row["records"][0].card.kind == "numbered"]
    assert len(numbered) == 6 and all(len(row["records"]) == 13 for row in numbered)
    ranks = rank_list(project.game, [r.card for r in numbered[0]["records"]])
    assert ranks.startswith("1, 2, 3, 4, 5, 6, 7, 8, 9, 10, J") and "K" in ranks
    assert ranks in numbered[0]["text"]


def test_a_callout_names_a_part_without_its_place_on_the_card():
    from pnp.layout.cards import Box

    assert part_name(Box("rank_top", "text", field="rank_label")) == "Rank"
    assert part_name(Box("pip_bottom", "art")) == "Pip"
    assert part_name(Box("title", "text", field="name")) == "Name"


@pytest.mark.parametrize("game_id", [g for g in REAL_GAMES if validated(g).game.manifest.rulebook.showcase])
def test_the_title_page_holds_its_content(game_id, books):
    project = validated(game_id)
    texts = page_texts(books(game_id, booklet=False))
    assert project.game.manifest.title.split(":")[0] in texts[0]
    assert texts[1].lstrip().startswith("Contents")  # page 2 is the contents, no card spilled onto it
    booklet = PdfReader(books(game_id, booklet=True))
    # the booklet's page 2 is the left half of its second side: it opens with the contents too
    second = FOOTER.sub("", booklet.pages[1].extract_text() or "")
    assert "Contents" in second


@pytest.mark.parametrize("game_id", [g for g in REAL_GAMES if validated(g).game.decks])
def test_a_smaller_cover_shows_some_of_a_larger_covers_cards_never_others(game_id):
    """The twelfth proofreading: Escort Service's covers showed Got Your Attention and the Bruiser (A4 and Letter),
    the Bruiser and Battle Cry (A5), Got Your Attention alone (half-letter). Each cover takes game.yaml's showcase in
    its order, every card that still reads beside those before it: a smaller cover's cards are the first of a
    larger one's."""
    from reportlab.lib.units import mm

    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook import BOOKLET_PAGES, PAPERS, CardRow, _cover

    register_all()
    project = validated(game_id)
    ref = build_reference(project.game)
    shown = []
    for (w, h), margin in [(PAPERS["a4"], 18), (BOOKLET_PAGES["a4"], 12), (BOOKLET_PAGES["letter"], 12)]:
        cover = _cover(project, ref, book_styles(), w - 2 * margin * mm, h - 2 * margin * mm)
        shown.append([p.face.card.id for row in cover.cards if isinstance(row, CardRow) for p in row.pictures])
    assert shown[0], game_id  # the A4 cover shows a card
    for larger, smaller in zip(shown, shown[1:]):
        assert smaller and all(card in larger for card in smaller), shown
    showcase = project.game.manifest.rulebook.showcase
    assert all(row == sorted(row, key=showcase.index) for row in shown)


@pytest.mark.parametrize("game_id,designer", [("2200-escaping-earth", "Jorge Zhang"), ("escape-master", "Zac Taw"),
                                              ("saucer-escape", "Peter C. Ruth II")])
def test_credits_name_the_designers_the_seed_names(game_id, designer, books):
    text = " ".join(page_texts(books(game_id)))
    assert "Credits" in text and designer in text


SUMMARY_TITLE = {"escape-master": "Play summary"}  # nobody takes turns in Escape Master (rule 4.2)


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_rulebook_has_credits_an_index_and_a_summary_on_its_last_page(game_id, books):
    texts = page_texts(books(game_id))
    assert validated(game_id).game.manifest.credits.edition
    assert any("Credits" in t for t in texts) and any(re.search(r"^\s*Index\s*$", t, re.M) for t in texts)
    assert texts[-1].lstrip().startswith(SUMMARY_TITLE.get(game_id, "Turn summary"))


def summary_text(path) -> str:
    """The summary's pages as one line of text: from its title to the book's end."""
    texts = page_texts(path)
    start = next(i for i, t in enumerate(texts) if t.lstrip().startswith(("Turn summary", "Play summary")))
    return re.sub(r"\s+", " ", " ".join(texts[start:]))


def summary_paragraphs(game_id, frame=None) -> tuple[list, object]:
    """The summary as summary_flow sets it (its paragraphs after the title) and the game's reference."""
    from pnp.render.book_type import Paragraph, book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook_back import summary_flow

    register_all()
    ref = build_reference(validated(game_id).game)
    flow = summary_flow(ref, book_styles(), frame)
    return [f for f in flow if isinstance(f, Paragraph) and f.style.name.startswith("summary")], ref


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_the_summary_prints_its_steps_each_with_the_numbers_of_its_rules(game_id):
    """A player aid: 5 to 10 short numbered steps, each followed by the rules it points at, numbered from their ids as
    the book numbers them (never a rule's whole text pasted in again)."""
    from pnp.render.rulebook_back import rule_ranges

    paragraphs, ref = summary_paragraphs(game_id)
    steps = ref.game.rules.summary.steps
    assert 5 <= len(steps) <= 10 and len(paragraphs) == len(steps)
    numbers = ref.numbers()
    for number, (step, paragraph) in enumerate(zip(steps, paragraphs), 1):
        printed = " ".join(paragraph.getPlainText().split())
        assert paragraph.bulletText == f"{number}." and step.rules
        assert printed.endswith(f"(see {rule_ranges([numbers[rule] for rule in step.rules])})"), printed
        assert len(step.text) <= 200, "a step is a line or two"
    rules = {node.id: node for node in ref.walk() if node.kind == "rule"}
    whole = " ".join(" ".join(p.getPlainText().split()) for p in paragraphs)
    assert not any(" ".join(rules[r].text.split()) in whole
                   for step in steps for r in step.rules if r in rules and len(rules[r].text) > 60)


def test_rule_numbers_shorten_a_run_and_follow_the_books_numbering():
    from pnp.render.rulebook_back import rule_ranges, summary_steps

    assert rule_ranges(["4.1", "4.2", "4.3", "5", "7.1", "7.2", "7.4", "10.9", "10.10", "10.11"]) == \
        "4.1\u20134.3, 5, 7.1, 7.2, 7.4, 10.9\u201310.11"
    steps = summary_steps(build_reference(validated("saucer-escape").game))
    assert steps[0][1] == ["3.1", "3.3"] and steps[-1][1] == ["8.2", "9.11"]  # roll, doubles; scoring, clar-turns-left


# the heart of a turn the proofreaders found missing from each summary, in the words of the summary: each must be there
SUMMARY_FACTS = {
    "escort-service": ["STATUS", "TAUNT", "HEAT 1", "draw back up to 4", "TICK"],
    "saucer-escape": ["Recon, Location, Enemy or Reward", "Assault", "Escape Pod"],
    "stranded": ["fight one", "knowledge card", "Final Chapters"],
    "2200-escaping-earth": ["Action phase", "Counter attack", "Shuffle your discard pile", "unused blocks are lost"],
    "escape-master": ["Nobody takes turns", "Wisdom", "Doom Master", "Dead End", 'call "Draw!"', "30 Blunders"],
}


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_the_summary_covers_the_heart_of_a_turn_and_the_end_of_the_game(game_id, books):
    text = summary_text(books(game_id))
    for fact in SUMMARY_FACTS[game_id]:
        assert typeset(fact) in text, fact  # as the book prints it


@pytest.mark.parametrize("paper", ["a4", "a5"])
@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_the_summary_fits_its_page_at_a_legible_size(game_id, paper):
    """The back page holds the whole summary, on A4 and on the booklet's A5 page, at 7.5 pt or more."""
    from reportlab.lib.units import mm

    from pnp.render.rulebook import BOOKLET_PAGES, FRAME_PADDING, PAPERS
    from pnp.render.rulebook_back import _stacked

    page, margin = (PAPERS["a4"], 18 * mm) if paper == "a4" else (BOOKLET_PAGES["a4"], 12 * mm)
    frame = (page[0] - 2 * margin, page[1] - 2 * margin - FRAME_PADDING)
    paragraphs, _ = summary_paragraphs(game_id, frame)
    assert min(p.style.fontSize for p in paragraphs) >= 7.5
    assert _stacked(paragraphs, frame[0]) <= frame[1]


def test_a_summary_step_is_a_text_to_translate_and_the_french_edition_translates_each():
    from pnp.content import translations

    game = validated("escape-master").game
    texts = translations.translatable_texts(game)
    keys = [f"rules/summary/steps/{n}/text" for n in range(1, len(game.rules.summary.steps) + 1)]
    assert all(texts[key] == step.text for key, step in zip(keys, game.rules.summary.steps))
    for lang in ("fr", "de"):
        found, problems = translations.read_translations(game, lang)
        assert not problems and all(key in found.entries for key in keys), lang
    french, _ = translations.read_translations(game, "fr")
    assert "\u00a0!" in french.entries["rules/summary/steps/8/text"].text  # « Escape Master ! »
    stranded = translations.translatable_texts(validated("stranded").game)  # an index word's other forms too
    assert stranded["rules/index/20/term"] == "+1 life, +2 life" and stranded["rules/index/20/also/2"] == "+2 life"


def test_a_summary_that_points_at_no_rule_is_an_error_where_it_is_written():
    import copy

    from pnp.checks.generic import rules
    from pnp.model.rules import Summary

    game = copy.copy(validated("saucer-escape").game)
    game.rules = game.rules.model_copy(update={"summary": Summary(steps=[{"text": "Roll.", "rules": ["rol"]}])})
    problems = [p for p in rules(game) if p.code == "broken-link"]
    assert len(problems) == 1 and "'rol'" in problems[0].message and "roll" in problems[0].message


def test_the_summary_names_what_it_sums_up_once():
    from pydantic import ValidationError

    from pnp.model.rules import RulesFile

    with pytest.raises(ValidationError, match="summary_of"):
        RulesFile(title="T", sections=[], summary={"steps": [{"text": "Roll."}]}, summary_of="turn")
    assert RulesFile(title="T", sections=[], summary=["turn"], summary_of="round").summary_kind == "round"
    assert RulesFile(title="T", sections=[], summary={"of": "play", "steps": [{"text": "Go."}]}).summary_kind == "play"


def test_an_all_caps_term_matches_only_capitals_and_plurals_are_found():
    from pnp.render.rulebook_back import page_ranges, term_pattern

    assert not term_pattern("DOWN").search("turn it face down") and term_pattern("DOWN").search("DOWN 2")
    assert not term_pattern("LEFT").search("Detail 1 of 2: left") and not term_pattern("IN").search("in range")
    assert term_pattern("Enemy").search("the enemies attack") and term_pattern("Stack").search("two stacks")
    assert term_pattern("Runde", "de").search("drei Runden") and term_pattern("Carte Récit", "fr").search("cartes Récit")
    # an article inside a term stands for any or none; an English term's leading verb takes its endings
    close = term_pattern("Close a Stack")
    assert close.search("close the Stack") and close.search("on a closed Stack") and close.search("closing stacks")
    assert not close.search("close to the Stack") and term_pattern("Fermer une Pile", "fr").search("fermer la Pile")
    assert page_ranges([9, 3, 4, 5, 7, 8, 12]) == "3\u20135, 7, 8, 9, 12".replace("7, 8, 9", "7\u20139")


def test_a_capitalised_index_term_is_found_only_with_its_capitals():
    """Stranded's ability Copy (the third proofreading: the index sent Copy to "how many copies the game has"): an
    `index:` entry marked capitalised is found as the rules write the name, never as the common word."""
    from pnp.model.rules import IndexEntry
    from pnp.render.rulebook_back import Index, forms_pattern

    copy = forms_pattern(["Copy"], "en", capitalised=True)
    assert copy.search("Copy: use the ability of another card") and copy.search("two Copies")
    assert not copy.search("how many copies the game has") and not copy.search("copy it")
    assert forms_pattern(["Copy"], "en").search("how many copies the game has")  # a word, as any other term
    entry = IndexEntry(term="Copy", capitalised=True)
    index = Index([("Copy", [], False), (entry.term, list(entry.also), entry.capitalised)], style=None)
    assert index.terms == ["Copy"] and not index.patterns[0].search("three copies")


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    """game_id -> (the index as set, each page's text, the back matter's first page) of its A4 rulebook."""
    from pnp.render import rulebook_back

    made = {}

    def index(game_id):
        if game_id not in made:
            kept = []
            init = rulebook_back.Index.__init__

            def keep(self, *args, **kwargs):
                init(self, *args, **kwargs)
                kept.append(self)

            rulebook_back.Index.__init__ = keep
            try:
                path = tmp_path_factory.mktemp("index") / f"{game_id}.pdf"
                rulebook_pdf(validated(game_id), None, "a4", path)
            finally:
                rulebook_back.Index.__init__ = init
            reader = PdfReader(path)
            # the back matter starts where its first heading (the credits' or the index's) is set, as bookmarked
            back = min(reader.get_destination_page_number(item) + 1 for item in reader.outline
                       if not isinstance(item, list) and item.title in ("Credits", "Index"))
            made[game_id] = (kept[-1], [re.sub(r"\s+", " ", t) for t in page_texts(path)], back)
        return made[game_id]

    return index


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_index_entries_point_at_pages_before_the_back_matter_that_speak_of_the_term(game_id, indexed):
    index, texts, first_back = indexed(game_id)
    assert index.terms and any(index.pages.values())
    for line, term in enumerate(index.terms):
        for page in index.pages[line]:
            assert 1 < page <= first_back, (term, page)
            assert index.patterns[line].search(texts[page - 1]), (term, page)
    printed = " ".join(texts[first_back - 1:])
    for line, term in enumerate(index.terms):  # every page listed is printed, the whole list (never cut at six)
        if index.pages[line]:
            assert index.shown[line][0] in printed, term


@pytest.mark.parametrize("game_id,terms", [("escape-master", ["Wisdom", "Doom Master", "7-Start", "Pitfall", "Snare",
                                                              "Dead End", "Combination", "Round"]),
                                           ("stranded", ["Danger", "Aging card", "Fighting stack", "Playmat"]),
                                           ("saucer-escape", ["Recon", "Location", "Enemy", "Reward", "Escape Pod",
                                                              "Hivemind", "Assault", "Medkit", "Lasgun", "Shield"])])
def test_the_index_lists_the_nouns_players_look_up(game_id, terms, indexed):
    index, _, _ = indexed(game_id)
    for term in terms:
        assert term in index.terms and index.pages[index.terms.index(term)], term


@pytest.mark.parametrize("game_id,term,rule_says", [("escape-master", "Close a Stack", "laid on a closed Stack"),
                                                   ("stranded", "+1 life, +2 life", "+1 life or +2 life: gain"),
                                                   ("stranded", "+1 card, +2 cards", "+1 card or +2 cards: draw")])
def test_the_index_finds_the_rule_that_says_a_term_in_other_words(game_id, term, rule_says, indexed):
    index, texts, _ = indexed(game_id)
    rule_page = next(n for n, text in enumerate(texts, 1) if rule_says in text and "Glossary" not in text[:40])
    assert rule_page in index.pages[index.terms.index(term)], (term, rule_page)


def test_a_french_index_files_accented_words_in_dictionary_order():
    from pnp.render.book_type import book_styles
    from pnp.render.rulebook_back import Index

    index = Index(["Zone d'action", "Évasion", "À deux rangs", "Échanger", "Pile", ("Défausse", ["défausser"])],
                  book_styles()["toc1"], "fr")
    assert index.terms == ["À deux rangs", "Défausse", "Échanger", "Évasion", "Pile", "Zone d'action"]
    assert index.patterns[1].search("vous pouvez la défausser")


def test_escort_services_modifiers_point_only_at_pages_printing_them_in_capitals(indexed):
    index, texts, _ = indexed("escort-service")
    for term in ("IN", "UP", "DOWN", "LEFT"):
        for page in index.pages[index.terms.index(term)]:
            assert re.search(rf"\b{term}\b", texts[page - 1]), (term, page)


def cover(game_id, booklet: bool):
    """The title page's flowables as the book sets them, on A4 or on the booklet's A5."""
    from reportlab.lib.units import mm

    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook import BOOKLET_PAGES, PAPERS, _title_page

    register_all()
    page, margin = (BOOKLET_PAGES["a4"], 12 * mm) if booklet else (PAPERS["a4"], 18 * mm)
    project = validated(game_id)
    width, height = page[0] - 2 * margin, page[1] - 2 * margin
    return project, _title_page(project, build_reference(project.game), book_styles(), width, height, margin), width


@pytest.mark.parametrize("booklet", [False, True])
@pytest.mark.parametrize("game_id", [g for g in REAL_GAMES if validated(g).game.decks])
def test_the_covers_cards_print_their_words_legibly_inside_the_margins(game_id, booklet):
    from pnp.render.backend import RecordingBackend
    from pnp.render.cards import draw_face
    from pnp.render.rulebook import CardPicture, CardRow

    project, flow, width = cover(game_id, booklet)
    rows = [f for f in flow if isinstance(f, CardRow)]
    assert rows, "the cover shows a card"
    for row in rows:
        assert sum(p.card_w for p in row.pictures) + row.gap * (len(row.pictures) - 1) <= width + 0.01
        for picture in row.pictures:
            assert isinstance(picture, CardPicture) and not picture.wordless
            recorded = RecordingBackend()
            draw_face(recorded, picture.face, project.layout, project.game.emblems, 0, 0)
            sizes = [c[1][4] for calls in [recorded.calls, *recorded.symbols.values()] for c in calls if c[0] == "text"]
            assert sizes and min(sizes) * picture.scale_by >= 6.0 - 1e-6, picture.caption
            names = " ".join(recorded.texts())
            assert picture.caption.split(" (")[0] in names or picture.caption in names, picture.caption


def test_a_sheet_that_would_not_read_on_the_cover_is_left_to_its_pages():
    from pnp.render.rulebook import Picture

    for booklet in (False, True):
        _, flow, _ = cover("saucer-escape", booklet)
        assert not [f for f in flow if isinstance(f, Picture)]


def few_lined_pages(path, game) -> list[tuple[int, str]]:
    """Pages (number, first line) holding fewer than FEW_LINES lines of text: the cover, the last page and a page
    picturing a sheet (a full-page figure) apart."""
    import subprocess

    sheets = {sheet.model.name for sheet in game.sheets.values()}
    pages = int(next(line.split()[1] for line in subprocess.run(["pdfinfo", str(path)], capture_output=True,
                                                                  text=True).stdout.splitlines() if line.startswith("Pages")))
    few = []
    for number in range(2, pages):  # the cover is a page of few words
        text = subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), "-layout", str(path), "-"],
                              capture_output=True, text=True).stdout
        lines = [line.strip() for line in text.splitlines() if re.search(r"\w", line) and not FOOTER.match(line)]
        if len(lines) < FEW_LINES and not (lines and lines[0] in sheets):
            few.append((number, lines[0] if lines else ""))
    return few


FEW_LINES = 8


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_no_page_holds_only_a_few_lines(game_id, books, tmp_path):
    """The rules' last lines run on into the glossary, an index's into none of its own page, the credits sit with
    other matter: no page but the last (and a sheet pictured whole) holds under FEW_LINES lines, on A4 or A5."""
    from reportlab.lib.units import mm

    from pnp.render.card_facts import printed_facts
    from pnp.render.rulebook import BOOKLET_PAGES, _write_rulebook

    project = validated(game_id)
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    half = tmp_path / "a5.pdf"
    _write_rulebook(project, ref, BOOKLET_PAGES["a4"], 12 * mm, half)  # the booklet's pages, before imposing
    assert not few_lined_pages(books(game_id), project.game)
    assert not few_lined_pages(half, project.game)


def page_fills(game_id, pagesize, margin, path) -> list[float]:
    """How much of each page's text frame the book (written to `path`) fills: its lowest flowable's foot."""
    from pnp.render.card_facts import printed_facts
    from pnp.render.rulebook import RulebookTemplate, _write_rulebook

    project = validated(game_id)
    ref = build_reference(project.game)
    ref.facts = printed_facts(project)
    lows, made = {}, []
    after, init = RulebookTemplate.afterFlowable, RulebookTemplate.__init__

    def record(self, flowable):
        after(self, flowable)
        if self.frame is not None and hasattr(self.frame, "_y"):
            lows[self.page] = min(lows.get(self.page, 1e9), self.frame._y)

    def keep(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    RulebookTemplate.afterFlowable, RulebookTemplate.__init__ = record, keep
    try:
        _write_rulebook(project, ref, pagesize, margin, path)
    finally:
        RulebookTemplate.afterFlowable, RulebookTemplate.__init__ = after, init
    doc = made[-1]
    top = doc.bottomMargin + doc.height
    return [(top - lows[page]) / doc.height if page in lows else 0.0 for page in range(1, max(lows) + 1)]


LEAST_FILL = 0.4
BACK_MATTER = re.compile(r"^\s*(Index|Credits|Turn summary|Play summary)\s*$", re.M)


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
@pytest.mark.parametrize("game_id", [g for g in REAL_GAMES if validated(g).game.decks])
def test_no_page_of_rules_sheets_or_card_reference_is_under_40_percent_filled(game_id, paper, tmp_path):
    """Issue 35 (second proofreading): the card reference ran one example card a page (35-55 % blank) and a page
    of life tokens stood alone. Every page after the contents and before the back matter (the index and summary,
    pnp.render.rulebook_back) is at least LEAST_FILL full, on A4, letter and the booklet's A5; but the page before
    a score sheet, which is never shrunk into a page's foot (the fourth proofreading: Escape Master's Letter sheet
    squeezed under the glossary's end would copy too small to write on)."""
    from reportlab.lib.units import mm

    from pnp.render.rulebook import BOOKLET_PAGES, PAPERS

    page, margin = (BOOKLET_PAGES["a4"], 12 * mm) if paper == "a5" else (PAPERS[paper], 18 * mm)
    path = tmp_path / "book.pdf"
    fills = page_fills(game_id, page, margin, path)
    texts = page_texts(path)
    back = next(i for i, t in enumerate(texts) if i > 1 and BACK_MATTER.search(t))
    to_write_on = {s.model.name for s in validated(game_id).game.sheets.values() if getattr(s.model, "tracks", None)}
    before_sheet = {i for i in range(len(texts) - 1) if texts[i + 1].split("\n", 1)[0].strip() in to_write_on}
    low = [(i + 1, round(f, 2)) for i, f in enumerate(fills[:back])
           if i >= 2 and f < LEAST_FILL and i not in before_sheet]
    assert not low, low


def test_short_contents_share_their_page_with_the_start_of_the_rules(tmp_path):
    """Saucer Escape's contents fill a third of a page: the rules start under them rather than leave the page two
    thirds empty; so do Stranded's and the Saucer Escape booklet's, which leave 40 to 50 % of a page (the ninth
    proofreading: the A4 booklet's half-empty contents page cost it a sheet, three Notes pages at its end); a book
    whose contents leave less than 40 % of a page starts its rules on the next."""
    out = tmp_path / "rules.pdf"
    rulebook_pdf(validated("saucer-escape"), None, "a4", out)
    second = PdfReader(out).pages[1].extract_text()
    assert "Contents" in second and "1.1 " in second
    rulebook_pdf(validated("stranded"), None, "a4", out)
    second = PdfReader(out).pages[1].extract_text()
    assert "Contents" in second and "1.1 " in second
    import io

    from pnp.render.rulebook import BOOKLET_PAGES, _write_rulebook

    project = validated("2200-escaping-earth")  # 30 lines of contents on a booklet's half page: most of it
    ref = build_reference(project.game, None)
    ref.facts = printed_facts(project)
    target = io.BytesIO()
    _write_rulebook(project, ref, BOOKLET_PAGES["a4"], 12 * 72 / 25.4, target, booklet=True)
    second = PdfReader(io.BytesIO(target.getvalue())).pages[1].extract_text()
    assert "Contents" in second and "1.1 " not in second


def test_a_sheets_table_is_headed_by_the_name_its_key_gives_it(tmp_path):
    """Saucer Escape's key names its events table "Event Table", as the sheet prints it: the book's heading and
    contents say so, not a name made from the field ("Events table")."""
    out = tmp_path / "rules.pdf"
    rulebook_pdf(validated("saucer-escape"), None, "a4", out)
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Events table" not in text and text.count("Event Table") >= 3


def test_an_index_entrys_pages_run_on_never_leaving_one_page_alone_on_the_last_line():
    """The eighteenth proofreading: Stranded's Letter booklet ran "Fighting card ... 3, 5, 7, 10, 11," on to a line
    holding only "13". A list run on ends on two pages at least, where they fit."""
    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook_back import Index

    register_all()
    index = Index(["Fighting card"], book_styles()["toc1"])
    index.style = book_styles()["toc1"]
    most = index._width("3, 5, 7, 10, 11,") + 0.5
    pieces = index._pieces("3, 5, 7, 10, 11, 13", most)
    assert pieces == ["3, 5, 7, 10,", "11, 13"], pieces
    assert index._pieces("3, 5, 7", most) == ["3, 5, 7"]  # one line: as it was


def test_an_index_term_too_long_for_all_its_pages_keeps_some_of_them_beside_it():
    """The nineteenth proofreading: Escort Service's Letter booklet set "Damage counter" alone on its line and all
    its pages under it, with no leader, while "Destroyed . . . 3, 5, 8, 9, 12, / 14, 16" kept some beside it. A
    term keeps as many of its pages beside it as fit, two at least; the rest run on under it."""
    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook_back import LEADER, Index

    register_all()
    index = Index(["Damage counter"], book_styles()["toc1"])
    index.style = book_styles()["toc1"]
    index.pages[0] = [3, 4, 8, 15, 16, 18, 20, 22]
    width = index.style.leftIndent + index._width("Damage counter") + 2 * index._width(LEADER) + \
        index._width("3, 4, 8,") + 1
    index._rows(width)
    assert index.shown[0][0] == "3, 4, 8," and ", ".join(index.shown[0]).replace(",,", ",") == \
        "3, 4, 8, 15, 16, 18, 20, 22", index.shown[0]


def test_the_index_is_set_in_two_columns_and_an_entry_never_splits_between_them():
    """A publisher's index runs in columns; an entry whose pages run on below it keeps them in its column (the third
    proofreading: "Numbered card . . 3, 5, 7, 8, 15," with "16" at the top of the next column)."""
    from reportlab.platypus import Paragraph as Plain

    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook_back import Columns

    register_all()
    style = book_styles()["body"]
    rows = [[Plain(f"row {n}", style)] for n in range(9)]
    starts = {0, 2, 5, 6, 8}  # entries of 2, 3, 1, 2 and 1 rows
    columns = Columns(rows, None, 200, 20, starts)
    height = sum(columns.heights[:4])  # room for four rows a column: the second entry's three would straddle it
    parts = columns._fill(height, balanced=False)
    assert [len(p) for p in parts] == [2, 4]  # the first column ends before the entry that would not fit whole
    taken = 0
    for part in parts:
        assert taken in starts
        taken += len(part)
    balanced = columns._fill(1e9, balanced=True)
    assert len(balanced[0]) in starts and sum(len(p) for p in balanced) == 9


def test_a_summary_of_ten_steps_hangs_every_step_clear_of_its_number():
    """Saucer Escape's summary has ten steps: "10." is wider than the usual hang, and its first line was pushed right
    of the others (the third proofreading). The hang is measured from the widest number."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook_back import _step_lines, summary_steps

    register_all()
    ref = build_reference(validated("saucer-escape").game)
    steps = summary_steps(ref)
    assert len(steps) >= 10
    lines = _step_lines(ref, book_styles(), steps, (9.5, 13))
    widest = stringWidth(f"{len(steps)}.", lines[-1].style.bulletFontName, 9.5)
    assert all(line.style.leftIndent > widest for line in lines)


def test_a_one_column_index_tells_its_whole_height_so_the_page_breaks_it_and_loses_no_entry():
    """A booklet's half page sets the index in one column; it said only the rows that fit, and the rest of the
    index was never printed (the fourth proofreading: Escort Service's booklet index stopped at "Medic")."""
    from reportlab.platypus import Paragraph as Plain

    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook_back import Columns

    register_all()
    rows = [[Plain(f"row {n}", book_styles()["body"])] for n in range(30)]
    columns = Columns(rows, None, 200, 0)
    room = sum(columns.heights[:10])
    assert columns.wrap(200, room)[1] == pytest.approx(sum(columns.heights)) and sum(columns.heights) > room
    first, rest = columns.split(200, room)
    assert len(first.rows) == 10 and len(rest.rows) == 20


@pytest.mark.parametrize("game_id", ["escort-service", "saucer-escape"])
def test_the_booklets_index_holds_every_entry_the_books_does(game_id, books):
    ref = build_reference(validated(game_id).game)
    book, booklet = (" ".join(page.extract_text(extraction_mode="layout") for page in PdfReader(path).pages)
                     for path in (books(game_id), books(game_id, booklet=True)))  # layout: a half page's words in order

    def indexed(text, term):
        return re.search(re.escape(typeset(term)) + r"\s*(?:\.\s*)+\d", text) is not None

    terms = [term for term, _, _ in index_terms(ref) if indexed(book, term)]
    assert len(terms) > 20 and [term for term in terms if not indexed(booklet, term)] == []


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_a_card_table_running_on_over_a_page_is_headed_continued(game_id, books):
    """A publisher heads the rest of a table on a new page "Danger cards (continued)", never a bare header row (the
    fourth proofreading: Stranded's danger table, Escort Service's Scrap, Escape Master's STORY deck)."""
    decks = [deck.model.name for deck in validated(game_id).game.decks.values()]
    run_on = 0
    for page in PdfReader(books(game_id)).pages:
        lines = [line.strip() for line in (page.extract_text() or "").splitlines() if line.strip()]
        for k in range(len(lines) - 2):
            if lines[k:k + 3] == ["Card", "×", "Text"] or lines[k:k + 2] == ["Card", "×"]:
                above = lines[k - 1] if k else ""  # a header row at the top of a page: nothing heads it
                said_once = above.startswith("Every card of this deck says") or above.endswith(".")
                assert said_once or re.fullmatch(r".+ \((\d+ cards?|continued)\)", above), (page.page_number, above)
                run_on += above.endswith("(continued)") and above[:-len(" (continued)")] in decks
    if game_id == "stranded":
        assert run_on >= 1


def test_the_index_finds_a_word_in_a_sheets_key(books):
    """2200's playmat key names the Turn tally and the Cube supply: the index sends a reader to that page too (the
    fifth proofreading), though it never reads a card table's rows."""
    texts = page_texts(books("2200-escaping-earth"))
    key = next(i + 1 for i, text in enumerate(texts) if "Turn tally:" in text and "Cube supply:" in text)
    index = " ".join(page.extract_text(extraction_mode="layout") for page in PdfReader(books("2200-escaping-earth")).pages[-4:])
    for term in ("Turn tally", "Cube supply"):
        found = re.search(re.escape(term) + r"[ .]*?((?:\d+(?:–\d+)?(?:, ?|(?= {2,}|$)))+)", index, re.M)
        assert found and str(key) in re.findall(r"\d+", found.group(1)), (term, key, found and found.group(0))


def test_a_setup_laid_on_the_table_shrinks_to_stand_under_its_rules_in_a_booklet(books):
    """The eighth proofreading: Escape Master's booklet page 4 held the set-up rules and was half empty, its table
    figure starting page 5. Drawn up to 15 % smaller (its labels still clear of one another), it stands on page 4
    under rule 3.6, beside which the imposed sheet side prints page 25."""
    sides = page_texts(books("escape-master", booklet=True))
    rules_side = next(text for text in sides if "3.6" in text and "Setting up" in text)
    assert "A table of two ready to play" in rules_side


def test_the_index_finds_what_a_sheets_dice_table_names(books):
    """Saucer Escape's Event Table says what each roll wins (a Medkit, a Lasgun): the index sends a reader to that
    page too (the seventh proofreading), as it does for a sheet's key."""
    texts = page_texts(books("saucer-escape"))
    table = next(i + 1 for i, text in enumerate(texts) if "What happens" in text and "Medkit" in text)
    index = " ".join(page.extract_text(extraction_mode="layout") for page in PdfReader(books("saucer-escape")).pages[-4:])
    found = re.search(r"Medkit[ .]*?((?:\d+(?:–\d+)?(?:, ?|(?= {2,}|$)))+)", index, re.M)
    pages = set()
    for part in re.findall(r"\d+(?:–\d+)?", found.group(1)):
        low, _, high = part.partition("–")
        pages |= set(range(int(low), int(high or low) + 1))
    assert table in pages, (table, found.group(0))


def test_a_booklets_index_is_set_in_two_columns_and_ends_on_a_full_page():
    """The eighth proofreading: 2200's booklet index ran down one column onto a page of twelve lines. Set in two
    columns on the half page, as a printed index is (a long list of pages runs on under its term), it takes two
    pages, the second no page of a few lines."""
    import io

    from pnp.render.rulebook import BOOKLET_PAGES, _write_rulebook

    project = validated("2200-escaping-earth")
    target = io.BytesIO()
    ref = build_reference(project.game, None)
    ref.facts = printed_facts(project)
    _write_rulebook(project, ref, BOOKLET_PAGES["a4"], 12 * 72 / 25.4, target, booklet=True)
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(target.getvalue())).pages]
    first = next(i for i, text in enumerate(pages) if re.search(r"(?m)^Index$", text) and "Anchor" in text)
    last = max(i for i in range(first, len(pages)) if "Zone card" in pages[i] and "Warp" in pages[i])  # its last terms
    assert last - first <= 1, (first, last)
    assert len(pages[last].splitlines()) > 30  # two full columns, not a tail of a few lines


def test_the_index_never_reads_the_credits():
    """The eighth proofreading: Escape Master's booklet sets its credits before the index (its back page holds only
    the summary), and the index sent a reader to the credits page for Dead End and Escape Leader, which the
    edition's note there only names."""
    import io

    from pnp.render.rulebook import BOOKLET_PAGES, _write_rulebook

    project = validated("escape-master")
    target = io.BytesIO()
    ref = build_reference(project.game, None)
    ref.facts = printed_facts(project)
    _write_rulebook(project, ref, BOOKLET_PAGES["a4"], 12 * 72 / 25.4, target, booklet=True)
    reader = PdfReader(io.BytesIO(target.getvalue()))
    texts = [page.extract_text() for page in reader.pages]
    credits = next(i + 1 for i, text in enumerate(texts) if re.search(r"(?m)^Credits$", text) and "Based on" in text)
    assert "Dead End" in texts[credits - 1] and "Escape Leader" in texts[credits - 1]
    index = " ".join(page.extract_text(extraction_mode="layout") for page in reader.pages[credits - 1:])
    for term in ("Dead End", "Escape Leader"):
        found = re.search(re.escape(term) + r"[ .]*?((?:\d+(?:–\d+)?(?:, ?|(?= {2,}|$)))+)", index, re.M)
        pages = set()
        for part in re.findall(r"\d+(?:–\d+)?", found.group(1)):
            low, _, high = part.partition("–")
            pages |= set(range(int(low), int(high or low) + 1))
        assert pages and credits not in pages, (term, credits, found.group(0))


def test_a_figure_of_panels_running_on_over_a_page_is_headed_continued(tmp_path):
    """The eighth proofreading: Escort Service's example turn ran from page 7 to page 8 of the Letter book with
    nothing over panels 4 to 9. A row of panels that starts a page is headed with its section's name, "(continued)";
    one that follows on its page is not. (Since the twelfth the Letter book sets it on one page; the half-letter
    booklet's pages still run it on.)"""
    from helpers import booklet_page_texts

    texts = booklet_page_texts("escort-service", "letter", tmp_path)
    first = next(i for i, text in enumerate(texts) if "The Warrior is above the" in text)
    later = [i for i, text in enumerate(texts) if "It draws back up to 4" in text and i != first]
    assert later, "the example turn fits one page: nothing runs on"
    for i in later:
        assert "An example turn (continued)" in texts[i]
    assert "An example turn (continued)" not in texts[first]


def test_a_summary_steps_rule_numbers_never_stand_on_a_line_of_their_own():
    """The eighth proofreading: Stranded's Letter booklet set "(see 4.2)" alone on the last line of a summary step.
    A short pointer is joined to the step's last word by a no-break space, and its own words to each other; a long
    one ("(see 3.1, 4.1, 4.2)") may start a line (the tenth: held to the last word it left the line above short)."""
    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook_back import _step_lines, rule_ranges, summary_steps

    register_all()
    ref = build_reference(validated("stranded").game)
    steps = summary_steps(ref)
    lines = _step_lines(ref, book_styles(), steps, (9.5, 13))
    pointed = [line.text for line, (_, rules) in zip(lines, steps) if rules]
    short = [text for text in pointed if re.search(r"\(see[^()]{1,7}\)$", text)]
    assert short and all(re.search("\\S\u00a0\\(see\u00a0", text) for text in short), short
    # the tenth: a long one held to the last word left the line above short ("with one / hand. (see 3.1, 4.1, 4.2)")
    em = build_reference(validated("escape-master").game)
    em_steps = summary_steps(em)
    long = [line.text for line, (_, rules) in zip(_step_lines(em, book_styles(), em_steps, (9.5, 13)), em_steps)
            if rules and len(rule_ranges(rules)) > 8]
    assert long and all(re.search(r"\S \(see\u00a0", text) for text in long), long


@pytest.mark.parametrize("width_mm, columns, size", [(174, 2, 9.0), (124, 2, 8.0), (115.9, 2, 8.0)],
                         ids=["a4-book", "a5-booklet", "half-letter-booklet"])
def test_an_index_is_set_in_two_columns_in_a_booklet_too_in_smaller_type(width_mm, columns, size):
    """The ninth proofreading: the Letter booklet's one-column index ended on a page of ten lines, and the A4
    booklet's two columns broke terms in two ("Fighting discard / pile"). Both booklets set two columns, at 8 pt, as
    a printed index is set smaller than its text; a book's frame keeps the book's type."""
    from pnp.render.book_type import book_styles
    from pnp.render.rulebook_back import Index, _column_for

    width = width_mm * 72 / 25.4
    index = Index(["Fighting discard pile"], book_styles()["toc1"])
    assert (_column_for(width) < width) == (columns == 2)
    assert index._start_style(width).fontSize == size


def test_a_figure_that_does_not_fit_its_page_floats_to_the_next_and_the_rules_fill_the_gap(books):
    """The eighth and ninth proofreadings: Escape Master's pages 3 to 5 each ended a quarter empty, the figure after
    a rule waiting for the next page and everything after it with it. The rules that follow fill the page (the next
    section's start, 4.1 to 4.4, under 3.6) and the figure heads the next page."""
    texts = page_texts(books("escape-master"))
    setup = next(i for i, text in enumerate(texts) if "3.6 " in text)
    assert "4.1 " in texts[setup] and "A table of two ready to play" not in texts[setup]
    assert "A table of two ready to play" in texts[setup + 1]
    # the tenth: a rule the page could not hold after all went on past the figure and stood above it on the next
    # page, cut from the rules it belongs with (2200's 4.4 over the playmat, 4.5 under it): never
    texts = page_texts(books("2200-escaping-earth"))
    page = next(text for text in texts if "The playmat at the start of a first run" in text)
    assert page.index("The playmat at the start of a first run") < page.index("4.4 Rewards")


def _set_pages(flow: list, size=(300, 400)) -> list[str]:
    """Each page's words, a flow set in one frame `size` points (the order a reader meets them)."""
    import io

    from reportlab.platypus import SimpleDocTemplate

    doc, pages = SimpleDocTemplate(io.BytesIO(), pagesize=size, margin=0, leftMargin=0, rightMargin=0,
                                   topMargin=0, bottomMargin=0), [[]]

    doc.afterFlowable = lambda f: pages[-1].append(getattr(f, "label", None)) if getattr(f, "label", None) else None
    doc.afterPage = lambda: pages.append([])
    doc.build(flow)
    return [" ".join(words) for words in pages if words]


def test_two_figures_in_a_row_float_together_and_the_rule_after_them_fills_the_page_before():
    """The eleventh proofreading: Escape Master's two Stacks figures stood one after the other, and rule 5.4 (one
    line) went on past both, alone at the top of the page after them, while the page before ended a fifth empty. A
    figure among the rules a floating figure's page sets floats on with it; so does a rule's single picture (the
    twelfth: Saucer Escape's booklet page before section 7 half empty, section 7 kept whole with its picture)."""
    from reportlab.platypus import Spacer

    from pnp.render.rulebook import FloatingPicture, Picture, _floated

    def labelled(item, label):
        item.label = label
        return item

    def picture(label):  # 250 points high in a 400-point frame: never two on a page
        return labelled(FloatingPicture([labelled(Picture((300, 250), lambda b: None, 1.0, 1.0, (300, 400)), label)]),
                        None)

    flow = [labelled(Spacer(300, 250), "5.1"), picture("figure-1"), labelled(Spacer(300, 40), "5.3"),
            picture("figure-2"), labelled(Spacer(300, 40), "5.4"), labelled(Spacer(300, 40), "6.1")]
    pages = _set_pages(_floated(flow))
    assert pages[0] == "5.1 5.3 5.4 6.1"  # the rules fill the page the first figure does not fit...
    assert pages[1:] == ["figure-1", "figure-2"]  # ...and the figures follow in their order


def test_a_figure_straight_after_another_stands_at_its_captions_space_so_both_share_a_page():
    """The seventeenth proofreading: Escape Master's Combinations figure stood two pages after rules 5.1 to 5.3,
    on US Letter 4 points short of the page it shared with the Stacks figure. A figure that follows another
    straight on drops the space it keeps over a rule: the caption's own space above it is enough."""
    from reportlab.platypus import Spacer

    from pnp.render.rulebook import Picture, _floated
    from pnp.render.rulebook_figures import KeepWithFigure

    def labelled(item, label):
        item.label = label
        return item

    def figure(label, high):  # as book_figure sets one: a 4-point space over the picture
        return KeepWithFigure([Spacer(1, 4), labelled(Picture((300, high), lambda b: None, 1.0, 1.0, (300, 400)),
                                                      label)])

    flow = [labelled(Spacer(300, 250), "5.1"), figure("figure-1", 150), labelled(Spacer(300, 60), "5.3"),
            figure("figure-2", 232), labelled(Spacer(300, 60), "5.4"), labelled(Spacer(300, 60), "6.1")]
    pages = _set_pages(_floated(flow))
    assert pages[:2] == ["5.1 5.3 5.4", "figure-1 figure-2"], pages  # 154 + 232 of a 388-point frame: together


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_escape_masters_combinations_figure_faces_its_rules(paper, tmp_path):
    """The seventeenth proofreading: the Combinations figure landed on the back of the page facing rules 5.1 to
    5.3. It stands on their page or the page facing it (a spread: pages 2 and 3, 4 and 5, ...), as does the Stacks
    figure with rule 4.4 or the page after it."""
    path = tmp_path / f"escape-master-{paper}.pdf"
    rulebook_pdf(validated("escape-master"), None, paper, path, False)
    texts = page_texts(path)
    page = lambda words: next(i + 1 for i, text in enumerate(texts) if words in text)  # noqa: E731
    rules, figure = page("5.3 Two face cards"), page("a 2 and a 4 of the Mice go down together")
    assert rules // 2 == figure // 2 and figure >= rules, (rules, figure)
    assert page("Two Stacks beside the draw pile") - page("4.4 On an open Stack") <= 1


def test_the_contents_name_the_page_a_sheet_is_printed_at_full_size(books):
    """The ninth and tenth proofreadings: Saucer Escape's contents sent a reader to the sheet's key (page 8) but
    never to the sheet itself, printed full size after the index. Its page has a contents line of its own."""
    texts = page_texts(books("saucer-escape"))
    plate = next(i + 1 for i, text in enumerate(texts) if "Commander R. Deckard" in text and "Scalding plasma" in text)
    import subprocess

    contents = subprocess.run(["pdftotext", "-f", "2", "-l", "2", "-layout", str(books("saucer-escape")), "-"],
                              capture_output=True, text=True).stdout  # its leaders and numbers drawn as forms
    line = re.search(r"Saucer Escape game sheet at full size[ .]*(\d+)", contents)
    assert line and int(line.group(1)) == plate, contents


@pytest.mark.parametrize("width_mm", [174, 124, 115.9], ids=["a4-book", "a5-booklet", "half-letter-booklet"])
def test_a_dice_tables_result_column_never_breaks_a_word(width_mm):
    """The eleventh proofreading: on the Letter booklet's half page, Saucer Escape's Event Table broke its results
    inside words ("Fueling Discove / red", "Venusian Trade / r"): its columns were fixed fractions. The roll and the
    result columns are as wide as their widest entry (the result 45 % of the table at most), so every word of a
    result fits its column whole."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook import TABLE_PAD, _dice_columns

    register_all()
    styles = book_styles()
    sheet = validated("saucer-escape").game.sheets["game-sheet"].model
    rows = sheet.events
    width = width_mm * 72 / 25.4
    roll, name, text = (f * width for f in _dice_columns(rows, ["Roll", "Result", "What happens"], width, styles))
    widest_word = max(stringWidth(word, styles["strong"].fontName, styles["body"].fontSize)
                      for row in rows for word in row.name.split())
    assert name - 2 * TABLE_PAD >= widest_word and text > name / 2
    assert roll - 2 * TABLE_PAD >= stringWidth("12", styles["strong"].fontName, styles["body"].fontSize)
    from pnp.render.book_type import Paragraph

    for row in rows:  # as the book sets each result: its lines whole words (a bound last pair never cut inside)
        cell = Paragraph(f"<b>{row.name}</b>", styles["body"])
        cell.wrap(name - 2 * TABLE_PAD, 1000)
        words = typeset(row.name).split()
        for line in cell.blPara.lines:
            printed = " ".join(w.text if hasattr(w, "text") else str(w) for w in getattr(line, "words", [])) or \
                " ".join(line[1]) if isinstance(line, tuple) else ""
            assert all(piece in words for piece in printed.replace("\u00a0", " ").split()), (row.name, printed)
        # the twelfth: "Amelia / Earhart's Body" broke though its column was sized for it, measured as typed (a
        # straight apostrophe) and printed curly: a result narrower than the column's most stands on one line
        if width_mm > 150:
            assert len(cell.blPara.lines) == 1, row.name


@pytest.mark.parametrize("game_id", ["stranded", "escape-master"])
def test_the_index_never_points_into_the_card_reference(game_id, books):
    """The fifteenth proofreading: Stranded's index listed the card pages for "Destroy" and "Life" (read in a deck's
    note and an example's labels) but not for "Knowledge side", which every danger row prints; Escape Master's
    sent "Quick Guide" to its card table alone. A card is looked up by its name; the index points to the rules, the
    glossary and the sheets, and no page of the card reference."""
    import subprocess

    texts = page_texts(books(game_id))
    first = next(i for i, text in enumerate(texts) if text.startswith("Card reference")) + 1  # its first page
    index = max(i for i, text in enumerate(texts) if re.search(r"^\s*Index\s*$", text, re.M)) + 1  # not the contents
    text = subprocess.run(["pdftotext", "-f", str(index), "-l", str(index), str(books(game_id)), "-"],
                          capture_output=True, text=True).stdout  # its leaders as pdftotext reads them
    pages = [int(n) for line in text.splitlines() if ". ." in line
             for n in re.findall(r"\b(\d+)\b", line.rsplit(". .", 1)[-1])]
    assert pages and max(pages) < first, (first, sorted(set(pages)))


def test_an_index_of_one_entry_stands_in_the_left_column():
    """A small game's booklet index of one term ("coin") set it in the right column, the left one empty: of two
    balancings as short, the left column takes the rows."""
    from reportlab.platypus import Paragraph as Plain

    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook_back import Columns

    register_all()
    columns = Columns([[Plain("coin", book_styles()["body"])]], None, 160, 17)
    columns.wrap(340, 500)
    assert [len(part) for part in columns.parts] == [1, 0]
