"""reportlab's platypus imported with its web-address pattern compiled when first used.

reportlab.platypus.paragraph compiles, as it is imported, a pattern for web addresses (to break a long address
at its slashes). Its case-insensitive ranges up to U+FFFF made compiling it 26 ms: more than the rest of the
import, on the way to the workers of every build that sets a rulebook (pnp.build.game.before_forking). Imported
through `import_platypus`, the pattern is compiled the first time a paragraph asks it something (a rulebook with
no web address never does) and answers as before.
"""
from __future__ import annotations

import re
import sys

ADDRESS_PATTERN_START = "(^(?:[a-z0-9\\.\\-\\+]*)://)"  # reportlab's uri_pat (from Django's URL validator)


class _CompiledWhenUsed:
    """A pattern, compiled at the first question put to it."""

    def __init__(self, pattern: str, flags):
        self._pattern, self._flags, self._compiled = pattern, flags, None

    def __getattr__(self, name):
        if self._compiled is None:
            self._compiled = re.compile(self._pattern, self._flags)
        return getattr(self._compiled, name)


def import_platypus() -> None:
    """Import reportlab.platypus (once per process), deferring the address pattern's compiling."""
    if "reportlab.platypus.paragraph" in sys.modules:
        return
    compile_now = re.compile

    def compile_or_defer(pattern, flags=0):
        if isinstance(pattern, str) and pattern.startswith(ADDRESS_PATTERN_START):
            return _CompiledWhenUsed(pattern, flags)
        return compile_now(pattern, flags)

    re.compile = compile_or_defer
    try:
        import reportlab.platypus  # noqa: F401
    finally:
        re.compile = compile_now
