"""Decks kept in CSV and XLSX files (pnp.reading.tables) and `pnp export-deck` (pnp.content.deck_export): the same cards, checks
and PDFs as the YAML deck they came from, diagnostics at file.csv:ROW:COL and file.xlsx:Sheet!C12, hostile
spreadsheets refused with a diagnostic, and conversions that lose nothing or say what they cannot hold."""
import csv
import io
import json
import zipfile
from pathlib import Path

import pytest
from helpers import FIXTURE_GAME, REAL_GAMES, ROOT, fixture_root
from openpyxl import Workbook, load_workbook
from typer.testing import CliRunner

from pnp.build.game import BuildTarget, build
from pnp.checks.validate import validate
from pnp.cli import app
from pnp.content import discovery
from pnp.content.deck_export import ExportError, export_deck

runner = CliRunner()
GAME_DIR = Path("content") / FIXTURE_GAME
HEROES_CSV = "content/pocket-dungeon/decks/heroes.csv"
ROOMS_XLSX = "content/pocket-dungeon/decks/rooms.xlsx"


def _cards(root: Path, game_id: str, deck_id: str) -> list:
    """Every card of a deck as the card model sees it, both sides."""
    game, problems = discovery.load(root, game_id)
    assert game is not None and deck_id in game.decks, [p.format() for p in problems]
    assert not [p for p in problems if p.severity == "error"], [p.format() for p in problems]
    return _cards_of(game, deck_id)


def _cards_of(game, deck_id: str) -> list:
    return [(r.card.model_dump(), r.back.model_dump() if r.back else None) for r in game.decks[deck_id].cards]


def _export(root: Path, game_id: str, deck_id: str, fmt: str) -> bytes:
    game, _ = discovery.load(root, game_id)
    data, _ = export_deck(game, game.decks[deck_id], fmt)
    return data


def _point_at(root: Path, game_id: str, old: str, new: str) -> None:
    manifest = root / "content" / game_id / "game.yaml"
    text = manifest.read_text()
    assert f"file: {old}" in text
    manifest.write_text(text.replace(f"file: {old}", f"file: {new}", 1))


