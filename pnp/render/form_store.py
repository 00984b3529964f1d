"""Finished forms kept between builds, in output/.pnp/forms/<game>/: after a one-card edit, a build draws that card's
face again and puts the game's other faces in as the last build drew them.

pnp.render.form_reuse keeps each face's finished form in the process, with what its bytes depend on besides the
face: its fonts' names and codes, the colours it was given, the press its images were made for, the forms and images
it places. This store writes those forms to files as the workers finish them, and a later build's workers read them
back, keyed by what the drawing reads:

    the drawing base   pnp's code (its code stamp) and reportlab's, zlib's and Python's versions, the project's
                       folder, the build's options, and every input
                       file a face may read that is not a deck's, a sheet's or the rules' own: game.yaml, the card
                       layout, layouts/common, the fonts, the images game.yaml and the card layout name
                       (pnp.build.fingerprints.Fingerprints.drawing_base); the folder of a store is named from it
    the symbol         a face: its fingerprint (what it holds, the images it draws: Fingerprints.faces); an
                       emblem: its key (game.yaml, in the base, draws it); anything else is not stored
    the document       the form's size, and the canvas's preamble, compression and colour-space check

A form read back goes in only where form_reuse's own checks hold: the document names and codes its fonts alike, its
backend gives the same colours, its press is the same, and every image the form places still has the pixels it had
(their digest names them). So a file is byte for byte what drawing every form writes (tests/test_form_store.py).

The store is a cache, and a content folder is untrusted: each file carries a digest keyed with the drawing base, so a
file that is corrupt, renamed, or written by another project, another pnp or another installation of it (the code
stamp holds its files' times) is never read as a form, only drawn again; files are read without following links
(pnp.core.output.read_back), a regular file at most MAX_FILE long, and a form is put in only if its header is in every
part what `keep` writes (`well_formed`: each value of its type, its colours hex colours, its images files of the
project). Deleting the store costs one slower build. Whole builds use it (not --force).
A build writes its forms into its staging folder and the store takes them once everything is drawn, so a build
that fails or is stopped leaves the store as it was; a whole build that succeeds removes the folders of other
drawing bases, and past LIMIT files the oldest half.

Beside the forms, in output/.pnp/forms/<game>/images/, the store keeps each image's loaded stream (`ImageStreams`):
its pixels as decoded, scaled for their box, separated for a press and compressed. That work was most of a build
at a real game's size (a PNG of full-bleed art took 0.1 s to compress, once per file type and worker), and the
forms put back still placed every image, so a one-card edit cost nearly a clean build. A stream is keyed by the
image file's digest (taken before the content was read), its box, the press and the mask, and keyed for its
digest with pnp's code stamp and its drawing libraries (Pillow's too): the streams of an unchanged image are put
in as loaded, and never decoded again. The workers of one build share them as soon as one has written them (in
the pending folder); a whole build that succeeds keeps only the streams it used.
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import json
import os
import re
import shutil
import time
from pathlib import Path

from pnp.core.incremental import code_stamp, is_inside, is_list, is_list_of, is_number, is_text, is_whole
from pnp.core.output import read_back
from pnp.render.form_reuse import Stored, _Kept, stored_value

FORMAT = 1
FOLDER = "forms"  # in output/.pnp/
PENDING = ".pnp-forms"  # in a build's staging folder: the forms it wrote, until the store takes them
MAX_FILE = 4 << 20  # a form's file: larger is not read
LIMIT = 4000  # files in a game's store; past it, the oldest half go (each card edit leaves its old faces behind)
_NAME = re.compile(r"[0-9a-f]{32}-[0-9a-f]{16}\.form")
IMAGES = "images"  # beside the drawing bases' folders: image streams, which no drawing base changes
MAX_IMAGE_FILE = 256 << 20  # an image's stream: a larger one is neither kept nor read
_IMAGE_NAME = re.compile(r"[0-9a-f]{32}\.image")


class FormStore:
    """One game's stored forms, for one drawing base: `faces`, face key -> its fingerprint."""

    def __init__(self, out_root: Path, folder: Path, base: str, faces: dict[str, str], pending: Path, root: Path,
                 images: dict[str, str] | None = None):
        self.folder, self.base, self.faces, self.pending = folder, base, faces, pending
        self.images = images or {}  # image file (absolute path) -> its digest, as the build read it
        self.image_folder = folder.parent / IMAGES
        self.opened = time.time_ns()  # streams not used since (their files' times) go after the build (prune)
        self.images_kept: set[str] = set()  # image stream files this process read or wrote
        self.out_root = out_root  # the output folder the store is in
        self.roots = (str(root), os.path.realpath(root))  # the project's folder: images are named by their real path
        self.key = bytes.fromhex(base)  # the files' digests are keyed with the base
        self._index: dict[str, list[str]] | None = None  # content id -> its files, listed on first use
        self._read: dict[str, _Kept | None] = {}  # file name -> its form as read (None: refused)
        self._ids: dict[tuple, str | None] = {}

    def content_id(self, key: str, width: float, height: float, drawing: tuple) -> str | None:
        """What a symbol's form is drawn from, as a fingerprint; None for a symbol the store cannot tell by it."""
        asked = (key, width, height, drawing)
        if asked not in self._ids:
            kind = key.partition(":")[0]
            if key in self.faces:
                what = self.faces[key]
            elif kind == "emblem":
                what = ""
            else:
                self._ids[asked] = None
                return None
            h = hashlib.blake2b(digest_size=16)
            h.update(json.dumps([self.base, key, what, repr(width), repr(height), [_stable(d) for d in drawing]]).encode())
            self._ids[asked] = h.hexdigest()
        return self._ids[asked]

    # -- reading --------------------------------------------------------------------------------------------------
    def forms(self, key: str, width: float, height: float, drawing: tuple) -> list[_Kept]:
        """The symbol's stored forms not given out before in this process (the library keeps those)."""
        cid = self.content_id(key, width, height, drawing)
        if cid is None:
            return []
        found = []
        for name in self.index().get(cid, ()):
            if name not in self._read:
                kept = self._load(name, cid, 0)
                if kept is not None:
                    found.append(kept)
        return found

    def index(self) -> dict[str, list[str]]:
        if self._index is None:
            self._index = {}
            try:
                names = sorted(os.listdir(self.folder))
            except OSError:
                names = []
            for name in names:
                if _NAME.fullmatch(name):
                    self._index.setdefault(name[:32], []).append(name)
        return self._index

    def _load(self, name: str, cid: str, depth: int) -> _Kept | None:
        if name in self._read:
            return self._read[name]
        self._read[name] = None  # a file naming itself (a loop) is refused
        try:
            kept = self._kept(self._payload(name), cid, depth)
        except (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError):
            kept = None
            listed = self.index().get(name[:32], [])
            if name in listed:  # refused: a form drawn now is written over it
                listed.remove(name)
        if kept is not None:
            kept.stored = name  # read from the store: not written again, and named so by forms placing it
        self._read[name] = kept
        return kept

    def _payload(self, name: str) -> dict:
        data = read_back(self.out_root, (*self.folder.relative_to(self.out_root).parts, name), MAX_FILE)
        if data is None:
            raise ValueError("not a regular file of the store")
        mac, _, payload = data.partition(b"\n")
        if not hmac.compare_digest(mac, self._mac(payload)) or name[33:49] != _variant(payload):
            raise ValueError("not this store's")
        header, _, stream = payload.partition(b"\n")
        data = json.loads(header)
        if not well_formed(data, self.roots):
            raise ValueError("not a form as pnp stores one")
        data["stream"] = stream if data["bytes"] is True else stream.decode("utf-8")
        return data

    def _kept(self, data: dict, cid: str, depth: int) -> _Kept:
        if data["format"] != FORMAT or data["id"] != cid or depth > 8:
            raise ValueError("another form")
        uses = []
        for use in data["uses"]:
            if use[0] == "symbol":
                key, name = str(use[1]), str(use[2])
                nested = self._load(name, name[:32], depth + 1) if _NAME.fullmatch(name) else None  # its own id
                if nested is None:
                    raise ValueError("a form it places is missing")
                uses.append(("symbol", key, nested))
            elif use[0] == "image":
                path, w, h, mask, image_name = str(use[1]), float(use[2]), float(use[3]), str(use[4]), str(use[5])
                uses.append(("image", StoredImage(path, w, h), mask, image_name))
            else:
                raise ValueError("an unknown use")
        # as written (the digest holds): lists where a drawn form holds tuples, compared alike by _fonts_hold
        fonts = tuple((name, internal, codes) for name, internal, codes in data["fonts"])
        colours = tuple((str(kind), str(value), Stored(got)) for kind, value, got in data["colours"])
        press = None if data["press"] is None else (Stored(data["press"]),)
        version = tuple(int(v) for v in data["version"])
        kept = _Kept(data["stream"], float(data["width"]), float(data["height"]), int(data["compression"]),
                     tuple(uses), version, fonts, colours, press)
        return kept

    # -- image streams ------------------------------------------------------------------------------------------
    def image_streams(self, path: str, width: float, height: float, press) -> ImageStreams | None:
        """The stored streams of an image file placed in a width x height box for `press`; None for a file the build
        has no digest of (it is loaded as before)."""
        digest = self.images.get(os.path.abspath(path))
        return None if digest is None else ImageStreams(self, os.path.abspath(path), digest, width, height, press)

    @functools.cached_property
    def image_key(self) -> bytes:
        """The key of the image files' digests: pnp's code and the libraries that decode, scale, separate and
        compress pixels, and the project's folder (another project's or another pnp's streams are never read)."""
        from PIL import Image, ImageCms

        made_by = [code_stamp(), drawing_libraries(), Image.__version__,
                   getattr(ImageCms.core, "littlecms_version", ""), self.roots[0]]
        return hashlib.blake2b(json.dumps(made_by).encode(), digest_size=32).digest()

    # -- writing --------------------------------------------------------------------------------------------------
    def keep(self, key: str, width: float, height: float, drawing: tuple, kept: _Kept) -> str | None:
        """Write a form just drawn (and each form it places), unless the store cannot tell what it is drawn from;
        its file's name, or None."""
        if kept.stored is not None:
            return kept.stored or None
        kept.stored = ""  # not storable, unless written below
        cid = self.content_id(key, width, height, drawing)
        if cid is None:
            return None
        uses = []
        for use in kept.uses:
            if use[0] == "symbol":
                nested = self.keep(use[1], use[2].width, use[2].height, drawing, use[2])
                if nested is None:
                    return None
                uses.append(["symbol", use[1], nested])
            else:
                source = getattr(use[1], "source", None)
                if source is None or not isinstance(use[2], str):
                    return None
                uses.append(["image", source[0], source[1], source[2], use[2], use[3]])
        # a line of JSON, then the content stream as it is (escaping it into JSON was most of the writing's time)
        is_bytes = isinstance(kept.stream, bytes)
        payload = json.dumps({
            "format": FORMAT, "id": cid, "width": kept.width, "height": kept.height, "bytes": is_bytes,
            "compression": kept.compression, "uses": uses, "version": list(kept.version), "fonts": kept.fonts,
            "colours": [[kind, value, stored_value(got)] for kind, value, got in kept.colours],
            "press": None if kept.press is None else stored_value(kept.press[0])}, separators=(",", ":")).encode()
        payload += b"\n" + (kept.stream if is_bytes else kept.stream.encode("utf-8"))
        name = f"{cid}-{_variant(payload)}.form"
        if name not in self.index().get(cid, ()):
            self._write(name, self._mac(payload) + b"\n" + payload)
            self.index().setdefault(cid, []).append(name)
        self._read.setdefault(name, kept)  # this process has it: never read back
        kept.stored = name
        return name

    def _write(self, name: str, data: bytes) -> None:
        """Into the build's own pending folder (its staging folder's): the store gets it when the build has drawn
        everything (`commit`). Never through a link; a form that cannot be written is only not kept."""
        path = self.pending / name
        try:  # written by one process only: another worker of the build may have it already, whole or in the making
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError:
            return
        try:
            left = memoryview(data)
            while left:
                left = left[os.write(fd, left):]
        except OSError:  # the disk full, say: a part of a form is no form
            os.unlink(path)
        finally:
            os.close(fd)

    def commit(self) -> None:
        """The forms this build wrote, moved into the store (each file in one step: a reader sees all of it or
        none). Called once everything is drawn; a build that fails or is stopped before leaves the store as it was
        (its staging folder goes, with the pending forms)."""
        from pnp.core.output import OutputError, _real_folder

        try:
            written = sorted(os.listdir(self.pending))
            if written:
                for folder in (self.folder.parent.parent.parent, self.folder.parent.parent, self.folder.parent, self.folder):
                    _real_folder(folder)
            if any(_IMAGE_NAME.fullmatch(name) for name in written):
                _real_folder(self.image_folder)
            for name in written:
                if _NAME.fullmatch(name):
                    os.replace(self.pending / name, self.folder / name)
                elif _IMAGE_NAME.fullmatch(name):
                    os.replace(self.pending / name, self.image_folder / name)
        except (OSError, OutputError):
            pass
        shutil.rmtree(self.pending, ignore_errors=True)  # never left in the staging folder, to become output

    def _mac(self, payload: bytes, key: bytes | None = None) -> bytes:
        return hashlib.blake2b(payload, key=key or self.key, digest_size=16).hexdigest().encode("ascii")


