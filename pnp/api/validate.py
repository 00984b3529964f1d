"""The validate recipe of `pnp validate`: every check of each game asked for, all problems at once."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.api.games import chosen_games
from pnp.core.diagnostics import Report


@dataclass(frozen=True)
class ValidateRequest:
    """`pnp validate`: which games (`game` None: every game), and whether a missing image is only a warning."""
    root: Path
    game: str | None = None
    draft: bool = False


@dataclass
class Validation:
    games: list[str]  # the games checked
    report: Report  # every problem of them all

    @property
    def ok(self) -> bool:
        return self.report.ok


def validate_games(request: ValidateRequest) -> Validation:
    from pnp.checks.validate import validate

    games, total = chosen_games(request.root, request.game), Report()
    for game_id in games:
        _, report = validate(request.root, game_id, request.draft)
        total.extend(report.diagnostics)
    return Validation(games, total)
