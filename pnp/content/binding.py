"""Binding cards to layouts: each card side becomes a `Face`, a template with the values its boxes show.

A face's values are every field of the card (nested ones as "part.field", so
a layout box can name `cost`, `ability.text` or any field a game declares)
plus a few derived ones (rank label, suit name and colour, accent, game and
deck names). Text is fitted here, once: the validator reports what does not
fit and the renderers draw exactly these lines.

The build adds values of its own (BUILD_VALUES): the game's version and the
date of its content (game.yaml `version:` and `date:`, or SOURCE_DATE_EPOCH;
never the clock, so a build stays byte-identical), and a card's number in its
deck. Every image a box shows is looked up here, once, by the one resolver
(pnp.reading.image_files.find_image): a face keeps the file it draws, so the file
validation accepted is the file the build opens.

Every printed card has a front and a back. The back is the card's own second
face when it is double-sided; otherwise the layout's back template for the
card, for its kind, or for its deck (`backs:` in layouts/<game>/cards.yaml).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from pydantic import BaseModel

from pnp.content.game import CardRecord, Game, unlisted_kind
from pnp.content.words import language
from pnp.core.diagnostics import Diagnostic, did_you_mean, did_you_mean_or_list
from pnp.layout import CardLayout, Template
from pnp.layout.cards import IMAGE_BOXES, Box
from pnp.model import Card
from pnp.model.walk import flat_values
from pnp.reading.image_files import PRINT_DPI, dpi_in_box, find_image, image_warnings, is_image, pixel_size
from pnp.text import markup
from pnp.text.fit import Fit, fit_text
from pnp.text.fonts import family_of, font_of, glyph_message, missing_glyphs, run_fonts
from pnp.text.inline import unknown_icons

DEFAULT_ACCENT = "#333333"


@dataclass
class Face:
    key: str  # unique per distinct drawing, used as the symbol name
    template: Template
    values: dict
    fits: dict[str, Fit] = field(default_factory=dict)
    card: Card | None = None  # the side's card, for boxes a game package draws from its data
    images: dict[str, str] = field(default_factory=dict)  # image or art box name -> the file it draws, found
    computed: dict[str, str] = field(default_factory=dict)  # text box name -> the text its `text:` computes here


@dataclass
class CardFaces:
    fronts: dict[str, Face] = field(default_factory=dict)  # card id -> its front
    backs: dict[str, Face] = field(default_factory=dict)  # card id -> its back (shared faces for shared backs)


# what game.yaml must say for the build to provide a value (the rest it always can)
BUILD_VALUES = {"game_version": "add version: to game.yaml",
                "content_date": "add date: (YYYY-MM-DD) to game.yaml, or set SOURCE_DATE_EPOCH",
                "card_number": "", "card_index": "", "deck_cards": ""}


def build_values(game: Game) -> dict:
    """What the build provides to every face: the game's version and the date of its content."""
    return {"game_version": game.manifest.version or "", "content_date": content_date(game)}


def content_date(game: Game) -> str:
    """The date content is dated by, YYYY-MM-DD: game.yaml's `date:`, else SOURCE_DATE_EPOCH (the reproducible-builds
    convention, in UTC), else "". Never today's date: the same content must build the same bytes tomorrow."""
    if game.manifest.date is not None:
        return game.manifest.date.isoformat()
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit() and len(epoch) <= 12:
        return datetime.fromtimestamp(int(epoch), timezone.utc).date().isoformat()
    return ""


def card_numbers(game: Game) -> dict[str, dict]:
    """Each card's number in its deck: its place among the deck's distinct cards, in file order (copies of a card
    share its number, as they share its face): {card_number: "3/8", card_index: "3", deck_cards: "8"}."""
    numbers = {}
    for deck in game.decks.values():
        total = str(len(deck.cards))
        for index, record in enumerate(deck.cards, 1):
            numbers[record.card.id] = {"card_number": f"{index}/{total}", "card_index": str(index), "deck_cards": total}
    return numbers


