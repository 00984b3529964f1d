"""Watching a project: `pnp watch` rebuilds the games a save touches; `pnp validate --watch` validates again.

`pnp watch` takes its changes from watchfiles (the operating system's file events; a burst of saves, as an editor
or a `git checkout` makes, arrives as one batch) on content/, layouts/ and the project's fonts/, never the output
folder nor an editor's temporary files. A change in content/<game>/ or layouts/<game>/ rebuilds that game; one in
layouts/common/, layouts/templates/ or fonts/ every game watched. The loop (`keep_building`) takes the batches as
an argument, so tests hand it changes of their own.

Each rebuild runs in a child forked from the watcher (`isolated`): the imports are paid once, by the watcher, and
nothing a build keeps in memory (reportlab's fonts registered under their file's name, images read by path) can
carry an earlier version of a file into the next build.

`pnp validate --watch` polls instead (no OS events needed: a project of a few hundred small files is stat-ed in
about a millisecond), and validates in the same process: validation's caches follow each file's modification time.
"""
from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

WATCHED = ("content", "layouts")  # what `validate --watch` polls
SOURCES = ("content", "layouts", "fonts")  # what a build reads from the project (and pnp's own defaults)
# editors' temporary files on top of watchfiles' own list (.swp and the like, name~, .#name, .DS_Store): vim's probe
# file 4913, Kate's swap file, and the .tmp/.part files some editors save through
IGNORED_NAMES = (r"^4913$", r"\.kate-swp$", r"\.(tmp|part)$")


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    """Every watched file with its modification time and size: any edit, addition or removal changes it."""
    found = {}
    for folder in WATCHED:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                stat = path.stat()
                found[str(path.relative_to(root))] = (stat.st_mtime_ns, stat.st_size)
    return found


def watch(root: Path, check: Callable[[], None], interval: float = 0.5, polls: int | None = None,
          sleep: Callable[[float], None] = time.sleep) -> int:
    """Run `check` now and after every change, polling every `interval` seconds (`polls` times if given,
    else until interrupted). Returns how many times it ran."""
    last, runs = None, 0
    while polls is None or polls > 0:
        now = snapshot(root)
        if now != last:
            last, runs = now, runs + 1
            check()
        if polls is not None:
            polls -= 1
        sleep(interval)
    return runs


# --- pnp watch ---


def keep_building(root: Path, games: Callable[[], list[str]], rebuild: Callable[[str], None],
                  batches: Iterable[set[Path]], announce: Callable[[set[Path]], None] = lambda batch: None) -> None:
    """Build every game now, then, after each batch of changed paths that touches any, the games it touches (after
    `announce`-ing the batch), until the batches end (watchfiles' never do: Ctrl-C ends them). `games` is asked
    again each time: a game may be added or removed."""
    for game_id in games():
        rebuild(game_id)
    for batch in batches:
        due = touched(root, batch, games())
        if due:
            announce(batch)
        for game_id in due:
            rebuild(game_id)


def touched(root: Path, paths: Iterable[Path], games: list[str]) -> list[str]:
    """The games, of `games`, that a change to `paths` can alter: content/<game>/... and layouts/<game>/... their own
    game; anything else a build reads (layouts/common/, layouts/templates/, fonts/) all of them."""
    found: set[str] = set()
    for path in paths:
        game = _game_of(root, _parts(root, Path(path)))
        if game is None:
            return list(games)
        found.add(game)
    return [game for game in games if game in found]


SHARED_LAYOUTS = ("common", "templates")  # layouts/common/ and layouts/templates/: read by every game's build


def _game_of(root: Path, parts: tuple[str, ...]) -> str | None:
    """The game a changed path (its parts inside the project) belongs to; None when every game reads it; "" when
    no game does."""
    if not parts or parts[0] not in SOURCES:
        return ""
    if parts[0] == "content":
        return parts[1] if len(parts) > 1 else ""  # a file right in content/ is no game, so none is rebuilt for it
    if parts[0] == "fonts" or len(parts) == 1 or parts[1] in SHARED_LAYOUTS:
        return None
    if len(parts) > 2 or (root / "content" / parts[1]).is_dir():
        return parts[1]  # layouts/<game>/..., or that folder itself
    return None  # a file right in layouts/: whichever layout names it reads it


def _parts(root: Path, path: Path) -> tuple[str, ...]:
    """`path`'s parts inside the project, as watchfiles names it (under the resolved folders) or as given."""
    for base in (root.resolve(), root.absolute()):
        try:
            return path.absolute().relative_to(base).parts
        except ValueError:
            continue
    return ()  # not in the project (a folder renamed away): nothing of it is read


