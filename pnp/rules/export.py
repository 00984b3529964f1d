"""Rules reference exports: Markdown, one self-contained HTML file, JSON, and the PDF rulebook."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import jinja2
from markupsafe import Markup, escape

from pnp.model import Difficulty
from pnp.rules.tree import Reference, build_reference, render_text

FORMATS = ("md", "html", "json", "pdf")
DOTS = {"green": "🟢", "yellow": "🟡", "red": "🔴"}


@dataclass
class DeckView:
    name: str
    size: int
    cards: list


def _decks(ref: Reference) -> list[DeckView]:
    keep = {r.card.id for r in ref.cards()}
    return [DeckView(d.model.name, sum(r.card.count for r in d.cards if r.card.id in keep),
                     [r for r in d.cards if r.card.id in keep]) for d in ref.game.decks.values()]


def card_text(card) -> str:
    parts = [card.text] if card.text else []
    for label, block in (("Ability", getattr(card, "ability", None)), ("Beast Mode", getattr(card, "beast_mode", None))):
        if block:
            parts.append(f"{label}: {block.name}. {block.text}")
    return " ".join(parts).replace("\n", " ").replace("|", "/")


def _environment(templates: Path, fmt: str, ref: Reference) -> tuple[jinja2.Environment, dict]:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates)), autoescape=(fmt == "html"),
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    names = {r.card.id: r.card.name for r in ref.game.cards()}
    if fmt == "html":
        helpers = {
            "text": lambda t: Markup(render_text(ref, t, "html")),
            "dot": lambda n: Markup(f'<span class="dot {n.difficulty}"></span>') if n.difficulty else "",
            "card_text": lambda c: escape(card_text(c)),
        }
    else:
        helpers = {
            "text": lambda t: render_text(ref, t, "md"),
            "badge": lambda n: f" {DOTS[n.difficulty]}" if n.difficulty else "",
            "card_text": card_text,
        }
    helpers["card_name"] = lambda cid: names.get(cid, cid)
    return env, helpers


def templates_of(project) -> Path:
    """layouts/templates/ of the project the game was loaded from."""
    return project.game.root.parent.parent / "layouts" / "templates"


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

    vocab = ref.game.plugin.vocabulary
    cards = [{"id": r.card.id, "deck": r.deck, "name": r.card.name, "kind": r.card.kind, "count": r.card.count,
              "difficulty": r.card.difficulty.value, "rank": r.card.rank, "suit": r.card.suit, "text": card_text(r.card),
              "effects": [str(vocab.parse(e)) for e in r.card.effects]} for r in ref.cards()]
    terms = [{"id": e.id, "term": e.term, "text": render_text(ref, e.text, "plain"), "source": e.source,
              "cards": e.cards, "places": e.places} for e in ref.glossary]
    document = {"game": ref.game.id, "title": ref.title, "difficulty": ref.difficulty.value if ref.difficulty else None,
                "intro": render_text(ref, ref.intro, "plain"), "rules": [node(n) for n in ref.sections],
                "terms": terms, "cards": cards}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def render(project, fmt: str, difficulty: Difficulty | None = None, paper: str = "a4", path: Path | None = None,
           booklet: bool = False) -> str | None:
    """One export. Text formats return their text; pdf writes to path (as a booklet if asked)."""
    ref = build_reference(project.game, difficulty)
    if fmt == "md":
        return to_markdown(ref, templates_of(project))
    if fmt == "html":
        return to_html(ref, templates_of(project))
    if fmt == "json":
        return to_json(ref)
    from pnp.render.rulebook import rulebook_pdf

    rulebook_pdf(project, ref, paper, path, booklet)
    return None


def jobs(project, fmt: str, difficulty: Difficulty | None, booklets: bool = False):
    """(file name, render(path)) pairs for a build; the PDF rulebook also as booklets if asked."""
    if fmt == "pdf":
        return [(f"rulebook-{paper}{'-booklet' if booklet else ''}.pdf",
                 lambda p, paper=paper, booklet=booklet: render(project, "pdf", difficulty, paper, p, booklet))
                for booklet in (False, True)[:1 + booklets] for paper in ("a4", "letter")]
    name = {"md": "rules.md", "html": "rules.html", "json": "rules.json"}[fmt]
    return [(name, lambda p: p.write_text(render(project, fmt, difficulty), encoding="utf-8"))]
