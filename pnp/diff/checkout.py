"""Check out: the project as it was at a git revision, in a temporary worktree that is always removed.

The project folder may be a subfolder of its git repository (a repository that keeps its games in `games/`):
the revision's copy of that same subfolder is what is compared. The worktree is detached (no branch is made or
moved), checked out without running the repository's hooks, and removed on success, on error and on Ctrl-C.
"""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pnp.diagnostics import UsageError

# git never runs a hook for us (a post-checkout hook is code of whoever set up the clone), nor asks on a terminal
GIT = ("git", "-c", "core.hooksPath=/dev/null", "-c", "advice.detachedHead=false")
GIT_SECONDS = 300  # a checkout of a large repository on a slow disk; never forever


@dataclass
class Revision:
    name: str  # as the user wrote it: HEAD~1
    commit: str  # the commit it names
    tree: Path  # the temporary worktree: the repository's top folder at that commit
    root: Path  # the project folder in it (not there when the project came later)


class RevisionError(UsageError):
    """The revision cannot be compared with: git does not know it, or the project is in no git repository."""


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run([*GIT, "-C", str(folder), *args], capture_output=True, text=True, timeout=GIT_SECONDS,
                              stdin=subprocess.DEVNULL, env=_quiet_env())
    except FileNotFoundError:
        raise RevisionError("git is not installed; pnp diff compares with a git revision and needs git") from None


def _quiet_env() -> dict:
    import os

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
    since), in a temporary worktree; the worktree and its folder are gone afterwards, whatever happened."""
    top, inside = repository(root)
    commit = commit_of(top, rev)
    holder = Path(tempfile.mkdtemp(prefix="pnp-diff-"))
    tree = holder / "tree"
    try:
        added = _git(top, "worktree", "add", "--detach", "--quiet", str(tree), commit)
        if added.returncode != 0:
            why = (added.stderr.strip().splitlines() or ["git gave no reason"])[-1]
            raise RevisionError(f"git cannot check out {rev} into a temporary worktree: {why}")
        yield Revision(rev, commit, tree, tree / inside)
    finally:
        _remove(top, tree)
        shutil.rmtree(holder, ignore_errors=True)


def _remove(top: Path, tree: Path) -> None:
    """Take the worktree away: git's own removal, else the folder, then git forgets it (prune)."""
    if tree.exists():
        _git(top, "worktree", "remove", "--force", "--force", str(tree))
        shutil.rmtree(tree, ignore_errors=True)
    _git(top, "worktree", "prune")
