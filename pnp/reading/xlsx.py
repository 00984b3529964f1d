"""XLSX workbooks read by pnp itself: the deck's sheet, its parts unpacked and parsed as a stream, every step bounded.

Why not openpyxl's reader (pnp writes XLSX with openpyxl): it reads a workbook's parts whole before the first row
(every style, every shared string, a row of any width), so a 45 KB file took minutes and gigabytes, and it raises
any kind of error from the middle of the rows. Here each part is parsed by expat while it is unpacked, and only what
the deck's sheet uses is kept:

- a part holds at most MAX_XLSX_ELEMENTS XML elements and no DTD (XLSX has none; without one no entity expands,
  so a "billion laughs" stops at its first line);
- the shared strings are read only when a cell shows one, and only the strings cells show are kept; the styles only
  when a number cell has one (is the number a date?);
- the cells' text together is at most MAX_TABLE_TEXT characters, a shared string counted in every cell showing it;
- a value in a row or column past those pnp reads (MAX_TABLE_ROWS, MAX_TABLE_COLUMNS) stops the reading there.

Every value is checked where it is written: a number that is none, a shared string that is not there, an error a
formula saved, a formula saved without its value is a problem at its cell (Sheet.problems, reported all at once). A
part that is missing, damaged or not XML, or a sheet past a bound, stops the reading (WorkbookError).

The deck is the worksheet game.yaml names (`table: {sheet: Heroes}`, found in any case), or else the first visible
worksheet in the order of the workbook's tabs: a hidden sheet (state hidden or veryHidden) is one a designer does not
see, so it is never the deck unless named; chart sheets hold no cells.
"""
from __future__ import annotations

import io
import math
import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from xml.parsers import expat

from pnp.core.limits import MAX_TABLE_COLUMNS as MAX_COLUMNS
from pnp.core.limits import MAX_TABLE_ROWS as MAX_ROWS
from pnp.core.limits import MAX_TABLE_TEXT, MAX_UNPACKED_BYTES, MAX_XLSX_ELEMENTS, MAX_ZIP_MEMBERS

# SpreadsheetML as Excel writes it (transitional) and as ISO 29500 strict does; a package's list of relationships
SPREADSHEET = ("http://schemas.openxmlformats.org/spreadsheetml/2006/main", "http://purl.oclc.org/ooxml/spreadsheetml/main")
RELATIONSHIPS = ("http://schemas.openxmlformats.org/package/2006/relationships",)
CHUNK = 64 * 1024  # bytes unpacked and parsed at a time: no part is ever held whole
SHEET_ROWS, SHEET_COLUMNS = 1_048_576, 16_384  # the most a cell name can say (XFD1048576)
MAX_NUMBER_CHARS = 100  # a number's text: a spreadsheet program writes at most 17 digits and an exponent
MAX_FORMAT_CHARS = 255  # a number format's code, as Excel allows it; a longer one is no date format
NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
CELL_NAME = re.compile(r"\$?([A-Za-z]{1,3})\$?([1-9][0-9]{0,6})")
ESCAPED = re.compile(r"_x([0-9A-Fa-f]{4})_")  # a character XML cannot hold, as XLSX writes it (_x000D_ is a CR)
SHOWN_LATER = object()  # a cell's value known once the sheet is read: a shared string's text
BOOLEANS = {"0": False, "1": True, "false": False, "true": True}
ROW_PATH = ["worksheet", "sheetData", "row"]
CELL_PATH = ROW_PATH + ["c"]


class WorkbookError(Exception):
    """The workbook cannot be read. `at` is the (row, col) of the cell of `sheet` where the reading stopped, or None
    for the file as a whole."""

    def __init__(self, message: str, code: str = "xlsx", at: tuple[int, int] | None = None, sheet: str | None = None):
        super().__init__(message)
        self.message, self.code, self.at, self.sheet = message, code, at, sheet


class NoSuchSheet(WorkbookError):
    """The workbook has no worksheet of the name asked for: a mistake of the setting naming it (game.yaml's `sheet:`),
    reported there. `sheets` are the worksheets it has, in the order of their tabs."""

    def __init__(self, name: str, sheets: list[str]):
        super().__init__(f"the workbook has no sheet '{name}'", "sheet")
        self.name, self.sheets = name, sheets


