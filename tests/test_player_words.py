"""The words a player reads (issue 18): every glossary headword is the word printed on cards or in the rules,
never an engine identifier, one entry per concept; no rulebook names the tool, its commands or "the seed"; a
linked plural reads as one word. Checked in every format the rulebook is made in, and by validate on content."""
import html
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest
from helpers import FIXTURE_GAME, REAL_GAMES, validated
from pypdf import PdfReader

from pnp.checks.player_words import printed_as_named
from pnp.checks.validate import validate
from pnp.rules.export import export_text
from pnp.rules.tree import build_reference, render_text

IDENTIFIER = re.compile(r"\b[A-Z0-9]+(?:_[A-Z0-9]+)+\b")


@lru_cache(maxsize=None)
def _rulebook(game_id: str, built: Path) -> dict[str, str]:
    """The game's rulebook as md, html and json text, and the PDF's text (A4, as the game's build in `built` prints
    it) page by page, made once."""
    project = validated(game_id)
    made = {fmt: export_text(project, fmt) for fmt in ("md", "html", "json")}
    made["pages"], made["bold"] = zip(*(_text_and_bold_runs(page) for page in PdfReader(built / "rules/rulebook-a4.pdf").pages))
    return made


def _text_and_bold_runs(page) -> tuple[str, list[str]]:
    """A PDF page's text, and what it sets in the bold face, run by run: one reading (pypdf's is slow)."""
    runs = []

    def visit(text, cm, tm, font, size):
        if font is not None and "Bold" in str(font.get("/BaseFont")) and text.strip():
            runs.append(text.strip())

    return page.extract_text(visitor_text=visit), runs


def _headwords(game_id: str, built: Path) -> dict[str, list[str]]:
    """The glossary's headwords as each format prints them."""
    made = _rulebook(game_id, built)
    md = re.findall(r'^- <a id="term-[^"]+"></a>\*\*(.+?)\*\*:', made["md"], re.M)
    in_html = [html.unescape(w) for w in re.findall(r'<dt id="term-[^"]+">.*?<strong>(.*?)</strong></dt>', made["html"])]
    in_json = [t["term"] for t in json.loads(made["json"])["terms"]]
    # the PDF glossary: its pages, from its heading to the next part's, each entry headed by its word in bold
    bold = made["bold"]
    start = max(i for i, runs in enumerate(bold) if "Glossary" in runs)  # the glossary's heading (also in the contents)
    bold = list(bold)
    bold[start] = bold[start][bold[start].index("Glossary"):]  # what the page sets before the glossary is not in it
    # the glossary ends where the book's next part begins, on its own page or below the glossary's last entry: the
    # card reference, a sheet's pages (headed by its name), or the back matter
    parts = {"Card reference", "Index", "Credits", "Turn summary"}
    sheets = [s.model.name for s in validated(game_id).game.sheets.values()]
    runs = [run for runs in bold[start:] for run in runs][1:]
    end = next((k for k, run in enumerate(runs) if run in parts or any(name in run for name in sheets)), len(runs))
    in_pdf = runs[:end]
    return {"md": [re.sub(r"\\(.)", r"\1", w) for w in md], "html": in_html, "json": in_json, "pdf": in_pdf}


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_glossary_headword_is_a_word_players_read_once(game_id, built_game):
    vocab = validated(game_id).game.vocabulary
    for fmt, headwords in _headwords(game_id, built_game(game_id)).items():
        assert headwords, f"{fmt}: no glossary found"
        # an effect word heads its entry only where its own card text prints it so (2200's "MOVE 1")
        identifiers = [w for w in headwords
                       if IDENTIFIER.fullmatch(w) or (w in vocab and not printed_as_named(vocab, w))]
        assert not identifiers, f"{game_id} {fmt}: identifiers as headwords: {identifiers}"
        folded = [w.casefold() for w in headwords]
        twins = sorted({w for w in headwords if folded.count(w.casefold()) > 1})
        assert not twins, f"{game_id} {fmt}: headwords equal but for case: {twins}"


