"""2200: Escaping Earth's rulebook as a publisher's editor reads it: credits as the original rulebook gives them, one
name per thing in rules, glossary, cards and playmat, the original rulebook's illustrated examples, and an index
that finds what a player looks up."""
import random
import re
from types import SimpleNamespace

import pytest
from pypdf import PdfReader
from test_escaping_earth_engine import play, table

from pnp.games.escaping_earth.cards import TRACKS
from pnp.games.escaping_earth.geometry import SQUARES


def rules(project) -> dict:
    return {rule.id: rule for section in project.game.rules.sections for rule in section.rules}


def printed_content(project) -> str:
    """Every content file a player reads printed (rules, cards, playmat, manifest), as one text."""
    root = project.root
    files = [root / "content" / "2200-escaping-earth" / name for name in ("rules.yaml", "game.yaml", "playmat.yaml")]
    files += sorted((root / "content" / "2200-escaping-earth" / "decks").glob("*.yaml"))
    return "\n".join(path.read_text() for path in files)


# -- credits and cover -----------------------------------------------------------------------------------------
def test_the_credits_say_what_the_designer_made_and_thank_his_playtesters(ee_project, tmp_path):
    """Original rulebook: "Designed by Jorge Zhang", for 1 player, and its credits thank three playtesters. It names
    only the ships, the starters and a few items: every other card is this edition's, and the credits say so."""
    from pypdf import PdfReader

    from pnp.render.rulebook import rulebook_pdf

    manifest = ee_project.game.manifest
    assert manifest.credits.design == ["Jorge Zhang"]
    rulebook_pdf(ee_project, None, "a4", tmp_path / "rules.pdf")
    cover = " ".join(PdfReader(tmp_path / "rules.pdf").pages[0].extract_text().split())
    assert "Game design: Jorge Zhang" in cover and "for 1 player" in cover  # the tagline and the designer
    for name in ("Chenshu Yu", 'Bharath "Barry" Murthy', "Kevin Privalle"):
        assert name in manifest.credits.thanks
    edition = manifest.credits.edition
    assert "card names are his" not in edition and "other cards" in edition and "this edition's" in edition


# -- special rules on Zone cards -------------------------------------------------------------------------------
def test_drag_covers_its_whole_card_and_a_hazard_only_its_own_square(engine, ee_project):
    """Original rulebook: a Zone card's special rules "apply to that Zone", written over its grid. Drag (printed on
    b3 of Gravity Well) makes a step from c1 to c2 of that card cost 2 MOVE; a Hazard hurts only on its own square
    (Pump Station's c1), not beside it. The cards, rule 5.5 and the glossary say it in one way."""
    state = table(engine, tops=(None, None, "space-3-gravity-well"), at="space:c1")
    state.move = 2
    play(engine, state, ("move", 2, SQUARES.index("c2")))
    assert state.move == 0
    state = table(engine, tops=("ground-1-pump-station", None, None), at="ground:b2", health=3)
    state.move = 1
    play(engine, state, ("move", 0, SQUARES.index("c2")))
    assert state.health == 3
    drag = [rule.text for record in ee_project.game.decks["zones"].cards for rule in record.card.rules
            if "DRAG" in str(rule.effects)]
    assert len(drag) == 3 and set(drag) == {"Drag: each step onto a square of this card costs 2 MOVE."}
    said = rules(ee_project)["zone-rules"].text
    assert "Jammer and Drag cover the whole card" in said and "A Hazard covers only its own square" in said
    assert "any square of this Zone card" in ee_project.game.vocabulary.words["DRAG"].glossary


# -- the third attack type -------------------------------------------------------------------------------------
def test_the_attack_of_neither_type_is_a_blast_on_cards_and_in_the_rules(ee_project):
    """Original rulebook: an attack's type is a missile, a laser "or occasionally something else". That third type
    has a name of its own, blast, on every such card, in the rules that list the types and in the ruling that says
    what it does; "other" is printed nowhere."""
    types = {side.attack.type for record in ee_project.game.cards() for side, _ in record.sides() if side.attack}
    assert types == {"laser", "missile", "blast"}
    said = rules(ee_project)
    assert "blast" in said["attack-cards"].text and "blasts" in said["attack-types"].text
    assert said["clar-blast"].text.startswith("Blast is the third type of attack")
    assert not re.search(r"\bother\b\W*\)|marked \"other\"|now and then other", printed_content(ee_project))


# -- illustrated examples --------------------------------------------------------------------------------------
def test_the_second_range_example_is_hit_and_run_from_the_bottom_middle_of_air(ee_project):
    """Original rulebook, "Range Example 2 (complex)": Hit and Run, two dots in the top corners and a down arrow.
    From the bottom middle of Air 1 it reaches the top corners of Air and, by its arrow, of Ground; no Space."""
    (rule,) = [r for r in rules(ee_project).values() if r.figure and r.figure.get("card") == "air-1-radio-mast"]
    assert rule.figure == {"kind": "range", "card": "air-1-radio-mast", "track": "air", "at": "c2"}
    assert "Hit and Run" in rule.example
    figure = ee_project.game.plugin.figures["range"]
    corners = {SQUARES.index("a1"), SQUARES.index("a3")}
    air, ground = TRACKS.index("air"), TRACKS.index("ground")
    assert figure.reach(rule.figure, ee_project.game) == {(t, s) for t in (air, ground) for s in corners}


