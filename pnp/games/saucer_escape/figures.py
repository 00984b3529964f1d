"""The rulebook's assault example, drawn as the game sheet draws an enemy's row.

The original rulebook pictures the Devourer's row in the middle of an assault: its Life bonus, 5 dark Life boxes,
the enemy's die (3), the target written in (10), and the strike-back its Power makes (2 + 3 = 5 hits). This figure
draws that row with the sheet's own drawing code (pnp.games.saucer_escape.sheet_render), its dark boxes shaded as
a pencil leaves them, each part marked with a letter, and a key under it that does the sums. Which crossed-out
items the dark boxes have boxed in is read from the sheet too, so the key says what the row really does.

    figure: {kind: assault, enemy: devourer, life: 5, power: 3, die: 3}
"""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from pnp.core.units import mm
from pnp.games.saucer_escape.sheet_render import NAME, TEXT, WRITE_H, WRITE_W, Area, icon_map, item_colors, mm_of
from pnp.render.sheets import Pen
from pnp.text.fonts import string_width

# the sheet's fonts and colours (layouts/saucer-escape/game-sheet.yaml; a test holds them equal)
FONTS = {"regular": "Vera", "bold": "VeraBd", "italic": "VeraIt"}
COLORS = {"ink": "#1b2430", "muted": "#66717d", "accent": "#1f5f8b", "panel": "#edf2f6", "red": "#c0392b",
          "blue": "#2e6fd1", "alien": "#4a8c3a", "extra": "#d3dae1"}
BOX = 4.2  # mm, the sheet's pencil box
PENCIL = "#9aa3ac"  # a box darkened in pencil
MARK, MARK_INK = "#c0392b", "#ffffff"  # the letters, white on red as the rulebook's other callouts
MARK_R = 1.35  # mm, a letter's disc: it fits the strip between the Life and Power tracks
KEY_PT = 6.0  # the key's type size, as drawn before SCALE
# the row is drawn at the sheet's own sizes, then scaled up: its 6 pt words print at 8.7 pt on an A4 page, and at
# 6 pt or more on an A5 booklet's page, which shrinks the figure to its width
SCALE = 1.45
WIDTH = 100.0  # mm, before SCALE
ROW_TOP = 5.0  # mm from the figure's top to the enemy's row: room for the letters above it
TRACK_X = 28.0  # mm: the Life and Power tracks, as far right of the enemy's name as on the sheet
STRIP = 2.8  # mm between the Life and Power tracks: the crossed-out items (as sheet_render draws them)
DIE_X, TARGET_X = TRACK_X + 8 * BOX + 4.0, TRACK_X + 8 * BOX + 13.0
KEY_TOP = ROW_TOP + 2 * BOX + STRIP + 7.0
KEY_LEADING = 3.6  # mm from one line of the key to the next
ITEM_NAMES = {"NEG_LASGUN": "Lasgun", "NEG_SHIELD": "Shield"}


@dataclass(frozen=True)
class Example:
    """The assault the figure shows, with its sums."""

    enemy: object  # the sheet's Enemy
    life: int
    power: int
    die: int

    @property
    def target(self) -> int:
        return self.enemy.life_bonus + self.life + self.die

    @property
    def hits(self) -> int:
        return self.enemy.power_bonus + self.power

    @property
    def boxed_in(self) -> list:
        """The crossed-out items whose Life box above and Power box below are both dark."""
        return [icon for icon in self.enemy.between if icon.at <= min(self.life, self.power)]

    def key(self) -> list[tuple[str, str]]:
        """(letter, words) for each marked part, in the order the sums read."""
        e = self.enemy
        lines = [("A", f"Life bonus +{e.life_bonus}"), ("B", f"{self.life} dark Life boxes"),
                 ("C", f"the die rolled for the enemy: {self.die}"),
                 ("D", f"To Hit: {sum_of(e.life_bonus, self.life, self.die)}; the crew needs "
                       f"{self.target} or more to kill the {e.name}"),
                 ("E", f"Power bonus +{e.power_bonus}"),
                 ("F", f"{self.power} dark Power boxes: win or lose, the strike-back is "
                       f"{sum_of(e.power_bonus, self.power)} hits")]
        for icon in self.boxed_in:
            item = ITEM_NAMES[icon.icon]
            lines.append(("G", f"boxed in: Life box {icon.at} and Power box {icon.at} are both dark around the "
                               f"crossed-out {item}, so one {item} fewer counts against the {e.name}"))
        return lines


NO_BREAK = "\u00a0"  # a no-break space: the key's lines wrap between words, never inside a sum


