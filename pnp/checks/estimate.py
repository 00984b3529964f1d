"""How much a build will make, estimated from the content before any of it is drawn, and refused beyond
the limits of pnp.core.limits, at the line that asks for it.

Two stages of `pnp validate` call it:

    content_limits(game)   counts in the content alone: cards, decks, sheets, rules, figures,
                           terms, words, icons and their bytes, the showcase        (before binding)
    drawings(...)          boxes the card faces will draw: cards x boxes x outputs  (before binding)
    build_size(...)        pages of every PDF, tiles of every playmat on every paper (once layouts are read)

Each returns diagnostics; an error here means the build would not be bounded, so validation stops before
the expensive stages (binding every card, fitting every text) run at all.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.content.game import Game
from pnp.core.diagnostics import Diagnostic
from pnp.core.limits import (
    MAX_BOXES,
    MAX_CARD_TEXT,
    MAX_CARD_TEXT_DRAWN,
    MAX_CARDS,
    MAX_DECKS,
    MAX_DRAWINGS,
    MAX_FIGURES,
    MAX_ICON_BYTES,
    MAX_ICONS,
    MAX_PAGES,
    MAX_REGIONS,
    MAX_RULES,
    MAX_SHEETS,
    MAX_SHOWCASE,
    MAX_TERMS,
    MAX_TILES,
    MAX_WORDS,
    MB,
)
from pnp.layout.tiles import tile_count
from pnp.model.walk import flat_values, rule_nodes
from pnp.reading.image_files import find_image

TILED_KINDS = ("playmat", "board")  # as pnp.layout.sheet: printed at full size, tiled where larger than the paper


def content_limits(game: Game) -> list[Diagnostic]:
    """What the content alone asks for, each count checked against its limit where the entry over it stands."""
    manifest, src = game.manifest, game.manifest_source
    problems = []
    if len(manifest.decks) > MAX_DECKS:
        problems.append(src.diagnostic(("decks", MAX_DECKS), "too-large", f"game.yaml lists {len(manifest.decks)} "
                        f"decks; pnp builds at most {MAX_DECKS} decks a game: merge decks or split the game"))
    if len(manifest.sheets) > MAX_SHEETS:
        problems.append(src.diagnostic(("sheets", MAX_SHEETS), "too-large", f"game.yaml lists {len(manifest.sheets)} "
                        f"sheets; pnp builds at most {MAX_SHEETS} sheets a game"))
    problems += _total_cards(game)
    problems += _over(src, ("icons",), list(manifest.icons), MAX_ICONS, "icons")
    problems += _over(src, ("vocabulary",), list(manifest.vocabulary), MAX_WORDS, "effect words")
    problems += _icon_bytes(game)
    problems += _showcase(game)
    if game.rules is not None:
        problems += _rules(game)
    return problems


def _over(source, where: tuple, names: list, limit: int, what: str) -> list[Diagnostic]:
    """An error at the first entry past the limit (a mapping's key or a list's index)."""
    if len(names) <= limit:
        return []
    key = names[limit] if isinstance(names[limit], str) else limit
    return [source.diagnostic(where + (key,), "too-large", f"{len(names)} {what}; pnp takes at most {limit} {what} "
                              f"(see Limits in pnp's documentation, docs/reference/limits.md)", on_key=isinstance(key, str))]


def _total_cards(game: Game) -> list[Diagnostic]:
    """Cards of every deck together, copies included: reported at the deck that takes the game over the limit."""
    total = 0
    for i, entry in enumerate(game.manifest.decks):
        deck = game.decks.get(entry.id)
        total += deck.size if deck else 0
        if total > MAX_CARDS:
            return [game.manifest_source.diagnostic(("decks", i), "too-large", f"with deck '{entry.id}' the game has "
                    f"{total} cards or more (copies included); pnp builds at most {MAX_CARDS} cards a game")]
    return []


def _icon_bytes(game: Game) -> list[Diagnostic]:
    """The image icons' files together: rules.html embeds each one once."""
    total, seen = 0, set()
    for name, icon in game.manifest.icons.items():
        path, _ = find_image(game.root, icon.image) if icon.image else (None, None)
        if path is None or path in seen:
            continue
        seen.add(path)
        total += path.stat().st_size
        if total > MAX_ICON_BYTES:
            return [game.manifest_source.diagnostic(("icons", name, "image"), "too-large", f"the icons' image files "
                    f"come to {total // MB} MB with this one; pnp embeds at most {MAX_ICON_BYTES // MB} MB of icon "
                    "images (an icon prints a text line high: a small PNG draws it as well)")]
    return []


