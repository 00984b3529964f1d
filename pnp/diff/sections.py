"""The rules reference cut into the pieces a designer compares: each numbered section as Markdown (its title, its
intro, its rules with their examples and figures as text), the introduction, and the glossary.

A section is matched by its id, and its Markdown leaves its own numbers out: a section moved by one inserted
before it is not changed by that. A link to it from another rule ("see rule 3.2") does print a new number, so
that rule is. Subsections are pieces of their own, never part of their parent's text.
"""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from pnp.rules.figures import figure_text
from pnp.rules.tree import Node, Reference, build_reference, md_escape, render_text


@dataclass
class SectionText:
    id: str
    number: str  # "3.2"; "" for the introduction and the glossary
    title: str
    markdown: str  # what is compared
    html: Markup  # the same piece as the rules reference shows it (escaped by render_text)


INTRODUCTION, GLOSSARY = "(introduction)", "(glossary)"  # ids no section can have: section ids are slugs


def rule_sections(project) -> dict[str, SectionText]:
    """Every piece of the game's full rules reference (no difficulty kit), by id, in reading order."""
    ref = build_reference(project.game)
    pieces = [_introduction(ref)]
    pieces += [_section(ref, node) for node in ref.walk() if node.kind == "section"]
    pieces.append(_glossary(ref))
    return {piece.id: piece for piece in pieces}


def _introduction(ref: Reference) -> SectionText:
    markdown = f"# {md_escape(ref.title)}\n\n{render_text(ref, ref.intro, 'md')}\n"
    html = Markup("<h4>{}</h4><p>{}</p>").format(ref.title, Markup(render_text(ref, ref.intro, "html")))
    return SectionText(INTRODUCTION, "", "Introduction", markdown, html)


def _section(ref: Reference, node: Node) -> SectionText:
    lines = [f"## {md_escape(node.title)}{_colour(node)}{' (variant)' if node.variant else ''}"]
    html = [Markup("<h4>{} {}</h4>").format(node.number, node.title)]
    if node.text:
        lines.append(render_text(ref, node.text, "md"))
        html.append(Markup("<p>{}</p>").format(Markup(render_text(ref, node.text, "html"))))
    items = []
    for rule in (child for child in node.children if child.kind == "rule"):
        lines.append(f"- {render_text(ref, rule.text, 'md')}{_colour(rule)}")
        item = Markup("<li><b>{}</b> {}").format(rule.number, Markup(render_text(ref, rule.text, "html")))
        if rule.example:
            lines.append(f"  *Example:* {render_text(ref, rule.example, 'md')}")
            item += Markup(" <i>Example:</i> {}").format(Markup(render_text(ref, rule.example, "html")))
        if rule.figure:
            drawing = figure_text(ref.game, rule.figure)
            lines.append("  ```text\n" + "".join(f"  {line}\n" for line in drawing.splitlines()) + "  ```")
            item += Markup("<pre>{}</pre>").format(drawing)
        items.append(item + Markup("</li>"))
    if items:
        html.append(Markup("<ul>{}</ul>").format(Markup("").join(items)))
    return SectionText(node.id, node.number, node.title, "\n".join(lines) + "\n", Markup("").join(html))


def _colour(node: Node) -> str:
    """A section's or rule's difficulty colour, if it has one: moved from green to red, it is printed in other kits."""
    return f" ({node.difficulty})" if node.difficulty else ""


def _glossary(ref: Reference) -> SectionText:
    names = {record.card.id: record.card.name for record in ref.game.cards()}
    lines, items = ["## Glossary"], []
    for entry in ref.glossary:
        cards = ", ".join(names.get(card, card) for card in entry.cards)
        extra = (f" Cards: {cards}." if cards else "") + (f" On the sheet: {'; '.join(entry.places)}." if entry.places else "")
        lines.append(f"- **{md_escape(entry.term)}**: {render_text(ref, entry.text, 'md')}{md_escape(extra)}")
        items.append(Markup("<li><b>{}</b>: {}{}</li>").format(entry.term, Markup(render_text(ref, entry.text, "html")), extra))
    html = Markup("<h4>Glossary</h4><ul>{}</ul>").format(Markup("").join(items))
    return SectionText(GLOSSARY, "", "Glossary", "\n".join(lines) + "\n", html)
