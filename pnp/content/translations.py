"""Translated editions: a game's texts in another language, kept beside its content and checked like it.

    game.yaml  languages: [en, fr]         the first is the language the content is written in; the rest are editions
    translations/fr.yaml                    texts: {KEY: text, or {text: ..., source: DIGEST}}
    translations/texts.xlsx (or .csv)       or one sheet: a `key` column and a column per language

A text's KEY is where it lives in the content: the content file's path from the game folder without its suffix
(`game`, `rules`, `decks/market`), then the path to the value, each list item named by its `id` (an item without one by
its position, from 1): `decks/market/cards/apples/name`, `rules/sections/setup/rules/deal/text`. Only the words
players read are texts (TRANSLATABLE): never ids, art, kinds, effects, settings.

`apply(game, lang)` loads the game again with each file's texts replaced by their translations (pnp.content.game's
`reading_as`): every check, fit and drawing then works on the edition as it prints. A translated value remembers where
it was written (TranslatedSource): a French text that overflows its box is a diagnostic at its line of fr.yaml, marked
`[fr]`. `SOURCE`, a translation's digest, is the first 8 hex digits of the sha256 of the source text it was made from:
when the source text changes, the translation is stale (a warning until it is checked and stamped again).
"""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator

from pnp.core.diagnostics import Diagnostic, UsageError, did_you_mean, relative, shortened
from pnp.core.paths import file_kind
from pnp.reading.source import Source, SourceError, load

FOLDER = "translations"
SHEETS = ("texts.xlsx", "texts.csv")  # the spreadsheet alternative: one file, a column per language
# The keys whose text players read: a name, a title, a card's text and flavour, a rule, a glossary term, a sheet's label.
TRANSLATABLE = frozenset({"title", "tagline", "intro", "name", "text", "flavor", "example", "term", "label", "word",
                          "meaning", "glossary", "template", "edition", "thanks"})  # credits' sentences too
TRANSLATABLE_LISTS = frozenset({"rows", "index", "also"})  # lists of plain texts players read (a scoresheet's rows,
# the words rules.yaml adds to the index, and the other forms an index word is said in); an item written as a mapping
# ({term: ..., also: [...]}) has its texts keyed below its position (rules/index/3/term, rules/index/3/also/1)
TRANSLATABLE_MAPS = frozenset({"difficulty_levels", "labels"})  # mappings of texts players read (what each colour
# adds, what the rulebook calls a kind or a part)
# Lists whose items have no id and are named by another key, itself a code, never text: a rank by its label (J), which
# the ids of a suited deck's cards are made of.
NAMED_BY = {"ranks": "label"}
# What is never text, however its keys are named: effects, the engine's numbers, how a spreadsheet is read.
NOT_TEXT = frozenset({"effects", "settings", "table", "card_fields", "composition", "pull",
                      "showcase", "columns", "ignore"})
DIGEST = re.compile(r"^[0-9a-f]{8}$")
# what a translator keeps as written: links ({card:x}, {term:x}, {rule:x}, {count:...}), icons ({coin}), {n};
# a link's own words ({term:x|gold pile}) are text, translated like any other
MARKUP = re.compile(r"\{([^{}\s|]*)(?:\|[^{}]*)?\}")
MISSING_SHOWN = 3  # keys named in the message of a language's missing texts


