"""Escape Master's rules, replayed from the seed's examples and the Clarifications."""
import random
from collections import deque

import pytest
from helpers import walk_legal_moves
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.engine.runner import play, random_policy
from pnp.games.escape_master import moves
from pnp.games.escape_master.policies import greedy_policy
from pnp.games.escape_master.state import Stack, Turn


def table(engine, hands, stacks=(), seed=3, difficulty=None):
    """A play-phase state: a real deal (engine actions), then the hands and Stacks a test needs. Chance is
    about to pick who acts (`act` says who)."""
    state = engine.initial_state(random.Random(seed), engine.options(players=len(hands), difficulty=difficulty))
    engine.apply_in_place(state, ("deal", seed))
    while state.pending:
        engine.apply_in_place(state, engine.legal_actions(state)[-1])
    if state.chance is None:  # a head start: its holder acts first; the tests pick who acts
        state.actor, state.head_start, state.chance = None, None, Turn()
    pool = [c for me in state.players for c in me.hand] + state.pile
    taken = set()

    def take(card_id):
        number = next(c for c in pool if state.catalog.cards[c].id == card_id and c not in taken)
        taken.add(number)
        return number

    for me, hand in zip(state.players, hands):
        me.hand = [take(c) for c in hand]
    state.stacks = []
    for cards in stacks:
        numbers = [take(c) for c in cards]
        top = state.catalog.cards[numbers[-1]]
        state.stacks.append(Stack(numbers, top.rank if top.kind != "wisdom" else 0))
    state.pile = [c for c in pool if c not in taken]
    engine.check_invariants(state)
    return state


def act(engine, state, player, action):
    """`player` is the next to act (a chance outcome), then makes the move: a new state, as `apply` gives."""
    return engine.apply(engine.apply(state, ("turn", player)), action)


def hand(state, player):
    return state.players[player].hand


def totals(state):
    return [me.total for me in state.players]


def card(engine, number):
    return engine.catalog.cards[number].id


def plays(engine, state, player):
    """Stack plays as (move, card id, ...): combinations name both cards."""
    found = set()
    for a in moves.player_actions(state, player):
        if a[0] == "combo":
            found.add(("combo", card(engine, a[1]), card(engine, a[2]), a[3]))
        elif a[0] in ("play", "stretch", "open"):
            found.add((a[0], card(engine, a[1])) + a[2:])
    return found


@pytest.mark.parametrize("ids", [["seven-start", "robots-6", "teens-5", "mice-6"],  # 7, 6, 5, 6
                                 ["mice-q", "robots-k", "teens-1", "mice-2"]])  # Q, K, 1, 2
def test_seed_example_sequences_are_legal(em_engine, ids):
    state = table(em_engine, [ids[1:], ["robots-9"]], stacks=[[ids[0]]])
    for expected in ids[1:]:
        options = [a for a in em_engine.legal_actions(em_engine.apply(state, ("turn", 0))) if a[0] == "play"]
        action = next(a for a in options if card(em_engine, a[1]) == expected)
        state = em_engine.apply(state, ("turn", 0))
        state = em_engine.apply(state, action)
    assert [card(em_engine, c) for c in state.stacks[0].cards] == ids


def snared(engine, hands, stacks, kind):
    state = table(engine, hands + [[f"trap-{kind}", "average-joes-9"]], stacks)  # the trapper keeps a card
    trap = hand(state, len(hands))[0]
    return act(engine, state, len(hands), ("trap", trap, 0))


def test_no_numbered_card_goes_on_a_k_under_an_uphill_snare(em_engine):
    state = snared(em_engine, [["mice-q", "mice-1", "robots-2"]], [["teens-k"]], "ascending")
    assert plays(em_engine, state, 0) == set()
    free = table(em_engine, [["mice-q", "mice-1"], []], [["teens-k"]])
    assert plays(em_engine, free, 0) == {("play", "mice-q", 0), ("play", "mice-1", 0)}


