"""Escape Master's rules reference: numbering, the glossary from its vocabulary, the green kit."""
import json
import random
import re

import pytest

from pnp.engine.machine import OptionsError
from pnp.model import Difficulty
from pnp.rules.export import to_json
from pnp.rules.tree import build_reference


def test_numbering_happens_at_render_time(em_project):
    ref = build_reference(em_project.game)
    numbers = ref.numbers()
    assert numbers["overview"] == "1" and numbers["goal"] == "1.1"
    assert len(set(numbers.values())) == len(numbers)


def test_glossary_lists_cards_per_term(em_project):
    glossary = {e.id: e for e in build_reference(em_project.game).glossary}
    assert "wild" not in glossary and {"WILD", "NO_DISCARD"} <= set(glossary["wisdom"].words)  # one entry
    assert set(glossary["trap"].cards) >= {"trap-draw-three", "trap-ascending", "trap-descending"}
    assert "stack" in glossary and glossary["stack"].cards  # rules terms list the cards that mention them
    assert "leader-hattie-plowright" in glossary["slide-under-the-draw-pile"].cards  # found in the leader's ability


def test_json_has_rules_terms_and_cards(em_project):
    data = json.loads(to_json(build_reference(em_project.game)))
    assert len(data["cards"]) == 78 + 11 + 6 + 16 + 1
    clarifications = next(n for n in data["rules"] if n["id"] == "clarifications")
    assert {c["id"] for c in clarifications["children"]} >= {"clar-snare-direction", "clar-wisdom-closed", "clar-ties"}
    hattie = next(c for c in data["cards"] if c["id"] == "leader-hattie-plowright")
    assert hattie["effects"] == ["SWAP_WITH_PILE(1)", "DEAL_FEWER(2)"]  # the ability's and the Beast Mode's
    assert "Ability: Turn the Soil." in hattie["text"] and "Beast Mode: Early Harvest." in hattie["text"]


def test_difficulty_filter_numbers_only_what_is_kept(em_project):
    green = build_reference(em_project.game, Difficulty.green)
    kept = green.numbers()
    assert "goal" in kept and "doom-ranks" not in kept and "suit-combo" not in kept
    assert all(r.card.difficulty == Difficulty.green for r in green.cards())


def test_every_effect_word_has_a_glossary_entry_and_a_rule(em_project):
    words = em_project.game.vocabulary.words
    assert words
    for word in words.values():
        assert word.glossary and word.template and word.rules_ref


def test_a_kit_s_glossary_leaves_out_terms_of_the_kits_above_it(em_project):
    """The green kit has no special cards and no leaders: its glossary does not explain Head Start, Immune or
    special cards, which no green card speaks of, while every term its own rules link is still there (a kept link
    never dangles). (The Quick Guide, a green card, names the yellow and red rules' Beast Mode and traps in its
    lines for those kits, so their entries stay beside it.)"""
    green = build_reference(em_project.game, Difficulty.green)
    terms = {entry.id for entry in green.glossary}
    assert not terms & {"head-start", "immune", "special-card"}
    said = " ".join(node.text + node.example for node in green.walk())
    linked = set(re.findall(r"\{term:([a-z0-9-]+)\}", said))
    assert linked and linked <= terms
    assert {"head-start", "immune", "special-card"} <= {e.id for e in build_reference(em_project.game).glossary}


def _rules_by_id(game) -> dict:
    return {rule.id: rule for section in game.rules.sections for rule in section.rules}


def test_a_card_left_in_hand_is_one_blunder_and_a_doom_master_three(em_project):
    """Seed: every card left in hand "count as 1 Blunder each regardless of card type" (green), and a Doom Master
    left in hand "counts as 3 Blunders" (red). The green rule no longer says "whatever it is", which the red rule
    contradicted; the scoring section states the exception, in the red kit only, pointing at the Doom Master's rule."""
    rules = _rules_by_id(em_project.game)
    assert "whatever" not in rules["blunders"].text and "one {term:blunder}" in rules["blunders"].text
    exception = rules["blunders-doom"]
    assert exception.difficulty == Difficulty.red
    assert "Doom Master" in exception.text and "3 Blunders" in exception.text and "{rule:doom-penalty}" in exception.text
    scoring = [rule.id for rule in next(s for s in em_project.game.rules.sections if s.id == "scoring").rules]
    assert scoring.index("blunders-doom") == scoring.index("blunders") + 1  # the exception, right after the rule
    assert "blunders-doom" not in build_reference(em_project.game, Difficulty.yellow).numbers()