# -- a stored form's header: what `keep` writes, checked whole before anything of it is used ------------------------
HEADER = {"format", "id", "width", "height", "bytes", "compression", "uses", "version", "fonts", "colours", "press"}
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")  # as content gives colours (pnp.content.binding.HEX); the backend parses it again
MASKS = ("auto",)  # the masks pnp draws images with (pnp.render.pdf)


def well_formed(header, roots: tuple[str, ...]) -> bool:
    """The header is in every part what `keep` writes: each value of its type (JSON's `true` is no number), its
    colours hex colours of the kinds a backend has, its images files in the project's folder (`roots`: as named and
    as resolved; a form read back reads them again), its mask one pnp draws with. Anything else is no form: drawn
    again, never a crash."""
    return (type(header) is dict and header.keys() == HEADER and is_whole(header["format"])
            and is_text(header["id"]) and is_number(header["width"]) and is_number(header["height"])
            and type(header["bytes"]) is bool and is_whole(header["compression"])
            and is_list_of(header["uses"], lambda use: _use(use, roots)) and is_list_of(header["version"], is_whole)
            and is_list_of(header["fonts"], lambda font: is_list(font, is_text, is_text, _codes))
            and is_list_of(header["colours"], lambda colour: is_list(colour, _colour_kind, _colour, is_text))
            and (header["press"] is None or is_text(header["press"])))


