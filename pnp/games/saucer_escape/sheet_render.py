"""The Saucer Escape sheet, region by region, drawn from the sheet's data.

Each function fills one layout region; positions inside a region are in mm
from the region's top-left, so the layout file alone decides where regions go.
"""
from __future__ import annotations

from pnp.units import mm

ITEM_COLORS = {"red_keycard": "red", "blue_keycard": "blue"}
SHORT = {"biosphere": "BIO", "command-center": "CMD", "communications": "COM", "docks": "DCK",
         "central-spire": "SPR", "habitat": "HAB", "escape-pod": "POD"}


class Area:
    """A region seen through the pen: coordinates in mm from the region's top-left."""

    def __init__(self, pen, region):
        self.pen, self.region = pen, region

    def at(self, x, y):
        return self.region.x + mm(x), self.region.y + mm(y)

    def text(self, x, y, string, size=6.5, font="regular", color=None, align="left"):
        self.pen.text(*self.at(x, y), string, size, font, self.color(color), align)

    def color(self, name):
        return self.pen.colors.get(name, name) if name else None

    def box(self, x, y, name, size=None, icon=None, icon_color=None, fill=None):
        self.pen.box(*self.at(x, y), name, mm(size) if size else None, icon, self.color(icon_color), self.color(fill))

    def track(self, x, y, length, name, icons=None, icon_colors=None):
        colors = {k: self.color(v) for k, v in (icon_colors or {}).items()}
        self.pen.track(*self.at(x, y), length, name, icons, icon_colors=colors)

    def number_box(self, x, y, w, h, name):
        self.pen.number_box(*self.at(x, y), mm(w), mm(h), name)

    def emblem(self, name, x, y, size, color=None):
        self.pen.emblem(name, *self.at(x, y), mm(size), self.color(color))

    def rect(self, x, y, w, h, **style):
        for key in ("fill", "stroke"):
            style[key] = self.color(style.get(key))
        self.pen.rect(*self.at(x, y), mm(w), mm(h), **style)

    def paragraph(self, x, y, w, h, string, size=6.0, min_size=4.6, font="regular"):
        return self.pen.paragraph(*self.at(x, y), mm(w), mm(h), string, size, min_size, font)

    def header(self, title):
        self.text(0.5, 0, title, 7.5, "bold", "accent")

    @property
    def box_mm(self):
        return self.pen.box_size / mm(1)


def _icon_map(track) -> dict[int, str]:
    return {i.at: (i.item if i.icon == "GAIN" else i.icon) for i in track.icons}


def _item_colors(sheet) -> dict[str, str]:
    return {item.id: ITEM_COLORS.get(item.id, "muted") for item in sheet.items} | {"CLAW": "alien", "ARROW": "muted"}


def draw_title(pen, region, sheet, game):
    a = Area(pen, region)
    right = region.w / mm(1)
    a.text(0, 0.5, game.manifest.title.upper(), 15, "bold", "accent")
    a.text(right, 0.6, game.manifest.tagline, 7, "italic", "muted", "right")
    a.text(right, 4.4, "4 dice, 30 turns. Set-up numbers go in the boxes beside the names; darken boxes in pencil.",
           5.8, "regular", "muted", "right")


def draw_map(pen, region, sheet, game):
    a = Area(pen, region)
    a.header("MAP: recon from S to boxes next to dark ones")
    rows = sheet.map.rows
    columns = max(len(r) for r in rows)
    cell = min((region.w / mm(1)) / columns, (region.h / mm(1) - 5) / len(rows))
    size = min(cell - 1.2, 6.5)
    left = ((region.w / mm(1)) - columns * cell) / 2
    entrances = {(e.row, e.col): (loc, e.arrow) for loc, e in sheet.map.entrances.items()}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "#":
                continue
            x, y = left + c * cell + (cell - size) / 2, 5 + r * cell + (cell - size) / 2
            _map_cell(a, x, y, size, ch, f"map.{r}.{c}")
            if (r, c) in entrances:
                _entrance(a, x, y, size, *entrances[(r, c)])


def _map_cell(a, x, y, size, ch, name):
    if ch == "S":
        a.rect(x, y, size, size, fill="accent")
        a.text(x + size / 2, y + size * 0.22, "S", size * 2.0, "bold", "#ffffff", "center")
        return
    a.box(x, y, name, size)
    if ch == "E":
        a.text(x + size / 2, y + size * 0.2, "?", size * 1.9, "bold", "muted", "center")
    elif ch in "rb":
        colour = "red" if ch == "r" else "blue"
        a.rect(x + 0.4, y + 0.4, size - 0.8, size - 0.8, stroke=colour, width=1.6)
        a.emblem("red_keycard", x + size * 0.25, y + size * 0.25, size * 0.5, colour)


