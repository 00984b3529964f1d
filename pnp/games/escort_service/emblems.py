"""Escort Service's vector emblems, each in a 100 x 100 unit square (y up): one per action, modifier and status
(the inline icons of card and rules text, `{heat} 2`), and the art of the board, pilots and enemies."""
from __future__ import annotations

import math

from pnp.render.backend import heart as heart_path
from pnp.render.backend import polygon, star

PAPER = "#ffffff"


def _arrow(b, c, direction: str) -> None:
    """A thick arrow pointing `direction` (right, left, up, down)."""
    right = [(10, 38), (56, 38), (56, 18), (92, 50), (56, 82), (56, 62), (10, 62)]
    turn = {"right": 0, "up": 90, "left": 180, "down": 270}[direction]
    a = math.radians(turn)
    points = [(50 + (x - 50) * math.cos(a) - (y - 50) * math.sin(a), 50 + (x - 50) * math.sin(a) + (y - 50) * math.cos(a))
              for x, y in right]
    b.path(polygon(points), fill=c)


def left(b, c):
    _arrow(b, c, "left")


def right(b, c):
    _arrow(b, c, "right")


def up(b, c):
    _arrow(b, c, "up")


def down(b, c):
    _arrow(b, c, "down")


def heat(b, c):
    """A flame."""
    b.path([("M", 50, 4), ("C", 18, 10, 12, 40, 26, 60), ("C", 30, 48, 36, 44, 40, 42), ("C", 34, 62, 44, 80, 56, 96),
            ("C", 60, 78, 74, 70, 78, 52), ("C", 84, 66, 84, 74, 82, 80), ("C", 96, 60, 90, 18, 50, 4), ("Z",)], fill=c)
    b.path([("M", 50, 16), ("C", 36, 20, 34, 38, 44, 50), ("C", 50, 40, 58, 36, 60, 30), ("C", 64, 40, 62, 48, 58, 54),
            ("C", 70, 44, 70, 22, 50, 16), ("Z",)], fill=PAPER)


def melee(b, c):
    """A fist: knuckles over a block."""
    b.rect(22, 12, 50, 44, fill=c, radius=8)
    for x in (22, 35, 48, 61):
        b.rect(x, 52, 12, 34, fill=c, radius=6)
    b.rect(70, 26, 16, 30, fill=c, radius=7)


def ranged(b, c):
    """Crosshairs."""
    b.circle(50, 50, 34, stroke=c, width=9)
    b.circle(50, 50, 8, fill=c)
    for x, y, w, h in ((46, 2, 8, 26), (46, 72, 8, 26), (2, 46, 26, 8), (72, 46, 26, 8)):
        b.rect(x, y, w, h, fill=c)


def heal(b, c):
    b.rect(36, 8, 28, 84, fill=c, radius=5)
    b.rect(8, 36, 84, 28, fill=c, radius=5)


def delay(b, c):
    """Pushed right: a bar and an arrow away from it."""
    b.rect(6, 14, 12, 72, fill=c, radius=3)
    b.path(polygon([(26, 38), (62, 38), (62, 18), (96, 50), (62, 82), (62, 62), (26, 62)]), fill=c)


def advance(b, c):
    """Drawn left: an arrow into a bar."""
    b.rect(82, 14, 12, 72, fill=c, radius=3)
    b.path(polygon([(74, 38), (38, 38), (38, 18), (4, 50), (38, 82), (38, 62), (74, 62)]), fill=c)


def _card(b, c, x, y, w=44, h=62):
    b.rect(x, y, w, h, fill=PAPER, stroke=c, width=7, radius=6)


def discard(b, c):
    _card(b, c, 10, 28)
    b.path(polygon([(62, 70), (62, 44), (52, 44), (74, 14), (96, 44), (86, 44), (86, 70)]), fill=c)


def draw(b, c):
    _card(b, c, 8, 20)
    b.rect(62, 44, 32, 12, fill=c)
    b.rect(72, 34, 12, 32, fill=c)


def status(b, c):
    """A tag on a string: the card tucked under a unit."""
    b.path(polygon([(8, 50), (34, 80), (92, 80), (92, 20), (34, 20)]), fill=c)
    b.circle(32, 50, 8, fill=PAPER)


def aoe(b, c):
    """A burst."""
    b.path(polygon(star(50, 50, 48, 24, 8)), fill=c)
    b.circle(50, 50, 14, fill=PAPER)


