"""What each output of a build is drawn from, as one fingerprint per output (pnp.core.incremental keeps them).

The game's input files are sorted by who reads them:

    a deck's file, its cards' bound faces    -> that deck's files (and a print shop's file of the whole game)
    an image                                 -> the faces that draw it; a sheet whose files name it
    a font file                              -> the outputs whose layout uses it (the rulebook's: the rules)
    the card layout                          -> the decks' files, the calibration page
    a sheet's content and layout             -> that sheet's files
    rules.yaml, rulebook.yaml, the rules templates -> the rules (which take everything: the card reference)
    anything else (game.yaml, layouts/common, a file pnp does not know)   -> every output

A face is fingerprinted by what it holds (text, values, fitted sizes, template), so an edit that changes one card's
face redraws its deck even when it came from game.yaml. Sheets drawn by a game's own code may read any content:
they take everything. When in doubt an output takes more, never less: a file drawn again costs time, a stale one
would be wrong.
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from pnp.content.translations import FOLDER, SHEETS
from pnp.core.incremental import code_stamp, fingerprint, is_image, package_stamp
from pnp.core.installed import plugin_code
from pnp.render.form_store import drawing_libraries
from pnp.render.outputs import deck_faces
from pnp.text.fonts import chain

FONT_SUFFIXES = (".ttf", ".otf")


class Fingerprints(dict):
    """Job path -> the fingerprint of everything its output is drawn from; `faces`: face key -> the fingerprint of
    what the face holds and the images it draws; `drawing_base`: the fingerprint of everything else a face's drawing
    reads (pnp.render.form_store keys finished forms with both)."""

    faces: dict[str, str]
    drawing_base: str
    package: list | None  # [folder, stamp] of an installed game package's code, for the record
    images: dict[str, str]  # image file -> its digest (pnp.render.form_store keeps their loaded streams by it)


def job_fingerprints(project, jobs, difficulty, states: dict, options: dict, root: Path | None = None,
                     lang: str | None = None) -> Fingerprints:
    """Job path -> the fingerprint of everything its output is drawn from. `states`: path -> [size, time, digest];
    `root`, the project's folder (for the drawing base); `lang`, the edition drawn (None: the game as written)."""
    reads = _Inputs(project, states, lang)
    package = package_stamp(plugin_code(project.game.manifest.plugin))  # an installed game package's code
    everything = fingerprint(options, reads.digest, package)
    base = fingerprint(options, reads.shared, package)
    sheets = {sheet_id: everything if project.game.plugin.sheet_renderers else reads.sheet(sheet_id, base)
              for sheet_id in project.game.sheets}
    decks: dict[str, str] = {}

    def deck(deck_id: str) -> str:
        if deck_id not in decks:
            decks[deck_id] = reads.deck(deck_id, base, difficulty)
        return decks[deck_id]

    prints = {}
    for job in jobs:
        if job.deck:
            source = deck(job.deck)
        elif job.decks:
            source = fingerprint([deck(d) for d in job.decks])
        elif job.path.startswith("sheets/"):
            source = sheets[_sheet_of(job.path, project.game.sheets)]
        elif job.path.startswith("rules/"):
            source = everything
        else:  # a calibration page: the paper and the card layout
            source = fingerprint(base, reads.files(reads.card_layout), reads.fonts(project.layout))
        prints[job.path] = fingerprint(job.path, source)
    result = Fingerprints(prints)
    result.package = package
    result.faces = reads.face_digests
    result.images = {path: digest for path, digest in reads.digest.items() if is_image(path) and digest}
    result.drawing_base = fingerprint(code_stamp(), drawing_libraries(), os.path.abspath(root or "."), base,
                                      reads.files(reads.card_layout), reads.fonts(project.layout),
                                      reads.named_images([reads.manifest, *reads.card_layout]))
    return result


def _sheet_of(path: str, sheets) -> str:
    """The sheet a file under sheets/ is of: the longest sheet id its name starts with (board-mat-a4-tiled.pdf)."""
    name = path.split("/", 1)[1]
    return max((s for s in sheets if name.startswith(f"{s}-")), key=len)


