"""Escape Master by the book: each rule the seed states, replayed through the engine's own API.
Seed: shared/seeds/002 (close calls, special card regulations, the Lumberjack's ability, drawing)."""
import random
import re

from test_escape_master_engine import card, hand, table, totals

from pnp.games.escape_master import moves
from pnp.games.escape_master.state import GiveBlunders, PassCard, Power, ShareStory, SlideUnder, Stack, Turn


def acting(engine, state, player, action):
    engine.apply_in_place(state, ("turn", player))
    engine.apply_in_place(state, action)
    return state


def number(engine, state, player, card_id):
    return next(c for c in hand(state, player) if engine.catalog.cards[c].id == card_id)


def test_a_photo_finish_is_a_chance_step_not_automatic(em_engine):
    """"Multiple players may go out if they play their last card at the same time": a rival who could lay
    their last card may or may not have been as fast; the engine asks chance, it does not assume it."""
    engine = em_engine
    state = table(engine, [["mice-6"], ["robots-8"], ["teens-9", "teens-3"]], stacks=[["seven-start"], ["seven-start"]])
    acting(engine, state, 0, ("play", number(engine, state, 0, "mice-6"), 0))
    assert engine.is_chance(state) and engine.chance_outcomes(state) == [("photo", ()), ("photo", (1,))]
    engine.apply_in_place(state, ("photo", ()))
    assert state.phase in ("deal", "over") and totals(state)[:2] == [0, 1]


def test_a_rival_as_fast_goes_out_too(em_engine):
    engine = em_engine
    state = table(engine, [["mice-6"], ["robots-8"], ["teens-9", "teens-3"]], stacks=[["seven-start"], ["seven-start"]])
    acting(engine, state, 0, ("play", number(engine, state, 0, "mice-6"), 0))
    engine.apply_in_place(state, ("photo", (1,)))
    assert totals(state)[:3] == [0, 0, 2]


def test_a_pending_pitfall_comes_before_a_photo_finish(em_engine):
    """A player hit by a Pitfall answers it before anything else (clar-pitfall): no last card in the same instant."""
    engine = em_engine
    state = table(engine, [["mice-6"], ["robots-8"], ["trap-draw-three", "teens-3"]], stacks=[["seven-start"], ["seven-start"]])
    acting(engine, state, 2, ("trap", number(engine, state, 2, "trap-draw-three"), 1))
    acting(engine, state, 0, ("play", number(engine, state, 0, "mice-6"), 0))
    assert not engine.is_chance(state) or engine.chance_outcomes(state) in ([], [("photo", ())])
    assert state.phase in ("deal", "over") and totals(state)[1] == 1


def test_a_special_last_card_can_finish_at_the_same_instant(em_engine):
    """Emptying the hand any legal way is going out: a last trap, escape or Dead End counts like a last Numbered card."""
    engine = em_engine
    state = table(engine, [["mice-6"], ["dead-end"], ["teens-9", "teens-3"]], stacks=[["seven-start"]])
    acting(engine, state, 0, ("play", number(engine, state, 0, "mice-6"), 0))
    assert engine.chance_outcomes(state) == [("photo", ()), ("photo", (1,))]


def with_power(state, player, word, uses=1, source="leader-hattie-plowright"):
    me = state.players[player]
    me.uses[word] = uses
    me.powers += (Power(source, word, uses),)
    return state


def test_powers_never_move_a_doom_master_or_a_wisdom_card(em_engine):
    """A Doom Master leaves a hand only through Vanish; Wisdom never leaves it but onto a Stack."""
    engine = em_engine
    state = with_power(table(engine, [["doom-master-kindle", "wisdom", "mice-3"], ["robots-9"]]), 0, "SWAP_WITH_PILE")
    swaps = {card(engine, a[1]) for a in moves.player_actions(state, 0) if a[0] == "swap"}
    assert swaps == {"mice-3"}


def test_deal_powers_never_move_a_doom_master_or_a_wisdom_card(em_engine):
    engine = em_engine
    for choice in (SlideUnder, PassCard):
        state = table(engine, [["doom-master-kindle", "wisdom", "mice-3"], ["robots-9"]])
        state.chance = None
        state.pending.append(choice(seat=0, left=1, source="story-hidden-cellar"))
        offered = {card(engine, a[1]) for a in engine.legal_actions(state)}
        assert offered == {"mice-3"}, choice