def digest(text: str) -> str:
    """The digest a translation keeps of the source text it was made from."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


# -- the texts of a game -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TextPlace:
    """Where a translatable text is written: its file and key path."""
    source: Source
    keypath: tuple
    text: str


def text_places(game) -> dict[str, TextPlace]:
    """Key -> where the text is written, for every translatable text of the game, in file order (a file's texts
    pnp prints in its place when it leaves them out after its own: `implied_texts`)."""
    places: dict[str, TextPlace] = {}
    for source in content_sources(game):
        prefix = file_key(game.root, source)
        for keypath, names, text in [*_texts(source.data), *implied_texts(game, source)]:
            places.setdefault("/".join((prefix, *names)), TextPlace(source, keypath, text))
    return places


def implied_texts(game, source: Source) -> Iterator[tuple[tuple, tuple, str]]:
    """(key path, names in the key, text) of each text players read that a content file leaves to pnp or to the
    game's package, keyed where the file would write it, so that an edition translates it like any other: a
    suited deck's card name ("{rank} of the {suit}": its `suited: name:`), a glossary term's meaning taken from
    the game package's effect words (its `text:`). A translation of one is put where the file would have it."""
    from pnp.defaults import words

    data = source.data if isinstance(source.data, dict) else {}
    suited = data.get("suited")
    if isinstance(suited, dict) and "deck" in data and not _written(suited.get("name")):
        lang = (languages(game) or [words.ENGLISH])[0]
        yield ("suited", "name"), ("suited", "name"), words.table(lang).get("suited-name") or \
            words.table(words.ENGLISH)["suited-name"]
    rules = game.rules_source
    if rules is None or source.path != rules.path or game.plugin.vocabulary is None or not isinstance(data.get("terms"), list):
        return  # a game.yaml vocabulary's meanings are texts of game.yaml already (vocabulary/WORD/glossary)
    vocabulary = game.plugin.vocabulary
    for i, term in enumerate(data["terms"]):
        said = [vocabulary[w].glossary for w in (term.get("words") if isinstance(term, dict) else None) or []
                if isinstance(w, str) and w in vocabulary]
        if said and not _written(term.get("text")):
            yield ("terms", i, "text"), ("terms", _item_name(term, i, None), "text"), " ".join(said)


def _written(value) -> bool:
    return isinstance(value, str) and bool(value.strip())


def translatable_texts(game) -> dict[str, str]:
    """Key -> source text, for every text a translator translates (in file order)."""
    return {key: place.text for key, place in text_places(game).items()}


def content_sources(game) -> list[Source]:
    sources = [game.manifest_source, game.rules_source, *(deck.source for deck in game.decks.values()),
               *(sheet.source for sheet in game.sheets.values())]
    return [source for source in sources if source is not None]


def file_key(root: Path, source: Source) -> str:
    """A content file's part of its texts' keys: its path from the game folder, without suffix (decks/market)."""
    path = os.path.relpath(os.path.abspath(source.path), os.path.abspath(root))
    return os.path.splitext(path)[0].replace(os.sep, "/")


def _texts(node, keypath: tuple = (), names: tuple = (), named_by: str | None = None) -> Iterator[tuple[tuple, tuple, str]]:
    """(key path, names in the key, text) of each translatable text below `node`."""
    if isinstance(node, dict):
        for key, value in node.items():
            if not isinstance(key, str) or key in NOT_TEXT:
                continue
            if isinstance(value, str):
                if key in TRANSLATABLE and value.strip():
                    yield keypath + (key,), names + (key,), value
            elif key in TRANSLATABLE_LISTS and isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, str) and item.strip():
                        yield keypath + (key, i), names + (key, str(i + 1)), item
                    elif isinstance(item, dict):
                        yield from _texts(item, keypath + (key, i), names + (key, _item_name(item, i, None)))
            elif key in TRANSLATABLE_MAPS and isinstance(value, dict):
                for name, item in value.items():
                    if isinstance(name, str) and isinstance(item, str) and item.strip():
                        yield keypath + (key, name), names + (key, name), item
            else:
                yield from _texts(value, keypath + (key,), names + (key,), NAMED_BY.get(key))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            if isinstance(item, dict):
                yield from _texts(_without(item, named_by), keypath + (i,), names + (_item_name(item, i, named_by),))


def _item_name(item: dict, index: int, named_by: str | None) -> str:
    """A list item's name in a key: its id, or the code its list names it by, else its position from 1."""
    for name in ("id", named_by):
        if name and isinstance(item.get(name), (str, int)) and not isinstance(item.get(name), bool) and str(item[name]):
            return str(item[name])
    return str(index + 1)


