"""Paths named by content, kept inside the folder they belong to.

A content folder may come from anyone: a deck file, a rules file or an image
named as `/etc/passwd`, `../../secret.png` or a symlink out of the game's
folder must not be read. Every such name is resolved (symlinks included) and
accepted only when it stays inside its folder.
"""
from __future__ import annotations

import os
from pathlib import Path


def inside(folder: Path, name: str) -> tuple[Path | None, str | None]:
    """(the file `name` names inside `folder`, None), or (None, what is wrong and what to do)."""
    if not name or Path(name).is_absolute():
        return None, f"'{name}' must be a path relative to the game's folder, like decks/story.yaml"
    try:
        base = folder.resolve()
        target = (folder / name).resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        return None, f"'{name}' cannot be resolved ({exc}); make it a plain file"
    if target != base and base not in target.parents:
        return None, f"'{name}' points outside {folder.name}/ (after following links); keep every file inside it"
    return target, None


def present(path: Path) -> bool:
    """Whether something (a file, a folder, a link) is at `path`, to decide whether to read it. Where pnp may not
    look (a folder without permission), it says yes: reading the file then reports why it cannot be read, at the
    file, where pathlib's exists() and is_file() would raise instead."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError:
        return True
    return True


def is_inside(folder: Path, path: Path) -> bool:
    """Whether `path` (absolute or relative to the working folder) lies inside `folder` once links are followed."""
    try:
        base, target = folder.resolve(), path.resolve()
    except (OSError, RuntimeError):
        return False
    return target == base or base in target.parents
