"""The difficulty colours: a plain Enum, apart from the pydantic models (pnp.model re-exports it), so the command
line can offer `--difficulty green|yellow|red` without loading the models at start-up."""
from __future__ import annotations

from enum import Enum


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
