"""The build recipe: validate everything, render everything, then write.

    validate content + layouts  ->  plan the outputs  ->  render into staging
                                ->  move into output/ (only if all succeeded)
"""
from __future__ import annotations

import functools
import gc
import multiprocessing
import os
import shutil
import signal
import stat
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable
from urllib.parse import quote

from pnp import incremental
from pnp.collector import cycle_collector_paused
from pnp.diagnostics import Diagnostic, Report, UsageError, did_you_mean, relative
from pnp.fingerprints import font_files, job_fingerprints
from pnp.model import Difficulty
from pnp.output import below, build_lock, disk_full_or_locked, game_folder, plain_name, staged
from pnp.processes import processes
from pnp.project import Project
from pnp.render import form_reuse, outputs
from pnp.render.card_facts import printed_facts
from pnp.render.card_images import card_pngs, images_fit, tabletop_deck
from pnp.render.form_store import open_store, prune
from pnp.render.print_shops import deck_file, deck_pngs, game_pdf
from pnp.render.shop_fit import vendor_problems
from pnp.render.svg import figure_svg, icon_svg
from pnp.rules.export import TEXT_FORMATS, export_text
from pnp.rules.tree import build_reference
from pnp.validate import validate


@dataclass
class Job:
    path: str  # relative to the game's output folder: a file, or a folder for a job that writes several (card images)
    render: Callable[[Path], object]
    deck: str | None = None  # the deck whose cards it prints, if any (`pnp build --deck`)
    vendor: str | None = None  # the print shop it is for, if any (`pnp build --vendor`)
    decks: tuple[str, ...] = ()  # a file holding several decks (a press PDF of the game): remade with any of them


@dataclass
class BuildResult:
    out_dir: Path
    files: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # what an earlier build made and this one kept as it was
    rendered: list[str] = field(default_factory=list)  # the outputs drawn by this build (the rest were up to date)
    up_to_date: bool = False  # nothing had changed: the output folder was not touched


# Folders of a game's output that other commands write (`pnp preview`, `pnp diff`): a build keeps them as they are.
OTHER_COMMANDS = ("preview", "diff")


@dataclass
class ReadAhead:
    """A game read and validated before its turn (`read_ahead`), while the cores drew another game's files."""
    root: Path
    game_id: str
    difficulty: Difficulty | None
    draft: bool
    states: dict  # its input files as they were before they were read
    project: Project | None
    report: Report

    def serves(self, root: Path, game_id: str, difficulty, draft: bool) -> bool:
        return (self.root, self.game_id, self.difficulty, self.draft) == (root, game_id, difficulty, draft)


def read_ahead(root: Path, game_id: str, difficulty: Difficulty | None = None, draft: bool = False) -> ReadAhead:
    """Read and validate a game, and work out what its build needs from it in the main process (pnp.build.build
    takes it from here): `build --all` does this for the next game while the workers draw the current one's files."""
    root = Path(os.path.abspath(root))
    states = incremental.file_states(incremental.input_files(root, game_id))
    with cycle_collector_paused():  # as validation: many objects, few cycles
        project, report = validate(root, game_id, draft)
        if project is not None:
            printed_facts(project)
            build_reference(project.game, difficulty)
        # What the reading made lives as long as the build; left to the collector, its first walks after the pause
        # went through all of it (34 ms of a one-card edit's 1 s in 2200). It is set aside until the build ends
        # (build() gives it back, so a garbage cycle made here is collected then).
        gc.freeze()
    return ReadAhead(root, game_id, difficulty, draft, states, project, report)


class NothingToBuild(UsageError):
    """A partial build (--only, --deck, --vendor) that names nothing this game has: a usage error for one game; with
    --all the game is passed over."""


def _gives_the_reading_back(build_function):
    """After a build, what its reading set aside (read_ahead's freeze) is walked by the cycle collector again."""

    @functools.wraps(build_function)
    def build_and_give_back(*args, **kwargs):
        try:
            return build_function(*args, **kwargs)
        finally:
            gc.unfreeze()

    return build_and_give_back


