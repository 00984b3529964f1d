"""Decks kept in a spreadsheet: a CSV or XLSX file read into the same `Source` a YAML deck gives.

One row a card, under a header row of field names:

    id,name,kind,count,cost,on_reveal,back.name,back.cost
    crypt,Crypt,room,2,,[{GAIN_COINS: 1}],Silver Crown,4

- a dotted name is a nested key (`back.name` is `back: {name: ...}`, `ability.text` is `ability: {text: ...}`);
- a field the card model types as a list or a mapping (effects, say) holds a short YAML flow value in one
  cell (`[DRAW: 1]` is not that: write `[{DRAW: 1}]`, or `[SPRING_TRAP]`);
- an empty cell is "not set", exactly as leaving the key out of a YAML card;
- the model decides what a cell means: `3` is the number 3 under a field that wants a whole number and the
  text "3" under one that wants text, as YAML values are checked by the same model.

The result is `{"deck": id, "name": name, "cards": [...]}` with positions at the cells: a value at its cell,
a whole card at its row's first cell, a key at its header cell. Diagnostics then name `file.csv:ROW:COL`, or
`file.xlsx:Sheet!C12` (Source.sheet). A spreadsheet is untrusted like any content: bounded in bytes, rows,
columns, dotted depth and (XLSX, pnp.reading.xlsx) unpacked size, XML elements and text; NUL bytes and bad encoding are
diagnostics; formulas are never calculated (an XLSX keeps the value its program last calculated; a formula without
one, or one whose saved value is an error like #REF!, is a diagnostic). An XLSX deck is its first visible sheet.

A designer's own spreadsheet is read as it is kept through game.yaml's `table:` (TableReading): the sheet, the header
row under a title, a map from the designer's column names to card fields (any case), columns to ignore, a copies
column, ids made from another column, and a filter of rows. A mistake in those settings is reported at its line in
game.yaml (TableReading.setting); a mistake in the sheet at its cell, a mapped column's at the designer's cell.
"""
from __future__ import annotations

import csv
import datetime
import enum
import fnmatch
import io
import json
import re
import types
import typing
import unicodedata
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from pnp.core.diagnostics import Diagnostic, hidden_character, hidden_character_message, nearest, relative
from pnp.core.limits import MAX_DEPTH, MAX_FILE_BYTES
from pnp.core.limits import MAX_TABLE_COLUMNS as MAX_COLUMNS
from pnp.core.limits import MAX_TABLE_ROWS as MAX_ROWS
from pnp.reading.source import Source, SourceError, TooManyValues, ValueBudget, parse, read_bytes
from pnp.reading.xlsx import NoSuchSheet, WorkbookError, read_deck_sheet

TABLE_SUFFIXES = (".csv", ".xlsx")
DELIMITERS = ",;\t"  # a spreadsheet program saving CSV in some languages writes ; between cells


def is_table(name: str) -> bool:
    return name.lower().endswith(TABLE_SUFFIXES)


def deck_name(deck_id: str) -> str:
    """A spreadsheet deck's name when game.yaml gives none: its id in words (heroes -> Heroes)."""
    return deck_id.replace("-", " ").title()


# -- reading cells -------------------------------------------------------------------------------------------


class Table:
    """Rows of raw cell values with their 1-based row numbers, and where diagnostics about the file point."""

    def __init__(self, path: str, sheet: str | None = None):
        self.path, self.sheet, self.rows = path, sheet, []
        self.problems: list[Diagnostic] = []
        # problems of single cells the workbook reader found (row, col, code, message): reported once the header
        # says which cells make the deck (a formula error in an ignored balance column is none of pnp's business)
        self.cell_problems: list[tuple[int, int, str, str]] = []
        self.source = Source(path, None, {(): (1, 1)}, sheet)
        self.budget = ValueBudget()  # the values the YAML of all its cells may expand to: one file, one budget

    def problem(self, row: int, col: int, code: str, message: str) -> None:
        self.problems.append(Diagnostic(self.path, row, col, code, message, "error", self.source.cell(row, col)))

    def fail(self, row: int, col: int, code: str, message: str):
        self.problem(row, col, code, message)
        return SourceError(self.problems)


