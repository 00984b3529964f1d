"""2200: Escaping Earth card faces read at the table (issue 18): every number printed on a plain ground it stands
out from (a ship's Blueprint cost, a Sword's damage), and a FINAL BOSS drawn as one shape over exactly the squares
its content names. Faces are drawn on a recording backend that paints symbols in place and remembers what
every call filled and stroked."""
import pytest

from pnp.games.escaping_earth.boxes import ENEMY_RED, INK
from pnp.games.escaping_earth.geometry import SQUARES
from pnp.render.backend import Drawn, RecordingBackend, _box
from pnp.render.cards import draw_face

ENEMY_FILL = "#f6dedb"


class Painted(RecordingBackend):
    """Draws every symbol where it is used, and keeps, in painting order, what each call covered (`drawn`), its
    fill, stroke and text colour, and a path's corners on the page."""

    def __init__(self):
        super().__init__()
        self._drawings, self.paint = {}, []

    def has_symbol(self, name):
        return name in self._drawings

    def define_symbol(self, name, width, height, draw):
        self._drawings[name] = draw

    def use_symbol(self, name, x, y):
        self.save()
        self.translate(x, y)
        self._drawings[name](self)
        self.restore()

    def _painted(self, fill=None, stroke=None, color=None, corners=()):
        self.paint.append({"box": self.drawn[-1], "fill": fill, "stroke": stroke, "color": color, "corners": corners})

    def _corners(self, points):
        return [(p.x0, p.y0) for p in (_box(self._matrix, [pt], "point") for pt in points)]

    def _extent_rect(self, x, y, w, h, fill=None, stroke=None, *args, **kwargs):
        super()._extent_rect(x, y, w, h)
        self._painted(fill, stroke, corners=self._corners([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]))

    def _extent_circle(self, cx, cy, r, fill=None, stroke=None, *args, **kwargs):
        super()._extent_circle(cx, cy, r)
        self._painted(fill, stroke)

    def _extent_line(self, x1, y1, x2, y2, color="#000000", *args, **kwargs):
        super()._extent_line(x1, y1, x2, y2)
        self._painted(stroke=color)

    def _extent_path(self, commands, fill=None, stroke=None, *args, **kwargs):
        points = [(c[i], c[i + 1]) for c in commands for i in range(1, len(c) - 1, 2)]
        super()._extent_path(commands)
        self._painted(fill, stroke, corners=self._corners(points))

    def _extent_text(self, x, y, string, font, size, color="#000000", align="left"):
        before = len(self.drawn)
        super()._extent_text(x, y, string, font, size, color, align)
        if len(self.drawn) > before:
            self._painted(color=color)


def painted(project, face) -> Painted:
    b = Painted()
    draw_face(b, face, project.layout, project.game.emblems, 0, 0)
    return b


