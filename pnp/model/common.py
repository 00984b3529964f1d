"""Base model and small shared types."""
from __future__ import annotations

from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints

Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$")]
Color = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
FontName = Literal["Vera", "VeraBd", "VeraIt", "VeraBI"]  # the bundled fonts (pnp.text.fonts.BUNDLED; a test keeps them equal)
# An effect is a bare word ("OPEN_STACK") or a one-key mapping ({TRAP: draw3}).
Effect = str | dict[str, Any]


class EffectList:
    """Marks a field as a list of effects: the one rule by which checks, the glossary and
    exports find a card's (or a sheet's) effects, wherever in the model they sit."""

    def __repr__(self) -> str:
        return "EffectList()"


EFFECT_LIST = EffectList()
Effects = Annotated[list[Effect], EFFECT_LIST]


class StrictModel(BaseModel):
    """Unknown keys are errors: a typo in content must never be silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=False, str_strip_whitespace=True, validate_default=True)


class Difficulty(str, Enum):
    green = "green"
    yellow = "yellow"
    red = "red"

    @property
    def level(self) -> int:
        return ("green", "yellow", "red").index(self.value)

    def includes(self, other: "Difficulty") -> bool:
        """A build at this difficulty keeps everything at or below it."""
        return other.level <= self.level



def _points(value) -> float:
    from pnp.units import to_points

    return to_points(value)


def _relative_points(value):
    """A length, or a change to the extended value: "+=2mm" / "-=2mm"."""
    if isinstance(value, str) and value.strip()[:2] in ("+=", "-="):
        sign = 1 if value.strip()[0] == "+" else -1
        return ("relative", sign * _points(value.strip()[2:]))
    return _points(value)


Length = Annotated[str | float | int, AfterValidator(_points)]
RelativeLength = Annotated[str | float | int, AfterValidator(_relative_points)]
