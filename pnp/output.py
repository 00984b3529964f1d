"""Writing to output/: everything is rendered into a staging folder first and
moved into place only when the whole build succeeded, each file with an atomic
rename. A failed build leaves the last good files untouched."""
from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path


class OutputError(Exception):
    """The output folder cannot be written: a problem with the path given, not with pnp or the content."""


@contextmanager
def writable(path: Path):
    """Turn a failure to create or write `path` into an OutputError that says what to do."""
    try:
        yield
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}; "
                          "pick another folder (--out) or fix its permissions") from exc


@contextmanager
def staged(out_dir: Path):
    """Yield a staging folder; on success, move every file in it to out_dir atomically."""
    with writable(out_dir):
        out_dir.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=".staging-", dir=out_dir))
    try:
        yield stage
        with writable(out_dir):
            for path in sorted(p for p in stage.rglob("*") if p.is_file()):
                target = out_dir / path.relative_to(stage)
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(path, target)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def write_file(path: Path, write) -> None:
    """Write one file atomically: write(temporary path) in the same folder, then a rename."""
    with writable(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        os.close(fd)
    try:
        write(Path(tmp))
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def write_text(path: Path, text: str) -> None:
    write_file(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))
