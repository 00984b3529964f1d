"""The playtest recipe of `pnp playtest`: many seeded games of each game asked for, or one game replayed.

Its rules: a game without an engine is passed over when every game is played, and a usage error when it is the
game asked for; `players` must be a count the game allows; a replayed seed must be one of this run's games.
Each game's report (text, JSON, charts) replaces OUT/playtest/GAME/ in one step.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from pnp.api.games import chosen_games
from pnp.api.progress import Progress, silent
from pnp.core.diagnostics import Diagnostic, UsageError
from pnp.core.difficulty import Difficulty


@dataclass(frozen=True)
class PlaytestRequest:
    """`pnp playtest`: `games` full games (the game's own number if None) from `seed`, `players` a game (every
    allowed count in turn if None); `replay`: one game's seed, printed step by step instead; `cluster`: a Dask
    scheduler's address or local:N; `journal`: a file keeping every finished chunk, to resume after a stop."""
    root: Path
    game: str | None
    out: Path
    games: int | None = None
    seed: int = 1
    players: int | None = None
    difficulty: Difficulty | None = None
    replay: int | None = None
    cluster: str | None = None
    journal: Path | None = None


@dataclass
class GamePlayed:
    """What the playtest of one game found. `state`: "played", "replayed", "no engine" (passed over), "invalid" (the
    content has errors) or "endless" (the content makes a game too long to play out); `diagnostics` say why."""
    game: str
    state: str
    result: object | None = None  # pnp.engine.playtest's report: to_text(), to_json(), ok
    folder: Path | None = None  # where the report and charts were written
    replay: list[str] = field(default_factory=list)  # the replayed game, a line per step
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.state in ("replayed", "no engine") or (self.state == "played" and self.result.ok)

    def to_dict(self) -> dict:
        return json.loads(self.result.to_json()) if self.result is not None else {"game": self.game, "state": self.state}


def check_playtest(request: PlaytestRequest) -> None:
    """What is wrong with the request itself, as a UsageError before any game is read: a run on a cluster fails at
    once if it cannot start."""
    from pnp.engine.runner import game_index, game_seed

    if request.replay is not None and game_index(request.seed, request.replay) is None:
        raise UsageError(f"seed {request.replay} is not a game of the playtest run with --seed {request.seed} (its "
                         f"games play seeds {game_seed(request.seed, 0)} and up); pass the --seed it ran with")
    if request.game is None and (request.replay is not None or request.players is not None or request.journal):
        raise UsageError("--replay, --players and --journal need a GAME")
    if request.cluster is not None:
        from pnp.engine.cluster import available, parse

        parse(request.cluster)
        available()


def playtest_games(request: PlaytestRequest, progress: Progress = silent,
                   resumed: Callable[[str, int], None] = lambda game, count: None) -> Iterator[GamePlayed]:
    """Play each game asked for; `resumed(game, count)` hears of games read back from the journal."""
    check_playtest(request)
    for game_id in chosen_games(request.root, request.game):
        yield _play(request, game_id, progress, resumed)


def _play(request: PlaytestRequest, game_id: str, progress: Progress, resumed) -> GamePlayed:
    from pnp.checks.validate import validate
    from pnp.engine import playtest as harness
    from pnp.engine.api import EndlessGame

    project, report = validate(request.root, game_id)
    if project is None:
        return GamePlayed(game_id, "invalid", diagnostics=report.sorted())
    if not _playable(request, project):
        return GamePlayed(game_id, "no engine")
    plan = project.game.plugin.playtest_plan()
    if request.replay is not None:
        lines = harness.replay_game(plan, project.game, request.replay, request.seed, request.players, request.difficulty)
        return GamePlayed(game_id, "replayed", replay=list(lines))
    try:
        with progress(f"playing {game_id}", total=request.games or plan.default_games, unit="games") as step:
            def read_back(count: int) -> None:
                resumed(game_id, count)
                step.resumed(count)

            result = harness.run(plan, project.game, request.games, request.seed, request.players, request.difficulty,
                                 progress=step, cluster=request.cluster, journal=request.journal, resumed=read_back)
    except EndlessGame as exc:  # the content makes a game too long to play out (pnp.core.limits.MAX_STEPS)
        return GamePlayed(game_id, "endless",
                          diagnostics=[project.game.manifest_source.diagnostic(("settings",), "endless-game", str(exc))])
    return GamePlayed(game_id, "played", result, write_playtest(result, request.out / "playtest" / game_id))


def _playable(request: PlaytestRequest, project) -> bool:
    """The game has an engine and the player count asked for is one it allows: False (passed over) for a game without
    an engine among every game; a UsageError for the one game asked for."""
    game_id = project.game.id
    if not project.game.plugin.has_engine:
        if request.game is None:
            return False
        raise UsageError(f"{game_id} has no engine to play it: a game's engine comes with its Python package "
                         "(game.yaml `plugin:`); validate and build work without one")
    allowed = project.game.manifest.players
    if request.players is not None and not allowed.min <= request.players <= allowed.max:
        counts = f"{allowed.min}" if allowed.min == allowed.max else f"{allowed.min} to {allowed.max}"
        raise UsageError(f"{game_id} is for {counts} player(s), not {request.players}; leave out --players to play "
                         "every count")
    return True


def write_playtest(report, folder: Path) -> Path:
    """The report as text and JSON, and the game's charts as PNG, replacing the folder in one step."""
    from pnp.core.output import staged
    from pnp.render.charts import write_chart

    with staged(folder, folder.parents[1]) as stage:  # OUT/playtest/GAME: OUT is the output folder
        (stage / "report.txt").write_text(report.to_text() + "\n", encoding="utf-8")
        (stage / "report.json").write_text(report.to_json() + "\n", encoding="utf-8")
        for chart in report.charts():
            write_chart(chart, stage / chart.file)
    return folder
