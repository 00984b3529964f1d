"""The rulebook's example turn, drawn from the engine's own states.

The seed's example (the Warrior plays Stun, then Got Your Attention, next to
a Bruiser) is laid on a board and played through the engine one action at a
time; each panel is the board after one step, as the engine left it. So the
rulebook shows what the engine does, and a rules change redraws the figure.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.games.escort_service.engine import EscortEngine
from pnp.games.escort_service.records import Act, CardDone
from pnp.games.escort_service.state import Unit
from pnp.text.fonts import string_width

EXAMPLE_HAND = ("warrior-stun", "warrior-got-your-attention", "warrior-patch-up", "warrior-cleave")
PANEL_W, PANEL_H, GAP, PER_ROW = 118.0, 108.0, 8.0, 4
CELL_W, CELL_H = 24.0, 17.0
# the smallest words of a panel, as drawn: scaled up to 6 pt in a rulebook, two panels still fit an A5 page's width
LEAST_PT = 4.6
INK, MUTED = "#1f2630", "#7d8a99"
PILOT, ENEMY, SHUTTLE_FILL = "#dfe8d8", "#f2dcd4", "#3b5c8c"


@dataclass(frozen=True)
class Snapshot:
    caption: str
    columns: tuple[tuple[str, ...], ...]  # unit labels per column, bottom first
    marks: tuple[str, ...]  # what changed, for the text version


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
    columns = []
    for column in s.columns:
        labels = []
        for unit in column:
            if unit == 0:
                label = "Warrior"
                if s.has_status(0, "TAUNT"):
                    label += " +TAUNT"
            else:
                bruiser = s.unit(unit)
                label = f"Bruiser {bruiser.damage}/{bruiser.health}"
            labels.append(label)
        columns.append(tuple(labels))
    return tuple(columns)


def example_turn(engine: EscortEngine) -> tuple[Snapshot, ...]:
    """The board after each step of the example turn, played by the engine."""
    s = _example_board(engine)
    shots = [Snapshot("1. The Warrior is above the shuttle: it is active", _labels(s, engine), ())]
    steps = {"warrior-stun": ("2. Stun: MELEE 1 on the Bruiser", "3. DELAY 1: the Bruiser goes right",
                              "4. HEAT 1: the Warrior vents one column right"),
             "warrior-got-your-attention": ("5. Got Your Attention: MELEE 2", "6. HEAT 2: two columns right",
                                            "7. TAUNT: the card goes under the Warrior")}
    for card_id, captions in steps.items():
        card = next(c for c in s.seats[0].hand if engine.catalog.cards[c].id == card_id)
        s.seats[0].hand.remove(card)
        s.seats[0].playing.append(card)
        actions = engine.catalog.cards[card].actions
        for action, caption in zip(actions, captions):
            s.queue.append(Act(unit=0, card=card, action=action))
            engine.settle(s)  # the engine resolves the action; a lone target is picked for us
            shots.append(Snapshot(caption, _labels(s, engine), (str(action),)))
        s.queue.append(CardDone(seat=0, card=card))
        engine.settle(s)
    return tuple(shots)


class ExampleTurnFigure:
    """`figure: {kind: example-turn}`: the seed's example turn, one board per step."""

    def check(self, params, game) -> list[str]:
        unknown = set(params) - {"kind"}
        if unknown:
            return [f"example-turn takes no parameters; remove {', '.join(sorted(unknown))}"]
        ids = {r.card.id for r in game.cards()} | game.unparsed_ids  # a broken card is reported on its own
        missing = [cid for cid in (*EXAMPLE_HAND, "bruiser", "warrior-pilot") if cid not in ids]
        return [f"the example turn needs the cards {', '.join(missing)}"] if missing else []

    def _shots(self, game):
        return example_turn(EscortEngine.from_game(game))

    def size(self, params, game):
        rows = -(-len(self._shots(game)) // PER_ROW)
        return PER_ROW * PANEL_W + (PER_ROW - 1) * GAP, rows * PANEL_H + (rows - 1) * GAP

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
        lines = ["The example turn, step by step (columns 1 to 4, bottom unit first):"]
        for shot in self._shots(game):
            board = " | ".join(f"{n + 1}: {', '.join(column) or '-'}" for n, column in enumerate(shot.columns))
            lines.append(f"{shot.caption} -> {board}")
        return "\n".join(lines)


def _panel(b, shot: Snapshot, x: float, y: float) -> None:
    bold, regular = "VeraBd", "Vera"
    b.rect(x, y, PANEL_W, PANEL_H, fill="#f5f6f8", stroke="#c9d1da", width=0.6, radius=3)
    words, line, lines = shot.caption.split(), "", []
    for word in words:  # the caption in lines that stay inside the panel, as measured in their fonts
        wider = f"{line} {word}".strip()
        if line and string_width(wider, bold if not lines else regular, 6.4) > PANEL_W - 10:
            lines.append(line)
            line = word
        else:
            line = wider
    lines.append(line)
    for i, text in enumerate(lines[:3]):
        b.text(x + 5, y + PANEL_H - 11 - i * 8, text, bold if i == 0 else regular, 6.4, INK, "left")
    base_x, base_y = x + (PANEL_W - 4 * CELL_W) / 2, y + 18
    b.rect(base_x + 1, y + 5, CELL_W - 2, 11, fill=SHUTTLE_FILL, radius=1.5)
    b.text(base_x + CELL_W / 2, y + 8.6, "Shuttle", bold, LEAST_PT, "#ffffff", "center")
    for c, column in enumerate(shot.columns):
        cx = base_x + c * CELL_W
        b.rect(cx + 0.8, base_y, CELL_W - 1.6, 3 * CELL_H + 6, stroke="#9aa7b5", width=0.5, radius=1.5)
        b.text(cx + CELL_W / 2, base_y + 3 * CELL_H + 8, str(c + 1), bold, 6, MUTED, "center")
        for r, label in enumerate(column[:3]):
            ry = base_y + 2 + r * CELL_H
            b.rect(cx + 1.8, ry, CELL_W - 3.6, CELL_H - 2, fill=PILOT if label.startswith("Warrior") else ENEMY,
                   radius=1.2)
            name, _, rest = label.partition(" ")
            b.text(cx + CELL_W / 2, ry + CELL_H - 8, name, bold, LEAST_PT, INK, "center")
            if rest:
                b.text(cx + CELL_W / 2, ry + 3, rest, regular, LEAST_PT, INK, "center")


FIGURES = {"example-turn": ExampleTurnFigure()}