def _use(use, roots: tuple[str, ...]) -> bool:
    if type(use) is list and use[:1] == ["symbol"]:
        return is_list(use, is_text, is_text, is_text)
    return (is_list(use, is_text, lambda path: any(is_inside(path, root) for root in roots), is_number, is_number,
                    lambda mask: mask in MASKS, is_text) and use[0] == "image")


def _codes(codes) -> bool:
    """A font's characters and their codes: [[character, code], ...], whole numbers."""
    return is_list_of(codes, lambda pair: is_list(pair, is_whole, is_whole))


def _colour_kind(kind) -> bool:
    return kind in ("fill", "line")  # the backend's colour functions (pnp.render.pdf: DocumentForms' colours)


def _colour(value) -> bool:
    return is_text(value) and COLOUR.fullmatch(value) is not None


def _stable(value) -> str:
    """A value as text that is the same in every process: a function (the canvas's colour-space check) by its name."""
    if callable(value):
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', type(value).__qualname__)}"
    return repr(value)


def _variant(payload: bytes) -> str:
    return hashlib.blake2b(payload, digest_size=8).hexdigest()


class StoredImage:
    """An image a stored form places, as the file, box size and pixels' name it was drawn with: the document's own
    reader of it (pnp.render.pdf._image, for its press) is put in if its pixels still have that name."""

    __slots__ = ("source",)

    def __init__(self, path: str, w: float, h: float):
        self.source = (path, w, h)

    def reader(self, press, mask: str, name: str):
        from reportlab.pdfgen.canvas import _digester

        from pnp.render.pdf import _image

        try:
            reader = _image(*self.source, press)
        except Exception:  # noqa: BLE001 - a file gone or changed into something unreadable: not put in
            return None
        # the name Canvas.drawImage gives it: a digest of the reader's name (of its pixels) and the mask
        return reader if _digester(f"{reader}{mask}".encode("utf-8")) == name else None


