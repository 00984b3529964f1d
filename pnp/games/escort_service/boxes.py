"""The card layout boxes Escort Service draws from card data: action lines with their icons, the status band at
a card's bottom edge, a unit's health, a pilot's scrap slots, and a scenario's placement on the four columns."""
from __future__ import annotations

from pnp.games.escort_service.actions import action_words, icon_line, parse
from pnp.render.backend import place_emblem
from pnp.render.cards import draw_line_with_icons, line_align
from pnp.text.fit import LEADING, STEP, fit_text
from pnp.text.fonts import string_width
from pnp.text.inline import width as inline_width
from pnp.text.legibility import floor

INK = "#1f2630"
STATUS_COLORS = {"TAUNT": "#b5462a", "SHIELD": "#3b6a8c", "POISON": "#4f7a2a", "HIDDEN": "#444444"}


def _lines(card) -> str:
    return "\n".join(icon_line(parse(line)) for line in card.actions)


class Actions:
    """`type: actions`: one line per action, icon first, in the order they resolve; the text fits like any text."""

    def _fit(self, box, face, layout):
        text, font, icons = _lines(face.card), layout.fonts[box.font], frozenset(layout.icons)
        return fit_text(text, font, one_line_size(text, font, box, icons), box.min_size, box.w, box.h,
                        box.paragraph_gap, icons)

    def check(self, box, face, layout) -> list[str]:
        if not face.card.actions:
            return []
        fit = self._fit(box, face, layout)
        return [] if fit.ok else [f"the actions of '{face.card.name}' do not fit box '{box.name}': {fit.detail}"]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        if not face.card.actions:
            return
        fit = self._fit(box, face, layout)
        font = layout.fonts[box.font]
        lines = [line for paragraph in fit.lines for line in paragraph]
        gap = box.paragraph_gap
        total = len(lines) * fit.leading + gap * (len(fit.lines) - 1)
        top = bottom + box.h - (box.h - total) / 2 if box.valign == "middle" else bottom + box.h
        baseline = top - fit.size * 0.78 - (fit.leading - fit.size) / 2
        align = line_align(box.align, None)  # its English text
        x = {"left": left, "center": left + box.w / 2, "right": left + box.w}[align]
        for paragraph in fit.lines:
            for line in paragraph:
                draw_line_with_icons(b, x, baseline, line, font, fit.size, box.color or INK, align, layout.icons,
                                     emblems)
                baseline -= fit.leading
            baseline -= gap


def one_line_size(text: str, font: str, box, icons: frozenset) -> float:
    """The largest size up to the box's at which every action keeps to one line: an action read as two ("{heal} 1
    ally {aoe}" over "{in} 2") is worse than one a little smaller. Never under the box's min_size (the fit then
    wraps, or reports it)."""
    widest = max(inline_width(line, font, 1.0, icons) for line in text.split("\n"))
    return max(box.min_size, min(box.size, box.w / widest)) if widest else box.size


class ActionWords:
    """`type: action-words`: the card's actions said in words under their icons ("MELEE 1 · HEAT 2 · TAUNT to
    self"), as the card reference says them, so a new player reads a card without the icon key. Lines break between
    two actions, never inside one (no amount left alone at the start of a line), at the largest size from the box's
    `size` down to its `min_size` at which they fit; centred."""

    def check(self, box, face, layout) -> list[str]:
        if not face.card.actions or words_fit(box, face, layout) is not None:
            return []
        return [f"the actions of '{face.card.name}' in words do not fit box '{box.name}' at {box.min_size:g}pt: make "
                "it wider or taller"]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        fitted = words_fit(box, face, layout) if face.card.actions else None
        if fitted is None:
            return
        size, lines = fitted
        font, leading = layout.fonts[box.font], size * LEADING
        top = bottom + box.h - (box.h - len(lines) * leading) / 2 if box.valign == "middle" else bottom + box.h
        baseline = top - size * 0.78 - (leading - size) / 2
        for line in lines:
            b.text(left + box.w / 2, baseline, line, font, size, box.color or INK, "center")
            baseline -= leading


SEPARATOR = " \u00b7 "  # a middle dot between two actions


