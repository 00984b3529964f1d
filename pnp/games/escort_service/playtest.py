"""`pnp playtest escort-service`: what Escort Service gives the playtest harness (pnp.engine.playtest).

A game of the harness is a whole campaign: the scenarios in order until one
is lost or the last is won. Tables cycle through team sizes 1 to 4 and
through the pilots, so every pilot plays in every team size, with random and
greedy teams (some greedy teams dealt the arsenal: every upgrade card in the
deck from the start, a playtest set-up of this module, never a rule). Every card
side must take effect: each action card and enemy side does something beyond
its heat, and so does a card of each pilot and each elite (a turn taken that
changes nothing witnesses neither); each scrap card's bonus changes a number
(slotting it is the SCRAP event's effect, not the card's); each scenario is
started, a team orders its pilots, the shuttle is hit and every column
entered; and every action, modifier, status and event word must take effect
(a status when it changes a choice, IN when its reach leaves out a unit the
action could otherwise pick).
"""
from __future__ import annotations

import statistics
from collections import Counter

from pnp.engine.playtest import Chart, Expected, PlaytestPlan, Setup
from pnp.games.escort_service.engine import SHUTTLE, EscortEngine
from pnp.games.escort_service.records import STALLED

PILOTS = ("warrior", "medic", "gunner", "scout")
EVENTS = ["TICK", "VENT_OVERFLOW", "REVIVE", "SCRAP", "UPGRADE"]
WORDS = ["HEAT", "MELEE", "RANGED", "HEAL", "DELAY", "ADVANCE", "DISCARD", "DRAW", "STATUS", "AOE", "IN", "TAUNT",
         "SHIELD", "POISON", "HIDDEN", "ZEALOT"] + EVENTS


def team(size: int, i: int) -> str:
    """The i-th team of this size: pilots in turn, so each one plays at every size."""
    return ",".join(PILOTS[(i + k) % len(PILOTS)] for k in range(size))


def setups(game, players: int | None):
    """Every team size in turn; per round of sizes: random, greedy, or greedy with the arsenal (every upgrade card
    in the deck from the start, so each gets played). Charts count each table toward its team size."""
    i = 0
    while True:
        size = players or (i % 4) + 1
        block = i // 4
        kind = ("random", "greedy", "greedy", "arsenal")[block % 4]
        # the team shifts by one more every four blocks, so each kind of player meets every team
        options = (("pilots", team(size, block + block // 4)),)
        stage = f"{__name__}.arsenal" if kind == "arsenal" else None
        yield Setup((kind,) * size, options, stage=stage, group=f"{size} pilot{'s' if size > 1 else ''}")
        i += 1


def arsenal(engine, state) -> None:
    """A playtest's set-up, not the rules': every pilot starts with its upgrade deck shuffled into its deck, so
    upgrade cards get played from the first scenario on. Given the new campaign before its first shuffle."""
    for seat in state.seats:
        seat.draw += seat.upgrades
        seat.deck_size += len(seat.upgrades)
        seat.upgrades = []


def expected(engine, game) -> Expected:
    catalog = engine.catalog
    keys = [f"{p}-pilot" for p in catalog.pilots]
    keys += list(dict.fromkeys(card.id for card in catalog.cards))
    for enemy in catalog.enemies.values():
        keys += [enemy.id] if enemy.deck else [f"{enemy.id}:a", f"{enemy.id}:b"]
    keys += list(dict.fromkeys(card_id for card_id, _ in catalog.scrap))
    keys += [f"scrap:{effect}" for effect in dict.fromkeys(effect for _, effect in catalog.scrap)]
    keys += [s.id for s in catalog.scenarios] + ["shuttle"] + [f"column-{n + 1}" for n in range(engine.columns)]
    keys.append("pilot-order")  # a team of two or more stacks its pilots in column 1
    return Expected(keys, WORDS)


def describe(engine, action) -> str:
    catalog = engine.catalog
    kind = action[0]
    if kind in ("play", "discard", "drop", "add", "remove"):
        return f"{kind} {catalog.cards[action[1]].name}"
    if kind == "place":
        return f"place pilot {action[1]} next in column 1"
    if kind == "target":
        return "target the shuttle" if action[1] == SHUTTLE else f"target unit {action[1]}"
    return " ".join(map(str, action))


def summary(details: dict[str, list[dict]]) -> list[str]:
    """Per kind of player and team size: campaigns, campaigns won, how far they got and what ended the others: the
    shuttle destroyed (the one way the rules lose), or "stalled", a scenario the engine's safeguard stopped after
    max_turns turns (no rule of the book: such a campaign is neither won nor lost, and is counted apart)."""
    scenarios = max((g["reached"] for games in details.values() for g in games), default=0) + 1
    lines = [f"{'player':8} {'pilots':>6} {'campaigns':>9} {'won':>4}   scenarios won (share of campaigns winning "
             f"1..{scenarios})   ended by"]
    for kind, games in details.items():
        for size in sorted({g["players"] for g in games}):
            played = [g for g in games if g["players"] == size]
            reach = " ".join(f"{sum(g['scenarios_won'] >= k for g in played) / len(played):5.0%}"
                             for k in range(1, scenarios + 1))
            lost = Counter(g["lost"] for g in played if not g["won"])
            lines.append(f"{kind:8} {size:6d} {len(played):9d} {sum(g['won'] for g in played):4d}   {reach}   "
                         + ", ".join(f"{why} {n}" for why, n in sorted(lost.items())))
    every = [g for games in details.values() for g in games]
    lines.append(f"turns per campaign: mean {statistics.mean(g['turns'] for g in every):.0f}")
    stalled = sum(g["lost"] == STALLED for g in every)
    lines.append(f"{STALLED}: {stalled} of {len(every)} campaigns stopped by the engine's turn safeguard (not a rule "
                 "of the book: neither won nor lost)")
    return lines


def charts(details: dict[str, list[dict]]) -> list[Chart]:
    """The share of campaigns that win each scenario, per kind of player."""
    scenarios = max((g["reached"] for games in details.values() for g in games), default=0) + 1
    series = {kind: [sum(g["scenarios_won"] >= k for g in games) / len(games) for k in range(1, scenarios + 1)]
              for kind, games in details.items()}
    return [Chart("win-rate.png", "Escort Service: campaigns that win each scenario",
                  [f"scenario {k}" for k in range(1, scenarios + 1)], series, "campaigns",
                  "all team sizes together; a campaign stops at its first lost scenario")]


PLAN = PlaytestPlan(
    engine=EscortEngine.from_game,
    policy_table="pnp.games.escort_service.policies.POLICIES",
    setups=setups,
    expected=expected,
    default_games=240,
    describe=describe,
    score_name="scenarios won",
    summary=summary,
    charts=charts,
)