def test_the_glossary_speaks_in_the_players_words(em_project):
    """Every glossary entry is a term of rules.yaml, headed by words a player meets in the rules or on the cards (as
    the index finds them: a plural, a verb's ending, an article), and defined with its numbers, never as a template
    ("this many", "of this kind")."""
    from pnp.render.rulebook_back import forms_pattern
    from pnp.rules.tree import _card_text

    ref = build_reference(em_project.game)
    said = " ".join(f"{node.title} {node.text} {node.example}" for node in ref.walk())
    said += " " + " ".join(_card_text(record) for record in em_project.game.cards())
    for entry in ref.glossary:
        assert entry.source == "term", entry.term  # no effect word left to head its own entry by its identifier
        assert forms_pattern([entry.term]).search(said), entry.term
        assert not re.search(r"\bthis many\b|\bof this kind\b|\bthis kind\b", entry.text), (entry.term, entry.text)
    heads = {entry.term for entry in ref.glossary}
    assert not heads & {"Fewer cards dealt", "Extra discard", "Swap with the pile", "Skip a called Draw", "Head start"}


def test_the_clarifications_state_their_rulings_plainly(em_project):
    """The section's intro says once that these are the edition's rulings; no ruling narrates the edition again."""
    clarifications = next(s for s in em_project.game.rules.sections if s.id == "clarifications")
    assert "This edition decides" in clarifications.intro
    for rule in clarifications.rules:
        assert not re.search(r"\b(we|our|ours|this edition)\b", rule.text, re.IGNORECASE), (rule.id, rule.text)
    rules = _rules_by_id(em_project.game)
    assert "clar-player-count" not in rules and "2 to 6 players" in rules["players"].text  # in the overview
    assert "History of the player it was played on" in rules["clears-snares"].text  # whose History, said


def test_set_up_puts_out_every_component_and_the_figure_shows_them(em_project):
    """Seed: each player has an Action pile and a History pile in front of them, six Quick Guides are included, a
    leader is drawn at random, Story cards are drawn from the STORY deck (never re-shuffled, so shuffled at the
    start). The set-up says where each goes, and the set-up figure lays each out with its rule's number."""
    setup = next(s for s in em_project.game.rules.sections if s.id == "setup")
    said = {rule.id: rule.text for rule in setup.rules}
    assert "Quick Guide" in said["quick-guides"]
    assert "Action pile" in said["room-for-piles"] and "History" in said["room-for-piles"]
    assert "back in the box" in said["leaders"]
    assert "Shuffle the STORY deck" in said["story-deck"] and "face down" in said["story-deck"]
    figure = next(rule.figure for rule in setup.rules if rule.figure)
    shown = {(place.get("card") or place.get("deck") or place["label"]): place["step"] for place in figure["place"]}
    assert shown == {"game": "shuffle-and-deal", "quick-guide": "quick-guides", "story": "story-deck",
                     "leader-hattie-plowright": "leaders", "leader-captain-nib": "leaders",
                     "Action pile": "room-for-piles", "History": "room-for-piles"}


def test_the_index_lists_what_players_look_up(em_project):
    """Ties, the team game, the two calls and scoring have index entries (the proofreader's list)."""
    words = [item if isinstance(item, str) else item.term for item in em_project.game.rules.index]
    assert {"Tie", "Escape Alliance", "Start!", "Draw!", "Scoring"} <= set(words)


