"""`pnp preview`: a gallery of a game to look at in a browser, from disk, with no server and no network.

    validate  ->  collect what to show (cards, sheets, warnings)      (pnp.build.preview.gallery)
              ->  rasterise cards, sheet and rulebook pages            (pnp.build.preview.pictures)
              ->  write index.html and stamp.js                       (pnp.build.preview.page)
              ->  swap the folder in for output/GAME/preview/ (only when all of it is written)

Everything is drawn exactly as the build draws it (the same faces, the same sheet and rulebook PDFs), then
rasterised small. The page reloads itself when the gallery is rewritten (`pnp watch` calls `write_preview`
after each rebuild): see pnp.build.preview.page.
"""
from __future__ import annotations

from pathlib import Path

from pnp.core.diagnostics import Report
from pnp.core.output import REPLACED, STAGING, build_lock, disk_full_or_locked, game_folder, plain_name, remove_left, staged
from pnp.model import Difficulty

FOLDER = "preview"  # in the game's output folder: output/GAME/preview/


def write_preview(root: Path, game_id: str, out_root: Path, difficulty: Difficulty | None = None,
                  draft: bool = False, lang: str | None = None) -> tuple[Path | None, Report]:
    """Validate the game, then write its gallery into out_root/GAME/preview/ (out_root/GAME-COLOUR/preview/ for a
    difficulty), replacing the old one in one step. Returns the gallery's index.html, or None and the validator's
    report when the content is invalid (the last gallery is left as it was)."""
    from pnp.build.plan import Job
    from pnp.build.preview.gallery import collect
    from pnp.build.preview.page import write_page
    from pnp.build.preview.pictures import page_jobs, picture_jobs
    from pnp.build.workers import render_all
    from pnp.checks.validate import validate

    project, report = validate(root, game_id, draft, lang, "warning" if draft else "error")
    if project is None:
        return None, report
    gallery = collect(project, report, difficulty)
    edition = (plain_name(lang),) if lang else ()  # an edition's gallery: OUT/GAME/fr/preview/
    out_dir = out_root.joinpath(game_folder(game_id, difficulty), *edition, FOLDER)
    with build_lock(out_root):  # a build swaps the game's folder this gallery is staged in: one at a time
        _remove_leftovers(out_dir)
        with staged(out_dir, out_root) as stage, disk_full_or_locked(out_dir):
            render_all([Job(path, render) for path, render in picture_jobs(project, gallery, difficulty)], stage)
            render_all([Job(path, render) for path, render in page_jobs(stage)], stage)
            write_page(gallery, stage)
    return out_dir / "index.html", report


def _remove_leftovers(out_dir: Path) -> None:
    """Staging folders of a preview that was killed, beside the gallery (the lock says none is running)."""
    if not out_dir.parent.is_dir() or out_dir.parent.is_symlink():
        return
    for path in out_dir.parent.iterdir():
        if path.name.startswith((f"{STAGING}{FOLDER}-", f"{REPLACED}{FOLDER}-")):
            remove_left(path)  # never through a link, never one nested deeper than pnp writes (RecursionError)
