"""The build recipe: validate everything, render everything, then write.

    validate content + layouts  ->  plan the outputs  ->  render into staging
                                ->  move into output/ (only if all succeeded)
"""
from __future__ import annotations

import functools
import multiprocessing
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from pnp.diagnostics import Report
from pnp.model import Difficulty
from pnp.output import staged
from pnp.render import outputs
from pnp.render.images import card_pngs, tabletop_deck
from pnp.validate import Project, validate

DEFAULT_VENDOR = "drivethrucards"


@dataclass
class Job:
    path: str  # relative to the game's output folder: a file, or a folder for a job that writes several (card images)
    render: Callable[[Path], object]


@dataclass
class BuildResult:
    out_dir: Path
    files: list[str] = field(default_factory=list)


def build(root: Path, game_id: str, out_root: Path, difficulty: Difficulty | None = None,
          progress: Callable[[str], None] | None = None, images: bool = False,
          booklets: bool = False) -> tuple[BuildResult | None, Report]:
    project, report = validate(root, game_id)
    if project is None:
        return None, report
    out_dir = out_root / game_id / (difficulty.value if difficulty else "")
    jobs = plan(project, difficulty, images, booklets)
    with staged(out_dir) as stage:
        for job in jobs:
            (stage / job.path).parent.mkdir(parents=True, exist_ok=True)
        render_all(jobs, stage, progress)
        files = sorted(str(path.relative_to(stage)) for path in stage.rglob("*") if path.is_file())
    return BuildResult(out_dir, files), report


_JOBS: list[Job] = []  # the jobs of the running build, inherited by forked workers


def _render_one(index: int, stage: Path) -> str:
    job = _JOBS[index]
    job.render(stage / job.path)
    return job.path


def render_all(jobs: list[Job], stage: Path, progress=None) -> None:
    """Render every job, on all cores when the platform can fork; each file is independent and deterministic."""
    global _JOBS
    workers = min(len(jobs), os.cpu_count() or 1)
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        for job in jobs:
            job.render(stage / job.path)
            if progress:
                progress(job.path)
        return
    _JOBS = jobs
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for path in pool.imap_unordered(functools.partial(_render_one, stage=stage), range(len(jobs))):
                if progress:
                    progress(path)
    finally:
        _JOBS = []


def plan(project: Project, difficulty: Difficulty | None, images: bool = False, booklets: bool = False) -> list[Job]:
    """Every file a game's build writes: rules (and booklets), card images if asked, sheets, card decks.

    The slow jobs come first (rulebook PDFs, then card images): started first, they
    share the cores with the many small files instead of finishing alone at the end.
    """
    from pnp.rules import export

    jobs = []
    for fmt in ("pdf", *(f for f in export.FORMATS if f != "pdf")):
        for name, render in export.jobs(project, fmt, difficulty, booklets):
            jobs.append(Job(f"rules/{name}", render))
    if images:
        for deck in _printed_decks(project, difficulty):  # two jobs a deck: they run side by side
            jobs.append(Job(f"images/{deck}", lambda p, d=deck: card_pngs(project, d, difficulty, p)))
            jobs.append(Job(f"images/{deck}/tabletop-simulator", lambda p, d=deck: tabletop_deck(project, d, difficulty, p)))
    for sheet_id in project.game.sheets:
        for paper in project.print_setup.papers:
            for fillable in (False, True):
                suffix = "-fillable" if fillable else ""
                jobs.append(Job(f"sheets/{sheet_id}-{paper}{suffix}.pdf",
                                lambda p, s=sheet_id, pa=paper, f=fillable: outputs.sheet_pdf(project, s, pa, f, p)))
    if project.game.decks:
        jobs += _card_jobs(project, difficulty)
    return jobs


def _card_jobs(project: Project, difficulty: Difficulty | None) -> list[Job]:
    jobs = []
    for sheet in project.print_setup.home:
        folder = f"home-{sheet}"
        jobs.append(Job(f"{folder}/calibration.pdf", lambda p, s=sheet: outputs.calibration_pdf(project, s, p)))
        for deck in _printed_decks(project, difficulty):
            jobs.append(Job(f"{folder}/{deck}.pdf", lambda p, d=deck, s=sheet: outputs.home_deck_pdf(project, d, s, difficulty, p)))
    for sheet in project.print_setup.fold:
        for deck in _printed_decks(project, difficulty):
            jobs.append(Job(f"fold-{sheet}/{deck}.pdf", lambda p, d=deck, s=sheet: outputs.fold_deck_pdf(project, d, s, difficulty, p)))
    for deck in _printed_decks(project, difficulty):
        jobs.append(Job(f"print-on-demand/{deck}-{DEFAULT_VENDOR}.pdf",
                        lambda p, d=deck: outputs.pod_deck_pdf(project, d, DEFAULT_VENDOR, difficulty, p)))
    return jobs


def _printed_decks(project: Project, difficulty: Difficulty | None) -> list[str]:
    """Decks with at least one card at this difficulty."""
    keep = []
    for deck_id, deck in project.game.decks.items():
        if any(difficulty is None or difficulty.includes(r.card.difficulty) for r in deck.cards):
            keep.append(deck_id)
    return keep
