"""Rulebook figures drawn from the game's data: where an attack reaches, and how a ship moves.

Both show the three Zone cards side by side (Ground, Air, Space, as on the
playmat); the range figure also shows the card's own RANGE grid. The reach is
computed by the engine's geometry, so the rulebook shows what the engine plays.
The movement figure draws each step as an arrow: a solid one to a neighboring
square, a dashed arc for a step to the same square of the card above or below
(a straight line there would cross the squares between as if it moved sideways).
"""
from __future__ import annotations

import math

from pnp.core.diagnostics import shown_value
from pnp.games.escaping_earth.boxes import DOT_RED, MUTED, draw_range, emblem
from pnp.games.escaping_earth.cards import TRACKS
from pnp.games.escaping_earth.emblems import EMBLEMS
from pnp.games.escaping_earth.facts import square_name
from pnp.games.escaping_earth.geometry import NEIGHBOURS, SQUARES, range_squares
from pnp.render.backend import DESCENT

TRACK_COLORS = {"ground": "#8a5a2b", "air": "#2a7aa6", "space": "#3d2f86"}
CELL, GAP, LABEL = 20.0, 26.0, 14.0
GRIDS_WIDTH = 3 * 3 * CELL + 2 * GAP
RANGE_WIDTH = 90.0  # the card's own RANGE grid, left of the Zone cards
CAPTION_SIZE = 7.0  # the attack card's name under its RANGE grid
CAPTION_ROOM = 7.5  # the figure's foot to the space the grid is centred in: the name's descenders and capitals, and air
MARK_RADIUS = 0.36 * CELL  # a lettered place's disc
STEP_RED, STEP_WIDTH, HEAD = "#d13b2f", 1.6, 5.0  # the movement arrows: their ink, line width and arrowhead length
ARC_RISE = 0.8 * CELL  # how far a dashed arc to the next card rises above the places it joins
DASH, DASH_GAP = 3.0, 2.0
LEGEND = "Dashed: the same square, one card up or down"
LEGEND_ROOM = 11.0  # under the movement figure's grids: the legend's line, clear of the squares


def _place(text) -> tuple[int, int] | None:
    """'air:c2' -> (1, 7): a track and square; None if it is not one."""
    if not isinstance(text, str) or text.count(":") != 1:
        return None
    track, square = text.split(":")
    if track not in TRACKS or square not in SQUARES:
        return None
    return TRACKS.index(track), SQUARES.index(square)


def _grids(b, left, bottom, marks: dict, font_bold):
    """The three Zone cards; marks maps (track, square) to 'ship', 'dot' or a letter."""
    for t, track in enumerate(TRACKS):
        x0 = left + t * (3 * CELL + GAP)
        color = TRACK_COLORS[track]
        b.text(x0 + 1.5 * CELL, bottom + 3 * CELL + 4, track.upper(), font_bold, 9, color, "center")
        for square in range(9):
            row, col = divmod(square, 3)
            x, y = x0 + col * CELL, bottom + (2 - row) * CELL
            b.rect(x + 0.5, y + 0.5, CELL - 1, CELL - 1, fill="#ffffff", stroke=color, width=0.8, radius=1.5)
            mark = marks.get((t, square))
            if mark == "dot":
                b.circle(x + CELL / 2, y + CELL / 2, CELL * 0.28, fill=DOT_RED)
            elif mark == "ship":
                emblem(b, EMBLEMS, "ship", "#1b2430", x + CELL * 0.15, y + CELL * 0.15, CELL * 0.7)
            elif mark:
                b.circle(x + CELL / 2, y + CELL / 2, CELL * 0.36, fill="#1b2430")
                b.text(x + CELL / 2, y + CELL / 2 - 3.3, mark, font_bold, 9, "#ffffff", "center")


def _centre(left, bottom, track, square):
    row, col = divmod(square, 3)
    return left + track * (3 * CELL + GAP) + col * CELL + CELL / 2, bottom + (2 - row) * CELL + CELL / 2


