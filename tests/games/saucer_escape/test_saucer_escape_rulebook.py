"""Saucer Escape's rulebook as a publisher's proofreader reads it (issue 35, third pass): a glossary of the words
players meet, with their numbers; rules that say what the sheet draws; Clarifications true of the sheet and the
engine; the assault example pictured; credits and cover from the original."""
import re

import pytest
from test_saucer_escape_engine import devourer_facing_the_crew, set_up, to_free_phase
from test_saucer_escape_fidelity import DECKARD, QUAID, RICO, _rules, _rules_texts, roll_event

from pnp.games.saucer_escape.catalog import HIVEMIND
from pnp.games.saucer_escape.figures import NO_BREAK
from pnp.rules.tree import build_reference


def _glossary(project):
    return build_reference(project.game, None).glossary


def _printed(project) -> str:
    """Every word the rules and the sheet print, for looking a headword up."""
    sheet = project.game.sheets["game-sheet"].model
    texts = list(_rules_texts().values())
    texts += [e.name for e in sheet.enemies] + [loc.name for loc in sheet.locations] + [sheet.escape_pod.name]
    texts += [f"{row.name} {row.text}" for row in sheet.events]
    texts += [f"{m.name} {m.rank_label} {a.name} {a.text}" for m in sheet.crew for a in m.abilities]
    return " ".join(texts)


# -- the glossary ---------------------------------------------------------------------------------------------

def test_every_glossary_headword_is_a_word_the_rules_or_the_sheet_print(se_project):
    """The glossary was headed by effect names ("All hit", "Pod loss", "Reward boxes", "Free red door") printed
    nowhere: each headword is now a word players meet, an ability or an icon as the rules name it."""
    printed = _printed(se_project).casefold()
    for entry in _glossary(se_project):
        assert entry.term.casefold() in printed, entry.term


def test_the_glossary_glosses_every_ability_by_its_printed_name_with_its_numbers(se_project):
    """Each crew ability is an entry under the name its panel prints, and says its numbers ("Good Intel: change any
    one die by 1"), never "this many" or "this much"."""
    entries = {e.term: e for e in _glossary(se_project)}
    sheet = se_project.game.sheets["game-sheet"].model
    for member in sheet.crew:
        for ability in member.abilities:
            entry = entries[ability.name]
            assert entry.places == [f"{member.name}'s panel"], entry.places
    for entry in entries.values():
        assert not re.search(r"\bthis (many|much|number)\b", entry.text), entry.term
    assert "by 1" in entries["Good Intel"].text and "4 more" in entries["Penetration"].text
    assert "2 fewer hits" in entries["Predictive Model"].text and "add 10" in entries["First Law"].text


def test_the_glossary_defines_the_words_the_rules_lean_on(se_project):
    """Door, Keycard, Retreat and To Hit were in the index only: each is a glossary entry too, with its numbers
    (the Keycard tracks' 4 and 3 boxes, the events that give a Red Keycard) and its name as the rules say it."""
    entries = {e.term: e.text for e in _glossary(se_project)}
    sheet = se_project.game.sheets["game-sheet"].model
    assert "red or blue outline" in entries["Door"] and "Interlock Hack" in entries["Door"]
    red, blue = sheet.party["red_keycard"].length, sheet.party["blue_keycard"].length
    assert f"({red} boxes for Red, {blue} for Blue)" in entries["Keycard"]
    red_events = [row.roll for row in sheet.events if any("red_keycard" in str(e) for e in row.effects)
                  or "Red Keycard" in row.text]
    assert red_events == [6, 11] and "events 6 and 11" in entries["Keycard"]
    assert "Tactician" in entries["Retreat"] and "Life or Power track" in entries["Retreat"]
    assert "Life bonus and its dark Life boxes" in entries["To Hit"] and "To Hit box" in _rules_texts()["enemy-roll"]


def test_the_escape_pod_track_is_where_the_sheet_draws_it(se_project):
    """The sheet draws the Escape Pod's track on the Hivemind's row, in the Location column (the Escape Pod is the
    Hivemind's Location): the glossary said "under the Hivemind's row"."""
    from test_saucer_escape_sheet import draw

    backend, _ = draw(se_project, "a4")
    at = {call[1][0]: call[1][1:3] for call in backend.calls if call[0] == "checkbox"}  # name -> (x, y)
    hivemind_row = len(se_project.game.sheets["game-sheet"].model.enemies) + 1
    pod, first_location = at[f"location.{hivemind_row}.1"], at["location.1.1"]
    life, power = at[f"enemy.{hivemind_row}.life.1"], at[f"enemy.{hivemind_row}.power.1"]
    assert pod[0] == first_location[0]  # in the Location column
    assert power[1] - 1 <= pod[1] <= life[1] + 1  # between the top and the foot of the Hivemind's row
    assert f"location.{hivemind_row}.12" in at
    text = next(e.text for e in _glossary(se_project) if e.term == "Escape Pod")
    assert text.startswith("The 12-box track on the Hivemind's row, in the Location column") and "under" not in text


