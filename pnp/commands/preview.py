"""`pnp preview`: a gallery of every card, sheet and rulebook page to look at in a browser, from disk."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

from pnp.commands.options import DebugOption, DraftOption, OutOption, OutputFormat, RootOption, difficulty_option, format_option, game_argument, lang_option
from pnp.commands.terminal import finish, guard, progress, say, say_games, show
from pnp.core.diagnostics import Report
from pnp.core.difficulty import Difficulty


def command(game: Optional[str] = game_argument(),
            difficulty: Optional[Difficulty] = difficulty_option("Show only cards up to this colour."),
            out: Optional[str] = OutOption, format: OutputFormat = format_option(), draft: bool = DraftOption,
            lang: Optional[str] = lang_option("The gallery of this edition (a language game.yaml's `languages:` lists after "
                                              "the first), in OUT/<game>/<lang>/preview/."),
            root: Path = RootOption, debug: bool = DebugOption):
    """Write a gallery to look at in a browser, OUT/<game>/preview/index.html: every card's front and back with its
    facts and warnings, the sheets and the rulebook's pages, and a search box. It opens from disk (no server, no
    network), and reloads itself when the gallery is written again (pnp watch does after every rebuild)."""
    from pnp.api.places import output_folder
    from pnp.api.preview import PreviewRequest

    request = guard(debug, lambda: PreviewRequest(root, game, output_folder(out, root), difficulty, draft,
                                                              lang))
    finish(guard(debug, lambda: _preview(request, format)))


def _preview(request, format: OutputFormat) -> bool:
    from pnp.api.preview import preview_games

    return say_games(preview_games(request, progress), format == OutputFormat.json, _say_shown,
                     lambda game: game.page is not None)


def _say_shown(shown) -> None:
    show(Report(shown.diagnostics))
    if shown.page is None:
        say(f"{shown.game}: no preview written; the last one was left as it was")
    else:
        say(f"{shown.game}: open {shown.page.resolve().as_uri()}")
