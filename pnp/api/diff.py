"""The diff recipe of `pnp diff`: each game as it was at a git revision beside the work tree's, drawn by this pnp."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterator

from pnp.api.games import chosen_games
from pnp.content.discovery import game_ids
from pnp.core.diagnostics import Diagnostic


@dataclass(frozen=True)
class DiffRequest:
    root: Path
    rev: str  # a commit, a branch, a tag, HEAD~1
    game: str | None
    out: Path
    draft: bool = False
    lang: str | None = None  # an edition of the game (its translations on each side); None: the game as written


@dataclass
class GameDiff:
    """One game compared: what changed (`cards`, `sheets`, `sections`: their ids) and the page showing it; or, when
    a side does not validate, `invalid` names it and `diagnostics` say why (the last page stays)."""
    game: str
    rev: str
    summary: str = ""
    page: Path | None = None
    cards: list[str] = field(default_factory=list)
    sheets: list[str] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)  # "HEAD~1", "the work tree"
    diagnostics: list[Diagnostic] = field(default_factory=list)
    lang: str | None = None  # the edition compared; None: the game as written

    @property
    def compared(self) -> bool:
        return not self.invalid

    def to_dict(self) -> dict:
        return {"game": self.game, "rev": self.rev, "compared": self.compared, "summary": self.summary,
                "page": str(self.page) if self.page else None, "cards": self.cards, "sheets": self.sheets,
                "sections": self.sections, "invalid": self.invalid,
                "diagnostics": [asdict(d) for d in self.diagnostics], "lang": self.lang}


def diff_games(request: DiffRequest) -> Iterator[GameDiff]:
    from pnp.diff import checked_out, what_changed

    with checked_out(request.root, request.rev) as revision:
        for game_id in _games(request.root, revision.root, request.game):
            outcome = what_changed(revision, request.root, game_id, request.out, request.draft, request.lang)
            if outcome.changes is None:
                yield GameDiff(game_id, request.rev, invalid=outcome.invalid, diagnostics=outcome.report.sorted(),
                               lang=request.lang)
                continue
            changes = outcome.changes
            yield GameDiff(game_id, request.rev, changes.summary(), outcome.page, [c.id for c in changes.cards],
                           [s.id for s in changes.sheets], [s.id for s in changes.sections], lang=request.lang)


def _games(root: Path, old_root: Path, game: str | None) -> list[str]:
    """The game asked for, or every game of the work tree and the revision; a game in neither is a usage error."""
    old = game_ids(old_root)
    if game is not None and game in old and game not in game_ids(root):
        return [game]  # removed since: its page shows what went
    if game is None and old:
        return sorted(set(game_ids(root)) | set(old))
    return chosen_games(root, game)
