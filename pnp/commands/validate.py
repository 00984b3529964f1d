"""`pnp validate`: every problem of the content and layouts, as path:line:col, all at once; `--watch` again after
every save."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import DebugOption, DraftOption, OutputFormat, RootOption, format_option, game_argument
from pnp.commands.terminal import finish, guard, say, show
from pnp.core.diagnostics import ExitCode


def command(game: Optional[str] = game_argument("all games"),
            format: OutputFormat = format_option("text, or json for editors and CI."),
            watch: bool = typer.Option(False, "--watch", help="Validate again after every change to content/ or "
                                       "layouts/, until Ctrl-C."),
            draft: bool = DraftOption, root: Path = RootOption, debug: bool = DebugOption):
    """Check content and layouts; report every problem as path:line:col. Exit 1 on any error."""
    from pnp.api.validate import ValidateRequest

    request = ValidateRequest(root, game, draft)
    if watch:
        _keep_validating(request, format, debug)
    finish(guard(debug, lambda: _validate(request, format)).ok)


def _validate(request, format: OutputFormat, watching: bool = False):
    from pnp.api.validate import validate_games

    done = validate_games(request)
    if watching:
        say(f"-- {time.strftime('%H:%M:%S')} --")
    show(done.report, format == OutputFormat.json)
    if format == OutputFormat.text and done.ok:
        say(f"ok: {', '.join(done.games)} valid")
    return done


def _keep_validating(request, format: OutputFormat, debug: bool) -> None:
    from pnp.build.watch import watch as keep_watching

    say(f"watching {request.root / 'content'} and {request.root / 'layouts'}; Ctrl-C to stop")
    try:
        keep_watching(request.root, lambda: guard(debug, lambda: _validate(request, format, watching=True)))
    except KeyboardInterrupt:
        raise typer.Exit(ExitCode.OK)
