"""Check out: the project as it was at a git revision, in a temporary folder that is always removed.

The project folder may be a subfolder of its git repository (a repository that keeps its games in `games/`):
the revision's copy of that same subfolder is what is compared. Only what pnp reads of it is written out (content/,
layouts/ and fonts/), and only once git's tree says how much that is: git compresses, so a commit of a few hundred
KB can name gigabytes (twenty names of one 200 MB blob once wrote 3.8 GB to the temporary folder in 8 s). Past
pnp.core.limits' MAX_REVISION_BYTES, MAX_REVISION_FILES or MAX_REVISION_DEPTH the revision is refused before a byte is
written. The files are git's blobs as stored (`git cat-file`: no worktree, no hook, no filter such as git-lfs's
smudge runs), links are written as links and never followed, and nothing is written outside the temporary folder.

Each diff holds a lock in its temporary folder; the next diff removes the folders of diffs that were killed (their
lock is free), as a build removes a killed build's staging folder, and the worktrees an older pnp left.
"""
from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import tempfile
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from pnp.build.watch import SOURCES  # what a build reads from the project: all a revision's checkout needs
from pnp.core.diagnostics import UsageError, printable
from pnp.core.limits import MAX_REVISION_BYTES, MAX_REVISION_DEPTH, MAX_REVISION_FILES, MB

# git never runs a hook for us (a hook is code of whoever set up the clone), nor asks on a terminal
GIT = ("git", "-c", "core.hooksPath=/dev/null", "-c", "advice.detachedHead=false")
GIT_SECONDS = 300  # reading a large repository on a slow disk; never forever
PREFIX = "pnp-diff-"  # the temporary folders of diffs, in the system's temporary folder
LOCK, NEW_LOCK = ".pnp-diff.lock", ".pnp-diff.lock-new"  # held while a diff runs; named LOCK once it is held
CHUNK = MB
LONGEST_PATH = 64 * 1024  # bytes of one path in git's tree: a file system takes 4096; more is a crafted tree
MODES = {"100644": 0o666, "100755": 0o777, "100664": 0o666}  # git's file modes; the umask applies, as git's does
LINK, SUBMODULE = "120000", "160000"


@dataclass
class Revision:
    name: str  # as the user wrote it: HEAD~1
    commit: str  # the commit it names
    tree: Path  # the temporary folder: the repository's top folder at that commit (what pnp reads of it)
    root: Path  # the project folder in it (not there when the project came later)


@dataclass
class Entry:
    """One name of git's tree at the revision: a file, a link or a submodule."""

    mode: str
    object: str
    size: int  # bytes its blob takes written out (0 for a submodule)
    path: str  # from the repository's top folder, '/'-separated


class RevisionError(UsageError):
    """The revision cannot be compared with: git does not know it, the project is in no git repository, or the
    revision holds more than a project could need."""


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run([*GIT, "-C", str(folder), *args], capture_output=True, text=True, timeout=GIT_SECONDS,
                              stdin=subprocess.DEVNULL, env=_quiet_env())
    except FileNotFoundError:
        raise _no_git() from None


def _git_pipe(folder: Path, *args: str, stdin=subprocess.DEVNULL) -> subprocess.Popen:
    """git with its output to read as it comes (bytes): a tree's listing or its blobs are never held whole."""
    try:
        return subprocess.Popen([*GIT, "-C", str(folder), *args], stdin=stdin, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, env=_quiet_env())
    except FileNotFoundError:
        raise _no_git() from None


def _no_git() -> RevisionError:
    return RevisionError("git is not installed; pnp diff compares with a git revision and needs git")


def _quiet_env() -> dict:
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0", LC_ALL="C")
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):  # set by a hook that runs pnp: not this repository's
        env.pop(name, None)
    return env


def repository(root: Path) -> tuple[Path, Path]:
    """The top folder of the git repository holding `root`, and `root`'s place inside it."""
    found = _git(root, "rev-parse", "--show-toplevel")
    if found.returncode != 0:
        raise RevisionError(f"{root} is not in a git repository; pnp diff compares the work tree with a git revision "
                            "(commit the project with git first, or name another project with --root)")
    top = Path(found.stdout.strip()).resolve()
    return top, root.resolve().relative_to(top)


def commit_of(top: Path, rev: str) -> str:
    """The commit `rev` names (a hash, a branch, a tag, HEAD~2); a RevisionError when git does not know it."""
    found = _git(top, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}")
    if found.returncode != 0 or not found.stdout.strip():
        raise RevisionError(f"unknown revision '{rev}': git knows no commit by that name here (try a commit hash, a "
                            "branch, a tag or HEAD~1; `git log --oneline` lists them)")
    return found.stdout.strip()