@pytest.mark.parametrize("snare, edge, blocked", [
    ("ascending", "teens-k", ["mice-q", "mice-1", "robots-q", "doom-master-quiet"]),
    ("descending", "teens-1", ["mice-2", "mice-k", "robots-k", "doom-master-kindle"]),
])
def test_a_snare_stops_numbered_cards_on_its_edge_but_never_wisdom(em_engine, snare, edge, blocked):
    """The seed: a player under the ascending trap "may not play on a K because both cards in either direction are
    lower" (the descending one: not on a 1, both being higher), a reason that holds for ranked cards only, while
    "Wisdom cards may be played on any Numbered card". Rule 8.5 says no Numbered card; Wisdom still goes on the
    edge (rules 16.1/16.3), and so does a Dead End."""
    state = snared(em_engine, [blocked + ["wisdom", "dead-end"]], [[edge]], snare)
    assert plays(em_engine, state, 0) == {("play", "wisdom", 0), ("open", "wisdom")}  # no single, face pair, Doom
    closes = [a for a in moves.player_actions(state, 0) if a[0] == "close"]
    assert [(card(em_engine, a[1]), a[2]) for a in closes] == [("dead-end", 0)]


def test_uphill_snare_allows_k_on_1_and_downhill_blocks_every_numbered_card_on_1(em_engine):
    up = snared(em_engine, [["mice-k", "mice-2"]], [["teens-1"]], "ascending")
    assert plays(em_engine, up, 0) == {("play", "mice-k", 0), ("play", "mice-2", 0)}
    down = snared(em_engine, [["mice-k", "mice-2"]], [["teens-1"]], "descending")
    assert plays(em_engine, down, 0) == set()


def test_only_one_snare_at_a_time_but_pitfalls_always(em_engine):
    state = snared(em_engine, [["mice-5"], ["trap-descending", "trap-draw-three"]], [["teens-9"]], "ascending")
    on_snared = [a for a in moves.player_actions(state, 1) if a[0] == "trap" and a[2] == 0]
    assert {card(em_engine, a[1]) for a in on_snared} == {"trap-draw-three"}


def test_wisdom_lifts_every_snare(em_engine):
    state = snared(em_engine, [["mice-5"], ["wisdom", "robots-2"]], [["teens-9"]], "ascending")
    wisdom = next(c for c in hand(state, 1) if card(em_engine, c) == "wisdom")
    after = act(em_engine, state, 1, ("play", wisdom, 0))
    assert after.players[0].snares == [] and len(after.players[0].history) == 1
    assert plays(em_engine, after, 0) == {("play", "mice-5", 0)}  # anything goes on Wisdom


def test_pitfall_must_be_answered_and_draws_three(em_engine):
    state = table(em_engine, [["mice-5", "escape-slip"], ["trap-draw-three", "robots-2"]], [["teens-9"]])
    state = act(em_engine, state, 1, ("trap", hand(state, 1)[0], 0))
    options = {a[0] for a in moves.player_actions(state, 0)}
    assert options == {"accept", "escape"}
    trap = state.players[0].pitfalls[0]
    taken = act(em_engine, state, 0, ("accept", trap))
    assert len(hand(taken, 0)) == 5 and trap in taken.players[0].history


def test_vanish_can_discard_a_doom_master_but_never_wisdom(em_engine):
    state = table(em_engine, [["escape-vanish", "doom-master-kindle", "wisdom", "mice-3"], ["mice-8"]], [["teens-9"]])
    escapes = [a for a in moves.player_actions(state, 0) if a[0] == "escape"]
    discards = {card(em_engine, a[4]) for a in escapes if a[4] is not None}
    assert discards == {"doom-master-kindle", "mice-3"}
    plain = {card(em_engine, a[1]) for a in moves.player_actions(state, 0) if a[0] == "discard"}
    assert plain == {"escape-vanish"}  # Doom Master and Wisdom are never discarded plainly


