"""`pnp completion SHELL`: the shell's completion script (commands, options, game ids)."""
from __future__ import annotations

import typer

from pnp.commands.options import Shell

COMPLETE_VARIABLE = "_PNP_COMPLETE"  # the shell's completion script runs pnp with it set to ask for completions


def command(shell: Shell = typer.Argument(..., help="bash, zsh or fish.")):
    """Print the shell's completion script for pnp: commands, options, game ids. Add it to your shell's start-up,
    e.g. `eval "$(pnp completion bash)"` in ~/.bashrc, or `pnp completion fish > ~/.config/fish/completions/pnp.fish`."""
    from typer._completion_shared import get_completion_script

    typer.echo(get_completion_script(prog_name="pnp", complete_var=COMPLETE_VARIABLE, shell=shell.value))
