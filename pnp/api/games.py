"""The games of a project: which a command is asked about, and what `pnp list` says of each."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.content.discovery import game_ids
from pnp.content.listing import Listing, listing
from pnp.core.diagnostics import UsageError, did_you_mean


def chosen_games(root: Path, game: str | None) -> list[str]:
    """The game asked for, or every game of the project (`game` None); none at all, or an unknown one, is a
    UsageError naming the games there are."""
    known = game_ids(root)
    if not known:
        raise UsageError(f"no games in {root / 'content'}: a game is a folder content/<game>/ with a game.yaml "
                         "(use --root to point at the project)")
    if game is None:
        return known
    if game not in known:
        raise UsageError(f"unknown game '{game}'{did_you_mean(game, known)}; known games: {', '.join(known)} "
                         "(a game is a folder content/<game>/ with a game.yaml)")
    return [game]


def chosen_edition(root: Path, game_id: str, lang: str) -> None:
    """`--lang` of a command that keeps building one game (pnp watch): an edition its game.yaml declares, else a
    UsageError naming the nearest, said before anything is built. A game.yaml that does not load is the build's to
    report, at its place."""
    from pnp.content.game import load_manifest
    from pnp.content.translations import check_declared

    _, manifest, _ = load_manifest(root / "content" / game_id)
    if manifest is not None:
        check_declared(game_id, list(manifest.languages), lang)


@dataclass(frozen=True)
class GameListing:
    """One game as `pnp list` shows it; `listing` None when the game does not load (`pnp validate` says why)."""
    game: str
    listing: Listing | None

    def line(self) -> str:
        if self.listing is None:
            return f"{self.game}: (does not load; run pnp validate {self.game})"
        return self.listing.line(self.game)

    def to_dict(self) -> dict:
        return self.listing.to_dict(self.game) if self.listing else {"game": self.game, "loads": False}


def list_games(root: Path) -> list[GameListing]:
    """Every game of the project, skimmed (fast) where the files allow it, else loaded."""
    return [GameListing(game_id, listing(root, game_id)) for game_id in game_ids(root)]
