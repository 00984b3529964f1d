"""The three kits (green, yellow, red) and the typed options: what each kit's rulebook says and its engine plays."""
import random
import re

import pytest
from test_escape_master_engine import act, card, hand, table

from pnp.engine.machine import OptionsError
from pnp.games.escape_master import moves


def _rules(kit: str = "green") -> str:
    from typer.testing import CliRunner

    from pnp.cli import app

    result = CliRunner().invoke(app, ["rules", "escape-master", "--format", "md", "--difficulty", kit])
    assert result.exit_code == 0, result.output
    return result.output


def _rule_lines(text: str) -> list[str]:
    """The rules of a rendered rulebook, but the one that describes the colours (it names every kit's additions)."""
    rules = text.split('<a id="glossary">')[0]
    return [line for line in rules.splitlines() if 'id="rule-' in line and 'id="rule-colors"' not in line]


def test_the_green_rulebook_says_nothing_of_the_yellow_and_red_cards(project):
    """The green rules are enough for a first game (the seed's author's note): only the rule that describes the
    colours may name what the higher kits add."""
    text = _rules("green")
    lines = _rule_lines(text)
    for word in ("special", "Wisdom", "trap", "Snare", "escape", "combination", "Doom", "Leader", "Story"):
        said = [line for line in lines if re.search(rf"\b{word}", line, re.IGNORECASE) and "Escape Master" not in line]
        assert not said, (word, said)
    guide = next(line for line in text.splitlines() if 'id="card-quick-guide"' in line)
    basics = guide.split("Yellow rules:")[0]  # the Quick Guide heads its higher kits' lines as the rules name them
    assert "Wisdom" not in basics and "Trap" not in basics and "Doom" not in basics


def test_the_yellow_rulebook_says_nothing_of_the_red_cards(project):
    lines = _rule_lines(_rules("yellow"))
    for word in ("Doom", "Leader", "Story", "Beast", "Experience"):
        assert not [line for line in lines if re.search(rf"\b{word}", line)], word


def test_the_glossary_does_not_list_wisdom_as_a_numbered_card(em_project):
    """Wisdom has no rank and no tribe: the Numbered card entry must not list it among its cards."""
    from pnp.rules.tree import build_reference

    entry = next(e for e in build_reference(em_project.game).glossary if e.term == "Numbered card")
    assert "wisdom" not in entry.cards


def test_the_green_kit_plays_single_cards_only(em_engine):
    """Combinations are a yellow rule in this rulebook: a green table never lays two cards at once."""
    hands = [["mice-3", "mice-4", "teens-j", "robots-j"], ["lumberjacks-1"]]
    green = table(em_engine, hands, [["teens-8"], ["average-joes-10"]], difficulty="green")
    assert not [a for a in moves.player_actions(green, 0) if a[0] == "combo"]
    yellow = table(em_engine, hands, [["teens-8"], ["average-joes-10"]], difficulty="yellow")
    assert [a for a in moves.player_actions(yellow, 0) if a[0] == "combo"]


def test_each_kit_deals_only_its_own_cards(em_engine):
    for kit, kinds in (("green", {"numbered", "start7"}), ("yellow", {"numbered", "start7", "wisdom", "dead_end", "trap",
                                                                    "escape"})):
        state = em_engine.initial_state(random.Random(1), em_engine.options(players=3, difficulty=kit))
        assert {c.kind for c in state.catalog.cards} == kinds
        assert all(me.leader is None for me in state.players) and not state.story_deck


def test_a_card_has_the_same_number_in_every_kit(em_engine):
    red = em_engine.catalogs[em_engine.catalog.difficulty].cards
    for catalog in em_engine.catalogs.values():
        assert [c.id for c in catalog.cards] == [c.id for c in red[:len(catalog.cards)]]


@pytest.mark.parametrize("given, message", [
    ({"player": 4}, "no option 'player'"),
    ({"players": 7}, "option 'players' is 7"),
    ({"team": "yes"}, "option 'team' must be bool"),
    ({"difficulty": "blue"}, "option 'difficulty' is 'blue'"),
])
def test_options_refuse_what_the_game_does_not_know(em_engine, given, message):
    with pytest.raises(OptionsError, match=message):
        em_engine.options(**given)


