"""The translators' tools (issue 34, part 2): `pnp translate export` (PO or XLSX), `import`, `stamp`, on the starter
game with a French translation (tests/test_editions.py's fixture)."""
import openpyxl
import pytest
from test_editions import FR, GAME, french_starter, line_of, pdf_text, replace_in
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content.translation_files import po_quoted, read_po
from pnp.content.translations import digest

runner = CliRunner()


@pytest.fixture
def starter(tmp_path, monkeypatch):
    return french_starter(tmp_path, monkeypatch)


def test_po_round_trip_edit_one_msgstr_import_and_the_build_shows_it(starter):
    result = runner.invoke(app, ["translate", "export", GAME, "--lang", "fr", "--out", "fr.po"])
    assert result.exit_code == 0, result.output
    po = (starter / "fr.po").read_text(encoding="utf-8")
    assert 'msgctxt "decks/market/cards/apples/text"' in po
    assert "#. card 'apples': its text; box 'text': 51.5 x 24 mm, 9 pt (at least 6 pt)" in po
    replace_in(starter / "fr.po", 'msgstr "Pommes"', 'msgstr "Pommes \\"reinettes\\""')
    assert runner.invoke(app, ["translate", "import", GAME, "--lang", "fr", "fr.po"]).exit_code == 0
    assert "source: " in (starter / FR).read_text(encoding="utf-8")  # every translation stamped
    assert runner.invoke(app, ["build", GAME, "--lang", "fr"]).exit_code == 0
    # printed with French quotation marks (pnp.text.typography), no-break spaces inside them
    printed = pdf_text(starter / f"output/{GAME}/fr/home-a4/market.pdf").replace("\u00a0", " ")
    assert "Pommes \u00ab reinettes \u00bb" in printed


def test_xlsx_round_trip_keeps_a_formula_like_text_as_text(starter):
    assert runner.invoke(app, ["translate", "export", GAME, "--lang", "fr", "--format", "xlsx", "--out",
                               "fr.xlsx"]).exit_code == 0
    book = openpyxl.load_workbook(starter / "fr.xlsx")
    sheet = book.active
    header = [cell.value for cell in sheet[1]]
    assert header[:3] == ["key", "en", "fr"]
    row = next(r for r in sheet.iter_rows(min_row=2) if r[0].value == "decks/market/cards/bread/name")
    row[2].value = "=Pain"
    row[2].data_type = "s"
    book.save(starter / "fr.xlsx")
    assert runner.invoke(app, ["translate", "import", GAME, "--lang", "fr", "fr.xlsx"]).exit_code == 0
    assert runner.invoke(app, ["build", GAME, "--lang", "fr"]).exit_code == 0
    assert "=Pain" in pdf_text(starter / f"output/{GAME}/fr/home-a4/market.pdf")


def test_an_unknown_key_in_an_imported_file_is_an_error_at_its_line_and_nothing_is_written(starter):
    runner.invoke(app, ["translate", "export", GAME, "--lang", "fr", "--out", "fr.po"])
    replace_in(starter / "fr.po", 'msgctxt "decks/market/cards/rain/name"', 'msgctxt "decks/market/cards/rian/name"')
    before = (starter / FR).read_bytes()
    result = runner.invoke(app, ["translate", "import", GAME, "--lang", "fr", "fr.po"])
    assert result.exit_code == 1
    assert f"fr.po:{line_of(starter / 'fr.po', 'rian')}:1: error [unknown-key]" in result.stdout
    assert "did you mean 'decks/market/cards/rain/name'" in result.stdout
    assert (starter / FR).read_bytes() == before


def test_import_keeps_the_translations_the_file_lacks_and_skips_fuzzy_ones(starter):
    po = "\n".join(['msgctxt "decks/market/cards/rain/name"', 'msgid "Rain"', 'msgstr "Averse"', "",
                    "#, fuzzy", 'msgctxt "decks/market/cards/bread/name"', 'msgid "Bread"', 'msgstr "Brioche"', ""])
    (starter / "part.po").write_text(po, encoding="utf-8")
    assert runner.invoke(app, ["translate", "import", GAME, "--lang", "fr", "part.po"]).exit_code == 0
    written = (starter / FR).read_text(encoding="utf-8")
    assert "Averse" in written and "Pommes" in written and "Brioche" not in written and "Pain" in written


def test_stale_translations_are_exported_fuzzy_and_stamp_stamps_plain_entries(starter):
    assert runner.invoke(app, ["translate", "stamp", GAME, "--lang", "fr"]).exit_code == 0
    assert f'source: {digest("Rain")}' in (starter / FR).read_text(encoding="utf-8")
    replace_in(starter / f"content/{GAME}/decks/market.yaml", "name: Rain", "name: Storm")
    result = runner.invoke(app, ["validate", GAME])
    assert "warning [fr] [stale-translation] the source text of 'decks/market/cards/rain/name' changed" in result.stdout
    runner.invoke(app, ["translate", "export", GAME, "--lang", "fr", "--out", "fr.po"])
    po = (starter / "fr.po").read_text(encoding="utf-8")
    assert '#, fuzzy\nmsgctxt "decks/market/cards/rain/name"\nmsgid "Storm"\nmsgstr "Pluie"' in po


@pytest.mark.parametrize("text", ['a "quoted" word', "back\\slash", "two\nlines", "tab\there", "{card:apples} ✓"])
def test_po_texts_round_trip_through_their_escapes(text):
    po = f'msgctxt "k"\nmsgid {po_quoted(text)}\nmsgstr {po_quoted(text)}\n'
    entries, problems = read_po(po, "x.po")
    assert problems == [] and [(e.key, e.text, e.source_text) for e in entries] == [("k", text, text)]


def test_a_broken_po_line_is_an_error_at_its_line():
    _, problems = read_po('msgctxt "k"\nmsgid "a"\nmsgstr "an "unescaped" quote"\n', "x.po")
    assert [(p.line, p.code) for p in problems] == [(3, "po")]