def test_the_index_finds_the_escapes_and_discarding_where_the_rules_explain_them(em_project):
    """The seventh proofread: the index's Slip Away missed the page of rule 8.6, the escapes' rule, which only the
    figure's caption named. Rule 8.6 names both escapes as rule 8.3 names the three traps. Seed: "Any player may
    discard any number of Special cards from their hand directly into their History pile" and "Wisdom cards may
    not be discarded": rule 8.8 says discard, and the index finds the verb's forms too (rule 6.3's "discarded")."""
    from pnp.render.rulebook_back import forms_pattern, index_terms
    from pnp.rules.tree import render_text

    ref = build_reference(em_project.game)
    forms: dict[str, list[str]] = {}
    for term, also, _ in index_terms(ref):
        forms.setdefault(term, [term]).extend(also)
    rules = _rules_by_id(em_project.game)
    printed = {rule_id: render_text(ref, rule.text, "plain") for rule_id, rule in rules.items()}
    assert "{card:escape-slip}" in rules["escapes"].text and "{card:escape-vanish}" in rules["escapes"].text
    explained = {"Slip Away": ["escapes"], "Vanish": ["escapes", "vanish"], "Pitfall": ["traps"],
                 "Discard": ["discard-specials", "doom-discard", "keep-wisdom"]}
    for term, rule_ids in explained.items():
        for rule_id in rule_ids:
            assert forms_pattern(forms[term]).search(printed[rule_id]), (term, rule_id, printed[rule_id])


def test_the_play_summary_says_what_the_rules_say(em_project):
    """Seed: the dealer declares "Start!" "whenever they choose"; a Suit Combination plays on from its top card, not
    the sum; at the end of each round the player with the most Blunders in hand draws a Story card (red). The
    summary and rule 4.1 say so, and never "when everyone is ready"."""
    steps = em_project.game.rules.summary.steps
    rules = _rules_by_id(em_project.game)
    assert "whenever they choose" in steps[0].text and "ready" not in steps[0].text
    assert "Whenever they choose" in rules["start-signal"].text and "ready" not in rules["start-signal"].text
    combination = next(step for step in steps if "combinations" in step.rules)
    assert "top one" in combination.text and "play as their total" not in combination.text
    assert any({"story-draw", "experience", "beast-mode"} <= set(step.rules) and "Story card" in step.text
               for step in steps)


def test_rules_are_punctuated_and_numbered_as_printed(em_project):
    """A shouted call ends its sentence ("Escape Master!" never "Escape Master!".); a count next to a number-named
    card is spelt out ("eight 7-Start cards", not "8 7-Start"); 13.3 says what blocking is in plain words."""
    rules = _rules_by_id(em_project.game)
    for rule in rules.values():
        assert not re.search(r'!"\s*[.,]', rule.text), (rule.id, rule.text)
    for step in em_project.game.rules.summary.steps:
        assert not re.search(r'!"\s*[.,]', step.text), step.text
    assert "eight {card:seven-start}" in rules["game-deck"].text
    assert "space above" not in rules["no-blocking"].text and "block" in rules["no-blocking"].text.lower()


def test_the_credits_say_which_names_are_this_editions(em_project):
    """The source rulebook names no trap or escape, no leader and no Story card: the credits say these are the
    edition's, and no longer claim every card name for the designers."""
    edition = em_project.game.manifest.credits.edition
    assert "card names are the designers'" not in edition
    for ours in ("trap and escape names", "Escape Leaders", "16 Story cards", "Clarifications"):
        assert ours in edition.split("This edition adds")[1], ours


def test_the_score_sheet_keeps_every_running_total_past_the_breaking_point(em_project):
    """Seed: "Keep a running total of how many Blunders each player has"; the game ends when a round ends with a
    player on 30 or more, and in Escape Alliance teammates add up their Blunders. The score sheet has a row of boxes
    for each of the six players and for each of the three teams six players make, numbered on from 1 with no gap
    to well past the Breaking Point; rule 11.1 sends players to it."""
    sheet = em_project.game.sheets["score-sheet"]
    assert sheet.kind == "scoresheet"
    tracks = sheet.model.tracks
    breaking_point = em_project.game.settings.breaking_point
    for owner in [f"Player {n}" for n in range(1, 7)] + [f"Team {t}" for t in "ABC"]:
        rows = [track for track in tracks if track.label == owner]
        boxes = [track.first + k for track in rows for k in range(track.length)]
        assert boxes == list(range(1, len(boxes) + 1)) and len(boxes) >= breaking_point + 10, owner
        assert all(track.numbered for track in rows), owner
    assert "score sheet" in _rules_by_id(em_project.game)["blunders"].text


