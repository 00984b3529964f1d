"""Rules reference exports as text: Markdown, one self-contained HTML file, and JSON.

(The PDF rulebook is a renderer, pnp.render.rulebook; the build and `pnp rules`
call it. Nothing here draws.)
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from pnp.content.words import raw, say
from pnp.core.diagnostics import Diagnostic
from pnp.model import Difficulty
from pnp.model.walk import effect_lists
from pnp.rules.card_words import card_text
from pnp.rules.figures import figure_text
from pnp.rules.tree import Reference, build_reference, icon_definitions, icons_in, render_text

TEXT_FORMATS = {"md": "rules.md", "html": "rules.html", "json": "rules.json"}  # format -> file name in a build




def template_problems(project) -> list[Diagnostic]:
    """Each export template loads, parses and renders: a broken template is a diagnostic at its line
    in `pnp validate`, never an internal error in `pnp build`. A project with no templates of its own uses pnp's,
    which render every reference (a bug of pnp's is not the designer's to fix): nothing to check, nothing drawn."""
    if not _own_templates(project.templates):
        return []
    from pnp.rules.templating import template_problems

    return template_problems(project)


def _own_templates(folder: Path) -> bool:
    """Whether layouts/templates/ holds anything (any name there may replace one pnp's templates include)."""
    try:
        if folder.is_symlink():
            return True
        if not folder.is_dir():
            return folder.exists()
        with os.scandir(folder) as entries:
            return next(entries, None) is not None
    except OSError:  # unreadable: let the templates' own checks say what is wrong
        return True


def to_markdown(ref: Reference, templates: Path) -> str:
    from pnp.rules import templating

    return templating.to_markdown(ref, templates)


def to_html(ref: Reference, templates: Path, draw_figure=None) -> str:
    from pnp.rules import templating

    return templating.to_html(ref, templates, draw_figure)


def to_json(ref: Reference) -> str:
    def node(n):
        return {"id": n.id, "number": n.number, "kind": n.kind, "title": n.title,
                "text": render_text(ref, n.text, "plain"), "source_text": n.text, "difficulty": n.difficulty,
                "variant": n.variant, "example": render_text(ref, n.example, "plain"),
                "figure": {"source": n.figure, "text": figure_text(ref.game, n.figure)} if n.figure else None,
                "children": [node(c) for c in n.children]}

    vocab = ref.game.vocabulary
    cards = [{"id": r.card.id, "deck": r.deck, "name": r.card.name, "kind": r.card.kind, "count": r.card.count,
              "difficulty": r.card.difficulty.value, "rank": r.card.rank, "suit": r.card.suit,
              "text": icons_in(ref, card_text(r, ref.facts.get(r.card.id), say(ref.game, "back"),
                                                    ref.game.manifest.rulebook.labels, raw(ref.game, "label-text")), "plain"),
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


def export_text(project, fmt: str, difficulty: Difficulty | None = None, draw_figure=None, draw_icon=None,
                card_facts=None) -> str:
    """One text export of the rules reference: md, html or json. `draw_figure(game, figure, ident)` draws a rule's
    figure and `draw_icon(game, name)` an inline icon as SVG for the HTML (the renderers pass pnp.render.svg's
    figure_svg and icon_svg); without them the HTML says the icon's word. `card_facts(project)` says what else each
    card's faces print (pnp.render.card_facts.printed_facts, which draws them); without it the card reference
    states the cards' text only."""
    ref = build_reference(project.game, difficulty)
    ref.facts = card_facts(project) if card_facts else {}
    if draw_icon is not None:
        ref.draw_icon = lambda name: draw_icon(project.game, name)
    if fmt == "json":
        return to_json(ref)
    from pnp.rules.templating import rendered

    if fmt == "md":
        return rendered(project, fmt, lambda: to_markdown(ref, project.templates))
    return rendered(project, fmt, lambda: icon_definitions(ref, to_html(ref, project.templates, draw_figure)))
