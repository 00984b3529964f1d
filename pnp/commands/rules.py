"""`pnp rules`: the rules reference as Markdown, one HTML file, JSON, or the PDF rulebook (or booklet)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import DebugOption, DraftOption, GameArgument, RootOption, RulebookPaper, RulesFormat, difficulty_option, lang_option
from pnp.commands.terminal import finish, guard, say, show
from pnp.core.diagnostics import Report
from pnp.core.difficulty import Difficulty


def command(game: str = GameArgument,
            format: RulesFormat = typer.Option(RulesFormat.md, "--format", help="md, html, json or pdf."),
            out: Optional[Path] = typer.Option(None, "--out", help="File to write; text formats print to stdout without it."),
            paper: RulebookPaper = typer.Option(RulebookPaper.a4, "--paper", help="a4 or letter, for pdf."),
            booklet: bool = typer.Option(False, "--booklet", help="For pdf: half-size pages imposed two-up for folding."),
            difficulty: Optional[Difficulty] = difficulty_option("Only rules up to this colour."),
            lang: Optional[str] = lang_option("The rules of this edition (a language game.yaml's `languages:` lists after "
                                              "the first); its PDF goes to output/<game>/<lang>/rules/."),
            draft: bool = DraftOption, root: Path = RootOption, debug: bool = DebugOption):
    """Export the rules reference: Markdown, one HTML file, JSON, or the PDF rulebook (or booklet)."""
    from pnp.api.rules import RulesRequest

    request = RulesRequest(root, game, format.value, out, paper.value, booklet, difficulty, draft, lang)
    finish(guard(debug, lambda: _export(request)))


def _export(request) -> bool:
    from pnp.api.rules import export_rules

    export = export_rules(request)
    show(Report(export.diagnostics), err=True)  # stdout is the export: `pnp rules GAME > rules.md` must not hold them
    if export.written is not None:
        say(f"wrote {export.written}")
    elif export.text is not None:
        typer.echo(export.text, nl=False)
    return export.ok
