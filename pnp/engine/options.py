"""A game's options (difficulty, scenario, team size and the like) as a typed, frozen record that refuses what it
does not know: `Options` subclasses with fields and defaults, `choice(...)` for a field with a fixed set of values.
`Engine.options(**given)` (pnp.engine.machine) builds one; a wrong name, type or value is an `OptionsError` in one
line, with the option it may have meant."""
from __future__ import annotations

import dataclasses
from typing import Any, get_args, get_origin, get_type_hints


class OptionsError(ValueError):
    """An option the engine does not know, or a value it cannot take: a designer's or a caller's mistake."""


def choice(default, choices: tuple, doc: str = ""):
    """An option field whose value must be one of `choices`."""
    return dataclasses.field(default=default, metadata={"choices": tuple(choices), "doc": doc})


@dataclasses.dataclass(frozen=True)
class Options:
    """A game's options: subclass with fields and defaults. Build with `Engine.options(**given)`."""

    @classmethod
    def make(cls, game: str = "this game", **given) -> Options:
        from pnp.core.diagnostics import did_you_mean

        fields = {f.name: f for f in dataclasses.fields(cls)}
        for name in given:
            if name not in fields:
                known = ", ".join(fields) or "none"
                raise OptionsError(f"{game} has no option '{name}'{did_you_mean(name, fields)} (its options: {known})")
        hints = get_type_hints(cls)
        for name, value in given.items():
            _check_option(game, name, value, hints[name], fields[name].metadata.get("choices"))
        return cls(**given)

    def items(self) -> tuple[tuple[str, Any], ...]:
        return tuple((f.name, getattr(self, f.name)) for f in dataclasses.fields(self))


def _check_option(game: str, name: str, value, hint, choices) -> None:
    allowed = get_args(hint) if get_origin(hint) is not None else (hint,)
    allowed = tuple(t for t in allowed if isinstance(t, type))
    ok = value is None if type(None) in allowed and value is None else (
        isinstance(value, allowed) and not (isinstance(value, bool) and bool not in allowed))
    if not ok:
        names = " or ".join("none" if t is type(None) else t.__name__ for t in allowed)
        raise OptionsError(f"{game}: option '{name}' must be {names}, not {value!r}")
    if choices and value is not None and value not in choices:
        raise OptionsError(f"{game}: option '{name}' is {value!r}; it can be {', '.join(map(str, choices))}")
