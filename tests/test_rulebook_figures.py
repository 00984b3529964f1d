"""The rulebook's figures drawn from the content (issue 35): every game's set-up figure on its real playmat, board or
table with its components and the set-up rules' numbers; the examples of play the seeds give (Stranded's fight,
Escape Master's Stacks and traps) with the real cards; playmats and boards pictured whole, never cut in details."""
import io
import re

import pytest
from helpers import REAL_GAMES, validated

from pnp.core.limits import MIN_TEXT_SIZE
from pnp.render.backend import RecordingBackend
from pnp.render.fonts import register_all
from pnp.render.rulebook import Picture, _rules, _sheet_pages, book_styles
from pnp.render.rulebook_figures import TAB_OVERHANG, BoardFigure, LegibleOnly, check_book_figure
from pnp.rules.tree import build_reference

FRAME = (174 * 72 / 25.4, 261 * 72 / 25.4)  # A4's text frame, 18 mm margins


def figures(flow):
    """Every BoardFigure in a story, those kept together with their captions included."""
    for flowable in flow:
        if isinstance(flowable, BoardFigure):
            yield flowable
        yield from figures(getattr(flowable, "_content", ()))


def rule_figures(game_id: str, frame=FRAME) -> list[BoardFigure]:
    register_all()
    project = validated(game_id)
    return list(figures(_rules(build_reference(project.game, None), book_styles(), frame, project)))


def drawn(figure: BoardFigure, scale: float | None = None) -> RecordingBackend:
    figure.wrap(*FRAME)
    backend = RecordingBackend()
    figure.draw_scaled(LegibleOnly(backend, scale if scale is not None else figure.scale_by))
    return backend


def faces_drawn(backend: RecordingBackend) -> set[str]:
    return {call[1][0] for call in backend.calls if call[0] == "use_symbol"}


def setup_numbers(game_id: str) -> set[str]:
    ref = build_reference(validated(game_id).game, None)
    section = next(node for node in ref.walk() if node.kind == "section" and node.id == "setup")
    return {node.number for node in ref.walk() if node.kind != "section" and node.number.startswith(section.number + ".")}


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_rulebook_has_a_setup_figure_numbered_with_its_setup_rules(game_id):
    setup = setup_numbers(game_id)
    found = [f for f in rule_figures(game_id) if {n.text for n in f.notes if n.mark} & setup]
    assert found, f"{game_id}: no figure carries the set-up rules' numbers {sorted(setup)}"
    marks = {n.text for n in found[0].notes if n.mark}
    assert marks <= setup and len(marks) >= 2, marks  # callouts are set-up steps, more than one of them


@pytest.mark.parametrize("game_id", [g for g in REAL_GAMES if g != "saucer-escape"])  # a sheet written on, no cards
def test_a_setup_figure_lays_the_real_cards_as_the_build_draws_them(game_id):
    project = validated(game_id)
    figure = next(f for f in rule_figures(game_id) if any(n.text.endswith(".1") for n in f.notes if n.mark))
    assert len(figure.placed) >= 3
    drawn_keys = faces_drawn(drawn(figure))
    for card in figure.placed:  # each face drawn by the card renderer (its symbol), at its legible-only scale
        assert any(key.endswith(card.face.key) for key in drawn_keys), card.face.key
    fronts_and_backs = set(map(id, project.faces.fronts.values())) | set(map(id, project.faces.backs.values()))
    assert all(id(card.face) in fronts_and_backs for card in figure.placed)


def test_strandeds_setup_puts_the_life_token_on_20_and_the_chapters_face_up():
    figure = next(f for f in rule_figures("stranded") if any(n.text == "3.3" for n in f.notes))
    faces = [c.face.key for c in figure.placed]
    assert sum("the-long-night" in k or "supply-drop-gone-wrong" in k for k in faces) == 2
    layout = validated("stranded").sheet_layouts["playmat"]
    life = next(r for r in layout.regions if r.name == "life")
    # the life marker and the free-card marker, drawn as their counters print (their colour, their emblem)
    counters = {t.id: t for t in validated("stranded").game.sheets["life-tokens"].model.tokens}
    looks = {counters["life-marker"].color, counters["free-card-marker"].color}
    tokens = [c for c in drawn(figure).calls if c[0] == "circle" and c[2].get("fill") in looks]
    assert len(tokens) == 2
    # the token on the life track sits in its 21st box (0 to 22: the box of 20)
    x = next(c[1][0] for c in tokens if layout.height - life.y - life.h < c[1][1] < layout.height - life.y)
    assert x > life.x + life.w * 0.7


def _example(game_id: str, card_id: str) -> BoardFigure:
    return next(f for f in rule_figures(game_id) if any(card_id in c.face.key for c in f.placed)
                and not any(n.text.startswith("3.") for n in f.notes))


def test_strandeds_fight_example_lays_free_cards_left_and_the_bought_card_right_of_the_danger():
    figure = _example("stranded", "solar-flare-engineer")
    at = {c.face.key: c.x for c in figure.placed}
    danger = next(x for key, x in at.items() if "solar-flare-engineer" in key)
    left = [key for key, x in at.items() if x < danger]
    right = [key for key, x in at.items() if x > danger]
    assert len(left) == 3 and len(right) == 1 and "brave" in right[0]
    assert {n.text for n in figure.notes if n.mark} == {"A", "B", "C"}


def test_escape_masters_stacks_example_fans_each_run_so_every_rank_shows():
    figure = _example("escape-master", "seven-start")
    run = [c for c in figure.placed if c.x == figure.placed[0].x]
    assert "seven-start" in run[0].face.key  # the 7-Start that opened it at the top
    assert len(run) == 3 and all(b.y < a.y for a, b in zip(run, run[1:]))  # each lower than the one before
    assert any("mice-2" in c.face.key for c in figure.placed)  # the run that wraps from K to 1 and 2


def test_escape_masters_trap_example_shows_the_snare_the_escape_and_the_history():
    figure = _example("escape-master", "escape-slip")
    keys = [c.face.key for c in figure.placed]
    assert sum("trap-ascending" in k for k in keys) == 2 and any("escape-slip" in k for k in keys)
    assert {n.text for n in figure.notes if n.mark} == {"A", "B", "C"}


@pytest.mark.parametrize("frame", [FRAME, (8.5 * 72 - 2 * 51, 11 * 72 - 2 * 51)], ids=["a4", "letter"])
def test_a_score_sheet_never_shrinks_into_a_pages_foot(frame):
    """Escape Master's score sheet is photocopied from the book: in the Letter book it shrank into the foot of the
    glossary's last page (the fourth proofreading). A sheet to write on is pictured as large as a page allows,
    on a page of its own where the one before has no room for it; a page of counters still fills a page's foot."""
    register_all()
    flow = _sheet_pages(validated("escape-master"), book_styles(), frame[0], frame[1])
    (sheet,) = [p for p in _all(flow) if isinstance(p, Picture)]
    sheet.room = sheet.shown(sheet.preferred())[1] * 0.85  # most of a page left after the glossary
    sheet.wrap(*frame)
    assert sheet.scale_by == pytest.approx(sheet.preferred())
    tokens = [p for p in _all(_sheet_pages(validated("stranded"), book_styles(), *frame)) if isinstance(p, Picture)]
    assert tokens and all(p.least < p.preferred() for p in tokens)


