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

An output folder may come from anyone (a project shipped with its output/), so what pnp finds there is untrusted.
What it reads back (the build record, stored forms) is read by `read_back`: never through a link, regular files only.
What it replaces is checked before anything is drawn (`_cannot_remove`): a folder in it that pnp may not change
(read-only, another user's) or nested deeper than pnp writes is refused (exit 2), never found out after the swap
with the old output stranded in a staging folder. New files that must appear together (a game `pnp new` adds, a
project `pnp init` makes) are written by `write_new`: all of them, or, after a failure, none.
"""
from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import re
import shutil
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path

STAGING, REPLACED, LOCK = ".staging-", ".replaced-", ".pnp-build.lock"
DEEPEST = 32  # folders below one pnp replaces whole: it writes at most a few (images/<deck>/tabletop-simulator)


_STOP = {"requested": False, "held": 0}
# every folder a swap put in place in this process, in order: an interrupt afterwards must not say it was left as it was
PUT_IN_PLACE: list[Path] = []


def request_stop() -> None:
    """Ctrl-C or SIGTERM arrived. The signal also raises KeyboardInterrupt, but an exception raised inside
    some library callbacks (a fork handler, a finaliser) is printed and dropped; this flag is not, so the
    build still stops before it replaces anything."""
    _STOP["requested"] = True


def stop_requested() -> bool:
    return _STOP["requested"]


def interrupts_held() -> bool:
    """Whether a swap is under way (`_swap_whole`): pnp.commands.terminal's signal handler then only requests the stop, and the
    interrupt is raised once the swap and its clean-up are done."""
    return _STOP["held"] > 0


@contextmanager
def _interrupts_deferred():
    """A critical section for Ctrl-C and SIGTERM: a stop asked for in it (request_stop) is raised as KeyboardInterrupt
    at its end, never halfway, where the new output is in place but the words and the clean-up would say otherwise."""
    _STOP["held"] += 1
    try:
        yield
    finally:
        _STOP["held"] -= 1
    if stop_requested():
        raise KeyboardInterrupt


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
    """While rendering: a full disk, a quota or a permission problem is the disk's, not pnp's (exit 2). So is a file
    of the earlier output that cannot be read where it is carried over into the new one (another user's file with
    mode 000 in output/GAME/preview, say): shutil.copytree gathers those into one shutil.Error."""
    try:
        yield
    except shutil.Error as exc:
        failures = exc.args[0] if exc.args else None
        if not isinstance(failures, list) or not failures:  # not copytree's list of files (shutil's other errors)
            raise
        raise OutputError(_not_carried_over(failures)) from exc
    except OSError as exc:
        if exc.errno not in DISK_ERRORS:
            raise
        raise OutputError(f"cannot write into {path}: {exc.strerror or exc}; free some disk space or fix its "
                          "permissions (the last good output is untouched)") from exc


def _not_carried_over(failures: list[tuple[str, str, str]]) -> str:
    """One line for the files of the earlier output that could not be copied, as shutil.Error lists them: (the file,
    where it was going, why, as str(OSError): "[Errno 13] Permission denied: 'path'"), the first named."""
    source, _, why = failures[0]
    reason = re.sub(r"^\[Errno \d+\] |: '.*'$", "", str(why))
    more = f" (and {len(failures) - 1} more like it)" if len(failures) > 1 else ""
    return (f"cannot read {source}{more} to keep it from the earlier output ({reason}); remove it or have it made "
            "readable (chmod a+r), then build again (the last good output is untouched)")


def plain_name(name: str) -> str:
    """`name` when it can be one file or folder name pnp writes (from a game, deck, card or sheet id, a paper or
    template name); otherwise an OutputError, so no name from content can lead out of the folder it is written in."""
    if not is_plain_name(name):
        raise OutputError(f"{name!r} cannot be a file name pnp writes; use letters, digits and hyphens")
    return name


def is_plain_name(name) -> bool:
    return (isinstance(name, str) and bool(name) and not name.startswith(".") and not any(ch in name for ch in "/\\")
            and not any(ord(ch) < 32 or ch == "\x7f" for ch in name) and len(name.encode("utf-8", "replace")) <= 255)


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
    if not owned(out_root) and not any(out_root.iterdir()):
        _mark(out_root)  # a new or empty folder becomes pnp's output folder (a project's output/: claim_project_output)
    folder = out_root
    for part in parts:
        folder = folder / plain_name(part)
        _real_folder(folder)
    return folder


def owned(out_root: Path) -> bool:
    """Whether pnp writes its output here: the folder carries pnp's mark (its build lock, a plain file)."""
    mark = out_root / LOCK
    return mark.is_file() and not mark.is_symlink()


def claim_project_output(folder: Path) -> None:
    """The output/ folder of the project a command works on is pnp's, whatever it holds (docs/reference/bad-input.md):
    marked as such, so pnp replaces things there. Only that one: a folder named output beside some other content/,
    named with --out, is the user's and stays so. Nothing is said here of a folder that cannot be marked (a link, a
    file): output_folder says it when the command writes. An OutputError where the mark cannot be made."""
    if folder.is_dir() and not folder.is_symlink() and not owned(folder):
        _mark(folder)


def _mark(out_root: Path) -> None:
    os.close(_open_lock(out_root))


_LOCK_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_NOT_A_FILE = (errno.ENXIO, errno.ELOOP, errno.EISDIR, errno.EOPNOTSUPP)  # a pipe with no reader, a link, a folder, a socket


def _open_lock(out_root: Path) -> int:
    """The lock file's handle, made if missing. Whatever lies in the output folder is untrusted: a pipe there would
    block a plain open for ever (it waits for a reader) and a link could lead anywhere, so the lock is opened without
    waiting or following a link, and anything but a regular file is an OutputError (exit 2), never a hang."""
    path = out_root / LOCK
    with writable(out_root):
        try:
            fd = os.open(path, _LOCK_FLAGS, 0o666)
        except OSError as exc:
            if exc.errno in _NOT_A_FILE:
                raise _lock_not_a_file(path) from None
            raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise _lock_not_a_file(path)
    return fd


def _lock_not_a_file(path: Path) -> OutputError:
    return OutputError(f"{path} is not a regular file (a pipe, a link, a folder or a device); pnp keeps its build "
                       "lock there: remove it, or name another output folder with --out")


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
        handle = os.fdopen(_open_lock(out_root), "a") if ours else open(os.devnull, "a")  # a folder of the user's: no lock
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
    """Staging folders of builds that were killed (the lock says no build is running). One pnp could not have left
    (read-only, nested deeper than pnp writes) is left alone."""
    for path in out_root.iterdir():
        if path.name.startswith((STAGING, REPLACED)):
            remove_left(path)


def remove_left(folder: Path) -> None:
    """Remove a folder pnp left (a killed build's staging folder, a form store's old forms) if it can be removed
    whole; one that cannot (read-only, nested deeper than pnp writes, a link) is not pnp's work and stays."""
    if folder.is_dir() and not folder.is_symlink() and _cannot_remove(folder) is None:
        shutil.rmtree(folder, ignore_errors=True)


def _cannot_remove(top: Path) -> str | None:
    """Why the folder `top` cannot be removed whole, or None. Every folder in it must be one pnp may list and change
    (a read-only one, or another user's, keeps what is in it) and lie at most DEEPEST folders down (deeper is not
    pnp's, and removing it would recurse past Python's limit). Links in it are removed as links, never followed."""
    stack = [(top, 0)]
    while stack:
        folder, depth = stack.pop()
        if depth > DEEPEST:
            return f"{folder} lies more than {DEEPEST} folders deep, deeper than pnp ever writes: remove {top}"
        if not os.access(folder, os.R_OK | os.W_OK | os.X_OK):
            return f"{folder} is read-only (or another user's): make it writable (chmod -R u+w {top}) or remove {top}"
        try:
            with os.scandir(folder) as entries:
                stack += [(Path(entry.path), depth + 1) for entry in entries if entry.is_dir(follow_symlinks=False)]
        except OSError as exc:
            return f"{folder} cannot be listed ({exc.strerror or exc}): fix its permissions or remove {top}"
    return None


def _can_replace(out_dir: Path) -> None:
    """The old `out_dir` is removed once the new one is in its place: checked before anything is drawn, so a build
    that could not remove it fails now, with the old output as it was, instead of leaving it in a staging folder."""
    problem = _cannot_remove(out_dir) if out_dir.is_dir() and not out_dir.is_symlink() else None
    if problem:
        raise OutputError(f"pnp replaces {out_dir} whole, and cannot remove what is in it: {problem}")


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
        _can_replace(out_dir)
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f"{STAGING}{out_dir.name}-", dir=out_dir.parent))
        stage.chmod(0o777 & ~_umask())  # as a plain mkdir would make it, not mkdtemp's private 0700
    try:
        yield stage
        _swap_whole(stage, out_dir)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)  # the unfinished output (or, swapped in just now, the old one)
        raise


