"""Lengths: "63.5mm" | "2.5in" | "9pt" | "1cm" | 12 (points) -> points, in one place."""
from __future__ import annotations

import math
import re

POINTS_PER = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54, "px": 72.0 / 300.0}
_LENGTH = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?|[+-]?\.\d+)\s*(pt|in|mm|cm|px)?\s*$")


class UnitError(ValueError):
    pass


def to_points(value) -> float:
    """Convert a length to points; bare numbers are points. px means 300 DPI pixels."""
    if isinstance(value, bool):
        raise UnitError(f"expected a length such as '3mm', got {value!r}")
    if isinstance(value, (int, float)):
        if not math.isfinite(value):
            raise UnitError(f"{value} is not a length; write a number with a unit: 3mm, 0.125in, 9pt")
        return float(value)
    match = _LENGTH.match(str(value))
    if not match:
        raise UnitError(f"'{value}' is not a length; write a number with a unit: 3mm, 0.125in, 9pt")
    number, unit = match.groups()
    return float(number) * POINTS_PER[unit or "pt"]


def mm(value: float) -> float:
    return value * POINTS_PER["mm"]


def inch(value: float) -> float:
    return value * 72.0