def _without(item: dict, key: str | None) -> dict:
    return {k: v for k, v in item.items() if k != key} if key else item


def links(text: str) -> list[str]:
    """The links and icons of a text, as written, sorted: a translation keeps each one."""
    return sorted("{" + kept + "}" for kept in MARKUP.findall(text))


# -- the translations of a language ------------------------------------------------------------------------------


@dataclass
class Entry:
    """One translation: its text, the digest of the source text it was made from (None: not stamped), and its place."""
    key: str
    text: str
    digest: str | None
    source: Source
    keypath: tuple

    def diagnostic(self, code: str, message: str, severity: str = "error", lang: str = "", on_key=True) -> Diagnostic:
        return replace(self.source.diagnostic(self.keypath, code, message, severity, on_key=on_key), lang=lang)


@dataclass
class Translations:
    """A language's translations, from its YAML file and the spreadsheet's column: key -> Entry."""
    lang: str
    entries: dict[str, Entry] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)  # the files read
    anchor: tuple[Source, tuple] | None = None  # where a note about the language as a whole goes


def languages(game) -> list[str]:
    return list(game.manifest.languages)


def editions(game) -> list[str]:
    """The languages a game is translated into: those of game.yaml but the first (the source's)."""
    return languages(game)[1:]


def check_language(game, lang: str) -> None:
    """`--lang` names an edition of the game: else a usage error (exit 2) naming the nearest."""
    check_declared(game.id, languages(game), lang)


def check_declared(game_id: str, declared: list[str], lang: str) -> None:
    """`--lang` names one of the `declared` languages but the first (the game's source): else a usage error (exit
    2) naming the nearest. For a command that knows the game by its game.yaml alone (pnp watch, pnp diff)."""
    if lang not in declared[1:]:
        if declared and lang == declared[0]:
            raise UsageError(f"{lang} is the language {game_id} is written in (the first of languages:); its edition "
                             "is the build without --lang")
        raise UsageError(f"{game_id} has no edition '{lang}'{did_you_mean(lang, declared[1:])}; its languages: "
                         f"{', '.join(declared) or 'none (add languages: [en, fr] to game.yaml)'}")


def read_translations(game, lang: str) -> tuple[Translations, list[Diagnostic]]:
    """The translations of one language: its YAML file and its spreadsheet column, each mistake at its place."""
    found, problems = Translations(lang), []
    folder = game.root / FOLDER
    path = folder / f"{lang}.yaml"
    if file_kind(path) is None:
        source = _read(path, game.root, problems)
        if source is not None:
            found.files.append(path)
            _yaml_entries(source, lang, found, problems)
    for name in SHEETS:
        if file_kind(folder / name) is None:
            found.files.append(folder / name)
            _sheet_entries(game, folder / name, lang, found, problems)
    if found.anchor is None:
        where = ("languages", languages(game).index(lang)) if lang in languages(game) else ("languages",)
        found.anchor = (game.manifest_source, where)
    return found, problems


def _read(path: Path, within: Path, problems: list) -> Source | None:
    try:
        return load(path, within)
    except SourceError as exc:
        problems.extend(exc.diagnostics)
        return None


def _yaml_entries(source: Source, lang: str, found: Translations, problems: list) -> None:
    """translations/<lang>.yaml: `language: <lang>` and `texts:`, each a text or {text: ..., source: DIGEST}."""
    data = source.data
    if not isinstance(data, dict):
        problems.append(source.diagnostic((), "translation", "a translation file is a mapping: language: "
                                          f"{lang} and texts: (a key: text per line)"))
        return
    for key in data:
        if key not in ("language", "texts"):
            problems.append(source.diagnostic((key,), "unknown-key", f"'{key}' is not a key of a translation file"
                                              f"{did_you_mean(str(key), ['language', 'texts'])}", on_key=True))
    if data.get("language") != lang:
        problems.append(source.diagnostic(("language",), "translation", f"this file translates into '{lang}' (its "
                                          f"name says so): write language: {lang}", on_key="language" in data))
    texts = data.get("texts") or {}
    found.anchor = (source, ("texts",) if "texts" in data else ())
    if not isinstance(texts, dict):
        problems.append(source.diagnostic(("texts",), "translation", "texts: is a mapping, a key: text per line"))
        return
    for key, value in texts.items():
        entry = _entry(source, str(key), value, ("texts", key), problems, lang)
        if entry is not None:
            found.entries[entry.key] = entry


