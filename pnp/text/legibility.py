"""One rule for every printed word: at least pnp.core.limits.MIN_TEXT_SIZE points at 100 % scale.

Card boxes and sheet regions carry a `min_size`: the smallest size their text
may shrink to, and the smallest type what they draw may use. It is the rule's
size unless the layout lowers it for that one box or region, which is allowed
but said as a warning at the box, so a lowered box is always a decision.
"""
from __future__ import annotations

from pnp.core.diagnostics import Diagnostic
from pnp.core.limits import MIN_TEXT_SIZE


def floor(min_size: float | None) -> float:
    """The smallest type a box or region may print: the rule's, or lower where its layout says so."""
    return MIN_TEXT_SIZE if min_size is None else min(MIN_TEXT_SIZE, min_size)


def lowered(source, keypath: tuple, what: str, min_size: float | None) -> list[Diagnostic]:
    """A warning for a box or region whose layout lowers the smallest printed type below the rule's."""
    if min_size is None or min_size >= MIN_TEXT_SIZE - 1e-9:
        return []
    return [source.diagnostic(keypath + ("min_size",), "small-type", f"{what} may print type as small as "
                              f"{min_size:g}pt, below the {MIN_TEXT_SIZE:g}pt players read at arm's length; keep it "
                              "only where nothing a player needs is printed this small", severity="warning")]


def too_small(size: float, min_size: float | None) -> bool:
    return size < floor(min_size) - 0.01