def test_one_entry_per_concept_where_a_term_and_an_effect_word_meant_one_thing():
    """2200's Take a treasure term and TREASURE word are one entry, with the cards of both (the Treasure entry
    itself is the kind of card, a flag no effect word says)."""
    glossary = {e.term: e for e in build_reference(validated("2200-escaping-earth").game).glossary}
    assert "TREASURE" not in glossary and "Take a treasure" in glossary
    assert "TREASURE" in glossary["Take a treasure"].words and glossary["Take a treasure"].cards


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_no_rulebook_names_the_tool_its_commands_or_the_seed(game_id, built_game):
    made = _rulebook(game_id, built_game(game_id))
    md = "\n".join(line for line in made["md"].splitlines() if not re.fullmatch(r"\|(-+\|)+", line))  # table rules
    page = re.sub(r"<(style|script)\b.*?</\1>|<!--.*?-->|<[^>]+>", " ", made["html"], flags=re.S)  # what a reader sees
    values = []

    def strings(node):
        if isinstance(node, str):
            values.append(node)
        elif isinstance(node, dict):
            [strings(v) for v in node.values()]
        elif isinstance(node, list):
            [strings(v) for v in node]

    strings(json.loads(made["json"]))
    for fmt, text in {"md": md, "html": html.unescape(page), "json": "\n".join(values),
                      "pdf": "\n".join(made["pages"])}.items():
        found = re.findall(r"(?i)\bpnp\b|\bseed\b|\bengine\b|(?<!-)--(?!-)", text)
        assert not found, f"{game_id} {fmt}: the rulebook says {sorted(set(found))}"


def _fixture_problems(root: Path, edit) -> list:
    rules = root / "content" / FIXTURE_GAME / "rules.yaml"
    rules.write_text(edit(rules.read_text()))
    _, report = validate(root, FIXTURE_GAME)
    return report.errors


def test_an_identifier_headword_is_an_error_at_its_line(fixture_project):
    errors = _fixture_problems(fixture_project, lambda t: t.replace("    term: Gain coins\n", "    term: GAIN_COINS\n"))
    found = [e for e in errors if e.code == "headword"]
    lines = (fixture_project / "content" / FIXTURE_GAME / "rules.yaml").read_text().splitlines()
    assert len(found) == 1 and found[0].path.endswith("rules.yaml")
    assert lines[found[0].line - 1][found[0].col - 1:] == "GAIN_COINS"


def test_an_effect_word_as_its_own_headword_is_an_error(fixture_project):
    errors = _fixture_problems(fixture_project, lambda t: t.replace("    term: Draw\n", "    term: DRAW\n"))
    assert [e.code for e in errors] == ["headword"] and "identifier" in errors[0].message


def test_an_effect_word_its_cards_print_in_capitals_may_head_its_entry(fixture_project):
    """A word the cards print as it is named ("DRAW 2") is the word players read: it may head the glossary, as
    2200's MOVE does; the same headword for a word whose cards say "Draw 2" is an identifier (the test above)."""
    game_yaml = fixture_project / "content" / FIXTURE_GAME / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace('template: "Draw {n}."', 'template: "DRAW {n}."'))
    errors = _fixture_problems(fixture_project, lambda t: t.replace("    term: Draw\n", "    term: DRAW\n"))
    assert errors == []


def test_the_2200_glossary_heads_move_as_the_rules_print_it():
    """Original rulebook: "MOVE is generally obtained when you play cards ... that give you MOVE", in capitals; the
    rules and cards print "MOVE 1". The fifth proofread: the glossary and index said "Move"."""
    game = validated("2200-escaping-earth").game
    glossary = {entry.term for entry in build_reference(game).glossary}
    assert "MOVE" in glossary and "Move" not in glossary
    assert printed_as_named(game.vocabulary, "MOVE") and not printed_as_named(game.vocabulary, "DRAW")


def test_headwords_equal_but_for_case_are_an_error(fixture_project):
    errors = _fixture_problems(fixture_project, lambda t: t + "  - id: trap-again\n    term: TRAP\n    text: Again.\n")
    assert [e.code for e in errors] == ["headword"] and "'Trap'" in errors[0].message


