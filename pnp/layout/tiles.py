"""How many pages a playmat or board larger than the paper is tiled onto: the arithmetic shared by the
renderer (pnp.render.tiling draws the tiles) and the estimate `pnp validate` makes before any build."""
from __future__ import annotations

import math

from pnp.core.units import mm

MIN_OVERLAP = mm(10)  # neighbouring tiles' windows overlap by at least this, evenly spread
MARGIN = mm(12)  # around each page's window: room for crop marks and labels, all >= 5 mm from the edge


def spread(length: float, window: float) -> tuple[int, float, float]:
    """(count, window, step) along one axis: windows overlapping by >= MIN_OVERLAP, evenly spread."""
    if length <= window:
        return 1, length, 0.0
    count = math.ceil((length - MIN_OVERLAP) / (window - MIN_OVERLAP))
    return count, window, (length - window) / (count - 1)


def tile_count(width: float, height: float, paper) -> int:
    """The pages a width x height sheet takes on the paper, portrait or landscape, whichever takes fewer."""
    return min(spread(width, w - 2 * MARGIN)[0] * spread(height, h - 2 * MARGIN)[0]
               for w, h in ((paper.width, paper.height), (paper.height, paper.width)))
