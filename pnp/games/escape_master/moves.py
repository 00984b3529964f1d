"""Which plays are legal: stacks, combinations, traps, escapes, drawing.

Actions are tuples, the first item naming the move:
  ("play", card, stack)       a Numbered card, Doom Master or Wisdom on a Stack
  ("stretch", card, stack)    the same, two ranks away (STRETCH power)
  ("open", card)              a 7-Start or Wisdom opens a new Stack
  ("combo", a, b, stack)      two cards at once, b on top; stack -1 opens a new Stack
  ("close", card, stack)      Dead End
  ("trap", card, rival)       a trap onto a rival's Action pile
  ("escape", card, owner, trap, discard)   lift a trap (or None) and/or discard a card (or None)
  ("accept", trap)            take a Pitfall: draw 3
  ("discard", card)           a special card to History
  ("recycle", card)           a Numbered card to History (DISCARD_NUMBERED power)
  ("swap", card)              a card under the pile, take the top (SWAP_WITH_PILE power)
  ("redirect", trap, rival)   pass a trap on (REDIRECT_TRAP power)
  ("draw",) / ("announce",)   draw one / everyone draws one
"""
from __future__ import annotations

from pnp.games.escape_master.state import WILD, Catalog, CardInfo, State

ORDINARY = ("numbered", "doom_master")


def step(top: int, distance: int) -> tuple[int, int]:
    """The ranks `distance` above and below `top`, wrapping K <-> 1."""
    return (top - 1 + distance) % 13 + 1, (top - 1 - distance) % 13 + 1


def rank_fits(rank: int, top: int, snare: str | None, distance: int = 1) -> bool:
    """Can a card of `rank` go on `top` for a player under `snare`?

    Snares compare ranks as numbers (rule clar-snare-direction): under an
    Uphill Snare the card must be higher, under a Downhill Snare lower.
    """
    if top == WILD:
        return True
    if rank not in step(top, distance):
        return False
    if snare == "ascending":
        return rank > top
    if snare == "descending":
        return rank < top
    return True


def snare_of(state: State, cards: tuple[CardInfo, ...], player: int) -> str | None:
    return cards[state.snares[player][-1]].trap if state.snares[player] else None


def open_stacks(state: State) -> list[int]:
    return [i for i, s in enumerate(state.stacks) if not s.closed]


def stack_plays(state: State, catalog: Catalog, player: int, numbered_only: bool = False) -> list[tuple]:
    """Plays that lay cards on Stacks: single cards, combinations and openings."""
    cards = catalog.cards
    hand = state.hands[player]
    snare = snare_of(state, cards, player)
    stacks = open_stacks(state)
    stretch = state.uses[player].get("STRETCH", 0) > 0
    actions = []
    for c in hand:
        info = cards[c]
        if info.kind in ORDINARY:
            for s in stacks:
                top = state.stacks[s].top
                if rank_fits(info.rank, top, snare):
                    actions.append(("play", c, s))
                elif stretch and info.kind == "numbered" and rank_fits(info.rank, top, snare, 2):
                    actions.append(("stretch", c, s))
        elif info.kind == "wisdom":
            actions.append(("open", c))
            actions += [("play", c, s) for s in stacks]
        elif info.kind == "start7" and not numbered_only:
            actions.append(("open", c))
    actions += combinations(state, catalog, player, snare, stacks)
    return actions


def combinations(state: State, catalog: Catalog, player: int, snare, stacks) -> list[tuple]:
    cards = catalog.cards
    low = [c for c in state.hands[player] if cards[c].kind == "numbered" and cards[c].rank <= 5]
    faces = [c for c in state.hands[player] if cards[c].kind == "numbered" and cards[c].rank >= 11]
    actions = []
    for a in low:
        for b in low:
            if a == b or cards[a].suit != cards[b].suit:
                continue
            total = cards[a].rank + cards[b].rank
            if total == 7:
                actions.append(("combo", a, b, -1))
            actions += [("combo", a, b, s) for s in stacks if rank_fits(total, state.stacks[s].top, snare)]
    for a in faces:
        for b in faces:
            if a < b and cards[a].rank == cards[b].rank:
                actions += [("combo", a, b, s) for s in stacks if rank_fits(cards[a].rank, state.stacks[s].top, snare)]
    return actions