@pytest.mark.parametrize("game_id", ["2200-escaping-earth", "stranded", "escort-service"])
def test_a_playmat_too_large_to_read_is_pictured_whole_not_cut_in_details(game_id):
    register_all()
    project = validated(game_id)
    flow = _sheet_pages(project, book_styles(), *FRAME[:1], FRAME[1])
    # the sheet's counters pictured legibly; the playmat itself in the overview alone
    assert all(p.preferred() >= p.least for p in _all(flow) if isinstance(p, Picture))
    overviews = list(figures(flow))
    assert len(overviews) == 1
    overview = overviews[0]
    width, height = overview.wrap(*FRAME)
    assert width <= FRAME[0] + 1e-6 and height <= FRAME[1]
    backend = drawn(overview)
    w, h = overview.natural
    for d in (d for d in backend.drawn if d.kind == "text"):  # every word inside the picture: none cut at an edge
        assert -1 <= d.x0 and d.x1 <= w + 1 and -1 <= d.y0 and d.y1 <= h + 1, d
    assert all(d.size * overview.scale_by >= MIN_TEXT_SIZE - 1e-6 for d in backend.drawn if d.kind == "text")
    # each part of the sheet is named in the key: the sheet's area labels are in it
    text = " ".join(key_entries(flow))
    sheet = next(iter(project.game.sheets.values())).model
    assert all(area.label in text for area in sheet.areas)


def _all(flow):
    for flowable in flow:
        yield flowable
        yield from _all(getattr(flowable, "_content", ()))


def test_legible_only_drops_the_words_that_would_print_under_6_pt_and_keeps_the_rest():
    backend = RecordingBackend()
    legible = LegibleOnly(backend, 0.5)
    legible.text(0, 0, "small", "Vera", 11)
    legible.text(0, 0, "large", "Vera", 12)
    legible.save()
    legible.scale(2, 2)
    legible.text(0, 0, "scaled up", "Vera", 6)
    legible.restore()
    legible.text(0, 0, "after", "Vera", 6)
    assert [c[1][2] for c in backend.calls if c[0] == "text"] == ["large", "scaled up"]


def test_a_figure_naming_a_card_that_failed_its_own_check_adds_no_second_error():
    """A broken card is reported once, where it is written: a figure that lays it is not "not a card" too."""
    project = validated("stranded")

    class WithBrokenCard:  # the game, with one card that failed its own check (Game.unparsed_ids)
        def __getattr__(self, name):
            return getattr(project.game, name)

        def names_card(self, card_id):
            return card_id == "broken-card" or project.game.names_card(card_id)

    figure = {"kind": "setup", "sheet": "playmat", "text": "Ready.", "place": [{"at": "sol", "card": "broken-card"}]}
    assert check_book_figure(figure, WithBrokenCard(), project.sheet_layouts, set()) == []
    assert check_book_figure(figure, project.game, project.sheet_layouts, set())  # a card no deck has: reported


def test_a_figure_naming_what_the_game_lacks_is_reported_in_the_designers_words():
    project = validated("stranded")
    figure = {"kind": "setup", "sheet": "playmat", "text": "Ready.",
              "place": [{"at": "sol-space", "card": "green-sun", "step": "setup-pile"},
                        {"at": "life", "box": 40}]}
    rules = {"setup-piles", "setup-life"}
    messages = " | ".join(check_book_figure(figure, project.game, project.sheet_layouts, rules))
    assert "'sol-space' is not a region of the playmat sheet" in messages
    assert "card 'green-sun' is not a card of this game" in messages and "green-sol" in messages
    assert "step: 'setup-pile' must name a rule" in messages
    assert "box: 40 is not a box of a track 'life'" in messages
    assert check_book_figure({"kind": "cards", "place": [{"at": [0, 0], "card": "brave"}]}, project.game, {}, rules) \
        == ["a cards figure needs a caption: text: <what it shows, in the players' words>"]


def test_a_callouts_leader_point_is_a_spot_of_its_region_given_with_its_point():
    """`leader: [across, down]` is where a callout's line leads when the callout has to slide off its `point:`
    (a half-size figure): like a point, fractions of the region, and only beside a point."""
    project = validated("saucer-escape")
    rules = {"starting-gear"}

    def problems(place: dict) -> list[str]:
        figure = {"kind": "setup", "sheet": "game-sheet", "text": "Ready.", "place": [place]}
        return check_book_figure(figure, project.game, project.sheet_layouts, rules)

    assert problems({"at": "crew", "point": [0.2, 0.9], "leader": [0.15, 0.95], "step": "starting-gear"}) == []
    for wrong in ({"at": "crew", "leader": [0.15, 0.95], "step": "starting-gear"},
                  {"at": "crew", "point": [0.2, 0.9], "leader": [1.5, 0.95], "step": "starting-gear"},
                  {"at": "crew", "point": [0.2, 0.9], "leader": "gear", "step": "starting-gear"}):
        assert [m.split(",")[0] for m in problems(wrong)] == ["place 1: leader: [across"], wrong


# -- the sheet's key, the figures' frames, the set-ups against their sources (the proofreader's review) ---------

A5 = (124 * 72 / 25.4, 186 * 72 / 25.4)  # the booklet's A5 text frame, 12 mm margins
SHEET_GAMES = ["2200-escaping-earth", "stranded", "escort-service", "saucer-escape"]


def key_entries(flow) -> list[str]:
    """The key's entries as printed, "N  Name: what it is", from the key tables in a story."""
    from reportlab.platypus import Table

    entries = []
    for table in (f for f in _all(flow) if isinstance(f, Table)):
        for row in table._cellvalues:
            row = [c[0] if isinstance(c, (list, tuple)) and len(c) == 1 else c for c in row]  # a flowable cell
            cells = [getattr(c, "text", None) for c in row]
            if len(cells) == 2 and cells[0] and cells[0].isdigit() and cells[1]:
                entries.append(f"{cells[0]}  {cells[1]}")
            for cell in row:  # a key's column is a table in a cell
                if isinstance(cell, (list, tuple)):
                    entries += key_entries(list(cell))
                elif isinstance(cell, Table):
                    entries += key_entries([cell])
    return entries


def overview_flow(game_id: str, frame) -> list:
    register_all()
    project = validated(game_id)
    return _sheet_pages(project, book_styles(), frame[0], frame[1])


def plain(markup: str) -> str:
    import re

    return re.sub(r"<[^>]+>", "", markup).replace("&nbsp;", " ").replace("&amp;", "&")


@pytest.mark.parametrize("game_id", SHEET_GAMES)
@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_the_sheet_key_gives_each_part_one_name_and_one_sentence(game_id, frame):
    import re

    entries = [plain(e) for e in key_entries(overview_flow(game_id, frame))]
    assert len(entries) >= 8, entries
    numbers = [int(e.split()[0]) for e in entries]
    assert numbers == list(range(1, len(entries) + 1))  # numbered once each, in order
    for entry in entries:
        number, rest = entry.split("  ", 1)
        name, colon, text = rest.partition(": ")
        assert colon and name and text and ":" not in text, entry  # one "Name: text", a colon after the name
        assert text.endswith(".") and text.count(". ") == 0, entry  # one sentence
        assert not re.search(r"\b\d+\s*(–|\s)\s*\d+\b", text), entry  # no runs of track or slot numbers
    names = [e.split("  ", 1)[1].split(": ")[0] for e in entries]
    assert len(set(names)) == len(names)
    title = validated(game_id).game.manifest.title.lower()
    assert not any(title in name.lower() for name in names)  # the logo is not a part


def test_the_key_never_repeats_a_table_printed_with_the_sheet():
    entries = " ".join(plain(e) for e in key_entries(overview_flow("saucer-escape", FRAME)))
    sheet = validated("saucer-escape").game.sheets["game-sheet"].model
    assert not [row.name for row in sheet.events if row.name in entries]
    assert "Event Table: " in entries


