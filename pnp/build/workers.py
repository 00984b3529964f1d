"""The build's workers: every job drawn on all cores (forked processes inheriting the read game), and what is done
once in the main process before they fork.
"""
from __future__ import annotations

import functools
import gc
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Callable

from pnp.build.fingerprints import font_files
from pnp.build.plan import Job
from pnp.content.project import Project
from pnp.core.processes import processes
from pnp.model import Difficulty
from pnp.render.card_facts import printed_facts
from pnp.rules.tree import build_reference


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
