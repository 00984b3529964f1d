"""Stranded's engine against the seed's rules, one situation at a time.

Each test lays a fight (a danger, the top of the fighting stack, life) and
plays moves through the engine's own API, as a player would: cards come into
the fight by drawing them, abilities by using them.
"""
import random

import pytest
from helpers import play_moves

from pnp.games.stranded.catalog import AGING
from pnp.games.stranded.engine import FINALS, StrandedEngine
from pnp.games.stranded.playtest import finals
from pnp.games.stranded.state import ChooseChapter, ChooseDanger, Reshuffle


@pytest.fixture(scope="module")
def engine():
    from helpers import validated

    return StrandedEngine.from_game(validated("stranded").game)


class Cards:
    """Card indexes by the key of their fighting side (or a danger's or chapter's id), a new copy each time."""

    def __init__(self, engine):
        self.catalog, self.taken = engine.catalog, set()

    def __call__(self, key: str) -> int:
        c = self.catalog
        for i in range(len(c.keys)):
            if i not in self.taken and key in (c.fight_key[i], c.keys[i]):
                self.taken.add(i)
                return i
        raise KeyError(f"no more copies of {key}")


def fight(engine, against: str, stack=(), sol=0, life=10, level="red", discard=(), aging=()):
    """A fight in progress: the danger (or Final Chapter) named, `stack` on top of the fighting stack (top first)."""
    cards = Cards(engine)
    state = engine.initial_state(random.Random(1), engine.options(level=level))
    state.chance, state.sol, state.life = None, sol, life
    card = cards(against)
    state.deck = [cards(key) for key in reversed(stack)]  # the top of the stack is the end of the list
    state.discard = [cards(key) for key in discard]
    state.aging = [cards(key) for key in aging]
    # the other dangers and chapters wait in their piles, so the game goes on after this fight
    state.dangers = [x for x in state.dangers if x not in cards.taken] if sol < FINALS else []
    state.chapters = [x for x in state.chapters if x not in cards.taken or x == card]
    engine.begin_fight(state, card)
    return state


play = play_moves


def drawn(engine, state, key: str) -> int:
    return next(x for x in state.drawn if engine.catalog.fight_key[x] == key)


def use(engine, state, key: str, *targets: str):
    play(engine, state, ("use", drawn(engine, state, key)), *[("target", drawn(engine, state, t)) for t in targets])
    return state


# -- doubling ---------------------------------------------------------------------------------------------
ENGINEER, STRATEGIST = "solar-flare-engineer:knowledge", "crater-fall-strategist:knowledge"


def test_a_value_is_doubled_once_and_a_second_double_must_take_another_card(engine):
    s = fight(engine, "crater-fall-genius", [ENGINEER, STRATEGIST, "brave"])
    play(engine, s, ("draw",), ("draw",), ("draw",))
    use(engine, s, ENGINEER, "brave")
    assert engine.strength(s) == 2 + 3 + 2 * 2
    play(engine, s, ("use", drawn(engine, s, STRATEGIST)))
    targets = [a for a in engine.legal_actions(s) if a[0] == "target"]
    assert targets == [("target", drawn(engine, s, ENGINEER))]  # Brave is doubled already
    play(engine, s, targets[0])
    assert engine.strength(s) == 2 * 2 + 3 + 2 * 2


def test_a_copied_double_doubles_yet_another_card(engine):
    s = fight(engine, "crater-fall-genius", [ENGINEER, "solar-flare-mimic:knowledge", "brave", "steady"])
    play(engine, s, ("draw",), ("draw",), ("draw",), ("draw",))
    use(engine, s, ENGINEER, "brave")
    use(engine, s, "solar-flare-mimic:knowledge", ENGINEER)  # copy Double ...
    assert ("target", drawn(engine, s, "brave")) not in engine.legal_actions(s)
    play(engine, s, ("target", drawn(engine, s, "steady")))  # ... onto another card
    assert engine.strength(s) == 2 + 1 + 2 * 2 + 2 * 1


# -- copy ---------------------------------------------------------------------------------------------------
MIMIC, IMPROVISER = "solar-flare-mimic:knowledge", "crater-fall-improviser:knowledge"


def test_a_copy_may_copy_a_copy_which_copies_a_third_card(engine):
    s = fight(engine, "crater-fall-genius", [MIMIC, IMPROVISER, "ration-bar"], life=10)
    play(engine, s, ("draw",), ("draw",), ("draw",))
    use(engine, s, MIMIC, IMPROVISER)
    # the copied Copy cannot copy back the card that started the chain
    assert [a for a in engine.legal_actions(s) if a[0] == "target"] == [("target", drawn(engine, s, "ration-bar"))]
    play(engine, s, ("target", drawn(engine, s, "ration-bar")))
    assert s.life == 11 and not s.pending


