"""The designer's loop, in seconds: a clean build of every game, a build with nothing changed, a one-card edit
(by `pnp build`, and under `pnp watch`), and card faces drawn per second against plain reportlab drawing comparable
faces in the same run.

    python benchmarks/loop.py

Builds run as a designer runs them (`pnp build`, process start included) on a copy of the project's content
and layouts in a temporary folder, so the edits never touch the repository. Figures are the best of a few runs.
"""
import io
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT, _bytecode, best_of, reference_loop_ms  # noqa: E402

GAMES_WITH_CARDS = ("escape-master", "stranded", "2200-escaping-earth", "escort-service")


def pnp(project: Path, *args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pnp", *args], cwd=project, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def copy_project(folder: Path) -> Path:
    project = folder / "project"
    for part in ("content", "layouts", "fonts"):
        if (ROOT / part).is_dir():
            shutil.copytree(ROOT / part, project / part)
    return project


def edit_one_card(project: Path, game: str, turn: int) -> None:
    """Change the name of the first card of the game's first deck file (alternating, so every edit is new)."""
    deck = sorted((project / "content" / game / "decks").glob("*.yaml"))[0]
    text = deck.read_text(encoding="utf-8")
    match = re.search(r"^(\s+(?:- )?name: )(.+?)( \d+)?$", text[text.index("cards:"):], re.M)
    at = text.index("cards:") + match.start(2)
    end = text.index("cards:") + match.end()
    deck.write_text(text[:at] + f"{match.group(2)} {turn}" + text[end:], encoding="utf-8")


def loop_figures() -> None:
    with tempfile.TemporaryDirectory() as folder:
        project = copy_project(Path(folder))
        outs = iter(range(100))
        clean = best_of(3, lambda: pnp(project, "build", "--all", "--out", f"out-{next(outs)}"))
        print(f"loop: clean pnp build --all (five games): {clean:.2f} s")
        pnp(project, "build", "--all")
        print(f"loop: pnp build --all with nothing changed: {best_of(5, lambda: pnp(project, 'build', '--all')):.2f} s")
        for game in GAMES_WITH_CARDS:
            turns = iter(range(100))

            def one_edit():
                edit_one_card(project, game, next(turns))
                return pnp(project, "build", game)

            seconds = min(one_edit() for _ in range(3))
            print(f"loop: one card edited in {game}, pnp build {game}: {seconds:.2f} s")


def watch_figures() -> None:
    """A one-card edit as `pnp watch GAME` rebuilds it: from the save to the line that says it was rebuilt (the
    watcher's own wait for a burst of saves to end, 50 ms, included), and the seconds that line gives."""
    with tempfile.TemporaryDirectory() as folder:
        project = copy_project(Path(folder))
        for game in GAMES_WITH_CARDS:
            watcher = subprocess.Popen([sys.executable, "-m", "pnp", "watch", game], cwd=project, text=True,
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            try:
                said = _line_with(watcher, f"{game}: built ")
                times = []
                for turn in range(4):
                    time.sleep(0.3)  # apart from the last save, as a designer's are
                    start = time.perf_counter()
                    edit_one_card(project, game, turn)
                    said = _line_with(watcher, f"{game}: rebuilt ")
                    times.append((time.perf_counter() - start, float(re.search(r" in ([\d.]+) s", said).group(1))))
                seen, told = min(times)
                print(f"loop: one card edited in {game}, under pnp watch: {seen:.2f} s from the save to the line, "
                      f"the rebuild {told:.2f} s")
            finally:
                watcher.terminate()
                watcher.wait(30)


def _line_with(process: subprocess.Popen, text: str) -> str:
    for line in process.stdout:
        if text in line:
            return line
        if ": not rebuilt" in line or "error" in line.lower():
            raise RuntimeError(f"pnp watch said: {line.strip()}")
    raise RuntimeError(f"pnp watch ended before saying {text!r}")


def face_figures() -> None:
    """Distinct card faces drawn per second by pnp, and by plain reportlab drawing the same shapes and words:
    reportlab as shipped, without the faster encoding pnp.render.pdf gives it (pnp keeps that for its own side)."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.checks.validate import validate
    from pnp.render.cards import draw_face, face_size
    from pnp.render.pdf import PdfBackend, new_canvas

    project, _ = validate(ROOT, "escape-master")
    faces = list({f.key: f for f in [*project.faces.fronts.values(), *project.faces.backs.values()]}.values())

    def with_pnp():
        canvas = new_canvas(io.BytesIO(), 300, 400, "bench")
        backend = PdfBackend(canvas)
        for face in faces:
            draw_face(backend, face, project.layout, project.game.emblems, 0, 0)
            backend.end_page()
        canvas.save()

    from reportlab.pdfbase import pdfdoc

    shipped = getattr(pdfdoc.pdfdocEnc, "reportlabs", pdfdoc.pdfdocEnc)  # reportlab as shipped, not as pnp speeds it

    def with_reportlab():  # each box as reportlab draws it most simply: no fitting, icons or emphasis
        sped_up, pdfdoc.pdfdocEnc = pdfdoc.pdfdocEnc, shipped
        try:
            plain_reportlab()
        finally:
            pdfdoc.pdfdocEnc = sped_up

    def plain_reportlab():
        canvas = Canvas(io.BytesIO(), pagesize=(300, 400), pageCompression=0)
        for face in faces:
            size = face_size(face, project.layout)
            for box in face.template.boxes:
                top = size.height - box.y
                if box.type == "fill":
                    canvas.rect(0, 0, size.width, size.height, fill=1, stroke=0)
                elif box.type == "rect":
                    canvas.roundRect(box.x, top - box.h, box.w, box.h, box.radius or 0, fill=1, stroke=1)
                elif box.type == "text":
                    fit = face.fits.get(box.name)
                    y = top
                    for paragraph in (fit.lines if fit else []):
                        for line in paragraph:
                            y -= fit.leading
                            canvas.setFont("Helvetica", fit.size)
                            canvas.drawString(box.x, y, line)
                else:  # art, image or a game's box: a mark of its size
                    canvas.circle(box.x + box.w / 2, top - box.h / 2, min(box.w, box.h) / 2, fill=1)
            canvas.showPage()
        canvas.save()

    ours, theirs = best_of(5, with_pnp), best_of(5, with_reportlab)
    print(f"faces: {len(faces)} distinct Escape Master faces, one a page: pnp {len(faces) / ours:,.0f} faces/s, "
          f"plain reportlab {len(faces) / theirs:,.0f} faces/s: {theirs / ours:.2f} x reportlab's speed")


def main():
    _bytecode()
    print(f"reference loop: {reference_loop_ms():.0f} ms (this machine's speed of the moment; 20 ms is a fast phase)")
    face_figures()
    loop_figures()
    watch_figures()


if __name__ == "__main__":
    main()