def test_the_movement_figure_draws_an_arrow_for_each_step_and_arcs_over_to_the_next_card(ee_project):
    """Original rulebook: "A->B, B->C, C->D", one MOVE a step. Each step has its arrowhead; the step from B to the
    same square of the card above is a dashed arc over the grid, never a line through the squares of B's row
    between B and C (which would read as a sideways move through two squares)."""
    from pnp.games.escaping_earth import figures
    from pnp.render.backend import RecordingBackend

    params = rules(ee_project)["moving"].figure
    b = RecordingBackend()
    figures.MovementFigure().draw(b, params, ee_project.game, 0.0, 0.0)
    heads = [call for call in b.calls if call[0] == "path" and call[2].get("fill") == figures.STEP_RED]
    assert len(heads) == len(params["path"]) - 1 == 3
    lines = [call[1] for call in b.calls if call[0] == "line" and call[1][4] == figures.STEP_RED]
    assert len(lines) > 10  # the arc, dashed, besides the two straight steps

    def inside(square, x, y) -> bool:
        cx, cy = figures._centre(0.0, figures.LEGEND_ROOM, TRACKS.index("ground"), SQUARES.index(square))
        return abs(x - cx) < figures.CELL / 2 and abs(y - cy) < figures.CELL / 2

    crossing = [line for line in lines for x, y in ((line[0], line[1]), ((line[0] + line[2]) / 2, (line[1] + line[3]) / 2),
                                                    (line[2], line[3])) if inside("b2", x, y) or inside("b3", x, y)]
    assert crossing == []
    assert figures.LEGEND in b.texts()


def test_the_movement_example_names_the_figures_letters_where_it_says_each_step(ee_project):
    """Original rulebook: "A ship starting in square A spends 1 MOVE to go from A->B". The figure letters its squares
    A to D; the example (the twelfth proofread) names each letter, in the figure's order, after the square it
    describes, so a reader can follow the words on the grids."""
    rule = rules(ee_project)["moving"]
    example = " ".join(rule.example.split())
    letters = [chr(ord("A") + i) for i in range(len(rule.figure["path"]))]
    assert letters == ["A", "B", "C", "D"]
    at = [example.find(f"({letter})") for letter in letters]
    assert -1 not in at and at == sorted(at), example
    said_before = {"A": "bottom left square of Ground", "B": "middle row", "C": "same square of Air",
                   "D": "middle square of that row"}
    for letter, where in zip(letters, at):
        assert example[:where].rstrip().endswith(said_before[letter]), (letter, example)


# -- the ship card ----------------------------------------------------------------------------------------------
def test_a_ship_card_prints_its_starting_level_and_its_cost_in_blueprints(ee_project):
    """Original rulebook: a ship's "Starting Zone" is the level of Zone cards its runs start in, and its cost is in
    Blueprints. The card says "Starting level", the rules' word (1.2, 3.4, 11.1); the card reference's callout
    names its cost as Blueprints, never gold."""
    from pnp.render.rulebook_cards import callout_parts, labels_of

    phoenix = next(face for face in ee_project.faces.backs.values() if face.card.name == "The Phoenix")
    parts = [p.label for p in callout_parts(phoenix, ee_project.layout, ee_project.game.emblems,
                                            labels_of(ee_project.game))]
    assert "Cost in Blueprints" in parts and "Cost in gold" not in parts
    from test_escaping_earth_print import _face_texts

    stats = " ".join(d.text for d in _face_texts(ee_project, phoenix)["stats"])
    assert "Starting level" in stats and "zone" not in stats.lower()
    for rule_id in ("legacy", "setup-later"):
        assert "starting level printed on your ship card" in " ".join(rules(ee_project)[rule_id].text.split())


def test_the_symbol_guides_callout_names_what_its_body_shows(ee_project):
    """A Symbol Guide's body is the six ability symbols with what each does: its callout says so, rather than
    repeating the card's kind ("Symbol Guide") as the name of one of its parts."""
    from pnp.render.rulebook_cards import callout_parts, labels_of

    guide = ee_project.faces.fronts["symbol-guide-1"]
    parts = [p.label for p in callout_parts(guide, ee_project.layout, ee_project.game.emblems,
                                            labels_of(ee_project.game))]
    assert parts == ["Name", "Ability symbols"]


# -- the set-up figure -----------------------------------------------------------------------------------------
def test_the_setup_figure_places_what_each_setup_rule_puts_down(ee_project):
    """Original rulebook, first-run set-up: three starters reserved, the cubes in their area, the ship token on a
    square of a Zone card. The figure shows a pile of three in the reserve, calls out the Cube supply with rule 3.3
    (which says "in the Cube supply", the playmat's name for it) and the ship token's square with rule 3.5."""
    figure = rules(ee_project)["start-run"].figure
    by_place = {}
    for place in figure["place"]:
        by_place.setdefault(place["at"], []).append(place)
    (reserved,) = by_place["reserved"]
    assert reserved.get("count") == 3 and reserved["step"] == "setup-first"
    assert [p["step"] for p in by_place["cubes"] if p.get("step")] == ["setup-supply"]
    assert len([p for p in by_place["cubes"] if p.get("token")]) >= 3  # a few cubes drawn there, not an empty box
    assert any(p["step"] == "start-run" and p.get("point") for p in by_place["ground"])
    assert "in the Cube supply" in " ".join(rules(ee_project)["setup-supply"].text.split())
    areas = {area.id: area.label for area in ee_project.game.sheets["playmat"].model.areas}
    assert areas["cubes"] == "Cube supply"


BOOK_FRAMES = {"a4": (174 * 72 / 25.4, 261 * 72 / 25.4), "letter": (612 - 36 * 72 / 25.4, 792 - 36 * 72 / 25.4),
               "a5 booklet": (124 * 72 / 25.4, 186 * 72 / 25.4)}  # text frames: 18 mm margins, the booklet's 12 mm