@dataclass
class Sheet:
    """The cells of the deck's sheet: its rows as (row number, values from column A), and the problems of single
    cells as (row, col, code, message): each leaves its cell empty and the rest to be read."""
    title: str
    rows: list[tuple[int, list]] = field(default_factory=list)
    problems: list[tuple[int, int, str, str]] = field(default_factory=list)


def read_deck_sheet(data: bytes, name: str | None = None) -> Sheet:
    """The worksheet `name` of an XLSX file's bytes, or its first visible one (see the module's docstring);
    NoSuchSheet when there is no sheet of that name, WorkbookError when there is none or it cannot be read."""
    with _open_zip(data) as archive:
        book = _WorkbookPart(archive, _workbook_name(archive)).read()
        title, part = book.deck_sheet() if name is None else book.named_sheet(name)
        sheet = _SheetPart(archive, part, title).read()
        sheet.show_shared_strings(book.related("/sharedStrings", "xl/sharedStrings.xml"))
        sheet.show_dates(book.related("/styles", "xl/styles.xml"), book.date1904)
        return sheet.result()


def _open_zip(data: bytes) -> zipfile.ZipFile:
    """The workbook's zip, refused before any part is unpacked when it would unpack past MAX_UNPACKED_BYTES (zipfile
    stops each part at the size its header declares, so the declared sizes bound the work)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except Exception:  # noqa: BLE001 - zipfile raises many kinds of error for a damaged directory (a version it lacks)
        raise WorkbookError("not an XLSX workbook (an .xlsx file is a zip archive); save it again as .xlsx") from None
    members = archive.infolist()
    if len(members) > MAX_ZIP_MEMBERS:
        raise WorkbookError(f"the workbook holds {len(members)} parts; pnp reads workbooks of at most {MAX_ZIP_MEMBERS}")
    unpacked = sum(member.file_size for member in members)
    if unpacked > MAX_UNPACKED_BYTES:
        raise WorkbookError(f"the workbook unpacks to {unpacked // (1024 * 1024)} MB; pnp reads workbooks that unpack to "
                            f"at most {MAX_UNPACKED_BYTES // (1024 * 1024)} MB: keep only the deck's sheet")
    return archive


def _workbook_name(archive: zipfile.ZipFile) -> str:
    """The workbook part's name, as the package's own list of relationships gives it (xl/workbook.xml, usually)."""
    package = _Relationships(archive, "_rels/.rels", "the list of the workbook's parts").read()
    name = package.target("/officeDocument")
    if name is None:
        raise WorkbookError("not an XLSX workbook (its list of parts names no workbook); save it again as .xlsx")
    return name


def _chunks(archive: zipfile.ZipFile, name: str, what: str):
    """A part's bytes as they are unpacked; a part that is not there or that does not unpack is a WorkbookError."""
    try:
        stream = archive.open(name)
    except KeyError:
        raise WorkbookError(f"{what} ({name}) is missing from the workbook; save it again as .xlsx") from None
    except Exception as exc:  # noqa: BLE001 - zipfile raises many kinds of error for a damaged or encrypted part
        raise WorkbookError(f"{what} ({name}) cannot be unpacked ({_reason(exc)}); save the workbook again as .xlsx") from None
    with stream:
        while True:
            try:
                chunk = stream.read(CHUNK)
            except Exception as exc:  # noqa: BLE001 - and its decompressors for damaged bytes (a bad CRC, a cut stream)
                raise WorkbookError(f"{what} ({name}) is damaged ({_reason(exc)}); save the workbook again as "
                                    ".xlsx") from None
            if not chunk:
                return
            yield chunk


def _reason(exc: Exception) -> str:
    said = str(exc)
    return f"{type(exc).__name__}: {said[:100]}" if said else type(exc).__name__


class _Enough(Exception):
    """A part has given all that is needed from it: the rest is never parsed."""


