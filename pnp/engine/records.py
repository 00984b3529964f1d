"""Records: what an engine queues, asks and samples (`pnp.engine.machine`'s Step, Decision and Chance), each a
frozen dataclass with slots and keyword-only fields, shared between state copies because nothing changes it."""
from __future__ import annotations

import dataclasses

_frozen_record = dataclasses.dataclass(frozen=True, slots=True, kw_only=True)


def record(cls):
    """Every Step, Decision and Chance: a frozen dataclass with slots and keyword-only fields, made with a quicker
    `__init__` (`_quick_init`)."""
    cls = _frozen_record(cls)
    init = _quick_init(cls)
    if init is not None:
        cls.__init__ = init
    return cls


def _quick_init(cls):
    """The dataclass's `__init__` as it is, but filling each slot through its descriptor. A frozen dataclass fills
    its fields with `object.__setattr__(self, name, value)`, each a search of the class for the name: making a
    record with three fields took 0.7 us, and games make tens of records a playout. None (the dataclass's own
    is kept) for a record with more to do than fill its fields."""
    fields = dataclasses.fields(cls)
    if hasattr(cls, "__post_init__") or any(not f.init or f.default_factory is not dataclasses.MISSING
                                            for f in fields):
        return None
    names, params, lines = {}, [], []
    for i, f in enumerate(fields):
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            params.append(f"{f.name}=default_{i}")
            names[f"default_{i}"] = f.default
        names[f"set_{i}"] = getattr(cls, f.name).__set__  # the slot's own descriptor, found once
        lines.append(f"    set_{i}(self, {f.name})")
    signature = f"self, *, {', '.join(params)}" if params else "self"
    source = f"def __init__({signature}):\n" + "\n".join(lines or ["    pass"])
    exec(source, names)  # noqa: S102 - built from the class's own field names, nothing else
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init
