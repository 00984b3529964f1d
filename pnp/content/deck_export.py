"""`pnp export-deck`: a deck as YAML, CSV or XLSX, whichever it is kept in, without loss.

The cards are taken as written (the deck's Source data, not the checked models, so defaults stay unwritten). A deck
read through game.yaml's `table:` (a designer's own workbook) is exported as pnp read it: pnp's own field names, ids
made from another column written out, the rows its filter leaves out and its ignored columns gone (a note says so).
To a table, nested mappings become dotted columns and lists one cell of YAML flow text (pnp.reading.tables). Before
anything is written, the file's bytes are read back through the same reader a build uses and every card compared
with the original as the card model sees it: a value a table cannot hold (an empty text that means something, a
key with a dot in it, a text longer than a cell holds) is reported by card and field instead of being quietly
changed.
"""
from __future__ import annotations

import csv
import datetime
import io
import re
import zipfile

import yaml

from pnp.content.game import Deck, Game
from pnp.reading.source import SourceError
from pnp.reading.tables import as_text_cell, deck_name, read_table, table_source

FORMATS = ("csv", "xlsx", "yaml")
FIXED_TIME = datetime.datetime(2000, 1, 1)  # an export is a function of the deck: no clock in the file
XLSX_ESCAPE = re.compile(r"_(?=x[0-9A-Fa-f]{4}_)")  # an underscore XLSX would read as the start of _x000D_ (a CR)
XLSX_SHEET = "Cards"
# The longest text a cell holds: Excel's limit for XLSX (openpyxl cuts a longer text there without a word), and the
# csv module's field limit for CSV (pnp reads no longer cell)
CELL_CHARS = {"xlsx": 32_767, "csv": csv.field_size_limit()}


class ExportError(Exception):
    """The deck cannot be written in the format asked for; the message says why and what to do."""


def export_deck(game: Game, deck: Deck, fmt: str) -> tuple[bytes, list[str]]:
    """The deck's file in `fmt`, and notes for the designer (what the new file does not carry)."""
    cards = _written_cards(deck)
    name = deck.model.name
    if fmt == "yaml":
        document = {"deck": deck.id, "name": name, "cards": cards}
        return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=120).encode("utf-8"), []
    if deck.model.suits or deck.model.ranks or deck.model.suited:
        raise ExportError(f"deck '{deck.id}' makes its cards from suits and ranks (suits:, ranks:, suited:), which a "
                          "table cannot hold; keep it in YAML")
    header, rows = _table(cards)
    _check_cell_lengths(deck, cards, header, rows, fmt)
    data = _csv_bytes(header, rows) if fmt == "csv" else _xlsx_bytes(header, rows)
    _check_round_trip(game, deck, cards, data, fmt)
    notes = []
    guarded = sum(_guarded(value) for row in rows for value in row) if fmt == "csv" else 0
    if guarded:
        notes.append(f"{guarded} cell{'s' if guarded > 1 else ''} starting with = + - or @ (text a spreadsheet program "
                     "would run as a formula) start with an apostrophe, which marks a cell as text; pnp reads them "
                     "without it")
    if deck.entry.table is not None:
        notes.append(_read_by_table_note(deck, fmt))
    if name != deck_name(deck.id):
        notes.append(f"a table holds no deck name: add `name: {name}` to deck '{deck.id}' in game.yaml when it "
                     "points at the new file")
    return data, notes


def _read_by_table_note(deck: Deck, fmt: str) -> str:
    """A deck read the designer's way (game.yaml's table:) is exported as pnp reads it: in pnp's own shape."""
    return (f"deck '{deck.id}' is read through game.yaml's table: (its sheet, column names, filter); the {fmt.upper()} "
            "holds its cards as pnp reads them, in pnp's own field names (name, kind, count, ...), with their ids, "
            "without the rows left out or the ignored columns: point game.yaml at it without table:")


def _written_cards(deck: Deck) -> list[dict]:
    data = deck.source.data if isinstance(deck.source.data, dict) else {}
    return [card for card in data.get("cards", []) if isinstance(card, dict)]


# -- cards to rows -------------------------------------------------------------------------------------------


def _flatten(value, prefix: str, into: dict) -> None:
    """Nested mappings as dotted names; anything else is one cell."""
    if isinstance(value, dict) and value and all(isinstance(k, str) and k and "." not in k for k in value):
        for key, item in value.items():
            _flatten(item, f"{prefix}.{key}" if prefix else key, into)
    else:
        into[prefix] = value


def _table(cards: list[dict]) -> tuple[list[str], list[list]]:
    flat = []
    for card in cards:
        cells: dict = {}
        _flatten(card, "", cells)
        flat.append(cells)
    header = list(dict.fromkeys(name for cells in flat for name in cells))
    return header, [[_cell(cells.get(name)) for name in header] for cells in flat]