class _Part:
    """One XML part of the workbook, parsed by expat as it is unpacked (read()). Elements of the namespaces the part
    is written in are seen by their local names, as a path from the root (`path`, the element itself last); any other
    element (an extension) is skipped with all it holds. A subclass says what elements mean in start() and end(), and
    keeps an element's text by calling keep() in start(): end() then has it, or too_long() is called when it runs past
    the number of characters keep() allowed."""

    namespaces = SPREADSHEET

    def __init__(self, archive: zipfile.ZipFile, name: str, what: str):
        self.archive, self.name, self.what = archive, name, what
        self.path: list[str] = []
        self.skipping = 0  # depth inside an element of another namespace
        self.elements = 0
        self.kept: list[str] | None = None  # the text of the element being kept, in pieces
        self.kept_at = 0  # that element's depth
        self.keep_left = 0

    def read(self):
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.buffer_text = True
        parser.StartElementHandler, parser.EndElementHandler = self._start, self._end
        parser.CharacterDataHandler = self._characters
        parser.StartDoctypeDeclHandler = self._doctype
        try:
            for chunk in _chunks(self.archive, self.name, self.what):
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
        except _Enough:
            pass
        except expat.ExpatError as exc:
            raise WorkbookError(f"{self.what} ({self.name}) is not well-formed XML ({expat.ErrorString(exc.code)}, "
                                f"line {exc.lineno}); save the workbook again as .xlsx") from None
        return self

    def start(self, local: str, attributes: dict[str, str]) -> None:
        pass

    def end(self, local: str, text: str | None) -> None:
        pass

    def keep(self, limit: int) -> None:
        self.kept, self.kept_at, self.keep_left = [], len(self.path), limit

    def too_long(self) -> None:
        raise WorkbookError(f"{self.what} ({self.name}) holds a text of more than {MAX_TABLE_TEXT:,} characters, more than "
                            "a whole deck may; shorten it")

    def too_many(self) -> None:
        raise WorkbookError(f"{self.what} ({self.name}) holds more than {MAX_XLSX_ELEMENTS:,} XML elements; pnp reads "
                            "parts of at most that many: keep only the deck's sheet, and save the workbook again")

    def _start(self, name: str, attributes: dict[str, str]) -> None:
        self.elements += 1
        if self.elements > MAX_XLSX_ELEMENTS:
            self.too_many()
        space, _, local = name.rpartition(" ")
        if self.skipping or space not in self.namespaces:
            self.skipping += 1
            return
        self.path.append(local)
        self.start(local, {key.rpartition(" ")[2]: value for key, value in attributes.items()})

    def _end(self, name: str) -> None:
        if self.skipping:
            self.skipping -= 1
            return
        text = None
        if self.kept is not None and len(self.path) == self.kept_at:
            text, self.kept = "".join(self.kept), None
        self.end(self.path[-1], text)
        self.path.pop()

    def _characters(self, data: str) -> None:
        if self.kept is not None:
            self.keep_left -= len(data)
            if self.keep_left < 0:
                self.too_long()
            self.kept.append(data)

    def _doctype(self, *_) -> None:
        raise WorkbookError(f"{self.what} ({self.name}) declares a DTD, which no XLSX part has (entities in it could "
                            "expand without end); save the workbook again as .xlsx")


class _Relationships(_Part):
    """A part's list of related parts: (type, part name) by id. A target is a part name relative to the folder of the
    part it belongs to (xl/_rels/workbook.xml.rels names parts under xl/), or from the package's root after a /."""

    namespaces = RELATIONSHIPS

    def __init__(self, archive: zipfile.ZipFile, name: str, what: str):
        super().__init__(archive, name, what)
        self.folder = posixpath.dirname(posixpath.dirname(name))
        self.by_id: dict[str, tuple[str, str]] = {}

    def start(self, local, attributes):
        if self.path == ["Relationships", "Relationship"] and attributes.get("TargetMode") != "External":
            target = attributes.get("Target", "")
            name = target[1:] if target.startswith("/") else posixpath.join(self.folder, target)
            self.by_id.setdefault(attributes.get("Id", ""), (attributes.get("Type", ""), posixpath.normpath(name)))

    def target(self, kind: str) -> str | None:
        """The first related part of a kind, named by the end of its type (/worksheet, /sharedStrings)."""
        return next((name for type_, name in self.by_id.values() if type_.endswith(kind)), None)


