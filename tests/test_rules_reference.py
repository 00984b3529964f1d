"""The rules reference: numbering, links, the generated glossary, exports."""
import json
import re

from pnp.model import Difficulty
from pnp.rules.export import templates_of, to_html, to_json, to_markdown
from pnp.rules.tree import build_reference


def test_numbering_happens_at_render_time(em_project):
    ref = build_reference(em_project.game)
    numbers = ref.numbers()
    assert numbers["overview"] == "1" and numbers["goal"] == "1.1"
    assert len(set(numbers.values())) == len(numbers)


def test_glossary_lists_cards_per_term(em_project):
    glossary = {e.id: e for e in build_reference(em_project.game).glossary}
    assert "wisdom" in glossary["WILD"].cards
    assert set(glossary["TRAP"].cards) == {"trap-draw-three", "trap-ascending", "trap-descending"}
    assert "stack" in glossary and glossary["stack"].cards  # rules terms list the cards that mention them


def test_markdown_links_resolve_to_anchors(em_project):
    md = to_markdown(build_reference(em_project.game), templates_of(em_project))
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', md))
    links = set(re.findall(r"\]\(#([^)]+)\)", md))
    assert links and links <= anchors
    assert "{card:" not in md and "{term:" not in md


def test_html_is_one_self_contained_file(em_project):
    html = to_html(build_reference(em_project.game), templates_of(em_project))
    ids = set(re.findall(r'id="([^"]+)"', html))
    hrefs = set(re.findall(r'href="#([^"]+)"', html))
    assert hrefs <= ids
    assert "http://" not in html and "https://" not in html and "<link" not in html and "<script" not in html


def test_json_has_rules_terms_and_cards(em_project):
    data = json.loads(to_json(build_reference(em_project.game)))
    assert len(data["cards"]) == 78 + 11 + 6 + 16 + 1
    clarifications = next(n for n in data["rules"] if n["id"] == "clarifications")
    assert {c["id"] for c in clarifications["children"]} >= {"clar-doom-ranks", "clar-wisdom-closed", "clar-ties"}


def test_difficulty_filter_numbers_only_what_is_kept(em_project):
    green = build_reference(em_project.game, Difficulty.green)
    kept = green.numbers()
    assert "goal" in kept and "doom-ranks" not in kept and "suit-combo" not in kept
    assert all(r.card.difficulty == Difficulty.green for r in green.cards())
