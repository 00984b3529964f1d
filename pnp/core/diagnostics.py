"""Diagnostics: every problem the pipeline finds, with the place it was found.

Library code never prints and never exits: it returns diagnostics in a Report.
Only `pnp.cli` turns a report into text and an exit code.
"""
from __future__ import annotations

import bisect
import datetime
import difflib
import functools
import json
import math
import re
import unicodedata
from dataclasses import asdict, dataclass, replace
from enum import IntEnum
from pathlib import Path

from pnp.core.limits import MAX_REPORTS_PER_FILE, MAX_SUGGESTION_CANDIDATES, MAX_SUGGESTION_LENGTH


class ExitCode(IntEnum):
    """Documented exit codes of every `pnp` command."""

    OK = 0
    INVALID = 1  # the content has errors, or a playtest found an unplayable card
    USAGE = 2  # unknown game, bad option
    INTERNAL = 3  # a bug in pnp itself (run with --debug for the traceback)


class UsageError(Exception):
    """A command asked for something that is not there (a deck, a card): exit 2 with its message."""


@dataclass(frozen=True, order=True)
class Diagnostic:
    path: str
    line: int
    col: int
    code: str
    message: str
    severity: str = "error"
    # a spreadsheet cell, "Sheet!C12", for a deck kept in an XLSX file: shown instead of line:col (which still
    # hold its row and column number, so JSON readers that only know line and col still find the cell)
    cell: str = ""
    # the edition (a language of game.yaml's `languages:`, pnp.content.translations) whose text this is about: "fr"
    # for a French text that does not fit; "" for the game as written
    lang: str = ""

    @property
    def place(self) -> str:
        return f"{self.path}:{self.cell}" if self.cell else f"{self.path}:{self.line}:{self.col}"

    def format(self) -> str:
        edition = f"[{self.lang}] " if self.lang else ""
        return printable(f"{self.place}: {self.severity} {edition}[{self.code}] {self.message}")


class Report:
    """Diagnostics, each once: one problem found by two checks (or by one check twice) is one line and one count.

    At most MAX_REPORTS_PER_FILE of one code (and severity) in one file are listed, the first in the file; the rest
    are one line, at the first left out, saying how many more: a deck of 190,000 misspelt keys is a screenful and a
    count, not 190,000 lines (and the memory and minutes they take)."""

    def __init__(self, diagnostics=()):
        self._listed: dict[Diagnostic, None] = {}  # in the order added
        self._seen: set[Diagnostic] = set()
        self._kinds: dict[tuple, _Kind] = {}  # (path, code, severity) -> what is listed and left out of it
        self.extend(diagnostics)

    def add(self, diagnostic: Diagnostic) -> None:
        if diagnostic in self._seen:
            return
        self._seen.add(diagnostic)
        if _left_out(diagnostic):  # another report's count of what it left out (pnp validate of every game)
            self._listed[diagnostic] = None
            return
        kind = self._kinds.setdefault((diagnostic.path, diagnostic.code, diagnostic.severity), _Kind())
        if len(kind.listed) < MAX_REPORTS_PER_FILE:
            bisect.insort(kind.listed, diagnostic)
            self._listed[diagnostic] = None
            return
        if diagnostic < kind.listed[-1]:  # earlier in the file than the last one listed: listed instead of it
            last = kind.listed.pop()
            bisect.insort(kind.listed, diagnostic)
            del self._listed[last]
            self._listed[diagnostic] = None
            diagnostic = last
        kind.more += 1
        kind.first_left_out = min(kind.first_left_out or diagnostic, diagnostic)

    def extend(self, diagnostics) -> None:
        for diagnostic in diagnostics:
            self.add(diagnostic)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Every diagnostic listed, in the order found, then a line for each kind with more in a file."""
        return list(self._listed) + [kind.summary() for kind in self._kinds.values() if kind.more]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def counts(self) -> tuple[int, int]:
        """Errors and warnings, those left out of the listing included."""
        errors = warnings = 0
        for d in self.diagnostics:
            count = _left_out(d) or 1
            errors, warnings = (errors + count, warnings) if d.severity == "error" else (errors, warnings + count)
        return errors, warnings

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.diagnostics)

    def to_text(self) -> str:
        return "\n".join(d.format() for d in self.sorted())

    def to_json(self) -> str:
        return json.dumps([asdict(d) for d in self.sorted()], indent=2)


class _Kind:
    """The diagnostics of one code and severity in one file: those listed (the first MAX_REPORTS_PER_FILE in the
    file), and how many more, from which place on."""

    def __init__(self):
        self.listed: list[Diagnostic] = []  # sorted: the last is the one to leave out for an earlier one
        self.more = 0
        self.first_left_out: Diagnostic | None = None

    def summary(self) -> Diagnostic:
        first = self.first_left_out
        return replace(first, message=f"and {self.more:,} more like this in this file from here on, not listed (pnp "
                       f"lists the first {MAX_REPORTS_PER_FILE} of each kind a file); fix these and run again")


_LEFT_OUT = re.compile(r"^and ([\d,]+) more like this in this file from here on, not listed \(pnp lists ")


def _left_out(diagnostic: Diagnostic) -> int:
    """How many a report's line for what it left out (_Kind.summary) stands for; 0 for any other diagnostic."""
    found = _LEFT_OUT.match(diagnostic.message)
    return int(found.group(1).replace(",", "")) if found else 0


