"""`pnp diff REV`: the cards, sheets and rule sections that differ between a git revision and the work tree."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import DebugOption, DraftOption, OutOption, OutputFormat, RootOption, format_option, game_argument
from pnp.commands.terminal import finish, guard, say, say_games, show
from pnp.core.diagnostics import Report, UsageError


def command(rev: str = typer.Argument(..., help="A git revision to compare with: a commit, a branch, a tag, HEAD~1."),
            game: Optional[str] = game_argument(), out: Optional[str] = OutOption, format: OutputFormat = format_option(),
            lang: Optional[str] = typer.Option(None, "--lang", help="Compare this edition of GAME (a language of "
                                               "game.yaml's `languages:` after the first): its page goes to "
                                               "OUT/<game>/<lang>/diff/."),
            draft: bool = DraftOption, root: Path = RootOption, debug: bool = DebugOption):
    """What changed since REV: the cards, sheets and rule sections that differ between REV and the work tree, with
    before, after and the difference, in OUT/<game>/diff/index.html. Both sides are drawn by this pnp."""
    from pnp.api.diff import DiffRequest
    from pnp.api.places import output_folder

    request = guard(debug, lambda: DiffRequest(root, rev, _edition_of(root, game, lang), output_folder(out, root),
                                               draft, lang))
    finish(guard(debug, lambda: _diff(request, format)))


def _edition_of(root: Path, game: str | None, lang: str | None) -> str | None:
    """GAME, checked to have the edition `--lang` asks for (a usage error, exit 2, before anything is read)."""
    from pnp.api.games import chosen_edition

    if lang is not None:
        if game is None:
            raise UsageError("--lang needs a GAME: an edition is one game's")
        chosen_edition(root, game, lang)
    return game


def _diff(request, format: OutputFormat) -> bool:
    from pnp.api.diff import diff_games

    return say_games(diff_games(request), format == OutputFormat.json, _say_compared, lambda game: game.compared)


def _say_compared(compared) -> None:
    if not compared.compared:
        show(Report(compared.diagnostics))
        say(f"{_named(compared)}: not compared: {' and '.join(compared.invalid)} does not validate; fix the errors "
            "above (the last diff page was left as it was)")
        return
    say(f"{_named(compared)}: {compared.summary} since {compared.rev}")
    say(f"  wrote {compared.page}")


def _named(compared) -> str:
    return f"{compared.game} [{compared.lang}]" if compared.lang else compared.game
