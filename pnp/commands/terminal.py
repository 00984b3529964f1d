"""The terminal: the only place pnp prints or exits. A command's body runs in `guard`, which turns what can go wrong
into one line and an exit code; `progress` shows bars on a terminal and lines in a log; `terminate` makes SIGTERM
stop a build as Ctrl-C does; `leave` ends the process without taking its heap apart.

Exit codes (pnp.core.diagnostics.ExitCode): 0 success; 1 the content has errors or a playtest found an unplayable
card; 2 bad usage (unknown game, bad option) or an output folder pnp cannot write; 3 an internal error in pnp
(rerun with --debug for the traceback); 130 interrupted.
"""
from __future__ import annotations

import errno
import json
import os
import sys
import time
import traceback

import typer

from pnp.core.diagnostics import ExitCode, Report, UsageError, printable

INTERRUPTED = 130  # Ctrl-C or SIGTERM, as shells report it


def say(text: str, err: bool = False) -> None:
    """One message, one line on the terminal: names from content or a command line (game folders, file names, ids)
    may hold line breaks and other control characters, which are shown escaped (\\n, \\x1b), never obeyed, and never
    split one message into two lines that read as two. A text of several lines by design goes to `say_lines`."""
    typer.echo(printable(str(text)), err=err)


def say_lines(lines, err: bool = False) -> None:
    """A text that is lines by design (a playtest report, a replayed game): each line said as one message."""
    for line in lines:
        say(line, err=err)


# what a path named on the command line (--out, --root, a folder to make) may meet that says nothing of pnp:
# a name past the system's length, a file where a folder must be, a loop of links, a place that cannot hold files
PATH_ERRORS = {errno.ENAMETOOLONG, errno.ENOTDIR, errno.ELOOP, errno.ENOENT, errno.EISDIR, errno.EEXIST, errno.EXDEV}


def guard(debug: bool, work):
    """Run a command body: internal errors become one line and exit 3, unless --debug."""
    from pnp.core.environment import settle_environment
    from pnp.core.output import DISK_ERRORS, PUT_IN_PLACE, OutputError
    from pnp.core.processes import processes
    from pnp.reading.source import SourceError

    swaps_before = len(PUT_IN_PLACE)
    try:
        processes()  # a PNP_JOBS that is no count of processes is exit 2 for every command, forking or not
        settle_environment()  # SOURCE_DATE_EPOCH checked, reportlab's RL_* settings dropped (pnp.core.environment)
        return work()
    except typer.Exit:
        raise
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (see main): clean-up has run, nothing half-written is left
        say(_interrupted(PUT_IN_PLACE[swaps_before:]), err=True)
        raise typer.Exit(INTERRUPTED)
    except (OutputError, UsageError) as exc:
        say(f"error: {exc}", err=True)  # a usage or output problem is no output of the command's
        raise typer.Exit(ExitCode.USAGE)
    except SourceError as exc:  # the project itself cannot be read (content/ may not be listed): a content problem
        show(Report(exc.diagnostics))
        raise typer.Exit(ExitCode.INVALID)
    except BrokenPipeError:  # the reader went away (pnp list | head): nothing more to say to it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise typer.Exit(ExitCode.OK)
    except OSError as exc:
        if exc.errno in PATH_ERRORS and exc.filename:  # a path the user gave cannot be: too long, under a file, ...
            say(f"error: cannot use {exc.filename}: {exc.strerror or exc}; name another path", err=True)
            raise typer.Exit(ExitCode.USAGE)
        if exc.errno not in DISK_ERRORS:
            internal_error(exc, debug)
        # a full disk or a quota met by any writer: each writes beside its target and replaces it only when done
        say(f"error: cannot write {exc.filename or 'the output'}: {exc.strerror or exc}; free some disk space or fix "
             "its permissions (what was there before is untouched)", err=True)
        raise typer.Exit(ExitCode.USAGE)
    except Exception as exc:  # noqa: BLE001 - the one place that turns bugs into exit 3
        internal_error(exc, debug)


def _interrupted(put_in_place: list) -> str:
    """What an interrupt left: the folders this command had put in place whole before it came, or nothing changed."""
    if not put_in_place:
        return "interrupted; the output folder was left as it was"
    return (f"interrupted; the new output is in place in {', '.join(map(str, put_in_place))}, complete; nothing else "
            "in the output folder was changed")


def internal_error(exc: Exception, debug: bool):
    if debug:
        traceback.print_exc()
        if getattr(exc, "child_traceback", None):  # raised in a rebuild's own process (pnp watch): where, in there
            typer.echo(f"in the build process:\n{exc.child_traceback}", err=True)
    else:
        notes = "".join(f" ({note})" for note in getattr(exc, "__notes__", ()))  # e.g. which playtest game raised it
        say(f"internal error: {type(exc).__name__}: {exc}{notes} (rerun with --debug for the traceback)", err=True)
    raise typer.Exit(ExitCode.INTERNAL)


def show(report: Report, json_format: bool = False, err: bool = False) -> None:
    """The diagnostics and their count; on stderr (`err`) for a command whose standard output is an export."""
    if json_format:
        typer.echo(report.to_json(), err=err)
        return
    if report.diagnostics:
        typer.echo(report.to_text(), err=err)
    errors, warnings = report.counts()  # one problem found on many cards is shown, and counted, once
    if errors or warnings:
        say(f"{errors} error(s), {warnings} warning(s)", err=err)


