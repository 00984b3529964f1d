"""The recipes of `pnp translate`: a language's strings exported for a translator (PO or XLSX), read back into
translations/<lang>.yaml, and plain entries stamped with the digest of their source text."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from pnp.api.games import chosen_games
from pnp.core.diagnostics import Diagnostic, UsageError, relative


@dataclass(frozen=True)
class TranslateRequest:
    """`pnp translate export|import|stamp`: the game, the language, the format (po or xlsx) and a file."""
    root: Path
    game: str
    lang: str
    format: str = "po"
    file: Path | None = None  # export: where to write (default output/translations/GAME/<lang>.po); import: what to read


@dataclass
class Translated:
    """What a translate command did: `ok` False when the game or the file has errors (nothing was written)."""
    ok: bool
    diagnostics: list[Diagnostic] = field(default_factory=list)
    written: Path | None = None
    count: int = 0  # strings exported, translations imported or entries stamped
    text: str | None = None


def _source_game(request: TranslateRequest):
    """The game as written (its texts are what is translated), and its translations of the language, checked."""
    from pnp.content import translations
    from pnp.content.discovery import load

    game, problems = load(request.root, chosen_games(request.root, request.game)[0])
    if game is None:
        return None, None, problems
    translations.check_language(game, request.lang)
    found, more = translations.read_translations(game, request.lang)
    return game, found, problems + more


def export_strings(request: TranslateRequest) -> Translated:
    from pnp.content import translation_files as files
    from pnp.content import translations
    from pnp.core.output import write_file

    game, found, problems = _source_game(request)
    errors = [p for p in problems if p.severity == "error"]
    if game is None or errors:
        return Translated(False, sorted(problems))
    notes = room_notes(request.root, game)
    rows = []
    for key, place in translations.text_places(game).items():
        entry = found.entries.get(key)
        rows.append(files.Row(key, place.text, notes.get(key, ""), place.source.place(place.keypath),
                              entry.text if entry else "",
                              bool(entry and entry.digest and entry.digest != translations.digest(place.text))))
    if request.format == "po":
        data = files.po_text(rows, request.lang, game.id).encode("utf-8")
    else:
        data = files.xlsx_bytes(rows, translations.languages(game)[0], request.lang)
    from pnp.api.places import not_over_the_projects_own, output_folder

    # beside the games' build folders, not in one: a build replaces its game's folder whole
    target = request.file or request.root / "output" / "translations" / game.id / f"{request.lang}.{request.format}"
    if request.file:
        not_over_the_projects_own(request.file, request.root)
    write_file(target, lambda tmp: tmp.write_bytes(data), None if request.file else output_folder(None, request.root))
    return Translated(True, sorted(problems), target, len(rows))


def room_notes(root: Path, game) -> dict[str, str]:
    """Key -> where the text belongs and the room it has: a card's box (its size and type size), a rule."""
    from pnp.checks.validate import validate
    from pnp.content import translations

    project, _ = validate(root, game.id, draft=True)
    places = translations.text_places(game)
    notes = {}
    for key, place in places.items():
        notes[key] = _belongs(key, place)
    if project is None or project.layout is None:
        return notes
    for record in project.game.cards():
        prefix = f"{translations.file_key(game.root, record.source)}/{'/'.join(_names(record))}/"
        for side, faces in (("", project.faces.fronts), ("back/", project.faces.backs)):
            face = faces.get(record.card.id)
            for box in (face.template.boxes if face else ()):
                key = prefix + side + (box.field or "").replace(".", "/")
                if box.type == "text" and box.field and key in notes:
                    notes[key] += (f"; box '{box.name}': {_mm(box.w)} x {_mm(box.h)} mm, {box.size:g} pt (at least "
                                   f"{box.min_size:g} pt)")
    return notes


def _names(record) -> list[str]:
    """A card's part of its texts' keys: cards/<id>, or suits/<id> for a suit's numbered cards."""
    kind = record.keypath[0]
    item = record.source.data[kind][record.keypath[1]]
    return [kind, item.get("id") if isinstance(item, dict) and isinstance(item.get("id"), str) else str(record.keypath[1] + 1)]


