"""`pnp list`: each game's title, players, decks with their card counts, sheets, and whether it has an engine."""
from __future__ import annotations

from pathlib import Path

from pnp.commands.options import DebugOption, OutputFormat, RootOption, format_option
from pnp.commands.terminal import guard, say, say_json


def command(format: OutputFormat = format_option(), root: Path = RootOption, debug: bool = DebugOption):
    """List the games, their decks and card counts."""
    from pnp.api.games import list_games

    def work():
        games = list_games(root)
        if format == OutputFormat.json:
            say_json([game.to_dict() for game in games])
            return
        for game in games:
            say(game.line())

    guard(debug, work)