def test_the_score_sheet_counts_as_far_as_a_last_round_can_reach(em_project):
    """Seed: the game ends when a round ends with a player on 30 or more, so a player on 29 plays a whole round more
    and may be left holding 15 cards or more (10 dealt, every card drawn, a Doom Master counting 3); a team adds two
    such hands. Each player's boxes run to 50 at least, each team's to 60, in rows of one length, so that every
    grid has the same columns."""
    tracks = em_project.game.sheets["score-sheet"].model.tracks
    reach = {}
    for track in tracks:
        reach[track.label] = max(reach.get(track.label, 0), track.first + track.length - 1)
    assert all(reach[f"Player {n}"] >= 50 for n in range(1, 7)), reach
    assert all(reach[f"Team {t}"] >= 60 for t in "ABC"), reach
    assert len({track.length for track in tracks}) == 1


def test_the_score_sheet_key_names_the_name_boxes_and_the_blunder_rows_apart(em_project):
    """Fifth proofreading: the booklet's key to the score sheet read "1 Player 1 ... 6 Player 6 ... 7 Player 1,
    8 Player 2": one name for the boxes to write a name in and for the rows to darken Blunders in. Each kind of part
    is one entry under a name of its own: the six name boxes, every player's two rows, the team names, the teams'
    three rows; the entry for the player rows says how to mark them (the A4 sheet's intro)."""
    from pnp.render.rulebook_figures import sheet_key

    entries: dict[tuple, list[str]] = {}
    for region, name, text in sheet_key(em_project, "score-sheet"):
        entries.setdefault((region.kind, name, text), []).append(region.name)
    names = [name for _, name, _ in entries]
    assert len(names) == len(set(names)) == 4, names
    assert all(text for _, _, text in entries)
    entry_of = {region: key for key, regions in entries.items() for region in regions}
    tracks = [track.id for track in em_project.game.sheets["score-sheet"].model.tracks]
    for group in ([f"name-{n}" for n in range(1, 7)], [t for t in tracks if t.startswith("player-")],
                  [t for t in tracks if t.startswith("team-")]):
        assert len({entry_of[region] for region in group}) == 1, group
    player_rows = entry_of["player-1"]
    assert player_rows != entry_of["name-1"] and "darken one box for each Blunder" in player_rows[2]


def test_each_player_writes_their_name_in_a_box_of_their_own(em_project):
    """The names were lines of one paragraph, 2.5 mm apart: too close to write in. Each player has a box of their
    own, labelled as their rows are, at least 15 mm tall; no two boxes overlap."""
    from pnp.core.units import mm

    sheet = em_project.game.sheets["score-sheet"].model
    layout = em_project.sheet_layouts["score-sheet"]
    regions = {region.name: region for region in layout.regions}
    names = {area.id: area for area in sheet.areas if area.label.startswith("Player")}
    assert sorted(area.label for area in names.values()) == [f"Player {n}" for n in range(1, 7)]
    boxes = [regions[area_id] for area_id in names]
    assert all(box.h >= mm(15) for box in boxes)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y
            assert apart, (a.name, b.name)
    assert len({region.x for region in layout.regions if region.kind == "track"}) == 1


def _glossary(game) -> dict:
    return {entry.id: entry for entry in build_reference(game).glossary}


def _names(game, card_ids) -> list[str]:
    return [game.card(card_id).card.name for card_id in card_ids]


def test_the_glossary_lists_only_cards_that_do_what_the_entry_says(em_project):
    """Seed: "Wisdom cards may not be discarded"; an Escape "may be played on top of any Trap to resolve it", and a
    Wisdom card resolves every player's direction Traps. The entry for discarding never lists Wisdom among the cards
    that discard, and the entry for lifting a trap lists both escapes beside Wisdom."""
    glossary = _glossary(em_project.game)
    assert "wisdom" not in glossary["discard"].users
    assert set(_names(em_project.game, glossary["discard"].users)) == {"Vanish", "Unit Cog", "Light Pack",
                                                                      "Smuggler's Sack"}
    assert set(_names(em_project.game, glossary["lift"].users)) == {"Wisdom", "Slip Away", "Vanish"}
    assert "NO_DISCARD" in glossary["wisdom"].words and "never discarded" in glossary["wisdom"].text


