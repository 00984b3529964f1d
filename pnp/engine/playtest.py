"""The playtest harness: one for every game with an engine.

A game supplies a `PlaytestPlan`: its engine, its players (a policy table),
the cycle of set-ups its games go through, and the elements every run must
witness. The harness does the rest the same way for every game: plays the
seeded games on all cores, keeps coverage and the earliest witness of every
element, counts wins and scores per kind of player, writes the text and JSON
reports, and replays any game of a run move by move (`pnp playtest --replay`,
and the golden playthroughs of the tests).
"""
from __future__ import annotations

import json
import os
import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

from pnp.engine.api import Action, Engine
from pnp.engine.coverage import Coverage
from pnp.engine.runner import GameSpec, game_index, game_seed, play_many, policy_table, replay

if TYPE_CHECKING:
    from pnp.content import Game
    from pnp.model import Difficulty


@dataclass(frozen=True)
class Setup:
    """One game's table: the kind of player in each seat, the engine's options, and a playtest set-up if any.

    `stage` ("module.function") changes the new game's table for the playtest's sake (a late-game scenario, a
    full arsenal): games from a stage are counted apart, as not reached by real play. `difficulty` is the
    level this table plays at, for games that have levels: `pnp playtest --difficulty` plays only those
    tables. `group` names the bar the game counts towards in the charts (a level, a team size)."""

    players: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    stage: str | None = None
    difficulty: str | None = None
    group: str = ""

    def describe(self) -> str:
        seats = f"{len(self.players)} player{'s' if len(self.players) > 1 else ''} ({', '.join(self.players)})"
        # flags that are on, and named choices such as a scenario (the player count is said already)
        flags = [name.replace("_", " ") if value is True else f"{name.replace('_', ' ')} {value}"
                 for name, value in self.options if value is True or isinstance(value, str)]
        staged = [f"playtest set-up {self.stage.rpartition('.')[2]}"] if self.stage else []
        return f"{seats}, {', '.join(flags + staged) or 'standard rules'}"


@dataclass(frozen=True)
class Expected:
    elements: list[str]  # what must happen in some game: card ids, sheet boxes, abilities...
    words: list[str] = field(default_factory=list)  # effect words that must resolve
    reference: list[str] = field(default_factory=list)  # cards that never enter play, listed for completeness
    # elements and words that may go without an effect in real games, each with the reason why (say it to a
    # designer: "only in the Final Chapters, which one game in 300 reaches"); anything else must take effect
    excused: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Chart:
    """A bar chart for the playtest folder, as data (pnp.render.charts draws it): one group of bars per
    category, one bar per series, values from 0 to 1."""

    file: str  # e.g. "win-rate.png"
    title: str
    categories: list[str]
    series: dict[str, list[float]]  # name -> one value per category
    axis: str = "share"
    note: str = ""  # one line under the title: what the bars are


@dataclass(frozen=True)
class PlaytestPlan:
    """What a game gives the harness."""

    engine: Callable[[Game, Difficulty | None], Engine]
    policy_table: str  # "module.NAME" of a dict: kind of player -> Policy (worker processes import it)
    setups: Callable[[Game, int | None], Iterator[Setup]]  # endless; int: the player count asked for, if any
    expected: Callable[[Engine, Game], Expected]
    default_games: int = 200
    describe: Callable[[Engine, Action], str] | None = None  # a move in words, for replays
    score_name: str = "score"  # what Result.scores count
    lower_scores_win: bool = False
    # lines of the game's own about a run: given each kind of player's Result.details, e.g. runs per campaign
    summary: Callable[[dict[str, list[dict]]], list[str]] | None = None
    # charts of the game's own, drawn into the playtest folder: given the same details
    charts: Callable[[dict[str, list[dict]]], list[Chart]] | None = None


def table(plan: PlaytestPlan, game: Game, games: int, players: int | None,
          difficulty: Difficulty | None = None) -> list[Setup]:
    """The run's tables, in order. Asked for one difficulty, a game whose tables have levels plays only the
    tables at that level (a game without levels takes the difficulty in its engine, if at all)."""
    setups = plan.setups(game, players)
    if difficulty is not None:
        probe = list(islice(setups, PROBE))  # the cycle of tables repeats well within this
        if any(setup.difficulty for setup in probe):
            level = difficulty.value
            setups = (setup for setup in chain(probe, setups) if setup.difficulty == level)
            first = next(islice(setups, 0, PROBE), None)
            if first is None:
                raise ValueError(f"{game.id} has no playtest tables at difficulty {level}")
            setups = chain([first], setups)
        else:
            setups = chain(probe, setups)
    return list(islice(setups, games))


PROBE = 1000