def _tables(root: Path) -> None:
    """The fixture's heroes as CSV and rooms as XLSX, exported by pnp, with game.yaml pointing at them."""
    game_dir = root / GAME_DIR
    (game_dir / "decks/heroes.csv").write_bytes(_export(root, FIXTURE_GAME, "heroes", "csv"))
    (game_dir / "decks/rooms.xlsx").write_bytes(_export(root, FIXTURE_GAME, "rooms", "xlsx"))
    _point_at(root, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.csv")
    _point_at(root, FIXTURE_GAME, "decks/rooms.yaml", "decks/rooms.xlsx")


def _validate_errors(root: Path) -> list[str]:
    """What validate says about the heroes deck's file (a deck that does not load also leaves its cards missing
    from the layout and the rulebook: those follow from it)."""
    _, report = validate(root, FIXTURE_GAME)
    return [d.format() for d in report.sorted() if "decks/heroes." in d.path]


def _write_csv(root: Path, text: str) -> None:
    (root / HEROES_CSV).write_text(text, encoding="utf-8")
    if "heroes.csv" not in (root / GAME_DIR / "game.yaml").read_text():
        _point_at(root, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.csv")


HEADER = "id,name,kind,cost,power,text,on_reveal,difficulty\n"
GOOD_ROWS = ("hero-ranger,Ranger,hero,3,4,Look first.,[{DRAW: 1}],\n"
             "hero-smith,Smith,hero,2,3,Treasures cost less.,[{GAIN_COINS: 2}],\n"
             "hero-scholar,Scholar,hero,1,2,Draw one more.,[{DRAW: 2}],\n"
             "hero-scout,Scout,hero,2,3,Leave traps.,[{GAIN_COINS: 1}],red\n")


# -- the same deck, kept in a spreadsheet ------------------------------------------------------------------


def test_csv_and_xlsx_decks_hold_the_same_cards_and_build_the_same_pdfs(fixture_project, tmp_path):
    yaml_cards = {deck: _cards(fixture_project, FIXTURE_GAME, deck) for deck in ("heroes", "rooms")}
    built, report = build(BuildTarget(fixture_project, FIXTURE_GAME, tmp_path / "yaml"))
    assert built is not None, report.to_text()
    _tables(fixture_project)
    for deck in ("heroes", "rooms"):
        assert _cards(fixture_project, FIXTURE_GAME, deck) == yaml_cards[deck]
    again, report = build(BuildTarget(fixture_project, FIXTURE_GAME, tmp_path / "tables"))
    assert again is not None, report.to_text()
    assert report.ok and not report.diagnostics, report.to_text()
    assert again.files == built.files
    for name in built.files:
        assert (again.out_dir / name).read_bytes() == (built.out_dir / name).read_bytes(), name


def test_a_csv_deck_reads_numbers_as_the_model_wants_and_empty_cells_as_not_set(fixture_project):
    _write_csv(fixture_project, HEADER + GOOD_ROWS.replace("Ranger", "1984"))
    cards = {card["id"]: card for card, _ in _cards(fixture_project, FIXTURE_GAME, "heroes")}
    assert cards["hero-ranger"]["name"] == "1984"  # a name is text, even when it looks like a number
    assert cards["hero-ranger"]["cost"] == 3 and cards["hero-ranger"]["on_reveal"] == [{"DRAW": 1}]
    assert cards["hero-ranger"]["difficulty"].value == "green"  # an empty cell: the default, as an absent key
    assert cards["hero-scout"]["difficulty"].value == "red"


def test_a_spreadsheet_deck_is_named_by_game_yaml_or_by_its_id(fixture_project):
    _write_csv(fixture_project, HEADER + GOOD_ROWS)
    game, _ = discovery.load(fixture_project, FIXTURE_GAME)
    assert game.decks["heroes"].model.name == "Heroes"
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.csv", "decks/heroes.csv\n    name: Brave Heroes")
    game, _ = discovery.load(fixture_project, FIXTURE_GAME)
    assert game.decks["heroes"].model.name == "Brave Heroes"


def test_semicolon_csv_with_a_byte_order_mark_reads_too(fixture_project):
    text = (HEADER + GOOD_ROWS).replace(",", ";").replace("[{DRAW: 1}]", '"[{DRAW: 1}]"')
    (fixture_project / HEROES_CSV).write_bytes("\ufeff".encode() + text.encode())
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.csv")
    cards = {card["id"]: card for card, _ in _cards(fixture_project, FIXTURE_GAME, "heroes")}
    assert cards["hero-ranger"]["on_reveal"] == [{"DRAW": 1}] and cards["hero-smith"]["cost"] == 2


# -- broken cells: exact positions -------------------------------------------------------------------------


def test_broken_csv_cells_are_diagnostics_at_their_row_and_column(fixture_project):
    rows = GOOD_ROWS.replace("hero-smith,Smith,hero,2,", "hero-smith,Smith,hero,lots,")
    rows = rows.replace("hero-scholar,Scholar,hero,1,2,Draw one more.,[{DRAW: 2}],",
                        "hero-scholar,,hero,1,2,Draw one more.,[{DRAW: 2},")
    _write_csv(fixture_project, HEADER.replace("difficulty", "colour") + rows.replace(",red", ",purple"))
    assert _validate_errors(fixture_project) == [
        f"{HEROES_CSV}:1:8: error [unknown-key] column 'colour' is not a card field; map it to a card field in "
        "game.yaml (table: columns: {colour: FIELD}; the fields are art, back, cost, count, difficulty, effects, "
        "flavor, id, kind, name, on_reveal, power, rank, suit, text), or leave it out (table: ignore: [colour])",
        f"{HEROES_CSV}:3:4: error [type] cost: input should be a valid integer (got 'lots')",
        f"{HEROES_CSV}:4:1: error [missing-key] required key 'name' is missing; add it",
        f"{HEROES_CSV}:4:7: error [cell] this cell should hold a list, like [A, B]: did not find expected ',' or ']'; "
        "check indentation, colons and quotes",
    ]


def test_a_card_without_a_required_field_is_reported_at_its_rows_first_cell(fixture_project):
    _write_csv(fixture_project, HEADER + GOOD_ROWS.replace("hero-smith,Smith,", "hero-smith,,"))
    assert _validate_errors(fixture_project) == [f"{HEROES_CSV}:3:1: error [missing-key] required key 'name' is "
                                                 "missing; add it"]


@pytest.mark.parametrize("count, message", [
    ("0", "count: input should be greater than or equal to 1 (got 0)"),
    ("two", "count: input should be a valid integer (got 'two')"),
    ("1.5", "count: input should be a valid integer (got '1.5')"),
])
def test_a_bad_count_is_reported_at_its_cell(fixture_project, count, message):
    header = HEADER.replace("difficulty\n", "difficulty,count\n")
    rows = GOOD_ROWS.replace(",red\n", f",red,{count}\n")
    _write_csv(fixture_project, header + rows)
    assert _validate_errors(fixture_project) == [f"{HEROES_CSV}:5:9: error [type] {message}"]


def test_bad_headers_are_reported_at_their_header_cells(fixture_project):
    _write_csv(fixture_project, "id,name,kind,cost,cost,back.,power\n" + "hero-ranger,Ranger,hero,3,3,,4\n")
    assert _validate_errors(fixture_project) == [
        f"{HEROES_CSV}:1:5: error [column] column 'cost' appears twice (also column 4); keep one",
        f"{HEROES_CSV}:1:6: error [column] column name 'back.' is not a field name; write a card field like cost, "
        "or a nested one like back.name",
    ]


def _xlsx(path: Path, rows: list[list], sheet: str = "Cards", formulas: dict | None = None) -> None:
    book = Workbook()
    ws = book.active
    ws.title = sheet
    for r, row in enumerate(rows, 1):
        for c, value in enumerate(row, 1):
            if value is not None:
                ws.cell(row=r, column=c, value=value)
    for ref, formula in (formulas or {}).items():
        ws[ref] = formula
    book.save(path)


def test_broken_xlsx_cells_are_diagnostics_at_sheet_and_cell(fixture_project):
    rows = [[cell or None for cell in line.split(",")] for line in (HEADER + GOOD_ROWS).splitlines()]
    rows[2][3] = "lots"  # hero-smith's cost, D3
    rows[3][1] = None  # hero-scholar has no name: the card, at A4
    rows[4][3] = 2.5  # hero-scout's cost, D5: a number, not a whole one
    rows[0][7] = "colour"  # H1
    _xlsx(fixture_project / GAME_DIR / "decks/heroes.xlsx", rows, sheet="My heroes")
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.xlsx")
    _, report = validate(fixture_project, FIXTURE_GAME)
    shown = [d.format() for d in report.sorted()]
    where = "content/pocket-dungeon/decks/heroes.xlsx:'My heroes'!"
    assert shown == [
        f"{where}H1: error [unknown-key] column 'colour' is not a card field; map it to a card field in game.yaml "
        "(table: columns: {colour: FIELD}; the fields are art, back, cost, count, difficulty, effects, flavor, id, "
        "kind, name, on_reveal, power, rank, suit, text), or leave it out (table: ignore: [colour])",
        f"{where}D3: error [type] cost: input should be a valid integer (got 'lots')",
        f"{where}A4: error [missing-key] required key 'name' is missing; add it",
        f"{where}D5: error [type] cost: input should be a valid integer (got 2.5)",
    ]
    as_json = json.loads(report.to_json())
    assert as_json[1] | {"message": ""} == {"path": "content/pocket-dungeon/decks/heroes.xlsx", "line": 3, "col": 4,
                                             "code": "type", "message": "", "severity": "error",
                                             "cell": "'My heroes'!D3", "lang": ""}


def test_a_formula_with_a_saved_value_is_read_and_one_without_is_a_diagnostic(fixture_project):
    rows = [[cell or None for cell in line.split(",")] for line in (HEADER + GOOD_ROWS).splitlines()]
    path = fixture_project / GAME_DIR / "decks/heroes.xlsx"
    _xlsx(path, rows, formulas={"E2": "=2+2"})  # openpyxl saves no value for a formula: as a script would write it
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.xlsx")
    assert _validate_errors(fixture_project) == [
        "content/pocket-dungeon/decks/heroes.xlsx:Cards!E2: error [formula] a formula with no saved value: pnp never "
        "calculates formulas; open and save the file in your spreadsheet program, or type the value"]
    _with_cached_value(path, "E2", "4")
    cards = {card["id"]: card for card, _ in _cards(fixture_project, FIXTURE_GAME, "heroes")}
    assert cards["hero-ranger"]["power"] == 4


def _with_cached_value(path: Path, ref: str, value: str) -> None:
    """What a spreadsheet program saves: the formula and the value it calculated (<f>2+2</f><v>4</v>)."""
    out = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w") as target:
        for member in source.infolist():
            data = source.read(member)
            if member.filename == "xl/worksheets/sheet1.xml":
                text = data.decode()
                start = text.index(f'<c r="{ref}"')
                end = text.index("</c>", start)
                text = text[:start] + f'<c r="{ref}"><f>2+2</f><v>{value}</v>' + text[end:]
                data = text.encode()
            target.writestr(member, data)
    path.write_bytes(out.getvalue())


def test_a_formula_whose_saved_value_is_empty_text_is_an_empty_cell(fixture_project):
    """A real workbook computes a column (`=IF(...,"",...)`): where the result is the empty text, a spreadsheet program
    saves it as text with an empty value (t="str", <v></v>), which is a value (an empty cell), not a missing one."""
    rows = [[cell or None for cell in line.split(",")] for line in (HEADER + GOOD_ROWS).splitlines()]
    rows[0].append("flavor")
    path = fixture_project / GAME_DIR / "decks/heroes.xlsx"
    flavors = {f"I{row}": f'=IF(B{row}="Scout","Quiet steps.","")' for row in range(2, 6)}
    _xlsx(path, rows, formulas={**flavors, "E3": "=2+2"})
    _with_saved_values(path, {"I2": "", "I3": "", "I4": "", "I5": "Quiet steps."})  # E3 stays never calculated
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.xlsx")
    assert _validate_errors(fixture_project) == [
        "content/pocket-dungeon/decks/heroes.xlsx:Cards!E3: error [formula] a formula with no saved value: pnp never "
        "calculates formulas; open and save the file in your spreadsheet program, or type the value"]
    _with_saved_values(path, {"E3": "3"}, "n")
    cards = {card["id"]: card for card, _ in _cards(fixture_project, FIXTURE_GAME, "heroes")}
    assert [cards[card_id]["flavor"] for card_id in ("hero-ranger", "hero-smith", "hero-scholar", "hero-scout")] == [
        "", "", "", "Quiet steps."]


def _with_saved_values(path: Path, saved: dict[str, str], saved_as: str = "str") -> None:
    """Formula cells as a spreadsheet program saves them, each with the value it calculated, of its type: `str` is a
    formula's text result (<c t="str"><f>...</f><v></v></c> for the empty text), `n` a number."""
    out = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w") as target:
        for member in source.infolist():
            data = source.read(member)
            if member.filename == "xl/worksheets/sheet1.xml":
                text = data.decode()
                for ref, value in saved.items():
                    start = text.index(f'<c r="{ref}"')
                    formula = text[text.index("<f>", start):text.index("</f>", start) + 4]
                    end = text.index("</c>", start)
                    text = text[:start] + f'<c r="{ref}" t="{saved_as}">{formula}<v>{value}</v>' + text[end:]
                data = text.encode()
            target.writestr(member, data)
    path.write_bytes(out.getvalue())


# -- hostile spreadsheets ----------------------------------------------------------------------------------


def test_a_csv_with_nul_bytes_or_bad_encoding_is_a_diagnostic(fixture_project):
    _write_csv(fixture_project, HEADER + GOOD_ROWS)
    path = fixture_project / HEROES_CSV
    path.write_bytes((HEADER + GOOD_ROWS).encode() + b"hero-x,X\x00,hero\n")
    assert _validate_errors(fixture_project) == [f"{HEROES_CSV}:6:1: error [encoding] the file holds NUL bytes, so "
                                                 "it is not a CSV text file; save it again as CSV (UTF-8)"]
    path.write_bytes((HEADER + GOOD_ROWS).encode() + "hero-x,Caf\u00e9,hero\n".encode("latin-1"))
    assert _validate_errors(fixture_project) == [f"{HEROES_CSV}:6:1: error [encoding] not UTF-8 text (invalid "
                                                 "continuation byte); save the file as CSV UTF-8"]


def test_a_csv_with_too_many_rows_or_columns_stops_at_the_bound(fixture_project):
    from pnp.reading.tables import MAX_COLUMNS, MAX_ROWS

    _write_csv(fixture_project, HEADER + "hero-x,X,hero\n" * MAX_ROWS)
    assert _validate_errors(fixture_project) == [f"{HEROES_CSV}:{MAX_ROWS + 1}:1: error [too-large] more than "
                                                 f"{MAX_ROWS} rows; a deck has at most {MAX_ROWS - 1} cards, so split it"]
    _write_csv(fixture_project, HEADER + ",".join(["x"] * (MAX_COLUMNS + 1)) + "\n")
    assert _validate_errors(fixture_project) == [f"{HEROES_CSV}:2:{MAX_COLUMNS + 1}: error [too-large] more than "
                                                 f"{MAX_COLUMNS} columns; remove the extra cells"]


def test_a_whole_number_of_more_digits_than_python_reads_is_a_diagnostic_at_its_cell(fixture_project):
    """int() refuses more than 4,300 digits (ValueError: exit 3): the model says what is wrong, as for any text."""
    _write_csv(fixture_project, HEADER + GOOD_ROWS.replace("hero-smith,Smith,hero,2,", "hero-smith,Smith,hero," + "9" * 4301 + ","))
    assert _validate_errors(fixture_project) == [
        f"{HEROES_CSV}:3:4: error [type] cost: input should be a valid integer (got '{'9' * 36}...)"]


def test_a_column_name_nesting_deeper_than_yaml_may_is_a_diagnostic_at_its_header(fixture_project):
    """A header x.x.x...y of 1,000 parts nested the card 1,000 levels deep: RecursionError, exit 3."""
    from pnp.core.limits import MAX_DEPTH

    _write_csv(fixture_project, "id,name,kind," + "x." * 1000 + "y\nhero-ranger,Ranger,hero,v\n")
    assert _validate_errors(fixture_project) == [
        f"{HEROES_CSV}:1:4: error [column] column name '{'x.' * 20}...' nests 1001 fields deep; a field nests at most "
        f"{MAX_DEPTH} deep (as in a YAML file): write fewer dotted parts"]


def test_an_xlsx_that_unpacks_too_large_is_refused_before_it_is_opened(fixture_project):
    from pnp.core.limits import MAX_UNPACKED_BYTES

    path = fixture_project / GAME_DIR / "decks/heroes.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as bomb:
        bomb.writestr("xl/worksheets/sheet1.xml", b"<" * (MAX_UNPACKED_BYTES + 1))  # compresses to about 64 KB
    assert path.stat().st_size < 1024 * 1024
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.xlsx")
    assert _validate_errors(fixture_project) == [
        "content/pocket-dungeon/decks/heroes.xlsx:1:1: error [xlsx] the workbook unpacks to 64 MB; pnp reads "
        "workbooks that unpack to at most 64 MB: keep only the deck's sheet"]
    path.write_bytes(b"id,name\nnot,a zip\n")
    assert _validate_errors(fixture_project) == [
        "content/pocket-dungeon/decks/heroes.xlsx:1:1: error [xlsx] not an XLSX workbook (an .xlsx file is a zip "
        "archive); save it again as .xlsx"]


def test_an_xlsx_that_lists_no_worksheet_is_a_diagnostic(fixture_project):
    path = fixture_project / GAME_DIR / "decks/heroes.xlsx"
    _xlsx(path, [["id", "name"], ["hero-x", "X"]])
    out = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w") as target:
        for member in source.infolist():
            data = source.read(member)
            if member.filename == "xl/workbook.xml":  # the sheet's part stays in the zip, listed nowhere
                text = data.decode()
                data = (text[:text.index("<sheets>")] + "<sheets/>" + text[text.index("</sheets>") + 9:]).encode()
            target.writestr(member, data)
    path.write_bytes(out.getvalue())
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.xlsx")
    assert _validate_errors(fixture_project) == [
        "content/pocket-dungeon/decks/heroes.xlsx:1:1: error [xlsx] the workbook holds no worksheet; put the deck on "
        "its first sheet (a header row of field names, then a row for each card)"]


# -- hostile workbooks: every part bounded before it is read, every value checked at its cell ----------------

XLSX_HEROES = "content/pocket-dungeon/decks/heroes.xlsx"
MAIN_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
RELATIONSHIP = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _part_list(*parts: tuple[str, str, str]) -> str:
    """A relationships part: (id, type, target) each."""
    return ('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' + "".join(
        f'<Relationship Id="{rid}" Type="{RELATIONSHIP}/{kind}" Target="{target}"/>' for rid, kind, target in parts)
        + "</Relationships>")


def _raw_xlsx(sheet_data: str, shared: str | None = None, styles: str | None = None, prologue: str = "",
              stored: bool = False, state: str = "visible") -> bytes:
    """A workbook written part by part, as a hostile file is: one sheet, Cards, of `sheet_data` (its <sheetData>),
    with `shared` strings (the <si>s) and `styles` (the <styleSheet>'s insides) when given; `prologue` goes before
    the sheet's root element; `stored` leaves the sheet uncompressed in the zip; `state` is the sheet's."""
    related = [("rId1", "worksheet", "worksheets/sheet1.xml")]
    types = "".join(f'<Override PartName="/xl/{name}" ContentType="application/vnd.openxmlformats-officedocument.'
                    f'spreadsheetml.{kind}+xml"/>' for name, kind, given in (
                        ("workbook.xml", "sheet.main", True), ("worksheets/sheet1.xml", "worksheet", True),
                        ("sharedStrings.xml", "sharedStrings", shared is not None), ("styles.xml", "styles", styles is not None))
                    if given)
    parts = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default '
                               'Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                               f'<Default Extension="xml" ContentType="application/xml"/>{types}</Types>',
        "_rels/.rels": _part_list(("rId1", "officeDocument", "xl/workbook.xml")),
        "xl/workbook.xml": f'<workbook {MAIN_NS} xmlns:r="{RELATIONSHIP}"><sheets><sheet name="Cards" sheetId="1" '
                           f'state="{state}" r:id="rId1"/></sheets></workbook>',
        "xl/worksheets/sheet1.xml": f'{prologue}<worksheet {MAIN_NS}><dimension ref="A1:D5"/><sheetData>{sheet_data}'
                                    "</sheetData></worksheet>",
    }
    if shared is not None:
        parts["xl/sharedStrings.xml"] = f"<sst {MAIN_NS}>{shared}</sst>"
        related.append(("rId2", "sharedStrings", "sharedStrings.xml"))
    if styles is not None:
        parts["xl/styles.xml"] = f"<styleSheet {MAIN_NS}>{styles}</styleSheet>"
        related.append(("rId3", "styles", "styles.xml"))
    parts["xl/_rels/workbook.xml.rels"] = _part_list(*related)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            stored_here = stored and name == "xl/worksheets/sheet1.xml"
            archive.writestr(name, text, zipfile.ZIP_STORED if stored_here else zipfile.ZIP_DEFLATED)
    return out.getvalue()


def _inline(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def _heroes_sheet(flavor_of_ranger: str = "", more: str = "") -> str:
    """The fixture's four heroes (id, name, kind, flavor), `flavor_of_ranger` the XML of cell D2, the cell under
    attack, and `more` any rows after them."""
    rows = ['<row r="1">' + "".join(_inline(f"{col}1", name) for col, name in zip("ABCD", ("id", "name", "kind", "flavor")))
            + "</row>"]
    for number, hero in enumerate(("hero-ranger", "hero-smith", "hero-scholar", "hero-scout"), 2):
        cells = [_inline(f"A{number}", hero), _inline(f"B{number}", "Hero"), _inline(f"C{number}", "hero")]
        rows.append(f'<row r="{number}">' + "".join(cells) + (flavor_of_ranger if number == 2 else "") + "</row>")
    return "".join(rows) + more


def _use_xlsx(root: Path, data: bytes) -> Path:
    path = root / XLSX_HEROES
    path.write_bytes(data)
    if "heroes.xlsx" not in (root / GAME_DIR / "game.yaml").read_text():
        _point_at(root, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.xlsx")
    return path


def _xlsx_cards(root: Path) -> dict:
    return {card["id"]: card for card, _ in _cards(root, FIXTURE_GAME, "heroes")}


BROKEN_CELLS = {  # D2 as a hostile file writes it -> what pnp says at Cards!D2 (openpyxl raised there: exit 3)
    '<c r="D2" t="n"><v>inf</v></c>': "[xlsx] this number cell holds 'inf', which is no number a spreadsheet holds; "
                                      "type the value again",
    '<c r="D2"><v>nan</v></c>': "[xlsx] this number cell holds 'nan', which is no number a spreadsheet holds; type the "
                                "value again",
    '<c r="D2" t="n"><v>abc</v></c>': "[xlsx] this number cell holds 'abc', which is no number a spreadsheet holds; "
                                      "type the value again",
    '<c r="D2" t="n"><v>' + "9" * 5000 + "</v></c>": "[xlsx] this number cell holds '" + "9" * 40 + "...', which is "
                                                    "no number a spreadsheet holds; type the value again",
    '<c r="D2" t="n"><v>1e999</v></c>': "[xlsx] this number cell holds '1e999', which is no number a spreadsheet "
                                        "holds; type the value again",
    '<c r="D2" t="s"><v>5</v></c>': "[xlsx] this cell shows shared string 5, which the workbook does not hold (it holds "
                                    "no shared strings); save the workbook again as .xlsx",
    '<c r="D2" t="d"><v>2024-13-45</v></c>': "[xlsx] this date cell holds '2024-13-45', which is no date; type the "
                                             "date again",
    '<c r="D2" t="b"><v>yes</v></c>': "[xlsx] this cell should hold true or false but holds 'yes'; type the value again",
    '<c r="D2" t="zz"><v>1</v></c>': "[xlsx] this cell's type 'zz' is none an XLSX file has; save the workbook again "
                                     "as .xlsx",
    '<c r="D2" t="e"><v>#N/A</v></c>': "[xlsx] this cell holds the error #N/A, not a value; type the value",
}


@pytest.mark.parametrize("cell", BROKEN_CELLS, ids=range(len(BROKEN_CELLS)))
def test_a_broken_xlsx_value_is_a_diagnostic_at_its_cell(fixture_project, cell):
    _use_xlsx(fixture_project, _raw_xlsx(_heroes_sheet(cell)))
    assert _validate_errors(fixture_project) == [f"{XLSX_HEROES}:Cards!D2: error {BROKEN_CELLS[cell]}"]


def test_a_shared_string_past_the_workbooks_list_is_a_diagnostic_at_its_cell(fixture_project):
    _use_xlsx(fixture_project, _raw_xlsx(_heroes_sheet('<c r="D2" t="s"><v>5</v></c>'), shared="<si><t>Quiet.</t></si>"))
    assert _validate_errors(fixture_project) == [
        f"{XLSX_HEROES}:Cards!D2: error [xlsx] this cell shows shared string 5, which the workbook does not hold (it "
        "holds shared strings 0 to 0); save the workbook again as .xlsx"]


@pytest.mark.parametrize("error", ["#REF!", "#DIV/0!", "#N/A", "#VALUE!", "#NAME?", "#NUM!", "#NULL!"])
def test_a_formula_whose_saved_value_is_an_error_is_a_diagnostic_at_its_cell(fixture_project, error):
    """openpyxl reads a formula's saved error as a text: '#REF!' was the card's flavor, without a word."""
    _use_xlsx(fixture_project, _raw_xlsx(_heroes_sheet(f'<c r="D2" t="e"><f>Sheet2!A1</f><v>{error}</v></c>')))
    assert _validate_errors(fixture_project) == [
        f"{XLSX_HEROES}:Cards!D2: error [formula] the formula's saved value is the error {error}; fix the formula and "
        "save"]


def _damaged(data: bytes, part: str) -> bytes:
    """The workbook with one byte of a stored part changed: it unpacks, but its CRC no longer matches."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = archive.getinfo(part)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)  # the part's bytes, after its header
    end = start + info.compress_size
    at = data.rindex(b"Hero", start, end) + 1
    return data[:at] + b"X" + data[at + 1:]


LAUGHS = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">' + "".join(
    f'<!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">' for i in range(8)) + "]>"
BROKEN_SHEETS = [  # a sheet's XML a hostile file writes -> what pnp says at the file (openpyxl: exit 3)
    (_raw_xlsx(_heroes_sheet('<c r="2D" t="n"><v>1</v></c>')),
     "row 2 of the sheet 'Cards' holds a cell named '2D', which is no cell name (like D2); save the workbook again as "
     ".xlsx"),
    (_raw_xlsx(_heroes_sheet(more='<row r="zz"><c><v>1</v></c></row>')),
     "the sheet 'Cards' names a row 'zz' after row 5, which is no row number; save the workbook again as .xlsx"),
    (_raw_xlsx(_heroes_sheet(_inline("D2", "&i;")), prologue=LAUGHS),
     "the sheet 'Cards' (xl/worksheets/sheet1.xml) declares a DTD, which no XLSX part has (entities in it could expand "
     "without end); save the workbook again as .xlsx"),
    (_raw_xlsx(_heroes_sheet('<c r="D2"><v>1</c>')),
     "the sheet 'Cards' (xl/worksheets/sheet1.xml) is not well-formed XML (mismatched tag, line 1); save the workbook "
     "again as .xlsx"),
    (_damaged(_raw_xlsx(_heroes_sheet(more="".join(f'<row r="{n}"><c r="Z{n}" s="1"/></row>' for n in range(6, 1500))),
                        stored=True), "xl/worksheets/sheet1.xml"),
     "the sheet 'Cards' (xl/worksheets/sheet1.xml) is damaged (BadZipFile: Bad CRC-32 for file "
     "'xl/worksheets/sheet1.xml'); save the workbook again as .xlsx"),
    (_raw_xlsx(_heroes_sheet()).replace(b"PK\x01\x02\x14\x03\x14", b"PK\x01\x02\x14\x03\x99", 1),  # zip version 15.3
     "not an XLSX workbook (an .xlsx file is a zip archive); save it again as .xlsx"),
]


@pytest.mark.parametrize("data, message", BROKEN_SHEETS, ids=["cell-name", "row-number", "laughs", "xml", "crc",
                                                                  "zip-version"])
def test_a_broken_sheet_is_a_diagnostic_at_the_file(fixture_project, data, message):
    _use_xlsx(fixture_project, data)
    assert _validate_errors(fixture_project) == [f"{XLSX_HEROES}:1:1: error [xlsx] {message}"]


def test_one_huge_shared_string_shown_in_many_cells_stops_at_the_sheets_text(fixture_project):
    """A 30 MB shared string in ten cells took 36 s and 650 MB (2.6 s a row): the cells' text together is bounded,
    a shared string counted in every cell that shows it, like the CSV file of the same deck."""
    from pnp.core.limits import MAX_TABLE_TEXT

    huge = "a " * (MAX_TABLE_TEXT // 4) + "z"  # half the sheet's text: the second cell showing it is one too many
    rows = "".join(f'<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>h{n}</t></is></c><c r="D{n}" t="s"><v>0</v></c></row>'
                   for n in range(2, 12))
    header = '<row r="1">' + "".join(_inline(f"{c}1", n) for c, n in zip("ABCD", ("id", "name", "kind", "flavor")))
    _use_xlsx(fixture_project, _raw_xlsx(header + "</row>" + rows, shared=f"<si><t>{huge}</t></si>"))
    assert _validate_errors(fixture_project) == [
        f"{XLSX_HEROES}:Cards!D3: error [too-large] with this cell, the sheet's cells hold more than {MAX_TABLE_TEXT:,} "
        "characters of text (a shared string counts in each cell showing it), more than a whole deck file may; shorten "
        "the texts or split the deck"]
    _use_xlsx(fixture_project, _raw_xlsx(header + "</row>" + rows, shared=f"<si><t>{huge}{huge}</t></si>"))
    assert _validate_errors(fixture_project) == [  # too long to be shown at all: stopped while it is read
        f"{XLSX_HEROES}:Cards!D2: error [too-large] with this cell, the sheet's cells hold more than {MAX_TABLE_TEXT:,} "
        "characters of text (a shared string counts in each cell showing it), more than a whole deck file may; shorten "
        "the texts or split the deck"]


def test_a_row_of_more_cells_than_pnp_reads_stops_at_the_first_one_past(fixture_project):
    """A header row of 3 million cells took 14.6 s and 2.67 GB, then was cut at column 200 without a word."""
    from pnp.core.limits import MAX_TABLE_COLUMNS

    sheet = _heroes_sheet().replace("</row>", '<c t="n"><v>1</v></c>' * (MAX_TABLE_COLUMNS + 10) + "</row>", 1)
    _use_xlsx(fixture_project, _raw_xlsx(sheet))
    assert _validate_errors(fixture_project) == [
        f"{XLSX_HEROES}:Cards!GS1: error [too-large] more than {MAX_TABLE_COLUMNS} columns; remove the extra cells"]


def test_parts_of_too_many_elements_stop_at_the_bound(fixture_project, monkeypatch):
    """Styles of 6 million <xf/> (3.8 GB), 3 million shared strings (32 s), a sheet of endless rows: each part stops
    at MAX_XLSX_ELEMENTS, counted while it is unpacked (a lower bound here, for a small file)."""
    from pnp.core.limits import MAX_TABLE_COLUMNS, MAX_TABLE_ROWS

    monkeypatch.setattr("pnp.reading.xlsx.MAX_XLSX_ELEMENTS", 1000)
    styled = _heroes_sheet('<c r="D2" s="1500"><v>45000</v></c>')
    _use_xlsx(fixture_project, _raw_xlsx(styled, styles='<cellXfs count="2000">' + "<xf/>" * 2000 + "</cellXfs>"))
    assert _validate_errors(fixture_project) == [
        f"{XLSX_HEROES}:1:1: error [xlsx] the styles (xl/styles.xml) holds more than 1,000 XML elements; pnp reads parts "
        "of at most that many: keep only the deck's sheet, and save the workbook again"]
    shown = _heroes_sheet('<c r="D2" t="s"><v>1500</v></c>')
    _use_xlsx(fixture_project, _raw_xlsx(shown, shared="<si><t>ab</t></si>" * 2000))
    assert _validate_errors(fixture_project) == [
        f"{XLSX_HEROES}:1:1: error [xlsx] the shared strings (xl/sharedStrings.xml) holds more than 1,000 XML elements; "
        "pnp reads parts of at most that many: keep only the deck's sheet, and save the workbook again"]
    _use_xlsx(fixture_project, _raw_xlsx(_heroes_sheet(more="<row/>" * 2000)))
    assert _validate_errors(fixture_project) == [  # the sheet's first 56 elements hold the heroes: row 949 is the last
        f"{XLSX_HEROES}:Cards!A949: error [too-large] the sheet's XML holds more than 1,000 elements by this cell; pnp "
        f"reads sheets of at most {MAX_TABLE_ROWS} rows and {MAX_TABLE_COLUMNS} columns: delete the rows and columns "
        "past the last card, and save again"]


def test_shared_strings_and_styles_are_read_only_when_a_cell_needs_them(fixture_project, monkeypatch):
    """A workbook's shared strings and styles may be far larger than its deck: a 45 KB file's 6 million styles, or 3
    million shared strings no cell shows, cost nothing when no cell uses them; and a date is still a date."""
    opened = []
    real_open = zipfile.ZipFile.open
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda self, name, mode="r", *a, **k: (
        mode == "r" and opened.append(getattr(name, "filename", name))) or real_open(self, name, mode, *a, **k))
    styles = '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>' + "<xf/>" * 10_000
    unused = "<si><t>ab</t></si>" * 10_000
    _use_xlsx(fixture_project, _raw_xlsx(_heroes_sheet(_inline("D2", "Quiet.")), shared=unused, styles=styles))
    assert _xlsx_cards(fixture_project)["hero-ranger"]["flavor"] == "Quiet."
    assert "xl/styles.xml" not in opened and "xl/sharedStrings.xml" not in opened
    opened.clear()
    dated = _heroes_sheet('<c r="D2" s="2"><v>45000</v></c>').replace(_inline("B3", "Hero"), '<c r="B3" t="s"><v>1</v></c>')
    _use_xlsx(fixture_project, _raw_xlsx(dated, shared="<si><t>ab</t></si><si><r><t>Sm</t></r><r><t>ith</t></r>"
                                         "<rPh><t>sumisu</t></rPh></si>" + unused, styles=styles))
    cards = _xlsx_cards(fixture_project)
    assert cards["hero-ranger"]["flavor"] == "2023-03-15T00:00:00"  # Excel's day 45000, shown as a date by format 14
    assert cards["hero-smith"]["name"] == "Smith"  # rich text runs joined; a phonetic guide is no part of the text
    assert {"xl/styles.xml", "xl/sharedStrings.xml"} <= set(opened)


def test_an_escaped_character_in_an_xlsx_text_is_that_character(fixture_project):
    """Excel writes a character XML cannot hold as _xHHHH_: a cell's line break from Windows is _x000D_ and a
    written "_x" is _x005F_x. pnp reads them as the spreadsheet shows them (openpyxl left _x000D_ in the card)."""
    sheet = _heroes_sheet(_inline("D2", "Look_x000D_\nfirst, _x005F_x0041_."))
    _use_xlsx(fixture_project, _raw_xlsx(sheet))
    assert _xlsx_cards(fixture_project)["hero-ranger"]["flavor"] == "Look\nfirst, _x0041_."


def test_the_deck_is_the_first_visible_worksheet(fixture_project):
    """A veryHidden first sheet was read as the deck, and the sheet a spreadsheet program shows ignored."""
    book = Workbook()
    hidden, shown = book.active, book.create_sheet("Cards")
    hidden.title, hidden.sheet_state = "Hidden", "veryHidden"
    book.active = 1
    for row in [["id", "name", "kind", "flavor"]] + [[n, "Hero", "hero", "VISIBLE"] for n in
                                                     ("hero-ranger", "hero-smith", "hero-scholar", "hero-scout")]:
        shown.append(row)
        hidden.append([("HIDDEN" if value == "VISIBLE" else value) for value in row])
    path = fixture_project / XLSX_HEROES
    book.save(path)
    _use_xlsx(fixture_project, path.read_bytes())
    assert {card["flavor"] for card in _xlsx_cards(fixture_project).values()} == {"VISIBLE"}
    _use_xlsx(fixture_project, _raw_xlsx(_heroes_sheet(), state="hidden"))  # which no spreadsheet program saves
    assert _validate_errors(fixture_project) == [
        f"{XLSX_HEROES}:1:1: error [xlsx] every worksheet of the workbook is hidden ('Cards'); pnp reads the first "
        "visible sheet: unhide the deck's sheet (right-click a sheet tab, Unhide) and save"]


def test_reading_a_workbook_prints_no_library_warning(fixture_project):
    """openpyxl warned "Workbook contains no default style" (and more) on the user's terminal: a problem of a
    workbook is a diagnostic or nothing."""
    import warnings

    _use_xlsx(fixture_project, _raw_xlsx(_heroes_sheet(_inline("D2", "Quiet.")), styles="<fonts/>"))  # no cell formats
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        assert _xlsx_cards(fixture_project)["hero-ranger"]["flavor"] == "Quiet."
    assert [str(w.message) for w in said] == []


def test_alias_bombs_in_many_cells_share_one_budget_for_the_file(fixture_project, monkeypatch):
    """Each cell's YAML is read on its own, but the values they expand to are counted for the whole file: a thousand
    cells each under the budget stop where one file of them would, reported once, not after a thousand budgets."""
    from pnp.reading import source
    from pnp.reading.source import MAX_VALUES

    bomb = "[&a [x, x, x, x, x, x, x, x, x, x], &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a], " \
           "[*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]]"  # 1,234 values, 1,220 of them repeated by aliases
    built = []
    spend = source.ValueBudget.spend
    monkeypatch.setattr(source.ValueBudget, "spend", lambda self: built.append(1) or spend(self))
    _write_csv(fixture_project, HEADER + "".join(f'hero-{i},H,hero,1,1,T,"{bomb}",\n' for i in range(1000)))
    row = MAX_VALUES // 1220 + 2  # the header, then the cell that spends the last of the budget
    assert _validate_errors(fixture_project) == [
        f"{HEROES_CSV}:{row}:7: error [yaml] with this cell, the aliases in the file's cells repeat more than "
        f"{MAX_VALUES} values (aliases repeating aliases?); write the values out or use fewer aliases"]
    # the cells' repeated values stop at the budget; the game's other files repeat none
    assert len(built) == MAX_VALUES + 1


def test_a_plain_spreadsheet_of_every_row_and_column_spends_none_of_the_alias_budget(monkeypatch):
    """A plain 1,999 x 200 CSV, within the documented bounds and without an alias, was refused as "aliases repeating
    aliases?": every cell's value spent the file's budget. Only what aliases repeat spends it."""
    from pydantic import ConfigDict

    from pnp.core.limits import MAX_TABLE_COLUMNS, MAX_TABLE_ROWS
    from pnp.model import Card
    from pnp.reading import source
    from pnp.reading.tables import csv_table, table_source

    class OpenCard(Card):  # a card of any fields: every cell is read (an unknown column is no field otherwise)
        model_config = ConfigDict(extra="allow")

    spent = []
    spend = source.ValueBudget.spend
    monkeypatch.setattr(source.ValueBudget, "spend", lambda self: spent.append(1) or spend(self))
    header = ",".join(["id", "name", "kind"] + [f"x{i}" for i in range(MAX_TABLE_COLUMNS - 3)])
    row = ",".join(["v"] * (MAX_TABLE_COLUMNS - 3))
    data = header + "\n" + "".join(f"c{r},N,hero,{row}\n" for r in range(MAX_TABLE_ROWS - 1))
    deck, problems = table_source(csv_table(data.encode(), "plain.csv"), "plain", "Plain", OpenCard)
    assert problems == [] and len(deck.data["cards"]) == MAX_TABLE_ROWS - 1
    assert deck.data["cards"][-1][f"x{MAX_TABLE_COLUMNS - 4}"] == "v" and not spent


# -- export-deck ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_every_fixture_deck_goes_to_a_table_and_back_to_yaml_unchanged(fixture_project, fmt):
    for deck in ("heroes", "rooms"):
        before = _cards(fixture_project, FIXTURE_GAME, deck)
        table = _export(fixture_project, FIXTURE_GAME, deck, fmt)
        (fixture_project / GAME_DIR / f"decks/{deck}.{fmt}").write_bytes(table)
        _point_at(fixture_project, FIXTURE_GAME, f"decks/{deck}.yaml", f"decks/{deck}.{fmt}")
        assert _cards(fixture_project, FIXTURE_GAME, deck) == before
        back = _export(fixture_project, FIXTURE_GAME, deck, "yaml")
        (fixture_project / GAME_DIR / f"decks/{deck}-again.yaml").write_bytes(back)
        _point_at(fixture_project, FIXTURE_GAME, f"decks/{deck}.{fmt}", f"decks/{deck}-again.yaml")
        assert _cards(fixture_project, FIXTURE_GAME, deck) == before


@pytest.mark.parametrize("game_id", [g for g in REAL_GAMES if (ROOT / "content" / g / "decks").is_dir()])
def test_bundled_decks_go_to_csv_and_xlsx_and_back_without_loss(project, game_id):
    """Every deck a table can hold is exported in each format from the YAML game, and the game loaded again with
    all of them in that format must hold the same cards, deck by deck (one load per format: a game loads slowly)."""
    game, _ = discovery.load(project, game_id)
    before = {entry.id: _cards_of(game, entry.id) for entry in game.manifest.decks}
    converted = 0
    for fmt in ("csv", "xlsx"):
        moved = {}  # deck id -> (its YAML file, its file in this format)
        for entry in game.manifest.decks:
            try:
                table, _ = export_deck(game, game.decks[entry.id], fmt)
            except ExportError as exc:
                assert "suits and ranks" in str(exc)  # the only kind of bundled deck a table cannot hold
                continue
            new = f"{Path(entry.file).with_suffix('')}.{fmt}"
            (project / "content" / game_id / new).write_bytes(table)
            _point_at(project, game_id, entry.file, new)
            moved[entry.id] = (entry.file, new)
        loaded, problems = discovery.load(project, game_id)
        assert loaded is not None and not [p for p in problems if p.severity == "error"], [p.format() for p in problems]
        for deck_id in moved:
            assert _cards_of(loaded, deck_id) == before[deck_id], (deck_id, fmt)
        for old, new in moved.values():
            _point_at(project, game_id, new, old)
        converted += len(moved)
    assert converted >= 2


def test_a_deck_with_values_a_table_cannot_hold_says_so(fixture_project):
    deck = fixture_project / GAME_DIR / "decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("    text: Treasures cost you 1 coin less.\n",
                                             "    text: Treasures cost you 1 coin less.\n    art: ''\n", 1))
    game, problems = discovery.load(fixture_project, FIXTURE_GAME)
    with pytest.raises(ExportError, match=r"deck 'heroes' has values a table cannot hold .*card 'hero-smith': art"):
        export_deck(game, game.decks["heroes"], "csv")
    result = runner.invoke(app, ["export-deck", FIXTURE_GAME, "heroes", "--format", "csv"])
    assert result.exit_code == 1 and "card 'hero-smith': art" in result.output


def test_a_text_longer_than_a_cell_holds_is_named_by_card_and_field(fixture_project):
    """openpyxl cuts a text at Excel's 32,767 characters without a word: a 40,003-character lore came out of an
    XLSX export as 32,767, exit 0. The export says which card and field instead; CSV holds it whole."""
    manifest = fixture_project / GAME_DIR / "game.yaml"
    manifest.write_text(manifest.read_text().replace("card_fields:\n", "card_fields:\n  lore: {type: text, description: "
                                                     "background story}\n", 1))
    lore = "word " * 8000 + "END"
    deck = fixture_project / GAME_DIR / "decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("    text: Treasures cost you 1 coin less.\n",
                                             f"    text: Treasures cost you 1 coin less.\n    lore: {lore}\n", 1))
    result = runner.invoke(app, ["export-deck", FIXTURE_GAME, "heroes", "--format", "xlsx"])
    assert result.exit_code == 1
    assert ("deck 'heroes', card 'hero-smith': lore holds 40,003 characters, more than one cell of XLSX holds (32,767); "
            "keep the deck in YAML, or shorten it") in result.output
    assert not (fixture_project / "output" / "decks").exists()
    (fixture_project / HEROES_CSV).write_bytes(_export(fixture_project, FIXTURE_GAME, "heroes", "csv"))
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.csv")
    assert _written_lore(fixture_project) == lore


