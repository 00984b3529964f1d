"""The rulebook's board figures, drawn from the engine's own states: the example turn and a TICK.

The seed's example (the Warrior plays Stun, then Got Your Attention, next to
a Bruiser, then ends its turn) is laid on a board and played through the
engine one action at a time; each panel is the board after one step, as the
engine left it, with the Warrior's hand where the step is about it. The TICK
figure is the seed's pair of pictures before and after a TICK: a board with
nobody above the shuttle, then the same board once the engine has ticked it.
So the rulebook shows what the engine does, and a rules change redraws them.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.games.escort_service.engine import EscortEngine
from pnp.games.escort_service.records import Act, CardDone
from pnp.games.escort_service.state import Unit
from pnp.text.fonts import string_width

EXAMPLE_HAND = ("warrior-stun", "warrior-got-your-attention", "warrior-patch-up", "warrior-cleave")
CELL_W, CELL_H = 24.0, 17.0
# the units a column shows, bottom first: the example and the TICK never stack more than one, so a column drawn for
# two is room enough, and a panel that much shorter lets a half-letter page hold four rows of two (a third row of
# empty cells left the ninth step alone on a page of its own). A test holds every step to it: a rule change that
# stacked more units in a column would have a panel leave some off.
SLOTS = 2
BOARD_Y, HEAD_H = 18.0, 33.0  # the columns' foot above the panel's (the shuttle's row); their numbers and caption
COLUMN_H = SLOTS * CELL_H + 6
PANEL_W, PANEL_H, GAP, PER_ROW = 118.0, BOARD_Y + COLUMN_H + HEAD_H, 8.0, 4
CAPTION_PT, CAPTION_LINES = 6.4, 2  # a caption's lines above the board: a third would run into the column numbers
# the smallest words of a panel, as drawn: scaled up to 6 pt in a rulebook, two panels still fit an A5 page's width
LEAST_PT = 4.6
INK, MUTED = "#1f2630", "#7d8a99"
PILOT, ENEMY, SHUTTLE_FILL = "#dfe8d8", "#f2dcd4", "#3b5c8c"
NBSP = "\u00a0"  # between an action's word and its number in a caption: "MELEE 2" never broken over two lines


@dataclass(frozen=True)
class Snapshot:
    caption: str
    columns: tuple[tuple[str, ...], ...]  # unit labels per column, bottom first
    marks: tuple[str, ...]  # what changed, for the text version
    hand: str = ""  # the active pilot's hand, in words, where the step is about it ("Hand: Cleave")


def _example_board(engine: EscortEngine):
    import random

    s = engine.initial_state(random.Random(1), engine.options(pilots="warrior"))
    rng = random.Random(1)
    while s.chance:
        engine.apply_in_place(s, engine.sample_chance(s, rng))
    enemy = engine.catalog.enemies["bruiser"]
    s.units = [Unit(1, enemy)]
    s.columns = [(0,), (1,), (), ()]
    seat = s.seats[0]
    everything = seat.cards
    hand = [next(c for c in everything if engine.catalog.cards[c].id == cid) for cid in EXAMPLE_HAND]
    seat.hand, seat.draw = hand, [c for c in everything if c not in hand]
    seat.discard, seat.tucked, seat.playing = [], [], []
    s.pending, s.statuses = [], {}
    s.queue.clear()
    s.active = s.seat = 0
    s.phase = "pilot"
    return s


def _labels(s, engine) -> tuple[tuple[str, ...], ...]:
    """Each column's units, bottom first, by name with damage out of health: "Warrior 0/10" (with "+TAUNT" while it
    has it), "Bruiser 1/5"."""
    columns = []
    for column in s.columns:
        labels = []
        for unit in column:
            if unit < len(s.seats):
                seat = s.seats[unit]  # counted as an enemy is, so every unit on the board shows its damage
                label = f"{engine.catalog.pilots[seat.character].name} {seat.damage}/{seat.max_health}"
                if s.has_status(unit, "TAUNT"):
                    label += " +TAUNT"
            else:
                enemy = s.unit(unit)
                label = f"{enemy.enemy.name} {enemy.damage}/{enemy.health}"
            labels.append(label)
        columns.append(tuple(labels))
    return tuple(columns)


def _hand(s, engine, kept: int) -> str:
    """The pilot's hand in words: the cards it kept by name, then how many it drew."""
    names = [engine.catalog.cards[c].name for c in s.seats[0].hand]
    return hand_words(names[:kept], len(names) - kept)