def _showcase(game: Game) -> list[Diagnostic]:
    """The title page shows each card or sheet once, and a page's worth of them."""
    showcase, src, problems, seen = game.manifest.rulebook.showcase, game.manifest_source, [], {}
    for i, name in enumerate(showcase):
        if name in seen:
            problems.append(src.diagnostic(("rulebook", "showcase", i), "duplicate-id", f"'{name}' is already "
                            f"shown (entry {seen[name] + 1}); the title page pictures each card or sheet once"))
        seen.setdefault(name, i)
    if len(showcase) > MAX_SHOWCASE:
        problems.append(src.diagnostic(("rulebook", "showcase", MAX_SHOWCASE), "too-large", f"{len(showcase)} "
                        f"entries; the title page shows at most {MAX_SHOWCASE} cards and sheets"))
    return problems


def _rules(game: Game) -> list[Diagnostic]:
    src, problems = game.rules_source, []
    nodes = figures = 0
    for keypath, node in rule_nodes(game.rules.sections, ("sections",)):
        nodes += 1
        if nodes == MAX_RULES + 1:
            problems.append(src.diagnostic(keypath, "too-large", f"rules.yaml has more than {MAX_RULES} sections "
                            "and rules; pnp lays out rulebooks of at most that many"))
        if getattr(node, "figure", None) is not None:
            figures += 1
            if figures == MAX_FIGURES + 1:
                problems.append(src.diagnostic(keypath + ("figure",), "too-large", f"rules.yaml has more than "
                                f"{MAX_FIGURES} figures; pnp draws at most that many"))
    problems += _over(src, ("terms",), list(range(len(game.rules.terms))), MAX_TERMS, "terms")
    return problems


def drawings(game: Game, layout, print_setup) -> list[Diagnostic]:
    """Boxes of card templates, and boxes the build draws: each distinct face is drawn once per PDF that prints
    its deck (home, fold-and-glue and vendor files, and the rulebook's card pages on two papers). Text boxes cost
    by their text: each text a card's box shows is at most MAX_CARD_TEXT long, and all of them together, times the
    files that draw them, at most MAX_CARD_TEXT_DRAWN (fitting and drawing read a text once per box)."""
    problems = []
    for name, template in layout.templates.items():
        if len(template.boxes) > MAX_BOXES:
            problems.append(layout.source.diagnostic(("templates", name), "too-large", f"template '{name}' has "
                            f"{len(template.boxes)} boxes; a template has at most {MAX_BOXES}"))
    if problems:
        return problems
    outputs = len(print_setup.home) + len(print_setup.fold) + len(print_setup.vendors) + 2 if print_setup else 2
    total = characters = 0
    too_long: dict[tuple, Diagnostic] = {}  # each text once, however many cards (aliases) and boxes show it
    too_much_text: list[Diagnostic] = []  # at the deck that takes the build past MAX_CARD_TEXT_DRAWN
    shared_backs: set = set()  # a back template is drawn once a deck
    for i, entry in enumerate(game.manifest.decks):
        deck = game.decks.get(entry.id)
        for record in deck.cards if deck else ():
            boxes = sum(len(t.boxes) for t in _templates(layout, record))
            total += boxes * outputs
            for text, source, keypath in _box_texts(layout, record, shared_backs):
                characters += len(text) * outputs
                if len(text) > MAX_CARD_TEXT:
                    too_long.setdefault((source.path, *source.at(keypath)), _too_long(source, keypath, text))
        if total > MAX_DRAWINGS:
            return [game.manifest_source.diagnostic(("decks", i), "too-large", f"with deck '{entry.id}' the build "
                    f"draws {total:,} boxes or more (cards x their templates' boxes x {outputs} files that print "
                    f"them); pnp draws at most {MAX_DRAWINGS:,} a build: fewer different cards or simpler templates")]
        if characters > MAX_CARD_TEXT_DRAWN and not too_much_text:
            too_much_text.append(game.manifest_source.diagnostic(("decks", i), "too-large", f"with deck '{entry.id}' "
                                 f"the build fits and draws {characters:,} characters of card text or more (each text "
                                 f"box's text x {outputs} files that print it); pnp draws at most "
                                 f"{MAX_CARD_TEXT_DRAWN:,} a build: shorter texts, fewer boxes showing them or fewer "
                                 "different cards"))
    return list(too_long.values()) or too_much_text


