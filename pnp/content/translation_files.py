"""The translators' files: a language's texts exported as gettext PO or XLSX, read back, and written into
translations/<lang>.yaml (pnp.content.translations reads it).

Each string goes out with its key (PO: msgctxt), its source text (msgid), where it belongs and the room its box gives
(an extracted comment), and the translation already made (msgstr; marked fuzzy when its source text changed since).
Reading a file back, each translation is stamped with the digest of the source text the file carries, so a source
edited meanwhile shows as stale at once. An empty or fuzzy translation is not taken; an unknown key is an error at
its line, and nothing is written until the whole file reads.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

from pnp.core.diagnostics import Diagnostic, did_you_mean

PO_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
PO_UNESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r"}
XLSX_SHEET = "Texts"


@dataclass
class Row:
    """One string for a translator: its key, source text, note (where it belongs, its room) and translation."""
    key: str
    source: str
    note: str
    where: str
    translation: str = ""
    stale: bool = False  # the translation was made from another source text


@dataclass
class ReadBack:
    """A translation read from a translator's file: the digest of the source text it was made from, and its place."""
    key: str
    text: str
    source_text: str
    line: int
    col: int = 1
    cell: str = ""


# -- PO -------------------------------------------------------------------------------------------------------


def po_quoted(text: str) -> str:
    return '"' + "".join(PO_ESCAPES.get(ch, ch) for ch in text) + '"'


def po_text(rows: list[Row], lang: str, game_id: str) -> str:
    """The PO file of a language's strings: a header, then an entry per string, msgctxt the key."""
    out = [f"# {game_id}: the texts to translate into {lang}. msgctxt is each text's key; keep every {{link}} and "
           "{icon} as written.", 'msgid ""', 'msgstr ""', po_quoted("Content-Type: text/plain; charset=UTF-8\n"),
           po_quoted(f"Project-Id-Version: {game_id}\n"), po_quoted("MIME-Version: 1.0\n"),
           po_quoted("Content-Transfer-Encoding: 8bit\n"), po_quoted(f"Language: {lang}\n"), po_quoted(f"X-Pnp-Game: {game_id}\n"), ""]
    for row in rows:
        out += [f"#. {line}" for line in row.note.splitlines() if line]
        out += [f"#: {row.where}"] if row.where else []
        out += ["#, fuzzy"] if row.stale else []
        out += [f"msgctxt {po_quoted(row.key)}", f"msgid {po_quoted(row.source)}", f"msgstr {po_quoted(row.translation)}",
                ""]
    return "\n".join(out)


