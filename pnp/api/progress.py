"""How a recipe says how far it got without printing: it opens a count per stage from a `Progress` its caller
gives (the terminal's bars and lines, pnp.commands.terminal), or from `silent`, the default."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, ContextManager, Iterator, Protocol

Step = Callable[..., None]  # one more thing done (its path), or a count of things done; .resumed(count) for a journal's


class Progress(Protocol):
    def __call__(self, label: str, total: int | None = None, unit: str | None = None,
                 lazy: bool = False) -> ContextManager[Step]: ...


@contextmanager
def silent(label: str, total: int | None = None, unit: str | None = None, lazy: bool = False) -> Iterator[Step]:
    """A count nobody watches: a script's or a notebook's."""

    def step(what=None) -> None:
        return None

    step.resumed = step
    yield step
