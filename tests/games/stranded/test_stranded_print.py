"""Stranded in print: a danger card carries its knowledge side upside down in every output, and every
fighting card (starting, aging, a beaten danger) shares one back."""
import pytest
from pypdf import PdfReader


@pytest.fixture
def built(built_game):
    return built_game("stranded")


@pytest.fixture(scope="module")
def images(tmp_path_factory):
    """The card images of the fighting decks, as `pnp build --images` makes them (those decks' alone)."""
    from helpers import root_of

    from pnp.build.game import BuildOptions, BuildTarget, build

    out = tmp_path_factory.mktemp("stranded")
    result, report = build(BuildTarget(root_of("stranded"), "stranded", out), BuildOptions(only=("images",), decks=("starting", "dangers", "aging")))
    assert result is not None, report.to_text()
    return out / "stranded" / "images"


@pytest.fixture(scope="module")
def dangers():
    from helpers import validated

    return [record.card for record in validated("stranded").game.decks["dangers"].cards]


def upright_and_upside_down(page) -> tuple[str, str]:
    return page.extract_text(orientations=(0,)), page.extract_text(orientations=(180,))


def test_print_on_demand_turns_each_danger_into_its_knowledge_card_by_turning_it_round(built, dangers):
    reader = PdfReader(built / "print-on-demand" / "dangers-front-then-back.pdf")
    assert len(reader.pages) == 2 * len(dangers) == 60
    for i, card in enumerate(dangers):
        upright, upside_down = upright_and_upside_down(reader.pages[2 * i])
        assert card.name in upright and card.knowledge.name not in upright, card.id
        assert card.knowledge.name in upside_down and card.name not in upside_down, card.id


@pytest.mark.parametrize("folder", ["home-a4", "home-letter", "fold-a4", "fold-letter"])
def test_home_print_and_fold_and_glue_carry_the_knowledge_side_upside_down(built, dangers, folder):
    reader = PdfReader(built / folder / "dangers.pdf")
    upright = "".join(page.extract_text(orientations=(0,)) for page in reader.pages)
    upside_down = "".join(page.extract_text(orientations=(180,)) for page in reader.pages)
    for card in dangers:
        assert card.name in upright and card.knowledge.name in upside_down, card.id
        assert card.knowledge.name not in upright, card.id


def test_every_fighting_card_shares_one_back(built):
    backs = {deck: PdfReader(built / "print-on-demand" / f"{deck}-front-then-back.pdf").pages[1].extract_text()
             for deck in ("starting", "dangers", "aging")}
    assert len(set(backs.values())) == 1 and "Fighting card" in backs["starting"]


def test_card_images_and_tabletop_simulator_decks_share_the_fighting_back(images, dangers):
    from PIL import Image, ImageChops

    assert all((images / "dangers" / f"{card.id}.png").exists() for card in dangers)
    backs = [Image.open(images / deck / sub / "back.png").convert("RGB") for deck in ("starting", "dangers", "aging")
             for sub in ("", "tabletop-simulator")]
    for deck_back in backs[2:]:
        same_size = backs[0] if deck_back.size == backs[0].size else backs[1]
        assert ImageChops.difference(same_size, deck_back).getbbox() is None


def test_the_playmat_lays_the_free_cards_left_of_the_danger_and_the_extra_ones_right(built):
    """Rules 4.2 and 4.3 and clarification clar-ability-draws: free cards to the left of the danger, extra cards
    (bought with life, or drawn by +1 card or +2 cards) to its right. The mat's top row says so: the free cards'
    area, then the danger zone's single slot, then the extra cards', left to right, with room marked for several
    free cards (a Final Chapter gives up to 9)."""
    from helpers import validated

    project = validated("stranded")
    sheet, layout = project.game.sheets["playmat"].model, project.sheet_layouts["playmat"]
    areas = {area.id: area for area in sheet.areas}
    at = {r.name: r for r in layout.regions}
    row = sorted((r for r in layout.regions if r.kind == "area" and r.y == at["danger-zone"].y), key=lambda r: r.x)
    names = [r.name for r in row]
    assert names[names.index("danger-zone") - 1] == "fight-free" and names[names.index("danger-zone") + 1] == "fight-bought"
    assert areas["danger-zone"].cards == 1 and areas["fight-free"].cards >= 3 and areas["fight-bought"].cards >= 1
    assert "left" in areas["fight-free"].text and "right" in areas["fight-bought"].text
    text = " ".join(PdfReader(built / "sheets" / "playmat-full-size.pdf").pages[0].extract_text().split())
    assert "Free cards" in text and "Danger zone" in text and "Extra cards" in text and "Bought cards" not in text


def test_the_playmat_has_a_life_track_from_0_to_22(built):
    text = PdfReader(built / "sheets" / "playmat-full-size.pdf").pages[0].extract_text()
    numbers = {int(word) for word in text.split() if word.isdigit()}
    assert set(range(0, 23)) <= numbers


def test_life_tokens_sheet_has_22_tokens(built):
    from helpers import validated

    game = validated("stranded").game
    tokens = {token.id: token.count for token in game.sheets["life-tokens"].model.tokens}
    assert tokens["life"] == game.settings.life_cap == 22
    assert (built / "sheets" / "life-tokens-a4.pdf").exists()


