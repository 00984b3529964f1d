"""Card layout boxes drawn from a card's data: the zone grid, range diagrams, attack stats, ship stats.

Each kind draws in points (y up) inside its box and checks, at validation,
what it would not be able to draw. Layout files name them by `type:`.
"""
from __future__ import annotations

from pnp.games.escaping_earth.cards import ZONE_KINDS
from pnp.games.escaping_earth.geometry import square_index
from pnp.games.escaping_earth.vocabulary import VOCABULARY
from pnp.render.backend import place_emblem
from pnp.text.fit import fit_text
from pnp.text.fonts import string_width
from pnp.text.legibility import floor

INK = "#1b2430"
MUTED = "#7d8791"
ENEMY_RED = "#c0392b"
BONUS_GREEN = "#2e8b57"
RULE_AMBER = "#b7791f"
DOT_RED = "#d13b2f"
ENEMY_ART = {"ground": "crawler", "air": "drone", "space": "fighter"}
TRACK_NAMES = {"ground": "GROUND", "air": "AIR", "space": "SPACE"}


emblem = place_emblem  # an emblem in a size x size square with its bottom-left corner at (x, y)


def word_of(effect) -> tuple[str, object]:
    return (effect, None) if isinstance(effect, str) else next(iter(effect.items()))


def _resolve(color: str | None, face, fallback: str) -> str:
    if color and color.startswith("{"):
        return face.values.get(color.strip("{}"), fallback)
    return color or fallback


def _chip(b, font, x, y, text, size, fill, color="#ffffff") -> float:
    """A rounded label; returns its width."""
    w = string_width(text, font, size) + size * 1.2
    b.rect(x, y, w, size * 1.6, fill=fill, radius=size * 0.5)
    b.text(x + w / 2, y + size * 0.45, text, font, size, color, "center")
    return w


def _chips_size(font, labels: list[str], width: float) -> float:
    """The largest type size at which these chips, side by side with their gaps, fit in `width`."""
    per_point = sum(string_width(label, font, 1.0) + 1.2 for label in labels) + 0.5 * max(0, len(labels) - 1)
    return width / per_point if per_point else width


def _numbered(b, layout, x, y, r, number, fill, color="#ffffff"):
    b.circle(x, y, r, fill=fill, stroke="#ffffff", width=0.6)
    size = r * 1.25 if len(str(number)) < 2 else r * 1.05
    b.text(x, y - size * 0.36, str(number), layout.fonts["bold"], size, color, "center")