def test_a_copy_with_only_copies_and_plain_cards_to_copy_cannot_be_used(engine):
    s = fight(engine, "crater-fall-genius", [MIMIC, IMPROVISER, "steady"])
    play(engine, s, ("draw",), ("draw",), ("draw",))
    assert not [a for a in engine.legal_actions(s) if a[0] == "use"]


def test_a_copy_cannot_copy_an_aging_ability(engine):
    s = fight(engine, "crater-fall-genius", [MIMIC, "cabin-fever"])
    play(engine, s, ("draw",), ("draw",))
    assert not [a for a in engine.legal_actions(s) if a[0] == "use"]


def test_copying_plus_2_life_gains_up_to_2_more_never_above_22(engine):
    s = fight(engine, "crater-fall-genius", ["torn-suit-rationing:knowledge", MIMIC], life=19)
    play(engine, s, ("draw",), ("draw",))
    use(engine, s, "torn-suit-rationing:knowledge")
    use(engine, s, MIMIC, "torn-suit-rationing:knowledge")
    assert s.life == engine.cap == 22


# -- highest card = 0 ---------------------------------------------------------------------------------------
def test_highest_card_zero_takes_one_of_two_equally_high_cards(engine):
    s = fight(engine, "crater-fall-genius", ["cabin-fever", "brave", "torn-suit-toolkit:knowledge", "steady"])
    play(engine, s, ("draw",), ("draw",), ("draw",), ("draw",))
    assert engine.strength(s) == 2 + 0 + 1  # Brave 2 and Toolkit 2: only one of them counts 0


def test_highest_card_zero_skips_a_doubled_card(engine):
    s = fight(engine, "crater-fall-genius", ["cabin-fever", ENGINEER, "brave", "steady"])
    play(engine, s, ("draw",), ("draw",), ("draw",), ("draw",))
    use(engine, s, ENGINEER, "brave")  # Brave 4 is doubled, not unchanged: Engineer 2 counts 0 instead
    assert engine.strength(s) == 4 + 0 + 1


# -- stop ---------------------------------------------------------------------------------------------------
def test_stop_ends_the_free_draws_until_it_is_removed_mid_fight(engine):
    s = fight(engine, "airlock-jam-scientist", ["airlock-jam-mechanic:knowledge", "daydream", "steady", "brave"])
    assert engine.catalog.free[s.current] == 4
    play(engine, s, ("draw",), ("draw",))
    assert ("draw",) not in engine.legal_actions(s) and ("buy",) in engine.legal_actions(s)
    use(engine, s, "airlock-jam-mechanic:knowledge", "daydream")  # destroyed: the free draws come back
    assert ("draw",) in engine.legal_actions(s) and ("buy",) not in engine.legal_actions(s)
    play(engine, s, ("draw",), ("draw",))
    assert ("draw",) not in engine.legal_actions(s)  # 4 free cards drawn, Daydream included
    assert [engine.catalog.fight_key[x] for x in s.removed] == ["daydream"]


# -- sort 3 ----------------------------------------------------------------------------------------------------
def test_sort_3_discards_one_and_puts_the_others_back_in_the_chosen_order(engine):
    s = fight(engine, "airlock-jam-scientist", ["frozen-valve-checklist:knowledge", "fumble", "brave", "steady", "tired"])
    play(engine, s, ("draw",))
    play(engine, s, ("use", drawn(engine, s, "frozen-valve-checklist:knowledge")))
    fumble, brave, steady = s.deck[-1], s.deck[-2], s.deck[-3]
    play(engine, s, ("sort", fumble, (steady, brave)))
    assert fumble in s.discard
    assert s.deck[-1] == steady and s.deck[-2] == brave and engine.catalog.fight_key[s.deck[-3]] == "tired"
    play(engine, s, ("draw",))
    assert s.drawn[-1] == steady


def test_sort_with_fewer_than_3_cards_looks_at_those_only(engine):
    s = fight(engine, "airlock-jam-scientist", ["frozen-valve-checklist:knowledge", "fumble"], aging=["despair"])
    play(engine, s, ("draw",))
    play(engine, s, ("use", drawn(engine, s, "frozen-valve-checklist:knowledge")))
    sorts = [a for a in engine.legal_actions(s) if a[0] == "sort"]
    assert sorts == [("sort", None, (s.deck[-1],)), ("sort", s.deck[-1], ())]
    assert s.aging  # no aging card was drawn for the sort