class _WorkbookPart(_Part):
    """xl/workbook.xml: its sheets in the order of their tabs, and its calendar."""

    def __init__(self, archive: zipfile.ZipFile, name: str):
        super().__init__(archive, name, "the workbook")
        self.sheets: list[tuple[str, str, str]] = []  # (name, state, relationship id)
        self.date1904 = False
        folder, file = posixpath.split(name)
        self.relationships = _Relationships(archive, posixpath.join(folder, "_rels", file + ".rels"),
                                            "the list of the workbook's sheets")

    def read(self):
        super().read()
        self.relationships.read()
        return self

    def start(self, local, attributes):
        if self.path == ["workbook", "sheets", "sheet"]:
            self.sheets.append((attributes.get("name", ""), attributes.get("state", "visible"), attributes.get("id", "")))
        elif self.path == ["workbook", "workbookPr"]:
            self.date1904 = attributes.get("date1904", "").lower() in ("1", "true")

    def related(self, kind: str, usual: str) -> str | None:
        """The workbook's part of a kind, or the part where workbooks usually keep it, when its list does not name it
        (as openpyxl reads such workbooks); None if there is none."""
        name = self.relationships.target(kind)
        return name if name is not None or usual not in self.archive.namelist() else usual

    def worksheets(self) -> list[tuple[str, str, str]]:
        """(name, state, part) of each worksheet, in the order of the tabs."""
        return [(title, state, self.relationships.by_id[rid][1]) for title, state, rid in self.sheets
                if self.relationships.by_id.get(rid, ("", ""))[0].endswith("/worksheet")]

    def named_sheet(self, name: str) -> tuple[str, str]:
        """The worksheet of that name, as written or in another case (a spreadsheet program's sheet names are unique
        whatever their case), hidden or not: a sheet named on purpose is read."""
        worksheets = self.worksheets()
        for matches in (lambda title: title == name, lambda title: title.casefold() == name.casefold()):
            found = next(((title, part) for title, _, part in worksheets if matches(title)), None)
            if found is not None:
                return found
        raise NoSuchSheet(name, [title for title, _, _ in worksheets])

    def deck_sheet(self) -> tuple[str, str]:
        """The first visible worksheet's name and part."""
        worksheets = self.worksheets()
        if not worksheets:  # a workbook of chart sheets only, or one whose list of sheets is empty
            raise WorkbookError("the workbook holds no worksheet; put the deck on its first sheet (a header row of field "
                                "names, then a row for each card)")
        visible = [(title, part) for title, state, part in worksheets if state == "visible"]
        if not visible:
            names = ", ".join(f"'{title[:40]}'" for title, _, _ in worksheets[:3]) + (", ..." if len(worksheets) > 3 else "")
            raise WorkbookError(f"every worksheet of the workbook is hidden ({names}); pnp reads the first visible "
                                "sheet: unhide the deck's sheet (right-click a sheet tab, Unhide) and save")
        return visible[0]


class _Cell:
    __slots__ = ("row", "col", "kind", "style", "formula", "text", "inline")

    def __init__(self, row: int, col: int, kind: str, style: str | None):
        self.row, self.col, self.kind, self.style = row, col, kind, style
        self.formula = False
        self.text: str | None = None  # its <v>: the value as saved, a number's digits or a shared string's index
        self.inline: list[str] | None = None  # the pieces of an inline string (<is>)

    def holds_anything(self) -> bool:
        return self.formula or bool(self.text) or bool(self.inline and any(self.inline))