# -- the zone side -----------------------------------------------------------------------------
class ZoneGrid:
    """The 3x3 grid of a Zone card: enemies with their health and ability, bonus squares, special rules."""

    RULE_SIZE, BONUS_SIZE = 6.0, 6.0  # a special rule's words and a bonus label, shrunk to the box's min_size at most

    def check(self, box, face, layout) -> list[str]:
        card = face.card
        if card.kind not in ZONE_KINDS:
            return ["a zone grid shows a Zone card's squares; this card is not a zone"]
        problems = []
        for rule in card.rules:
            fit = self._rule_fit(rule, box, layout)
            if not fit.ok:
                problems.append(f"the special rule on {rule.at} does not fit its square: {fit.detail}; shorten it")
        for bonus in card.bonuses:
            fit = self._bonus_fit(bonus, box, layout)
            if not fit.ok:
                problems.append(f"the bonus label on {bonus.at} does not fit its square: {fit.detail}; shorten it")
        return problems

    @staticmethod
    def _side(box) -> float:
        return min(box.w, box.h) / 3

    def _rule_fit(self, rule, box, layout):  # the words fill the square below its emblem (see _rule)
        side = self._side(box)
        return fit_text(rule.text, layout.fonts["regular"], self.RULE_SIZE, floor(box.min_size), side - 4, side * 0.6)

    def _bonus_fit(self, bonus, box, layout):
        side = self._side(box)
        return fit_text(bonus.label, layout.fonts["bold"], self.BONUS_SIZE, floor(box.min_size), side - 3, side * 0.3)

    def draw(self, b, box, face, layout, emblems, left, bottom):
        card, side = face.card, self._side(box)
        accent = _resolve(box.color, face, INK)
        origin_x, origin_y = left + (box.w - 3 * side) / 2, bottom + (box.h - 3 * side) / 2

        def corner(index):  # bottom-left of a square; row a is the top row
            row, col = divmod(index, 3)
            return origin_x + col * side, origin_y + (2 - row) * side

        for index in range(9):
            x, y = corner(index)
            b.rect(x + 0.6, y + 0.6, side - 1.2, side - 1.2, fill="#ffffff", stroke=accent, width=0.8, radius=1.5)
        for bonus in card.bonuses:
            self._bonus(b, layout, emblems, bonus, *corner(square_index(bonus.at)), side, self._bonus_fit(bonus, box, layout))
        for rule in card.rules:
            self._rule(b, layout, emblems, rule, *corner(square_index(rule.at)), side, self._rule_fit(rule, box, layout))
        for enemy in card.enemies:
            self._enemy(b, layout, emblems, card, enemy, [corner(square_index(s)) for s in enemy.squares], side, accent)

    def _bonus(self, b, layout, emblems, bonus, x, y, side, fit):
        b.rect(x + 1.4, y + 1.4, side - 2.8, side - 2.8, fill="#e3f3e9", stroke=BONUS_GREEN, width=0.8, radius=1.2)
        word, _ = word_of(bonus.effects[0])
        emblem(b, emblems, word, BONUS_GREEN, x + side * 0.3, y + side * 0.42, side * 0.4)
        line_y = y + side * 0.3
        for line in (fit.lines[0] if fit.lines else ()):
            b.text(x + side / 2, line_y, line, layout.fonts["bold"], fit.size, BONUS_GREEN, "center")
            line_y -= fit.leading

    def _rule(self, b, layout, emblems, rule, x, y, side, fit):
        b.rect(x + 1.4, y + 1.4, side - 2.8, side - 2.8, fill="#fbf0d9", stroke=RULE_AMBER, width=0.8, radius=1.2)
        word, _ = word_of(rule.effects[0])
        emblem(b, emblems, word, RULE_AMBER, x + side * 0.39, y + side * 0.7, side * 0.22)  # the top of the square
        line_y = y + side * 0.68 - fit.size * 0.9  # the words below it, down to the square's inner edge
        for paragraph in fit.lines:
            for line in paragraph:
                b.text(x + side / 2, line_y, line, layout.fonts["regular"], fit.size, INK, "center")
                line_y -= fit.leading

    def _enemy(self, b, layout, emblems, card, enemy, corners, side, accent):
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        if len(corners) == 1:
            b.rect(xs[0] + 1.0, ys[0] + 1.0, side - 2.0, side - 2.0, fill="#f6dedb", stroke=ENEMY_RED, width=1.0, radius=1.5)
        else:  # one enemy over several squares: one outline around them all, no borders between them
            b.path(outline_path([square_index(s) for s in enemy.squares], corners[0],
                                square_index(enemy.squares[0]), side, 1.0, 1.5),
                   fill="#f6dedb", stroke=ENEMY_RED, width=1.0)
        named = bool(enemy.name) and card.kind != "zone"
        art = "boss" if named else ENEMY_ART[card.track]
        span_x, span_y = max(xs) + side - min(xs), max(ys) + side - min(ys)
        size = min(span_x, span_y) * (0.5 if len(corners) > 1 else 0.52)
        emblem(b, emblems, art, ENEMY_RED if not named else "#7a1020", min(xs) + (span_x - size) / 2,
               min(ys) + (span_y - size) / 2 + side * 0.04, size)
        # health in the lower-left corner (the seed's red circle), ability in the upper-right
        low = min(corners, key=lambda c: (c[1], c[0]))  # the bottom-most, then left-most square it covers
        high = max(corners, key=lambda c: (c[1], c[0]))  # the top-most, then right-most
        _numbered(b, layout, low[0] + side * 0.2, low[1] + side * 0.2, side * (0.16 if enemy.health < 10 else 0.19),
                  enemy.health, ENEMY_RED)
        if enemy.ability:
            word, number = word_of(enemy.ability[0])
            x, y = high[0] + side * 0.58, high[1] + side * 0.58
            b.circle(x + side * 0.19, y + side * 0.19, side * 0.2, fill="#ffffff", stroke=INK, width=0.5)
            emblem(b, emblems, word, INK, x + side * 0.05, y + side * 0.05, side * 0.28)
            if number is not None and word in NUMBER_ON_GLYPH:
                b.text(x + side * 0.19, y + side * 0.12, str(number), layout.fonts["bold"], side * 0.17, "#ffffff",
                       "center")
            elif number is not None:  # a glyph too thin to carry it: the number on its own dark disc under the badge
                _numbered(b, layout, x + side * 0.24, y - side * 0.08, side * 0.115, number, INK)