def _text_grids(marks: dict) -> list[str]:
    lines = ["  ".join(f"{track.upper():<6}" for track in TRACKS)]
    for row in range(3):
        lines.append("  ".join(" ".join(marks.get((t, row * 3 + col), ".") for col in range(3)) + " " for t in range(3)))
    return lines


class RangeFigure:
    """`{kind: range, card: <id>, track: air, at: c2}`: every square the card's attack reaches from there."""

    def _attack(self, params, game):
        record = game.card(str(params.get("card")))
        if record is None:
            return None
        for side, _ in record.sides():
            if getattr(side, "attack", None):
                return side
        return None

    def check(self, params, game) -> list[str]:
        problems = []
        if self._attack(params, game) is None:
            problems.append(f"a range figure names an attack card (card:); {shown_value(params.get('card'))} is none")
        if params.get("track") not in TRACKS:
            problems.append(f"track: must be one of {', '.join(TRACKS)}")
        if params.get("at") not in SQUARES:
            problems.append(f"at: must be a square, a1 to c3; not {shown_value(params.get('at'))}")
        unknown = set(params) - {"kind", "card", "track", "at"}
        if unknown:
            problems.append(f"a range figure takes card, track and at; not {', '.join(sorted(map(str, unknown)))}")
        return problems

    def reach(self, params, game) -> set[tuple[int, int]]:
        attack = self._attack(params, game).attack
        track, square = TRACKS.index(params["track"]), SQUARES.index(params["at"])
        squares = range_squares(tuple(attack.range.grid), square)
        tracks = [track] + [t for t, on in ((track + 1, attack.range.up), (track - 1, attack.range.down))
                            if on and 0 <= t < 3]
        return {(t, s) for t in tracks for s in squares}

    def size(self, params, game):
        return RANGE_WIDTH + GRIDS_WIDTH + 4, 3 * CELL + LABEL + 4

    def draw(self, b, params, game, left, bottom):
        side = self._attack(params, game)
        font = "VeraBd"
        # the card's name under its RANGE grid, the grid raised clear of the name's capitals
        draw_range(b, font, EMBLEMS, side.attack.range, left, bottom + CAPTION_ROOM, RANGE_WIDTH - 20,
                   3 * CELL + LABEL - CAPTION_ROOM, "#b0392c")
        marks = {p: "dot" for p in self.reach(params, game)}
        ship = (TRACKS.index(params["track"]), SQUARES.index(params["at"]))
        marks[ship] = "ship"
        _grids(b, left + RANGE_WIDTH, bottom, marks, font)
        b.text(left, bottom + DESCENT * CAPTION_SIZE, side.name, "Vera", CAPTION_SIZE, MUTED)

    def describe(self, params, game) -> str:
        side = self._attack(params, game)
        marks = {p: "x" for p in self.reach(params, game)}
        marks[(TRACKS.index(params["track"]), SQUARES.index(params["at"]))] = "S"
        head = (f"{side.name} from the {square_name(params['at'])} square of {params['track'].title()}: x marks "
                "every square it can hit (S is the ship)")
        return "\n".join([head] + _text_grids(marks))