def test_every_glossary_headword_is_a_word_of_the_rules_and_its_entry_never_repeats_it(em_project):
    """A player looks a word up from the rules: every headword is said in the rules themselves (not only as a
    label the glossary made up, "Fewer Blunders", "Two ranks"), and no entry opens by saying its headword again
    ("Head Start: The Story card Head Start: ...")."""
    from pnp.render.rulebook_back import forms_pattern

    ref = build_reference(em_project.game)
    said = " ".join(f"{node.title} {node.text} {node.example}" for node in ref.walk())
    assert [e.term for e in ref.glossary if not forms_pattern([e.term]).search(said)] == []
    for entry in ref.glossary:
        assert not re.search(rf"\b{re.escape(entry.term)}\s*:", entry.text), (entry.term, entry.text)
        assert entry.text.count(":") <= 1, (entry.term, entry.text)  # never a second label inside the entry
    cards = {record.card.id: record.card.text for record in em_project.game.cards()}
    assert "give one rival" in em_project.game.card("leader-bram-axewell").card.ability.text  # Give Blunders
    assert cards["story-parting-gift"].startswith("After the deal, pass 1 card")  # Pass cards


def test_the_stack_entry_names_every_way_to_open_one(em_project):
    """Seed: Stacks are started with 7-Start cards; "Wisdom cards may be used to start Stacks"; "Suit Combinations
    may be used to start Stacks if they equal 7". The glossary's Stack says all three, not "another card"."""
    stack = _glossary(em_project.game)["stack"].text
    assert "7-Start" in stack and "Wisdom" in stack and "total 7" in stack and "another card" not in stack


def test_a_pitfall_makes_its_victim_draw_three_in_the_rules_and_the_glossary(em_project):
    """Seed: these Traps "force another player to draw 3 cards". Rule 8.3 and the glossary's Trap both say draw."""
    rules = _rules_by_id(em_project.game)
    assert "draw 3 cards" in rules["traps"].text and "take 3" not in rules["traps"].text
    assert "draw 3 cards" in _glossary(em_project.game)["trap"].text


def test_the_dealers_call_is_start_wherever_the_rules_name_it(em_project):
    """Seed: the dealer starts the round "by declaring 'Start!'". Every rule naming the call writes it "Start!"."""
    calls = 0
    for rule in _rules_by_id(em_project.game).values():
        for found in re.finditer(r"(?<![-\w])(?<!Head )Start\b", rule.text):
            calls += 1
            assert rule.text[found.start() - 1:found.end() + 2] == '"Start!"', (rule.id, rule.text)
    assert calls >= 2  # 4.1 and the clarification on abilities before the round


def test_the_clarifications_never_repeat_a_rule(em_project):
    """9.1 says each Doom Master plays as the face rank it shows; no clarification says it a second time."""
    rules = _rules_by_id(em_project.game)
    assert "clar-doom-ranks" not in rules and "face rank it shows" in rules["doom-ranks"].text


def test_the_team_game_says_it_is_for_four_or_six(em_project, em_engine):
    """Seed: for the team game "Choose one teammate", in a game for 2 to 6: teams of two need an even table and two
    teams at least. Rule 14.1 says 4 or 6 players; the engine seats no other count in teams."""
    assert "4 or 6 players" in _rules_by_id(em_project.game)["teams"].text
    for players in (2, 3, 5):
        with pytest.raises(OptionsError):
            em_engine.initial_state(random.Random(1), em_engine.options(players=players, team=True))
    for players in (4, 6):
        assert em_engine.initial_state(random.Random(1), em_engine.options(players=players, team=True)).teams


def test_with_three_teams_the_lowest_team_total_wins(em_project):
    """Seed, team game: "When one team reaches the Breaking Point, the team with the lower score wins." Six players
    make three teams (fifth proofreading: rule 14.1 said "either team" and "the lower total"): once any team reaches
    the Breaking Point, the lowest of the totals wins, in each edition; the glossary's Breaking Point, which the rule
    links, says a team reaches it too. The engine's side:
    test_escape_master_fidelity.test_three_teams_the_lowest_total_wins_once_one_reaches_the_breaking_point."""
    from pnp.content import translations

    said = {"en": ("any team", "the lowest total"), "fr": ("d'une équipe", "le plus bas"),
            "de": ("eines Teams", "der niedrigsten Summe")}
    glossary_says = {"en": "any team", "fr": "une équipe", "de": "einem Team"}
    for lang, words in said.items():
        game = em_project.game if lang == "en" else translations.apply(em_project.game, lang)[0]
        text = _rules_by_id(game)["teams"].text
        assert all(w in text for w in words) and "{term:breaking-point}" in text, (lang, text)
        assert not re.search(r"\b(either|lower|niedrigeren)\b", text), (lang, text)
        entry = next(term for term in game.rules.terms if term.id == "breaking-point")
        assert glossary_says[lang] in entry.text, (lang, entry.text)


