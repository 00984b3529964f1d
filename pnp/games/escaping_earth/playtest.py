"""`pnp playtest 2200-escaping-earth`: what 2200: Escaping Earth gives the playtest harness (pnp.engine.playtest).

A game of the harness is a whole campaign: runs until the three FINAL BOSS
cards fall in one run, or the settings' run limit. Every card side must
happen in some campaign: each Zone side cleared, each item played (a ship
flown, a SYSTEM in play, an event resolved), each starter, the Static and The
Wolf; and every effect word must resolve, the twelve abilities included.
Campaigns cycle through the random player, the greedy player from scratch,
and the veteran (the greedy player dealt a late-game scenario or an arsenal).
"""
from __future__ import annotations

import statistics
from collections import Counter

from pnp.engine.playtest import Expected, PlaytestPlan, Setup
from pnp.games.escaping_earth.engine import EscapingEarthEngine

LINEUP = (("greedy", None), ("random", None), ("veteran", "arsenal-wolf"), ("greedy", None), ("veteran", "final"),
          ("veteran", "arsenal-phoenix"), ("greedy", None), ("veteran", "arsenal-pendulum"), ("random", None),
          ("greedy", None), ("veteran", "arsenal-dreadnought"), ("veteran", "dreadnought"), ("greedy", None),
          ("veteran", "pendulum"), ("veteran", "phoenix"))


def setups(game, players: int | None):
    i = 0
    while True:
        player, scenario = LINEUP[i % len(LINEUP)]
        yield Setup((player,), (("scenario", scenario),) if scenario else ())
        i += 1


def expected(engine, game) -> Expected:
    """Every side of every card, by the key the engine gives it when it happens; every effect word."""
    catalog = engine.catalog
    keys = [zone.key for zone in catalog.zones if zone is not None]
    keys += list(dict.fromkeys(item.key for item in catalog.items))  # item sides, starters (once), the Static
    keys.append(catalog.wolf.id)
    guides = [r.card.id for r in game.decks["guides"].cards] if "guides" in game.decks else []
    return Expected(keys, sorted(game.vocabulary.words), guides)


def describe(engine, action) -> str:
    """A move in words: card indexes become card names."""
    catalog = engine.catalog
    if action[0] in ("play", "cycle", "discard", "buy", "leave", "system", "treasure", "shift"):
        return " ".join([action[0], catalog.item(action[1]).name, *map(str, action[2:])])
    if action[0] == "pick":
        return f"pick {catalog.zones[action[2]].name} to the top of track {action[1]}"
    return " ".join(map(str, action))


def summary(details: dict[str, list[dict]]) -> list[str]:
    """Per kind of player: campaigns won, runs per campaign, and the highest level each run reached."""
    lines = [f"{'player':10} {'campaigns':>9} {'won':>5} {'runs/campaign':>13}   runs reaching level 1..5"]
    for kind, games in details.items():
        levels = Counter(level for game in games for level in game["levels"])
        reach = " ".join(f"{levels[level]:>4}" for level in range(1, 6))
        lines.append(f"{kind:10} {len(games):9d} {sum(g['won'] for g in games):5d} "
                     f"{statistics.mean(g['runs'] for g in games):13.1f}   {reach}")
    return lines


PLAN = PlaytestPlan(
    engine=EscapingEarthEngine.from_game,
    policy_table="pnp.games.escaping_earth.policies.POLICIES",
    setups=setups,
    expected=expected,
    default_games=30,
    describe=describe,
    score_name="highest level (6: escaped)",
    summary=summary,
)
