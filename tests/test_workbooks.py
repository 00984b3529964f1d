"""A designer's own workbook read as it is kept (game.yaml's `table:`, pnp.reading.tables.TableReading): six sheets,
a deck on each of two, the designer's column names (capitals, spaces), a title row above the header, notes and
balance columns computed by formulas, an Include column. It validates and builds as the same cards the YAML decks
hold; each mistake in it or in its settings is one diagnostic at its place (game.yaml's line, or the sheet's cell),
saying what to do, exit 1, no traceback."""
import io
import re
import zipfile
from pathlib import Path

import yaml
from helpers import FIXTURE_GAME
from openpyxl import Workbook
from typer.testing import CliRunner

from pnp.build.game import BuildTarget, build
from pnp.checks.validate import validate
from pnp.cli import app
from pnp.content import discovery
from pnp.content.deck_export import export_deck

runner = CliRunner()
GAME_DIR = Path("content") / FIXTURE_GAME
BOOK = "decks/dungeon.xlsx"
SHOWN = f"content/{FIXTURE_GAME}/{BOOK}"

HEROES = [  # the fixture's heroes, as a designer keeps them, with a card cut (qty 0) and one left out (Include: no)
    ["Card ID", "Title", "Type", "Qty", "Cost", "Power", "Rules Text", "On Reveal", "Colour", "Notes",
     "Balance Score", "Include"],
    ["hero-ranger", "Ranger", "hero", 1, 3, 4, "Once per turn, **look at the top room card before you enter it**.",
     "[{DRAW: 1}]", None, "strong? watch in playtests", "=E3*2+F3", "yes"],
    ["hero-smith", "Smith", "hero", 1, 2, 3, "Treasures cost you 1 coin less.", "[{GAIN_COINS: 2}]", None, None,
     "=E4*2+F4", "Yes"],
    ["hero-bard", "Bard", "minstrel", 1, 9, 9, None, None, None, "cut in v1.1", "=E5*2+F5", "no"],
    ["hero-scholar", "Scholar", "hero", 1, 1, 2, "When you draw rooms, draw one more and put one back on top.",
     "[{DRAW: 2}]", None, None, "=E6*2+F6", "YES"],
    ["hero-monk", "Monk", "hero", 0, 1, 1, "Not in this version.", None, None, "qty 0: kept for later", "=E7*2+F7",
     "yes"],
    ["hero-scout", "Scout", "hero", 1, 2, 3, "You may leave a trapped room without its trap springing.",
     "[{GAIN_COINS: 1}]", "red", None, "=E8*2+F8", "yes"],
]
ROOMS = [  # the fixture's rooms: ids made from the titles, the backs under their own names, a flavour formula
    ["Title", "Type", "Qty", "Power", "Art", "Rules Text", "Flavour Text", "On Reveal", "Colour", "Back Title",
     "Back Type", "Back Cost", "Back Text", "Back On Reveal", "Designer Notes", "Balance (avg)", "Include"],
    ["Crypt", "room", 2, 3, "art/crypt.png", "Beat power 3 to loot the crypt and turn the card over.",
     '=IF(A3="Crypt","Nobody sleeps well down here.","")', "[{GAIN_COINS: 1}]", None, "Silver Crown", "treasure", 4,
     "Worth 4 coins at the end of the game.", "[{GAIN_COINS: 4}]", "the crypt is the showcase", "=D3+L3", "yes"],
    ["Library", "room", 2, 2, None, "Beat power 2 to read the shelves, then turn the card over.",
     '=IF(A4="Crypt","Nobody sleeps well down here.","")', None, None, "Map Fragment", "treasure", 2,
     "Worth 2 {coin}; draw a room card now.", "[{DRAW: 1}]", None, "=D4+L4", "yes"],
    ["Treasure Vault", "vault", 1, 9, None, "An idea for later.", None, None, None, None, None, None, None, None,
     "needs a layout first", "=D5+L5", None],
    ["Armoury", "room", 2, 4, None, "Beat power 4 to arm yourself, then turn the card over.",
     '=IF(A6="Crypt","Nobody sleeps well down here.","")', None, None, "Old Blade", "treasure", 3,
     "Your hero has 1 more power while it holds the blade.", "[{GAIN_COINS: 1}]", None, "=D6+L6", "yes"],
    ["Pit Trap", "trap", 2, 2, None, "When you enter, the trap springs before you fight.", None, "[SPRING_TRAP]",
     "red", None, None, None, None, None, None, "=D7", "yes"],
]
# What the designer's spreadsheet program saved for each formula (pnp never calculates one)
SAVED = {
    "Heroes": {"K3": ("n", "10"), "K4": ("n", "7"), "K5": ("n", "27"), "K6": ("n", "4"), "K7": ("n", "3"),
               "K8": ("n", "7")},
    "Rooms": {"G3": ("str", "Nobody sleeps well down here."), "G4": ("str", ""), "G6": ("str", ""),
              "P3": ("n", "7"), "P4": ("n", "4"), "P5": ("n", "9"), "P6": ("n", "7"), "P7": ("n", "2")},
    "Balance": {"B2": ("n", "10"), "B3": ("n", "7"), "B4": ("n", "8.5")},
}

