"""`pnp playtest escape-master`: many seeded games, a coverage table, statistics.

Games cycle through 2..6 players, the team game, the set-rounds and
early-ending variants, and random and greedy players, so every card meets
many situations. Cards that playouts never resolve get a seeded scenario
(a real game searched for the situation); a card with no witness fails the run.
"""
from __future__ import annotations

import json
import os
import statistics
from dataclasses import dataclass, field

from pnp.engine.coverage import Coverage
from pnp.engine.runner import GameSpec, game_index, game_seed, play, play_many, replay
from pnp.games.escape_master.engine import EscapeMasterEngine
from pnp.games.escape_master.policies import POLICIES
from pnp.model import Difficulty

LINEUPS = (("greedy",), ("random",), ("greedy", "random"))
POLICY_TABLE = "pnp.games.escape_master.policies.POLICIES"


@dataclass
class Setup:
    players: int
    lineup: tuple
    options: dict


def setups(game, players: int | None):
    """A repeating cycle of table sizes, variants and player types."""
    low, high = game.manifest.players.min, game.manifest.players.max
    counts = [players] if players else list(range(low, high + 1))
    i = 0
    while True:
        n = counts[i % len(counts)]
        options = {}
        if i % 7 == 3 and n % 2 == 0 and n >= 4:
            options["team"] = True
        elif i % 11 == 5:
            options["set_rounds"] = True
        elif i % 13 == 8:
            options["early_ending"] = True
        yield Setup(n, LINEUPS[i % len(LINEUPS)], options)
        i += 1


@dataclass
class PlaytestReport:
    games: int
    difficulty: str
    coverage: Coverage
    expected_cards: list[str]
    expected_words: list[str]
    reference_cards: list[str]
    rounds: list[int] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    round_steps: list[float] = field(default_factory=list)
    wins: dict = field(default_factory=dict)

    @property
    def unwitnessed(self) -> list[str]:
        return self.coverage.missing(self.expected_cards)

    @property
    def unused_words(self) -> list[str]:
        return self.coverage.missing_words(self.expected_words)

    @property
    def ok(self) -> bool:
        return not self.unwitnessed and not self.unused_words

    def to_text(self) -> str:
        lines = [f"{'card':44} resolved", f"{'-' * 44} --------"]
        lines += [f"{card:44} {self.coverage.cards[card]:8d}" for card in self.expected_cards]
        lines += [f"{card:44} reference card, never played" for card in self.reference_cards]
        lines += ["", f"{'effect word':44} resolved"]
        lines += [f"{w:44} {self.coverage.words[w]:8d}" for w in self.expected_words]
        total_rounds = sum(self.rounds)
        lines += ["", f"games: {self.games} at difficulty {self.difficulty}; rounds: {total_rounds}",
                  f"rounds per game: mean {statistics.mean(self.rounds):.1f}, max {max(self.rounds)}",
                  f"actions per round: mean {statistics.mean(self.round_steps):.1f}",
                  "wins by player type: " + ", ".join(f"{k} {v}" for k, v in sorted(self.wins.items()))]
        if self.ok:
            lines.append(f"ok: all {len(self.expected_cards)} cards and {len(self.expected_words)} effect words witnessed")
        else:
            lines += [f"error: no witness for card '{c}'" for c in self.unwitnessed]
            lines += [f"error: effect word '{w}' never resolved" for w in self.unused_words]
        return "\n".join(lines)

    def to_json(self) -> str:
        return json.dumps({"games": self.games, "difficulty": self.difficulty, "ok": self.ok,
                           "cards": {c: self.coverage.cards[c] for c in self.expected_cards},
                           "words": {w: self.coverage.words[w] for w in self.expected_words},
                           "witnesses": {c: self.coverage.witnesses.get(c) for c in self.expected_cards},
                           "unwitnessed": self.unwitnessed, "unused_words": self.unused_words,
                           "rounds": sum(self.rounds), "wins": self.wins}, indent=2)


