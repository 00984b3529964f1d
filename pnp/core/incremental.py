"""Incremental builds: each game's output records what it was made from, and only what changed is drawn again.

    after a whole build   ->  output/.pnp/<game>.json: the input files (size, time, digest), pnp's code,
                              the options, and per output file the fingerprint of what it was made from
    the next build        ->  nothing changed (files, code, options, outputs untouched): "up to date", before
                              any content is even read
                          ->  else validate, plan, and for each output whose fingerprint is the recorded one
                              and whose file is still the one recorded: link it into the new output as it is;
                              render the rest

A fingerprint is what the output is drawn from, not which file it came from: a deck's files from its cards'
bound faces (their text, values, template and fit; pnp.content.binding.Face), the image files those faces draw, and
every input file that is neither a deck's file nor an image (the layouts, game.yaml, fonts...). So an edit in one
card re-draws the files of its deck only, and the rules and sheets that may show it (rules always; sheets when
the game draws regions of its own, which may read any content). Any doubt is a rebuild: the record is a cache,
safe to delete; one that is unreadable, from another pnp or another project, or whose outputs were touched since,
means those outputs (or all) are drawn again, never that a wrong file is kept. The output folder may come from anyone:
the record is read without following a link, never parsed past pnp.core.limits.MAX_RECORD_BYTES, and used only if it is in
every part what `save` writes (`well_formed`) and names only inputs the game could have had, reached through real
folders of the project (`may_read`); an output is kept only while it is a regular file reached without a link
(`output_states`).

This module is imported before anything heavy: the up-to-date check reads no YAML, no fonts, no reportlab.
"""
from __future__ import annotations

import dataclasses
import enum
import errno
import functools
import hashlib
import json
import os
import stat
from pathlib import Path

import pnp
from pnp.core.installed import installed_game_code
from pnp.core.limits import MAX_RECORD_BYTES

FORMAT = 1
RECORDS = ".pnp"  # in the output folder, beside the games' folders
MAX_READ = 64 << 20  # the largest file pnp reads (an image, pnp.core.limits): a larger one is not read to be digested
SMALL = 1 << 20  # files up to this size are always re-read and compared by digest (a save within the same clock tick)
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg", ".webp", ".gif", ".tif", ".tiff", ".bmp")


# -- the files a game is made from ----------------------------------------------------------------------------
def watched_folders(root: Path, game_id: str) -> list[Path]:
    """Where a game's inputs live: its content and layouts, the shared layouts and templates, the project's fonts."""
    return [root / "content" / game_id, root / "layouts" / game_id, root / "layouts" / "common",
            root / "layouts" / "templates", root / "fonts"]


def input_files(root: Path, game_id: str, extra: tuple[str, ...] = ()) -> list[str]:
    """Every file in the game's folders (links are not followed, as the loaders refuse them), and `extra` files
    found elsewhere (a layout's font named from the project folder), as sorted absolute paths."""
    found = set(extra)
    for folder in watched_folders(root, game_id):
        if os.path.islink(folder):  # os.walk follows the link it starts at; the loaders refuse such a folder anyway
            found.add(str(folder))  # stamped as a link (_digest_file): pointing it elsewhere is a change
            continue
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames.sort()
            found.update(os.path.join(dirpath, name) for name in filenames)
    return sorted(found)


