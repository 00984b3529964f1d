"""The rules reference of the fixture game: links, the glossary from content-declared words, exports."""
import dataclasses
import json
import re

from pnp.model import Difficulty
from pnp.rules.export import to_html, to_json, to_markdown
from pnp.rules.tree import build_reference


def test_glossary_lists_the_cards_using_each_declared_word_on_either_side(fx):
    glossary = {e.id: e for e in build_reference(fx.game).glossary}
    assert set(glossary["coins"].cards) >= {"hero-smith", "crypt"}
    assert "library" in glossary["draw"].cards  # its back side, the Map Fragment, draws
    assert glossary["trap"].cards == ["hero-scout", "pit-trap"]  # a rules term lists the cards that mention it


def test_markdown_links_resolve_to_anchors(fx):
    md = to_markdown(build_reference(fx.game), fx.templates)
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', md))
    links = set(re.findall(r"\]\(#([^)]+)\)", md))
    assert links and links <= anchors
    assert "{card:" not in md and "{term:" not in md and "{effect:" not in md
    assert "Back: Silver Crown. Worth 4 coins" in md  # a double-sided card's reference line shows its back


def test_html_is_one_self_contained_file(fx):
    html = to_html(build_reference(fx.game), fx.templates)
    ids = set(re.findall(r'id="([^"]+)"', html))
    hrefs = set(re.findall(r'href="#([^"]+)"', html))
    assert hrefs <= ids
    assert "http://" not in html and "https://" not in html and "<link" not in html and "<script" not in html


def test_json_has_rules_terms_and_cards_with_their_backs(fx):
    data = json.loads(to_json(build_reference(fx.game)))
    cards = {c["id"]: c for c in data["cards"]}
    assert len(cards) == 16  # 4 heroes, 4 rooms, 3 relics, 5 quests
    assert cards["crypt"]["back"] == {"name": "Silver Crown", "kind": "treasure"}
    assert cards["crypt"]["effects"] == ["GAIN_COINS(1)", "GAIN_COINS(4)"]  # the front's on_reveal, then the back's
    assert cards["pit-trap"]["back"] is None
    clarifications = next(n for n in data["rules"] if n["id"] == "clarifications")
    assert [c["id"] for c in clarifications["children"]] == ["clar-ties"]


def test_difficulty_filter_numbers_only_what_is_kept(fx):
    green = build_reference(fx.game, Difficulty.green)
    assert "exploring" in green.numbers() and "traps" not in green.numbers()
    assert all(r.card.difficulty == Difficulty.green for r in green.cards())
    markdown = to_markdown(green, fx.templates)
    assert "Pit Trap" not in markdown and "Scout" not in markdown


def test_the_html_contents_show_each_number_once(fx):
    """The contents entries carry the rules' own numbers ("1 Setting up"): the list draws none of its own, so a
    reader never sees "1. 1 Setting up"."""
    from pnp.rules.export import export_text

    html = export_text(fx, "html")
    assert re.search(r"nav ol \{[^}]*list-style: none", html)
    assert '<li><a href="#rule-setup">1 Setting up</a></li>' in html


def test_validate_renders_the_export_templates_only_of_a_project_with_its_own(fixture_project, monkeypatch):
    """pnp's own templates render every reference: `pnp validate` spends no time drawing them again. A project's
    own template (any file in layouts/templates/, which may replace one pnp's include) is rendered and checked."""
    from pathlib import Path

    from helpers import FIXTURE_GAME

    import pnp.rules.templating as templating
    from pnp.checks.validate import validate

    rendered = []
    real = templating.to_markdown
    monkeypatch.setattr(templating, "to_markdown", lambda *args, **kwargs: rendered.append(1) or real(*args, **kwargs))
    project, report = validate(Path("."), FIXTURE_GAME, False)
    assert project is not None and rendered == []
    (Path("layouts") / "templates").mkdir()
    (Path("layouts") / "templates" / "rules.md.j2").write_text("{{ no_such_value }}\n", encoding="utf-8")
    project, report = validate(Path("."), FIXTURE_GAME, False)
    assert rendered and project is None
    assert any(d.path.endswith("rules.md.j2") and d.code == "template" for d in report.diagnostics)


def test_each_caller_gets_a_reference_of_its_own_over_the_rules_worked_out_once(fx):
    """The numbered rules and glossary are worked out once per kit (validation, rulebooks and exports share them);
    what a caller dresses its reference with (the facts it states, its icons) stays its own."""
    first, second = build_reference(fx.game), build_reference(fx.game)
    assert first is not second and first.sections is second.sections and first.glossary is second.glossary
    first.facts["a card"] = {"front": ["a fact"]}
    first.embedded.add("an icon")
    assert second.facts == {} and second.embedded == set()
    green = build_reference(fx.game, Difficulty.green)
    assert green.sections is not first.sections and green.sections is build_reference(fx.game, Difficulty.green).sections