def _swap_whole(stage: Path, out_dir: Path) -> None:
    """Put the finished `stage` in `out_dir`'s place and remove the old output, as one step for Ctrl-C and SIGTERM:
    an interrupt that arrives meanwhile is raised when both are done, with the swap recorded in PUT_IN_PLACE, so
    what pnp.commands.terminal says of it is what is on disk, and no staging folder is left half removed."""
    with _interrupts_deferred():
        if stop_requested():  # interrupted, though the interrupt itself was swallowed on the way
            raise KeyboardInterrupt
        with writable(out_dir):
            _replace(stage, out_dir)
        PUT_IN_PLACE.append(out_dir)
        _remove_old(stage, out_dir)


def _remove_old(old: Path, out_dir: Path) -> None:
    """After the swap `old` holds the old output (or nothing). `_can_replace` found it removable before anything was
    drawn; should that have changed since, the user is told, never left a staging folder unsaid."""
    try:
        if os.path.lexists(old):
            shutil.rmtree(old)
    except OSError as exc:
        raise OutputError(f"the new output is in {out_dir}, but the old one could not be removed from {old} "
                          f"({exc.strerror or exc}); remove it by hand") from exc


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


_RENAME_NOREPLACE, _RENAME_EXCHANGE = 1, 2
_NOT_THERE = (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP)  # renameat2 or its flag unknown to the kernel or file system


