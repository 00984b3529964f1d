"""The build recipe of one game: nothing changed? -> validate -> plan -> render into staging -> record.

    validate content + layouts  ->  plan the outputs  ->  render into staging
                                ->  move into output/ (only if all succeeded)  ->  record what it was made from

`build` reads as those steps; each is a function below. What a build makes is a `BuildOptions`, the same for every
game of one `pnp build`; where it builds is a `BuildTarget`; `BuildHooks` connect it to the caller (progress, the
game read ahead, the work done meanwhile).
"""
from __future__ import annotations

import functools
import gc
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import quote

from pnp.build.fingerprints import font_files, job_fingerprints
from pnp.build.options import BuildHooks, BuildOptions, BuildTarget, NothingToBuild
from pnp.build.plan import Job, job_files, plan, printed_decks, select, vendors_fit
from pnp.build.staging import OTHER_COMMANDS, carry_over, clear, reuse
from pnp.build.workers import before_forking, render_all
from pnp.checks.validate import validate
from pnp.content.project import Project
from pnp.content.translations import editions
from pnp.core import incremental
from pnp.core.collector import cycle_collector_paused
from pnp.core.diagnostics import Diagnostic, Report, UsageError, did_you_mean, relative
from pnp.core.output import below, build_lock, disk_full_or_locked, staged
from pnp.model import Difficulty
from pnp.render.card_facts import printed_facts
from pnp.render.card_images import images_fit
from pnp.render.form_reuse import kept_forms
from pnp.render.form_store import open_store, prune
from pnp.rules.tree import build_reference


@dataclass
class BuildResult:
    out_dir: Path
    files: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # what an earlier build made and this one kept as it was
    rendered: list[str] = field(default_factory=list)  # the outputs drawn by this build (the rest were up to date)
    up_to_date: bool = False  # nothing had changed: the output folder was not touched




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
    lang: str | None = None  # the edition read (pnp.content.translations), None for the game as written

    def serves(self, root: Path, game_id: str, difficulty, draft: bool, lang: str | None = None) -> bool:
        return (self.root, self.game_id, self.difficulty, self.draft, self.lang) == (root, game_id, difficulty, draft, lang)


def read_ahead(root: Path, game_id: str, difficulty: Difficulty | None = None, draft: bool = False,
               lang: str | None = None) -> ReadAhead:
    """Read and validate a game, and work out what its build needs from it in the main process (pnp.build.game.build
    takes it from here): `build --all` does this for the next game while the workers draw the current one's files."""
    root = Path(os.path.abspath(root))
    states = incremental.file_states(incremental.input_files(root, game_id))
    with cycle_collector_paused():  # as validation: many objects, few cycles
        project, report = validate(root, game_id, draft, lang, "warning" if draft else "error")
        if project is not None:
            printed_facts(project)
            build_reference(project.game, difficulty)
        # What the reading made lives as long as the build; left to the collector, its first walks after the pause
        # went through all of it (34 ms of a one-card edit's 1 s in 2200). It is set aside until the build ends
        # (build() gives it back, so a garbage cycle made here is collected then).
        gc.freeze()
    return ReadAhead(root, game_id, difficulty, draft, states, project, report, lang)


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
def build(target: BuildTarget, options: BuildOptions = BuildOptions(),
          hooks: BuildHooks = BuildHooks()) -> tuple[BuildResult | None, Report]:
    """Build one game: validate, draw into a staging folder beside its output folder, then swap the stage in.
    None (and the report saying why) when the content has errors: the output folder is left as it was."""
    target = target.resolved()
    out_name = options.out_name(target.game_id)
    recorded = options.recorded(target.out_root)
    unchanged = _unchanged(target, out_name, recorded) if options.whole else None
    if unchanged is not None:
        return unchanged
    ahead = _read(target, options, hooks.ahead)
    if ahead.project is None or not _fits(ahead.project, options, ahead.report):
        return None, ahead.report
    jobs = _planned(ahead.project, target, options, target.out_root / out_name)
    drawn = _drawn(ahead, target, options, jobs, recorded, hooks)
    return BuildResult(target.out_root / out_name, drawn.files, drawn.kept, drawn.rendered), ahead.report


def _unchanged(target: BuildTarget, out_name: str, recorded: dict) -> tuple[BuildResult, Report] | None:
    """Nothing changed since the last whole build: its files and warnings as they were, nothing touched."""
    record = incremental.up_to_date(target.root, target.game_id, target.out_root, out_name, recorded)
    if record is None:
        return None
    out_dir = target.out_root / out_name
    return (BuildResult(out_dir, incremental.recorded_files(record), [], [], up_to_date=True),
            Report(incremental.recorded_diagnostics(record)))


def _read(target: BuildTarget, options: BuildOptions, ahead: ReadAhead | None) -> ReadAhead:
    """The game read and validated: as `read_ahead` read it before its turn, or now."""
    if ahead is None or not ahead.serves(target.root, target.game_id, options.difficulty, options.draft, options.lang):
        # the states before the reading: an edit made during the build is seen by the next one
        ahead = read_ahead(target.root, target.game_id, options.difficulty, options.draft, options.lang)
    gc.freeze()  # a game read ahead was given back by the build before: set aside again
    return ahead


