"""`pnp playtest saucer-escape`: what Saucer Escape gives the playtest harness (pnp.engine.playtest).

Every element of the sheet must happen in some game: every box of every
track, map and record, every icon, event row, reward, ability and location.
Games cycle through the random, greedy and scenario players (filler,
besieger, claws, veteran), one seat each: the game is solo.
"""
from __future__ import annotations

from pnp.engine.playtest import Expected, PlaytestPlan, Setup
from pnp.games.saucer_escape.catalog import Catalog
from pnp.games.saucer_escape.engine import SaucerEngine

LINEUP = ("random", "greedy", "filler", "besieger", "claws", "veteran", "veteran")  # veterans twice: crew boxes are rare


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


def setups(game, players: int | None):
    i = 0
    while True:
        yield Setup((LINEUP[i % len(LINEUP)],))
        i += 1


PLAN = PlaytestPlan(
    engine=SaucerEngine.from_game,
    policy_table="pnp.games.saucer_escape.policies.POLICIES",
    setups=setups,
    expected=lambda engine, game: Expected(elements(engine.catalog)),
    default_games=840,
)
