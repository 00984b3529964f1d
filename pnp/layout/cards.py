"""Card layouts: templates of named boxes, resolved to points."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from pnp.core.diagnostics import Diagnostic, did_you_mean
from pnp.core.limits import MIN_TEXT_SIZE
from pnp.defaults import load_common
from pnp.layout.fonts import FONT_NAME, check_font_names, resolve_fonts
from pnp.model.common import Color, FileName, FontSet, StrictModel, length, relative_length
from pnp.model.schema_errors import parse_model
from pnp.reading.source import Source, SourceError, load
from pnp.text.legibility import lowered


class CardSizeSpec(StrictModel):
    width: length("10mm", "500mm")
    height: length("10mm", "500mm")
    bleed: length("0mm", "20mm")
    safe: length("0mm", "20mm")
    orientation: Literal["portrait", "landscape"] | None = Field(
        None, description="landscape: the card is drawn with its long side across (width and height may then be "
        "given in either order); without it, a card whose width exceeds its height is landscape")


class CardSizesFile(StrictModel):
    card_sizes: dict[FileName, CardSizeSpec]


FontSlot = Annotated[str, StringConstraints(pattern=f"^{FONT_NAME.pattern}$")]
ColorRef = Annotated[str, StringConstraints(pattern=r"^(#[0-9a-fA-F]{6}|\{[a-z_][a-z0-9_.]*\})$")]
Place = relative_length("-50mm", "500mm")  # from the trim's top-left; negative reaches into the bleed
Extent = relative_length("0mm", "500mm")
TypeSize = relative_length("1pt", "200pt")


GENERIC_BOXES = ("fill", "rect", "text", "art", "image", "difficulty")  # drawn by pnp.render.cards for any game
IMAGE_BOXES = ("art", "image")  # boxes that may show an image file
WhenRef = Annotated[str, StringConstraints(pattern=r"^!?[a-z_][a-z0-9_.]*$")]


class BoxSpec(StrictModel):
    type: str | None = Field(None, description="fill, rect, text, art, image, difficulty, or a kind the game's "
                             "package draws")
    when: WhenRef | None = Field(None, description="draw the box only on cards where this value is set (`cost`), or "
                                 "where it is not (`!cost`)")
    src: str | None = Field(None, description="image box: a PNG or JPEG under the game's content folder, the same on "
                            "every card (art/frame.png); or name a card value with field:")
    fit: Literal["contain", "cover"] | None = Field(None, description="image box: cover (the default) fills the box and "
                                                    "cuts off the overflow; contain shows the whole image")
    extends: str | None = None
    x: Place | None = None
    y: Place | None = None
    w: Extent | None = None
    h: Extent | None = None
    field: str | None = Field(None, description="the card value the box shows (text, art and image boxes)")
    text: str | None = Field(None, description="text box, instead of field: the text it shows, computed from the "
                             "card's values: \"{{ vp }} VP\", \"{{ name | upper }}\", "
                             "\"{% if cost %}Cost: {{ cost }}{% endif %}\"")
    font: FontSlot | None = Field(None, description="text box: one of the layout's fonts by name: regular, bold, "
                                  "italic, bolditalic, or one the layout names under fonts: (title)")
    size: TypeSize | None = None
    min_size: TypeSize | None = Field(None, description="text box: the smallest size its text shrinks to (6pt "
                                      "unless given); any box: below 6pt, the smallest type it prints, with a warning")
    paragraph_gap: relative_length("0mm", "50mm") | None = None
    align: Literal["start", "end", "left", "center", "right"] | None = Field(
        None, description="text box: start (the default: the side a paragraph's direction begins at, the left of "
        "English, the right of Arabic or Hebrew), end, or left, center, right in every script")
    valign: Literal["top", "middle", "bottom"] | None = None
    color: ColorRef | None = Field(None, description="#rrggbb, or a card value in braces: {accent}")
    fill: ColorRef | None = None
    stroke: ColorRef | None = None
    stroke_width: relative_length("0pt", "20pt") | None = None
    radius: relative_length("0mm", "100mm") | None = None
    rotate: Literal[0, 180] | None = None


class TemplateSpec(StrictModel):
    extends: str | None = None
    size: str | None = Field(None, description="the card size this template is drawn for (a name in "
                             "layouts/common/cards.yaml); inherited through extends, else the layout's size")
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
    fonts: FontSet = FontSet()
    accents: dict[str, Color] = {}
    palettes: dict[str, dict[str, Color]] = Field(default_factory=dict, description="a colour per value of a card "
                                                  "field: `track: {ground: '#8a5a2b'}` gives boxes {track_color}")
    faces: dict[str, str]
    backs: BacksSpec = BacksSpec()
    templates: dict[FileName, TemplateSpec]


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float  # the trim as the card is drawn: width across, height down
    height: float
    bleed: float
    safe: float

    @property
    def landscape(self) -> bool:
        return self.width > self.height + 0.01


def _card_size(name: str, spec: CardSizeSpec) -> CardSize:
    """A size as drawn: `orientation` puts the long side across (landscape) or down (portrait)."""
    short, long = sorted((spec.width, spec.height))
    width, height = {"landscape": (long, short), "portrait": (short, long)}.get(spec.orientation, (spec.width, spec.height))
    return CardSize(name, width, height, spec.bleed, spec.safe)


@dataclass(frozen=True)
class Box:
    name: str
    type: str
    x: float = 0.0
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    field: str | None = None
    text: str | None = None  # a computed text (pnp.layout.computed), shown instead of a field
    font: str = "regular"
    size: float = 8.0
    min_size: float = MIN_TEXT_SIZE  # lower only where the layout says so (pnp.text.legibility)
    paragraph_gap: float = 0.0
    align: str = "start"  # the side each paragraph's direction begins at (pnp.render.cards.line_align)
    valign: str = "top"
    color: str = "#000000"
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5
    radius: float = 0.0
    rotate: int = 0
    when: str | None = None  # a value name; "!name" for "not set"
    src: str | None = None  # an image box's fixed file, relative to the game's content folder
    fit: str = "contain"
    keypath: tuple = ()  # where the box is defined, for diagnostics

    def shown_on(self, values: dict) -> bool:
        """Whether the box is drawn on a face with these values: always, or as its `when` says."""
        if not self.when:
            return True
        is_set = values.get(self.when.lstrip("!")) not in (None, "")
        return is_set != self.when.startswith("!")


@dataclass
class Template:
    name: str
    boxes: list[Box]
    values: dict[str, str] = field(default_factory=dict)
    size: CardSize | None = None  # the card size it is drawn for (None: the layout's)


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
    size: CardSize  # the layout's own size: templates that name none are drawn for it
    fonts: dict[str, str]
    accents: dict[str, str]
    faces: dict[str, Template]  # card kind -> template (for fronts and for back sides alike)
    backs: Backs
    templates: dict[str, Template]
    box_kinds: dict = field(default_factory=dict)  # the game package's own box types -> their BoxKind
    palettes: dict[str, dict[str, str]] = field(default_factory=dict)  # card field -> its value -> a colour
    # the game's inline icons (game.yaml `icons:`), by name: ("emblem" or "image", its name or path, its colour)
    icons: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    sizes: dict[str, CardSize] = field(default_factory=dict)  # every size of layouts/common/cards.yaml, by name


def load_card_sizes(layouts_root: Path) -> tuple[dict[str, CardSize], list[Diagnostic]]:
    try:
        source = load_common(layouts_root, "cards.yaml")
    except SourceError as exc:
        return {}, exc.diagnostics
    spec, problems = parse_model(source, CardSizesFile)
    if spec is None:
        return {}, problems
    return {name: _card_size(name, size) for name, size in spec.card_sizes.items()}, problems


def load_card_layout(layouts_root: Path, game_id: str, box_kinds=None) -> tuple[CardLayout | None, list[Diagnostic]]:
    sizes, problems = load_card_sizes(layouts_root)
    try:
        source = load(layouts_root / game_id / "cards.yaml", layouts_root)
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
    resolver = _Resolver(spec, source, problems, sizes)
    templates = {name: resolver.template(name) for name in spec.templates}
    faces = {kind: resolver.lookup(name, ("faces", kind)) for kind, name in spec.faces.items()}
    backs = Backs(*({key: t for key, name in getattr(spec.backs, group).items()
                     if (t := resolver.lookup(name, ("backs", group, key)))} for group in ("decks", "kinds", "cards")))
    fonts, problems_of_fonts = resolve_fonts(spec.fonts, source, layouts_root.parent)  # fonts/ beside layouts/
    problems += problems_of_fonts
    layout = CardLayout(source, sizes[spec.size], fonts, dict(spec.accents),
                        {k: t for k, t in faces.items() if t}, backs, templates, dict(box_kinds or {}),
                        {name: dict(colours) for name, colours in spec.palettes.items()}, sizes=sizes)
    problems += safe_zone(layout) + _box_types(layout) + _small_type(layout) + _box_fonts(layout)
    return layout, problems


def _box_fonts(layout: CardLayout) -> list[Diagnostic]:
    """A box's font: names one of the layout's fonts (once per box)."""
    uses = {box.keypath + ("font",): box.font for template in layout.templates.values() for box in template.boxes}
    return check_font_names(layout.fonts, layout.source, uses.items())


def _box_types(layout: CardLayout) -> list[Diagnostic]:
    known = (*GENERIC_BOXES, *layout.box_kinds)
    problems, seen = [], set()
    for template in layout.templates.values():
        for box in template.boxes:
            if box.type not in known and box.keypath not in seen:
                seen.add(box.keypath)
                problems.append(layout.source.diagnostic(box.keypath + ("type",), "unknown-box-type", f"box "
                                f"'{box.name}' has type '{box.type}'{did_you_mean(box.type, known)}; use one of {', '.join(known)}"))
    return problems


def _small_type(layout: CardLayout) -> list[Diagnostic]:
    """A warning at each box whose layout lowers the smallest printed type below the rule's (once per box)."""
    boxes = {box.keypath: box for template in layout.templates.values() for box in template.boxes}
    return [problem for keypath, box in boxes.items()
            for problem in lowered(layout.source, keypath, f"box '{box.name}'", box.min_size)]


