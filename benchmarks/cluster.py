"""Playtest speed on local processes against a local Dask cluster of as many workers: games per second each, and
whether the reports agree (they must: the same seeds). Needs dask (pip install 'pnp-press[cluster]').

    python benchmarks/cluster.py [GAME] [--games N] [--workers N]
"""
import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT, reference_loop_ms  # noqa: E402
from pnp.checks.validate import validate  # noqa: E402
from pnp.engine import playtest as harness  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="stranded")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    project, _ = validate(ROOT, args.game)
    plan = project.game.plugin.playtest_plan()
    print(f"reference loop: {reference_loop_ms():.0f} ms (this machine's speed of the moment; 20 ms is a fast phase)")
    reports = {}
    for label, where in ((f"{args.workers} local processes", {"processes": args.workers}),
                         (f"local cluster of {args.workers} (dask, workers started inside the timing)",
                          {"cluster": f"local:{args.workers}"})):
        start = time.perf_counter()
        reports[label] = harness.run(plan, project.game, args.games, keep_going=True, **where)
        seconds = time.perf_counter() - start
        print(f"{args.game}: {args.games:,} games on {label}: {seconds:.1f} s, {args.games / seconds:,.0f} games/s", flush=True)
    same = len({report.to_json() for report in reports.values()}) == 1
    print(f"{args.game}: reports {'identical' if same else 'DIFFER'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
