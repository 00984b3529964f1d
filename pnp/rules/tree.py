"""The rules reference as one neutral structure, shared by every export format.

Numbers are given here, at render time; content only has symbolic ids.
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from pnp.content.game import CardRecord, Game
from pnp.content.words import say
from pnp.engine.vocabulary import EffectError
from pnp.model import Difficulty, Section
from pnp.model.walk import effect_lists, text_blocks
from pnp.reading.image_files import embedded_image, find_image
from pnp.text import markup
from pnp.text.collation import sort_key
from pnp.text.inline import segments

# {card:id}, {term:id}, {rule:id} and {effect:WORD} link; {count:deck} and {count:deck/kind} print how many
# cards (copies included) the deck holds in the kit being printed, so a green rulebook counts the green kit.
# {term:id|words} links the words as written ("the {term:gold|gold pile}"), not the term's headword.
LINK = re.compile(r"\{(card|term|rule|effect|count):([^}|]*)(?:\|[^}]*)?\}")
CODE = re.compile(r"`([^`]+)`")
# a link, its own words if it has them, and the letters written straight after it
LINKED_WORD = re.compile(r"\{(card|term|rule|effect|count):([^}|]*)(?:\|([^}]*))?\}([^\W\d_]*)")


@dataclass
class Node:
    id: str
    number: str
    kind: str  # "section" or "rule"
    title: str
    text: str
    difficulty: str | None
    variant: bool = False
    example: str = ""
    children: list["Node"] = field(default_factory=list)
    figure: dict | None = None  # drawn by the game's figure kind (GamePlugin.figures)

    @property
    def depth(self) -> int:
        return self.number.count(".")


@dataclass
class GlossaryEntry:
    id: str
    term: str
    text: str
    cards: list[str]  # card ids
    source: str  # "term" (rules.yaml), "effect" (vocabulary) or "icon" (game.yaml icons)
    places: list[str] = field(default_factory=list)  # where a sheet uses the word
    icon: str | None = None  # an icon's name: the glossary shows the drawing beside the word
    words: list[str] = field(default_factory=list)  # the effect words (identifiers) the entry explains
    # the cards that use it, of `cards`: whose effects have its words, or that print its icon; not those that only
    # mention it in their text ("leave a trap without it springing" speaks of a Trap, it is not one)
    users: list[str] = field(default_factory=list)
    # of `users`, each one whose front's own effects do not use it, by the name of the part that does: its back,
    # or a named part of it ("Quick Hands (Dust Devil)": a danger's knowledge side)
    named_by_part: dict[str, str] = field(default_factory=dict)


@dataclass
class Reference:
    game: Game
    title: str
    intro: str
    sections: list[Node]
    glossary: list[GlossaryEntry]
    difficulty: Difficulty | None
    draw_icon: Callable[[str], str] | None = None  # an icon as inline markup for HTML (pnp.render.svg.icon_svg)
    embedded: set[str] = field(default_factory=set)  # image icons the HTML shows: their files are embedded once
    facts: dict = field(default_factory=dict)  # card id -> what else its faces print (pnp.render.card_facts)
    _numbers: dict[str, str] | None = field(default=None, repr=False)
    _shown: set[str] | None = field(default=None, repr=False)

    def shows_card(self, card_id: str) -> bool:
        """Whether the card is in the kit this reference describes (a set, made once: every {card:...} link asks)."""
        if self._shown is None:
            self._shown = {r.card.id for r in self.cards()}
        return card_id in self._shown

    def walk(self):
        stack = list(reversed(self.sections))
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def numbers(self) -> dict[str, str]:
        """Each section's and rule's number, by id; worked out once (every {rule:...} link asks)."""
        if self._numbers is None:
            self._numbers = {n.id: n.number for n in self.walk()}
        return self._numbers

    def cards(self):
        return [r for r in self.game.cards() if self.difficulty is None or self.difficulty.includes(r.card.difficulty)]


def build_reference(game: Game, difficulty: Difficulty | None = None) -> Reference:
    """The rules reference of the game, or of one difficulty's kit. Its numbered rules and glossary are worked out
    once per game and kit (validation, each rulebook and each text export ask, and a build's workers inherit them);
    each caller gets a Reference of its own to dress (the facts and icons it states)."""
    rules = game.rules
    if difficulty not in game._references:
        sections = _number(rules.sections, "", None, difficulty)
        entries = glossary(game, difficulty)
        if difficulty is not None:
            entries = _in_kit(entries, glossary(game), _said(rules.intro, _number(rules.sections, "", None, None)),
                              _said(rules.intro, sections))
        game._references[difficulty] = (sections, entries)
    sections, entries = game._references[difficulty]
    return Reference(game, rules.title, rules.intro, sections, entries, difficulty)


def _in_kit(entries: list[GlossaryEntry], every: list[GlossaryEntry], said_anywhere: str, said_in_kit: str):
    """A kit's glossary. An entry with cards in the kit stays, and so does one the kit's rules or the entries
    kept speak of ({term:...} or its {icon}). One about cards outside the kit, or spoken of only by rules
    outside it, is left out; one that nothing links and no card uses belongs to every kit."""
    about_cards = {entry.id for entry in every if entry.cards}
    kept = [entry for entry in entries if entry.cards]
    left = [entry for entry in entries if not entry.cards]
    while left:
        said = " ".join([said_in_kit] + [entry.text for entry in kept])
        linked = [entry for entry in left if _speaks_of(said, entry)]
        if not linked:
            break
        kept += linked
        left = [entry for entry in left if entry not in linked]
    said = " ".join([said_anywhere] + [entry.text for entry in every])
    kept += [entry for entry in left if entry.id not in about_cards and not _speaks_of(said, entry)]
    return sorted(kept, key=lambda e: sort_key(e.term))


def _speaks_of(text: str, entry: GlossaryEntry) -> bool:
    return any(kind == "term" and target == entry.id for kind, target in LINK.findall(text)) \
        or bool(entry.icon and f"{{{entry.icon}}}" in text)


def _said(intro: str, sections: list[Node]) -> str:
    return " ".join([intro] + [text for node in _walk(sections) for text in (node.title, node.text, node.example)])


def _walk(nodes: list[Node]):
    for node in nodes:
        yield node
        yield from _walk(node.children)


def _kept(level: Difficulty | None, build: Difficulty | None) -> bool:
    return build is None or level is None or build.includes(level)


def _number(sections: list[Section], prefix: str, inherited, difficulty) -> list[Node]:
    nodes, count = [], 0
    for section in sections:
        level = section.difficulty or inherited
        if not _kept(level, difficulty):
            continue
        count += 1
        number = f"{prefix}{count}"
        node = Node(section.id, number, "section", section.title, section.intro,
                    level.value if level else None, section.variant)
        rule_count = 0
        for rule in section.rules:
            rule_level = rule.difficulty or level
            if not _kept(rule_level, difficulty):
                continue
            rule_count += 1
            node.children.append(Node(rule.id, f"{number}.{rule_count}", "rule", "", rule.text,
                                      rule_level.value if rule_level else None, section.variant, rule.example,
                                      figure=rule.figure))
        node.children += _number(section.sections, f"{number}.", level, difficulty)
        nodes.append(node)
    return nodes


def glossary(game: Game, difficulty: Difficulty | None = None) -> list[GlossaryEntry]:
    """One entry per concept, each with the cards that use it: every term of rules.yaml (the effect words a term
    names join it: their cards, their places on a sheet, their meaning when the term says none), every effect word
    no term names (headed by its identifier, which validate reports: pnp.checks.player_words), every icon."""
    cards = [r for r in game.cards() if difficulty is None or difficulty.includes(r.card.difficulty)]
    vocab = game.vocabulary
    places = game.plugin.word_places(game) if game.plugin.word_places else {}
    words_of = {r.card.id: _card_words(r, vocab) for r in cards}
    parts_of = {r.card.id: _word_parts(r, vocab) for r in cards}
    text_of = {r.card.id: _card_text(r) for r in cards}  # read once: every term and icon searches every card
    entries, named = [], set()
    for term in game.rules.terms:
        words = [w for w in term.words if w in vocab]
        named.update(words)
        # a card names the term as a whole word or its plural ("Sol", never "Solar"): a card that speaks of it
        # belongs beside it ("leave a trap without it springing"), a longer word that starts with it does not
        pattern = re.compile(rf"\b{re.escape(term.term)}(?:s|es)?\b", re.IGNORECASE)
        using = [r.card.id for r in cards if words_of[r.card.id].intersection(words)]
        users = [r.card.id for r in cards if r.card.id in using or pattern.search(text_of[r.card.id])]
        text = term.text or " ".join(vocab[w].glossary for w in words)
        # the places of its effect words and its own (a term with no effect word: Door, Keycard), each once
        where = list(dict.fromkeys([p for w in words for p in places.get(w, [])] + places.get(term.id, [])))
        entries.append(GlossaryEntry(term.id, term.term, text, users, "term", where, words=words, users=using,
                                     named_by_part=_named_by_part(using, words, parts_of)))
    for word in vocab.words.values():
        if word.name in named:
            continue
        users = [r.card.id for r in cards if word.name in words_of[r.card.id]]
        if users or places.get(word.name):
            entries.append(GlossaryEntry(word.name, word.name, word.glossary, users, "effect", places.get(word.name, []),
                                         words=[word.name], users=users,
                                         named_by_part=_named_by_part(users, [word.name], parts_of)))
    for name, icon in game.manifest.icons.items():
        token = "{" + name + "}"
        users = [r.card.id for r in cards if token in text_of[r.card.id]]
        entries.append(GlossaryEntry(f"icon-{name}", icon.word, icon.meaning, users, "icon", icon=name, users=users))
    return sorted(entries, key=lambda e: sort_key(e.term))


def word_term(game: Game, word: str):
    """The term of rules.yaml that names an effect word (its glossary entry), or None."""
    return next((t for t in game.rules.terms if word in t.words), None) if game.rules else None


def _card_text(record: CardRecord) -> str:
    """What a card says, on both sides: names and texts, its abilities' too."""
    parts = []
    for card, _ in record.sides():
        parts += [card.name, card.text]
        for _, name, text in text_blocks(card):
            parts += [name, text]
    return " ".join(parts)


def _word_parts(record: CardRecord, vocab) -> dict[str, list[str]]:
    """Effect word -> the names of the parts of a card whose effects use it, in order: None for the front's own
    effects, else its back's name or a named part's ("Quick Hands (Dust Devil)")."""
    parts: dict[str, list] = {}
    for side, (card, keypath) in enumerate(record.sides()):
        for path, effects in effect_lists(card, keypath):
            nested = getattr(card, path[len(keypath)], None) if len(path) > len(keypath) + 1 else None
            own = getattr(nested, "name", "") or ""
            name = f"{own} ({record.card.name})" if own else (None if side == 0 else f"{card.name} ({record.card.name})")
            for entry in effects:
                try:
                    parts.setdefault(vocab.parse(entry).word, []).append(name)
                except EffectError:
                    continue
    return parts


def _named_by_part(users: list[str], words: list[str], parts_of: dict) -> dict[str, str]:
    """Card id -> the name a glossary entry lists it by, for each user whose front's own effects do not use the
    entry's words (_word_parts)."""
    named = {}
    for card_id in users:
        names = [n for w in words for n in parts_of[card_id].get(w, [])]
        if names and None not in names:  # every part that uses it (a leader's ability and its Beast Mode)
            named[card_id] = ", ".join(dict.fromkeys(names))
    return named


def _card_words(record: CardRecord, vocab) -> set[str]:
    """The effect words a card uses; an entry that does not parse is left out (validate reports it, pnp.checks.generic)."""
    words = set()
    for card, keypath in record.sides():
        for _, effects in effect_lists(card, keypath):
            for entry in effects:
                try:
                    words.add(vocab.parse(entry).word)
                except EffectError:
                    continue
    return words


def kit_count(game: Game, records, target: str) -> int | None:
    """Cards (copies included) of a deck, or of one kind in a deck, among `records`; None for an unknown target."""
    deck, _, kind = target.partition("/")
    if deck not in game.decks or (kind and kind not in {r.card.kind for r in game.decks[deck].cards}):
        return None
    return sum(r.card.count for r in records if r.deck == deck and (not kind or r.card.kind == kind))


def link_target(reference: Reference, kind: str, target: str) -> tuple[str | None, str]:
    """(anchor, label) for a {kind:target} link; no anchor when the target is left out at this difficulty."""
    if kind == "count":
        return None, str(kit_count(reference.game, reference.cards(), target))
    if kind == "card":
        record = reference.game.card(target)
        shown = record is not None and reference.shows_card(target)
        return (f"card-{target}" if shown else None), record.card.name if record else target
    # an anchor only ever names what exists: the target is text from content, and an anchor goes into an
    # href, a Markdown link and the PDF's markup as it is (validation reports a link to nothing: pnp.checks.generic)
    if kind == "term":
        term = next((t for t in reference.game.rules.terms if t.id == target), None)
        return (f"term-{term.id}", term.term) if term else (None, target)
    if kind == "effect":  # the term that names the word, under the word players read; else the word's own entry
        term = word_term(reference.game, target)
        if term is not None:
            return f"term-{term.id}", term.term
        return (f"term-{target}", target) if target in reference.game.vocabulary.words else (None, target)
    number = reference.numbers().get(target)
    # "rule 8.2" in the game's language: an edition's link says "règle 8.2"
    return (f"rule-{target}", say(reference.game, "rule-number", number=number)) if number else (None, target)


MARKDOWN_SPECIAL = str.maketrans({"\\": "\\\\", "*": "\\*", "_": "\\_", "[": "\\[", "]": "\\]", "|": "\\|",
                                  "`": "\\`", "#": "\\#", "~": "\\~", "<": "&lt;", ">": "&gt;", "&": "&amp;",
                                  "\n": " ", "\r": " "})
# what opens a block when it starts a line: a list item ("- ", "+ ", "1. ", "1) "), a rule or setext underline
# ("---", "==="); a quote's ">" and a heading's "#" are escaped everywhere
MARKDOWN_LINE_START = re.compile(r"^([-+](?=[ \t]|$)|-(?=-)|=|\d{1,9}(?=[.)](?:[ \t]|$)))")


def md_escape(text: str) -> str:
    """Content as Markdown text: no emphasis, links, code, table cells, headings or HTML of its own."""
    return md_line_start(str(text).translate(MARKDOWN_SPECIAL))


def md_line_start(markdown: str) -> str:
    """Markdown that may start a line, kept from opening a list or a quote there ("1. x" -> "1\\. x")."""
    return MARKDOWN_LINE_START.sub(lambda m: m.group(1) + "\\" if m.group(1).isdigit() else "\\" + m.group(1),
                                   markdown, count=1)


def pdf_text(text) -> str:
    """Content as reportlab Paragraph text: `&`, `<` and `>` are content, never markup (no <img>, <font>, <a>,
    <onDraw> of its own). Every piece of content a rulebook Paragraph shows goes through here."""
    return html.escape(str(text), quote=False)


def html_text(text) -> str:
    """Content as HTML text between tags (Jinja's autoescape does the same for what a template prints)."""
    return html.escape(str(text), quote=False)


ESCAPES = {"html": html_text, "pdf": pdf_text, "md": md_escape}


def render_text(reference: Reference, text: str, fmt: str) -> str:
    """Resolve emphasis, links and `code` for one output format: md, html, pdf (platypus markup) or plain.

    Content between links is escaped for the format, so only our own vocabulary (**bold** and *italic*,
    {kind:id} links and `code`) becomes markup: a rule's "<b>", "&" or "[x](javascript:...)" prints as written."""
    rendered = emphasized(text, fmt, lambda run: _render_run(reference, run, fmt))
    return md_line_start(rendered) if fmt == "md" else rendered


CODE_MARKUP = {"html": ("<code>", "</code>"), "pdf": ('<font name="VeraBd">', "</font>"), "md": ("`", "`")}


def _render_run(reference: Reference, text: str, fmt: str) -> str:
    """One run of text in one style: its `code` spans found in the source first (so a backtick inside a card
    name a link shows can never pair with one in the rule), then links and icons between them, all escaped."""
    escape = {"md": lambda t: str(t).translate(MARKDOWN_SPECIAL)}.get(fmt, ESCAPES.get(fmt, lambda t: t))
    parts, last = [], 0
    for match in CODE.finditer(text):
        parts += [_linked(reference, text[last:match.start()], fmt, escape), _code(match.group(1), fmt)]
        last = match.end()
    return "".join(parts) + _linked(reference, text[last:], fmt, escape)


def _code(text: str, fmt: str) -> str:
    """A `code` span: its text as written (Markdown's code span shows it so: it has no backtick), escaped."""
    if fmt not in CODE_MARKUP:
        return text
    opening, closing = CODE_MARKUP[fmt]
    return opening + (text.replace("|", "\\|") if fmt == "md" else ESCAPES[fmt](text)) + closing


def _linked(reference: Reference, text: str, fmt: str, escape) -> str:
    """Text with its {kind:id} links resolved, the text around them and the labels escaped."""

    def link(match):
        anchor, label = link_target(reference, match.group(1), match.group(2))
        if match.group(3):  # the link's own words: "{term:gold|gold pile}"
            label = match.group(3)
        label += match.group(4)  # "{term:shield}s" links "Shields" whole, never "Shield" and a plain "s"
        if anchor is None or fmt == "plain":
            return escape(label)
        if fmt == "md":
            return f"[{md_escape(label)}](#{anchor})"
        if fmt == "html":
            return f'<a href="#{anchor}">{html.escape(label)}</a>'
        if fmt == "pdf":
            return f'<a href="#{anchor}" color="#1f4f8a">{pdf_text(label)}</a>'
        raise ValueError(f"unknown format {fmt}")

    parts, last = [], 0
    for match in LINKED_WORD.finditer(text):
        parts += [_with_icons(reference, text[last:match.start()], fmt, escape), link(match)]
        last = match.end()
    return "".join(parts) + _with_icons(reference, text[last:], fmt, escape)


PDF_ICON_SPACE = "\u00a0" * 4  # four no-break spaces: the room an icon takes in a rulebook line, at any font size


def icon_markup(reference: Reference, name: str, fmt: str) -> str:
    """An icon in one output format: a drawing where the format can hold one (inline SVG in HTML; in the PDF a
    callback the rulebook draws it with, in the room of the four no-break spaces before it), else its word."""
    icon = reference.game.manifest.icons[name]
    if fmt == "html" and reference.draw_icon and icon.image and find_image(reference.game.root, icon.image)[0]:
        reference.embedded.add(name)  # the file is embedded once in the document (icon_definitions); each use points at it
        word = html.escape(icon.word)
        return (f'<svg class="icon" width="1.15em" height="1.15em" viewBox="0 0 100 100" role="img" aria-label="{word}" '
                f'style="vertical-align:-0.2em"><title>{word}</title><use href="#pnp-icon-{name}"/></svg>')
    if fmt == "html" and reference.draw_icon:
        return reference.draw_icon(name)
    if fmt == "pdf":  # the room first: reportlab glues a callback to the word it ends (a callback at a word's start
        # would hang on the word before it, and a line could break between the icon and its room)
        return f'{PDF_ICON_SPACE}<onDraw name="pnp-icon" label="{name}"/>'
    if fmt == "md":
        return md_escape(icon.word)
    return html_text(icon.word) if fmt == "html" else icon.word


def icon_definitions(reference: Reference, document: str) -> str:
    """The HTML document with each image icon it uses embedded once, in a hidden <svg> at the top of its body
    that every use points at: an icon used a thousand times is one copy of its file, not a thousand."""
    if not reference.embedded:
        return document
    images = []
    for name in sorted(reference.embedded):
        icon = reference.game.manifest.icons[name]
        path, _ = find_image(reference.game.root, icon.image)
        kind, data = embedded_image(path, icon.color)
        images.append(f'<image id="pnp-icon-{name}" href="data:{kind};base64,{data}" width="100" height="100"/>')
    block = f'<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>{"".join(images)}</defs></svg>'
    body = re.search(r"<body\b[^>]*>", document, re.IGNORECASE)  # content is escaped: only the template writes tags
    at = body.end() if body else 0
    return document[:at] + block + document[at:]


def icons_in(reference: Reference, text: str, fmt: str) -> str:
    """Card text for one format: escaped for it, its emphasis and icons as the format shows them (no links: card
    text has none). Markdown card text is escaped by the template, so "md" leaves its emphasis as written."""
    escape = {"html": html_text, "pdf": pdf_text}.get(fmt, lambda t: t)
    if fmt == "md":
        return _with_icons(reference, text, fmt, escape)
    return emphasized(text, fmt, lambda run: _with_icons(reference, run, fmt, escape))


def icon_words(reference: Reference, text: str) -> str:
    """Text (one run of it: no emphasis is read here) with its icons as their words, nothing escaped."""
    return _with_icons(reference, text, "plain", lambda t: t)


EMPHASIS = {"pdf": ("<b>", "</b>", "<i>", "</i>"), "html": ("<strong>", "</strong>", "<em>", "</em>"),
            "md": ("**", "**", "*", "*")}  # the format's own bold and italic, around text it has escaped


def emphasized(text: str, fmt: str, render) -> str:
    """Text with its emphasis (pnp.text.markup) in one format: each run rendered and escaped by `render`, then
    wrapped in the format's bold and italic; "plain" keeps the words only. Content never writes the tags itself:
    a "<b>" in it is escaped text, and only the runs' styles become tags."""
    if not markup.has_markup(text or ""):
        return render(text)
    out = []
    for style, piece in markup.runs(text):
        rendered = render(piece)
        body = rendered.strip()
        if fmt not in EMPHASIS or style == "regular" or not body:
            out.append(rendered)
            continue
        bold, italic = markup.FLAGS[style]
        b_open, b_close, i_open, i_close = EMPHASIS[fmt]
        lead, trail = rendered[:len(rendered) - len(rendered.lstrip())], rendered[len(rendered.rstrip()):]
        # spaces stay outside the tags: Markdown's ** and * must touch the words they emphasise
        out.append(f"{lead}{b_open if bold else ''}{i_open if italic else ''}{body}{i_close if italic else ''}"
                   f"{b_close if bold else ''}{trail}")
    return "".join(out)


def _with_icons(reference: Reference, text: str, fmt: str, escape) -> str:
    """Escaped text with each `{name}` of a known icon replaced by its markup. Where icons print as their words,
    an icon followed by its own word ("{heat} HEAT 2") reads once ("HEAT 2")."""
    icons = reference.game.manifest.icons
    if "{" not in text or not icons:
        return escape(text)
    if fmt in ("md", "plain") or (fmt == "html" and reference.draw_icon is None):  # icons print as words
        text = re.sub(r"\{([a-z][a-z0-9-]*)\} ([A-Za-z0-9_-]+)", lambda m: m.group(2) if m.group(1) in icons and
                      icons[m.group(1)].word == m.group(2) else m.group(0), text)
    pieces = segments(text, icons)
    if fmt == "pdf":  # an icon is glued to what follows it ("{delay} DELAY 1", "{in} {right}"): a line never ends on
        # an icon whose word or number starts the next
        pieces = [(kind, "\u00a0" + piece[1:] if kind == "text" and piece.startswith(" ") and index and
                   pieces[index - 1][0] == "icon" else piece) for index, (kind, piece) in enumerate(pieces)]
    return "".join(escape(piece) if kind == "text" else icon_markup(reference, piece, fmt) for kind, piece in pieces)