def hand_words(kept: list[str], drawn: int) -> str:
    return "Hand: " + ", ".join(kept) + (f" + {drawn} drawn" if drawn else "")


# The example turn's steps as the seed numbers them: the Warrior active, Stun's three actions, Got Your Attention's
# three, the end of its turn (discard and keep, then draw)
EXAMPLE_CAPTIONS = (
    "1. The Warrior is above the shuttle: it is active",
    f"2. Stun: MELEE{NBSP}1 on the Bruiser", f"3. DELAY{NBSP}1: the Bruiser goes right",
    f"4. HEAT{NBSP}1: the Warrior vents one column right",
    f"5. Got Your Attention: MELEE{NBSP}2", f"6. HEAT{NBSP}2: two columns right",
    "7. TAUNT: the card goes under the Warrior",
    f"8. The Warrior stops: discards Patch{NBSP}Up, keeps Cleave",
    "9. It draws back up to 4: its turn is over")
TICK_CAPTIONS = ("Before: no unit is above the shuttle", "After one TICK: every unit one column left")


def example_turn(engine: EscortEngine) -> tuple[Snapshot, ...]:
    """The board after each step of the example turn, played by the engine, to the end of the Warrior's turn."""
    s = _example_board(engine)
    captions = iter(EXAMPLE_CAPTIONS)
    shots = [Snapshot(next(captions), _labels(s, engine), ())]
    for card_id in ("warrior-stun", "warrior-got-your-attention"):
        card = next(c for c in s.seats[0].hand if engine.catalog.cards[c].id == card_id)
        s.seats[0].hand.remove(card)
        s.seats[0].playing.append(card)
        for action in engine.catalog.cards[card].actions:
            s.queue.append(Act(unit=0, card=card, action=action))
            engine.settle(s)  # the engine resolves the action; a lone target is picked for us
            shots.append(Snapshot(next(captions), _labels(s, engine), (str(action),)))
        s.queue.append(CardDone(seat=0, card=card))
        engine.settle(s)
    # the end of the turn: the Warrior stops (not above the shuttle: no heat), discards Patch Up and keeps Cleave
    engine.apply_in_place(s, ("stop",))
    patch_up = next(c for c in s.seats[0].hand if engine.catalog.cards[c].id == "warrior-patch-up")
    engine.apply_in_place(s, ("drop", patch_up))
    shots.append(Snapshot(next(captions), _labels(s, engine), ("stop", "drop"), _hand(s, engine, kept=1)))
    # then draws back up to 4, answered here rather than by apply_in_place, which would go on to the next turn
    engine.answer_EndDiscard(s, s.pending.pop(), ("keep",))
    shots.append(Snapshot(next(captions), _labels(s, engine), ("draw",), _hand(s, engine, kept=1)))
    return tuple(shots)


def tick(engine: EscortEngine) -> tuple[Snapshot, ...]:
    """A TICK, as the engine does it: nobody above the shuttle (the Bruiser in column 2, the Warrior in column 3, a
    Drone in column 4), then every column one place toward the shuttle, so the Bruiser is above it and acts."""
    s = _example_board(engine)
    s.units = [Unit(1, engine.catalog.enemies["bruiser"]), Unit(2, engine.catalog.enemies["drone"])]
    s.columns = [(), (1,), (0,), (2,)]
    before = Snapshot(TICK_CAPTIONS[0], _labels(s, engine), ())
    engine._next_turn(s)  # the TICK, and the turn it brings: left unplayed, so the board shows the TICK alone
    return before, Snapshot(TICK_CAPTIONS[1], _labels(s, engine), ("TICK",))


