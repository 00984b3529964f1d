"""Start-up of the commands a designer types most often: `pnp --help` and `pnp list`, in seconds (best of N,
process start included, byte-code written), beside a bare interpreter; and the imports `import pnp.cli` pays for,
the costliest first (python -X importtime, cumulative microseconds). The target is 0.15 s for both commands.

    python benchmarks/startup.py [--runs N] [--top N]
"""
import argparse
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT, _bytecode, best_of, reference_loop_ms, run_pnp  # noqa: E402


def bare_interpreter() -> None:
    subprocess.run([sys.executable, "-c", "pass"], cwd=ROOT, check=True)


def top_imports(statement: str, top: int) -> list[tuple[int, int, str]]:
    """(cumulative us, self us, module) of the `top` costliest imports of `statement`, costliest first."""
    _bytecode()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    found = subprocess.run([sys.executable, "-X", "importtime", "-c", statement], cwd=ROOT, env=env, check=True,
                           capture_output=True, text=True).stderr
    rows = []
    for line in found.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|")
        rows.append((int(cumulative), int(own), name.rstrip()))
    return sorted(rows, reverse=True)[:top]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    print(f"reference loop: {reference_loop_ms():.0f} ms (this machine's speed of the moment; 20 ms is a fast phase)")
    print(f"startup: typer {version('typer')} (0.29 and later read every option through pydantic: about 0.1 s more; "
          "pyproject.toml keeps typer below 0.29)")
    print(f"startup: python -c pass: {best_of(args.runs, bare_interpreter):.3f} s (the floor)")
    print(f"startup: pnp --help: {best_of(args.runs, lambda: run_pnp('--help')):.3f} s (target 0.15 s)")
    print(f"startup: pnp list: {best_of(args.runs, lambda: run_pnp('list')):.3f} s (target 0.15 s)")
    print(f"startup: python -X importtime -c 'import pnp.cli', top {args.top} (cumulative and own microseconds):")
    for cumulative, own, name in top_imports("import pnp.cli", args.top):
        print(f"  {cumulative:>8} {own:>8}  {name}")


if __name__ == "__main__":
    main()