def card_values(card: Card, deck_id: str, game: Game, layout: CardLayout) -> dict:
    """The flat values a face's boxes can show: every card field plus derived ones."""
    suit = _suits(game).get(card.suit) if card.suit else None
    values = flat_values(card, skip=("back",))
    values.update({
        "art": card.art or "",
        "rank_label": _rank_labels(game).get(card.rank, str(card.rank)) if card.rank else "",
        "suit_name": suit.name if suit else "", "suit_color": suit.color if suit else DEFAULT_ACCENT,
        "game_title": game.manifest.title, "deck_name": game.decks[deck_id].model.name,
    })
    # a kind's accent colour, else its suit's: a layout colour "{accent}" follows the card
    values["accent"] = layout.accents.get(card.kind) or (suit.color if suit else DEFAULT_ACCENT)
    for name, colours in layout.palettes.items():  # e.g. {track_color} follows the card's track
        values[f"{name}_color"] = colours.get(values.get(name, ""), DEFAULT_ACCENT)
    return values


def game_icons(game: Game) -> dict[str, tuple[str, str, str]]:
    """The game's inline icons as the renderers draw them: ("emblem", name, colour) or ("image", path, colour).
    An icon keeps its own colour wherever it appears, so it means the same on every card and in the rules."""
    return {name: ("emblem", icon.emblem, icon.color) if icon.emblem else ("image", image_path(game, icon.image), icon.color)
            for name, icon in game.manifest.icons.items()}


def image_path(game: Game, name: str) -> str:
    """The file an image name of the game's content or layouts stands for: found, or, inside the game's folder but
    not there yet, where it will be (a draft draws a placeholder named after it); else "" (a check says why)."""
    path, wrong = find_image(game.root, name)
    if path is None and wrong and wrong[0] == "missing-image":
        return str(game.root / name)
    return str(path) if path else ""


def _suits(game: Game) -> dict:
    return {s.id: s for deck in game.decks.values() for s in deck.model.suits}


def _rank_labels(game: Game) -> dict[int, str]:
    return {r.rank: r.label for deck in game.decks.values() for r in deck.model.ranks}


def template_values(game: Game, deck_id: str, template: Template) -> dict:
    """The values of a back template: the game and deck names, the build's values, and the template's own values."""
    return {"game_title": game.manifest.title, "deck_name": game.decks[deck_id].model.name, **build_values(game),
            **template.values}


def bind_cards(game: Game, layout: CardLayout) -> tuple[CardFaces, list[Diagnostic]]:
    """A front and a back Face per card, plus every problem: a side without a template, text that does not fit."""
    faces, problems = CardFaces(), []
    shared: dict[str, Face] = {}  # back templates are drawn once per deck
    layout.icons = game_icons(game)
    numbers = card_numbers(game)
    computing = ComputedTexts()
    for record in game.cards():
        front = _side_face(f"face:{record.card.id}", record.card, record, record.keypath, game, layout, problems, numbers,
                           computing)
        if front:
            faces.fronts[record.card.id] = front
        if record.back is not None:
            back = _side_face(f"face:{record.card.id}:back", record.back, record, record.keypath + ("back",),
                              game, layout, problems, numbers, computing)
        else:
            back = _template_back(record, game, layout, shared, problems, computing)
        if back:
            faces.backs[record.card.id] = back
    return faces, problems + computing.problems(layout) + image_name_clashes(game, layout, faces)


# -- card image file names (pnp build --images) -------------------------------------------------------------

UNSAFE_IN_FILE_NAME = re.compile(r"[^A-Za-z0-9_-]+")
MAX_STEM = 100  # file systems allow 255 bytes; a name stays well inside that with its prefix and suffix


def file_stem(name: str) -> str:
    """A name from content as (part of) a file name: letters, digits, - and _ only (no folder, no dot file, no
    character a file system refuses), at most MAX_STEM long. Ids are such names already and stay as they are."""
    return UNSAFE_IN_FILE_NAME.sub("-", name).strip("-")[:MAX_STEM] or "unnamed"


