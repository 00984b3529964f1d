"""The `pnp` command: the only module that prints or exits.

Exit codes (see `ExitCode`): 0 success; 1 the content has errors or a
playtest found an unplayable card; 2 bad usage (unknown game, bad option);
3 an internal error in pnp (rerun with --debug for the traceback).
"""
from __future__ import annotations

import errno
import json
import os
import signal
import sys
import time
import traceback
from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from pnp.diagnostics import ExitCode, Report, UsageError, did_you_mean, printable
from pnp.difficulty import Difficulty
from pnp.discovery import find_root as game_root
from pnp.discovery import game_ids
from pnp.limits import MAX_GAMES

# Plain help, not rich's panels: typer's rich formatting imports rich and a Markdown parser, which alone took longer
# than the 0.15 s `pnp --help` may take (issue 20); plain help is as wide as the terminal, up to 120 columns, as
# rich's was. The progress bars still use rich, imported when a bar starts.
app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  context_settings={"max_content_width": 120},
                  help="pnp: print-and-play pipeline. Content in content/, layouts in layouts/, PDFs in output/.")

INTERRUPTED = 130  # Ctrl-C or SIGTERM, as shells report it


def _say(text: str, err: bool = False) -> None:
    """One message, one line on the terminal: names from content or a command line (game folders, file names, ids)
    may hold line breaks and other control characters, which are shown escaped (\\n, \\x1b), never obeyed, and never
    split one message into two lines that read as two. A text of several lines by design goes to `_say_lines`."""
    typer.echo(printable(str(text)), err=err)


def _say_lines(lines, err: bool = False) -> None:
    """A text that is lines by design (a playtest report, a replayed game): each line said as one message."""
    for line in lines:
        _say(line, err=err)


def _game_ids(incomplete: str) -> list[str]:
    """The project's games, for the shell's completion of a GAME argument (the project found from here)."""
    from pnp.discovery import find_root, game_ids

    try:
        return [game for game in game_ids(find_root(Path("."))) if game.startswith(incomplete)]
    except Exception:  # noqa: BLE001 - a completion never prints a traceback into the shell
        return []


def _project_root(value: Optional[Path]) -> Path:
    return value if value is not None else game_root(Path("."))


RootOption = typer.Option(None, "--root", callback=_project_root, show_default=False,
                          help="Project folder holding content/ (and layouts/). Default: the nearest folder from here "
                          "upwards that has a content/ folder, as git finds a repository.")
OutOption = typer.Option(None, "--out", show_default=False, help="Output folder (default: output/ in the project).")
DebugOption = typer.Option(False, "--debug", help="Show a traceback on internal errors.")
DraftOption = typer.Option(False, "--draft", help="Print before the art exists: a missing image is a warning and "
                           "is drawn as a labelled placeholder.")


def _show_version(value: bool) -> None:
    if value:
        from pnp import __version__

        _say(f"pnp {__version__}")
        raise typer.Exit(ExitCode.OK)


@app.callback()
def _options(version: bool = typer.Option(False, "--version", is_eager=True, callback=_show_version,
                                          help="Show pnp's version and exit.")):
    """pnp: print-and-play pipeline. Content in content/, layouts in layouts/, PDFs in output/."""


class BuildPart(str, Enum):
    home = "home"
    fold = "fold"
    pod = "pod"
    images = "images"
    sheets = "sheets"
    rules = "rules"


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


class RulebookPaper(str, Enum):
    a4 = "a4"
    letter = "letter"


class RulesFormat(str, Enum):
    md = "md"
    html = "html"
    json = "json"
    pdf = "pdf"


def _games(root: Path, game: str | None) -> list[str]:
    """The game asked for, or every game of the project; an unknown game is a usage error."""
    known = game_ids(root)
    if not known:
        _say(f"error: no games in {root / 'content'}: a game is a folder content/<game>/ with a game.yaml "
                   "(use --root to point at the project)")
        raise typer.Exit(ExitCode.USAGE)
    if game is None:
        return known
    if game not in known:
        _say(f"error: unknown game '{game}'{did_you_mean(game, known)}; known games: {', '.join(known) or 'none'} "
                   f"(a game is a folder content/<game>/ with a game.yaml)")
        raise typer.Exit(ExitCode.USAGE)
    return [game]


def _output_folder(out: str | None, root: Path) -> Path:
    """The output folder a command writes into: the project's output/ (pnp's, whatever it holds), or --out."""
    from pnp.output import OutputError, claim_project_output

    if out is not None and not out.strip():
        typer.echo("error: --out is empty; name the output folder", err=True)
        raise typer.Exit(ExitCode.USAGE)
    folder = root / "output" if out is None else Path(out)
    if os.path.abspath(folder) == os.path.abspath(root / "output"):
        try:
            claim_project_output(folder)
        except (OutputError, OSError) as exc:  # a pipe or a read-only folder where the lock goes: said as _guard says it
            _say(f"error: {exc}", err=True)
            raise typer.Exit(ExitCode.USAGE)
    return folder