def test_the_sheet_holds_the_two_markers_the_set_up_puts_on_the_tracks(built):
    """Rule 3.3 puts a life marker on the life track and a free-card marker on 0 of the free-card track: the box
    (rule 2.1) and the printed sheet hold one of each, and the rules call them by the sheet's names."""
    from helpers import validated

    game = validated("stranded").game
    tokens = {token.id: token for token in game.sheets["life-tokens"].model.tokens}
    assert (tokens["life-marker"].count, tokens["free-card-marker"].count) == (1, 1)
    rules = {rule.id: " ".join(rule.text.split()) for section in game.rules.sections for rule in section.rules}
    for name in (tokens["life-marker"].label, tokens["free-card-marker"].label):
        assert name.lower() in rules["contents"] and name.lower() in rules["setup-life"], name
    text = PdfReader(built / "sheets" / "life-tokens-a4.pdf").pages[0].extract_text()
    assert "Life marker (1)" in text and "Free-card marker (1)" in text and "Life tokens (22)" in text


def _lower_half(face, layout, emblems) -> dict[str, list]:
    """What each box of the face draws below the card's middle (the trim's, in the face's own points), by box."""
    from pnp.render.cards import box_drawings, face_size

    size = face_size(face, layout)
    middle = size.bleed + size.height / 2
    return {drawing.box.name: [d for d in drawing.drawn if d.y1 <= middle]
            for drawing in box_drawings(face, layout, emblems)}


@pytest.mark.parametrize("card_id, pile", [("fumble", "Starting card"), ("ration-bar", "Starting card"),
                                           ("stiff-knees", "Aging card"), ("homesick", "Aging card")])
def test_starting_and_aging_cards_use_their_lower_half(card_id, pile):
    """The lower half (under the fight's reading half) names the card's pile, shows its picture on a band and says
    what destroying it costs: drawn content, not an empty panel."""
    from helpers import validated

    project = validated("stranded")
    face = project.faces.fronts[card_id]
    below = _lower_half(face, project.layout, project.game.emblems)
    assert below["band"] and below["emblem"]
    texts = {name: [d.text for d in drawn if d.kind == "text"] for name, drawn in below.items()}
    assert texts["deck"] == [pile] and texts["cost"] and all(d.size >= 6 for drawn in below.values() for d in drawn
                                                             if d.kind == "text")


def test_the_printed_destroy_costs_are_the_seeds_and_the_settings():
    """The seed: one life point to destroy a starting card, two for an aging card; the card says the same number
    the engine charges (game.yaml's settings)."""
    from helpers import validated

    project = validated("stranded")
    settings = project.game.settings
    assert (settings.destroy_cost, settings.destroy_aging_cost) == (1, 2)
    for card_id, cost in (("steady", settings.destroy_cost), ("daydream", settings.destroy_aging_cost),
                          ("dust-devil-calm-breathing", settings.destroy_cost)):  # a knowledge side too
        note = project.faces.fronts[card_id].values["destroy_note"]
        assert f"destroy it for {cost} life" in note, card_id


@pytest.mark.parametrize("card_id", ["dust-devil-calm-breathing", "frozen-valve-checklist", "oxygen-leak-tinkerer"])
def test_a_knowledge_side_prints_its_destroy_cost_upside_down_and_its_words_at_7pt(card_id):
    """The seed: "You need one life point for one of the starting or knowledge cards". A starting card prints that
    cost; a knowledge side prints it too, upside down with the rest of its half, and its text and flavour are
    no smaller than 7 pt (the cost line no smaller than a starting card's)."""
    from helpers import validated

    from pnp.render.cards import box_drawings

    project = validated("stranded")
    drawn = {d.box.name: d for d in box_drawings(project.faces.fronts[card_id], project.layout, project.game.emblems)}
    cost = drawn["kcost"]
    assert " ".join(cost.texts) == "After a lost fight: destroy it for 1 life." and cost.box.rotate == 180
    size = project.layout.size
    middle = size.bleed + size.height / 2
    assert all(d.y1 <= middle for d in cost.drawn if d.kind == "text")  # in the knowledge half, below the middle
    sizes = [d.size for name in ("ktext", "kflavor") if name in drawn for d in drawn[name].drawn if d.kind == "text"]
    assert sizes and min(sizes) >= 7
    starting = next(d for d in box_drawings(project.faces.fronts["steady"], project.layout, project.game.emblems)
                    if d.box.name == "cost")
    assert min(d.size for d in cost.drawn) >= min(d.size for d in starting.drawn if d.kind == "text")


MM = 72 / 25.4
BACKGROUNDS = ("top", "bottom", "panel")  # the panels everything else is printed on


def _drawn_between(face, layout, emblems, top_mm: float, bottom_mm: float) -> dict[str, list]:
    """What each box draws between two heights of the card (mm down from the trim's top), panels aside."""
    from pnp.render.cards import box_drawings, face_size

    size = face_size(face, layout)
    top, bottom = size.bleed + size.height - top_mm * MM, size.bleed + size.height - bottom_mm * MM
    return {drawing.box.name: inside for drawing in box_drawings(face, layout, emblems)
            if drawing.box.name not in BACKGROUNDS
            and (inside := [d for d in drawing.drawn if d.y0 >= bottom - 0.5 and d.y1 <= top + 0.5])}


