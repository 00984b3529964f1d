"""Incremental builds: each game's output records what it was made from, and only what changed is drawn again.

    after a whole build   ->  output/.pnp/<game>.json: the input files (size, time, digest), pnp's code,
                              the options, and per output file the fingerprint of what it was made from
    the next build        ->  nothing changed (files, code, options, outputs untouched): "up to date", before
                              any content is even read
                          ->  else validate, plan, and for each output whose fingerprint is the recorded one
                              and whose file is still the one recorded: link it into the new output as it is;
                              render the rest

A fingerprint is what the output is drawn from, not which file it came from: a deck's files from its cards'
bound faces (their text, values, template and fit; pnp.binding.Face), the image files those faces draw, and
every input file that is neither a deck's file nor an image (the layouts, game.yaml, fonts...). So an edit in one
card re-draws the files of its deck only, and the rules and sheets that may show it (rules always; sheets when
the game draws regions of its own, which may read any content). Any doubt is a rebuild: the record is a cache,
safe to delete; one that is unreadable, from another pnp or another project, or whose outputs were touched since,
means those outputs (or all) are drawn again, never that a wrong file is kept.

This module is imported before anything heavy: the up-to-date check reads no YAML, no fonts, no reportlab.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import json
import os
import stat
from pathlib import Path

import pnp

FORMAT = 1
RECORDS = ".pnp"  # in the output folder, beside the games' folders
MAX_READ = 64 << 20  # the largest file pnp reads (an image, pnp.limits): a larger one is not read to be digested
SMALL = 1 << 20  # files up to this size are always re-read and compared by digest (a save within the same clock tick)
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".tif", ".tiff", ".bmp")


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
    """[folder, its stamp] for an installed game package's code (pnp.discovery.plugin_code), or None."""
    return None if folder is None else [folder, folder_stamp(folder)]


# -- the record -------------------------------------------------------------------------------------------------
def record_path(out_root: Path, out_name: str) -> Path:
    return out_root / RECORDS / f"{out_name}.json"


def load(out_root: Path, out_name: str) -> dict | None:
    """The record of the game's last whole build, or None: missing, unreadable, a link, or not ours."""
    path = record_path(out_root, out_name)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as f:
            record = json.loads(f.read(1 << 26))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("format") != FORMAT or not isinstance(record.get("jobs"), dict):
        return None
    return record


def save(out_root: Path, out_name: str, record: dict) -> None:
    """Write the record atomically, only into pnp's own output folder and never through a link."""
    from pnp.output import _real_folder, owned, write_file

    if not owned(out_root):
        return
    _real_folder(out_root / RECORDS)
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    write_file(record_path(out_root, out_name), lambda tmp: tmp.write_text(text, encoding="utf-8"))


def forget(out_root: Path, out_name: str) -> None:
    """Drop the record (a partial build changed some outputs: the next whole build checks them all)."""
    try:
        os.unlink(record_path(out_root, out_name))
    except OSError:
        pass


def same_origin(record: dict | None, root: Path, options: dict) -> bool:
    """The record is of this project, these options and this code: pnp's, and the game package's it drew with."""
    if record is None or record.get("code") != code_stamp() or record.get("root") != os.path.abspath(root):
        return False
    package = record.get("package")
    if package is not None and (not isinstance(package, list) or len(package) != 2 or not isinstance(package[0], str)
                                or package_stamp(package[0]) != package):
        return False
    return record.get("options") == options


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
        for name, state in job.get("files", {}).items():
            if list(_stat(str(out_dir / name)) or ()) != state:
                return None
    return record


def _is_under(path: str, folder: Path) -> bool:
    return path.startswith(str(folder) + os.sep)


def outputs_kept(out_dir: Path, job_record: dict | None) -> bool:
    """The job's recorded files are all still in the output folder as written."""
    if not job_record or not isinstance(job_record.get("files"), dict) or not job_record["files"]:
        return False
    return all(list(_stat(str(out_dir / name)) or ()) == state for name, state in job_record["files"].items())


def output_states(out_dir: Path, names) -> dict[str, list]:
    return {name: list(_stat(str(out_dir / name)) or ()) for name in names}


def build_options(out_root: Path, difficulty, images, booklets, draft, tts_url, vendors) -> dict:
    """What a whole build was asked for, beside its content: a different request is a different build."""
    return {"out": os.path.abspath(out_root), "difficulty": difficulty.value if difficulty else None,
            "images": bool(images), "booklets": bool(booklets), "draft": bool(draft), "tts_url": tts_url,
            "vendors": sorted(vendors),
            "source_date_epoch": os.environ.get("SOURCE_DATE_EPOCH")}  # a card's date when game.yaml gives none


def recorded_files(record: dict) -> list[str]:
    return sorted(name for job in record["jobs"].values() for name in job["files"])


def recorded_diagnostics(record: dict) -> list:
    """The warnings the recorded build gave: an up-to-date build says them again."""
    from pnp.diagnostics import Diagnostic

    try:
        return [Diagnostic(**fields) for fields in record.get("diagnostics", [])]
    except TypeError:  # not the fields of a Diagnostic: say nothing rather than fail (the build itself was good)
        return []


# -- fingerprints ---------------------------------------------------------------------------------------------------
def fingerprint(*parts) -> str:
    h = hashlib.blake2b(digest_size=16)
    h.update(Canon().text(parts).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


class Canon:
    """Writes a value out the same way in every process, as text to hash: dataclasses and pydantic models field by
    field, sets sorted, positions in source files (pnp.source.Source: where a value was written, not what it is)
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
        elif kind.__name__ == "Source" and kind.__module__ == "pnp.source":
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