def printable(text: str) -> str:
    """Text safe for a terminal: control and format characters from content (an escape that clears the
    screen, a bidi override that reorders a line) are shown as escapes, not obeyed."""
    return "".join(ch if ch == " " or unicodedata.category(ch)[0] not in "CZ" or ch.isspace() and ch in "\t"
                   else ch.encode("unicode_escape").decode("ascii") for ch in text)


# Characters no text a player reads needs, that a terminal, a PDF or an export would obey or hide: control
# characters (escape sequences, carriage returns, NUL) and the bidi controls that reorder a line (Trojan Source).
# Tabs and line breaks are text; emoji joiners and soft hyphens (format characters too) are kept.
BIDI_CONTROLS = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Unicode's control characters (Cc) but tab and line feed, the line and paragraph separators (Zl, Zp), lone
# surrogates (Cs), and the bidi controls: one character class, as every string of every file is checked
_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff" + "".join(sorted(BIDI_CONTROLS)) + "]")


def hidden_character(text: str) -> str | None:
    """The first character of `text` that content may not hold (see BIDI_CONTROLS), or None."""
    found = _HIDDEN.search(text)
    return found.group() if found else None


def hidden_character_message(ch: str) -> str:
    return (f"holds the invisible control character U+{ord(ch):04X}; remove it (content is text: a terminal, a PDF "
            "or an export must never obey it)")


def shown_value(value, limit: int = 40) -> str:
    """A value from content as a designer wrote it, for a message: YAML's words (true, null, .inf), a date as
    2024-01-05T10:00:00, text in quotes, lists and mappings in YAML's flow style; never a Python repr
    (datetime.datetime(2024, 1, 5, 10, 0)). At most `limit` characters, ending in "..." where cut: a value of a
    million items is read only as far as is shown."""
    return shortened(_written(value, limit + 1), limit)


def shortened(text: str, limit: int = 40) -> str:
    """A text from content cut to `limit` characters for a message, ending in "..." where cut."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _written(value, room: int) -> str:
    """The value as written, at least its first `room` characters (the rest of a long list or mapping left out)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if value.bit_length() < 10_000 else f"a number of about {int(value.bit_length() * 0.30103)} digits"
    if isinstance(value, float):
        return {math.inf: ".inf", -math.inf: "-.inf"}.get(value, ".nan" if value != value else repr(value))
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, str):
        return repr(value[:room])
    if isinstance(value, (bytes, bytearray)):
        return f"binary data of {len(value)} bytes"
    if isinstance(value, dict):
        return _flow("{", (f"{k[:room] if isinstance(k, str) else _written(k, room)}: {_written(v, room)}"
                           for k, v in value.items()), "}", room)
    if isinstance(value, (list, tuple, set, frozenset)):
        return _flow("[", (_written(item, room) for item in value), "]", room)
    return str(value)[:room]


def _flow(opening: str, items, closing: str, room: int) -> str:
    """Items between brackets, as YAML's flow style writes them, until `room` characters are written."""
    text = opening
    for i, item in enumerate(items):
        text += (", " if i else "") + item
        if len(text) > room:
            return text
    return text + closing