# -- losing, life and zero life --------------------------------------------------------------------------------
def test_losing_pays_the_shortfall_which_buys_destroys_at_1_or_2_life(engine):
    s = fight(engine, "airlock-jam-scientist", ["stiff-knees", "tired", "steady"], sol=1, life=10)  # yellow: 6
    play(engine, s, ("draw",), ("draw",), ("draw",))
    assert engine.target(s) - engine.strength(s) == 6
    play(engine, s, ("lose",))
    assert s.life == 4
    play(engine, s, ("destroy", drawn(engine, s, "stiff-knees")), ("destroy", drawn(engine, s, "tired")))
    assert [engine.catalog.fight_key[x] for x in s.removed] == ["stiff-knees", "tired"]
    assert ("destroy", drawn(engine, s, "steady")) in engine.legal_actions(s)  # 6 paid, 3 used: 3 left
    play(engine, s, ("done",))
    assert s.current is None and [engine.catalog.fight_key[x] for x in s.discard] == ["steady"]


def test_no_extra_life_may_be_paid_to_destroy_more_cards(engine):
    """Seed: "You are not allowed to »sacrifice« additional life points to destroy additional unwanted cards"
    (rule 4.7). Short by 1, a fight lost on purpose pays 1 life: it destroys one starting card, never an aging
    card (2 life), and once that life is spent the fight ends with no offer to pay for more."""
    s = fight(engine, "static-crackle-grit", ["stiff-knees", "brave"], sol=2, life=10)  # red: 2
    play(engine, s, ("draw",))
    play(engine, s, ("buy",))  # 1 life: Brave; strength -1 + 2 = 1, short by 1
    assert engine.target(s) - engine.strength(s) == 1
    play(engine, s, ("lose",))
    assert s.life == 8
    offered = engine.legal_actions(s)
    assert ("destroy", drawn(engine, s, "stiff-knees")) not in offered  # an aging card costs 2
    play(engine, s, ("destroy", drawn(engine, s, "brave")))
    # the fight is over: the next one is offered, with no way to pay for another destroy, and nothing more paid
    assert s.current is None and isinstance(s.pending[-1], ChooseDanger) and s.life == 8
    assert not [a for a in engine.legal_actions(s) if a[0] == "destroy"]
    assert [engine.catalog.fight_key[x] for x in s.removed] == ["brave"]


def test_zero_life_is_allowed_and_the_game_is_lost_only_when_one_more_is_due(engine):
    s = fight(engine, "static-crackle-grit", ["steady", "fumble"], sol=2, life=1)  # red: 2
    play(engine, s, ("draw",), ("lose",))
    assert s.life == 0 and not s.over  # short by 1 with 1 life: paid, alive at 0
    s2 = fight(engine, "static-crackle-grit", ["fumble"], sol=2, life=0)
    play(engine, s2, ("draw",))
    assert ("buy",) not in engine.legal_actions(s2)  # a card would cost a life there is not
    play(engine, s2, ("lose",))
    assert s2.over and not s2.won  # 3 more due with none: lost


def test_a_won_fight_at_zero_life_goes_on(engine):
    s = fight(engine, "static-crackle-grit", ["brave"], sol=2, life=0)
    play(engine, s, ("draw",), ("win",))
    assert s.life == 0 and not s.over and isinstance(s.pending[-1], ChooseDanger)


def test_aging_life_loss_is_paid_won_or_lost_and_kills_only_past_zero(engine):
    s = fight(engine, "static-crackle-grit", ["homesick", "brave"], sol=2, life=1)
    play(engine, s, ("draw",))
    play(engine, s, ("buy",))  # the free card is used: 1 life for Brave
    assert s.life == 0
    play(engine, s, ("win",))
    assert s.over and not s.won  # Homesick's 1 life is due and there is none


def _last_chapter_with_homesick(engine, life):
    """The last Final Chapter (The Long Night, 18) beaten with Homesick among the cards: 17 from the free cards,
    then Pioneer draws the one card left, the 3 that makes 20."""
    stack = ["homesick", "crater-fall-genius:knowledge", "habitat-fire-survivor:knowledge",
             "oxygen-leak-resilience:knowledge", "habitat-fire-pioneer:knowledge", "crater-fall-improviser:knowledge",
             "oxygen-leak-endurance:knowledge"]
    s = fight(engine, "the-long-night", stack, sol=FINALS, life=life)
    s.chapters = [s.current]  # the other one is beaten already
    for _ in range(6):
        play(engine, s, ("draw",))
    play(engine, s, ("use", drawn(engine, s, "habitat-fire-pioneer:knowledge")))
    if ("enough",) in engine.legal_actions(s):  # up to 2 more cards: the stack held one
        play(engine, s, ("enough",))
    assert engine.strength(s) == 20 and ("win",) in engine.legal_actions(s)
    play(engine, s, ("win",))
    return s


def test_homesick_takes_its_life_before_the_last_final_chapter_wins_the_game(engine):
    """Seed: an aging card's "-1 life: At the end of the fight you must pay 1 (additional) life point ... even if
    you win the fight"; "If you need to pay a life token ... and do not have any left you immediately lose";
    "After you beat the second Final Chapter, you win the game". This edition's ruling (clar-aging-last-fight):
    the fight's end comes first, so at 0 life Homesick loses the game the last chapter would have won; with 1
    life it is paid and the game is won at 0."""
    s = _last_chapter_with_homesick(engine, life=0)
    assert s.over and not s.won
    s = _last_chapter_with_homesick(engine, life=1)
    assert s.over and s.won and s.life == 0


