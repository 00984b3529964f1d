"""What the preflight's checks (pnp.checks.preflight, pnp.checks.shop_files) share: the PDFs under a folder, the
bounds past which a file is none of pnp's, and how a file that could not be read is reported."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pnp.core.diagnostics import printable


@dataclass(frozen=True, order=True)
class Unread:
    """A file the check could not read as a PDF: damaged, not a PDF, a link or no regular file."""

    file: str
    reason: str

    def format(self) -> str:
        return printable(f"{self.file}: not checked: {self.reason}")


# A PDF a build makes has at most pnp.core.limits.MAX_PAGES pages and draws a few thousand text and form operations a
# page; a file past either is none of pnp's and is reported rather than read for hours (forms that draw forms
# that draw forms multiply: a few kilobytes can ask for billions of operations).
MAX_OPERATIONS = 2_000_000


class TooMuch(Exception):
    """A PDF larger than any pnp makes."""


def pdf_files(root: Path) -> list[Path]:
    """The files named *.pdf under root, in order, without entering a linked folder."""
    paths = []
    for folder_path, folders, files in os.walk(root, followlinks=False):
        folders.sort()
        paths += [Path(folder_path) / name for name in sorted(files + [f for f in folders if f.lower().endswith(".pdf")])
                  if name.lower().endswith(".pdf")]
    return sorted(paths)
