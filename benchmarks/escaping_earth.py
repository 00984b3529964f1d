"""2200: Escaping Earth: full runs per second (random player, one core), greedy campaigns per minute, and the
greedy player's campaign win rate. The issue's target: at least 200 full runs per second with the random player."""
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT  # noqa: E402
from pnp.checks.validate import validate  # noqa: E402
from pnp.engine.runner import play, random_kind_policy  # noqa: E402
from pnp.games.escaping_earth.engine import EscapingEarthEngine  # noqa: E402
from pnp.games.escaping_earth.policies import greedy_policy  # noqa: E402


def random_runs(engine, campaigns: int, check: bool, runs: int = 3) -> None:
    """A random campaign is a string of short runs; runs per second over several passes (this VM's speed varies)."""
    rates, turns = [], 0
    for _ in range(runs):
        start, played, turns = time.perf_counter(), 0, 0
        for seed in range(campaigns):
            playout = play(engine, seed, [random_kind_policy], check=check)
            played += playout.result.details["runs"]
            turns += playout.result.rounds
        rates.append(played / (time.perf_counter() - start))
    checked = "with" if check else "without"
    print(f"escaping-earth: random player, {checked} invariant checks: {statistics.median(rates):.0f} full runs/s "
          f"(median of {runs}, best {max(rates):.0f}; {turns / played:.1f} turns per run)")


def greedy_campaigns(engine, campaigns: int) -> None:
    start, wins, runs, levels = time.perf_counter(), 0, 0, []
    for seed in range(campaigns):
        result = play(engine, seed, [greedy_policy], check=False).result
        wins += bool(result.winners)
        runs += result.details["runs"]
        levels.append(max(result.details["levels"]))
    seconds = time.perf_counter() - start
    print(f"escaping-earth: greedy player from scratch: {campaigns} campaigns in {seconds:.1f}s "
          f"({runs / seconds:.0f} runs/s), won {wins} ({wins / campaigns:.0%}), {runs / campaigns:.1f} runs per "
          f"campaign, best level reached: median {statistics.median(levels)}")


def main():
    project, _ = validate(ROOT, "2200-escaping-earth")
    engine = EscapingEarthEngine.from_game(project.game)
    random_runs(engine, 40, check=False)
    random_runs(engine, 40, check=True, runs=1)
    greedy_campaigns(engine, 40)


if __name__ == "__main__":
    main()