NUMBER_ON_GLYPH = {"ARMOR"}  # ability glyphs with a dark body wide enough to print their number on in white


def outline_path(squares: list[int], corner, first: int, side: float, inset: float, radius: float) -> list:
    """The path around a connected group of grid squares, `inset` inside their outer edges, corners rounded:
    one shape, no borders between the squares. `corner` is the bottom-left (points) of square `first`."""
    def cell(square):  # column, and rows counted upwards from the bottom row
        row, col = divmod(square, 3)
        return col, 2 - row

    # each square's edges counter-clockwise; an edge two squares share appears both ways round and is dropped
    edges = set()
    for square in squares:
        c, u = cell(square)
        corners = [(c, u), (c + 1, u), (c + 1, u + 1), (c, u + 1)]
        edges.update(zip(corners, corners[1:] + corners[:1]))
    edges = {e for e in edges if (e[1], e[0]) not in edges}
    ox, oy = corner[0] - cell(first)[0] * side, corner[1] - cell(first)[1] * side
    commands = []
    while edges:
        loop = [min(edges)]
        edges.discard(loop[0])
        while loop[-1][1] != loop[0][0]:
            loop.append(next(e for e in sorted(edges) if e[0] == loop[-1][1]))
            edges.discard(loop[-1])
        commands += _rounded(_inset_corners(loop, inset / side), ox, oy, side, radius)
    return commands


def _inset_corners(loop, inset: float) -> list[tuple[float, float]]:
    """The corners of a counter-clockwise loop of unit edges, moved `inset` inwards (to the left of each edge)."""
    points = []
    for (a, b), (_, c) in zip(loop[-1:] + loop[:-1], loop):
        d1, d2 = (b[0] - a[0], b[1] - a[1]), (c[0] - b[0], c[1] - b[1])
        if d1 == d2:
            continue  # a straight run: no corner here
        points.append((b[0] - (d1[1] + d2[1]) * inset, b[1] + (d1[0] + d2[0]) * inset))
    return points


def _rounded(points, ox, oy, side, radius) -> list:
    """A closed path through the corners (grid units, placed at ox, oy at `side` points a unit), each corner
    rounded off with a curve of about `radius` points."""
    at = [(ox + x * side, oy + y * side) for x, y in points]
    k = 0.45  # how far towards the corner the curve's handles reach

    def towards(p, q, r):  # the point r points from p towards q
        length = abs(q[0] - p[0]) + abs(q[1] - p[1])  # edges are upright or level
        return p[0] + (q[0] - p[0]) * r / length, p[1] + (q[1] - p[1]) * r / length

    commands = []
    for i, here in enumerate(at):
        before, after = at[i - 1], at[(i + 1) % len(at)]
        start, end = towards(here, before, radius), towards(here, after, radius)
        commands.append(("M" if i == 0 else "L", *start))
        commands.append(("C", start[0] + (here[0] - start[0]) * (1 - k), start[1] + (here[1] - start[1]) * (1 - k),
                         end[0] + (here[0] - end[0]) * (1 - k), end[1] + (here[1] - end[1]) * (1 - k), *end))
    commands.append(("Z",))
    return commands


class ZoneTag:
    """The lower-left tag of a Zone card: its track and level, and BOSS or FINAL BOSS."""

    def check(self, box, face, layout) -> list[str]:
        return [] if face.card.kind in ZONE_KINDS else ["a zone tag shows a Zone card's track and level"]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        card = face.card
        color = _resolve(box.color, face, INK)
        emblem(b, emblems, card.track, color, left, bottom, box.h)
        size = box.h * 0.62
        text = f"{TRACK_NAMES[card.track]} {card.level}"
        b.text(left + box.h * 1.25, bottom + box.h * 0.22, text, layout.fonts["bold"], size, color)
        if card.kind != "zone":
            label = "BOSS" if card.kind == "boss" else "FINAL BOSS"
            x = left + box.h * 1.25 + string_width(text, layout.fonts["bold"], size) + size * 0.6
            _chip(b, layout.fonts["bold"], x, bottom + box.h * 0.1, label, size * 0.8, "#7a1020")


