"""YAML loading that remembers where every value came from, and that no file can hang or crash.

`load(path)` returns a `Source`: the plain Python data (dicts, lists, scalars)
plus a map from each value's key path, e.g. ("cards", 3, "name"), to its
(line, col), 1-based. Every later stage reports problems through `Source.at`,
so a diagnostic always names the file, line and column a designer must edit.

A content folder may come from anyone, so reading is bounded: only regular
files, at most MAX_FILE_BYTES; nesting at most MAX_DEPTH deep (checked on the
parser's event stream, before anything recursive sees the document, and again
through aliases as values are built: an alias inside its own anchor's value
never ends); aliases repeating at most MAX_VALUES values and MAX_ALIAS_CHARACTERS
characters of text a file, however many texts it is read as (ValueBudget: a
"billion laughs" file stops at once, a thousand aliases of one long text too,
and so does a spreadsheet of a thousand small ones; what is written out is
bounded by the file's bytes and spends nothing); no text longer than
MAX_TEXT_CHARACTERS; tags other than YAML's own are errors. Each of these is
a diagnostic at its line, never a hang or an internal error.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pnp.core.diagnostics import Diagnostic, hidden_character, hidden_character_message, relative
from pnp.core.limits import MAX_ALIAS_CHARACTERS, MAX_DEPTH, MAX_FILE_BYTES, MAX_TEXT_CHARACTERS, MAX_VALUES
from pnp.core.paths import LINK_LOOP, is_inside, link_loop

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
KeyPath = tuple



class SourceError(Exception):
    """The file could not be read as YAML; carries the diagnostics."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(diagnostics[0].format())
        self.diagnostics = diagnostics

    def __reduce__(self):  # rebuilt with its diagnostics when it crosses from a build worker to the build
        return SourceError, (self.diagnostics,)


@dataclass
class Source:
    path: str
    data: Any
    positions: dict[KeyPath, tuple[int, int]] = field(default_factory=dict)
    sheet: str | None = None  # a deck read from a spreadsheet: positions are (row, column) of this sheet's cells
    # unknown keys of this file given a "did you mean" (pnp.model.schema_errors): past the first MAX_REPORTS_PER_FILE,
    # which are all a report lists of them, none is looked for
    suggested: int = field(default=0, compare=False, repr=False)

    def at(self, keypath: KeyPath) -> tuple[int, int]:
        """Position of the value at keypath, or of its nearest existing parent."""
        keypath = tuple(keypath)
        while keypath not in self.positions and keypath:
            keypath = keypath[:-1]
        return self.positions.get(keypath, (1, 1))

    def key_at(self, keypath: KeyPath) -> tuple[int, int]:
        """Position of a mapping key itself (for unknown-key errors)."""
        return self.positions.get(tuple(keypath) + ("<key>",), self.at(keypath))

    def diagnostic(self, keypath: KeyPath, code: str, message: str, severity="error", on_key=False):
        line, col = self.key_at(keypath) if on_key else self.at(keypath)
        return Diagnostic(self.path, line, col, code, message, severity, self.cell(line, col))

    def place(self, keypath: KeyPath) -> str:
        """Where a value is written, for a message: file:line, or file:Sheet!C12 in a spreadsheet."""
        line, col = self.at(keypath)
        return f"{self.path}:{self.cell(line, col) or line}"

    def cell(self, row: int, col: int) -> str:
        """A spreadsheet cell's name, "Sheet!C12" ('My cards'!C12 when the sheet's name has spaces); "" for text files."""
        if self.sheet is None:
            return ""
        letters = ""
        while col > 0:
            col, rest = divmod(col - 1, 26)
            letters = chr(65 + rest) + letters
        sheet = self.sheet if self.sheet.replace("_", "").isalnum() else "'" + self.sheet.replace("'", "''") + "'"
        return f"{sheet}!{letters}{row}"


_scalars = yaml.constructor.SafeConstructor()
CORE_TAGS = {f"tag:yaml.org,2002:{name}" for name in
             ("str", "int", "float", "bool", "null", "timestamp", "binary", "seq", "map", "set", "omap", "pairs", "merge")}