def changes(root: Path, out_root: Path) -> Iterator[set[Path]]:
    """Batches of files changed under the project's content/, layouts/ and fonts/ (those that exist when the watch
    starts), as watchfiles reports them: a burst of saves is one batch. Never a file in `out_root` (should it be in
    there), an editor's temporary file, nor a file made and removed within the batch (an editor saving through a
    temporary file and renaming it)."""
    from watchfiles import Change
    from watchfiles import watch as file_events

    folders = [(root / name).resolve() for name in SOURCES if (root / name).is_dir()]
    for batch in file_events(*folders, watch_filter=ignoring(out_root), debounce=1600, step=50):
        made = {path for change, path in batch if change == Change.added}
        passing = made & {path for change, path in batch if change == Change.deleted}
        changed = {Path(path) for _, path in batch if path not in passing or Path(path).exists()}
        if changed:
            yield changed


def ignoring(out_root: Path):
    """watchfiles' filter: its own list of editors' temporary files and tools' folders, ours, and the output."""
    from watchfiles import DefaultFilter

    return DefaultFilter(ignore_entity_patterns=(*DefaultFilter.ignore_entity_patterns, *IGNORED_NAMES),
                         ignore_paths=(os.path.join(out_root.resolve(), ""),))  # inside it, not a name it begins


@dataclass
class Rebuilt:
    result: Any  # pnp.build.game's BuildResult, or None when the content has errors (the old output stays)
    report: Any  # pnp.core.diagnostics.Report: every problem, and the warnings of a good build
    rendered: list[str]  # the files drawn again (those whose inputs changed)
    seconds: float
    preview: Path | None = None  # the gallery written again, if the game has one


def rebuild(root: Path, game_id: str, out_root: Path, difficulty=None, lang: str | None = None) -> Rebuilt:
    """Validate and build one game, or its edition in `lang` (in a child process, see `isolated`), then its preview
    gallery if it has one."""
    start = time.perf_counter()
    result, report, preview = isolated(_build_and_preview, root, game_id, out_root, difficulty, lang)
    rendered = [] if result is None else list(result.rendered)  # pnp.build.game.BuildResult: what this build drew again
    return Rebuilt(result, report, rendered, time.perf_counter() - start, preview)


def warm_up() -> None:
    """What every rebuild's child would otherwise import and read for itself, done once in the watcher: pnp's build
    and typesetting code and its bundled fonts, which no save can change (a project's own fonts are read by each
    build, so an edited font file is seen). A save is then rebuilt without paying pnp's start-up again."""
    import pnp.build.game  # noqa: F401 - inherited by every child forked from here
    import pnp.render.rulebook  # noqa: F401
    from pnp.render.fonts import register_all

    register_all()


def _build_and_preview(root: Path, game_id: str, out_root: Path, difficulty, lang: str | None = None) -> tuple:
    from pnp.build.game import BuildOptions, BuildTarget, build

    result, report = build(BuildTarget(root, game_id, out_root), BuildOptions(difficulty, lang=lang))
    gallery = None if result is None else result.out_dir / "preview" / "index.html"
    if gallery is None or not gallery.is_file():
        return result, report, None
    try:  # pnp.build.preview is another part of issue 20, written beside this one: without it there is no gallery to keep
        from pnp.build.preview import write_preview
    except ModuleNotFoundError as exc:
        if exc.name != "pnp.build.preview":
            raise  # pnp.build.preview is there but cannot import what it needs: a bug to report, not a gallery to skip
        return result, report, None
    write_preview(root, game_id, out_root, difficulty, lang=lang)
    return result, report, gallery


def isolated(work: Callable, *args):
    """`work(*args)` in a child forked from this process: its return value, or its exception raised here. The
    child starts with what the watcher has imported and none of what an earlier build cached. Ctrl-C is the
    watcher's to handle: the child ignores it, and is stopped by SIGTERM (a build then cleans up as for Ctrl-C).
    Where the platform cannot fork, `work` runs here."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return work(*args)
    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(target=_run_in_child, args=(sending, work, args))  # not a daemon: a build forks workers
    child.start()
    sending.close()
    try:
        kind, value = receiving.recv()
    except EOFError:  # the child died without a word (killed for memory, say)
        child.join()
        raise RuntimeError(f"the build process ended without a result (exit code {child.exitcode})") from None
    except BaseException:  # Ctrl-C or SIGTERM reached the watcher: the child stops too, cleaning up as it goes
        receiving.close()  # before waiting: a child writing its result must not wait for a reader that is gone
        if child.is_alive():
            child.terminate()
        child.join()
        raise
    receiving.close()
    child.join()
    if kind == "raised":
        raise value
    return value


def _run_in_child(sending, work: Callable, args: tuple) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        message = ("returned", work(*args))
    except BaseException as exc:  # noqa: BLE001 - handed to the watcher, which decides (KeyboardInterrupt included)
        exc.child_traceback = traceback.format_exc()  # shown by --debug: the watcher's own traceback ends at recv()
        message = ("raised", exc)
    try:
        try:
            sending.send(message)
        except (pickle.PicklingError, TypeError, AttributeError):  # an exception that cannot cross: its words can
            sending.send(("raised", RuntimeError(f"{type(message[1]).__name__}: {message[1]}")))
    except OSError:  # the watcher stopped listening: it was interrupted, and only waits for this child to end
        pass
    finally:
        sending.close()
