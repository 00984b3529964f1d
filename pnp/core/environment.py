"""What pnp takes from its environment, checked before a command runs: builds must not depend on the machine.

- SOURCE_DATE_EPOCH (the reproducible-builds convention) dates content whose game.yaml gives no date, and reportlab
  stamps it into every PDF: it must be a whole number of seconds that a date can hold, or pnp stops with exit 2
  (reportlab read `abc` or `1e9` as an internal error).
- reportlab reads its own settings from RL_* variables (RL_pageCompression, RL_invariant, RL_defaultPageSize, ...):
  they would change the bytes pnp writes behind the build record's back, or crash it. pnp sets what it needs itself,
  so they are taken out of its environment before reportlab is imported.
"""
from __future__ import annotations

import os
import re

from pnp.core.diagnostics import UsageError

EPOCH = "SOURCE_DATE_EPOCH"
LAST_EPOCH = 253_402_300_799  # 9999-12-31 23:59:59 UTC: the last second a date can hold
_SECONDS = re.compile(r"[0-9]{1,12}")


def settle_environment() -> None:
    """Check SOURCE_DATE_EPOCH (a UsageError if it is no time) and drop reportlab's RL_* settings."""
    for name in [name for name in os.environ if name.startswith("RL_")]:
        del os.environ[name]
    given = os.environ.get(EPOCH)
    if given is None:
        return
    if not _SECONDS.fullmatch(given.strip()) or int(given) > LAST_EPOCH:
        raise UsageError(f"{EPOCH}={given[:40]!r}: it must be a whole number of seconds since 1970 (a date up to the "
                         "year 9999), as `date +%s` prints; unset it to date content by game.yaml's date: alone")