def _clarifications():
    """The Clarifications section: its intro, and its rulings by id."""
    from helpers import validated

    section = next(s for s in validated("stranded").game.rules.sections if s.id == "clarifications")
    return section.intro, {rule.id: rule.text for rule in section.rules}


# a ruling narrating where it comes from, rather than stating the rule (the section's intro says it once)
NARRATING = ("this edition", "our ruling", "we rule", "ours")


def test_the_last_fight_ruling_is_named_in_the_clarifications():
    """The order at the last fight is this edition's ruling, and the rulebook says so: once, in the intro of the
    Clarifications it stands in; the ruling itself is stated plainly."""
    intro, rulings = _clarifications()
    assert "this edition's" in intro
    assert rulings["clar-aging-last-fight"].startswith("The last fight ends like any other")
    assert "{card:homesick}" in rulings["clar-aging-last-fight"]


def test_the_clarifications_state_their_rulings_in_one_voice():
    """The proofreader's fault 11: "This edition decides", "Our ruling", "We rule" and notes to self ("Nobody
    would, but the rule is simple") in the rulings. The intro names them as the edition's; none says it again."""
    intro, rulings = _clarifications()
    assert "this edition's" in intro
    for rule_id, text in rulings.items():
        assert not any(word in text.lower() for word in NARRATING), (rule_id, text)
        assert "Nobody would" not in text, rule_id


# -- the stacks ----------------------------------------------------------------------------------------------------
def test_an_empty_stack_takes_an_aging_card_into_the_reshuffle(engine):
    s = fight(engine, "airlock-jam-scientist", [], discard=["steady", "brave"], aging=["despair", "collapse"])
    play(engine, s, ("draw",))
    assert isinstance(s.chance, Reshuffle)
    outcome = engine.sample_chance(s, random.Random(3))
    play_chance(engine, s, outcome)
    keys = sorted(engine.catalog.fight_key[x] for x in s.deck + s.drawn)
    assert keys == ["brave", "collapse", "steady"] and len(s.aging) == 1 and not s.discard


def play_chance(engine, s, outcome):
    engine.apply_in_place(s, outcome)
    engine.check_invariants(s)


def test_below_the_stack_replaces_a_free_card_but_not_a_bought_one(engine):
    s = fight(engine, "static-crackle-grit", ["torn-suit-reroute:knowledge", "fumble", "steady", "brave"], life=5)
    play(engine, s, ("draw",), ("buy",))  # Grit gives 1 free card: Fumble is bought
    use(engine, s, "torn-suit-reroute:knowledge", "fumble")
    assert engine.catalog.fight_key[s.deck[0]] == "fumble" and len(s.drawn) == 1  # no replacement
    s = fight(engine, "airlock-jam-scientist", ["torn-suit-reroute:knowledge", "fumble", "steady"])
    play(engine, s, ("draw",), ("draw",))
    use(engine, s, "torn-suit-reroute:knowledge", "fumble")
    play(engine, s, ("replace",))
    assert engine.catalog.fight_key[s.drawn[-1]] == "steady" and s.free_drawn == 2  # a fresh free card


def test_a_card_drawn_by_plus_1_card_is_an_extra_card_not_a_free_one(engine):
    """The seed counts the free cards by the danger's box ("You can draw new cards until the number equals the value
    of the white box"); +1 card draws "1 additional fighting card for free", beyond that number. Clarification
    clar-ability-draws: such a card costs no life, leaves the free-card marker where it is, and lies right of the
    danger with the bought cards, so the danger's free cards are all still to come."""
    s = fight(engine, "airlock-jam-scientist", ["second-look", "fumble", "steady"], life=5)
    play(engine, s, ("draw",))
    use(engine, s, "second-look")
    fumble = drawn(engine, s, "fumble")
    assert s.life == 5 and s.free_drawn == 1 and fumble not in s.free_set
    assert ("draw",) in engine.legal_actions(s) and ("buy",) not in engine.legal_actions(s)  # 3 free cards left


def test_below_the_stack_on_a_card_drawn_by_plus_1_card_gives_no_replacement(engine):
    """The seed: Below the stack gives a replacement only "If you choose one of the free cards from the left side of
    the endangerment card". Clarification clar-ability-draws lays +1 card's draw to the right: nothing comes back."""
    s = fight(engine, "airlock-jam-scientist", ["second-look", "torn-suit-reroute:knowledge", "fumble", "steady"])
    play(engine, s, ("draw",), ("draw",))
    use(engine, s, "second-look")
    use(engine, s, "torn-suit-reroute:knowledge", "fumble")
    assert ("replace",) not in engine.legal_actions(s) and s.pending == []
    assert [engine.catalog.fight_key[x] for x in s.drawn] == ["second-look", "torn-suit-reroute:knowledge"]
    assert engine.catalog.fight_key[s.deck[0]] == "fumble" and engine.catalog.fight_key[s.deck[-1]] == "steady"