def test_turnabout_onto_an_immune_rival_is_lost_to_their_history(em_engine):
    engine = em_engine
    state = table(engine, [["mice-3"], ["robots-9"], ["trap-ascending", "teens-4"]], stacks=[["seven-start"]])
    acting(engine, state, 2, ("trap", number(engine, state, 2, "trap-ascending"), 0))
    with_power(state, 0, "REDIRECT_TRAP")
    state.players[1].immune.add("direction")  # Steady Feet: Snares played on them go to History
    state.players[1].powers += (Power("story-steady-feet", "IMMUNE", "direction"),)
    trap = state.players[0].snares[0]
    acting(engine, state, 0, ("redirect", trap, 1))
    assert not state.players[1].snares and trap in state.players[1].history


def test_timber_may_be_declined(em_engine):
    """The Lumberjack "may" hand a rival a Blunder."""
    engine = em_engine
    state = table(engine, [["mice-3"], ["robots-9"]])
    state.chance = None
    state.pending.append(GiveBlunders(seat=0, blunders=1, source="leader-bram-axewell"))
    assert ("give", None) in engine.legal_actions(state)
    engine.apply_in_place(state, ("give", None))
    assert totals(state) == [0, 0]


def test_the_rulebook_settles_what_the_seed_leaves_open(em_project):
    from pnp.rules.tree import build_reference

    numbers = build_reference(em_project.game).numbers()
    for rule in ("clar-draw-specials", "clar-beast-mode", "clar-going-out", "clar-photo-finish", "clar-hand-moves"):
        assert rule in numbers, rule
    wisdom = em_project.game.card("wisdom").card.text
    assert "Uphill" in wisdom and "Downhill" in wisdom and "Ascending" not in wisdom


def test_card_texts_name_what_their_powers_may_not_move(em_project):
    """Every card whose power moves cards out of a hand says that Doom Masters and Wisdom stay."""
    from pnp.games.escape_master.vocabulary import HAND_MOVES

    for record in em_project.game.cards():
        for block in (record.card, record.card.ability, record.card.beast_mode):
            if block is None:
                continue
            words = {next(iter(e)) if isinstance(e, dict) else e for e in block.effects}
            if words & set(HAND_MOVES):
                assert re.search(r"Doom Master", block.text) and "Wisdom" in block.text, (record.card.id, block.text)


def test_the_green_kit_rulebook_speaks_only_of_the_green_kit(project):
    """Counts come from the kit, and no green rule mentions a card the green kit does not have."""
    from typer.testing import CliRunner

    from pnp.cli import app

    result = CliRunner().invoke(app, ["rules", "escape-master", "--format", "md", "--difficulty", "green"])
    assert result.exit_code == 0, result.output
    rules = result.output.split("## <a id=\"glossary\">")[0]
    assert "86 cards" in rules and "106" not in rules
    for name in ("Wisdom", "Dead End", "Pitfall", "Vanish"):
        assert name not in rules, name
    full = CliRunner().invoke(app, ["rules", "escape-master", "--format", "md"]).output
    assert "106 cards" in full and "4 [Wisdom](#card-wisdom) cards" in full


def test_a_photo_finish_where_the_first_finisher_takes_the_second_ones_stack(em_engine):
    """Regression (playtest, 14 in 2000 games crashed in scoring): two rivals finish in the same instant, and the
    first one's last card changes the only Stack the second needed. The seed: a player beaten to a play
    takes the card back, so the second keeps the card and counts it."""
    engine = em_engine
    state = table(engine, [["mice-6"], ["robots-5"], ["teens-7"], ["lumberjacks-1", "lumberjacks-2"]],
                  stacks=[["seven-start"]])
    acting(engine, state, 0, ("play", number(engine, state, 0, "mice-6"), 0))
    assert engine.chance_outcomes(state)[-1] == ("photo", (1, 2))
    engine.apply_in_place(state, ("photo", (1, 2)))
    assert totals(state) == [0, 0, 1, 2]


def _end_round_now(engine, state, finisher):
    """The finisher lays their last card on the 7-Start Stack (an 8 or a 6): the round ends."""
    last = hand(state, finisher)[0]
    acting(engine, state, finisher, ("play", last, 0))
    if engine.is_chance(state) and state.phase == "photo":
        engine.apply_in_place(state, ("photo", ()))
    return state