def _not_over_the_projects_own(out: Path, root: Path) -> None:
    """--out may add a file to the project (a deck converted into content/GAME/decks/), never replace one of its
    content or layout files: `export-deck GAME DECK --format csv --out content/GAME/decks/DECK.yaml` wrote CSV over
    the deck it read. A UsageError (exit 2) before anything is written."""
    from pnp.paths import is_inside

    if not (os.path.lexists(out)):
        return
    for folder in ("content", "layouts", "fonts"):
        if is_inside(root / folder, Path(out)):
            raise UsageError(f"--out {out} is a file of the project's own ({folder}/); name a new file (pnp never "
                             "writes over content, layouts or fonts)")


# what a path named on the command line (--out, --root, a folder to make) may meet that says nothing of pnp:
# a name past the system's length, a file where a folder must be, a loop of links, a place that cannot hold files
PATH_ERRORS = {errno.ENAMETOOLONG, errno.ENOTDIR, errno.ELOOP, errno.ENOENT, errno.EISDIR, errno.EEXIST, errno.EXDEV}


def _guard(debug: bool, work):
    """Run a command body: internal errors become one line and exit 3, unless --debug."""
    from pnp.environment import settle_environment
    from pnp.output import DISK_ERRORS, PUT_IN_PLACE, OutputError
    from pnp.processes import processes
    from pnp.source import SourceError

    swaps_before = len(PUT_IN_PLACE)
    try:
        processes()  # a PNP_JOBS that is no count of processes is exit 2 for every command, forking or not
        settle_environment()  # SOURCE_DATE_EPOCH checked, reportlab's RL_* settings dropped (pnp.environment)
        return work()
    except typer.Exit:
        raise
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (see main): clean-up has run, nothing half-written is left
        _say(_interrupted(PUT_IN_PLACE[swaps_before:]), err=True)
        raise typer.Exit(INTERRUPTED)
    except (OutputError, UsageError) as exc:
        _say(f"error: {exc}", err=True)  # a usage or output problem is no output of the command's
        raise typer.Exit(ExitCode.USAGE)
    except SourceError as exc:  # the project itself cannot be read (content/ may not be listed): a content problem
        _report(Report(exc.diagnostics))
        raise typer.Exit(ExitCode.INVALID)
    except BrokenPipeError:  # the reader went away (pnp list | head): nothing more to say to it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise typer.Exit(ExitCode.OK)
    except OSError as exc:
        if exc.errno in PATH_ERRORS and exc.filename:  # a path the user gave cannot be: too long, under a file, ...
            _say(f"error: cannot use {exc.filename}: {exc.strerror or exc}; name another path", err=True)
            raise typer.Exit(ExitCode.USAGE)
        if exc.errno not in DISK_ERRORS:
            _internal_error(exc, debug)
        # a full disk or a quota met by any writer: each writes beside its target and replaces it only when done
        _say(f"error: cannot write {exc.filename or 'the output'}: {exc.strerror or exc}; free some disk space or fix "
             "its permissions (what was there before is untouched)", err=True)
        raise typer.Exit(ExitCode.USAGE)
    except Exception as exc:  # noqa: BLE001 - the one place that turns bugs into exit 3
        _internal_error(exc, debug)


def _interrupted(put_in_place: list[Path]) -> str:
    """What an interrupt left: the folders this command had put in place whole before it came, or nothing changed."""
    if not put_in_place:
        return "interrupted; the output folder was left as it was"
    return (f"interrupted; the new output is in place in {', '.join(map(str, put_in_place))}, complete; nothing else "
            "in the output folder was changed")


def _internal_error(exc: Exception, debug: bool):
    if debug:
        traceback.print_exc()
        if getattr(exc, "child_traceback", None):  # raised in a rebuild's own process (pnp watch): where, in there
            typer.echo(f"in the build process:\n{exc.child_traceback}", err=True)
    else:
        notes = "".join(f" ({note})" for note in getattr(exc, "__notes__", ()))  # e.g. which playtest game raised it
        _say(f"internal error: {type(exc).__name__}: {exc}{notes} (rerun with --debug for the traceback)", err=True)
    raise typer.Exit(ExitCode.INTERNAL)


def _report(report: Report, fmt: OutputFormat = OutputFormat.text, err: bool = False) -> None:
    """The diagnostics and their count; on stderr (`err`) for a command whose standard output is an export."""
    if fmt == OutputFormat.json:
        typer.echo(report.to_json(), err=err)
        return
    if report.diagnostics:
        typer.echo(report.to_text(), err=err)
    errors, warnings = report.counts()  # one problem found on many cards is shown, and counted, once
    if errors or warnings:
        _say(f"{errors} error(s), {warnings} warning(s)", err=err)


@app.command("list")
def list_games(root: Path = RootOption, debug: bool = DebugOption):
    """List the games, their decks and card counts."""
    from pnp.listing import listing

    def work():
        for game_id in game_ids(root):
            found = listing(root, game_id)
            _say(found.line(game_id) if found else f"{game_id}: (does not load; run pnp validate {game_id})")

    _guard(debug, work)