def _written_lore(root: Path) -> str:
    game, problems = discovery.load(root, FIXTURE_GAME)
    assert not [p for p in problems if p.severity == "error"], [p.format() for p in problems]
    return next(card for card in game.decks["heroes"].source.data["cards"] if card["id"] == "hero-smith")["lore"]


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_an_export_reads_back_the_bytes_it_writes(fixture_project, monkeypatch, fmt):
    """The round trip compared the rows the export meant to write, not the file: whatever the writer changes (a
    cut text, a library's quirk) is caught by reading back the very bytes that go to the file."""
    from pnp.content import deck_export

    writer = "_csv_bytes" if fmt == "csv" else "_fixed_zip"  # the CSV text; the XLSX zip, as it is finally written
    real = getattr(deck_export, writer)
    monkeypatch.setattr(deck_export, writer, lambda *args: _renamed(real(*args), b"Smith", b"Smyth"))
    with pytest.raises(ExportError, match=r"card 'hero-smith': name"):
        _export(fixture_project, FIXTURE_GAME, "heroes", fmt)


def _renamed(data: bytes, old: bytes, new: bytes) -> bytes:
    """A file's bytes with a word changed: in the text of a CSV, or in each part of an XLSX zip."""
    if not data.startswith(b"PK"):
        return data.replace(old, new)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for member in source.infolist():
            target.writestr(member, source.read(member).replace(old, new))
    return out.getvalue()