@pytest.mark.parametrize("game_id", SHEET_GAMES)
@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_an_overview_its_caption_and_its_key_stand_on_one_page(game_id, frame):
    flow = overview_flow(game_id, frame)
    group = next(f for f in _all(flow) if any(isinstance(g, BoardFigure) for g in getattr(f, "_content", ())))
    names = [type(f).__name__ for f in group._content]
    assert names[names.index("BoardFigure") + 1] == "Paragraph" and "Table" in names  # caption, then the key
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus.flowables import _listWrapOn

    height = _listWrapOn(group._content, frame[0], Canvas("/dev/null"))[1]
    assert height <= frame[1] - 12, (height, frame[1])  # a page holds the lot (12: a frame's padding)


@pytest.mark.parametrize("game_id", SHEET_GAMES)
def test_an_overview_numbers_no_title_and_no_caption_speaks_of_words_listed(game_id):
    flow = overview_flow(game_id, A5)
    (figure,) = [f for f in _all(flow) if isinstance(f, BoardFigure)]
    layout = validated(game_id).sheet_layouts[next(iter(validated(game_id).game.sheets))]
    title = next(r for r in layout.regions if r.kind == "title")
    marks = [n for n in figure.notes if n.mark]
    assert not [n for n in marks if abs(n.x - (title.x + 8.5)) < 1 and abs(n.y - (layout.height - title.y - 8.5)) < 1]
    captions = [f.text for f in _all(flow) if type(f).__name__ == "Paragraph" and "as a whole" in getattr(f, "text", "")]
    assert captions and not any("words" in c for c in captions)


class _Canvas:
    """What a figure prints on top of its drawing: each plate and callout's box, each line's centre, each leader and
    arrowhead."""

    def __init__(self):
        self.boxes, self.lines, self.segments, self.paths = [], [], [], []

    def stringWidth(self, text, font, size):
        from reportlab.pdfbase.pdfmetrics import stringWidth

        return stringWidth(text, font, size)

    def roundRect(self, x, y, w, h, r, stroke=1, fill=0):
        self.boxes.append((x, y, x + w, y + h))

    def drawCentredString(self, x, y, text):
        self.lines.append((x, y, text))

    def line(self, x0, y0, x1, y1):  # a leader line
        self.segments.append((x0, y0, x1, y1))

    def beginPath(self):  # an arrowhead: its corners, its tip first
        return _Path()

    def drawPath(self, path, stroke=1, fill=0):
        self.paths.append(path.points)

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


class _Path:
    """A path's points, in the order drawn."""

    def __init__(self):
        self.points = []

    def moveTo(self, x, y):
        self.points.append((x, y))

    lineTo = moveTo

    def close(self):
        pass


def printed_notes(figure: BoardFigure, frame) -> _Canvas:
    figure.wrap(*frame)
    canvas = _Canvas()
    figure.print_notes(canvas)
    return canvas


def test_a_cards_two_digit_value_prints_in_a_figure_as_its_one_digit_neighbours_do():
    """The twelfth proofreading: Escort Service's board-mat figure printed the Medic's health (8) in its heart but
    left the Warrior's (10) off: the card fits two digits smaller into the heart, under the size a sheet's value
    is enlarged from. A card's value is enlarged from CARD_VALUE_LEAST where every card value of the figure reads
    from it; a sheet's table of rolls stays as it was."""
    from pnp.render.rulebook_figures import CARD_VALUE_LEAST, VALUE_LEAST, shown_size

    figure = next(f for f in rule_figures("escort-service") if {"Warrior", "Medic"} <= {n.text for n in f.notes})
    texts = drawn(figure).texts()
    assert "10" in texts and "8" in texts
    # the fourteenth: at half size the 10 cannot print; then neither does the 8 (the cards' values alike)
    small = next(f for f in rule_figures("escort-service", A5) if {"Warrior", "Medic"} <= {n.text for n in f.notes})
    small.wrap(*A5)
    backend = RecordingBackend()
    small.draw_scaled(LegibleOnly(backend, small.scale_by))
    assert "10" not in backend.texts() and "8" not in backend.texts()
    assert CARD_VALUE_LEAST < VALUE_LEAST
    assert shown_size("10", 8.5, 0.285) is None and shown_size("10", 8.5, 0.285, CARD_VALUE_LEAST) is not None


def setup_figure(game_id: str, frame=FRAME) -> BoardFigure:
    """The game's set-up figure as the book sets it on a page of `frame` (a booklet's draws it smaller)."""
    setup = setup_numbers(game_id)
    return next(f for f in rule_figures(game_id, frame) if {n.text for n in f.notes if n.mark} & setup)


@pytest.mark.parametrize("game_id", REAL_GAMES)
@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_callouts_and_labels_stay_inside_the_figure(game_id, frame):
    figure = setup_figure(game_id)
    printed = printed_notes(figure, frame)
    w, h = figure.natural[0] * figure.scale_by, figure.natural[1] * figure.scale_by
    assert printed.boxes
    for x0, y0, x1, y1 in printed.boxes:
        assert -0.01 <= x0 and x1 <= w + 0.01 and -0.01 <= y0 and y1 <= h + 0.01, ((x0, y0, x1, y1), (w, h))


@pytest.mark.parametrize("game_id", ["stranded", "saucer-escape"])
@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_a_sheet_setup_figure_names_what_it_points_at_and_no_two_callouts_overlap(game_id, frame):
    figure = setup_figure(game_id)
    labels = {n.text for n in figure.notes if n.tag or n.on_card}  # a face-down pile is named on it
    wanted = {"stranded": {"Danger stack", "Aging stack", "Fighting stack", "Green Sol"},
              "saucer-escape": {"Top enemy", "Reward tracks", "Artifacts box", "Ability boxes"}}[game_id]
    assert wanted <= labels
    printed = printed_notes(figure, frame)

    def overlap(a, b):
        return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5

    boxes = printed.boxes
    clashes = [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if overlap(a, b)]
    if game_id == "saucer-escape":  # every callout and label of its own, none over another
        assert not clashes, clashes
    else:  # callouts never cover each other
        marks = [at[:4] if at else figure._mark_box(printed, n) for n, at in figure.arranged(printed) if n.mark]
        assert not [(a, b) for i, a in enumerate(marks) for b in marks[i + 1:] if overlap(a, b)]


def _overlap(a, b, by: float = 0.5) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > by and min(a[3], b[3]) - max(a[1], b[1]) > by


