"""2200: Escaping Earth's vector emblems, each in a 100 x 100 unit square (y up), in the colour it is given.

Enemy abilities, tracks, attack types and effect words each have one; the
zone grid, range diagrams, Symbol Guides and the rulebook all draw from here.
"""
from __future__ import annotations

from pnp.render.backend import polygon, star

PAPER = "#ffffff"


def _star(cx, cy, outer, inner, points, turn=90.0):
    return polygon(star(cx, cy, outer, inner, points, turn))


def _ring(b, cx, cy, r, c, width):
    b.circle(cx, cy, r, stroke=c, width=width)


# -- tracks ---------------------------------------------------------------------------
def ground(b, c):
    b.path(polygon([(4, 14), (34, 70), (50, 46), (64, 82), (96, 14)]), fill=c)
    b.path(polygon([(56, 68), (64, 82), (72, 68)]), fill=PAPER)


def air(b, c):
    b.path([("M", 10, 30), ("C", -2, 30, 0, 56, 18, 54), ("C", 18, 76, 46, 82, 54, 64), ("C", 62, 80, 90, 76, 86, 54),
            ("C", 102, 52, 100, 30, 88, 30), ("Z",)], fill=c)


def space(b, c):
    b.circle(50, 50, 26, fill=c)
    b.path([("M", 6, 38), ("C", 20, 20, 80, 48, 94, 62), ("C", 98, 70, 88, 70, 80, 66), ("C", 74, 60, 30, 40, 20, 42),
            ("C", 12, 44, 14, 50, 22, 56), ("C", 8, 52, 2, 44, 6, 38), ("Z",)], fill=c)
    b.path(_star(82, 86, 10, 4, 4), fill=c)


# -- enemies and ships ------------------------------------------------------------------
def crawler(b, c):  # a ground machine
    b.rect(14, 30, 72, 30, fill=c, radius=8)
    b.rect(30, 60, 40, 18, fill=c, radius=4)
    b.rect(66, 66, 30, 6, fill=c)
    for x in (24, 42, 58, 76):
        b.circle(x, 24, 9, fill=c)
        b.circle(x, 24, 3.5, fill=PAPER)


def drone(b, c):  # an air patrol
    b.circle(50, 50, 16, fill=c)
    for x, y in ((20, 80), (80, 80), (20, 20), (80, 20)):
        b.line(50, 50, x, y, c, 8)
        b.circle(x, y, 12, stroke=c, width=5)
    b.circle(50, 50, 6, fill=PAPER)


def fighter(b, c):  # a space fighter
    b.path(polygon([(50, 96), (62, 50), (94, 20), (60, 28), (50, 10), (40, 28), (6, 20), (38, 50)]), fill=c)
    b.path(polygon([(50, 76), (55, 56), (45, 56)]), fill=PAPER)


def boss(b, c):  # a named enemy: a crowned skull
    b.path(polygon([(16, 70), (16, 94), (33, 80), (50, 96), (67, 80), (84, 94), (84, 70)]), fill=c)
    b.path([("M", 50, 68), ("C", 82, 68, 88, 44, 80, 30), ("L", 70, 26), ("L", 70, 6), ("L", 30, 6), ("L", 30, 26),
            ("L", 20, 30), ("C", 12, 44, 18, 68, 50, 68), ("Z",)], fill=c)
    b.circle(36, 44, 8, fill=PAPER)
    b.circle(64, 44, 8, fill=PAPER)
    for x in (40, 50, 60):
        b.rect(x - 2.5, 6, 5, 12, fill=PAPER)


def ship(b, c):
    b.path(polygon([(50, 98), (66, 44), (92, 18), (66, 22), (58, 8), (42, 8), (34, 22), (8, 18), (34, 44)]), fill=c)
    b.path(polygon([(50, 78), (57, 52), (43, 52)]), fill=PAPER)
    b.path(polygon([(44, 8), (50, -2), (56, 8)]), fill="#f08a24")


# -- the twelve enemy abilities -------------------------------------------------------------
def ranged(b, c):
    _ring(b, 50, 50, 30, c, 8)
    for x1, y1, x2, y2 in ((50, 96, 50, 64), (50, 4, 50, 36), (4, 50, 36, 50), (96, 50, 64, 50)):
        b.line(x1, y1, x2, y2, c, 8)
    b.circle(50, 50, 7, fill=c)