def test_recon_darkens_up_to_the_die_in_the_summary_as_in_rule_4_1(se_project):
    """Seed: "darken a number of boxes, up to the value of the assigned die or none at all". Rule 4.1 says "up
    to"; the turn summary said "as many ... as the die shows"."""
    steps = [step.text for step in se_project.game.rules.summary.steps]
    recon = next(step for step in steps if step.startswith("Recon:"))
    assert recon.startswith("Recon: darken up to as many connected map boxes as the die shows")
    assert _rules_texts()["recon"].startswith("Recon: darken up to as many map boxes as the die shows")


def test_the_rules_sums_never_break_across_a_line(se_project):
    """"2 + 5 / + 3 = 10" broke at a line's end: every sum the rules and their examples print holds its + and =
    between no-break spaces."""
    rules = [r for section in se_project.game.rules.sections for r in section.rules]
    texts = [text for r in rules for text in (r.text, r.example or "")]
    sums = [text for text in texts if re.search(r"\d\s*[+=]\s*\d", text)]
    assert len(sums) >= 2  # the assault examples: 2 + 5 + 3 = 10 to hit, 2 + 3 = 5 hits
    for text in sums:
        assert not re.search(r"\d [+=]|[+=] \d", text), text
        assert re.search(f"\\d{NO_BREAK}[+=]{NO_BREAK}\\d", text), text


def test_an_events_item_is_gained_at_once_and_the_glossary_says_a_reward_item_waits(se_engine, se_project):
    """Seed: "UNLOCKED DRAWER: GAIN A RED KEYCARD", and a Reward track's items are gained "If you killed the
    Enemy". The glossary's Gain said an event's item came "when the enemy with this Reward track's number dies":
    the two are now two words, an event's item (FIND) gained at once, the Item entry telling both apart."""
    sheet = se_project.game.sheets["game-sheet"].model
    event_words = {next(iter(e)) if isinstance(e, dict) else e for row in sheet.events for e in row.effects}
    assert "GAIN" not in event_words and "FIND" in event_words
    item = next(e for e in _glossary(se_project) if e.term == "Item")
    assert item.words == ["GAIN"] and item.places == ["Reward tracks"] and "at once" in item.text
    state = to_free_phase(se_engine, set_up(se_engine))
    before = state.items["red_keycard"]
    roll_event(se_engine, state, (5, 6))  # 11: Unlocked Drawer
    assert state.items["red_keycard"] == before + 1 and "event:11" in state.resolved


def test_one_name_per_icon(se_project):
    """The crossed-out Lasgun was "Crossed-out Lasgun" in the rules, "boxed in: item lost" on the sheet and "One
    Lasgun fewer" in the glossary: the rules and the glossary call it a crossed-out Lasgun, boxed in once both its
    boxes are dark, and the sheet's legend says "boxed in"."""
    from sheet_geometry import region_drawings

    terms = {e.term for e in _glossary(se_project)}
    assert {"Crossed-out Lasgun", "Crossed-out Shield"} <= terms and "One Lasgun fewer" not in terms
    assert "boxed in" in _rules_texts()["negation"]
    legend = " ".join(t.string for d in region_drawings(se_project, "game-sheet") if d.name == "legend" for t in d.texts)
    assert "boxed in: one item fewer" in legend and "item lost" not in legend


# -- the rules say what the sheet draws --------------------------------------------------------------------------

def test_the_rules_put_a_reward_tracks_items_in_its_boxes(se_project):
    """The sheet draws each item inside its Reward box, not above it; and the Location track has no number box of
    its own to cross out (it shares its row's)."""
    texts = _rules_texts()
    assert "drawn in its dark boxes" in texts["reward-track"] and "above" not in texts["reward-track"]
    assert "drawn in the dark boxes" in texts["victory"] and "above" not in texts["victory"]
    assert "both of those track numbers" not in texts["victory"]
    assert "that Reward track's number box" in texts["victory"]


def test_the_set_up_names_every_short_name_the_map_prints(se_project):
    """Rule 2.7 explained BIO and POD only: it now gives all seven, as the sheet prints them."""
    from pnp.games.saucer_escape.sheet_render import short_name

    sheet = se_project.game.sheets["game-sheet"].model
    text = _rules_texts()["find-entrances"]
    for location in sheet.locations + [sheet.escape_pod]:
        assert re.search(rf"{short_name(location.id)} (is )?(the )?{location.name}", text), location.id


def test_the_rules_and_the_glossary_spell_american_and_capitalize_items(se_project):
    """One spelling for the English text (the game's own names are American: Fueling Discovered, Command Center)
    and one capitalization for an item (Red Keycard, never Red keycard)."""
    words = _printed(se_project) + " " + " ".join(e.text for e in _glossary(se_project))
    assert not re.search(r"\b(colour|fuelled|centre|grey)\b", words, re.IGNORECASE)
    assert not re.search(r"\b(Red|Blue) keycards?\b", words)
    assert "himself" not in words  # the original's art shows Rico as a woman: no pronoun for Rico