def sum_of(*parts: int) -> str:
    """A sum as the rules print it (2 + 3 = 5), its spaces no-break spaces so it never breaks across two lines."""
    return f"{NO_BREAK}+{NO_BREAK}".join(map(str, parts)) + f"{NO_BREAK}={NO_BREAK}{sum(parts)}"


def _sheet(game):
    return next(iter(game.sheets.values())).model


def example(params: dict, game) -> Example:
    enemy = next(e for e in _sheet(game).enemies if e.id == params["enemy"])
    return Example(enemy, int(params["life"]), int(params["power"]), int(params["die"]))


class AssaultFigure:
    """`figure: {kind: assault, enemy: <an enemy's id>, life: <dark Life boxes>, power: <dark Power boxes>,
    die: <the enemy's die>}`: that enemy's row mid-assault, lettered, with its sums in a key."""

    KEYS = {"kind", "enemy", "life", "power", "die"}

    def check(self, params, game) -> list[str]:
        problems = [f"an assault figure has no key '{k}'; its keys are {', '.join(sorted(self.KEYS))}"
                    for k in params if k not in self.KEYS]
        enemies = {e.id: e for e in _sheet(game).enemies} if game.sheets else {}
        enemy = enemies.get(params.get("enemy"))
        if enemy is None:
            return problems + [f"enemy: must name an enemy of the sheet ({', '.join(enemies)})"]
        life, power, die = (params.get(k) for k in ("life", "power", "die"))
        if not (isinstance(life, int) and 0 <= life <= enemy.life.length):
            problems.append(f"life: the dark Life boxes, 0 to {enemy.life.length}")
        if not (isinstance(power, int) and 0 <= power <= enemy.power.length):
            problems.append(f"power: the dark Power boxes, 0 to {enemy.power.length}")
        elif isinstance(life, int) and abs(life - power) > 2:
            problems.append("life: and power: are never more than 2 apart (rule two-apart)")
        if not (isinstance(die, int) and 1 <= die <= 6):
            problems.append("die: the enemy's die, 1 to 6")
        return problems

    def size(self, params, game) -> tuple[float, float]:
        width, height = self._natural(example(params, game))
        return mm(width) * SCALE, mm(height) * SCALE

    def _natural(self, shown: Example) -> tuple[float, float]:
        """The figure's width and height in mm, before SCALE."""
        return WIDTH, KEY_TOP + len(self._lines(shown)) * KEY_LEADING

    def draw(self, b, params, game, left, bottom):
        shown = example(params, game)
        width, height = self._natural(shown)
        b.save()
        b.translate(left, bottom)
        b.scale(SCALE, SCALE)
        pen = Pen(_Picture(b), 0.0, mm(height), FONTS, COLORS, game.emblems, mm(BOX))
        a = Area(pen, SimpleNamespace(x=0.0, y=0.0, w=mm(width), h=mm(height)))
        _row(a, shown, item_colors(_sheet(game)))
        _marks(a, shown)
        for k, (letter, words) in enumerate(self._lines(shown)):
            y = KEY_TOP + k * KEY_LEADING
            if letter:
                _mark(a, MARK_R, y + mm_of(KEY_PT) * 0.4, letter)
            a.text(2 * MARK_R + 1.2, y, words, KEY_PT, "regular", "ink")
        b.restore()

    def describe(self, params, game) -> str:
        shown = example(params, game)
        return "\n".join([f"The {shown.enemy.name}'s row in the middle of an assault:"] +
                         [f"{letter}: {words}" for letter, words in shown.key()])

    def _lines(self, shown: Example) -> list[tuple[str, str]]:
        """The key's lines: each part's words, wrapped to the figure's width (a wrapped line has no letter)."""
        room = WIDTH - 2 * MARK_R - 1.2
        lines = []
        for letter, words in shown.key():
            line = ""
            for word in words.split(" "):  # a no-break space holds its words together
                longer = f"{line} {word}".strip()
                if line and string_width(longer, FONTS["regular"], KEY_PT) / mm(1) > room:
                    lines.append((letter, line))
                    letter, line = "", word
                else:
                    line = longer
            lines.append((letter, line))
        return lines


class _Picture:
    """A backend as a picture of the sheet sees it: the sheet's boxes are drawn, never made form fields (a
    rulebook's page, or its web page, has none)."""

    def __init__(self, backend):
        self._backend = backend

    def __getattr__(self, name):
        return getattr(self._backend, name)

    def checkbox(self, name, x, y, size) -> None:
        return None

    def text_field(self, name, x, y, w, h) -> None:
        return None