def _renameat2(a: Path, b: Path, flags: int) -> bool:
    """Linux's renameat2 with `flags`: True when done, False where it is not available; its other errors raise."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    at_cwd = -100
    if renameat2(at_cwd, os.fsencode(a), at_cwd, os.fsencode(b), flags) == 0:
        return True
    code = ctypes.get_errno()
    if code in _NOT_THERE:
        return False
    raise OSError(code, os.strerror(code), str(b))


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically with Linux's renameat2; False where that is not available."""
    with contextlib.suppress(OSError):
        return _renameat2(a, b, _RENAME_EXCHANGE)
    return False


def _rename_new(source: Path, target: Path) -> None:
    """Move `source` to `target`, never over anything there (renameat2's no-replace where there is one: a plain
    rename would replace an empty folder or a file made meanwhile)."""
    if _renameat2(source, target, _RENAME_NOREPLACE):
        return
    if os.path.lexists(target):
        raise FileExistsError(errno.EEXIST, "it exists already", str(target))
    os.rename(source, target)


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


# -- what pnp reads back from its output folder -----------------------------------------------------------------------
_FOLDER = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
_FILE = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)  # a pipe would block a plain open


def _plain_steps(names: tuple[str, ...]) -> tuple[str, ...]:
    """Names of folders and a file below an output folder, as pnp writes them: never '..', a '/' or empty (each
    step is opened relative to the last, so such a name could lead out)."""
    if not names or any(name in ("", ".", "..") or "/" in name or os.sep in name or "\0" in name for name in names):
        raise OSError(errno.EINVAL, "not a path pnp writes", "/".join(names))
    return names


@contextmanager
def folder_handle(folder: Path, *names: str):
    """An open handle on the folder folder/names..., each step taken without following a link: a link at `folder`
    or at any step is an OSError (it could lead out of the project). Files pnp reads back are opened through it.
    (Where the platform cannot open a file relative to a folder, this is an OSError too: nothing is read back.)"""
    fd = os.open(folder, _FOLDER)
    try:
        for name in _plain_steps(names) if names else ():
            inner = os.open(name, _FOLDER, dir_fd=fd)
            os.close(fd)
            fd = inner
        yield fd
    except NotImplementedError as exc:  # no dir_fd here
        raise OSError(errno.ENOTSUP, "cannot open a file relative to a folder") from exc
    finally:
        os.close(fd)