def test_the_story_card_goes_to_whoever_held_the_most_blunders_before_forgiveness(em_engine):
    """Seed, Story deck: the player holding the most Blunders at round's end draws. A Forgive lowers what they
    score, not what they held."""
    engine = em_engine
    state = table(engine, [["mice-8"], ["robots-2", "robots-3", "robots-4"], ["teens-2", "teens-3"]],
                  stacks=[["seven-start"]])
    state.players[1].forgive = 3
    state.players[1].powers += (Power("story-forged-papers", "FORGIVE", 3),)
    _end_round_now(engine, state, 0)
    assert totals(state) == [0, 0, 2]
    assert state.players[1].story_next is not None and state.players[2].story_next is None


def team_table(engine, options, hands: list[list[str]]):
    """A team game dealt, then each seat given the hand of card ids `hands` names, a Stack opened with a 7-Start and
    the rest of the cards the draw pile: a round a test plays out from there."""
    state = engine.initial_state(random.Random(4), options)
    engine.apply_in_place(state, ("deal", 4))
    while state.pending:
        engine.apply_in_place(state, engine.legal_actions(state)[-1])
    state.chance, state.actor, state.head_start = Turn(), None, None
    pool = [c for me in state.players for c in me.hand] + state.pile
    ids = {c: state.catalog.cards[c].id for c in pool}
    used = set()

    def pick(card_id):
        found = next(c for c in pool if ids[c] == card_id and c not in used)
        used.add(found)
        return found

    for seat, card_ids in enumerate(hands):
        state.players[seat].hand = [pick(i) for i in card_ids]
    state.stacks = [Stack([pick("seven-start")], 7)]
    state.pile = [c for c in pool if c not in used]
    return state


def test_escape_alliance_partners_choose_who_takes_the_story_card(em_engine):
    """Seed, team game: teammates may pick which one of them draws the Story card."""
    engine = em_engine
    state = team_table(engine, engine.options(players=4, team=True),
                       [["mice-8"], ["robots-2", "robots-3"], [], ["teens-2"]])
    state.players[2].out = True  # seat 2 went out already; its partner, seat 0, ends the round (teams 0+2, 1+3)
    acting(engine, state, 0, ("play", state.players[0].hand[0], 0))
    if state.phase == "photo":
        engine.apply_in_place(state, ("photo", ()))
    assert isinstance(state.pending[-1], ShareStory) and state.pending[-1].partners == (1, 3)
    assert engine.legal_actions(state) == [("story_to", 1), ("story_to", 3)]
    engine.apply_in_place(state, ("story_to", 3))
    assert state.players[3].story_next is not None and state.players[1].story_next is None


def test_escape_alliance_going_out_alone_leaves_the_round_running(em_engine):
    """Seed, team game: "Multiple players will declare 'Escape Master' as they go out, but a round only ends when
    both members of a team go out." Seat 0 goes out while its partner, seat 2, still holds a card: the round goes
    on, seat 0 has nothing left to do and no rival can lay a trap on it (rule team-end); once seat 2 lays its last
    card the round ends, and only the cards still held are Blunders (teams 0+2, 1+3)."""
    engine = em_engine
    state = team_table(engine, engine.options(players=4, team=True),
                       [["mice-8"], ["trap-draw-three", "robots-2", "robots-3"], ["teens-9"], ["robots-4"]])
    acting(engine, state, 0, ("play", state.players[0].hand[0], 0))
    assert state.players[0].out and state.phase == "play" and totals(state) == [0, 0, 0, 0]
    assert moves.player_actions(state, 0) == []
    trap = number(engine, state, 1, "trap-draw-three")
    assert {a[2] for a in moves.player_actions(state, 1) if a[0] == "trap" and a[1] == trap} == {2}
    acting(engine, state, 2, ("play", state.players[2].hand[0], 0))
    if state.phase == "photo":
        engine.apply_in_place(state, ("photo", ()))
    while state.pending:
        engine.apply_in_place(state, engine.legal_actions(state)[0])
    assert state.phase in ("deal", "over") and totals(state) == [0, 3, 0, 1]


def test_escape_alliance_a_player_who_is_out_draws_nothing_on_a_call(em_engine):
    """Rule team-end: once out, a player takes no more cards, not even when someone calls "Draw!"; everyone still
    playing draws one, the caller last. The leaders' powers are set aside (one of them skips a called draw)."""
    engine = em_engine
    state = team_table(engine, engine.options(players=4, team=True),
                       [["mice-8"], ["robots-2", "robots-3"], ["teens-2", "teens-k"], ["robots-4"]])
    for me in state.players:
        me.uses.clear()
    acting(engine, state, 0, ("play", state.players[0].hand[0], 0))
    assert state.phase == "play" and ("announce",) in moves.player_actions(state, 1)
    acting(engine, state, 1, ("announce",))
    assert [len(me.hand) for me in state.players] == [0, 3, 3, 2]