def said(card) -> list[str]:
    """The card's actions in words, in the order they resolve ("HIDDEN to an ally")."""
    return [action_words(line) for line in card.actions]


def words_fit(box, face, layout) -> tuple[float, list[str]] | None:
    """(size, lines) of the card's actions in words in the box, whole actions to a line; None if they fit at no size
    the box allows."""
    phrases, font = said(face.card), layout.fonts[box.font]
    size = box.size
    while size >= box.min_size - 1e-9:
        lines = _packed(phrases, font, size, box.w)
        if lines is not None and len(lines) * size * LEADING <= box.h + 1e-6:
            return size, lines
        size -= STEP
    return None


def _packed(phrases: list[str], font: str, size: float, width: float) -> list[str] | None:
    """The phrases joined into as few lines as fit `width`, in order; None if one alone is wider."""
    lines: list[str] = []
    for phrase in phrases:
        if string_width(phrase, font, size) > width:
            return None
        joined = lines[-1] + SEPARATOR + phrase if lines else phrase
        if lines and string_width(joined, font, size) <= width:
            lines[-1] = joined
        else:
            lines.append(phrase)
    return lines


def card_status(card) -> str | None:
    """The status a card puts under a unit (its STATUS action), if any."""
    for line in card.actions:
        action = parse(line)
        if action.word == "STATUS":
            return action.status
    return None


class StatusEdge:
    """`type: status-edge`: the card's status in a band along its bottom edge, its icon at each end, so it reads while
    the card is tucked under a unit."""

    def check(self, box, face, layout) -> list[str]:
        return []

    def draw(self, b, box, face, layout, emblems, left, bottom):
        status = card_status(face.card)
        if status is None:
            return
        color = STATUS_COLORS[status]
        b.rect(left, bottom, box.w, box.h, fill=color, radius=box.h * 0.25)
        side = box.h * 0.78
        inset = (box.h - side) / 2
        for x in (left + inset * 2, left + box.w - side - inset * 2):
            b.circle(x + side / 2, bottom + box.h / 2, side / 2 + inset * 0.6, fill="#ffffff")
            place_emblem(b, emblems, status.lower(), color, x, bottom + inset, side)
        b.text(left + box.w / 2, bottom + box.h * 0.3, status, layout.fonts["bold"], box.h * 0.55, "#ffffff", "center")


# The health number sits in the heart's wide band, small enough to stay inside the heart at every size the card is
# printed: a figure that shows a card small prints a number up to HEART_GROWTH times its size rather than leave it
# off (pnp.render.rulebook_figures.VALUE_LEAST: kept legible from half of 6 pt), and the grown number must still fit.
# By its digits: (size, the height of its middle), as fractions of the heart's height; measured against the heart's
# outline (pnp.core.shapes.heart), its point at 10 % and the dip between its lobes at 76 %: a single digit grown
# twice is held by the heart's height, two digits by its width, so they sit higher, where it is widest.
HEART_GROWTH = 2.0
HEART_FIT = {1: (0.28, 0.53), 2: (0.20, 0.59)}
DIGIT_HALF_HEIGHT = 0.365  # of the size: half a digit's height in the card fonts (Vera Bold's 0.73), its middle


def health_size(health: int, side: float) -> float | None:
    """The size the health number prints at in a heart `side` points tall (None: too many digits for a heart)."""
    fit = HEART_FIT.get(len(str(health)))
    return side * fit[0] if fit else None


def health_baseline(health: int, side: float) -> float:
    """The number's baseline above the heart's foot: its middle at the height HEART_FIT gives it."""
    size, middle = health_size(health, side), HEART_FIT[len(str(health))][1]
    return side * middle - DIGIT_HALF_HEIGHT * size