def relative(path: Path | str) -> str:
    """Paths in diagnostics are relative to the working directory when possible. A path whose links cannot be
    followed (a link loop) is named as itself, the link, with its folder resolved: a diagnostic is about it. So
    is a path whose links lead out of the working directory, as written (_as_written)."""
    p = Path(path)
    try:
        try:
            resolved = p.resolve()
        except (OSError, RuntimeError):  # RuntimeError: pathlib's "Symlink loop" (Python 3.12 and earlier)
            resolved = p.parent.resolve() / p.name
        return str(resolved.relative_to(Path.cwd().resolve()))
    except (OSError, RuntimeError, ValueError):
        return _as_written(p)


def _as_written(p: Path) -> str:
    """A path named without following its links, relative to the working directory when it is written inside it:
    `pnp validate` names the project's files relative, a build absolute (pnp.build.game), and a link out of the project
    is the same link to both."""
    try:
        return str((Path.cwd() / p).relative_to(Path.cwd()))
    except (OSError, ValueError):
        return str(p)


def did_you_mean(word: str, choices) -> str:
    """"; did you mean 'X'?" for the choice closest to `word` (difflib's ratio, at least 0.6), or "".

    Bounded: a misspelling is compared with at most MAX_SUGGESTION_CANDIDATES choices, picked from an index
    of the choices made once per set of choices, so thousands of misspelt names among thousands of choices
    cost a linear amount of work, not their product. Choices of a length too far from the word's to reach
    the cutoff are never candidates (difflib would drop them anyway), so with few choices the answer is
    exactly difflib's."""
    close = nearest(word, choices)
    return f"; did you mean '{close}'?" if close is not None else ""


def nearest(word: str, choices):
    """The choice did_you_mean would suggest for `word`, or None."""
    word = str(word)
    if len(word) > MAX_SUGGESTION_LENGTH:
        return None
    try:
        index = _suggestion_index(frozenset(choices))
    except TypeError:  # unhashable choices: index them as text
        index = _suggestion_index(frozenset(map(str, choices)))
    close = difflib.get_close_matches(word, index.candidates(word), n=1, cutoff=SUGGESTION_CUTOFF)
    return close[0] if close else None


def did_you_mean_or_list(word: str, choices) -> str:
    """did_you_mean's "; did you mean 'X'?" when a choice is near `word`; else "; use one of: a, b, c", every choice
    sorted: a likely typo is named alone, the whole list only where no near name helps."""
    return did_you_mean(word, choices) or f"; use one of: {', '.join(sorted(map(str, choices))) or 'none'}"


SUGGESTION_CUTOFF = 0.6


class _SuggestionIndex:
    """The choices as text, sorted within buckets of equal length."""

    def __init__(self, choices: frozenset):
        buckets: dict[int, list[str]] = {}
        for choice in {str(c) for c in choices}:
            if len(choice) <= MAX_SUGGESTION_LENGTH:
                buckets.setdefault(len(choice), []).append(choice)
        self.buckets = {length: sorted(names) for length, names in buckets.items()}

    def candidates(self, word: str) -> list[str]:
        """Up to MAX_SUGGESTION_CANDIDATES choices that can reach the cutoff, nearest in length first and,
        within a length, nearest in sorted order (names sharing the word's beginning)."""
        n = len(word)
        lengths = sorted((length for length in self.buckets if _may_match(n, length)), key=lambda length: (abs(length - n), length))
        found: list[str] = []
        for length in lengths:
            names, room = self.buckets[length], MAX_SUGGESTION_CANDIDATES - len(found)
            if len(names) <= room:
                found += names
                continue
            start = min(max(0, bisect.bisect_left(names, word) - room // 2), len(names) - room)
            found += names[start:start + room]
            break
        return found


def _may_match(a: int, b: int) -> bool:
    """Whether strings of lengths a and b can reach the cutoff: difflib's real_quick_ratio bound."""
    return a + b == 0 or 2.0 * min(a, b) / (a + b) >= SUGGESTION_CUTOFF


@functools.lru_cache(maxsize=32)
def _suggestion_index(choices: frozenset) -> _SuggestionIndex:
    return _SuggestionIndex(choices)