def can_play_numbered(state: State, catalog: Catalog, player: int) -> bool:
    """The drawing test: a playable Numbered card (alone or in a combination) or any Wisdom."""
    cards = catalog.cards
    if any(cards[c].kind == "wisdom" for c in state.hands[player]):
        return True
    return any(cards[a[1]].kind == "numbered" for a in stack_plays(state, catalog, player, numbered_only=True))


def can_lay(state: State, catalog: Catalog, player: int) -> bool:
    """Could this player still put any card on a Stack (the dry-pile round-end test)?"""
    if state.out[player]:
        return False
    if any(catalog.cards[c].kind == "dead_end" for c in state.hands[player]) and open_stacks(state):
        return True
    return bool(stack_plays(state, catalog, player))


def player_actions(state: State, catalog: Catalog, player: int) -> list[tuple]:
    if state.out[player] or player not in state.seated:
        return []
    if state.pitfalls[player]:
        return pitfall_answers(state, catalog, player)
    actions = stack_plays(state, catalog, player)
    actions += special_plays(state, catalog, player)
    actions += power_plays(state, catalog, player)
    if state.pile and not can_play_numbered(state, catalog, player):
        actions.append(("draw",))
        if not any(can_play_numbered(state, catalog, q) for q in state.seated if q != player and not state.out[q]):
            actions.append(("announce",))
    return actions


def pitfall_answers(state: State, catalog: Catalog, player: int) -> list[tuple]:
    """A player hit by a Pitfall answers it first (rule clar-pitfall)."""
    trap = state.pitfalls[player][0]
    actions = [("accept", trap)]
    for c in state.hands[player]:
        if catalog.cards[c].kind == "escape":
            actions += _escape_options(state, catalog, player, c, player, trap)
    if state.uses[player].get("REDIRECT_TRAP", 0):
        actions += [("redirect", trap, q) for q in state.rivals(player)]
    return actions


def _escape_options(state, catalog, player, card, owner, trap) -> list[tuple]:
    options = [("escape", card, owner, trap, None)] if trap is not None else []
    if catalog.cards[card].discards:
        # anything may vanish, a Doom Master too, except what may never be discarded (Wisdom)
        options += [("escape", card, owner, trap, d) for d in state.hands[player]
                    if d != card and "NO_DISCARD" not in catalog.cards[d].words]
    return options


def special_plays(state: State, catalog: Catalog, player: int) -> list[tuple]:
    cards = catalog.cards
    actions = []
    rivals = state.rivals(player)
    owners = [player] + [q for q in (state.teammate(player),) if q is not None and not state.out[q]]
    for c in state.hands[player]:
        info = cards[c]
        if info.kind == "dead_end":
            actions += [("close", c, s) for s in open_stacks(state)]
        elif info.kind == "trap":
            for q in rivals:
                if info.trap == "draw3" or not state.snares[q]:
                    actions.append(("trap", c, q))
        elif info.kind == "escape":
            for owner in owners:
                for trap in state.snares[owner] + state.pitfalls[owner]:
                    actions += _escape_options(state, catalog, player, c, owner, trap)
            actions += _escape_options(state, catalog, player, c, player, None)
        if info.kind in ("dead_end", "trap", "escape"):
            actions.append(("discard", c))
    return actions


def power_plays(state: State, catalog: Catalog, player: int) -> list[tuple]:
    uses = state.uses[player]
    hand = state.hands[player]
    actions = []
    if uses.get("DISCARD_NUMBERED"):
        actions += [("recycle", c) for c in hand if catalog.cards[c].kind == "numbered"]
    if uses.get("SWAP_WITH_PILE") and state.pile:
        actions += [("swap", c) for c in hand]
    if uses.get("REDIRECT_TRAP"):
        for trap in state.snares[player]:
            actions += [("redirect", trap, q) for q in state.rivals(player) if not state.snares[q]]
    return actions
