"""A playtest's journal: every finished chunk of games kept on disk, so that a long run survives a stop.

    pnp playtest GAME --games 1000000 --journal runs/GAME.jsonl     # killed after 600,000 games
    pnp playtest GAME --games 1000000 --journal runs/GAME.jsonl     # plays the other 400,000

The journal is JSON lines, never pickle (an output folder may be tampered with, and reading one must not run
code). Line 1 is the header: what identifies the run (game, games, seed, players, difficulty, whether games that
raise are kept going past), the pnp version and journal format, a fingerprint of the game's content and engine
code, and the chunk size. Every further line is one chunk's ChunkResult (its first game and count in the clear,
the rest zlib-compressed: see `result_line`), appended and fsynced as the chunk comes back, in run order (both
pools return chunks in order, so the journal is always a prefix of the run).

Run again with the same journal and options, the chunks in it are read back instead of played, with the chunk
size of the header (so a resume on another number of processes cuts the same chunks), and go into the report in
order: the report is byte for byte an uninterrupted run's. Values round-trip exactly (tuples stay tuples,
Counters stay Counters, dict keys keep their types and order), through a small tagged encoding (`encode`).

What it refuses, in one line and exit 2 (JournalError is a UsageError), leaving the file as it was:
  - a journal of another run (other seed, games, ...), of another pnp, or of content or engine code that changed
    since: its games are not this run's, and mixing them in would give a report of no run at all. Starting afresh
    instead would throw away hours of games over what may be a mistyped option; deleting the file is the
    deliberate way to start afresh;
  - a file that is not a journal (a mistyped path must not be overwritten), or one damaged before its last line;
  - a journal another run is writing to (a lock).
A torn last line (the process was killed while writing it) is not damage: it is ignored and cut off, and its
chunk is played again.
"""
from __future__ import annotations

import base64
import dataclasses
import json
import os
import stat
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pnp
from pnp.core.diagnostics import UsageError
from pnp.core.incremental import file_states, fingerprint
from pnp.engine.coverage import Coverage
from pnp.engine.runner import ChunkResult

FORMAT = 1
KIND = "pnp playtest"
MAGIC = b'{"journal": "' + KIND.encode() + b'"'  # how every header starts (json.dumps keeps the key order)
# the header's fields that identify a run, in the order a mismatch is told, with how to name them to a user
IDENTITY = {"format": "journal format", "pnp": "pnp version", "game": "game", "games": "--games", "seed": "--seed",
            "players": "--players", "difficulty": "--difficulty", "keep_going": "keep going past errors (a soak)",
            "content": "content"}


class JournalError(UsageError):
    """A journal that cannot be used for this run: exit 2 with its one line (the file is left as it was)."""


# -- what identifies a run ----------------------------------------------------------------------------------------
def identity(game, plan, engine, games: int, seed: int, players: int | None, difficulty: str | None,
             keep_going: bool) -> dict:
    """The header's fields that a journal must share with the run that resumes it (all but the chunk size)."""
    return {"journal": KIND, "format": FORMAT, "pnp": pnp.__version__, "game": game.id, "games": games,
            "seed": seed, "players": players, "difficulty": difficulty, "keep_going": keep_going,
            "content": content_fingerprint(game, plan, engine)}


def content_fingerprint(game, plan, engine) -> str:
    """What the run's games are played from: the game's content files and the engine's code, by digest.

    The content is the game's folder (content/GAME), digested as pnp.core.incremental digests a build's inputs. The
    code is every Python file of the packages the engine, the players and the harness come from (the game's
    package, pnp.engine): an edit there may change every game, and a journal of the old games must not be mixed
    into a report of the new ones. Digests, not times: a checkout or a copy that changes nothing keeps a journal
    good. Elsewhere in pnp, the pnp version stands for the code."""
    root = Path(game.root)
    content = [(os.path.relpath(path, root).replace(os.sep, "/"), state and state[2])
               for path, state in sorted(file_states(_files_under(root)).items())]
    code = sorted({path for name in (type(engine).__module__, plan.policy_table.rpartition(".")[0], __name__)
                   for path in _code_files(name)})
    return fingerprint(content, sorted((Path(path).parent.name, Path(path).name, state and state[2])  # not where
                                       for path, state in file_states(code).items()))  # it is installed: what it is


def _files_under(folder: Path) -> list[str]:
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        found += [os.path.join(dirpath, name) for name in sorted(filenames)]
    return found