def test_three_teams_the_lowest_total_wins_once_one_reaches_the_breaking_point(em_engine):
    """Seed, team game: "When one team reaches the Breaking Point, the team with the lower score wins." Six players
    make three teams (seats 0+3, 1+4, 2+5). Team 0 goes out on 28, team 1 is left on exactly 30, team 2 on 18: the
    game is over and team 2, the lowest, wins, not team 0, which ended the round lower than team 1."""
    engine = em_engine
    hands = [["mice-8"], ["robots-1", "robots-2", "robots-3", "robots-4", "robots-5"],
             ["teens-1", "teens-2", "teens-3"], [], ["robots-6", "robots-7", "robots-8", "robots-9", "robots-10"],
             ["teens-4", "teens-5", "teens-6"]]
    state = team_table(engine, engine.options(players=6, team=True, difficulty="green"), hands)
    for seat, total in enumerate([14, 10, 6, 14, 10, 6]):
        state.players[seat].total = total
    state.players[3].out = True  # seat 3 went out already; its partner, seat 0, ends the round
    acting(engine, state, 0, ("play", state.players[0].hand[0], 0))
    while state.pending:
        engine.apply_in_place(state, engine.legal_actions(state)[0])
    assert totals(state) == [14, 15, 9, 14, 15, 9]  # teams: 28, 30, 18
    assert state.over and state.winners == [2, 5]


def test_a_snared_player_may_lay_anything_on_wisdom(em_engine):
    """Wisdom takes any card after it (seed); with no rank on top, a Snare has no direction to enforce."""
    engine = em_engine
    state = table(engine, [["mice-2", "mice-k"], ["trap-ascending", "teens-9"]], stacks=[["seven-start", "wisdom"]])
    acting(engine, state, 1, ("trap", number(engine, state, 1, "trap-ascending"), 0))
    laid = {card(engine, a[1]) for a in moves.player_actions(state, 0) if a[0] == "play"}
    assert laid == {"mice-2", "mice-k"}


def test_a_partner_lifts_a_teammates_trap_and_only_the_vanisher_discards(em_engine):
    """Seed, team game: any Escape may go on a teammate's Trap; a Vanish lets only its player discard."""
    engine = em_engine
    state = engine.initial_state(random.Random(6), engine.options(players=4, team=True))
    engine.apply_in_place(state, ("deal", 6))
    while state.pending:
        engine.apply_in_place(state, engine.legal_actions(state)[-1])
    state.chance, state.actor, state.head_start = Turn(), None, None
    players = state.players
    cards = state.catalog.cards
    trap = next(c.number for c in cards if c.id == "trap-ascending")
    vanish = next(c.number for c in cards if c.id == "escape-vanish")
    for zone in [me.hand for me in players] + [state.pile]:
        zone[:] = [c for c in zone if c not in (trap, vanish)]
    players[2].snares.append(trap)  # seat 2's partner is seat 0 (teams 0+2, 1+3)
    players[0].hand.append(vanish)
    offered = [a for a in engine.legal_actions(engine.apply(state, ("turn", 0))) if a[0] == "escape" and a[3] == trap]
    assert offered and all(a[2] == 2 for a in offered)
    assert {a[4] for a in offered} - {None} <= set(players[0].hand)  # the discard comes from the vanisher's hand
    mine = next(a for a in offered if a[1] == vanish and a[4] is not None)
    acting(engine, state, 0, mine)
    assert not state.players[2].snares and {trap, vanish} <= set(state.players[2].history)
    assert mine[4] in state.players[0].history


def test_an_empty_story_deck_gives_nobody_a_story_card(em_engine):
    """This edition decides: no Story card left, nobody draws."""
    engine = em_engine
    state = table(engine, [["mice-8"], ["robots-2", "robots-3"]], stacks=[["seven-start"]])
    state.story_deck = []
    _end_round_now(engine, state, 0)
    assert all(me.story_next is None for me in state.players) and totals(state) == [0, 2]


def test_a_last_combination_goes_out_in_a_photo_finish(em_engine):
    """Seed: "Multiple players may go out if they both play their last card ... at the same time", and a
    combination lets a player "play 2 cards at once using one hand": a rival whose last two cards make a
    combination can be as fast as the caller (clar-photo-finish)."""
    engine = em_engine
    state = table(engine, [["mice-6"], ["robots-3", "robots-4"], ["teens-9", "teens-3"]],
                  stacks=[["seven-start"], ["seven-start", "teens-8"]])
    acting(engine, state, 0, ("play", number(engine, state, 0, "mice-6"), 0))
    assert engine.is_chance(state) and engine.chance_outcomes(state) == [("photo", ()), ("photo", (1,))]
    engine.apply_in_place(state, ("photo", (1,)))
    assert totals(state)[:3] == [0, 0, 2]