def _csv_table(path: Path, within: Path) -> Table:
    return csv_table(read_bytes(path, within), relative(path))


def csv_table(data: bytes, shown: str) -> Table:
    table = Table(shown)
    if b"\x00" in data:
        before = data[:data.index(b"\x00")]
        raise table.fail(before.count(b"\n") + 1, 1, "encoding", "the file holds NUL bytes, so it is not a CSV text "
                         "file; save it again as CSV (UTF-8)")
    try:
        text = data.decode("utf-8-sig")  # a spreadsheet program's "CSV UTF-8" starts with a byte order mark
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        raise table.fail(before.count(b"\n") + 1, 1, "encoding", f"not UTF-8 text ({exc.reason}); save the file as "
                         "CSV UTF-8")
    first_line = text.split("\n", 1)[0]
    delimiter = max(DELIMITERS, key=first_line.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        for number, cells in enumerate(reader, 1):
            if number > MAX_ROWS:
                raise table.fail(number, 1, "too-large", f"more than {MAX_ROWS} rows; a deck has at most "
                                 f"{MAX_ROWS - 1} cards, so split it")
            if len(cells) > MAX_COLUMNS:
                raise table.fail(number, MAX_COLUMNS + 1, "too-large", f"more than {MAX_COLUMNS} columns; remove the "
                                 "extra cells")
            table.rows.append((number, [as_written(cell) for cell in cells]))
    except csv.Error as exc:  # an unclosed quote, a cell over csv's size limit
        raise table.fail(reader.line_num or 1, 1, "csv", f"{exc}; check the quotes in this row")
    return table


# A text starting with one of these is run as a formula by a spreadsheet program that opens a CSV file (OWASP's
# "CSV injection"; the full-width forms are read so too by some): pnp.content.deck_export writes such a text with an
# apostrophe before it, which spreadsheet programs take as "this cell is text" and never show.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")


def as_text_cell(text: str) -> str:
    """A text as a CSV cell that no spreadsheet program runs as a formula (as_written reads it back)."""
    if text.startswith(FORMULA_START) or (text.startswith("'") and as_written(text) != text):
        return "'" + text
    return text


def as_written(cell: str) -> str:
    """A CSV cell's text: an apostrophe before a formula's first character (or before another such apostrophe) is a
    spreadsheet's mark of text, not part of it."""
    if cell.startswith("'") and cell[1:].startswith((*FORMULA_START, "'")):
        return cell[1:]
    return cell


def _xlsx_table(path: Path, within: Path, sheet: str | None = None) -> Table:
    return xlsx_table(read_bytes(path, within), relative(path), sheet)


def xlsx_table(data: bytes, shown: str, sheet_name: str | None = None) -> Table:
    """An XLSX file's deck sheet (the one named, or the first visible one) as a Table (pnp.reading.xlsx reads it,
    bounded); a problem of the file raises SourceError, a sheet of no such name NoSuchSheet; the problems of single
    cells wait in Table.cell_problems for table_deck, which knows which cells are the deck's."""
    try:
        with warnings.catch_warnings():  # openpyxl's date helpers run here: a library's warning never reaches the
            warnings.simplefilter("ignore")  # terminal; every problem of a workbook is a diagnostic
            sheet = read_deck_sheet(data, sheet_name)
    except NoSuchSheet:
        raise
    except WorkbookError as exc:
        if exc.at is None:
            raise SourceError([Diagnostic(shown, 1, 1, exc.code, exc.message)]) from None
        raise Table(shown, exc.sheet).fail(*exc.at, exc.code, exc.message) from None
    table = Table(shown, sheet.title)
    table.rows = sheet.rows
    table.cell_problems = list(sheet.problems)
    return table


def read_table(data: bytes, shown: str, suffix: str) -> Table:
    """A CSV or XLSX file's bytes (`suffix` .csv or .xlsx) as a Table, as a build reads the file (pnp.content.deck_export
    reads back what it writes so)."""
    if len(data) > MAX_FILE_BYTES:  # as read_bytes refuses the file on disk
        raise SourceError([Diagnostic(shown, 1, 1, "too-large", f"{len(data)} bytes; content files are at most "
                                      f"{MAX_FILE_BYTES // (1024 * 1024)} MB")])
    return xlsx_table(data, shown) if suffix.lower() == ".xlsx" else csv_table(data, shown)


# -- how a deck's table is read (game.yaml's table:) -------------------------------------------------------


@dataclass(frozen=True)
class RowFilter:
    """Only rows whose cell in `column` holds one of `values` are cards (compared as text, in any case)."""
    column: str
    values: tuple


def _setting_at_file(keypath: tuple, code: str, message: str, on_key: bool = False) -> Diagnostic:
    return Diagnostic("game.yaml", 1, 1, code, f"table: {'.'.join(map(str, keypath))}: {message}")


@dataclass(frozen=True)
class TableReading:
    """How a spreadsheet deck is read, as game.yaml's `table:` says (pnp.model.manifest.DeckTable); the default reads
    pnp's own shape: the first visible sheet, the first row with cells as the header, columns named by field.

    `setting` makes the diagnostic of a mistake in one of these settings, at its place in game.yaml, from the key
    path under `table:` (("columns", "Title"), ("sheet",)); on_key points at the key rather than its value."""
    sheet: str | None = None
    header_row: int | None = None
    columns: dict[str, str] = field(default_factory=dict)  # the designer's column name -> a card field, dotted
    ignore: tuple[str, ...] = ()  # column names or glob patterns (Balance*)
    copies: str | None = None  # the column holding each card's number of copies (0: not in the deck)
    id_from: str | None = None  # the column a card's id is made from (a slug) when its row gives none
    include: RowFilter | None = None
    setting: Callable[..., Diagnostic] = field(default=_setting_at_file, compare=False)


PLAIN = TableReading()


@dataclass
class TableDeck:
    """A table read as a deck: the Source holding {deck, name, cards}, the problems of single cells and settings,
    which leave the rest to be checked, and the ids of rows left out because they were reported already (an id made
    twice): the deck is not whole, so nothing counts its cards (pnp.content.game.Deck.unparsed)."""
    source: Source
    problems: list[Diagnostic]
    left_out: list[str] = field(default_factory=list)


def load_table_deck(path: Path, within: Path, deck_id: str, name: str, card_model: type[BaseModel],
                    reading: TableReading = PLAIN) -> TableDeck:
    """A CSV or XLSX deck read as `reading` says (see TableDeck). A file that cannot be read as a table at all, or
    whose cells the deck needs hold errors, raises SourceError."""
    problems = []
    if path.suffix.lower() == ".xlsx":
        try:
            table = _xlsx_table(path, within, reading.sheet)
        except NoSuchSheet as exc:
            raise SourceError([_no_such_sheet(reading, relative(path), exc)]) from None
    else:
        if reading.sheet is not None:
            problems.append(reading.setting(("sheet",), "sheet", "a CSV file holds one table and no sheets; remove "
                                            "sheet: (or point file: at the .xlsx workbook)", on_key=True))
        table = _csv_table(path, within)
    deck = table_deck(table, deck_id, name, card_model, reading)
    deck.problems[:0] = problems
    return deck


def _no_such_sheet(reading: TableReading, shown: str, exc: NoSuchSheet) -> Diagnostic:
    folded = {sheet.casefold(): sheet for sheet in exc.sheets}
    close = nearest(exc.name.casefold(), folded)
    hint = f"did you mean '{folded[close]}'? " if close else ""
    return reading.setting(("sheet",), "sheet", f"{shown} has no sheet '{exc.name}'; {hint}its sheets are "
                           f"{_listed(exc.sheets)}")


def table_source(table: Table, deck_id: str, name: str, card_model: type[BaseModel]) -> tuple[Source, list[Diagnostic]]:
    """The deck a table of pnp's own shape holds, and the problems of its cells (see table_deck)."""
    deck = table_deck(table, deck_id, name, card_model)
    return deck.source, deck.problems


def table_deck(table: Table, deck_id: str, name: str, card_model: type[BaseModel],
               reading: TableReading = PLAIN) -> TableDeck:
    """The deck a table's rows hold, read as `reading` says, and the problems of its cells (see load_table_deck)."""
    source = table.source
    header_row, header_cells = _header(table, reading)
    header = _Header(table, reading, card_model, header_row, header_cells)
    settings = header.settings
    if settings:  # a deck read with a setting that is wrong is not the deck meant: its cards would only mislead
        raise SourceError(settings + table.problems)
    rows = [(number, cells) for number, cells in table.rows if number > header_row and any(not _empty(v) for v in cells)]
    kept = [(number, cells) for number, cells in rows if header.keeps(cells)]
    left_out_rows = {number for number, cells in table.rows if number > header_row and not header.keeps(cells)}
    broken = _cell_problems(table, reading, header, header_row, left_out_rows)
    if broken:
        raise SourceError(table.problems + broken)
    cards, left_out, ids = [], [], {}
    for number, cells in kept:
        keypath = ("cards", len(cards))
        source.positions[keypath] = (number, 1)
        card: dict = {}
        for col, parts in header.fields.items():
            value = _at(cells, col)
            if _empty(value):
                continue
            value = _cell_value(table, value, _wanted(card_model, parts), number, col)
            if value is not BROKEN:
                _set(table, card, keypath, parts, col, number, header_row, value)
        if not _identified(table, header, card, keypath, number, cells, ids):
            _forget(source, keypath)
            left_out.append(card["id"])
            continue
        cards.append(card)
    source.data = {"deck": deck_id, "name": name, "cards": cards}
    source.positions[("cards",)] = (header_row, 1)
    return TableDeck(source, table.problems, left_out)


def _at(cells: list, col: int):
    return cells[col - 1] if col <= len(cells) else None


def _empty(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _header(table: Table, reading: TableReading) -> tuple[int, list]:
    """The header row's number and cells: the row game.yaml names, or the first row with a cell in it."""
    filled = [(number, cells) for number, cells in table.rows if any(not _empty(v) for v in cells)]
    if reading.header_row is None:
        if not filled:
            raise table.fail(1, 1, "empty-file", "the file is empty; it should hold a header row of field names (id, "
                             "name, kind, ...) and a row for each card")
        return filled[0]
    found = next((cells for number, cells in filled if number == reading.header_row), None)
    if found is None:
        first = f" (its first row with cells is row {filled[0][0]})" if filled else " (it holds no cells at all)"
        raise SourceError([reading.setting(("header_row",), "header-row", f"row {reading.header_row} of "
                                           f"{_where(table)} is empty{first}; header_row is the row of column names")])
    return reading.header_row, found


def _where(table: Table) -> str:
    return f"{table.path} sheet '{table.sheet}'" if table.sheet is not None else table.path


def _place(table: Table, row: int, col: int) -> str:
    """A cell for a message: Heroes!B4 in a workbook, row 4 column 2 in a CSV file."""
    return table.source.cell(row, col) or f"row {row} column {col}"


def _listed(names: list[str], most: int = 12) -> str:
    shown = ", ".join(f"'{name[:40]}'" for name in names[:most])
    return (shown + (", ..." if len(names) > most else "")) or "none"


def _folded(text: str) -> str:
    """A column name as it is matched: in any case, its spaces and line breaks as one space."""
    return " ".join(text.split()).casefold()


def _as_yaml(text: str) -> str:
    """A column name as it may be written in game.yaml: plain when it can be, else in double quotes."""
    return text if re.fullmatch(r"[A-Za-z][A-Za-z0-9_.()-]*(?: [A-Za-z0-9_.()-]+)*", text) else json.dumps(text)


NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


class _Header:
    """What each header cell means: a card field (`fields`, column -> dotted key path), the copies, id or filter
    column, or nothing (ignored, or a problem at its cell). A setting naming a column the header lacks is a problem
    at its line in game.yaml (`settings`), with the nearest column name."""

    def __init__(self, table: Table, reading: TableReading, card_model: type[BaseModel], row: int, cells: list):
        self.table, self.reading, self.card_model, self.row = table, reading, card_model, row
        self.settings: list[Diagnostic] = []
        self.names: dict[str, tuple[int, str]] = {}  # folded name -> (column, name as written), the first of a name
        # columns a setting meant, though it is wrong (misspelt, or a field the card lacks): reported at the setting,
        # so not again as a column of no card field
        self.spoken_for: set[int] = set()
        for col, cell in enumerate(cells, 1):
            if not _empty(cell):
                self.names.setdefault(_folded(_text(cell)), (col, _text(cell).strip()))
        mapped = self._mapped()
        self.copies = self._column(reading.copies, ("copies",))
        self.id_from = self._column(reading.id_from, ("id_from",))
        self.include = self._column(reading.include.column, ("include", "column")) if reading.include else None
        if self.copies is not None:
            mapped.setdefault(self.copies, ("count",))
        self.fields = self._fields(cells, mapped)
        self.used = set(self.fields) | {col for col in (self.copies, self.id_from, self.include) if col is not None}

    def _column(self, name: str | None, keypath: tuple) -> int | None:
        """The column a setting names, or None (and a problem at the setting when the header has no such column)."""
        if name is None:
            return None
        found = self.names.get(_folded(name))
        if found is None:
            close = nearest(_folded(name), self.names)
            hint = f"did you mean '{self.names[close][1]}'? " if close else ""
            if close:
                self.spoken_for.add(self.names[close][0])
            self.settings.append(self.reading.setting(keypath, "column", f"column '{name}' is not in the header row "
                                 f"(row {self.row}) of {_where(self.table)}; {hint}its columns are "
                                 f"{_listed([written for _, written in self.names.values()])}", on_key=keypath[0] == "columns"))
            return None
        return found[0]

    def _mapped(self) -> dict[int, tuple[str, ...]]:
        """Column -> card field, as `columns:` maps the designer's names (each name once, each field a card's)."""
        mapped, named = {}, {}
        for name, target in self.reading.columns.items():
            keypath = ("columns", name)
            if _folded(name) in named:
                self.settings.append(self.reading.setting(keypath, "column", f"'{name}' and '{named[_folded(name)]}' "
                                     "name the same column (names are read in any case); keep one", on_key=True))
                continue
            named[_folded(name)] = name
            parts = tuple(target.split("."))
            if not self._known(parts[0]):
                if _folded(name) in self.names:
                    self.spoken_for.add(self.names[_folded(name)][0])
                close = nearest(parts[0], self._field_names())
                hint = f"did you mean '{close}'? " if close else ""
                self.settings.append(self.reading.setting(keypath, "unknown-key", f"'{target}' is not a card field; "
                                     f"{hint}the fields are {', '.join(sorted(self._field_names()))}"))
                continue
            col = self._column(name, keypath)
            if col is not None:
                mapped[col] = parts
        return mapped

    def _fields(self, cells: list, mapped: dict[int, tuple[str, ...]]) -> dict[int, tuple[str, ...]]:
        """Column -> the key path it fills: mapped, or named by a card field; every other column is ignored, a role
        (copies, id, filter) or a problem at its header cell."""
        fields, seen = {}, {}
        for col, cell in enumerate(cells, 1):
            if _empty(cell):
                continue
            name = _text(cell).strip()
            parts = mapped.get(col)
            if parts is None:
                if self._ignored(name) or col in (self.id_from, self.include) or col in self.spoken_for:
                    continue
                parts = self._named(col, name)
                if parts is None:
                    continue
            if parts in seen:
                self._twice(col, name, parts, *seen[parts])
                continue
            seen[parts] = (col, name)
            fields[col] = parts
        return fields

    def _twice(self, col: int, name: str, parts: tuple, other_col: int, other: str) -> None:
        if name == other:
            self.table.problem(self.row, col, "column", f"column '{name}' appears twice (also column {other_col}); keep one")
        else:
            self.table.problem(self.row, col, "column", f"column '{name}' gives the card's {'.'.join(parts)}, as column "
                               f"'{other}' ({_place(self.table, self.row, other_col)}) does; keep one, or ignore one "
                               f"in game.yaml (table: ignore: [{_as_yaml(name)}])")

    def _named(self, col: int, name: str) -> tuple[str, ...] | None:
        """The key path a header names by itself (cost, back.name; a field in another case, Cost), or None and a
        problem at its cell."""
        if NAME.match(name) and name.count(".") >= MAX_DEPTH:  # each dot nests a mapping: as deep as YAML may nest
            self.table.problem(self.row, col, "column", f"column name '{name[:40]}...' nests {name.count('.') + 1} "
                               f"fields deep; a field nests at most {MAX_DEPTH} deep (as in a YAML file): write fewer "
                               "dotted parts")
            return None
        if NAME.match(name) and self._known(name.split(".")[0]):
            return tuple(name.split("."))
        if re.fullmatch(r"[A-Za-z0-9_.]+", name) and "." in name and not NAME.match(name):  # a dotted name mistyped
            self.table.problem(self.row, col, "column", f"column name '{name}' is not a field name; write a card field "
                               "like cost, or a nested one like back.name")
            return None
        in_any_case = {field_name.casefold(): field_name for field_name in self._field_names()}
        if name.casefold() in in_any_case:
            return (in_any_case[name.casefold()],)
        self._not_a_field(col, name)
        return None

    def _not_a_field(self, col: int, name: str) -> None:
        """A column that is no card field: map it to one, or ignore it (the nearest field named when there is one)."""
        fields = self._field_names()
        close = nearest(re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_"), fields)
        shown = _as_yaml(name[:80])
        if close:
            to_map = f"to read it as the card's {close}, map it in game.yaml (table: columns: {{{shown}: {close}}})"
        else:
            to_map = (f"map it to a card field in game.yaml (table: columns: {{{shown}: FIELD}}; the fields are "
                      f"{', '.join(sorted(fields))})")
        self.table.problem(self.row, col, "unknown-key", f"column '{name[:80]}' is not a card field; {to_map}, or leave it "
                           f"out (table: ignore: [{shown}])")

    def _ignored(self, name: str) -> bool:
        folded = _folded(name)
        return any(folded == _folded(pattern) or fnmatch.fnmatchcase(folded, _folded(pattern))
                   for pattern in self.reading.ignore)

    def _field_names(self) -> set[str]:
        fields = getattr(self.card_model, "model_fields", {})
        return set(fields) | {info.alias for info in fields.values() if info.alias}

    def _known(self, name: str) -> bool:
        """Whether the card model has a field of that name (a model that takes any key knows every name)."""
        config = getattr(self.card_model, "model_config", {})
        return config.get("extra") != "forbid" or name in self._field_names()

    def name_of(self, col: int) -> str:
        return next(written for at, written in self.names.values() if at == col)

    def keeps(self, cells: list) -> bool:
        """Whether a row is a card: its filter cell holds a value asked for, and its copies are not 0."""
        if self.include is not None and not _matches(_at(cells, self.include), self.reading.include.values):
            return False
        copies = None if self.copies is None else _at(cells, self.copies)
        return _empty(copies) or _text(copies).strip() not in ("0", "0.0")


BOOLEAN_WORDS = {True: ("true", "yes", "on"), False: ("false", "no", "off")}  # as YAML reads `equals: yes`


def _matches(cell, values: tuple) -> bool:
    """Whether a cell holds one of the values a filter asks for, as text in any case (a ticked box is true)."""
    text = "" if _empty(cell) else _folded(_text(cell))
    for value in values:
        if isinstance(value, bool):
            if text in BOOLEAN_WORDS[value]:
                return True
        elif text == _folded(_text(value)):
            return True
    return False


def _cell_problems(table: Table, reading: TableReading, header: _Header, header_row: int, left_out: set[int]) -> list:
    """The workbook's problems of single cells that are the deck's: in the header row, or in a column it reads on a
    row the filter does not leave out (the filter's own column on every row, as it decides); rows above a header row
    game.yaml names are a title, read by no one."""
    found = []
    for row, col, code, message in table.cell_problems:
        if row < header_row:
            wanted = reading.header_row is None
        elif row == header_row:
            wanted = True
        else:
            wanted = col in header.used and (row not in left_out or col == header.include)
        if wanted:
            found.append(Diagnostic(table.path, row, col, code, message, "error", table.source.cell(row, col)))
    return found


def _identified(table: Table, header: _Header, card: dict, keypath: tuple, row: int, cells: list, ids: dict) -> bool:
    """A card's id made from its id_from cell when its row gives none; False for an id another row has already
    (reported at this cell, naming the other: the row is left out, the first kept)."""
    col = header.id_from
    if col is not None and "id" not in card and not _empty(_at(cells, col)):
        written = _text(_at(cells, col)).strip()
        made = _slug(written)
        if not made:
            table.problem(row, col, "id-from", f"'{written[:40]}' makes no id (ids are a-z, 0-9 and -); give this row "
                          "an id of its own in an id column")
        elif made in ids:
            table.problem(row, col, "duplicate-id", f"the id '{made}' made from this cell is already the id of the card "
                          f"at {_place(table, *ids[made])}; give one of the two rows an id of its own in an id column, "
                          f"or tell their {header.name_of(col)} apart")
            card["id"] = made
            return False
        else:
            card["id"] = made
            table.source.positions[keypath + ("id",)] = (row, col)
            table.source.positions[keypath + ("id", "<key>")] = (header.row, col)
    if isinstance(card.get("id"), str) and card["id"] not in ids:
        ids[card["id"]] = table.source.positions.get(keypath + ("id",), (row, 1))
    return True


def _slug(text: str) -> str:
    """An id made from a text as a designer writes it: Hero's Cloak -> heros-cloak, Élan -> elan."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    plain = re.sub(r"['’]", "", plain)
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:64].rstrip("-")


def _forget(source: Source, keypath: tuple) -> None:
    """The positions of a card left out, so the next card, taking its place in the list, has none of them."""
    size = len(keypath)
    for key in [key for key in source.positions if key[:size] == keypath]:
        del source.positions[key]


def _set(table: Table, card: dict, keypath: tuple, parts: tuple, col: int, row: int, header_row: int, value) -> None:
    """Put a cell's value at its dotted key path in the card, recording the cell as the place of every key."""
    positions = table.source.positions
    node, where = card, keypath
    for depth, part in enumerate(parts):
        where = where + (part,)
        positions.setdefault(where + ("<key>",), (header_row, col))
        positions.setdefault(where, (row, col))
        if depth == len(parts) - 1:
            if part in node:
                table.problem(row, col, "column", f"'{'.'.join(parts)}' is also set by another column; keep one of them")
            else:
                node[part] = value
            return
        child = node.setdefault(part, {})
        if not isinstance(child, dict):
            table.problem(row, col, "column", f"'{'.'.join(parts[:depth + 1])}' is set whole by another column, so "
                          f"'{'.'.join(parts)}' has nowhere to go; keep one of them")
            return
        node = child


def _text(value) -> str:
    """A cell's value as the text a designer sees in it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)


INTEGER = re.compile(r"^[-+]?\d+$")


def _cell_value(table: Table, value, wanted: str, row: int, col: int):
    """A cell as the value the model wants there; a value that is not one is passed on as written, so the model
    reports it exactly as it would report the same value in YAML."""
    if isinstance(value, str):
        value = value.replace("\r\n", "\n").replace("\r", "\n").strip()  # a line break in a cell, as Windows writes it
        hidden = hidden_character(value)
        if hidden is not None:
            table.problem(row, col, "control-character", f"this cell {hidden_character_message(hidden)}")
            return BROKEN
    if wanted == "str":
        return _text(value)
    if wanted == "int":
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and INTEGER.match(value):
            return _whole_number(value)
        return value
    if wanted == "float":
        if isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                return value
        return value
    if wanted == "bool":
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        return value
    if not isinstance(value, str):
        return value
    if wanted in ("list", "map") or value[:1] in "[{":
        return _yaml_cell(table, value, wanted, row, col)
    return _yaml_scalar(table, value, row, col)


def _whole_number(text: str) -> int | str:
    """A whole number's digits as the number, or as written when Python will not read so many (past 4,300 digits):
    the model then says what is wrong with the text, as it does for any other."""
    try:
        return int(text)
    except ValueError:
        return text


BROKEN = object()  # a cell whose problem is reported already: its key is left out, so nothing else complains of it


def _yaml_cell(table: Table, text: str, wanted: str, row: int, col: int):
    """A cell holding a short YAML flow value (`[{DRAW: 1}]`); a malformed one is a problem at the cell."""
    try:
        return _parse_cell(table, text, row, col).data
    except TooManyValues:
        raise
    except SourceError as exc:
        shape = {"list": "a list, like [A, B]", "map": "a mapping, like {name: A}"}.get(wanted, "a YAML value")
        first = exc.diagnostics[0].message
        table.problem(row, col, "cell", f"this cell should hold {shape}: {first}")
        return BROKEN


def _yaml_scalar(table: Table, text: str, row: int, col: int):
    """A cell under a field of no single type, read as YAML would read the same word (3 -> 3, true -> True)."""
    try:
        value = _parse_cell(table, text, row, col).data
    except TooManyValues:
        raise
    except SourceError:
        return text
    return value if isinstance(value, (str, int, float, bool)) and not isinstance(value, datetime.date) else text


def _parse_cell(table: Table, text: str, row: int, col: int) -> Source:
    """A cell's text as YAML, within the budget of values the whole file may expand to: the cell that spends the
    last of it stops the file, reported once at that cell (as a YAML file of alias bombs stops at the first)."""
    try:
        return parse(text, table.path, table.budget)
    except TooManyValues as exc:
        table.problem(row, col, "yaml", f"with this cell, the aliases in the file's cells repeat {exc.what} (aliases "
                      "repeating aliases?); write the values out or use fewer aliases")
        raise TooManyValues(table.problems, exc.what) from None


# -- what the model wants where ------------------------------------------------------------------------------


def _wanted(card_model: type[BaseModel], parts: tuple) -> str:
    """What the card model wants at a dotted key path: int, float, bool, str, list, map, or any."""
    model, annotation = card_model, Any
    for depth, part in enumerate(parts):
        fields = getattr(model, "model_fields", None) if model is not None else None
        if not fields or part not in fields:
            return "any"  # an unknown key, or inside a mapping of any keys: the model reports or takes it as written
        annotation = fields[part].annotation
        if depth == len(parts) - 1:
            break
        model = card_model if (model is card_model and part == "back") else _model_in(annotation)
    return _kind(annotation)


def _model_in(annotation) -> type[BaseModel] | None:
    for option in _options(annotation):
        if isinstance(option, type) and issubclass(option, BaseModel):
            return option
    return None


def _options(annotation) -> list:
    """The types an annotation allows, without None and Annotated's extras."""
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return [o for arg in typing.get_args(annotation) for o in _options(arg)]
    return [] if annotation is type(None) else [annotation]


def _kind(annotation) -> str:
    kinds = {_one_kind(option) for option in _options(annotation)}
    return kinds.pop() if len(kinds) == 1 else "any"


def _one_kind(option) -> str:
    origin = typing.get_origin(option)
    if origin is typing.Literal:
        values = typing.get_args(option)
        return "str" if all(isinstance(v, str) for v in values) else "int" if all(
            isinstance(v, int) and not isinstance(v, bool) for v in values) else "any"
    if origin in (list, tuple, set, frozenset):
        return "list"
    if origin is dict:
        return "map"
    if not isinstance(option, type):
        return "any"
    if issubclass(option, BaseModel) or issubclass(option, dict):
        return "map"
    if issubclass(option, bool):
        return "bool"
    if issubclass(option, enum.Enum) or issubclass(option, str):
        return "str"
    if issubclass(option, int):
        return "int"
    if issubclass(option, float):
        return "float"
    if issubclass(option, (list, tuple)):
        return "list"
    return "any"
