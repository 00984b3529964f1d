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


@contextmanager
def build_lock(out_root: Path):
    """Hold the output folder for one build at a time; a second build fails at once, saying why."""
    with writable(out_root):
        out_root.mkdir(parents=True, exist_ok=True)
        handle = open(out_root / LOCK, "a")
    try:
        try:
            import fcntl

            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # no flock on this platform: builds are not serialised
            pass
        except OSError:
            raise OutputError(f"another pnp build is writing to {out_root}; wait for it to finish, "
                              "or build into another folder with --out") from None
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
def staged(out_dir: Path):
    """Yield a fresh folder; on success it becomes `out_dir` in one step, replacing the old one whole."""
    with writable(out_dir):
        if out_dir.is_symlink() or (out_dir.exists() and not out_dir.is_dir()):
            raise OutputError(f"{out_dir} is not a folder pnp made (a file or a link); move it away or use --out")
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


def write_file(path: Path, write) -> None:
    """Write one regular file atomically: write(temporary path) in the same folder, then a rename.
    An existing link, device, pipe or folder at `path` is refused, never replaced."""
    if str(path) in ("", "."):
        raise OutputError("--out is empty; name the file to write")
    if path.is_symlink() or (path.exists() and not path.is_file()):
        kind = "a folder" if path.is_dir() else "not a regular file (a link or a device)"
        raise OutputError(f"{path} is {kind}; name a file to write (pnp never replaces anything else)")
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