TABLES = """
  - id: heroes
    file: decks/dungeon.xlsx
    count: 4
    composition: {hero: 4}
    table:
      sheet: heroes
      header_row: 2
      columns: {card id: id, Title: name, Type: kind, "Rules Text": text, "On Reveal": on_reveal, Colour: difficulty}
      ignore: [Notes, "Balance*"]
      copies: Qty
      include: {column: Include, equals: yes}
  - id: rooms
    file: decks/dungeon.xlsx
    count: 8
    composition: {room: 6, trap: 2}
    table:
      sheet: Rooms
      header_row: 2
      columns: {Title: name, Type: kind, Qty: count, "Rules Text": text, "Flavour Text": flavor,
                "On Reveal": on_reveal, Colour: difficulty, "Back Title": back.name, "Back Type": back.kind,
                "Back Cost": back.cost, "Back Text": back.text, "Back On Reveal": back.on_reveal}
      ignore: ["* Notes", "balance (*"]
      id_from: Title
      include: {column: Include, equals: [yes, y]}
"""


def _workbook(path: Path, heroes=HEROES, rooms=ROOMS) -> None:
    """The workbook as a designer keeps it, with the values their spreadsheet program saved for its formulas."""
    book = Workbook()
    cover = book.active
    cover.title = "Cover"
    cover["A1"], cover["A3"] = "Pocket Dungeon", "Cards for the printer: edit Heroes and Rooms, never this sheet."
    for title, rows in (("Heroes", heroes), ("Rooms", rooms)):
        sheet = book.create_sheet(title)
        sheet["A1"] = f"Pocket Dungeon - {title} (v1.2, balance pass 3)"
        for r, row in enumerate(rows, 2):
            for c, value in enumerate(row, 1):
                if value is not None:
                    sheet.cell(row=r, column=c, value=value)
    balance = book.create_sheet("Balance")
    balance.append(["Hero", "Score"])
    for r, hero in enumerate(("Ranger", "Smith"), 2):
        balance.append([hero, f"=Heroes!K{r + 1}"])
    balance.append(["Average", "=AVERAGE(B2:B3)"])
    lookup = book.create_sheet("Lookup")
    for kind in ("hero", "room", "trap", "treasure"):
        lookup.append([kind])
    notes = book.create_sheet("Changelog")
    notes.append(["1.2", "Scout costs 2; the Bard is cut."])
    book.save(path)
    _with_saved_values(path, {book.sheetnames.index(name) + 1: cells for name, cells in SAVED.items()})


