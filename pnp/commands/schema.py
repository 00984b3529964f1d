"""`pnp schema`: JSON Schemas of the content and layout files, for editor autocompletion."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import DebugOption, RootOption
from pnp.commands.terminal import guard, say


def command(out: Optional[Path] = typer.Option(None, "--out", help="Folder for the JSON Schema files (default: ROOT/schemas)."),
            root: Path = RootOption, debug: bool = DebugOption):
    """Write JSON Schemas for the content and layout files, for editor autocompletion."""
    from pnp.api.starter import write_schemas

    def work():
        for path in write_schemas(root, out):
            say(f"wrote {path}")

    guard(debug, work)