class ValueBudget:
    """What aliases may repeat in one file (MAX_VALUES values, MAX_ALIAS_CHARACTERS characters of text), whatever
    number of YAML texts it is read as: a YAML file is one text, a spreadsheet deck one per cell (pnp.reading.tables).
    Shared by the texts of a file, so a thousand cells of small alias bombs stop where one file of them would, not
    a thousand budgets later. Values written out spend nothing: the file's bytes bound them, so a plain spreadsheet
    of every row and column pnp reads never runs out."""

    def __init__(self, limit: int = MAX_VALUES, characters: int = MAX_ALIAS_CHARACTERS):
        self.left, self.characters_left = limit, characters

    def spend(self) -> bool:
        """Take one value; False once the file has used up its budget."""
        self.left -= 1
        return self.left >= 0

    def spend_characters(self, count: int) -> bool:
        """Take the characters of a text an alias repeats; False once the file has used up its budget."""
        self.characters_left -= count
        return self.characters_left >= 0


class TooManyValues(SourceError):
    """A text's aliases repeated more than its file's ValueBudget: the file is refused whole, as nothing later in it
    can be read. `what` is the part of the budget that ran out: "more than 200000 values"."""

    def __init__(self, diagnostics: list[Diagnostic], what: str = f"more than {MAX_VALUES} values"):
        super().__init__(diagnostics)
        self.what = what

    def __reduce__(self):
        return TooManyValues, (self.diagnostics, self.what)


