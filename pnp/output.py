"""Writing to output/: nothing changes until a whole build has succeeded, and then in one step.

A game's build renders into a fresh staging folder beside its output folder;
only when every file is written does the staging folder take the output
folder's place, by one atomic exchange of the two (Linux renameat2), or by two
renames elsewhere. So a failed, interrupted or killed build leaves the last
good output exactly as it was, and a good build leaves only what it made (a
removed deck's PDFs go with the old folder). Builds into one output folder
take a lock; leftovers of a build that was killed are removed by the next.
Single files (`pnp rules --out`) are written to a temporary file and renamed.
pnp writes only regular files and folders it made, never through a link or
onto a device.

An output folder (output/ of the project, or the folder --out names) is made
one folder at a time below the place the user named (`output_folder`): the
output folder and every folder pnp makes in it must be real folders, not links
(a project could ship output/ as a link to the user's home). pnp marks an
output folder it writes into with .pnp-build.lock, and replaces what is in it
(a game's folder, a card's image) only there: `--out ~/Documents` adds a game
folder beside the user's files, and never replaces one of them.
"""
from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

STAGING, REPLACED, LOCK = ".staging-", ".replaced-", ".pnp-build.lock"


_STOP = {"requested": False}


def request_stop() -> None:
    """Ctrl-C or SIGTERM arrived. The signal also raises KeyboardInterrupt, but an exception raised inside
    some library callbacks (a fork handler, a finaliser) is printed and dropped; this flag is not, so the
    build still stops before it replaces anything."""
    _STOP["requested"] = True


def stop_requested() -> bool:
    return _STOP["requested"]


class OutputError(Exception):
    """The output cannot be written: a problem with the path given or the disk, not with pnp or the content."""


@contextmanager
def writable(path: Path):
    """Turn a failure to create or write `path` into an OutputError that says what to do."""
    try:
        yield
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}; "
                          "pick another folder (--out), free some disk space or fix its permissions") from exc


DISK_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EACCES, errno.EPERM, errno.EROFS, errno.EFBIG, errno.EIO}


@contextmanager
def disk_full_or_locked(path: Path):
    """While rendering: a full disk, a quota or a permission problem is the disk's, not pnp's (exit 2)."""
    try:
        yield
    except OSError as exc:
        if exc.errno not in DISK_ERRORS:
            raise
        raise OutputError(f"cannot write into {path}: {exc.strerror or exc}; free some disk space or fix its "
                          "permissions (the last good output is untouched)") from exc


def plain_name(name: str) -> str:
    """`name` when it can be one file or folder name pnp writes (from a game, deck, card or sheet id, a paper or
    template name); otherwise an OutputError, so no name from content can lead out of the folder it is written in."""
    if (not name or name in (".", "..") or name.startswith(".") or any(ch in name for ch in "/\\")
            or any(ord(ch) < 32 or ch == "\x7f" for ch in name) or len(name.encode("utf-8", "replace")) > 255):
        raise OutputError(f"{name!r} cannot be a file name pnp writes; use letters, digits and hyphens")
    return name


def game_folder(game_id: str, difficulty=None) -> str:
    """The name of a game's output folder: the game's id, and the difficulty kit's colour if one is asked for."""
    return plain_name(f"{game_id}-{difficulty.value}" if difficulty else game_id)


def below(folder: Path, relative: str) -> Path:
    """`folder/relative` for a path pnp makes up from names (rules/rulebook-a4.pdf): each part a plain name."""
    return folder.joinpath(*(plain_name(part) for part in relative.split("/")))


def _real_folder(path: Path, parents: bool = False) -> None:
    """Make `path` a folder pnp writes into, or check that it is one: never a link, a file or a device."""
    with writable(path):
        if path.is_symlink():
            raise OutputError(f"{path} is a link; pnp writes only into real folders, never through a link: remove "
                              "the link, or name another output folder with --out")
        if path.exists() and not path.is_dir():
            raise OutputError(f"{path} is a file or a device, not a folder; move it away or use --out")
        path.mkdir(parents=parents, exist_ok=True)


def output_folder(out_root: Path, *parts: str) -> Path:
    """The folder `out_root/parts...`, made where missing and marked as pnp's output (.pnp-build.lock in
    out_root). Where the user named out_root its parents are theirs; out_root and every folder below it must be
    real folders (a link out of the project is refused, OutputError)."""
    _real_folder(out_root, parents=True)
    if not owned(out_root) and (not any(out_root.iterdir()) or _project_output(out_root)):
        _mark(out_root)  # a new or empty folder becomes pnp's output folder; a project's output/ is pnp's anyway
    folder = out_root
    for part in parts:
        folder = folder / plain_name(part)
        _real_folder(folder)
    return folder


def owned(out_root: Path) -> bool:
    """Whether pnp writes its output here: the folder carries pnp's mark (its build lock, a plain file)."""
    mark = out_root / LOCK
    return mark.is_file() and not mark.is_symlink()


