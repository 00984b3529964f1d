"""`pnp playtest escape-master`: what Escape Master gives the playtest harness (pnp.engine.playtest).

Games cycle through 2..6 players, the three kits (green, yellow, red), the
team game, the set-rounds and early-ending variants, and random and greedy
players, so every card meets many situations; every card (and each leader's Beast Mode, and every Story
card) must be witnessed, and every effect word must resolve.
"""
from __future__ import annotations

from pnp.engine.playtest import Expected, PlaytestPlan, Setup
from pnp.games.escape_master.engine import EscapeMasterEngine

LINEUPS = (("greedy",), ("random",), ("greedy", "random"))
KITS = ("red", "red", "yellow", "green")  # half the tables play the full game; the smaller kits have their own


def setups(game, players: int | None):
    """A repeating cycle of table sizes, kits, variants and player types. Each table says its kit (difficulty)
    and counts in the charts under its table size."""
    low, high = game.manifest.players.min, game.manifest.players.max
    counts = [players] if players else list(range(low, high + 1))
    i = 0
    while True:
        n = counts[i % len(counts)]
        kit = KITS[i % len(KITS)]
        options = {"players": n, "difficulty": kit}
        group = f"{n} players"
        if kit == "red" and i % 7 == 3 and n % 2 == 0 and n >= 4:  # Escape Alliance is a red variant
            options["team"] = True
            group = f"{n} players in teams"
        elif i % 11 == 5:
            options["set_rounds"] = True
        elif kit == "red" and i % 13 == 8:  # the Doom pile needs the Doom Master cards
            options["early_ending"] = True
        lineup = LINEUPS[i % len(LINEUPS)]
        yield Setup(tuple(lineup[p % len(lineup)] for p in range(n)), tuple(options.items()), difficulty=kit,
                    group=group)
        i += 1


def expected(engine: EscapeMasterEngine, game) -> Expected:
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
    return Expected(cards, sorted(words), reference)


def describe(engine: EscapeMasterEngine, action: tuple) -> str:
    """One action in words, for golden playthroughs: card numbers become card ids."""
    cards = engine.catalog.cards
    named = []
    for part in action[1:]:
        named.append(part if not isinstance(part, int) or isinstance(part, bool) or action[0] in ("deal", "turn", "give", "story_to")
                     or (action[0] in ("play", "stretch", "combo", "close") and part is action[-1])
                     or (action[0] in ("trap", "redirect", "escape") and part is action[2])
                     else cards[part].id)
    return f"{action[0]} {' '.join(str(n) for n in named)}".rstrip()


PLAN = PlaytestPlan(
    engine=EscapeMasterEngine.from_game,
    policy_table="pnp.games.escape_master.policies.POLICIES",
    setups=setups,
    expected=expected,
    default_games=200,
    describe=describe,
    score_name="Blunders",
    lower_scores_win=True,
)