def _digest_file(path: str) -> str:
    """The file's digest. A link is never followed (the loaders refuse one, and it may lead outside the project):
    its target's name stands for it; a pipe or device is never opened (it could block): its kind stands for it;
    a file larger than anything pnp reads is known by its size and time alone."""
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        return "link:" + os.readlink(path)
    if not stat.S_ISREG(st.st_mode):
        return f"not a file:{stat.S_IFMT(st.st_mode)}"
    if st.st_size > MAX_READ:
        return f"large:{st.st_size}:{st.st_mtime_ns}"
    h = hashlib.blake2b(digest_size=16)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _stat(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def file_states(paths) -> dict[str, list]:
    """path -> [size, mtime_ns, digest] (or None for a file that cannot be read)."""
    states = {}
    for path in paths:
        stat = _stat(path)
        try:
            states[path] = [*stat, _digest_file(path)] if stat else None
        except OSError:
            states[path] = None
    return states


def _unchanged(path: str, recorded) -> bool:
    stat = _stat(path)
    if stat is None or recorded is None or stat[0] != recorded[0]:
        return False
    if stat[0] > SMALL and stat[1] == recorded[1]:  # a large file (an image) whose size and time held: the same
        return True
    try:
        return _digest_file(path) == recorded[2]
    except OSError:
        return False


@functools.lru_cache(maxsize=1)
def code_stamp() -> str:
    """pnp's version and its own files (their sizes and times): an upgrade, or an edit of pnp itself, rebuilds.
    Taken once per process (a build asks five times): the code a process runs is the code it imported."""
    return folder_stamp(os.path.dirname(pnp.__file__), pnp.__version__)


def folder_stamp(package: str, version: str = "") -> str:
    """A package's files, by their sizes and times (a single-file module: that file's): the stamp of its code."""
    h = hashlib.blake2b(version.encode(), digest_size=16)
    if not os.path.isdir(package):
        h.update(f"{os.path.basename(package)}:{_stat(package)}\n".encode())
        return h.hexdigest()
    for dirpath, dirnames, filenames in os.walk(package):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            stat = _stat(path)
            h.update(f"{os.path.relpath(path, package)}:{stat}\n".encode())
    return h.hexdigest()


def package_stamp(folder: str | None) -> list | None:
    """[folder, its stamp] for an installed game package's code (pnp.core.installed.plugin_code), or None."""
    return None if folder is None else [folder, folder_stamp(folder)]


# -- the record -------------------------------------------------------------------------------------------------
def record_name(out_name: str) -> str:
    """The record's file name of an output folder: a game's (my-game.json) or an edition's, whose folder is
    inside its game's (my-game/fr -> my-game.fr.json: a game id holds no dot, so none is another's)."""
    return f"{out_name.replace('/', '.')}.json"


def record_path(out_root: Path, out_name: str) -> Path:
    return out_root / RECORDS / record_name(out_name)


def load(out_root: Path, out_name: str) -> dict | None:
    """The record of the game's last whole build, or None: missing, unreadable, a link or below one, or not ours.
    The output folder may come from anyone: a record that is not in every part what `save` writes is damaged, and
    a damaged record is no record (everything is drawn again), never an error."""
    from pnp.core.output import read_back

    data = read_back(out_root, (RECORDS, record_name(out_name)), MAX_RECORD_BYTES)  # larger: no record, never parsed
    try:
        record = json.loads(data) if data is not None else None
    except (ValueError, RecursionError, MemoryError):  # not JSON, nested deeper than the parser goes, or too big to hold
        return None
    return record if well_formed(record) else None


def save(out_root: Path, out_name: str, record: dict) -> None:
    """Write the record atomically, only into pnp's own output folder and never through a link."""
    from pnp.core.output import _real_folder, owned, write_file

    if not owned(out_root):
        return
    _real_folder(out_root / RECORDS)
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    write_file(record_path(out_root, out_name), lambda tmp: tmp.write_text(text, encoding="utf-8"))


def check_place(out_root: Path, out_name: str) -> None:
    """Before a build changes anything: its record can be written (or dropped) where it goes. A link or a file at
    output/.pnp, a read-only .pnp, or anything but a file at the record is an OutputError (exit 2) now, with the
    output as it was; found after the swap, the build would fail with output/ changed. (Checked in any output folder:
    one not yet pnp's becomes pnp's when the build takes it.)"""
    from pnp.core.output import OutputError

    folder, record = out_root / RECORDS, record_path(out_root, out_name)
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise OutputError(f"{folder} is a link or a file; pnp keeps its build records in a real folder there, never "
                          "through a link: remove it (it is a cache)")
    if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{folder} is read-only; pnp writes its build record there: make it writable or remove it "
                          "(it is a cache)")
    if record.is_symlink() or (record.exists() and not record.is_file()):
        raise OutputError(f"{record} is not a file pnp wrote (a link, a folder or a device); remove it (it is the "
                          "build record, a cache)")