def _with_saved_values(path: Path, saved: dict[int, dict[str, tuple[str, str]]]) -> None:
    """Each formula cell as a spreadsheet program saves it: the formula and the value it calculated, of its type
    (<c r="G4" t="str"><f>...</f><v></v></c> for an empty text). openpyxl writes formulas with no value."""
    out = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w") as target:
        for member in source.infolist():
            data = source.read(member)
            match = re.fullmatch(r"xl/worksheets/sheet(\d+)\.xml", member.filename)
            if match and int(match.group(1)) in saved:
                text = data.decode()
                for ref, (kind, value) in saved[int(match.group(1))].items():
                    start = text.index(f'<c r="{ref}"')
                    formula = text[text.index("<f>", start):text.index("</f>", start) + 4]
                    end = text.index("</c>", start)
                    text = text[:start] + f'<c r="{ref}" t="{kind}">{formula}<v>{value}</v>' + text[end:]
                data = text.encode()
            target.writestr(member, data)
    path.write_bytes(out.getvalue())


def _use_workbook(root: Path, tables: str = TABLES, **rows) -> None:
    """The workbook in the game, and game.yaml's heroes and rooms read from it."""
    _workbook(root / GAME_DIR / BOOK, **rows)
    manifest = root / GAME_DIR / "game.yaml"
    text = manifest.read_text()
    start, end = text.index("  - id: heroes\n"), text.index("  - id: relics\n")
    manifest.write_text(text[:start] + tables.lstrip("\n") + text[end:])


def _cards(root: Path, deck_id: str) -> list:
    game, problems = discovery.load(root, FIXTURE_GAME)
    assert not [p for p in problems if p.severity == "error"], [p.format() for p in problems]
    return [(r.card.model_dump(), r.back.model_dump() if r.back else None) for r in game.decks[deck_id].cards]


def _errors(root: Path) -> list[str]:
    _, report = validate(root, FIXTURE_GAME)
    return [d.format() for d in report.sorted() if d.severity == "error"]


def _cli_errors(*args: str) -> list[str]:
    """What `pnp validate` prints for the game: its exit code is 1, and it prints no traceback."""
    result = runner.invoke(app, ["validate", FIXTURE_GAME, *args])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    return [line for line in result.output.splitlines() if ": error [" in line]


# -- the designer's workbook builds as it is kept ------------------------------------------------------------


def test_a_designers_workbook_validates_and_builds_as_the_same_cards_as_the_yaml_decks(fixture_project, tmp_path):
    yaml_cards = {deck: _cards(fixture_project, deck) for deck in ("heroes", "rooms")}
    built, report = build(BuildTarget(fixture_project, FIXTURE_GAME, tmp_path / "yaml"))
    assert built is not None, report.to_text()
    _use_workbook(fixture_project)
    for deck in ("heroes", "rooms"):
        assert _cards(fixture_project, deck) == yaml_cards[deck]
    result = runner.invoke(app, ["validate", FIXTURE_GAME])
    assert result.exit_code == 0, result.output
    again, report = build(BuildTarget(fixture_project, FIXTURE_GAME, tmp_path / "workbook"))
    assert again is not None and report.ok and not report.diagnostics, report.to_text()
    assert again.files == built.files
    for name in built.files:
        assert (again.out_dir / name).read_bytes() == (built.out_dir / name).read_bytes(), name
    result = runner.invoke(app, ["build", FIXTURE_GAME])
    assert result.exit_code == 0, result.output


def test_a_workbook_deck_exports_in_pnps_own_field_names_and_says_so(fixture_project):
    _use_workbook(fixture_project)
    game, _ = discovery.load(fixture_project, FIXTURE_GAME)
    data, notes = export_deck(game, game.decks["rooms"], "csv")
    header = data.decode().splitlines()[0].split(",")
    assert header[:4] == ["name", "kind", "count", "power"] and "id" in header and "back.name" in header
    assert "Include" not in header and "Designer Notes" not in header
    assert any("pnp's own field names" in note for note in notes)
    exported = yaml.safe_load(export_deck(game, game.decks["heroes"], "yaml")[0])
    assert [card["id"] for card in exported["cards"]] == ["hero-ranger", "hero-smith", "hero-scholar", "hero-scout"]


