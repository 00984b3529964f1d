"""Names are data: whatever content says reaches the terminal, the PDF rulebook, HTML, Markdown and file names
as text, escaped for where it goes, never as markup, control bytes or a path (issue 17, class 3)."""
import re
import shutil
from pathlib import Path

import pytest
from helpers import FIXTURE_GAME, placed_images
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.checks.validate import validate
from pnp.cli import app
from pnp.content.binding import file_stem
from pnp.rules.tree import md_escape
from pnp.text.typography import typeset

runner = CliRunner()
GAME = FIXTURE_GAME
RULES = f"content/{GAME}/rules.yaml"
HEROES = f"content/{GAME}/decks/heroes.yaml"


def _patch(root: Path, relative: str, old: str, new: str) -> None:
    path = root / relative
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _rulebook(root: Path) -> Path:
    result = runner.invoke(app, ["rules", GAME, "--format", "pdf", "--out", str(root / "rulebook.pdf")])
    assert result.exit_code == 0, result.output
    return root / "rulebook.pdf"


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


# -- the PDF rulebook: reportlab's Paragraph markup -----------------------------------------------------------


def test_an_img_tag_in_a_section_title_embeds_nothing(fixture_project):
    clean = len(placed_images(_rulebook(fixture_project)))
    outside = fixture_project / f"content/{GAME}/art/coin.png"  # any file on the machine: an absolute path
    _patch(fixture_project, RULES, "title: Setting up",
           f"title: 'Setting <img src=\"{outside.resolve()}\" width=\"90\" height=\"90\"/> up'")
    pdf = _rulebook(fixture_project)
    assert len(placed_images(pdf)) == clean  # no image more than the clean rulebook draws
    assert typeset("<img src=") in _text(pdf)  # the title prints as written, in the heading and in the contents


@pytest.mark.parametrize("title", ['Play <font name="Nope">x</font>', "Play & <b>bold", "Play <a href=\"x\">",
                                   "Play <onDraw name=\"pnp-icon\" label=\"coin\"/>", "</para><para>", "<br/>&amp;"])
def test_markup_in_a_section_title_prints_as_written(fixture_project, title):
    escaped = title.replace("'", "''")
    _patch(fixture_project, RULES, "title: Playing", f"title: '{escaped}'")
    text = _text(_rulebook(fixture_project))
    assert typeset(title.split()[-1]) in text  # as written, its straight quotes set curly as any text's


def test_a_backtick_in_a_card_name_beside_code_text_builds(fixture_project):
    _patch(fixture_project, HEROES, "name: Ranger", "name: 'Ran`ger <b>'")
    _patch(fixture_project, RULES, "{card:hero-ranger} or another hero", "{card:hero-ranger} or `another` hero")
    text = _text(_rulebook(fixture_project))
    assert "Ran`ger <b>" in text and "another` hero" not in text
    markdown = runner.invoke(app, ["rules", GAME, "--format", "md"]).output
    assert "[Ran\\`ger &lt;b&gt;](#card-hero-ranger) or `another` hero" in markdown
    html = runner.invoke(app, ["rules", GAME, "--format", "html"]).output
    assert '<a href="#card-hero-ranger">Ran`ger &lt;b&gt;</a> or <code>another</code> hero' in html


def test_markup_in_deck_and_sheet_names_is_text_in_the_rulebook(fixture_project):
    _patch(fixture_project, f"content/{GAME}/decks/rooms.yaml", "name: Rooms", "name: 'Rooms <img src=\"x.png\"/>'")
    _patch(fixture_project, f"content/{GAME}/score-pad.yaml", "name: ", "name: '<b>Score & pad' #")
    text = _text(_rulebook(fixture_project))
    assert typeset('Rooms <img src="x.png"/>') in text and "<b>Score & pad" in text  # as written (quotes curly)


# -- Markdown -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("content, markdown", [
    ("# Heading", "\\# Heading"),
    ("- item", "\\- item"),
    ("+ item", "\\+ item"),
    ("> quote", "&gt; quote"),
    ("1. first", "1\\. first"),
    ("2) second", "2\\) second"),
    ("[x](javascript:alert(1))", "\\[x\\](javascript:alert(1))"),
    ("a | b", "a \\| b"),
    ("<script>x</script>", "&lt;script&gt;x&lt;/script&gt;"),
    ("`code`", "\\`code\\`"),
    ("~~struck~~", "\\~\\~struck\\~\\~"),
    ("*not* _em_", "\\*not\\* \\_em\\_"),
    ("two\nlines\rhere", "two lines here"),
    ("&amp;", "&amp;amp;"),
])
def test_markdown_escapes_content(content, markdown):
    assert md_escape(content) == markdown


def test_an_intro_that_looks_like_a_heading_is_text_in_markdown(fixture_project):
    _patch(fixture_project, RULES, "intro: Hire", "intro: '# Not a heading [x](javascript:y) ~~s~~ <i>' #")
    markdown = runner.invoke(app, ["rules", GAME, "--format", "md"]).output
    assert "\n\\# Not a heading \\[x\\](javascript:y) \\~\\~s\\~\\~ &lt;i&gt;" in markdown