def read_po(text: str, shown: str) -> tuple[list[ReadBack], list[Diagnostic]]:
    """The translated entries of a PO file (neither empty nor fuzzy), each with the line of its msgctxt."""
    entries, problems = [], []
    entry: dict = {}
    field = None

    def finish():
        if entry.get("msgid") is not None and entry.get("msgid") != "" or "msgctxt" in entry:
            _take(entry, shown, entries, problems)
        entry.clear()

    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            finish()
            field = None
            continue
        if stripped.startswith("#"):
            if field is not None and field != "comment":
                finish()
            field = "comment"
            if stripped.startswith("#,") and "fuzzy" in stripped[2:].replace(",", " ").split():
                entry["fuzzy"] = True
            elif stripped.startswith("#~"):
                entry["obsolete"] = True
            continue
        found = re.match(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(\".*)$", stripped)
        if found:
            name = found.group(1)
            if name == "msgctxt" and field in ("msgid", "msgstr"):
                finish()
            field = name
            value = _po_string(found.group(2), shown, number, problems)
            entry[name] = value
            entry.setdefault("line", number)
            if name == "msgctxt":
                entry["line"] = number
            continue
        if stripped.startswith('"') and field not in (None, "comment"):
            entry[field] = entry.get(field, "") + _po_string(stripped, shown, number, problems)
            continue
        problems.append(Diagnostic(shown, number, 1, "po", "not a line of a PO file (msgctxt, msgid, msgstr, a "
                                   "quoted text or a # comment); check the quotes of the text above"))
    finish()
    return entries, problems


def _take(entry: dict, shown: str, entries: list, problems: list) -> None:
    if entry.get("obsolete") or entry.get("fuzzy"):
        return
    if any(name.startswith(("msgid_plural", "msgstr[")) for name in entry):
        problems.append(Diagnostic(shown, entry["line"], 1, "po", "pnp's texts have no plural forms; write one "
                                   "msgstr"))
        return
    if "msgctxt" not in entry:
        problems.append(Diagnostic(shown, entry.get("line", 1), 1, "po", "this entry has no msgctxt, the key of the "
                                   "text it translates; keep the msgctxt lines as pnp translate export wrote them"))
        return
    if entry.get("msgstr"):
        entries.append(ReadBack(entry["msgctxt"], entry["msgstr"], entry.get("msgid", ""), entry["line"]))


def _po_string(quoted: str, shown: str, number: int, problems: list) -> str:
    """A PO quoted string's text: its escapes read (an unknown escape or a missing quote is a problem at its line)."""
    if len(quoted) < 2 or not quoted.endswith('"'):
        problems.append(Diagnostic(shown, number, 1, "po", "this text has no closing quote; end it with \""))
        return ""
    body, out, i = quoted[1:-1], [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body) and body[i + 1] in PO_UNESCAPES:
            out.append(PO_UNESCAPES[body[i + 1]])
            i += 2
            continue
        if ch == "\\" or ch == '"':
            problems.append(Diagnostic(shown, number, i + 2, "po", f"'{ch}' must be escaped in a PO text (\\\\ or "
                                       '\\"); pnp reads \\n, \\t, \\r, \\\\ and \\" only'))
            return ""
        out.append(ch)
        i += 1
    return "".join(out)


# -- XLSX -----------------------------------------------------------------------------------------------------


def xlsx_bytes(rows: list[Row], source_lang: str, lang: str) -> bytes:
    """A workbook of the strings: key, the source text, the translation, where it belongs and its room. Every cell
    is text, never a formula (pnp.content.deck_export writes it so: a text starting with = stays text)."""
    from pnp.content.deck_export import _xlsx_bytes

    header = ["key", source_lang, lang, "stale", "note", "where"]
    return _xlsx_bytes(header, [[row.key, row.source, row.translation or None, "yes" if row.stale else None,
                                 row.note or None, row.where or None] for row in rows])


def read_sheet(data: bytes, shown: str, suffix: str, source_lang: str, lang: str) -> tuple[list[ReadBack], list[Diagnostic]]:
    """The translations of a workbook (or CSV) written by xlsx_bytes, or any with a `key` column and the language's."""
    from pnp.reading.source import SourceError
    from pnp.reading.tables import read_table

    try:
        table = read_table(data, shown, suffix)
    except SourceError as exc:
        return [], list(exc.diagnostics)
    rows = [(n, cells) for n, cells in table.rows if any(_text(c) for c in cells)]
    if not rows:
        return [], []
    header_row, header = rows[0]
    names = [_text(c).strip().lower() for c in header]
    if "key" not in names or lang not in names:
        return [], [Diagnostic(shown, header_row, 1, "translation", f"the first row names the columns: key, "
                               f"{source_lang} and {lang}", "error", table.source.cell(header_row, 1))]
    key, text = names.index("key"), names.index(lang)
    origin = names.index(source_lang) if source_lang in names else None
    found = []
    for number, cells in rows[1:]:
        cell = lambda col: _text(cells[col]) if col is not None and col < len(cells) else ""  # noqa: E731
        if cell(key).strip() and cell(text):
            found.append(ReadBack(cell(key).strip(), cell(text), cell(origin), number, text + 1,
                                  table.source.cell(number, text + 1)))
    return found, []


def _text(value) -> str:
    from pnp.reading.tables import as_written

    if value is None:
        return ""
    return as_written(value) if isinstance(value, str) else str(value)


# -- reading back into translations/<lang>.yaml ----------------------------------------------------------------


def unknown_keys(read: list[ReadBack], known, shown: str) -> list[Diagnostic]:
    """Each translation whose key is no text of the game: an error at its line, with the nearest key."""
    return [Diagnostic(shown, entry.line, entry.col, "unknown-key", f"no text '{entry.key}' in this game"
                       f"{did_you_mean(entry.key, known)}", "error", entry.cell) for entry in read if entry.key not in known]


def yaml_text(lang: str, texts: dict[str, dict | str]) -> str:
    """translations/<lang>.yaml as pnp writes it: each entry a text, or {text, source} with its digest in quotes."""
    head = (f"# The {lang} texts of this game, keyed by where each source text lives. An entry {{text, source}} keeps "
            "the digest of\n# the source text it was made from (pnp translate import and stamp write it).\n")
    return head + yaml.safe_dump({"language": lang, "texts": texts}, allow_unicode=True, sort_keys=False, width=100,
                                 default_style=None)