def test_the_same_settings_read_a_csv_file(fixture_project):
    """header_row, columns, ignore, copies, id_from and include read a CSV deck alike."""
    _use_workbook(fixture_project)
    yaml_rooms = _cards(fixture_project, "rooms")
    rows = [["Rooms of Pocket Dungeon"]] + [["" if v is None else v for v in row] for row in ROOMS]
    flavors = {"Crypt": "Nobody sleeps well down here."}
    for row in rows[2:]:
        row[6] = flavors.get(row[0], "")
        row[15] = "7"
    import csv
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    (fixture_project / GAME_DIR / "decks/rooms.csv").write_text(out.getvalue())
    manifest = fixture_project / GAME_DIR / "game.yaml"
    text = manifest.read_text()
    rooms = text.index("  - id: rooms\n")
    rooms_entry = text[rooms:].replace("file: decks/dungeon.xlsx", "file: decks/rooms.csv", 1)
    manifest.write_text(text[:rooms] + rooms_entry.replace("      sheet: Rooms\n", "", 1))
    assert _cards(fixture_project, "rooms") == yaml_rooms
    manifest.write_text(text[:rooms] + rooms_entry)
    assert _cli_errors() == [f"content/{FIXTURE_GAME}/game.yaml:30:7: error [sheet] a CSV file holds one table and no "
                             "sheets; remove sheet: (or point file: at the .xlsx workbook)"]


# -- each mistake: one diagnostic at its place, saying what to do --------------------------------------------


def _with(old: str, new: str) -> str:
    assert old in TABLES
    return TABLES.replace(old, new, 1)


def test_a_misspelt_sheet_is_one_diagnostic_at_its_setting(fixture_project):
    _use_workbook(fixture_project, _with("sheet: Rooms", "sheet: Romos"))
    assert _cli_errors() == [
        f"content/{FIXTURE_GAME}/game.yaml:30:14: error [sheet] {SHOWN} has no sheet 'Romos'; did you mean 'Rooms'? "
        "its sheets are 'Cover', 'Heroes', 'Rooms', 'Balance', 'Lookup', 'Changelog'"]


def test_a_mapped_column_the_sheet_lacks_is_one_diagnostic_with_the_nearest_name(fixture_project):
    _use_workbook(fixture_project, _with('"Flavour Text": flavor', '"Flavor Text": flavor'))
    assert _cli_errors() == [
        f"content/{FIXTURE_GAME}/game.yaml:32:74: error [column] column 'Flavor Text' is not in the header row (row 2) "
        f"of {SHOWN} sheet 'Rooms'; did you mean 'Flavour Text'? its columns are 'Title', 'Type', 'Qty', 'Power', "
        "'Art', 'Rules Text', 'Flavour Text', 'On Reveal', 'Colour', 'Back Title', 'Back Type', 'Back Cost', ..."]


def test_a_column_neither_mapped_known_nor_ignored_says_to_map_or_ignore_it(fixture_project):
    _use_workbook(fixture_project, _with('ignore: ["* Notes", "balance (*"]', 'ignore: ["balance (*"]'))
    assert _cli_errors() == [
        f"{SHOWN}:Rooms!O2: error [unknown-key] column 'Designer Notes' is not a card field; map it to a card field "
        "in game.yaml (table: columns: {Designer Notes: FIELD}; the fields are art, back, cost, count, difficulty, "
        "effects, flavor, id, kind, name, on_reveal, power, rank, suit, text), or leave it out (table: ignore: "
        "[Designer Notes])"]