def _entry(source: Source, key: str, value, keypath: tuple, problems: list, lang: str) -> Entry | None:
    if isinstance(value, str):
        return Entry(key, value, None, source, keypath)
    if isinstance(value, dict) and isinstance(value.get("text"), str) and set(value) <= {"text", "source"}:
        stamp = value.get("source")
        if stamp is not None and not (isinstance(stamp, str) and DIGEST.match(stamp)):
            problems.append(replace(source.diagnostic(keypath + ("source",), "translation", "source: is the 8 hex "
                                    "digits of the source text's digest in quotes, as pnp translate import and stamp "
                                    "write it; remove it to have it stamped again"), lang=lang))
            stamp = None
        return Entry(key, value["text"], stamp, source, keypath)
    problems.append(replace(source.diagnostic(keypath, "translation", "a translation is a text, or {text: ..., "
                            "source: DIGEST}; write the text in quotes if it starts with a special character"),
                            lang=lang))
    return None


def _sheet_entries(game, path: Path, lang: str, found: Translations, problems: list) -> None:
    """translations/texts.xlsx or .csv: a header row naming `key` and languages; a row per text."""
    from pnp.reading.source import read_bytes
    from pnp.reading.tables import read_table

    shown = relative(path)
    try:
        table = read_table(read_bytes(path, game.root), shown, path.suffix)
    except SourceError as exc:
        problems.extend(exc.diagnostics)
        return
    rows = [(number, cells) for number, cells in table.rows if any(_cell(c) for c in cells)]
    if not rows:
        return
    header_row, header = rows[0]
    names = [_cell(c).strip().lower() for c in header]
    source = Source(shown, {"texts": {}}, {(): (1, 1)}, table.source.sheet)
    if "key" not in names:
        problems.append(source_cell(source, header_row, 1, "translation", "the first row names the columns: a `key` "
                                    f"column and one per language ({', '.join(languages(game))})"))
        return
    for col, name in enumerate(names, 1):
        if re.fullmatch(r"[a-z]{2,3}(-[a-z0-9]{2,8})*", name) and name not in languages(game) and name != "key":
            problems.append(source_cell(source, header_row, col, "language", f"'{name}' is not a language of this "
                                        f"game{did_you_mean(name, languages(game))}; add it to game.yaml's languages: "
                                        "or remove the column"))
    if lang not in names:
        return
    key_col, text_col = names.index("key"), names.index(lang)
    origin = names.index(languages(game)[0]) if languages(game) and languages(game)[0] in names else None
    found.anchor = found.anchor or (source, ())
    for number, cells in rows[1:]:
        key, text = _cell(_at(cells, key_col)).strip(), _cell(_at(cells, text_col))
        if not key or not text:
            continue
        keypath = ("texts", key)
        source.positions[keypath] = source.positions[keypath + ("<key>",)] = (number, text_col + 1)
        written = _cell(_at(cells, origin)) if origin is not None else ""
        entry = Entry(key, text, digest(written) if written else None, source, keypath)
        if key in found.entries:
            problems.append(entry.diagnostic("duplicate-key", f"'{key}' is translated into {lang} in "
                                             f"{found.entries[key].source.place(found.entries[key].keypath)} already; "
                                             "keep one", lang=lang))
            continue
        found.entries[key] = entry


def source_cell(source: Source, row: int, col: int, code: str, message: str) -> Diagnostic:
    return Diagnostic(source.path, row, col, code, message, "error", source.cell(row, col))


