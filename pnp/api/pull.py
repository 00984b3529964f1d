"""The pull recipe of `pnp pull`: each deck whose game.yaml entry names a published address (`pull:`) fetched into
its own `file:`, and where it came from recorded beside it.

The deck's file is replaced only by a whole answer that is the file's format (pnp.reading.fetch checks it), written
beside it and renamed into place (pnp.core.output.write_file): an address that cannot be reached, an error status,
a timeout, an answer too large or of another format leave the last file exactly as it was. An answer the same as
the file writes nothing, so a build after it has nothing to do.

Beside the file, `<file>.pulled.yaml` (decks/heroes.csv.pulled.yaml) records the address, when this content was
fetched (UTC) and its SHA-256, for the designer and for git; nothing in pnp reads it (validate and build read the
deck's file alone, as game.yaml names it, and never touch the network).
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from pnp.api.games import chosen_games
from pnp.core.diagnostics import Diagnostic
from pnp.core.limits import MAX_PULL_BYTES
from pnp.core.output import OutputError, write_file, write_text
from pnp.core.paths import inside
from pnp.reading.fetch import FORMATS, FetchError, address_problem, fetch

RECORD_SUFFIX = ".pulled.yaml"


@dataclass(frozen=True)
class PullRequest:
    """`pnp pull`: which games (`game` None: every game); `dry_run` fetches and checks, and writes nothing."""
    root: Path
    game: str | None = None
    dry_run: bool = False


@dataclass(frozen=True)
class PulledDeck:
    """One deck's pull: its file now holds `bytes` bytes of SHA-256 `digest` (`changed`: other than before), or
    `error` says why nothing was written and what to do (`usage`: the address or the file is one pnp does not
    pull, exit 2; else what the address gave, exit 1)."""
    game: str
    deck: str
    address: str
    file: str  # relative to the project
    bytes: int = 0
    digest: str = ""
    changed: bool = False
    error: str = ""
    usage: bool = False

    def to_dict(self) -> dict:
        return {"game": self.game, "deck": self.deck, "address": self.address, "file": self.file,
                "bytes": self.bytes, "sha256": self.digest, "changed": self.changed, "error": self.error}


@dataclass
class Pull:
    games: list[str]  # the games asked about
    decks: list[PulledDeck] = field(default_factory=list)  # each deck with a `pull:` address, in game.yaml's order
    diagnostics: list[Diagnostic] = field(default_factory=list)  # game.yaml files that cannot be read

    @property
    def ok(self) -> bool:
        return not self.diagnostics and not any(deck.error for deck in self.decks)

    @property
    def usage(self) -> bool:
        return any(deck.usage for deck in self.decks)

    def to_dict(self) -> dict:
        return {"ok": self.ok, "decks": [deck.to_dict() for deck in self.decks],
                "diagnostics": [asdict(d) for d in sorted(self.diagnostics)]}


def pull_decks(request: PullRequest) -> Pull:
    from pnp.content.game import load_manifest

    games = chosen_games(request.root, request.game)
    done = Pull(games)
    for game_id in games:
        folder = request.root / "content" / game_id
        _, manifest, problems = load_manifest(folder)
        done.diagnostics += [problem for problem in problems if problem.severity == "error"]
        if manifest is None:
            continue
        for entry in manifest.decks:
            if entry.pull is not None:
                done.decks.append(_pull_deck(request, folder, game_id, entry))
    return done


def _pull_deck(request: PullRequest, folder: Path, game_id: str, entry) -> PulledDeck:
    shown = (Path("content") / game_id / entry.file).as_posix()
    pulled = PulledDeck(game_id, entry.id, entry.pull, shown)
    problem = _not_pulled(folder, entry)
    if problem:
        return replace(pulled, error=problem, usage=True)
    try:
        data = fetch(entry.pull, Path(entry.file).suffix).data
    except FetchError as exc:
        return replace(pulled, error=str(exc))
    digest = hashlib.sha256(data).hexdigest()
    pulled = replace(pulled, bytes=len(data), digest=digest, changed=_kept(folder / entry.file) != data)
    if request.dry_run:
        return pulled
    try:
        _keep(folder / entry.file, data, pulled)
    except OutputError as exc:
        return replace(pulled, changed=False, error=str(exc), usage=True)
    return pulled


def _not_pulled(folder: Path, entry) -> str | None:
    """Why this deck's address or file is none pnp pulls (a usage error, before anything is fetched), or None."""
    problem = address_problem(entry.pull)
    if problem:
        return f"the pull: address {problem}"
    if Path(entry.file).suffix.lower() not in FORMATS:
        return (f"the deck's file '{entry.file}' is no spreadsheet: pnp pull fetches a .csv or .xlsx file; name one "
                "in file:")
    _, wrong = inside(folder, entry.file)
    if wrong:
        return f"the deck's file {wrong}"
    return None


def _kept(path: Path) -> bytes | None:
    """The deck file's bytes as they are, to compare: None where there is no regular file (never through a link)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return None
        return handle.read(MAX_PULL_BYTES + 1)


def _keep(path: Path, data: bytes, pulled: PulledDeck) -> None:
    """The answer in the deck's file and its record beside it, each written whole and renamed into place; the same
    content from the same address writes nothing (the record keeps when that content first came)."""
    record = path.with_name(path.name + RECORD_SUFFIX)
    if pulled.changed:
        write_file(path, lambda temporary: temporary.write_bytes(data))
    elif _same_record(record, pulled):
        return
    write_text(record, _record_text(pulled, time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))


def _record_text(pulled: PulledDeck, when: str) -> str:
    """The record, YAML whose values are JSON strings (YAML reads them alike), so any address is written safely."""
    return (f"# written by `pnp pull`: where {Path(pulled.file).name} came from. pnp validate and pnp build never "
            "read this file.\n"
            f"address: {json.dumps(pulled.address)}\npulled: {json.dumps(when)}\n"
            f"sha256: {json.dumps(pulled.digest)}\nbytes: {pulled.bytes}\n")


def _same_record(record: Path, pulled: PulledDeck) -> bool:
    """Whether the record there already says this address and this content (its time aside)."""
    kept = _kept(record)
    if kept is None:
        return False
    wanted = [line for line in _record_text(pulled, "").splitlines() if not line.startswith("pulled:")]
    return [line for line in kept.decode("utf-8", "replace").splitlines() if not line.startswith("pulled:")] == wanted