def test_dust_storm_season_charges_nothing_for_a_card_drawn_by_plus_1_card(engine):
    """Dust Storm Season doubles the price of a bought card; +1 card's draw costs no life (the seed: "for free")."""
    s = fight(engine, "dust-storm-season", ["second-look", "brave"], sol=FINALS, life=5)
    play(engine, s, ("draw",))
    use(engine, s, "second-look")
    assert s.life == 5 and ("dust-storm-season", ("DEAR_DRAWS",)) not in s.resolved


def test_the_card_replacing_a_free_card_put_below_the_stack_may_be_declined(engine):
    """The seed: a free card put below lets you "can draw" a replacement: a choice, not a must."""
    s = fight(engine, "airlock-jam-scientist", ["torn-suit-reroute:knowledge", "fumble", "steady"])
    play(engine, s, ("draw",), ("draw",))
    use(engine, s, "torn-suit-reroute:knowledge", "fumble")
    assert sorted(engine.legal_actions(s)) == [("enough",), ("replace",)]
    play(engine, s, ("enough",))
    assert [engine.catalog.fight_key[x] for x in s.drawn] == ["torn-suit-reroute:knowledge"]
    assert engine.catalog.fight_key[s.deck[0]] == "fumble" and engine.catalog.fight_key[s.deck[-1]] == "steady"


def test_below_the_stack_needs_a_card_to_put_it_under(engine):
    """The seed: the stack must hold "at least 1 single card" (a reshuffle may make one); with nothing
    left to draw at all, Below the stack cannot be used."""
    s = fight(engine, "airlock-jam-scientist", ["torn-suit-reroute:knowledge", "fumble"])
    play(engine, s, ("draw",), ("draw",))
    assert not s.deck and not s.discard and not s.aging
    assert not [a for a in engine.legal_actions(s) if a[0] == "use"]
    s = fight(engine, "airlock-jam-scientist", ["torn-suit-reroute:knowledge", "fumble"], discard=["brave"])
    play(engine, s, ("draw",), ("draw",))
    play(engine, s, ("use", drawn(engine, s, "torn-suit-reroute:knowledge")))
    assert isinstance(s.chance, Reshuffle)  # the empty stack is refilled first
    play_chance(engine, s, engine.sample_chance(s, random.Random(1)))
    play(engine, s, ("target", drawn(engine, s, "fumble")), ("enough",))
    assert [engine.catalog.fight_key[x] for x in s.deck] == ["fumble", "brave"]


def test_exchange_2_may_exchange_the_card_it_just_drew(engine):
    s = fight(engine, "airlock-jam-scientist", ["oxygen-leak-tinkerer:knowledge", "fumble", "stiff-knees", "brave"])
    play(engine, s, ("draw",), ("draw",))
    use(engine, s, "oxygen-leak-tinkerer:knowledge", "fumble")
    assert engine.catalog.fight_key[s.drawn[-1]] == "stiff-knees"
    assert ("enough",) in engine.legal_actions(s)  # the second exchange is optional
    play(engine, s, ("target", drawn(engine, s, "stiff-knees")))
    assert [engine.catalog.fight_key[x] for x in s.drawn] == ["oxygen-leak-tinkerer:knowledge", "brave"]


def test_the_last_danger_is_fought_without_a_choice(engine):
    s = engine.initial_state(random.Random(1), engine.options(level="green"))
    s.chance = None
    last, s.danger_discard, s.dangers = s.dangers[0], s.dangers[1:], s.dangers[:1]
    engine.settle(s)
    assert s.current == last and not s.pending


# -- Sols and Final Chapters ------------------------------------------------------------------------------------
def test_sol_minus_1_fights_one_sol_earlier_and_does_nothing_in_green(engine):
    s = fight(engine, "airlock-jam-scientist", ["solar-flare-hard-lesson:knowledge", "oxygen-leak-endurance:knowledge"],
              sol=2)
    play(engine, s, ("draw",), ("draw",))
    assert engine.target(s) == 9
    use(engine, s, "solar-flare-hard-lesson:knowledge")
    use(engine, s, "oxygen-leak-endurance:knowledge")
    assert engine.target(s) == 3  # red -> yellow -> green
    s = fight(engine, "airlock-jam-scientist", ["solar-flare-hard-lesson:knowledge"], sol=0)
    play(engine, s, ("draw",))
    assert not [a for a in engine.legal_actions(s) if a[0] == "use"]