def run(plan: PlaytestPlan, game: Game, games: int | None = None, seed: int = 1, players: int | None = None,
        difficulty: Difficulty | None = None, progress=None, processes: int | None = None) -> PlaytestReport:
    """Play the run's games (game i plays seed game_seed(seed, i)) and report on them."""
    engine = plan.engine(game, difficulty)
    setups = table(plan, game, games or plan.default_games, players, difficulty)
    specs = [GameSpec(game_seed(seed, i), setup.players, setup.options, setup.stage) for i, setup in enumerate(setups)]
    playouts, coverage = play_many(engine, plan.policy_table, specs, processes or os.cpu_count() or 1)
    report = PlaytestReport(game.id, len(specs), difficulty.value if difficulty else None, coverage,
                            plan.expected(engine, game), plan.score_name, plan.lower_scores_win, plan.summary,
                            plan.charts)
    for setup, playout in zip(setups, playouts):
        report.add(setup.players, playout.result, playout.steps, setup.group)
        if progress:
            progress(1)
    return report


def replay_game(plan: PlaytestPlan, game: Game, played_seed: int, seed: int = 1, players: int | None = None,
                difficulty: Difficulty | None = None) -> list[str]:
    """One game of the run with these options, move by move, at the table it had in that run."""
    index = game_index(seed, played_seed)
    setup = table(plan, game, index + 1, players, difficulty)[index]
    engine = plan.engine(game, difficulty)
    policies = policy_table(plan.policy_table)
    describe = (lambda action: plan.describe(engine, action)) if plan.describe else None
    lines = replay(engine, played_seed, [policies[p] for p in setup.players], describe, setup.stage,
                   **dict(setup.options))
    return [f"seed {played_seed}: {setup.describe()}; round (after the move), who, move -> what it resolved"] + lines


@dataclass
class Seats:
    """One kind of player across a run: how many seats it took, how many it won, its scores."""

    seats: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    details: list[dict] = field(default_factory=list)  # Result.details of each game it sat in (once a game)


