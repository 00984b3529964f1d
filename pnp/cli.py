"""The `pnp` command: the app, its commands (one module each, in pnp.commands) and `main`.

Exit codes (see `pnp.core.diagnostics.ExitCode`): 0 success; 1 the content has errors or a playtest found an
unplayable card; 2 bad usage (unknown game, bad option); 3 an internal error in pnp (rerun with --debug for the
traceback); 130 interrupted.
"""
from __future__ import annotations

import os
import signal
import sys

import typer

from pnp.commands import build, card, completion, diff, export_deck, init, list_games, new, playtest, preview, pull, rules, schema, translate, validate, watch
from pnp.commands.terminal import hold_library_warnings, in_an_existing_folder, leave, quiet_dropped_interrupts, say, terminate
from pnp.core.diagnostics import ExitCode

# Plain help, not rich's panels: typer's rich formatting imports rich and a Markdown parser, which alone took longer
# than the 0.15 s `pnp --help` may take (issue 20); plain help is as wide as the terminal, up to 120 columns, as
# rich's was. The progress bars still use rich, imported when a bar starts.
app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  context_settings={"max_content_width": 120},
                  help="pnp: print-and-play pipeline. Content in content/, layouts in layouts/, PDFs in output/.")

COMMANDS = {"list": list_games, "validate": validate, "build": build, "diff": diff, "preview": preview,
            "watch": watch, "pull": pull, "playtest": playtest, "rules": rules, "export-deck": export_deck, "card": card,
            "schema": schema, "init": init, "new": new, "translate": translate, "completion": completion}
for name, module in COMMANDS.items():
    if hasattr(module, "group"):  # a command of subcommands (pnp translate export|import|stamp)
        app.add_typer(module.group, name=name)
    else:
        app.command(name)(module.command)


def _show_version(value: bool) -> None:
    if value:
        from pnp import __version__

        say(f"pnp {__version__}")
        raise typer.Exit(ExitCode.OK)


@app.callback()
def _options(version: bool = typer.Option(False, "--version", is_eager=True, callback=_show_version,
                                          help="Show pnp's version and exit.")):
    """pnp: print-and-play pipeline. Content in content/, layouts in layouts/, PDFs in output/."""


def main():
    if completion.COMPLETE_VARIABLE in os.environ:  # the shell asks what may come next: Typer's answers, only then
        from typer._completion_classes import completion_init

        completion_init()
    else:
        in_an_existing_folder()
    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGINT, terminate)
    sys.unraisablehook = quiet_dropped_interrupts
    hold_library_warnings()
    try:
        app()
    except SystemExit as done:
        leave(done.code)
    leave(0)