@pytest.mark.parametrize("frame", BOOK_FRAMES.values(), ids=BOOK_FRAMES.keys())
def test_the_ship_tokens_callout_stands_on_the_zone_card_under_the_token(ee_project, frame):
    """Rule 3.5 puts the ship token on a square of a top Zone card. The eighth proofreading: the figure's 3.5
    callout sat on the border between Slag Flats and Smog Layer, so it read as Smog Layer's. On the page it stands
    on Slag Flats, the card under the token, touching no other card: wholly on it in the books, its centre on it
    in the half-size booklet (where a callout is wider than a third of the card)."""
    from pnp.render.fonts import register_all
    from pnp.render.rulebook import _rules, book_styles
    from pnp.render.rulebook_figures import BoardFigure, _overlap, _scaled
    from pnp.rules.tree import build_reference

    class Measure:  # what `arranged` asks of a canvas: only the widths of words
        def stringWidth(self, text, font, size):
            from reportlab.pdfbase.pdfmetrics import stringWidth

            return stringWidth(text, font, size)

    def flat(flow):
        for flowable in flow:
            yield flowable
            yield from flat(getattr(flowable, "_content", ()))

    register_all()
    story = _rules(build_reference(ee_project.game, None), book_styles(), frame, ee_project)
    figure = next(f for f in flat(story) if isinstance(f, BoardFigure) and any(n.text == "3.5" for n in f.notes))
    figure.wrap(*frame)
    note, at = next((n, at) for n, at in figure.arranged(Measure()) if n.text == "3.5")
    callout = at[:4] if at else figure._mark_box(Measure(), note)
    cards = {card.face.card.id: _scaled(box, figure.scale_by) for card, box in zip(figure.placed, figure.card_boxes())
             if card.face.card is not None}
    slag = cards.pop("ground-1-slag-flats")
    token = _scaled(figure.base.loose[-1], figure.scale_by)  # the ship token, the last one laid over the cards
    assert slag[0] < (token[0] + token[2]) / 2 < slag[2] and slag[1] < (token[1] + token[3]) / 2 < slag[3]
    assert not any(_overlap(callout, box) for box in cards.values())  # no other card: it names no other
    middle = ((callout[0] + callout[2]) / 2, (callout[1] + callout[3]) / 2)
    assert slag[0] < middle[0] < slag[2] and slag[1] < middle[1] < slag[3]
    if frame != BOOK_FRAMES["a5 booklet"]:
        assert slag[0] <= callout[0] and callout[2] <= slag[2] and slag[1] <= callout[1] and callout[3] <= slag[3]
    assert _overlap(callout, token) == 0  # beside the token, not on it


def test_the_playmat_places_have_one_name_in_rules_figure_and_cards(ee_project):
    """Original rulebook: the Static cards go "in the Static Supply area", SYSTEM cards into the system area. The
    fifth proofread: rule 3.4 said "the Systems area", rule 8.3 and three cards "the supply", and the set-up figure
    tagged "Cubes" where the playmat prints "Systems in play", "Static supply" and "Cube supply". Every tag the
    figure hangs on a place, and every name it prints on a pile, is that place's name on the playmat."""
    areas = {area.id: area.label for area in ee_project.game.sheets["playmat"].model.areas}
    said = {rule_id: " ".join(rule.text.split()) for rule_id, rule in rules(ee_project).items()}
    assert "in the Systems in play area" in said["setup-later"] and "Systems area" not in printed_content(ee_project)
    assert "back in the Static supply" in said["statics"]
    assert not re.search(r"\bthe supply\b", printed_content(ee_project))  # rules and cards alike
    places = rules(ee_project)["start-run"].figure["place"]
    tags = {place["at"]: place["label"] for place in places if place.get("label") and not place.get("deck")}
    assert tags == {"cubes": areas["cubes"]} == {"cubes": "Cube supply"}
    # the ninth proofreading: the reserved starters' pile was named "3 starters" where rule 3.1 and the playmat's
    # key say "Reserved cards"
    piles = {place["at"]: place["label"] for place in places if place.get("label") and place.get("deck")}
    assert piles == {"deck": areas["deck"], "reserved": areas["reserved"]} == {"deck": "Deck",
                                                                               "reserved": "Reserved cards"}
    assert "in the Reserved cards area" in said["setup-first"]
    # and the "Static supply" tag, which found no spot by its place, read under the Static card as the Shop's name
    # in the booklets: the card's own name plate and rule 3.3 say what lies there
    statics = [place for place in places if place["at"] == "statics"]
    assert statics == [{"at": "statics", "card": "static", "step": "setup-supply"}]


# -- one name per thing, and words a player reads -----------------------------------------------------------------
def test_the_glossary_gives_numbers_not_this_many(ee_project):
    """A glossary definition says what the number printed beside a word counts ("the number printed beside it"),
    never "this many"; the Square entry names no a1-c3 notation the book never uses."""
    from pnp.rules.tree import glossary

    entries = {entry.term: entry.text for entry in glossary(ee_project.game)}
    for term, text in entries.items():
        assert not re.search(r"\bthis (many|much|number)\b", text, re.I), term
    assert "number printed beside it" in entries["Block"] and "number in its shield" in entries["Armor"]
    assert "a1" not in entries["Square"] and "3 × 3" in entries["Zone card"]


def test_the_buy_phase_has_one_name(ee_project):
    """Original rulebook: the fifth phase is where you buy from the shop. The rules, the turn summary and the
    glossary call it the buy phase (Buy), never "Buy stuff"."""
    text = printed_content(ee_project) + ee_project.game.vocabulary.words["CREDIT"].glossary
    assert not re.search(r"buy stuff", text, re.I)
    assert rules(ee_project)["phase-buy"].text.startswith("Buy: ")
    assert "buy phase" in ee_project.game.vocabulary.words["CREDIT"].glossary


