"""Wall-clock seconds of whole commands, as a designer runs them (process start included)."""
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT, best_of  # noqa: E402

PNP = [sys.executable, "-m", "pnp"]


def run(*args):
    subprocess.run(PNP + list(args), cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def main():
    seconds = best_of(5, lambda: run("validate", "escape-master"))
    print(f"commands: pnp validate escape-master: {seconds:.2f} s")
    with tempfile.TemporaryDirectory() as out:
        seconds = best_of(3, lambda: run("build", "escape-master", "--out", out))
        files = len([p for p in Path(out).rglob("*") if p.is_file()])
    print(f"commands: pnp build escape-master: {seconds:.2f} s ({files} files)")


if __name__ == "__main__":
    main()