@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_strandeds_setup_labels_cover_no_track_cell_and_no_card(frame):
    figure = setup_figure("stranded")
    figure.wrap(*frame)
    backend = RecordingBackend()
    figure.draw_scaled(LegibleOnly(backend, figure.scale_by))
    by, cell = figure.scale_by, validated("stranded").sheet_layouts["playmat"].box
    # as the recording backend saw them drawn: the tracks' square boxes, each card's outline
    cells = [(d.x0 * by, d.y0 * by, d.x1 * by, d.y1 * by) for d in backend.drawn
             if d.kind == "rect" and abs(d.x1 - d.x0 - cell) < 0.5 and abs(d.y1 - d.y0 - cell) < 0.5]
    cards = [(x * by, y * by, (x + w) * by, (y + h) * by) for name, (x, y, w, h, *_), kw in
             [c for c in backend.calls if c[0] == "rect" and c[2].get("stroke") == "#555555"]]
    assert len(cells) == 10 + 23 and len(cards) == 2 + 3 * 4 + 1  # free cards 0-9, life 0-22; the cards laid
    arranged = figure.arranged(printed_notes(figure, frame))
    tags = {note.text: at[:4] for note, at in arranged if note.tag}
    # the piles named on them, the cards by their own names: a tag says only what they do not ("Green Sol" is
    # the card's own name; the Final Chapters' names are theirs, on A5 too: the fifth proofreading's tag covered
    # the Danger zone there)
    assert set(tags) == {"Life: 20", "Free cards: 0", "Final Chapters"}
    on_cards = {note.text: at[:4] for note, at in arranged if note.on_card}
    assert {"Danger stack", "Aging stack", "Fighting stack", "Green Sol"} <= set(on_cards)
    for text, box in tags.items():
        assert not [c for c in cells + cards if _overlap(box, c)], text
    for text, box in on_cards.items():  # on its own card or pile (overhanging it a little at most), or a tab
        # astride its top edge
        assert any(c[0] <= (box[0] + box[2]) / 2 <= c[2] and box[2] - box[0] <= (c[2] - c[0]) * TAB_OVERHANG + 6
                   and c[1] <= box[1] <= c[3] for c in cards), text
    track_marks = [at for note, at in arranged if note.mark and note.near]
    assert len(track_marks) == 2 and not [c for m in track_marks for c in cells if _overlap(m, c)]
    placed = [at[:4] for _, at in arranged if at]
    assert not [(a, b) for i, a in enumerate(placed) for b in placed[i + 1:] if _overlap(a, b)]  # nor each other


def test_a_label_with_no_free_spot_on_one_line_breaks_after_its_colon_and_commas():
    from pnp.render.rulebook_figures import _broken

    assert _broken("Final Chapters: The Long Night, Supply Drop Gone Wrong") == [
        ["Final Chapters: The Long Night, Supply Drop Gone Wrong"],
        ["Final Chapters:", "The Long Night, Supply Drop Gone Wrong"],
        ["Final Chapters:", "The Long Night,", "Supply Drop Gone Wrong"]]
    assert _broken("Dangers") == [["Dangers"]]


@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_the_traps_example_stands_on_one_baseline_its_cards_named_legibly(frame):
    figure = _example("escape-master", "escape-slip")
    captions = [n for n in figure.notes if not n.mark and not n.on_card]  # its cards' own names apart
    assert [n.text for n in captions] == ["Action pile", "Action pile", "History"]
    assert len({round(n.y, 3) for n in captions}) == 1  # level captions...
    feet = [min(c.y for c in figure.placed if abs(c.x + c.w / 2 - n.x) < c.w / 2) for n in captions]
    assert max(feet) - min(feet) < 2  # ...under cards whose feet are level (a pile's lowest card at most 1.6 pt off)
    figure.wrap(*frame)
    backend = RecordingBackend()
    figure.draw_scaled(LegibleOnly(backend, figure.scale_by))
    words = {d.text.strip(): d.size * figure.scale_by for d in backend.drawn if d.kind == "text"}
    assert words.get("Uphill Snare", 0) >= MIN_TEXT_SIZE and words.get("Slip Away", 0) >= MIN_TEXT_SIZE
    if frame == FRAME:  # on A4 their rules print too: no card shows an empty rule area
        assert any(text.startswith("Play it on a trap") for text in words), sorted(words)
        assert any(text.startswith("Play it on a rival") for text in words), sorted(words)
    smallest = RecordingBackend()  # drawn smaller to fit a page's foot, never so small that a name is left off
    figure.draw_scaled(LegibleOnly(smallest, figure.least))
    assert 0 < figure.least < 1 and {"Uphill Snare", "Slip Away"} <= {d.text.strip() for d in smallest.drawn}


def test_escort_services_setup_lays_breakout_for_a_real_team_of_two():
    """The set-up figure shows a set-up players play: Breakout for two pilots, both stacked in column 1 (rule 3.3),
    the scenario card's enemies in their columns and the enemies a team of two adds on top of column 4 (rule 3.4),
    each column's cards bottom first from its lowest outline (the columns stack up: stack_up)."""
    project = validated("escort-service")
    figure = setup_figure("escort-service")
    layout = project.sheet_layouts["board-mat"]
    placement = [list(column) for column in project.game.card("breakout").card.placement]
    placement[-1] += project.game.settings.team[2].add
    for column, expected in enumerate(placement, start=1):
        region = next(r for r in layout.regions if r.name == f"column-{column}")
        y0, y1 = layout.height - region.y - region.h, layout.height - region.y
        inside = [c for c in figure.placed if region.x <= c.x < region.x + region.w and y0 <= c.y < y1]
        bottom_first = [c.face.key for c in sorted(inside, key=lambda c: c.y)]  # a column that overflows its two
        # outlines spreads its cards from the lowest to the highest, each a step up, drawn from the highest down so
        # each lower card covers the foot of the one above and every card's name shows
        if len(inside) > 2:
            assert [c.y for c in inside] == sorted((c.y for c in inside), reverse=True), column
        enemies = [k for k in bottom_first if "pilot" not in k]
        assert len(enemies) == len(expected) and all(e in k for e, k in zip(expected, enemies)), (column, bottom_first)
        assert len(bottom_first) - len(enemies) == (2 if column == 1 else 0), (column, bottom_first)
        if inside:  # the first unit stands in the lowest outline, each next one right above it
            from pnp.layout.regions import area_plan

            area = next(a for a in project.game.sheets["board-mat"].model.areas if a.id == f"column-{column}")
            w, h = project.card_outlines.trim_of(area)
            lowest = max(area_plan(region, bool(area.text), area.cards, w, h).slots, key=lambda s: s.y)
            assert abs(min(c.y for c in inside) - (layout.height - lowest.y - lowest.h)) < lowest.h * 0.2


def test_escort_services_example_turn_is_whole_panels_in_reading_order_on_any_page():
    from pnp.games.escort_service.figures import LEAST_PT
    from pnp.render.rulebook import figure_flowables

    register_all()
    project = validated("escort-service")
    node = next(n for n in build_reference(project.game, None).walk() if (n.figure or {}).get("kind") == "example-turn")
    for frame in (FRAME, A5):
        rows = figure_flowables(project.game, node.figure, frame, book_styles())
        assert len(rows) >= 2 and all(isinstance(r, Picture) for r in rows)
        captions = []
        for row in rows:
            width, _ = row.wrap(*frame)
            assert width <= frame[0] + 1e-6 and row.scale_by >= row.least - 1e-9  # whole, legible, never cropped
            backend = RecordingBackend()
            row.draw_at(backend)
            texts = [d for d in backend.drawn if d.kind == "text"]
            assert all(-0.5 <= d.x0 and d.x1 <= row.natural[0] + 0.5 for d in texts)
            assert min(d.size for d in texts) >= LEAST_PT
            captions += [d.text.split(".")[0] for d in sorted(texts, key=lambda d: d.x0) if d.text[:1].isdigit()
                         and d.text[1:2] == "."]
        assert captions == [str(n) for n in range(1, len(captions) + 1)] and len(captions) == 9  # the seed's 9 steps


@pytest.mark.parametrize("game_id", ["escort-service", "saucer-escape"])
def test_no_rulebook_prints_a_detail_crop(game_id, tmp_path):
    from pypdf import PdfReader

    from pnp.render.rulebook import rulebook_pdf

    register_all()
    path = tmp_path / "booklet.pdf"
    rulebook_pdf(validated(game_id), None, "a4", path, booklet=True)
    text = " ".join(page.extract_text() for page in PdfReader(path).pages)
    assert "Detail 1 of" not in text and "Overview: where" not in text