@_gives_the_reading_back
def build(root: Path, game_id: str, out_root: Path, difficulty: Difficulty | None = None,
          progress: Callable[[str], None] | None = None, images: bool = False,
          booklets: bool = False, only: tuple[str, ...] = (), decks: tuple[str, ...] = (),
          draft: bool = False, tts_url: str | None = None,
          vendors: tuple[str, ...] = (), force: bool = False, ahead: ReadAhead | None = None,
          meanwhile: Callable[[], None] | None = None) -> tuple[BuildResult | None, Report]:
    """Validate, render into a staging folder, then swap it in for the game's output folder.

    A whole build replaces the folder, keeping only the card images of an earlier `--images` build when this
    one makes none. A partial one (`only` some parts, or some `decks`) starts from the earlier output and
    renders just what it names: the rest is kept as it was. A draft build prints missing images as placeholders.
    `tts_url`: the address `out_root` is uploaded to, for Tabletop Simulator's saved objects (its `file:///` URL if
    None): a deck's images are found at <tts_url>/<game>/images/<deck>/tabletop-simulator/.
    Naming `vendors` builds just their files (a partial build), after checking they print every deck's size.
    A whole build draws only what changed since the last one (pnp.incremental); `force` draws everything.
    `ahead`: this game as `read_ahead` read it earlier (else it is read now); `meanwhile` runs in this process while
    the workers draw (`build --all` reads the next game ahead)."""
    whole = not (only or decks or vendors)
    root = Path(os.path.abspath(root))
    out_name = game_folder(game_id, difficulty)
    options = incremental.build_options(out_root, difficulty, images, booklets, draft, tts_url, vendors)
    if whole and not force:
        record = incremental.up_to_date(root, game_id, out_root, out_name, options)
        if record is not None:
            return _unchanged(out_root / out_name, record), Report(incremental.recorded_diagnostics(record))
    if ahead is None or not ahead.serves(root, game_id, difficulty, draft):
        ahead = read_ahead(root, game_id, difficulty, draft)  # the states before the reading: an edit made during
    states, project, report = ahead.states, ahead.project, ahead.report  # the build is seen by the next one
    gc.freeze()  # a game read ahead was given back by the build before: set aside again
    if project is None:
        return None, report
    unknown = [deck for deck in decks if deck not in project.game.decks]
    if unknown:
        raise UsageError(f"no deck '{unknown[0]}' in {game_id}{did_you_mean(unknown[0], project.game.decks)}; "
                         f"its decks: {', '.join(project.game.decks) or 'none'}")
    if vendors:
        problems = vendors_fit(project, vendors, decks or _printed_decks(project, difficulty))
        if problems:
            report.extend(problems)
            return None, report
    if images or "images" in only:
        problems = images_fit(project, [project.deck_size(d) for d in decks or _printed_decks(project, difficulty)])
        if problems:
            report.extend(problems)
            return None, report
    out_dir = out_root / out_name
    # the final folder's address, not the staging folder's: the stage is renamed to out_dir
    images_url = f"{(tts_url or out_root.resolve().as_uri()).rstrip('/')}/{quote(out_dir.name)}/images"
    jobs = select(plan(project, difficulty, images or "images" in only, booklets, images_url, vendors),
                  only, decks, vendors)
    partial = bool(only or decks or vendors)
    if partial and not jobs:
        raise NothingToBuild(f"nothing to build: {game_id} has no {' or '.join(only) or 'files'} "
                         f"{'for deck ' + ', '.join(decks) if decks else ''}".rstrip() + " (rules and sheets belong to no deck)")
    states.update(incremental.file_states(set(font_files(project)) - set(states)))
    prints = job_fingerprints(project, jobs, difficulty, states, options, root) if whole else {}
    record = incremental.load(out_root, out_name) if whole and not force else None
    if not incremental.same_origin(record, root, options):
        record = None
    incremental.check_place(out_root, out_name)  # the record is written after the swap: where it goes is checked now
    with build_lock(out_root), staged(out_dir, out_root) as stage, disk_full_or_locked(out_dir):
        made = {job.path.split("/")[0] for job in jobs}
        kept = [name for name in carry_over(out_dir, stage, partial, made) if name not in made and name not in OTHER_COMMANDS]
        for job in jobs:
            clear(below(stage, job.path))  # a file carried over is a link to the old output: never written through
            (stage / job.path).parent.mkdir(parents=True, exist_ok=True)
        fresh = [job for job in jobs if not _reuse(job, record, prints, out_dir, stage)]
        before_forking(project, difficulty, fresh)
        # the faces the last build drew are put in from its store (a whole build's; --force draws everything)
        store = open_store(out_root, out_name, prints.drawing_base, prints.faces, stage, root) if whole and not force else None
        form_reuse.STORE = store
        try:
            render_all(fresh, stage, progress, meanwhile)
        finally:
            form_reuse.STORE = None
        if store is not None:
            store.commit()
        files = sorted(str(path.relative_to(stage)) for path in stage.rglob("*")
                       if path.is_file() and path.relative_to(stage).parts[0] not in OTHER_COMMANDS)
        owners = job_files(jobs, files)
    if whole:
        _save_record(out_root, out_name, _record(root, game_id, options, states, prints, owners, out_dir, report), report)
        if store is not None:
            prune(store)
    else:  # some outputs changed outside a whole build: the next whole build checks every output again
        incremental.forget(out_root, out_name)
    rendered = sorted(name for job in fresh for name in owners.get(job.path, ()))
    return BuildResult(out_dir, files, kept, rendered), report