def read_back(folder: Path, names: tuple[str, ...], limit: int) -> bytes | None:
    """The bytes of the regular file folder/names... (pnp's build record, a stored form), or None where it is
    missing, a link or below one, a pipe, a device or a folder, or longer than `limit` bytes."""
    try:
        with folder_handle(folder, *_plain_steps(names)[:-1]) as fd:
            file = os.open(names[-1], _FILE, dir_fd=fd)
        with os.fdopen(file, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            data = handle.read(limit + 1)
    except OSError:
        return None
    return data if len(data) <= limit else None


def file_state(folder: Path, names: tuple[str, ...]) -> tuple[int, int] | None:
    """(size, modification time in ns) of the regular file folder/names..., reached without following a link; None
    for anything else. A file kept from an earlier output is checked so: one replaced by a link (out of the
    project, say) or put below a linked folder is never taken for the file pnp wrote."""
    try:
        with folder_handle(folder, *_plain_steps(names)[:-1]) as fd:
            found = os.stat(names[-1], dir_fd=fd, follow_symlinks=False)
    except OSError:
        return None
    return (found.st_size, found.st_mtime_ns) if stat.S_ISREG(found.st_mode) else None


def remove_back(folder: Path, names: tuple[str, ...]) -> None:
    """Remove the file folder/names... if it is there, never below a link (a link itself is removed, not followed)."""
    with contextlib.suppress(OSError), folder_handle(folder, *_plain_steps(names)[:-1]) as fd:
        os.unlink(names[-1], dir_fd=fd)


# -- new files that belong together ---------------------------------------------------------------------------------
def write_new(root: Path, files: dict[str, bytes]) -> None:
    """Write `files` (paths relative to `root`, which need not exist yet) that belong together, a game `pnp new`
    adds or a project `pnp init` makes: all of them appear, or none. Everything is checked first, before anything is
    made: nothing is in the way (a file there already, a link or a file where a folder goes) and every folder they
    go into is writable. The files are then written into a staging folder beside them, and each new folder or file
    (a part: content/<game>, or a whole project folder) is moved into place only once all are written, none over
    anything; if a move fails, the parts already moved are moved back. The staging folder goes in every case."""
    place = _nearest_folder(root)
    relative = {Path(os.path.relpath(root / name, place)): data for name, data in files.items()}
    parts = _new_parts(place, relative)
    stage = Path(tempfile.mkdtemp(prefix=".pnp-new-", dir=place))
    try:
        for path, data in relative.items():
            (stage / path).parent.mkdir(parents=True, exist_ok=True)
            (stage / path).write_bytes(data)
        _move_together([(stage / part, place / part) for part in parts])
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def _nearest_folder(path: Path) -> Path:
    """`path`, or the nearest of its parents that exists: where the new parts are staged and moved from. (It and
    the folders above it are the user's, links or not: only what lies below is checked, `_new_parts`.)"""
    for folder in (path, *path.parents):
        if os.path.lexists(folder):
            if not folder.is_dir():
                raise OutputError(f"{folder} is a file, not a folder; name a folder to write into")
            return folder
    return Path(".")


def _new_parts(place: Path, paths) -> list[Path]:
    """The first missing folder or file on the way to each path (relative to `place`), in order: what is moved into
    place. Each folder on the way must be a real one (no link, no file) and writable; the files must not exist."""
    parts: list[Path] = []
    for path in paths:
        here = place
        for step, name in enumerate(path.parts, 1):
            parent, here = here, here / name
            if not os.path.lexists(here):
                if not os.access(parent, os.W_OK | os.X_OK):
                    raise OutputError(f"{parent} is read-only; pnp cannot add {here} there: make it writable")
                if here.relative_to(place) not in parts:
                    parts.append(here.relative_to(place))
                break
            if step == len(path.parts):
                raise OutputError(f"{here} exists already; pnp writes over nothing: move it away or choose another name")
            if here.is_symlink() or not here.is_dir():
                raise OutputError(f"{here} is a link or a file, not a folder; pnp writes only into real folders")
    return parts


def _move_together(moves: list[tuple[Path, Path]]) -> None:
    """Each (staged, final) move in order; if one fails, those done are undone, latest first, and the error raised."""
    done = []
    try:
        for staged_part, final in moves:
            _rename_new(staged_part, final)
            done.append((staged_part, final))
    except BaseException:
        for staged_part, final in reversed(done):
            with contextlib.suppress(OSError):
                os.rename(final, staged_part)
        raise
