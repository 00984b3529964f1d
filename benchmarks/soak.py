"""Soak: every game with an engine played far past its default playtest, on all cores, failing on any internal error.

    python benchmarks/soak.py                      # 20,000 games per game
    python benchmarks/soak.py --games 100000       # what `make soak` runs
    python benchmarks/soak.py stranded --games 5000 --cluster local:4
    python benchmarks/soak.py --times 10           # 10 times each game's default playtest: what CI runs
    python benchmarks/soak.py --games 100000 --journal-dir output/soak   # resumable: run it again after a stop

Each game plays its own cycle of playtest tables (random and greedy players, and the game's scenario players),
exactly as `pnp playtest GAME --games N` does, with the invariant checks after every move. Printed per game:
games per second on one core for each kind of table (a short sample), then the soak's wall time and games per
second on every core. An internal error (the engine raised, a game without a legal move, an endless game)
is printed with its seed, and the script exits 1 once every game has been soaked. Missing witnesses are not
the soak's business (`pnp playtest` reports them); they are printed as a count only.

With --journal-dir DIR, each game keeps its finished chunks in DIR/GAME.jsonl (pnp.engine.journal, as `pnp playtest
--journal`): run the same command again after a stop (a closed laptop, a killed job) and each game plays only what
its journal lacks; a game whose journal is complete is reported again at once. A journal of another soak (other
--games, another pnp, changed content or engine) is refused for that game, saying so: delete it to start afresh.
"""
import argparse
import os
import sys
import time
import traceback
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT, reference_loop_ms  # noqa: E402
from pnp.checks.validate import validate  # noqa: E402
from pnp.content.discovery import game_ids  # noqa: E402
from pnp.core.diagnostics import UsageError  # noqa: E402
from pnp.engine import playtest as harness  # noqa: E402
from pnp.engine.runner import game_seed, play, policy_table  # noqa: E402

SAMPLE_SECONDS = 2.0  # one-core sample per kind of table: long enough to steady, short beside the soak


def one_core_rates(plan, game) -> list[str]:
    """Games per second on one core for each distinct lineup of players in the game's cycle of tables."""
    engine = plan.engine(game, None)
    policies = policy_table(plan.policy_table)
    by_lineup: dict = {}
    for index, setup in enumerate(islice(plan.setups(game, None), 200)):
        by_lineup.setdefault("+".join(setup.players) + (" (set-up)" if setup.stage else ""), []).append((index, setup))
    lines = []
    for lineup, tables in by_lineup.items():
        played, start = 0, time.perf_counter()
        while time.perf_counter() - start < SAMPLE_SECONDS:
            index, setup = tables[played % len(tables)]
            play(engine, game_seed(9, index + played), [policies[p] for p in setup.players], stage=setup.stage,
                 **dict(setup.options))
            played += 1
        lines.append(f"{lineup} {played / (time.perf_counter() - start):,.1f}")
    return lines


def soak(game_id: str, games: int | None, times: int | None, cluster: str | None, processes: int | None,
         journal_dir: Path | None = None) -> bool:
    project, report = validate(ROOT, game_id)
    if project is None:
        print(f"{game_id}: invalid content, not soaked\n{report.to_text()}")
        return False
    if not project.game.plugin.has_engine:
        return True
    plan = project.game.plugin.playtest_plan()
    games = games or times * plan.default_games
    print(f"{game_id}: one core, games/s per table: " + ", ".join(one_core_rates(plan, project.game)), flush=True)
    start = said = time.perf_counter()
    done = kept = 0
    journal = journal_dir / f"{game_id}.jsonl" if journal_dir else None

    def resumed(count: int) -> None:
        nonlocal done, kept
        done = kept = count
        print(f"{game_id}: {count:,} of {games:,} games read back from {journal}; playing the rest", flush=True)

    def progress(count: int) -> None:  # a line a minute: a soak of 100,000 games runs for a long while
        nonlocal done, said
        done += count
        now = time.perf_counter()
        if now - said >= 60:
            said = now
            print(f"{game_id}: {done:,} of {games:,} games, {(done - kept) / (now - start):,.1f} games/s", flush=True)

    try:
        result = harness.run(plan, project.game, games, seed=1, processes=processes, cluster=cluster, progress=progress,
                             keep_going=True, journal=journal, resumed=resumed)
    except UsageError as exc:  # a journal of another soak, a cluster that cannot be reached: what to do, in a line
        print(f"{game_id}: not soaked: {exc}", flush=True)
        return False
    except Exception as exc:  # noqa: BLE001 - outside any game (the harness, a worker lost): say it, go to the next game
        notes = "; ".join(getattr(exc, "__notes__", ()))
        print(f"{game_id}: INTERNAL ERROR after {time.perf_counter() - start:.0f} s: {type(exc).__name__}: {exc}"
              + (f" ({notes})" if notes else ""))
        traceback.print_exc(limit=-3)
        return False
    seconds = time.perf_counter() - start
    errors = result.errors
    played = games - kept  # the games read back from a journal took no time here
    print(f"{game_id}: {played:,} games in {seconds:,.0f} s, {played / seconds:,.1f} games/s on "
          f"{cluster or f'{processes or os.cpu_count()} processes'}"
          + (f" ({kept:,} more read back from {journal})" if kept else "") + "; "
          + (f"INTERNAL ERROR in {len(errors)} games" if errors else "no internal error")
          + f"; {len(result.missing)} elements without a witness in real play", flush=True)
    for seed, why in errors[:SHOWN_ERRORS]:
        print(f"  seed {seed}: {why}")
    if len(errors) > SHOWN_ERRORS:
        print(f"  and {len(errors) - SHOWN_ERRORS} more")
    return not errors


SHOWN_ERRORS = 10


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="games to soak (default: every game with an engine)")
    counts = parser.add_mutually_exclusive_group()
    counts.add_argument("--games", type=int, default=None, help="games per game (default 20,000)")
    counts.add_argument("--times", type=int, default=None, help="each game's default playtest count times this (a game "
                        "whose games are long, a 2200 campaign, plays fewer): what CI runs")
    parser.add_argument("--cluster", default=None, help="a Dask scheduler address or local:N (as pnp playtest --cluster)")
    parser.add_argument("--processes", type=int, default=None, help="local processes (default: every core)")
    parser.add_argument("--journal-dir", type=Path, default=None, metavar="DIR", help="keep each game's finished chunks "
                        "in DIR/GAME.jsonl, and play only what they lack: a soak resumed after a stop")
    args = parser.parse_args(argv)
    print(f"reference loop: {reference_loop_ms():.0f} ms (this machine's speed of the moment; 20 ms is a fast phase)")
    games = args.games or (None if args.times else 20_000)
    ok = [soak(game_id, games, args.times, args.cluster, args.processes, args.journal_dir)
          for game_id in (args.games_ids or game_ids(ROOT))]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