class _SheetPart(_Part):
    """The deck's worksheet: the cells of the rows and columns pnp reads, each value checked at its cell. A shared
    string or a styled number are known only once the sheet is read (show_shared_strings, show_dates)."""

    def __init__(self, archive: zipfile.ZipFile, name: str, title: str):
        super().__init__(archive, name, f"the sheet '{title[:40]}'")
        self.title = title
        self.cells: dict[int, dict[int, object]] = {}  # row -> column -> value
        self.problems: list[tuple[int, int, str, str]] = []
        self.row = self.col = 0  # the row being read and its last cell's column
        self.cell: _Cell | None = None
        self.text_left = MAX_TABLE_TEXT
        self.shared: list[tuple[int, int, int]] = []  # (row, col, index) of cells showing a shared string
        self.styled: list[tuple[int, int, float, int]] = []  # (row, col, number, style) of numbers with a style

    def fail(self, row: int, col: int, code: str, message: str):
        return WorkbookError(message, code, (row, col), self.title)

    def problem(self, row: int, col: int, code: str, message: str) -> None:
        self.problems.append((row, col, code, message))

    def too_long(self) -> None:  # only a cell's text is kept
        raise self.text_past_budget(self.cell.row, self.cell.col)

    def text_past_budget(self, row: int, col: int) -> WorkbookError:
        return self.fail(row, col, "too-large", f"with this cell, the sheet's cells hold more than {MAX_TABLE_TEXT:,} "
                         "characters of text (a shared string counts in each cell showing it), more than a whole deck "
                         "file may; shorten the texts or split the deck")

    def too_many(self) -> None:
        raise self.fail(max(self.row, 1), self.col or 1, "too-large", f"the sheet's XML holds more than "
                        f"{MAX_XLSX_ELEMENTS:,} elements by this cell; pnp reads sheets of at most {MAX_ROWS} rows and "
                        f"{MAX_COLUMNS} columns: delete the rows and columns past the last card, and save again")

    def start(self, local, attributes):
        depth = len(self.path)
        if depth == 2 and local == "dimension":
            self._dimension(attributes.get("ref", ""))
        elif self.path == ROW_PATH:
            self._row(attributes.get("r"))
        elif self.path == CELL_PATH:
            self._cell(attributes)
        elif self.cell is not None:
            inside = self.path[len(CELL_PATH):]
            if inside == ["v"]:
                self.keep(self.text_left)
            elif inside == ["f"]:
                self.cell.formula = True
            elif inside == ["is"]:
                self.cell.inline = []
            elif inside in (["is", "t"], ["is", "r", "t"]) and self.cell.inline is not None:  # not <rPh>, phonetic help
                self.keep(self.text_left)

    def end(self, local, text):
        if text is not None and self.cell is not None:
            self.text_left -= len(text)
            if local == "v":
                self.cell.text = text
            else:
                self.cell.inline.append(text)
        elif self.path == CELL_PATH and self.cell is not None:
            self._cell_read(self.cell)
            self.cell = None

    def _dimension(self, ref: str) -> None:
        """The sheet's used range as the program that saved it says (A1:H107): too large a range is refused before a
        row is read (a range that is no range is left unread: the rows are read with their own bounds)."""
        match = CELL_NAME.fullmatch(ref.rpartition(":")[2])
        if match:
            rows, columns = int(match.group(2)), _column_number(match.group(1))
            if rows > MAX_ROWS or columns > MAX_COLUMNS:
                raise self.fail(1, 1, "too-large", f"the sheet spans {rows} rows and {columns} columns; pnp reads at most "
                                f"{MAX_ROWS} rows and {MAX_COLUMNS} columns: delete the rows and columns past the last card")

    def _row(self, r: str | None) -> None:
        number = self.row + 1 if r is None else _whole(r)
        if number is None or not 0 < number <= SHEET_ROWS:
            named = str(number) if r is None else r[:20]
            raise WorkbookError(f"{self.what} names a row '{named}' after row {self.row}, which is no row number; save "
                                "the workbook again as .xlsx")
        self.row, self.col = number, 0

    def _cell(self, attributes: dict[str, str]) -> None:
        name = attributes.get("r")
        col = self.col + 1
        if name is not None:
            match = CELL_NAME.fullmatch(name)
            col = _column_number(match.group(1)) if match else 0
            if not 0 < col <= SHEET_COLUMNS:
                raise WorkbookError(f"row {self.row} of {self.what} holds a cell named '{name[:20]}', which is no cell "
                                    "name (like D2); save the workbook again as .xlsx")
        self.col = col
        self.cell = _Cell(self.row, col, attributes.get("t", "n"), attributes.get("s"))

    def _cell_read(self, cell: _Cell) -> None:
        """A cell read whole: its value kept, or a problem at it; a value past the rows and columns pnp reads stops
        the reading, as a CSV file's does."""
        if cell.row > MAX_ROWS or cell.col > MAX_COLUMNS:
            if not cell.holds_anything():
                return  # formatting past the deck, as spreadsheet programs save it
            if cell.row > MAX_ROWS:
                raise self.fail(cell.row, 1, "too-large", f"more than {MAX_ROWS} rows; a deck has at most {MAX_ROWS - 1} "
                                "cards, so split it")
            raise self.fail(cell.row, cell.col, "too-large", f"more than {MAX_COLUMNS} columns; remove the extra cells")
        row = self.cells.setdefault(cell.row, {})
        if cell.col in row:
            raise self.fail(cell.row, cell.col, "xlsx", "the sheet's XML holds this cell twice; save the workbook again "
                            "as .xlsx")
        row[cell.col] = self._value(cell)

    def _value(self, cell: _Cell):
        """A cell's saved value, or None (empty, or a problem at the cell)."""
        if cell.kind == "e":  # #REF!, #DIV/0!, #N/A, ...: what the spreadsheet shows in the cell, never a card's text
            error = (cell.text or "").strip()[:20] or "(unnamed)"
            if cell.formula:
                self.problem(cell.row, cell.col, "formula", f"the formula's saved value is the error {error}; fix the "
                             "formula and save")
            else:
                self.problem(cell.row, cell.col, "xlsx", f"this cell holds the error {error}, not a value; type the "
                             "value")
            return None
        value = self._saved(cell)
        if value is None and cell.formula and cell.kind != "str":  # a saved empty text is a value: an empty cell
            self.problem(cell.row, cell.col, "formula", "a formula with no saved value: pnp never calculates formulas; "
                         "open and save the file in your spreadsheet program, or type the value")
        return value

    def _saved(self, cell: _Cell):
        text = cell.text
        if cell.kind == "inlineStr":
            return None if cell.inline is None else _unescaped("".join(cell.inline))
        if not text:
            return None
        if cell.kind == "str":
            return _unescaped(text)
        if cell.kind == "n":
            return self._number(cell, text)
        if cell.kind == "s":
            index = _whole(text)
            if index is None:
                self.problem(cell.row, cell.col, "xlsx", f"this cell points at shared string '{text[:20]}', which is no "
                             "number; save the workbook again as .xlsx")
                return None
            self.shared.append((cell.row, cell.col, index))
            return SHOWN_LATER
        if cell.kind == "b" and text.strip() in BOOLEANS:
            return BOOLEANS[text.strip()]
        if cell.kind == "d":
            from openpyxl.utils.datetime import from_ISO8601

            try:
                return from_ISO8601(text.strip())
            except (ValueError, OverflowError):
                self.problem(cell.row, cell.col, "xlsx", f"this date cell holds '{text[:40]}', which is no date; type "
                             "the date again")
                return None
        what = {"b": "true or false"}.get(cell.kind)
        if what:
            self.problem(cell.row, cell.col, "xlsx", f"this cell should hold {what} but holds '{text[:40]}'; type the "
                         "value again")
        else:
            self.problem(cell.row, cell.col, "xlsx", f"this cell's type '{cell.kind[:20]}' is none an XLSX file has; "
                         "save the workbook again as .xlsx")
        return None

    def _number(self, cell: _Cell, text: str):
        number = _number(text)
        if number is None:
            self.problem(cell.row, cell.col, "xlsx", f"this number cell holds '{text[:40]}"
                         f"{'...' if len(text) > 40 else ''}', which is no number a spreadsheet holds; type the value "
                         "again")
            return None
        style = _whole(cell.style) if cell.style else 0
        if style:
            self.styled.append((cell.row, cell.col, number, style))
        return number

    def show_shared_strings(self, part: str | None) -> None:
        """Cells showing a shared string get its text, each counted against the sheet's text (MAX_TABLE_TEXT)."""
        if not self.shared:
            return
        strings, held = {}, "no shared strings"
        if part is not None:
            table = _SharedStrings(self.archive, part, self).read()
            count = table.index + 1  # all of them: the table was read to its end, as a string a cell shows is not there
            strings, held = table.strings, f"shared strings 0 to {count - 1}" if count else "no shared strings"
        for row, col, index in self.shared:
            text = strings.get(index)
            if text is None:
                self.problem(row, col, "xlsx", f"this cell shows shared string {index}, which the workbook does not hold "
                             f"(it holds {held}); save the workbook again as .xlsx")
                self.cells[row][col] = None
                continue
            self.text_left -= len(text)
            if self.text_left < 0:
                raise self.text_past_budget(row, col)
            self.cells[row][col] = text

    def show_dates(self, part: str | None, date1904: bool) -> None:
        """Numbers whose style shows them as dates (or times, or durations) become those, as the spreadsheet shows
        them (openpyxl's reading of number formats and serial dates)."""
        if not self.styled or part is None:
            return
        from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format, is_timedelta_format
        from openpyxl.utils.datetime import CALENDAR_MAC_1904, WINDOWS_EPOCH, from_excel

        styles = _Styles(self.archive, part, {style for _, _, _, style in self.styled}).read()
        for row, col, number, style in self.styled:
            code = styles.format_code(style, BUILTIN_FORMATS)
            if not is_date_format(code):
                continue
            try:
                self.cells[row][col] = from_excel(number, CALENDAR_MAC_1904 if date1904 else WINDOWS_EPOCH,
                                                  timedelta=is_timedelta_format(code))
            except (OverflowError, ValueError):
                self.problem(row, col, "xlsx", f"this cell shows the number {number} as a date, but no date is that "
                             "number; type the date again")
                self.cells[row][col] = None

    def result(self) -> Sheet:
        rows = []
        for number in sorted(self.cells):
            row = self.cells[number]
            values = [None] * max(row)
            for col, value in row.items():
                values[col - 1] = value
            rows.append((number, values))
        return Sheet(self.title, rows, self.problems)


