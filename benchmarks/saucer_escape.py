"""Saucer Escape: random games per second, sheet render time, validate time."""
import io
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT, best_of  # noqa: E402
from pnp.engine.runner import GameSpec, play, play_many, random_kind_policy, random_policy  # noqa: E402
from pnp.games.saucer_escape.engine import SaucerEngine  # noqa: E402
from pnp.games.saucer_escape.policies import greedy_policy  # noqa: E402
from pnp.render.outputs import sheet_pdf  # noqa: E402
from pnp.validate import validate  # noqa: E402


def games_per_second(engine, policy, label, games, check, record=True):
    start = time.perf_counter()
    steps = 0
    for seed in range(games):
        steps += play(engine, seed, [policy], check=check, record=record).steps
    seconds = time.perf_counter() - start
    print(f"saucer-escape: {label}: {games / seconds:.0f} games/s ({steps / games:.0f} actions per game, "
          f"invariant checks {'on' if check else 'off'}, coverage {'on' if record else 'off'})")


def main():
    project, _ = validate(ROOT, "saucer-escape")
    engine = SaucerEngine.from_game(project.game)
    games_per_second(engine, random_kind_policy, "random player", 600, check=False, record=False)
    games_per_second(engine, random_kind_policy, "random player", 600, check=True)
    games_per_second(engine, random_policy, "uniform-move random player", 300, check=False, record=False)
    games_per_second(engine, greedy_policy, "greedy player", 100, check=False)
    specs = [GameSpec(seed, ("random",)) for seed in range(2000)]
    rates = []
    for _ in range(3):
        start = time.perf_counter()
        play_many(engine, "pnp.games.saucer_escape.policies.POLICIES", specs, processes=os.cpu_count() or 1, check=False)
        rates.append(len(specs) / (time.perf_counter() - start))
    rates.sort()
    print(f"saucer-escape: random player on {os.cpu_count()} processes: {rates[1]:.0f} games/s median of 3 "
          f"(best {rates[-1]:.0f}; coverage on, checks off)")
    seconds = best_of(5, lambda: sheet_pdf(project, "game-sheet", "a4", False, io.BytesIO()))
    print(f"saucer-escape: sheet PDF (A4) renders in {seconds * 1000:.0f} ms")
    seconds = best_of(5, lambda: sheet_pdf(project, "game-sheet", "a4", True, io.BytesIO()))
    print(f"saucer-escape: fillable sheet PDF (A4) renders in {seconds * 1000:.0f} ms")
    seconds = best_of(5, lambda: subprocess.run([sys.executable, "-m", "pnp", "validate", "saucer-escape"], cwd=ROOT,
                                                check=True, stdout=subprocess.DEVNULL))
    print(f"saucer-escape: pnp validate saucer-escape: {seconds:.2f} s")


if __name__ == "__main__":
    main()