class _Inputs:
    """The game's files, sorted by who reads them."""

    def __init__(self, project, states: dict, lang: str | None = None):
        self.project = project
        game = project.game
        # The translations are read by an edition only, its own language's: another language's file changes nothing
        # of it. What they change in a deck's files its faces' texts say; in a sheet or the rules, their files do.
        translations = os.path.join(os.path.abspath(game.root), FOLDER) + os.sep
        self.translations = sorted(path for path in states if path.startswith(translations) and lang is not None
                                   and os.path.basename(path) in (f"{lang}.yaml", *SHEETS))
        self.digest = {path: (state[2] if state else None) for path, state in states.items()
                       if not path.startswith(translations) or path in self.translations}
        self.deck_files = {d: _path(deck.source) for d, deck in game.decks.items()}
        self.sheet_files = {s: [_path(sheet.source)] for s, sheet in game.sheets.items()}
        for s, layout in project.sheet_layouts.items():
            self.sheet_files.setdefault(s, []).append(_path(layout.source))
        self.card_layout = [_path(project.layout.source)] if project.layout else []
        rules = [_path(source) for source in (game.rules_source, _rulebook_source(project)) if source]
        templates = str(project.templates) + os.sep
        own = {*self.deck_files.values(), *(p for files in self.sheet_files.values() for p in files),
               *self.card_layout, *rules, *self.translations}
        self.shared = {path: d for path, d in self.digest.items()
                       if path not in own and not is_image(path) and not path.lower().endswith(FONT_SUFFIXES)
                       and not path.startswith(templates)}
        self.game_root = str(game.root)
        self.manifest = _path(game.manifest_source)
        self._faces: dict[str, str] | None = None

    def files(self, paths) -> list:
        return [(path, self.digest.get(path)) for path in paths]

    def fonts(self, layout) -> list:
        """The project's font files a layout uses, with their digests."""
        return [(path, self.digest.get(path) or _read_digest(path)) for path in _layout_fonts(layout)]

    def named_images(self, paths) -> list:
        """The game's images that these files name (an image path written in a sheet's YAML, an icon in game.yaml)."""
        text = "".join(_text(path) for path in paths)
        images = [p for p in self.digest if is_image(p) and p.startswith(self.game_root + os.sep)]
        return [(p, self.digest[p]) for p in images if os.path.relpath(p, self.game_root).replace(os.sep, "/") in text]

    def deck(self, deck_id: str, base: str, difficulty) -> str:
        fronts, backs = deck_faces(self.project, deck_id, difficulty)
        faces = self.face_digests
        return fingerprint(base, self.files([self.deck_files[deck_id], *self.card_layout]),
                           self.project.deck_size(deck_id), [faces[f.key] for f in fronts],
                           [faces[b.key] for b in backs], self.named_images([self.manifest, *self.card_layout]),
                           self.fonts(self.project.layout))

    @property
    def face_digests(self) -> dict[str, str]:
        """Face key -> the fingerprint of the face (each of its fields; its template's own fingerprint, made once
        per template) and of the images it draws, with their digests. A key names one drawing in a project
        (pnp.content.binding.Face), so a deck's faces are its faces' keys' fingerprints."""
        if self._faces is None:
            templates: dict[int, str] = {}
            self._faces = {}
            faces = self.project.faces
            for face in {id(f): f for f in (*faces.fronts.values(), *faces.backs.values())}.values():
                template = templates.get(id(face.template))
                if template is None:
                    template = templates[id(face.template)] = fingerprint(face.template)
                fields = [(f.name, template if f.name == "template" else getattr(face, f.name))
                          for f in dataclasses.fields(face) if f.compare]
                drawn = sorted({os.path.abspath(p) for p in face.images.values() if p})
                self._faces[face.key] = fingerprint(fields, [(path, self.digest.get(path) or _read_digest(path))
                                                             for path in drawn])
        return self._faces

    def sheet(self, sheet_id: str, base: str) -> str:
        own = self.sheet_files.get(sheet_id, [])
        card = self.project.card_size
        return fingerprint(base, self.files(own + self.translations), (card.width, card.height) if card else None,
                           self.named_images([self.manifest, *own]), self.fonts(self.project.sheet_layouts.get(sheet_id)))


def font_files(project) -> list[str]:
    """Every project font file the card and sheet layouts and the rulebook use: inputs of the build wherever they lie."""
    rulebook = project.rulebook.font_files() if project.rulebook else []
    return sorted({path for layout in (project.layout, *project.sheet_layouts.values()) for path in _layout_fonts(layout)}
                  | set(rulebook))


def _rulebook_source(project):
    """layouts/<game>/rulebook.yaml, when the game has one: the rulebook's fonts, read by the rules alone."""
    return project.rulebook.source if project.rulebook else None


def _layout_fonts(layout) -> list[str]:
    """A layout's own font files (a bundled font is a name, and pnp's code: its code stamp covers it)."""
    if layout is None:
        return []
    return sorted({os.path.abspath(f) for font in layout.fonts.values() for f in chain(font) if os.path.isabs(f)})


def _path(source) -> str:
    return os.path.abspath(source.path)


def _text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _read_digest(path: str) -> str | None:
    from pnp.core.incremental import file_states

    state = file_states([path])[path]
    return state[2] if state else None
