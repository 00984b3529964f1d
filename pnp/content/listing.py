"""`pnp list`: each game's title, players, decks with their card counts, sheets, and whether it has an engine.

A designer asks for it often, so it must answer at once (issue 20: 0.15 s): it skims the files (game.yaml, each
deck's name and cards, each sheet's name; pnp.reading.source.skim) instead of loading and checking every game, which costs
the pydantic models, the game packages and a few hundred milliseconds. Checking is `pnp validate`'s job. Where the
skim cannot say what a full load would (a spreadsheet deck, a game package pnp does not ship, a value of the wrong
kind, a file that does not read), the game is loaded the full way, so its line reads as it always did.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.core.limits import MAX_COPIES, MAX_DECKS, MAX_SHEETS
from pnp.core.paths import inside, is_inside
from pnp.reading.source import SourceError, skim

GAMES = Path(__file__).resolve().parents[1] / "games"  # the game packages that ship with pnp
TABLES = (".csv", ".xlsx")  # pnp.reading.tables.TABLE_SUFFIXES, which is not imported: pnp.reading.tables imports pydantic


@dataclass(frozen=True)
class Listing:
    title: str
    players: tuple[int, int]  # the fewest and the most
    decks: tuple[tuple[str, int], ...]  # each deck's name and its cards, copies included
    sheets: tuple[str, ...]  # each sheet's name
    engine: bool

    def line(self, game_id: str) -> str:
        low, high = self.players
        count = f"{low}-{high} players" if low != high else f"{low} player(s)"
        parts = [f"{name} {cards}" for name, cards in self.decks] + list(self.sheets)
        parts.append("an engine" if self.engine else "no engine")
        return f"{game_id}: {self.title}, {count}; {', '.join(parts)}"

    def to_dict(self, game_id: str) -> dict:
        """The listing for `pnp list --format json` (docs/reference/json.md names every key)."""
        return {"game": game_id, "title": self.title, "players": {"min": self.players[0], "max": self.players[1]},
                "decks": [{"name": name, "cards": cards} for name, cards in self.decks],
                "sheets": list(self.sheets), "engine": self.engine}


def listing(root: Path, game_id: str) -> Listing | None:
    """The game's listing, or None when it does not load (`pnp validate` says why)."""
    return skimmed(root, game_id) or loaded(root, game_id)


def loaded(root: Path, game_id: str) -> Listing | None:
    """The listing of the game loaded and checked the full way."""
    from pnp.content.discovery import load

    game, _ = load(root, game_id)
    if game is None:
        return None
    decks = tuple((d.model.name, d.size) for d in game.decks.values())
    players = game.manifest.players
    return Listing(game.manifest.title, (players.min, players.max), decks, tuple(s.model.name for s in game.sheets.values()),
                   game.plugin.has_engine)


def skimmed(root: Path, game_id: str) -> Listing | None:
    """The listing as the files say it, or None where only a full load can tell."""
    folder = root / "content" / game_id
    if not (is_inside(root / "content", folder) and is_inside(root, folder)):
        return None
    manifest = _skim(folder, "game.yaml")
    if not isinstance(manifest, dict):
        return None
    title, players, engine = _text(manifest.get("title")), manifest.get("players"), _engine(manifest.get("plugin"))
    if title is None or engine is None or not isinstance(players, dict):
        return None
    low, high = players.get("min"), players.get("max")
    if not (isinstance(low, int) and isinstance(high, int) and 1 <= low <= high):
        return None
    decks, sheets = _entries(manifest.get("decks", []), MAX_DECKS), _entries(manifest.get("sheets", []), MAX_SHEETS)
    if decks is None or sheets is None:
        return None
    deck_parts, sheet_names = [], []
    for entry in decks:
        deck = None if entry["file"].lower().endswith(TABLES) else _skim(folder, entry["file"])
        size = _deck_size(deck) if isinstance(deck, dict) else None
        if size is None or _text(deck.get("name")) is None:
            return None
        deck_parts.append((_text(deck["name"]), size))
    for entry in sheets:
        sheet = _skim(folder, entry["file"])
        if not isinstance(sheet, dict) or _text(sheet.get("name")) is None:
            return None
        sheet_names.append(_text(sheet["name"]))
    return Listing(title, (low, high), tuple(deck_parts), tuple(sheet_names), engine)


def _skim(folder: Path, name) -> object:
    path, wrong = inside(folder, name) if isinstance(name, str) else (None, "not a name")
    if wrong:
        return None
    try:
        return skim(path)  # `inside` has followed the links and found it in the game's folder
    except SourceError:
        return None


def _text(value) -> str | None:
    """A name or title as the models keep it (stripped, never empty)."""
    return value.strip() or None if isinstance(value, str) else None


def _engine(plugin) -> bool | None:
    """Whether the game has an engine, or None when only importing its package can tell (one pnp does not ship).
    Every package that ships with pnp names its playtest plan `pnp.games.<name>.playtest:PLAN` (tests/test_listing.py
    holds every bundled game's skimmed listing to its loaded one)."""
    if plugin is None:
        return False  # a content-only game
    if not isinstance(plugin, str) or not plugin.isidentifier() or not (GAMES / plugin / "__init__.py").is_file():
        return None
    return (GAMES / plugin / "playtest.py").is_file()


def _entries(entries, limit: int) -> list[dict] | None:
    """game.yaml's deck or sheet entries as the loader takes them: the first of an id, up to the limit; None where
    one is not an id and a file."""
    if not isinstance(entries, list):
        return None
    taken, seen = [], set()
    for entry in entries[:limit]:
        if not (isinstance(entry, dict) and isinstance(entry.get("id"), str) and isinstance(entry.get("file"), str)):
            return None
        if entry["id"] not in seen:
            seen.add(entry["id"])
            taken.append(entry)
    return taken


def _deck_size(deck: dict) -> int | None:
    """Cards of a YAML deck, copies included: one per suit and rank of a suited deck, plus each card's count."""
    cards, suits, ranks = deck.get("cards", []), deck.get("suits", []), deck.get("ranks", [])
    if not (isinstance(cards, list) and isinstance(suits, list) and isinstance(ranks, list)):
        return None
    size = len(suits) * len(ranks) if deck.get("suited") is not None else 0
    for card in cards:
        count = card.get("count", 1) if isinstance(card, dict) else None
        if not (isinstance(count, int) and 1 <= count <= MAX_COPIES):  # skim() reads true as SKIPPED, never 1
            return None
        size += count
    return size