def test_two_cards_that_cannot_go_down_together_never_finish_in_a_photo_finish(em_engine):
    """The same instant is one motion: two cards that make no combination are two plays, never a last card."""
    engine = em_engine
    state = table(engine, [["mice-6"], ["robots-3", "mice-4"], ["teens-9", "teens-3"]],
                  stacks=[["seven-start"], ["seven-start", "teens-8"]])
    acting(engine, state, 0, ("play", number(engine, state, 0, "mice-6"), 0))
    assert state.phase in ("deal", "over") and totals(state)[:3] == [0, 2, 2]  # no photo finish was asked


def _head_start(engine, hands, stacks):
    """Hands and Stacks as a test needs them, and seat 0 holding Head Start (2 plays), about to act."""
    state = table(engine, hands, stacks=stacks)
    state.players[0].powers += (Power("story-head-start", "HEAD_START", 2),)
    state.chance, state.actor, state.head_start = None, None, (0, 2)
    engine.settle(state)
    return state


def test_a_head_start_draw_is_not_a_play_and_ends_the_head_start(em_engine):
    """Head Start: "Your first 2 plays of the round happen before anyone else may act"; the seed keeps drawing
    apart from playing ("Players may only draw from the draw pile if they have no playable Numbered cards").
    A draw takes effect as no play of the head start (clar-head-start): it ends it, and is not its witness."""
    engine = em_engine
    # a Pitfall to play, and no Numbered card that fits: a play is on offer, and so is a draw
    state = _head_start(engine, [["trap-draw-three", "mice-2"], ["robots-9"], ["teens-9"]], [["seven-start"]])
    assert state.actor == 0 and not engine.is_chance(state) and ("draw",) in engine.legal_actions(state)
    engine.apply_in_place(state, ("draw",))
    assert state.head_start is None and engine.is_chance(state)  # everyone may act now
    assert not any("HEAD_START" in words for _, words in state.resolved)
    # with no play to make at all, the head start is over before it began
    state = _head_start(engine, [["mice-2", "mice-10"], ["robots-9"], ["teens-9"]], [["seven-start"]])
    assert state.head_start is None and engine.is_chance(state)


def test_a_head_start_gives_its_holder_two_plays_before_anyone_acts(em_engine):
    """Head Start: the first 2 plays of the round "happen before anyone else may act": each card laid is
    witnessed; after the second, chance picks who acts."""
    engine = em_engine
    state = _head_start(engine, [["mice-6", "mice-5", "mice-4"], ["robots-8"], ["teens-8"]], [["seven-start"]])
    for card_id in ("mice-6", "mice-5"):
        assert state.actor == 0 and not engine.is_chance(state)
        engine.apply_in_place(state, ("play", number(engine, state, 0, card_id), 0))
        assert ("story-head-start", ("HEAD_START",)) in state.resolved
    assert state.head_start is None and engine.is_chance(state)


def test_a_used_story_card_beyond_four_experience_goes_under_the_story_deck(em_engine, em_project):
    """Seed: "A player can never save more than 4 Experience points at a time"; where the card goes then is this
    edition's ruling (clar-xp-cap): to the bottom of the STORY deck. The Clarifications say once, in their intro,
    that they are the edition's rulings; the ruling itself is stated plainly, and rule 12.4 does not repeat it."""
    rules = {r.id: r.text for section in em_project.game.rules.sections for r in section.rules}
    clarifications = next(s for s in em_project.game.rules.sections if s.id == "clarifications")
    assert "This edition decides" in clarifications.intro
    assert "fifth Experience goes to the bottom of the STORY deck" in rules["clar-xp-cap"]
    assert "bottom of the STORY deck" not in rules["experience"] and "at most 4" in rules["experience"]
    engine = em_engine
    state = table(engine, [["mice-8"], ["robots-2", "robots-3"]], stacks=[["seven-start"]])
    me = state.players[1]
    me.xp, me.story_now = state.story_deck[:4], state.story_deck[4]
    state.story_deck = state.story_deck[5:]
    used = me.story_now
    _end_round_now(engine, state, 0)
    assert len(me.xp) == 4 and used not in me.xp and state.story_deck[-1] == used  # at the bottom