def _entrance(a, x, y, size, location, direction):
    """A black arrow on the side of the entrance box, pointing into the location, with its short name."""
    a.rect(x - 0.3, y - 0.3, size + 0.6, size + 0.6, stroke="ink", width=1.4)
    label = SHORT.get(location, location[:3].upper())
    a.text(x + size / 2, y + size - 1.9, label, 4.2, "bold", "ink", "center")


def draw_legend(pen, region, sheet, game):
    a = Area(pen, region)
    items = [(0.5, "ARROW", "raise an enemy", "muted"), (27, "CLAW", "raise the Hivemind", "alien"),
             (56, "NEG_LASGUN", "boxed in: item lost", "muted"), (84, "POD_FUELED", "pod fueled", "ink")]
    for x, icon, words, colour in items:
        a.emblem(icon, x, 0.8, 3.6, colour)
        a.text(x + 4.4, 1.4, words, 5.4, "regular", "ink")
    a.text(0.5, 5.0, "? event (roll 2 dice)   red / blue outline: door, costs a keycard   thick box: location entrance",
           5.0, "regular", "muted")


def draw_party(pen, region, sheet, game):
    a = Area(pen, region)
    a.rect(0, 0, region.w / mm(1), region.h / mm(1), fill="panel", radius=2)
    a.header("PARTY ITEMS")
    a.emblem("artifacts", 2, 6, 6, "muted")
    a.number_box(9, 5, 14, 10, "party.artifacts")
    a.text(2, 16.5, "Artifacts", 6, "bold")
    a.text(2, 19.5, "(7 = a crew rank)", 5, "regular", "muted")
    for k, (item, label) in enumerate((("medkit", "Medkits"), ("red_keycard", "Red keycards"), ("blue_keycard", "Blue keycards"))):
        y = 5 + k * 6.2
        a.emblem(item, 27, y + 0.3, 3.8, ITEM_COLORS.get(item, "muted"))
        a.text(32, y + 1, label, 6, "bold")
        a.track(50, y, sheet.party[item].length, f"party.{item}")


def draw_events(pen, region, sheet, game):
    a = Area(pen, region)
    a.header("EVENT TABLE: roll 2 dice")
    row_h = (region.h / mm(1) - 5) / len(sheet.events)
    for i, row in enumerate(sorted(sheet.events, key=lambda e: e.roll)):
        y = 4.6 + i * row_h
        if i % 2 == 0:
            a.rect(0, y - 0.3, region.w / mm(1), row_h, fill="panel")
        a.text(3.2, y + 0.2, str(row.roll), 6.5, "bold", "accent", "center")
        a.text(6.5, y + 0.3, row.name, 5.6, "bold")
        a.paragraph(34, y + 0.2, region.w / mm(1) - 34.5, row_h - 0.2, row.text, 5.3, 4.4)


def draw_enemies(pen, region, sheet, game):
    a = Area(pen, region)
    for x, label in ((0, "REWARD"), (34, "ENEMY"), (66, "LIFE (top) / POWER (bottom)"), (110, "TO HIT"), (119, "LOCATION")):
        a.text(x, 0, label, 6, "bold", "accent")
    rows = list(zip(sheet.enemies, sheet.rewards, sheet.locations)) + [(sheet.hivemind, None, sheet.escape_pod)]
    row_h = (region.h / mm(1) - 4) / len(rows)
    colors = _item_colors(sheet)
    for i, (enemy, reward, location) in enumerate(rows):
        y = 4 + i * row_h
        if i % 2 == 1:
            a.rect(0, y - 0.5, region.w / mm(1), row_h, fill="panel")
        if reward is not None:
            a.number_box(0, y + 2, 6, 6, f"reward.{i + 1}.number")
            a.track(7, y + 2.9, reward.length, f"reward.{i + 1}", _icon_map(reward), colors)
            a.number_box(34, y + 2, 6, 6, f"enemy.{i + 1}.number")
        else:
            a.emblem("alien", 35, y + 2, 5.5, "alien")
        _enemy(a, enemy, 41, y, f"enemy.{i + 1}", colors)
        a.number_box(110, y + 2, 7, 6, f"enemy.{i + 1}.target")
        a.text(119, y + 0.4, location.name, 6.2, "bold")
        if location is sheet.escape_pod:
            a.text(141, y + 0.6, "advance on any pair", 5, "italic", "muted")
        a.track(119, y + 4.6, location.track.length, f"location.{i + 1}", _icon_map(location.track), colors)