def _cell(value):
    """A value as a cell holds it: scalars as themselves, lists and mappings as one line of YAML flow text."""
    if isinstance(value, (list, dict)):
        text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6, sort_keys=False)
        return text.strip().removesuffix("...").strip()
    return value


def _check_cell_lengths(deck: Deck, cards: list[dict], header: list[str], rows: list[list], fmt: str) -> None:
    """A text longer than a cell of the format holds, named by card and field (the read-back would find the card
    changed, but not say why)."""
    limit = CELL_CHARS[fmt]
    for card, row in zip(cards, rows):
        for name, value in zip(header, row):
            length = len(_csv_text(value) if fmt == "csv" else _xlsx_text(value)) if isinstance(value, str) else 0
            if length > limit:
                raise ExportError(f"deck '{deck.id}', card '{card.get('id')}': {name} holds {length:,} characters, more "
                                  f"than one cell of {fmt.upper()} holds ({limit:,}); keep the deck in YAML, or shorten it")


def _check_round_trip(game: Game, deck: Deck, cards: list[dict], data: bytes, fmt: str) -> None:
    """Read the file's bytes back as pnp would read the file and compare every card, as the card model sees it."""
    try:
        table = read_table(data, f"{deck.id} (exported)", f".{fmt}")
    except SourceError as exc:
        raise ExportError(f"deck '{deck.id}' does not fit a table: {exc.diagnostics[0].message}") from None
    source, problems = table_source(table, deck.id, deck.model.name, game.card_model)
    if problems:
        raise ExportError(f"deck '{deck.id}' does not fit a table: {problems[0].message}")
    problems = []
    for original, again in zip(cards, source.data["cards"]):
        lost = sorted(_differences(_checked(game, original), _checked(game, again)))
        if lost:
            problems.append(f"card '{original.get('id')}': {', '.join(lost)}")
    if problems:
        raise ExportError(f"deck '{deck.id}' has values a table cannot hold (an empty text or list that differs from "
                          f"leaving it out, or a key with a dot): {'; '.join(problems)}; keep it in YAML or change them")


def _checked(game: Game, card: dict):
    """A card as the card model sees it (both sides), or as written when the model refuses it."""
    try:
        checked = game.card_model.model_validate(card).model_dump(mode="json")
    except ValueError:
        return card
    if isinstance(card.get("back"), dict):
        back = {key: value for key, value in card["back"].items() if key not in ("id", "count")}
        try:
            checked["back"] = game.card_model.model_validate({**back, "id": card.get("id")}).model_dump(mode="json")
        except ValueError:
            checked["back"] = card["back"]
    return checked


def _differences(a, b, prefix: str = "") -> set[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        return {d for key in a.keys() | b.keys() for d in _differences(a.get(key), b.get(key), f"{prefix}{key}.")}
    return set() if a == b else {prefix.rstrip(".") or "the card"}


# -- rows to files -------------------------------------------------------------------------------------------


def _as_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _csv_text(value) -> str:
    """A value as a CSV cell: a text a spreadsheet program would run as a formula is marked as text (pnp.reading.tables)."""
    return as_text_cell(value) if isinstance(value, str) else _as_text(value)


def _guarded(value) -> bool:
    return isinstance(value, str) and _csv_text(value) != value


def _csv_bytes(header: list[str], rows: list[list]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([_csv_text(name) for name in header])
    for row in rows:
        writer.writerow([_csv_text(value) for value in row])
    return out.getvalue().encode("utf-8")


def _xlsx_bytes(header: list[str], rows: list[list]) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = XLSX_SHEET
    for r, row in enumerate([header, *rows], 1):
        for c, value in enumerate(row, 1):
            if value is None:
                continue
            cell = sheet.cell(row=r, column=c, value=_xlsx_text(value) if isinstance(value, str) else value)
            if isinstance(value, str):
                cell.data_type = "s"  # text, never a formula: a card text starting with = stays text
    book.properties.creator = "pnp"
    book.properties.created = book.properties.modified = FIXED_TIME
    out = io.BytesIO()
    book.save(out)
    return _fixed_zip(out.getvalue())


def _xlsx_text(text: str) -> str:
    """A text as XLSX stores it: an underscore that would start an escaped character (_x000D_, which a spreadsheet
    program and pnp.reading.xlsx read as one character) is itself escaped, _x005F_ (openpyxl writes texts as they are)."""
    return XLSX_ESCAPE.sub("_x005F_", text)


def _fixed_zip(data: bytes) -> bytes:
    """The same zip with every member dated FIXED_TIME: the same deck exports to the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for member in source.infolist():
            info = zipfile.ZipInfo(member.filename, FIXED_TIME.timetuple()[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            data = source.read(member.filename)
            if member.filename == "docProps/core.xml":  # openpyxl stamps the time of saving here, whatever we set
                stamp = FIXED_TIME.strftime("%Y-%m-%dT%H:%M:%SZ").encode()
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", rb"\g<1>" + stamp + rb"\g<2>", data)
            target.writestr(info, data)
    return out.getvalue()
