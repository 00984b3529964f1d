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
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

from pnp.core.diagnostics import UsageError
from pnp.core.processes import processes as cores
from pnp.engine.api import Action, Engine
from pnp.engine.coverage import Coverage
from pnp.engine.report_charts import Chart, standard_charts
from pnp.engine.runner import Chunk, LocalPool, chunk_size, chunks, game_index, policy_table, replay

if TYPE_CHECKING:
    from pnp.content.game import Game
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
    """The run's tables, in order (see `tables`)."""
    return list(tables(plan, game, games, players, difficulty))


def tables(plan: PlaytestPlan, game: Game, games: int, players: int | None,
           difficulty: Difficulty | None = None) -> Iterator[Setup]:
    """The run's tables, in order, one at a time. Asked for one difficulty, a game whose tables have levels
    plays only the tables at that level (a game without levels takes the difficulty in its engine, if at all)."""
    setups = plan.setups(game, players)
    if difficulty is not None:
        probe = list(islice(setups, PROBE))  # the cycle of tables repeats well within this
        if any(setup.difficulty for setup in probe):
            level = difficulty.value
            if not any(setup.difficulty == level for setup in probe):  # the endless cycle would be searched for ever
                raise UsageError(f"{game.id} has no playtest tables at difficulty {level}")
            setups = (setup for setup in chain(probe, setups) if setup.difficulty == level)
        else:
            setups = chain(probe, setups)
    return islice(setups, games)


PROBE = 1000


def has_levels(plan: PlaytestPlan, game: Game, players: int | None) -> bool:
    """Whether the game's tables are played at difficulty levels (Setup.difficulty)."""
    return any(setup.difficulty for setup in islice(plan.setups(game, players), PROBE))


def run(plan: PlaytestPlan, game: Game, games: int | None = None, seed: int = 1, players: int | None = None,
        difficulty: Difficulty | None = None, progress=None, processes: int | None = None,
        cluster: str | None = None, keep_going: bool = False, journal: str | os.PathLike | None = None,
        resumed=None) -> PlaytestReport:
    """Play the run's games (game i plays seed game_seed(seed, i)) and report on them.

    The games go out in chunks of seeds (pnp.engine.runner.Chunk) to this process, to `processes` local
    processes (all cores by default), or to a Dask cluster (`cluster`: a scheduler address or "local:N",
    see pnp.engine.cluster); the report is the same for the same seed wherever they were played.
    `progress(n)` is told each time n more games are done. With `keep_going` (a soak), a game that raises is
    listed in `report.errors` and left out of the report, and the run goes on; else the first error ends it.

    With a `journal` (a file, pnp.engine.journal), each chunk's result is kept there as it comes back, and the
    chunks a journal of this same run already holds are read back instead of played (with its chunk size, however
    many processes play now): `resumed(n)` is told once how many games that was, and `progress` only of games
    played now. The report is an uninterrupted run's, byte for byte. A journal of another run is a UsageError."""
    engine = plan.engine(game, difficulty)
    count = games or plan.default_games
    level = difficulty.value if difficulty and has_levels(plan, game, players) else None  # else it was not played at one
    report = PlaytestReport(game.id, 0, level, Coverage(),
                            plan.expected(engine, game), plan.score_name, plan.lower_scores_win, plan.summary,
                            plan.charts)
    with ExitStack() as held:
        log = None
        if journal is not None:  # opened (and checked) before any worker starts: a wrong journal fails at once
            from pnp.engine import journal as journals

            log = held.enter_context(journals.Journal(journal, journals.identity(
                game, plan, engine, count, seed, players, difficulty.value if difficulty else None, keep_going)))
        pool = held.enter_context(_pool(cluster, processes, count))
        in_flight: dict[int, Chunk] = {}  # first game -> its chunk, until its games are in the report
        checked: set = set()

        def sent(chunk_iter):
            for chunk in chunk_iter:
                for setup in chunk.tables:
                    if setup.options not in checked:  # a plan's mistake is said here, before a worker meets it
                        checked.add(setup.options)
                        check_options(engine, setup)
                in_flight[chunk.first] = chunk
                yield chunk

        # a resumed journal's chunk size, not this pool's: the same chunks, so its results line up with them
        size = (log and log.chunk_size) or chunk_size(count, pool.workers)
        run_chunks = chunks(seed, tables(plan, game, count, players, difficulty), size)
        if log is not None:
            kept = 0
            for part in log.stored(count):  # the chunks already played, in order: what the journal checked they are
                report.add_chunk(next(run_chunks), part)
                kept += len(part.rows)
            if kept and resumed:
                resumed(kept)
            log.start(size)
        for part in pool.play(engine, plan.policy_table, sent(run_chunks), True, progress or (lambda games: None),
                              keep_going):
            if log is not None:
                log.append(part)  # on disk before it counts: a stop from here on loses nothing played
            report.add_chunk(in_flight.pop(part.first), part)
    return report


