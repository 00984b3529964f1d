"""`pnp watch`: build, then rebuild the game each save changes, saying what was rebuilt and how long it took."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import DebugOption, OutOption, RootOption, difficulty_option, game_argument
from pnp.commands.terminal import INTERRUPTED, guard, say, show
from pnp.core.diagnostics import ExitCode, UsageError
from pnp.core.difficulty import Difficulty

SHOWN_FILES = 4  # a rebuild of at most this many files names them, and a batch of saves its files; more are counted


def command(game: Optional[str] = game_argument(), difficulty: Optional[Difficulty] = difficulty_option(),
            out: Optional[str] = OutOption,
            lang: Optional[str] = typer.Option(None, "--lang", help="Build and rebuild this edition of GAME (a "
                                               "language of game.yaml's `languages:` after the first) into "
                                               "OUT/<game>/<lang>/: a translator's saves of translations/<lang>.yaml "
                                               "rebuild it."),
            root: Path = RootOption, debug: bool = DebugOption):
    """Build, then validate and rebuild the game a save changes (every game for layouts/common, layouts/templates
    or fonts/), saying what was rebuilt and how long it took, until Ctrl-C. Broken content is reported and the
    last good output stays."""
    from pnp.api.places import output_folder
    from pnp.build.watch import changes, keep_building, warm_up

    # an unknown game or edition, none at all, or a bad environment (PNP_JOBS) is exit 2 before anything is watched
    out_dir = guard(debug, lambda: (_check_asked(root, game, lang), output_folder(out, root))[1])
    rebuilds = _Rebuilds(root, game, out_dir, difficulty, debug, lang)
    watched = ", ".join(f"{name}/" for name in ("content", "layouts", "fonts") if (root / name).is_dir())
    say(f"watching {watched} in {root.resolve()}; Ctrl-C to stop")
    try:
        warm_up()
        keep_building(root, rebuilds.games, rebuilds.rebuild, changes(root, out_dir), rebuilds.announce)
    except KeyboardInterrupt:
        pass
    raise typer.Exit(ExitCode.OK)


def _check_asked(root: Path, game: str | None, lang: str | None) -> None:
    from pnp.api.games import chosen_edition, chosen_games

    chosen_games(root, game)
    if lang is not None:
        if game is None:
            raise UsageError("--lang needs a GAME: an edition is one game's")
        chosen_edition(root, game, lang)


class _Rebuilds:
    """What the watch loop asks: the games to rebuild, the rebuild of one (said in one line, its failure too: the
    next save tries again), and the saves that started a batch."""

    def __init__(self, root: Path, game: str | None, out_dir: Path, difficulty, debug: bool, lang: str | None = None):
        self.root, self.game, self.out_dir, self.difficulty, self.debug = root, game, out_dir, difficulty, debug
        self.lang = lang  # the edition rebuilt (of the one game watched); None: the game as written
        self.built_once: set[str] = set()

    def games(self) -> list[str]:
        from pnp.content.discovery import game_ids
        from pnp.reading.source import SourceError

        if self.game:
            return [self.game]  # were its folder removed, its rebuild says so
        try:
            return game_ids(self.root)  # asked again after every save: a game added while watching is built too
        except SourceError:  # content/ cannot be listed just now: nothing to rebuild until it can
            return []

    def rebuild(self, game_id: str) -> None:
        try:
            guard(self.debug, lambda: self._rebuild_and_say(game_id))
        except typer.Exit as exc:
            if exc.exit_code == INTERRUPTED:
                raise KeyboardInterrupt from None
        self.built_once.add(game_id)

    def _rebuild_and_say(self, game_id: str) -> None:
        from pnp.build.watch import rebuild

        try:
            done = rebuild(self.root, game_id, self.out_dir, self.difficulty, self.lang)
        except KeyboardInterrupt:
            # The rebuild ran in a child process, which finished its swap or removed its stage: this process cannot
            # tell which, so it says what holds either way (the child's own record of a swap is lost with it).
            say(f"interrupted; {game_id}'s output folder holds its last complete build, never part of one", err=True)
            raise typer.Exit(INTERRUPTED) from None
        show(done.report)
        name = f"{game_id} [{self.lang}]" if self.lang else game_id
        if done.result is None:
            say(f"{name}: not rebuilt; the last good output stays")
            return
        files = done.rendered
        named = f": {', '.join(files)}" if 0 < len(files) <= SHOWN_FILES else ""
        verb = "rebuilt" if game_id in self.built_once else "built"
        say(f"{name}: {verb} {len(files)} file{'s' if len(files) != 1 else ''} in {done.seconds:.2f} s{named}")
        if done.preview:
            say(f"{name}: preview written again, {done.preview}")

    def announce(self, batch) -> None:
        say(f"-- {time.strftime('%H:%M:%S')} {changed(self.root, batch)}")


def changed(root: Path, paths) -> str:
    """The files a batch of saves changed, as the project names them."""
    base = root.resolve()
    names = sorted(str(path.relative_to(base)) if path.is_relative_to(base) else str(path) for path in paths)
    more = f" and {len(names) - SHOWN_FILES} more" if len(names) > SHOWN_FILES else ""
    return ", ".join(names[:SHOWN_FILES]) + more