@app.command()
def validate(game: Optional[str] = typer.Argument(None, autocompletion=_game_ids, help="Game id; all games if omitted."),
             format: OutputFormat = typer.Option(OutputFormat.text, "--format", help="text, or json for editors and CI."),
             watch: bool = typer.Option(False, "--watch", help="Validate again after every change to content/ or "
                                        "layouts/, until Ctrl-C."),
             draft: bool = DraftOption, root: Path = RootOption, debug: bool = DebugOption):
    """Check content and layouts; report every problem as path:line:col. Exit 1 on any error."""
    from pnp.validate import validate as run

    def work():
        total = Report()
        for game_id in _games(root, game):
            _, report = run(root, game_id, draft)
            total.extend(report.diagnostics)
        if watch:
            _say(f"-- {time.strftime('%H:%M:%S')} --")
        _report(total, format)
        if format == OutputFormat.text and total.ok:
            _say(f"ok: {', '.join(_games(root, game))} valid")
        return total

    if watch:
        from pnp.watch import watch as keep_watching

        _say(f"watching {root / 'content'} and {root / 'layouts'}; Ctrl-C to stop")
        try:
            keep_watching(root, lambda: _guard(debug, work))
        except KeyboardInterrupt:
            raise typer.Exit(ExitCode.OK)
    total = _guard(debug, work)
    raise typer.Exit(ExitCode.OK if total.ok else ExitCode.INVALID)


@app.command()
def build(game: Optional[str] = typer.Argument(None, autocompletion=_game_ids, help="Game id; every game if omitted."),
          all_games: bool = typer.Option(False, "--all", help="Build every game (the default without GAME)."),
          difficulty: Optional[Difficulty] = typer.Option(None, "--difficulty", help="Leave out cards above this colour."),
          out: Optional[str] = OutOption,
          images: bool = typer.Option(False, "--images", help="Also write card PNGs (300 DPI, with bleed) and "
                                      "Tabletop Simulator deck sheets and saved objects into OUT/<game>/images/<deck>/."),
          booklets: bool = typer.Option(False, "--booklets", help="Also write the rulebook as booklets: half-size "
                                        "pages two to a side, for double-sided printing, folding and stapling."),
          only: list[BuildPart] = typer.Option([], "--only", help="Build only these parts (repeat the option for more); "
                                               "the rest of an earlier build is kept as it was."),
          deck: list[str] = typer.Option([], "--deck", help="Build only this deck's files (repeatable); the rest of "
                                         "an earlier build is kept as it was."),
          tts_url: Optional[str] = typer.Option(None, "--tts-url", help="With --images: the address OUT is "
                                                "uploaded to (https://...), for the Tabletop Simulator saved objects; "
                                                "OUT's file:/// address by default."),
          vendor: list[str] = typer.Option([], "--vendor", help="Build only this print shop's files (repeatable; the "
                                           "vendors of layouts/common/paper.yaml); the rest of an earlier build is kept."),
          force: bool = typer.Option(False, "--force", help="Draw every file again, even those that are up to date."),
          draft: bool = DraftOption, root: Path = RootOption, debug: bool = DebugOption):
    """Validate, then render every PDF into OUT/<game>/. Nothing is replaced unless all of it succeeds.
    Only what changed since the last build is drawn again; with nothing changed, nothing is touched."""
    out_dir = _output_folder(out, root)
    if tts_url is not None:
        from pnp.render.card_images import tts_address

        try:
            tts_url = tts_address(tts_url)
        except ValueError as exc:
            typer.echo(f"error: --tts-url wants {exc}, such as https://example.com/my-game/images; not "
                       f"'{printable(tts_url[:200])}'{'...' if len(tts_url) > 200 else ''}")
            raise typer.Exit(ExitCode.USAGE)

    if deck and not game:
        typer.echo("error: --deck needs a GAME")
        raise typer.Exit(ExitCode.USAGE)

    def work():
        ok, passed_over, ahead = True, [], {}
        games = _games(root, None if all_games else game)
        whole = not (only or deck or vendor or force)

        def read_next(rest: list[str]) -> None:
            """The next game this build draws, read and validated while the workers draw the current one's files.
            A failure is left for that game's own turn, which reads it again and reports what went wrong."""
            from pnp.build import read_ahead

            for game_id in rest:
                if whole and _up_to_date(root, game_id, out_dir, difficulty, images, booklets, draft, tts_url, vendor,
                                         quiet=True):
                    continue
                try:
                    ahead[game_id] = read_ahead(root, game_id, difficulty, draft)
                except Exception:  # noqa: BLE001 - said in the game's own turn
                    pass
                return

        for index, game_id in enumerate(games):
            if whole and _up_to_date(root, game_id, out_dir, difficulty, images, booklets, draft, tts_url, vendor):
                continue
            _import_build()  # here, not above: an up-to-date game needs none of the build's imports
            from pnp.build import NothingToBuild
            from pnp.build import build as run

            try:
                with _progress(f"building {game_id}", lazy=True) as step:
                    result, report = run(root, game_id, out_dir, difficulty, progress=step, images=images,
                                         booklets=booklets, only=tuple(part.value for part in only), decks=tuple(deck),
                                         draft=draft, tts_url=tts_url, vendors=tuple(vendor), force=force,
                                         ahead=ahead.pop(game_id, None),
                                         meanwhile=lambda rest=games[index + 1:]: read_next(rest))
            except NothingToBuild as exc:
                if not all_games:
                    raise
                _say(f"{game_id}: passed over, {exc}")  # --all --only sheets: the games that have none
                passed_over.append(exc)
                if len(passed_over) == len(games):  # no game has any of it: as for one game, a usage error
                    raise
                continue
            _report(report)
            if result is None:
                _say(f"{game_id}: not built; output/ left as it was")
                ok = False
            elif result.up_to_date:
                _say(f"{game_id}: up to date, {len(result.files)} files in {result.out_dir}")
            else:
                drawn = "" if len(result.rendered) == len(result.files) else f" ({len(result.rendered)} drawn again)"
                _say(f"{game_id}: {len(result.files)} files in {result.out_dir}{drawn}")
                if result.kept:
                    _say(f"  kept from an earlier build, as it was: {', '.join(f'{k}/' for k in result.kept)}"
                               + ("" if only or deck or vendor else " (build with --images to bring the card images up to date)"))
        return ok

    raise typer.Exit(ExitCode.OK if _guard(debug, work) else ExitCode.INVALID)


