"""Escape Master's print files hold the seed's counts: 106 GAME cards, 6 leaders, the green kit."""
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app


@pytest.fixture
def built(built_game):
    return built_game("escape-master")


def test_the_game_deck_prints_106_cards(built):
    assert len(PdfReader(built / "home-a4/game.pdf").pages) == 2 * 12  # 106 cards, 9 per sheet, fronts and backs
    assert len(PdfReader(built / "print-on-demand/game-drivethrucards.pdf").pages) == 2 * 106


def test_leader_text_is_real_text(built):
    text = PdfReader(built / "print-on-demand/character-drivethrucards.pdf").pages[1].extract_text()
    assert "Hattie Plowright" in text and "Turn the Soil" in text and "Early Harvest" in text


def test_the_title_page_shows_the_showcase_and_the_colours(built):
    cover = PdfReader(built / "rules/rulebook-a4.pdf").pages[0].extract_text()
    # as many showcased cards as stand legible at printed size inside the A4 margins: two of the three
    assert "7-Start" in cover and "Wisdom" in cover and "Hattie Plowright" not in cover
    assert "enough for a first game" in cover and "adds leaders, Story cards and the Doom Master" in cover


def test_the_green_kit_leaves_out_every_red_and_yellow_card(project):
    result = CliRunner().invoke(app, ["build", "escape-master", "--difficulty", "green"])
    assert result.exit_code == 0, result.output
    green = project / "output/escape-master-green"
    assert len(PdfReader(green / "home-a4/game.pdf").pages) == 2 * 10  # 86 green cards
    assert not (green / "home-a4/character.pdf").exists()  # every leader is red
    rules = (green / "rules/rules.md").read_text()
    assert 'id="rule-goal"' in rules and 'id="rule-doom-ranks"' not in rules and 'id="rule-wild"' not in rules
    assert "### CHARACTER deck" not in rules  # a deck with no green card is not in the card reference


def test_a_six_and_a_nine_are_underlined_and_rankless_cards_show_a_corner_drawing(em_project):
    """Read upside down, a 6 passes for a 9: both carry the usual bar under the rank, and nothing else does. A
    special card (no rank) shows its drawing in two corners, so a fanned hand still tells it apart."""
    from types import SimpleNamespace

    from pnp.games.escape_master.boxes import RankMark

    drawn = []
    backend = SimpleNamespace(rect=lambda *args, **kwargs: drawn.append(args))
    box = SimpleNamespace(w=7, h=1, color="#123456")
    for card_id, bars in (("mice-6", 1), ("robots-9", 1), ("teens-8", 0), ("mice-k", 0)):
        drawn.clear()
        face = SimpleNamespace(card=em_project.game.card(card_id).card, values={})
        RankMark().draw(backend, box, face, None, {}, 0, 0)
        assert len(drawn) == bars, card_id
    layout = (em_project.root / "layouts/escape-master/cards.yaml").read_text()
    assert "rank_mark_top: {type: rank-mark" in layout and "rank_mark_bottom:" in layout
    assert 'corner_art_top: {type: art, when: "!rank_label"' in layout and "corner_art_bottom:" in layout


def _pips_box(project):
    (box,) = [box for box in project.layout.templates["numbered"].boxes if box.type == "rank-pips"]
    return box


def _placed_emblems(project, card_id: str) -> list[str]:
    """The emblems the card's body (its rank-pips box) places, recorded: one name per pip."""
    from pnp.render.backend import RecordingBackend
    from pnp.render.cards import draw_box

    face = project.faces.fronts[card_id]
    pen = RecordingBackend()
    draw_box(pen, _pips_box(project), face, project.layout, project.game.emblems)
    return [args[0] for name, args, _ in pen.calls if name == "use_symbol" and args[0].startswith("emblem:")]


def test_every_numbered_card_shows_as_many_tribe_pips_as_its_rank(em_project):
    """Like a playing card, a 1 to 10 carries its number in emblems of its tribe, so a player counts it at a glance;
    the seed's face cards (J, Q, K: "no number") carry a court panel instead: the emblem twice, head to head."""
    game = em_project.game
    numbered = [record.card for record in game.cards() if record.card.kind == "numbered"]
    assert len(numbered) == 78  # six tribes, 1 to K
    for card in numbered:
        placed = _placed_emblems(em_project, card.id)
        art = em_project.faces.fronts[card.id].values["art"]
        tribe = [name for name in placed if name.startswith(f"emblem:{art}:")]  # the card's own tribe...
        marks = [name for name in placed if not name.startswith(f"emblem:{art}:")]  # ...and a face rank's mark
        assert len(tribe) == (2 if card.rank > 10 else card.rank), card.id
        assert len(marks) == (1 if card.rank > 10 else 0), card.id