@pytest.mark.parametrize("lang, calls", [
    ("en", ('shout "Escape Master!" and stop playing', 'not even when someone calls "Draw!"',
            'shouts "Escape Alliance!"')),
    ("fr", ("criez « Escape Master ! » et arrêtez de jouer", "annonce « Piochez ! »",
            "crie « Alliance d'évasion ! »")),
    ("de", ("Ruf „Escape Master!“ und hör auf zu spielen", "auch nicht, wenn jemand „Ziehen!“ ruft",
            "ruft „Fluchtbündnis!“")),
])
def test_going_out_alone_in_the_team_game_says_what_you_call_and_do(em_project, lang, calls):
    """Seed, team game: "Multiple players will declare 'Escape Master' as they go out, but a round only ends when both
    members of a team go out. The second teammate to go out declares 'Escape Alliance'." Sixth proofreading: rule
    14.4 said only that going out alone does not end the round, beside 10.1's "Everyone stops at once". It says that
    you still shout "Escape Master!", that you then stop playing (no trap on you, no card on a called draw), and that
    the second partner out shouts "Escape Alliance!", in each edition. The engine's side:
    test_escape_master_fidelity.test_escape_alliance_going_out_alone_leaves_the_round_running and
    test_escape_alliance_a_player_who_is_out_draws_nothing_on_a_call."""
    from pnp.content import translations

    game = em_project.game if lang == "en" else translations.apply(em_project.game, lang)[0]
    text = " ".join(_rules_by_id(game)["team-end"].text.split())  # French spaces before "!" are no-break ones
    for said in calls:
        assert said in text, (lang, said, text)


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_each_rule_of_the_box_opens_in_words_of_its_own(em_project, lang):
    """Fifth proofreading: rules 2.2 and 2.3 both opened "It also holds ...". Each rule of "What is in the box"
    opens with words of its own, and the Doom Master rule names the deck it speaks of."""
    from pnp.content import translations

    game = em_project.game if lang == "en" else translations.apply(em_project.game, lang)[0]
    box = next(section for section in game.rules.sections if section.id == "components")
    openings = [tuple(rule.text.split()[:3]) for rule in box.rules if rule.text]
    assert len(openings) == len(set(openings)), openings
    deck = {"en": "GAME deck", "fr": "paquet JEU", "de": "SPIEL-Deck"}[lang]
    assert deck in _rules_by_id(game)["game-deck-doom"].text


def test_the_table_may_make_house_rules(em_project):
    """Seed: "Players are always welcome to make house rules in any given situation." Section 13 says so."""
    fair = next(s for s in em_project.game.rules.sections if s.id == "fair-play")
    assert any("house rules" in rule.text for rule in fair.rules)


def test_the_play_summary_calls_a_special_card_a_card(em_project):
    """A summary step speaks of "a special card", never of "a special" as a noun."""
    for step in em_project.game.rules.summary.steps:
        assert not re.search(r"\bspecials?\b(?! cards?)", step.text), step.text


def test_the_credits_say_the_lumberjack_leaders_extra_blunder_is_the_originals(em_project):
    """Seed: "The player with the Lumberjack Escape Leader ability may make another player reach the Breaking Point
    ... by giving them one extra Blunder": that ability is the original's, the other leaders this edition's."""
    edition = em_project.game.manifest.credits.edition
    assert "six Escape Leaders (the Lumberjack leader's extra Blunder comes from the original)" in edition
    assert "(but " not in edition