def test_a_final_chapter_cannot_be_lost_on_purpose(engine):
    s = fight(engine, "the-long-night", ["fumble"] * 3 + ["tired"] * 7, sol=FINALS, life=3)
    assert engine.catalog.free[s.current] == 6
    play(engine, s, ("draw",))
    kinds = {a[0] for a in engine.legal_actions(s)}
    assert "lose" not in kinds and "buy" not in kinds  # free cards remain: draw them
    for _ in range(5):
        play(engine, s, ("draw",))
    play(engine, s, ("buy",), ("buy",), ("buy",))
    assert s.life == 0
    assert engine.legal_actions(s) == [("buy",)]  # at 0 life paying is all there is, and it loses
    play(engine, s, ("buy",))
    assert s.over and not s.won


def test_the_dangers_left_after_the_red_sol_are_not_used_again(engine):
    """Seed: "After you finish the endangerment stack a third time, you fight against the two Final Chapters. The
    remaining endangerment cards in the endangerment discard pile are not used anymore" (rule 5.3)."""
    s = fight(engine, "static-crackle-grit", ["brave"], sol=2)
    s.dangers = []  # the red Sol's stack is used up by this fight
    left = list(s.danger_discard) or [x for x in engine.catalog.dangers if x != s.current][:3]
    s.danger_discard = left
    play(engine, s, ("draw",), ("win",))
    assert s.sol == FINALS and s.danger_discard == [] and s.dangers == []
    assert isinstance(s.pending[-1], ChooseChapter) and s.chance is None  # no shuffle of the dangers left
    play(engine, s, ("chapter", s.chapters[0]))
    assert engine.catalog.kinds[s.current] != engine.catalog.kinds[left[0]]  # a Final Chapter, never a danger


def test_dust_storm_season_makes_each_extra_card_cost_2(engine):
    s = fight(engine, "dust-storm-season", ["tired"] * 7 + ["brave"], sol=FINALS, life=5)
    for _ in range(7):
        play(engine, s, ("draw",))
    play(engine, s, ("buy",))
    assert s.life == 3 and ("dust-storm-season", ("DEAR_DRAWS",)) in s.resolved


def test_failing_reactor_weighs_2_per_aging_card_in_the_fighting_deck(engine):
    s = fight(engine, "failing-reactor", ["steady"], sol=FINALS, discard=["despair", "homesick", "tired"])
    assert engine.target(s) == 22 + 2 * 2
    assert sum(1 for x in s.discard if engine.catalog.kinds[x] == AGING) == 2


def test_the_ascent_vehicle_allows_no_doubling(engine):
    s = fight(engine, "the-ascent-vehicle", [ENGINEER, "brave"], sol=FINALS)
    play(engine, s, ("draw",), ("draw",))
    assert not [a for a in engine.legal_actions(s) if a[0] == "use"]


def test_beating_both_final_chapters_wins(engine):
    s = engine.initial_state(random.Random(2), engine.options(level="green"))
    finals(engine, s)
    play_chance(engine, s, engine.sample_chance(s, random.Random(2)))
    assert isinstance(s.pending[-1], ChooseChapter) and len(s.chapters) == 2
    from pnp.games.stranded.policies import greedy_policy

    rng = random.Random(5)
    while not s.over:
        action = engine.sample_chance(s, rng) if s.chance else greedy_policy(engine, s, engine.legal_actions(s), rng)
        engine.apply_in_place(s, action)
        engine.check_invariants(s)
    assert s.won == (not s.chapters) and engine.result(s).details["sol"] == FINALS


def test_the_same_seed_replays_the_same_game(engine):
    from pnp.engine.runner import play as play_game
    from pnp.games.stranded.policies import POLICIES

    first = play_game(engine, 11, [POLICIES["greedy"]], keep_trace=True, level="yellow")
    again = play_game(engine, 11, [POLICIES["greedy"]], keep_trace=True, level="yellow")
    assert first.trace == again.trace and first.result == again.result


def test_a_copy_is_not_offered_a_double_with_nothing_left_to_double(engine):
    """Regression (greedy, about 1 game in 3000): two Doubles doubled each other, then a Copy copied a Double and
    found no card to double, leaving no legal move. A copied ability must be usable to be copied."""
    s = fight(engine, "crater-fall-genius", [ENGINEER, STRATEGIST, MIMIC])
    play(engine, s, ("draw",), ("draw",), ("draw",))
    use(engine, s, ENGINEER, STRATEGIST)
    use(engine, s, STRATEGIST, ENGINEER)
    assert ("use", drawn(engine, s, MIMIC)) not in engine.legal_actions(s)


# -- departures from the seed, fixed ---------------------------------------------------------------------------
def test_a_copy_of_a_double_cannot_double_against_the_ascent_vehicle(engine):
    """The Ascent Vehicle: "no card can be doubled", so a Copy has no Double to copy there."""
    s = fight(engine, "the-ascent-vehicle", [MIMIC, ENGINEER, "brave"], sol=FINALS)
    play(engine, s, ("draw",), ("draw",), ("draw",))
    assert not [a for a in engine.legal_actions(s) if a[0] == "use"]