def _code_files(module_name: str) -> list[str]:
    """The Python files of the package a module is in (its folder and below), or the module's own file if it is
    in none (a lone module beside a whole site-packages is not the site-packages)."""
    import importlib

    module = importlib.import_module(module_name)
    file = getattr(module, "__file__", None)
    if not file:
        return []
    if not module.__package__:
        return [os.path.abspath(file)]
    return [path for path in _files_under(Path(file).resolve().parent) if path.endswith(".py")]


def mismatch(header: dict, wanted: dict) -> str | None:
    """How the journal's header differs from this run's identity, in words; None if it is this run's."""
    for key, name in IDENTITY.items():
        theirs, ours = header.get(key), wanted[key]
        if theirs == ours and type(theirs) is type(ours):
            continue
        if key == "content":
            return (f"the content or engine of {wanted['game']} changed since it was written, so its games are not "
                    "the ones this content plays")
        if key in ("format", "pnp"):
            return f"it was written with {name} {theirs}, this is {ours}"
        if key == "keep_going":
            return "it was written by a soak (which keeps going past games that raise), this run is not one" if theirs \
                else "it was written by pnp playtest, this run is a soak (which keeps going past games that raise)"
        return f"it is of a run with {name} {_shown(theirs)}, this one has {_shown(ours)}"
    return None


def _shown(value) -> str:
    return "(not given)" if value is None else str(value)