# -- the item side -----------------------------------------------------------------------------
class Cost:
    """Gold to buy a card (a coin in the upper right), or a ship's Blueprint cost."""

    def check(self, box, face, layout) -> list[str]:
        return []

    def draw(self, b, box, face, layout, emblems, left, bottom):
        card = face.card
        if card.kind == "ship":
            if not card.ship.blueprints:
                return
            art, number, color = "BLUEPRINT", card.ship.blueprints, "#1f5f8b"
        elif card.cost is None:
            return
        else:
            art, number, color = "gold", card.cost, "#c99a06"
        side = min(box.w, box.h)
        size, ink = side * 0.5, "#ffffff"
        if art == "gold":  # a plain coin, so the number reads
            b.circle(left + side / 2, bottom + side / 2, side / 2, fill=color)
            b.circle(left + side / 2, bottom + side / 2, side * 0.4, stroke="#fff3c4", width=0.8)
        else:  # the blueprint sheet, its ship drawing under a paper disc: the number dark on light
            emblem(b, emblems, art, color, left, bottom, side)
            b.circle(left + side / 2, bottom + side / 2, side * 0.3, fill="#ffffff", stroke=color, width=0.8)
            size, ink = side * 0.42, color
        b.text(left + side / 2, bottom + side / 2 - size * 0.36, str(number), layout.fonts["bold"], size,
               ink, "center")


def ship_label(ship_id: str) -> str:
    """'the-wolf' -> 'Wolf': ship ids are "the-" and the ship's name."""
    return " ".join(part.capitalize() for part in ship_id.removeprefix("the-").split("-"))


class Exclusive:
    """'Wolf-Only' under the title of a card only one ship may carry."""

    def check(self, box, face, layout) -> list[str]:
        return []

    def draw(self, b, box, face, layout, emblems, left, bottom):
        if face.card.exclusive:
            _chip(b, layout.fonts["bold"], left, bottom, f"{ship_label(face.card.exclusive)}-Only", box.h * 0.55,
                  _resolve(box.color, face, INK))


class Flags:
    """Marks along the bottom of an item: starter, permanent, treasure, system, event, blueprint."""

    def check(self, box, face, layout) -> list[str]:
        return []

    def draw(self, b, box, face, layout, emblems, left, bottom):
        card, size, x = face.card, box.h * 0.55, left
        marks = [("SYSTEM", "#5a4a9c")] if card.kind == "system" else []
        marks += [("BOSS EVENT", "#7a1020")] if card.kind == "event" else []
        marks += [("BLUEPRINT", "#1f5f8b")] if any(word_of(e)[0] == "BLUEPRINT" for e in card.effects) else []
        marks += [(label, color) for flag, label, color in (
            ("treasure", "TREASURE", "#b8860b"),
            ("starter", "STARTER", "#4a5560"), ("permanent", "PERMANENT", "#2e6b4a")) if getattr(card, flag)]
        if card.treasure:  # a treasure is permanent by definition: one mark says both
            marks = [m for m in marks if m[0] != "PERMANENT"]
        size = min(size, _chips_size(layout.fonts["bold"], [label for label, _ in marks], box.w))
        for label, color in marks:
            x += _chip(b, layout.fonts["bold"], x, bottom, label, size, color) + size * 0.5


class RangeDiagram:
    """The RANGE grid: the nine squares ahead of the ship (its own row at the bottom), dots where the
    attack reaches, and arrows for the Zone above or below. The grid alone: its RANGE heading is a text box of the
    layout's, so the card reference's callout can name the grid where it prints."""

    def check(self, box, face, layout) -> list[str]:
        return [] if face.card.attack else ["a range box shows an attack's range; this card has no attack"]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        draw_range(b, layout.fonts["bold"], emblems, face.card.attack.range, left, bottom, box.w, box.h,
                   _resolve(box.color, face, INK), label=False)


