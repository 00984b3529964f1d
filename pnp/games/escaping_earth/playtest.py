"""`pnp playtest 2200-escaping-earth`: what 2200: Escaping Earth gives the playtest harness (pnp.engine.playtest).

A game of the harness is a whole campaign: runs until the three FINAL BOSS
cards fall in one run, or the runs the campaign allows. Every card side must
take effect in some campaign: each Zone side cleared, each item played to
some effect (a ship flown, a SYSTEM acting, an event resolved), each starter,
the Static and The Wolf; and every effect word must take effect, the twelve
abilities included. Campaigns cycle through the random player, the greedy
player and the collector from scratch, and two players dealt a playtest
set-up (a stage below): the veteran, a campaign further along, and the
arsenal, every item at once. What happens only in set-ups is counted apart.
"""
from __future__ import annotations

import statistics
from collections import Counter
from functools import partial

from pnp.engine.playtest import Expected, PlaytestPlan, Setup
from pnp.games.escaping_earth import campaign
from pnp.games.escaping_earth.engine import EscapingEarthEngine

# name -> (ships built, levels below which the permanent cards and treasures are kept, every item kept)
SCENARIOS = {
    "phoenix": (("the-phoenix",), 2, False),
    "pendulum": (("the-phoenix", "the-pendulum"), 3, False),
    "dreadnought": (("the-phoenix", "the-pendulum", "the-dreadnought"), 4, False),
    "final": (("the-phoenix", "the-pendulum", "the-dreadnought"), 5, False),
    # arsenals: one ship and every item of every level, so each card (exclusives too) gets played
    "arsenal_wolf": ((), 6, True),
    "arsenal_phoenix": (("the-phoenix",), 6, True),
    "arsenal_pendulum": (("the-pendulum",), 6, True),
    "arsenal_dreadnought": (("the-dreadnought",), 6, True),
}


def start_scenario(engine, state, name: str) -> None:
    """A campaign some runs in: these ships built, and the permanent cards and treasures of the levels below
    kept, as a player who cleared and bought them would have. An arsenal keeps every item, bought or not: a
    sandbox to prove each card plays. Nothing else differs from a real campaign."""
    catalog = engine.catalog
    ships, below, everything = SCENARIOS[name]
    for ship in ships:
        campaign.take(catalog, state, catalog.ships[ship][1])
        state.ships = state.ships + (ship,)
    if everything:  # the arsenal flies its one ship: the Wolf only if no other is named
        state.ships = tuple(ship for ship in state.ships if ship != catalog.wolf.id or not ships)
    for (track, level), cards in list(state.boxes.items()):
        if level < below:
            for card in cards:
                item = catalog.item(card)
                if item.kind not in ("ship", "event") and (everything or item.permanent):
                    campaign.take(catalog, state, card)


# the playtest set-ups, one each (a Setup names one as "module.name"): the scenario of that name
phoenix = partial(start_scenario, name="phoenix")
pendulum = partial(start_scenario, name="pendulum")
dreadnought = partial(start_scenario, name="dreadnought")
final = partial(start_scenario, name="final")
arsenal_wolf = partial(start_scenario, name="arsenal_wolf")
arsenal_phoenix = partial(start_scenario, name="arsenal_phoenix")
arsenal_pendulum = partial(start_scenario, name="arsenal_pendulum")
arsenal_dreadnought = partial(start_scenario, name="arsenal_dreadnought")


# (player, stage): the veteran flies the late-game set-ups, the arsenal player the arsenals
LINEUP = (("greedy", None), ("collector", None), ("greedy", None), ("arsenal", "arsenal_wolf"), ("greedy", None),
          ("random", None), ("greedy", None), ("veteran", "final"), ("greedy", None), ("arsenal", "arsenal_phoenix"),
          ("greedy", None), ("collector", None), ("greedy", None), ("arsenal", "arsenal_pendulum"), ("greedy", None),
          ("random", None), ("greedy", None), ("veteran", "dreadnought"), ("greedy", None),
          ("arsenal", "arsenal_dreadnought"))
# (the phoenix and pendulum set-ups stay for replays and tests; the greedy player from scratch reaches them)


def setups(game, players: int | None):
    i = 0
    while True:
        player, stage = LINEUP[i % len(LINEUP)]
        if stage is None:
            yield Setup((player,), group="from scratch")
        else:
            yield Setup((player,), stage=f"{__name__}.{stage}",
                        group="arsenal" if stage.startswith("arsenal") else "late-game set-up")
        i += 1


def excused(engine) -> dict[str, str]:
    """Elements real campaigns from scratch may never bring into effect, each with the reason a designer would
    give. The arsenal and late-game set-ups play every one of them (the report counts those games apart)."""
    catalog, reasons = engine.catalog, {}
    for card, zone in enumerate(catalog.zones):
        if zone is None:
            continue
        item = catalog.item(card)
        if item.kind in ("attack", "utility", "system") and (zone.level >= 3 or (zone.level == 2 and item.cost >= 3)):
            reasons[item.key] = (
                f"an item from level {zone.level} costing {item.cost} gold: a campaign from scratch must reach "
                f"level {zone.level}, put this card in the shop and save its price in the same run before a loss "
                "sends it back to its Zone deck, which few do")
        elif zone.kind == "final_boss":
            reasons[item.key] = ("a FINAL BOSS event heals; the last one cleared often finds the ship at full "
                                 "health, and then the escape ends the campaign")
    return reasons


def expected(engine, game) -> Expected:
    """Every side of every card, by the key the engine gives it when it happens; every effect word."""
    catalog = engine.catalog
    keys = [zone.key for zone in catalog.zones if zone is not None]
    keys += list(dict.fromkeys(item.key for item in catalog.items))  # item sides, starters (once), the Static
    keys.append(catalog.wolf.id)
    guides = [r.card.id for r in game.decks["guides"].cards] if "guides" in game.decks else []
    return Expected(keys, sorted(game.vocabulary.words), guides, excused=excused(engine))


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
    default_games=100,
    describe=describe,
    score_name="highest level (6: escaped)",
    summary=summary,
)