@contextmanager
def checked_out(root: Path, rev: str):
    """Yield the `Revision`: the project folder as it was at `rev` (it may not exist there: a project added
    since), in a temporary folder; the folder is gone afterwards, whatever happened."""
    top, inside = repository(root)
    commit = commit_of(top, rev)
    remove_leftovers(top)
    entries = _entries(top, commit, inside, rev)  # refused here, past a limit, before anything is written
    holder, lock = _locked_folder()
    tree = holder / "tree"
    try:
        _write(top, entries, tree, rev)
        yield Revision(rev, commit, tree, tree / inside)
    finally:
        shutil.rmtree(holder, ignore_errors=True)
        os.close(lock)


def _entries(top: Path, commit: str, inside: Path, rev: str) -> list[Entry]:
    """What the project's content/, layouts/ and fonts/ hold at `commit`, read from git's tree (nothing is written):
    a RevisionError as soon as it is more than a project could need, or names a path git itself would refuse."""
    where = [(inside / source).as_posix() for source in SOURCES]
    listing = _git_pipe(top, "--literal-pathspecs", "ls-tree", "-r", "-l", "-z", "--end-of-options", commit, "--", *where)
    entries, total = [], 0
    try:
        for line in _records(listing.stdout, rev):
            entry = _entry(line)
            entries.append(entry)
            total += entry.size
            if len(entries) > MAX_REVISION_FILES or total > MAX_REVISION_BYTES:
                raise _too_large(rev, inside, len(entries), total)
            _check_path(entry.path, inside, rev)
    except BaseException:
        listing.kill()  # refused (or interrupted) part way: git need not list the rest
        raise
    finally:
        listing.stdout.close()
        listing.wait()
    if listing.returncode != 0:
        raise RevisionError(f"git could not list the files of {rev} (git ls-tree stopped with {listing.returncode}); "
                            "`git fsck` checks the repository")
    return entries


def _records(stream, rev: str):
    """The NUL-terminated records of git's `-z` output, read as they come; one longer than any path is refused."""
    pending = b""
    while chunk := stream.read(CHUNK):
        *records, pending = (pending + chunk).split(b"\0")
        yield from records
        if len(pending) > LONGEST_PATH:
            raise RevisionError(f"{rev} names a path of more than {LONGEST_PATH:,} bytes (a crafted commit): "
                                "compare with another revision")


def _entry(line: bytes) -> Entry:
    info, _, path = line.partition(b"\t")
    mode, _kind, obj, size = info.decode("ascii", "replace").split(None, 3)
    return Entry(mode, obj, int(size) if size.strip().isdigit() else 0, os.fsdecode(path))


def _too_large(rev: str, inside: Path, files: int, total: int) -> RevisionError:
    where = ", ".join(f"{(inside / source).as_posix()}/" for source in SOURCES)
    return RevisionError(f"{rev} holds at least {files:,} files of {total // MB:,} MB in {where}, more than a project "
                         f"needs and than pnp diff writes out of a revision ({MAX_REVISION_FILES:,} files, "
                         f"{MAX_REVISION_BYTES // MB:,} MB together; pnp.core.limits): compare with another revision")


def _check_path(path: str, inside: Path, rev: str) -> None:
    """A path git's tree may name but no checkout should write: '..', an empty name, or nested past what pnp removes."""
    parts = path.split("/")
    if any(part in ("", ".", "..") for part in parts):
        raise RevisionError(f"{rev} names the path '{printable(path)}', which git itself refuses to check out (a crafted "
                            "commit): compare with another revision")
    if len(parts) - len(inside.parts) > MAX_REVISION_DEPTH:
        raise RevisionError(f"{rev} nests {printable(path)} more than {MAX_REVISION_DEPTH} folders below the project folder, "
                            "deeper than a project's files: compare with another revision")