class MovementFigure:
    """`{kind: movement, path: [ground:c1, ground:b1, air:b1, air:b2]}`: a ship's steps, lettered A, B, C..."""

    def _path(self, params):
        path = params.get("path")
        if not isinstance(path, list) or not 2 <= len(path) <= 12:
            return None
        places = [_place(p) for p in path]
        return None if None in places else places

    def check(self, params, game) -> list[str]:
        places = self._path(params)
        if places is None:
            return ["a movement figure needs path: a list of 2 to 12 places such as ground:c1 (track:square)"]
        problems = []
        for (t1, s1), (t2, s2) in zip(places, places[1:]):
            if not ((t1 == t2 and s2 in NEIGHBOURS[s1]) or (s1 == s2 and abs(t1 - t2) == 1)):
                problems.append(f"{TRACKS[t2]}:{SQUARES[s2]} is not one step from {TRACKS[t1]}:{SQUARES[s1]}")
        unknown = set(params) - {"kind", "path"}
        if unknown:
            problems.append(f"a movement figure takes path only; not {', '.join(sorted(map(str, unknown)))}")
        return problems

    def size(self, params, game):
        return GRIDS_WIDTH + 4, 3 * CELL + LABEL + 4 + LEGEND_ROOM

    def draw(self, b, params, game, left, bottom):
        places = self._path(params)
        grids = bottom + LEGEND_ROOM  # the legend of the dashed arc under the grids
        marks = {place: chr(ord("A") + i) for i, place in enumerate(places)}
        _grids(b, left, grids, marks, "VeraBd")
        for (t1, s1), (t2, s2) in zip(places, places[1:]):
            start, end = _centre(left, grids, t1, s1), _centre(left, grids, t2, s2)
            if t1 == t2:
                _arrow(b, start, end)
            else:
                _arc_arrow(b, start, end)
        if any(t1 != t2 for (t1, _), (t2, _) in zip(places, places[1:])):
            _dashed(b, [(left, bottom + 2.5), (left + 14, bottom + 2.5)])
            b.text(left + 18, bottom + DESCENT * CAPTION_SIZE, LEGEND, "Vera", CAPTION_SIZE, MUTED)

    def describe(self, params, game) -> str:
        places = self._path(params)
        marks = {place: chr(ord("A") + i) for i, place in enumerate(places)}
        steps = " -> ".join(f"{chr(ord('A') + i)} ({TRACKS[t].title()}, {square_name(SQUARES[s])})"
                            for i, (t, s) in enumerate(places))
        return "\n".join([f"Moving {len(places) - 1}: {steps}"] + _text_grids(marks))


def _arrow(b, start, end) -> None:
    """A straight arrow between two lettered places, from the edge of one disc to the edge of the other."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip = (x2 - ux * MARK_RADIUS, y2 - uy * MARK_RADIUS)
    b.line(x1 + ux * MARK_RADIUS, y1 + uy * MARK_RADIUS, tip[0] - ux * HEAD * 0.8, tip[1] - uy * HEAD * 0.8,
           STEP_RED, STEP_WIDTH)
    _head(b, tip, (ux, uy))


def _arc_arrow(b, start, end) -> None:
    """A dashed arc from the top of one lettered place up and over to the top of the same square on another card."""
    (x1, y1), (x2, y2) = start, end
    top = max(y1, y2) + MARK_RADIUS + ARC_RISE
    p0, p3 = (x1, y1 + MARK_RADIUS), (x2, y2 + MARK_RADIUS + HEAD)
    c1, c2 = (x1, top + ARC_RISE * 0.3), (x2, top + ARC_RISE * 0.3)
    _dashed(b, [_bezier(p0, c1, c2, p3, k / 24) for k in range(25)])
    _head(b, (x2, y2 + MARK_RADIUS), (0.0, -1.0))


def _bezier(p0, p1, p2, p3, t: float) -> tuple[float, float]:
    u = 1 - t
    return tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d for a, b, c, d in zip(p0, p1, p2, p3))


def _dashed(b, points: list[tuple[float, float]]) -> None:
    """A dashed line along the points: DASH on, DASH_GAP off, measured along the way."""
    on, left = True, DASH
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        length = math.hypot(x2 - x1, y2 - y1)
        done = 0.0
        while done < length - 1e-9:
            part = min(left, length - done)
            a, z = done / length, (done + part) / length
            if on:
                b.line(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * z, y1 + (y2 - y1) * z,
                       STEP_RED, STEP_WIDTH)
            done, left = done + part, left - part
            if left <= 1e-9:
                on, left = not on, DASH if not on else DASH_GAP


def _head(b, tip, direction) -> None:
    """An arrowhead pointing along `direction` (a unit vector), its point at `tip`."""
    (x, y), (ux, uy) = tip, direction
    back_x, back_y = x - ux * HEAD, y - uy * HEAD
    b.path([("M", x, y), ("L", back_x - uy * HEAD * 0.55, back_y + ux * HEAD * 0.55),
            ("L", back_x + uy * HEAD * 0.55, back_y - ux * HEAD * 0.55), ("Z",)], fill=STEP_RED)


FIGURES = {"range": RangeFigure(), "movement": MovementFigure()}