def _belongs(key: str, place) -> str:
    parts = key.split("/")
    if "cards" in parts[:-1]:
        return f"card '{parts[parts.index('cards') + 1]}': its {' '.join(parts[parts.index('cards') + 2:])}"
    if parts[0] == "rules":
        return f"rulebook: {' '.join(parts[1:])}"
    return f"{' '.join(parts)}"


def _mm(points: float) -> str:
    return f"{points * 25.4 / 72:.1f}".rstrip("0").rstrip(".")


def import_strings(request: TranslateRequest) -> Translated:
    from pnp.content import translation_files as files
    from pnp.content import translations

    game, found, problems = _source_game(request)
    if game is None:
        return Translated(False, sorted(problems))
    read, more = _read_file(request, translations.languages(game)[0])
    places = translations.text_places(game)
    more += files.unknown_keys(read, places, relative(request.file))
    if more:
        return Translated(False, sorted(more))
    texts = _written_texts(found, places)
    for entry in read:
        source_text = entry.source_text or places[entry.key].text
        texts[entry.key] = {"text": entry.text, "source": translations.digest(source_text)}
    return _write(request, game, places, texts, len(read), problems)


def _read_file(request: TranslateRequest, source_lang: str):
    from pnp.content import translation_files as files
    from pnp.reading.source import SourceError, read_bytes

    shown = relative(request.file)
    try:
        data = read_bytes(request.file, request.file.parent)
    except SourceError as exc:
        return [], list(exc.diagnostics)
    suffix = request.file.suffix.lower()
    if suffix == ".po":
        try:
            return files.read_po(data.decode("utf-8-sig"), shown)
        except UnicodeDecodeError as exc:
            return [], [Diagnostic(shown, data[:exc.start].count(b"\n") + 1, 1, "encoding", "not UTF-8 text; save "
                                   "the PO file as UTF-8")]
    if suffix in (".xlsx", ".csv"):
        return files.read_sheet(data, shown, suffix, source_lang, request.lang)
    raise UsageError(f"{shown}: pnp reads translations from a .po, .xlsx or .csv file")


def _written_texts(found, places) -> dict:
    """The entries of translations/<lang>.yaml as they are (every one kept, known or not), in the game's order."""
    entries = found.entries
    ordered = [key for key in places if key in entries] + [key for key in entries if key not in places]
    return {key: ({"text": entries[key].text, "source": entries[key].digest} if entries[key].digest
                  else entries[key].text) for key in ordered}


def _write(request: TranslateRequest, game, places, texts: dict, count: int, problems) -> Translated:
    from pnp.content import translation_files as files
    from pnp.content.translations import FOLDER
    from pnp.core.output import write_file

    ordered = {key: texts[key] for key in [*places, *texts] if key in texts}
    target = game.root / FOLDER / f"{request.lang}.yaml"
    os.makedirs(target.parent, exist_ok=True)
    text = files.yaml_text(request.lang, ordered)
    write_file(target, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return Translated(True, sorted(p for p in problems if p.path != relative(target)), target, count)


def stamp_strings(request: TranslateRequest) -> Translated:
    """Each plain entry (a text without `source:`) of a known key stamped with its source text's digest: what the
    translation was checked against from now on."""
    from pnp.content import translations

    game, found, problems = _source_game(request)
    if game is None or any(p.severity == "error" and p.code != "untranslated" for p in problems):
        return Translated(False, sorted(problems))
    places = translations.text_places(game)
    texts = _written_texts(found, places)
    stamped = 0
    for key, value in texts.items():
        if isinstance(value, str) and key in places:
            texts[key] = {"text": value, "source": translations.digest(places[key].text)}
            stamped += 1
    if found.files and all(path.suffix != ".yaml" for path in found.files):
        raise UsageError("the translations are kept in a spreadsheet: its source column is their stamp")
    return _write(request, game, places, texts, stamped, problems)