# -- the Clarifications are true of the sheet and the engine ---------------------------------------------------

def test_the_blue_keycard_ruling_holds_for_every_set_up(se_project):
    """Clarification 9.3 said "the enemies behind no blue door always lead to a blue keycard", which the fifth
    Reward track (no Blue Keycard) makes false. As now worded: the two enemies whose entrances have no door
    never share that track however the set-up dice fall, so one of them always has a Blue Keycard box."""
    sheet = se_project.game.sheets["game-sheet"].model
    blue = [any(i.icon == "GAIN" and i.item == "blue_keycard" for i in track.icons) for track in sheet.rewards]
    assert blue.index(False) == 4 and blue.count(False) == 1  # "all but the fifth from the top"
    cells = {(r, c): ch for r, row in enumerate(sheet.map.rows) for c, ch in enumerate(row)}
    open_rows = [i for i, loc in enumerate(sheet.locations) if cells[(sheet.map.entrances[loc.id].row,
                                                                       sheet.map.entrances[loc.id].col)] == "."]
    assert [sheet.locations[i].name for i in open_rows] == ["Biosphere", "Docks"]
    for offset in range(6):  # the Reward track numbered as each enemy row, for every pair of set-up dice
        assert any(blue[(i + offset) % 6] for i in open_rows), offset
    text = _rules_texts()["clar-blue-keys"]
    assert "(Biosphere, Docks)" in text and "at least one of the two enemies behind doorless entrances" in text
    assert "Every Reward track except the fifth from the top has a Blue Keycard box" in text
    assert "always lead to" not in text and "but the fifth" not in text  # proofreading: "each has ... but" read badly


def test_the_clarifications_intro_and_the_entrances_say_which_sheet_and_which_box():
    """Proofreading: the intro's "where its sheet is drawn anew" left "its" unclear, and "the thick box with the
    short name printed beside the Location's name" could be the boxed tag beside the name itself."""
    texts = _rules_texts()
    intro = " ".join(next(s["intro"] for s in _rules()["sections"] if s["id"] == "clarifications").split())
    assert "where this edition's sheet differs" in intro and "drawn anew" not in intro
    assert "the thick map box that prints the same short name as the tag beside the Location's name" in \
        texts["find-entrances"]


def test_the_hiveminds_dark_boxes_score_when_it_is_killed(se_engine):
    """Seed, scoring: "Gain 1 point for each darkened box on all killed Enemy tracks" and "Gain 10 points for
    killing the Hivemind". The Hivemind is an enemy row of the sheet: its boxes score too, and 9.4 no longer says
    killing it gives "only its 10 points"; Location tracks are not enemy tracks and score nothing."""
    state = set_up(se_engine)
    state.life[HIVEMIND], state.power[HIVEMIND] = 4, 3
    state.location[0] = 5
    state.killed[HIVEMIND] = state.killed[0] = True
    score = se_engine.score(state)
    assert score["killed_enemy_boxes"] == 4 + 3 and score["hivemind_killed"] == 10
    texts = _rules_texts()
    assert "only its 10 points" not in texts["clar-hivemind"] and "10 points more" in texts["clar-hivemind"]
    assert "(the Hivemind's too)" in texts["scoring"] and "Location tracks score nothing" in texts["scoring"]


def test_the_clarifications_state_rulings_without_narrating_the_edition(se_project):
    """Said once in the section's intro; each ruling plainly, never "this edition reads", "ours" or "our ruling"."""
    texts = {k: v for k, v in _rules_texts().items() if k.startswith("clar-")}
    assert len(texts) == 13
    for rule_id, text in texts.items():
        assert not re.search(r"\b(this edition|ours?|we rule)\b", text, re.IGNORECASE), rule_id
    assert "this edition's rulings" in se_project.game.rules.sections[-1].intro


def test_the_turns_left_ruling_states_the_rule_without_a_sum_of_what_it_prevents():
    """9.10 said "(otherwise losing the whole crew on turn 3 would pay 27 points)": the ruling is stated, not argued."""
    text = _rules_texts()["clar-turns-left"]
    assert text.startswith("Unplayed turns score only when you escape.") and "otherwise" not in text


def test_a_boxed_in_lasgun_counts_one_fewer_as_rule_7_2s_example_says(se_engine):
    """Rule 7.2's example: the Devourer with 5 dark Life and 3 dark Power boxes has boxed in the crossed-out Lasgun
    between its third boxes, so 3 Lasguns add 2."""
    engine = se_engine
    state, row = devourer_facing_the_crew(engine, unarmed=True)
    state.gear[DECKARD, "lasgun"] = state.gear[QUAID, "lasgun"] = state.gear[RICO, "lasgun"] = 1
    for action in (("assault", row), ("die", 3), ("lock",), ("dice", (2, 2)), ("strike",)):
        engine.apply_in_place(state, action)
    assert state.assault.total == 2 + 2 + 2
    assert "3 Lasguns adds only 2" in " ".join(_rules_example("crew-roll").split())