def draw_range(b, font, emblems, rng, left, bottom, width, height, color, label=True):
    """A range grid in a width x height area (also used by the rulebook's diagrams)."""
    top_room = height * 0.14 if label else 0
    arrows = width * 0.2
    side = min((width - arrows) / 3, (height - top_room) / 3)
    x0, y0 = left, bottom + (height - top_room - 3 * side) / 2
    if label:
        b.text(x0, bottom + height - top_room * 0.8, "RANGE", font, top_room * 0.7, color)
    for row, line in enumerate(rng.grid):
        for col, mark in enumerate(line):
            x, y = x0 + col * side, y0 + (2 - row) * side
            b.rect(x + 0.5, y + 0.5, side - 1, side - 1, fill="#ffffff", stroke=color, width=0.7, radius=1)
            if mark == "x":
                b.circle(x + side / 2, y + side / 2, side * 0.28, fill=DOT_RED)
            elif row == 2 and col == 1:
                emblem(b, emblems, "ship", MUTED, x + side * 0.2, y + side * 0.2, side * 0.6)
    ax = x0 + 3 * side + arrows * 0.15
    for on, direction, y in ((rng.up, 1, y0 + 2 * side), (rng.down, -1, y0)):
        if on:
            tip = y + side * (0.85 if direction > 0 else 0.15)
            base = y + side * (0.25 if direction > 0 else 0.75)
            b.path([("M", ax + arrows * 0.35, tip), ("L", ax + arrows * 0.75, base), ("L", ax + arrows * 0.52, base),
                    ("L", ax + arrows * 0.52, base - direction * side * 0.2), ("L", ax + arrows * 0.18, base - direction * side * 0.2),
                    ("L", ax + arrows * 0.18, base), ("L", ax - arrows * 0.05, base), ("Z",)], fill=DOT_RED)


class AttackType:
    """The attack's type (laser, missile or blast): its icon over its name. A box of its own, apart from the attack
    value under it, so the card reference's key names each where it prints."""

    def check(self, box, face, layout) -> list[str]:
        return [] if face.card.attack else ["an attack-type box shows an attack's type; this card has no attack"]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        attack, color = face.card.attack, _resolve(box.color, face, INK)
        icon = min(box.w * 0.5, box.h * 0.68)
        emblem(b, emblems, attack.type, color, left + (box.w - icon) / 2, bottom + box.h - icon, icon)
        label = box.h * 0.2
        b.text(left + box.w / 2, bottom + box.h - icon - label * 1.2, attack.type.upper(), layout.fonts["bold"], label,
               color, "center")


class AttackStats:
    """The attack value (the damage of each hit), how many times it fires, and the word ATTACK under them."""

    def check(self, box, face, layout) -> list[str]:
        return [] if face.card.attack else ["an attack box shows an attack; this card has none"]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        attack = face.card.attack
        big = box.h * 0.68
        # an attack that fires more than once: the damage a little left of the middle, its "×2" beside it
        damage_x = 0.4 if attack.repeat > 1 else 0.5
        b.text(left + box.w * damage_x, bottom + box.h * 0.4, str(attack.damage), layout.fonts["bold"], big, INK,
               "center")
        b.text(left + box.w / 2, bottom + box.h * 0.12, "ATTACK", layout.fonts["bold"], box.h * 0.16, MUTED, "center")
        if attack.repeat > 1:
            # a multiplication sign, as the rulebook prints "×2" (a letter x read as "1x2" beside the damage)
            b.text(left + box.w * 0.8, bottom + box.h * 0.52, f"×{attack.repeat}", layout.fonts["bold"], big * 0.45,
                   DOT_RED, "center")


class EffectIcons:
    """A row of effect icons with their numbers; the pendulum's three modes for Power of the Pendulum."""

    def check(self, box, face, layout) -> list[str]:
        if not face.card.effects:
            return ["an effect-icons box shows a card's effects; this card has none"]
        if any(word_of(e)[0] == "PENDULUM_MODES" for e in face.card.effects):
            return []
        size, step = self._sizes(box, len(face.card.effects))
        type_size, font = min(box.h * 0.16, 8.0), layout.fonts["bold"]
        return [f"the caption '{caption}' does not fit under its icon: {fit.detail}" for caption in self._captions(face)
                if string_width(caption, font, type_size) > step - 2
                and not (fit := fit_text(caption, font, type_size, floor(box.min_size), step - 2,
                                         max(box.h * 0.96 - size, type_size))).ok]

    @staticmethod
    def _sizes(box, count: int) -> tuple[float, float]:
        """The side of each icon, and the width each icon and its caption have."""
        return min(box.h * 0.7, (box.w - (count - 1) * box.w * 0.04) / count * 0.75), box.w / count

    @staticmethod
    def _captions(face) -> list[str]:
        return [CAPTIONS.get(word, word.replace("_", " ").title()).format(n=number)
                for word, number in map(word_of, face.card.effects)]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        effects, color = face.card.effects, _resolve(box.color, face, INK)
        if any(word_of(e)[0] == "PENDULUM_MODES" for e in effects):
            draw_modes(b, layout.fonts["bold"], emblems, left, bottom, box.w, box.h, color)
            return
        size, step = self._sizes(box, len(effects))
        for i, (effect, caption) in enumerate(zip(effects, self._captions(face))):
            word, _ = word_of(effect)
            x = left + i * step + (step - size) / 2
            emblem(b, emblems, word, color, x, bottom + box.h - size, size)
            _caption(b, layout.fonts["bold"], caption, left + i * step + step / 2, bottom + box.h * 0.04,
                     min(box.h * 0.16, 8.0), floor(box.min_size), step - 2, bottom + box.h - size, color)