def in_(b, c):
    """Reach: brackets around a dot."""
    for x, flip in ((8, 1), (92, -1)):
        b.path(polygon([(x, 10), (x + 22 * flip, 10), (x + 22 * flip, 20), (x + 10 * flip, 20), (x + 10 * flip, 80),
                        (x + 22 * flip, 80), (x + 22 * flip, 90), (x, 90)]), fill=c)
    b.circle(50, 50, 14, fill=c)


def taunt(b, c):
    """A shout: an exclamation mark in a burst."""
    b.path(polygon(star(50, 50, 48, 34, 10)), fill=c)
    b.rect(44, 38, 12, 40, fill=PAPER, radius=4)
    b.circle(50, 26, 7, fill=PAPER)


def shield(b, c):
    b.path([("M", 50, 4), ("C", 30, 14, 14, 30, 14, 56), ("L", 14, 86), ("C", 30, 90, 40, 92, 50, 98),
            ("C", 60, 92, 70, 90, 86, 86), ("L", 86, 56), ("C", 86, 30, 70, 14, 50, 4), ("Z",)], fill=c)
    b.path([("M", 50, 20), ("C", 38, 26, 28, 36, 28, 54), ("L", 28, 78), ("C", 38, 80, 44, 82, 50, 84), ("Z",)],
           fill=PAPER)


def poison(b, c):
    """A drop with a bubble."""
    b.path([("M", 50, 96), ("C", 40, 70, 14, 54, 14, 34), ("C", 14, 14, 30, 4, 50, 4), ("C", 70, 4, 86, 14, 86, 34),
            ("C", 86, 54, 60, 70, 50, 96), ("Z",)], fill=c)
    b.circle(38, 32, 9, fill=PAPER)
    b.circle(60, 22, 5, fill=PAPER)


def hidden(b, c):
    """An eye, struck through."""
    b.path([("M", 4, 50), ("C", 26, 86, 74, 86, 96, 50), ("C", 74, 14, 26, 14, 4, 50), ("Z",)], fill=c)
    b.circle(50, 50, 16, fill=PAPER)
    b.circle(50, 50, 8, fill=c)
    b.path(polygon([(12, 12), (20, 6), (92, 86), (84, 94)]), fill=PAPER)
    b.path(polygon([(16, 10), (20, 7), (90, 88), (86, 91)]), fill=c)


def zealot(b, c):
    """A target on the shuttle: a four-point star in a ring."""
    b.circle(50, 50, 42, stroke=c, width=8)
    b.path(polygon(star(50, 50, 36, 10, 4)), fill=c)


def health(b, c):
    b.path(heart_path(), fill=c)


def shuttle(b, c):
    b.path([("M", 50, 98), ("C", 66, 84, 72, 62, 70, 36), ("L", 88, 18), ("L", 88, 6), ("L", 66, 16), ("L", 34, 16),
            ("L", 12, 6), ("L", 12, 18), ("L", 30, 36), ("C", 28, 62, 34, 84, 50, 98), ("Z",)], fill=c)
    b.circle(50, 62, 9, fill=PAPER)
    b.rect(42, 4, 16, 12, fill=c)


def column(b, c):
    for x in (10, 40, 70):
        b.rect(x, 10, 20, 80, fill=c, radius=3)
    b.rect(6, 4, 88, 6, fill=c)


# -- a numbered column: a column's frame with its number in it, drawn as shapes (no font: the same at any size) --
# Each column card and each column of the board mat carries its own number, as the rulebook's board figures number
# their columns: three bars alike (the `column` emblem) read as the Roman III on every column.
DIGIT_STROKE = 11


def _digit_1(b, c):
    b.rect(45, 14, 12, 74, fill=c)
    b.path(polygon([(57, 88), (45, 88), (30, 77), (30, 66), (45, 75)]), fill=c)
    b.rect(33, 14, 36, 10, fill=c)


def _digit_2(b, c):
    b.path([("M", 31, 64), ("C", 31, 91, 71, 93, 71, 65), ("C", 71, 46, 38, 38, 34, 20)], stroke=c, width=DIGIT_STROKE)
    b.rect(29, 14, 46, 11, fill=c)


def _digit_3(b, c):
    b.path([("M", 33, 81), ("C", 42, 94, 70, 92, 70, 72), ("C", 70, 59, 59, 54, 47, 54)], stroke=c, width=DIGIT_STROKE)
    b.path([("M", 47, 54), ("C", 62, 54, 73, 47, 73, 33), ("C", 73, 11, 41, 9, 31, 24)], stroke=c, width=DIGIT_STROKE)