def expected(engine: EscapeMasterEngine, game) -> tuple[list[str], list[str], list[str]]:
    """Card ids (and leader Beast Modes) that need a witness, the words that must resolve, and reference cards."""
    catalog = engine.catalog
    cards = list(dict.fromkeys(c.id for c in catalog.cards))
    for leader_id, _, _ in catalog.leaders:
        cards += [leader_id, leader_id + "#beast"]
    cards += [story_id for story_id, _ in catalog.stories]
    words = set()
    for c in catalog.cards:
        words.update(c.words)
    for _, ability, beast in catalog.leaders:
        words.update(p.word for p in ability + beast)
    for _, story in catalog.stories:
        words.update(p.word for p in story)
    words -= {"NO_DISCARD", "NO_COMBO"}  # rules that forbid: they show as moves never offered, tested directly
    reference = [r.card.id for d in game.decks.values() if not d.entry.in_play for r in d.cards]
    return cards, sorted(words), reference


def playtest(game, games: int = 200, seed: int = 1, players: int | None = None,
             difficulty: Difficulty = Difficulty.red, progress=None, processes: int | None = None) -> PlaytestReport:
    engine = EscapeMasterEngine.from_game(game, difficulty)
    cards, words, reference = expected(engine, game)
    cycle = setups(game, players)
    table = [next(cycle) for _ in range(games)]
    specs = [_spec(game_seed(seed, i), setup) for i, setup in enumerate(table)]
    playouts, coverage = play_many(engine, POLICY_TABLE, specs, processes or os.cpu_count() or 1)
    report = PlaytestReport(games, difficulty.value, coverage, cards, words, reference)
    for setup, playout in zip(table, playouts):
        report.rounds.append(playout.result.rounds)
        report.steps.append(playout.steps)
        report.round_steps.append(playout.steps / max(1, playout.result.rounds))
        for w in playout.result.winners:
            kind = setup.lineup[w % len(setup.lineup)]
            report.wins[kind] = report.wins.get(kind, 0) + 1
        if progress:
            progress(1)
    return report


def _spec(played_seed: int, setup: Setup) -> GameSpec:
    return GameSpec(played_seed, tuple(setup.lineup[p % len(setup.lineup)] for p in range(setup.players)),
                    (("players", setup.players), *setup.options.items()))


def replay_game(game, played_seed: int, seed: int = 1, players: int | None = None,
                difficulty: Difficulty = Difficulty.red, **_) -> list[str]:
    """A game of the playtest run with these options, step by step, with the table it had there."""
    cycle = setups(game, players)
    for _ in range(game_index(seed, played_seed)):
        next(cycle)
    spec = _spec(played_seed, next(cycle))
    engine = EscapeMasterEngine.from_game(game, difficulty)
    options = dict(spec.options)
    lines = replay(engine, played_seed, [POLICIES[p] for p in spec.players],
                   describe=lambda player, action: describe(engine, None, action), **options)
    variants = ", ".join(k.replace("_", " ") for k in options if k != "players") or "standard rules"
    return [f"seed {played_seed}: {options['players']} players ({', '.join(spec.players)}), {variants}; "
            "round (after the move), who, move -> the cards it resolved"] + lines


def describe(engine: EscapeMasterEngine, player, action: tuple) -> str:
    """One action in words, for golden playthroughs: card numbers become card ids."""
    cards = engine.catalog.cards
    named = []
    for part in action[1:]:
        named.append(part if not isinstance(part, int) or isinstance(part, bool) or action[0] in ("deal", "turn", "give")
                     or (action[0] in ("play", "stretch", "combo", "close") and part is action[-1])
                     or (action[0] in ("trap", "redirect", "escape") and part is action[2])
                     else cards[part].id)
    who = "" if player is None else f"p{player} "
    return f"{who}{action[0]} {' '.join(str(n) for n in named)}".rstrip()


def golden_trace(game, seed: int, players: int) -> str:
    """A seeded greedy-vs-random game, one line per decision, ending with the result."""
    engine = EscapeMasterEngine.from_game(game)
    policies = [POLICIES["greedy"], POLICIES["random"]]
    lines = []

    def record(state, action):
        if action[0] not in ("turn",):
            lines.append(f"r{state.round} {describe(engine, engine.current_player(state), action)}")

    playout = play(engine, seed, policies, players=players, on_action=record)
    lines.append(f"result: scores {playout.result.scores}, winners {playout.result.winners}, rounds {playout.result.rounds}")
    return "\n".join(lines) + "\n"