def forget(out_root: Path, out_name: str) -> None:
    """Drop the record (a partial build changed some outputs: the next whole build checks them all)."""
    from pnp.core.output import remove_back

    remove_back(out_root, (RECORDS, record_name(out_name)))


def same_origin(record: dict | None, root: Path, options: dict) -> bool:
    """The record is of this project, these options and this code: pnp's, and the game package's it drew with; and
    it names only inputs the game could have had (`may_read`): a record naming others was forged, and is no record."""
    if record is None or record.get("code") != code_stamp() or record.get("root") != os.path.abspath(root):
        return False
    package = record.get("package")
    if package is not None and (not isinstance(package, list) or len(package) != 2 or not isinstance(package[0], str)
                                # a record is untrusted: only an installed game's code is ever stamped (walked)
                                or package[0] not in installed_game_code() or package_stamp(package[0]) != package):
        return False
    return record.get("options") == options and all(may_read(root, record["game"], path) for path in record["inputs"])


def up_to_date(root: Path, game_id: str, out_root: Path, out_name: str, options: dict) -> dict | None:
    """The record, when nothing the game's last whole build was made from has changed and its outputs are the
    files it wrote; else None. Reads only file sizes, times and (small) file digests."""
    root = Path(os.path.abspath(root))
    record = load(out_root, out_name)
    if not same_origin(record, root, options):
        return None
    inputs = record.get("inputs", {})
    extra = tuple(path for path in inputs if not any(_is_under(path, f) for f in watched_folders(root, game_id)))
    if sorted(inputs) != input_files(root, game_id, extra):  # a file added or removed
        return None
    if not all(_unchanged(path, state) for path, state in inputs.items()):
        return None
    out_dir = out_root / out_name
    for job in record["jobs"].values():
        if output_states(out_dir, job["files"]) != job["files"]:
            return None
    return record


def _is_under(path: str, folder: Path) -> bool:
    return path.startswith(str(folder) + os.sep)


FONT_SUFFIXES = (".ttf", ".otf")  # the only files a game names outside its folders: its layouts' fonts (pnp.layout.fonts)
_FOLDER = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
_REAL_FOLDER = _FOLDER | getattr(os, "O_NOFOLLOW", 0)


def may_read(root: Path, game_id: str, path: str) -> bool:
    """A recorded input the up-to-date check may look at: a file of the game's folders, or a font file its layouts
    name (`input_files`' `extra`), reached from the project folder through real folders only. The record is untrusted
    (output/ may come from anyone), and a link on the way, output/evil -> /proc/self, led a recorded input anywhere:
    O_NOFOLLOW guards only a path's last part (/proc/self/pagemap was read without end, /etc/passwd was digested)."""
    watched = any(_is_under(path, folder) for folder in watched_folders(root, game_id))
    return (watched or path.lower().endswith(FONT_SUFFIXES)) and _no_link_on_the_way(root, path)


def _no_link_on_the_way(root: Path, path: str) -> bool:
    """Every folder between `root` and `path` (which `well_formed` found below it) is a real folder, no link: each is
    opened relative to the last without following a link. The file itself is never followed where it is read
    (`_stat`, `_digest_file`). A folder gone since the build leads nowhere, and is no forgery: the input is gone."""
    steps = os.path.relpath(path, root).split(os.sep)[:-1]
    try:
        fd = os.open(root, _FOLDER)  # the project folder itself is the user's, link or not
    except OSError:
        return False
    try:
        for name in steps:
            inner = os.open(name, _REAL_FOLDER, dir_fd=fd)
            os.close(fd)
            fd = inner
    except OSError as exc:  # a link (ELOOP) or a file (ENOTDIR) on the way
        return exc.errno == errno.ENOENT
    except NotImplementedError:  # no dir_fd here: nothing recorded is read
        return False
    finally:
        os.close(fd)
    return True


def outputs_kept(out_dir: Path, job_record: dict | None) -> bool:
    """The job's recorded files are all still in the output folder as written (`load` checked the record's shape)."""
    return bool(job_record and job_record["files"]) and output_states(out_dir, job_record["files"]) == job_record["files"]