def image_file_names(faces: list[Face], backs: list[Face]) -> dict[str, str]:
    """Face key -> PNG file name, for the distinct faces of a deck; `backs` is every card's back: `<card-id>.png`,
    `<card-id>-back.png` for the back side of a double-sided card, `back.png` for the back every card of the
    deck shares, `back-<template>.png` for a back template only some cards use."""
    one_back = len({face.key for face in backs}) == 1  # the whole deck shares one back: back.png
    names = {}
    for face in faces:
        kind, _, rest = face.key.partition(":")
        if kind == "face":
            card_id, _, side = rest.partition(":")
            names[face.key] = f"{file_stem(card_id)}-back.png" if side else f"{file_stem(card_id)}.png"
        else:  # "back:<deck>:<template>"
            names[face.key] = "back.png" if one_back else f"back-{file_stem(rest.partition(':')[2])}.png"
    return names


def image_name_clashes(game: Game, layout: CardLayout, faces: CardFaces) -> list[Diagnostic]:
    """Two sides of a deck whose card images would have one file name (card `x-back` and the back side of a
    double-sided `x`; a card `back` and the deck's shared back): an error at the later one, never a PNG that
    silently overwrites another. Names are one when they differ only in case (back templates `Ranger-back` and
    `ranger-back`): macOS and Windows keep them as one file, and the folder is copied to either."""
    problems = []
    for deck in game.decks.values():
        taken: dict[str, tuple[str, str]] = {}  # file name as the file system compares it -> (the name, what takes it)
        for record in deck.cards:
            for name, what, place in _image_claims(record, faces.backs.get(record.card.id), layout):
                first_name, first = taken.setdefault(name.casefold(), (name, what))
                if first != what:
                    source, keypath = place
                    problems.append(source.diagnostic(keypath, "file-name", f"{what} would be written as {name} by pnp "
                                                      f"build --images, {_taken_by(first, first_name, name)}; rename one "
                                                      "of them"))
    return problems


def _taken_by(first: str, first_name: str, name: str) -> str:
    if first_name == name:
        return f"as {first} is"
    return f"and {first} as {first_name}: one file on macOS and Windows, where file names ignore case"


def _image_claims(record: CardRecord, back: Face | None, layout: CardLayout):
    """(file name, what it holds, where that is named) for each image a card's sides may be written as."""
    card_id, place = record.card.id, (record.source, record.keypath + ("id",))
    claims = [(f"{file_stem(card_id)}.png", f"card '{card_id}'", place)]
    if record.back is not None:
        claims.append((f"{file_stem(card_id)}-back.png", f"the back side of card '{card_id}'", place))
    elif back is not None:  # a back template: back.png when the deck shares it, else back-<template>.png
        name = back.template.name
        where = (layout.source, ("templates", name)) if ("templates", name) in layout.source.positions else place
        claims += [("back.png", "the deck's shared back", place),
                   (f"back-{file_stem(name)}.png", f"back template '{name}'", where)]
    return claims


def _side_face(key, card: Card, record: CardRecord, keypath: tuple, game, layout, problems, numbers,
               computing: ComputedTexts) -> Face | None:
    template = layout.faces.get(card.kind)
    if template is None and unlisted_kind(game, record.deck, card.kind):
        return None  # a kind its deck's composition leaves out too: reported there, with the composition's kinds
    if template is None:  # the one report of a kind no face has (no back is looked for by it: _template_back)
        hint = did_you_mean(card.kind, layout.faces) or f"; add it under faces: (which lists {', '.join(layout.faces)})"
        problems.append(record.source.diagnostic(keypath + ("kind",), "no-layout", f"no face template for card kind "
                        f"'{card.kind}' in layouts/{game.id}/cards.yaml{hint}"))
        return None
    # a template's own values (a fixed note, a colour) come first; the card's values win where both name one
    own = {**card_values(card, record.deck, game, layout), **build_values(game), **numbers[record.card.id]}
    face = Face(key, template, {**template.values, **own}, card=card)

    def written(box: Box) -> tuple:  # the file and place where the image a box shows is named
        if box.src is None and (box.field or "art") in own:
            return record.source, value_keypath(record, keypath, box.field or "art")
        return _layout_place(box, template, layout)

    computing.compute(face, layout, record, keypath)
    problems += _when_fields(face, layout) + _fit_all(face, layout, record, card, keypath, language(game))
    problems += _bind_images(face, layout, game, written) + _game_boxes(face, layout, record, keypath)
    problems += _colours(face, layout) + _art_boxes(face, layout, game.emblems)
    return face