def test_a_mapped_field_the_card_lacks_is_one_diagnostic_at_the_map(fixture_project):
    _use_workbook(fixture_project, _with('"Rules Text": text, "Flavour', '"Rules Text": txet, "Flavour'))
    assert _cli_errors() == [
        f"content/{FIXTURE_GAME}/game.yaml:32:68: error [unknown-key] 'txet' is not a card field; did you mean "
        "'text'? the fields are art, back, cost, count, difficulty, effects, flavor, id, kind, name, on_reveal, power, "
        "rank, suit, text"]


def test_two_rows_making_one_id_are_one_diagnostic_naming_both_cells(fixture_project):
    rooms = [list(row) for row in ROOMS]
    rooms[4][0] = "LIBRARY"  # Armoury, renamed: its id would be the library's
    rooms[4][5] = "Another library."
    _use_workbook(fixture_project, rooms=rooms)
    assert _cli_errors() == [
        f"{SHOWN}:Rooms!A6: error [duplicate-id] the id 'library' made from this cell is already the id of the card at "
        "Rooms!A4; give one of the two rows an id of its own in an id column, or tell their Title apart"]


def test_a_filter_column_the_sheet_lacks_is_one_diagnostic_at_its_setting(fixture_project):
    _use_workbook(fixture_project, _with("include: {column: Include, equals: [yes, y]}",
                                         "include: {column: Included, equals: [yes, y]}"))
    assert _cli_errors() == [
        f"content/{FIXTURE_GAME}/game.yaml:37:25: error [column] column 'Included' is not in the header row (row 2) "
        f"of {SHOWN} sheet 'Rooms'; did you mean 'Include'? its columns are 'Title', 'Type', 'Qty', 'Power', 'Art', "
        "'Rules Text', 'Flavour Text', 'On Reveal', 'Colour', 'Back Title', 'Back Type', 'Back Cost', ..."]


def test_a_bad_value_in_a_mapped_column_is_at_the_designers_cell(fixture_project):
    rooms = [list(row) for row in ROOMS]
    rooms[2][3] = "strong"  # the library's power, D4
    _use_workbook(fixture_project, rooms=rooms)
    assert _cli_errors() == [f"{SHOWN}:Rooms!D4: error [type] power: input should be a valid integer (got 'strong')"]


def test_an_error_a_formula_saved_in_an_ignored_column_is_none_of_the_decks(fixture_project):
    """A balance column whose formula saved #DIV/0! (or no value at all) is ignored, so it stops nothing; the same in a
    column the deck reads is an error at its cell."""
    _use_workbook(fixture_project)
    path = fixture_project / GAME_DIR / BOOK
    _with_saved_values(path, {3: {"P4": ("e", "#DIV/0!")}})
    assert _errors(fixture_project) == []
    _with_saved_values(path, {3: {"G4": ("e", "#REF!")}})
    assert _cli_errors() == [f"{SHOWN}:Rooms!G4: error [formula] the formula's saved value is the error #REF!; fix "
                             "the formula and save"]


def test_a_header_row_with_no_cells_is_one_diagnostic_at_its_setting(fixture_project):
    _use_workbook(fixture_project, _with("      sheet: Rooms\n      header_row: 2", "      sheet: Rooms\n      header_row: 9"))
    assert _cli_errors() == [
        f"content/{FIXTURE_GAME}/game.yaml:31:19: error [header-row] row 9 of {SHOWN} sheet 'Rooms' is empty (its "
        "first row with cells is row 1); header_row is the row of column names"]


def test_a_table_setting_on_a_yaml_deck_is_an_error(fixture_project):
    manifest = fixture_project / GAME_DIR / "game.yaml"
    text = manifest.read_text()
    manifest.write_text(text.replace("    file: decks/heroes.yaml\n", "    file: decks/heroes.yaml\n    table: {header_row: 2}\n", 1))
    assert _cli_errors() == [f"content/{FIXTURE_GAME}/game.yaml:16:5: error [table] table: says how a spreadsheet deck "
                             "(.csv or .xlsx) is read, and 'decks/heroes.yaml' is YAML; remove table:"]