def test_the_turn_summary_counts_the_six_phases_and_attacking_is_part_of_the_action_phase(ee_project):
    """Rule 4: six phases. The summary's numbered steps are the six phases and nothing else: no step for
    attacking (it happens in the action phase), none for the end of a run. How a run is lost or won is said in the
    phase where it happens (0 health and a fourth Static in the counter attack, the FINAL BOSSes in the rewards,
    turn 80 at cleanup), and each step points at rules, never at a whole section ("see 7")."""
    steps = ee_project.game.rules.summary.steps
    assert len(steps) == 6
    assert not any(step.text.startswith("Attack") for step in steps)
    action = steps[1]
    assert action.text.startswith("Action phase") and {"range", "attack-types", "damage"} <= set(action.rules)
    counter, rewards, cleanup = steps[2], steps[3], steps[5]
    assert {"losing", "statics"} <= set(counter.rules) and "0 health" in counter.text and "Static" in counter.text
    assert "goal" in rewards.rules and "FINAL BOSS" in rewards.text
    assert "clar-time-limit" in cleanup.rules and "turn 80" in cleanup.text
    ids = set(rules(ee_project))
    assert all(rule in ids for step in steps for rule in step.rules)  # rules, not sections


def test_printed_words_keep_one_spelling(ee_project):
    """The original rulebook spells the American way ("Armor", "neighboring"): the edition's words follow it."""
    from pnp.games.escaping_earth.facts import square_name

    british = re.compile(r"neighbour|centre|colour|defence|flavour|metre|tonne|cancelled|for ever\b", re.I)
    vocabulary = " ".join(word.glossary for word in ee_project.game.vocabulary.words.values())
    assert british.findall(printed_content(ee_project) + vocabulary) == []
    assert square_name("b2") == "center" and ee_project.game.manifest.rulebook.labels["flavor"] == "Flavor text"


INDEX_WORDS = ["RANGE", "Missile", "Laser", "Blast", "SYSTEM card", "FINAL BOSS", "BOSS event", "Reserve", "Cleanup",
               "Winning", "Losing a run",
               # the second proofread's gaps: 9.1, 6.7, 13.19, 13.20, 12.2, 10.3, 9.2, 10.1, 11.6, 12.4; BOSS in the
               # capitals every rule and card gives it
               "Clearing", "Damage", "Defeated", "Turn tally", "Run tally", "Treasure Deck", "Default bonus",
               "Gold pile", "Spent gold", "Ship-only card", "Sleeves", "BOSS",
               # the fifth: the playmat's places by the names it prints, and MOVE in the capitals the rules give it
               "Static supply", "Cube supply", "Systems in play", "MOVE"]


@pytest.fixture(scope="module")
def index_text(built_game):
    reader = PdfReader(built_game("2200-escaping-earth") / "rules" / "rulebook-a4.pdf")
    pages = [page.extract_text() or "" for page in reader.pages]
    start = max(i for i, text in enumerate(pages) if re.search(r"^\s*Index\s*$", text, re.M))
    return "\n".join(pages[start:])


@pytest.mark.parametrize("word", INDEX_WORDS)
def test_the_index_lists_what_a_player_looks_up(index_text, word):
    """The proofreader's list: the attack words, SYSTEM, FINAL BOSS, events, the reserve, cleanup, winning and
    losing each have an index line with the pages that say them."""
    assert re.search(rf"^\s*{re.escape(word)}\W[.\s]*\d", index_text, re.M), word


# -- the second proofread -----------------------------------------------------------------------------------------
def glossary_entries(project) -> dict:
    from pnp.rules.tree import glossary

    return {entry.term: entry for entry in glossary(project.game)}


def test_void_stops_a_cards_draw_only_in_the_action_phase_as_rule_7_9_and_the_glossary_say(engine, ee_project):
    """Original rulebook, Symbol Guide 2: Void: "During your action phase ... you cannot draw cards". A SYSTEM's
    draw as the turn starts (Targeting Computer, the other side of Arc Pylons) still draws beside a Void enemy; a
    card played in the action phase draws nothing. The glossary's Draw and Take a treasure say "in the action
    phase", never "never"."""
    from test_escaping_earth_engine import card

    state = table(engine, tops=(None, "air-3-ion-storm", None), at="air:c2",
                  deck=["laser", "missile", "speed", "escape", "shield-charge"])
    state.systems = [card(engine, "space-4-arc-pylons")]  # Targeting Computer: draw 1 as each turn starts
    state.phase = "buy"
    play(engine, state, ("end_buy",))  # cleanup, then the next turn: the crew's 3, then the system's 1
    assert len(state.hand) == 3 + 1
    entries = glossary_entries(ee_project)
    for term in ("Draw", "Take a treasure"):
        assert "not in the action phase while a Void enemy shares your Zone" in entries[term].text, term
        assert "never" not in entries[term].text
    assert "during the action phase" in rules(ee_project)["ability-void"].text
    assert "a Void enemy does not stop a SYSTEM's draw" in " ".join(rules(ee_project)["clar-charge"].text.split())


def test_setup_puts_the_health_token_on_the_top_of_the_track_and_the_marker_on_charge_0(engine, ee_project):
    """Original rulebook: health starts "at the highest value. For The Wolf, you would start with a token on 3";
    its Shield Charge "begins the game on 0"; reserved cards "can only be added to your deck in between runs".
    Rule 3.1 says each; the engine starts a run so; the set-up figure puts a token on the Wolf's printed health 3
    and another on its printed Shield Charge 0 (the fourth proofread: only the health token showed)."""
    first = " ".join(rules(ee_project)["setup-first"].text.split())
    assert "the health token on 3, the top of its health track" in first and "the marker on 0" in first
    assert "join your deck only between runs" in first
    assert "health token on the top of its health track" in " ".join(rules(ee_project)["setup-later"].text.split())
    state = engine.initial_state(random.Random(3))
    play(engine, state, ("ship", "the-wolf"), ("deck_done",), ("systems_done",))
    assert state.ship.id == "the-wolf" and state.health == state.ship.health == 3 and state.charge == 0

    health, charge, spots = _wolf_tracks_in_the_setup_figure(ee_project)
    three = [d for d in health if d.text == "3"]
    zero = [d for d in charge if d.text == "0"]
    assert len(three) == 1 and len(zero) == 1
    for (digit,) in (three, zero):  # a token over the very circle the card prints, one token on each
        assert [spot for spot in spots if digit.x0 <= spot[0] <= digit.x1 and digit.y0 <= spot[1] <= digit.y1]