def _rules_example(rule_id: str) -> str:
    from test_saucer_escape_fidelity import _rules

    return next(r.get("example", "") for s in _rules()["sections"] for r in s["rules"] if r["id"] == rule_id)


# -- the assault pictured ---------------------------------------------------------------------------------------

def _assault_figure(project) -> dict:
    node = next(n for n in build_reference(project.game, None).walk() if (n.figure or {}).get("kind") == "assault")
    assert node.id == "enemy-roll"
    return node.figure


def test_the_assault_figure_does_the_sums_the_engine_does(se_engine, se_project):
    """The seed pictures the Devourer's row (2 + 5 + 3 = 10 to hit, 2 + 3 = 5 hits); the figure draws it from the
    sheet, and its key says the numbers the engine plays for that row, die and dark boxes."""
    from pnp.games.saucer_escape.figures import example

    figure = _assault_figure(se_project)
    shown = example(figure, se_project.game)
    state, row = devourer_facing_the_crew(se_engine, unarmed=True)
    assert (state.life[row], state.power[row]) == (figure["life"], figure["power"])
    for action in (("assault", row), ("die", figure["die"]), ("lock",), ("dice", (1, 1)), ("strike",)):
        se_engine.apply_in_place(state, action)
    assert (shown.target, shown.hits) == (state.assault.target, state.assault.hits) == (10, 5)
    assert NO_BREAK + "=" + NO_BREAK in dict(shown.key())["D"]  # the key's sums never break either
    key = {letter: words.replace(NO_BREAK, " ") for letter, words in shown.key()}
    assert "2 + 5 + 3 = 10" in key["D"] and "2 + 3 = 5 hits" in key["F"] and "Lasgun" in key["G"]


def test_the_assault_figure_is_legible_and_drawn_with_the_sheets_colours(se_project):
    from pathlib import Path

    import yaml

    from pnp.games.saucer_escape.figures import COLORS, FONTS, AssaultFigure
    from pnp.render.backend import RecordingBackend

    layout = yaml.safe_load((Path(__file__).parents[3] / "layouts/saucer-escape/game-sheet.yaml").read_text())
    assert layout["colors"] == COLORS and {k: layout["fonts"][k] for k in FONTS} == FONTS
    figure, kind = _assault_figure(se_project), AssaultFigure()
    assert kind.check(figure, se_project.game) == []
    backend = RecordingBackend()
    kind.draw(backend, figure, se_project.game, 0.0, 0.0)
    sizes = [c[1][4] for c in backend.calls if c[0] == "text"]
    assert min(sizes) >= 6.0 and not [c for c in backend.calls if c[0] in ("checkbox", "text_field")]
    assert "10" in backend.texts() and "Devourer" in backend.texts()


@pytest.mark.parametrize("params,says", [({"enemy": "hivemind"}, "enemy:"), ({"life": 6, "power": 2}, "2 apart"),
                                         ({"die": 7}, "die:"), ({"colour": "red"}, "no key 'colour'")])
def test_the_assault_figure_reports_what_it_cannot_draw(se_project, params, says):
    from pnp.games.saucer_escape.figures import AssaultFigure

    figure = {**_assault_figure(se_project), **params}
    assert any(says in message for message in AssaultFigure().check(figure, se_project.game))


# -- cover, credits and index -------------------------------------------------------------------------------------

def test_the_cover_and_credits_carry_the_originals_series_and_copyright(se_project):
    """Seed: "A Spacemen and Scribbles Adventure" under the title, and "© 2017 Peter C. Ruth II" with the
    designer's address. The original game and its copyright are what this one is "Based on" (they were printed
    under "Edition:"); the edition says what it made anew, as its Clarifications do (no "the numbers are his"
    beside a ruling on track lengths)."""
    manifest = se_project.game.manifest
    assert manifest.tagline.startswith("A Spacemen and Scribbles Adventure")
    based_on, edition = manifest.credits.based_on, manifest.credits.edition
    assert based_on.startswith("Saucer Escape, a Spacemen and Scribbles Adventure, © 2017 Peter C. Ruth II")
    assert "pcruth@gmail.com" in based_on and "Doom Realm" in based_on and "Pencils and Powers" in based_on
    assert "©" not in edition and edition.startswith("This print-and-play edition")
    assert "numbers are his" not in edition and "Clarifications" in edition