def _up_to_date(root: Path, game_id: str, out_root: Path, difficulty, *asked, quiet: bool = False) -> bool:
    """Nothing changed since the game's last whole build: say so (unless `quiet`), with that build's warnings, and
    touch nothing."""
    from pnp import incremental
    from pnp.output import game_folder

    name = game_folder(game_id, difficulty)
    record = incremental.up_to_date(root, game_id, out_root, name, incremental.build_options(out_root, difficulty, *asked))
    if record is None or quiet:
        return record is not None
    _report(Report(incremental.recorded_diagnostics(record)))
    _say(f"{game_id}: up to date, {len(incremental.recorded_files(record))} files in {out_root / name}")
    return True


@app.command()
def diff(rev: str = typer.Argument(..., help="A git revision to compare with: a commit, a branch, a tag, HEAD~1."),
         game: Optional[str] = typer.Argument(None, autocompletion=_game_ids, help="Game id; every game if omitted."),
         out: Optional[str] = OutOption, draft: bool = DraftOption, root: Path = RootOption, debug: bool = DebugOption):
    """What changed since REV: the cards, sheets and rule sections that differ between REV and the work tree, with
    before, after and the difference, in OUT/<game>/diff/index.html. Both sides are drawn by this pnp."""
    from pnp.diff import checked_out, what_changed

    out_dir = _output_folder(out, root)

    def work():
        ok = True
        with checked_out(root, rev) as revision:
            for game_id in _diff_games(root, revision.root, game):
                outcome = what_changed(revision, root, game_id, out_dir, draft)
                if outcome.changes is None:
                    _report(outcome.report)
                    _say(f"{game_id}: not compared: {' and '.join(outcome.invalid)} does not validate; fix the errors "
                         "above (the last diff page was left as it was)")
                    ok = False
                    continue
                _say(f"{game_id}: {outcome.changes.summary()} since {rev}")
                _say(f"  wrote {outcome.page}")
        return ok

    raise typer.Exit(ExitCode.OK if _guard(debug, work) else ExitCode.INVALID)


def _diff_games(root: Path, old_root: Path, game: str | None) -> list[str]:
    """The game asked for, or every game of the work tree and the revision; a game in neither is a usage error."""
    old = game_ids(old_root)
    if game is not None and game in old and game not in game_ids(root):
        return [game]  # removed since: its page shows what went
    if game is None and old:
        return sorted(set(game_ids(root)) | set(old))
    return _games(root, game)


@app.command()
def preview(game: Optional[str] = typer.Argument(None, autocompletion=_game_ids, help="Game id; every game if omitted."),
            difficulty: Optional[Difficulty] = typer.Option(None, "--difficulty", help="Show only cards up to this colour."),
            out: Optional[str] = OutOption, draft: bool = DraftOption, root: Path = RootOption, debug: bool = DebugOption):
    """Write a gallery to look at in a browser, OUT/<game>/preview/index.html: every card's front and back with its
    facts and warnings, the sheets and the rulebook's pages, and a search box. It opens from disk (no server, no
    network), and reloads itself when the gallery is written again (pnp watch does after every rebuild)."""
    from pnp.preview import write_preview

    out_dir = _output_folder(out, root)

    def work():
        ok = True
        for game_id in _games(root, game):
            with _progress(f"previewing {game_id}"):
                index, report = write_preview(root, game_id, out_dir, difficulty, draft)
            _report(report)
            if index is None:
                _say(f"{game_id}: no preview written; the last one was left as it was")
                ok = False
            else:
                _say(f"{game_id}: open {index.resolve().as_uri()}")
        return ok

    raise typer.Exit(ExitCode.OK if _guard(debug, work) else ExitCode.INVALID)


