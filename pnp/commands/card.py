"""`pnp card`: one card's front and back as PNG, for a quick look."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import DebugOption, DraftOption, GameArgument, RootOption, lang_option
from pnp.commands.terminal import finish, guard, say, show
from pnp.core.diagnostics import Report


def command(game: str = GameArgument,
            card_id: str = typer.Argument(..., metavar="ID", help="The card's id."),
            out: Optional[str] = typer.Option(None, "--out", show_default=False, help="Output folder (default: output/ "
                                              "in the project); the images go to OUT/cards/GAME/."),
            lang: Optional[str] = lang_option("The card as this edition prints it (a language game.yaml's `languages:` "
                                              "lists after the first); its images go to OUT/cards/GAME/LANG/."),
            draft: bool = DraftOption, root: Path = RootOption, debug: bool = DebugOption):
    """One card's front and back as PNG (300 DPI, with the bleed), for a quick look: OUT/cards/GAME/ID.png and ID-back.png."""
    from pnp.api.card import CardRequest
    from pnp.api.places import output_folder

    request = guard(debug, lambda: CardRequest(root, game, card_id, output_folder(out, root), lang, draft))
    finish(guard(debug, lambda: _card(request)))


def _card(request) -> bool:
    from pnp.api.card import render_card

    images = render_card(request)
    show(Report(images.diagnostics))
    for path in images.files:
        say(f"wrote {path}")
    return images.ok
