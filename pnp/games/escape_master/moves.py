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

from pnp.games.escape_master.state import WILD, CardInfo, Catalog, State
from pnp.games.escape_master.vocabulary import HAND_MOVES


def step(top: int, distance: int) -> tuple[int, int]:
    """The ranks `distance` above and below `top`, wrapping K <-> 1."""
    return (top - 1 + distance) % 13 + 1, (top - 1 - distance) % 13 + 1


def rank_fits(rank: int, top: int, snare: str | None, distance: int = 1) -> bool:
    """Can a card of `rank` go on `top` for a player under `snare`?

    Snares compare ranks as numbers (rule clar-snare-direction): under an
    Uphill Snare the card must be higher, under a Downhill Snare lower.
    A Wisdom on top (WILD) takes any rank.
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


# The same answers, tabulated once: FITS[(snare, distance)][top] is the set of ranks that may follow.
FITS = {(snare, d): tuple(frozenset(r for r in range(1, 14) if rank_fits(r, top, snare, d)) for top in range(14))
        for snare in (None, "ascending", "descending") for d in (1, 2)}


def snare_of(state: State, cards: tuple[CardInfo, ...], player: int) -> str | None:
    return cards[state.snares[player][-1]].trap if state.snares[player] else None


def open_stacks(state: State) -> list[int]:
    return [i for i, s in enumerate(state.stacks) if not s.closed]


def stack_plays(state: State, catalog: Catalog, player: int) -> list[tuple]:
    """Plays that lay cards on Stacks: single cards, combinations and openings."""
    cards = catalog.cards
    snare = snare_of(state, cards, player)
    fits, fits2 = FITS[snare, 1], FITS[snare, 2]
    tops = [(i, s.top) for i, s in enumerate(state.stacks) if not s.closed]
    stretch = state.uses[player].get("STRETCH", 0) > 0
    actions = []
    for c in state.hands[player]:
        info = cards[c]
        kind = info.kind
        if kind == "numbered" or kind == "doom_master":
            rank = info.rank
            for s, top in tops:
                if rank in fits[top]:
                    actions.append(("play", c, s))
                elif stretch and kind == "numbered" and rank in fits2[top]:
                    actions.append(("stretch", c, s))
        elif kind == "wisdom":
            actions.append(("open", c))
            actions += [("play", c, s) for s, _ in tops]
        elif kind == "start7":
            actions.append(("open", c))
    actions += combinations(state, catalog, player, fits, tops)
    return actions


def _combo_pairs(state: State, cards, player: int):
    """(a, b, rank it plays as) for suit pairs of ranks 1-5 and for matching J/Q/K pairs."""
    low = [c for c in state.hands[player] if cards[c].kind == "numbered" and cards[c].rank <= 5]
    faces = [c for c in state.hands[player] if cards[c].kind == "numbered" and cards[c].rank >= 11]
    for a in low:
        for b in low:
            if a != b and cards[a].suit == cards[b].suit:
                yield a, b, cards[a].rank + cards[b].rank
    for a in faces:
        for b in faces:
            if a < b and cards[a].rank == cards[b].rank:
                yield a, b, cards[a].rank


def combinations(state: State, catalog: Catalog, player: int, fits, tops) -> list[tuple]:
    actions = []
    for a, b, total in _combo_pairs(state, catalog.cards, player):
        if total == 7 and catalog.cards[a].rank <= 5:
            actions.append(("combo", a, b, -1))  # a suit combination worth 7 opens a Stack
        actions += [("combo", a, b, s) for s, top in tops if total in fits[top]]
    return actions


def can_play_numbered(state: State, catalog: Catalog, player: int) -> bool:
    """The drawing test: a playable Numbered card (alone or in a combination) or any Wisdom."""
    cards = catalog.cards
    hand = state.hands[player]
    if any(cards[c].kind == "wisdom" for c in hand):
        return True
    snare = snare_of(state, cards, player)
    fits = FITS[snare, 1]
    allowed = set()
    for s in state.stacks:
        if not s.closed:
            allowed |= fits[s.top]
    if state.uses[player].get("STRETCH", 0):
        stretched = set()
        for s in state.stacks:
            if not s.closed:
                stretched |= FITS[snare, 2][s.top]
        if any(cards[c].kind == "numbered" and cards[c].rank in stretched for c in hand):
            return True
    if any(cards[c].kind == "numbered" and cards[c].rank in allowed for c in hand):
        return True
    return any(total in allowed or total == 7 and cards[a].rank <= 5
               for a, b, total in _combo_pairs(state, cards, player))


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


def movable(catalog: Catalog, hand: list[int], word: str) -> list[int]:
    """The cards of a hand that the power `word` may move out of it (never a Doom Master or Wisdom)."""
    kept = HAND_MOVES.get(word, ())
    return [c for c in hand if catalog.cards[c].kind not in kept]


def power_plays(state: State, catalog: Catalog, player: int) -> list[tuple]:
    uses = state.uses[player]
    hand = state.hands[player]
    actions = []
    if uses.get("DISCARD_NUMBERED"):
        actions += [("recycle", c) for c in hand if catalog.cards[c].kind == "numbered"]
    if uses.get("SWAP_WITH_PILE") and state.pile:
        actions += [("swap", c) for c in movable(catalog, hand, "SWAP_WITH_PILE")]
    if uses.get("REDIRECT_TRAP"):
        for trap in state.snares[player]:
            actions += [("redirect", trap, q) for q in state.rivals(player) if not state.snares[q]]
    return actions