class _Builder:
    """Turns composed nodes into plain data with positions. A node reached a second time is an alias's copy: it
    and everything in it spend the file's budget, and its nesting counts on from where the alias stands."""

    def __init__(self, path: str, budget: ValueBudget):
        self.path, self.positions, self.problems, self.budget = path, {}, [], budget
        self.built: set = set()  # collection nodes built once already: reached again, through an alias
        self.scalars: dict = {}  # scalar node -> its value, read once however many aliases repeat it

    def build(self, node, keypath: KeyPath, depth: int = 0, alias: tuple[int, int] | None = None):
        """The value of `node` at `keypath`, inside `depth` collections counted through aliases. `alias`: where the
        alias stands whose copy this value is part of (None for a value as written)."""
        if alias is None and (node in self.built or node in self.scalars):
            alias = self._alias_place(keypath)
        if alias is not None:
            self._spend(node, keypath)
        self.positions[keypath] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        self.built.add(node)
        if depth + 1 > MAX_DEPTH:  # only an alias's copy gets here: the event stream was checked (_check_depth)
            line, col = alias or self.positions[keypath]
            raise SourceError([Diagnostic(self.path, line, col, "yaml", f"nested more than {MAX_DEPTH} levels deep "
                                          "once this alias is repeated (an alias inside its own anchor's value never "
                                          "ends); write the values out")])
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, keypath, depth + 1, alias)
        return [self.build(item, keypath + (i,), depth + 1, alias) for i, item in enumerate(node.value)]

    def _alias_place(self, keypath: KeyPath) -> tuple[int, int]:
        """Where an alias stands, near enough: its key's place in a mapping, its list's in a list."""
        return self.positions.get(keypath + ("<key>",)) or self.positions.get(keypath[:-1], (1, 1))

    def _spend(self, node, keypath: KeyPath) -> None:
        """Charge a value an alias repeats (and a repeated text's characters) to the file's budget: past it, the
        file is refused at the top-level entry whose aliases blew up."""
        if not self.budget.spend():
            raise self._too_much(node, keypath, f"more than {MAX_VALUES} values")
        if isinstance(node, yaml.ScalarNode):
            self._spend_characters(node, keypath)

    def _spend_characters(self, node, keypath: KeyPath) -> None:
        if not self.budget.spend_characters(len(node.value)):
            raise self._too_much(node, keypath, f"more than {MAX_ALIAS_CHARACTERS:,} characters of text")

    def _too_much(self, node, keypath: KeyPath, what: str) -> TooManyValues:
        entry = keypath[:1]  # the top-level entry: its value's place, or its key's where the value is the alias
        line, col = (self.positions.get(entry) or self.positions.get(entry + ("<key>",))
                     or (node.start_mark.line + 1, node.start_mark.column + 1))
        return TooManyValues([Diagnostic(self.path, line, col, "yaml", f"the aliases in this entry repeat {what} "
                                         "(aliases repeating aliases?); write the values out or use fewer aliases")], what)

    def _mapping(self, node, keypath: KeyPath, depth: int, alias: tuple[int, int] | None) -> dict:
        result, key_nodes = {}, {}
        for key_node, value_node in node.value:
            merge = isinstance(key_node, yaml.ScalarNode) and key_node.value == "<<"
            key = self._key(key_node) if isinstance(key_node, yaml.ScalarNode) and not merge else None
            if merge or not isinstance(key, (str, int)):
                self.problems.append(_at(self.path, key_node, "yaml", "merge keys (<<) and complex keys are not "
                                         "supported; write the key as plain text"))
                continue
            if alias is not None:  # a key of a repeated mapping is repeated text too
                self._spend_characters(key_node, keypath)
            if key in result:
                self.problems.append(_at(self.path, key_node, "duplicate-key", _twice(key, key_node, key_nodes[key])))
            key_nodes.setdefault(key, key_node)
            self.positions[keypath + (key, "<key>")] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[key] = self.build(value_node, keypath + (key,), depth, alias)
        return result

    def _key(self, node):
        """A mapping key: text or a whole number, as YAML reads it, except the words YAML 1.1 reads as true and
        false (yes, no, on, off, true, false): a key is a name, never a flag, and as a flag `yes:` would be the
        same key as `1:` (True == 1), silently replacing its value."""
        key = self.scalar(node)
        return node.value if isinstance(key, bool) else key

    def scalar(self, node):
        """A scalar's value, read once per node (its problems reported once, an alias's copy shares the value)."""
        if node not in self.scalars:
            self.scalars[node] = self._read_scalar(node)
        return self.scalars[node]

    def _read_scalar(self, node):
        """A scalar with YAML's own tags only: a custom tag (!foo), a value its tag cannot read or a text longer
        than MAX_TEXT_CHARACTERS is a problem."""
        if node.tag not in CORE_TAGS:
            self.problems.append(_at(self.path, node, "yaml", f"unknown tag {_short(node.tag)}; remove it (pnp reads plain YAML values)"))
            return None
        if len(node.value) > MAX_TEXT_CHARACTERS:
            self.problems.append(_at(self.path, node, "too-large", f"this value is {len(node.value):,} characters "
                                     f"long; pnp reads texts of at most {MAX_TEXT_CHARACTERS:,} characters (a long rules "
                                     "section has a few thousand): shorten it or split it"))
            return None
        try:
            value = _construct(node)
        except (yaml.YAMLError, ValueError, TypeError, OverflowError, AttributeError) as exc:
            self.problems.append(_at(self.path, node, "yaml", f"{_short(node.tag)} cannot read '{node.value}' "
                                     f"({str(exc).splitlines()[0][:80]}); remove the tag or fix the value"))
            return None
        hidden = hidden_character(value) if isinstance(value, str) else None
        if hidden is not None:  # a "\e[2J" or a bidi override written as an escape: one check for every value and key
            self.problems.append(_at(self.path, node, "control-character", f"this text {hidden_character_message(hidden)}"))
        return value


def _construct(node):
    """A scalar node's Python value by PyYAML's own constructors, which keep every node they construct (and one
    that raised) in the constructor's tables: shared by every parse, those would keep each file's nodes for the
    life of the process (a `pnp watch` growing with every save), so they are emptied at once."""
    try:
        return _scalars.construct_object(node)
    finally:
        _scalars.constructed_objects.pop(node, None)
        _scalars.recursive_objects.pop(node, None)


def _twice(key, node, first) -> str:
    """A duplicate key, as written: the same text twice, or two spellings YAML reads as one key (0x1 and 1)."""
    if node.value == first.value:
        return f"key '{node.value}' appears twice in this mapping"
    return (f"key '{node.value}' is the same key as '{first.value}' on line {first.start_mark.line + 1} (YAML reads "
            f"both as {key}); keep one")


def _short(tag: str) -> str:
    return tag.replace("tag:yaml.org,2002:", "!!")


def _at(path, node, code, message):
    return Diagnostic(path, node.start_mark.line + 1, node.start_mark.column + 1, code, message)


_OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _check_depth(text: str, path: str) -> None:
    """Stop at the first mapping or list nested deeper than MAX_DEPTH: the event stream is flat, so a
    10,000-level file is refused after 65 events instead of overflowing a recursive composer.

    libyaml 0.2.5's own bound (PyYAML 6.0.4's wheels) looks ahead through a flow collection and stops at 1,000
    levels before the events reach 65: the text up to where it stopped is checked again, which finds where the
    content passed MAX_DEPTH, so the error names that place (as with every other PyYAML)."""
    try:
        _check_events(text, path)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        if "maximum nesting depth" not in str(exc.problem) or mark is None or not 0 < mark.index < len(text):
            raise
        try:
            _check_events(text[:mark.index], path)  # raises SourceError at the level past MAX_DEPTH
        except yaml.YAMLError:
            pass
        raise


def _check_events(text: str, path: str) -> None:
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, _OPEN):
            depth += 1
            if depth > MAX_DEPTH:
                mark = event.start_mark
                raise SourceError([Diagnostic(path, mark.line + 1, mark.column + 1, "yaml", f"nested more than "
                                              f"{MAX_DEPTH} levels deep; content never needs that, flatten it")])
        elif isinstance(event, _CLOSE):
            depth -= 1


def _tagged_collections(root, path: str) -> list[Diagnostic]:
    """Custom tags on mappings and lists (!foo {a: 1}): YAML's own tags only."""
    problems, stack, seen = [], [root], set()
    while stack:
        node = stack.pop()
        if id(node) in seen or isinstance(node, yaml.ScalarNode):
            continue
        seen.add(id(node))
        if node.tag not in CORE_TAGS:
            problems.append(_at(path, node, "yaml", f"unknown tag {_short(node.tag)}; remove it (pnp reads plain YAML values)"))
        children = node.value if isinstance(node, yaml.SequenceNode) else [n for pair in node.value for n in pair]
        stack.extend(children)
    return problems


def parse(text: str, path: str = "<string>", budget: ValueBudget | None = None) -> Source:
    """Parse YAML text; raise SourceError with file:line:col on malformed or hostile input (TooManyValues when it
    expands past `budget`, the values its file may still expand to: MAX_VALUES for a text that is a whole file)."""
    try:
        _check_depth(text, path)
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or exc.context or "malformed YAML"
        raise SourceError([Diagnostic(path, line, col, "yaml", f"{what}; check indentation, colons and quotes")])
    except yaml.YAMLError as exc:
        raise SourceError([Diagnostic(path, 1, 1, "yaml", str(exc).splitlines()[0])])
    if root is None:
        return Source(path, None, {(): (1, 1)})
    builder = _Builder(path, ValueBudget() if budget is None else budget)
    problems = _tagged_collections(root, path)
    try:
        data = builder.build(root, ())
    except SourceError as exc:  # refused part-way (aliases): with the problems found on the way there
        exc.diagnostics[:0] = problems + builder.problems
        raise
    problems += builder.problems
    if problems:
        raise SourceError(problems)
    return Source(path, data, builder.positions)


def unreadable(path: Path | str, exc: OSError, what: str = "file") -> Diagnostic:
    """A file or folder pnp may not read (no permission, an I/O error), at its first line."""
    reading = "list" if what == "folder" else "read"
    return Diagnostic(relative(path), 1, 1, "unreadable", f"cannot {reading} this {what} ({exc.strerror or exc}); "
                      "check its permissions")


def read_bytes(path: Path | str, within: Path | None = None) -> bytes:
    """The bytes of a content file: a regular file inside `within` (after following links), not too large.
    Problems are SourceErrors at the file."""
    shown = relative(path)

    def problem(code, message):
        return SourceError([Diagnostic(shown, 1, 1, code, message)])

    if within is not None and not is_inside(within, Path(path)):
        if link_loop(path):
            raise problem("link-loop", f"this file {LINK_LOOP}")
        raise problem("outside", f"this file leads outside {within.name}/ (a link?); keep the project's files inside it")
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise problem("missing-file", "file not found; create it or fix the reference")
    except OSError as exc:  # a symlink loop, a name too long, no permission to look
        raise problem("unreadable", f"cannot read it ({exc.strerror or exc}); make it a plain file pnp can read")
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a device, pipe or socket)"
        raise problem("not-a-file", f"this is {kind}; content must be plain files")
    if info.st_size > MAX_FILE_BYTES:
        raise problem("too-large", f"{info.st_size} bytes; content files are at most {MAX_FILE_BYTES // (1024 * 1024)} MB")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise problem("unreadable", f"cannot read it ({exc.strerror or exc}); check its permissions")
    if len(data) > MAX_FILE_BYTES:  # it grew while being read
        raise problem("too-large", f"more than {MAX_FILE_BYTES // (1024 * 1024)} MB; content files are at most that")
    return data