# Backgrounds, frames and pictures may run into the bleed. Everything else shows information that must survive a
# cut drifting by the bleed: text, marks, and art boxes too, whose emblems are symbols a player reads.
SAFE_EXEMPT = ("fill", "rect", "image")


def safe_zone(layout: CardLayout) -> list[Diagnostic]:
    """Text, emblems and marks lie inside the safe zone (the trim inset by `safe`), images inside the bleed,
    for every template (each at its own card size)."""
    problems, seen = [], set()
    for template in layout.templates.values():
        size = template.size or layout.size
        for box in template.boxes:
            if box.keypath in seen:
                continue
            seen.add(box.keypath)
            if box.type == "image" and not _within(box, -size.bleed, size.width + size.bleed, size.height + size.bleed):
                problems.append(layout.source.diagnostic(box.keypath, "bleed", f"image box '{box.name}' of template "
                                f"'{template.name}' reaches past the bleed ({size.bleed / 72 * 25.4:.2f}mm outside the "
                                "trim), where nothing prints; move or shrink it"))
            elif box.type not in SAFE_EXEMPT and not _within(box, size.safe, size.width - size.safe, size.height - size.safe):
                problems.append(layout.source.diagnostic(box.keypath, "safe-zone",
                                f"box '{box.name}' of template '{template.name}' reaches outside the safe zone "
                                f"({size.safe / 72 * 25.4:.2f}mm inside the trim): text must stay inside the safe zone; "
                                "images may run into the bleed (an image box); move or shrink it"))
    return problems