def test_an_effect_word_no_term_names_is_an_error_where_its_word_is_declared(fixture_project):
    errors = _fixture_problems(fixture_project, lambda t: t.replace("    words: [DRAW]\n", ""))
    assert [e.code for e in errors] == ["headword"]
    assert errors[0].path.endswith("game.yaml") and "DRAW" in errors[0].message  # game.yaml declares DRAW


def test_a_term_names_only_known_words_and_each_word_once(fixture_project):
    errors = _fixture_problems(fixture_project, lambda t: t.replace("words: [DRAW]", "words: [DRAW, GAIN_COINS, DRAWW]"))
    assert sorted(e.code for e in errors) == ["duplicate-id", "unknown-effect"]


@pytest.mark.parametrize("said", ["Shuffle, or build with pnp build pocket-dungeon.", "Set up as pnp's engine does.",
                                  "Use --difficulty green for a first game.", "Run `pnp playtest` to see."])
def test_rules_text_naming_a_pnp_command_fails_validate(fixture_project, said):
    errors = _fixture_problems(fixture_project, lambda t: t
                               + f"  - id: setup-note\n    term: Setup note\n    text: {json.dumps(said)}\n")
    assert [e.code for e in errors] == ["tool-name"]
    lines = (fixture_project / "content" / FIXTURE_GAME / "rules.yaml").read_text().splitlines()
    assert said[:10] in lines[errors[0].line - 1]


def test_print_and_play_spoken_of_as_players_do_is_not_the_tool(fixture_project):
    errors = _fixture_problems(fixture_project, lambda t: t + "  - id: pnp-note\n    term: PnP note\n    text: "
                               "A PnP edition - print it - and play.\n")
    assert errors == []


@pytest.mark.parametrize("fmt, linked", [("md", "[Traps](#term-trap)"), ("html", '<a href="#term-trap">Traps</a>'),
                                         ("pdf", 'color="#1f4f8a">Traps</a>')])
def test_a_linked_plural_is_one_word(fx, fmt, linked):
    text = render_text(build_reference(fx.game), "Beware of {term:trap}s, and of {term:trap}.", fmt)
    assert linked in text and "Traps" not in text.replace(linked, "")


@pytest.mark.parametrize("fmt, linked", [("md", "[the trap pile](#term-trap)"),
                                         ("html", '<a href="#term-trap">the trap pile</a>'),
                                         ("pdf", 'color="#1f4f8a">the trap pile</a>'), ("plain", "the trap pile")])
def test_a_link_with_its_own_words_prints_them_and_points_at_its_term(fx, fmt, linked):
    text = render_text(build_reference(fx.game), "Put it on {term:trap|the trap pile}.", fmt)
    assert linked in text and "Trap" not in text and "{" not in text


def test_a_link_with_its_own_words_resolves_or_is_reported_like_any_link(fixture_project):
    kept = _fixture_problems(fixture_project, lambda t: t + "  - id: pile-note\n    term: Pile note\n    text: "
                             "\"Put it on {term:trap|the trap pile}.\"\n")
    broken = _fixture_problems(fixture_project, lambda t: t.replace("{term:trap|", "{term:trapz|"))
    assert kept == [] and [e.code for e in broken] == ["broken-link"] and "{term:trapz}" in broken[0].message


def test_the_bundled_rulebooks_link_their_plurals_whole():
    md = export_text(validated("escape-master"), "md")
    assert "[Stacks](#term-stack)" in md and "](#term-stack)s" not in md


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_clarifications_speak_as_this_edition(game_id):
    """A rulebook's Clarifications say, once, in their intro, that they are this edition's rulings ("this edition
    decides", "these are this edition's rulings"): the rulings themselves are stated plainly."""
    section = next(s for s in validated(game_id).game.rules.sections if s.id == "clarifications")
    assert re.search(r"(?i)\bthis edition(?:\u2019s|'s| decides)", section.intro), section.intro