def test_saucer_escapes_glossary_says_where_on_the_sheet_in_a_short_phrase():
    entries = {e.term: e.places for e in build_reference(validated("saucer-escape").game, None).glossary}
    gain = entries["Item"]  # the Reward tracks' items (an event's item is the Event entry's)
    assert "Reward tracks" in gain and len(gain) == len(set(gain)) and len(gain) <= 4
    every = [p for places in entries.values() for p in places]
    assert not [p for p in every if " box " in p or "column " in p.lower()]


def test_saucer_escapes_scoring_reads_each_line_once():
    flow = overview_flow("saucer-escape", FRAME)
    scoring = next(f for f in flow if any("Scoring" in getattr(g, "plain", "") for g in getattr(f, "_content", ())))
    texts = [getattr(g, "text", "") for g in scoring._content]
    assert "+10 for killing the Hivemind" in texts
    assert not [f for f in _all([scoring]) if type(f).__name__ == "Table"]  # no Points column repeating "+1"


def test_the_fight_example_says_the_numbers_its_caption_relies_on_beside_the_cards():
    figure = _example("stranded", "solar-flare-engineer")
    flare = next(n.text for n in figure.notes if not n.mark and n.text.startswith("Solar Flare"))
    assert "3 free" in flare and "2" in flare
    chapters = next(n.text for n in setup_figure("stranded").notes if n.tag and "Final Chapters" in n.text)
    assert "The Long Night" in chapters


def test_a_sheet_setup_figure_stands_a_little_smaller_at_the_foot_of_a_page_rather_than_move_on():
    from pnp.render.rulebook_figures import SHRINK, KeepWithFigure

    figure = setup_figure("saucer-escape")
    full = figure.wrap(*FRAME)[1]
    figure.room = full * 0.9
    assert figure.wrap(*FRAME)[1] == pytest.approx(full * 0.9)  # drawn smaller, on this page
    figure.room = full * (SHRINK - 0.1)
    assert figure.wrap(*FRAME)[1] == pytest.approx(full)  # too much smaller: as large as it stands, on the next
    figure.room = None
    project = validated("saucer-escape")
    node = next(n for n in build_reference(project.game, None).walk() if (n.figure or {}).get("kind") == "setup")
    from pnp.render.rulebook_figures import book_figure

    (group,) = book_figure(project, build_reference(project.game, None), node.figure, FRAME, book_styles())
    assert isinstance(group, KeepWithFigure)


@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_a_playmat_drawn_small_still_names_its_empty_areas(frame):
    """2200's playmat is 610 mm wide: on the page its areas' own headings (11 pt) would print at 3 pt and are left
    off, so the set-up figure prints the name of each area it places nothing on, inside that area's corner, clear
    of every callout and card; an area a callout points at is named by its set-up rule instead."""
    figure = setup_figure("2200-escaping-earth")
    arranged = figure.arranged(printed_notes(figure, frame))
    names = {note.text: (note, at) for note, at in arranged if note.name and not note.on_card}
    assert {"Play area", "Discard pile", "Shop", "Spent gold"} <= set(names), set(names)
    assert not {"Ship card", "Deck", "Zone Ground"} & set(names)  # where 3.1 and 3.2 lay cards
    others = [at[:4] for note, at in arranged if at and not note.name] + [
        figure._mark_box(_Canvas(), n) for n, at in arranged if n.mark and not at]
    cards = [tuple(v * figure.scale_by for v in box) for box in figure.card_boxes()]
    for name, (note, at) in names.items():
        x0, y0, x1, y1 = (v * figure.scale_by for v in note.near)  # its area, as printed
        assert x0 <= at[0] and at[2] <= x1 and y0 <= at[1] and at[3] <= y1, name
        assert not [b for b in others + cards if _overlap(at[:4], b)], name


def test_a_sheet_drawn_at_its_own_size_prints_no_second_name():
    figure = setup_figure("2200-escaping-earth")
    figure.most_h = 10_000
    figure.wrap(10_000, 10_000)  # room for the playmat at its printed size: its own headings print
    assert figure.scale_by == 1.0
    assert not [note for note, _ in figure.arranged(_Canvas()) if note.name and not note.on_card]


@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_a_card_drawn_too_small_to_read_is_named_where_it_prints_its_name(frame):
    """Stranded's Final Chapters in its set-up figure (the third proofreading: "blank, an empty white box"): each
    drawn too small for its own name to print, each prints it on a plate over the card, clear of the callouts."""
    figure = setup_figure("stranded")
    arranged = figure.arranged(printed_notes(figure, frame))
    named = {note.text: at for note, at in arranged if note.on_card}
    tags = {note.text for note, at in arranged if note.tag}
    assert {"The Long Night", "Supply Drop Gone Wrong"} <= set(named) and "Final Chapters" in tags
    callouts = [figure._mark_box(_Canvas(), n) for n, at in arranged if n.mark and not at]
    assert not [(t, c) for t, at in named.items() for c in callouts if _overlap(at[:4], c)]
    figure.most_h = 10_000
    figure.wrap(10_000, 10_000)  # at its printed size the cards print their names themselves: no plate
    assert not [n for n, _ in figure.arranged(_Canvas()) if n.on_card and n.size]


def test_a_tag_says_no_more_than_the_cards_names_say():
    from pnp.render.rulebook_figures import _beyond_names

    names = {"The Long Night", "Supply Drop Gone Wrong", "Green Sol"}
    assert _beyond_names("Final Chapters: The Long Night, Supply Drop Gone Wrong", names) == "Final Chapters"
    assert _beyond_names("Green Sol", names) == ""
    assert _beyond_names("Life: 20", names) == "Life: 20"


def test_an_empty_spot_on_the_table_is_an_outline_its_label_names():
    """A pile still to come (Escape Master's Action pile) is a place with a label and no card: an outline a card's
    size, its label under it; a place with neither is still an error."""
    from pnp.render.rulebook_figures import SPOT_EDGE, _on_table

    project = validated("escape-master")
    places = [{"at": [0, 0], "card": "quick-guide"}, {"at": [1.1, 0], "label": "Action pile"}]
    assert check_book_figure({"kind": "setup", "text": "A seat.", "place": places}, project.game, {}, set()) == []
    assert check_book_figure({"kind": "setup", "text": "A seat.", "place": [{"at": [0, 0]}]}, project.game, {},
                             set()) == ["place 1: a place on the table shows card:, cards: or deck:, or is an empty spot its "
                                        "label: names"]
    (w, h), base, placed, notes = _on_table(project, places, {}, True)
    backend = RecordingBackend()
    base(backend)
    spots = [c for c in backend.calls if c[0] == "rect" and c[2].get("stroke") == SPOT_EDGE]
    assert len(spots) == 1 and len(placed) == 1
    x, y, sw, sh = spots[0][1][:4]
    card = placed[0]
    assert x > card.x + card.w and abs(sw - card.w) < 0.01  # beside the card, a card wide
    assert [n.text for n in notes if not n.mark] == ["Action pile"]


