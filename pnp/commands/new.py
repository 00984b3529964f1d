"""`pnp new`: a starter game added to the project, ready to validate and build."""
from __future__ import annotations

from pathlib import Path

import typer

from pnp.commands.init import say_created
from pnp.commands.options import DebugOption, RootOption, StarterKind
from pnp.commands.terminal import guard


def command(game: str = typer.Argument(..., help="Id of the new game: lower-case letters, digits and hyphens."),
            kind: StarterKind = typer.Option(StarterKind.deck, "--kind", help="deck: a small deck with a back, an "
                                             "image and rules; sheet adds a score sheet, playmat a playmat."),
            root: Path = RootOption, debug: bool = DebugOption):
    """Add a starter game to the project: content/GAME/ and layouts/GAME/, ready to validate and build."""
    from pnp.api.starter import add_game

    guard(debug, lambda: say_created(add_game(root, game, kind.value)))
