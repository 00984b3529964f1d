"""Turn pydantic validation errors into diagnostics that point into the YAML."""
from __future__ import annotations

import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pnp.core.diagnostics import Diagnostic, did_you_mean, shown_value
from pnp.core.limits import MAX_REPORTS_PER_FILE
from pnp.model.walk import inner_model
from pnp.reading.source import Source

M = TypeVar("M", bound=BaseModel)


def parse_model(source: Source, model: type[M], data: Any = None, keypath: tuple = ()) -> tuple[M | None, list[Diagnostic]]:
    """Validate data (default: the whole file) against model; every error at once."""
    data = source.data if data is None and not keypath else data
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, [_diagnostic(source, model, data, keypath, err) for err in exc.errors()]


def _diagnostic(source: Source, model, data, keypath: tuple, err: dict) -> Diagnostic:
    loc = _data_path(data, err["loc"])
    where = keypath + loc
    kind = err["type"]
    if kind == "extra_forbidden":
        fields = _fields_at(model, loc[:-1])
        key = loc[-1]
        hint = _suggestion(source, key, fields) or f"; allowed keys: {', '.join(sorted(fields))}"
        return source.diagnostic(where, "unknown-key", f"'{key}' is not a known key here{hint}", on_key=True)
    if kind == "missing":
        field = err["loc"][-1]
        return source.diagnostic(keypath + loc[:-1], "missing-key", f"required key '{field}' is missing; add it")
    got = _shown(err.get("input"))
    if kind == "model_type" and not where:  # the whole file has the wrong shape
        if err.get("input") is None:
            fields = ", ".join(f for f, info in model.model_fields.items() if info.is_required())
            return source.diagnostic(where, "empty-file", f"the file is empty; it should hold {fields} (key: value lines)")
        return source.diagnostic(where, "type", f"the file should hold key: value lines (got {got})")
    message = err["msg"].removeprefix("Value error, ")
    message = message[0].lower() + message[1:]
    if kind == "string_pattern_mismatch":  # the pattern means nothing to a designer; say what it asks for
        message = PATTERNS.get(err.get("ctx", {}).get("pattern"), message)
    if err["loc"] and err["loc"][-1] == "[key]":  # a mapping key of the wrong form
        return source.diagnostic(tuple(p for p in where if p != "[key]"), "type", f"key {got}: {message}", on_key=True)
    if kind == "model_type":  # pydantic names its class here; a designer needs the YAML shape
        message = "input should be a mapping of key: value lines"
    return source.diagnostic(where, "type", f"{_field_name(loc)}: {message} (got {got}){_nearest_choice(err)}")


def _suggestion(source: Source, key, fields: list[str]) -> str:
    """did-you-mean for an unknown key, for as many of a file's unknown keys as a report lists (MAX_REPORTS_PER_FILE):
    the rest are counted, not shown, so a deck of 190,000 misspelt keys looks for a hundred suggestions, not 190,000."""
    if source.suggested >= MAX_REPORTS_PER_FILE:
        return ""
    source.suggested += 1
    return did_you_mean(key, fields)


def _nearest_choice(err: dict) -> str:
    """did-you-mean for a value that must be one of a few words (a card's kind, a colour's name): a misspelling is
    named with the word meant, as an unknown key is."""
    if err["type"] not in ("literal_error", "enum") or not isinstance(err.get("input"), str):
        return ""
    return did_you_mean(err["input"], re.findall(r"'([^']*)'", str(err.get("ctx", {}).get("expected", ""))))


PATTERNS = {  # the patterns of pnp.model, as what a designer should write
    r"^[a-z0-9]+(?:-[a-z0-9]+)*$": "an id is lowercase words and numbers joined by hyphens, like dead-end",
    r"^[A-Z][A-Z0-9_]*$": "an effect word is written in capitals and underscores, like GAIN_COINS",
    r"^[a-z][a-z0-9_]*$": "a field name is lowercase words joined by underscores, like on_reveal",
    r"^#[0-9a-fA-F]{6}$": "a colour is written #rrggbb, like #1f5f8b",
    r"^[A-Za-z0-9]{1,3}$": "a rank label is 1 to 3 letters or digits, like 10 or K",
    r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$": "output files are named after it: letters, digits, hyphens and "
                                         "underscores, like poker-landscape",
}


def _data_path(data, loc) -> tuple:
    """pydantic locs mix data keys with union-branch names; keep only the data keys."""
    path, node = [], data
    for part in loc:
        if isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part == loc[-1]:
            path.append(part)  # a missing or extra key still names where it belongs
            break
    return tuple(path)


def _fields_at(model, loc: tuple) -> list[str]:
    """The field names of the (sub)model that a location points into."""
    current = model
    for part in loc:
        if isinstance(part, int):
            continue
        field = getattr(current, "model_fields", {}).get(part)
        if field is None:
            return list(getattr(current, "model_fields", {}))
        current = inner_model(field.annotation) or current
    return list(getattr(current, "model_fields", {}))


def _field_name(loc: tuple) -> str:
    named = [str(p) for p in loc if isinstance(p, str)]
    return named[-1] if named else "value"


def _shown(value) -> str:
    """The value pydantic refused, as the designer wrote it (a date as 2024-01-05T10:00:00, not a Python repr)."""
    return shown_value(value)
