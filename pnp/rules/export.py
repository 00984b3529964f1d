"""Rules reference exports as text: Markdown, one self-contained HTML file, and JSON.

(The PDF rulebook is a renderer, pnp.render.rulebook; the build and `pnp rules`
call it. Nothing here draws.)
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import jinja2
from markupsafe import Markup, escape

from pnp.content import CardRecord
from pnp.model import Difficulty
from pnp.model.walk import effect_lists, text_blocks
from pnp.rules.tree import Reference, build_reference, render_text

TEXT_FORMATS = {"md": "rules.md", "html": "rules.html", "json": "rules.json"}  # format -> file name in a build
DOTS = {"green": "🟢", "yellow": "🟡", "red": "🔴"}


@dataclass
class DeckView:
    name: str
    size: int
    cards: list


def _decks(ref: Reference) -> list[DeckView]:
    keep = {r.card.id for r in ref.cards()}
    views = [DeckView(d.model.name, sum(r.card.count for r in d.cards if r.card.id in keep),
                      [r for r in d.cards if r.card.id in keep]) for d in ref.game.decks.values()]
    return [view for view in views if view.cards]  # a deck with nothing at this difficulty is left out


def _side_text(card) -> str:
    parts = [card.text] if card.text else []
    parts += [f"{label}: {name}. {text}" for label, name, text in text_blocks(card)]
    return " ".join(parts)


def card_text(record: CardRecord) -> str:
    """A card's text for a reference table, one line: its text, its abilities, and its back side's."""
    text = _side_text(record.card)
    if record.back is not None:
        back = " ".join(filter(None, [record.back.name + ".", _side_text(record.back)]))
        text = f"{text} Back: {back}".strip()
    return text.replace("\n", " ").replace("|", "/")


def _legend(ref: Reference) -> list[tuple[str, str]]:
    """(colour, what its level adds) for a game with difficulty levels, from game.yaml."""
    return [(level.value, meaning) for level, meaning in ref.game.manifest.difficulty_levels.items()]


def _environment(templates: Path, fmt: str, ref: Reference) -> tuple[jinja2.Environment, dict]:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates)), autoescape=(fmt == "html"),
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    names = {r.card.id: r.card.name for r in ref.game.cards()}
    if fmt == "html":
        helpers = {
            "text": lambda t: Markup(render_text(ref, t, "html")),
            "dot": lambda n: Markup(f'<span class="dot {n.difficulty}"></span>') if n.difficulty else "",
            "card_text": lambda r: escape(card_text(r)),
        }
    else:
        helpers = {
            "text": lambda t: render_text(ref, t, "md"),
            "badge": lambda n: f" {DOTS[n.difficulty]}" if n.difficulty else "",
            "card_text": card_text,
        }
    helpers["card_name"] = lambda cid: names.get(cid, cid)
    helpers["legend"] = _legend(ref)
    helpers["dots"] = DOTS
    return env, helpers


def to_markdown(ref: Reference, templates: Path) -> str:
    env, helpers = _environment(templates, "md", ref)
    return env.get_template("rules.md.j2").render(ref=ref, decks=_decks(ref), **helpers)


def to_html(ref: Reference, templates: Path) -> str:
    env, helpers = _environment(templates, "html", ref)
    return env.get_template("rules.html.j2").render(ref=ref, decks=_decks(ref), **helpers)


def to_json(ref: Reference) -> str:
    def node(n):
        return {"id": n.id, "number": n.number, "kind": n.kind, "title": n.title,
                "text": render_text(ref, n.text, "plain"), "source_text": n.text, "difficulty": n.difficulty,
                "variant": n.variant, "example": render_text(ref, n.example, "plain"),
                "children": [node(c) for c in n.children]}

    vocab = ref.game.vocabulary
    cards = [{"id": r.card.id, "deck": r.deck, "name": r.card.name, "kind": r.card.kind, "count": r.card.count,
              "difficulty": r.card.difficulty.value, "rank": r.card.rank, "suit": r.card.suit, "text": card_text(r),
              "effects": [str(vocab.parse(e)) for card, keypath in r.sides()
                          for _, effects in effect_lists(card, keypath) for e in effects],
              "back": {"name": r.back.name, "kind": r.back.kind} if r.back is not None else None}
             for r in ref.cards()]
    terms = [{"id": e.id, "term": e.term, "text": render_text(ref, e.text, "plain"), "source": e.source,
              "cards": e.cards, "places": e.places} for e in ref.glossary]
    document = {"game": ref.game.id, "title": ref.title, "difficulty": ref.difficulty.value if ref.difficulty else None,
                "intro": render_text(ref, ref.intro, "plain"), "rules": [node(n) for n in ref.sections],
                "terms": terms, "cards": cards}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def export_text(project, fmt: str, difficulty: Difficulty | None = None) -> str:
    """One text export of the rules reference: md, html or json."""
    ref = build_reference(project.game, difficulty)
    if fmt == "md":
        return to_markdown(ref, project.templates)
    if fmt == "html":
        return to_html(ref, project.templates)
    return to_json(ref)
