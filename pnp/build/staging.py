"""The staging folder a build draws into, beside the game's output folder: what it brings in from the last build
(hard links, never followed links) and what it clears before a job draws.

Nothing here writes into the old output: a file carried over is a hard link, and a job's place is cleared in the
stage before it draws, so drawing never writes through a link into the folder the stage replaces.
"""
from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

from pnp.build.plan import Job
from pnp.core import incremental
from pnp.core.output import below

# Folders of a game's output that other commands write (`pnp preview`, `pnp diff`): a build keeps them as they are.
OTHER_COMMANDS = ("preview", "diff")


def reuse(job: Job, record: dict | None, prints: dict, out_dir: Path, stage: Path) -> bool:
    """Link the job's files from the last build into the stage when they were made from exactly this. A file that
    is no longer the regular file recorded (a link put in its place since) is not: the job is drawn again, into a
    stage holding none of its old files (drawing over a hard link would write into the old output)."""
    earlier = (record or {}).get("jobs", {}).get(job.path)
    if not earlier or earlier.get("fp") != prints.get(job.path) or not incremental.outputs_kept(out_dir, earlier):
        return False
    linked = []
    for name in earlier["files"]:
        target = below(stage, name)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not _link_or_copy(below(out_dir, name), target):
            for path in linked:
                path.unlink()
            return False
        linked.append(target)
    return True


def carry_over(out_dir: Path, stage: Path, everything: bool, made: set[str], apart=OTHER_COMMANDS) -> list[str]:
    """Bring the earlier output's files into the stage as hard links (no copying, and the old files stay
    untouched): all of them for a partial build, else only card images this build does not make, and the folders
    `apart` (other commands', the editions')."""
    if not out_dir.is_dir() or out_dir.is_symlink():
        return []
    kept = []
    for top in sorted(out_dir.iterdir()):
        if top.is_symlink() or (not everything and top.name not in apart
                                and (top.name != "images" or "images" in made)):
            continue
        if top.is_dir():
            shutil.copytree(top, stage / top.name, copy_function=_link_or_copy, ignore=_links, dirs_exist_ok=True)
        elif top.is_file():
            _link_or_copy(top, stage / top.name)
        kept.append(top.name)
    return kept


def _links(folder, names) -> list[str]:
    """pnp never makes a link: one found in an earlier output is not carried over (nor followed, nor written through)."""
    return [name for name in names if os.path.islink(os.path.join(folder, name))]


def _link_or_copy(source, target) -> bool:
    """Bring a regular file of the earlier output into the stage as it is: a hard link (no copying, and the old file
    stays untouched), or a copy where links are impossible. Anything else there (a link, which could lead out of the
    project; a pipe, a device) is never followed nor brought: False."""
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:  # a file system without hard links
        if not stat.S_ISREG(os.lstat(source).st_mode):
            return False
        shutil.copy2(source, target, follow_symlinks=False)
    if stat.S_ISREG(os.lstat(target).st_mode):
        return True
    os.unlink(target)
    return False


def clear(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