@app.command()
def watch(game: Optional[str] = typer.Argument(None, autocompletion=_game_ids, help="Game id; every game if omitted."),
          difficulty: Optional[Difficulty] = typer.Option(None, "--difficulty", help="Leave out cards above this colour."),
          out: Optional[str] = OutOption, root: Path = RootOption, debug: bool = DebugOption):
    """Build, then validate and rebuild the game a save changes (every game for layouts/common, layouts/templates
    or fonts/), saying what was rebuilt and how long it took, until Ctrl-C. Broken content is reported and the
    last good output stays."""
    from pnp.source import SourceError
    from pnp.watch import changes, keep_building, warm_up

    out_dir = _output_folder(out, root)
    _games(root, game)  # an unknown game, or none at all, is a usage error before anything is watched
    _guard(debug, lambda: None)  # so is the environment (PNP_JOBS, SOURCE_DATE_EPOCH): exit 2, not a watch that fails
    rebuilt_once: set[str] = set()

    def games():
        if game:
            return [game]  # were its folder removed, its rebuild says so
        try:
            return game_ids(root)  # asked again after every save: a game added while watching is built too
        except SourceError:  # content/ cannot be listed just now: nothing to rebuild until it can
            return []

    def rebuild(game_id: str):
        try:
            _guard(debug, lambda: _rebuild_and_say(root, game_id, out_dir, difficulty, game_id in rebuilt_once))
        except typer.Exit as exc:
            if exc.exit_code == INTERRUPTED:
                raise KeyboardInterrupt from None
            # any other failure of this rebuild was said in one line: the next save tries again
        rebuilt_once.add(game_id)

    def announce(batch):
        _say(f"-- {time.strftime('%H:%M:%S')} {_changed(root, batch)}")

    watched = ", ".join(f"{name}/" for name in ("content", "layouts", "fonts") if (root / name).is_dir())
    _say(f"watching {watched} in {root.resolve()}; Ctrl-C to stop")
    try:
        warm_up()
        keep_building(root, games, rebuild, changes(root, out_dir), announce)
    except KeyboardInterrupt:
        pass
    raise typer.Exit(ExitCode.OK)


SHOWN_FILES = 4  # a rebuild of at most this many files names them, and a batch of saves its files; more are counted


def _changed(root: Path, paths) -> str:
    """The files a batch of saves changed, as the project names them."""
    base = root.resolve()
    names = sorted(str(path.relative_to(base)) if path.is_relative_to(base) else str(path) for path in paths)
    more = f" and {len(names) - SHOWN_FILES} more" if len(names) > SHOWN_FILES else ""
    return ", ".join(names[:SHOWN_FILES]) + more


def _rebuild_and_say(root: Path, game_id: str, out_dir: Path, difficulty, again: bool) -> None:
    from pnp.watch import rebuild

    done = rebuild(root, game_id, out_dir, difficulty)
    _report(done.report)
    if done.result is None:
        _say(f"{game_id}: not rebuilt; the last good output stays")
        return
    files = done.rendered
    named = f": {', '.join(files)}" if 0 < len(files) <= SHOWN_FILES else ""
    _say(f"{game_id}: {'rebuilt' if again else 'built'} {len(files)} file{'s' if len(files) != 1 else ''} in "
         f"{done.seconds:.2f} s{named}")
    if done.preview:
        _say(f"{game_id}: preview written again, {done.preview}")