def _wolf_tracks_in_the_setup_figure(project):
    """The Wolf's health and Shield Charge numbers as the set-up figure lays the card (text boxes in the figure's
    units), and the points where the figure's places put a token on the ship area."""
    from pnp.render import rulebook_figures
    from pnp.render.backend import RecordingBackend
    from pnp.render.cards import draw_face, face_size

    figure = rules(project)["start-run"].figure
    on_ship = [p for p in figure["place"] if p["at"] == "ship"]
    (_, _), _, placed, _, _ = rulebook_figures._on_sheet(project, "playmat", on_ship, {})
    (wolf,) = placed
    recording = RecordingBackend()
    bleed = face_size(wolf.face, project.layout).bleed
    draw_face(recording, wolf.face, project.layout, project.game.emblems, -bleed, -bleed)  # the trim at 0, 0
    by = wolf.w / rulebook_figures._card_size(project, wolf.face)[0]
    digits = [SimpleNamespace(text=d.text.strip(), size=d.size, x0=wolf.x + d.x0 * by, x1=wolf.x + d.x1 * by,
                              y0=wolf.y + d.y0 * by, y1=wolf.y + d.y1 * by) for d in recording.drawn if d.kind == "text" and d.text.strip().isdigit()]
    health = [d for d in digits if d.size > 8.5 and d.y0 < wolf.y + wolf.w]  # the health track's 1 2 3 ...
    charge = [d for d in digits if d.size < 8.5 and max(h.y0 for h in health) > d.y1]  # ... over Charge's 0-3
    region = {r.name: r for r in project.sheet_layouts["playmat"].regions}["ship"]
    height = project.sheet_layouts["playmat"].height
    spots = [(region.x + fx * region.w, height - region.y - fy * region.h)
             for fx, fy in (p["point"] for p in on_ship if p.get("token"))]
    return health, charge, spots


@pytest.mark.parametrize("frame", ["a4", "a5"])
def test_the_setup_figure_prints_nothing_over_the_wolfs_two_tracks(frame):
    """The fourth proofread: "The Wolf" printed across the card hid its health track and the marker on Shield
    Charge 0. In the book and the booklet no name, tag or callout covers either track."""
    from helpers import validated
    from test_rulebook_figures import A5, FRAME, _overlap, printed_notes, setup_figure

    project = validated("2200-escaping-earth")
    figure = setup_figure("2200-escaping-earth")
    canvas = printed_notes(figure, FRAME if frame == "a4" else A5)
    arranged = figure.arranged(canvas)
    health, charge, _ = _wolf_tracks_in_the_setup_figure(project)
    tracks = [tuple(v * figure.scale_by for v in (d.x0, d.y0, d.x1, d.y1)) for d in health + charge]
    printed = [(note, at[:4] if at else figure._mark_box(canvas, note)) for note, at in arranged]
    assert not [(note.text, box) for note, box in printed for track in tracks if _overlap(box, track, by=0.0)]


def test_an_attack_cards_key_names_its_type_and_its_value_where_each_prints(ee_project):
    """Rule 2.5: an attack card shows "its type (laser, missile or, on a few cards, blast), its attack value". The
    card reference's key names both, each callout on its own part (the fourth proofread: "Attack" pointed at the
    missile icon, and the type was named nowhere)."""
    from test_escaping_earth_print import _face_of, _face_texts

    from pnp.render.rulebook_cards import callout_parts, labels_of

    assert "its type (laser, missile or" in " ".join(rules(ee_project)["attack-cards"].text.split())
    face = _face_of(ee_project, "Twin Rockets")
    parts = {p.label: p for p in callout_parts(face, ee_project.layout, ee_project.game.emblems,
                                               labels_of(ee_project.game))}
    assert {"Attack type", "Attack"} <= set(parts)
    texts = _face_texts(ee_project, face)
    assert [d.text for d in texts["attack_type"]] == ["MISSILE"]
    assert {"1", "×2", "ATTACK"} <= {d.text for d in texts["attack"]} and "MISSILE" not in str(texts["attack"])
    kind, value = parts["Attack type"], parts["Attack"]
    assert kind.y0 >= value.y1 - 0.5  # the type over the value, apart: one callout cannot sit on both


def test_gold_an_effect_gives_has_one_name_in_rules_glossary_summary_and_cards(ee_project):
    """Original rulebook: gold is spent in the buy phase. The cards print "+2 gold this turn"; the sixth proofread:
    the glossary said "Gold this turn" where rules 4.6 and 10.1 and the turn summary said "gold from effects". One
    name everywhere, the rules linking it to its glossary entry."""
    from pnp.games.escaping_earth.vocabulary import VOCABULARY

    assert "gold from effect" not in printed_content(ee_project).lower()
    assert "gold to spend this turn" not in printed_content(ee_project).lower()  # Orbital Turret's other side too
    terms = {term.id: term.term for term in ee_project.game.rules.terms}
    assert terms["gold-this-turn"] == "Gold this turn"
    for rule_id in ("phase-cleanup", "buying-cards"):
        assert "{term:gold-this-turn|gold this turn}" in " ".join(rules(ee_project)[rule_id].text.split()), rule_id
    summary = [step.text for step in ee_project.game.rules.summary.steps]
    assert any("Unspent MOVE, gold this turn and unused blocks are lost" in text for text in summary)
    assert VOCABULARY["CREDIT"].template == "+{n} gold this turn."  # the cards' words
    assert "spent before your gold cards" in VOCABULARY["CREDIT"].glossary  # the glossary says what 10.1 says

