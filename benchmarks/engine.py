"""Simulated Escape Master rounds per second, greedy and random players, 4 players."""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT  # noqa: E402
from pnp.checks.validate import validate  # noqa: E402
from pnp.engine.runner import play, random_policy  # noqa: E402
from pnp.games.escape_master.engine import EscapeMasterEngine  # noqa: E402
from pnp.games.escape_master.policies import greedy_policy  # noqa: E402


def measure(engine, policies, label, games=60, check=False):
    start = time.perf_counter()
    rounds = steps = 0
    for seed in range(games):
        playout = play(engine, seed, policies, players=4, check=check)
        rounds += playout.result.rounds
        steps += playout.steps
    seconds = time.perf_counter() - start
    checked = "with" if check else "without"
    print(f"engine: {label}, {checked} invariant checks: {rounds / seconds:.0f} rounds/s, "
          f"{games / seconds:.1f} games/s, {steps / seconds:.0f} actions/s ({rounds} rounds)")


def main():
    project, _ = validate(ROOT, "escape-master")
    engine = EscapeMasterEngine.from_game(project.game)
    measure(engine, [greedy_policy], "greedy players")
    measure(engine, [random_policy], "random players")
    measure(engine, [greedy_policy], "greedy players", check=True)


if __name__ == "__main__":
    main()
