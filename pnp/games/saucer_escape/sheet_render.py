"""The Saucer Escape sheet, region by region, drawn from the sheet's data.

Each function fills one layout region; positions inside a region are in mm
from the region's top-left, so the layout file alone decides where regions go.
"""
from __future__ import annotations

from pnp.core.units import mm
from pnp.text.fonts import string_width

# Type sizes in points. Nothing on the sheet prints under TEXT (6 pt at 100 %), the least a player reads
# comfortably; the geometry below is measured for these sizes, and the game's checks hold the sheet's words to it.
TEXT, LABEL, NAME, HEADER = 6.0, 6.5, 7.0, 7.5
ROW = 3.0  # mm from one 6 pt line to the next (its leading)
# mm from the event table's left edge to the events' text: past the longest name (Amelia Earhart's Body, 26.6 mm
# from 6.5 mm) with EVENT_GAP to spare, leaving the longest text (Falling Debris) its one line
EVENT_TEXT_X = 35.0
EVENT_GAP = 1.5  # mm, the least white space between an event's name and its text
ABILITY_X = 46.0  # mm from a crew panel's left edge to its abilities
# mm: every box a player writes a number in (a set-up number, a to-hit target, a score) is at least this wide and
# tall, room for two digits written with a pencil and an X drawn through them; the turn record's boxes hold one die
# each and stay pencil-box sized (the layout's `box`)
WRITE_W, WRITE_H = 10.0, 6.0
TOTAL_W = 14.0  # mm, the TOTAL box: three digits
# mm from the enemies region's left edge to each column: the set-up number and reward track, the enemy's number and
# name, its Life and Power tracks, its to-hit target, its location and track
REWARD_X, ENEMY_X, LIFE_X, TARGET_X, LOCATION_X = 0.0, 38.0, 70.0, 107.0, 120.0
ABILITY_TEXT_Y = 2.6  # mm from an ability's name to its text

ITEM_COLORS = {"red_keycard": "red", "blue_keycard": "blue"}
# The reward legend's entries: the icons a reward box prints, and what they give in short.
REWARD_LEGEND = ((("artifacts",), "Artifacts"), (("lasgun",), "Lasgun"), (("shield",), "Shield"),
                 (("medkit",), "Medkit"), (("red_keycard", "blue_keycard"), "Keycard"))
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

    def circle(self, cx, cy, r, fill=None):
        self.pen.circle(*self.at(cx, cy), mm(r), fill=self.color(fill))

    def prints(self, size):
        """Whether words of `size` print (a rulebook's small picture of the sheet leaves the smaller ones off)."""
        return self.pen.prints(size)

    def rect(self, x, y, w, h, **style):
        for key in ("fill", "stroke"):
            style[key] = self.color(style.get(key))
        self.pen.rect(*self.at(x, y), mm(w), mm(h), **style)

    def paragraph(self, x, y, w, h, string, size=TEXT, min_size=TEXT, font="regular"):
        return self.pen.paragraph(*self.at(x, y), mm(w), mm(h), string, size, min_size, font)

    def paragraph_height(self, w, h, string, size=TEXT, min_size=TEXT, font="regular") -> float:
        """The height (mm) `paragraph` prints this text over in a w x h mm box, from its first line's top to
        its last line's foot (h if it cannot fit)."""
        fit = self.pen.fit(mm(w), mm(h), string, size, min_size, font)
        count = sum(len(p) for p in fit.lines)
        return ((count - 1) * fit.leading + fit.size) / mm(1) if fit.ok and count else h

    def header(self, title):
        self.text(0.5, 0, title, HEADER, "bold", "accent")

    @property
    def box_mm(self):
        return self.pen.box_size / mm(1)


def icon_map(track) -> dict[int, str]:
    return {i.at: (i.item if i.icon == "GAIN" else i.icon) for i in track.icons}


def _amounts(sheet) -> dict[str, int]:
    """The items a reward pays more than one of (3 Artifacts), by icon: the box prints the number with the icon."""
    return {item.id: item.amount for item in sheet.items if item.amount > 1}


def _reward_track(a, x, y, track, name, colors, amounts):
    """A reward track: a box whose item pays several prints the number beside a smaller icon."""
    icons, box = icon_map(track), a.box_mm
    for i in range(1, track.length + 1):
        icon, bx = icons.get(i), x + (i - 1) * box
        if icon not in amounts:
            a.box(bx, y, f"{name}.{i}", icon=icon, icon_color=colors.get(icon))
            continue
        a.box(bx, y, f"{name}.{i}")
        _amount_icon(a, bx, y, box, icon, amounts[icon], colors.get(icon, "muted"))