def _project_output(folder: Path) -> bool:
    """output/ beside a project's content/: generated by pnp, never the user's own (README: Bad input)."""
    return folder.name == "output" and (folder.parent / "content").is_dir()


def _mark(out_root: Path) -> None:
    with writable(out_root):
        os.close(os.open(out_root / LOCK, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666))


def replaceable(out_root: Path, target: Path) -> None:
    """`target` (in out_root) may be replaced: it does not exist yet, or out_root is pnp's output folder. A
    folder or file of the user's that happens to have the name pnp would write is never replaced (OutputError)."""
    if (target.exists() or target.is_symlink()) and not owned(out_root):
        raise OutputError(f"{target} exists and {out_root} is not an output folder of pnp (it has no {LOCK}); "
                          "pnp replaces nothing there: move it away or choose another --out")


@contextmanager
def build_lock(out_root: Path):
    """Hold the output folder for one build at a time; a second build fails at once, saying why."""
    output_folder(out_root)
    ours = owned(out_root)
    with writable(out_root):
        handle = open(out_root / LOCK, "a") if ours else open(os.devnull, "a")  # a folder of the user's: no lock
    try:
        try:
            import fcntl

            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # no flock on this platform: builds are not serialised
            pass
        except OSError:
            raise OutputError(f"another pnp build is writing to {out_root}; wait for it to finish, "
                              "or build into another folder with --out") from None
        if ours:  # in a folder of the user's, a '.staging-' folder is theirs
            _remove_leftovers(out_root)
        yield
    finally:
        handle.close()


def _remove_leftovers(out_root: Path) -> None:
    """Staging folders of builds that were killed (the lock says no build is running)."""
    for path in out_root.iterdir():
        if path.name.startswith((STAGING, REPLACED)) and path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)


@contextmanager
def staged(out_dir: Path, out_root: Path | None = None):
    """Yield a fresh folder; on success it becomes `out_dir` in one step, replacing the old one whole. With
    `out_root` (the output folder out_dir is in), the folders between are made by `output_folder` and an old
    out_dir is replaced only in pnp's own output folder (`replaceable`)."""
    with writable(out_dir):
        if out_dir.is_symlink() or (out_dir.exists() and not out_dir.is_dir()):
            raise OutputError(f"{out_dir} is not a folder pnp made (a file or a link); move it away or use --out")
        if out_root is not None:
            output_folder(out_root, *out_dir.relative_to(out_root).parts[:-1])
            replaceable(out_root, out_dir)
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f"{STAGING}{out_dir.name}-", dir=out_dir.parent))
        stage.chmod(0o777 & ~_umask())  # as a plain mkdir would make it, not mkdtemp's private 0700
    try:
        yield stage
        if stop_requested():  # interrupted, though the interrupt itself was swallowed on the way
            raise KeyboardInterrupt
        with writable(out_dir):
            _replace(stage, out_dir)
    finally:
        shutil.rmtree(stage, ignore_errors=True)  # after a swap it holds the old output


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _replace(new: Path, target: Path) -> None:
    """Put `new` where `target` is; afterwards `new`'s path holds the old folder (or nothing)."""
    if not target.exists():
        os.rename(new, target)
        return
    if _exchange(new, target):
        return
    old = Path(tempfile.mkdtemp(prefix=f"{REPLACED}{target.name}-", dir=target.parent))
    os.rename(target, old / "old")
    os.rename(new, target)
    os.rename(old, new)  # so the caller's clean-up removes it


_RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically with Linux's renameat2; False where that is not available."""
    with contextlib.suppress(AttributeError, OSError):
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
        at_cwd = -100
        if renameat2(at_cwd, os.fsencode(a), at_cwd, os.fsencode(b), _RENAME_EXCHANGE) == 0:
            return True
    return False


def write_file(path: Path, write, out_root: Path | None = None) -> None:
    """Write one regular file atomically: write(temporary path) in the same folder, then a rename.
    An existing link, device, pipe or folder at `path` is refused, never replaced. With `out_root` (an output
    folder the file goes in, not a file the user named), the folders between are made by `output_folder` and an
    existing file is replaced only in pnp's own output folder."""
    if str(path) in ("", "."):
        raise OutputError("--out is empty; name the file to write")
    if path.is_symlink() or (path.exists() and not path.is_file()):
        kind = "a folder" if path.is_dir() else "not a regular file (a link or a device)"
        raise OutputError(f"{path} is {kind}; name a file to write (pnp never replaces anything else)")
    if out_root is not None:
        output_folder(out_root, *path.relative_to(out_root).parts[:-1])
        replaceable(out_root, path)
    with writable(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        os.close(fd)
        os.chmod(tmp, 0o666 & ~_umask())
    try:
        with writable(path):
            write(Path(tmp))
            os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def write_text(path: Path, text: str) -> None:
    write_file(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))
