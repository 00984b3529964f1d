"""`pnp diff REV`: the cards, sheets and rule sections that differ between a git revision and the work tree."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import DebugOption, DraftOption, OutOption, OutputFormat, RootOption, format_option, game_argument
from pnp.commands.terminal import finish, guard, say, say_games, show
from pnp.core.diagnostics import Report


def command(rev: str = typer.Argument(..., help="A git revision to compare with: a commit, a branch, a tag, HEAD~1."),
            game: Optional[str] = game_argument(), out: Optional[str] = OutOption, format: OutputFormat = format_option(),
            draft: bool = DraftOption, root: Path = RootOption, debug: bool = DebugOption):
    """What changed since REV: the cards, sheets and rule sections that differ between REV and the work tree, with
    before, after and the difference, in OUT/<game>/diff/index.html. Both sides are drawn by this pnp."""
    from pnp.api.diff import DiffRequest
    from pnp.api.places import output_folder

    request = guard(debug, lambda: DiffRequest(root, rev, game, output_folder(out, root), draft))
    finish(guard(debug, lambda: _diff(request, format)))


def _diff(request, format: OutputFormat) -> bool:
    from pnp.api.diff import diff_games

    return say_games(diff_games(request), format == OutputFormat.json, _say_compared, lambda game: game.compared)


def _say_compared(compared) -> None:
    if not compared.compared:
        show(Report(compared.diagnostics))
        say(f"{compared.game}: not compared: {' and '.join(compared.invalid)} does not validate; fix the errors "
            "above (the last diff page was left as it was)")
        return
    say(f"{compared.game}: {compared.summary} since {compared.rev}")
    say(f"  wrote {compared.page}")