def _overprints(face, layout, emblems) -> list[tuple[str, str]]:
    """Pairs of boxes whose lettering or pictures cover each other (a rect is a panel or a band: printed under)."""
    from pnp.render.cards import box_drawings

    marks = [(drawing.box.name, d) for drawing in box_drawings(face, layout, emblems) for d in drawing.drawn
             if d.kind != "rect"]
    return [(a, b) for i, (a, da) in enumerate(marks) for b, db in marks[i + 1:] if a != b and da.overlaps(db, 0.3)]


@pytest.mark.parametrize("card_id", ["fumble", "tired", "steady", "brave", "stiff-knees", "despair"])
def test_a_fighting_card_without_an_ability_shows_its_value_large_where_the_ability_would_be(card_id):
    """Between the title and the flavour a starting or aging card with no ability prints its value, large (the
    number a fight adds up), instead of leaving the middle of its reading half empty."""
    from helpers import validated

    project = validated("stranded")
    face = project.faces.fronts[card_id]
    middle = _drawn_between(face, project.layout, project.game.emblems, 14, 34.5)  # under the title, over the flavour
    big = [d for d in middle.get("big_value", []) if d.kind == "text"]
    corner = [d for d in _drawn_between(face, project.layout, project.game.emblems, 3, 20)["value"] if d.kind == "text"]
    # the value as set: a negative one with a true minus sign (the typography pass), "-1" in the card's data
    assert [d.text.replace("\u2212", "-") for d in big] == [face.values["value"]] and big[0].size >= 1.5 * corner[0].size
    assert _overprints(face, project.layout, project.game.emblems) == []


def test_a_fighting_card_with_an_ability_shows_its_icon_and_words_instead_of_the_large_value():
    from helpers import validated

    project = validated("stranded")
    middle = _drawn_between(project.faces.fronts["ration-bar"], project.layout, project.game.emblems, 14, 34.5)
    assert "big_value" not in middle and middle["icon"] and middle["text"]


@pytest.mark.parametrize("card_id, ability", [("static-crackle-grit", False), ("dust-devil-calm-breathing", False),
                                              ("dust-devil-weather-sense", True)])
def test_a_knowledge_side_without_an_ability_shows_its_value_large_upside_down(card_id, ability):
    """The knowledge half (read with the danger turned round) is laid out as a fighting card's reading half, so a
    knowledge side with no ability shows its value large in the middle too."""
    from helpers import validated

    project = validated("stranded")
    face = project.faces.fronts[card_id]
    middle = _drawn_between(face, project.layout, project.game.emblems, 54.9, 70.4)  # the turned card's 18.5-34 mm
    big = [d.text for d in middle.get("kbig", []) if d.kind == "text"]
    assert big == ([] if ability else [face.values["knowledge.value"]])
    assert bool(middle.get("kicon")) == ability
    assert _overprints(face, project.layout, project.game.emblems) == []


@pytest.mark.parametrize("card_id, rule", [("the-long-night", False), ("the-last-window", False),
                                           ("dust-storm-season", True)])
def test_a_final_chapter_without_a_rule_of_its_own_shows_its_planet_in_the_middle(card_id, rule):
    from helpers import validated

    project = validated("stranded")
    face = project.faces.fronts[card_id]
    middle = _drawn_between(face, project.layout, project.game.emblems, 38, 69)  # under the values, over the flavour
    assert middle and bool(middle.get("picture")) != rule and bool(middle.get("text")) == rule
    assert _overprints(face, project.layout, project.game.emblems) == []


def test_every_card_carries_its_level_mark_in_its_lower_corner_clear_of_its_words():
    """Rule 2.5: "The dot in a card's lower corner shows the first level it is played at". The dangers and the Sol
    cards had none (the fourth proofread). Every card's face draws the mark now, in its lower right corner, and no
    word of the face (a knowledge side's value, upside down beside it) runs into it."""
    from helpers import validated

    from pnp.render.cards import box_drawings, face_size

    project = validated("stranded")
    for record in project.game.cards():
        face = project.faces.fronts[record.card.id]
        drawings = box_drawings(face, project.layout, project.game.emblems)
        marks = [d for drawing in drawings if drawing.box.type == "difficulty" for d in drawing.drawn]
        assert len(marks) == 1, record.card.id
        mark, size = marks[0], face_size(face, project.layout)
        width, height = size.width + 2 * size.bleed, size.height + 2 * size.bleed
        assert mark.x0 > width * 0.75 and mark.y1 < height * 0.2, record.card.id  # lower right (y runs up)
        words = [d for drawing in drawings for d in drawing.drawn if d.kind == "text"]
        assert not [w.text for w in words if w.x0 < mark.x1 and mark.x0 < w.x1 and w.y0 < mark.y1 and mark.y0 < w.y1], \
            record.card.id