def read_text(path: Path | str, within: Path | None = None) -> str:
    """The text of a content file (see read_bytes), which must be UTF-8: bad encoding is a SourceError at the
    line and column of the first bad byte."""
    data = read_bytes(path, within)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1:].decode("utf-8", errors="replace")) + 1
        raise SourceError([Diagnostic(relative(path), line, col, "encoding",
                                      f"not UTF-8 text ({exc.reason}); save the file as UTF-8")])


def load(path: Path | str, within: Path | None = None) -> Source:
    return parse(read_text(path, within), relative(path))


SKIPPED = object()  # what skim() leaves unread: a collection deeper than it reads, an alias, a value not text or a whole number
_STR, _INT = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int"
_resolver = yaml.resolver.Resolver()


def skim(path: Path | str, within: Path | None = None, levels: int = 3) -> Any:
    """The top `levels` levels of a YAML file as plain data, for a quick look at many files (`pnp list`): texts and
    whole numbers as YAML reads them, SKIPPED for anything else, no positions and no checks but the file's bounds
    (read_bytes) and MAX_DEPTH. One pass over the parser's events, several times faster than load(), which builds and
    checks everything. Raises SourceError (without a useful position) on a file load() would refuse."""
    shown = relative(path)
    text = read_text(path, within)
    holder: list = []
    stack: list[tuple[bool, list]] = [(False, holder)]  # (is a mapping, its keys and values in turn / its items)
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            kind = type(event)  # one lookup per event: a file of a thousand cards has tens of thousands of them
            if kind in _SKIM_OPEN:
                depth += 1
                if depth > MAX_DEPTH:
                    raise SourceError([Diagnostic(shown, 1, 1, "yaml", f"nested more than {MAX_DEPTH} levels deep")])
                if depth <= levels:
                    stack.append((kind is yaml.MappingStartEvent, []))
            elif kind in _SKIM_CLOSE:
                if depth <= levels:
                    is_mapping, items = stack.pop()
                    stack[-1][1].append(dict(zip(items[::2], items[1::2])) if is_mapping else items)
                elif depth == levels + 1:
                    stack[-1][1].append(SKIPPED)
                depth -= 1
            elif depth > levels:
                continue
            elif kind is yaml.ScalarEvent:
                stack[-1][1].append(_skimmed(event))
            elif kind is yaml.AliasEvent:
                stack[-1][1].append(SKIPPED)
            elif kind is yaml.DocumentStartEvent and holder:
                raise SourceError([Diagnostic(shown, 1, 1, "yaml", "more than one document")])
    except yaml.YAMLError as exc:
        raise SourceError([Diagnostic(shown, 1, 1, "yaml", str(exc).splitlines()[0])]) from None
    return holder[0] if holder else None


_SKIM_OPEN = {yaml.MappingStartEvent, yaml.SequenceStartEvent}
_SKIM_CLOSE = {yaml.MappingEndEvent, yaml.SequenceEndEvent}


def _skimmed(event) -> Any:
    if event.tag is None and not event.implicit[0]:
        return event.value  # quoted: text
    tag = event.tag if event.tag not in (None, "!") else _resolver.resolve(yaml.ScalarNode, event.value, event.implicit)
    if tag == _STR:
        return event.value
    if tag != _INT:
        return SKIPPED
    if event.value.isdigit() and event.value.isascii() and (event.value == "0" or event.value[0] != "0"):
        return int(event.value)  # the common count: YAML 1.1 reads 010 as octal, 0x10 as hexadecimal, 1_000 as 1000
    try:
        return _scalars.construct_yaml_int(yaml.ScalarNode(tag, event.value))
    except ValueError:
        return SKIPPED
