"""Stranded's vector emblems, each in a 100 x 100 unit square (y up): one per ability, and a few for the table."""
from __future__ import annotations

from pnp.render.backend import heart as heart_path
from pnp.render.backend import polygon, star

PAPER = "#ffffff"


def heart(b, c):
    b.path(heart_path(), fill=c)


def life(b, c):
    heart(b, c)
    b.rect(44, 32, 12, 34, fill=PAPER)
    b.rect(33, 43, 34, 12, fill=PAPER)


def lose_life(b, c):
    heart(b, c)
    b.rect(30, 43, 40, 12, fill=PAPER)


def card(b, c, x, y, w=46, h=64):
    b.rect(x, y, w, h, fill=PAPER, stroke=c, width=6, radius=6)


def cards(b, c):
    card(b, c, 8, 18)
    b.rect(58, 44, 36, 12, fill=c)
    b.rect(70, 32, 12, 36, fill=c)


def destroy(b, c):
    b.rect(22, 8, 56, 64, fill=c, radius=5)
    b.rect(14, 74, 72, 9, fill=c, radius=3)
    b.rect(38, 84, 24, 9, fill=c, radius=3)
    for x in (34, 47, 60):
        b.rect(x, 18, 6, 44, fill=PAPER)


def double(b, c):
    card(b, c, 6, 10)
    card(b, c, 34, 28)
    b.path(polygon([(44, 50), (52, 42), (60, 50), (68, 42), (76, 50), (68, 58), (76, 66), (68, 74), (60, 66),
                    (52, 74), (44, 66), (52, 58)]), fill=c)


def copy(b, c):
    card(b, c, 8, 8)
    card(b, c, 40, 28)
    b.rect(50, 62, 26, 5, fill=c)
    b.rect(50, 50, 26, 5, fill=c)


def step_down(b, c):
    b.path(polygon([(8, 88), (40, 88), (40, 62), (70, 62), (70, 36), (92, 36), (92, 26), (60, 26), (60, 52),
                    (30, 52), (30, 78), (8, 78)]), fill=c)
    b.path(polygon([(18, 40), (34, 40), (34, 22), (44, 22), (26, 4), (8, 22), (18, 22)]), fill=c)


def sort(b, c):
    for i, w in enumerate((70, 52, 34)):
        b.rect(10, 70 - i * 26, w, 16, fill=c, radius=4)
    b.path(polygon([(84, 90), (96, 70), (88, 70), (88, 12), (80, 12), (80, 70), (72, 70)]), fill=c)


def exchange(b, c):
    b.path(polygon([(10, 64), (70, 64), (70, 78), (94, 56), (70, 34), (70, 48), (10, 48)]), fill=c)
    b.path(polygon([(90, 36), (30, 36), (30, 50), (6, 28), (30, 6), (30, 20), (90, 20)]), fill=c)


def below_stack(b, c):
    for y in (60, 48):
        b.rect(20, y, 60, 24, fill=PAPER, stroke=c, width=5, radius=4)
    b.rect(20, 8, 60, 24, fill=c, radius=4)
    b.path(polygon([(50, 36), (64, 48), (56, 48), (56, 56), (44, 56), (44, 48), (36, 48)]), fill=c)


def highest_zero(b, c):
    b.path([("M", 50, 96), ("C", 90, 96, 90, 4, 50, 4), ("C", 10, 4, 10, 96, 50, 96), ("Z",)], fill=c)
    b.path([("M", 50, 78), ("C", 68, 78, 68, 22, 50, 22), ("C", 32, 22, 32, 78, 50, 78), ("Z",)], fill=PAPER)


def stop(b, c):
    b.path(polygon([(30, 96), (70, 96), (96, 70), (96, 30), (70, 4), (30, 4), (4, 30), (4, 70)]), fill=c)
    b.rect(22, 42, 56, 16, fill=PAPER)


def dear_draws(b, c):
    cards(b, c)
    b.circle(76, 20, 14, fill=c)


def aging_weight(b, c):
    b.path(polygon([(20, 86), (80, 86), (92, 10), (8, 10)]), fill=c)
    b.circle(50, 90, 10, stroke=c, width=6)


def no_doubles(b, c):
    double(b, c)
    b.path(polygon([(8, 16), (16, 8), (92, 84), (84, 92)]), fill="#b3261e")


def astronaut(b, c):
    b.circle(50, 66, 26, fill=c)
    b.path([("M", 30, 70), ("C", 30, 86, 70, 86, 70, 70), ("C", 70, 56, 30, 56, 30, 70), ("Z",)], fill=PAPER)
    b.path([("M", 18, 4), ("C", 18, 30, 30, 40, 50, 40), ("C", 70, 40, 82, 30, 82, 4), ("Z",)], fill=c)


def sun(b, c):
    b.path(polygon(star(50, 50, 48, 32, 12)), fill=c)
    b.circle(50, 50, 26, fill=PAPER)
    b.circle(50, 50, 20, fill=c)


def plain_card(b, c):
    """A card standing upright: the free-card marker's picture."""
    card(b, c, 24, 14, w=52, h=72)
    b.rect(34, 58, 32, 6, fill=c)
    b.rect(34, 46, 32, 6, fill=c)
    b.rect(34, 34, 20, 6, fill=c)


def planet(b, c):
    b.circle(50, 50, 40, fill=c)
    for x, y, r in ((36, 62, 8), (62, 36, 10), (64, 66, 5)):
        b.circle(x, y, r, fill=PAPER)


EMBLEMS = {
    "LIFE": life, "CARDS": cards, "DESTROY": destroy, "DOUBLE": double, "COPY": copy, "STEP_DOWN": step_down,
    "SORT": sort, "EXCHANGE": exchange, "BELOW_STACK": below_stack, "LOSE_LIFE": lose_life,
    "HIGHEST_ZERO": highest_zero, "STOP": stop, "DEAR_DRAWS": dear_draws, "AGING_WEIGHT": aging_weight,
    "NO_DOUBLES": no_doubles, "heart": heart, "astronaut": astronaut, "sun": sun, "planet": planet,
    "card": plain_card,
}