def test_a_token_put_on_a_cards_square_is_drawn_over_the_card():
    """2200's set-up rule 3.5 puts the ship token on a square of a top Zone card: the figure draws it there, on
    the card (after it), its callout beside it."""
    figure = setup_figure("2200-escaping-earth")
    backend = drawn(figure)
    names = [c[0] for c in backend.calls]
    token = max(i for i, c in enumerate(backend.calls) if c[0] == "circle" and c[2].get("fill") == "#f2c14e")
    last_card = max(i for i, name in enumerate(names) if name == "use_symbol")
    assert token > last_card
    cx, cy = backend.calls[token][1][:2]
    assert any(x0 < cx < x1 and y0 < cy < y1 for x0, y0, x1, y1 in figure.card_boxes())
    assert "3.5" in {n.text for n in figure.notes if n.mark}


def test_a_sheet_too_small_to_read_in_the_frame_is_printed_at_its_size_on_a_page_of_its_own(tmp_path):
    """Saucer Escape's game sheet prints its words at 6 pt: drawn in the A4 page's frame they would all be left off
    (the third proofreading: "the sheet picture has no words"). It fits the A4 page at its printed size, so it is
    printed there, a page of its own with no footer, every word of it legible and its callouts in the margin beside
    the parts. Its key stays in the sheet's section, which says where the plate is: after the index, so the key, the
    sheet's tables and the index run on (the fourth proofreading: a key alone on the page before the plate). An A5
    booklet page cannot hold it: there it stays a keyed picture."""
    from pypdf import PdfReader

    from pnp.render.rulebook import rulebook_pdf

    out = tmp_path / "rules.pdf"
    rulebook_pdf(validated("saucer-escape"), None, "a4", out)
    pages = [page.extract_text() for page in PdfReader(out).pages]
    plate = next(i for i, text in enumerate(pages) if "Scalding plasma" in text and "Hot Plasma" in text
                 and "Commander R. Deckard" in text)
    assert "rulebook \u00b7 page" not in pages[plate]  # a plate: no folio
    key = next(i for i, text in enumerate(pages) if "at its full size on a page of its own, after the index" in text)
    index = max(i for i, text in enumerate(pages) if re.search(r"(?m)^Index$", text))  # not the contents
    assert key < index < plate and "Turn summary" in pages[plate + 1]  # the key in its section; the plate after the index
    booklet = tmp_path / "booklet.pdf"
    rulebook_pdf(validated("saucer-escape"), None, "a4", booklet, booklet=True)
    assert not any("Commander R. Deckard" in page.extract_text() and "Scalding plasma" in page.extract_text()
                   for page in PdfReader(booklet).pages)


def test_a_plates_callouts_stand_beside_their_parts_clear_of_the_sheets_words():
    """Each number follows its part's heading ("TURN RECORD 7", the twelfth proofreading: numbers in the margin
    stood 2 mm from the paper's edge) and stays inside the page's 5 mm safe area (PRINT.md)."""
    from pnp.render.rulebook_figures import SAFE, Plate, sheet_overview

    project = validated("saucer-escape")
    register_all()
    page = (595.28, 841.89)
    flow = sheet_overview(project, "game-sheet", FRAME, book_styles(), "caption", None, page, "plate caption")
    plate = next(f for f in flow if isinstance(f, Plate))
    plate.wrap(*page)
    figure = plate.figure
    assert figure.scale_by == 1.0 and figure.outside > 0
    words = figure.avoid
    marks = [at for note, at in figure.arranged(_Canvas()) if note.mark]
    assert len(marks) == 8 and all(at is not None for at in marks)
    assert not [m for m in marks for w in words if _overlap(m[:4], w)]
    margin = (page[0] - figure.natural[0]) / 2  # the plate is centred on its page
    assert all(m[0] + margin >= SAFE - 0.01 and m[2] + margin <= page[0] - SAFE + 0.01 for m in marks)
    headings = [d for d in figure.base.words if d.size >= 7]
    after = [m for m in marks if any(0 < m[0] - d.x1 <= 4 and abs((m[1] + m[3]) / 2 - (d.y0 + d.y1) / 2) < 2
                                     for d in figure.base.words)]
    assert len(after) == 8 and len(headings) >= 7  # the legend has no heading: its number follows its top line


@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_no_name_or_tag_covers_a_token_put_on_a_card(frame):
    """2200's set-up puts the health token on The Wolf's printed 3 and the ship token on a Zone square: a card's name
    plate or a tag never hides them."""
    figure = setup_figure("2200-escaping-earth")
    arranged = figure.arranged(printed_notes(figure, frame))
    tokens = [tuple(v * figure.scale_by for v in box) for box in figure.base.loose]
    assert len(tokens) >= 2
    printed = [at[:4] for note, at in arranged if at and (note.on_card or note.tag)]
    assert printed and not [(p, t) for p in printed for t in tokens if _overlap(p, t)]


def test_parts_alike_share_one_number_and_one_line_of_the_key():
    """Escape Master's score sheet gives each player two rows of boxes: the picture numbers both rows alike and the
    key names the player once, not "Player 1, Player 1, Player 2..." (the third proofreading)."""
    from pnp.render.rulebook_figures import sheet_key, sheet_overview

    register_all()
    project = validated("escape-master")
    parts = sheet_key(project, "score-sheet")
    flow = sheet_overview(project, "score-sheet", A5, book_styles(), "caption")
    figure = next(figures(flow))
    marks = [n.text for n in figure.notes if n.mark]
    # one callout a number, at the corner of its rows together (two callouts "7" side by side collided at A5)
    assert len(marks) == len(set(marks)) == len({(r.kind, name, text) for r, name, text in parts}) < len(parts)


@pytest.mark.parametrize("game_id, sheet_id", [("saucer-escape", "game-sheet"), ("escape-master", "score-sheet")])
def test_a_booklets_keyed_sheet_puts_each_number_at_its_parts_corner(game_id, sheet_id):
    """At a booklet's half page the parts' corners are crowded with boxes to write in: a number stays at its part's
    top-left corner (over a box if it must), never beside some other part where it would name that one (the fourth
    proofreading: Saucer Escape's Map number stood by the Event Table, Turn Record's inside the Score panel)."""
    from pnp.render.rulebook_figures import MARK_PT, sheet_key, sheet_overview

    register_all()
    project = validated(game_id)
    flow = sheet_overview(project, sheet_id, A5, book_styles(), "caption")
    figure = next(figures(flow))
    figure.wrap(*A5)
    by, height = figure.scale_by, project.sheet_layouts[sheet_id].height
    corners = {}
    for region, name, text in sheet_key(project, sheet_id):
        x, y = region.x * by, (height - region.y) * by
        corners.setdefault((region.kind, name, text), (x, y))
    at = {note.text: box for note, box in figure.arranged(_Canvas()) if note.mark}
    numbers = {}
    for region, name, text in sheet_key(project, sheet_id):
        numbers.setdefault((region.kind, name, text), str(len(numbers) + 1))
    for part, number in numbers.items():
        x, y = corners[part]
        x0, y0, x1, y1 = at[number][:4] if at.get(number) else figure._mark_box(_Canvas(), next(
            n for n in figure.notes if n.text == number))
        assert x - 2.5 * MARK_PT <= x0 <= x + 2.5 * MARK_PT and y - 3 * MARK_PT <= y1 <= y + 2.5 * MARK_PT, (part, number)


def test_a_sheets_key_names_its_parts_without_their_lines_to_write_on():
    from pnp.render.rulebook_figures import sheet_key

    texts = [text for _, _, text in sheet_key(validated("escape-master"), "score-sheet")]
    assert texts and not [t for t in texts if "__" in t or t.strip(" +") != t]


