"""Python's cycle collector, paused where pnp makes and drops a great many objects that hold no cycles.

The collector walks every tracked object again and again as they are made (every 700 allocations): a playout's
small tuples and lists, and a validation's models and recorded drawings. Paused, such work runs a sixth to a
tenth faster; anything it does leave in a cycle is collected as usual once the collector is back on.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def cycle_collector_paused():
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