def _save_record(out_root: Path, out_name: str, record: dict, report: Report) -> None:
    """The record of a build whose files are in place. It is a cache: one that cannot be written (a disk that just
    filled) is a warning, and the old record goes, so the next build draws everything again; the files stay built."""
    try:
        incremental.save(out_root, out_name, record)
    except OSError as exc:
        incremental.forget(out_root, out_name)
        report.extend([Diagnostic(relative(incremental.record_path(out_root, out_name)), 1, 1, "build-record",
                                  f"the build is done, but its record could not be written ({exc.strerror or exc}): "
                                  "the next build draws everything again", "warning")])


def _unchanged(out_dir: Path, record: dict) -> BuildResult:
    return BuildResult(out_dir, incremental.recorded_files(record), [], [], up_to_date=True)


def _record(root, game_id, options, states, prints, owners, out_dir, report) -> dict:
    return {"format": incremental.FORMAT, "code": incremental.code_stamp(), "root": str(root), "game": game_id,
            "package": prints.package, "options": options, "inputs": states,
            "jobs": {path: {"fp": prints[path], "files": incremental.output_states(out_dir, owners.get(path, ()))}
                     for path in prints},
            "diagnostics": [asdict(d) for d in report.sorted()]}


def _reuse(job: Job, record: dict | None, prints: dict, out_dir: Path, stage: Path) -> bool:
    """Link the job's files from the last build into the stage when they were made from exactly this. A file that
    is no longer the regular file recorded (a link put in its place since) is not: the job is drawn again, into a
    stage holding none of its old files (drawing over a hard link would write into the old output)."""
    earlier = (record or {}).get("jobs", {}).get(job.path)
    if not earlier or earlier.get("fp") != prints.get(job.path) or not incremental.outputs_kept(out_dir, earlier):
        return False
    linked = []
    for name in earlier["files"]:
        target = below(stage, name)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not _link_or_copy(below(out_dir, name), target):
            for path in linked:
                path.unlink()
            return False
        linked.append(target)
    return True


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


def carry_over(out_dir: Path, stage: Path, everything: bool, made: set[str]) -> list[str]:
    """Bring the earlier output's files into the stage as hard links (no copying, and the old files stay
    untouched): all of them for a partial build, else only card images this build does not make."""
    if not out_dir.is_dir() or out_dir.is_symlink():
        return []
    kept = []
    for top in sorted(out_dir.iterdir()):
        if top.is_symlink() or (not everything and top.name not in OTHER_COMMANDS
                                and (top.name != "images" or "images" in made)):
            continue
        if top.is_dir():
            shutil.copytree(top, stage / top.name, copy_function=_link_or_copy, ignore=_links, dirs_exist_ok=True)
        elif top.is_file():
            _link_or_copy(top, stage / top.name)
        kept.append(top.name)
    return kept


def _links(folder, names) -> list[str]:
    """pnp never makes a link: one found in an earlier output is not carried over (nor followed, nor written through)."""
    return [name for name in names if os.path.islink(os.path.join(folder, name))]


def _link_or_copy(source, target) -> bool:
    """Bring a regular file of the earlier output into the stage as it is: a hard link (no copying, and the old file
    stays untouched), or a copy where links are impossible. Anything else there (a link, which could lead out of the
    project; a pipe, a device) is never followed nor brought: False."""
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:  # a file system without hard links
        if not stat.S_ISREG(os.lstat(source).st_mode):
            return False
        shutil.copy2(source, target, follow_symlinks=False)
    if stat.S_ISREG(os.lstat(target).st_mode):
        return True
    os.unlink(target)
    return False


