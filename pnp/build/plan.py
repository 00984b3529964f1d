"""The plan of a game's build: every file it writes, as a job that draws it, the slow ones first.

A job is independent of every other and deterministic: the workers (pnp.build.workers) draw them in any order,
on any core. `select` keeps the jobs of a partial build (`--only`, `--deck`, `--vendor`).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import quote

from pnp.content.project import Project
from pnp.core.diagnostics import UsageError, did_you_mean
from pnp.core.output import plain_name
from pnp.model import Difficulty
from pnp.render import outputs
from pnp.render.card_facts import printed_facts
from pnp.render.card_images import card_pngs, tabletop_deck
from pnp.render.print_shops import deck_file, deck_pngs, game_pdf
from pnp.render.shop_fit import vendor_problems
from pnp.render.svg import figure_svg, icon_svg
from pnp.rules.export import TEXT_FORMATS, export_text


@dataclass
class Job:
    path: str  # relative to the game's output folder: a file, or a folder for a job that writes several (card images)
    render: Callable[[Path], object]
    deck: str | None = None  # the deck whose cards it prints, if any (`pnp build --deck`)
    vendor: str | None = None  # the print shop it is for, if any (`pnp build --vendor`)
    decks: tuple[str, ...] = ()  # a file holding several decks (a press PDF of the game): remade with any of them


def job_files(jobs: list[Job], files: list[str]) -> dict[str, list[str]]:
    """Job path -> the files it wrote: those at or below its path and not below a deeper job's (a deck's card
    images and, below them, its Tabletop Simulator sheets are two jobs)."""
    paths = sorted((job.path for job in jobs), key=len, reverse=True)
    owners: dict[str, list[str]] = {}
    for name in files:
        owner = next((p for p in paths if name == p or name.startswith(p + "/")), None)
        if owner is not None:
            owners.setdefault(owner, []).append(name)
    return owners


def vendors_fit(project: Project, vendors: tuple[str, ...], decks) -> list:
    """Each vendor asked for exists (else a usage error naming the nearest) and prints every deck's size."""
    known = project.print_setup.vendors
    for name in vendors:
        if name not in known:
            raise UsageError(f"no vendor '{name}'{did_you_mean(name, known)}; the vendors in "
                             f"layouts/common/paper.yaml: {', '.join(known) or 'none'}")
    return [problem for name in vendors for problem in vendor_problems(project, known[name], list(decks))]


def select(jobs: list[Job], only: tuple[str, ...], decks: tuple[str, ...], vendors: tuple[str, ...] = ()) -> list[Job]:
    """The jobs of the parts, decks and vendors asked for (all of them when none are named)."""
    if vendors:
        jobs = [job for job in jobs if job.vendor in vendors]
    if only:
        jobs = [job for job in jobs if part_of(job) in only]
    if decks:  # that deck's files only
        jobs = [job for job in jobs if job.deck in decks or set(job.decks) & set(decks)]
    return jobs


def part_of(job: Job) -> str:
    folder = job.path.split("/")[0]
    return {"print-on-demand": "pod"}.get(folder, folder.split("-")[0])


def plan(project: Project, difficulty: Difficulty | None, images: bool = False, booklets: bool = False,
         images_url: str | None = None, vendors: tuple[str, ...] = ()) -> list[Job]:
    """Every file a game's build writes: rules (and booklets), card images if asked, sheets, card decks.

    The slow jobs come first (rulebook PDFs, card images, then the files of the most cards): started first,
    they share the cores with the many small files instead of finishing alone at the end.
    """
    jobs = _rules_jobs(project, difficulty, booklets)
    if images:
        for deck in printed_decks(project, difficulty):  # two jobs a deck: they run side by side
            jobs.append(Job(f"images/{deck}", lambda p, d=deck: card_pngs(project, d, difficulty, p), deck))
            url = f"{images_url}/{quote(deck)}/tabletop-simulator" if images_url else None
            jobs.append(Job(f"images/{deck}/tabletop-simulator",
                            lambda p, d=deck, u=url: tabletop_deck(project, d, difficulty, p, u), deck))
    for sheet_id, sheet in project.game.sheets.items():
        jobs += _sheet_jobs(project, sheet_id, sheet.kind)
    if project.game.decks:
        jobs += _card_jobs(project, difficulty) + _vendor_jobs(project, difficulty, vendors)
    return sorted(jobs, key=lambda job: -_cost(project, job))  # stable: files of one cost stay in plan order


def _cost(project: Project, job: Job) -> int:
    """About how long a job takes, to start the longest first: the cores then finish together, no file drawn
    alone at the end (a whole game's file for a print shop, last in the plan, took a core on its own)."""
    if job.path.startswith("rules/rulebook"):
        return 1_000_000
    if job.path.startswith("images/"):
        return 100_000 + _copies(project, (job.deck,))
    if job.decks:
        return _copies(project, job.decks)
    if job.deck:
        return _copies(project, (job.deck,))
    return 50 if job.path.startswith("sheets/") else 10


