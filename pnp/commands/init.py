"""`pnp init`: a new project folder with one starter game that validates and builds at once."""
from __future__ import annotations

from pathlib import Path

import typer

from pnp.commands.options import DebugOption, StarterKind
from pnp.commands.terminal import guard, say


def command(folder: Path = typer.Argument(Path("."), help="The project folder to make (made if missing)."),
            game: str = typer.Option("my-game", "--game", help="Id of the starter game."),
            kind: StarterKind = typer.Option(StarterKind.deck, "--kind", help="deck; sheet or playmat add a score sheet "
                                             "or a playmat to the deck."),
            debug: bool = DebugOption):
    """Make a project folder with one starter game that validates and builds at once."""
    from pnp.api.starter import make_project

    guard(debug, lambda: say_created(make_project(folder, game, kind.value)))


def say_created(created) -> None:
    """Say what was made, the schemas written for it, and what to run next."""
    for path in created.written:
        say(f"created {path}")
    say(f"wrote {len(created.schemas)} JSON Schemas into {created.schema_folder} (for editor autocompletion)")
    say(f"next: {created.next}")
