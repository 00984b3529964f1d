"""How many processes pnp runs at once: a build's drawing workers, a playtest's players, a gallery's pictures.

One per core by default. `PNP_JOBS=N` sets another number: a designer sharing a machine with other work, or a
test runner that already runs one process per core (each of those drawing on every core as well would only
crowd the cores and spend their time switching). `PNP_JOBS=1` does everything in pnp's own process.

Whatever is asked, pnp never starts more processes than the work has items, nor more than
pnp.core.limits.MAX_PROCESSES: each one is a copy of pnp in memory, so `PNP_JOBS=400` for a few pages would fill it.
"""
from __future__ import annotations

import os
import re

from pnp.core.diagnostics import UsageError
from pnp.core.limits import MAX_PROCESSES

VARIABLE = "PNP_JOBS"
# ASCII digits only, few enough for int(): str.isdigit() takes '²' and '٣', which int() refuses or reads
_COUNT = re.compile(r"[0-9]{1,4}")


def processes(items: int | None = None) -> int:
    """How many processes to run for `items` pieces of work (any number when None): PNP_JOBS if it is set, else
    the machine's cores, and never more than the items or MAX_PROCESSES (at least 1). A PNP_JOBS that is no whole
    number from 1 to MAX_PROCESSES is a UsageError (exit 2), never silently read as something else."""
    wanted = _asked() or os.cpu_count() or 1
    return max(1, min(wanted, MAX_PROCESSES, wanted if items is None else items))


def _asked() -> int | None:
    given = os.environ.get(VARIABLE, "").strip()
    if not given:
        return None
    if not _COUNT.fullmatch(given) or not 1 <= int(given) <= MAX_PROCESSES:
        raise UsageError(f"{VARIABLE}={given!r}: it must be a whole number of processes from 1 to {MAX_PROCESSES} "
                         "(unset it to use every core)")
    return int(given)