def _template_back(record: CardRecord, game: Game, layout: CardLayout, shared: dict, problems,
                   computing: ComputedTexts) -> Face | None:
    template = layout.backs.choose(record.card.id, record.card.kind, record.deck)
    if template is None and record.card.kind not in layout.faces:
        return None  # a kind the layout does not know (a typo, most likely): reported once, at the kind (_side_face)
    if template is None:
        problems.append(record.diagnostic("no-back", f"card '{record.card.id}' has no back: give it a back: side, or "
                        f"name a template for its deck, kind or id under backs: in layouts/{game.id}/cards.yaml", "id"))
        return None
    key = f"back:{record.deck}:{template.name}"
    if key not in shared:
        face = shared[key] = Face(key, template, template_values(game, record.deck, template))
        computing.compute(face, layout, None, ())
        problems += _when_fields(face, layout) + _fit_all(face, layout, None, None, (), language(game))
        problems += _bind_images(face, layout, game, lambda box: _layout_place(box, template, layout))
        problems += _colours(face, layout) + _art_boxes(face, layout, game.emblems) + _card_boxes(face, layout)
    return shared[key]


def _card_boxes(face: Face, layout: CardLayout) -> list[Diagnostic]:
    """A box kind of the game's package draws from a card's data (a zone grid, a range diagram): a back template
    prints with no card, so it cannot hold one."""
    return [layout.source.diagnostic(box.keypath + ("type",), "box", f"box '{box.name}' of template "
            f"'{face.template.name}' draws a card's data ({box.type}), but the template prints as a back, which has no "
            "card; keep such boxes on face templates") for box in face.template.boxes if box.type in layout.box_kinds]


def _layout_place(box: Box, template: Template, layout: CardLayout) -> tuple:
    """Where the layout names the image a box shows: its src:, or the template value its field: names."""
    if box.src is not None:
        return layout.source, box.keypath + ("src",)
    return layout.source, ("templates", template.name, "values", box.field or "art")


HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def _game_boxes(face: Face, layout: CardLayout, record: CardRecord, keypath: tuple) -> list[Diagnostic]:
    """Boxes a game package draws check themselves: a message each, at the card's side."""
    return [record.source.diagnostic(keypath, "box", f"card '{face.card.id}', box '{box.name}': {message}")
            for box in face.template.boxes if box.type in layout.box_kinds
            for message in layout.box_kinds[box.type].check(box, face, layout)]


def _card_art(face: Face, box: Box, value: str) -> bool:
    """The value is the card's own `art:`, which the card's check reports at the card (once, not per box)."""
    return face.card is not None and (box.field or "art") == "art" and face.card.art == value


def _art_boxes(face: Face, layout: CardLayout, emblems) -> list[Diagnostic]:
    """An art box shows an emblem of the game or an image file: any other value would have nothing to draw."""
    problems = []
    for box in face.template.boxes:
        if box.type not in IMAGE_BOXES or box.src is not None or not box.shown_on(face.values):
            continue
        value = face.values.get(box.field or "art")
        if box.field and box.field not in face.values:
            problems.append(layout.source.diagnostic(box.keypath + ("field",), "unknown-field", f"{box.type} box "
                            f"'{box.name}' shows '{box.field}', which the cards it is drawn on do not have"
                            f"{did_you_mean(box.field, face.values)}"))
        elif box.type == "art" and value and not is_image(value) and value not in emblems and not _card_art(face, box, value):
            problems.append(layout.source.diagnostic(box.keypath + ("field",), "unknown-art", f"art box '{box.name}' "
                            f"shows '{value}' on '{face.template.name}', which is neither an emblem of this game nor an "
                            "image file; name a field that holds one"))
        elif box.type == "image" and value and not is_image(value):
            problems.append(layout.source.diagnostic(box.keypath + ("field",), "unknown-art", f"image box '{box.name}' "
                            f"shows '{value}' on '{face.template.name}', which is not an image file (.png, .jpg, .svg); an "
                            "emblem goes in an art box"))
    return problems