def _copies(project: Project, decks) -> int:
    """The cards the decks print, copies included, and each card's face once more (drawn once, placed per copy)."""
    return sum(record.card.count + 1 for deck in decks if deck in project.game.decks
               for record in project.game.decks[deck].cards)


def _rules_jobs(project: Project, difficulty: Difficulty | None, booklets: bool) -> list[Job]:
    jobs = [Job(f"rules/rulebook-{paper}{'-booklet' if booklet else ''}.pdf",
                lambda p, paper=paper, booklet=booklet: _rulebook(project, difficulty, paper, p, booklet))
            for booklet in (False, True)[:1 + booklets] for paper in ("a4", "letter")]
    for fmt, name in TEXT_FORMATS.items():
        jobs.append(Job(f"rules/{name}", lambda p, f=fmt: p.write_text(
            export_text(project, f, difficulty, figure_svg, icon_svg, printed_facts), encoding="utf-8")))
    return jobs


def _rulebook(*args) -> None:
    """The rulebook PDF; reportlab's platypus is imported when a build draws a rulebook, not before every build."""
    from pnp.render.rulebook import rulebook_pdf

    rulebook_pdf(*args)


def _sheet_jobs(project: Project, sheet_id: str, kind: str) -> list[Job]:
    """A scoresheet: one page per paper, printable and fillable. A playmat or board: one full-size page,
    and per paper either one page (when it fits) or an assembly page and its tiles."""
    jobs = []
    if kind != "scoresheet":
        jobs.append(Job(f"sheets/{sheet_id}-full-size.pdf", lambda p: outputs.full_size_pdf(project, sheet_id, p)))
    for paper in project.print_setup.papers:
        if kind == "scoresheet":
            for fillable in (False, True):
                jobs.append(Job(f"sheets/{sheet_id}-{paper}{'-fillable' if fillable else ''}.pdf",
                                lambda p, pa=paper, f=fillable: outputs.sheet_pdf(project, sheet_id, pa, f, p)))
        elif outputs.fits_on_paper(project, sheet_id, paper):
            jobs.append(Job(f"sheets/{sheet_id}-{paper}.pdf", lambda p, pa=paper: outputs.sheet_pdf(project, sheet_id, pa, False, p)))
        else:
            jobs.append(Job(f"sheets/{sheet_id}-{paper}-tiled.pdf", lambda p, pa=paper: outputs.tiled_pdf(project, sheet_id, pa, p)))
    return jobs


def _card_jobs(project: Project, difficulty: Difficulty | None) -> list[Job]:
    jobs = []
    for name in project.print_setup.home:
        folder = f"home-{name}"
        jobs.append(Job(f"{folder}/calibration.pdf", lambda p, n=name: outputs.calibration_pdf(project, n, p)))
        for deck in printed_decks(project, difficulty):
            jobs.append(Job(f"{folder}/{deck}.pdf", lambda p, d=deck, n=name: outputs.home_deck_pdf(project, d, n, difficulty, p), deck))
    for name in project.print_setup.fold:
        for deck in printed_decks(project, difficulty):
            jobs.append(Job(f"fold-{name}/{deck}.pdf", lambda p, d=deck, n=name: outputs.fold_deck_pdf(project, d, n, difficulty, p), deck))
    return jobs


def _vendor_jobs(project: Project, difficulty: Difficulty | None, asked: tuple[str, ...]) -> list[Job]:
    """The files of every vendor profile in layouts/common/paper.yaml, for the decks it prints: a PDF per deck or
    one for the game; an image vendor's PNGs only when asked for by name (encoding images is slow)."""
    jobs, game_id = [], project.game.id
    for name, vendor in project.print_setup.vendors.items():
        if vendor.file == "png" and name not in asked:
            continue
        decks = [deck for deck in printed_decks(project, difficulty) if not vendor_problems(project, vendor, [deck])]
        if vendor.file == "png":
            jobs += [Job(f"print-on-demand/{plain_name(name)}/{deck}",
                         lambda p, d=deck, v=name: deck_pngs(project, d, v, difficulty, p), deck, name) for deck in decks]
        elif vendor.per == "game" and decks:
            jobs.append(Job(f"print-on-demand/{deck_file(vendor, game_id, None)}",
                            lambda p, v=name, ds=decks: game_pdf(project, v, ds, difficulty, p), None, name, tuple(decks)))
        elif vendor.per == "deck":
            jobs += [Job(f"print-on-demand/{deck_file(vendor, game_id, deck)}",
                         lambda p, d=deck, v=name: outputs.pod_deck_pdf(project, d, v, difficulty, p), deck, name)
                     for deck in decks]
    return jobs


def printed_decks(project: Project, difficulty: Difficulty | None) -> list[str]:
    """Decks with at least one card at this difficulty."""
    keep = []
    for deck_id, deck in project.game.decks.items():
        if any(difficulty is None or difficulty.includes(r.card.difficulty) for r in deck.cards):
            keep.append(deck_id)
    return keep
