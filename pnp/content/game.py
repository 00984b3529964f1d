"""Load a game's content: every YAML file, checked against its schema.

The result is a `Game`: typed models plus, for every card, the file and key
path it came from, so later checks can still point at the right line. Which
Python package (if any) the game has is decided by the caller from the
manifest (pnp.content.discovery); this module only uses what the plugin declares.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pnp.core.diagnostics import Diagnostic, relative
from pnp.core.limits import MAX_DECKS, MAX_SHEETS
from pnp.core.paths import file_kind, inside
from pnp.defaults import words
from pnp.engine.plugin import GamePlugin
from pnp.engine.vocabulary import Vocabulary, Word
from pnp.model import Card, DeckEntry, DeckFile, Manifest, RulesFile
from pnp.model.fields import extend_card_model, shadowed
from pnp.model.schema_errors import parse_model
from pnp.model.sheet import GenericSheet
from pnp.reading.source import Source, SourceError, load
from pnp.reading.tables import RowFilter, TableReading, deck_name, is_table, load_table_deck


@dataclass
class CardRecord:
    card: Card
    deck: str
    source: Source
    keypath: tuple  # where this card is defined inside source
    back: Card | None = None  # the card's second face, for a double-sided card

    def at(self, *more) -> tuple:
        return self.keypath + more

    def diagnostic(self, code: str, message: str, *more, severity="error") -> Diagnostic:
        return self.source.diagnostic(self.at(*more), code, message, severity)

    def sides(self):
        """(card, key path) of each face with content of its own: the front, and the back if it has one."""
        yield self.card, self.keypath
        if self.back is not None:
            yield self.back, self.keypath + ("back",)


@dataclass
class Deck:
    entry: DeckEntry
    model: DeckFile
    source: Source
    cards: list[CardRecord] = field(default_factory=list)
    # ids of cards that failed their own check (already reported): not counted, yet not "missing" either
    unparsed: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.entry.id

    @property
    def size(self) -> int:
        return sum(r.card.count for r in self.cards)


@dataclass
class Sheet:
    id: str
    kind: str  # scoresheet, playmat or board
    model: Any  # the game's sheet model, or GenericSheet
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
    card_model: type[Card] = Card  # the plugin's card model with the fields game.yaml declares
    vocabulary: Vocabulary = field(default_factory=lambda: Vocabulary([]))
    settings: Any = None  # the plugin's settings model, checked; or game.yaml's settings as written
    unreadable_decks: list[str] = field(default_factory=list)  # ids of decks whose file failed to load (reported)
    lang: str | None = None  # the edition's language (pnp.content.translations.apply); None: as written
    words: dict[str, str] = field(default_factory=dict)  # pnp's words as the edition's translations say them
    _card_index: dict = field(default_factory=dict, repr=False, compare=False)
    _card_index_size: int = field(default=-1, repr=False, compare=False)
    _references: dict = field(default_factory=dict, repr=False, compare=False)  # pnp.rules.tree.build_reference's

    @property
    def id(self) -> str:
        return self.manifest.id

    @cached_property
    def emblems(self) -> dict:
        """The emblems every game has (pnp.core.emblems), and the game package's own, which win on a shared name."""
        from pnp.core.emblems import EMBLEMS

        return {**EMBLEMS, **self.plugin.emblems}

    def cards(self):
        for deck in self.decks.values():
            yield from deck.cards

    def card(self, card_id: str) -> CardRecord | None:
        """The card of that id (the first, if two share it): a lookup, as checks and exports ask it per link."""
        size = sum(len(deck.cards) for deck in self.decks.values())  # decks fill while the game loads
        if self._card_index_size != size:
            index = {}
            for record in self.cards():
                index.setdefault(record.card.id, record)
            self._card_index, self._card_index_size = index, size
        return self._card_index.get(card_id)

    @property
    def complete(self) -> bool:
        """Every deck file was read and every card passed its own check. Checks that count cards report nothing
        otherwise: the broken file or card is reported already, and counting without it would only add errors that
        go away once it is fixed."""
        return not self.unreadable_decks and not any(deck.unparsed for deck in self.decks.values())

    def names_card(self, card_id: str) -> bool:
        """Whether a reference to `card_id` may stand: a card of the game, a card that failed its own check, or any
        id at all while a deck file cannot be read (its cards are unknown, so nothing "points at nothing")."""
        return bool(self.unreadable_decks) or card_id in self.unparsed_ids or self.card(card_id) is not None

    @property
    def unparsed_ids(self) -> set[str]:
        return {card_id for deck in self.decks.values() for card_id in deck.unparsed}