def cloaking(b, c):
    b.path([("M", 4, 50), ("C", 26, 86, 74, 86, 96, 50), ("C", 74, 14, 26, 14, 4, 50), ("Z",)], fill=c)
    b.circle(50, 50, 16, fill=PAPER)
    b.circle(50, 50, 8, fill=c)
    b.path(polygon([(12, 8), (20, 2), (92, 88), (84, 96)]), fill=PAPER)
    b.path(polygon([(14, 14), (20, 9), (88, 90), (82, 95)]), fill=c)


def reflective(b, c):
    b.path(polygon([(50, 96), (84, 50), (50, 4), (16, 50)]), fill=c)
    b.path(polygon([(50, 78), (66, 54), (50, 54)]), fill=PAPER)
    for x1, y1, x2, y2 in ((2, 82, 26, 66), (98, 82, 74, 66)):
        b.line(x1, y1, x2, y2, c, 7)


def armor(b, c):
    b.path([("M", 50, 98), ("L", 92, 82), ("C", 92, 40, 74, 16, 50, 2), ("C", 26, 16, 8, 40, 8, 82), ("Z",)], fill=c)


def anchor(b, c):
    _ring(b, 50, 84, 9, c, 7)
    b.rect(45, 16, 10, 60, fill=c)
    b.rect(28, 60, 44, 9, fill=c)
    b.path([("M", 8, 40), ("C", 10, 10, 40, 4, 50, 4), ("C", 60, 4, 90, 10, 92, 40), ("L", 78, 32),
            ("C", 76, 20, 62, 16, 50, 16), ("C", 38, 16, 24, 20, 22, 32), ("Z",)], fill=c)


def explosive(b, c):
    b.path(_star(50, 50, 48, 22, 10), fill=c)
    b.path(_star(50, 50, 22, 10, 6), fill=PAPER)


def thunder(b, c):
    b.path(polygon([(60, 98), (16, 44), (44, 44), (34, 2), (84, 60), (56, 60), (74, 98)]), fill=c)


def time_dilation(b, c):
    b.rect(14, 88, 72, 8, fill=c)
    b.rect(14, 4, 72, 8, fill=c)
    b.path([("M", 22, 88), ("C", 22, 64, 44, 58, 44, 50), ("C", 44, 42, 22, 36, 22, 12), ("L", 78, 12),
            ("C", 78, 36, 56, 42, 56, 50), ("C", 56, 58, 78, 64, 78, 88), ("Z",)], fill=c)
    b.path(polygon([(34, 76), (66, 76), (50, 58)]), fill=PAPER)
    b.path(polygon([(32, 18), (68, 18), (50, 34)]), fill=PAPER)


def void(b, c):
    b.circle(50, 50, 46, fill=c)
    _ring(b, 50, 50, 30, PAPER, 4)
    b.circle(50, 50, 14, fill=PAPER)
    b.circle(50, 50, 9, fill=c)


def sword(b, c):
    b.path(polygon([(46, 30), (54, 30), (56, 86), (50, 98), (44, 86)]), fill=c)
    b.rect(26, 22, 48, 9, fill=c, radius=3)
    b.rect(45, 4, 10, 20, fill=c)
    b.circle(50, 4, 6, fill=c)


def self_repair(b, c):
    b.path(polygon([(20, 8), (30, 2), (70, 58), (60, 64)]), fill=c)
    b.circle(72, 72, 24, fill=c)
    b.path(polygon([(64, 100), (76, 100), (76, 76), (98, 76), (98, 64), (64, 64)]), fill=PAPER)


def forcefield(b, c):
    b.path([("M", 4, 18), ("C", 4, 80, 96, 80, 96, 18), ("L", 84, 18), ("C", 84, 64, 16, 64, 16, 18), ("Z",)], fill=c)
    b.rect(2, 8, 96, 10, fill=c)
    b.circle(50, 28, 10, fill=c)


# -- attack types --------------------------------------------------------------------------
def laser(b, c):
    b.rect(4, 40, 26, 20, fill=c, radius=4)
    for y in (44, 50, 56):
        b.rect(34, y - 2, 62, 4, fill=c)
    b.circle(34, 50, 10, fill=c)


def missile(b, c):
    b.path(polygon([(96, 50), (74, 62), (18, 62), (18, 38), (74, 38)]), fill=c)
    b.path(polygon([(18, 62), (4, 80), (10, 50), (4, 20), (18, 38)]), fill=c)
    b.rect(60, 46, 8, 8, fill=PAPER)