def output_states(out_dir: Path, names) -> dict[str, list]:
    """Each output file's [size, mtime_ns]: [] for one that is not a regular file reached without a link (a file
    of the last output replaced by a link out of the project is never kept, whatever the record says)."""
    from pnp.core.output import file_state

    return {name: list(file_state(out_dir.parent, (out_dir.name, *name.split("/"))) or ()) for name in names}


def build_options(out_root: Path, difficulty, images, booklets, draft, tts_url, vendors, lang=None) -> dict:
    """What a whole build was asked for, beside its content: a different request is a different build."""
    return {"out": os.path.abspath(out_root), "lang": lang, "difficulty": difficulty.value if difficulty else None,
            "images": bool(images), "booklets": bool(booklets), "draft": bool(draft), "tts_url": tts_url,
            "vendors": sorted(vendors),
            "source_date_epoch": os.environ.get("SOURCE_DATE_EPOCH")}  # a card's date when game.yaml gives none


def recorded_files(record: dict) -> list[str]:
    return sorted(name for job in record["jobs"].values() for name in job["files"])


def recorded_diagnostics(record: dict) -> list:
    """The warnings the recorded build gave: an up-to-date build says them again (`load` checked their fields)."""
    from pnp.core.diagnostics import Diagnostic

    return [Diagnostic(**fields) for fields in record["diagnostics"]]


# -- the record's shape: it lies in the output folder, which may come from anyone -----------------------------------
RECORD_FIELDS = {"format", "code", "root", "game", "package", "options", "inputs", "jobs", "diagnostics"}


def well_formed(record) -> bool:
    """`record` is in every part what `save` writes: each value of its type (JSON's `true` is no number), every
    input file below the project's folder (none is read elsewhere), every output a path of plain names below the
    job that wrote it (none lies outside the output folder)."""
    if type(record) is not dict or record.keys() != RECORD_FIELDS:
        return False
    root = record["root"]
    return (is_whole(record["format"]) and record["format"] == FORMAT and is_text(record["code"])
            and is_text(root) and os.path.isabs(root) and is_text(record["game"])
            and (record["package"] is None or is_list(record["package"], is_text, is_text))
            and type(record["options"]) is dict  # compared whole with the build's own
            and is_table(record["inputs"], _input_state, lambda path: is_inside(path, root))
            and type(record["jobs"]) is dict and all(_job(path, job) for path, job in record["jobs"].items())
            and type(record["diagnostics"]) is list and all(map(_diagnostic, record["diagnostics"])))


def _input_state(state) -> bool:
    return state is None or is_list(state, is_whole, is_whole, is_text)  # file_states: size, time, digest


def is_inside(path, root: str) -> bool:
    """`path` is a normal absolute path below the folder `root` (no '..', no '//')."""
    return is_text(path) and path.startswith(root.rstrip(os.sep) + os.sep) and os.path.normpath(path) == path


def _job(path, job) -> bool:
    return (_output_path(path) and type(job) is dict and job.keys() == {"fp", "files"} and is_text(job["fp"])
            and is_table(job["files"], lambda state: state == [] or is_list(state, is_whole, is_whole),
                         lambda name: _output_path(name) and (name == path or name.startswith(path + "/"))))


def _output_path(path) -> bool:
    """A path relative to a game's output folder, as a job's: names pnp writes (pnp.core.output.plain_name) joined by '/'."""
    from pnp.core.output import is_plain_name

    return is_text(path) and all(map(is_plain_name, path.split("/")))


def _diagnostic(fields) -> bool:
    """The fields of a pnp.core.diagnostics.Diagnostic, each of its type."""
    from pnp.core.diagnostics import Diagnostic

    kinds = {field.name: {"str": is_text, "int": is_whole}.get(field.type, _never) for field in dataclasses.fields(Diagnostic)}
    return type(fields) is dict and fields.keys() == kinds.keys() and all(kinds[k](v) for k, v in fields.items())


def _never(value) -> bool:
    return False


def is_text(value) -> bool:
    return type(value) is str