def clear(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def before_forking(project: Project, difficulty: Difficulty | None, jobs: list[Job]) -> None:
    """What every worker would otherwise do for itself, done once here, for all the workers forked below (and for
    every game of a `build --all`, which forks workers per game): the fonts read, and for the rules, what each face
    prints (drawing every face: the rulebooks' legible scales too), the numbered rules and glossary (read_ahead works
    those two out ahead), and the rulebook's typesetting code imported."""
    from pnp.render.fonts import register, register_all

    register_all()
    for path in font_files(project):
        register(path)
    if any(job.path.startswith("rules/") for job in jobs):
        printed_facts(project)
        build_reference(project.game, difficulty)
    if any(job.path.startswith("rules/rulebook") for job in jobs):
        from pnp.render.platypus_import import import_platypus

        import_platypus()
        import pnp.render.rulebook  # noqa: F401 - reportlab's platypus, imported once


_JOBS: list[Job] = []  # the jobs of the running build, inherited by forked workers


def _render_one(index: int, stage: Path) -> str:
    job = _JOBS[index]
    job.render(stage / job.path)
    return job.path


def render_all(jobs: list[Job], stage: Path, progress=None, meanwhile: Callable[[], None] | None = None) -> None:
    """Render every job, on all cores when the platform can fork; each file is independent and deterministic.
    `meanwhile` runs here while the workers draw (not at all when they cannot be forked).

    A worker that dies (killed for memory, say) fails the build instead of leaving it waiting: the pool
    notices (BrokenProcessPool). On Ctrl-C or SIGTERM the pool stops taking jobs and the caller's clean-up
    removes the staging folder.
    """
    global _JOBS
    workers = processes(len(jobs))
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        for job in jobs:
            job.render(stage / job.path)
            if progress:
                progress(job.path)
        return
    _JOBS = jobs
    # What the workers inherit (the project, the validation's drawings, the modules) is left out of their garbage
    # collections: it is never freed there, and walking it cost each worker time and copies of the pages it touched.
    gc.freeze()
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=_quiet_worker,
                               initargs=(os.getpid(),))
    try:
        # The workers are forked while the jobs are handed out. A Ctrl-C or SIGTERM landing inside the fork
        # handlers (logging's lock release) would leave a lock held and the pool's shutdown waiting on it, so
        # the signals wait until the forks are done; the interrupt is then raised here, as usual.
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            paths = pool.map(functools.partial(_render_one, stage=stage), range(len(jobs)))  # forks, hands all out
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        if meanwhile is not None:
            meanwhile()
        for path in paths:
            if progress:
                progress(path)
    except BaseException:
        # Stopped (Ctrl-C, SIGTERM, a failed file): the workers are ended, not waited for, and a second Ctrl-C
        # cannot cut the clean-up short. Left to finish, an idle pool's shutdown could wait on a worker for ever,
        # and a worker holds the output folder's lock (an inherited descriptor) for as long as it lives.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            for worker in list((getattr(pool, "_processes", None) or {}).values()):  # the pool's own, nothing else
                worker.kill()
            pool.shutdown(wait=True, cancel_futures=True)
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
        raise
    else:
        pool.shutdown(wait=True)
    finally:
        gc.unfreeze()
        _JOBS = []


def _quiet_worker(parent: int) -> None:
    """Workers leave Ctrl-C and SIGTERM to the main process (`parent`), which stops the pool and cleans up; and they
    end with it when it is killed outright (SIGKILL, the kernel's out-of-memory killer), never living on idle with
    the output folder's lock."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    end_with_parent(parent)


def end_with_parent(parent: int) -> None:
    """Linux: the kernel sends this process SIGKILL when the process that forked it (`parent`, its pid as the parent
    knew it before forking) dies (prctl PR_SET_PDEATHSIG). Elsewhere nothing: the pool's own handling of a broken
    pipe is all there is."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the request took (even before this worker ran): follow it
        os._exit(1)


def plan(project: Project, difficulty: Difficulty | None, images: bool = False, booklets: bool = False,
         images_url: str | None = None, vendors: tuple[str, ...] = ()) -> list[Job]:
    """Every file a game's build writes: rules (and booklets), card images if asked, sheets, card decks.

    The slow jobs come first (rulebook PDFs, card images, then the files of the most cards): started first,
    they share the cores with the many small files instead of finishing alone at the end.
    """
    jobs = _rules_jobs(project, difficulty, booklets)
    if images:
        for deck in _printed_decks(project, difficulty):  # two jobs a deck: they run side by side
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
        for deck in _printed_decks(project, difficulty):
            jobs.append(Job(f"{folder}/{deck}.pdf", lambda p, d=deck, n=name: outputs.home_deck_pdf(project, d, n, difficulty, p), deck))
    for name in project.print_setup.fold:
        for deck in _printed_decks(project, difficulty):
            jobs.append(Job(f"fold-{name}/{deck}.pdf", lambda p, d=deck, n=name: outputs.fold_deck_pdf(project, d, n, difficulty, p), deck))
    return jobs


def _vendor_jobs(project: Project, difficulty: Difficulty | None, asked: tuple[str, ...]) -> list[Job]:
    """The files of every vendor profile in layouts/common/paper.yaml, for the decks it prints: a PDF per deck or
    one for the game; an image vendor's PNGs only when asked for by name (encoding images is slow)."""
    jobs, game_id = [], project.game.id
    for name, vendor in project.print_setup.vendors.items():
        if vendor.file == "png" and name not in asked:
            continue
        decks = [deck for deck in _printed_decks(project, difficulty) if not vendor_problems(project, vendor, [deck])]
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


def _printed_decks(project: Project, difficulty: Difficulty | None) -> list[str]:
    """Decks with at least one card at this difficulty."""
    keep = []
    for deck_id, deck in project.game.decks.items():
        if any(difficulty is None or difficulty.includes(r.card.difficulty) for r in deck.cards):
            keep.append(deck_id)
    return keep