# How each content file read is given to the models: as written, or in an edition's language (pnp.content.translations
# sets it while it loads a game in that language, so every file, YAML or spreadsheet, is translated the same way).
_EDITION: ContextVar = ContextVar("edition", default=None)


@contextmanager
def reading_as(translate):
    """Within: every content file load_game reads is `translate(source)` before its models see it."""
    token = _EDITION.set(translate)
    try:
        yield
    finally:
        _EDITION.reset(token)


def _as_read(source: Source | None) -> Source | None:
    translate = _EDITION.get()
    return source if source is None or translate is None else translate(source)


def _read(path: Path, problems: list, within: Path) -> Source | None:
    try:
        return _as_read(load(path, within))
    except SourceError as exc:
        problems.extend(exc.diagnostics)
        return None


def load_manifest(folder: Path) -> tuple[Source | None, Manifest | None, list[Diagnostic]]:
    """game.yaml, read and checked: the first thing known about a game."""
    problems: list[Diagnostic] = []
    source = _read(folder / "game.yaml", problems, folder)
    if source is None:
        return None, None, problems
    manifest, errors = parse_model(source, Manifest)
    return source, manifest, problems + errors


def load_game(folder: Path, plugin: GamePlugin, manifest_source: Source, manifest: Manifest) -> tuple[Game, list[Diagnostic]]:
    """Every deck file, sheet file and rules.yaml of a game; every problem found."""
    problems: list[Diagnostic] = []
    card_model = _card_model(plugin, manifest, manifest_source, problems)
    vocabulary = _vocabulary(plugin, manifest, manifest_source, problems)
    settings = _settings(plugin, manifest, manifest_source, problems)
    lang = (manifest.languages or [words.ENGLISH])[0]  # the language the content is written in
    decks, unreadable = {}, []
    for i, entry in enumerate(manifest.decks[:MAX_DECKS]):  # more decks are refused unread (pnp.checks.estimate)
        if entry.id in decks:
            continue  # a second deck of the same id: reported by the generic checks
        deck = _load_deck(folder, entry, card_model, manifest_source, ("decks", i, "file"), problems, lang)
        if deck:
            decks[entry.id] = deck
        else:
            unreadable.append(entry.id)
    sheets = {}
    for i, entry in enumerate(manifest.sheets[:MAX_SHEETS]):
        if entry.id in sheets:
            continue
        source, model = _load_listed_file(folder, entry, plugin.sheet_model or GenericSheet, "sheet",
                                          manifest_source, ("sheets", i, "file"), problems)
        if model:
            sheets[entry.id] = Sheet(entry.id, entry.kind, model, source)
    rules, rules_source = _load_rules(folder, manifest.rules, manifest_source, problems)
    game = Game(folder, plugin, manifest, manifest_source, decks, rules, rules_source, sheets, card_model, vocabulary,
                settings, unreadable)
    return game, problems


def _card_model(plugin: GamePlugin, manifest: Manifest, source: Source, problems: list) -> type[Card]:
    """The plugin's card model, plus the fields game.yaml declares (none may hide a name the card has)."""
    declared = {}
    for name, spec in manifest.card_fields.items():
        clash = shadowed(name, plugin.card_model)
        if clash:
            problems.append(source.diagnostic(("card_fields", name), "field-clash",
                            f"'{name}' {clash}; give the new field another name", on_key=True))
        else:
            declared[name] = spec
    return extend_card_model(plugin.card_model, declared, manifest.id)


