"""Writing to output/: everything is rendered into a staging folder first and
moved into place only when the whole build succeeded, each file with an atomic
rename. A failed build leaves the last good files untouched."""
from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def staged(out_dir: Path):
    """Yield a staging folder; on success, move every file in it to out_dir atomically."""
    out_dir.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=".staging-", dir=out_dir))
    try:
        yield stage
        for path in sorted(p for p in stage.rglob("*") if p.is_file()):
            target = out_dir / path.relative_to(stage)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, target)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def write_text(path: Path, text: str) -> None:
    """Write a single text file atomically (temp file + rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(tmp, path)
