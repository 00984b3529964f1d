"""Load a game's content: every YAML file, checked against its schema.

The result is a `Game`: typed models plus, for every card, the file and key
path it came from, so later checks can still point at the right line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.diagnostics import Diagnostic, relative
from pnp.games import GamePlugin
from pnp.model import Card, DeckEntry, DeckFile, Manifest, RulesFile
from pnp.model.schema_errors import parse_model
from pnp.source import Source, SourceError, load


@dataclass
class CardRecord:
    card: Card
    deck: str
    source: Source
    keypath: tuple  # where this card is defined inside source

    def at(self, *more) -> tuple:
        return self.keypath + more

    def diagnostic(self, code: str, message: str, *more, severity="error") -> Diagnostic:
        return self.source.diagnostic(self.at(*more), code, message, severity)


@dataclass
class Deck:
    entry: DeckEntry
    model: DeckFile
    source: Source
    cards: list[CardRecord] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.entry.id

    @property
    def size(self) -> int:
        return sum(r.card.count for r in self.cards)


@dataclass
class Sheet:
    id: str
    model: object  # the game's sheet model
    source: Source


@dataclass
class Game:
    root: Path
    plugin: GamePlugin
    manifest: Manifest
    manifest_source: Source
    decks: dict[str, Deck]
    rules: RulesFile | None
    rules_source: Source | None
    sheets: dict[str, Sheet] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.manifest.id

    def cards(self):
        for deck in self.decks.values():
            yield from deck.cards

    def card(self, card_id: str) -> CardRecord | None:
        return next((r for r in self.cards() if r.card.id == card_id), None)


def _read(path: Path, problems: list) -> Source | None:
    try:
        return load(path)
    except SourceError as exc:
        problems.extend(exc.diagnostics)
        return None


def load_game(root: Path, plugin: GamePlugin) -> tuple[Game | None, list[Diagnostic]]:
    """Read game.yaml, every deck file and rules.yaml; report every problem found."""
    problems: list[Diagnostic] = []
    manifest_source = _read(root / "game.yaml", problems)
    if manifest_source is None:
        return None, problems
    manifest, errors = parse_model(manifest_source, Manifest)
    problems += errors
    if manifest is None:
        return None, problems
    decks = {}
    for i, entry in enumerate(manifest.decks):
        deck = _load_deck(root, entry, plugin, manifest_source, ("decks", i, "file"), problems)
        if deck:
            decks[entry.id] = deck
    sheets = {}
    for i, entry in enumerate(manifest.sheets):
        sheet = _load_sheet(root, entry, plugin, manifest_source, ("sheets", i, "file"), problems)
        if sheet:
            sheets[entry.id] = sheet
    rules, rules_source = _load_rules(root / manifest.rules, problems)
    game = Game(root, plugin, manifest, manifest_source, decks, rules, rules_source, sheets)
    return game, problems


def _load_listed_file(root, entry, model, kind, manifest_source, where, problems):
    """A file named in game.yaml, read and checked against its model: (source, model) or (None, None)."""
    path = root / entry.file
    if not path.is_file():
        problems.append(manifest_source.diagnostic(
            where, "missing-file", f"{kind} file '{entry.file}' not found under {relative(root)}; create it or fix the path"))
        return None, None
    source = _read(path, problems)
    if source is None:
        return None, None
    parsed, errors = parse_model(source, model)
    problems += errors
    return source, parsed


def _load_sheet(root, entry, plugin, manifest_source, where, problems) -> Sheet | None:
    if plugin.sheet_model is None:
        problems.append(manifest_source.diagnostic(where, "no-sheets", f"game '{plugin.id}' has no sheet model; remove the sheet"))
        return None
    source, model = _load_listed_file(root, entry, plugin.sheet_model, "sheet", manifest_source, where, problems)
    return Sheet(entry.id, model, source) if model else None


def _load_deck(root, entry, plugin, manifest_source, where, problems) -> Deck | None:
    source, model = _load_listed_file(root, entry, DeckFile, "deck", manifest_source, where, problems)
    if model is None:
        return None
    deck = Deck(entry, model, source)
    deck.cards = _suited_cards(model, source, plugin) + _listed_cards(model, source, plugin, problems)
    return deck


def _listed_cards(model: DeckFile, source: Source, plugin, problems) -> list[CardRecord]:
    records = []
    for i, raw in enumerate(model.cards):
        card, errors = parse_model(source, plugin.card_model, raw, ("cards", i))
        problems += errors
        if card:
            records.append(CardRecord(card, model.deck, source, ("cards", i)))
    return records


def _suited_cards(model: DeckFile, source: Source, plugin) -> list[CardRecord]:
    """One card per suit x rank, each pointing back at its suit's entry."""
    if model.suited is None:
        return []
    records = []
    for s, suit in enumerate(model.suits):
        for rank in model.ranks:
            name = f"{rank.name or rank.label} of the {suit.name}"
            card = plugin.card_model(
                id=f"{suit.id}-{rank.label.lower()}", name=name, kind=model.suited.kind,
                difficulty=model.suited.difficulty, text=model.suited.text, flavor=suit.flavor,
                art=suit.art, rank=rank.rank, suit=suit.id,
            )
            records.append(CardRecord(card, model.deck, source, ("suits", s)))
    return records


def _load_rules(path: Path, problems) -> tuple[RulesFile | None, Source | None]:
    source = _read(path, problems)
    if source is None:
        return None, None
    rules, errors = parse_model(source, RulesFile)
    problems += errors
    return rules, source