def _caption(b, font, caption, x, baseline, size, min_size, width, ceiling, color):
    """An icon's caption centred under it: on one line where it fits, else wrapped upwards from the same baseline
    (shrunk no further than min_size), so neighbouring captions never overprint."""
    if string_width(caption, font, size) <= width:
        b.text(x, baseline, caption, font, size, color, "center")
        return
    fit = fit_text(caption, font, size, min_size, width, max(ceiling - baseline, size))
    lines = [line for paragraph in fit.lines for line in paragraph]
    for k, line in enumerate(lines):
        b.text(x, baseline + (len(lines) - 1 - k) * fit.leading, line, font, fit.size, color, "center")


CAPTIONS = {"MOVE": "MOVE {n}", "DRAW": "Draw {n}", "HEAL": "+{n} health", "CHARGE": "+{n} Charge",
            "BLOCK": "Block {n}", "CREDIT": "+{n} gold", "PURGE": "Return {n} Static", "WARP": "Warp",
            "TREASURE": "Treasure", "BLUEPRINT": "Blueprint"}
MODES = ("Assault", "Warp", "Recovery")


def draw_modes(b, font, emblems, left, bottom, width, height, color):
    step = width / 3
    for i, mode in enumerate(MODES):
        x = left + i * step
        b.rect(x + 1, bottom + height * 0.28, step - 2, height * 0.6, fill="#ffffff" if i != 1 else "#e6e0f5",
               stroke=color, width=0.8, radius=2)
        b.text(x + step / 2, bottom + height * 0.52, mode.upper(), font, min(7.0, height * 0.16), color, "center")
        b.text(x + step / 2, bottom + height * 0.08, ("+1 damage", "MOVE 1", "+1 health")[i], font,
               min(6.0, height * 0.13), MUTED, "center")
    emblem(b, emblems, "PENDULUM", color, left + width / 2 - height * 0.12, bottom + height * 0.72, height * 0.24)


class ShipStats:
    """Crew, minimum deck, maximum systems, starting level, and the health track."""

    def check(self, box, face, layout) -> list[str]:
        return [] if face.card.ship else ["a ship-stats box shows a ship; this card is not one"]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        ship, color = face.card.ship, _resolve(box.color, face, INK)
        rows = (("crew", "Crew", ship.crew), ("deck", "Min. deck size", ship.min_deck),
                ("systems", "Max. systems", ship.max_systems), ("start", "Starting level", ship.start_level))
        line = box.h * 0.17
        for i, (art, label, value) in enumerate(rows):
            y = bottom + box.h - (i + 1) * line
            emblem(b, emblems, art, color, left, y + line * 0.1, line * 0.8)
            b.text(left + line * 1.1, y + line * 0.3, label, layout.fonts["regular"], line * 0.5, INK)
            b.text(left + box.w * 0.62, y + line * 0.25, str(value), layout.fonts["bold"], line * 0.62, color, "center")
        # the health track: the ship starts at its highest value
        track_y = bottom + box.h * 0.02
        b.text(left, track_y + line * 0.55, "HEALTH", layout.fonts["bold"], line * 0.45, ENEMY_RED)
        r = min(line * 0.42, (box.w * 0.74 / ship.health) * 0.42)
        for h in range(1, ship.health + 1):
            x = left + box.w * 0.26 + (h - 0.5) * (box.w * 0.74 / ship.health)
            _numbered(b, layout, x, track_y + line * 0.5, r, h, ENEMY_RED if h == ship.health else "#e9a29a")