def _locked_folder() -> tuple[Path, int]:
    """A fresh temporary folder and the lock held in it while this diff runs. The lock is taken before it has its
    name, so the next diff never takes a running diff's folder for a killed one's."""
    holder = Path(tempfile.mkdtemp(prefix=PREFIX))
    lock = os.open(holder / NEW_LOCK, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    _try_lock(lock)  # a new file nobody else has opened: it is ours (unless the platform has no locks)
    os.rename(holder / NEW_LOCK, holder / LOCK)
    return holder, lock


def _try_lock(handle: int) -> bool:
    """Take the lock on the open file `handle`, without waiting: False when another process holds it."""
    try:
        import fcntl
    except ImportError:  # no flock on this platform: no diff's folder is taken for a killed one's
        return False
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _write(top: Path, entries: list[Entry], tree: Path, rev: str) -> None:
    """Write the entries into `tree` as git stores them: folders and files first, links last, so that no file is
    ever written through a link; a file is made new (O_EXCL) and never follows one. No filter or hook runs."""
    tree.mkdir()
    order = sorted(entries, key=lambda entry: entry.mode == LINK)
    links: set[str] = set()  # paths written as links: nothing is written below one (a crafted tree names both)
    batch = _git_pipe(top, "cat-file", "--batch", stdin=subprocess.PIPE)
    try:
        for entry in order:
            parts = entry.path.split("/")
            if any("/".join(parts[:depth]) in links for depth in range(1, len(parts))):
                raise RevisionError(f"{rev} names {printable(entry.path)} inside a link (a crafted commit): compare with "
                                    "another revision")
            path = tree.joinpath(*parts)
            path.parent.mkdir(parents=True, exist_ok=True)
            if entry.mode == SUBMODULE:  # another repository's commit: an empty folder, as git checks it out
                path.mkdir(exist_ok=True)
                continue
            _write_entry(batch, entry, path)
            if entry.mode == LINK:
                links.add(entry.path)
    except (OSError, ValueError) as exc:  # ValueError: a link to a name with a NUL in it (a crafted commit)
        full = getattr(exc, "errno", None) in (errno.ENOSPC, errno.EDQUOT)
        raise RevisionError(f"{rev} could not be written to the temporary folder {tree.parent}: "
                            f"{getattr(exc, 'strerror', None) or exc}"
                            f"{' (free some space, or set TMPDIR to another folder)' if full else ''}") from None
    finally:
        batch.kill()
        batch.wait()
        with suppress(OSError):  # git is gone: what it was sent or had still to say no longer matters
            batch.stdin.close()
        batch.stdout.close()


def _write_entry(batch: subprocess.Popen, entry: Entry, path: Path) -> None:
    batch.stdin.write(entry.object.encode("ascii") + b"\n")
    batch.stdin.flush()
    header = batch.stdout.readline().split()
    if len(header) != 3 or header[1] != b"blob" or header[2] != str(entry.size).encode():  # as ls-tree listed it
        raise RevisionError(f"git could not read {printable(entry.path)} at the revision; `git fsck` checks the repository")
    if entry.mode == LINK:
        os.symlink(os.fsdecode(_read(batch.stdout, entry.size)), path)
    else:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                         MODES.get(entry.mode, 0o666))
        with open(handle, "wb") as file:
            left = entry.size
            while left:
                chunk = _read(batch.stdout, min(left, CHUNK))
                file.write(chunk)
                left -= len(chunk)
    _read(batch.stdout, 1)  # the line break after each blob


def _read(stream, size: int) -> bytes:
    data = stream.read(size)
    if len(data) != size:
        raise RevisionError("git stopped before the end of a file of the revision; `git fsck` checks the repository")
    return data


def remove_leftovers(top: Path) -> None:
    """Remove what diffs that were killed left: their temporary folders (their lock is free; a running diff holds
    its own), and a worktree an older pnp checked out there, registration and all (even locked)."""
    temporary = Path(tempfile.gettempdir()).resolve()
    try:
        folders = [path for path in temporary.glob(f"{PREFIX}*") if _ours(path)]
    except OSError:
        return
    for folder in folders:
        if _left_by_a_killed_diff(folder):
            shutil.rmtree(folder, ignore_errors=True)
    _forget_worktrees(top, temporary)


def _ours(folder: Path) -> bool:
    """A folder (not a link) of this user's: another user's diff, in a shared /tmp, is theirs to clean."""
    try:
        info = folder.lstat()
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == getattr(os, "getuid", lambda: info.st_uid)()


def _left_by_a_killed_diff(folder: Path) -> bool:
    """The folder's lock is free (its diff is gone), or it is an older pnp's worktree (it has no lock: that pnp
    checked out into `tree` with `git worktree add`)."""
    try:
        handle = os.open(folder / LOCK, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return (folder / "tree" / ".git").is_file() and not (folder / NEW_LOCK).exists()
    except OSError:  # another user's folder, or not pnp's
        return False
    try:
        return _try_lock(handle)
    finally:
        os.close(handle)


def _forget_worktrees(top: Path, temporary: Path) -> None:
    """git forgets the worktrees an older pnp registered in a temporary diff folder that is gone now: one that git
    locked while checking out (the diff was killed) is unlocked first, or `prune` keeps it for ever."""
    listed = _git(top, "worktree", "list", "--porcelain")
    if listed.returncode != 0:
        return
    for block in listed.stdout.split("\n\n"):
        lines = block.splitlines()
        path = Path(lines[0][len("worktree "):]) if lines and lines[0].startswith("worktree ") else None
        if path and path.parent.name.startswith(PREFIX) and path.parent.parent == temporary and not path.exists():
            if any(line.startswith("locked") for line in lines):
                _git(top, "worktree", "unlock", str(path))
    _git(top, "worktree", "prune")