# -- an image's streams ---------------------------------------------------------------------------------------------
# What reportlab's loading sets on a PDFImageXObject (pnp.render.pdf._load_images_once), and the values each may
# take: a stored stream with anything else (a soft mask, an attribute a reportlab release adds) is not kept.
IMAGE_FIELDS = {
    "width": is_whole, "height": is_whole, "bitsPerComponent": lambda v: v == 8,
    "colorSpace": lambda v: v in ("DeviceRGB", "DeviceGray", "DeviceCMYK"),
    "_filters": lambda v: type(v) is tuple and all(f in ("ASCII85Decode", "FlateDecode", "DCTDecode") for f in v),
    "mask": lambda v: v is None or (type(v) is tuple and len(v) == 6 and all(map(is_whole, v))),
    "_dotrans": is_whole,
}


class ImageStreams:
    """One image file's streams as placed in one box for one press: `load` one an earlier build or another worker
    of this build kept, `keep` one just loaded. `asked`: the mask asked for and whether streams are ASCII85-encoded
    (pnp.render.pdf: what a loaded stream depends on besides the pixels)."""

    def __init__(self, store: FormStore, path: str, digest: str, width: float, height: float, press):
        self.store, self.path, self.digest = store, path, digest
        self.box, self.press = (width, height), press

    def _file(self, asked: tuple) -> str:
        h = hashlib.blake2b(digest_size=16)
        h.update(json.dumps([FORMAT, self.digest, repr(self.box[0]), repr(self.box[1]), stored_value(self.press),
                             [str(a) for a in asked]]).encode())
        return h.hexdigest() + ".image"

    def _places(self) -> list[Path]:
        """Where its streams are: this build's pending folder (another worker may have written one), the store."""
        store = self.store
        pending = [store.pending] if store.pending.is_relative_to(store.out_root) else []
        return [*pending, store.image_folder]

    def load(self, asked: tuple) -> tuple[str, dict] | None:
        """(the image's name, what loading it sets on the image object), as kept; None if nothing good is kept."""
        name = self._file(asked)
        store = self.store
        for folder in self._places():
            data = read_back(store.out_root, (*folder.relative_to(store.out_root).parts, name), MAX_IMAGE_FILE)
            found = data is not None and self._read(data, name)
            if found:
                self._used(folder, name)
                return found
        return None

    def _used(self, folder: Path, name: str) -> None:
        """A stream this build uses: kept past it (_prune_images goes by the files' times), and not written again."""
        self.store.images_kept.add(name)
        if folder == self.store.image_folder:
            with contextlib.suppress(OSError):
                os.utime(folder / name, follow_symlinks=False)

    def _read(self, data: bytes, name: str) -> tuple[str, dict] | None:
        mac, _, payload = data.partition(b"\n")
        if not hmac.compare_digest(mac, self.store._mac(payload, self.store.image_key)):
            return None
        header, _, stream = payload.partition(b"\n")
        try:
            header = json.loads(header)
        except ValueError:
            return None
        if (type(header) is not dict or header.keys() != {"file", "name", "bytes", "fields"} or header["file"] != name
                or not is_text(header["name"]) or type(header["bytes"]) is not bool
                or type(header["fields"]) is not dict):
            return None
        fields = {key: tuple(value) if type(value) is list else value for key, value in header["fields"].items()}
        if not all(key in IMAGE_FIELDS and IMAGE_FIELDS[key](value) for key, value in fields.items()):
            return None
        fields["streamContent"] = stream if header["bytes"] else stream.decode("latin-1")
        return header["name"], fields

    def keep(self, asked: tuple, name: str, loaded: dict) -> None:
        """Write a stream just loaded into the build's pending folder (the store takes it at the end), if it is of
        the image file the build read (not one saved over it since) and holds only what `IMAGE_FIELDS` allows."""
        file = self._file(asked)
        if file in self.store.images_kept or self.load(asked) is not None:  # kept already (load marks it used)
            return
        self.store.images_kept.add(file)  # asked once a process, whatever the answer
        fields = {key: value for key, value in loaded.items() if key != "streamContent"}
        stream = loaded.get("streamContent")
        if (not all(key in IMAGE_FIELDS and IMAGE_FIELDS[key](value) for key, value in fields.items())
                or not isinstance(stream, (bytes, str)) or (isinstance(stream, str) and not stream.isascii())
                or _file_digest(self.path) != self.digest):
            return
        is_bytes = isinstance(stream, bytes)
        payload = json.dumps({"file": file, "name": name, "bytes": is_bytes, "fields": fields},
                             separators=(",", ":")).encode()
        payload += b"\n" + (stream if is_bytes else stream.encode("latin-1"))
        if len(payload) < MAX_IMAGE_FILE - 64:
            self.store._write(file, self.store._mac(payload, self.store.image_key) + b"\n" + payload)