@app.command()
def playtest(game: Optional[str] = typer.Argument(None, autocompletion=_game_ids, help="Game id; every game with an engine if omitted."),
             games: Optional[int] = typer.Option(None, "--games", min=1, max=MAX_GAMES,
                                                 help="Number of full games to play (default: the game's own)."),
             seed: int = typer.Option(1, "--seed", help="Seed: the same seed replays the same games."),
             players: Optional[int] = typer.Option(None, "--players", help="Players per game; cycles through the allowed counts if omitted."),
             difficulty: Optional[Difficulty] = typer.Option(None, "--difficulty", help="Play with cards up to this colour "
                                                             "(default: all of them)."),
             format: OutputFormat = typer.Option(OutputFormat.text, "--format"),
             replay: Optional[int] = typer.Option(None, "--replay", help="Print one game of this playtest step by step: "
                                                  "its seed, as the report's witnesses and 'first in seed' name it."),
             out: Optional[str] = typer.Option(None, "--out", show_default=False, help="Output folder (default: output/ in "
                                               "the project): reports and charts go to OUT/playtest/GAME/."),
             cluster: Optional[str] = typer.Option(None, "--cluster", help="Play on a Dask cluster: its scheduler's "
                                                   "address (tcp://HOST:8786), or local:N for N local worker processes. "
                                                   "Needs pip install 'pnp[cluster]'."),
             journal: Optional[Path] = typer.Option(None, "--journal", metavar="FILE", help="Keep every finished chunk "
                                                    "of games in FILE (JSON lines, made if missing); run again with the "
                                                    "same FILE and options to play only the games it lacks, after a stop "
                                                    "or a kill. Needs a GAME."),
             root: Path = RootOption, debug: bool = DebugOption):
    """Play many seeded games; print coverage and statistics, and keep them (text, JSON, charts) in the
    output folder. Exit 1 if any card or element has no witness.

    --journal FILE makes a long run resumable (pnp.engine.journal). It has no default place: a journal is kept
    only when asked for (a default one would make every quick run resume, or refuse, an older one), and it
    cannot live in OUT/playtest/GAME/, which each run replaces whole. A journal of another run (other options,
    another pnp, content or engine code changed since) is refused with exit 2 and left as it is: delete it to
    start afresh. A finished journal is kept: running again reprints the report without playing."""
    from pnp.engine import playtest as harness
    from pnp.engine.api import EndlessGame
    from pnp.engine.runner import game_index, game_seed
    from pnp.validate import validate as run

    if replay is not None and game_index(seed, replay) is None:
        _say(f"error: seed {replay} is not a game of the playtest run with --seed {seed} "
                   f"(its games play seeds {game_seed(seed, 0)} and up); pass the --seed it ran with")
        raise typer.Exit(ExitCode.USAGE)
    if game is None and (replay is not None or players is not None or journal is not None):
        typer.echo("error: --replay, --players and --journal need a GAME")
        raise typer.Exit(ExitCode.USAGE)
    if cluster is not None:
        from pnp.engine.cluster import available, parse

        try:
            parse(cluster)
            available()
        except UsageError as exc:  # before any game is read: a run on a cluster fails at once if it cannot start
            _say(f"error: {exc}")
            raise typer.Exit(ExitCode.USAGE)
    out_dir = _output_folder(out, root)

    def play_one(game_id: str, every_game: bool):
        project, report = run(root, game_id)
        if project is None:
            _report(report)
            typer.echo("playtest needs valid content; fix the errors above")
            return False
        if not project.game.plugin.has_engine:
            if every_game:
                _say(f"{game_id}: no engine, not played")
                return True
            _say(f"error: {game_id} has no engine to play it: a game's engine comes with its Python package "
                       "(game.yaml `plugin:`); validate and build work without one")
            raise typer.Exit(ExitCode.USAGE)
        allowed = project.game.manifest.players
        if players is not None and not allowed.min <= players <= allowed.max:
            range_text = f"{allowed.min}" if allowed.min == allowed.max else f"{allowed.min} to {allowed.max}"
            _say(f"error: {game_id} is for {range_text} player(s), not {players}; leave out --players to play every count")
            raise typer.Exit(ExitCode.USAGE)
        plan = project.game.plugin.playtest_plan()
        if replay is not None:
            _say_lines(harness.replay_game(plan, project.game, replay, seed, players, difficulty))
            return True
        try:
            with _progress(f"playing {game_id}", total=games or plan.default_games, unit="games") as step:
                def resumed(count: int) -> None:  # on stderr: stdout is the report, the same as an unbroken run's
                    _say(f"{game_id}: {count:,} games read back from the journal {journal}; playing the rest", err=True)
                    step.resumed(count)

                result = harness.run(plan, project.game, games, seed, players, difficulty, progress=step, cluster=cluster,
                                     journal=journal, resumed=resumed)
        except EndlessGame as exc:  # the content makes a game too long to play out (pnp.limits.MAX_STEPS)
            _report(Report([project.game.manifest_source.diagnostic(("settings",), "endless-game", str(exc))]))
            return False
        folder = _write_playtest(result, out_dir / "playtest" / game_id)
        if format == OutputFormat.json:
            reports[game_id] = json.loads(result.to_json())
        else:
            _say_lines(([f"== {game_id}"] if every_game else []) + result.to_text().split("\n"))
            _say(f"wrote {folder}/")
        return result.ok

    reports: dict = {}

    def work():
        ok = all([play_one(game_id, game is None) for game_id in _games(root, game)])  # every game played, then the verdict
        if format == OutputFormat.json and reports:
            typer.echo(json.dumps(reports if game is None else reports[game], indent=2))
        return ok

    raise typer.Exit(ExitCode.OK if _guard(debug, work) else ExitCode.INVALID)


def _write_playtest(report, folder: Path) -> Path:
    """The report as text and JSON, and the game's charts as PNG, replacing the folder in one step."""
    from pnp.output import staged
    from pnp.render.charts import write_chart

    with staged(folder, folder.parents[1]) as stage:  # OUT/playtest/GAME: OUT is the output folder
        (stage / "report.txt").write_text(report.to_text() + "\n", encoding="utf-8")
        (stage / "report.json").write_text(report.to_json() + "\n", encoding="utf-8")
        for chart in report.charts():
            write_chart(chart, stage / chart.file)
    return folder


@app.command()
def rules(game: str = typer.Argument(..., autocompletion=_game_ids, help="Game id."),
          format: RulesFormat = typer.Option(RulesFormat.md, "--format", help="md, html, json or pdf."),
          out: Optional[Path] = typer.Option(None, "--out", help="File to write; text formats print to stdout without it."),
          paper: RulebookPaper = typer.Option(RulebookPaper.a4, "--paper", help="a4 or letter, for pdf."),
          booklet: bool = typer.Option(False, "--booklet", help="For pdf: half-size pages imposed two-up for folding."),
          difficulty: Optional[Difficulty] = typer.Option(None, "--difficulty", help="Only rules up to this colour."),
          draft: bool = DraftOption, root: Path = RootOption, debug: bool = DebugOption):
    """Export the rules reference: Markdown, one HTML file, JSON, or the PDF rulebook (or booklet)."""
    from pnp.output import write_file, write_text
    from pnp.render.card_facts import printed_facts
    from pnp.render.svg import figure_svg, icon_svg
    from pnp.rules.export import export_text
    from pnp.validate import validate as run

    def work():
        project, report = run(root, _games(root, game)[0], draft)
        if project is None:
            _report(report, err=True)  # stdout is the export: `pnp rules GAME > rules.md` must not hold them
            return False
        if report.diagnostics:
            typer.echo(report.to_text(), err=True)  # a draft's warnings; stdout may be the export itself
        if format == RulesFormat.pdf:
            from pnp.render.rulebook import rulebook_pdf

            target = out or root / "output" / game / "rules" / f"rulebook-{paper.value}{'-booklet' if booklet else ''}.pdf"
            write_file(target, lambda tmp: rulebook_pdf(project, difficulty, paper.value, tmp, booklet),
                       None if out else _output_folder(None, root))
            _say(f"wrote {target}")
            return True
        text = export_text(project, format.value, difficulty, figure_svg, icon_svg, printed_facts)
        if out:
            _not_over_the_projects_own(out, root)
            write_text(out, text)
            _say(f"wrote {out}")
        else:
            typer.echo(text, nl=False)
        return True

    raise typer.Exit(ExitCode.OK if _guard(debug, work) else ExitCode.INVALID)


