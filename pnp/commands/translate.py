"""`pnp translate`: the translators' tools. `export` writes a language's strings as gettext PO or XLSX (source text,
where it belongs, the room of its box, the translation made so far); `import` reads them back into
translations/<lang>.yaml; `stamp` marks plain entries with the digest of the source text they translate."""
from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import DebugOption, GameArgument, RootOption
from pnp.commands.terminal import finish, guard, say, show
from pnp.core.diagnostics import Report


class TranslationFormat(str, Enum):
    po = "po"
    xlsx = "xlsx"


LangOption = typer.Option(..., "--lang", help="The edition's language (a language game.yaml's `languages:` lists after the first).")


def command():
    """Translators' tools: export a language's strings (PO or XLSX), import them back, stamp plain entries."""


group = typer.Typer(callback=command, no_args_is_help=True, rich_markup_mode=None)


@group.command("export")
def export(game: str = GameArgument, lang: str = LangOption,
           format: TranslationFormat = typer.Option(TranslationFormat.po, "--format", help="po (gettext) or xlsx."),
           out: Optional[Path] = typer.Option(None, "--out", help="File to write (default: "
                                              "output/translations/<game>/<lang>.<format>)."),
           root: Path = RootOption, debug: bool = DebugOption):
    """Write every text to translate with its source text, its key, where it belongs and its box's room; the
    translations made so far filled in, those whose source text changed since marked fuzzy (stale)."""
    from pnp.api.translate import TranslateRequest, export_strings

    done = guard(debug, lambda: export_strings(TranslateRequest(root, game, lang, format.value, out)))
    finish(_said(done, f"wrote {done.count} texts to {done.written}"))


@group.command("import")
def import_(game: str = GameArgument, lang: str = LangOption,
            file: Path = typer.Argument(..., help="The translator's file: .po, .xlsx or .csv."),
            root: Path = RootOption, debug: bool = DebugOption):
    """Read a translator's PO or XLSX file back into translations/<lang>.yaml, each translation stamped with its
    source text's digest. Translations the file lacks are kept; an unknown key is an error and nothing is written."""
    from pnp.api.translate import TranslateRequest, import_strings

    done = guard(debug, lambda: import_strings(TranslateRequest(root, game, lang, file=file)))
    finish(_said(done, f"imported {done.count} translations into {done.written}"))


@group.command("stamp")
def stamp(game: str = GameArgument, lang: str = LangOption, root: Path = RootOption, debug: bool = DebugOption):
    """Add the digest of its source text to each plain entry of translations/<lang>.yaml: from now on a change of the
    source text shows the translation as stale."""
    from pnp.api.translate import TranslateRequest, stamp_strings

    done = guard(debug, lambda: stamp_strings(TranslateRequest(root, game, lang)))
    finish(_said(done, f"stamped {done.count} entries in {done.written}"))


def _said(done, what: str) -> bool:
    show(Report(done.diagnostics))
    if done.ok:
        say(what)
    return done.ok