def test_the_range_callout_stands_by_the_range_grid(ee_project):
    """Rule 2.5: an attack card shows "its RANGE grid". The sixth proofread: the card reference's "Range from your
    ship" badge sat level with the RANGE heading, beside the attack type's badge by the missile icon. The grid is a
    part of its own (its heading a text box the same label skips), so the badge stands against the grid."""
    from test_escaping_earth_print import _face_of, _face_texts

    from pnp.render.cards import box_drawings, face_size
    from pnp.render.rulebook_cards import BADGE_R, callout_parts, labels_of, place_badges, printed_words

    face = _face_of(ee_project, "Twin Rockets")
    layout, emblems = ee_project.layout, ee_project.game.emblems
    parts = callout_parts(face, layout, emblems, labels_of(ee_project.game))
    grid = next(p for p in parts if p.label == "Range from your ship")
    words, size = printed_words(face, layout, emblems), face_size(face, layout)
    drawn = next(d for d in box_drawings(face, layout, emblems) if d.box.name == "range").drawn
    squares = [d for d in drawn if d.kind != "text"]  # the grid's squares, dots and arrows, from the trim's corner
    top, bottom = max(d.y1 for d in squares) - size.bleed, min(d.y0 for d in squares) - size.bleed
    for scale in (0.7, 0.8, 1.0):  # the example's scale follows the page: the badge stands by the grid at each
        r = BADGE_R / scale
        badges = {b.label: b for b in place_badges(parts, words, size.width, size.height, r)}
        badge = badges["Range from your ship"]
        assert bottom <= badge.y <= top, scale  # level with the grid's squares, not with its heading
        assert grid.x0 - 2 * r <= badge.x <= grid.x1 + 2 * r, scale
    texts = _face_texts(ee_project, face)
    assert [d.text for d in texts["range_heading"]] == ["RANGE"] and not texts["range"]  # the grid holds no word


def test_the_index_finds_ship_only_cards_and_move_as_the_rules_print_them(ee_project):
    """Original rulebook: some cards "can only be included in your deck if you are using a certain ship" and say
    "Wolf-Only"; MOVE is printed in capitals. The fourth proofread: the index's "Ship-only card" was said nowhere,
    and its "Move" pointed at the verb; the fifth: the index and glossary said "Move" for the rules' MOVE. Rule 11.6
    names the ship-only card; the index's MOVE is headed and found in its capitals only."""
    from pnp.render.rulebook_back import forms_pattern, index_terms
    from pnp.rules.tree import build_reference

    terms = {term: (also, capitalised) for term, also, capitalised in index_terms(build_reference(ee_project.game))}
    exclusive = " ".join(rules(ee_project)["exclusive-cards"].text.split())
    assert "A ship-only card prints a ship's name and \"Only\"" in exclusive and "Wolf-Only" in exclusive
    ship_only = forms_pattern(["Ship-only card"] + terms["Ship-only card"][0], "en", terms["Ship-only card"][1])
    assert ship_only.search(exclusive) and ship_only.search(rules(ee_project)["clar-other-ship-cards"].text)
    assert "Move" not in terms and terms["MOVE"][1]  # found only as printed, capitals and all
    move = forms_pattern(["MOVE"] + terms["MOVE"][0], "en", terms["MOVE"][1])
    assert move.search(rules(ee_project)["moving"].text)  # "MOVE can be saved ..."
    assert not move.search("move your ship")  # found with its capitals only: never the verb in a sentence
    assert not [rule_id for rule_id, rule in rules(ee_project).items() if re.search(r"\bMove\b", rule.text)]


def test_the_playmat_calls_zone_cards_by_their_name(ee_project):
    """One name per thing: the rules' "Zone card", never "Zones", in the playmat's key and intro (the fourth
    proofread: keys 14 and 15 said "Cleared Zones")."""
    playmat = ee_project.game.sheets["playmat"].model
    said = [playmat.intro] + [part.text for part in playmat.key.values()]
    assert not [text for text in said if re.search(r"\bZones\b", text)]
    assert "Cleared Zone cards" in playmat.key["shop"].text and "Cleared Zone cards" in playmat.key["gold"].text


@pytest.mark.parametrize("rule_id, words", [
    ("goal", [("run", "run")]),
    ("legacy", [("collection", "collection"), ("permanent", "permanent cards"), ("treasure", "treasures")]),
    ("zone-cards", [("track", "track"), ("level", "level")]),
    ("zone-side", [("square", "squares"), ("bonus-square", "bonus square")]),
    ("item-side", [("shop", "shop")]),
])
def test_running_text_links_its_words_to_the_glossary_as_written(built_game, rule_id, words):
    """The fourth proofread: the words lower-cased last round lost their glossary links; each links again, printed
    as the sentence says it (1.1 "run", 1.2 "permanent cards, treasures", 2.3 "squares", 2.4 "shop")."""
    markdown = (built_game("2200-escaping-earth") / "rules" / "rules.md").read_text()
    line = next(line for line in markdown.splitlines() if f'id="rule-{rule_id}"' in line)
    assert all(f"[{said}](#term-{term})" in line for term, said in words), line


