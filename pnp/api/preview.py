"""The preview recipe of `pnp preview`: a gallery per game, written whole or not at all."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterator

from pnp.api.games import chosen_games
from pnp.api.progress import Progress, silent
from pnp.core.diagnostics import Diagnostic
from pnp.core.difficulty import Difficulty


@dataclass(frozen=True)
class PreviewRequest:
    root: Path
    game: str | None
    out: Path
    difficulty: Difficulty | None = None
    draft: bool = False
    lang: str | None = None  # an edition's gallery, in OUT/GAME/<lang>/preview/


@dataclass
class GamePreview:
    """One game's gallery: `page`, its index.html, or None when the content has errors (the last gallery stays)."""
    game: str
    page: Path | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"game": self.game, "written": self.page is not None,
                "page": self.page.resolve().as_uri() if self.page else None,
                "diagnostics": [asdict(d) for d in self.diagnostics]}


def preview_games(request: PreviewRequest, progress: Progress = silent) -> Iterator[GamePreview]:
    from pnp.build.preview import write_preview

    for game_id in chosen_games(request.root, request.game):
        with progress(f"previewing {game_id}"):
            page, report = write_preview(request.root, game_id, request.out, request.difficulty, request.draft,
                                         request.lang)
        yield GamePreview(game_id, page, report.sorted())