class DeckFormat(str, Enum):
    csv = "csv"
    xlsx = "xlsx"
    yaml = "yaml"


@app.command("export-deck")
def export_deck(game: str = typer.Argument(..., autocompletion=_game_ids, help="Game id."),
                deck: str = typer.Argument(..., help="Deck id, as game.yaml lists it."),
                format: DeckFormat = typer.Option(..., "--format", help="csv, xlsx or yaml."),
                out: Optional[Path] = typer.Option(None, "--out", help="File to write; csv and yaml print to stdout "
                                                   "without it, xlsx goes to output/decks/GAME/DECK.xlsx."),
                root: Path = RootOption, debug: bool = DebugOption):
    """Write a deck as CSV, XLSX or YAML (whichever it is kept in), card for card: a spreadsheet deck and a YAML
    deck convert both ways without loss. Exit 1 if the deck has errors or values a table cannot hold."""
    from pnp.deck_export import ExportError
    from pnp.deck_export import export_deck as export
    from pnp.discovery import load
    from pnp.output import write_file

    def work():
        loaded, problems = load(root, _games(root, game)[0])
        decks = loaded.decks if loaded else {}
        if deck not in decks:
            _report(Report(problems), err=True)  # stdout may be the deck itself
            if loaded is not None and deck not in {entry.id for entry in loaded.manifest.decks}:
                known = [entry.id for entry in loaded.manifest.decks]
                _say(f"error: {game} has no deck '{deck}'{did_you_mean(deck, known)}; its decks: {', '.join(known) or 'none'}",
                     err=True)
                raise typer.Exit(ExitCode.USAGE)
            _say(f"deck '{deck}' does not load; fix the errors above", err=True)
            return False
        errors = [p for p in problems if p.severity == "error" and p.path == decks[deck].source.path]
        if errors:
            _report(Report(errors), err=True)
            _say(f"deck '{deck}' has errors; fix them first (an export copies the deck as it is)", err=True)
            return False
        try:
            data, notes = export(loaded, decks[deck], format.value)
        except ExportError as exc:
            _say(f"error: {exc}", err=True)
            return False
        # beside the game's build folder, not in it: a build replaces that folder whole
        target = out or (root / "output" / "decks" / game / f"{deck}.xlsx" if format == DeckFormat.xlsx else None)
        if target is None:
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        else:
            if out:
                _not_over_the_projects_own(out, root)
            write_file(target, lambda tmp: tmp.write_bytes(data), None if out else _output_folder(None, root))
            _say(f"wrote {target}", err=True)
        for note in notes:
            _say(f"note: {note}", err=True)
        return True

    raise typer.Exit(ExitCode.OK if _guard(debug, work) else ExitCode.INVALID)


@app.command()
def card(game: str = typer.Argument(..., autocompletion=_game_ids, help="Game id."),
         card_id: str = typer.Argument(..., metavar="ID", help="The card's id."),
         out: Optional[str] = typer.Option(None, "--out", show_default=False, help="Output folder (default: output/ in "
                                           "the project); the images go to OUT/cards/GAME/."),
         root: Path = RootOption, debug: bool = DebugOption):
    """One card's front and back as PNG (300 DPI, with the bleed), for a quick look: OUT/cards/GAME/ID.png and ID-back.png."""
    from pnp.diagnostics import Report
    from pnp.render.card_images import images_fit, one_card
    from pnp.render.cards import face_size
    from pnp.validate import validate as run

    out_dir = _output_folder(out, root)

    def work():
        project, report = run(root, _games(root, game)[0])
        if project is None:
            _report(report)
            return False
        known = project.faces.fronts
        if card_id not in known:
            raise UsageError(f"no card '{card_id}' in {game}{did_you_mean(card_id, known)}")
        too_large = images_fit(project, [face_size(f, project.layout) for f in (known[card_id], project.faces.backs[card_id])])
        if too_large:
            _report(Report(too_large))
            return False
        for path in one_card(project, card_id, out_dir, ("cards", game)):
            _say(f"wrote {path}")
        return True

    raise typer.Exit(ExitCode.OK if _guard(debug, work) else ExitCode.INVALID)


@app.command()
def schema(out: Optional[Path] = typer.Option(None, "--out", help="Folder for the JSON Schema files (default: ROOT/schemas)."),
           root: Path = RootOption, debug: bool = DebugOption):
    """Write JSON Schemas for the content and layout files, for editor autocompletion."""
    from pnp.schemas import write_schemas

    def work():
        for path in write_schemas(root, out or root / "schemas"):
            _say(f"wrote {path}")

    _guard(debug, work)


