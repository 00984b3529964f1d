"""`pnp export-deck`: a deck as CSV, XLSX or YAML, card for card; a spreadsheet deck and a YAML deck convert both
ways without loss."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import DebugOption, DeckFormat, GameArgument, RootOption
from pnp.commands.terminal import finish, guard, say, show
from pnp.core.diagnostics import Report


def command(game: str = GameArgument,
            deck: str = typer.Argument(..., help="Deck id, as game.yaml lists it."),
            format: DeckFormat = typer.Option(..., "--format", help="csv, xlsx or yaml."),
            out: Optional[Path] = typer.Option(None, "--out", help="File to write; csv and yaml print to stdout "
                                               "without it, xlsx goes to output/decks/GAME/DECK.xlsx."),
            root: Path = RootOption, debug: bool = DebugOption):
    """Write a deck as CSV, XLSX or YAML (whichever it is kept in), card for card: a spreadsheet deck and a YAML
    deck convert both ways without loss. Exit 1 if the deck has errors or values a table cannot hold."""
    from pnp.api.rules import DeckExportRequest

    request = DeckExportRequest(root, game, deck, format.value, out)
    finish(guard(debug, lambda: _export(request)))


def _export(request) -> bool:
    from pnp.api.rules import export_deck

    export = export_deck(request)
    show(Report(export.diagnostics), err=True)  # stdout may be the deck itself
    if export.problem:
        say(export.problem, err=True)
    if export.written is not None:
        say(f"wrote {export.written}", err=True)
    elif export.text is not None:
        sys.stdout.buffer.write(export.text)
        sys.stdout.flush()
    for note in export.notes:
        say(f"note: {note}", err=True)
    return export.ok
