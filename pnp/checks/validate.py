"""The validate stage: load content and layouts, run every check, report all at once.

    game.yaml -> the game's plugin -> decks, sheets, rules   (pnp.content.discovery, pnp.content.game)
    generic checks + the game's own checks                  (pnp.checks.generic)
    card layout -> a front and a back face per card          (pnp.content.binding)
    sheet layouts                                            (pnp.layout.sheet)
    the rulebook's fonts -> the glyphs of game.yaml and rules.yaml   (pnp.layout.rulebook)
"""
from __future__ import annotations

import os
from pathlib import Path

from pnp.checks import drawn as drawn_checks
from pnp.checks import estimate
from pnp.checks import generic as checks
from pnp.checks.sheets import regions_show_content
from pnp.content import discovery, translations
from pnp.content.binding import CardFaces, bind_cards
from pnp.content.project import Project
from pnp.core.collector import cycle_collector_paused
from pnp.core.diagnostics import Diagnostic, Report, relative
from pnp.core.paths import is_inside
from pnp.layout import load_card_layout, load_print_setup
from pnp.layout.cards import load_card_sizes
from pnp.layout.regions import CardOutlines
from pnp.layout.rulebook import RulebookLayout, load_rulebook_layout
from pnp.layout.sheet import GENERIC_REGIONS, load_sheet_layout
from pnp.reading.source import unreadable
from pnp.render.rulebook_figures import book_figure_problems
from pnp.render.shop_fit import left_out
from pnp.rules.export import template_problems


class DraftReport(Report):
    """A draft's report: an image that does not exist yet is a warning wherever it is found (checks.drafted)."""

    def extend(self, diagnostics) -> None:
        super().extend(checks.drafted(list(diagnostics)))


def validate(root: Path, game_id: str, draft: bool = False, lang: str | None = None,
             untranslated: str = "warning") -> tuple[Project | None, Report]:
    """The game checked and bound, or None and why. A draft accepts images that do not exist yet (a warning each).
    With `lang`, the game's edition in that language (pnp.content.translations): every check runs on the texts as
    the edition prints them; `untranslated` is the severity of its texts left untranslated."""
    report = DraftReport() if draft else Report()
    try:
        with cycle_collector_paused():  # models, faces and recorded drawings: many objects, few cycles
            return _validate(root, game_id, report, lang, untranslated)
    except OSError as exc:
        # a path pnp may not look into (no permission, a name too long), met where no check expected one, is a
        # diagnostic at that path; an error without a path is not the content's
        if exc.filename is None:
            raise
        report.add(unreadable(exc.filename, exc, "folder" if os.path.isdir(exc.filename) else "file"))
        return None, report


def _validate(root: Path, game_id: str, report: Report, lang: str | None = None,
              untranslated: str = "warning") -> tuple[Project | None, Report]:
    game, problems = discovery.load(root, game_id)
    report.extend(problems)
    as_written = game
    if game is not None:
        report.extend(translations.stray_languages(game))
        if lang is not None:
            translations.check_language(game, lang)
            game, problems = translations.apply(game, lang, untranslated)
            report.extend(problems)
    if not is_inside(root, root / "layouts"):  # every layout file is confined to layouts/, so it must be the project's
        report.extend([Diagnostic(str(Path(relative(root)) / "layouts"), 1, 1, "outside", "this folder leads outside the project "
                                  "(a link?); keep layouts/ inside it")])
        return None, report
    print_setup, problems = load_print_setup(root / "layouts")
    report.extend(problems)
    if game is None:
        return None, report
    too_large = estimate.content_limits(game)  # refused before any expensive check or stage starts
    report.extend(too_large)
    if too_large:
        return None, report
    report.extend(checks.check_game(game, as_written if lang is not None else None))
    layout, faces, deck_sizes = None, CardFaces(), {}
    if game.decks:
        layout, problems = load_card_layout(root / "layouts", game_id, game.plugin.box_kinds)
        report.extend(problems)
        if layout is not None:
            report.extend(checks.layout_references(game, layout) + checks.card_sizes(game, layout))
            report.extend(checks.layout_glyphs([deck.source for deck in game.decks.values()], layout.fonts))
            deck_sizes = checks.deck_sizes(game, layout)
            for size in {size.name: size for size in deck_sizes.values()}.values():  # each size once
                report.extend(print_setup.grids_fit(size) if print_setup else [])
            report.extend(print_setup.vendor_file_clashes(game.id, deck_sizes) if print_setup else [])
            too_large += estimate.drawings(game, layout, print_setup)
            report.extend(too_large)
            faces, problems = bind_cards(game, layout) if not too_large else (CardFaces(), [])
            report.extend(problems)
            if report.ok:  # drawn only from content that binds: what the build would print
                report.extend(drawn_checks.card_faces(faces, layout, game.emblems))
    sheet_layouts = {}
    kinds = set(GENERIC_REGIONS) | set(game.plugin.sheet_renderers)
    card_size = layout.size if layout else load_card_sizes(root / "layouts")[0].get(game.manifest.card_size)
    outlines = CardOutlines(card_size, deck_sizes)  # each playmat area's cards: its deck's size, else the game's
    for sheet_id, sheet in game.sheets.items():
        sheet_layout, problems = load_sheet_layout(root / "layouts", game_id, sheet_id, sheet.kind, kinds, print_setup)
        report.extend(problems)
        if sheet_layout is not None:
            report.extend(regions_show_content(sheet, sheet_layout, outlines, game))
            report.extend(checks.layout_glyphs([sheet.source], sheet_layout.fonts))
            if report.ok:  # drawn only from content that passes its checks: what the build would print
                report.extend(drawn_checks.sheet_regions(sheet, sheet_layout, game, outlines))
            sheet_layouts[sheet_id] = sheet_layout
    rulebook = _rulebook(root, game, layout, sheet_layouts, report)
    report.extend(book_figure_problems(game, sheet_layouts))  # set-up figures and examples: what they lay out exists
    report.extend(estimate.build_size(game, print_setup, deck_sizes, sheet_layouts))
    if not report.ok or print_setup is None:
        return None, report
    project = Project(root, game, layout, print_setup, faces, sheet_layouts, card_size, deck_sizes, rulebook)
    report.extend(left_out(project))  # a deck a print shop's files would lack, for a reason the designer can fix
    report.extend(template_problems(project))  # the export templates render this game's reference
    return (project if report.ok else None), report


def _rulebook(root: Path, game, layout, sheet_layouts: dict, report: Report) -> RulebookLayout | None:
    """The rulebook's fonts, and game.yaml's and rules.yaml's glyphs checked against them. A game whose card layout
    did not load, or whose rulebook.yaml does not (their problems are reported), has its rules checked once they
    do: until then the rulebook's fonts are unknown, and checking against the bundled ones would report what the
    designer's fonts may well have."""
    if game.decks and layout is None:
        return None
    rulebook, problems = load_rulebook_layout(root / "layouts", game.id, layout.fonts if layout else None)
    report.extend(problems)
    if rulebook is None:
        return None
    printed_in = {deck.source.path: layout.fonts["regular"] for deck in game.decks.values()} if layout else {}
    printed_in.update({game.sheets[s].source.path: sheet_layout.fonts["regular"] for s, sheet_layout in sheet_layouts.items()})
    report.extend(checks.rulebook_glyphs(game, rulebook.fonts, printed_in))
    return rulebook