def _settings(plugin: GamePlugin, manifest: Manifest, source: Source, problems: list) -> Any:
    """game.yaml's settings, checked by the game package's model (as written, for a game without one). Where some
    are wrong (each reported at its line), the game's checks still run, on the settings that are right and the
    model's defaults for the rest, so the rest of the game is checked in the same run; the game never plays so."""
    if plugin.settings_model is None:
        return manifest.settings
    settings, errors = parse_model(source, plugin.settings_model, manifest.settings, ("settings",))
    problems += errors
    if settings is not None:
        return settings
    wrong = set()
    try:
        plugin.settings_model.model_validate(manifest.settings)
    except ValidationError as exc:
        wrong = {error["loc"][0] for error in exc.errors() if error["loc"]}
    for stand_in in ({key: value for key, value in manifest.settings.items() if key not in wrong}, {}):
        try:
            return plugin.settings_model.model_validate(stand_in)
        except ValidationError:
            continue
    return None  # no stand-in either: the game's own checks are skipped (pnp.checks.generic.check_game)


def _vocabulary(plugin: GamePlugin, manifest: Manifest, source: Source, problems: list) -> Vocabulary:
    """The game package's effect words, or those game.yaml declares (a game has one or the other)."""
    if plugin.vocabulary is not None:
        if manifest.vocabulary:
            problems.append(source.diagnostic(("vocabulary",), "vocabulary", "this game's Python package defines "
                            "its effect words; remove vocabulary: from game.yaml", on_key=True))
        return plugin.vocabulary
    words = []
    for name, spec in manifest.vocabulary.items():
        words.append(Word(name, spec.glossary, spec.template, tuple(spec.choices),
                          tuple(spec.range) if spec.range else None, spec.rule))
    return Vocabulary(words)


def _listed_path(folder: Path, name: str, kind: str, manifest_source: Source, where: tuple, problems) -> Path | None:
    """A file game.yaml names, inside the game's folder; every way it is not is a diagnostic at its line."""
    path, wrong = inside(folder, name)
    if wrong:
        problems.append(manifest_source.diagnostic(where, "outside", f"{kind} file {wrong}"))
        return None
    found = file_kind(path)
    if found == "missing":
        problems.append(manifest_source.diagnostic(
            where, "missing-file", f"{kind} file '{name}' not found under {relative(folder)}; create it or fix the path"))
        return None
    if found:  # a folder, a pipe, a device: reported where game.yaml names it, never opened
        problems.append(manifest_source.diagnostic(where, "not-a-file", f"{kind} file '{name}' is {found}; "
                                                   "content must be plain files"))
        return None
    return path


def _load_listed_file(folder, entry, model, kind, manifest_source, where, problems):
    """A file named in game.yaml, read and checked against its model: (source, model) or (None, None)."""
    path = _listed_path(folder, entry.file, kind, manifest_source, where, problems)
    if path is None:
        return None, None
    source = _read(path, problems, folder)
    if source is None:
        return None, None
    parsed, errors = parse_model(source, model)
    problems += errors
    return source, parsed


def _load_deck(folder, entry, card_model, manifest_source, where, problems, lang: str) -> Deck | None:
    left_out: list[str] = []
    if is_table(entry.file):
        source, model = _load_table_deck(folder, entry, card_model, manifest_source, where, problems, left_out)
    else:
        if entry.table is not None:
            problems.append(manifest_source.diagnostic(where[:-1] + ("table",), "table", f"table: says how a "
                            f"spreadsheet deck (.csv or .xlsx) is read, and '{entry.file}' is YAML; remove table:",
                            on_key=True))
        source, model = _load_listed_file(folder, entry, DeckFile, "deck", manifest_source, where, problems)
    if model is None:
        return None
    deck = Deck(entry, model, source)
    deck.cards = _suited_cards(entry.id, model, source, card_model, problems, lang) + _listed_cards(entry.id, model, source, card_model, problems)
    listed = {r.card.id for r in deck.cards}
    deck.unparsed = [str(raw.get("id")) for raw in model.cards
                     if isinstance(raw, dict) and str(raw.get("id")) not in listed] + left_out
    return deck


def _load_table_deck(folder, entry, card_model, manifest_source, where, problems, left_out: list):
    """A deck kept in a CSV or XLSX file (pnp.reading.tables), read as its `table:` says: into the same shape as a
    YAML deck, then checked alike. Rows left out as reported already (an id made twice) go to `left_out`."""
    path = _listed_path(folder, entry.file, "deck", manifest_source, where, problems)
    if path is None:
        return None, None
    try:
        read = load_table_deck(path, folder, entry.id, entry.name or deck_name(entry.id), card_model,
                               _table_reading(entry, manifest_source, where[:-1] + ("table",)))
    except SourceError as exc:
        problems.extend(exc.diagnostics)
        return None, None
    problems += read.problems
    left_out += read.left_out
    source = _as_read(read.source)
    parsed, errors = parse_model(source, DeckFile)
    problems += errors
    return source, parsed