def _when_fields(face: Face, layout: CardLayout) -> list[Diagnostic]:
    """A box's `when:` names a value the face has: a misspelt name would hide the box on every card."""
    problems = []
    for box in face.template.boxes:
        name = (box.when or "").lstrip("!")
        if name and name not in face.values:
            problems.append(layout.source.diagnostic(box.keypath + ("when",), "unknown-field", f"box '{box.name}' is "
                            f"shown when '{name}' is set, but the cards it is drawn on have no value '{name}'"
                            f"{did_you_mean(name, face.values)}"))
    return problems


def _bind_images(face: Face, layout: CardLayout, game: Game, written) -> list[Diagnostic]:
    """Each image an art or image box shows, found by pnp.reading.image_files.find_image and kept on the face; a problem
    is reported where the image is named (`written(box)`: its source and key path), a soft one as a warning."""
    problems = []
    for box in face.template.boxes:
        if box.type not in IMAGE_BOXES or not box.shown_on(face.values):
            continue
        name = box.src if box.src is not None else face.values.get(box.field or "art")
        if box.src is None and not is_image(name):
            continue  # an emblem or nothing (_art_boxes says when neither)
        path, wrong = find_image(game.root, name)
        source, keypath = written(box)
        if wrong:
            problems.append(source.diagnostic(keypath, *wrong))
            if wrong[0] == "missing-image":  # inside the game's folder, not there yet: a draft draws a placeholder
                face.images[box.name] = str(game.root / name)
            continue
        face.images[box.name] = str(path)
        problems += _resolution(box, name, path, source, keypath)
        problems += [source.diagnostic(keypath, *warning, severity="warning") for warning in image_warnings(path, name)]
    return problems


def _resolution(box: Box, name: str, path: Path, source, keypath: tuple) -> list[Diagnostic]:
    """A warning for an image that prints below PRINT_DPI at its box's size."""
    pixels = pixel_size(path)
    if pixels and (dpi := dpi_in_box(pixels, box.w, box.h, box.fit)) < PRINT_DPI - 0.5:
        return [source.diagnostic(keypath, "low-resolution", f"'{name}' ({pixels[0]} x {pixels[1]} px) prints at "
                                  f"{dpi:.0f} DPI in box '{box.name}'; print shops want {PRINT_DPI}: use an image at "
                                  f"least {round(box.w / 72 * PRINT_DPI)} x {round(box.h / 72 * PRINT_DPI)} px",
                                  severity="warning")]
    return []


def _colours(face: Face, layout: CardLayout) -> list[Diagnostic]:
    """A colour written as a card value in braces ({accent}) must be a #rrggbb colour on this face."""
    problems = []
    for box in face.template.boxes:
        for attribute in ("color", "fill", "stroke"):
            written = getattr(box, attribute)
            if written and written.startswith("{"):
                value = face.values.get(written.strip("{}"))
                if not isinstance(value, str) or not HEX.match(value):
                    problems.append(layout.source.diagnostic(box.keypath + (attribute,), "colour", f"{written} is "
                                    f"{value!r} on '{face.template.name}', not a colour; name a value that holds #rrggbb"))
    return problems


def value_keypath(record: CardRecord, side_keypath: tuple, field_name: str) -> tuple:
    """Where in the YAML a value shown on the card is written (for fit errors)."""
    if record.keypath[0] == "suits":  # generated cards: point at their suit entry
        return record.keypath
    return side_keypath + tuple(field_name.split("."))