def blast(b, c):
    b.path(_star(50, 50, 46, 18, 8, 0), fill=c)
    b.circle(50, 50, 12, fill=PAPER)


# -- effects -------------------------------------------------------------------------------
def move(b, c):
    for y in (6, 44):
        b.path(polygon([(50, y + 50), (92, y + 10), (78, y), (50, y + 26), (22, y), (8, y + 10)]), fill=c)


def draw(b, c):
    b.rect(30, 14, 52, 74, fill=c, radius=6)
    b.rect(14, 6, 52, 74, fill=PAPER, stroke=c, width=6, radius=6)
    b.path(polygon([(40, 60), (52, 43), (40, 26), (28, 43)]), fill=c)


def heal(b, c):
    b.path([("M", 50, 8), ("C", 10, 40, 4, 70, 26, 86), ("C", 38, 94, 48, 86, 50, 76), ("C", 52, 86, 62, 94, 74, 86),
            ("C", 96, 70, 90, 40, 50, 8), ("Z",)], fill=c)
    b.rect(44, 30, 12, 36, fill=PAPER)
    b.rect(32, 42, 36, 12, fill=PAPER)


def charge(b, c):
    b.rect(14, 22, 66, 56, fill=c, radius=6)
    b.rect(80, 38, 10, 24, fill=c, radius=2)
    b.path(polygon([(52, 72), (30, 46), (46, 46), (40, 28), (62, 54), (46, 54)]), fill=PAPER)


def block(b, c):
    armor(b, c)
    b.path(polygon([(30, 52), (44, 38), (70, 66), (64, 72), (44, 52), (36, 60)]), fill=PAPER)


def gold(b, c):
    b.circle(50, 50, 44, fill=c)
    _ring(b, 50, 50, 34, PAPER, 4)
    b.path(_star(50, 50, 20, 8, 5), fill=PAPER)


def purge(b, c):
    static(b, c)
    b.path(polygon([(10, 16), (18, 8), (92, 82), (84, 90)]), fill=c)


def warp(b, c):
    for r, w in ((44, 6), (30, 6), (16, 6)):
        b.path([("M", 50 + r, 50), ("C", 50 + r, 50 + r * 1.1, 50 - r * 0.9, 50 + r * 1.1, 50 - r, 50)], stroke=c, width=w)
    b.circle(50, 50, 7, fill=c)
    b.path(polygon([(6, 50), (22, 38), (22, 62)]), fill=c)


def flame(b, c):
    b.path([("M", 50, 98), ("C", 62, 78, 86, 66, 80, 36), ("C", 76, 14, 60, 4, 50, 4), ("C", 40, 4, 24, 14, 20, 36),
            ("C", 16, 56, 32, 66, 36, 80), ("C", 40, 70, 44, 64, 50, 60), ("C", 52, 74, 48, 88, 50, 98), ("Z",)], fill=c)
    b.circle(50, 28, 12, fill=PAPER)


def treasure(b, c):
    b.rect(10, 8, 80, 46, fill=c, radius=4)
    b.path([("M", 10, 58), ("C", 10, 90, 90, 90, 90, 58), ("Z",)], fill=c)
    b.rect(10, 52, 80, 6, fill=PAPER)
    b.rect(42, 36, 16, 22, fill=PAPER, radius=2)


def blueprint(b, c):
    b.rect(8, 12, 84, 76, fill=c, radius=4)
    for x in (30, 50, 70):
        b.line(x, 18, x, 82, PAPER, 1.5)
    for y in (32, 50, 68):
        b.line(14, y, 86, y, PAPER, 1.5)
    b.path(polygon([(50, 78), (62, 40), (50, 46), (38, 40)]), stroke=PAPER, width=4)


def static(b, c):
    points = [(4, 50), (17, 80), (31, 22), (45, 86), (59, 14), (73, 76), (86, 30), (96, 50)]
    b.path([("M", *points[0])] + [("L", *p) for p in points[1:]], stroke=c, width=9)