def test_failing_reactor_counts_its_aging_cards_once_as_the_fight_begins(engine):
    """The card: its value rises by 2 per aging card in the fighting deck "when its fight begins"; an aging
    card destroyed or shuffled in during the fight does not change it."""
    s = fight(engine, "failing-reactor", ["airlock-jam-mechanic:knowledge", "despair"], sol=FINALS,
              discard=["homesick"], aging=["collapse"])
    assert engine.target(s) == 22 + 2 * 2
    play(engine, s, ("draw",), ("draw",))
    use(engine, s, "airlock-jam-mechanic:knowledge", "despair")  # one aging card fewer in the deck
    assert engine.target(s) == 22 + 2 * 2
    play(engine, s, ("draw",))  # the stack is empty: Collapse joins the reshuffle
    play_chance(engine, s, engine.sample_chance(s, random.Random(1)))
    assert engine.target(s) == 22 + 2 * 2


def test_homesick_destroyed_with_paid_life_still_takes_its_life(engine):
    """The seed: -1 life is paid "even if you win"; only an ability that removes the card cancels it, and
    the life paid for a lost fight buys the destroying, not the aging card's due."""
    s = fight(engine, "airlock-jam-scientist", ["homesick", "tired"], sol=1, life=10)  # yellow: 6
    play(engine, s, ("draw",), ("draw",), ("lose",))
    assert s.life == 4
    play(engine, s, ("destroy", drawn(engine, s, "homesick")), ("done",))
    assert s.life == 3 and [engine.catalog.fight_key[x] for x in s.removed] == ["homesick"]


def test_the_rulings_the_seed_does_not_state_are_named_as_ours_and_the_rules_point_to_them(engine):
    """Seed, on aging cards: "If you destroy or remove one of these cards with help of another special ability, the
    special ability is canceled" -- silent on one destroyed with the life paid for a lost fight; on Stop: "This card
    stops your drawing of free cards" -- silent on paying for more afterwards ("After drawing the free cards you can
    »sacrifice« additional life points"). Both readings are this edition's: they sit in the Clarifications, and the
    main rules point there instead of stating them as the game's own. The engine follows them (above, and
    test_stop_ends_the_free_draws_until_it_is_removed_mid_fight)."""
    from helpers import validated

    rules = {rule.id: rule.text for section in validated("stranded").game.rules.sections for rule in section.rules}
    intro, clarified = _clarifications()
    assert {"clar-aging-destroyed", "clar-stop-pay"} <= set(clarified) and "this edition's" in intro
    assert rules["clar-aging-destroyed"].startswith("An aging card you destroy with the life paid for a lost fight "
                                                    "still takes its life")
    assert rules["clar-stop-pay"].startswith("A Stop ends the free cards, not the fight.")
    assert "{rule:clar-aging-destroyed}" in rules["aging-at-end"] and "still takes" not in rules["aging-at-end"]
    assert "{rule:clar-stop-pay}" in rules["buy-cards"] and "stops them)" not in rules["buy-cards"]


def test_homesick_removed_by_an_ability_takes_no_life(engine):
    """The seed: an aging card destroyed "with help of another special ability" loses its ability."""
    s = fight(engine, "airlock-jam-scientist", ["airlock-jam-mechanic:knowledge", "homesick", "brave", "steady"],
              sol=0, life=10)
    play(engine, s, ("draw",), ("draw",))
    use(engine, s, "airlock-jam-mechanic:knowledge", "homesick")
    play(engine, s, ("draw",))
    assert engine.strength(s) >= engine.target(s)
    play(engine, s, ("win",))
    assert s.life == 10


# -- this edition's decisions (Clarifications) -------------------------------------------------------------------
def test_destroy_takes_another_card_never_itself(engine):
    """Clarification clar-destroy-other: Destroy removes another card of the fight."""
    s = fight(engine, "airlock-jam-scientist", ["airlock-jam-mechanic:knowledge", "fumble"])
    play(engine, s, ("draw",), ("draw",))
    play(engine, s, ("use", drawn(engine, s, "airlock-jam-mechanic:knowledge")))
    assert engine.legal_actions(s) == [("target", drawn(engine, s, "fumble"))]


def test_stop_halts_the_free_cards_but_not_an_abilitys_draw(engine):
    """Clarification clar-stop-abilities; the seed: Stop "stops your drawing of free cards"."""
    s = fight(engine, "airlock-jam-scientist", ["second-look", "daydream", "brave"])
    play(engine, s, ("draw",), ("draw",))
    assert ("draw",) not in engine.legal_actions(s)
    use(engine, s, "second-look")
    assert engine.catalog.fight_key[s.drawn[-1]] == "brave"


