"""Decks kept in CSV and XLSX files (pnp.tables) and `pnp export-deck` (pnp.deck_export): the same cards, checks
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

from pnp import discovery
from pnp.build import build
from pnp.cli import app
from pnp.deck_export import ExportError, export_deck
from pnp.validate import validate

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
    built, report = build(fixture_project, FIXTURE_GAME, tmp_path / "yaml")
    assert built is not None, report.to_text()
    _tables(fixture_project)
    for deck in ("heroes", "rooms"):
        assert _cards(fixture_project, FIXTURE_GAME, deck) == yaml_cards[deck]
    again, report = build(fixture_project, FIXTURE_GAME, tmp_path / "tables")
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
        f"{HEROES_CSV}:1:8: error [unknown-key] 'colour' is not a known key here; allowed keys: art, "
        "back, cost, count, difficulty, effects, flavor, id, kind, name, on_reveal, power, rank, suit, text",
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
        f"{where}H1: error [unknown-key] 'colour' is not a known key here; allowed keys: art, back, cost, count, "
        "difficulty, effects, flavor, id, kind, name, on_reveal, power, rank, suit, text",
        f"{where}D3: error [type] cost: input should be a valid integer (got 'lots')",
        f"{where}A4: error [missing-key] required key 'name' is missing; add it",
        f"{where}D5: error [type] cost: input should be a valid integer (got 2.5)",
    ]
    as_json = json.loads(report.to_json())
    assert as_json[1] | {"message": ""} == {"path": "content/pocket-dungeon/decks/heroes.xlsx", "line": 3, "col": 4,
                                             "code": "type", "message": "", "severity": "error",
                                             "cell": "'My heroes'!D3"}


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
    from pnp.tables import MAX_COLUMNS, MAX_ROWS

    _write_csv(fixture_project, HEADER + "hero-x,X,hero\n" * MAX_ROWS)
    assert _validate_errors(fixture_project) == [f"{HEROES_CSV}:{MAX_ROWS + 1}:1: error [too-large] more than "
                                                 f"{MAX_ROWS} rows; a deck has at most {MAX_ROWS - 1} cards, so split it"]
    _write_csv(fixture_project, HEADER + ",".join(["x"] * (MAX_COLUMNS + 1)) + "\n")
    assert _validate_errors(fixture_project) == [f"{HEROES_CSV}:2:{MAX_COLUMNS + 1}: error [too-large] more than "
                                                 f"{MAX_COLUMNS} columns; remove the extra cells"]


def test_an_xlsx_that_unpacks_too_large_is_refused_before_it_is_opened(fixture_project):
    from pnp.tables import MAX_UNPACKED_BYTES

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


def test_alias_bombs_in_many_cells_share_one_budget_for_the_file(fixture_project, monkeypatch):
    """Each cell's YAML is read on its own, but the values they expand to are counted for the whole file: a thousand
    cells each under the budget stop where one file of them would, reported once, not after a thousand budgets."""
    from pnp import source
    from pnp.source import MAX_VALUES

    bomb = "[&a [x, x, x, x, x, x, x, x, x, x], &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a], " \
           "[*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]]"  # 1,234 values
    built = []
    spend = source.ValueBudget.spend
    monkeypatch.setattr(source.ValueBudget, "spend", lambda self: built.append(1) or spend(self))
    _write_csv(fixture_project, HEADER + "".join(f'hero-{i},H,hero,1,1,T,"{bomb}",\n' for i in range(1000)))
    row = MAX_VALUES // 1234 + 2  # the header, then the cell that spends the last of the budget
    assert _validate_errors(fixture_project) == [
        f"{HEROES_CSV}:{row}:7: error [yaml] with this cell, the file's cells expand to more than {MAX_VALUES} values "
        "(aliases repeating aliases?); write the values out or use fewer aliases"]
    # the cells' values stop at the budget; the game's other files add about a thousand (a budget of their own each)
    assert MAX_VALUES < len(built) < MAX_VALUES + 10_000


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
