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
"""
from __future__ import annotations

import csv
import datetime
import enum
import io
import re
import types
import typing
import warnings
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from pnp.core.diagnostics import Diagnostic, hidden_character, hidden_character_message, relative
from pnp.core.limits import MAX_DEPTH, MAX_FILE_BYTES
from pnp.core.limits import MAX_TABLE_COLUMNS as MAX_COLUMNS
from pnp.core.limits import MAX_TABLE_ROWS as MAX_ROWS
from pnp.reading.source import Source, SourceError, TooManyValues, ValueBudget, parse, read_bytes
from pnp.reading.xlsx import WorkbookError, read_deck_sheet

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


def _xlsx_table(path: Path, within: Path) -> Table:
    return xlsx_table(read_bytes(path, within), relative(path))


def xlsx_table(data: bytes, shown: str) -> Table:
    """An XLSX file's deck sheet as a Table (pnp.reading.xlsx reads it, bounded); a problem of the file or of its cells raises
    SourceError with them all."""
    try:
        with warnings.catch_warnings():  # openpyxl's date helpers run here: a library's warning never reaches the
            warnings.simplefilter("ignore")  # terminal; every problem of a workbook is a diagnostic
            sheet = read_deck_sheet(data)
    except WorkbookError as exc:
        if exc.at is None:
            raise SourceError([Diagnostic(shown, 1, 1, exc.code, exc.message)]) from None
        raise Table(shown, exc.sheet).fail(*exc.at, exc.code, exc.message) from None
    table = Table(shown, sheet.title)
    table.rows = sheet.rows
    for row, col, code, message in sheet.problems:
        table.problem(row, col, code, message)
    if table.problems:
        raise SourceError(table.problems)
    return table


def read_table(data: bytes, shown: str, suffix: str) -> Table:
    """A CSV or XLSX file's bytes (`suffix` .csv or .xlsx) as a Table, as a build reads the file (pnp.content.deck_export
    reads back what it writes so)."""
    if len(data) > MAX_FILE_BYTES:  # as read_bytes refuses the file on disk
        raise SourceError([Diagnostic(shown, 1, 1, "too-large", f"{len(data)} bytes; content files are at most "
                                      f"{MAX_FILE_BYTES // (1024 * 1024)} MB")])
    return xlsx_table(data, shown) if suffix.lower() == ".xlsx" else csv_table(data, shown)


# -- from cells to card data ---------------------------------------------------------------------------------


def load_table_deck(path: Path, within: Path, deck_id: str, name: str,
                    card_model: type[BaseModel]) -> tuple[Source, list[Diagnostic]]:
    """A CSV or XLSX deck as a Source holding {deck, name, cards}, and the problems of single cells (a bad column
    name, a malformed list), which leave the rest to be checked. A file that cannot be read as a table at all
    raises SourceError."""
    table = _xlsx_table(path, within) if path.suffix.lower() == ".xlsx" else _csv_table(path, within)
    return table_source(table, deck_id, name, card_model)


def table_source(table: Table, deck_id: str, name: str, card_model: type[BaseModel]) -> tuple[Source, list[Diagnostic]]:
    """The deck a table's rows hold, and the problems of its cells (see load_table_deck)."""
    rows = [(number, cells) for number, cells in table.rows if any(not _empty(v) for v in cells)]
    source = table.source
    if not rows:
        raise table.fail(1, 1, "empty-file", "the file is empty; it should hold a header row of field names (id, "
                         "name, kind, ...) and a row for each card")
    header_row, header = rows[0]
    columns = _columns(table, header_row, header)
    cards = []
    for number, cells in rows[1:]:
        index = len(cards)
        keypath = ("cards", index)
        source.positions[keypath] = (number, 1)
        card: dict = {}
        for col, parts in columns.items():
            value = cells[col - 1] if col <= len(cells) else None
            if _empty(value):
                continue
            value = _cell_value(table, value, _wanted(card_model, parts), number, col)
            if value is not BROKEN:
                _set(table, card, keypath, parts, col, number, header_row, value)
        cards.append(card)
    source.data = {"deck": deck_id, "name": name, "cards": cards}
    source.positions[("cards",)] = (header_row, 1)
    return source, table.problems


def _empty(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


def _columns(table: Table, row: int, header: list) -> dict[int, tuple[str, ...]]:
    """Column number -> the key path its header names; a bad or repeated name is a problem at its header cell."""
    columns, seen = {}, {}
    for col, cell in enumerate(header, 1):
        if _empty(cell):
            continue
        name = _text(cell).strip()
        if not NAME.match(name):
            table.problem(row, col, "column", f"column name '{name}' is not a field name; write a card field like "
                          "cost, or a nested one like back.name")
        elif name.count(".") >= MAX_DEPTH:  # each dot nests a mapping: as deep as a YAML file may nest, no deeper
            table.problem(row, col, "column", f"column name '{name[:40]}...' nests {name.count('.') + 1} fields deep; "
                          f"a field nests at most {MAX_DEPTH} deep (as in a YAML file): write fewer dotted parts")
        elif name in seen:
            table.problem(row, col, "column", f"column '{name}' appears twice (also column {seen[name]}); keep one")
        else:
            seen[name] = col
            columns[col] = tuple(name.split("."))
    return columns


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