def test_an_exchanged_free_card_is_replaced_by_a_free_card(engine):
    """Clarification clar-replacement-side: the replacement takes the exchanged card's place, so Below the
    stack on it offers a fresh free card."""
    s = fight(engine, "airlock-jam-scientist", ["spare-parts", "torn-suit-reroute:knowledge", "fumble", "tired",
                                                "steady"])
    play(engine, s, ("draw",), ("draw",), ("draw",))
    use(engine, s, "spare-parts", "fumble")
    assert engine.catalog.fight_key[s.drawn[-1]] == "tired" and s.drawn[-1] in s.free_set
    use(engine, s, "torn-suit-reroute:knowledge", "tired")
    assert sorted(engine.legal_actions(s)) == [("enough",), ("replace",)]


def test_a_fight_is_lost_on_purpose_only_while_short(engine):
    """The seed: you lose on purpose when your points are "less than" the danger's value."""
    s = fight(engine, "static-crackle-grit", ["brave", "fumble"], sol=2)  # red: 2
    play(engine, s, ("draw",))
    kinds = {a[0] for a in engine.legal_actions(s)}
    assert "win" in kinds and "lose" not in kinds


def test_a_game_ends_by_its_own_rules_without_a_fight_cap(engine):
    """No cap on fights is needed: each turn takes one or two dangers off the stack, so a Sol of 30 dangers
    has at most 15 fights, and the two Final Chapters are beaten or the game is lost."""
    from pnp.engine.runner import play as play_game
    from pnp.engine.runner import random_kind_policy
    from pnp.games.stranded.policies import greedy_policy

    assert not hasattr(engine.catalog.settings, "max_fights")
    dangers = len(engine.catalog.dangers)
    bound = 3 * ((dangers + 1) // 2) + 2
    for seed in range(60):
        for policy in (greedy_policy, random_kind_policy):
            result = play_game(engine, seed, [policy], level=("green", "yellow", "red")[seed % 3]).result
            assert result.rounds <= bound


# -- witnesses: played is what was tried, resolved what took effect --------------------------------------------------
def test_a_life_ability_used_at_22_life_is_played_but_takes_no_effect(engine):
    s = fight(engine, "airlock-jam-scientist", ["ration-bar"], life=22)
    play(engine, s, ("draw",))
    play(engine, s, ("use", drawn(engine, s, "ration-bar")))
    assert s.played == ["ration-bar"] and not s.resolved
    s = fight(engine, "airlock-jam-scientist", ["ration-bar"], life=20)
    play(engine, s, ("draw",))
    play(engine, s, ("use", drawn(engine, s, "ration-bar")))
    assert s.resolved == [("ration-bar", ("LIFE",))] and s.life == 21


def test_doubling_a_zero_card_witnesses_nothing_and_doubling_a_value_does(engine):
    s = fight(engine, "airlock-jam-scientist", [ENGINEER, "tired", "brave"])
    play(engine, s, ("draw",), ("draw",), ("draw",))
    use(engine, s, ENGINEER, "tired")
    assert not s.resolved
    s = fight(engine, "airlock-jam-scientist", [ENGINEER, "brave"])
    play(engine, s, ("draw",), ("draw",))
    use(engine, s, ENGINEER, "brave")
    assert s.resolved == [(ENGINEER, ("DOUBLE",))]


def test_a_copy_is_credited_with_the_ability_it_copied(engine):
    s = fight(engine, "airlock-jam-scientist", [MIMIC, "ration-bar"], life=10)
    play(engine, s, ("draw",), ("draw",))
    use(engine, s, MIMIC, "ration-bar")
    assert s.resolved == [(MIMIC, ("COPY", "LIFE"))]


def test_a_seeded_game_through_two_doubles_doubling_each_other_and_a_copy_goes_on(engine):
    """Regression, as a whole game: the greedy player at the finals table, seed 6705, reaches a fight where the two
    Doubles have doubled each other and only a Copy is left unused; it must still have a move, and the game ends."""
    from pnp.engine.runner import play as play_game
    from pnp.games.stranded.policies import greedy_policy

    c, reached = engine.catalog, []

    def watch(s, action):
        if s.chance is None and s.current is not None and not s.pending:
            doubles = [x for x in s.drawn if c.word[x] == "DOUBLE"]
            copies = [x for x in s.drawn if c.word[x] == "COPY" and x not in s.used]
            if len(doubles) >= 2 and set(doubles) <= s.doubled and copies and set(s.drawn) <= s.doubled | set(copies):
                reached.append(action)
                assert ("use", copies[0]) not in engine.legal_actions(s)

    result = play_game(engine, 6705, [greedy_policy], stage="pnp.games.stranded.playtest.finals", level="green",
                       on_action=watch).result
    assert reached and result.rounds > 0
