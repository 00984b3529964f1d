"""One card face or back, from its layout template and its content.

`prepare_faces` turns every card into a `Face` (template + the values its
boxes show + fitted text) and reports text that does not fit. `draw_face`
draws a prepared face; it is stored once per document as a symbol, so copies
and repeated backs cost one reference each.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.art_files import PRINT_DPI, dpi_in_box, is_image, pixel_size
from pnp.content import CardRecord, Game
from pnp.diagnostics import Diagnostic
from pnp.layout import Box, CardLayout, Template
from pnp.render.backend import Backend, symbol
from pnp.render.textfit import Fit, fit_text

DIFFICULTY_COLORS = {"green": "#2e9e48", "yellow": "#e3b21b", "red": "#c7372f"}
ASCENT = 0.78  # baseline sits this many font sizes below a line's top


@dataclass
class Face:
    key: str  # unique per distinct drawing, used as the symbol name
    template: Template
    values: dict
    fits: dict[str, Fit] = field(default_factory=dict)


def _suits(game: Game) -> dict:
    return {s.id: s for deck in game.decks.values() for s in deck.model.suits}


def _rank_labels(game: Game) -> dict[int, str]:
    return {r.rank: r.label for deck in game.decks.values() for r in deck.model.ranks}


def card_values(record: CardRecord, game: Game, layout: CardLayout) -> dict:
    """The flat values a face's boxes can show: card fields plus derived ones."""
    card = record.card
    suit = _suits(game).get(card.suit) if card.suit else None
    values = {
        "name": card.name, "text": card.text, "flavor": card.flavor, "kind": card.kind,
        "art": str(game.root / card.art) if is_image(card.art) else card.art, "difficulty": card.difficulty.value,
        "rank_label": _rank_labels(game).get(card.rank, str(card.rank)) if card.rank else "",
        "suit_name": suit.name if suit else "", "suit_color": suit.color if suit else "#333333",
        "game_title": game.manifest.title, "deck_name": game.decks[record.deck].model.name,
    }
    values["accent"] = values["suit_color"] if card.kind == "numbered" else layout.accents.get(card.kind, "#333333")
    for extra in ("ability", "beast_mode"):
        block = getattr(card, extra, None)
        values[f"{extra}.name"] = block.name if block else ""
        values[f"{extra}.text"] = block.text if block else ""
    return values


def back_values(game: Game, deck_id: str, template: Template) -> dict:
    return {"game_title": game.manifest.title, "deck_name": game.decks[deck_id].model.name, **template.values}


def value_keypath(record: CardRecord, field_name: str) -> tuple:
    """Where in the YAML a value shown on the card is written (for fit errors)."""
    if record.keypath[0] == "suits":  # generated cards: point at their suit entry
        return record.keypath
    return record.at(*field_name.split("."))


def prepare_faces(game: Game, layout: CardLayout) -> tuple[dict[str, Face], list[Diagnostic]]:
    """A Face per card id (and per deck back), plus every text-fit problem."""
    faces, problems = {}, []
    for record in game.cards():
        template = layout.faces.get(record.card.kind)
        if template is None:
            problems.append(record.diagnostic("no-layout",
                f"no face template for card kind '{record.card.kind}' in layouts/{game.id}/cards.yaml; add it under faces:", "kind"))
            continue
        face = Face(f"face:{record.card.id}", template, card_values(record, game, layout))
        problems += _fit_all(face, layout, record) + _art_resolution(face, record)
        faces[record.card.id] = face
    for deck_id in game.decks:
        template = layout.backs.get(deck_id)
        if template is None:
            problems.append(game.manifest_source.diagnostic(("decks",), "no-layout",
                f"no back template for deck '{deck_id}' in layouts/{game.id}/cards.yaml; add it under backs:"))
            continue
        face = Face(f"back:{deck_id}", template, back_values(game, deck_id, template))
        problems += _fit_all(face, layout, None)
        faces[f"back:{deck_id}"] = face
    return faces, problems


def _fit_all(face: Face, layout: CardLayout, record: CardRecord | None) -> list[Diagnostic]:
    problems = []
    for box in face.template.boxes:
        if box.type != "text":
            continue
        text = str(face.values.get(box.field, "") or "")
        if box.field not in face.values:
            problems.append(layout.source.diagnostic(box.keypath + ("field",), "unknown-field",
                            f"box '{box.name}' shows '{box.field}', which is not a card value; use one of: {', '.join(sorted(face.values))}"))
            continue
        fit = fit_text(text, layout.fonts[box.font], box.size, box.min_size, box.w, box.h, box.paragraph_gap)
        face.fits[box.name] = fit
        if not fit.ok and record is not None:
            problems.append(record.source.diagnostic(value_keypath(record, box.field), f"text-{fit.problem}",
                            f"card '{record.card.id}' field '{box.field}' does not fit box '{box.name}' even at {box.min_size:g}pt: "
                            f"{fit.detail}; shorten the text or enlarge the box"))
        elif not fit.ok:
            problems.append(layout.source.diagnostic(box.keypath, f"text-{fit.problem}",
                            f"box '{box.name}' of '{face.template.name}' cannot hold '{text}': {fit.detail}"))
    return problems


