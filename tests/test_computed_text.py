"""Computed text (issue 33, part 2): a text box's `text: "{{ vp }} VP"`, a sandboxed expression over the card's
values (pnp.layout.computed), bound on every card (pnp.content.binding), checked as a field's text is and printed.
Every test runs on the starter project `pnp init` makes."""
import pypdf
import pytest
from typer.testing import CliRunner

from pnp.checks.validate import validate
from pnp.cli import app

runner = CliRunner()
GAME = "my-game"
LAYOUT = "layouts/my-game/cards.yaml"
TEXT_BOX = "      text: {type: text, field: text, x: 6mm, y: 53mm, w: 51.5mm, h: 24mm, size: 9pt, min_size: 6pt, valign: middle}\n"
TITLE = 'title: {type: text, field: name,'


@pytest.fixture
def starter(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init", "."]).exit_code == 0
    return tmp_path


def replace_in(path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def add_box(root, box: str) -> int:
    """A box added to the starter's front template, after its text box; the layout line it is on."""
    replace_in(root / LAYOUT, TEXT_BOX, TEXT_BOX + f"      {box}\n")
    return line_of(root, box)


def line_of(root, box: str) -> int:
    return (root / LAYOUT).read_text().splitlines().index(f"      {box}") + 1


def worth(expression: str) -> str:
    """A box at the foot of the card (where the goods cards have room), computing `expression`."""
    return f'worth: {{type: text, text: "{expression}", x: 6mm, y: 78mm, w: 38mm, h: 5mm, size: 7pt}}'


def column_of(root, line: int, needle: str) -> int:
    return (root / LAYOUT).read_text().splitlines()[line - 1].index(needle) + 1


def errors(root):
    _, report = validate(root, GAME)
    return [d for d in report.diagnostics if d.severity == "error"]


def test_computed_texts_are_bound_fitted_and_printed(starter):
    replace_in(starter / LAYOUT, TITLE, 'title: {type: text, text: "{{ name | upper }}",')
    add_box(starter, worth("{% if value is set %}Worth {{ value }} {coin}: {{ value * 2 }} VP{% endif %}"))
    project, report = validate(starter, GAME)
    assert report.ok, [d.format() for d in report.diagnostics]
    bread, rain = project.faces.fronts["bread"], project.faces.fronts["rain"]
    assert bread.computed == {"title": "BREAD", "worth": "Worth 2 {coin}: 4 VP"}
    assert rain.computed == {"title": "RAIN", "worth": ""}  # an event has no value: the part left out
    assert bread.fits["worth"].lines == (("Worth 2 {coin}: 4 VP",),) and bread.fits["title"].lines == (("BREAD",),)
    done = runner.invoke(app, ["build", GAME, "--only", "home"])
    assert done.exit_code == 0, done.output
    text = "".join(page.extract_text() for page in pypdf.PdfReader(starter / "output/my-game/home-a4/market.pdf").pages)
    assert "BREAD" in text and "Worth 2" in text and ": 4 VP" in text and "Bread" not in text


def test_two_fields_joined_and_a_part_of_a_box_it_extends(starter):
    """`text:` replaces the `field:` of the box it extends (and a box keeps one of the two)."""
    replace_in(starter / LAYOUT, "  goods:\n    extends: front\n", "  goods:\n    extends: front\n    boxes:\n"
               "      title: {extends: title, text: \"{{ name ~ ' / ' ~ deck_name }}\"}\n")
    project, report = validate(starter, GAME)
    assert report.ok, [d.format() for d in report.diagnostics]
    assert project.faces.fronts["apples"].computed == {"title": "Apples / Market"}
    assert project.faces.fronts["rain"].computed == {}  # an event keeps the front's field: name
    assert project.faces.fronts["rain"].fits["title"].lines == (("Rain",),)


def test_a_box_with_both_field_and_text_or_text_on_another_box_is_an_error(starter):
    both = 'both: {type: text, field: name, text: "{{ name }}", x: 6mm, y: 78mm, w: 38mm, h: 5mm}'
    add_box(starter, both)
    line2 = add_box(starter, 'pic: {type: art, text: "{{ name }}", x: 6mm, y: 16mm, w: 5mm, h: 5mm}')
    line = line_of(starter, both)
    found = [(d.line, d.code, d.message) for d in errors(starter)]
    assert (line, "computed-text", "box 'both' has both field: and text:; a box shows a card value (field:) or a text "
            "computed from the card's values (text:), keep one") in found
    assert any(d_line == line2 and "text: is for text boxes" in message for d_line, _, message in found), found


def test_a_syntax_error_is_one_diagnostic_at_the_expression(starter):
    line = add_box(starter, worth("{{ value + }} VP"))
    result = runner.invoke(app, ["validate", GAME])
    assert result.exit_code == 1
    col = column_of(starter, line, '"{{')
    assert result.output.splitlines()[0] == (f"{LAYOUT}:{line}:{col}: error [computed-text] box 'worth': unexpected "
                                             "'end of print statement'")
    assert "1 error(s)" in result.output


def test_an_unknown_name_gets_the_nearest_field(starter):
    line = add_box(starter, worth("{{ valeu }} VP"))
    found = errors(starter)
    assert [(d.path, d.line, d.code) for d in found] == [(LAYOUT, line, "unknown-field")]
    assert found[0].message == ("box 'worth' computes its text from 'valeu', which the cards it is drawn on do not "
                                "have; did you mean 'value'?")


def test_an_error_on_a_card_names_the_layout_line_and_the_card(starter):
    line = add_box(starter, worth("{{ name | round }}"))
    found = errors(starter)
    assert [(d.path, d.line, d.code) for d in found] == [(LAYOUT, line, "computed-text")]
    assert found[0].message.startswith("box 'worth' cannot compute its text for card 'apples' "
                                       "(content/my-game/decks/market.yaml:7) (and 4 more): TypeError: ")


HOSTILE = [
    "{{ name.__class__.__mro__ }}",  # attribute access into Python
    "{{ name['__class__'] }}",
    "{{ range(10**9) | join }}",  # a huge range: no function is there to call
    "{% for i in range(99999999) %}{% for j in range(99999999) %}x{% endfor %}{% endfor %}",
    "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}",  # a recursive macro
    "{{ 'x' | center(10**9) }}",
    "{{ name * 10**9 }}",
    "{{ name | replace('', 'x' * 9000) }}",
    "{{ '%0999999999d' % 1 }}",
    "{{ ((999999 ** 64) ** 64) ** 64 }}",
    "{{ lipsum(10**8) }}",
    "{{ name.upper() }}",
    "{% set x = name %}{{ x }}",
    "{% include 'cards.yaml' %}",
]


@pytest.mark.parametrize("expression", HOSTILE)
def test_a_hostile_expression_is_refused_by_its_shape_or_bounds(starter, expression):
    line = add_box(starter, worth(expression.replace('"', "'")))
    result = runner.invoke(app, ["validate", GAME])
    assert result.exit_code == 1, result.output
    said = [line for line in result.output.splitlines() if " error " in line]
    assert len(said) == 1 and said[0].startswith(f"{LAYOUT}:{line}:"), result.output
    assert "error [computed-text] box 'worth'" in said[0]
    assert "TemplateTooCostly" not in said[0]  # refused by what it is, never by running until the time bound


def test_computed_texts_share_one_time_bound_and_stop_when_it_is_spent(starter, monkeypatch):
    import pnp.core.sandbox

    monkeypatch.setattr(pnp.core.sandbox, "RENDER_SECONDS", 0)  # spent before the first card: nothing here is timed
    line = add_box(starter, worth("{{ value }} VP"))
    found = errors(starter)
    assert [(d.path, d.line, d.code) for d in found] == [(LAYOUT, line, "computed-text")]
    assert found[0].message == ("box 'worth' cannot compute its text for card 'apples' (content/my-game/decks/market.yaml:7) "
                                "(and 4 more): TemplateTooCostly: the computed texts ran for more than 0 s together; fix "
                                "the expression or the card's values")


def test_a_computed_text_too_long_for_its_box_is_a_fit_error_at_the_card(starter):
    line = add_box(starter, worth("{{ text }} {{ text }}"))
    found = [d for d in errors(starter) if d.code.startswith("text-")]
    rain = next(d for d in found if "card 'rain'" in d.message)
    assert (rain.path, rain.line, rain.code) == ("content/my-game/decks/market.yaml", 28, "text-height")
    assert rain.message.startswith(f"card 'rain': the text box 'worth' computes ('Every player puts one goods card "
                                   f"from their stall back un...', {LAYOUT}:{line}) does not fit even at 6pt")
    assert len(found) == 5  # every card, each at its own line


def test_characters_the_expression_adds_are_checked_against_the_fonts(starter):
    line = add_box(starter, worth("{{ value }} ★"))
    found = [d for d in errors(starter) if d.code == "missing-glyph"]
    assert [(d.path, d.line) for d in found] == [(LAYOUT, line)] and "★" in found[0].message


def test_emphasis_and_icons_in_a_computed_text_are_card_text(starter):
    line = add_box(starter, worth("{% if value is set %}**{{ value }}**{% endif %} {cion}"))
    found = {d.code: d for d in errors(starter)}
    assert found["unknown-icon"].line == line and "did you mean 'coin'?" in found["unknown-icon"].message
    replace_in(starter / LAYOUT, "{cion}", "{coin}")
    project, report = validate(starter, GAME)
    assert report.ok, [d.format() for d in report.diagnostics]
    assert project.faces.fronts["bread"].fits["worth"].lines == (("**2** {coin}",),)


def test_a_changed_expression_is_drawn_again(starter):
    line = add_box(starter, worth("{{ value }} VP"))
    assert runner.invoke(app, ["build", GAME, "--only", "home"]).exit_code == 0
    replace_in(starter / LAYOUT, "{{ value }} VP", "{{ value * 10 }} points")
    assert (starter / LAYOUT).read_text().splitlines()[line - 1].count("points") == 1
    assert runner.invoke(app, ["build", GAME, "--only", "home"]).exit_code == 0
    text = "".join(page.extract_text() for page in pypdf.PdfReader(starter / "output/my-game/home-a4/market.pdf").pages)
    assert "20 points" in text and "2 VP" not in text