class PanelFigure:
    """A figure of boards, one panel per state, PER_ROW to a row (`_shots` gives the states)."""

    def _shots(self, game) -> tuple[Snapshot, ...]:
        raise NotImplementedError

    def check(self, params, game) -> list[str]:
        unknown = set(params) - {"kind"}
        if unknown:
            return [f"{params['kind']} takes no parameters; remove {', '.join(sorted(unknown))}"]
        ids = {r.card.id for r in game.cards()} | game.unparsed_ids  # a broken card is reported on its own
        missing = [cid for cid in self.needs if cid not in ids]
        if missing:
            return [f"the {params['kind']} figure needs the cards {', '.join(missing)}"]
        return [problem for text in self.captions for problem in _too_long(text)] + self._hand_problems(game)

    def _hand_problems(self, game) -> list[str]:
        return []

    def size(self, params, game):
        count = len(self._shots(game))
        per_row = min(PER_ROW, count)
        rows = -(-count // PER_ROW)
        return per_row * PANEL_W + (per_row - 1) * GAP, rows * PANEL_H + (rows - 1) * GAP

    def draw(self, b, params, game, left, bottom):
        shots = self._shots(game)
        _, height = self.size(params, game)
        for i, shot in enumerate(shots):
            row, col = divmod(i, PER_ROW)
            x = left + col * (PANEL_W + GAP)
            y = bottom + height - (row + 1) * PANEL_H - row * GAP
            _panel(b, shot, x, y)

    # A figure of panels read in order: a page too narrow for PER_ROW legible panels lays them again, fewer to a
    # row (pnp.render.rulebook.figure_flowables), each panel drawn whole by draw_panel.
    panel_size, panel_gap = (PANEL_W, PANEL_H), GAP

    def panels(self, params, game) -> int:
        return len(self._shots(game))

    def draw_panel(self, b, params, game, index: int, left: float, bottom: float) -> None:
        _panel(b, self._shots(game)[index], left, bottom)

    def describe(self, params, game) -> str:
        lines = [self.title]
        for shot in self._shots(game):
            board = " | ".join(f"{n + 1}: {', '.join(column) or '-'}" for n, column in enumerate(shot.columns))
            lines.append(f"{shot.caption} -> {board}".replace(NBSP, " ") + (f"; {shot.hand}" if shot.hand else ""))
        return "\n".join(lines)


class ExampleTurnFigure(PanelFigure):
    """`figure: {kind: example-turn}`: the seed's example turn, one board per step."""

    title = "The example turn, step by step (columns 1 to 4, bottom unit first):"
    needs = (*EXAMPLE_HAND, "bruiser", "warrior-pilot")
    captions = EXAMPLE_CAPTIONS

    def _shots(self, game):
        return example_turn(EscortEngine.from_game(game))

    def _hand_problems(self, game) -> list[str]:
        """The hand at the turn's end, as panel 9 prints it: Cleave kept and the rest of a hand drawn."""
        words = hand_words([game.card("warrior-cleave").card.name], game.settings.hand_size - 1)
        return [] if string_width(words, "VeraBd", LEAST_PT) <= HAND_W else [
            f"'{words}' is too wide to print beside the shuttle: say it shorter"]


class TickFigure(PanelFigure):
    """`figure: {kind: tick}`: the board before and after a TICK."""

    title = "A TICK, before and after (columns 1 to 4, bottom unit first):"
    needs = ("bruiser", "drone", "warrior-pilot", *EXAMPLE_HAND)
    captions = TICK_CAPTIONS

    def _shots(self, game):
        return tick(EscortEngine.from_game(game))


HAND_W = 3 * CELL_W - 2  # a hand's words, beside the shuttle under columns 2 to 4


def _too_long(caption: str) -> list[str]:
    """A caption of more than CAPTION_LINES lines would run into the columns' numbers."""
    if len(caption_lines(caption)) > CAPTION_LINES:
        return [f"the caption '{caption}' takes more than {CAPTION_LINES} lines: say it shorter"]
    return []


def caption_lines(caption: str) -> list[str]:
    """A caption in the lines it prints in, inside its panel as measured in their fonts (its lead bold, the rest
    regular: caption_runs); a no-break space holds its two words on one line."""
    lines, line, start = [], "", 0  # start: where the line being filled begins in the caption
    for word in caption.split(" "):
        wider = f"{line} {word}".strip()
        if line and _runs_width(caption_runs_of(caption, start, wider)) > PANEL_W - 10:
            lines.append(line)
            start += len(line) + 1
            line = word
        else:
            line = wider
    return lines + [line]


def caption_lead(caption: str) -> str:
    """The part of a caption printed bold: the step up to its colon ("1. The Warrior is above the shuttle:"), so a
    lead broken over two lines stays bold on both and the rest is regular; a caption without a colon is regular."""
    colon = caption.find(":")
    return caption[:colon + 1] if colon >= 0 else ""


def caption_runs(caption: str) -> list[list[tuple[str, str]]]:
    """Each printed line of a caption as its runs of (text, font): bold up to the lead's colon, regular after."""
    runs, start = [], 0
    for line in caption_lines(caption):
        runs.append(caption_runs_of(caption, start, line))
        start += len(line) + 1
    return runs


def caption_runs_of(caption: str, start: int, line: str) -> list[tuple[str, str]]:
    bold_chars = max(0, min(len(line), len(caption_lead(caption)) - start))
    return [(text, font) for text, font in ((line[:bold_chars], "VeraBd"), (line[bold_chars:], "Vera")) if text]


def _runs_width(runs: list[tuple[str, str]]) -> float:
    return sum(string_width(text, font, CAPTION_PT) for text, font in runs)


def _panel(b, shot: Snapshot, x: float, y: float) -> None:
    bold, regular = "VeraBd", "Vera"
    b.rect(x, y, PANEL_W, PANEL_H, fill="#f5f6f8", stroke="#c9d1da", width=0.6, radius=3)
    for i, runs in enumerate(caption_runs(shot.caption)[:CAPTION_LINES]):
        run_x = x + 5
        for text, font in runs:
            b.text(run_x, y + PANEL_H - 11 - i * 8, text, font, CAPTION_PT, INK, "left")
            run_x += string_width(text, font, CAPTION_PT)
    base_x, base_y = x + (PANEL_W - 4 * CELL_W) / 2, y + BOARD_Y
    b.rect(base_x + 1, y + 5, CELL_W - 2, 11, fill=SHUTTLE_FILL, radius=1.5)
    b.text(base_x + CELL_W / 2, y + 8.6, "Shuttle", bold, LEAST_PT, "#ffffff", "center")
    if shot.hand:  # beside the shuttle, under columns 2 to 4
        b.text(base_x + CELL_W + 2, y + 8.6, shot.hand, bold, LEAST_PT, INK, "left")
    for c, column in enumerate(shot.columns):
        cx = base_x + c * CELL_W
        b.rect(cx + 0.8, base_y, CELL_W - 1.6, COLUMN_H, stroke="#9aa7b5", width=0.5, radius=1.5)
        b.text(cx + CELL_W / 2, base_y + COLUMN_H + 2, str(c + 1), bold, 6, MUTED, "center")
        for r, label in enumerate(column[:SLOTS]):
            ry = base_y + 2 + r * CELL_H
            b.rect(cx + 1.8, ry, CELL_W - 3.6, CELL_H - 2, fill=PILOT if label.startswith("Warrior") else ENEMY,
                   radius=1.2)
            name, *rest = unit_lines(label)
            lines_y = (CELL_H - 8, 3) if len(rest) < 2 else (CELL_H - 6.5, 6, 1.5)  # a third line: set closer
            b.text(cx + CELL_W / 2, ry + lines_y[0], name, bold, LEAST_PT, INK, "center")
            for line, line_y in zip(rest, lines_y[1:]):
                b.text(cx + CELL_W / 2, ry + line_y, line, regular, LEAST_PT, INK, "center")


def unit_lines(label: str) -> list[str]:
    """A unit's label as its cell prints it: the name, then its damage count, and "+TAUNT" on a line of its own
    where the two would not fit the cell's width together."""
    name, _, rest = label.partition(" ")
    if rest and string_width(rest, "Vera", LEAST_PT) > CELL_W - 4:
        return [name, *rest.split(" ", 1)]
    return [name, rest] if rest else [name]


FIGURES = {"example-turn": ExampleTurnFigure(), "tick": TickFigure()}