def test_a_card_name_in_a_markdown_table_cell_cannot_open_a_cell(fixture_project):
    _patch(fixture_project, HEROES, "name: Ranger", "name: 'Ran|ger `x` ##'")
    markdown = runner.invoke(app, ["rules", GAME, "--format", "md"]).output
    assert "| <a id=\"card-hero-ranger\"></a>Ran\\|ger \\`x\\` \\#\\# |" in markdown


# -- control characters: one check at loading, for every value and key ----------------------------------------


@pytest.mark.parametrize("escape, code", [("\\e[2J", "001B"), ("\\u202e", "202E"), ("\\r", "000D"), ("\\0", "0000"),
                                          ("\\x85", "0085"), ("\\u2028", "2028"), ("\\u2066", "2066")])
def test_control_characters_in_a_name_are_an_error_at_their_line(fixture_project, escape, code):
    _patch(fixture_project, HEROES, "name: Ranger", f'name: "Ran{escape}ger"')
    _, report = validate(fixture_project, GAME)
    assert [d.format() for d in report.errors] == [
        f"{HEROES}:7:11: error [control-character] this text holds the invisible control character U+{code}; "
        "remove it (content is text: a terminal, a PDF or an export must never obey it)"]


def test_tabs_emoji_joiners_and_soft_hyphens_are_text(fixture_project):
    _patch(fixture_project, HEROES, "name: Ranger", 'name: "Ran\\u00adger \\U0001F469\\u200d\\U0001F52C"')
    _patch(fixture_project, RULES, "intro: Hire", 'intro: "Tab\\there." #')
    _, report = validate(fixture_project, GAME)
    assert not [d for d in report.diagnostics if d.code == "control-character"], report.to_text()


def test_control_characters_in_a_spreadsheet_cell_are_an_error_at_the_cell(fixture_project):
    game = fixture_project / f"content/{GAME}/game.yaml"
    game.write_text(game.read_text().replace("file: decks/relics.yaml", "file: decks/relics.csv"))
    rows = ["id,name,kind,count,cost"] + [f"relic-{n},Relic\x1b[2J {n},relic,{2 if n < 10 else 0},1" for n in range(10)]
    (fixture_project / f"content/{GAME}/decks/relics.csv").write_text("\n".join(rows) + "\n")
    _, report = validate(fixture_project, GAME)
    found = [d.format() for d in report.errors if d.code == "control-character"]
    assert found and found[0].startswith(f"content/{GAME}/decks/relics.csv:2:2: error [control-character] this cell")


def test_the_replay_of_a_game_is_printed_with_control_characters_escaped(project, monkeypatch):
    import pnp.engine.playtest

    monkeypatch.setattr(pnp.engine.playtest, "replay_game", lambda *args: ["seed 2", "plays Card\x1b]0;pwned\x07"])
    from pnp.engine.runner import game_seed

    result = runner.invoke(app, ["playtest", "escape-master", "--replay", str(game_seed(1, 0)), "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "plays Card\\x1b]0;pwned\\x07" in result.output and "\x1b" not in result.output


def test_a_game_folder_name_with_markup_and_escapes_is_printed_as_text(fixture_project):
    hostile = "[bold red]x\x1b[2J"
    (fixture_project / "content" / GAME).rename(fixture_project / "content" / hostile)
    result = runner.invoke(app, ["validate"])
    assert "\x1b" not in result.output and "\\x1b[2J" in result.output and "[bold red]x" in result.output
    assert result.exit_code == 1 and "Traceback" not in result.output


# what a terminal would obey or start a new line for: C0 controls but the line feed ending each line, DEL, C1, bidi
OBEYED = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def test_a_line_break_or_an_escape_in_a_name_never_splits_one_message_in_two(fixture_project):
    """A file or folder under content/ may be named with a line break or an escape: every message naming it (a
    diagnostic, a game's line in pnp list, a usage error listing the games) is one line, the name shown escaped."""
    content = fixture_project / "content"
    for hostile in ("po\ncket", "es\x1b[2Jc"):
        shutil.copytree(content / GAME, content / hostile)
    _patch(fixture_project, f"content/{GAME}/game.yaml", "file: decks/heroes.yaml", 'file: "decks/he\\nroes.yaml"')
    (content / GAME / "decks/heroes.yaml").rename(content / GAME / "decks/he\nroes.yaml")
    said = {}
    for command in (["validate"], ["list"], ["validate", "pocket"]):
        result = runner.invoke(app, command)
        assert "Traceback" not in result.output and not OBEYED.search(result.output), repr(result.output)
        said[command[-1]] = result.output.splitlines()
    assert said["validate"][:-1] == [line for line in said["validate"] if re.match(r"^\S+:\d+:\d+: error \[", line)]
    assert f"content/{GAME}/game.yaml:15:11: error [outside] deck file 'decks/he\\nroes.yaml' holds" in said["validate"][2]
    assert [line.split(":")[0] for line in said["list"]] == ["es\\x1b[2Jc", "po\\ncket", GAME]
    assert len(said["pocket"]) == 1 and "known games: es\\x1b[2Jc, po\\ncket, pocket-dungeon" in said["pocket"][0]


# -- file names of card images ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name, stem", [("hero-back", "hero-back"), ("../../etc/passwd", "etc-passwd"),
                                        ("a/b\\c", "a-b-c"), (".hidden", "hidden"), ("", "unnamed"), ("..", "unnamed"),
                                        ("x" * 300, "x" * 100), ("Ünïcode name", "n-code-name")])
