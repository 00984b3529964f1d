"""Finding things in any model by one rule, so generic code needs no game's field names.

- effect lists: every field typed `Effects`, at any depth (a card's `effects`,
  a leader's `ability.effects`, a sheet's event rows);
- text blocks: nested parts that carry their own `text` (a leader's ability);
- flat values: every field as display text, nested ones as "part.field",
  which is what a layout box names.
"""
from __future__ import annotations

from enum import Enum
from functools import lru_cache
from typing import Iterator

from pydantic import BaseModel

from pnp.model.common import EFFECT_LIST


@lru_cache(maxsize=None)
def _fields(model: type[BaseModel]) -> tuple[tuple[str, bool, type | None, str], ...]:
    """(name, is an effect list, nested model type or None, label) for each field of a model class."""
    found = []
    for name, info in model.model_fields.items():
        found.append((name, any(m is EFFECT_LIST for m in info.metadata), inner_model(info.annotation),
                      info.title or name.replace("_", " ").title()))
    return tuple(found)


def inner_model(annotation) -> type[BaseModel] | None:
    """The model class an annotation holds (directly, optionally, or as list items), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = inner_model(arg)
        if found:
            return found
    return None


def effect_lists(model: BaseModel, keypath: tuple = ()) -> Iterator[tuple[tuple, list]]:
    """(key path, effect list) for every effect list in `model`, in field order."""
    for name, is_effects, nested, _ in _fields(type(model)):
        value = getattr(model, name)
        if is_effects:
            yield keypath + (name,), value
        elif nested is None or value is None:
            continue
        elif isinstance(value, BaseModel):
            yield from effect_lists(value, keypath + (name,))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, BaseModel):
                    yield from effect_lists(item, keypath + (name, i))
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, BaseModel):
                    yield from effect_lists(item, keypath + (name, key))


def text_blocks(model: BaseModel) -> list[tuple[str, str, str]]:
    """(label, name, text) of each nested part that has text of its own, e.g. ("Beast Mode", "Full Sail", "...")."""
    return [(label, name, text) for _, label, name, text in named_text_blocks(model)]


def named_text_blocks(model: BaseModel) -> list[tuple[str, str, str, str]]:
    """(field, label, name, text) of each nested part that has text of its own, e.g. ("power", "Power", "Second
    Wind", "..."): the field names the block where a game's words relabel it."""
    blocks = []
    for field, _, nested, label in _fields(type(model)):
        value = getattr(model, field)
        if isinstance(value, BaseModel) and getattr(value, "text", ""):
            blocks.append((field, label, getattr(value, "name", ""), value.text))
    return blocks


def flat_values(model: BaseModel, skip: tuple[str, ...] = ()) -> dict[str, str]:
    """Every field as display text; a nested part's fields as "part.field" ("" when the part is absent)."""
    values = {}
    for name, is_effects, nested, _ in _fields(type(model)):
        if name in skip or is_effects:
            continue
        value = getattr(model, name)
        if nested is not None and not isinstance(value, list):
            inner = flat_values(value) if value is not None else {f: "" for f in _flat_names(nested)}
            values.update({f"{name}.{key}": text for key, text in inner.items()})
        else:
            values[name] = display(value)
    return values


def _flat_names(model: type[BaseModel]) -> list[str]:
    return [name for name, is_effects, nested, _ in _fields(model) if not is_effects and nested is None]


def display(value) -> str:
    if value is None or value is False:
        return ""
    if value is True:
        return "yes"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, (list, tuple)):
        return ", ".join(display(item) for item in value if not isinstance(item, (dict, BaseModel)))
    if isinstance(value, (dict, BaseModel)):
        return ""
    return str(value)


def rule_nodes(sections, keypath: tuple) -> Iterator[tuple[tuple, object]]:
    """A rules file's sections and rules in document order, each with its key path (for diagnostics); without
    recursion, as nesting is deep only in hostile files."""
    stack = [(keypath + (i,), s) for i, s in reversed(list(enumerate(sections)))]
    while stack:
        where, section = stack.pop()
        yield where, section
        for j, rule in enumerate(section.rules):
            yield where + ("rules", j), rule
        stack += [(where + ("sections", i), s) for i, s in reversed(list(enumerate(section.sections)))]


def strings(node, keypath: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """Every string of a content file's data, with its key path."""
    if isinstance(node, str):
        yield keypath, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from strings(value, keypath + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from strings(value, keypath + (i,))