def test_the_treasure_entry_names_the_treasures_and_take_a_treasure_lists_the_cards_that_give_one(ee_project):
    """Original rulebook: "Treasures are special cards that cost 0 Gold". The glossary's Treasure names every one
    of them (a card flag, not an effect word: no "Cards:" line could); the cards that hand you one from the
    Treasure Deck are listed under their own entry, Take a treasure, as the cards print it."""
    treasures = [side.name for record in ee_project.game.cards() for side, _ in record.sides() if side.treasure]
    assert len(treasures) == 5 and all(side_cost == 0 for side_cost in
                                       [s.cost for r in ee_project.game.cards() for s, _ in r.sides() if s.treasure])
    entries = glossary_entries(ee_project)
    treasure = " ".join(entries["Treasure"].text.split())
    assert all(name in treasure for name in treasures) and entries["Treasure"].users == []
    givers = {record.card.id for record in ee_project.game.cards() for side, _ in record.sides()
              if "TREASURE" in str(side.effects)}
    assert set(entries["Take a treasure"].users) == givers and len(givers) == 3


def test_an_attack_that_fires_twice_prints_a_multiplication_sign_clear_of_its_damage(ee_project):
    """The card reference reads "attack 1, ×2"; the card prints the same sign beside the damage (a letter x read
    "1x2"), and its words never overprint (validate's drawn checks pass on every card)."""
    from test_escaping_earth_print import _face_of, _face_texts

    texts = [d.text for d in _face_texts(ee_project, _face_of(ee_project, "Twin Rockets"))["attack"]]
    assert "×2" in texts and not any("x2" in t for t in texts)


def test_the_card_reference_calls_a_zone_cards_second_side_its_other_side_as_rule_2_4_does(ee_project):
    """Rule 2.4 speaks of a Zone card's zone side and its other side (an item, a ship or a BOSS's event), never its
    back: the card reference's rows and example captions say "Other side", for items and events alike."""
    from pnp.content.words import say
    from pnp.rules.card_words import card_text

    assert say(ee_project.game, "back") == "Other side:"
    assert "(a Zone card's other side)" in say(ee_project.game, "back-face", name="Twin Rockets")
    assert "on its other side" in rules(ee_project)["item-side"].text
    for card_id in ("ground-1-slag-flats", "ground-1-excavator-prime"):  # an item, a BOSS event
        text = card_text(ee_project.game.card(card_id), {}, say(ee_project.game, "back"))
        assert "Other side: " in text and "Back:" not in text


def test_a_rows_keywords_come_last_after_what_its_attack_hits(ee_project):
    """A card reference row ends with the card's marks (PERMANENT, A STARTER, A TREASURE ...): what an attack with
    no text hits is said with the attack, before them, never after ("PERMANENT: it stays after a lost run. Hits
    every enemy in range at once.")."""
    from pnp.render.card_facts import printed_facts

    marks = ("A SYSTEM", "A BOSS EVENT", "Kept as a BLUEPRINT", "A TREASURE", "A STARTER", "PERMANENT")
    for card_id, sides in printed_facts(ee_project).items():
        for side, facts in sides.items():
            said = [f for f in facts if type(f) is str]  # a flavour line comes last of all, in italics
            first = next((i for i, fact in enumerate(said) if fact.startswith(marks)), len(said))
            assert all(fact.startswith(marks) for fact in said[first:]), (card_id, side, said)
    assert printed_facts(ee_project)["space-2-mining-buoy"]["back"][-2:] == [
        "Hits every enemy in range at once", "PERMANENT: it stays after a lost run"]


def test_the_original_rulebooks_tips_and_reserve_rule_are_said_in_the_rules(ee_project):
    """Original rulebook: the starting missile "deals 2 damage, which makes it stronger than the laser", but hits 1
    enemy at a time; "attempting to beat the game with the Pendulum, the Phoenix, or the Wolf" is a challenge.
    Rule 6.4 gives the tip with the cards' own numbers and rule 11.8 the challenge."""
    said = rules(ee_project)
    missile, laser = (ee_project.game.card(key).card.attack for key in ("missile", "laser"))
    assert (missile.type, missile.damage, laser.type, laser.damage) == ("missile", 2, "laser", 1)
    tip = " ".join(said["attack-types"].text.split())
    assert "at 2 damage, hits harder than your starting {card:laser} at 1, but only one enemy at a time" in tip
    weaker = said["weaker-ship"].text
    assert all(ship in weaker for ship in ("the Wolf", "the Phoenix", "the Pendulum"))


def test_the_clarifications_never_repeat_a_rule_word_for_word(ee_project):
    """A ruling adds to the rules: none says again, in eight words running, what a rule of the other sections says
    (13.21 repeated the Dreadnought's and the Pendulum's numbers of 11.4 and 11.5)."""
    sections = ee_project.game.rules.sections
    clarifications = next(s for s in sections if s.id == "clarifications").rules
    others = [r for s in sections if s.id != "clarifications" for r in s.rules]

    def runs(text: str) -> set:
        words = re.findall(r"[a-z0-9']+", text.lower())
        return {tuple(words[i:i + 8]) for i in range(len(words) - 7)}

    said = set().union(*(runs(r.text) for r in others))
    assert [r.id for r in clarifications if runs(r.text) & said] == []


def test_printed_words_say_discard_and_name_things_as_the_rules_do(ee_project):
    """The second proofread's wording: a card goes away by being discarded (never "thrown away"); a fourth Static
    is one you "would take"; a Jammer stops missiles hitting anything; the token sheet holds more than the ship
    token; a FINAL BOSS is captioned in the capitals the rules give it; Level's entry is one sentence, not a
    label and a colon after its headword's own."""
    text = printed_content(ee_project)
    assert not re.search(r"throw(n)? away|fourth Static comes|This kit|cannot hit on\b", text)
    assert "you would take a fourth Static" in " ".join(rules(ee_project)["legacy"].text.split())
    jammers = [rule.text for record in ee_project.game.decks["zones"].cards for rule in record.card.rules
               if "JAMMER" in str(rule.effects)]
    assert jammers and all("cannot hit anything on this card" in t for t in jammers)
    assert ee_project.game.sheets["tokens"].model.name == "Cubes and tokens"
    labels = ee_project.game.manifest.rulebook.labels
    assert (labels["boss"], labels["final_boss"]) == ("BOSS", "FINAL BOSS")
    assert ":" not in glossary_entries(ee_project)["Level"].text


