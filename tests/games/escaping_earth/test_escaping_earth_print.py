"""2200: Escaping Earth in print: every Zone card's item side behind its own zone side, drawn from data."""
import pytest
from pypdf import PdfReader

from pnp.games.escaping_earth.cards import TRACKS
from pnp.games.escaping_earth.geometry import SQUARES, range_squares
from pnp.render.backend import Drawn


@pytest.fixture
def built(built_game):
    return built_game("2200-escaping-earth")


def test_print_on_demand_puts_each_item_side_behind_its_own_zone(built, ee_project):
    reader = PdfReader(built / "print-on-demand" / "zones-front-then-back.pdf")
    zones = ee_project.game.decks["zones"].cards
    assert len(reader.pages) == 2 * len(zones) == 156
    for i, record in enumerate(zones):
        # the faces set apostrophes as typographers do (Foreman's -> Foreman\u2019s): compared as the data writes them
        front, back = (reader.pages[2 * i + k].extract_text().replace("\u2019", "'") for k in (0, 1))
        assert record.card.name in front and record.back.name not in front, record.card.id
        assert record.back.name in back, record.card.id


def test_card_images_have_a_back_per_zone_card(ee_project, project, tmp_path):
    from helpers import images_at

    from pnp.build.game import BuildOptions, BuildTarget, build

    images_at(project, 100)  # which files, not their resolution
    # the images of that deck alone: what `pnp build --images` makes of it
    result, report = build(BuildTarget(project, "2200-escaping-earth", tmp_path), BuildOptions(only=("images",), decks=("zones",)))
    assert result is not None, report.to_text()
    images = tmp_path / "2200-escaping-earth" / "images" / "zones"
    for record in ee_project.game.decks["zones"].cards:
        assert (images / f"{record.card.id}.png").exists() and (images / f"{record.card.id}-back.png").exists()
    sheets = sorted(p.name for p in (images / "tabletop-simulator").iterdir())
    assert "back-1.png" in sheets and "deck-1.png" in sheets  # a back sheet, not one shared back


def test_the_range_figure_shows_the_seeds_missile_example(ee_project):
    """A Missile from the bottom centre of Air 1 reaches straight ahead on Air, and through its arrows on
    Space (up) and Ground (down)."""
    figure = ee_project.game.plugin.figures["range"]
    params = {"kind": "range", "card": "missile", "track": "air", "at": "c2"}
    assert figure.check(params, ee_project.game) == []
    ahead = {SQUARES.index("a2"), SQUARES.index("b2")}
    assert figure.reach(params, ee_project.game) == {(t, s) for t in range(len(TRACKS)) for s in ahead}


def test_range_stops_at_the_edge_of_the_card():
    wide = ("xxx", "xxx", "xxx")
    assert range_squares(wide, SQUARES.index("a1")) == (0, 1)  # only the ship's own row is left, and not off the left
    assert range_squares(wide, SQUARES.index("c2")) == tuple(range(9))


def test_rules_figures_are_drawn_in_every_format(built):
    """The two range examples (the original rulebook's Missile and Hit and Run) and the movement example, as vectors
    in HTML and as text in Markdown, their squares named as the rules name them (never a1 to c3)."""
    html = (built / "rules" / "rules.html").read_text()
    markdown = (built / "rules" / "rules.md").read_text()
    assert html.count("<svg") == 3 and "<title>Missile from the bottom middle square of Air" in html
    assert "Missile from the bottom middle square of Air: x marks every square it can hit" in markdown
    assert "Hit and Run from the bottom middle square of Air: x marks every square it can hit" in markdown
    assert ("Moving 3: A (Ground, bottom left) -> B (Ground, middle left) -> C (Air, middle left) -> D (Air, center)"
            in markdown)


def test_the_range_figure_s_caption_stands_clear_of_its_grid(ee_project):
    """The attack card's name under the figure's RANGE grid prints inside the figure, never over a square."""
    from pnp.render.backend import RecordingBackend

    figure = ee_project.game.plugin.figures["range"]
    params = {"kind": "range", "card": "missile", "track": "air", "at": "c2"}
    b = RecordingBackend()
    figure.draw(b, params, ee_project.game, 0.0, 0.0)
    width, height = figure.size(params, ee_project.game)
    (caption,) = [d for d in b.drawn if d.kind == "text" and d.text == "Missile"]
    squares = [d for d in b.drawn if d.kind == "rect"]
    assert squares and caption.outside(0.0, 0.0, width, height) == 0.0
    near = [s for s in squares if caption.overlaps(Drawn("rect", s.x0 - 1.5, s.y0 - 1.5, s.x1 + 1.5, s.y1 + 1.5))]
    assert near == [], "the caption is within 1.5 pt of a square of the grid"


MM = 72 / 25.4
# What each type of attack hits, as the rules say it ("Attack types", and our ruling for an attack of neither type)
TARGETS = {"missile": "Hits one enemy in range, of your choice.", "laser": "Hits every enemy in range at once.",
           "blast": "Hits one enemy in range, of your choice; Cloaking and Reflective do not stop it."}


def _face_texts(ee_project, face) -> dict[str, list[Drawn]]:
    from pnp.render.cards import box_drawings

    return {drawing.box.name: [d for d in drawing.drawn if d.kind == "text"]
            for drawing in box_drawings(face, ee_project.layout, ee_project.game.emblems)}


def _face_of(ee_project, name: str):
    """The face of the card of that name: a deck's card, or the item on the back of a Zone card."""
    return next(face for faces in (ee_project.faces.fronts, ee_project.faces.backs) for face in faces.values()
                if face.card is not None and face.card.name == name)


def test_an_attack_card_with_no_other_effect_says_what_its_attack_hits(ee_project):
    """Missile, Laser and the Dreadnought Cannon have no text of their own: under the range grid they say what
    their type of attack hits, in the rules' words, where another attack card prints its second effect."""
    rules = " ".join((ee_project.root / "content" / "2200-escaping-earth" / "rules.yaml").read_text().split()).lower()
    assert "a missile hits one enemy in range, of your choice" in rules and "a laser hits every enemy in range at once" in rules
    assert "neither cloaking nor reflective stops it" in rules
    plain = {card_id: face for card_id, face in ee_project.faces.fronts.items()
             if face.card.attack is not None and not face.card.text}
    assert {face.card.attack.type for face in plain.values()} == set(TARGETS)
    for card_id, face in plain.items():
        lines = _face_texts(ee_project, face)["targets"]
        assert " ".join(d.text for d in lines) == TARGETS[face.card.attack.type] and min(d.size for d in lines) >= 9, card_id
    texts = _face_texts(ee_project, _face_of(ee_project, "Twin Rockets"))  # a text of its own: no targets line
    assert texts["text"] and "targets" not in texts


@pytest.mark.parametrize("name", ["Speed", "Salvage Claw", "Phoenix Tear"])
def test_a_short_item_text_prints_large_in_the_middle_of_its_space(ee_project, name):
    """A one-line effect ("MOVE 2.") sits in the middle of the space between the card's picture and its flags, at
    10 pt, instead of at the top of an empty band."""
    face = _face_of(ee_project, name)
    (box,) = [box for box in face.template.boxes if box.name == "text"]
    (line,) = _face_texts(ee_project, face)["text"]
    size = face.template.size or ee_project.layout.size
    middle = size.bleed + size.height - (box.y + box.h / 2)
    assert line.size == 10 and abs((line.y0 + line.y1) / 2 - middle) < 1.5 * MM