def _amount_icon(a, x, y, box, icon, amount, colour):
    """A number and a small icon side by side inside a box of side `box` (mm) whose top-left is (x, y)."""
    small = box * 0.5
    a.text(x + box * 0.3, y + (box - mm_of(TEXT)) / 2, str(amount), TEXT, "bold", colour, "center")
    a.emblem(icon, x + box * 0.5, y + (box - small) / 2, small, colour)


def item_colors(sheet) -> dict[str, str]:
    return {item.id: ITEM_COLORS.get(item.id, "muted") for item in sheet.items} | {"CLAW": "alien", "ARROW": "muted"}


def draw_title(pen, region, sheet, game):
    a = Area(pen, region)
    right = region.w / mm(1)
    a.text(0, 0.5, game.manifest.title.upper(), 15, "bold", "accent")
    a.text(right, 0.6, game.manifest.tagline, NAME, "italic", "muted", "right")
    a.text(right, 4.6, "4 dice, 30 turns. Set-up numbers go in the boxes beside the names; darken boxes in pencil.",
           TEXT, "regular", "muted", "right")


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
            door = ch in "rb" and (r, c) in entrances
            _map_cell(a, x, y, size, ch, f"map.{r}.{c}", door)
            if (r, c) in entrances:
                _entrance(a, x, y, size, *entrances[(r, c)])


def _map_cell(a, x, y, size, ch, name, door_entrance=False):
    if ch == "S":
        a.rect(x, y, size, size, fill="accent")
        a.text(x + size / 2, y + size * 0.22, "S", size * 2.0, "bold", "#ffffff", "center")
        return
    a.box(x, y, name, size)
    if ch == "E":
        a.text(x + size / 2, y + size * 0.2, "?", size * 1.9, "bold", "muted", "center")
    elif ch in "rb":  # a door is its coloured outline, as the legend says (an entrance's name fills its box)
        colour = "red" if ch == "r" else "blue"
        if door_entrance:
            a.rect(x + 0.35, y + 0.35, size - 0.7, size - 0.7, stroke=colour, width=1.0)
        else:
            a.rect(x + 0.4, y + 0.4, size - 0.8, size - 0.8, stroke=colour, width=1.6)


ENTRANCE_STROKE = 1.4  # points: the thick outline of an entrance on the map, and of its short name in the key


def _entrance(a, x, y, size, location, direction):
    """A thick outline around the entrance box, with the location's short name inside at 6 pt (the game's
    checks hold the name to the box's width)."""
    a.rect(x - 0.3, y - 0.3, size + 0.6, size + 0.6, stroke="ink", width=ENTRANCE_STROKE)
    a.text(x + size / 2, y + (size - mm_of(TEXT)) / 2 + 0.1, short_name(location), TEXT, "regular", "ink", "center")


def short_name(location: str) -> str:
    return SHORT.get(location, location[:3].upper())


def mm_of(points: float) -> float:
    return points / mm(1)