def _fit_all(face: Face, layout: CardLayout, record: CardRecord | None, card: Card | None, keypath: tuple,
             lang: str = "en") -> list[Diagnostic]:
    """Each text box's text fitted (in the game's language: its hyphenation and typewriter marks) and checked."""
    problems = []
    for box in face.template.boxes:
        if box.type != "text" or not box.shown_on(face.values):
            continue
        if box.text is not None:
            problems += _fit_computed(face, box, layout, record, keypath, lang)
            continue
        if BUILD_VALUES.get(box.field) and not face.values.get(box.field):
            problems.append(layout.source.diagnostic(box.keypath + ("field",), "build-value", f"box '{box.name}' shows "
                            f"'{box.field}', which this build cannot provide: {BUILD_VALUES[box.field]}"))
            continue
        if box.field not in face.values:
            problems.append(layout.source.diagnostic(box.keypath + ("field",), "unknown-field",
                            f"box '{box.name}' shows '{box.field}', which is not a card value"
                            f"{did_you_mean_or_list(box.field, face.values)}"))
            continue
        text = str(face.values.get(box.field, "") or "")
        fit = face.fits[box.name] = _fit(text, box, layout, lang)
        if record is not None and markup.has_markup(text):
            where = value_keypath(record, keypath, box.field)
            problems += [record.source.diagnostic(where, "emphasis", f"card '{card.id}' field '{box.field}': {message}")
                         for message in markup.problems(text) + markup.name_problems(text, layout.fonts, layout.accents)]
        if record is not None:
            problems += _run_glyphs(text, box, layout, record.source, value_keypath(record, keypath, box.field))
        if not fit.ok and record is not None:
            problems.append(record.source.diagnostic(value_keypath(record, keypath, box.field), f"text-{fit.problem}",
                            f"card '{card.id}' field '{box.field}' does not fit box '{box.name}' even at {box.min_size:g}pt: "
                            f"{fit.detail}; shorten the text or enlarge the box"))
        elif not fit.ok:
            problems.append(layout.source.diagnostic(box.keypath, f"text-{fit.problem}",
                            f"box '{box.name}' of '{face.template.name}' cannot hold '{text}': {fit.detail}"))
    return problems


def _fit(text: str, box: Box, layout: CardLayout, lang: str = "en") -> Fit:
    return fit_text(text, font_of(layout.fonts, box.font), box.size, box.min_size, box.w, box.h, box.paragraph_gap,
                    frozenset(layout.icons), family_of(layout.fonts), lang)


# -- computed text (a box's `text:`, pnp.layout.computed) ------------------------------------------------------------

class ComputedTexts:
    """Each face's computed texts (pnp.layout.computed, loaded only when a layout has one), worked out before its
    text is fitted, so every later stage (the fit, the glyph and drawn checks, the renderers) has the text as it
    prints. One time budget serves every card; a failure is said once per box and message, at the box's `text:`,
    naming the first card it happened on (its deck file and line) and how many more."""

    def __init__(self):
        self.budget = None
        self.failed: dict[tuple, list[str]] = {}  # (box keypath, box name, what went wrong) -> the sides it failed on
        self.unknown: dict[tuple, str] = {}  # (box keypath, name) -> the message

    def compute(self, face: Face, layout: CardLayout, record: CardRecord | None, keypath: tuple) -> None:
        boxes = [box for box in face.template.boxes if box.text is not None and box.shown_on(face.values)]
        if not boxes:
            return
        from pnp.core.sandbox import TimeBudget
        from pnp.layout import computed

        self.budget = self.budget or TimeBudget()
        seen = computed.context(face.values, _typed_values(face.card))
        for box in boxes:
            if self._unknown_names(box, face, computed):
                continue
            try:
                face.computed[box.name] = computed.render(box.text, seen, self.budget)
            except (*computed.ERRORS, computed.ExpressionError) as exc:
                self.failed.setdefault((box.keypath, box.name, computed.error_message(exc)), []).append(
                    _side_named(face, record, keypath))

    def _unknown_names(self, box: Box, face: Face, computed) -> bool:
        unknown = computed.unknown_names(box.text, face.values)
        for name, choices in unknown:
            self.unknown.setdefault((box.keypath, name), f"box '{box.name}' computes its text from '{name}', which "
                                    f"the cards it is drawn on do not have{did_you_mean_or_list(name, choices)}")
        return bool(unknown)

    def problems(self, layout: CardLayout) -> list[Diagnostic]:
        said = [layout.source.diagnostic(keypath + ("text",), "unknown-field", message)
                for (keypath, _), message in self.unknown.items()]
        for (keypath, name, why), sides in self.failed.items():
            more = f" (and {len(sides) - 1} more)" if len(sides) > 1 else ""
            said.append(layout.source.diagnostic(keypath + ("text",), "computed-text", f"box '{name}' cannot compute "
                        f"its text for {sides[0]}{more}: {why}; fix the expression or the card's values"))
        return said