def _pool(cluster: str | None, processes: int | None, games: int):
    """Where the games are played: a Dask cluster if one is named, else local processes (this one alone for a
    run too short to be worth starting workers for)."""
    if cluster:
        from pnp.engine.cluster import ClusterPool

        return ClusterPool(cluster)
    return LocalPool((processes or cores(games)) if games >= MIN_SHARED else 1)


def check_options(engine, setup: Setup) -> None:
    """Raise the engine's OptionsError (a UsageError: exit 2) when a table's options are not the engine's."""
    from pnp.engine.machine import OptionsError

    try:
        engine.options(**dict(setup.options))
    except OptionsError as exc:
        raise UsageError(f"playtest table {setup.describe()}: {exc}") from None


HEADLINE_NAMES = 5  # excused elements named in the headline; more are counted there and listed below

MIN_SHARED = 20  # fewer games than this are played in this process: starting workers would cost more


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


def _frozen(value):
    """A hashable stand-in for a game's details: dicts as sorted items, lists as tuples."""
    if isinstance(value, dict):
        return ("dict", tuple(sorted((k, _frozen(v)) for k, v in value.items())))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(_frozen(v) for v in value))
    hash(value)
    return (type(value).__name__, value)


@dataclass
class Seats:
    """One kind of player across a run: how many seats it took, how many it won, its scores and game lengths
    (as counts of each value, so a million games take no more room than a hundred)."""

    seats: int = 0
    wins: int = 0
    scores: Counter = field(default_factory=Counter)  # score -> seats that ended with it
    rounds: Counter = field(default_factory=Counter)  # rounds -> games it sat in that lasted them (once a game)
    details: list[dict] = field(default_factory=list)  # Result.details of each game it sat in (once a game)


