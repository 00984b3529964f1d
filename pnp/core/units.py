"""Lengths: "63.5mm" | "2.5in" | "9pt" | "1cm" | 12 (points) -> points, in one place."""
from __future__ import annotations

import math
import re

from pnp.core.diagnostics import shown_value

POINTS_PER = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54, "px": 72.0 / 300.0}
_LENGTH = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?|[+-]?\.\d+)\s*(pt|in|mm|cm|px)?\s*$")


class UnitError(ValueError):
    pass


def to_points(value) -> float:
    """Convert a length to points; bare numbers are points. px means 300 DPI pixels."""
    if isinstance(value, bool):
        raise UnitError(f"expected a length such as '3mm', got {shown_value(value)}")
    if isinstance(value, int):
        return _whole_points(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise UnitError(f"{shown_value(value)} is not a length; write a number with a unit: 3mm, 0.125in, 9pt")
        return value
    match = _LENGTH.match(str(value))
    if not match:
        raise UnitError(f"'{value}' is not a length; write a number with a unit: 3mm, 0.125in, 9pt")
    number, unit = match.groups()
    return float(number) * POINTS_PER[unit or "pt"]


def _whole_points(value: int) -> float:
    """A whole number of points. One past a float's range (10**400, as YAML reads a 400-digit number) is infinitely
    far, as "10...0mm" is when its digits are read (float() takes a text that large to infinity): a range check
    refuses both alike, where float(value) would raise OverflowError."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def mm(value: float) -> float:
    return value * POINTS_PER["mm"]


def inch(value: float) -> float:
    return value * 72.0
