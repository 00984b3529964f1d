"""Checks for sheets: the generic regions against the sheet's content, and building blocks
(dice tables, tracks, maps, score formulas) that a sheet game's own checks use."""
from __future__ import annotations

from collections import deque

from pnp.core.diagnostics import Diagnostic, did_you_mean
from pnp.core.units import mm
from pnp.engine.vocabulary import EffectError
from pnp.layout.regions import (
    AREA_LABEL_SIZE,
    AREA_TEXT_SIZE,
    INTRO_SIZE,
    TEXT,
    area_label_box,
    area_plan,
    title_overflow,
    token_plan,
    token_text_size,
    track_label_columns,
    track_label_width,
    track_plan,
)
from pnp.model.sheet import Track
from pnp.reading.image_files import PRINT_DPI, dpi_in_box, find_image, image_warnings, pixel_size
from pnp.reading.source import Source
from pnp.text import markup
from pnp.text.fit import fit_text
from pnp.text.fonts import family_of, string_width
from pnp.text.legibility import floor

NO_BOX = "#"


def regions_show_content(sheet, layout, outlines, game) -> list[Diagnostic]:
    """Each generic area or track region names an area or track of the sheet, and what it shows fits (an area's
    card outlines at the size `outlines` gives it: its deck's, else the game's); the images the layout names are
    there."""
    problems, src = sheet_images(layout, game), layout.source
    problems += _words_fit(sheet, layout, game)
    columns = track_label_columns(layout.regions, getattr(sheet.model, "tracks", None) or [], layout.fonts["bold"])
    for region in layout.regions:
        where = ("regions", region.name)
        if region.kind not in ("area", "track", "tokens") or region.kind in game.plugin.sheet_renderers:
            continue
        items = {item.id: item for item in getattr(sheet.model, region.kind if region.kind == "tokens" else f"{region.kind}s", [])}
        item = items.get(region.name)
        if item is None:
            problems.append(src.diagnostic(where, "unknown-" + region.kind, f"region '{region.name}' shows the "
                            f"{region.kind} '{region.name}', which {sheet.source.path} does not define"
                            f"{did_you_mean(region.name, items)}", on_key=True))
        elif region.kind == "area":
            problems += _area_fits(region, item, sheet, layout, outlines, where, game)
        elif region.kind == "tokens":
            problems += _tokens_fit(region, item, sheet, layout, game, where)
        else:
            plan = track_plan(region, item.length, layout.box, columns[item.id])
            if plan.needed and (label := _track_label_room(region, item, layout)) is not None:
                index = next(i for i, t in enumerate(sheet.model.tracks) if t.id == item.id)
                problems.append(sheet.source.diagnostic(("tracks", index, "label"), "text-width", f"the label of track "
                                f"'{item.id}' needs {label / 72 * 25.4:.0f}mm beside its {item.length} boxes but region "
                                f"'{region.name}' leaves it {_track_room(region, item, layout) / 72 * 25.4:.0f}mm; "
                                "shorten it or widen the region"))
            elif plan.needed:
                problems.append(src.diagnostic(where, "region-size", f"region '{region.name}' is too narrow for its "
                                f"{item.length} boxes: it needs {plan.needed / 72 * 25.4:.0f}mm"))
            problems += _track_emblems(sheet, item, game)
    return problems + _unplaced(sheet, layout, game)


def _unplaced(sheet, layout, game) -> list[Diagnostic]:
    """An area, track or tokens of the sheet that no region of the layout shows would not be printed: a warning
    (a layout may leave a part out on purpose, such as one made for a single page), never silence."""
    problems = []
    shown = {(region.kind, region.name) for region in layout.regions}
    for kind, field in (("area", "areas"), ("track", "tracks"), ("tokens", "tokens")):
        if kind in game.plugin.sheet_renderers:
            continue
        for index, item in enumerate(getattr(sheet.model, field, None) or []):
            if (kind, item.id) not in shown:
                problems.append(sheet.source.diagnostic((field, index, "id"), "unplaced", f"the {kind} '{item.id}' is in "
                                f"no region of {layout.source.path}, so it would not be printed: add a region "
                                f"'{item.id}' of kind {kind} there, or remove the {kind}", severity="warning"))
    return problems


