"""The validate stage: load content and layouts, run every check, report all at once."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp import checks
from pnp.content import Game, load_game
from pnp.diagnostics import Report
from pnp.games import plugin
from pnp.layout import CardLayout, PrintSetup, load_card_layout, load_print_setup
from pnp.layout.sheet import load_sheet_layout
from pnp.render.cards import Face, prepare_faces


@dataclass
class Project:
    """Everything a build needs, all checked."""

    game: Game
    layout: CardLayout | None  # card games
    print_setup: PrintSetup
    faces: dict[str, Face]
    sheet_layouts: dict = field(default_factory=dict)  # sheet id -> SheetLayout (sheet games)


def validate(root: Path, game_id: str) -> tuple[Project | None, Report]:
    report = Report()
    game_plugin = plugin(game_id)
    game, problems = load_game(root / "content" / game_id, game_plugin)
    report.extend(problems)
    print_setup, problems = load_print_setup(root / "layouts")
    report.extend(problems)
    if game is None:
        return None, report
    for check in checks.GENERIC_CHECKS:
        report.extend(check(game))
    report.extend(game_plugin.checks(game))
    layout, faces = None, {}
    if game.decks:
        layout, problems = load_card_layout(root / "layouts", game_id)
        report.extend(problems)
        if layout is not None:
            report.extend(checks.layout_art(game, layout))
            faces, problems = prepare_faces(game, layout)
            report.extend(problems)
    sheet_layouts = {}
    for sheet_id in game.sheets:
        sheet_layout, problems = load_sheet_layout(root / "layouts", game_id, sheet_id, game.plugin)
        report.extend(problems)
        sheet_layouts[sheet_id] = sheet_layout
    if not report.ok or print_setup is None:
        return None, report
    return Project(game, layout, print_setup, faces, sheet_layouts), report
