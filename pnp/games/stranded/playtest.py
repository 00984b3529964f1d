"""`pnp playtest stranded`: what Stranded gives the playtest harness (pnp.engine.playtest).

A game of the harness is one whole game at one difficulty level. Tables cycle
through the levels and the players: random, greedy, and the veteran (the
greedy player at the playtest's late-game table, `finals`). Every card must happen in some
game: each starting card and aging card drawn, each danger fought and its
knowledge side drawn, each Final Chapter fought, each Sol card turned; and
every effect word must resolve. The report adds win rates per level and
player, the life left at the end, how far games got, the cards destroyed and
won most, and a chart of the win rate per level.
"""
from __future__ import annotations

import statistics
from collections import Counter

from pnp.engine.playtest import Chart, Expected, PlaytestPlan, Setup
from pnp.games.stranded.engine import FINALS, LEVELS, StrandedEngine

# greedy most often: its win rates are the balance report; random and veteran games are cheap
LINEUP = (("greedy", None), ("random", None), ("greedy", None), ("veteran", "finals"), ("greedy", None))
REACHED = ("green Sol", "yellow Sol", "red Sol", "Final Ch.")  # where a lost game ended


def setups(game, players: int | None):
    """Tables cycle through the lineup at each level in turn; each table plays at its level (so `--difficulty`
    plays only that level's tables) and counts towards that level's bars in the charts."""
    i = 0
    while True:
        player, stage = LINEUP[i % len(LINEUP)]
        level = LEVELS[(i // len(LINEUP)) % len(LEVELS)]
        yield Setup((player,), (("level", level),), stage=f"{__name__}.{stage}" if stage else None,
                    difficulty=level, group=level)
        i += 1


def finals(engine, state) -> None:
    """The playtest's late-game table, never the rules': the game as it stands before the Final Chapters after
    a good run, every danger beaten and its knowledge in the fighting deck with one aging card per Sol gone by,
    so the Final Chapter rules and the rare knowledge cards are met often. Set before the first shuffle."""
    state.deck += state.dangers + state.aging[:FINALS]
    state.aging, state.dangers, state.sol = state.aging[FINALS:], [], FINALS


def expected(engine, game) -> Expected:
    """Both sides of every danger, every other card by its id, the three Sol cards; every effect word. A run at
    one difficulty expects only what that level plays: the cards above it stay in the box (listed for reference),
    and so do the words only they carry."""
    catalog = engine.catalog
    top = LEVELS.index(engine.difficulty) if engine.difficulty else len(LEVELS) - 1
    cards = range(len(catalog.keys))
    played = [i for i in cards if catalog.levels[i] <= top]
    boxed = [i for i in cards if catalog.levels[i] > top]
    keys = list(dict.fromkeys(catalog.keys[i] for i in played)) + [catalog.fight_key[i] for i in catalog.dangers]
    words = set(game.vocabulary.words) - (_words(catalog, boxed) - _words(catalog, played))
    excused = {"tired": "Tired is a blank card (value 0, no ability): it is in the starting deck to be a dead draw, "
                        "so it never changes a fight; it is there to be thrown out by losing on purpose"}
    return Expected(keys + list(catalog.steps), sorted(words), list(dict.fromkeys(catalog.keys[i] for i in boxed)),
                    excused=excused)


def _words(catalog, cards) -> set[str]:
    """The effect words these cards carry: abilities and Final Chapter rules."""
    return {catalog.word[i] for i in cards} | {catalog.rule[i] for i in cards}


def describe(engine, action) -> str:
    """A move in words: card indexes become card names."""
    catalog = engine.catalog
    if action[0] in ("fight", "chapter"):
        return f"{action[0]} {catalog.names[action[1]]}"
    if action[0] in ("use", "destroy", "target"):
        return f"{action[0]} {catalog.fight_name[action[1]]}"
    if action[0] == "sort":
        dropped = f"discard {catalog.fight_name[action[1]]}, " if action[1] is not None else ""
        return f"sort: {dropped}then {', '.join(catalog.fight_name[x] for x in action[2]) or 'nothing'} on top"
    return " ".join(map(str, action))


def _by_level(games: list[dict]) -> dict[str, list[dict]]:
    return {level: [g for g in games if g["level"] == level] for level in LEVELS}


def summary(details: dict[str, list[dict]]) -> list[str]:
    """Per player and level: games, wins, life left, how far games got; then the cards destroyed and won most."""
    lines = [f"{'player':8} {'level':6} {'games':>5} {'won':>5} {'win rate':>8} {'life at end':>11}   lost in: "
             + " ".join(f"{name:>10}" for name in REACHED)]
    for kind, games in details.items():
        for level, played in _by_level(games).items():
            if not played:
                continue
            wins = sum(g["won"] for g in played)
            reached = Counter(g["sol"] for g in played if not g["won"])
            lines.append(f"{kind:8} {level:6} {len(played):5d} {wins:5d} {wins / len(played):8.0%} "
                         f"{statistics.mean(g['life'] for g in played):11.1f}   "
                         + " " * 9 + " ".join(f"{reached[sol]:>10}" for sol in range(len(REACHED))))
    every = [g for games in details.values() for g in games]
    for what in ("destroyed", "acquired"):
        counts = Counter(key for g in every for key in g[what])
        lines.append(f"most {what}: " + (", ".join(f"{key} ({n})" for key, n in counts.most_common(5)) or "none"))
    return lines


def charts(details: dict[str, list[dict]]) -> list[Chart]:
    """The win rate per difficulty level, one bar per kind of player."""
    series = {kind: [sum(g["won"] for g in played) / len(played) if played else 0.0
                     for played in _by_level(games).values()] for kind, games in details.items()}
    games = sum(len(played) for played in details.values())
    note = f"{games} games; veteran: the greedy player dealt the Final Chapters with every knowledge card"
    return [Chart("win-rate.png", "Stranded: win rate per difficulty level", list(LEVELS), series, "win rate", note)]


PLAN = PlaytestPlan(
    engine=StrandedEngine.from_game,
    policy_table="pnp.games.stranded.policies.POLICIES",
    setups=setups,
    expected=expected,
    default_games=600,
    describe=describe,
    score_name="life left (0: lost)",
    summary=summary,
    charts=charts,
)
