"""`pnp playtest`: many seeded games of each game with an engine; coverage and statistics, kept as text, JSON and
charts in OUT/playtest/GAME/; or one game replayed step by step."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import DebugOption, OutputFormat, RootOption, difficulty_option, game_argument
from pnp.commands.terminal import finish, guard, progress, say, say_json, say_lines, show
from pnp.core.diagnostics import Report
from pnp.core.difficulty import Difficulty
from pnp.core.limits import MAX_GAMES


def command(game: Optional[str] = game_argument("every game with an engine"),
            games: Optional[int] = typer.Option(None, "--games", min=1, max=MAX_GAMES,
                                                help="Number of full games to play (default: the game's own)."),
            seed: int = typer.Option(1, "--seed", help="Seed: the same seed replays the same games."),
            players: Optional[int] = typer.Option(None, "--players", help="Players per game; cycles through the "
                                                  "allowed counts if omitted."),
            difficulty: Optional[Difficulty] = difficulty_option("Play with cards up to this colour (default: all "
                                                                 "of them)."),
            format: OutputFormat = typer.Option(OutputFormat.text, "--format"),
            replay: Optional[int] = typer.Option(None, "--replay", help="Print one game of this playtest step by step: "
                                                 "its seed, as the report's witnesses and 'first in seed' name it."),
            out: Optional[str] = typer.Option(None, "--out", show_default=False, help="Output folder (default: output/ "
                                              "in the project): reports and charts go to OUT/playtest/GAME/."),
            cluster: Optional[str] = typer.Option(None, "--cluster", help="Play on a Dask cluster: its scheduler's "
                                                  "address (tcp://HOST:8786), or local:N for N local worker processes. "
                                                  "Needs pip install 'pnp-press[cluster]'."),
            journal: Optional[Path] = typer.Option(None, "--journal", metavar="FILE", help="Keep every finished chunk "
                                                   "of games in FILE (JSON lines, made if missing); run again with the "
                                                   "same FILE and options to play only the games it lacks, after a stop "
                                                   "or a kill. Needs a GAME."),
            root: Path = RootOption, debug: bool = DebugOption):
    """Play many seeded games; print coverage and statistics, and keep them (text, JSON, charts) in the
    output folder. Exit 1 if any card or element has no witness.

    --journal FILE makes a long run resumable (pnp.engine.journal). It has no default place: a journal is kept
    only when asked for (a default one would make every quick run resume, or refuse, an older one), and it
    cannot live in OUT/playtest/GAME/, which each run replaces whole. A journal of another run (other options,
    another pnp, content or engine code changed since) is refused with exit 2 and left as it is: delete it to
    start afresh. A finished journal is kept: running again reprints the report without playing."""
    from pnp.api.places import output_folder
    from pnp.api.playtest import PlaytestRequest

    request = guard(debug, lambda: PlaytestRequest(root, game, output_folder(out, root), games, seed, players,
                                                   difficulty, replay, cluster, journal))
    finish(guard(debug, lambda: _playtest(request, format)))


def _playtest(request, format: OutputFormat) -> bool:
    from pnp.api.playtest import playtest_games

    played = []
    for game in playtest_games(request, progress, _resumed(request.journal)):
        played.append(game)
        if format == OutputFormat.text:
            _say_played(game, every_game=request.game is None)
    reports = {game.game: game.to_dict() for game in played if game.state == "played"}
    if format == OutputFormat.json and reports:
        say_json(reports if request.game is None else reports[request.game])
    return all(game.ok for game in played)


def _resumed(journal: Path | None):
    def say_resumed(game_id: str, count: int) -> None:  # on stderr: stdout is the report, as an unbroken run's
        say(f"{game_id}: {count:,} games read back from the journal {journal}; playing the rest", err=True)

    return say_resumed


def _say_played(game, every_game: bool) -> None:
    show(Report(game.diagnostics))
    if game.state == "invalid":
        say("playtest needs valid content; fix the errors above")
    elif game.state == "no engine":
        say(f"{game.game}: no engine, not played")
    elif game.state == "replayed":
        say_lines(game.replay)
    elif game.state == "played":
        say_lines(([f"== {game.game}"] if every_game else []) + game.result.to_text().split("\n"))
        say(f"wrote {game.folder}/")
