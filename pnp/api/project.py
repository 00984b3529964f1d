"""A project as Python sees it: `open_project(folder)` and its methods, each one recipe of pnp.api."""
from __future__ import annotations

from pathlib import Path

from pnp.api.build import BuildRequest, GameBuild, build_games
from pnp.api.card import CardImages, CardRequest, render_card
from pnp.api.games import GameListing, list_games
from pnp.api.places import output_folder
from pnp.api.playtest import GamePlayed, PlaytestRequest, playtest_games
from pnp.api.rules import RulesRequest, export_rules
from pnp.api.validate import ValidateRequest, Validation, validate_games
from pnp.build.options import BuildOptions
from pnp.core.diagnostics import UsageError
from pnp.core.difficulty import Difficulty


def open_project(folder: str | Path = ".") -> Project:
    """The project at `folder` or the nearest folder above it that has a content/ folder, as git finds a repository."""
    from pnp.content.discovery import find_root

    return Project(find_root(Path(folder)))


class Project:
    """A pnp project: content/ (every game's data), layouts/, fonts/, and output/ where builds go.

    Every method is what the `pnp` command of the same name does, returning its report instead of printing it.
    Problems of the content come back as diagnostics (`pnp.core.diagnostics.Diagnostic`: path, line, col, code,
    message, severity); a request that cannot be (an unknown game) raises `pnp.core.diagnostics.UsageError`."""

    def __init__(self, root: Path):
        self.root = Path(root)

    def __repr__(self) -> str:
        return f"Project({str(self.root)!r})"

    @property
    def games(self) -> list[str]:
        """The ids of the project's games: its folders content/<game>/ with a game.yaml."""
        from pnp.content.discovery import game_ids

        return game_ids(self.root)

    def listing(self) -> list[GameListing]:
        """Each game's title, players, decks (with their card counts), sheets and whether it has an engine."""
        return list_games(self.root)

    def validate(self, game: str | None = None, draft: bool = False) -> Validation:
        """Every check of `game` (every game if None): `.ok`, and `.report.diagnostics`, every problem found."""
        return validate_games(ValidateRequest(self.root, game, draft))

    def build(self, game: str | None = None, out: str | Path | None = None, **options) -> list[GameBuild]:
        """Build `game` (every game if None) into `out` (the project's output/ by default); `options` are those of
        `pnp.build.options.BuildOptions` (images=True, only=("sheets",), decks=(...), vendors=(...), force=True,
        difficulty="green", ...). One GameBuild a game: its state, files, the files drawn again, diagnostics."""
        if isinstance(options.get("difficulty"), str):
            options["difficulty"] = _difficulty(options["difficulty"])
        request = BuildRequest(self.root, game, output_folder(out, self.root), BuildOptions(**options))
        return list(build_games(request))

    def render_card(self, game: str, card: str, out: str | Path | None = None) -> CardImages:
        """One card's front and back as PNG (print resolution, with the bleed), in OUT/cards/GAME/; in a notebook
        the front shows itself."""
        return render_card(CardRequest(self.root, game, card, output_folder(out, self.root)))

    def playtest(self, game: str, games: int | None = None, seed: int = 1, players: int | None = None,
                 difficulty: str | None = None) -> GamePlayed:
        """Play `games` seeded games of `game` (the game's own number if None): `.result` has the coverage and the
        statistics (`.result.ok`: every card and element has a witness), kept in output/playtest/GAME/ too."""
        request = PlaytestRequest(self.root, game, output_folder(None, self.root), games, seed, players,
                                  _difficulty(difficulty))
        return next(playtest_games(request))

    def rules(self, game: str, format: str = "md") -> str:
        """The rules reference as Markdown (md), one HTML page (html) or JSON (json)."""
        if format not in ("md", "html", "json"):
            raise UsageError(f"format '{format}' is no text format: md, html or json (the PDF: pnp rules --format pdf)")
        export = export_rules(RulesRequest(self.root, game, format))
        if not export.ok:
            raise UsageError(f"{game} does not validate: {len(export.diagnostics)} problem(s); see validate()")
        return export.text


def _difficulty(value: str | Difficulty | None) -> Difficulty | None:
    if value is None or isinstance(value, Difficulty):
        return value
    try:
        return Difficulty(value)
    except ValueError:
        raise UsageError(f"difficulty '{value}' is none of green, yellow, red") from None