def luminance(colour: str) -> float:
    def channel(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours: 1 (the same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def inside(outer, inner) -> bool:
    return outer.x0 <= inner.x0 and outer.y0 <= inner.y0 and inner.x1 <= outer.x1 and inner.y1 <= outer.y1


def reading(b: Painted, text: str, within=None) -> list[str]:
    """What stands against reading each printing of `text` (those inside the box `within`, if given): no plain
    ground under it, too little contrast with that ground, or other ink painted over that ground under the text (a
    drawing the number is printed over)."""
    problems = []
    for i, entry in enumerate(b.paint):
        if entry["color"] is None or entry["box"].text != text or (within and not inside(within, entry["box"])):
            continue
        grounds = [j for j in range(i) if b.paint[j]["fill"] and inside(b.paint[j]["box"], entry["box"])]
        if not grounds:
            problems.append(f"'{text}' has no plain ground under it")
            continue
        ground = b.paint[grounds[-1]]
        if contrast(ground["fill"], entry["color"]) < 4.5:
            problems.append(f"'{text}' in {entry['color']} on {ground['fill']}")
        over = [b.paint[j] for j in range(grounds[-1] + 1, i) if b.paint[j]["box"].overlaps(entry["box"], by=0.2)]
        if over:
            problems.append(f"'{text}' printed over {len(over)} drawing(s) on its ground")
    return problems


def layout_box(project, face, kind: str) -> Drawn:
    """Where the face's box of this type lies on the face as drawn (the bleed's bottom-left corner at 0, 0): the one
    the face shows (a ship hides the item's gold cost box and shows its Blueprint cost box)."""
    (box,) = [box for box in face.template.boxes if box.type == kind and box.shown_on(face.values)]
    size = face.template.size or project.layout.size
    left, bottom = size.bleed + box.x, size.bleed + size.height - box.y - box.h
    return Drawn("box", left, bottom, left + box.w, bottom + box.h)


def ships(project):
    return [(record.back, project.faces.backs[record.card.id]) for record in project.game.decks["zones"].cards
            if record.back is not None and record.back.kind == "ship"]


def enemies_with(project, numbered: bool = False, spanning: bool = False):
    for record in project.game.decks["zones"].cards:
        for enemy in record.card.enemies:
            word = enemy.ability and enemy.ability[0]
            if (not numbered or isinstance(word, dict)) and (not spanning or len(enemy.squares) > 1):
                yield record.card, enemy, project.faces.fronts[record.card.id]


def test_every_ship_with_a_blueprint_cost_prints_it_where_it_reads(ee_project):
    found = [(ship, face) for ship, face in ships(ee_project) if ship.ship.blueprints]
    assert {ship.name for ship, _ in found} == {"The Phoenix", "The Pendulum", "The Dreadnought"}
    for ship, face in found:
        assert [e for e in painted(ee_project, face).paint if e["box"].text == str(ship.ship.blueprints)
                and inside(layout_box(ee_project, face, "cost"), e["box"])], f"{ship.name}: no cost printed"
        problems = reading(painted(ee_project, face), str(ship.ship.blueprints), layout_box(ee_project, face, "cost"))
        assert problems == [], (ship.name, problems)


def test_every_enemy_ability_number_prints_where_it_reads(ee_project):
    """The Sword's damage is the number in its icon, and Armor's the number on its shield: each printed legibly."""
    found = list(enemies_with(ee_project, numbered=True))
    swords = {card.name for card, enemy, _ in found if "SWORD" in enemy.ability[0]}
    assert swords == {"Skyhammer", "Lava Locks", "Launch Silo", "Vanguard Ace"}
    for card, enemy, face in found:
        b = painted(ee_project, face)
        (number,) = enemy.ability[0].values()
        sizes = [e["box"].size for e in b.paint if e["color"] and e["box"].text == str(number)]
        assert sizes and min(sizes) >= 6.0, (card.name, sizes)
        problems = reading(b, str(number))
        assert problems == [], (card.name, problems)


def _within(point, polygon) -> bool:
    """Even-odd point in polygon."""
    x, y = point
    hits = 0
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hits += 1
    return hits % 2 == 1


def _square_centres(b: Painted, color: str) -> list[tuple[float, float]]:
    """The nine squares of the zone grid, a1 to c3: the first nine white squares outlined in the track colour."""
    squares = [e["box"] for e in b.paint if e["fill"] == "#ffffff" and e["stroke"] == color][:9]
    assert len(squares) == 9
    return [((s.x0 + s.x1) / 2, (s.y0 + s.y1) / 2) for s in squares]


@pytest.mark.parametrize("card_id", ["ground-5-the-bastion", "air-5-stormcrown", "space-5-the-barrier-crown"])
def test_a_final_boss_is_one_outline_around_exactly_its_squares(ee_project, card_id):
    record = ee_project.game.card(card_id)
    (enemy,) = [e for e in record.card.enemies if len(e.squares) > 1]
    b = painted(ee_project, ee_project.faces.fronts[card_id])
    track_colour = ee_project.layout.palettes["track"][record.card.track]
    centres = _square_centres(b, track_colour)
    # every shape outlined in the enemies' red that holds one of its squares: one, holding them all and no other
    shapes = [e for e in b.paint if e["stroke"] == ENEMY_RED and e["corners"]
              and any(_within(centres[SQUARES.index(s)], e["corners"]) for s in enemy.squares)]
    assert len(shapes) == 1, f"{card_id}: {len(shapes)} outlined shapes for one enemy"
    covered = {SQUARES[i] for i, c in enumerate(centres) if _within(c, shapes[0]["corners"])}
    assert covered == set(enemy.squares)
    # its ability badge inside the outline
    badges = [e["box"] for e in b.paint if e["fill"] == "#ffffff" and e["stroke"] == INK]
    assert badges and all(_within(((x.x0 + x.x1) / 2, (x.y0 + x.y1) / 2), shapes[0]["corners"]) for x in badges)
