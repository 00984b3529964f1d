"""Base model and small shared types."""
from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, Strict, StringConstraints, WithJsonSchema

from pnp.core.difficulty import Difficulty  # noqa: F401 - part of the models' vocabulary (pnp.model)
from pnp.core.limits import MAX_FALLBACK_FONTS

# Ids become parts of file names and anchors, names titles and headings: both have a length that fits there.
Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=64)]
Color = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
Int = Annotated[int, Strict()]  # a whole number as YAML writes it: `true` or `2.0` is not a count
Bool = Annotated[bool, Strict()]  # true or false: not "yes", not 1
Name = Annotated[str, StringConstraints(min_length=1, max_length=200)]  # shown to players: never empty
# a layout's name that output files are named after (a template's back-<template>.png, a vendor's <deck>-<vendor>.pdf,
# a paper's home-<paper>/): never a path, a space or a dot
FileName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")]
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


def _points(value) -> float:
    from pnp.core.units import to_points

    return to_points(value)


def _written(value) -> str:
    """A length as written (a 400-digit number cut short)."""
    from pnp.core.diagnostics import shortened, shown_value

    return shortened(value) if isinstance(value, str) else shown_value(value)


def _shown(points: float) -> str:
    return f"{points / 72 * 25.4:g}mm"


def length(low: str = "-3000mm", high: str = "3000mm"):
    """A length in any unit, held in points, that must lie in [low, high]: every length in a layout has
    a finite, sane range, so no value can make text fitting loop or print mirrored or off the paper."""
    lo, hi = _points(low), _points(high)

    def check(value):
        points = _points(value)
        if not lo <= points <= hi:
            raise ValueError(f"{_written(value)} is outside {low} to {high}")
        return points

    return Annotated[str | float | int, AfterValidator(check), BeforeValidator(_not_a_flag)]


def _not_a_flag(value):
    """YAML's true and false are no lengths (the number types would take true for 1)."""
    if isinstance(value, bool):
        raise ValueError(f"{str(value).lower()} is not a length; write a number with a unit: 3mm, 0.125in, 9pt")
    return value


def relative_length(low: str = "-3000mm", high: str = "3000mm"):
    """A length, or a change to the value it extends ("+=2mm" / "-=2mm"); a change is checked by its size."""
    absolute = length(low, high).__metadata__[0].func
    step = length("-3000mm", "3000mm").__metadata__[0].func

    def check(value):
        if isinstance(value, str) and value.strip()[:2] in ("+=", "-="):
            sign = 1 if value.strip()[0] == "+" else -1
            return ("relative", sign * step(value.strip()[2:]))
        return absolute(value)

    return Annotated[str | float | int, AfterValidator(check), BeforeValidator(_not_a_flag)]


Length = length()
RelativeLength = relative_length()


FONT_FILE_SUFFIXES = (".ttf", ".otf")


def _font_ref(value: str) -> str:
    if value in get_args(FontName) or value.lower().endswith(FONT_FILE_SUFFIXES):
        return value
    raise ValueError(f"name a bundled font ({', '.join(get_args(FontName))}) or a font file of the project, "
                     "like fonts/MyFont.ttf")


# a bundled font's name, or a TrueType file's path from the project folder (pnp.layout.fonts resolves and checks it)
FontRef = Annotated[str, StringConstraints(min_length=1), AfterValidator(_font_ref), WithJsonSchema({
    "anyOf": [{"enum": list(get_args(FontName))}, {"type": "string", "pattern": r"\.([tT][tT][fF]|[oO][tT][fF])$"}],
    "description": "a bundled font, or a font file's path from the project folder, like fonts/MyFont.ttf"})]


# a font, or a fallback list of fonts: each character is set in the first font of the list that has a glyph for it
# (fonts: {regular: [fonts/Body.ttf, fonts/NotoSansJP-subset.otf]}); pnp.text.fonts sets text in the list
FontChoice = FontRef | Annotated[list[FontRef], Field(min_length=1, max_length=MAX_FALLBACK_FONTS)]


class FontSet(StrictModel):
    """The layout's fonts, each a bundled font or a font file of the project (fonts/*.ttf, fonts/*.otf), or a list of
    them that each character takes the first it has a glyph in: the four styles emphasis picks (`**bold**`,
    `*italic*`), and as many more as the layout names (`title: fonts/Cinzel.otf`), which a box's `font:` or a span in
    text (`[Dragon]{font=title}`) picks by name."""

    model_config = ConfigDict(extra="allow")  # a name of the layout's own: its value is checked as a FontChoice
    __pydantic_extra__: dict[str, FontChoice] = Field(init=False)

    regular: FontChoice = "Vera"
    bold: FontChoice = "VeraBd"
    italic: FontChoice = "VeraIt"
    bolditalic: FontChoice = "VeraBI"