def test_the_blueprint_rule_says_void_stops_it_only_in_the_action_phase(ee_project):
    """Seed: a Void enemy stops draws "during your action phase"; a Blueprint spent as a turn starts still draws
    (13.7). Rule 5.6 said "unless a Void enemy shares your Zone", as if never (the third proofreading)."""
    rule = next(r for s in ee_project.game.rules.sections for r in s.rules if r.id == "blueprints")
    assert "not in the action phase while a Void enemy shares your Zone" in " ".join(rule.text.split())


# -- the third proofread -------------------------------------------------------------------------------------------
def test_every_treasures_card_reference_row_says_it_is_a_treasure(ee_project):
    """Original rulebook: "Treasures are special cards that cost 0 Gold ... and stay in your collection from run to
    run". Each of the five treasures' rows says so, Mars Coordinates too, whose own text ("take a treasure of your
    choice") once swallowed its mark as said already."""
    from pnp.render.card_facts import printed_facts

    facts = printed_facts(ee_project)
    treasures = [(record.card.id, side) for record in ee_project.game.cards()
                 for side, card in (("front", record.card), ("back", record.back)) if card is not None and card.treasure]
    assert len(treasures) == 5 and ("space-5-barrier-node", "back") in treasures
    for card_id, side in treasures:
        assert "A TREASURE: it stays after a lost run" in facts[card_id][side], (card_id, facts[card_id][side])


def test_a_ship_only_mark_comes_last_before_the_cards_marks_on_every_row(ee_project):
    """"Wolf-Only" and the like follow what the card does (its attack, its range) on every row, with text or
    without (the Dreadnought Cannon's row once opened with it): only the marks (A STARTER, PERMANENT ...) follow."""
    from pnp.render.card_facts import printed_facts

    marks = ("A SYSTEM", "A BOSS EVENT", "Kept as a BLUEPRINT", "A TREASURE", "A STARTER", "PERMANENT")
    rows = 0
    for card_id, sides in printed_facts(ee_project).items():
        for side, facts in sides.items():
            said = [f for f in facts if type(f) is str]
            only = [i for i, fact in enumerate(said) if "-Only: " in fact]
            if only:
                rows += 1
                assert all(fact.startswith(marks) for fact in said[only[0] + 1:]), (card_id, side, said)
    assert rows >= 6
    cannon = printed_facts(ee_project)["dreadnought-cannon"]["front"]
    assert cannon[0].startswith("Blast attack 4") and cannon.index("Dreadnought-Only: only that ship may carry it") > 0


def test_glossary_words_linked_in_running_text_print_in_lower_case(ee_project):
    """A {term:...} link prints its headword as written ("Run"): the rules' common nouns are written unlinked in
    lower case mid-sentence, as everywhere else ("in the same run", "permanent cards, treasures")."""
    from pnp.rules.tree import build_reference, render_text

    reference = build_reference(ee_project.game)
    said = {rule.id: " ".join(render_text(reference, rule.text, "plain").split()) for rule in rules(ee_project).values()}
    assert "all three in the same run (see" in said["goal"]
    assert "your collection: starter cards, permanent cards, treasures and" in said["legacy"]
    assert "a track (Ground, Air or Space) and a level (1 to 5)" in said["zone-cards"]
    assert "nine squares. A square may hold an enemy or a special rule, or be a bonus square;" in said["zone-side"]
    assert "an item for the shop:" in said["item-side"]
    assert "a starter, permanent or a treasure." in said["attack-cards"]
    common = ("run", "collection", "permanent", "treasure", "track", "level", "square", "bonus-square", "shop")
    linked = re.findall(r"\{term:([^}]*)\}", printed_content(ee_project))
    assert not set(linked) & set(common)


def test_item_kinds_label_player_words_and_pendulum_swing_are_the_rules(ee_project):
    """Rule 2.4 calls a Zone card's other side an item (never a "utility"); the playmat's Gold and Blueprints area
    is the rules' gold pile; original rulebook: the pendulum token moves one space, left or right from Warp Mode,
    back to the middle from either end, so the glossary says it swings one step."""
    labels = ee_project.game.manifest.rulebook.labels
    assert labels["utility"] == "Item" and "Utility" not in labels.values()
    assert "utility" not in " ".join(rule.text for rule in rules(ee_project).values()).lower()
    key = ee_project.game.sheets["playmat"].model.key
    assert "gold pile" in key["gold"].text.lower()
    pendulum = " ".join(glossary_entries(ee_project)["Pendulum"].text.split())
    assert "swing the mode one step" in pendulum and "left or right" not in pendulum


# -- the twelfth proofread -----------------------------------------------------------------------------------------
def test_a_pointer_to_a_ruling_reads_as_words_not_a_label(ee_project):
    """Rule 5.6 pointed to the Blueprint ruling as "(when exactly: rule 13.7)", a label where a reader wants a
    phrase. It says "(rule 13.7 says when)", and no running text puts a label and a colon before a rule number."""
    from pnp.rules.tree import build_reference, render_text

    reference = build_reference(ee_project.game)
    pointer = render_text(reference, "{rule:clar-blueprint-gold}", "plain")
    assert re.fullmatch(r"rule \d+\.\d+", pointer), pointer
    blueprints = " ".join(render_text(reference, rules(ee_project)["blueprints"].text, "plain").split())
    assert f"draw 1 card ({pointer} says when), but not in the action phase" in blueprints
    assert not re.search(r"\([^()]*:\s*\{rule:", printed_content(ee_project))
