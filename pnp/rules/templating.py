"""The rules reference through Jinja templates: Markdown and HTML, from pnp's templates or a project's own
(layouts/templates/), in a sandbox with bounds on time and memory. pnp.rules.export imports it when it renders, so
a command that renders no template (a build's rulebook, `pnp validate` of a game with no templates of its own) never
loads Jinja."""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import jinja2
from jinja2.sandbox import SecurityError
from markupsafe import Markup
from pydantic import BaseModel

from pnp.content.game import CardRecord
from pnp.content.words import language, raw, say
from pnp.core.diagnostics import Diagnostic, hidden_character, relative
from pnp.core.paths import inside, is_inside, name_problem, present
from pnp.core.sandbox import BoundedSandbox, TemplateTooCostly, bounded
from pnp.defaults import DEFAULT_PREFIX, template_path
from pnp.reading.source import SourceError, read_text
from pnp.rules.card_words import card_text, kind_name
from pnp.rules.figures import figure_text
from pnp.rules.tree import GlossaryEntry, Node, Reference, build_reference, emphasized, icon_markup, icon_words, icons_in, md_escape, render_text
from pnp.text.markup import has_markup

TEMPLATES = {"md": "rules.md.j2", "html": "rules.html.j2"}
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


def _legend(ref: Reference) -> list[tuple[str, str]]:
    """(colour, what its level adds) for a game with difficulty levels, from game.yaml."""
    return [(level.value, meaning) for level, meaning in ref.game.manifest.difficulty_levels.items()]


class _ConfinedLoader(jinja2.BaseLoader):
    """The project's templates (layouts/templates/), else pnp's own: plain files inside their folder, read as every
    content file is read. `default/NAME` is always pnp's, so a project's template can extend the one it replaces."""

    def __init__(self, folder: Path):
        self.folder = folder

    def get_source(self, environment, template):
        if name_problem(template.removeprefix(DEFAULT_PREFIX)):  # a name no file can have: never looked up
            raise jinja2.TemplateNotFound(template)
        folder, _ = template_path(self.folder, template)
        name = template.removeprefix(DEFAULT_PREFIX) if folder != self.folder else template
        path, wrong = inside(folder, name)
        if folder == self.folder and not wrong and not is_inside(folder.parent, path):
            # the project's: inside its layouts/, even when templates/ is a link
            wrong = f"'{name}' points outside {folder.parent.name}/ (after following links); keep every file inside it"
        if wrong:  # a link out of the project or a link loop: said as it is, never "not found"
            raise jinja2.TemplateNotFound(template, wrong)
        if not present(path):
            raise jinja2.TemplateNotFound(template)
        try:
            text = read_text(path, folder)
        except SourceError as exc:
            raise jinja2.TemplateNotFound(template, exc.diagnostics[0].message) from None
        return text, str(path), lambda: False


# ids and numbers, and a heading's marks a template makes ("#" * depth): nothing in them is content's Markdown
PLAIN_WORD = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_.-]*|#{1,6})$")


def _finalize_markdown(value):
    """Every value a Markdown template prints is escaped, unless a helper made it Markdown already
    (or it is a plain word such as an id, which anchors must keep as it is)."""
    if isinstance(value, Markup) or not isinstance(value, str) or PLAIN_WORD.match(value):
        return value
    return md_escape(value)


# What a template may look into: plain values, the reference's own views and the card models. Jinja's sandbox
# refuses only `_` names and known-dangerous methods; any other method of any object it reaches is open, and the
# game the reference describes holds its folder as a Path (`ref.game.root.joinpath('/etc/x').write_text(...)`).
# So anything else (a Path, the Game, a loader, a module, a class) is neither read into nor handed out.
READABLE = (str, int, float, bool, type(None), list, tuple, dict, set, frozenset, Markup, Enum, BaseModel,
            Reference, Node, GlossaryEntry, CardRecord)


def _readable(value) -> bool:
    if isinstance(value, type):  # a class (a model's own, a Path's): its class methods construct and read
        return False
    return isinstance(value, (*READABLE, DeckView)) or type(value).__module__ == "jinja2.runtime"


RENDER_SECONDS = 10  # a rules reference renders in a fraction of a second


class _Sandbox(BoundedSandbox):
    """The shared sandbox (pnp.core.sandbox), reaching only what READABLE names: values and the reference's views,
    never the objects behind them."""

    def readable(self, value) -> bool:
        return _readable(value)


def _environment(templates: Path, fmt: str, ref: Reference, draw_figure=None) -> tuple[jinja2.Environment, dict]:
    # sandboxed: a template from a content folder may read values, never call into Python
    env = _Sandbox(loader=_ConfinedLoader(templates), autoescape=(fmt == "html"),
                                        keep_trailing_newline=True, undefined=jinja2.StrictUndefined,
                                        finalize=_finalize_markdown if fmt == "md" else None)
    names = {r.card.id: r.card.name for r in ref.game.cards()}
    back = say(ref.game, "back")
    if fmt == "html":
        helpers = {
            "text": lambda t: Markup(render_text(ref, t, "html")),
            "dot": lambda n: Markup(f'<span class="dot {n.difficulty}"></span>') if n.difficulty else "",
            "card_text": lambda r: Markup(icons_in(ref, card_text(r, ref.facts.get(r.card.id), back, ref.game.manifest.rulebook.labels,
                                                                         raw(ref.game, "label-text")), "html")),
        }
    else:
        helpers = {
            "text": lambda t: Markup(render_text(ref, t, "md")),
            "badge": lambda n: Markup(f" {DOTS[n.difficulty]}") if n.difficulty else "",
            "card_text": lambda r: _markdown_card_text(ref, card_text(r, ref.facts.get(r.card.id), back, ref.game.manifest.rulebook.labels,
                                                                         raw(ref.game, "label-text"))),
        }
    helpers["kind_name"] = kind_name
    if fmt == "html":  # drawn by the renderer the caller passes (pnp.render.svg.figure_svg); none when validating
        helpers["figure"] = lambda n: Markup(draw_figure(ref.game, n.figure, f"fig-{n.id}")) if n.figure and draw_figure else ""
    else:
        helpers["figure"] = lambda n: _markdown_figure(ref, n.figure)
    helpers["card_name"] = lambda cid: names.get(cid, cid)
    # an icon's glossary entry shows the drawing before its word (HTML); Markdown has the word alone
    helpers["icon"] = lambda entry: Markup(icon_markup(ref, entry.icon, fmt) + " ") if entry.icon and fmt == "html" else ""

    helpers["legend"] = _legend(ref)
    helpers["dots"] = DOTS
    # pnp's own words in the game's language (pnp.content.words): {{ say("contents") }}, {{ say("deck-size", count=3) }}
    helpers["say"] = lambda key, **values: say(ref.game, key, **values)
    helpers["lang"] = language(ref.game)
    return env, helpers


