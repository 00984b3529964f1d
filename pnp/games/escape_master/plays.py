"""The moves of the play phase, one method each (`move_<kind>`, dispatched by the machine).

Every move is made by `state.actor`, the player the last Turn chance picked;
after it the round may end (a hand emptied, or a dry pile nobody can play on).
Witnesses: `state.played` names every card played or tried; `state.resolved`
only what took effect, with the effect words that happened.
"""
from __future__ import annotations

from pnp.games.escape_master.state import WILD, Stack
from pnp.games.escape_master.state import EscapeMasterState as State


def _by_actor(rule):
    """A move of the play phase: the rule, made by the player whose turn chance picked, then the round's checks."""

    def move(self, state: State, action: tuple) -> None:
        player = state.actor
        rule(self, state, player, action)
        self._after_move(state, player, action[0])

    move.__doc__ = rule.__doc__
    return move


class PlayRules:
    """Mixed into the engine: what each move of the play phase does."""

    # -- witnesses ------------------------------------------------------------------------------------------
    def _note(self, state: State, key: str, words=()) -> None:
        state.resolved.append((key, tuple(words)))

    def _tried(self, state: State, card: int) -> None:
        state.played.append(state.catalog.cards[card].id)

    def _use(self, state: State, player: int, word: str) -> None:
        """Spend one use of a power: it moved a card, so it took effect."""
        me = state.players[player]
        me.uses[word] -= 1
        source = next((pw.source for pw in me.powers if pw.word == word), word)
        self._note(state, source, (word,))

    # -- laying on Stacks -----------------------------------------------------------------------------------
    def _lay(self, state: State, player: int, card: int, stack_index: int, word: str = "") -> None:
        state.players[player].hand.remove(card)
        info = state.catalog.cards[card]
        stack = state.stacks[stack_index]
        stack.cards.append(card)
        wisdom = info.kind == "wisdom"
        stack.top = WILD if wisdom else info.rank
        self._tried(state, card)
        if wisdom:
            self._note(state, info.id, (word or "WILD",))
            self._clear_snares(state)
        else:
            self._note(state, info.id, (word,) if word else ())

    def _play(self, state, player, action):
        self._lay(state, player, action[1], action[2])

    def _stretch(self, state, player, action):
        self._use(state, player, "STRETCH")
        self._lay(state, player, action[1], action[2])

    def _open(self, state, player, action):
        state.stacks.append(Stack([], 7))
        self._lay(state, player, action[1], len(state.stacks) - 1, "OPEN_STACK")

    def _combo(self, state, player, action):
        _, a, b, s = action
        if s == -1:
            state.stacks.append(Stack([], 7))
            s = len(state.stacks) - 1
        self._lay(state, player, a, s)
        self._lay(state, player, b, s)
        self._note(state, "combination", ("COMBO",))

    def _close(self, state, player, action):
        _, card, s = action
        state.players[player].hand.remove(card)
        state.stacks[s].cards.append(card)
        state.stacks[s].closed = True
        self._tried(state, card)
        self._note(state, state.catalog.cards[card].id, ("CLOSE_STACK",))

    def _clear_snares(self, state: State) -> None:
        for me in state.players:
            if me.snares:
                me.history += me.snares
                me.snares = []
                self._note(state, "wisdom", ("CLEAR_DIRECTION_TRAPS",))

    # -- traps and escapes ----------------------------------------------------------------------------------
    def _shielded(self, state: State, target: int, trap: int) -> str | None:
        """The power that makes `target` immune to this trap, if any (the trap then goes to their History)."""
        shield = "draw3" if state.catalog.cards[trap].trap == "draw3" else "direction"
        them = state.players[target]
        if shield in them.immune or "all" in them.immune:
            return next(pw.source for pw in them.powers if pw.word == "IMMUNE" and pw.param in (shield, "all"))
        return None

    def _land_trap(self, state: State, target: int, trap: int) -> bool:
        """A trap arrives on a rival's Action pile; False if their immunity sends it to History unused."""
        them = state.players[target]
        source = self._shielded(state, target, trap)
        if source is not None:
            them.history.append(trap)
            self._note(state, source, ("IMMUNE",))
            return False
        (them.pitfalls if state.catalog.cards[trap].trap == "draw3" else them.snares).append(trap)
        return True

    def _trap(self, state, player, action):
        _, card, target = action
        state.players[player].hand.remove(card)
        self._tried(state, card)
        if self._land_trap(state, target, card):
            self._note(state, state.catalog.cards[card].id, ("TRAP",))

    def _escape(self, state, player, action):
        _, card, owner, trap, discard = action
        players = state.players
        me = players[player]
        me.hand.remove(card)
        self._tried(state, card)
        words = []
        if trap is not None:
            pile = players[owner].pitfalls if trap in players[owner].pitfalls else players[owner].snares
            pile.remove(trap)
            players[owner].history += [trap, card]
            words.append("ESCAPE")
        else:
            me.history.append(card)
        if discard is not None:
            me.hand.remove(discard)
            me.history.append(discard)
            words.append("DISCARD_EXTRA")
            info = state.catalog.cards[discard]
            if info.kind == "doom_master":
                self._note(state, info.id + " (vanished)", ("DISCARD_EXTRA",))
        self._note(state, state.catalog.cards[card].id, words)

    def _accept(self, state, player, action):
        me = state.players[player]
        me.pitfalls.remove(action[1])
        for _ in range(3):
            if state.pile:
                me.hand.append(state.pile.pop())
        me.history.append(action[1])

    def _discard(self, state, player, action):
        """A special card to History unused: it was played, but it did nothing."""
        me = state.players[player]
        me.hand.remove(action[1])
        me.history.append(action[1])
        state.played.append(state.catalog.cards[action[1]].id + " (discarded)")

    # -- leader and Story powers ----------------------------------------------------------------------------
    def _recycle(self, state, player, action):
        self._use(state, player, "DISCARD_NUMBERED")
        me = state.players[player]
        me.hand.remove(action[1])
        me.history.append(action[1])

    def _swap(self, state, player, action):
        self._use(state, player, "SWAP_WITH_PILE")
        hand = state.players[player].hand
        hand.remove(action[1])
        state.pile.insert(0, action[1])
        hand.append(state.pile.pop())

    def _redirect(self, state, player, action):
        _, trap, target = action
        self._use(state, player, "REDIRECT_TRAP")
        me = state.players[player]
        (me.pitfalls if trap in me.pitfalls else me.snares).remove(trap)
        self._land_trap(state, target, trap)  # passed on to an immune rival, it is spent

    # -- drawing --------------------------------------------------------------------------------------------
    def _draw(self, state, player, action):
        state.players[player].hand.append(state.pile.pop())

    def _announce(self, state, player, action):
        players = state.players
        for q in [(player + i) % state.count for i in range(1, state.count + 1)]:  # the caller last
            them = players[q]
            if q not in state.seated or them.out or not state.pile:
                continue
            if q != player and them.uses.get("SKIP_FORCED_DRAW", 0):
                self._use(state, q, "SKIP_FORCED_DRAW")
                continue
            them.hand.append(state.pile.pop())

    move_play, move_stretch, move_open, move_combo = map(_by_actor, (_play, _stretch, _open, _combo))
    move_close, move_trap, move_escape, move_accept = map(_by_actor, (_close, _trap, _escape, _accept))
    move_discard, move_recycle, move_swap, move_redirect = map(_by_actor, (_discard, _recycle, _swap, _redirect))
    move_draw, move_announce = map(_by_actor, (_draw, _announce))

    LAST_CARD = {"play": _play, "open": _open, "stretch": _stretch, "close": _close, "trap": _trap,
                 "escape": _escape, "discard": _discard, "recycle": _recycle,
                 "combo": _combo}  # moves that can lay down a hand's last card (or last two, in one motion)