def _within(box: Box, low: float, right: float, bottom: float) -> bool:
    return (box.x >= low - 0.01 and box.y >= low - 0.01
            and box.x + box.w <= right + 0.01 and box.y + box.h <= bottom + 0.01)


class _Resolver:
    """Resolves template and box `extends`, with relative values, once each."""

    def __init__(self, spec: CardLayoutFile, source: Source, problems: list, sizes: dict[str, CardSize]):
        self.spec, self.source, self.problems, self.sizes = spec, source, problems, sizes
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
            return Template(name, [], size=self.sizes[self.spec.size])
        self.active.add(name)
        spec = self.spec.templates[name]
        boxes: dict[str, dict] = {}
        values: dict[str, str] = {}
        size = self.sizes[self.spec.size]  # the layout's size, unless the template or its parent names one
        if spec.extends:
            parent = self.lookup(spec.extends, ("templates", name, "extends"))
            if parent:
                boxes = {b.name: _box_dict(b) for b in parent.boxes}
                values = dict(parent.values)
                size = parent.size
        if spec.size is not None:
            if spec.size in self.sizes:
                size = self.sizes[spec.size]
            else:
                self.problems.append(self.source.diagnostic(("templates", name, "size"), "unknown-size", f"card size "
                                     f"'{spec.size}' is not in layouts/common/cards.yaml{did_you_mean(spec.size, self.sizes)}"))
        values.update(spec.values)
        for box_name, box in spec.boxes.items():
            boxes[box_name] = self._box(name, box_name, box, boxes)
        self.active.discard(name)
        resolved = Template(name, [b for b in (self._finish(name, n, d, size) for n, d in boxes.items()) if b], values, size)
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
        if spec.field is not None and spec.text is not None:
            self.problems.append(self.source.diagnostic(where + ("text",), "computed-text", f"box '{name}' has both "
                                 "field: and text:; a box shows a card value (field:) or a text computed from the "
                                 "card's values (text:), keep one"))
        for key, other in (("field", "text"), ("text", "field")):  # one replaces the other a box extends
            if getattr(spec, key) is not None:
                base.pop(other, None)
        for key, value in spec:  # the fields as validated (a relative change stays a ("relative", points) pair)
            if value is None or key == "extends":
                continue
            if isinstance(value, tuple) and value[0] == "relative":
                value = base.get(key, 0.0) + value[1]
            base[key] = value
        base["keypath"] = where
        return base

    @staticmethod
    def _full_bleed(size: CardSize) -> dict:
        return {"x": -size.bleed, "y": -size.bleed, "w": size.width + 2 * size.bleed, "h": size.height + 2 * size.bleed}

    def _finish(self, template: str, name: str, values: dict, size: CardSize) -> Box | None:
        where = values.get("keypath", ("templates", template, "boxes", name))
        if "type" not in values:
            self.problems.append(self.source.diagnostic(where, "missing-key", f"box '{name}' needs a type (or extends a box that has one)"))
            return None
        if values["type"] == "image" and not any(k in values for k in ("x", "y", "w", "h")):
            values = {**values, **self._full_bleed(size)}  # an image box without a place covers the whole card
        if values["type"] == "image" and "fit" not in values:
            values = {**values, "fit": "cover"}
        if values["type"] != "fill":
            missing = [k for k in ("x", "y", "w", "h") if k not in values]
            if missing:
                self.problems.append(self.source.diagnostic(where, "missing-key", f"box '{name}' needs {', '.join(missing)}"))
                return None
        box = Box(name=name, **{k: v for k, v in values.items() if k != "name"})
        wrong = _out_of_range(box)
        if wrong:  # a "+=" or "-=" took a value where no box can print it
            self.problems.append(self.source.diagnostic(where, "box-range", f"box '{name}': {wrong}"))
            return None
        if wrong := _image_source(box):
            self.problems.append(self.source.diagnostic(where, "image-box", f"box '{name}': {wrong}"))
            return None
        if box.text is not None and (wrong := _computed_text(box)):
            self.problems.append(self.source.diagnostic(where + ("text",), "computed-text", f"box '{name}': {wrong}"))
            return None
        return box