def _table_reading(entry: DeckEntry, manifest_source: Source, where: tuple) -> TableReading:
    """game.yaml's `table:` of a deck as pnp.reading.tables takes it, its mistakes reported at their lines there."""
    table = entry.table
    if table is None:
        return TableReading()

    def setting(keypath: tuple, code: str, message: str, on_key: bool = False) -> Diagnostic:
        return manifest_source.diagnostic(where + keypath, code, message, on_key=on_key)

    include = None
    if table.include is not None:
        values = table.include.equals if isinstance(table.include.equals, list) else [table.include.equals]
        include = RowFilter(table.include.column, tuple(values))
    return TableReading(table.sheet, table.header_row, dict(table.columns), tuple(table.ignore), table.copies,
                        table.id_from, include, setting)


def _listed_cards(deck_id: str, model: DeckFile, source: Source, card_model, problems) -> list[CardRecord]:
    records = []
    for i, raw in enumerate(model.cards):
        card, errors = parse_model(source, card_model, raw, ("cards", i))
        problems += errors
        if card:
            back = _back_side(card, source, card_model, ("cards", i), problems) if card.back is not None else None
            records.append(CardRecord(card, deck_id, source, ("cards", i), back))
    return records


def _back_side(card: Card, source: Source, card_model, keypath: tuple, problems) -> Card | None:
    """A double-sided card's second face: the same keys as a card, sharing the card's id and count."""
    raw = dict(card.back)
    for key in ("id", "count", "back"):
        if key in raw:
            problems.append(source.diagnostic(keypath + ("back", key), "back-key", f"a card's back side has no '{key}' "
                            "of its own (it shares the card's id and count); remove it", on_key=True))
            raw.pop(key)
    side, errors = parse_model(source, card_model, {**raw, "id": card.id}, keypath + ("back",))
    problems += errors
    return side


def _suited_cards(deck_id: str, model: DeckFile, source: Source, card_model, problems, lang: str) -> list[CardRecord]:
    """One card per suit x rank, each pointing back at its suit's entry, named as the deck's `suited: name:` says,
    else as pnp names them in the game's language `lang` ("{rank} of the {suit}"; an edition translates either)."""
    if model.suited is None:
        return []
    pattern = model.suited.name or words.table(lang).get("suited-name") or words.table(words.ENGLISH)["suited-name"]
    records = []
    for s, suit in enumerate(model.suits):
        for rank in model.ranks:
            name = words.fill(pattern, {"rank": rank.name or rank.label, "suit": suit.name})
            raw = {"id": f"{suit.id}-{rank.label.lower()}", "name": name,
                   "kind": model.suited.kind, "difficulty": model.suited.difficulty, "text": model.suited.text,
                   "flavor": suit.flavor, "art": suit.art, "rank": rank.rank, "suit": suit.id}
            card, errors = parse_model(source, card_model, raw, ("suits", s))
            problems += errors
            if card:
                records.append(CardRecord(card, deck_id, source, ("suits", s)))
    return records


def _load_rules(folder: Path, name: str, manifest_source: Source, problems) -> tuple[RulesFile | None, Source | None]:
    path = _listed_path(folder, name, "rules", manifest_source, ("rules",), problems)
    source = _read(path, problems, folder) if path else None
    if source is None:
        return None, None
    rules, errors = parse_model(source, RulesFile)
    problems += errors
    return rules, source


def unlisted_kind(game: Game, deck_id: str, kind: str) -> bool:
    """Whether a card's kind is one its deck's composition (game.yaml) leaves out: pnp.checks.generic reports it once,
    at the card, and pnp.content.binding does not report the face the layout lacks for it as well."""
    deck = game.decks.get(deck_id)
    return deck is not None and not deck.unparsed and bool(deck.entry.composition) and kind not in deck.entry.composition