def test_the_index_lists_what_a_player_looks_up(se_project):
    """The index is the glossary's headwords and the words rules.yaml's `index:` adds (pnp.render.rulebook_back)."""
    terms = {e.term for e in _glossary(se_project)}
    terms |= {getattr(item, "term", item) for item in se_project.game.rules.index}
    wanted = {"Door", "Keycard", "Retreat", "To Hit", "Life", "Power", "Event", "Start box", "Set-up", "Scoring",
              "Quick Thinking", "Good Intel", "First Law", "Self-Sacrifice"}
    assert wanted <= terms, wanted - terms
    assert not {"Gain", "All hit", "Pod loss", "Reward boxes"} & terms


def test_the_index_finds_each_thing_where_the_rules_explain_it(se_project):
    """The seventh proofread: the index's Set-up must point at every page of the set-up, and the crossed-out
    Shield where the rules explain it (seed: a darkened Life and Power track that "sandwich the Lasgun Negation or
    Shield Negation icon"). The index finds a term only as the rules print it (pnp.render.rulebook_back): rule 2.7,
    the set-up's last rule (on the page after the heading in the A4 and Letter books), says it finishes setting
    up, and rule 5.3 names both icons in full, as the glossary heads them, never "Crossed-out Lasgun or Shield"."""
    from pnp.render.rulebook_back import forms_pattern, index_terms
    from pnp.rules.tree import render_text

    ref = build_reference(se_project.game)
    forms: dict[str, list[str]] = {}
    for term, also, _ in index_terms(ref):
        forms.setdefault(term, [term]).extend(also)
    printed = {rule_id: render_text(ref, text, "plain") for rule_id, text in _rules_texts().items()}
    explained = {"Set-up": ["find-entrances", "clar-numbering"], "Crossed-out Lasgun": ["negation"],
                 "Crossed-out Shield": ["negation"], "Door": ["doors"], "Entrance": ["find-entrances"],
                 "Event": ["events"], "Arrow": ["arrows"], "Claw": ["claws"], "To Hit": ["enemy-roll"]}
    for term, rule_ids in explained.items():
        for rule_id in rule_ids:
            assert forms_pattern(forms[term]).search(printed[rule_id]), (term, rule_id, printed[rule_id])


# -- the proofreader's fourth pass --------------------------------------------------------------------------------

def _setup_figure() -> dict:
    from test_saucer_escape_fidelity import _rules

    return next(r["figure"] for s in _rules()["sections"] for r in s["rules"] if (r.get("figure") or {}).get("kind") == "setup")


def _set_up_figure_as_printed(figure=None):
    """The set-up figure as the A4 book prints it (or `figure`, as a booklet drew it), measured in mm of the sheet
    from its top left: each callout's and tag's printed box (by its text), everything its drawing prints that a note
    could hide (the words legible at its scale, the boxes, icons and dots), and the boxes a player writes in, by
    their field names."""
    from sheet_geometry import MM, Box
    from test_rulebook_figures import FRAME, _Canvas, drawn, printed_notes, setup_figure

    if figure is None:
        figure = setup_figure("saucer-escape")
        printed_notes(figure, FRAME)
    by, height = figure.scale_by, figure.natural[1]

    def on_sheet(x0, y0, x1, y1):  # the figure's own units (points, y up) -> sheet mm, y down
        return Box(x0 / MM, (height - y1) / MM, x1 / MM, (height - y0) / MM)

    notes = {}
    keyed = {words for row in figure.key_rows for _, words in row}  # said under the figure, beside its number
    for note, at in figure.arranged(_Canvas()):
        if note.keyed:
            assert note.text in keyed
            notes[note.text] = None
        elif note.mark or note.tag:
            notes[note.text] = on_sheet(*(v / by for v in (at[:4] if at else figure._mark_box(_Canvas(), note))))
    recording = drawn(figure, by)  # (it sets the figure at the A4 book's scale: the notes are measured first)
    small = ("rect", "checkbox", "text_field", "circle", "path")
    prints = [on_sheet(d.x0, d.y0, d.x1, d.y1) for d in recording.drawn
              if d.kind == "text" or (d.kind in small and d.x1 - d.x0 <= 15 * MM and d.y1 - d.y0 <= 15 * MM)]
    fields = {}
    for kind, args, _ in recording.calls:
        if kind == "checkbox":
            fields[args[0]] = on_sheet(args[1], args[2], args[1] + args[3], args[2] + args[3])
        elif kind == "text_field":
            fields[args[0]] = on_sheet(args[1], args[2], args[1] + args[3], args[2] + args[4])
    return notes, prints, fields


