"""2200: Escaping Earth's rulebook as a publisher's editor reads it: credits as the original rulebook gives them, one
name per thing in rules, glossary, cards and playmat, the original rulebook's illustrated examples, and an index
that finds what a player looks up."""
import re

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
    assert [p["step"] for p in by_place["cubes"]] == ["setup-supply"]
    assert any(p["step"] == "start-run" and p.get("point") for p in by_place["ground"])
    assert "in the Cube supply" in " ".join(rules(ee_project)["setup-supply"].text.split())
    areas = {area.id: area.label for area in ee_project.game.sheets["playmat"].model.areas}
    assert areas["cubes"] == "Cube supply"


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
    """Rule 4: six phases. The summary's steps are the six phases, then losing and what carries over: no seventh
    step for attacking, which happens in the action phase."""
    steps = ee_project.game.rules.summary.steps
    assert len(steps) == 6 + 2
    assert not any(step.text.startswith("Attack") for step in steps)
    action = steps[1]
    assert action.text.startswith("Action phase") and {"range", "attack-types", "damage"} <= set(action.rules)


def test_printed_words_keep_one_spelling(ee_project):
    """The original rulebook spells the American way ("Armor", "neighboring"): the edition's words follow it."""
    from pnp.games.escaping_earth.facts import square_name

    british = re.compile(r"neighbour|centre|colour|defence|flavour|metre|tonne|cancelled|for ever\b", re.I)
    vocabulary = " ".join(word.glossary for word in ee_project.game.vocabulary.words.values())
    assert british.findall(printed_content(ee_project) + vocabulary) == []
    assert square_name("b2") == "center" and ee_project.game.manifest.rulebook.labels["flavor"] == "Flavor text"


INDEX_WORDS = ["RANGE", "Missile", "Laser", "Blast", "SYSTEM card", "FINAL BOSS", "BOSS event", "Reserve", "Cleanup",
               "Winning", "Losing a run"]


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
