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

from pnp.games.escape_master.state import WILD, CardInfo
from pnp.games.escape_master.state import EscapeMasterState as State
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
LAYABLE = ("numbered", "doom_master")


def snare_of(state: State, cards: tuple[CardInfo, ...], player: int) -> str | None:
    snares = state.players[player].snares
    return cards[snares[-1]].trap if snares else None


def open_stacks(state: State) -> list[int]:
    return [i for i, s in enumerate(state.stacks) if not s.closed]


def stack_plays(state: State, player: int) -> list[tuple]:
    """Plays that lay cards on Stacks: single cards, combinations and openings."""
    cards = state.catalog.cards
    me = state.players[player]
    snare = snare_of(state, cards, player)
    fits, fits2 = FITS[snare, 1], FITS[snare, 2]
    tops = [(i, s.top) for i, s in enumerate(state.stacks) if not s.closed]
    stretch = me.uses.get("STRETCH", 0) > 0
    actions = []
    for c in me.hand:
        info = cards[c]
        kind = info.kind
        if kind in LAYABLE:
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
    if state.catalog.combinations:
        actions += combinations(state, player, fits, tops)
    return actions


def _combo_pairs(state: State, cards, player: int):
    """(a, b, rank it plays as) for suit pairs of ranks 1-5 and for matching J/Q/K pairs."""
    ranks = state.catalog.numbered_ranks
    hand = state.players[player].hand
    low = [c for c in hand if 0 < ranks[c] <= 5]
    faces = [c for c in hand if ranks[c] >= 11]
    if len(low) > 1:
        for a in low:
            suit = cards[a].suit
            for b in low:
                if a != b and cards[b].suit == suit:
                    yield a, b, ranks[a] + ranks[b]
    if len(faces) > 1:
        for a in faces:
            for b in faces:
                if a < b and ranks[a] == ranks[b]:
                    yield a, b, ranks[a]


def combinations(state: State, player: int, fits, tops) -> list[tuple]:
    cards = state.catalog.cards
    actions = []
    for a, b, total in _combo_pairs(state, cards, player):
        if total == 7 and cards[a].rank <= 5:
            actions.append(("combo", a, b, -1))  # a suit combination worth 7 opens a Stack
        actions += [("combo", a, b, s) for s, top in tops if total in fits[top]]
    return actions


def can_play_numbered(state: State, player: int) -> bool:
    """The drawing test: a playable Numbered card (alone or in a combination) or any Wisdom."""
    catalog = state.catalog
    me = state.players[player]
    hand = me.hand
    if not catalog.wisdoms.isdisjoint(hand):
        return True
    ranks = catalog.numbered_ranks
    snare = snare_of(state, catalog.cards, player)
    fits = FITS[snare, 1]
    allowed = set()
    for s in state.stacks:
        if not s.closed:
            allowed |= fits[s.top]
    if me.uses.get("STRETCH", 0):
        stretched = set()
        for s in state.stacks:
            if not s.closed:
                stretched |= FITS[snare, 2][s.top]
        if any(ranks[c] in stretched for c in hand):
            return True
    if any(ranks[c] in allowed for c in hand):
        return True
    return catalog.combinations and any(total in allowed or total == 7 and ranks[a] <= 5
                                        for a, b, total in _combo_pairs(state, catalog.cards, player))


def can_lay(state: State, player: int) -> bool:
    """Could this player still put any card on a Stack (the dry-pile round-end test)?"""
    me = state.players[player]
    if me.out:
        return False
    if any(state.catalog.cards[c].kind == "dead_end" for c in me.hand) and open_stacks(state):
        return True
    return bool(stack_plays(state, player))


def player_actions(state: State, player: int) -> list[tuple]:
    me = state.players[player]
    if me.out or player not in state.seated:
        return []
    if me.pitfalls:
        return pitfall_answers(state, player)
    actions = stack_plays(state, player)
    actions += special_plays(state, player)
    actions += power_plays(state, player)
    if state.pile and not can_play_numbered(state, player):
        actions.append(("draw",))
        players = state.players
        if not any(can_play_numbered(state, q) for q in state.seated if q != player and not players[q].out):
            actions.append(("announce",))
    return actions


def pitfall_answers(state: State, player: int) -> list[tuple]:
    """A player hit by a Pitfall answers it first (rule clar-pitfall)."""
    me = state.players[player]
    trap = me.pitfalls[0]
    actions = [("accept", trap)]
    for c in me.hand:
        if state.catalog.cards[c].kind == "escape":
            actions += _escape_options(state, player, c, player, trap)
    if me.uses.get("REDIRECT_TRAP", 0):
        actions += [("redirect", trap, q) for q in state.rivals(player)]
    return actions


def _escape_options(state: State, player: int, card: int, owner: int, trap: int | None) -> list[tuple]:
    cards = state.catalog.cards
    options = [("escape", card, owner, trap, None)] if trap is not None else []
    if cards[card].discards:
        # anything may vanish, a Doom Master too, except what may never be discarded (Wisdom)
        options += [("escape", card, owner, trap, d) for d in state.players[player].hand
                    if d != card and "NO_DISCARD" not in cards[d].words]
    return options


def special_plays(state: State, player: int) -> list[tuple]:
    catalog = state.catalog
    players = state.players
    hand = players[player].hand
    if catalog.specials.isdisjoint(hand):
        return []
    cards = catalog.cards
    actions = []
    rivals = state.rivals(player)
    mate = state.teammate(player)
    owners = [player] + ([mate] if mate is not None and not players[mate].out else [])
    for c in hand:
        if c not in catalog.specials:
            continue
        info = cards[c]
        if info.kind == "dead_end":
            actions += [("close", c, s) for s in open_stacks(state)]
        elif info.kind == "trap":
            for q in rivals:
                if info.trap == "draw3" or not players[q].snares:
                    actions.append(("trap", c, q))
        elif info.kind == "escape":
            for owner in owners:
                for trap in players[owner].snares + players[owner].pitfalls:
                    actions += _escape_options(state, player, c, owner, trap)
            actions += _escape_options(state, player, c, player, None)
        actions.append(("discard", c))
    return actions


def movable(cards: tuple[CardInfo, ...], hand: list[int], word: str) -> list[int]:
    """The cards of a hand that the power `word` may move out of it (never a Doom Master or Wisdom)."""
    kept = HAND_MOVES.get(word, ())
    return [c for c in hand if cards[c].kind not in kept]


def power_plays(state: State, player: int) -> list[tuple]:
    me = state.players[player]
    cards = state.catalog.cards
    uses, hand = me.uses, me.hand
    actions = []
    if uses.get("DISCARD_NUMBERED"):
        actions += [("recycle", c) for c in hand if cards[c].kind == "numbered"]
    if uses.get("SWAP_WITH_PILE") and state.pile:
        actions += [("swap", c) for c in movable(cards, hand, "SWAP_WITH_PILE")]
    if uses.get("REDIRECT_TRAP"):
        for trap in me.snares:
            actions += [("redirect", trap, q) for q in state.rivals(player) if not state.players[q].snares]
    return actions