class Stats:
    """`type: stats`: health in a heart (a ZEALOT badge beside it for zealots)."""

    def check(self, box, face, layout) -> list[str]:
        health = face.card.health
        if health is None:
            return [f"'{face.card.name}' has no health for box '{box.name}'"]
        size = health_size(health, box.h)
        if size is None:
            return [f"the health {health} of '{face.card.name}' has more digits than a heart holds (at most "
                    f"{max(HEART_FIT)})"]
        if size < floor(box.min_size) - 1e-9:
            return [f"the health {health} of '{face.card.name}' fits its heart in box '{box.name}' only at "
                    f"{size:.1f}pt, under {floor(box.min_size):g}pt: make the box taller"]
        return []

    def draw(self, b, box, face, layout, emblems, left, bottom):
        card, bold = face.card, layout.fonts["bold"]
        side = box.h
        place_emblem(b, emblems, "health", "#b23a3a", left, bottom, side)
        b.text(left + side / 2, bottom + health_baseline(card.health, side), str(card.health), bold,
               health_size(card.health, side), "#ffffff", "center")
        if card.zealot:
            badge = side * 0.9
            bx = left + box.w - badge
            place_emblem(b, emblems, "zealot", "#8c2f2f", bx, bottom + (side - badge) / 2, badge)
            b.text(bx - side * 0.1, bottom + side * 0.38, "ZEALOT", bold, side * 0.22, "#8c2f2f", "right")


class ScrapSlots:
    """`type: scrap-slots`: a pilot's scrap slots as empty frames under their name, a box of its own beside the
    health so the card reference's picture of a pilot card keys it as a part."""

    def check(self, box, face, layout) -> list[str]:
        slot = box.h * 0.8
        wide = face.card.scrap_slots * (slot + box.h * 0.12) - box.h * 0.12
        if face.card.scrap_slots and wide > box.w + 1e-6:
            return [f"the {face.card.scrap_slots} scrap slots of '{face.card.name}' do not fit box '{box.name}': "
                    "make it wider"]
        return []

    def draw(self, b, box, face, layout, emblems, left, bottom):
        card, side = face.card, box.h
        if not card.scrap_slots:
            return
        slot = side * 0.8
        b.text(left, bottom + side * 0.82, "SCRAP SLOTS", layout.fonts["bold"], max(side * 0.16, floor(box.min_size)),
               "#666666", "left")
        for i in range(card.scrap_slots):
            x = left + i * (slot + side * 0.12)
            b.rect(x, bottom, slot, slot * 0.95, stroke="#7d8a99", width=0.8, radius=1.2)
            place_emblem(b, emblems, "scrap", "#d5dbe2", x + slot * 0.2, bottom + slot * 0.15, slot * 0.6)


def scenario_label(face) -> str:
    """A scenario's place in the campaign, in words: "Scenario 2 of 4" (the game's check keeps the scenarios'
    orders 1, 2, 3... without a gap, one card each, so the deck's card count is the campaign's length)."""
    order, total = face.card.order, face.values.get("deck_cards")
    if order is None:
        return ""
    return f"Scenario {order} of {total}" if total else f"Scenario {order}"


class ScenarioOrder:
    """`type: scenario-order`: the scenario's number with what it counts, on one line that fits like any text."""

    def _fit(self, box, face, layout):
        return fit_text(scenario_label(face), layout.fonts[box.font], box.size, box.min_size, box.w, box.h)

    def check(self, box, face, layout) -> list[str]:
        if not scenario_label(face):
            return [f"'{face.card.name}' has no order for box '{box.name}'"]
        fit = self._fit(box, face, layout)
        return [] if fit.ok and len(fit.lines[0]) == 1 else [
            f"'{scenario_label(face)}' does not fit box '{box.name}' on one line: {fit.detail or 'it wraps'}"]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        fit = self._fit(box, face, layout)
        if not scenario_label(face) or not fit.lines:
            return
        align = line_align(box.align, None)  # its English text
        x = {"left": left, "center": left + box.w / 2, "right": left + box.w}[align]
        baseline = bottom + (box.h - fit.size * 0.73) / 2  # cap height centred in the box
        b.text(x, baseline, fit.lines[0][0], layout.fonts[box.font], fit.size, box.color or INK, align)


def _enemy_name(enemy_id: str) -> str:
    return enemy_id.replace("-", " ").title()


def _names(card) -> list[str]:
    """Every name a scenario's set-up prints: the pilots' place and each enemy's."""
    return ["Pilots"] + [_enemy_name(e) for column in card.placement or () for e in column]


def name_size(box, row: float) -> float:
    """The type size of every name in a set-up: the box's size (cards.yaml), one size on every scenario card, so
    a long name ("Hive Queen") is never set smaller than its neighbours; never larger than its pill's row allows."""
    return min(box.size, row * 0.42)