def _enemy(a, enemy, x, y, name, colors):
    a.text(x, y + 0.6, enemy.name, 6.8, "bold")
    a.emblem("life", x, y + 4.6, 3, "red")
    a.text(x + 3.6, y + 4.9, f"+{enemy.life_bonus}", 6, "bold")
    a.emblem("power", x + 11, y + 4.6, 3, "accent")
    a.text(x + 14.6, y + 4.9, f"+{enemy.power_bonus}", 6, "bold")
    box, strip = a.box_mm, 2.8  # the strip between Life and Power holds the negation icons
    a.track(66, y + 0.4, enemy.life.length, f"{name}.life", _icon_map(enemy.life), colors)
    for icon in enemy.between:
        a.emblem(icon.icon, 66 + (icon.at - 1) * box + (box - strip + 0.2) / 2, y + 0.5 + box, strip - 0.2, "ink")
    a.track(66, y + 0.4 + box + strip, enemy.power.length, f"{name}.power", _icon_map(enemy.power), colors)


def draw_crew(pen, region, sheet, game):
    a = Area(pen, region)
    w = (region.w / mm(1) - 3) / 2
    h = (region.h / mm(1) - 2) / 2
    for i, member in enumerate(sheet.crew):
        x, y = (i % 2) * (w + 3), (i // 2) * (h + 2)
        _crew_panel(a, member, x, y, w, h, f"crew.{member.id}")


def _crew_panel(a, member, x, y, w, h, name):
    a.rect(x, y, w, h, fill="panel", radius=2)
    a.text(x + 2, y + 1.2, member.name, 6.8, "bold", "accent")
    box = a.box_mm
    a.text(x + 2, y + 5.6, "Life", 5.5, "bold")
    a.track(x + 9, y + 5, member.life + member.ranks, f"{name}.life")
    a.text(x + 2, y + 10.2, "Power", 5.5, "bold")
    a.track(x + 9, y + 9.6, member.power + member.ranks, f"{name}.power")
    a.text(x + 2, y + 14.8, member.rank_label, 5.5, "bold")
    a.track(x + 25, y + 14.2, member.ranks, f"{name}.rank")
    a.text(x + 2, y + 19.4, "Gear", 5.5, "bold")
    slot = 0
    for item in ("lasgun", "shield"):
        for k in range(member.gear.get(item, 0)):
            owned = k < member.starting_gear.count(item)  # starting gear comes pre-shaded
            a.box(x + 9 + slot * box, y + 18.8, f"{name}.{item}.{k + 1}", icon=item,
                  icon_color="ink" if owned else None, fill="#b9c3cc" if owned else None)
            slot += 1
    ax = x + 46
    step = (h - 2) / 3
    for j, ability in enumerate(member.abilities):
        ay = y + 1.2 + j * step
        a.box(ax, ay, f"{name}.ability.{ability.id}")
        a.text(ax + box + 1, ay - 0.2, ability.name, 5.8, "bold")
        a.paragraph(ax + box + 1, ay + 2.2, w - (ax - x) - box - 2, step - 2.4, ability.text, 5.2, 4.2)


def draw_turns(pen, region, sheet, game):
    a = Area(pen, region)
    a.header("TURN RECORD")
    a.text(34, 0.4, "write each die where it went:  Reward | Location  /  Enemy | Recon", 5.4, "regular", "muted")
    per_row = (sheet.turns + 1) // 2
    cell_w = (region.w / mm(1)) / per_row
    box = a.box_mm
    for t in range(sheet.turns):
        col, row = t % per_row, t // per_row
        x, y = col * cell_w, 4.2 + row * 11
        a.text(x + cell_w / 2, y, str(t + 1), 5, "bold", "muted", "center")
        for k in range(4):
            a.number_box(x + (cell_w - 2 * box) / 2 + (k % 2) * box, y + 2.2 + (k // 2) * box, box, box, f"turn.{t + 1}.{k + 1}")


def draw_score(pen, region, sheet, game):
    a = Area(pen, region)
    a.rect(0, 0, region.w / mm(1), region.h / mm(1), fill="panel", radius=2)
    a.header("SCORE")
    for i, term in enumerate(sheet.score):
        y = 4.2 + i * 3.3
        a.text(1.5, y + 0.5, term.label, 4.9)
        a.number_box(region.w / mm(1) - 10, y, 8.5, 3.1, f"score.{term.id}")
    y = 4.4 + len(sheet.score) * 3.3
    a.text(1.5, y + 0.4, "TOTAL", 6.5, "bold", "accent")
    a.number_box(region.w / mm(1) - 14, y - 0.2, 12.5, 4.2, "score.total")


RENDERERS = {
    "title": draw_title, "map": draw_map, "legend": draw_legend, "party": draw_party, "events": draw_events,
    "enemies": draw_enemies, "crew": draw_crew, "turns": draw_turns, "score": draw_score,
}