def test_a_stack_opens_with_two_cards_of_one_tribe_never_a_suit(em_project):
    """Seed: "Suit Combinations may be used to start Stacks if they equal 7", where each suit "is represented by a
    different Tribe". The rules call a suit a tribe: rule 5.2 says two cards of one tribe, in every edition."""
    from pnp.content import translations

    rules = _rules_by_id(em_project.game)
    assert rules["combo-opens"].text == ("Two cards of one tribe, each ranked 1 to 5, that total exactly 7 (a 2 and a 5, or a 3 "
                                                "and a 4) may open a new Stack.")
    for lang, words in (("fr", "Deux cartes d'une même tribu"), ("de", "Zwei Karten eines Volkes")):
        game, problems = translations.apply(em_project.game, lang)
        assert problems == [] and _rules_by_id(game)["combo-opens"].text.startswith(words), lang


# Where each edition says a two-card opening is limited to ranks 1 to 5 (the seed's "Cards 1-5 of the same suit").
OPENING_LIMIT = {"en": "each ranked 1 to 5", "fr": "chacune de rang 1 à 5", "de": "mit Werten von 1 bis 5"}
SUMMARY_LIMIT = {"en": "each 1 to 5, adding up to 7 (2 + 5 or 3 + 4)", "fr": "de 1 à 5 chacune, dont la somme fait 7",
                 "de": "je 1 bis 5, die zusammen 7 ergeben"}


def _edition(em_project, lang):
    from pnp.content import translations

    if lang == "en":
        return em_project.game
    game, problems = translations.apply(em_project.game, lang)
    assert problems == [], lang
    return game


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_two_card_opening_says_each_card_is_ranked_1_to_5(em_project, lang):
    """Seed: "Cards 1-5 of the same suit may be added and played together", and "Suit Combinations may be used to
    start Stacks if they equal 7": only a 2 and a 5 or a 3 and a 4, never a 1 and a 6. Rule 5.2, the glossary's
    Stack and the play summary's opening step each say the limit where they say the 7, in every edition."""
    game = _edition(em_project, lang)
    opens = _rules_by_id(game)["combo-opens"].text
    assert OPENING_LIMIT[lang] in opens and "7" in opens and "(" in opens  # the limit and the two pairs it allows
    assert OPENING_LIMIT[lang] in _glossary(game)["stack"].text
    opening = next(step for step in game.rules.summary.steps if "combo-opens" in step.rules)
    assert SUMMARY_LIMIT[lang] in opening.text


# What each edition's colour key says yellow adds: combinations, the wild cards (Wisdom, by the word the index
# lists it under, since the green kit never names a card it leaves out) and the special cards.
YELLOW_ADDS = {"en": ("combinations", "the wild cards", "special cards"),
               "fr": ("combinaisons", "les jokers", "cartes spéciales"), "de": ("Kombinationen", "die Joker", "Sonderkarten")}


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_colour_key_says_yellow_adds_combinations_wisdom_and_the_special_cards(em_project, lang):
    """The combinations (5), Wisdom (6) and the drawing rule about Wisdom are yellow, and Wisdom is no special card
    (8's intro lists the Dead End, traps and escapes). Rule 1.2 and the title page's key (game.yaml) both say so;
    "the wild cards" are the words the glossary defines Wisdom by (its 4 wild cards)."""
    game = _edition(em_project, lang)
    ref = build_reference(game)
    key = " ".join(node.text for node in ref.walk() if node.id == "colors")
    wild = YELLOW_ADDS[lang][1].removeprefix("the ").removeprefix("les ").removeprefix("die ")
    assert f"4 {wild}" in next(entry for entry in ref.glossary if entry.id == "wisdom").text
    cover = game.manifest.difficulty_levels[Difficulty.yellow]
    for words in YELLOW_ADDS[lang]:
        assert words in key, (lang, words, key)
        assert words in cover, (lang, words, cover)
    assert _rules_by_id(game)["colors"].difficulty is None  # green (its section's): the key stays in every kit


def test_an_ability_is_used_by_its_owner_and_no_rule_calls_a_k_a_dead_end(em_project):
    """Timber! gives a rival a Blunder, so an ability is not one that "applies to its owner only": only its owner
    uses it. Dead End is a card's name; clarification 16.3 no longer calls a K a dead end for a snared player, and
    says instead what the seed's note says: under an Uphill Snare no Numbered card may go on a K."""
    rules = _rules_by_id(em_project.game)
    assert "Only its owner may use it." in rules["ability-use"].text and "applies to" not in rules["ability-use"].text
    snare = rules["clar-snare-direction"].text
    assert "dead end" not in snare.lower() and "no Numbered card can go on a K" in snare