def draw_legend(pen, region, sheet, game):
    """What the map's and the tracks' marks mean, three to a line, then the doors in words."""
    a = Area(pen, region)
    marks = [("ARROW", "raise that enemy", "muted"), ("CLAW", "raise the Hivemind", "alien"),
             ("NEG_LASGUN", "boxed in: one item fewer", "muted"), ("POD_FUELED", "the pod is fueled", "ink"),
             ("?", "event: roll 2 dice", "muted"), (None, "thick box: entrance", "ink")]
    third = region.w / mm(1) / 3
    for k, (mark, words, colour) in enumerate(marks):
        x, y = (k % 3) * third, (k // 3) * ROW
        if mark == "?":
            a.text(x + 1.8, y, "?", LABEL, "bold", colour, "center")
        elif mark:
            a.emblem(mark, x + 0.5, y + 0.1, 2.6, colour)
        a.text(x + 4, y + 0.2, words, TEXT, "regular", "ink")
    a.text(0.5, 2 * ROW + 0.2, "red or blue outline: a door; pay a Keycard of its color to open it", TEXT,
           "regular", "muted")
    _reward_legend(a, 3 * ROW, third, sheet)


def _reward_legend(a, y, column, sheet):
    """What a reward box gives, on one line: the items as their icons print in the reward tracks."""
    a.text(0.5, y + 0.2, "rewards:", TEXT, "regular", "muted")
    amounts, colors, box = _amounts(sheet), item_colors(sheet), 2.6
    step = (3 * column - 10) / len(REWARD_LEGEND)
    for k, (icons, words) in enumerate(REWARD_LEGEND):
        x = 10 + k * step
        for icon in icons:
            if icon in amounts:
                _amount_icon(a, x, y - 0.6, 4.0, icon, amounts[icon], colors.get(icon, "muted"))
                x += 4.0
            else:
                a.emblem(icon, x + 0.2, y + 0.1, box, colors.get(icon, "muted"))
                x += box + 0.6
        a.text(x + 0.6, y + 0.2, words, TEXT, "regular", "ink")


def draw_party(pen, region, sheet, game):
    a = Area(pen, region)
    a.rect(0, 0, region.w / mm(1), region.h / mm(1), fill="panel", radius=2)
    a.header("PARTY ITEMS")
    a.emblem("artifacts", 2, 6, 6, "muted")
    a.number_box(9, 5, 14, 10, "party.artifacts")
    a.text(2, 16, "Artifacts", TEXT, "bold")
    a.text(2, 16 + ROW, "(7 = a crew rank)", TEXT, "regular", "muted")
    for k, (item, label) in enumerate((("medkit", "Medkits"), ("red_keycard", "Red Keycards"), ("blue_keycard", "Blue Keycards"))):
        y = 5 + k * 6.2
        a.emblem(item, 27, y + 0.3, 3.8, ITEM_COLORS.get(item, "muted"))
        a.text(32, y + 1, label, TEXT, "bold")
        a.track(50, y, sheet.party[item].length, f"party.{item}")


def event_text_width(region_w: float) -> float:
    """The room (mm) for an event's text: one line at 6 pt (checked by the game's checks)."""
    return region_w / mm(1) - EVENT_TEXT_X - 0.5


def draw_events(pen, region, sheet, game):
    a = Area(pen, region)
    a.header("EVENT TABLE: roll 2 dice")
    row_h = (region.h / mm(1) - 5) / len(sheet.events)
    for i, row in enumerate(sorted(sheet.events, key=lambda e: e.roll)):
        y = 5 + i * row_h
        if i % 2 == 0:
            a.rect(0, y, region.w / mm(1), row_h, fill="panel")
        top = y + (row_h - mm_of(TEXT)) / 2
        a.text(3.2, top - 0.15, str(row.roll), LABEL, "bold", "accent", "center")
        a.text(6.5, top, row.name, TEXT, "bold")
        a.paragraph(EVENT_TEXT_X, top, event_text_width(region.w), row_h - (top - y), row.text)


def draw_enemies(pen, region, sheet, game):
    a = Area(pen, region)
    for x, label in ((REWARD_X, "REWARD"), (ENEMY_X, "ENEMY"), (LIFE_X, "LIFE (top) / POWER (bottom)"),
                     (TARGET_X, "TO HIT"), (LOCATION_X, "LOCATION")):
        a.text(x, 0, label, TEXT, "bold", "accent")
    rows = list(zip(sheet.enemies, sheet.rewards, sheet.locations)) + [(sheet.hivemind, None, sheet.escape_pod)]
    row_h = (region.h / mm(1) - 4) / len(rows)
    colors = item_colors(sheet)
    for i, (enemy, reward, location) in enumerate(rows):
        y = 4 + i * row_h
        if i % 2 == 1:
            a.rect(0, y - 0.5, region.w / mm(1), row_h, fill="panel")
        if reward is not None:
            a.number_box(REWARD_X, y + 2, WRITE_W, WRITE_H, f"reward.{i + 1}.number")
            _reward_track(a, REWARD_X + WRITE_W + 1, y + 2.9, reward, f"reward.{i + 1}", colors, _amounts(sheet))
            a.number_box(ENEMY_X, y + 2, WRITE_W, WRITE_H, f"enemy.{i + 1}.number")
        else:
            a.emblem("alien", ENEMY_X + (WRITE_W - 5.5) / 2, y + 2, 5.5, "alien")
        _enemy(a, enemy, ENEMY_X + WRITE_W + 1, y, f"enemy.{i + 1}", colors)
        a.number_box(TARGET_X, y + 2, WRITE_W, WRITE_H, f"enemy.{i + 1}.target")
        a.text(LOCATION_X, y + 0.4, location.name, LABEL, "bold")
        after = _short_name_key(a, LOCATION_X + _width(a, location.name, "bold", LABEL) + 2, y + 0.1, location.id)
        if location is sheet.escape_pod:
            a.text(after + 2, y + 0.6, "advance on any pair", TEXT, "italic", "muted")
        a.track(LOCATION_X, y + 4.6, location.track.length, f"location.{i + 1}", icon_map(location.track), colors)


def _width(a, string, font, size) -> float:
    """How wide (mm) the text prints in the sheet's font."""
    return string_width(string, a.pen.fonts[font], size) / mm(1)


def _short_name_key(a, x, y, location) -> float:
    """The location's short name in a thick outline, as its entrance prints it on the map: which map box is its.
    Returns where the outline ends (mm)."""
    name = short_name(location)
    w, h = _width(a, name, "regular", TEXT) + 1.6, mm_of(TEXT) + 1.2
    a.rect(x, y, w, h, stroke="ink", width=ENTRANCE_STROKE)
    a.text(x + w / 2, y + 0.6, name, TEXT, "regular", "ink", "center")
    return x + w


def _enemy(a, enemy, x, y, name, colors):
    a.text(x, y + 0.6, enemy.name, NAME, "bold")
    a.emblem("life", x, y + 4.6, 3, "red")
    a.text(x + 3.6, y + 4.9, f"+{enemy.life_bonus}", TEXT, "bold")
    a.emblem("power", x + 11, y + 4.6, 3, "accent")
    a.text(x + 14.6, y + 4.9, f"+{enemy.power_bonus}", TEXT, "bold")
    box, strip = a.box_mm, 2.8  # the strip between Life and Power holds the negation icons
    a.track(LIFE_X, y + 0.4, enemy.life.length, f"{name}.life", icon_map(enemy.life), colors)
    for icon in enemy.between:
        a.emblem(icon.icon, LIFE_X + (icon.at - 1) * box + (box - strip + 0.2) / 2, y + 0.5 + box, strip - 0.2, "ink")
    a.track(LIFE_X, y + 0.4 + box + strip, enemy.power.length, f"{name}.power", icon_map(enemy.power), colors)


def draw_crew(pen, region, sheet, game):
    a = Area(pen, region)
    w, h = crew_panel_size(region)
    for i, member in enumerate(sheet.crew):
        x, y = (i % 2) * (w + 3), (i // 2) * (h + 2)
        _crew_panel(a, member, x, y, w, h, f"crew.{member.id}")


def crew_panel_size(region) -> tuple[float, float]:
    """A crew member's panel (mm): four panels, two by two."""
    return (region.w / mm(1) - 3) / 2, (region.h / mm(1) - 2) / 2


def ability_room(region) -> tuple[float, float]:
    """The room (mm) for an ability's text under its name: checked by the game's checks at 6 pt."""
    w, h = crew_panel_size(region)
    box = 4.5  # the largest box a layout gives this sheet (pencil boxes are 4 to 4.5 mm)
    return w - ABILITY_X - box - 2, (h - 2) / 3 - ABILITY_TEXT_Y


def _crew_panel(a, member, x, y, w, h, name):
    a.rect(x, y, w, h, fill="panel", radius=2)
    a.text(x + 2, y + 1.2, member.name, NAME, "bold", "accent")
    box = a.box_mm
    rows = (("Life", member.life, member.ranks, "life", 11), ("Power", member.power, member.ranks, "power", 11),
            (member.rank_label, member.ranks, 0, "rank", 25))
    for k, (label, start, extra, field, at) in enumerate(rows):
        top = y + 5 + k * 4.6
        a.text(x + 2, top + (box - mm_of(TEXT)) / 2, label, TEXT, "bold")
        _growing_track(a, x + at, top, start, extra, f"{name}.{field}")
    top = y + 5 + 3 * 4.6
    a.text(x + 2, top + (box - mm_of(TEXT)) / 2, "Gear", TEXT, "bold")
    slot = 0
    for item in ("lasgun", "shield"):
        for k in range(member.gear.get(item, 0)):
            bx = x + 11 + slot * box
            a.box(bx, top, f"{name}.{item}.{k + 1}", icon=item)
            if k < member.starting_gear.count(item):  # the player darkens it at set-up (rule starting-gear)
                _start_dot(a, bx + box / 2, top + box + START_DOT * 2)
            slot += 1
    if member.starting_gear and a.prints(TEXT):  # the key's dot goes with its words: alone, beside the last Gear
        # box, it read as that box's starting mark (the twenty-fourth proofreading of the rulebook's set-up figure)
        _start_dot(a, x + 11 + slot * box + 1.2 + START_DOT, top + box / 2)
        a.text(x + 11 + slot * box + 1.2 + 2 * START_DOT + 0.8, top + (box - mm_of(TEXT)) / 2, "starting gear", TEXT,
               "regular", "muted")
    ax = x + ABILITY_X
    text_w, text_h = ability_room(a.region)
    heights = [max(box, ABILITY_TEXT_Y + a.paragraph_height(text_w, text_h, ability.text))
               for ability in member.abilities]
    # the same white space above, between and below the abilities, whatever their lines
    gap = (h - sum(heights)) / (len(heights) + 1)
    ay = y + gap
    for ability, height in zip(member.abilities, heights):
        a.box(ax, ay, f"{name}.ability.{ability.id}")
        a.text(ax + box + 1, ay, ability.name, TEXT, "bold")
        a.paragraph(ax + box + 1, ay + ABILITY_TEXT_Y, text_w, text_h, ability.text)
        ay += height + gap


START_DOT = 0.5  # mm, the radius of the dot that marks a Gear box the crew member starts with


def _start_dot(a, cx, cy):
    a.circle(cx, cy, START_DOT, fill="accent")


def _growing_track(a, x, y, start, extra, name):
    """A crew track: its starting boxes white, then the `extra` boxes each rank adds, shaded (rule 6.4's
    "shaded extra boxes"), so a player sees where the track starts."""
    box = a.box_mm
    for i in range(1, start + extra + 1):
        a.box(x + (i - 1) * box, y, f"{name}.{i}", fill="extra" if i > start else None)


TURNS_PER_ROW = 10  # the turn record's turns to a row: three rows of ten leave the score panel room for its boxes
TURNS_TOP, TURN_NUMBER_H = 4.2, 2.2  # mm: the first row of turns under the header; a turn's number over its boxes
SCORE_COLUMNS = 2  # the score terms in two columns, each term's words wrapping beside its box


def draw_turns(pen, region, sheet, game):
    """Each turn's number over its four boxes, two by two: the die given to Reward and Location above, Enemy and
    Recon below."""
    a = Area(pen, region)
    a.header("TURN RECORD")
    a.text(30, 0.4, "write each die where it went:  Reward | Location  /  Enemy | Recon", TEXT, "regular", "muted")
    rows = -(-sheet.turns // TURNS_PER_ROW)
    cell_w, box = (region.w / mm(1)) / TURNS_PER_ROW, a.box_mm
    step = (region.h / mm(1) - TURNS_TOP) / rows
    for t in range(sheet.turns):
        col, row = t % TURNS_PER_ROW, t // TURNS_PER_ROW
        x, y = col * cell_w, TURNS_TOP + row * step
        a.text(x + cell_w / 2, y, str(t + 1), TEXT, "bold", "muted", "center")
        for k in range(4):
            a.number_box(x + (cell_w - 2 * box) / 2 + (k % 2) * box, y + TURN_NUMBER_H + (k // 2) * box, box, box,
                         f"turn.{t + 1}.{k + 1}")


def draw_score(pen, region, sheet, game):
    """The score terms in two columns, each with a box for its points, and the TOTAL box: all inside the panel,
    every box WRITE_W x WRITE_H or more."""
    a = Area(pen, region)
    w, h = region.w / mm(1), region.h / mm(1)
    a.rect(0, 0, w, h, fill="panel", radius=2)
    a.header("SCORE")
    rows = -(-len(sheet.score) // SCORE_COLUMNS)
    total_top = h - WRITE_H - 1.5
    step = (total_top - 4.6 - 0.5) / rows
    column_w = (w - 1.5) / SCORE_COLUMNS
    room = score_label_width(region.w)
    for i, term in enumerate(sheet.score):
        col, row = divmod(i, rows)  # down the first column, then the second
        x, y = 1.5 + col * column_w, 4.6 + row * step
        words_h = a.paragraph_height(room, step, term.label)
        a.paragraph(x, y + (step - words_h) / 2, room, step, term.label)
        a.number_box(x + column_w - WRITE_W - 1.5, y + (step - WRITE_H) / 2, WRITE_W, WRITE_H, f"score.{term.id}")
    a.text(w - TOTAL_W - 3, total_top + (WRITE_H - mm_of(LABEL)) / 2, "TOTAL", LABEL, "bold", "accent", "right")
    a.number_box(w - TOTAL_W - 1.5, total_top, TOTAL_W, WRITE_H, "score.total")


def score_label_width(region_w: float) -> float:
    """The room (mm) for a score term's words, left of its box in its column."""
    return (region_w / mm(1) - 1.5) / SCORE_COLUMNS - WRITE_W - 4


RENDERERS = {
    "title": draw_title, "map": draw_map, "legend": draw_legend, "party": draw_party, "events": draw_events,
    "enemies": draw_enemies, "crew": draw_crew, "turns": draw_turns, "score": draw_score,
}
