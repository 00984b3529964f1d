"""Shared helpers for the timing scripts (they print figures; they never assert)."""
import compileall
import subprocess
import sys
import time
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@cache
def _bytecode() -> None:
    """Commands are timed as a designer's machine runs them: with pnp's byte-code written (see the Makefile)."""
    compileall.compile_dir(ROOT / "pnp", quiet=1)


def run_pnp(*args: str) -> None:
    """One whole `pnp` command, process start included; its output is dropped."""
    _bytecode()
    subprocess.run([sys.executable, "-m", "pnp", *args], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def best_of(runs: int, work) -> float:
    """The fastest of several runs, in seconds: the least disturbed by other load."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def reference_loop_ms() -> float:
    """A fixed pure-Python workload, best of 5, in ms: this shared VM's speed has varied 1.5-2x within
    an hour, so figures are printed beside it (20 ms was a fast phase here)."""

    def work():
        total = 0
        for i in range(300_000):
            total += (i * i) % 7
        return total

    return best_of(5, work) * 1000