def test_a_snares_edge_stops_numbered_cards_only_as_wisdom_goes_anywhere(em_project):
    """The twelfth proofreading: rule 8.5 said nothing could be laid on a K under an Uphill Snare, against rules
    16.1/16.3, which let Wisdom go on any open Stack. Seed: a snared player "may not play on a K because both cards in
    either direction are lower" (on a 1 under the descending trap, both being higher), a reason about ranks, and
    "Wisdom cards may be played on any Numbered card". Rule 8.5 stops a Numbered card, in every edition."""
    from pnp.content import translations

    rules = _rules_by_id(em_project.game)
    edges = rules["snare-edges"].text
    assert "you cannot lay a Numbered card on a K" in edges and "you cannot lay one on a 1" in edges
    assert "nothing" not in edges
    assert "A Wisdom card may be laid on an open Stack whatever its top card" in rules["clar-wisdom-closed"].text
    for lang, numbered, nothing in (("de", "keine Zahlenkarte auf ein K", "nichts"),
                                    ("fr", "aucune carte numérotée sur un K", "rien")):
        edition, problems = translations.apply(em_project.game, lang)
        said = _rules_by_id(edition)["snare-edges"].text
        assert problems == [] and numbered in said and nothing not in said, (lang, said)


def test_the_building_figure_says_the_run_wraps_around_as_the_rule_does(em_project):
    """The twelfth proofreading: the caption read "B: higher up the run reaches Q and K, then goes round to 1 and 2".
    Seed: "Q, K, 1, 2... is an acceptable sequence" as "a K may be played on a 1 and a 1 may be played on a K". The
    caption says it plainly, in the word rule 4.5 uses for that loop."""
    rules = _rules_by_id(em_project.game)
    caption = rules["building"].figure["text"]
    assert "B: the run climbs to K, then wraps around to 1 and 2." in caption and "higher up" not in caption
    assert rules["loop"].text.startswith("The ranks wrap around")


def test_glossary_entries_name_every_card_that_does_what_they_say(em_project):
    """Each power's entry names the cards whose effects use its words, the Beast Modes too: Full Sail stretches
    three times, Overclock discards Numbered cards, Turn the Soil slides, Fell the Forest gives 2 Blunders."""
    glossary = _glossary(em_project.game)
    for entry, names in (("two-ranks-away", ["Catch the Wind", "Long Stride", "Second Wind", "Full Sail"]),
                         ("discard", ["Vanish", "Recycle", "Overclock", "Light Pack", "Smuggler's Sack"]),
                         ("slide-under-the-draw-pile", ["Hidden Cellar", "Secret Shortcut", "Early Harvest",
                                                        "Turn the Soil"]),
                         ("give-a-blunder", ["Timber!", "Fell the Forest"])):
        for name in names:
            assert name in glossary[entry].text, (entry, name)


def test_the_credits_carry_the_originals_copyright_line(em_project):
    """Seed: "©2024 Zily Creative Works LLC. All rights reserved." The credits say whose game it is."""
    based_on = em_project.game.manifest.credits.based_on
    assert "© 2024 Zily Creative Works LLC" in based_on and "All rights reserved." in based_on
    assert len(based_on) <= 300


@pytest.mark.parametrize("lang, conjunctions", [("en", ("And ", "But ", "Or ")), ("fr", ("Et ", "Mais ", "Ou ")),
                                                ("de", ("Und ", "Aber ", "Oder "))])
def test_no_rule_opens_with_a_conjunction(em_project, lang, conjunctions):
    """Fourth proofreading: rule 2.3 read "And it holds 3 Doom Master cards.", a sentence left hanging from the rule
    before it. Each rule is a sentence of its own, numbered apart: it never opens with And, But or Or."""
    from pnp.content import translations

    game = em_project.game if lang == "en" else translations.apply(em_project.game, lang)[0]
    opening = {node.id: node.text for node in build_reference(game).walk() if (node.text or "").startswith(conjunctions)}
    assert opening == {}