def test_a_glossary_entry_prints_the_cards_that_use_it_not_those_that_speak_of_it(monkeypatch):
    """Escape Master's Trap: the Snares and Pitfall are traps (their effects are a trap's), while Slip Away and
    Vanish only say "a trap" in their text: the book lists the first under Trap, never the second. A word on more
    cards than a reader would scan (LISTED_CARDS) lists none ("... and 41 more" is no list): the index finds it."""
    from helpers import validated

    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook import _glossary

    register_all()
    project = validated("escape-master")
    ref = build_reference(project.game)
    trap = next(e for e in ref.glossary if e.term == "Trap")
    assert {"escape-slip", "escape-vanish"} <= set(trap.cards) - set(trap.users)  # they speak of a trap
    assert trap.users and not {"escape-slip", "escape-vanish"} & set(trap.users)

    def printed() -> str:
        entries = [f._content[0].text for f in _glossary(ref, book_styles()) if hasattr(f, "_content")]
        return next(text for text in entries if f'name="term-{trap.id}"' in text)

    listed = printed()
    assert all(f"#card-{c}" in listed for c in trap.users) and "#card-escape-slip" not in listed
    monkeypatch.setattr("pnp.render.rulebook.LISTED_CARDS", len(trap.users) - 1)
    assert "#card-" not in printed()


def test_a_glossary_entry_headed_by_a_cards_name_does_not_list_that_card():
    """Stranded's Final Chapter rules are glossed under their cards' names: "Dust Storm Season ... Cards: Dust Storm
    Season" said the name twice (the third proofreading)."""
    from helpers import validated

    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook import _glossary

    register_all()
    project = validated("stranded")
    ref = build_reference(project.game)
    entry = next(e for e in ref.glossary if e.term == "Dust Storm Season")
    assert [project.game.card(c).card.name for c in entry.users] == ["Dust Storm Season"]
    printed = next(f._content[0].text for f in _glossary(ref, book_styles()) if hasattr(f, "_content")
                   and f'name="term-{entry.id}"' in f._content[0].text)
    assert "#card-" not in printed


def test_a_place_two_of_a_terms_words_share_is_listed_once(monkeypatch):
    """Saucer Escape's Event entry names ten event words; where two are on one spot of the sheet, the entry says
    that spot once."""
    from helpers import validated

    game = validated("saucer-escape").game
    event = next(t for t in game.rules.terms if t.id == "event")
    first, second = [w for w in event.words if w in game.vocabulary][:2]
    plugin = dataclasses.replace(game.plugin, word_places=lambda game: {first: ["Event Table"], second: ["Event Table"]})
    monkeypatch.setattr(game, "plugin", plugin)
    from pnp.rules.tree import glossary

    entry = next(e for e in glossary(game) if e.id == "event")  # worked out afresh, not the reference's kept one
    assert entry.places == ["Event Table"]


def test_a_card_whose_part_uses_a_word_is_listed_by_that_parts_name():
    """Stranded's dangers carry their abilities on their knowledge side: "+1 card ... Cards: Dust Devil" named the
    danger, whose other knowledge sides do something else (the third proofreading). The entry lists the part that
    uses the word, the card's name after it: "Quick Hands (Dust Devil)"."""
    from helpers import validated

    from pnp.render.book_type import book_styles
    from pnp.render.fonts import register_all
    from pnp.render.rulebook import _glossary

    register_all()
    ref = build_reference(validated("stranded").game)
    entry = next(e for e in ref.glossary if e.term == "+1 card, +2 cards")
    assert "Quick Hands (Dust Devil)" in entry.named_by_part.values()
    printed = next(f._content[0].text for f in _glossary(ref, book_styles()) if hasattr(f, "_content")
                   and f'name="term-{entry.id}"' in f._content[0].text)
    assert "Quick Hands (Dust Devil)" in printed
    second_look = next(c for c in entry.users if ref.game.card(c).card.name == "Second Look")
    assert second_look not in entry.named_by_part  # a starting card's own ability: listed by its own name


def test_a_figure_only_the_rulebook_draws_is_its_caption_in_the_markdown_never_an_empty_block():
    """A set-up figure on the playmat has no text diagram: the Markdown said it as an empty fenced block."""
    from helpers import validated

    from pnp.rules.export import export_text

    markdown = export_text(validated("stranded"), "md")
    assert not re.search(r"```text\n\s*```", markdown)
    caption = " ".join(next(r.figure for s in validated("stranded").game.rules.sections for r in s.rules
                            if r.id == "setup-life")["text"].split())
    assert f"*Pictured in the rulebook: {caption}*" in markdown
