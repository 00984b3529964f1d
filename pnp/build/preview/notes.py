"""The validator's warnings, each on the card it concerns.

A diagnostic carries file:line:col; a card record knows the file and key path it was read from, and every
value under that key path has a position. A warning lands on the card whose lines (in the same file) hold it,
the narrowest such card when several do (cards made from one suit entry share its lines: the warning is each
one's). A warning on no card (a layout file, game.yaml) is shown with the game.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from pnp.content.game import Game
from pnp.core.diagnostics import Diagnostic


@dataclass(frozen=True)
class Note:
    place: str  # file:line:col (or file:Sheet!C12), the file relative to the project
    severity: str
    code: str
    message: str


def project_path(path: str | Path, root: Path) -> str:
    """A file's path relative to the project folder when it is inside it (the same wherever pnp runs from)."""
    absolute = Path(path) if Path(path).is_absolute() else Path.cwd() / path
    try:
        return absolute.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError):
        return str(path)


def place_notes(diagnostics: list[Diagnostic], game: Game, root: Path) -> tuple[dict[str, list[Note]], list[Note]]:
    """(card id -> its notes, the notes on no card), each in file and line order."""
    spans = card_spans(game, root)
    on_cards: dict[str, list[Note]] = defaultdict(list)
    loose = []
    for diagnostic in sorted(diagnostics):
        path = project_path(diagnostic.path, root)
        note = Note(f"{path}:{diagnostic.cell or f'{diagnostic.line}:{diagnostic.col}'}", diagnostic.severity,
                    diagnostic.code, diagnostic.message)
        cards = _cards_at(spans.get(path, []), diagnostic.line)
        for card_id in cards:
            on_cards[card_id].append(note)
        if not cards:
            loose.append(note)
    return dict(on_cards), loose


def card_spans(game: Game, root: Path) -> dict[str, list[tuple[int, int, str]]]:
    """Per file (relative to the project), each card's (first line, last line, id)."""
    by_source = defaultdict(list)
    for record in game.cards():
        by_source[id(record.source)].append(record)
    spans = defaultdict(list)
    for records in by_source.values():
        source = records[0].source
        lengths = {len(record.keypath) for record in records}
        lines = defaultdict(list)  # a card's key path -> the lines of every value under it
        for keypath, (line, _) in source.positions.items():
            for length in lengths:
                lines[keypath[:length]].append(line)
        for record in records:
            found = lines.get(record.keypath) or [source.at(record.keypath)[0]]
            spans[project_path(source.path, root)].append((min(found), max(found), record.card.id))
    return dict(spans)


def _cards_at(spans: list[tuple[int, int, str]], line: int) -> list[str]:
    holding = [(last - first, card_id) for first, last, card_id in spans if first <= line <= last]
    narrowest = min((width for width, _ in holding), default=None)
    return list(dict.fromkeys(card_id for width, card_id in holding if width == narrowest))