def _at(cells: list, col: int | None):
    return cells[col] if col is not None and col < len(cells) else None


def _cell(value) -> str:
    if value is None:
        return ""
    from pnp.reading.tables import as_written

    return as_written(value) if isinstance(value, str) else str(value)


def stray_languages(game) -> list[Diagnostic]:
    """translations/<xx>.yaml of a language game.yaml does not declare: an error at the file (a typo'd name)."""
    folder = game.root / FOLDER
    if not folder.is_dir() or folder.is_symlink():
        return []
    problems = []
    for path in sorted(folder.glob("*.yaml")):
        lang = path.stem
        if lang not in editions(game):
            known = editions(game)
            problems.append(Diagnostic(relative(path), 1, 1, "language", f"'{lang}' is not an edition of this game"
                                       f"{did_you_mean(lang, known)}; add it to languages: in game.yaml (after the "
                                       f"source language{', ' + languages(game)[0] if languages(game) else ''}) or "
                                       "rename the file"))
    return problems


# -- checking a language's translations ----------------------------------------------------------------------------


@dataclass
class Checked:
    """A language's translations checked against the game: those to print, and every problem found."""
    usable: dict[str, Entry]  # key -> translation that is printed
    problems: list[Diagnostic]
    missing: list[str]  # keys with no translation
    stale: list[str]  # keys whose source text changed since they were translated


def check(game, translations: Translations, untranslated: str = "warning") -> Checked:
    """Each translation against the text it translates: an unknown key (with did-you-mean), links that differ from the
    source's, a stale translation; and, once for the language, the texts left untranslated (`untranslated`: the
    severity, an error for a build of the edition without --draft)."""
    from pnp.content.words import overridable

    lang, places = translations.lang, text_places(game)
    own_words = overridable(game)  # pnp's words: a translation may say them its own way, none has to
    usable, problems, stale = {}, [], []
    for key, entry in translations.entries.items():
        place = places.get(key)
        if place is None and key not in own_words:
            problems.append(entry.diagnostic("unknown-key", f"no text '{key}' in {game.id}"
                                             f"{did_you_mean(key, [*places, *own_words])}", lang=lang))
            continue
        source_text = place.text if place is not None else own_words[key]
        wanted, written = links(source_text), links(entry.text)
        if wanted != written:
            problems.append(entry.diagnostic("translation-links", _links_differ(wanted, written), lang=lang,
                                             on_key=False))
            continue
        if entry.digest is not None and entry.digest != digest(source_text):
            stale.append(key)
            problems.append(entry.diagnostic("stale-translation", f"the source text of '{key}' changed since this "
                                             f"translation was made; it now reads '{shortened(source_text, 80)}': "
                                             "bring the translation up to date and mark it done: leave out its `source:` and run "
                                             "`pnp translate stamp`, or export, translate and import the PO or XLSX file",
                                             "warning",
                                             lang=lang, on_key=False))
        usable[key] = entry
    missing = [key for key in places if key not in translations.entries]
    if missing:
        problems.append(_untranslated(game, translations, missing, len(places), untranslated))
    return Checked(usable, problems, missing, stale)


def _links_differ(wanted: list[str], written: list[str]) -> str:
    lost = [link for link in dict.fromkeys(wanted) if wanted.count(link) > written.count(link)]
    added = [link for link in dict.fromkeys(written) if written.count(link) > wanted.count(link)]
    parts = []
    if lost:
        parts.append(f"drops {', '.join(lost)}")
    if added:
        hint = did_you_mean(added[0], lost) if lost else ""
        parts.append(f"adds {', '.join(added)}{hint}")
    return (f"this translation {' and '.join(parts)}: keep each link and icon as the source text writes it and "
            "translate the words around it")