class progress:
    """A rich progress bar on a terminal; silent otherwise (CI logs stay clean), except that a long count
    (`unit`: games) says how far it got every PROGRESS_LINE_SECONDS, with its rate. rich is imported on a terminal
    only; `lazy`, the bar starts with the first thing done (a build's: while the workers draw, not on the way to them)."""

    def __init__(self, label: str, total: int | None = None, unit: str | None = None, lazy: bool = False):
        self.label, self.total, self.unit, self.lazy = label, total, unit, lazy

    def __enter__(self):
        self.tty = sys.stderr.isatty()
        self.bar = None
        self.start = self.said = time.monotonic()
        self.done = self.before = 0  # before: games read back from a journal, done but not at this run's rate

        def step(what=None):  # a count of games done, or one more thing built (its path)
            count = what if isinstance(what, int) else 1
            self.done += count
            now = time.monotonic()
            rate = f"{(self.done - self.before) / max(now - self.start, 1e-9):,.0f} {self.unit}" if self.unit else ""
            self._show(advance=count, rate=rate)
            if self.unit and not self.tty and now - self.said >= PROGRESS_LINE_SECONDS:
                self.said = now
                say(f"{printable(self.label)}: {self.done:,} of {self.total:,} {self.unit}, {rate}/s", err=True)

        def resumed(count: int) -> None:  # games read back from a journal: done, but not at this run's rate
            self.before += count
            self.done += count
            self._show(advance=count)

        step.resumed = resumed
        if not self.lazy:
            self._show()
        return step

    def _show(self, **update) -> None:
        if not self.tty:
            return
        if self.bar is None:
            from rich.markup import escape
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            columns = (TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
                       TextColumn(f"{self.unit}, {{task.fields[rate]}}/s"), TimeElapsedColumn()) if self.unit else ()
            self.bar = Progress(*columns, transient=True)
            self.bar.start()
            # a game id is data, not markup
            self.task = self.bar.add_task(escape(printable(self.label)), total=self.total, rate="-")
        self.bar.update(self.task, **update)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False


PROGRESS_LINE_SECONDS = 30


def terminate(signum, frame):
    from pnp.core.output import interrupts_held, request_stop

    request_stop()
    if interrupts_held():  # output is being swapped into place: pnp.core.output raises the interrupt once that is done
        return
    raise KeyboardInterrupt  # a CI cancel or `timeout` stops a build as Ctrl-C does: cleanly


def quiet_dropped_interrupts(unraisable, default=sys.unraisablehook):
    """An interrupt raised where Python can only drop it (a fork handler, a finaliser) is not a crash: the stop
    it asked for is recorded (pnp.core.output.request_stop) and honoured before any output is replaced."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        return
    default(unraisable)


def hold_library_warnings() -> None:
    """The libraries' warnings (Pillow's "Corrupt EXIF data", with its site-packages path) never reach the terminal:
    they say nothing a designer can act on, and what matters of them is pnp's own diagnostic where pnp reads the
    file (pnp.reading.image_files). A developer's -W or PYTHONWARNINGS still shows them. The build's workers, forked from
    this process, hold them too."""
    import warnings

    if not sys.warnoptions:
        warnings.simplefilter("ignore")


def leave(code) -> None:
    """End the process without taking its heap apart: a build holds the game's content, reportlab's fonts and
    pydantic's models, and freeing them object by object took Python some 0.08 s after a one-card edit's build
    (0.1 s of 1.1). Everything a command writes is written and renamed into place before it returns; what Python
    would still run on the way out is run here first: the exit handlers (temporary folders' clean-up among them)
    and the flushing of standard output and error. `code` as SystemExit holds it."""
    import atexit

    if code is None:
        code = 0
    elif not isinstance(code, int):  # SystemExit("message"): printed, exit 1, as Python does
        print(code, file=sys.stderr)
        code = 1
    run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)
    threads = sys.modules.get("threading")
    wait_for_threads = getattr(threads, "_shutdown", None) if threads else (lambda: None)
    if run_exit_handlers is None or wait_for_threads is None:  # not CPython: leave the usual way
        sys.exit(code)
    wait_for_threads()  # as Python does first: every thread that is not a daemon ends
    run_exit_handlers()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (pnp list | head): nothing more can be said there
            pass
    os._exit(code)


def in_an_existing_folder() -> None:
    """Every command finds its project, names paths and resolves --out from the current folder: one removed after the
    shell went into it (a checkout or a clean-up in another terminal) is exit 2 here, once, not a traceback from
    whichever of them asks first."""
    try:
        os.getcwd()
    except FileNotFoundError:
        say("error: the current folder no longer exists; cd into a project", err=True)
        leave(ExitCode.USAGE)


def finish(ok: bool) -> None:
    """End a command: exit 0 when it did all it was asked, 1 when the content (or a playtest) says otherwise."""
    raise typer.Exit(ExitCode.OK if ok else ExitCode.INVALID)


def say_games(found, json_format: bool, say_one, passed=lambda game: game.ok) -> bool:
    """A recipe's reports, one a game: each said as it comes (text), or all as one JSON document at the end
    (`{"ok": ..., "games": [...]}`, docs/reference/json.md); whether every game `passed`."""
    games = []
    for game in found:
        games.append(game)
        if not json_format:
            say_one(game)
    ok = all(passed(game) for game in games)
    if json_format:
        say_json({"ok": ok, "games": [game.to_dict() for game in games]})
    return ok


def say_json(value) -> None:
    """A command's report as JSON (`--format json`): one document on standard output."""
    typer.echo(json.dumps(value, indent=2, ensure_ascii=False))