@pytest.mark.parametrize("given", [{"players": 3, "team": True}, {"players": 2, "team": True},
                                   {"players": 4, "early_ending": True, "difficulty": "yellow"}])
def test_options_the_table_cannot_play_are_refused(em_engine, given):
    """Escape Alliance is played by teams of two; the early ending counts Doom Master cards (red kit only)."""
    with pytest.raises(OptionsError):
        em_engine.initial_state(random.Random(1), em_engine.options(**given))


def test_playtest_tables_name_their_kit_and_table_size(em_project):
    from itertools import islice

    from pnp.engine.playtest import table as run_tables
    from pnp.games.escape_master.playtest import PLAN, setups
    from pnp.model import Difficulty

    found = list(islice(setups(em_project.game, None), 200))
    assert {s.difficulty for s in found} == {"green", "yellow", "red"}
    assert all(dict(s.options)["difficulty"] == s.difficulty and s.group.startswith(f"{len(s.players)} players")
               for s in found)
    assert all(s.difficulty == "red" for s in found if dict(s.options).get("team") or dict(s.options).get("early_ending"))
    greens = run_tables(PLAN, em_project.game, 30, None, Difficulty.green)
    assert {s.difficulty for s in greens} == {"green"}


def test_witnesses_are_what_took_effect(em_engine):
    """A trap played on an immune rival, a special card thrown away and a Wisdom with no Snare to lift are played,
    but only what changed the game counts as having taken effect."""
    from pnp.games.escape_master.state import Power

    state = table(em_engine, [["mice-3"], ["trap-ascending", "dead-end", "wisdom", "teens-4"]], [["seven-start"]])
    state.players[0].immune.add("direction")
    state.players[0].powers += (Power("story-steady-feet", "IMMUNE", "direction"),)
    trap = next(c for c in hand(state, 1) if card(em_engine, c) == "trap-ascending")
    after = act(em_engine, state, 1, ("trap", trap, 0))
    assert after.played == ["trap-ascending"] and after.resolved == [("story-steady-feet", ("IMMUNE",))]
    dead_end = next(c for c in hand(after, 1) if card(em_engine, c) == "dead-end")
    thrown = act(em_engine, after, 1, ("discard", dead_end))
    assert thrown.played and not thrown.resolved
    wisdom = next(c for c in hand(thrown, 1) if card(em_engine, c) == "wisdom")
    laid = act(em_engine, thrown, 1, ("play", wisdom, 0))
    assert laid.resolved == [("wisdom", ("WILD",))]  # it moved onto a Stack; no Snare was there to lift


def test_story_cards_never_borrow_a_game_or_leader_drawing(em_project):
    """A Story card with the Doom Master's crown or Slip Away's door would read as that card: each Story
    drawing is its own. Fourth proofreading: Parting Gift and Heavy Gift shared one, so the card reference (which
    pictures only a card whose drawing no other card of its deck has) left both rows without a picture."""
    game = em_project.game
    story = {r.card.id: r.card.art for r in game.decks["story"].cards}
    others = {r.card.art for name, deck in game.decks.items() if name != "story" for r in deck.cards}
    others |= {suit.art for deck in game.decks.values() for suit in deck.model.suits}
    assert not set(story.values()) & others
    assert len(set(story.values())) == len(story)
    assert all(art in game.emblems for art in story.values())


def test_every_story_card_is_pictured_in_the_card_reference(em_project):
    """Every Story card's row in the card reference shows its small picture (A4 page 17 had none for the gifts)."""
    from pnp.render.rulebook_cards import looks_matter

    records = em_project.game.decks["story"].cards
    assert [r.card.id for r in records if not looks_matter(em_project, r, records)] == []


def test_the_green_rules_keep_the_close_call():
    """The seed's close calls belong to the basic rules: two last cards at once both go out."""
    assert 'id="rule-photo-finish"' in _rules("green")
