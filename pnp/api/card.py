"""The card recipe of `pnp card`: one card's front and back as PNG at print resolution, with the bleed."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.api.games import chosen_games
from pnp.core.diagnostics import Diagnostic, UsageError, did_you_mean


@dataclass(frozen=True)
class CardRequest:
    """`pnp card`: the images go to OUT/cards/GAME/ID.png and ID-back.png (OUT/cards/GAME/LANG/ for an edition)."""
    root: Path
    game: str
    card: str
    out: Path
    lang: str | None = None  # the card as an edition prints it (a language game.yaml's `languages:` lists after the first)
    draft: bool = False  # a missing image is a placeholder, an untranslated text the source's (a warning each)


@dataclass
class CardImages:
    """The card's images (front, then back), or none and the diagnostics saying why. In a notebook the front shows
    itself (`_repr_png_`)."""
    files: list[Path] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.files)

    def _repr_png_(self) -> bytes | None:
        return self.files[0].read_bytes() if self.files else None


def render_card(request: CardRequest) -> CardImages:
    from pnp.checks.validate import validate
    from pnp.render.card_images import images_fit, one_card
    from pnp.render.cards import face_size

    project, report = validate(request.root, chosen_games(request.root, request.game)[0], request.draft, request.lang,
                               "warning" if request.draft else "error")
    if project is None:
        return CardImages(diagnostics=report.sorted())
    fronts = project.faces.fronts
    if request.card not in fronts:
        raise UsageError(f"no card '{request.card}' in {request.game}{did_you_mean(request.card, fronts)}")
    faces = (fronts[request.card], project.faces.backs[request.card])
    too_large = images_fit(project, [face_size(face, project.layout) for face in faces])
    if too_large:
        return CardImages(diagnostics=sorted(too_large))
    edition = (request.lang,) if request.lang else ()
    return CardImages(one_card(project, request.card, request.out, ("cards", request.game, *edition)))
