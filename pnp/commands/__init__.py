"""One module per `pnp` command, as Typer's docs lay them out: each declares its options, builds one frozen request
record (pnp.api), calls one recipe, prints the recipe's report (pnp.commands.terminal) and returns an exit code.
A command imports its recipe when it runs, not before: `pnp --help` loads none of them."""