def _art_resolution(face: Face, record: CardRecord) -> list[Diagnostic]:
    """A warning for image art that prints below PRINT_DPI in its box (a missing file is reported elsewhere)."""
    problems = []
    for box in face.template.boxes:
        path = face.values.get(box.field or "art") if box.type == "art" else None
        pixels = pixel_size(Path(path)) if is_image(path) and Path(path).is_file() else None
        if pixels and (dpi := dpi_in_box(pixels, box.w, box.h)) < PRINT_DPI - 0.5:
            problems.append(record.diagnostic("low-resolution", f"'{record.card.art}' ({pixels[0]} x {pixels[1]} px) prints at "
                            f"{dpi:.0f} DPI in box '{box.name}'; print shops want {PRINT_DPI}: use an image at least "
                            f"{round(box.w / 72 * PRINT_DPI)} x {round(box.h / 72 * PRINT_DPI)} px", "art", severity="warning"))
    return problems


def draw_face(backend: Backend, face: Face, layout: CardLayout, emblems: dict, x: float, y: float) -> None:
    """Place a face with the bottom-left corner of its bleed at (x, y)."""
    size = layout.size
    width, height = size.width + 2 * size.bleed, size.height + 2 * size.bleed
    symbol(backend, face.key, width, height, lambda b: _draw(b, face, layout, emblems), x, y)


def _draw(b: Backend, face: Face, layout: CardLayout, emblems: dict) -> None:
    size = layout.size
    for box in face.template.boxes:
        if box.type == "fill":
            b.rect(0, 0, size.width + 2 * size.bleed, size.height + 2 * size.bleed, fill=_color(box.color, face.values))
            continue
        left = size.bleed + box.x
        bottom = size.bleed + size.height - box.y - box.h
        if box.rotate:
            b.save()
            b.translate(left + box.w / 2, bottom + box.h / 2)
            b.rotate(box.rotate)
            b.translate(-(left + box.w / 2), -(bottom + box.h / 2))
        DRAWERS[box.type](b, box, face, layout, emblems, left, bottom)
        if box.rotate:
            b.restore()


def _color(value: str | None, values: dict) -> str | None:
    if value and value.startswith("{"):
        return values.get(value.strip("{}"), "#ff00ff")
    return value


def _draw_rect(b, box: Box, face, layout, emblems, left, bottom):
    b.rect(left, bottom, box.w, box.h, fill=_color(box.fill, face.values), stroke=_color(box.stroke, face.values),
           width=box.stroke_width, radius=box.radius)


def _draw_text(b, box: Box, face, layout, emblems, left, bottom):
    fit = face.fits.get(box.name)
    if fit is None or not fit.lines:
        return
    font = layout.fonts[box.font]
    total = sum(len(p) for p in fit.lines) * fit.leading + box.paragraph_gap * (len(fit.lines) - 1)
    top = bottom + box.h
    if box.valign == "middle":
        top -= (box.h - total) / 2
    elif box.valign == "bottom":
        top = bottom + total
    x = {"left": left, "center": left + box.w / 2, "right": left + box.w}[box.align]
    color = _color(box.color, face.values)
    baseline = top - fit.size * ASCENT - (fit.leading - fit.size) / 2
    for paragraph in fit.lines:
        for line in paragraph:
            b.text(x, baseline, line, font, fit.size, color, box.align)
            baseline -= fit.leading
        baseline -= box.paragraph_gap


def _draw_art(b, box: Box, face, layout, emblems, left, bottom):
    name = face.values.get(box.field or "art")
    if not name:
        return
    if is_image(name):  # an image file, fitted into the box with its aspect kept
        b.image(name, left, bottom, box.w, box.h)
        return
    color = _color(box.color, face.values)
    draw = emblems[name]

    def scaled(inner):
        inner.save()
        inner.scale(box.w / 100.0, box.h / 100.0)
        draw(inner, color)
        inner.restore()

    symbol(b, f"art:{name}:{color}:{box.w:.2f}x{box.h:.2f}", box.w, box.h, scaled, left, bottom)


def _draw_difficulty(b, box: Box, face, layout, emblems, left, bottom):
    level = face.values.get("difficulty")
    if level:
        r = min(box.w, box.h) / 2
        b.circle(left + r, bottom + r, r, fill=DIFFICULTY_COLORS[level], stroke="#ffffff", width=0.6)


DRAWERS = {"rect": _draw_rect, "text": _draw_text, "art": _draw_art, "difficulty": _draw_difficulty}