def test_a_seven_start_leaves_a_hand_unplayed_only_through_vanish(em_engine, em_project):
    """Seed: "Any player may discard any number of Special cards from their hand" (a 7-Start is not one of the
    three kinds of Special card), while an Escape lets a player "discard an extra card from their hand", any card but
    Wisdom. Clarification 16.5 and the glossary's Discard say the same, and the engine agrees."""
    state = table(em_engine, [["escape-vanish", "seven-start", "mice-3"], ["mice-8"]], [["teens-9"]])
    escapes = [a for a in moves.player_actions(state, 0) if a[0] == "escape"]
    assert "seven-start" in {card(em_engine, a[4]) for a in escapes if a[4] is not None}
    plain = {card(em_engine, a[1]) for a in moves.player_actions(state, 0) if a[0] == "discard"}
    assert "seven-start" not in plain
    ruling = next(r for s in em_project.game.rules.sections for r in s.rules if r.id == "clar-seven-start").text
    assert "cannot be discarded" not in ruling and "only a {card:escape-vanish} can move it" in ruling
    discard = next(t for t in em_project.game.rules.terms if t.id == "discard").text
    assert "Vanish discards any one card, a 7-Start or a Doom Master too" in discard

def test_combinations(em_engine):
    state = table(em_engine, [["mice-3", "mice-4", "teens-j", "robots-j", "doom-master-jump"], ["lumberjacks-1"]],
                  [["teens-8"], ["average-joes-10"]])
    legal = plays(em_engine, state, 0)
    assert ("combo", "mice-3", "mice-4", 0) in legal  # 3 + 4 = 7 goes on an 8
    assert ("combo", "mice-3", "mice-4", -1) in legal  # a 7 opens a Stack
    face = [a for a in legal if a[0] == "combo" and a[1] in ("teens-j", "robots-j")]
    assert face and all(a[3] == 1 for a in face)  # J+J plays as a J on the 10
    assert not any(a[0] == "combo" and "doom-master-jump" in a[1:3] for a in legal)
    number = {card(em_engine, c): c for c in hand(state, 0)}
    after = act(em_engine, state, 0, ("combo", number["mice-3"], number["mice-4"], 0))
    assert after.stacks[0].top == 4  # play continues from the top card, not the sum


def test_only_cards_ranked_1_to_5_combine_to_open_a_stack(em_engine):
    """Seed: "Cards 1-5 of the same suit may be added and played together", and "Suit Combinations may be used to
    start Stacks if they equal 7". A 2 and a 5 open a Stack; a 1 and a 6 also total 7 but the 6 is no card of a
    suit combination, so they neither open a Stack nor go down together (rule 5.2 says the 1-to-5 limit)."""
    state = table(em_engine, [["mice-1", "mice-6", "teens-2", "teens-5"], ["robots-9"]], [["lumberjacks-8"]])
    legal = plays(em_engine, state, 0)
    assert ("combo", "teens-2", "teens-5", -1) in legal or ("combo", "teens-5", "teens-2", -1) in legal
    assert not any(a[0] == "combo" and {"mice-1", "mice-6"} & set(a[1:3]) for a in legal)


def test_dead_end_closes_a_stack(em_engine):
    state = table(em_engine, [["dead-end"], ["mice-9"]], [["teens-8"]])
    after = act(em_engine, state, 0, ("close", hand(state, 0)[0], 0))
    assert after.stacks[0].closed and plays(em_engine, after, 1) == set()


def test_draw_only_without_a_playable_card_and_announce_only_when_nobody_can(em_engine):
    state = table(em_engine, [["mice-9"], ["robots-2"]], [["teens-8"]])
    assert ("draw",) not in moves.player_actions(state, 0)
    assert ("draw",) in moves.player_actions(state, 1)
    assert ("announce",) not in moves.player_actions(state, 1)
    stuck = table(em_engine, [["mice-2"], ["robots-2"]], [["teens-8"]])
    assert ("announce",) in moves.player_actions(stuck, 0)
    after = act(em_engine, stuck, 0, ("announce",))
    assert [len(me.hand) for me in after.players] == [2, 2]


def test_doom_master_costs_three_blunders(em_engine):
    state = table(em_engine, [["mice-9"], ["doom-master-quiet", "robots-2"]], [["teens-8"]])
    before = totals(state)
    after = act(em_engine, state, 0, ("play", hand(state, 0)[0], 0))
    assert after.phase in ("deal", "over")
    assert totals(after)[1] - before[1] == 4


def test_apply_never_changes_its_input(em_engine):
    rng = random.Random(5)
    state = em_engine.initial_state(rng, em_engine.options(players=4))
    for _ in range(300):
        if em_engine.is_terminal(state):
            break
        action = em_engine.sample_chance(state, rng) if em_engine.is_chance(state) else rng.choice(em_engine.legal_actions(state))
        before = snapshot(state)
        following = em_engine.apply(state, action)
        assert snapshot(state) == before
        state = following