def _row(a, shown: Example, colors) -> None:
    """The enemy's name and bonuses, its Life and Power tracks with their dark boxes, the crossed-out items
    between them, the enemy's die and the To Hit box with the target written in: as on the sheet."""
    e, y = shown.enemy, ROW_TOP
    a.text(4.0, y + 0.6, e.name, NAME, "bold")
    a.emblem("life", 4.0, y + 4.6, 3, "red")
    a.text(7.6, y + 4.9, f"+{e.life_bonus}", TEXT, "bold")
    a.emblem("power", 15.0, y + 4.6, 3, "accent")
    a.text(18.6, y + 4.9, f"+{e.power_bonus}", TEXT, "bold")
    _track(a, TRACK_X, y, e.life.length, shown.life, icon_map(e.life), colors)
    for icon in e.between:
        a.emblem(icon.icon, TRACK_X + (icon.at - 1) * BOX + (BOX - STRIP + 0.2) / 2, y + 0.1 + BOX, STRIP - 0.2, "ink")
    _track(a, TRACK_X, y + BOX + STRIP, e.power.length, shown.power, icon_map(e.power), colors)
    _die(a, DIE_X, y + 1.0, 6.0, shown.die)
    a.number_box(TARGET_X, y + 1.0, WRITE_W, WRITE_H, "example.target")
    a.text(TARGET_X + WRITE_W / 2, y + 1.0 + (WRITE_H - mm_of(9)) / 2, str(shown.target), 9, "bold", "ink", "center")


def _track(a, x, y, length, dark, icons, colors) -> None:
    for i in range(1, length + 1):
        icon = icons.get(i)
        shaded = i <= dark
        a.box(x + (i - 1) * BOX, y, f"example.{y}.{i}", icon=icon, fill=PENCIL if shaded else None,
              icon_color="ink" if shaded and icon else colors.get(icon))


def _die(a, x, y, size, value) -> None:
    """A die showing `value`, its pips where a die has them."""
    a.rect(x, y, size, size, fill="#ffffff", stroke="ink", width=0.8, radius=1.0)
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
             5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}[value]
    for col, row in spots:
        a.circle(x + size * (0.22 + 0.28 * col), y + size * (0.22 + 0.28 * row), size * 0.09, fill="ink")


def _marks(a, shown: Example) -> None:
    """The letters beside the parts they name: A and E under the bonuses, B over the dark Life boxes, C and D over
    the die and the To Hit box, F under the dark Power boxes, G beside each boxed-in item."""
    y = ROW_TOP
    under_bonus = y + 4.6 + 3.0 + 0.4 + MARK_R  # under each bonus's number
    _mark(a, 8.9, under_bonus, "A")
    _mark(a, 19.9, under_bonus, "E")
    if shown.life:
        _bracket(a, TRACK_X, TRACK_X + shown.life * BOX, y - 0.6, -1)
        _mark(a, TRACK_X + shown.life * BOX / 2, y - 0.6 - MARK_R - 0.2, "B")
    _mark(a, DIE_X + 3.0, y - MARK_R - 0.3, "C")
    _mark(a, TARGET_X + WRITE_W / 2, y - MARK_R - 0.3, "D")
    bottom = y + 2 * BOX + STRIP
    if shown.power:
        _bracket(a, TRACK_X, TRACK_X + shown.power * BOX, bottom + 0.6, 1)
        _mark(a, TRACK_X + shown.power * BOX / 2, bottom + 0.6 + MARK_R + 0.2, "F")
    for icon in shown.boxed_in:  # a ring round the item, its letter beside it in the strip
        cx = TRACK_X + (icon.at - 1) * BOX
        a.rect(cx + 0.2, y + BOX + 0.05, BOX - 0.4, STRIP - 0.1, stroke=MARK, width=0.8, radius=0.6)
        _mark(a, cx + BOX + MARK_R + 0.2, y + BOX + STRIP / 2, "G")


def _bracket(a, x0, x1, y, toward) -> None:
    """A thin bracket along a run of boxes, its ends turned toward them (toward: +1 down, -1 up)."""
    tick = 0.8
    a.pen.line(*a.at(x0 + 0.3, y - toward * tick), *a.at(x0 + 0.3, y), MARK, 0.7)
    a.pen.line(*a.at(x0 + 0.3, y), *a.at(x1 - 0.3, y), MARK, 0.7)
    a.pen.line(*a.at(x1 - 0.3, y), *a.at(x1 - 0.3, y - toward * tick), MARK, 0.7)


def _mark(a, cx, cy, letter) -> None:
    a.circle(cx, cy, MARK_R, fill=MARK)
    a.text(cx, cy - mm_of(6.5) * 0.45, letter, 6.5, "bold", MARK_INK, "center")


FIGURES = {"assault": AssaultFigure()}