class _SharedStrings(_Part):
    """xl/sharedStrings.xml, read as far as the last string a cell shows; only those strings are kept, and together at
    most the text the sheet has left (they are all shown)."""

    def __init__(self, archive: zipfile.ZipFile, name: str, sheet: _SheetPart):
        super().__init__(archive, name, "the shared strings")
        self.sheet, self.text_left = sheet, sheet.text_left
        self.first: dict[int, tuple[int, int]] = {}  # each string's first cell showing it: where a text too long is
        for row, col, index in sheet.shared:
            self.first.setdefault(index, (row, col))
        self.last = max(self.first)
        self.strings: dict[int, str] = {}
        self.index = -1
        self.pieces: list[str] | None = None

    def start(self, local, attributes):
        if self.path == ["sst", "si"]:
            self.index += 1
            if self.index > self.last:
                raise _Enough
            self.pieces = [] if self.index in self.first else None
        elif self.pieces is not None and self.path in (["sst", "si", "t"], ["sst", "si", "r", "t"]):  # not <rPh>
            self.keep(self.text_left)

    def end(self, local, text):
        if text is not None and self.pieces is not None:
            self.text_left -= len(text)
            self.pieces.append(text)
        elif self.path == ["sst", "si"] and self.pieces is not None:
            self.strings[self.index] = _unescaped("".join(self.pieces))
            self.pieces = None

    def too_long(self) -> None:
        raise self.sheet.text_past_budget(*self.first[self.index])