# -- special-rule squares ---------------------------------------------------------------------
def jammer(b, c):
    b.rect(44, 4, 12, 60, fill=c)
    b.circle(50, 70, 10, fill=c)
    for r in (24, 38):
        b.path([("M", 50 - r, 70 + r * 0.3), ("C", 50 - r * 0.6, 70 + r, 50 + r * 0.6, 70 + r, 50 + r, 70 + r * 0.3)],
               stroke=c, width=6)
    b.path(polygon([(8, 12), (16, 4), (94, 84), (86, 92)]), fill=c)


def drag(b, c):
    b.path(polygon([(50, 6), (90, 46), (66, 46), (66, 94), (34, 94), (34, 46), (10, 46)]), fill=c)
    b.rect(20, 2, 60, 8, fill=c)


def hazard(b, c):
    b.path(polygon([(50, 96), (98, 8), (2, 8)]), fill=c)
    b.rect(45, 36, 10, 36, fill=PAPER)
    b.rect(45, 18, 10, 10, fill=PAPER)


# -- ships' abilities and stats --------------------------------------------------------------
def shield_charge(b, c):
    armor(b, c)
    b.path(polygon([(56, 84), (34, 50), (48, 50), (42, 18), (66, 56), (52, 56)]), fill=PAPER)


def revive(b, c):
    b.path([("M", 50, 20), ("C", 30, 20, 10, 40, 2, 80), ("C", 20, 64, 34, 58, 44, 58), ("L", 50, 96), ("L", 56, 58),
            ("C", 66, 58, 80, 64, 98, 80), ("C", 90, 40, 70, 20, 50, 20), ("Z",)], fill=c)
    b.path(polygon([(50, 2), (60, 20), (40, 20)]), fill=c)


def pendulum(b, c):
    b.rect(10, 88, 80, 8, fill=c)
    b.path(polygon([(48, 88), (52, 88), (70, 30), (66, 28)]), fill=c)
    b.circle(68, 24, 16, fill=c)
    b.path([("M", 14, 34), ("C", 24, 14, 40, 8, 50, 8)], stroke=c, width=4)


def plating(b, c):
    for y in (8, 38, 68):
        b.rect(8, y, 84, 24, fill=c, radius=3)
        for x in (18, 82):
            b.circle(x, y + 12, 4, fill=PAPER)


def crew(b, c):
    b.circle(50, 74, 18, fill=c)
    b.path([("M", 14, 6), ("C", 14, 44, 30, 52, 50, 52), ("C", 70, 52, 86, 44, 86, 6), ("Z",)], fill=c)


def deck(b, c):
    for dx in (0, 10, 20):
        b.rect(12 + dx, 10 + dx, 50, 70, fill=c if dx == 20 else PAPER, stroke=c, width=5, radius=5)


def systems(b, c):
    b.rect(22, 22, 56, 56, fill=c, radius=5)
    for i in range(4):
        p = 28 + i * 14
        for x1, y1, x2, y2 in ((p, 78, p, 94), (p, 6, p, 22), (6, p, 22, p), (78, p, 94, p)):
            b.line(x1, y1, x2, y2, c, 5)
    b.rect(36, 36, 28, 28, fill=PAPER, radius=3)


def start(b, c):
    b.rect(14, 4, 8, 92, fill=c)
    b.path(polygon([(22, 92), (90, 74), (22, 54)]), fill=c)


EMBLEMS = {
    "ground": ground, "air": air, "space": space,
    "crawler": crawler, "drone": drone, "fighter": fighter, "boss": boss, "ship": ship,
    "RANGED": ranged, "CLOAKING": cloaking, "REFLECTIVE": reflective, "ARMOR": armor, "ANCHOR": anchor,
    "EXPLOSIVE": explosive, "THUNDER": thunder, "TIME_DILATION": time_dilation, "VOID": void, "SWORD": sword,
    "SELF_REPAIR": self_repair, "FORCEFIELD": forcefield,
    "laser": laser, "missile": missile, "blast": blast,
    "MOVE": move, "DRAW": draw, "HEAL": heal, "CHARGE": charge, "BLOCK": block, "CREDIT": gold, "PURGE": purge,
    "WARP": warp, "flame": flame, "TREASURE": treasure, "BLUEPRINT": blueprint, "gold": gold,
    "static": static, "JAMMER": jammer, "DRAG": drag, "HAZARD": hazard,
    "SHIELD_CHARGE": shield_charge, "REVIVE": revive, "PENDULUM": pendulum, "PENDULUM_MODES": pendulum,
    "PLATING": plating, "crew": crew, "deck": deck, "systems": systems, "start": start,
}