def _box_texts(layout, record, shared_backs: set):
    """(text, source, key path) for each text box of a card's faces: its front's, its back side's, or (once a deck)
    its shared back template's. A card's own value wins over its template's, as on the face (pnp.content.binding)."""
    sides = [(record.card, record.keypath, layout.faces.get(record.card.kind))]
    if record.back is not None:
        sides.append((record.back, record.keypath + ("back",), layout.faces.get(record.back.kind)))
    else:
        back = layout.backs.choose(record.card.id, record.card.kind, record.deck)
        if back is not None and (record.deck, back.name) not in shared_backs:
            shared_backs.add((record.deck, back.name))
            sides.append((None, (), back))
    for card, keypath, template in sides:
        if template is None:
            continue
        values = flat_values(card, skip=("back",)) if card is not None else {}
        for box in template.boxes:
            if box.type != "text" or not box.field:
                continue
            if box.field in values:
                yield values[box.field], record.source, keypath + tuple(box.field.split("."))
            elif isinstance(template.values.get(box.field), str):
                yield template.values[box.field], layout.source, ("templates", template.name, "values", box.field)


def _too_long(source, keypath: tuple, text: str) -> Diagnostic:
    return source.diagnostic(keypath, "too-large", f"this text, shown in a card's text box, is {len(text):,} characters "
                             f"long; a card's text has at most {MAX_CARD_TEXT:,} (the longest real ones have a few "
                             "hundred): shorten it, or put it in the rules")


def _templates(layout, record) -> list:
    """The templates a card's faces are drawn with: its front's, its back side's or its shared back's."""
    picked = [layout.faces.get(record.card.kind)]
    if record.back is not None:
        picked.append(layout.faces.get(record.back.kind))
    else:
        picked.append(layout.backs.choose(record.card.id, record.card.kind, record.deck))
    return [t for t in picked if t is not None]


@dataclass
class _Pages:
    count: int
    what: str
    source: object
    keypath: tuple


def build_size(game: Game, print_setup, deck_sizes: dict, sheet_layouts: dict) -> list[Diagnostic]:
    """Pages of every PDF a build writes, from the cards' grids and the sheets' tiles; a playmat tiled onto more
    than MAX_TILES pages of one paper is refused at its layout's `design`, a build of more than MAX_PAGES pages
    at its largest part."""
    if print_setup is None:
        return []
    problems, parts = [], []
    for i, entry in enumerate(game.manifest.decks):
        deck, size = game.decks.get(entry.id), deck_sizes.get(entry.id)
        if deck is not None and size is not None:
            parts.append(_Pages(_deck_pages(deck.size, size, print_setup), f"deck '{entry.id}'",
                                game.manifest_source, ("decks", i)))
    for sheet_id, layout in sheet_layouts.items():
        problems += _over(layout.source, ("regions",), [region.name for region in layout.regions], MAX_REGIONS, "regions")
        pages = 0
        for paper in print_setup.papers.values():
            if game.sheets[sheet_id].kind not in TILED_KINDS or _fits(layout, paper):
                pages += 2  # a scoresheet prints and fillable; a playmat that fits, once (and once full size)
                continue
            tiles = tile_count(layout.width, layout.height, paper)
            if tiles > MAX_TILES:
                mm = 25.4 / 72
                problems.append(layout.source.diagnostic(("design",), "too-large", f"tiled onto {paper.name} "
                                f"({paper.width * mm:.0f} x {paper.height * mm:.0f}mm) this "
                                f"{layout.width * mm:.0f} x {layout.height * mm:.0f}mm sheet takes {tiles:,} pages; "
                                f"pnp tiles a sheet onto at most {MAX_TILES} pages of a paper: a smaller sheet or "
                                f"larger paper"))
            pages += tiles + 1
        parts.append(_Pages(pages, f"sheet '{sheet_id}'", layout.source, ("design",)))
    total = sum(part.count for part in parts) + 2 * len(print_setup.home)  # and a calibration page per grid
    if total > MAX_PAGES and not problems:
        largest = max(parts, key=lambda part: part.count)
        problems.append(largest.source.diagnostic(largest.keypath, "too-large", f"the build would make about "
                        f"{total:,} pages ({largest.what}: {largest.count:,}); pnp makes at most {MAX_PAGES:,} pages "
                        f"a build: fewer cards, papers or print profiles"))
    return problems


def _deck_pages(cards: int, size, print_setup) -> int:
    """Home grids print fronts and backs (two sides a sheet), fold-and-glue both on one side, vendors a page
    per side of every card."""
    pages = 0
    for imposition in print_setup.home.values():
        pages += 2 * math.ceil(cards / max(1, imposition.packing(size).per_page))
    for imposition in print_setup.fold.values():
        pages += math.ceil(cards / max(1, imposition.packing(size).per_page))
    return pages + 2 * cards * len(print_setup.vendors)


def _fits(layout, paper) -> bool:
    return any(layout.width + 2 * layout.min_edge <= w + 0.01 and layout.height + 2 * layout.min_edge <= h + 0.01
               for w, h in ((paper.width, paper.height), (paper.height, paper.width)))
