"""Paths named by content, kept inside the folder they belong to: the one resolver for every file name that
content, layouts or game.yaml write (deck, sheet and rules files, images of every kind, fonts, templates).

A content folder may come from anyone: a deck file, a rules file or an image
named as `/etc/passwd`, `../../secret.png`, `~/x.png`, `C:\\art\\x.png`,
`file:///etc/x.png` or a symlink out of the game's folder must not be read. A
name is first checked as written (`name_problem`: relative, with `/`, no
control characters, no URL or drive, not too long), then resolved (symlinks
included) and accepted only when it stays inside its folder. Validation and
the build call the same function, so what `pnp validate` accepts is what the
build opens, and every refusal is a sentence for a diagnostic, never an
exception.
"""
from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path, PurePosixPath

MAX_NAME = 1024  # characters in a whole name: far more than any real path in a project
MAX_PART = 255  # bytes in one folder or file name: what file systems allow
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")  # http:, file:, C: (a URL or a Windows drive)
EXAMPLE = "decks/story.yaml"


def name_problem(name, example: str = EXAMPLE, within: str = "the game's folder") -> str | None:
    """What makes `name` unusable as a file name relative to a folder, judged from the text alone, or None.
    The sentence starts after the name ("'x' must be ...")."""
    if not isinstance(name, str) or not name.strip():
        return f"is empty; name a file relative to {within}, like {example}"
    if any(ord(ch) < 32 or ch == "\x7f" for ch in name):
        return "holds a control character; name the file with printable characters"
    if SCHEME.match(name):
        return f"is a URL or a drive letter; pnp reads only files inside the project, named like {example}"
    if "\\" in name:
        return f"holds a backslash; write paths with / (like {example}), relative to {within}"
    if name.startswith("~") or PurePosixPath(name).is_absolute():
        return f"must be a path relative to {within}, like {example}"
    if len(name) > MAX_NAME or any(len(part.encode("utf-8", "replace")) > MAX_PART for part in name.split("/")):
        return f"is too long (names are at most {MAX_NAME} characters, {MAX_PART} bytes between slashes)"
    return None


def inside(folder: Path, name: str, example: str = EXAMPLE) -> tuple[Path | None, str | None]:
    """(the file `name` names inside `folder`, None), or (None, what is wrong and what to do)."""
    wrong = name_problem(name, example)
    if wrong:
        return None, f"'{name}' {wrong}"
    try:
        base = folder.resolve()
        target = (folder / name).resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a name the system refuses
        if link_loop(folder / name):
            return None, f"'{name}' {LINK_LOOP}"
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
    except (OSError, RuntimeError, ValueError):
        return False
    return target == base or base in target.parents


LINK_LOOP = "goes through a link that leads back to itself (a link loop); replace the link with the file or folder it should be"


def link_loop(path: Path | str) -> bool:
    """Whether following the links of `path` never ends: a link to itself, or links that lead to each other. Such a
    path is reported as what it is, at the link, never as a file outside its folder (pathlib cannot resolve it)."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    except ValueError:
        return False
    return False


def file_kind(path: Path) -> str | None:
    """None for a regular file; else what `path` is instead ("missing", "a folder", ...), asking the disk once
    and never opening it (a pipe would wait forever, a device never end). Where pnp may not look (a folder
    without permission) it is None too: reading the file then reports, at the file, why it cannot be read."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    except PermissionError:
        return None
    except (OSError, ValueError) as exc:
        return f"unreadable ({getattr(exc, 'strerror', None) or exc})"
    if stat.S_ISREG(mode):
        return None
    return "a folder" if stat.S_ISDIR(mode) else "not a regular file (a device, pipe or socket)"
