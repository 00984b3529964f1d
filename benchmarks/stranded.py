"""Stranded: full games per second with the random player on one core (the issue's target: at least 3,000), and the
greedy player's speed and win rate per difficulty level."""
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT  # noqa: E402
from pnp.checks.validate import validate  # noqa: E402
from pnp.engine.runner import play, random_kind_policy  # noqa: E402
from pnp.games.stranded.engine import LEVELS, StrandedEngine  # noqa: E402
from pnp.games.stranded.policies import greedy_policy  # noqa: E402


def random_games(engine, games: int, check: bool, passes: int = 3) -> None:
    """Whole games (every level in turn) per second over several passes: this VM's speed varies."""
    rates = []
    for _ in range(passes):
        start = time.perf_counter()
        for seed in range(games):
            play(engine, seed, [random_kind_policy], check=check, level=LEVELS[seed % 3])
        rates.append(games / (time.perf_counter() - start))
    checked = "with" if check else "without"
    print(f"stranded: random player, {checked} invariant checks: {statistics.median(rates):.0f} games/s "
          f"(median of {passes}, best {max(rates):.0f})")


def greedy_games(engine, games: int) -> None:
    for level in LEVELS:
        start, wins, fights = time.perf_counter(), 0, 0
        for seed in range(games):
            result = play(engine, seed, [greedy_policy], check=False, level=level).result
            wins += bool(result.winners)
            fights += result.rounds
        seconds = time.perf_counter() - start
        print(f"stranded: greedy player at {level}: {games / seconds:.0f} games/s, won {wins} of {games} "
              f"({wins / games:.0%}), {fights / games:.1f} fights per game")


def main():
    project, _ = validate(ROOT, "stranded")
    engine = StrandedEngine.from_game(project.game)
    random_games(engine, 3000, check=False)
    random_games(engine, 1000, check=True, passes=1)
    greedy_games(engine, 500)


if __name__ == "__main__":
    main()