class _Styles(_Part):
    """xl/styles.xml, read as far as the last cell format a number uses: each format's number format code."""

    def __init__(self, archive: zipfile.ZipFile, name: str, wanted: set[int]):
        super().__init__(archive, name, "the styles")
        self.wanted, self.last = wanted, max(wanted)
        self.codes: dict[int, str] = {}  # the workbook's own number formats, by id
        self.formats: dict[int, int] = {}  # cell format (a cell's s) -> number format id
        self.index = -1

    def start(self, local, attributes):
        if self.path == ["styleSheet", "numFmts", "numFmt"]:
            number, code = _whole(attributes.get("numFmtId", "")), attributes.get("formatCode", "")
            if number is not None and len(code) <= MAX_FORMAT_CHARS:
                self.codes[number] = code
        elif self.path == ["styleSheet", "cellXfs", "xf"]:
            self.index += 1
            if self.index in self.wanted:
                self.formats[self.index] = _whole(attributes.get("numFmtId", "0")) or 0
            if self.index >= self.last:
                raise _Enough

    def format_code(self, style: int, builtin: dict) -> str | None:
        number = self.formats.get(style)
        return self.codes[number] if number in self.codes else builtin.get(number)


def _whole(text: str) -> int | None:
    """A whole number written in an attribute or a <v> (a row, an index), or None."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 10 else None


def _number(text: str) -> int | float | None:
    """A number cell's value as openpyxl reads it (a whole number without a point or exponent, else a float), or None
    for a text that is none (inf, nan, 5,000 digits)."""
    text = text.strip()
    if len(text) > MAX_NUMBER_CHARS or not NUMBER.fullmatch(text):
        return None
    if not any(mark in text for mark in ".eE"):
        return int(text)
    value = float(text)
    return value if math.isfinite(value) else None


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - 64
    return number


def _unescaped(text: str) -> str:
    """A text as XLSX stores it, with the characters XML cannot hold written _xHHHH_ (Excel's line end _x000D_; a
    written "_x" is _x005F_x), as the spreadsheet shows it."""
    return ESCAPED.sub(lambda match: chr(int(match.group(1), 16)), text) if "_x" in text else text
