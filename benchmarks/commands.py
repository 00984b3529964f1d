"""Wall-clock seconds of whole commands, as a designer runs them (process start included)."""
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import best_of, run_pnp  # noqa: E402


def main():
    seconds = best_of(5, lambda: run_pnp("validate", "escape-master"))
    print(f"commands: pnp validate escape-master: {seconds:.2f} s")
    with tempfile.TemporaryDirectory() as out:
        seconds = best_of(3, lambda: run_pnp("build", "escape-master", "--out", out))
        files = len([p for p in Path(out).rglob("*") if p.is_file()])
    print(f"commands: pnp build escape-master: {seconds:.2f} s ({files} files)")


if __name__ == "__main__":
    main()