def test_the_set_up_callouts_stand_beside_what_they_name_covering_nothing():
    """The callouts of 2.2, 2.3, 2.5 and 2.6 hid the top enemy's box, the third Reward box, Deckard's first ability box
    and his Gear boxes (fourth proofreading); 2.5 still touched Deckard's top ability box, 2.4 sat on the Artifacts
    icon and 2.6's tag on Rico's middle ability box (fifth). As the A4 book prints the figure, no callout and no tag
    covers a word, box, icon or dot it prints (a tag with no room is said in the key under the figure); only 2.4
    stands on the top edge of the Artifacts box it names, a number box a player writes in."""
    from pnp.games.saucer_escape.sheet_render import WRITE_W

    notes, prints, fields = _set_up_figure_as_printed()
    assert {"2.2", "2.3", "2.4", "2.5", "2.6", "Top enemy", "Reward tracks", "Artifacts box", "Ability boxes",
            "Gear boxes"} <= set(notes)
    for text, box in notes.items():
        if box is None:  # a tag with no room on the figure: said in the key under it
            continue
        covered = [drawn for drawn in prints if drawn.overlaps(box, 0.0)]
        if text == "2.4":
            artifacts = fields["party.artifacts"]
            assert covered and all(c.inside(artifacts, 0.01) and artifacts.inside(c, 0.01) for c in covered), covered
            assert box.y0 < artifacts.y0 < box.y1 < artifacts.y1 and artifacts.x1 - artifacts.x0 >= WRITE_W
        else:
            assert not covered, (text, covered)


@pytest.mark.parametrize("frame", ["a4", "a5"])
def test_every_dot_the_set_up_figure_prints_on_a_crew_panel_marks_a_gear_box(se_project, frame):
    """Rule 2.6: "Darken the Gear boxes marked with a dot". The sheet keys those dots ("• starting gear", right of
    each Gear row); the set-up figure leaves the key's words off (too small at its scale), and its dot alone beside
    the last Gear box read as that box's mark (the twenty-fourth proofreading). In the figure, in the A4 book and
    in a booklet, every dot on a crew panel now stands under a Gear box its crew member starts with; drawn full
    size, the sheet keeps its key, a dot and its words for each crew member who starts with gear."""
    from test_rulebook_figures import A5, FRAME, drawn, printed_notes, setup_figure

    crew = se_project.game.sheets["game-sheet"].model.crew
    figure = setup_figure("saucer-escape", FRAME if frame == "a4" else A5)
    printed_notes(figure, FRAME if frame == "a4" else A5)
    panels = next(r for r in se_project.sheet_layouts["game-sheet"].regions if r.name == "crew")
    top = figure.natural[1] - panels.y  # the figure's units: y up

    def dots_and_gear(scale):
        recording = drawn(figure, scale)
        gear = [(args[1], args[2], args[3]) for kind, args, _ in recording.calls
                if kind == "checkbox" and args[0].startswith("crew.") and args[0].split(".")[2] in ("lasgun", "shield")]
        dots = [d for d in recording.drawn if d.kind == "circle" and d.x1 - d.x0 < 5
                and panels.x <= d.x0 <= panels.x + panels.w and top - panels.h <= d.y0 <= top]
        return dots, gear, recording.texts()

    dots, gear, texts = dots_and_gear(figure.scale_by)
    assert gear and "starting gear" not in texts
    under = [d for d in dots if any(x <= (d.x0 + d.x1) / 2 <= x + size and d.y1 <= y for x, y, size in gear)]
    assert len(under) == len(dots) == sum(len(member.starting_gear) for member in crew), (len(under), len(dots))
    full, _, texts = dots_and_gear(1.0)
    assert texts.count("starting gear") == sum(1 for member in crew if member.starting_gear)
    assert len(full) == len(dots) + texts.count("starting gear")


def test_the_crew_callouts_point_at_the_gear_row_and_beside_the_ability_boxes():
    """Fifth proofreading: "2.6 Gear boxes" pointed at the ability boxes, but the Gear boxes are the icon row at the
    bottom left of each crew panel. 2.6 now stands on Rico's Gear row, just right of his last Gear box, and 2.5 to
    the left of Deckard's ability boxes, level with them. The twenty-fifth: 2.6 pressed against Rico's third ability
    box, reading as its number; it stands a millimetre or more clear of his Gear row and of his ability boxes (mm of
    the sheet, as drawn full size)."""
    notes, _, fields = _set_up_figure_as_printed()
    gear = [box for name, box in fields.items() if name.startswith(("crew.rico.lasgun.", "crew.rico.shield."))]
    assert len(gear) == 4
    callout = notes["2.6"]
    middle = (callout.y0 + callout.y1) / 2
    assert min(b.y0 for b in gear) <= middle <= max(b.y1 for b in gear)
    assert max(b.x1 for b in gear) + 1 < callout.x0 < callout.x1 < fields["crew.rico.ability.self-sacrifice"].x0 - 1
    abilities = [box for name, box in fields.items() if name.startswith("crew.deckard.ability.")]
    assert len(abilities) == 3
    callout = notes["2.5"]
    assert callout.x1 < min(b.x0 for b in abilities)
    assert min(b.y0 for b in abilities) <= (callout.y0 + callout.y1) / 2 <= max(b.y1 for b in abilities)