# -- the encoding: JSON with tags where JSON would lose a type ------------------------------------------------------
def encode(value):
    """A JSON-ready form of a result's value that `decode` turns back into an equal value of the same types.

    JSON keeps None, booleans, ints, floats (repr round-trips), strings and lists; everything else is a
    one-key object naming its type: {"tuple": [...]}, {"dict": [[key, value], ...]} (keys of any type, in
    order), {"counter": [[key, count], ...]}. A plain JSON object is never written, so a tag is never ambiguous.
    Anything else is refused (TypeError) rather than written as something that reads back different."""
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is list:
        return [encode(item) for item in value]
    if kind is tuple:
        return {"tuple": [encode(item) for item in value]}
    if kind in (dict, Counter):
        return {kind.__name__.lower(): [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"a playtest journal cannot keep a value of type {kind.__name__} ({value!r:.60}): a game's "
                    "Result details must be made of None, bool, int, float, str, list, tuple and dict")


def decode(value):
    """The value `encode` was given; ValueError for anything it never writes."""
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is list:
        return [decode(item) for item in value]
    if kind is dict and len(value) == 1:
        [(tag, items)] = value.items()
        if type(items) is list:
            if tag == "tuple":
                return tuple(decode(item) for item in items)
            if tag in ("dict", "counter"):
                pairs = (_pair(item) for item in items)
                return dict(pairs) if tag == "dict" else Counter(dict(pairs))
    raise ValueError(f"not a value a journal holds: {str(value)[:60]}")


def _pair(item) -> tuple:
    if type(item) is not list or len(item) != 2:
        raise ValueError("a dict entry is not a [key, value] pair")
    key = decode(item[0])
    hash(key)  # a list as a key: TypeError, damage
    return key, decode(item[1])


# -- a chunk's result as one line ------------------------------------------------------------------------------------
def result_line(result: ChunkResult) -> bytes:
    """One chunk's ChunkResult as a JSON line: {"first": game, "games": n, "zlib": the rest, compressed}.

    Rows are (scores, winners, rounds, steps, details) as plain lists, their details an index into the chunk's
    distinct details (many games end alike). Games' details are most of a line (a game that lists the cards each
    game gained and lost: 500 bytes a game), and repeat the same few words, so the rest is zlib-compressed: such a
    chunk of 2,000 games is 100 kB instead of 1.1 MB, a million games 50 MB instead of 550."""
    distinct: dict[str, int] = {}  # encoded details -> its index: equal only when types are equal too
    details: list = []
    rows = []
    for row in result.rows:
        if row is None:  # a game that raised, in a run that kept going
            rows.append(None)
            continue
        scores, winners, rounds, steps, detail = row
        encoded = encode(detail)
        key = json.dumps(encoded)
        if key not in distinct:
            distinct[key] = len(details)
            details.append(encoded)
        rows.append([encode(list(scores)), encode(list(winners)), encode(rounds), encode(steps), distinct[key]])
    rest = json.dumps({"rows": rows, "details": details, "coverage": _coverage(result.coverage),
                       "errors": encode(result.errors)}, separators=(",", ":")).encode("ascii")
    line = {"first": result.first, "games": len(rows), "zlib": base64.b64encode(zlib.compress(rest)).decode("ascii")}
    return json.dumps(line, separators=(",", ":")).encode("ascii") + b"\n"


def read_result(line: bytes) -> ChunkResult:
    """The ChunkResult of a line `result_line` wrote; ValueError (or TypeError, KeyError...) for anything else."""
    head = json.loads(line)
    first = head["first"]
    if type(first) is not int or type(head["games"]) is not int:
        raise ValueError("a chunk's first game or count is not a number")
    data = json.loads(_inflate(base64.b64decode(head["zlib"], validate=True)))
    details = [decode(d) for d in data["details"]]
    rows = []
    for row in data["rows"]:
        if row is None:
            rows.append(None)
            continue
        scores, winners, rounds, steps, index = row
        if type(index) is not int or not 0 <= index < len(details) or type(scores) is not list or type(winners) is not list:
            raise ValueError("a row is not (scores, winners, rounds, steps, details)")
        rows.append((tuple(decode(scores)), tuple(decode(winners)), decode(rounds), decode(steps), details[index]))
    if len(rows) != head["games"]:
        raise ValueError("a chunk's count is not its number of rows")
    errors = decode(data["errors"])
    if type(errors) is not list or not all(type(e) is tuple and len(e) == 2 for e in errors):
        raise ValueError("errors are not (seed, what went wrong) pairs")
    return ChunkResult(first, _read_coverage(data["coverage"]), rows, errors)


def _inflate(data: bytes) -> bytes:
    """Decompressed, at most MAX_CHUNK_BYTES: a tampered line must not unpack into gigabytes."""
    inflate = zlib.decompressobj()
    out = inflate.decompress(data, MAX_CHUNK_BYTES)
    if inflate.unconsumed_tail or not inflate.eof:
        raise ValueError("a chunk's data is cut short, or larger than any chunk")
    return out


MAX_CHUNK_BYTES = 256 << 20  # a chunk of 2,000 games unpacks to about 1 MB; this is far past any


def _coverage(coverage: Coverage) -> dict:
    """Every field of the Coverage, by name (a field added to Coverage is kept with no change here)."""
    return {f.name: (_coverage(value) if isinstance(value, Coverage) else encode(value))
            for f in dataclasses.fields(coverage) for value in (getattr(coverage, f.name),)}


def _read_coverage(data) -> Coverage:
    blank = Coverage()
    names = [f.name for f in dataclasses.fields(blank)]
    if type(data) is not dict or sorted(data) != sorted(names):
        raise ValueError("the coverage has other fields than a Coverage")
    values = {}
    for name in names:
        if name == "staged":
            values[name] = None if data[name] is None else _read_coverage(data[name])
            continue
        values[name] = decode(data[name])
        if type(values[name]) is not type(getattr(blank, name)):  # a Counter stays a Counter, a count an int
            raise ValueError(f"the coverage's {name} is a {type(values[name]).__name__}")
    return Coverage(**values)


# -- the file ----------------------------------------------------------------------------------------------------------
class Journal:
    """One run's journal file, held (locked) while the run goes on.

        with Journal(path, identity(...)) as journal:
            journal.chunk_size           # the header's, when resuming; else None until start(size)
            for result in journal.stored(games): ...    # the chunks it holds, in order (consume them all first)
            journal.start(size)          # a new journal's header
            journal.append(result)       # each chunk as it comes back: on disk when this returns
    """

    def __init__(self, path: Path, wanted: dict):
        self.path, self.wanted = Path(path), wanted
        self.header: dict | None = None
        self.end = 0  # where the good part of the file ends: appends go here
        self.file = None

    @property
    def chunk_size(self) -> int | None:
        return self.header["chunk_size"] if self.header else None

    def __enter__(self) -> Journal:
        self.file = self._open()
        try:
            self._lock()
            self._read_header()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> bool:
        self.close()
        return False

    def close(self) -> None:
        if self.file is not None:
            self.file.close()  # and the lock with it
            self.file = None

    def _open(self):
        """The file for reading and appending, made (with its folder) if missing. Only a regular file: a link is
        not followed (planted in an output folder, it could lead pnp to write elsewhere), a pipe or device refused."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            new = not self.path.exists()
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0),
                         0o666)
        except OSError as exc:
            why = "it is a link, and pnp follows none" if self.path.is_symlink() else exc.strerror or exc
            raise JournalError(f"cannot open the journal {self.path}: {why}; give another journal file") from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise JournalError(f"cannot open the journal {self.path}: it is not a regular file; give another journal file")
        if new:
            _sync_folder(self.path.parent)  # the new file's name survives a crash as its lines do
        return os.fdopen(fd, "r+b")

    def _lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # no flock on this platform: two runs on one journal are not stopped
            return
        try:
            fcntl.flock(self.file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise JournalError(f"the journal {self.path} is in use by another run; wait for it, or give another "
                               "journal file") from None

    def _read_header(self) -> None:
        """Read and check line 1. An empty file, or one holding only the start of a header (killed as it was
        written), is a new journal; a file that does not start as a journal is someone else's: refused."""
        first = self.file.readline(MAX_HEADER)
        if not first.endswith(b"\n"):
            if MAGIC.startswith(first) or first.startswith(MAGIC):
                return  # new, or a torn header: start() writes it again from the start
            raise self._not_a_journal()
        try:
            header = json.loads(first)
        except (ValueError, RecursionError):
            raise (self._damaged(1) if first.startswith(MAGIC) else self._not_a_journal()) from None
        if type(header) is not dict or header.get("journal") != KIND:
            raise self._not_a_journal()
        size = header.get("chunk_size")
        if type(size) is not int or size < 1:
            raise self._damaged(1)
        why = mismatch(header, self.wanted)
        if why:
            redo = "" if why.startswith(("the content", "it was written")) else "run with its options, or "
            raise JournalError(f"the journal {self.path} is not this run's: {why}; {redo}start afresh with another "
                               "journal file (or delete it)")
        self.header, self.end = header, len(first)

    def stored(self, games: int) -> Iterator[ChunkResult]:
        """The chunks the journal holds, in order, checked to be the run's chunks (game `first` onwards, the
        header's chunk size, `games` in all). A torn or unreadable last line is cut off (its chunk is played again);
        an unreadable line before the last one is damage."""
        if self.header is None:
            return
        size, expected = self.header["chunk_size"], 0
        self.file.seek(self.end)
        total = os.fstat(self.file.fileno()).st_size
        number = 1
        for line in self.file:
            number += 1
            last = self.end + len(line) == total
            try:
                result = read_result(line) if line.endswith(b"\n") else None
                if result is not None and (result.first != expected or expected >= games
                                           or len(result.rows) != min(size, games - expected)):
                    raise ValueError("not the next chunk of the run")
            except (ValueError, TypeError, KeyError, IndexError, RecursionError, zlib.error):
                result = None
                if not last:
                    raise self._damaged(number) from None
            if result is None:  # torn: the run was stopped while this line was written
                break
            self.end += len(line)
            expected += len(result.rows)
            yield result
        self._cut()

    def _cut(self) -> None:
        """Drop whatever follows the good lines (a torn last line), so the next append starts a line of its own."""
        if os.fstat(self.file.fileno()).st_size != self.end:
            self.file.truncate(self.end)
            self._sync()

    def start(self, chunk_size: int) -> None:
        """A new journal's header; a journal being resumed keeps its own (and its chunk size)."""
        if self.header is not None:
            return
        self.header = {**self.wanted, "chunk_size": chunk_size}
        self.end = 0
        self.file.truncate(0)  # a torn header, if any
        self._write(json.dumps(self.header).encode("ascii") + b"\n")

    def append(self, result: ChunkResult) -> None:
        """The chunk's result, on disk when this returns (flush and fsync: a killed run loses no finished chunk)."""
        self._write(result_line(result))

    def _write(self, line: bytes) -> None:
        self.file.seek(self.end)
        self.file.write(line)
        self.end += len(line)
        self._sync()

    def _sync(self) -> None:
        self.file.flush()
        os.fsync(self.file.fileno())

    def _not_a_journal(self) -> JournalError:
        return JournalError(f"{self.path} is not a pnp playtest journal; give another journal file (pnp leaves that "
                            "file as it is)")

    def _damaged(self, line: int) -> JournalError:
        return JournalError(f"the journal {self.path} is damaged at line {line}; delete it to start afresh (or "
                            "restore it)")


MAX_HEADER = 1 << 16  # a header is a few hundred bytes: a longer first line is not one


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # a platform that cannot open a folder (Windows): its file system keeps names another way
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
