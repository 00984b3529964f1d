"""What a build is asked: its options, its target and how it meets its caller. Light on purpose: a command makes
these before it knows whether anything needs building (an up-to-date game imports none of the build's libraries)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from pnp.core.diagnostics import UsageError
from pnp.core.difficulty import Difficulty
from pnp.core.incremental import build_options

if TYPE_CHECKING:
    from pnp.build.game import ReadAhead


@dataclass(frozen=True)
class BuildOptions:
    """What a build makes: the same for every game of one `pnp build`.

    A whole build replaces the game's folder, keeping only the card images of an earlier `images` build when this
    one makes none. A partial one (`only` some parts, some `decks`, some `vendors`' files) starts from the earlier
    output and draws just what it names: the rest is kept as it was. A `draft` prints missing images as
    placeholders. `tts_url`: the address the output folder is uploaded to, for Tabletop Simulator's saved objects
    (its `file:///` URL if None). A whole build draws only what changed since the last one (pnp.core.incremental);
    `force` draws everything."""
    difficulty: Difficulty | None = None
    images: bool = False
    booklets: bool = False
    only: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()
    draft: bool = False
    tts_url: str | None = None
    vendors: tuple[str, ...] = ()
    force: bool = False
    lang: str | None = None  # an edition (a language of game.yaml's languages: but the first): OUT/<game>/<lang>/

    def out_name(self, game_id: str) -> str:
        """The game's output folder in OUT: <game> (with its difficulty kit's colour), an edition's <game>/<lang>."""
        from pnp.core.output import game_folder, plain_name

        name = game_folder(game_id, self.difficulty)
        return f"{name}/{plain_name(self.lang)}" if self.lang else name

    @property
    def untranslated(self) -> str:
        """What a text an edition has no translation for is: an error, or in a draft a warning (the source text prints)."""
        return "warning" if self.draft else "error"

    @property
    def partial(self) -> bool:
        return bool(self.only or self.decks or self.vendors)

    @property
    def draws_images(self) -> bool:
        return self.images or "images" in self.only

    @property
    def whole(self) -> bool:
        """A whole build that may find nothing changed (neither partial nor forced): the up-to-date check applies."""
        return not (self.partial or self.force)

    def recorded(self, out_root: Path) -> dict:
        """The options as the build record keeps them: a build with other options is never up to date."""
        return build_options(out_root, self.difficulty, self.images, self.booklets, self.draft, self.tts_url, self.vendors,
                             self.lang)


@dataclass(frozen=True)
class BuildTarget:
    """Which game, from which project, into which output folder (its own folder in it: OUT/<game>/)."""
    root: Path
    game_id: str
    out_root: Path

    def resolved(self) -> BuildTarget:
        return BuildTarget(Path(os.path.abspath(self.root)), self.game_id, Path(self.out_root))


@dataclass(frozen=True)
class BuildHooks:
    """How a build meets its caller: `progress` hears of each file drawn; `ahead` is this game as `read_ahead` read
    it earlier (else it is read now); `meanwhile` runs in this process while the workers draw (`build --all` reads
    the next game ahead)."""
    progress: Callable[[str], None] | None = None
    ahead: ReadAhead | None = None
    meanwhile: Callable[[], None] | None = None


class NothingToBuild(UsageError):
    """A partial build (--only, --deck, --vendor) that names nothing this game has: a usage error for one game; with
    --all the game is passed over."""