RANGES = {"x": (-50, 500, "mm"), "y": (-50, 500, "mm"), "w": (0, 500, "mm"), "h": (0, 500, "mm"),
          "size": (1, 200, "pt"), "min_size": (1, 200, "pt"), "paragraph_gap": (0, 50, "mm"),
          "stroke_width": (0, 20, "pt"), "radius": (0, 100, "mm")}


def _out_of_range(box: Box) -> str | None:
    """What is wrong with a resolved box's numbers, if anything."""
    for key, (low, high, unit) in RANGES.items():
        value = getattr(box, key)
        shown = value / 72 * 25.4 if unit == "mm" else value
        if not low - 1e-6 <= shown <= high + 1e-6:
            return f"{key} {shown:g}{unit} is outside {low}{unit} to {high}{unit} once extended; fix the value or its +=/-="
    if box.type == "text" and box.min_size > box.size + 1e-9:
        return f"min_size {box.min_size:g}pt is larger than size {box.size:g}pt"
    if box.type in ("text", "art", "image", "difficulty") and (box.w <= 0 or box.h <= 0):
        return "w and h must be more than 0 for a box that shows something"
    return None


def _image_source(box: Box) -> str | None:
    """What is wrong with where a box takes its image from, if anything."""
    if box.type == "image" and (box.src is None) == (box.field is None):
        return "an image box shows one image: give it src: (a file) or field: (a card value naming one), one of them"
    if box.type != "image" and (box.src is not None or box.fit != "contain"):
        return f"src: and fit: are for image boxes; this is a {box.type} box"
    return None


def _computed_text(box: Box) -> str | None:
    """What is wrong with a box's computed text before any card runs it (its kind of box, its size, its syntax, what
    it may do: pnp.layout.computed, loaded only for a layout that has one), if anything."""
    if box.type != "text":
        return f"text: is for text boxes (the text it shows, computed); this is a {box.type} box"
    from pnp.layout.computed import expression_problem

    return expression_problem(box.text)


def _box_dict(box: Box) -> dict:
    return {k: getattr(box, k) for k in Box.__dataclass_fields__ if k != "name"}
