"""Shared helpers for the timing scripts (they print figures; they never assert)."""
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def best_of(runs: int, work) -> float:
    """The fastest of several runs, in seconds: the least disturbed by other load."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best