def _track_room(region, track, layout) -> float:
    """The width a track's label has beside its boxes."""
    return region.w - mm(2) - track.length * layout.box


def _track_label_room(region, track, layout) -> float | None:
    """The width a track's label needs when it is what keeps the boxes out of the region (the boxes alone fit)."""
    needed = track_label_width(track.label, layout.fonts["bold"])
    return needed if _track_room(region, track, layout) >= 0 and needed > _track_room(region, track, layout) else None


def _fits(sheet, keypath: tuple, what: str, text: str, font: str, size: float, region, box, layout, game) -> list:
    """A text a region draws (a label, a name) fits the box the region gives it, shrunk down to the region's
    smallest type at most; else an error where the text is written."""
    fit = fit_text(text, layout.fonts[font], size, floor(region.min_size), box.w, box.h,
                   icons=frozenset(game.manifest.icons), family=family_of(layout.fonts))
    if fit.ok:
        return []
    return [sheet.source.diagnostic(keypath, f"text-{fit.problem}", f"{what} '{text}' does not fit its place in region "
                                    f"'{region.name}' ({box.w / 72 * 25.4:.0f} x {box.h / 72 * 25.4:.0f}mm) even at "
                                    f"{floor(region.min_size):g}pt: {fit.detail}; shorten it or enlarge the region")]


def _words_fit(sheet, layout, game) -> list[Diagnostic]:
    """The title and intro regions hold what they show: text that does not fit is an error, never left out."""
    problems = []
    for region in layout.regions:
        if region.kind in game.plugin.sheet_renderers:
            continue  # the game draws this region itself
        where = ("regions", region.name)
        if region.kind == "title" and (over := title_overflow(region, game.manifest.title, sheet.model.name, layout.fonts)):
            problems.append(layout.source.diagnostic(where, "text-width", f"region '{region.name}' is "
                            f"{over / 72 * 25.4:.0f}mm too narrow for the game's title and the sheet's name "
                            f"'{sheet.model.name}'; widen it or shorten them", on_key=True))
        intro = getattr(sheet.model, "intro", "")
        if region.kind == "intro" and intro:
            problems += [sheet.source.diagnostic(("intro",), "emphasis", message)
                         for message in markup.problems(intro) + markup.name_problems(intro, layout.fonts, layout.colors)]
            fit = fit_text(intro, layout.fonts["regular"], INTRO_SIZE, floor(region.min_size), region.w, region.h,
                           icons=frozenset(game.manifest.icons), family=family_of(layout.fonts))
            if not fit.ok:
                problems.append(sheet.source.diagnostic(("intro",), f"text-{fit.problem}", f"the intro does not fit "
                                f"region '{region.name}' even at {floor(region.min_size):g}pt: {fit.detail}; shorten it "
                                "or make the region larger"))
    return problems


def sheet_images(layout, game) -> list[Diagnostic]:
    """The background and image regions name image files the build can draw (found by the one resolver,
    pnp.reading.image_files.find_image), sharp enough at the size they print."""
    images = [(("background",), layout.background, layout.width, layout.height, "cover", "the background")]
    images += [(("regions", r.name, "src"), r.src, r.w, r.h, r.fit, f"region '{r.name}'") for r in layout.regions
               if r.kind == "image" and r.src]
    problems = []
    for keypath, name, width, height, fit, what in images:
        if not name:
            continue
        path, wrong = find_image(game.root, name)
        if wrong:
            problems.append(layout.source.diagnostic(keypath, *wrong))
            continue
        problems += [layout.source.diagnostic(keypath, *warning, severity="warning")
                     for warning in image_warnings(path, name)]
        if (pixels := pixel_size(path)) and (dpi := dpi_in_box(pixels, width, height, fit)) < PRINT_DPI - 0.5:
            problems.append(layout.source.diagnostic(keypath, "low-resolution", f"'{name}' prints at {dpi:.0f} DPI as "
                            f"{what}; print shops want {PRINT_DPI}: use an image at least {round(width / 72 * PRINT_DPI)} "
                            f"x {round(height / 72 * PRINT_DPI)} px", severity="warning"))
    return problems