def _digit_4(b, c):
    b.rect(56, 14, 11, 74, fill=c)
    b.path(polygon([(56, 88), (67, 88), (36, 42), (25, 42)]), fill=c)
    b.rect(25, 32, 52, 10, fill=c)


def _numbered_column(digit):
    def draw(b, c):
        b.rect(14, 3, 72, 94, stroke=c, width=6, radius=8)
        digit(b, c)
    return draw


NUMBERED_COLUMNS = {f"column-{n}": _numbered_column(d) for n, d in enumerate((_digit_1, _digit_2, _digit_3, _digit_4), 1)}


def mech(b, c):
    """A pilot's mech: head, body, arms, legs."""
    b.rect(38, 74, 24, 18, fill=c, radius=4)
    b.rect(42, 80, 16, 6, fill=PAPER)
    b.rect(26, 36, 48, 36, fill=c, radius=6)
    b.rect(8, 40, 14, 30, fill=c, radius=5)
    b.rect(78, 40, 14, 30, fill=c, radius=5)
    b.rect(30, 4, 14, 30, fill=c, radius=4)
    b.rect(56, 4, 14, 30, fill=c, radius=4)


def warrior(b, c):
    mech(b, c)
    b.rect(80, 60, 8, 36, fill=c)


def medic(b, c):
    mech(b, c)
    b.rect(46, 44, 8, 22, fill=PAPER)
    b.rect(39, 51, 22, 8, fill=PAPER)


def gunner(b, c):
    mech(b, c)
    b.rect(78, 58, 20, 8, fill=c)


def scout(b, c):
    b.rect(38, 74, 24, 18, fill=c, radius=4)
    b.path(polygon([(20, 40), (80, 40), (66, 72), (34, 72)]), fill=c)
    b.path(polygon([(30, 38), (44, 38), (28, 4), (14, 4)]), fill=c)
    b.path(polygon([(56, 38), (70, 38), (86, 4), (72, 4)]), fill=c)


def enemy(b, c):
    """A raider's helmet with a red eye slit."""
    b.path([("M", 14, 20), ("L", 14, 60), ("C", 14, 86, 36, 96, 50, 96), ("C", 64, 96, 86, 86, 86, 60), ("L", 86, 20),
            ("L", 62, 8), ("L", 38, 8), ("Z",)], fill=c)
    b.path(polygon([(24, 56), (50, 46), (76, 56), (76, 64), (50, 56), (24, 64)]), fill=PAPER)


# -- the seven basic enemies: each type its own silhouette, so a column of enemy cards reads at a glance --------
def bruiser(b, c):
    """A hulking brute: a small head on broad shoulders, heavy fists."""
    b.rect(39, 74, 22, 18, fill=c, radius=6)
    b.rect(43, 81, 14, 4, fill=PAPER)
    b.path(polygon([(16, 70), (84, 70), (72, 30), (28, 30)]), fill=c)
    b.path(polygon([(16, 70), (26, 64), (22, 34), (8, 38)]), fill=c)
    b.path(polygon([(84, 70), (74, 64), (78, 34), (92, 38)]), fill=c)
    b.circle(14, 26, 12, fill=c)
    b.circle(86, 26, 12, fill=c)
    b.rect(30, 4, 16, 28, fill=c, radius=4)
    b.rect(54, 4, 16, 28, fill=c, radius=4)


def drone(b, c):
    """A gun on rotors: a round body, two rotor arms, a barrel pointing down."""
    b.rect(16, 62, 68, 6, fill=c, radius=3)
    for x in (17, 83):
        b.rect(x - 15, 72, 30, 6, fill=c, radius=3)
        b.rect(x - 3, 64, 6, 10, fill=c)
    b.circle(50, 50, 18, fill=c)
    b.circle(50, 52, 7, fill=PAPER)
    b.rect(45, 8, 10, 26, fill=c, radius=2)


def raider(b, c):
    """The raider's helmet with its eye slit, under a crest: it runs for the shuttle."""
    b.save()
    b.translate(12, 0)
    b.scale(0.76, 0.76)
    enemy(b, c)
    b.restore()
    b.path(polygon([(38, 68), (50, 98), (62, 68)]), fill=c)