@dataclass
class PlaytestReport:
    """A run's totals, kept as its games come in (`add`, or `add_chunk` for a chunk's compact rows)."""

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
    rounds: Counter = field(default_factory=Counter)  # rounds -> games that lasted them
    steps: int = 0  # moves in all games
    groups: dict[tuple[str, str], Seats] = field(default_factory=dict)  # (group, kind of player) -> its seats
    errors: list[tuple[int, str]] = field(default_factory=list)  # games that raised, in a run that kept going: (seed, why)
    _details_seen: dict = field(default_factory=dict, repr=False, compare=False)  # see _interned

    def add(self, players: tuple[str, ...], result, steps: int, group: str = "") -> None:
        """One game more: its table's players, its Result and its number of moves."""
        self.add_row(players, group, (result.scores, result.winners, result.rounds, steps, result.details))

    def add_row(self, players: tuple[str, ...], group: str, row: tuple) -> None:
        scores, winners, rounds, steps, details = row
        kinds, groups = self.kinds, self.groups
        for seat, kind in enumerate(players):
            for stats in (kinds.get(kind) or kinds.setdefault(kind, Seats()),
                          groups.get((group, kind)) or groups.setdefault((group, kind), Seats())):
                stats.seats += 1
                stats.wins += seat in winners
            kinds[kind].scores[scores[seat]] += 1
        details = self._interned(details)
        for kind in dict.fromkeys(players):  # a game's details are about the game: once per kind at its table
            kinds[kind].details.append(details)
            kinds[kind].rounds[rounds] += 1
        self.rounds[rounds] += 1
        self.steps += steps
        self.games += 1

    def _interned(self, details: dict) -> dict:
        """One dict for every game whose details are equal: a million games keep a reference each, not a dict each
        (their details are a few small numbers, so most games repeat an earlier one)."""
        try:
            key = _frozen(details)
        except TypeError:  # something unhashable in a game's details: kept as it is
            return details
        return self._details_seen.setdefault(key, details)

    def add_chunk(self, chunk: Chunk, part) -> None:
        """A chunk's games (pnp.engine.runner.ChunkResult), in order: their coverage and one row each."""
        self.coverage.merge(part.coverage)
        self.errors += part.errors
        for setup, row in zip(chunk.table_of_each(), part.rows):
            if row is not None:
                self.add_row(setup.players, setup.group, row)

    def details(self) -> dict[str, list[dict]]:
        return {kind: stats.details for kind, stats in sorted(self.kinds.items())}

    def charts(self) -> list[Chart]:
        """The game's own charts, then those every game gets (pnp.engine.report_charts)."""

        return (self.chart_plan(self.details()) if self.chart_plan else []) + standard_charts(self)

    # -- what took effect where: real games (self.coverage) and playtest set-ups (self.coverage.staged) ----------
    @property
    def _staged(self) -> Coverage:
        return self.coverage.staged or Coverage()

    def effective(self, key: str) -> int:
        """How often the element took effect, in any game of the run."""
        return self.coverage.cards[key] + self._staged.cards[key]

    @property
    def witnessed(self) -> list[str]:
        """Elements that took effect in some real game: set-ups and excuses never count here."""
        cards = self.coverage.cards
        return [key for key in self.expected.elements if cards[key]]

    @property
    def witnessed_words(self) -> list[str]:
        words = self.coverage.words
        return [word for word in self.expected.words if words[word]]

    @property
    def excused_now(self) -> dict[str, str]:
        """Elements and words that took effect in no real game and that the plan excuses, with the reason why:
        listed apart, never counted as witnessed."""
        excused = self.expected.excused
        unseen = self.coverage.missing(self.expected.elements) + self.coverage.missing_words(self.expected.words)
        return {key: excused[key] for key in unseen if key in excused}

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
        rounds = _summary(self.rounds)
        lines = [f"games: {self.games}{level}; rounds: {rounds['total']}, per game mean "
                 f"{rounds['mean']:.1f}, max {rounds['max']}; actions per round: mean "
                 f"{self.steps / max(1, rounds['total']):.1f}",
                 self.headline(),
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
                f"{k} ({'excused' if k in expected.excused else 'not excused'})" for k in staged_only))
        never = self.never_effective
        if never:
            lines.append("played but never took effect: " + ", ".join(never))
        excused_now = self.excused_now
        if excused_now:
            lines.append(f"excused, not witnessed in real play ({len(excused_now)}):")
            lines += [f"  {key}: {reason}" for key, reason in excused_now.items()]
        if self.ok:
            lines.append(f"ok: {self._tally()} witnessed in real play"
                         + (f", {len(excused_now)} excused" if excused_now else ""))
        else:
            for key in self.missing:
                why = ("it took effect only in playtest set-ups" if key in staged_only
                       else "it was played but never took effect" if key in never else "it never happened")
                lines.append(f"error: no witness for '{key}' in real play: {why} in {self.games} games")
            lines += [f"error: effect word '{w}' never took effect in real play" for w in self.unused_words]
        return "\n".join(lines)

    def headline(self) -> str:
        """What was witnessed, counted honestly: only what took effect in real games; the excused are named apart
        ("164 of 166 elements witnessed; 2 excused: a, b")."""
        excused = list(self.excused_now)
        named = ": " + ", ".join(excused) if len(excused) <= HEADLINE_NAMES else " (listed below)"
        return f"witnessed: {self._tally()}" + (f"; {len(excused)} excused{named}" if excused else "")

    def _tally(self) -> str:
        expected = self.expected
        words = (f", {len(self.witnessed_words)} of {len(expected.words)} effect words" if expected.words else "")
        return f"{len(self.witnessed)} of {len(expected.elements)} elements{words}"

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
            "witnessed": len(self.witnessed), "witnessed_words": len(self.witnessed_words),
            "excused_not_witnessed": self.excused_now,
            "elements": {k: self.coverage.cards[k] for k in expected.elements},
            "elements_in_setups": {k: self._staged.cards[k] for k in expected.elements if self._staged.cards[k]},
            "words": {w: self.coverage.words[w] for w in expected.words},
            "first_seen": {k: self.first_seen(k) for k in expected.elements},
            "reference": expected.reference,
            "players": {kind: {"seats": s.seats, "wins": s.wins, "win_rate": s.wins / s.seats,
                               self.score_name: _without_total(_summary(s.scores))} for kind, s in sorted(self.kinds.items())},
            "groups": [{"group": group, "player": kind, "seats": s.seats, "wins": s.wins}
                       for (group, kind), s in sorted(self.groups.items())],
            "rounds": {key: _summary(self.rounds)[key] for key in ("total", "mean", "max")},
            "summary": self.summary(self.details()) if self.summary else [],
        }, indent=2)


def _summary(counts: Counter) -> dict:
    """Mean, percentiles, extremes and total of values kept as counts (value -> how many times)."""
    ordered = sorted(counts.items())
    n = sum(counts.values())
    total = sum(value * times for value, times in ordered)

    def percentile(q: float):
        rank, seen = min(n - 1, int(q * n)), 0  # the value at this rank of the sorted values
        for value, times in ordered:
            seen += times
            if seen > rank:
                return value

    mean = total / n
    return {"mean": int(mean) if mean == int(mean) else mean, "p10": percentile(0.1), "median": percentile(0.5),
            "p90": percentile(0.9), "min": ordered[0][0], "max": ordered[-1][0], "total": total}


def _without_total(summary: dict) -> dict:
    return {key: value for key, value in summary.items() if key != "total"}


def _distribution(counts: Counter) -> str:
    s = _summary(counts)
    return f"mean {s['mean']:.1f}, p10 {s['p10']}, median {s['median']}, p90 {s['p90']}, max {s['max']}"