def is_whole(value) -> bool:
    return type(value) is int  # not a bool


def is_number(value) -> bool:
    return type(value) in (int, float)


def is_list(value, *items) -> bool:
    """A list of len(items) values, each passing its check (a tuple written as JSON)."""
    return type(value) is list and len(value) == len(items) and all(check(v) for check, v in zip(items, value))


def is_list_of(value, item) -> bool:
    return type(value) is list and all(map(item, value))


def is_table(value, item, key=is_text) -> bool:
    """A JSON object whose keys pass `key` and values `item`."""
    return type(value) is dict and all(key(k) and item(v) for k, v in value.items())


# -- fingerprints ---------------------------------------------------------------------------------------------------
def fingerprint(*parts) -> str:
    h = hashlib.blake2b(digest_size=16)
    h.update(Canon().text(parts).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


class Canon:
    """Writes a value out the same way in every process, as text to hash: dataclasses and pydantic models field by
    field, sets sorted, positions in source files (pnp.reading.source.Source: where a value was written, not what it is)
    left out. An object met twice is written as a reference to its first writing (cheap for a template shared by
    many faces). The pieces are gathered and joined once: hashing each (some 30,000 for a game's faces) took twice
    as long."""

    def __init__(self):
        self.seen: dict[int, int] = {}
        self.out: list[str] = []

    def text(self, value) -> str:
        self.feed(value)
        return "".join(self.out)

    def feed(self, value) -> None:
        put = self.out.append
        kind = type(value)
        if value is None or kind in (bool, int, float, str):
            put(f"{kind.__name__}:{value!r};")
        elif kind in (list, tuple):
            put("[")
            for item in value:
                if type(item) is str:  # most items: written here, as feed writes them, without a call
                    put(f"str:{item!r};")
                else:
                    self.feed(item)
            put("]")
        elif isinstance(value, dict):
            put("{")
            for key in sorted(value, key=repr):
                item = value[key]
                if type(key) is str:
                    put(f"str:{key!r};")
                else:
                    self.feed(key)
                if type(item) is str:
                    put(f"str:{item!r};")
                else:
                    self.feed(item)
            put("}")
        elif isinstance(value, (set, frozenset)):
            put("<")
            for item in sorted(value, key=repr):
                self.feed(item)
            put(">")
        elif isinstance(value, enum.Enum):
            put(f"enum:{kind.__qualname__}.{value.name};")
        elif isinstance(value, Path):
            put(f"p:{str(value)!r};")
        elif isinstance(value, bytes):
            put(f"b:{value!r};")
        elif kind.__name__ == "Source" and kind.__module__ == "pnp.reading.source":
            put("source;")
        elif callable(value) and hasattr(value, "__qualname__"):  # a game's drawing function: its code is in code_stamp
            put(f"fn:{getattr(value, '__module__', '')}.{value.__qualname__};")
        else:
            self._object(value)

    def _object(self, value) -> None:
        key = id(value)
        if key in self.seen:
            self.out.append(f"ref:{self.seen[key]};")
            return
        self.seen[key] = len(self.seen)
        self.out.append(f"obj:{type(value).__module__}.{type(value).__qualname__}(")
        for name, item in _fields(value):
            self.out.append(name + "=")
            self.feed(item)
        self.out.append(")")


def _fields(value):
    if dataclasses.is_dataclass(value):
        return [(f.name, getattr(value, f.name)) for f in dataclasses.fields(value) if f.compare]
    fields = getattr(type(value), "model_fields", None)  # a pydantic model
    if fields is not None:
        extra = getattr(value, "__pydantic_extra__", None) or {}
        return [(name, getattr(value, name)) for name in fields] + sorted(extra.items())
    if hasattr(value, "__dict__"):
        return sorted((k, v) for k, v in vars(value).items() if not k.startswith("_"))
    slots = [s for cls in type(value).__mro__ for s in getattr(cls, "__slots__", ())]
    if slots:
        return [(s, getattr(value, s, None)) for s in slots]
    return [("repr", repr(value))]


def is_image(path: str) -> bool:
    return path.lower().endswith(IMAGE_SUFFIXES)