def sniper(b, c):
    """A long rifle with its scope and bipod."""
    b.path(polygon([(4, 38), (28, 44), (28, 58), (8, 60)]), fill=c)  # the stock
    b.rect(26, 44, 30, 14, fill=c, radius=3)
    b.rect(54, 48, 42, 6, fill=c)  # the barrel
    b.rect(34, 64, 28, 10, fill=c, radius=5)  # the scope on its mounts
    b.rect(40, 57, 4, 8, fill=c)
    b.rect(52, 57, 4, 8, fill=c)
    b.path(polygon([(30, 44), (40, 44), (36, 28), (26, 28)]), fill=c)  # the grip
    b.line(80, 48, 72, 22, c, 4)
    b.line(80, 48, 90, 22, c, 4)


def grappler(b, c):
    """A claw on an arm, jaws open to grab a pilot."""
    b.rect(41, 4, 18, 40, fill=c, radius=4)
    b.circle(50, 48, 12, fill=c)
    b.circle(50, 48, 4, fill=PAPER)
    for flip in (1, -1):  # the left jaw, then the right mirroring it
        def x(v, flip=flip):
            return 50 + flip * (v - 50)
        b.path([("M", x(44), 56), ("C", x(14), 60, x(10), 86, x(28), 96), ("L", x(36), 90),
                ("C", x(26), 80, x(30), 68, x(50), 62), ("Z",)], fill=c)


def swarmer(b, c):
    """A many-legged bug, seen from above."""
    b.path([("M", 50, 14), ("C", 26, 14, 30, 70, 50, 70), ("C", 70, 70, 74, 14, 50, 14), ("Z",)], fill=c)
    b.circle(50, 78, 10, fill=c)
    b.rect(36, 40, 28, 4, fill=PAPER)
    for flip in (1, -1):
        for (x1, y1), (x2, y2) in (((40, 58), (12, 72)), ((38, 44), (6, 44)), ((40, 28), (12, 14))):
            b.line(50 + flip * (x1 - 50), y1, 50 + flip * (x2 - 50), y2, c, 5)
        b.line(50 + flip * 4, 86, 50 + flip * 12, 98, c, 4)


def mender(b, c):
    """A wrench: it keeps the others fighting."""
    b.save()
    b.translate(50, 50)
    b.rotate(-45)
    b.translate(-50, -50)
    b.rect(43, 8, 14, 60, fill=c, radius=6)
    b.circle(50, 74, 20, fill=c)
    b.rect(43, 78, 14, 18, fill=PAPER)
    b.circle(50, 16, 4, fill=PAPER)
    b.restore()


ENEMY_TYPES = ("bruiser", "drone", "raider", "sniper", "grappler", "swarmer", "mender")  # the seven basic enemies


def elite(b, c):
    enemy(b, c)
    b.path(polygon([(30, 96), (40, 82), (50, 98), (60, 82), (70, 96), (70, 86), (30, 86)]), fill=c)
    b.path(polygon(star(50, 30, 12, 5, 5)), fill=PAPER)


def scrap(b, c):
    """A gear."""
    teeth = []
    for i in range(16):
        r = 46 if i % 2 == 0 else 34
        for j in (0, 1):
            a = math.radians((i + j * 0.999) * 22.5)
            teeth.append((50 + r * math.cos(a), 50 + r * math.sin(a)))
    b.path(polygon(teeth), fill=c)
    b.circle(50, 50, 14, fill=PAPER)


def scenario(b, c):
    """A route map: a dashed path to a flag."""
    for x, y in ((12, 14), (28, 26), (40, 42), (54, 50), (68, 62)):
        b.circle(x, y, 5, fill=c)
    b.rect(78, 58, 6, 38, fill=c)
    b.path(polygon([(84, 96), (98, 88), (84, 80)]), fill=c)


EMBLEMS = {
    "heat": heat, "melee": melee, "ranged": ranged, "heal": heal, "delay": delay, "advance": advance,
    "discard": discard, "draw": draw, "status": status, "aoe": aoe, "in": in_, "left": left, "right": right,
    "up": up, "down": down, "taunt": taunt, "shield": shield, "poison": poison, "hidden": hidden,
    "zealot": zealot, "health": health, "shuttle": shuttle, "column": column, "mech": mech, "warrior": warrior,
    "medic": medic, "gunner": gunner, "scout": scout, "enemy": enemy, "elite": elite, "scrap": scrap,
    "scenario": scenario,
    "bruiser": bruiser, "drone": drone, "raider": raider, "sniper": sniper, "grappler": grappler,
    "swarmer": swarmer, "mender": mender,
    **NUMBERED_COLUMNS,
}
