"""Work is bounded before it starts: content past pnp.core.limits is refused by `pnp validate` at the line that asks
for it, and what stays within the limits costs linear work (suggestions, icons in the rules exports).

"Does not hang" is checked with a hang detector (signal.alarm, as tests/test_fuzz.py), never a timing."""
import difflib
import json
import random
import re
import signal
from contextlib import contextmanager

import pytest
from helpers import FIXTURE_GAME, REAL_GAMES, own_copy, validated
from typer.testing import CliRunner

from pnp.checks.estimate import _deck_pages, build_size, content_limits, drawings
from pnp.checks.validate import validate
from pnp.core import limits
from pnp.core.diagnostics import did_you_mean

GAME = f"content/{FIXTURE_GAME}/game.yaml"
RULES = f"content/{FIXTURE_GAME}/rules.yaml"


class Hung(Exception):
    pass


@contextmanager
def within(seconds: int, what: str):
    """Fail (instead of waiting for ever) if the block has not returned after `seconds`."""
    def hung(*_):
        raise Hung(f"{what} did not return within {seconds} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def errors(root) -> list[str]:
    with within(60, "validate"):
        _, report = validate(root, FIXTURE_GAME)
    return [d.format() for d in report.errors]


def patch(root, relative: str, find: str, replace: str) -> None:
    path = own_copy(root, relative)
    text = path.read_text()
    assert find in text
    path.write_text(text.replace(find, replace, 1))


# --- the bundled games are far inside every limit ---

@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_the_bundled_games_are_far_inside_the_limits(game_id):
    project = validated(game_id)
    game = project.game
    assert content_limits(game) == []
    if project.layout:
        assert drawings(game, project.layout, project.print_setup) == []
    assert build_size(game, project.print_setup, project.deck_sizes, project.sheet_layouts) == []
    pages = sum(_deck_pages(game.decks[e.id].size, project.deck_size(e.id), project.print_setup) for e in game.manifest.decks)
    assert pages * 10 < limits.MAX_PAGES


# --- page explosion ---

def test_a_playmat_tiled_onto_tiny_paper_is_refused_at_its_design(fixture_project):
    patch(fixture_project, "layouts/common/paper.yaml", "  letter: {width: 8.5in, height: 11in}\n",
          "  letter: {width: 8.5in, height: 11in}\n  tiny: {width: 50mm, height: 50mm}\n")
    patch(fixture_project, GAME, "  - id: score-pad\n    file: score-pad.yaml\n    kind: scoresheet\n", "")
    patch(fixture_project, f"layouts/{FIXTURE_GAME}/playmat.yaml", "design: {width: 400mm, height: 200mm}",
          "design: {width: 3000mm, height: 3000mm}")
    assert errors(fixture_project) == [
        f"layouts/{FIXTURE_GAME}/playmat.yaml:5:9: error [too-large] tiled onto tiny (50 x 50mm) this 3000 x 3000mm "
        "sheet takes 34,969 pages; pnp tiles a sheet onto at most 1000 pages of a paper: a smaller sheet or larger paper"]


def test_the_estimate_counts_the_tiles_the_renderer_makes():
    from pnp.core.units import mm
    from pnp.layout import Paper
    from pnp.layout.tiles import tile_count
    from pnp.render.tiling import plan_tiles

    for width, height, paper in [(400, 200, (210, 297)), (3000, 3000, (210, 297)), (610, 356, (216, 279)),
                                 (3000, 100, (50, 50)), (100, 100, (210, 297)), (777, 1333, (60, 2000))]:
        sheet, on = (mm(width), mm(height)), Paper("p", mm(paper[0]), mm(paper[1]))
        assert tile_count(*sheet, on) == len(plan_tiles(*sheet, on).tiles)


def test_a_build_of_too_many_pages_is_refused_at_its_largest_part(fixture_project):
    vendors = "".join(f"  v{i}: {{order: [front, back]}}\n" for i in range(300))
    patch(fixture_project, "layouts/common/paper.yaml", "vendors:\n", "vendors:\n" + vendors)
    found = errors(fixture_project)
    assert len(found) == 1 and found[0].startswith(f"{GAME}:22:5: error [too-large] the build would make about 25,762 pages")
    assert "(deck 'relics': 12,254)" in found[0] and "pnp makes at most 20,000 pages a build" in found[0]


# --- cards, decks, drawings ---

def test_cards_of_every_deck_together_are_bounded_at_the_deck_that_crosses(fixture_project):
    table = "id,name,kind,count\n" + "".join(f"c{i},Card {i},room,99\n" for i in range(10))  # 990 cards a deck
    (fixture_project / f"content/{FIXTURE_GAME}/decks/big.csv").write_text(table)
    decks = "".join(f"  - id: big{i}\n    file: decks/big.csv\n" for i in range(6))
    patch(fixture_project, GAME, "decks:\n", "decks:\n" + decks)
    found = errors(fixture_project)
    assert found == [f"{GAME}:24:5: error [too-large] with deck 'big5' the game has 5940 cards or more (copies "
                     "included); pnp builds at most 5000 cards a game"]


def test_too_many_decks_are_refused_unread(fixture_project):
    decks = "".join(f"  - id: d{i}\n    file: decks/heroes.yaml\n" for i in range(limits.MAX_DECKS + 1))
    patch(fixture_project, GAME, "decks:\n", "decks:\n" + decks)
    found = errors(fixture_project)
    assert found == [f"{GAME}:{14 + 2 * limits.MAX_DECKS}:5: error [too-large] game.yaml lists {limits.MAX_DECKS + 5} "
                     f"decks; pnp builds at most {limits.MAX_DECKS} decks a game: merge decks or split the game"]


def test_a_template_of_too_many_boxes_is_refused_before_any_card_is_bound(fixture_project):
    path = fixture_project / f"layouts/{FIXTURE_GAME}/cards.yaml"
    text = path.read_text()
    boxes = "".join(f"      extra{i}: {{type: rect, x: 1mm, y: 1mm, w: 2mm, h: 2mm}}\n" for i in range(limits.MAX_BOXES))
    marker = "    boxes:\n"
    assert marker in text
    path.write_text(text.replace(marker, marker + boxes, 1))
    found = errors(fixture_project)
    assert any("[too-large] template" in line and f"a template has at most {limits.MAX_BOXES}" in line for line in found)


HEROES = f"content/{FIXTURE_GAME}/decks/heroes.yaml"


def _text_in_boxes(root, text: str, boxes: int) -> None:
    """The smith's text replaced by `text`, which `boxes` more boxes of the hero template show."""
    patch(root, HEROES, "text: Treasures cost you 1 coin less.", f"text: {json.dumps(text)}")
    extra = "".join(f"      t{i}: {{type: text, field: text, x: 6mm, y: 52mm, w: 51.5mm, h: 22mm, size: 8pt, "
                    "min_size: 6pt}\n" for i in range(boxes))
    patch(root, f"layouts/{FIXTURE_GAME}/cards.yaml", "      power_label:", extra + "      power_label:")


def test_a_card_text_longer_than_a_card_holds_is_refused_at_its_line_before_any_box_fits_it(fixture_project, monkeypatch):
    """The attack: a 3.6 MB card text in ten text boxes took 29 s to validate, 2.3 s a box a card (in 300 boxes on a
    thousand cards by alias, hours). A text that long is refused as it is read (MAX_TEXT_CHARACTERS); one a card's
    box shows is refused past MAX_CARD_TEXT, at its line, before any box is fitted."""
    from pnp.content import binding

    fitted = []
    fit = binding.fit_text
    monkeypatch.setattr(binding, "fit_text", lambda *args, **kw: fitted.append(args[0]) or fit(*args, **kw))
    _text_in_boxes(fixture_project, "**a** " * 1000, 10)
    assert errors(fixture_project) == [
        f"{HEROES}:18:11: error [too-large] this text, shown in a card's text box, is 5,999 characters long; a card's "
        f"text has at most {limits.MAX_CARD_TEXT:,} (the longest real ones have a few hundred): shorten it, or put it "
        "in the rules"]
    assert not fitted


def test_card_text_a_build_fits_and_draws_is_bounded_at_the_deck_that_crosses(fixture_project, monkeypatch):
    from pnp.checks import estimate

    monkeypatch.setattr(estimate, "MAX_CARD_TEXT_DRAWN", 200_000)  # as 50 million against the real limit: same check
    _text_in_boxes(fixture_project, "Draw a card. " * 300, 10)  # 3,899 characters in 11 boxes
    found = errors(fixture_project)
    assert len(found) == 1 and found[0].startswith(f"content/{FIXTURE_GAME}/game.yaml:14:5: error [too-large] with deck "
                                                   "'heroes' the build fits and draws ")
    assert "characters of card text or more (each text box's text x " in found[0]
    assert found[0].endswith("pnp draws at most 200,000 a build: shorter texts, fewer boxes showing them or fewer "
                             "different cards")


# --- rules, icons, words ---

def test_a_rulebook_of_too_many_sections_is_refused_at_the_first_one_over(fixture_project):
    sections = "".join(f"  - {{id: s{i}, title: S}}\n" for i in range(limits.MAX_RULES + 5))
    patch(fixture_project, RULES, "sections:\n", "sections:\n" + sections)
    found = errors(fixture_project)
    assert found == [f"{RULES}:{5 + limits.MAX_RULES}:5: error [too-large] rules.yaml has more than {limits.MAX_RULES} "
                     "sections and rules; pnp lays out rulebooks of at most that many"]


def test_too_many_figures_are_refused(fixture_project):
    rules = "".join(f"      - {{id: f{i}, text: T, figure: {{kind: none}}}}\n" for i in range(limits.MAX_FIGURES + 1))
    patch(fixture_project, RULES, "    rules:\n", "    rules:\n" + rules)
    found = errors(fixture_project)
    assert len(found) == 1 and f"rules.yaml has more than {limits.MAX_FIGURES} figures" in found[0]


def test_too_many_icons_are_refused_at_the_first_one_over(fixture_project):
    icons = "".join(f"  i{i}: {{emblem: star, word: w}}\n" for i in range(limits.MAX_ICONS))
    patch(fixture_project, GAME, "icons:\n", "icons:\n" + icons)
    found = errors(fixture_project)
    assert len(found) == 1 and f"[too-large] {limits.MAX_ICONS + 1} icons; pnp takes at most {limits.MAX_ICONS} icons" in found[0]


def test_icon_images_too_large_together_are_refused_at_the_icon(fixture_project, monkeypatch):
    from pnp.checks import estimate

    monkeypatch.setattr(estimate, "MAX_ICON_BYTES", 20_000)  # as a 50 MB icon against the real limit: small files, same check
    patch(fixture_project, GAME, "icons:\n", "icons:\n  big: {image: art/treasure-ground.png, word: big}\n"
          "  back: {image: art/hero-back.png, word: back}\n")
    found = errors(fixture_project)
    assert found == [f"{GAME}:44:17: error [too-large] the icons' image files come to 0 MB with this one; pnp embeds "
                     "at most 0 MB of icon images (an icon prints a text line high: a small PNG draws it as well)"]


# --- suggestions stay linear ---

def test_thousands_of_misspelt_icons_among_thousands_get_their_suggestions_without_hanging(fixture_project):
    icons = "".join(f"  ic{i:04d}: {{emblem: star, word: w}}\n" for i in range(limits.MAX_ICONS - 1))
    patch(fixture_project, GAME, "icons:\n", "icons:\n" + icons)
    texts = "".join(f"  - {{id: m{i}, title: \"{{ic{i:04d}x}}\"}}\n" for i in range(limits.MAX_ICONS - 1))
    patch(fixture_project, RULES, "sections:\n", "sections:\n" + texts)
    found = errors(fixture_project)
    assert sum("[unknown-icon] {ic0012x} is not an icon of this game; did you mean 'ic0012'?" in line for line in found) == 1
    listed = limits.MAX_REPORTS_PER_FILE  # of one code in one file; the rest are one line with their number
    assert sum("[unknown-icon]" in line for line in found) == listed + 1
    assert sum(f"and {limits.MAX_ICONS - 1 - listed} more like this in this file" in line for line in found) == 1


def test_one_text_of_thousands_of_unknown_names_is_a_few_lines(fixture_project):
    intro = " ".join(f"{{zz{i}}}" for i in range(5000))
    patch(fixture_project, RULES, "intro: ", f"intro: \"{intro}\"\n_was: ")
    patch(fixture_project, RULES, "_was: ", "# ")
    found = [line for line in errors(fixture_project) if "[unknown-icon]" in line]
    assert len(found) == limits.MAX_REPORTS_PER_TEXT + 1
    assert any(f"and {5000 - limits.MAX_REPORTS_PER_TEXT} more names in braces" in line for line in found)


def test_a_file_of_thousands_of_unknown_keys_lists_a_hundred_and_counts_the_rest(fixture_project, monkeypatch):
    """The attack: a 3 MB deck of 190,000 unknown keys took 9.4 s and 560 MB and printed 190,000 lines. A report lists
    the first MAX_REPORTS_PER_FILE diagnostics of a code in a file (only those look for a suggestion), then one line
    at the first left out with how many more; the count at the end is all of them."""
    from pnp.cli import app
    from pnp.model import schema_errors

    suggested = []
    near = schema_errors.did_you_mean
    monkeypatch.setattr(schema_errors, "did_you_mean", lambda *args: suggested.append(args[0]) or near(*args))
    smith = "    text: Treasures cost you 1 coin less.\n"
    patch(fixture_project, HEROES, smith, smith + "".join(f"    zz{i}: 1\n" for i in range(5000)))
    lines = CliRunner().invoke(app, ["validate"]).output.splitlines()
    listed = limits.MAX_REPORTS_PER_FILE
    unknown = [line for line in lines if "[unknown-key]" in line]
    assert len(unknown) == listed + 1
    assert unknown[0].startswith(f"{HEROES}:19:5: error [unknown-key] 'zz0' is not a known key here")
    assert unknown[-1] == (f"{HEROES}:{19 + listed}:5: error [unknown-key] and {5000 - listed:,} more like this in this "
                           f"file from here on, not listed (pnp lists the first {listed} of each kind a file); fix these "
                           "and run again")
    assert lines[-1] == "5000 error(s), 0 warning(s)"
    assert len(suggested) == listed


def test_what_a_report_leaves_out_is_kept_when_reports_are_merged():
    """`pnp validate` of every game merges their reports, and a build's record keeps its report: the line for what
    one leaves out stands for all of it in the next (the first listed by place, whatever order they were found in)."""
    from pnp.core.diagnostics import Diagnostic, Report

    found = [Diagnostic("deck.yaml", line, 3, "unknown-key", f"'k{line}' is not a known key here") for line in range(900, 0, -1)]
    report = Report(found + [Diagnostic("other.yaml", 1, 1, "unknown-key", "'x' is not a known key here")])
    listed = limits.MAX_REPORTS_PER_FILE
    shown = report.sorted()
    assert [d.line for d in shown if d.path == "deck.yaml"] == list(range(1, listed + 2))
    assert shown[listed].message.startswith(f"and {900 - listed} more like this in this file from here on")
    merged = Report(report.diagnostics)
    assert merged.sorted() == shown and merged.counts() == report.counts() == (901, 0)


def test_suggestions_are_difflibs_own_where_the_choices_are_few():
    rng = random.Random(7)
    letters = "abcdeghlmnorst"
    for _ in range(300):
        choices = {"".join(rng.choice(letters) for _ in range(rng.randint(1, 12))) for _ in range(rng.randint(0, 40))}
        word = "".join(rng.choice(letters) for _ in range(rng.randint(0, 12)))
        close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
        assert did_you_mean(word, choices) == (f"; did you mean '{close[0]}'?" if close else "")


def test_a_suggestion_compares_a_bounded_number_of_names():
    from pnp.core.diagnostics import _suggestion_index

    names = frozenset(f"word{i:05d}" for i in range(20_000))
    assert len(_suggestion_index(names).candidates("word12345x")) == limits.MAX_SUGGESTION_CANDIDATES
    assert did_you_mean("word12345x", names) == "; did you mean 'word12345'?"
    assert did_you_mean("x" * (limits.MAX_SUGGESTION_LENGTH + 1), names) == ""


# --- icons in the rules exports: once per document ---

def test_rules_html_embeds_an_image_icon_once_however_often_it_is_used(fixture_project):
    from pnp.render.svg import figure_svg, icon_svg
    from pnp.rules.export import export_text

    patch(fixture_project, RULES, "intro: ", "intro: \"" + "{coin} " * 300 + "\"\n# ")
    project, report = validate(fixture_project, FIXTURE_GAME)
    assert project is not None, report.to_text()
    html = export_text(project, "html", None, figure_svg, icon_svg)
    assert html.count("base64,") == 1 and html.count('<use href="#pnp-icon-coin"/>') > 300
    assert html.index('id="pnp-icon-coin"') > html.index("<body")  # defined once, at the top of the body


def test_the_pdf_rulebook_finds_the_icons_once_per_document(fixture_project, monkeypatch, tmp_path):
    from pnp.render import rulebook

    patch(fixture_project, RULES, "intro: ", "intro: \"" + "{coin} " * 200 + "\"\n# ")
    project, report = validate(fixture_project, FIXTURE_GAME)
    assert project is not None, report.to_text()
    calls = []
    real = rulebook.game_icons
    monkeypatch.setattr(rulebook, "game_icons", lambda game: calls.append(1) or real(game))
    rulebook.rulebook_pdf(project, None, "a4", tmp_path / "rules.pdf")
    assert 1 <= len(calls) <= 2  # once a document (multiBuild may lay it out twice), not once a use


# --- playtests end ---

class _Endless:
    """A game whose every move leads back to the same place."""

    def options(self, **given):
        return None

    def initial_state(self, rng, options=None):
        from types import SimpleNamespace

        return SimpleNamespace(resolved=(), played=(), round=0)

    def is_terminal(self, state):
        return False

    def is_chance(self, state):
        return False

    def legal_actions(self, state):
        return [("wait",)]

    def current_player(self, state):
        return 0

    def apply_in_place(self, state, action):
        pass

    def check_invariants(self, state):
        pass


def test_a_game_that_never_ends_stops_at_the_step_cap():
    from pnp.engine.api import EndlessGame
    from pnp.engine.runner import play, random_policy

    with within(60, "an endless game"), pytest.raises(EndlessGame, match="passed 1,000 moves without ending"):
        play(_Endless(), 1, [random_policy], max_steps=1000, record=False)
    assert play.__defaults__[1] == limits.MAX_STEPS  # the cap every playtest game plays under


def test_playtest_reports_an_endless_game_as_content_with_exit_1(monkeypatch):
    from pnp.cli import app
    from pnp.engine import playtest as harness
    from pnp.engine.api import EndlessGame

    def endless(*args, **kwargs):
        raise EndlessGame("seed 1000003: the game passed 200,000 moves without ending")

    monkeypatch.setattr(harness, "run", endless)
    result = CliRunner().invoke(app, ["playtest", "stranded", "--games", "1"])
    assert result.exit_code == 1, result.output
    assert "content/stranded/game.yaml:" in result.output and "error [endless-game] seed 1000003" in result.output


def test_rule_numbers_and_the_kit_are_worked_out_once_per_reference():
    from pnp.rules.tree import build_reference, link_target

    ref = build_reference(validated(FIXTURE_GAME).game)
    assert ref.numbers() is ref.numbers()  # every {rule:...} link asks: a lookup, not a walk of the whole rulebook
    card = next(iter(ref.game.cards())).card.id
    assert link_target(ref, "card", card)[0] == f"card-{card}" and ref._shown is not None


def test_card_names_in_rule_texts_are_found_as_a_search_per_name_would():
    """The level check's one walk over a tree of names finds exactly the whole-word names a search per name
    finds: names inside names, hyphens and punctuation around them, names that start with a sign."""
    from pnp.checks.generic import _names_in

    names = ["Ranger", "Ranger Captain", "Iron-Clad", "D. Quaid", "(Scout)", "Ace", "Ace of Spades", "Sp"]
    chance = random.Random(17)
    words = names + ["the", "a", "-", "Rangers", "xRanger", "Ranger-", "(", ")", ".", ",", "of", "Spades"]
    for _ in range(400):
        text = "".join(chance.choice(words) + chance.choice(["", " ", "  ", "\n", ",", "-"]) for _ in range(12))
        searched = {n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)}
        assert set(_names_in(text, dict.fromkeys(names))) == searched, text


def test_thousands_of_cards_named_in_thousands_of_rules_are_checked_without_hanging():
    from pnp.checks.generic import _names_in

    named = dict.fromkeys(f"Card Number {i}" for i in range(5000))
    text = " ".join(f"Card Number {i} and Card Number" for i in range(0, 20000, 3))
    with within(20, "the search for card names"):
        found = _names_in(text, named)
    assert len(found) == 5000 // 3 + 1