class StarterKind(str, Enum):
    deck = "deck"
    sheet = "sheet"
    playmat = "playmat"


@app.command()
def init(folder: Path = typer.Argument(Path("."), help="The project folder to make (made if missing)."),
         game: str = typer.Option("my-game", "--game", help="Id of the starter game."),
         kind: StarterKind = typer.Option(StarterKind.deck, "--kind", help="deck; sheet or playmat add a score sheet "
                                          "or a playmat to the deck."),
         debug: bool = DebugOption):
    """Make a project folder with one starter game that validates and builds at once."""
    from pnp.starter import init_project

    def work():
        _created(folder, init_project(folder, game, kind.value), game)

    _guard(debug, work)


@app.command()
def new(game: str = typer.Argument(..., help="Id of the new game: lower-case letters, digits and hyphens."),
        kind: StarterKind = typer.Option(StarterKind.deck, "--kind", help="deck: a small deck with a back, an image "
                                         "and rules; sheet adds a score sheet, playmat a playmat."),
        root: Path = RootOption, debug: bool = DebugOption):
    """Add a starter game to the project: content/GAME/ and layouts/GAME/, ready to validate and build."""
    from pnp.starter import new_game

    def work():
        _created(root, new_game(root, game, kind.value), game)

    _guard(debug, work)


def _created(root: Path, written: list[Path], game: str) -> None:
    """Say what was made, write the schemas its files name, and what to run next."""
    from pnp.schemas import write_schemas

    for path in written:
        _say(f"created {path}")
    schemas = write_schemas(root, root / "schemas")
    _say(f"wrote {len(schemas)} JSON Schemas into {root / 'schemas'} (for editor autocompletion)")
    where = "" if root == Path(".") else f"cd {root} && "
    _say(f"next: {where}pnp validate {game} && pnp build {game}")


def _import_build() -> None:
    """pnp.build and all it imports (pydantic's models, reportlab...), with the cycle collector paused: what an
    import makes lives as long as the process, and the collector's walks over it as it was made were 15 ms of a
    one-card edit's build. It is set aside from later walks too, until the build gives it back (gc.freeze)."""
    if "pnp.build" in sys.modules:
        return
    import gc

    from pnp.collector import cycle_collector_paused

    with cycle_collector_paused():
        import pnp.build  # noqa: F401
        gc.freeze()


class _progress:
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
                _say(f"{printable(self.label)}: {self.done:,} of {self.total:,} {self.unit}, {rate}/s", err=True)

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


def _terminate(signum, frame):
    from pnp.output import interrupts_held, request_stop

    request_stop()
    if interrupts_held():  # output is being swapped into place: pnp.output raises the interrupt once that is done
        return
    raise KeyboardInterrupt  # a CI cancel or `timeout` stops a build as Ctrl-C does: cleanly


def _quiet_dropped_interrupts(unraisable, default=sys.unraisablehook):
    """An interrupt raised where Python can only drop it (a fork handler, a finaliser) is not a crash: the stop
    it asked for is recorded (pnp.output.request_stop) and honoured before any output is replaced."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        return
    default(unraisable)


def _hold_library_warnings() -> None:
    """The libraries' warnings (Pillow's "Corrupt EXIF data", with its site-packages path) never reach the terminal:
    they say nothing a designer can act on, and what matters of them is pnp's own diagnostic where pnp reads the
    file (pnp.image_files). A developer's -W or PYTHONWARNINGS still shows them. The build's workers, forked from
    this process, hold them too."""
    import warnings

    if not sys.warnoptions:
        warnings.simplefilter("ignore")


class Shell(str, Enum):
    bash = "bash"
    zsh = "zsh"
    fish = "fish"


COMPLETE_VARIABLE = "_PNP_COMPLETE"  # the shell's completion script runs pnp with it set to ask for completions


@app.command()
def completion(shell: Shell = typer.Argument(..., help="bash, zsh or fish.")):
    """Print the shell's completion script for pnp: commands, options, game ids. Add it to your shell's start-up,
    e.g. `eval "$(pnp completion bash)"` in ~/.bashrc, or `pnp completion fish > ~/.config/fish/completions/pnp.fish`."""
    from typer._completion_shared import get_completion_script

    typer.echo(get_completion_script(prog_name="pnp", complete_var=COMPLETE_VARIABLE, shell=shell.value))


def main():
    if COMPLETE_VARIABLE in os.environ:  # the shell asks what may come next: Typer's answers, registered only then
        from typer._completion_classes import completion_init

        completion_init()
    else:
        _in_an_existing_folder()
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGINT, _terminate)
    sys.unraisablehook = _quiet_dropped_interrupts
    _hold_library_warnings()
    try:
        app()
    except SystemExit as done:
        _leave(done.code)
    _leave(0)


def _in_an_existing_folder() -> None:
    """Every command finds its project, names paths and resolves --out from the current folder: one removed after the
    shell went into it (a checkout or a clean-up in another terminal) is exit 2 here, once, not a traceback from
    whichever of them asks first."""
    try:
        os.getcwd()
    except FileNotFoundError:
        _say("error: the current folder no longer exists; cd into a project", err=True)
        _leave(ExitCode.USAGE)


def _leave(code) -> None:
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