def test_a_label_wider_than_its_place_breaks_in_two_so_labels_side_by_side_never_run_together():
    """Escape Master's booklet set-up read "Quick Guide Escape Leader" under two cards (the sixth proofreading)."""
    from pnp.render.rulebook_figures import _label_lines

    assert _label_lines("Quick Guide", 30) == "Quick\nGuide" and _label_lines("Quick Guide", 200) == "Quick Guide"
    assert _label_lines("A player's 10 cards", 40).count("\n") == 1 and _label_lines("History", 10) == "History"


def test_a_value_kept_legible_in_a_small_figure_prints_at_6_pt_and_a_word_never_grows():
    """A figure drawn small keeps its numbers at 6 pt (at most twice their size), every number of a track alike:
    Stranded's Final Chapter values and track numbers were left off (the fourth proofreading)."""
    register_all()
    backend = RecordingBackend()
    small = LegibleOnly(backend, 0.5)
    small.text(0, 0, "3", "VeraBd", 7.0)  # 3.5 pt printed: shown at 6
    small.text(0, 0, "10", "VeraBd", 7.0)  # two digits alike
    small.text(0, 0, "10", "VeraBd", 5.0)  # 2.5 pt printed: more than twice too small, left off
    small.text(0, 0, "Swarmer", "VeraBd", 10.0)  # a word is never grown
    sizes = [(c[1][2], c[1][4]) for c in backend.calls if c[0] == "text"]
    assert sizes == [("3", pytest.approx(12.0)), ("10", pytest.approx(12.0))]


@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_2200s_setup_names_the_wolf_and_its_deck(frame):
    """The seventh proofreading: the deck pile had no name, and the Wolf's name plate had no room between its two
    tokens (it stands at the card's foot)."""
    figure = setup_figure("2200-escaping-earth")
    named = {note.text for note, at in figure.arranged(printed_notes(figure, frame)) if note.on_card and at}
    assert {"The Wolf", "Deck", "Reserved cards"} <= named, named


HALF_LETTER = (396 - 24 * 72 / 25.4, 612 - 24 * 72 / 25.4)  # the Letter booklet's text frame, 12 mm margins


@pytest.mark.parametrize("frame", [A5, HALF_LETTER], ids=["a5", "half-letter"])
def test_a_card_under_a_corner_callout_is_named_on_a_tab_slid_clear_of_it(frame):
    """The eighth proofreading: in Escort Service's booklet the Mender, the top card of column 4 under the 3.4
    callout, had no name, and the Swarmer beside it was named across its attack values. A tab slides along the
    card's top edge (within its overhang, at 6 pt where 6.5 pt cannot clear it: the Letter booklet) until it clears
    the callout; a card laid on another card's foot never names itself over the band of that card that shows."""
    figure = setup_figure("escort-service", frame)
    arranged = figure.arranged(printed_notes(figure, frame))
    tabs = {note.text: at for note, at in arranged if note.on_card and at}
    assert "Mender" in tabs
    boxes = [tuple(v * figure.scale_by for v in box) for box in figure.card_boxes()]
    marks = [figure._mark_box(_Canvas(), n) for n, at in arranged if n.mark and not at]
    for note, at in arranged:
        if not (note.on_card and at):
            continue
        assert not [m for m in marks if _overlap(at[:4], m)], note.text
        x0, y0, x1, y1 = (v * figure.scale_by for v in note.near)
        under = [b for b in boxes if b[3] > y1 + (y1 - y0) * 0.1 and _overlap(b, (x0, y0, x1, y1))]
        assert not [b for b in under if _overlap(at[:4], (b[0], y1, b[2], b[3]))], note.text


@pytest.mark.parametrize("game_id, names, frame", [
    ("escape-master", ("Hattie Plowright", "Captain Nib"), FRAME), ("escape-master", ("Hattie Plowright", "Captain Nib"), A5),
    ("stranded", ("The Long Night", "Supply Drop Gone Wrong"), FRAME),
    ("stranded", ("The Long Night", "Supply Drop Gone Wrong"), A5)], ids=["em-a4", "em-a5", "stranded-a4", "stranded-a5"])
def test_two_cards_of_one_design_in_a_figure_carry_their_names_at_the_same_spot(game_id, names, frame):
    """The seventeenth proofreading: Escape Master's two leaders were named in different places, Hattie
    Plowright's mid-card, Captain Nib's astride the card's top edge; Stranded's two Final Chapters, one at the
    top and one at the foot. A name stands where the first card of its design has its name, where that is clear;
    the first is named where it leaves the others their names at the same spot (the eighteenth: in the A4 booklet
    The Long Night's top edge was under callout 3.2, and Supply Drop Gone Wrong prints its rules where The Long
    Night was named; 3.2 now stands at the foot of the Final Chapters' place)."""
    from pnp.render.rulebook_figures import _card_box, _relative, _scaled

    figure = setup_figure(game_id)
    arranged = figure.arranged(printed_notes(figure, frame))
    spots = []
    for note, at in arranged:
        if note.name and note.text in names and at:
            card = _scaled(_card_box(figure.project, figure._card_of(note)), figure.scale_by)
            spots.append(_relative(at, card))  # its middle across, its bottom and top, as shares of its card
    assert len(spots) == 2, spots
    (_, low, high), (_, low2, high2) = spots
    astride = low < 1 < high and low2 < 1 < high2  # both on their cards' top edges
    assert astride or abs(low - low2) < 0.02 or abs(high - high2) < 0.02, spots  # or level at foot or top


@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_a_regions_name_never_hides_a_dot_the_sheet_prints(frame):
    """The eighteenth proofreading: Saucer Escape's "Turn Record" name stood astride its region's top edge, its white
    plate over the dots under a crew member's Gear boxes, the starting gear rule 2.6 has players darken. A region's
    name stands a little lower, its plate clear of every dot, and is still printed."""
    from pnp.render.rulebook_figures import _overlap, _plate, _scaled, _sheet_dots

    figure = setup_figure("saucer-escape")
    arranged = figure.arranged(printed_notes(figure, frame))
    dots = [_scaled(box, figure.scale_by) for box in _sheet_dots(figure.project, "game-sheet")]
    assert len(dots) >= 10  # the crew's starting gear
    names = {note.text: at for note, at in arranged if note.name and not note.on_card and at}
    assert "Turn Record" in names
    assert not [(text, dot) for text, at in names.items() for dot in dots if _overlap(_plate(at), dot) > 0]


@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_a_narrow_area_is_named_at_the_least_legible_size_rather_than_not_at_all(frame):
    """2200's "Gold and Blueprints" area is narrower at booklet size than "Blueprints" at 6.5 pt: set at 6 pt it
    still fits, and it is named."""
    figure = setup_figure("2200-escaping-earth")
    named = {note.text: at for note, at in figure.arranged(printed_notes(figure, frame)) if note.name and at}
    assert "Gold and Blueprints" in named
    assert named["Gold and Blueprints"][5] >= MIN_TEXT_SIZE


def test_a_tag_with_no_room_on_the_figure_is_said_in_a_key_under_it():
    """Saucer Escape's sheet at booklet size is all boxes and icons: the "Ability boxes", "Gear boxes" and "Reward
    tracks" tags covered what they name. Each is said under the figure beside its callout's number instead; every
    tag left on the figure covers no box, cell or icon; and the figure is as much taller as its key."""
    from pnp.render.rulebook_figures import _overlap as covered

    figure = setup_figure("saucer-escape", A5)
    width, height = figure.wrap(*A5)
    arranged = figure.arranged(_Canvas())
    keyed = {note.text for note, _ in arranged if note.keyed}
    assert "Reward tracks" in keyed, keyed  # (since the twelfth proofreading the callouts 2.5 and 2.6 slide off
    # the ability boxes, and their tags find room beside them)
    assert [words for row in figure.key_rows for _, words in row] == [n.text for n, _ in arranged if n.keyed]
    assert "2.3" in {callout for row in figure.key_rows for callout, _ in row}
    assert height == pytest.approx(figure.natural[1] * figure.scale_by + figure.key_height())
    avoid = [tuple(v * figure.scale_by for v in box) for box in figure.avoid]
    for note, at in arranged:
        if note.tag and at:
            assert sum(covered(at[:4], box) for box in avoid) <= 0.5, note.text
    printed = _Canvas()
    figure.print_notes(printed)
    assert not [line for line in printed.lines if line[2] in keyed]  # not also on the figure