def _untranslated(game, translations: Translations, missing: list[str], total: int, severity: str) -> Diagnostic:
    lang = translations.lang
    source, keypath = translations.anchor
    shown = ", ".join(missing[:MISSING_SHOWN]) + (", ..." if len(missing) > MISSING_SHOWN else "")
    fix = ("translate them (pnp translate export writes what is left), or build with --draft to print the source "
           "text in their place") if severity == "error" else "the edition prints the source text in their place only "\
        "in a --draft build"
    return replace(source.diagnostic(keypath, "untranslated", f"{lang}: {len(missing)} of {total} texts not "
                                     f"translated ({shown}); {fix}", severity, on_key=bool(keypath)), lang=lang)


# -- the game in a language -------------------------------------------------------------------------------------


@dataclass
class TranslatedSource(Source):
    """A content file with some texts translated: a diagnostic about one of them is at its translation's place
    (marked with the language); about anything else, where the content file says."""
    moved: dict = field(default_factory=dict, compare=False, repr=False)  # key path -> Entry
    lang: str = ""

    def _entry(self, keypath) -> Entry | None:
        keypath = tuple(keypath)
        for end in range(len(keypath), 0, -1):
            entry = self.moved.get(keypath[:end])
            if entry is not None:
                return entry
        return None

    def diagnostic(self, keypath, code: str, message: str, severity="error", on_key=False):
        entry = self._entry(keypath)
        if entry is None:
            return super().diagnostic(keypath, code, message, severity, on_key)
        return entry.diagnostic(code, message, severity, lang=self.lang, on_key=False)

    def place(self, keypath) -> str:
        entry = self._entry(keypath)
        return super().place(keypath) if entry is None else entry.source.place(entry.keypath)


def translated(source: Source, root: Path, usable: dict[str, Entry], lang: str, implied=()) -> Source:
    """`source` with each of its texts that has a usable translation replaced by it, and each of its `implied`
    texts (implied_texts) that has one put where the file would write it."""
    prefix, moved = file_key(root, source), {}
    data = source.data
    for keypath, names, _ in [*_texts(source.data), *implied]:
        entry = usable.get("/".join((prefix, *names)))
        if entry is None:
            continue
        if data is source.data:
            data = _copied(source.data)
        _put(data, keypath, entry.text)
        moved[keypath] = entry
    if not moved:
        return source
    return TranslatedSource(source.path, data, source.positions, source.sheet, moved=moved, lang=lang)


def _copied(node):
    if isinstance(node, dict):
        return {key: _copied(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_copied(value) for value in node]
    return node


def _put(data, keypath: tuple, text: str) -> None:
    for step in keypath[:-1]:
        data = data[step]
    data[keypath[-1]] = text


@dataclass
class Edition:
    """The game in a language, and what its translations' checks found."""
    game: object | None
    checked: Checked


def apply(game, lang: str, untranslated: str = "warning") -> tuple[object | None, list[Diagnostic]]:
    """The game in `lang`: its content loaded again with every usable translation in place of its source text, and
    every problem of the translations (each at its line, marked with the language). None for the game when its
    translations cannot be read."""
    edition, problems = edition_of(game, lang, untranslated)
    return edition.game, problems


def edition_of(game, lang: str, untranslated: str = "warning") -> tuple[Edition, list[Diagnostic]]:
    from pnp.content.game import load_game, reading_as
    from pnp.content.words import OVERRIDE
    from pnp.model import Manifest
    from pnp.model.schema_errors import parse_model

    translations, problems = read_translations(game, lang)
    checked = check(game, translations, untranslated)
    problems += checked.problems

    def in_language(source: Source) -> Source:
        return translated(source, game.root, checked.usable, lang, list(implied_texts(game, source)))

    manifest_source = in_language(game.manifest_source)
    manifest, errors = parse_model(manifest_source, Manifest)
    if manifest is None:
        return Edition(None, checked), problems + errors
    with reading_as(in_language):
        edition, more = load_game(game.root, game.plugin, manifest_source, manifest)
    edition.lang = lang
    edition.words = {key[len(OVERRIDE):]: entry.text for key, entry in checked.usable.items() if key.startswith(OVERRIDE)}
    return Edition(edition, checked), problems + errors + more
