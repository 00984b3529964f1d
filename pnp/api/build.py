"""The build recipe of `pnp build`: every game asked for, in turn, each game's output folder replaced only when its
whole build succeeded. While the workers draw one game, this process reads and validates the next (read ahead);
a game whose inputs are unchanged since its last whole build is said to be up to date without importing the build.

With `--all` (or no GAME), a partial build (`--only sheets`) passes over a game that has none of it; when no game
has any, that is the usage error it is for one game.
"""
from __future__ import annotations

import sys
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Iterator

from pnp.api.games import chosen_games
from pnp.api.progress import Progress, silent
from pnp.build.options import BuildOptions, NothingToBuild
from pnp.core.diagnostics import Diagnostic


@dataclass(frozen=True)
class BuildRequest:
    """`pnp build`: which games (`game` None: every game of the project), into which output folder, how."""
    root: Path
    game: str | None
    out: Path
    options: BuildOptions = BuildOptions()
    # the editions to build (languages of game.yaml's `languages:` but the first) into OUT/<game>/<lang>/; none: the
    # game as written, into OUT/<game>/. `all_languages`: the game as written and every edition it declares.
    languages: tuple[str, ...] = ()
    all_languages: bool = False


@dataclass
class GameBuild:
    """What the build of one game did. `state`: "built", "up to date" (nothing touched), "not built" (the content
    has errors: the output folder is as it was) or "passed over" (a partial build that names nothing of this game)."""
    game: str
    state: str
    folder: Path | None = None
    files: list[str] = field(default_factory=list)  # every file of the game's output, relative to `folder`
    drawn: list[str] = field(default_factory=list)  # those this build drew again (the rest were up to date)
    kept: list[str] = field(default_factory=list)  # folders of an earlier build kept as they were
    diagnostics: list[Diagnostic] = field(default_factory=list)
    reason: str = ""  # why a game was passed over
    lang: str | None = None  # the edition built; None for the game as written

    @property
    def name(self) -> str:
        """The game, and the edition's language: my-game, my-game [fr]."""
        return f"{self.game} [{self.lang}]" if self.lang else self.game

    @property
    def ok(self) -> bool:
        return self.state != "not built"

    def to_dict(self) -> dict:
        """One game of `pnp build --format json` (docs/reference/json.md names every key)."""
        return {"game": self.game, "state": self.state, "folder": str(self.folder) if self.folder else None,
                "files": self.files, "drawn": self.drawn, "kept": self.kept,
                "diagnostics": [asdict(d) for d in sorted(self.diagnostics)], "reason": self.reason, "lang": self.lang}


def build_games(request: BuildRequest, progress: Progress = silent) -> Iterator[GameBuild]:
    """Build each game asked for (each edition asked for of each), yielding what each build did as soon as it is done."""
    games = chosen_games(request.root, request.game)
    ahead: dict = {}  # game id -> the game read ahead (pnp.build.game.ReadAhead)
    passed_over = 0
    builds = [(game_id, lang) for game_id in games for lang in _languages(request, game_id)]
    for index, (game_id, lang) in enumerate(builds):
        one = replace(request, options=replace(request.options, lang=lang)) if lang else request
        if lang is _NO_SUCH_EDITION:
            passed_over += 1
            yield GameBuild(game_id, "passed over", reason=f"{game_id} has no edition in {', '.join(request.languages)}")
            continue
        unchanged = _up_to_date(one, game_id) if one.options.whole else None
        if unchanged is not None:
            yield unchanged
            continue
        try:
            yield _build_one(one, game_id, progress, ahead, [g for g, _ in builds[index + 1:] if g != game_id])
        except NothingToBuild as exc:  # --only sheets, and this game has none
            passed_over += 1
            if request.game is not None or passed_over == len(builds):  # as for one game, a usage error
                raise
            yield GameBuild(game_id, "passed over", reason=str(exc), lang=lang)


_NO_SUCH_EDITION = "?"  # a game of `build --all --lang fr` that has no French edition: passed over


def _languages(request: BuildRequest, game_id: str) -> list[str | None]:
    """The editions of a game to build, in order (None: the game as written). A language the game does not declare is
    a usage error for one game (said when it is read: pnp.content.translations.check_language); with --all, the game
    is passed over."""
    if not request.languages and not request.all_languages:
        return [None]
    from pnp.content.game import load_manifest

    _, manifest, _ = load_manifest(request.root / "content" / game_id)
    declared = list(manifest.languages[1:]) if manifest is not None else []
    if request.all_languages:
        return [None, *declared]
    if request.game is None and manifest is not None and not set(request.languages) & set(declared):
        return [_NO_SUCH_EDITION]
    return [lang for lang in request.languages if request.game is not None or lang in declared]


def _build_one(request: BuildRequest, game_id: str, progress: Progress, ahead: dict, rest: list[str]) -> GameBuild:
    import_build()  # here, not at the top: an up-to-date game needs none of the build's imports
    from pnp.build.game import build
    from pnp.build.options import BuildHooks, BuildTarget

    with progress(f"building {game_id}", lazy=True) as step:
        hooks = BuildHooks(step, ahead.pop(game_id, None), lambda: _read_next(request, rest, ahead))
        result, report = build(BuildTarget(request.root, game_id, request.out), request.options, hooks)
    lang = request.options.lang
    if result is None:
        return GameBuild(game_id, "not built", diagnostics=report.sorted(), lang=lang)
    state = "up to date" if result.up_to_date else "built"
    return GameBuild(game_id, state, result.out_dir, result.files, result.rendered, result.kept, report.sorted(),
                     lang=lang)


def _up_to_date(request: BuildRequest, game_id: str) -> GameBuild | None:
    """The game's last whole build, when nothing changed since: its files and warnings, nothing touched."""
    from pnp.core import incremental

    name = request.options.out_name(game_id)
    record = incremental.up_to_date(request.root, game_id, request.out, name, request.options.recorded(request.out))
    if record is None:
        return None
    return GameBuild(game_id, "up to date", request.out / name, incremental.recorded_files(record),
                     diagnostics=sorted(incremental.recorded_diagnostics(record)), lang=request.options.lang)


def _read_next(request: BuildRequest, rest: list[str], ahead: dict) -> None:
    """The next game this build draws, read and validated while the workers draw the current one's files. A failure
    is left for that game's own turn, which reads it again and reports what went wrong."""
    from pnp.build import game

    for game_id in rest:
        if request.options.whole and _up_to_date(request, game_id) is not None:
            continue
        try:
            ahead[game_id] = game.read_ahead(request.root, game_id, request.options.difficulty, request.options.draft,
                                             request.options.lang)
        except Exception:  # noqa: BLE001 - said in the game's own turn
            pass
        return


def import_build() -> None:
    """pnp.build.game and all it imports (pydantic's models, reportlab...), with the cycle collector paused: what an
    import makes lives as long as the process, and the collector's walks over it as it was made were 15 ms of a
    one-card edit's build. It is set aside from later walks too, until the build gives it back (gc.freeze)."""
    if "pnp.build.game" in sys.modules:
        return
    import gc

    from pnp.core.collector import cycle_collector_paused

    with cycle_collector_paused():
        import pnp.build.game  # noqa: F401
        gc.freeze()