def test_pips_keep_inside_their_box_and_never_touch(em_project):
    from pnp.games.escape_master.boxes import PIP_LAYOUTS
    from pnp.render.backend import RecordingBackend
    from pnp.render.cards import draw_box, face_size

    box = _pips_box(em_project)
    for rank in range(1, 11):
        face = em_project.faces.fronts[f"lumberjacks-{rank}"]
        pen = RecordingBackend()
        draw_box(pen, box, face, em_project.layout, em_project.game.emblems)
        size = face_size(face, em_project.layout)
        left, bottom = size.bleed + box.x, size.bleed + size.height - box.y - box.h
        assert all(d.outside(left, bottom, left + box.w, bottom + box.h, by=0.01) == 0 for d in pen.drawn), rank
        spots = PIP_LAYOUTS[rank]
        assert len(set(spots)) == len(spots) == rank


def test_the_sixes_and_nines_of_the_real_deck_carry_their_bar_in_both_corners(em_project):
    from pnp.render.cards import box_drawings

    for card_id in ("average-joes-6", "vapor-ninjas-9", "mice-8", "robots-q"):
        face = em_project.faces.fronts[card_id]
        bars = [drawing.box.name for drawing in box_drawings(face, em_project.layout, em_project.game.emblems)
                if drawing.box.type == "rank-mark" and any(d.kind == "rect" for d in drawing.drawn)]
        expected = ["rank_mark_top", "rank_mark_bottom"] if card_id.endswith(("-6", "-9")) else []
        assert sorted(bars) == sorted(expected), card_id


def test_the_corner_index_pip_is_smaller_than_the_body_pips(em_project):
    """Otherwise the index's pip reads as one more of the rank's."""
    from pnp.games.escape_master.boxes import PIP_SHARE

    (corner,) = [box for box in em_project.layout.templates["numbered"].boxes if box.name == "pip_top"]
    assert corner.w < _pips_box(em_project).w * PIP_SHARE * 0.8


def test_every_special_card_of_the_game_deck_shows_a_corner_index_at_both_ends(em_project):
    """A 7-Start or a Doom Master its rank, a Wisdom, trap or escape its drawing: in the top corner and, turned
    round, in the bottom one, so a fanned hand tells each apart."""
    from pnp.render.cards import box_drawings

    specials = [record.card for record in em_project.game.decks["game"].cards if record.card.kind != "numbered"]
    assert len({card.kind for card in specials}) == 6
    for card in specials:
        face = em_project.faces.fronts[card.id]
        shown = {drawing.box.name for drawing in box_drawings(face, em_project.layout, em_project.game.emblems)
                 if drawing.drawn and drawing.box.name.startswith("corner_")}
        ends = {name.rsplit("_", 1)[1] for name in shown}
        assert ends == {"top", "bottom"}, card.id


def _printed(em_project, card_id: str) -> dict[str, list]:
    """Box name -> the words its drawing prints on the card's front, as (text, size) pairs."""
    from pnp.render.cards import box_drawings

    face = em_project.faces.fronts[card_id]
    return {drawing.box.name: [(d.text, d.size) for d in drawing.drawn if d.kind == "text" and d.text.strip()]
            for drawing in box_drawings(face, em_project.layout, em_project.game.emblems)}


def test_a_doom_master_corner_rank_is_as_large_as_a_numbered_cards(em_project):
    """A Doom Master plays on a Stack as its J, Q or K: its corners read at a glance like a Numbered card's."""
    numbered = max(size for _, size in _printed(em_project, "mice-q")["rank_top"])
    for card_id, rank in (("doom-master-jump", "J"), ("doom-master-quiet", "Q"), ("doom-master-kindle", "K")):
        printed = _printed(em_project, card_id)
        for corner in ("corner_top", "corner_bottom"):
            assert [text for text, _ in printed[corner]] == [rank], (card_id, corner)
            assert min(size for _, size in printed[corner]) >= numbered - 0.01, (card_id, corner)


def test_jump_quiet_and_kindle_are_told_apart_by_more_than_their_corner_letter(em_project):
    """Third proofreading: "Jump, Quiet and Kindle look alike: they share the same picture and differ only by the
    corner letter". A tribe's J, Q and K court shows its rank's mark (a leap, a moon, a flame), and each Doom Master
    wears the crown over its own mark."""
    from pnp.render.backend import RecordingBackend
    from pnp.render.cards import draw_face

    def emblems_drawn(card_id: str) -> set[str]:
        backend = RecordingBackend()
        draw_face(backend, em_project.faces.fronts[card_id], em_project.layout, em_project.game.emblems, 0, 0)
        return {name.split(":")[1] for name in backend.symbols if name.startswith("emblem:")}

    marks = {rank: emblems_drawn(f"mice-{rank}") & {"leap", "moon", "flame"} for rank in ("j", "q", "k")}
    assert marks == {"j": {"leap"}, "q": {"moon"}, "k": {"flame"}}
    arts = {em_project.game.card(f"doom-master-{name}").card.art for name in ("jump", "quiet", "kindle")}
    assert len(arts) == 3 and all(art in em_project.game.emblems for art in arts)


