"""Saucer Escape: random games per second, sheet render time, validate time."""
import io
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT, best_of, reference_loop_ms, run_pnp  # noqa: E402
from pnp.checks.validate import validate  # noqa: E402
from pnp.engine.coverage import Coverage  # noqa: E402
from pnp.engine.runner import GameSpec, play, play_many, random_kind_policy, random_policy  # noqa: E402
from pnp.games.saucer_escape.engine import SaucerEngine  # noqa: E402
from pnp.games.saucer_escape.policies import greedy_policy  # noqa: E402
from pnp.render.outputs import sheet_pdf  # noqa: E402


def rates(runs: int, work, games: int) -> tuple[float, float]:
    """(median, best) games per second over several runs: this shared VM's cores vary by up to 1.5x."""
    figures = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        figures.append(games / (time.perf_counter() - start))
    return statistics.median(figures), max(figures)


def games_per_second(engine, policy, label, games, check, record=True, runs=1):
    steps = []

    def work():
        steps.clear()
        shared = Coverage()  # each run counts into one fresh table, as `pnp playtest` does
        for seed in range(games):
            steps.append(play(engine, seed, [policy], check=check, record=record, coverage=shared).steps)

    median, best = rates(runs, work, games)
    spread = f"median of {runs}, best {best:.0f}; " if runs > 1 else ""
    print(f"saucer-escape: {label}: {median:.0f} games/s ({spread}{sum(steps) / games:.0f} actions per game, "
          f"invariant checks {'on' if check else 'off'}, coverage {'on' if record else 'off'}, one process)")


def main():
    print(f"saucer-escape: reference Python loop {reference_loop_ms():.0f} ms (lower is a faster machine right now)")
    project, _ = validate(ROOT, "saucer-escape")
    engine = SaucerEngine.from_game(project.game)
    games_per_second(engine, random_kind_policy, "random player", 400, check=False, record=False, runs=5)
    games_per_second(engine, random_kind_policy, "random player", 400, check=False, runs=5)
    games_per_second(engine, random_kind_policy, "random player", 400, check=True)
    games_per_second(engine, random_policy, "uniform-move random player", 300, check=False, record=False)
    games_per_second(engine, greedy_policy, "greedy player", 100, check=False)
    specs = [GameSpec(seed, ("random",)) for seed in range(3000)]
    processes = os.cpu_count() or 1
    median, best = rates(3, lambda: play_many(engine, "pnp.games.saucer_escape.policies.POLICIES", specs,
                                              processes=processes, check=False), len(specs))
    print(f"saucer-escape: random player on {processes} processes (pnp playtest's way): {median:.0f} games/s "
          f"(median of 3, best {best:.0f}; coverage on, checks off)")
    seconds = best_of(5, lambda: sheet_pdf(project, "game-sheet", "a4", False, io.BytesIO()))
    print(f"saucer-escape: sheet PDF (A4) renders in {seconds * 1000:.0f} ms")
    seconds = best_of(5, lambda: sheet_pdf(project, "game-sheet", "a4", True, io.BytesIO()))
    print(f"saucer-escape: fillable sheet PDF (A4) renders in {seconds * 1000:.0f} ms")
    seconds = best_of(5, lambda: run_pnp("validate", "saucer-escape"))
    print(f"saucer-escape: pnp validate saucer-escape: {seconds:.2f} s")


if __name__ == "__main__":
    main()