def _tokens_fit(region, tokens, sheet, layout, game, where) -> list[Diagnostic]:
    problems = []
    plan = token_plan(region, tokens.count, tokens.size)
    if plan.needed:
        problems.append(layout.source.diagnostic(where, "region-size", f"region '{region.name}' cannot hold "
                        f"{tokens.count} tokens of {tokens.size / 72 * 25.4:.0f}mm: make it "
                        f"{plan.needed / 72 * 25.4:.0f}mm tall, or wider"))
    index = next(i for i, t in enumerate(sheet.model.tokens) if t.id == tokens.id)
    problems += _fits(sheet, ("tokens", index, "label"), f"the label of token set '{tokens.id}'",
                      f"{tokens.label} ({tokens.count})", "bold", AREA_LABEL_SIZE, region, plan.label, layout, game)
    size = token_text_size(tokens.size)
    if tokens.text and string_width(tokens.text, layout.fonts["bold"], size) > tokens.size:
        problems.append(sheet.source.diagnostic(("tokens", index, "text"), "text-width", f"'{tokens.text}' is wider "
                        f"than a {tokens.size / 72 * 25.4:.0f}mm token at {size:.1f}pt; shorten it or make the tokens "
                        "larger"))
    if tokens.art:
        problems += _emblem(sheet, ("tokens", index, "art"), tokens.art, game)
    return problems


def _emblem(sheet, where: tuple, name: str, game) -> list[Diagnostic]:
    """A sheet names an emblem of the game: one of its vector drawings."""
    if name in game.emblems:
        return []
    return [sheet.source.diagnostic(where, "unknown-art", f"no emblem named '{name}'{did_you_mean(name, game.emblems)}"
                                    if game.emblems else f"no emblem named '{name}': this game has no vector emblems")]


def _track_emblems(sheet, track, game) -> list[Diagnostic]:
    """A generic track's icons are drawn with the game's emblems, on boxes the track has."""
    index = next(i for i, t in enumerate(sheet.model.tracks) if t.id == track.id)
    problems = []
    for k, icon in enumerate(track.icons):
        where = ("tracks", index, "icons", k)
        problems += _emblem(sheet, where + ("icon",), icon.icon, game)
        if icon.at > track.length:
            problems.append(sheet.source.diagnostic(where + ("at",), "icon-range",
                            f"box {icon.at} is past the end of a {track.length}-box track"))
    return problems


def _area_deck(area, index: int, sheet, game) -> list[Diagnostic]:
    """The deck an area names (`deck:`, whose card size its outlines take) is one of the game's."""
    decks = [entry.id for entry in game.manifest.decks]
    if area.deck is None or area.deck in decks:
        return []
    return [sheet.source.diagnostic(("areas", index, "deck"), "unknown-deck", f"area '{area.id}' holds the cards of "
                                    f"deck '{area.deck}', which game.yaml does not list{did_you_mean(area.deck, decks)}; "
                                    "name one of its decks, or leave deck: out for the game's card size")]


def _area_fits(region, area, sheet, layout, outlines, where, game) -> list[Diagnostic]:
    index = next(i for i, a in enumerate(sheet.model.areas) if a.id == area.id)
    card_size = outlines.size_of(area)
    if area.cards and card_size is None and not area.deck:
        return [sheet.source.diagnostic(("areas",), "card-size", f"area '{area.id}' holds cards, but the game's "
                                        "card_size is not a size in layouts/common/cards.yaml")]
    problems = _area_deck(area, index, sheet, game)  # a known deck of unknown size is reported at game.yaml
    plan = area_plan(region, bool(area.text), area.cards, *outlines.trim_of(area))
    if plan.needed and card_size:
        tall, one_row = (v / 72 * 25.4 for v in plan.needed)
        size = f"{region.w / 72 * 25.4:.0f} x {region.h / 72 * 25.4:.0f}mm"
        problems.append(layout.source.diagnostic(where, "region-size", f"region '{region.name}' ({size}) cannot hold "
                        f"{area.cards} {card_size.name} card{'s' if area.cards > 1 else ''} under its label: make it "
                        f"{tall:.0f}mm tall, or {one_row:.0f}mm wide to hold them in one row"))
    if area.art:
        problems += _emblem(sheet, ("areas", index, "art"), area.art, game)
    problems += _fits(sheet, ("areas", index, "label"), f"the label of area '{area.id}'", area.label, "bold",
                      AREA_LABEL_SIZE, region, area_label_box(plan, bool(area.art)), layout, game)
    if area.text:
        fit = fit_text(area.text, layout.fonts["regular"], AREA_TEXT_SIZE, floor(region.min_size), plan.label.w, TEXT,
                       icons=frozenset(game.manifest.icons), family=family_of(layout.fonts))
        problems += [sheet.source.diagnostic(("areas", index, "text"), "emphasis", message)
                     for message in markup.problems(area.text) + markup.name_problems(area.text, layout.fonts, layout.colors)]
        if not fit.ok:
            problems.append(sheet.source.diagnostic(("areas", index, "text"), f"text-{fit.problem}", f"the text of area "
                            f"'{area.id}' does not fit its region even at {floor(region.min_size):g}pt: {fit.detail}; "
                            "shorten it"))
    return problems