class Ability:
    """A ship's ability as a printed track: Shield Charge 0-3, the revive circle, plating."""

    def check(self, box, face, layout) -> list[str]:
        return [] if face.card.ship else ["an ability box shows a ship's ability; this card is not a ship"]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        word, number = word_of(face.card.ship.ability[0])
        color = _resolve(box.color, face, INK)
        icon = box.h * 0.8
        emblem(b, emblems, word, color, left, bottom + (box.h - icon) / 2, icon)
        x = left + icon * 1.2
        font, small = layout.fonts["bold"], min(box.h * 0.3, 7.0)
        if word == "SHIELD_CHARGE":
            step = (box.w - icon * 1.2) / 4
            for charge in range(4):
                cx = x + charge * step + step / 2
                b.circle(cx, bottom + box.h * 0.62, box.h * 0.26, fill="#ffffff", stroke=color, width=0.8)
                b.text(cx, bottom + box.h * 0.53, str(charge), font, small, color, "center")
                if charge >= 2:
                    b.text(cx, bottom + box.h * 0.04, f"block {1 if charge == 2 else 3}", font, max(small * 0.8, floor(box.min_size)),
                           MUTED, "center")
        elif word == "REVIVE":
            b.circle(x + box.h * 0.45, bottom + box.h / 2, box.h * 0.42, fill="#ffffff", stroke=color, width=1.0)
            emblem(b, emblems, "flame", "#e07a1f", x + box.h * 0.2, bottom + box.h * 0.25, box.h * 0.5)
            b.text(x + box.h, bottom + box.h * 0.38, "REVIVE (once a run)", font, small, color)
        elif word == "PENDULUM":
            b.text(x, bottom + box.h * 0.38, "PENDULUM (needs its SYSTEM)", font, small, color)
        else:
            b.text(x, bottom + box.h * 0.38, f"PLATING {number}", font, small * 1.2, color)


def guide_rows(card) -> list[tuple[str, str]]:
    """A Symbol Guide's rows as it prints them: each ability's name ("Armor N") and what it does, from the
    vocabulary (the card reference states the same words: pnp.games.escaping_earth.facts)."""
    rows = []
    for entry in card.effects:
        word, number = word_of(entry)
        name = word.replace("_", " ").title().replace("Self Repair", "Self-Repair") + (" N" if number is not None else "")
        rows.append((name, VOCABULARY[word].glossary))
    return rows


class Guide:
    """A Symbol Guide: each ability's icon, name and what it does (from the vocabulary)."""

    SIZE = 6.5  # shrinks to the box's min_size at most

    def check(self, box, face, layout) -> list[str]:
        problems = []
        for entry, _, text, h in self._rows(box, face):
            fit = fit_text(text, layout.fonts["regular"], self.SIZE, floor(box.min_size), box.w - h * 1.1, h * 0.6)
            if not fit.ok:
                problems.append(f"the guide text for {word_of(entry)[0]} does not fit: {fit.detail}")
        return problems

    @staticmethod
    def _rows(box, face):
        """(effect, its name as printed, what it does, the row's height) for each row."""
        effects = face.card.effects
        h = box.h / max(1, len(effects))
        return [(entry, name, text, h) for entry, (name, text) in zip(effects, guide_rows(face.card))]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        color = _resolve(box.color, face, INK)
        for i, (entry, name, text, h) in enumerate(self._rows(box, face)):
            y = bottom + box.h - (i + 1) * h
            icon = min(h * 0.7, box.w * 0.2)
            emblem(b, emblems, word_of(entry)[0], color, left, y + h - icon - h * 0.1, icon)
            b.text(left + icon * 1.25, y + h * 0.74, name, layout.fonts["bold"], 7.0, color)
            fit = fit_text(text, layout.fonts["regular"], self.SIZE, floor(box.min_size), box.w - h * 1.1, h * 0.6)
            line_y = y + h * 0.74 - fit.leading
            for paragraph in fit.lines:
                for line in paragraph:
                    b.text(left + icon * 1.25, line_y, line, layout.fonts["regular"], fit.size, INK)
                    line_y -= fit.leading


BOX_KINDS = {
    "zone-grid": ZoneGrid(), "zone-tag": ZoneTag(), "cost": Cost(), "exclusive": Exclusive(), "flags": Flags(),
    "range": RangeDiagram(), "attack-type": AttackType(), "attack": AttackStats(), "effect-icons": EffectIcons(),
    "ship-stats": ShipStats(),
    "ability": Ability(), "guide": Guide(),
}