def snapshot(value):
    """Everything a state holds, as plain nested tuples (states and parts have slots, so no useful repr)."""
    from pnp.engine.machine import Part

    if isinstance(value, Part):
        slots = [n for k in type(value).__mro__ for n in getattr(k, "__slots__", ())]
        return tuple((n, snapshot(getattr(value, n, None))) for n in slots if n not in ("resolved", "played"))
    if isinstance(value, (list, tuple, deque)):
        return tuple(snapshot(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, snapshot(v)) for k, v in value.items()))
    if isinstance(value, set):
        return tuple(sorted(value))
    return value


def test_same_seed_replays_the_same_game(em_engine):
    first = play(em_engine, 42, [greedy_policy, random_policy], keep_trace=True, players=3)
    second = play(em_engine, 42, [greedy_policy, random_policy], keep_trace=True, players=3)
    assert first.trace == second.trace and first.result.scores == second.result.scores
    assert max(first.result.scores) >= 30  # played to the Breaking Point


def test_team_game_ends_rounds_when_a_whole_team_is_out(em_engine):
    playout = play(em_engine, 9, [greedy_policy], players=4, team=True)
    assert playout.result.winners in ([0, 2], [1, 3])


@pytest.mark.parametrize("option", ["set_rounds", "early_ending"])
def test_variants_finish(em_engine, option):
    playout = play(em_engine, 11, [greedy_policy, random_policy], players=3, **{option: True})
    if option == "set_rounds":
        assert playout.result.rounds >= 12
    assert playout.result.winners


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])  # the engine is immutable
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), kit=st.sampled_from(["green", "yellow", "red"]),
       team=st.booleans(), picks=st.lists(st.integers(0, 10_000), min_size=50, max_size=400))
def test_any_legal_sequence_keeps_every_invariant(em_engine, seed, players, kit, team, picks):
    rng = random.Random(seed)
    options = em_engine.options(players=players, difficulty=kit, team=team and players % 2 == 0 and players >= 4)
    walk_legal_moves(em_engine, em_engine.initial_state(rng, options), rng, picks)


def test_a_suit_combination_worth_seven_stops_drawing_even_with_no_stack_open(em_engine):
    """A suit combination equal to 7 may start a Stack (seed), so it is a playable Numbered play: no drawing."""
    state = table(em_engine, [["mice-3", "mice-4"], ["robots-9"]])
    assert moves.can_play_numbered(state, 0) and ("draw",) not in moves.player_actions(state, 0)
    assert not moves.can_play_numbered(state, 1) and ("draw",) in moves.player_actions(state, 1)


def _figure(project, rule_id):
    return next(rule.figure for section in project.game.rules.sections for rule in section.rules if rule.id == rule_id)


def test_the_combination_figure_shows_legal_plays(em_engine, em_project):
    """Seed: a Suit Combination "may be played on a 7-Start card, but play will continue off the 4"; two face cards
    of one letter play "as they were one card". The rulebook's figure of both is replayed move by move."""
    suit, face = _figure(em_project, "face-combo")["place"]
    start, low, high = suit["cards"]
    after = "vapor-ninjas-5"  # the caption: "the next card follows the 4, not the 6: a 5 or a 3"
    state = table(em_engine, [[low, high, after], ["robots-9"]], stacks=[[start]])
    number = {card(em_engine, c): c for c in hand(state, 0)}
    assert ("combo", low, high, 0) in plays(em_engine, state, 0)
    state = act(em_engine, state, 0, ("combo", number[low], number[high], 0))
    assert state.stacks[0].top == 4  # "play will continue off the 4"
    assert ("play", after, 0) in plays(em_engine, state, 0)
    under, first, second = face["cards"]
    state = table(em_engine, [[first, second], ["robots-9"]], stacks=[[under]])
    assert ("combo", first, second, 0) in plays(em_engine, state, 0)
    number = {card(em_engine, c): c for c in hand(state, 0)}
    assert act(em_engine, state, 0, ("combo", number[first], number[second], 0)).stacks[0].top == 12
