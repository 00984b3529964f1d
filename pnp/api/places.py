"""Where a command writes: the project's output folder (claimed as pnp's before anything is written into it), or a
folder or file the user named, never over the project's own content, layouts or fonts."""
from __future__ import annotations

import os
from pathlib import Path

from pnp.core.diagnostics import UsageError
from pnp.core.paths import is_inside


def output_folder(out: str | Path | None, root: Path) -> Path:
    """The output folder a command writes into: the project's output/ (pnp's, whatever it holds), or `out`.
    An empty `out`, or an output/ pnp cannot claim (a pipe, a read-only folder where its lock goes), is a UsageError
    or an OutputError, both exit 2."""
    from pnp.core.output import OutputError, claim_project_output

    if out is not None and not str(out).strip():
        raise UsageError("--out is empty; name the output folder")
    folder = root / "output" if out is None else Path(out)
    if os.path.abspath(folder) == os.path.abspath(root / "output"):
        try:
            claim_project_output(folder)
        except OSError as exc:  # a pipe or a read-only folder where the lock goes
            raise OutputError(str(exc)) from exc
    return folder


def not_over_the_projects_own(out: Path, root: Path) -> None:
    """`out` may add a file to the project (a deck converted into content/GAME/decks/), never replace one of its
    content or layout files: `export-deck GAME DECK --format csv --out content/GAME/decks/DECK.yaml` wrote CSV over
    the deck it read. A UsageError (exit 2) before anything is written."""
    if not os.path.lexists(out):
        return
    for folder in ("content", "layouts", "fonts"):
        if is_inside(root / folder, Path(out)):
            raise UsageError(f"--out {out} is a file of the project's own ({folder}/); name a new file (pnp never "
                             "writes over content, layouts or fonts)")
