"""The validate recipe of `pnp validate`: every check of each game asked for, all problems at once."""
from __future__ import annotations

from dataclasses import dataclass, replace
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
    """Each game as written, then each of its editions (game.yaml's languages:): what an edition adds to the game's
    own problems (a French text that overflows its box, a translation's link that differs) is named with its
    language (Diagnostic.lang, shown `[fr]`); its texts left untranslated are a warning counting them."""
    from pnp.checks.validate import validate

    games, total = chosen_games(request.root, request.game), Report()
    for game_id in games:
        project, report = validate(request.root, game_id, request.draft)
        total.extend(report.diagnostics)
        seen = set(report.diagnostics)
        for lang in _editions(request.root, game_id, project):
            _, edition = validate(request.root, game_id, request.draft, lang)
            total.extend(d if d.lang else replace(d, lang=lang) for d in edition.diagnostics if d not in seen)
    return Validation(games, total)


def _editions(root: Path, game_id: str, project) -> list[str]:
    """The languages a game is translated into, from game.yaml (read again when the game has errors)."""
    from pnp.content.game import load_manifest

    manifest = project.game.manifest if project is not None else load_manifest(root / "content" / game_id)[1]
    return list(manifest.languages[1:]) if manifest is not None else []