@pytest.mark.parametrize("frame", [FRAME, A5], ids=["a4", "a5"])
def test_a_set_up_callout_slides_off_the_boxes_it_would_hide(frame):
    """The twelfth proofreading: at booklet size Saucer Escape's 2.5 and 2.6 badges, larger than a sheet's ability
    box, hid Deckard's and Rico's ability boxes. A callout that hides most of a box to write in slides the least it
    takes (a badge and a half at most) to cover none; it stays by the spot its rule fills (and one standing on the
    edge of the box it names, 2.4 on the Artifacts box, stays there)."""
    from pnp.render.rulebook_figures import HIDES, NUDGE
    from pnp.render.rulebook_figures import _overlap as covered

    figure = setup_figure("saucer-escape", frame)
    figure.wrap(*frame)
    canvas = _Canvas()
    boxes = [tuple(v * figure.scale_by for v in box) for box in figure.avoid]
    marks = [n for n in figure.notes if n.mark and n.near is None]
    assert len(marks) == 5
    for note in marks:  # where no slide clears them all (2.2 among the enemies' rows), it stays where it is
        at, anchor = figure._mark_box(canvas, note), figure._mark_box(canvas, note, nudged=False)
        hidden = [b for b in boxes if covered(at, b) > HIDES * (b[2] - b[0]) * (b[3] - b[1])]
        assert not hidden if note.text in ("2.5", "2.6") else (not hidden or at == anchor), note.text
        assert abs(at[0] - anchor[0]) <= NUDGE * (anchor[2] - anchor[0]) + 1e-6, note.text
        assert abs(at[1] - anchor[1]) <= NUDGE * (anchor[3] - anchor[1]) + 1e-6, note.text


@pytest.mark.parametrize("frame", [A5, (328.0, 544.0)], ids=["a5", "half-letter"])
def test_a_keyed_playmats_numbers_never_stand_on_its_tracks_boxes(frame):
    """The fourteenth to sixteenth proofreadings: in Stranded's booklets the playmat's number 12 stood on the
    free-card track's 0. A track's boxes are what a number keeps clear of, however large they are."""
    from pnp.render.rulebook_figures import BoardFigure, _track_cells, sheet_overview
    from pnp.render.rulebook_figures import _overlap as covered

    project = validated("stranded")
    register_all()
    flow = sheet_overview(project, "playmat", frame, book_styles(), "caption")
    figure = next(f for f in figures(flow) if isinstance(f, BoardFigure))
    figure.wrap(*frame)
    layout = project.sheet_layouts["playmat"]
    cells = _track_cells(layout, {r.name: r for r in layout.regions},
                         {t.id: t for t in project.game.sheets["playmat"].model.tracks})
    assert len(cells) >= 30  # the free-card track's 0-9, the life track's 0-22
    boxes = [tuple(v * figure.scale_by for v in cell) for cell in cells]
    numbers = [(note, at) for note, at in figure.arranged(_Canvas()) if note.part]
    assert numbers and not [(note.text, at[:4]) for note, at in numbers for box in boxes if covered(at[:4], box) > 0]


def test_a_keyed_sheets_numbers_cover_no_box_or_icon_standing_beside_the_picture_where_they_must():
    """The eighth proofreading: on Saucer Escape's booklet page 14 the numbers of the keyed sheet covered a map box,
    the legend's icons, the Artifacts icon and a turn box. A number with no clear spot at its part's corner stands
    beside the picture, in the half page's room left of it (or right), a leader to its part; none covers a box to
    write in or an icon."""
    from pnp.render.rulebook_figures import BoardFigure, sheet_overview
    from pnp.render.rulebook_figures import _overlap as covered

    project = validated("saucer-escape")
    register_all()
    flow = sheet_overview(project, "game-sheet", A5, book_styles(), "caption")
    figure = next(f for f in figures(flow) if isinstance(f, BoardFigure))
    figure.wrap(*A5)
    assert figure.sides > 0
    arranged = figure.arranged(_Canvas())
    numbers = [(note, at) for note, at in arranged if note.part]
    assert len(numbers) == 8 and all(at is not None for _, at in numbers)
    parts = [tuple(v * figure.scale_by for v in box) for box in figure.avoid]
    for note, at in numbers:
        assert sum(covered(at[:4], part) for part in parts) <= 0.5, note.text
    width = figure.natural[0] * figure.scale_by
    beside = [note.text for note, at in numbers if at[2] <= 0 or at[0] >= width]
    assert beside and all(-figure.sides <= at[0] and at[2] <= width + figure.sides for _, at in numbers)
    printed = _Canvas()
    lines = []
    printed.line = lambda *args: lines.append(args)
    figure.print_notes(printed)
    assert len(lines) == len(beside)  # a leader each


def test_an_areas_name_too_wide_for_it_is_cut_with_a_hyphen_rather_than_left_off():
    """The eighth proofreading: in 2200's Letter booklet (its set-up figure a little smaller still at a page's foot)
    "Gold and Blueprints" had no name, "Blueprints" being wider than its area even at 6 pt. Cut where English
    hyphenation allows, "Blue-" / "prints", it is named; a name that fits whole is never cut."""
    narrow = (300, HALF_LETTER[1])  # the playmat drawn at 0.17 of its size, as that page's foot draws it
    figure = setup_figure("2200-escaping-earth", narrow)
    named = {note.text: at for note, at in figure.arranged(printed_notes(figure, narrow)) if note.name and at}
    assert named["Gold and Blueprints"][4] == ["Gold and", "Blue-", "prints"]
    assert not [lines for lines in (at[4] for at in named.values()) if any(line.endswith("-") for line in lines)
                and lines != ["Gold and", "Blue-", "prints"]]
    figure = setup_figure("2200-escaping-earth", A5)
    named = {note.text: at for note, at in figure.arranged(printed_notes(figure, A5)) if note.name and at}
    assert named["Gold and Blueprints"][4] == ["Gold and", "Blueprints"]


def test_a_figure_group_knows_when_it_moves_on_to_the_next_page():
    """KeepWithFigure tells its figure to stand at full size again when the group goes on to the next page: it knows
    that by the flowable reportlab's KeepTogether puts first, whose class is _FrameBreak (its FrameBreak is an
    instance): MOVED named "FrameBreak", and never matched."""
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Frame, Paragraph, Spacer
    from reportlab.platypus.flowables import KeepTogether

    from pnp.render.rulebook_figures import MOVED

    register_all()
    canvas = Canvas(io.BytesIO())
    frame = Frame(0, 0, 300, 300)
    group = KeepTogether([Paragraph("words", book_styles()["body"]), Spacer(1, 250)])
    frame.add(Spacer(1, 200), canvas)
    group._frame, group.canv = frame, canvas
    group.wrap(300, 90)
    parts = group.split(300, 90)
    assert type(parts[0]).__name__ in MOVED