def test_names_become_safe_file_names(name, stem):
    assert file_stem(name) == stem


def test_a_card_whose_image_would_overwrite_the_shared_back_is_an_error(fixture_project):
    _patch(fixture_project, HEROES, "id: hero-smith", "id: back")
    _, report = validate(fixture_project, GAME)
    assert [d.format() for d in report.errors] == [
        f"{HEROES}:13:9: error [file-name] card 'back' would be written as back.png by pnp build --images, as the "
        "deck's shared back is; rename one of them"]


def test_a_card_whose_image_would_overwrite_a_back_side_is_an_error(fixture_project):
    rooms = f"content/{GAME}/decks/rooms.yaml"
    text = (fixture_project / rooms).read_text()
    first = text.split("  - id: ")[1].split("\n")[0]  # a double-sided room
    second = text.split("  - id: ")[2].split("\n")[0]
    _patch(fixture_project, rooms, f"id: {second}\n", f"id: {first}-back\n")
    _, report = validate(fixture_project, GAME)
    clashes = [d.message for d in report.errors if d.code == "file-name"]
    assert clashes == [f"card '{first}-back' would be written as {first}-back.png by pnp build --images, as the back "
                       f"side of card '{first}' is; rename one of them"]


def test_image_names_that_differ_only_in_case_are_one_file(fixture_project):
    """back-Ranger-back.png and back-ranger-back.png: two files on Linux, one on macOS and Windows, where the
    second overwrote the first without a word."""
    layout = f"layouts/{GAME}/cards.yaml"
    _patch(fixture_project, layout, "    hero-ranger: ranger-back\n", "    hero-ranger: ranger-back\n    hero-smith: Ranger-back\n")
    _patch(fixture_project, layout, "  ranger-back:\n", "  Ranger-back:\n    extends: back\n  ranger-back:\n")
    _, report = validate(fixture_project, GAME)
    assert [d.format() for d in report.errors if d.code == "file-name"] == [
        f"{layout}:85:5: error [file-name] back template 'Ranger-back' would be written as back-Ranger-back.png by pnp "
        "build --images, and back template 'ranger-back' as back-ranger-back.png: one file on macOS and Windows, where "
        "file names ignore case; rename one of them"]


def test_the_hidden_character_class_is_unicodes_control_characters_but_tab_and_line_feed():
    """Every code point: refused exactly when Unicode calls it a control character, a line or paragraph
    separator or a surrogate (tab and line feed aside), or it is a bidi control."""
    import sys
    import unicodedata

    from pnp.core.diagnostics import BIDI_CONTROLS, hidden_character

    for point in range(sys.maxunicode + 1):
        ch = chr(point)
        refused = ch not in "\t\n" and (unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs") or ch in BIDI_CONTROLS)
        assert (hidden_character(f"a{ch}b") == ch) is refused, hex(point)


MANIFEST = f"content/{GAME}/game.yaml"
LINK_ATTACKS = {  # a link's target goes into an href, a Markdown link and the PDF's markup: only known ids are
    "an icon's meaning": ("meaning: One coin from the bank.",
                          'meaning: \'One {term:"><img src=x onerror="document.title=1">} coin.\''),
    "a word's glossary line": ("glossary: Take this many coins from the bank.",
                               "glossary: 'Take {effect:Q\"><svg onload=document.title=1>} coins.'"),
    "a PDF image through a term": ("meaning: One coin from the bank.",
                                   "meaning: 'One {term:x\"/><img src=\"/etc/hostname\"/><a href=\"#x}.'"),
}


@pytest.mark.parametrize("attack", LINK_ATTACKS)
def test_a_link_in_game_yaml_text_to_nothing_is_an_error_and_never_markup(fixture_project, attack):
    """game.yaml's texts reach the glossary as rules text: their links are checked as rules.yaml's are, and a link
    to nothing has no anchor, so its target is never written into an href or the PDF's paragraph markup."""
    old, new = LINK_ATTACKS[attack]
    _patch(fixture_project, MANIFEST, old, new)
    result = runner.invoke(app, ["validate", GAME])
    assert result.exit_code == 1 and "error [broken-link]" in result.output and "game.yaml:" in result.output, result.output
    from pnp.content import discovery
    from pnp.rules.tree import build_reference, render_text

    game, _ = discovery.load(fixture_project, GAME)  # the glossary as it would be drawn all the same
    ref = build_reference(game)
    for entry in ref.glossary:
        for fmt in ("html", "md", "pdf"):
            shown = render_text(ref, entry.text, fmt)
            assert "<img" not in shown and "<svg" not in shown and "](#term-x" not in shown, shown