def _markdown_figure(ref: Reference, figure: dict | None):
    """A rule's figure in Markdown: the game's diagram in text as a fenced block, indented to stay inside the rule's
    list item; a figure only the rulebook draws (a set-up on the playmat) as its caption, in italics, never an empty
    block."""
    if not figure:
        return ""
    drawing = figure_text(ref.game, figure)
    if drawing:
        return Markup("\n  ```text\n" + "".join(f"  {line}\n".replace("`", "'") for line in drawing.splitlines()) + "  ```")
    caption = " ".join(str(figure.get("text") or "").split())
    return Markup(f"\n\n  *{say(ref.game, 'figure-in-book', caption=render_text(ref, caption, 'md'))}*") if caption else ""


def _markdown_card_text(ref: Reference, text: str):
    """Card text in a Markdown table: plain text for the template to escape, or, with emphasis, escaped runs
    inside Markdown's own ** and *."""
    if not has_markup(text):
        return icons_in(ref, text, "plain")
    return Markup(emphasized(text, "md", lambda run: md_escape(icon_words(ref, run))))


TEMPLATE_ERRORS = (jinja2.TemplateError, SecurityError, RecursionError, ArithmeticError, TypeError, ValueError,
                   LookupError, AttributeError, MemoryError, TemplateTooCostly)  # what a template can make go wrong


def template_diagnostic(exc: BaseException, shown: str) -> Diagnostic:
    """What went wrong in a template, at the file and line it went wrong in (`shown` when unknown)."""
    if isinstance(exc, jinja2.TemplateNotFound):
        why = exc.message if exc.message != exc.name else "not found"
        return Diagnostic(shown, 1, 1, "missing-file", f"template {exc.name}: {why}; make it a plain file or remove "
                          "it (pnp's own template serves a project without one)")
    if isinstance(exc, jinja2.TemplateSyntaxError):
        return Diagnostic(relative(exc.filename or shown), exc.lineno or 1, 1, "template", f"{exc.message}; fix the template")
    where, line = _template_line(exc)
    why = ("it needs more memory than a rules reference ever does" if isinstance(exc, MemoryError) else
           "maximum recursion depth exceeded (a macro or include that calls itself?)"
           if isinstance(exc, RecursionError) else str(exc))
    return Diagnostic(relative(where) if where else shown, line, 1, "template",
                      f"{type(exc).__name__}: {why[:200]}; fix the template")


def _template_line(exc: BaseException) -> tuple[str | None, int]:
    """The template file and line an error was raised at (Jinja puts template frames in the traceback): the
    innermost, so an error in an included template is shown in that file."""
    where, line, trace = None, 1, exc.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename.endswith(".j2"):
            where, line = trace.tb_frame.f_code.co_filename, trace.tb_lineno
        trace = trace.tb_next
    return where, line


def to_markdown(ref: Reference, templates: Path) -> str:
    env, helpers = _environment(templates, "md", ref)
    with bounded(RENDER_SECONDS):
        return env.get_template(TEMPLATES["md"]).render(ref=ref, decks=_decks(ref), **helpers)


def to_html(ref: Reference, templates: Path, draw_figure=None) -> str:
    env, helpers = _environment(templates, "html", ref, draw_figure)
    with bounded(RENDER_SECONDS):
        return env.get_template(TEMPLATES["html"]).render(ref=ref, decks=_decks(ref), **helpers)


def template_problems(project) -> list[Diagnostic]:
    """Each of a project's own export templates loads, parses and renders (pnp.rules.export.template_problems)."""
    problems = []
    ref = build_reference(project.game)
    for fmt, name in TEMPLATES.items():
        shown = relative(template_path(project.templates, name)[1])  # the project's own file, or pnp's
        try:
            text = (to_markdown if fmt == "md" else to_html)(ref, project.templates)
            hidden = hidden_character(text)
            if hidden is not None:  # content cannot hold one (pnp.reading.source): the template wrote it
                problems.append(Diagnostic(shown, 1, 1, "template", f"the {fmt} export holds the control character "
                                           f"U+{ord(hidden):04X}; an export is text, remove what writes it"))
        except TEMPLATE_ERRORS as exc:
            problems.append(template_diagnostic(exc, shown))
    return problems


def rendered(project, fmt: str, render):
    """`render()`, with what a template makes go wrong said as the template's problem, at its line (a kit of one
    colour gives the template other data than validation did, which may break it), never an internal error."""
    try:
        return render()
    except TEMPLATE_ERRORS as exc:
        raise SourceError([template_diagnostic(exc, relative(template_path(project.templates, TEMPLATES[fmt])[1]))]) from None