def _booklet_set_up_figure(project, monkeypatch, tmp_path, paper: str):
    """The set-up figure as the booklet on `paper` draws it, at the size it has on its page (smaller than a
    booklet's page would draw it alone: it shares its page with rules 2.2 to 2.6), and the leaders it prints, each
    (x0, y0, x1, y1) from the tip of its arrowhead to its end in the badge, in mm of the sheet from its top left."""
    from sheet_geometry import MM
    from test_rulebook_figures import _Canvas

    from pnp.render.rulebook import rulebook_pdf
    from pnp.render.rulebook_figures import BoardFigure

    drawn_at, print_notes = [], BoardFigure.print_notes

    def recorded(figure, canvas):
        if "2.6" in {n.text for n in figure.notes if n.mark}:
            drawn_at.append((figure, figure.scale_by))
        return print_notes(figure, canvas)

    monkeypatch.setattr(BoardFigure, "print_notes", recorded)
    rulebook_pdf(project, None, paper, tmp_path / f"{paper}.pdf", booklet=True)
    monkeypatch.undo()
    figure, figure.scale_by = drawn_at[-1]
    canvas = _Canvas()
    figure.print_notes(canvas)
    by, height = figure.scale_by, figure.natural[1]
    assert len(canvas.paths) == len(canvas.segments)  # each line starts at the back of its arrowhead
    tips = [path[0] for path in canvas.paths]
    lines = [(x0 / by / MM, (height - y0 / by) / MM, x1 / by / MM, (height - y1 / by) / MM)
             for (x0, y0), (_, _, x1, y1) in zip(tips, canvas.segments)]
    return figure, lines


def test_the_a4_books_gear_callout_points_at_the_gear_row_from_beside_it():
    """The twenty-fifth and twenty-sixth proofreadings: beside Rico's Gear row with no arrow, 2.6 read as the
    number of the ability box beyond it. The A4 book's figure has room for it beside the row (the test above), and
    a short arrow from it points at the corner of his last Gear box."""
    from sheet_geometry import MM
    from test_rulebook_figures import FRAME, printed_notes, setup_figure

    figure = setup_figure("saucer-escape")
    canvas = printed_notes(figure, FRAME)
    notes, _, fields = _set_up_figure_as_printed(figure)
    last = max((box for name, box in fields.items() if name.startswith(("crew.rico.lasgun.", "crew.rico.shield."))),
               key=lambda b: b.x1)
    assert len(canvas.paths) == len(canvas.segments) == 1
    by, height = figure.scale_by, figure.natural[1]
    (x, y), badge = canvas.paths[0][0], notes["2.6"]
    tip = x / by / MM, (height - y / by) / MM
    assert last.x0 <= tip[0] <= last.x1 and last.y0 <= tip[1] <= last.y1, (tip, last)
    assert 0 < badge.x0 - tip[0] < 10  # a short arrow, right to left


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_booklets_gear_callout_leads_a_line_to_the_gear_row(se_project, monkeypatch, tmp_path, paper):
    """The twentieth and twenty-first proofreadings: in the booklets' half-size set-up figure 2.6 ("Gear boxes")
    stood right of Rico's ability boxes, reading as their label: the badge is larger there than the room between
    his Gear row and his ability boxes. Rule 2.6 names the Gear row: a thin line now leads from the badge to the
    row's end. The twenty-second: the line ended short of the row, below it, and the tag still stood by the ability
    boxes; the twenty-third: a dot at its end could pass for a starting dot. The line now points with an arrowhead
    at the corner of Rico's last Gear box, runs to the badge, and crosses no other box, icon, dot or word the
    figure prints (a line over an ability box would point at that); the badge covers none of them either, and
    "Gear boxes" is said in the key under the figure, beside 2.6's number."""
    from sheet_geometry import Box

    figure, lines = _booklet_set_up_figure(se_project, monkeypatch, tmp_path, paper)
    notes, prints, fields = _set_up_figure_as_printed(figure)
    gear = [box for name, box in fields.items() if name.startswith(("crew.rico.lasgun.", "crew.rico.shield."))]
    assert len(gear) == 4
    badge = notes["2.6"]
    assert not [drawn for drawn in prints if drawn.overlaps(badge, 0.0)]
    assert len(lines) == 1, lines
    x0, y0, x1, y1 = lines[0]
    last = max(gear, key=lambda b: b.x1)
    assert last.x0 <= x0 <= last.x1 and last.y0 <= y0 <= last.y1, (lines, last)
    assert badge.x0 <= x1 <= badge.x1 and badge.y0 <= y1 <= badge.y1
    along = [Box(x - 0.05, y - 0.05, x + 0.05, y + 0.05) for x, y in
             ((x0 + (x1 - x0) * t / 50, y0 + (y1 - y0) * t / 50) for t in range(51))]
    crossed = [drawn for drawn in prints for at in along if drawn.overlaps(at, 0.0)
               and not drawn.inside(badge, 0.0) and not drawn.inside(last, 0.05)]
    assert not crossed, crossed
    assert notes["Gear boxes"] is None  # said in the key under the figure