def test_a_leader_card_labels_its_ability_and_its_beast_mode(em_project):
    """Each power is headed by what it is, beside its name, so a player tells the every-round ability from the
    Beast Mode unlocked with Experience."""
    for record in em_project.game.decks["character"].cards:
        printed = _printed(em_project, record.card.id)
        assert [text for text, _ in printed["ability_label"]] == ["Ability"], record.card.id
        assert [text for text, _ in printed["beast_label"]] == ["Beast Mode"], record.card.id
        assert record.card.beast_mode.name in " ".join(text for text, _ in printed["beast_name"])


def test_cards_call_things_by_the_rules_names(em_project):
    """One name for each thing, as the rules say it: the call is "Draw!", a power moves two ranks (4.4 says one
    rank), an escape is a kind of card, not a capitalised word; the Quick Guide heads its lines for the yellow and
    red rules as the rules name them and its red lines cover leaders, Story cards and Beast Mode."""
    texts = {record.card.id: " ".join([record.card.text] + [block.text for block in (record.card.ability,
             record.card.beast_mode) if block]) for record in em_project.game.cards()}
    for card_id, text in texts.items():
        assert "two steps" not in text and "calls Draw," not in text, card_id
    assert 'calls "Draw!"' in texts["leader-pip-relay"] and 'calls "Draw!"' in texts["story-deaf-ear"]
    assert "two ranks up or down" in texts["leader-captain-nib"] and "two ranks up or down" in texts["story-long-stride"]
    assert "answer with an escape" in texts["trap-draw-three"]
    guide = texts["quick-guide"]
    assert "kit" not in guide and "combos" not in guide and "Yellow rules:" in guide
    red = guide.split("Red rules:")[1]
    assert all(word in red for word in ("Doom Master", "leader", "Story card", "Experience", "Beast Mode"))


@pytest.mark.parametrize("lang, permitted", [
    ("en", "You may use your leader's ability each round."),
    ("fr", "Vous pouvez utiliser la capacité de votre meneur à chaque manche."),
    ("de", "Die Fähigkeit deines Fluchthelfers darfst du jede Runde nutzen."),
])
def test_the_quick_guide_lets_players_use_their_leaders_ability(em_project, lang, permitted):
    """The rulebook gives each player a leader's ability "they may use each round": a choice, never an order. Fourth
    proofreading: the Quick Guide read "Use your leader's ability every round" (and so did both editions)."""
    from pnp.content import translations

    game = em_project.game if lang == "en" else translations.apply(em_project.game, lang)[0]
    red = game.card("quick-guide").card.text.split("\n")[-1]
    assert permitted in red


def _set_up_caption(booklet) -> list[str]:
    """The lines of the set-up figure's caption as the booklet sets them: from its first line down to its folio."""
    for side in PdfReader(booklet).pages:
        lines = []

        def visit(text, cm, tm, font, size):
            if text.strip():
                lines.append((cm[4] + tm[4] * cm[0], cm[5] + tm[5] * cm[3], text.strip()))

        side.extract_text(visitor_text=visit)
        first = next((line for line in lines if line[2].startswith("A table of two")), None)
        if first:
            folio = max(y for x, y, text in lines if "rulebook · page" in text and abs(x - first[0]) < 150)
            return [text for x, y, text in lines if x == first[0] and folio < y <= first[1]]
    raise AssertionError("no set-up caption in the booklet")


@pytest.mark.parametrize("paper, most", [("a4", 2), ("letter", 3)])
def test_the_set_up_caption_sets_a_line_shorter_in_the_booklets(em_project, tmp_path, paper, most):
    """The twelfth proofreading: under the set-up figure, the booklet's caption ran down close to the folio, three
    lines on an A4 booklet page, four on a Letter one. Said shorter, it sets a line fewer on each (the figure above
    it takes the room), its last line never a lone word."""
    from pnp.render.rulebook import rulebook_pdf

    booklet = tmp_path / f"rulebook-{paper}-booklet.pdf"
    rulebook_pdf(em_project, None, paper, booklet, booklet=True)
    caption = _set_up_caption(booklet)
    assert 0 < len(caption) <= most and len(caption[-1].split()) > 1, caption
