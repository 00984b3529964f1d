"""`pnp playtest saucer-escape`: many seeded games; every element of the sheet must be exercised.

An element is a box (every box of every track, map and record), an icon, an
event row, a reward, an ability or a location. Games cycle through the
random, greedy and filler players; the report prints the score distribution,
the win rate (Hivemind killed and escaped) per player, and the most and least
used elements. A run in which some element never happened fails.
"""
from __future__ import annotations

import json
import os
import statistics
from dataclasses import dataclass, field

from pnp.engine.coverage import Coverage
from pnp.engine.runner import GameSpec, game_index, game_seed, play_many, replay
from pnp.games.saucer_escape.catalog import Catalog
from pnp.games.saucer_escape.engine import SaucerEngine

LINEUP = ("random", "greedy", "filler", "besieger", "claws", "veteran", "veteran")  # veterans twice: crew boxes are rare
POLICY_TABLE = "pnp.games.saucer_escape.policies.POLICIES"


def elements(catalog: Catalog) -> list[str]:
    """Every element of the sheet, as the engine names it when it happens."""
    keys = []
    for enemy in catalog.enemies:
        keys += [f"box:{enemy.id}.life.{n}" for n in range(1, enemy.life_len + 1)]
        keys += [f"box:{enemy.id}.power.{n}" for n in range(1, enemy.power_len + 1)]
        keys += [f"icon:{enemy.id}.life.{n}:CLAW" for n, icon in enemy.life_icons.items() if icon == "CLAW"]
        keys += [f"icon:{enemy.id}.power.{n}:CLAW" for n, icon in enemy.power_icons.items() if icon == "CLAW"]
        keys += [f"icon:{enemy.id}.between.{c}:NEG_LASGUN" for c in enemy.neg_lasgun]
        keys += [f"icon:{enemy.id}.between.{c}:NEG_SHIELD" for c in enemy.neg_shield]
        keys += [f"assault:{enemy.id}", f"kill:{enemy.id}"]
    for loc_id, length, arrows in catalog.locations:
        keys += [f"box:{loc_id}.{n}" for n in range(1, length + 1)]
        keys += [f"icon:{loc_id}.{n}:ARROW" for n in sorted(arrows)] + [f"collect:{loc_id}"]
    keys += [f"box:escape-pod.{n}" for n in range(1, catalog.pod_length + 1)] + ["icon:escape-pod:POD_FUELED", "doubles", "escape"]
    for t, icons in enumerate(catalog.rewards):
        keys += [f"box:reward{t + 1}.{n}" for n in range(1, catalog.reward_lengths[t] + 1)]
        keys += [f"icon:reward{t + 1}.{n}:{icon[0]}" for n, icon in sorted(icons.items()) if icon[0] in ("ARROW", "CLAW")]
        keys.append(f"collect:reward{t + 1}")
    keys += [f"gain:{item}" for item in sorted(catalog.item_amounts)]
    for item, length in sorted(catalog.party.items()):
        keys += [f"box:party.{item}.{n}" for n in range(1, length + 1)]
    for member in catalog.crew:
        keys += [f"box:{member.id}.life.{n}" for n in range(1, member.life + member.ranks + 1)]
        keys += [f"box:{member.id}.power.{n}" for n in range(1, member.power + member.ranks + 1)]
        keys += [f"box:{member.id}.rank.{n}" for n in range(1, member.ranks + 1)]
        for item, slots in sorted(member.gear.items()):
            keys += [f"box:{member.id}.{item}.{n}" for n in range(1, slots + 1)]
        keys += [f"ability:{a[0]}" for a in member.abilities] + [f"unlock:{a[0]}" for a in member.abilities]
    keys += [f"event:{roll}" for roll in sorted(catalog.events)]
    keys += [f"box:map.{r}.{c}" for (r, c), ch in sorted(catalog.grid.items()) if ch != "S"] + ["door:r", "door:b"]
    keys += [f"box:turn{t}" for t in range(1, catalog.turns + 1)] + ["retreat", "use:medkit"]
    return keys


@dataclass
class SaucerReport:
    games: int
    coverage: Coverage
    expected: list[str]
    scores: dict = field(default_factory=dict)  # player -> list of scores
    wins: dict = field(default_factory=dict)

    @property
    def missing(self) -> list[str]:
        return self.coverage.missing(self.expected)

    @property
    def ok(self) -> bool:
        return not self.missing

    def _distribution(self, values) -> str:
        ordered = sorted(values)
        pct = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
        return (f"mean {statistics.mean(ordered):.1f}, p10 {pct(0.1)}, median {pct(0.5)}, p90 {pct(0.9)}, "
                f"max {ordered[-1]}")

    def _where(self, key: str) -> str:
        """Where a rarely used element first happened, so a designer can replay that game."""
        witness = self.coverage.witnesses.get(key)
        return f"; first in seed {witness[0]}, turn {witness[1]}" if witness else ""

    def to_text(self) -> str:
        counts = sorted(((self.coverage.cards[k], k) for k in self.expected), reverse=True)
        lines = [f"games: {self.games}; sheet elements exercised: {len(self.expected) - len(self.missing)} of {len(self.expected)}"]
        for player, values in sorted(self.scores.items()):
            won = self.wins.get(player, 0)
            lines.append(f"{player:8} score {self._distribution(values)}; win rate {won / len(values):.1%} ({won} of {len(values)})")
        lines.append("most used: " + ", ".join(f"{k} ({n})" for n, k in counts[:6]))
        used = [(n, k) for n, k in counts if n]  # the unused ones are listed as errors below
        lines.append("least used: " + ", ".join(f"{k} ({n}{self._where(k)})" for n, k in used[-6:]))
        if self.ok:
            lines.append(f"ok: every box, icon, event, reward, ability and location was exercised ({len(self.expected)} elements)")
        else:
            lines += [f"error: never exercised: {k}" for k in self.missing]
        return "\n".join(lines)

    def to_json(self) -> str:
        return json.dumps({"games": self.games, "ok": self.ok, "missing": self.missing,
                           "elements": {k: self.coverage.cards[k] for k in self.expected},
                           "first_seen": {k: self.coverage.witnesses.get(k) for k in self.expected},
                           "scores": {p: {"mean": statistics.mean(v), "max": max(v), "min": min(v)} for p, v in self.scores.items()},
                           "wins": self.wins}, indent=2)


def playtest(game, games: int = 840, seed: int = 1, progress=None, processes: int | None = None, **_) -> SaucerReport:
    engine = SaucerEngine.from_game(game)
    report = SaucerReport(games, Coverage(), elements(engine.catalog))
    specs = [GameSpec(game_seed(seed, i), (LINEUP[i % len(LINEUP)],)) for i in range(games)]
    playouts, report.coverage = play_many(engine, POLICY_TABLE, specs, processes or os.cpu_count() or 1)
    for spec, playout in zip(specs, playouts):
        player = spec.players[0]
        report.scores.setdefault(player, []).append(playout.result.scores[0])
        report.wins[player] = report.wins.get(player, 0) + bool(playout.result.winners)
        if progress:
            progress(1)
    return report


def replay_game(game, played_seed: int, seed: int = 1, **_) -> list[str]:
    """A game of the playtest run with --seed `seed`, step by step, with the player it had there."""
    from pnp.games.saucer_escape.policies import POLICIES

    player = LINEUP[game_index(seed, played_seed) % len(LINEUP)]
    lines = replay(SaucerEngine.from_game(game), played_seed, [POLICIES[player]])
    return [f"seed {played_seed}: the {player} player; turn (after the move), who, move -> what it resolved"] + lines