def test_the_set_up_sends_the_reader_to_the_sheet_for_its_words(se_project, built_game, tmp_path):
    """Rule 2.7 asks the reader to read the short names on the map, which the set-up figure above it draws too small
    to print: it sends the reader to their own game sheet. The caption said "The whole sheet, at its printed size,
    follows the Glossary", false in the booklets (a half page cannot hold it) and in the A4 and Letter books (the
    plate comes after the index): it names what every edition has, the game sheet section right after the
    Glossary, which pictures the whole sheet with its parts named. The ninth proofreading: the caption names that
    section by its title. The tenth: a reader holds one book, so the caption speaks of no other edition (it said
    "The A4 and Letter rulebooks also print the whole sheet full size after the Index; the booklets do not")."""
    from pypdf import PdfReader

    from pnp.render.rulebook import rulebook_pdf

    text = _rules_texts()["find-entrances"]
    assert text.startswith("To finish setting up, find each Location's entrance on the map of your own game sheet")
    caption = " ".join(_setup_figure()["text"].split())
    # the section's key pictures the sheet (a booklet) or says where its plate is (after the index: the seventh
    # proofreading found "pictures the whole sheet" untrue of the A4 and Letter books' section)
    # the ninth proofreading: "the game sheet section" is no title a player finds in the contents; the caption
    # names the section by its title; the tenth: only what is true in the book in hand, no other edition named
    assert 'The section "Saucer Escape game sheet", after the Glossary, names every part of the sheet.' in caption
    assert caption.endswith("Fill in a printed sheet of your own."), caption
    for other_edition in ("A4", "Letter", "booklet", "rulebooks", "full size", "Index"):
        assert other_edition not in caption, (other_edition, caption)
    printed = re.compile(r"\bA4\b|\bbooklets?\b|\bLetter (?:book|rulebook)s?\b")  # nor does any other printed text
    strings = [_rules()]
    while strings:
        value = strings.pop()
        if isinstance(value, dict | list):
            strings += list(value.values() if isinstance(value, dict) else value)
        elif isinstance(value, str):
            assert not printed.search(value), value
    assert "printed size" not in caption and "says where" not in caption
    for book in ("rulebook-a4.pdf", "rulebook-letter.pdf"):
        titles = [i.title for i in PdfReader(built_game("saucer-escape") / "rules" / book).outline
                  if not isinstance(i, list)]
        assert titles[titles.index("Glossary") + 1] == "Saucer Escape game sheet", (book, titles)
        assert "Index" in titles, (book, titles)
    booklet = tmp_path / "booklet.pdf"
    rulebook_pdf(se_project, None, "a4", booklet, booklet=True)
    contents = next(page.extract_text() for page in PdfReader(booklet).pages if "Contents" in page.extract_text())
    listed = [name for name in (line.split(" .")[0].strip() for line in contents.splitlines()) if name]  # no leaders
    assert listed[listed.index("Glossary") + 1] == "Saucer Escape game sheet", listed


def test_the_glossary_says_where_the_sheet_prints_each_part_a_term_names(se_project):
    """Door, Keycard, To Hit, Entrance and Artifact had no "On the sheet:" line though the sheet prints each: the
    game's word places give each term the parts of the sheet it is on, by the names the sheet's key gives them."""
    from pnp.games.saucer_escape.checks import word_places

    places = word_places(se_project.game)
    terms = {t.id for t in se_project.game.rules.terms}
    assert places["door"] == ["Map"] and places["entrance"] == ["Map", "Beside each Location's name"]
    assert places["keycard"] == ["Party items", "Reward tracks"] and places["artifact"] == ["Party items", "Reward tracks"]
    assert places["to-hit"] == ["Enemies"] and places["event"] == ["Map", "Event Table"]
    assert {k for k in places if k.islower()} <= terms  # every place keyed by a term is a glossary entry's
    assert all(k.isupper() for k in places if k not in terms)  # and the rest are effect words
    glossary = {entry.term: entry.places for entry in build_reference(se_project.game).glossary}
    assert glossary["Door"] == ["Map"] and glossary["To Hit"] == ["Enemies"]


def test_the_turn_summary_keeps_its_rule_numbers_on_a_line_with_words(se_project):
    """Steps 3 and 5 of the turn summary left "(see 3.1, 3.2)" alone on their last line: both are shorter now, so
    their rule numbers end a line of the step's words in the A4 book."""
    summary = se_project.game.rules.summary.steps
    assert len(summary[2].text) <= 160 and len(summary[4].text) <= 160
    assert "or waste it; note it on the Turn Record" in summary[2].text
    assert "(an enemy's Life and Power: at most 2 apart)" in summary[4].text
