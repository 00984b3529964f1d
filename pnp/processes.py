"""How many processes pnp runs at once: a build's drawing workers, a playtest's players, a gallery's pictures.

One per core by default. `PNP_JOBS=N` sets another number: a designer sharing a machine with other work, or a
test runner that already runs one process per core (each of those drawing on every core as well would only
crowd the cores and spend their time switching). `PNP_JOBS=1` does everything in pnp's own process.
"""
from __future__ import annotations

import os

from pnp.diagnostics import UsageError

VARIABLE = "PNP_JOBS"


def processes() -> int:
    """PNP_JOBS if it is set, else the machine's cores; a value that is no whole number of 1 or more is a
    UsageError (exit 2), never silently read as something else."""
    given = os.environ.get(VARIABLE, "").strip()
    if not given:
        return os.cpu_count() or 1
    if not given.isdigit() or int(given) < 1:
        raise UsageError(f"{VARIABLE}={given!r}: it must be a whole number of processes, 1 or more (unset it to use "
                         "every core)")
    return int(given)