def _typed_values(card: Card | None) -> dict:
    """A card's numbers and flags as themselves, so a computed text can count and compare with them (`{{ vp * 2 }}`);
    every other value as the text a box shows (an unset number is "")."""
    typed = {}
    for name, value in card or ():
        if isinstance(value, BaseModel):  # a card part: its fields are "part.field"
            typed.update({f"{name}.{inner}": number for inner, number in value if isinstance(number, (int, float))})
        elif isinstance(value, (int, float)):
            typed[name] = value
    return typed


def _side_named(face: Face, record: CardRecord | None, keypath: tuple) -> str:
    """A face as a message names it: the card and where its deck file writes it, or the back template."""
    if record is None:
        return f"back template '{face.template.name}'"
    return f"card '{record.card.id}' ({record.source.place(keypath)})"


def _fit_computed(face: Face, box: Box, layout: CardLayout, record: CardRecord | None, keypath: tuple,
                  lang: str = "en") -> list[Diagnostic]:
    """A computed text fitted and checked as a field's is: emphasis, icons, glyphs, fit. What is wrong in the text
    is said at the box's `text:` naming the card; a text too long for its box at the card, naming the box."""
    text = face.computed.get(box.name)
    if text is None:  # it could not be computed: ComputedTexts says why
        return []
    fit = face.fits[box.name] = _fit(text, box, layout, lang)
    at, side = box.keypath + ("text",), _side_named(face, record, keypath)
    problems = [layout.source.diagnostic(at, "emphasis", f"{side}: box '{box.name}' computes '{_short(text)}': "
                                         f"{message}") for message in (markup.problems(text) if markup.has_markup(text) else ())]
    problems += _computed_icons(text, face, box, layout, at, side) + _computed_glyphs(text, face, box, layout, at)
    if fit.ok:
        return problems
    where = layout.source.place(at)
    if record is not None:
        return problems + [record.source.diagnostic(keypath, f"text-{fit.problem}", f"card '{record.card.id}': the text "
                           f"box '{box.name}' computes ('{_short(text)}', {where}) does not fit even at "
                           f"{box.min_size:g}pt: {fit.detail}; shorten the card's values or the expression, or enlarge "
                           "the box")]
    return problems + [layout.source.diagnostic(at, f"text-{fit.problem}", f"box '{box.name}' of "
                       f"'{face.template.name}' cannot hold '{_short(text)}': {fit.detail}")]


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _computed_icons(text: str, face: Face, box: Box, layout: CardLayout, at: tuple, side: str) -> list[Diagnostic]:
    """An `{icon}` the expression writes that the game has none of (one a card's value writes is said at the card)."""
    written = " ".join(str(value) for value in face.values.values())
    return [layout.source.diagnostic(at, "unknown-icon", f"{side}: box '{box.name}' computes {{{name}}}, which is not an "
                                     f"icon of this game{did_you_mean(name, layout.icons)}")
            for name in unknown_icons(text, layout.icons) if f"{{{name}}}" not in written]


def _computed_glyphs(text: str, face: Face, box: Box, layout: CardLayout, at: tuple) -> list[Diagnostic]:
    """Characters of a computed text its fonts lack, the regular font's too: the expression's own characters are in
    no content file that checks.layout_glyphs reads (a card value's are, and are said at the card)."""
    regular, problems = layout.fonts["regular"], []
    written = set("".join(str(value) for value in face.values.values()))
    for font, piece in run_fonts(text, box.font, layout.fonts):
        missing = [ch for ch in missing_glyphs(piece, font) if font != regular or ch not in written]
        if missing:
            problems.append(layout.source.diagnostic(at, "missing-glyph", glyph_message(missing, font)))
    return problems


def _run_glyphs(text: str, box, layout: CardLayout, source, where: tuple) -> list[Diagnostic]:
    """Characters a text box draws in a font other than the layout's regular one (its own font, or a bold or
    italic run) that this font lacks. The regular font's gaps are reported for the whole file (checks.layout_glyphs)."""
    regular, problems = layout.fonts["regular"], []
    for font, piece in run_fonts(text, box.font, layout.fonts):
        if font == regular:
            continue
        missing = [ch for ch in missing_glyphs(piece, font) if ch not in missing_glyphs(ch, regular)]
        if missing:
            problems.append(source.diagnostic(where, "missing-glyph", glyph_message(missing, font)))
    return problems