def test_an_xlsx_export_keeps_a_text_that_looks_like_an_escaped_character(fixture_project):
    """A text holding _x0041_ is written _x005F_x0041_, as Excel writes it, so it reads back as written, not as A."""
    deck = fixture_project / GAME_DIR / "decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("text: Treasures cost you 1 coin less.", "text: Costs _x0041_ less.", 1))
    (fixture_project / GAME_DIR / "decks/heroes.xlsx").write_bytes(_export(fixture_project, FIXTURE_GAME, "heroes", "xlsx"))
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.xlsx")
    assert _xlsx_cards(fixture_project)["hero-smith"]["text"] == "Costs _x0041_ less."


def test_a_suited_deck_stays_yaml():
    result = runner.invoke(app, ["export-deck", "escape-master", "game", "--format", "csv", "--root", str(ROOT)])
    assert result.exit_code == 1
    assert "makes its cards from suits and ranks" in result.output


def test_export_deck_writes_through_the_atomic_writer_and_refuses_links(fixture_project):
    result = runner.invoke(app, ["export-deck", FIXTURE_GAME, "rooms", "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("id,name,kind,power,count,art,text,flavor,on_reveal,back.name")
    result = runner.invoke(app, ["export-deck", FIXTURE_GAME, "rooms", "--format", "xlsx"])
    assert result.exit_code == 0, result.output
    written = fixture_project / "output" / "decks" / FIXTURE_GAME / "rooms.xlsx"
    sheet = load_workbook(written).active
    assert sheet.title == "Cards" and sheet["A2"].value == "crypt" and sheet["E2"].value == 2
    first = written.read_bytes()
    runner.invoke(app, ["export-deck", FIXTURE_GAME, "rooms", "--format", "xlsx"])
    assert written.read_bytes() == first  # no clock in the file: the same deck, the same bytes
    (fixture_project / "elsewhere.csv").write_text("keep me")
    (fixture_project / "link.csv").symlink_to(fixture_project / "elsewhere.csv")
    result = runner.invoke(app, ["export-deck", FIXTURE_GAME, "rooms", "--format", "csv", "--out", "link.csv"])
    assert result.exit_code == 2 and "never replaces" in result.output
    assert (fixture_project / "elsewhere.csv").read_text() == "keep me"


def test_export_deck_names_an_unknown_deck(fixture_project):
    result = runner.invoke(app, ["export-deck", FIXTURE_GAME, "heros", "--format", "yaml"])
    assert result.exit_code == 2 and "did you mean 'heroes'" in result.output


def test_an_xlsx_export_keeps_a_text_that_starts_with_an_equals_sign_as_text(fixture_project):
    deck = fixture_project / GAME_DIR / "decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("text: Treasures cost you 1 coin less.", "text: '=1+1 coins'", 1))
    path = fixture_project / GAME_DIR / "decks/heroes.xlsx"
    path.write_bytes(_export(fixture_project, FIXTURE_GAME, "heroes", "xlsx"))
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.xlsx")
    cards = {card["id"]: card for card, _ in _cards(fixture_project, FIXTURE_GAME, "heroes")}
    assert cards["hero-smith"]["text"] == "=1+1 coins"


FORMULAS = ["=HYPERLINK(\"http://example.com\",\"click\")", "+1+1", "-2+3 coins", "@SUM(A1)", "'=quoted", "''tis",
            "'tis the season", "＝1+1"]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_csv_export_marks_a_formula_leading_text_as_text_and_reads_it_back_as_written(fixture_project, text):
    """CSV injection: a text a spreadsheet program would run as a formula is written after an apostrophe (OWASP's
    advice), which the program takes as a mark of text; pnp reads the cell without it, so nothing is lost."""
    deck = fixture_project / GAME_DIR / "decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("text: Treasures cost you 1 coin less.", f"text: {json.dumps(text)}", 1))
    result = runner.invoke(app, ["export-deck", FIXTURE_GAME, "heroes", "--format", "csv"])
    assert result.exit_code == 0, result.output
    cells = [cell for row in csv.reader(io.StringIO(result.stdout)) for cell in row]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r", "＝"))], cells
    guarded = not text.startswith("'t")
    assert (f"'{text}" if guarded else text) in cells
    assert ("start with an apostrophe" in result.stderr) == guarded
    (fixture_project / HEROES_CSV).write_text(result.stdout)
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.csv")
    cards = {card["id"]: card for card, _ in _cards(fixture_project, FIXTURE_GAME, "heroes")}
    assert cards["hero-smith"]["text"] == text


def test_a_line_break_in_a_cell_as_windows_writes_it_is_a_line_break(fixture_project):
    """Spreadsheets saved on Windows end lines inside a quoted cell with CR LF: that is a line break, not a
    control character."""
    (fixture_project / HEROES_CSV).write_bytes((HEADER + GOOD_ROWS.replace("Look first.", '"Look\r\nfirst."')).encode())
    _point_at(fixture_project, FIXTURE_GAME, "decks/heroes.yaml", "decks/heroes.csv")
    cards = {card["id"]: card for card, _ in _cards(fixture_project, FIXTURE_GAME, "heroes")}
    assert cards["hero-ranger"]["text"] == "Look\nfirst."


def test_an_xlsx_export_holds_no_clock_even_where_openpyxl_stamps_one(monkeypatch):
    """openpyxl writes the time of saving into docProps/core.xml whatever the workbook says: the export puts the
    fixed time back, so exports a second apart are the same bytes."""
    import datetime
    import types

    import openpyxl.writer.excel

    later = datetime.datetime(2031, 7, 9, 12, 0, 0)
    clock = types.SimpleNamespace(datetime=types.SimpleNamespace(now=lambda tz=None: later), timezone=datetime.timezone)
    monkeypatch.setattr(openpyxl.writer.excel, "datetime", clock)
    game, _ = discovery.load(fixture_root(), FIXTURE_GAME)
    data, _ = export_deck(game, game.decks["rooms"], "xlsx")
    core = zipfile.ZipFile(io.BytesIO(data)).read("docProps/core.xml").decode()
    assert "2031" not in core and "2000-01-01T00:00:00Z</dcterms:modified>" in core