def _file_digest(path: str) -> str | None:
    from pnp.core.incremental import file_states

    state = file_states([path])[path]
    return state[2] if state else None


# -- a game's store, opened by the build ----------------------------------------------------------------------
def drawing_libraries() -> tuple:
    """What else writes a finished form's bytes besides pnp's code: reportlab (its operators and number format),
    zlib (the stream's compression), Python (its float formatting). A form kept by one is never put into a file
    another writes."""
    import sys
    import zlib

    from reportlab import Version

    return Version, zlib.ZLIB_RUNTIME_VERSION, sys.version


def store_folder(out_root: Path, out_name: str) -> Path:
    from pnp.core.incremental import RECORDS

    return out_root / RECORDS / FOLDER / out_name.replace("/", ".")  # an edition's (game/fr) beside its game's


def open_store(out_root: Path, out_name: str, base: str, faces: dict[str, str], stage: Path,
               root: Path, images: dict[str, str] | None = None) -> FormStore | None:
    """The game's store for this drawing base, read where it is (in pnp's own output folder only, never through a
    link) and written into `stage` (the build's staging folder) until `FormStore.commit`. None where it cannot be
    (the build draws everything, as before). `root`: the project's folder, where every image a form places lies."""
    from pnp.core.output import owned

    if not owned(out_root):
        return None
    folder = store_folder(out_root, out_name) / base[:32]
    for part in (out_root / ".pnp", folder.parent.parent, folder.parent, folder, folder.parent / IMAGES):
        if part.is_symlink() or (part.exists() and not part.is_dir()):
            return None
    pending = stage / PENDING
    try:
        pending.mkdir()
    except OSError:
        return None
    return FormStore(out_root, folder, base, faces, pending, root, images)