def _fits(project: Project, options: BuildOptions, report: Report) -> bool:
    """The decks and vendors named exist (else a usage error), the vendors print every deck's size and the card
    images fit in memory: what fails is added to `report` (False)."""
    unknown = [deck for deck in options.decks if deck not in project.game.decks]
    if unknown:
        raise UsageError(f"no deck '{unknown[0]}' in {project.game.id}{did_you_mean(unknown[0], project.game.decks)}; "
                         f"its decks: {', '.join(project.game.decks) or 'none'}")
    decks = options.decks or printed_decks(project, options.difficulty)
    problems = vendors_fit(project, options.vendors, decks) if options.vendors else []
    if not problems and options.draws_images:
        problems = images_fit(project, [project.deck_size(d) for d in decks])
    report.extend(problems)
    return not problems


def _planned(project: Project, target: BuildTarget, options: BuildOptions, out_dir: Path) -> list[Job]:
    """The jobs this build draws; a partial build that names nothing of this game is NothingToBuild."""
    # the final folder's address, not the staging folder's: the stage is renamed to out_dir
    images_url = f"{(options.tts_url or target.out_root.resolve().as_uri()).rstrip('/')}/{quote(out_dir.name)}/images"
    jobs = select(plan(project, options.difficulty, options.draws_images, options.booklets, images_url, options.vendors),
                  options.only, options.decks, options.vendors)
    if options.partial and not jobs:
        decks = f"for deck {', '.join(options.decks)}" if options.decks else ""
        raise NothingToBuild(f"nothing to build: {target.game_id} has no {' or '.join(options.only) or 'files'} "
                             f"{decks}".rstrip() + " (rules and sheets belong to no deck)")
    return jobs


@dataclass
class _Drawn:
    files: list[str]  # every file of the new output, relative to it
    kept: list[str]  # folders of an earlier build kept as they were
    rendered: list[str]  # the files drawn by this build (the rest were linked from the last one)


def _drawn(ahead: ReadAhead, target: BuildTarget, options: BuildOptions, jobs: list[Job], recorded: dict,
           hooks: BuildHooks) -> _Drawn:
    """Draw the jobs into a staging folder and swap it in; record, for a whole build, what it was made from."""
    project, states, report = ahead.project, ahead.states, ahead.report
    out_root, out_name, whole = target.out_root, options.out_name(target.game_id), not options.partial
    out_dir = out_root / out_name
    states.update(incremental.file_states(set(font_files(project)) - set(states)))
    prints = job_fingerprints(project, jobs, options.difficulty, states, recorded, target.root, options.lang) \
        if whole else {}
    # another command's folders, and the editions' (OUT/<game>/fr/) in the game's: each is built on its own
    apart = OTHER_COMMANDS + (() if options.lang else tuple(editions(project.game)))
    record = incremental.load(out_root, out_name) if whole and not options.force else None
    if not incremental.same_origin(record, target.root, recorded):
        record = None
    incremental.check_place(out_root, out_name)  # the record is written after the swap: where it goes is checked now
    with build_lock(out_root), staged(out_dir, out_root) as stage, disk_full_or_locked(out_dir):
        made = {job.path.split("/")[0] for job in jobs}
        kept = [name for name in carry_over(out_dir, stage, options.partial, made, apart)
                if name not in made and name not in apart]
        for job in jobs:
            clear(below(stage, job.path))  # a file carried over is a link to the old output: never written through
            (stage / job.path).parent.mkdir(parents=True, exist_ok=True)
        fresh = [job for job in jobs if not reuse(job, record, prints, out_dir, stage)]
        before_forking(project, options.difficulty, fresh)
        # the faces the last build drew are put in from its store (a whole build's; --force draws everything)
        store = open_store(out_root, out_name, prints.drawing_base, prints.faces, stage, target.root, prints.images) \
            if whole and not options.force else None
        with kept_forms(store):
            render_all(fresh, stage, hooks.progress, hooks.meanwhile)
        if store is not None:
            store.commit()
        files = sorted(str(path.relative_to(stage)) for path in stage.rglob("*")
                       if path.is_file() and path.relative_to(stage).parts[0] not in apart)
        owners = job_files(jobs, files)
    if whole:
        _save_record(out_root, out_name, _record(target, recorded, states, prints, owners, out_dir, report), report)
        if store is not None:
            prune(store)
    else:  # some outputs changed outside a whole build: the next whole build checks every output again
        incremental.forget(out_root, out_name)
    return _Drawn(files, kept, sorted(name for job in fresh for name in owners.get(job.path, ())))


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


def _record(target: BuildTarget, options: dict, states, prints, owners, out_dir: Path, report: Report) -> dict:
    return {"format": incremental.FORMAT, "code": incremental.code_stamp(), "root": str(target.root), "game": target.game_id,
            "package": prints.package, "options": options, "inputs": states,
            "jobs": {path: {"fp": prints[path], "files": incremental.output_states(out_dir, owners.get(path, ()))}
                     for path in prints},
            "diagnostics": [asdict(d) for d in report.sorted()]}