# beside the shuttle on a scenario card: the set-up shown is changed for the size of the team, by the rule it names
# (rules: team-size, whose number the game's checks hold this to: checks.team_note)
TEAM_NOTE_RULE = "team-size"
TEAM_NOTE = "Add or leave out enemies for your team's size (rule 3.4)."


class Placement:
    """`type: placement`: the scenario's set-up, four columns with their enemies bottom first, the pilots in column 1
    and the shuttle below it; beside the shuttle, a note that the team's size changes the enemies shown (TEAM_NOTE:
    the card says which team plays the set-up as printed: none, every size changes it)."""

    def _note_fit(self, box, layout):
        width, row = box.w / 4, box.h * 0.14
        return fit_text(TEAM_NOTE, layout.fonts["italic"], 7.0, floor(box.min_size), 3 * width - 3.0, row * 1.1)

    def check(self, box, face, layout) -> list[str]:
        fit = self._note_fit(box, layout)
        problems = [] if fit.ok else [f"the note '{TEAM_NOTE}' does not fit beside the shuttle in box '{box.name}': "
                                      f"{fit.detail}"]
        width, row = box.w / max(4, len(face.card.placement or ())), box.h * 0.14
        size = name_size(box, row)
        return problems + [f"'{name}' does not fit its place in box '{box.name}' at {size:g}pt (the box's size): "
                           "make the box wider or its size smaller" for name in _names(face.card)
                           if string_width(name, layout.fonts["regular"], size) > width - 2.4 + 1e-6]

    def draw(self, b, box, face, layout, emblems, left, bottom):
        columns = face.card.placement
        n = max(4, len(columns))
        width = box.w / n
        row = box.h * 0.14
        regular, bold = layout.fonts["regular"], layout.fonts["bold"]
        shuttle_h = row * 1.1
        base = bottom + shuttle_h + row * 0.3
        b.rect(left + 0.6, bottom, width - 1.2, shuttle_h, fill="#3b5c8c", radius=1.2)
        pad = shuttle_h * 0.15  # the badge's word keeps clear of its edges
        size = min(row * 0.45, (width - 1.2 - 2 * pad) / string_width("Shuttle", bold, 1.0))
        b.text(left + width / 2, bottom + (shuttle_h - size * 0.73) / 2, "Shuttle", bold, size, "#ffffff", "center")
        self._draw_note(b, box, layout, left + width + 2.4, bottom, shuttle_h)
        for i in range(n):
            x = left + i * width
            b.rect(x + 0.6, base, width - 1.2, box.h - (base - bottom), stroke="#9aa7b5", width=0.6, radius=1.2)
            b.text(x + width / 2, bottom + box.h - row * 0.75, str(i + 1), bold, row * 0.55, "#7d8a99", "center")
            units = (["Pilots"] if i == 0 else []) + [_enemy_name(e) for e in (columns[i] if i < len(columns) else [])]
            for j, name in enumerate(units):
                y = base + row * 0.25 + j * row
                fill = "#dfe8d8" if name == "Pilots" else "#f2dcd4"
                b.rect(x + 1.2, y, width - 2.4, row * 0.86, fill=fill, radius=1)
                b.text(x + width / 2, y + row * 0.27, name, regular, name_size(box, row), INK, "center")

    def _draw_note(self, b, box, layout, x, bottom, height):
        """TEAM_NOTE in the row of the shuttle, over columns 2 to 4, its lines centred on the badge's middle."""
        fit = self._note_fit(box, layout)
        lines = [line for paragraph in fit.lines for line in paragraph]
        if not fit.ok or not lines:
            return  # reported by check
        baseline = bottom + height / 2 + len(lines) * fit.leading / 2 - fit.size * 0.8
        for line in lines:
            b.text(x, baseline, line, layout.fonts["italic"], fit.size, "#555555", "left")
            baseline -= fit.leading


BOX_KINDS = {"actions": Actions(), "status-edge": StatusEdge(), "stats": Stats(), "scrap-slots": ScrapSlots(),
             "placement": Placement(),
             "scenario-order": ScenarioOrder(), "action-words": ActionWords()}
