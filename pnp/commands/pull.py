"""`pnp pull`: each deck's published spreadsheet (game.yaml's `pull:`) fetched into the deck's own file, the one
command that touches the network."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import DebugOption, OutputFormat, RootOption, format_option, game_argument
from pnp.commands.terminal import guard, say, say_json, show
from pnp.core.diagnostics import ExitCode, Report


def command(game: Optional[str] = game_argument("every game"),
            dry_run: bool = typer.Option(False, "--dry-run", help="Fetch and check each address, say what would "
                                         "change, and write nothing."),
            format: OutputFormat = format_option(), root: Path = RootOption, debug: bool = DebugOption):
    """Fetch each deck's published spreadsheet (a deck's `pull:` in game.yaml: an http(s) address, such as Google
    Sheets' "publish to the web" CSV or XLSX) into the deck's own file, and record the address, the time and the
    SHA-256 beside it (FILE.pulled.yaml). An address that fails leaves the file as it was. Validate and build never
    touch the network. Exit 1 if a deck could not be pulled, 2 if an address is not http(s)."""
    from pnp.api.pull import PullRequest

    request = PullRequest(root, game, dry_run)
    done = guard(debug, lambda: _pull(request, format))
    raise typer.Exit(ExitCode.USAGE if done.usage else ExitCode.OK if done.ok else ExitCode.INVALID)


def _pull(request, format: OutputFormat):
    from pnp.api.pull import pull_decks

    done = pull_decks(request)
    if format == OutputFormat.json:
        say_json(done.to_dict())
        return done
    show(Report(done.diagnostics))
    for deck in done.decks:
        say(_line(deck, request.dry_run), err=bool(deck.error))
    if not done.decks and not done.diagnostics:
        say(f"nothing to pull: no deck of {', '.join(done.games)} names a pull: address in game.yaml")
    return done


def _line(deck, dry_run: bool) -> str:
    """One line a deck: what it now holds, or why nothing was written and what to do."""
    where = f"{deck.game} deck {deck.deck} from {deck.address}"
    if deck.error:
        return f"error: {where}: {deck.error} ({deck.file} was left as it was)"
    change = ("would change" if dry_run else "updated") if deck.changed else "unchanged"
    return f"{deck.file}: {change}, {deck.bytes:,} bytes, sha256 {deck.digest[:16]} ({where})"