def dice_table(source: Source, keypath: tuple, rows, low: int, high: int) -> list[Diagnostic]:
    """Every total from low to high appears exactly once, and nothing else."""
    problems, seen = [], {}
    for i, row in enumerate(rows):
        if not low <= row.roll <= high:
            problems.append(source.diagnostic(keypath + (i, "roll"), "table-range", f"roll {row.roll} cannot happen; rolls run {low} to {high}"))
        elif row.roll in seen:
            problems.append(source.diagnostic(keypath + (i, "roll"), "table-duplicate", f"roll {row.roll} already has a row"))
        seen[row.roll] = i
    missing = [r for r in range(low, high + 1) if r not in seen]
    if missing:
        problems.append(source.diagnostic(keypath, "table-missing", f"no row for roll(s) {', '.join(map(str, missing))}; add them"))
    return problems


def track_icons(source: Source, keypath: tuple, track: Track, allowed: tuple, vocabulary) -> list[Diagnostic]:
    """Icons sit on existing boxes, one per box, and are words the engine knows."""
    problems, used = [], set()
    for i, icon in enumerate(track.icons):
        where = keypath + ("icons", i)
        if icon.at > track.length:
            problems.append(source.diagnostic(where + ("at",), "icon-range", f"box {icon.at} is past the end of a {track.length}-box track"))
        if icon.at in used:
            problems.append(source.diagnostic(where + ("at",), "icon-duplicate", f"box {icon.at} already has an icon"))
        used.add(icon.at)
        if icon.icon not in allowed:
            problems.append(source.diagnostic(where + ("icon",), "unknown-icon",
                                              f"'{icon.icon}' cannot go here{did_you_mean(icon.icon, allowed)}; use one of {', '.join(allowed)}"))
            continue
        try:
            vocabulary.parse({icon.icon: icon.item} if icon.item is not None or vocabulary[icon.icon].takes_param else icon.icon)
        except EffectError as exc:
            problems.append(source.diagnostic(where, "icon", str(exc)))
    return problems


def effects(source: Source, keypath: tuple, entries, vocabulary) -> tuple[list[Diagnostic], set[str]]:
    problems, used = [], set()
    for i, entry in enumerate(entries):
        try:
            used.add(vocabulary.parse(entry).word)
        except EffectError as exc:
            problems.append(source.diagnostic(keypath + (i,), "unknown-effect" if "unknown" in str(exc) else "effect", str(exc)))
    return problems, used


def cells(rows: list[str]) -> dict[tuple[int, int], str]:
    return {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != NO_BOX}


def neighbours(cell: tuple[int, int]):
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def reachable(grid: dict, starts, passable) -> set:
    """Cells reachable from `starts` through cells for which passable(char) is true."""
    seen, queue = set(starts), deque(starts)
    while queue:
        cell = queue.popleft()
        for nxt in neighbours(cell):
            if nxt in grid and nxt not in seen and passable(grid[nxt]):
                seen.add(nxt)
                queue.append(nxt)
    return seen


def score_terms(source: Source, keypath: tuple, terms, measures) -> list[Diagnostic]:
    return [source.diagnostic(keypath + (i, "measure"), "unknown-measure",
                              f"'{t.measure}' is not something the sheet records{did_you_mean(t.measure, measures)}; use one of {', '.join(sorted(measures))}")
            for i, t in enumerate(terms) if t.measure not in measures]