@dataclass
class PlaytestReport:
    game: str
    games: int
    difficulty: str | None
    coverage: Coverage
    expected: Expected
    score_name: str = "score"
    lower_scores_win: bool = False
    summary: Callable[[dict[str, list[dict]]], list[str]] | None = None
    chart_plan: Callable[[dict[str, list[dict]]], list[Chart]] | None = None
    kinds: dict[str, Seats] = field(default_factory=dict)
    rounds: list[int] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    groups: dict[tuple[str, str], Seats] = field(default_factory=dict)  # (group, kind of player) -> its seats

    def add(self, players: tuple[str, ...], result, steps: int, group: str = "") -> None:
        for seat, kind in enumerate(players):
            for stats in (self.kinds.setdefault(kind, Seats()), self.groups.setdefault((group, kind), Seats())):
                stats.seats += 1
                stats.wins += seat in result.winners
            self.kinds[kind].scores.append(result.scores[seat])
        for kind in dict.fromkeys(players):  # a game's details are about the game: once per kind at its table
            self.kinds[kind].details.append(result.details)
        self.rounds.append(result.rounds)
        self.steps.append(steps)

    def details(self) -> dict[str, list[dict]]:
        return {kind: stats.details for kind, stats in sorted(self.kinds.items())}

    def charts(self) -> list[Chart]:
        return self.chart_plan(self.details()) if self.chart_plan else []

    # -- what took effect where: real games (self.coverage) and playtest set-ups (self.coverage.staged) ----------
    @property
    def _staged(self) -> Coverage:
        return self.coverage.staged or Coverage()

    def effective(self, key: str) -> int:
        """How often the element took effect, in any game of the run."""
        return self.coverage.cards[key] + self._staged.cards[key]

    @property
    def missing(self) -> list[str]:
        """Elements that took effect in no real game (set-ups aside) and that the plan does not excuse."""
        excused = self.expected.excused
        return [key for key in self.coverage.missing(self.expected.elements) if key not in excused]

    @property
    def unused_words(self) -> list[str]:
        excused = self.expected.excused
        return [word for word in self.coverage.missing_words(self.expected.words) if word not in excused]

    @property
    def staged_only(self) -> list[str]:
        """Elements that took effect only in games from a playtest set-up: real play never got there."""
        return [key for key in self.expected.elements if not self.coverage.cards[key] and self._staged.cards[key]]

    @property
    def never_effective(self) -> list[str]:
        """Elements played or tried in the run that never changed anything."""
        played = self.coverage.played + self._staged.played
        return [key for key in self.expected.elements + self.expected.words
                if played[key] and not self.effective(key) and not self.coverage.words[key] + self._staged.words[key]]

    @property
    def ok(self) -> bool:
        return not self.missing and not self.unused_words

    def first_seen(self, key: str) -> tuple | None:
        """(seed, round) of the earliest game the element took effect in: a real one if any."""
        return self.coverage.witnesses.get(key) or self._staged.witnesses.get(key)

    # -- text ---------------------------------------------------------------------
    def to_text(self) -> str:
        expected = self.expected
        level = f" at difficulty {self.difficulty}" if self.difficulty else ""
        lines = [f"games: {self.games}{level}; rounds: {sum(self.rounds)}, per game mean "
                 f"{statistics.mean(self.rounds):.1f}, max {max(self.rounds)}; actions per round: mean "
                 f"{sum(self.steps) / max(1, sum(self.rounds)):.1f}",
                 f"witnessed: {len(expected.elements) - len(self.missing)} of {len(expected.elements)} elements"
                 + (f", {len(expected.words) - len(self.unused_words)} of {len(expected.words)} effect words"
                    if expected.words else ""),
                 "", f"{'player':10} {'seats':>6} {'wins':>6} {'win rate':>8}   {self.score_name}"]
        for kind, stats in sorted(self.kinds.items()):
            lines.append(f"{kind:10} {stats.seats:6d} {stats.wins:6d} {stats.wins / stats.seats:8.1%}   "
                         f"{_distribution(stats.scores)}")
        if self.summary:
            lines += [""] + self.summary(self.details())
        counts = sorted(((self.effective(k), k) for k in expected.elements), key=lambda c: (-c[0], c[1]))
        used = [(n, k) for n, k in counts if n]
        lines += ["", "most used: " + ", ".join(f"{k} ({n})" for n, k in used[:6]),
                  "least used: " + ", ".join(f"{k} ({n}{self._where(k)})" for n, k in reversed(used[-6:]))]
        if expected.reference:
            lines.append("reference cards, never played: " + ", ".join(expected.reference))
        staged_only = self.staged_only
        if staged_only:
            lines.append("took effect only in playtest set-ups, never in real play: " + ", ".join(
                f"{k} ({'excused: ' + expected.excused[k] if k in expected.excused else 'not excused'})"
                for k in staged_only))
        never = self.never_effective
        if never:
            lines.append("played but never took effect: " + ", ".join(never))
        if self.ok:
            words = f" and all {len(expected.words)} effect words took effect" if expected.words else ""
            excused = [k for k in expected.excused if k in self.coverage.missing(expected.elements + expected.words)]
            lines.append(f"ok: all {len(expected.elements)} elements witnessed{words}"
                         + (f" ({len(excused)} excused in real play)" if excused else ""))
        else:
            for key in self.missing:
                why = ("it took effect only in playtest set-ups" if key in staged_only
                       else "it was played but never took effect" if key in never else "it never happened")
                lines.append(f"error: no witness for '{key}' in real play: {why} in {self.games} games")
            lines += [f"error: effect word '{w}' never took effect in real play" for w in self.unused_words]
        return "\n".join(lines)

    def _where(self, key: str) -> str:
        """Where a rarely used element first happened, so a designer can replay that game."""
        witness = self.first_seen(key)
        return f"; first in seed {witness[0]}, round {witness[1]}" if witness else ""

    # -- JSON ---------------------------------------------------------------------
    def to_json(self) -> str:
        expected = self.expected
        return json.dumps({
            "game": self.game, "games": self.games, "difficulty": self.difficulty, "ok": self.ok,
            "missing": self.missing, "unused_words": self.unused_words,
            "staged_only": self.staged_only, "never_effective": self.never_effective, "excused": expected.excused,
            "elements": {k: self.coverage.cards[k] for k in expected.elements},
            "elements_in_setups": {k: self._staged.cards[k] for k in expected.elements if self._staged.cards[k]},
            "words": {w: self.coverage.words[w] for w in expected.words},
            "first_seen": {k: self.first_seen(k) for k in expected.elements},
            "reference": expected.reference,
            "players": {kind: {"seats": s.seats, "wins": s.wins, "win_rate": s.wins / s.seats,
                               self.score_name: _summary(s.scores)} for kind, s in sorted(self.kinds.items())},
            "groups": [{"group": group, "player": kind, "seats": s.seats, "wins": s.wins}
                       for (group, kind), s in sorted(self.groups.items())],
            "rounds": {"total": sum(self.rounds), "mean": statistics.mean(self.rounds), "max": max(self.rounds)},
            "summary": self.summary(self.details()) if self.summary else [],
        }, indent=2)


def _percentile(ordered: list, q: float):
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _summary(values: list[int]) -> dict:
    ordered = sorted(values)
    return {"mean": statistics.mean(ordered), "p10": _percentile(ordered, 0.1), "median": _percentile(ordered, 0.5),
            "p90": _percentile(ordered, 0.9), "min": ordered[0], "max": ordered[-1]}


def _distribution(values: list[int]) -> str:
    s = _summary(values)
    return f"mean {s['mean']:.1f}, p10 {s['p10']}, median {s['median']}, p90 {s['p90']}, max {s['max']}"