def prune(store: FormStore) -> None:
    """After a whole build: the folders of other drawing bases go, and past LIMIT files the oldest half (by the
    time each was written)."""
    try:
        for other in os.listdir(store.folder.parent):
            if other not in (store.folder.name, IMAGES):
                _remove(store.folder.parent / other)
        _prune_images(store)
        names = [n for n in os.listdir(store.folder) if _NAME.fullmatch(n)]
        if len(names) <= LIMIT:
            return
        dated = sorted((os.lstat(store.folder / n).st_mtime_ns, n) for n in names)
        for _, name in dated[: len(dated) // 2]:
            os.unlink(store.folder / name)
    except OSError:
        pass


def _prune_images(store: FormStore) -> None:
    """The image streams this build neither wrote nor read (their files' times are older than the build) go: an
    image changed or removed leaves its old streams behind, and each is as large as the image's pixels."""
    if store.image_folder.is_symlink() or not store.image_folder.is_dir():
        return
    for name in os.listdir(store.image_folder):
        path = store.image_folder / name
        if not _IMAGE_NAME.fullmatch(name) or os.lstat(path).st_mtime_ns < store.opened - USED_SLACK_NS:
            _remove(path)


USED_SLACK_NS = 2_000_000_000  # a file's time may lag the clock a little: a stream used is kept if this recent


def _remove(path: Path) -> None:
    from pnp.core.output import remove_left

    if path.is_symlink() or not path.is_dir():
        path.unlink()
    else:
        remove_left(path)  # never one deeper than the store makes (shipped so, it would outrun the recursion limit)
