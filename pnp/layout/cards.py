"""Card layouts: templates of named boxes, resolved to points."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pnp.diagnostics import Diagnostic, did_you_mean
from pnp.model.common import FontName, Length, RelativeLength, StrictModel
from pnp.model.schema_errors import parse_model
from pnp.source import Source, SourceError, load


class CardSizeSpec(StrictModel):
    width: Length
    height: Length
    bleed: Length
    safe: Length


class CardSizesFile(StrictModel):
    card_sizes: dict[str, CardSizeSpec]


class BoxSpec(StrictModel):
    type: Literal["fill", "rect", "text", "art", "difficulty"] | None = None
    extends: str | None = None
    x: RelativeLength | None = None
    y: RelativeLength | None = None
    w: RelativeLength | None = None
    h: RelativeLength | None = None
    field: str | None = None
    font: Literal["regular", "bold", "italic", "bolditalic"] | None = None
    size: RelativeLength | None = None
    min_size: RelativeLength | None = None
    paragraph_gap: RelativeLength | None = None
    align: Literal["left", "center", "right"] | None = None
    valign: Literal["top", "middle", "bottom"] | None = None
    color: str | None = None
    fill: str | None = None
    stroke: str | None = None
    stroke_width: RelativeLength | None = None
    radius: RelativeLength | None = None
    rotate: Literal[0, 180] | None = None


class TemplateSpec(StrictModel):
    extends: str | None = None
    values: dict[str, str] = {}
    boxes: dict[str, BoxSpec] = {}


class BacksSpec(StrictModel):
    """Which template prints on the back of a card without a back side of its own: the first that
    names it by card id, then by its kind, then by its deck."""

    decks: dict[str, str] = {}
    kinds: dict[str, str] = {}
    cards: dict[str, str] = {}


class CardLayoutFile(StrictModel):
    size: str
    fonts: dict[Literal["regular", "bold", "italic", "bolditalic"], FontName]
    accents: dict[str, str] = {}
    faces: dict[str, str]
    backs: BacksSpec = BacksSpec()
    templates: dict[str, TemplateSpec]


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float
    height: float
    bleed: float
    safe: float


@dataclass(frozen=True)
class Box:
    name: str
    type: str
    x: float = 0.0
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    field: str | None = None
    font: str = "regular"
    size: float = 8.0
    min_size: float = 6.0
    paragraph_gap: float = 0.0
    align: str = "left"
    valign: str = "top"
    color: str = "#000000"
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5
    radius: float = 0.0
    rotate: int = 0
    keypath: tuple = ()  # where the box is defined, for diagnostics


@dataclass
class Template:
    name: str
    boxes: list[Box]
    values: dict[str, str] = field(default_factory=dict)


@dataclass
class Backs:
    decks: dict[str, Template] = field(default_factory=dict)  # deck id -> template
    kinds: dict[str, Template] = field(default_factory=dict)  # card kind -> template
    cards: dict[str, Template] = field(default_factory=dict)  # card id -> template

    def choose(self, card_id: str, kind: str, deck: str) -> Template | None:
        return self.cards.get(card_id) or self.kinds.get(kind) or self.decks.get(deck)


@dataclass
class CardLayout:
    source: Source
    size: CardSize
    fonts: dict[str, str]
    accents: dict[str, str]
    faces: dict[str, Template]  # card kind -> template (for fronts and for back sides alike)
    backs: Backs
    templates: dict[str, Template]


def load_card_sizes(layouts_root: Path) -> tuple[dict[str, CardSize], list[Diagnostic]]:
    try:
        source = load(layouts_root / "common" / "cards.yaml")
    except SourceError as exc:
        return {}, exc.diagnostics
    spec, problems = parse_model(source, CardSizesFile)
    if spec is None:
        return {}, problems
    return {n: CardSize(n, s.width, s.height, s.bleed, s.safe) for n, s in spec.card_sizes.items()}, problems


def load_card_layout(layouts_root: Path, game_id: str) -> tuple[CardLayout | None, list[Diagnostic]]:
    sizes, problems = load_card_sizes(layouts_root)
    try:
        source = load(layouts_root / game_id / "cards.yaml")
    except SourceError as exc:
        return None, problems + exc.diagnostics
    spec, errors = parse_model(source, CardLayoutFile)
    problems += errors
    if spec is None or not sizes:
        return None, problems
    if spec.size not in sizes:
        problems.append(source.diagnostic(("size",), "unknown-size",
                                          f"card size '{spec.size}' is not in layouts/common/cards.yaml{did_you_mean(spec.size, sizes)}"))
        return None, problems
    resolver = _Resolver(spec, source, problems)
    templates = {name: resolver.template(name) for name in spec.templates}
    faces = {kind: resolver.lookup(name, ("faces", kind)) for kind, name in spec.faces.items()}
    backs = Backs(*({key: t for key, name in getattr(spec.backs, group).items()
                     if (t := resolver.lookup(name, ("backs", group, key)))} for group in ("decks", "kinds", "cards")))
    layout = CardLayout(source, sizes[spec.size], dict(spec.fonts), dict(spec.accents),
                        {k: t for k, t in faces.items() if t}, backs, templates)
    problems += safe_zone(layout)
    return layout, problems


SAFE_TYPES = ("text", "art", "difficulty")  # what must survive a cut that drifts by the bleed


def safe_zone(layout: CardLayout) -> list[Diagnostic]:
    """Text, emblems and marks lie inside the safe zone (the trim inset by `safe`), for every template."""
    size, problems, seen = layout.size, [], set()
    for template in layout.templates.values():
        for box in template.boxes:
            if box.type not in SAFE_TYPES or box.keypath in seen:
                continue
            seen.add(box.keypath)
            inside = (box.x >= size.safe - 0.01 and box.y >= size.safe - 0.01
                      and box.x + box.w <= size.width - size.safe + 0.01 and box.y + box.h <= size.height - size.safe + 0.01)
            if not inside:
                problems.append(layout.source.diagnostic(box.keypath, "safe-zone",
                                f"box '{box.name}' of template '{template.name}' reaches outside the safe zone "
                                f"({size.safe / 72 * 25.4:.2f}mm inside the trim); move or shrink it"))
    return problems


class _Resolver:
    """Resolves template and box `extends`, with relative values, once each."""

    def __init__(self, spec: CardLayoutFile, source: Source, problems: list):
        self.spec, self.source, self.problems = spec, source, problems
        self.done: dict[str, Template] = {}
        self.active: set[str] = set()

    def lookup(self, name: str, where: tuple) -> Template | None:
        if name not in self.spec.templates:
            self.problems.append(self.source.diagnostic(
                where, "unknown-template", f"template '{name}' is not defined{did_you_mean(name, self.spec.templates)}"))
            return None
        return self.template(name)

    def template(self, name: str) -> Template:
        if name in self.done:
            return self.done[name]
        if name in self.active:
            self.problems.append(self.source.diagnostic(("templates", name, "extends"), "extends-cycle",
                                                        f"template '{name}' extends itself through a cycle"))
            return Template(name, [])
        self.active.add(name)
        spec = self.spec.templates[name]
        boxes: dict[str, dict] = {}
        values: dict[str, str] = {}
        if spec.extends:
            parent = self.lookup(spec.extends, ("templates", name, "extends"))
            if parent:
                boxes = {b.name: _box_dict(b) for b in parent.boxes}
                values = dict(parent.values)
        values.update(spec.values)
        for box_name, box in spec.boxes.items():
            boxes[box_name] = self._box(name, box_name, box, boxes)
        self.active.discard(name)
        resolved = Template(name, [b for b in (self._finish(name, n, d) for n, d in boxes.items()) if b], values)
        self.done[name] = resolved
        return resolved

    def _box(self, template: str, name: str, spec: BoxSpec, known: dict) -> dict:
        where = ("templates", template, "boxes", name)
        base: dict = {}
        if spec.extends:
            if spec.extends not in known:
                self.problems.append(self.source.diagnostic(where + ("extends",), "unknown-box",
                                     f"box '{spec.extends}' is not defined before '{name}'{did_you_mean(spec.extends, known)}"))
            else:
                base = dict(known[spec.extends])
        for key, value in spec.model_dump(exclude_none=True, exclude={"extends"}).items():
            if isinstance(value, tuple) and value[0] == "relative":
                value = base.get(key, 0.0) + value[1]
            base[key] = value
        base["keypath"] = where
        return base

    def _finish(self, template: str, name: str, values: dict) -> Box | None:
        where = values.get("keypath", ("templates", template, "boxes", name))
        if "type" not in values:
            self.problems.append(self.source.diagnostic(where, "missing-key", f"box '{name}' needs a type (or extends a box that has one)"))
            return None
        if values["type"] != "fill":
            missing = [k for k in ("x", "y", "w", "h") if k not in values]
            if missing:
                self.problems.append(self.source.diagnostic(where, "missing-key", f"box '{name}' needs {', '.join(missing)}"))
                return None
        return Box(name=name, **{k: v for k, v in values.items() if k != "name"})


def _box_dict(box: Box) -> dict:
    return {k: getattr(box, k) for k in Box.__dataclass_fields__ if k != "name"}
