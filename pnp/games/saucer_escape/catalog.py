"""The engine's view of the sheet: plain tuples and dicts built once from the validated content."""
from __future__ import annotations

from dataclasses import dataclass

from pnp.checks import sheets as sheet_checks
from pnp.games.saucer_escape.vocabulary import VOCABULARY

HIVEMIND = 6  # the Hivemind's row, after the six enemies


@dataclass(frozen=True)
class EnemyInfo:
    id: str
    name: str
    life_bonus: int
    power_bonus: int
    life_len: int
    power_len: int
    life_icons: dict  # box -> icon word
    power_icons: dict
    neg_lasgun: tuple  # columns of NEG_LASGUN icons
    neg_shield: tuple


@dataclass(frozen=True)
class CrewInfo:
    id: str
    name: str
    life: int
    power: int
    ranks: int
    gear: dict
    starting_gear: tuple
    abilities: tuple  # (ability id, effect word, parameter)


@dataclass(frozen=True)
class Catalog:
    enemies: tuple[EnemyInfo, ...]  # 6 enemies, then the Hivemind
    locations: tuple[tuple[str, int, frozenset], ...]  # (id, length, arrow boxes), the 6 enemy locations
    pod_length: int
    rewards: tuple[dict, ...]  # box -> ("GAIN", item) | ("ARROW",) | ("CLAW",)
    reward_lengths: tuple[int, ...]
    party: dict  # item -> track length (medkit, red_keycard, blue_keycard)
    item_amounts: dict
    crew: tuple[CrewInfo, ...]
    events: dict  # roll -> ((word, param), ...)
    grid: dict  # (row, col) -> map character
    start: tuple
    entrances: tuple  # entrance cell per row 0..6 (row 6: the Hivemind's lair)
    turns: int
    advance_cost: int
    score: tuple  # (measure, points, per)
    adjacent: dict  # map box -> the boxes beside it (up, down, left, right)
    holders: dict  # effect word -> (crew index, (crew index, ability index), base Power) of every ability with that word


def _icons(track) -> dict:
    return {i.at: i.icon for i in track.icons}


def build_catalog(game) -> Catalog:
    sheet = next(iter(game.sheets.values())).model
    enemies = tuple(
        EnemyInfo(e.id, e.name, e.life_bonus, e.power_bonus, e.life.length, e.power.length, _icons(e.life), _icons(e.power),
                  tuple(i.at for i in e.between if i.icon == "NEG_LASGUN"), tuple(i.at for i in e.between if i.icon == "NEG_SHIELD"))
        for e in sheet.enemies + [sheet.hivemind])
    locations = tuple((loc.id, loc.track.length, frozenset(i.at for i in loc.track.icons if i.icon == "ARROW"))
                      for loc in sheet.locations)
    rewards = tuple({i.at: ("GAIN", i.item) if i.icon == "GAIN" else (i.icon,) for i in r.icons} for r in sheet.rewards)
    crew = tuple(CrewInfo(m.id, m.name, m.life, m.power, m.ranks, dict(m.gear), tuple(m.starting_gear),
                          tuple((a.id, *_effect(a.effects[0])) for a in m.abilities)) for m in sheet.crew)
    events = {row.roll: tuple(_effect(e) for e in row.effects) for row in sheet.events}
    grid = sheet_checks.cells(sheet.map.rows)
    start = next(cell for cell, ch in grid.items() if ch == "S")
    lair = sheet.map.lair.get(sheet.hivemind.id, sheet.escape_pod.id)
    order = [loc.id for loc in sheet.locations] + [lair]
    entrances = tuple((sheet.map.entrances[loc].row, sheet.map.entrances[loc].col) for loc in order)
    settings = game.settings
    adjacent = {cell: tuple(n for n in sheet_checks.neighbours(cell) if n in grid) for cell in grid}
    holders: dict = {}
    for i, member in enumerate(crew):
        for k, (_, word, _) in enumerate(member.abilities):
            holders.setdefault(word, []).append((i, (i, k), member.power))
    return Catalog(enemies, locations, sheet.escape_pod.track.length, rewards, tuple(r.length for r in sheet.rewards),
                   {k: v.length for k, v in sheet.party.items()}, {i.id: i.amount for i in sheet.items}, crew, events,
                   grid, start, entrances, sheet.turns, settings.advance_cost,
                   tuple((t.measure, t.points, t.per) for t in sheet.score), adjacent, holders)


def _effect(entry) -> tuple:
    effect = VOCABULARY.parse(entry)
    return effect.word, effect.param
