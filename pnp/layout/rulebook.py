"""The rulebook's fonts: layouts/<game>/rulebook.yaml, else the card layout's, else the bundled Vera family.

    # layouts/<game>/rulebook.yaml
    fonts: {regular: fonts/Gentium.ttf, bold: fonts/Gentium-Bold.ttf, heading: fonts/Cinzel.otf}

The rulebook sets every word it prints in five fonts (RULEBOOK_FONTS): `regular` (rules, tables, the contents,
page numbers, the card pictures' captions), `bold` (**bold**, rule numbers, glossary terms), `italic` (*italic*,
examples, the tagline, figure captions), `bolditalic` (**bold** in an example), and `heading` (the cover's title,
section, sheet and deck headings; the bold font unless named).

A game without rulebook.yaml sets its rulebook in its card layout's fonts, and rulebook.yaml names only the fonts it
changes (the others stay the card layout's): a designer who picked a font for the language the cards are written
in gets the rules in it too, and the card reference's text beside the card pictures reads as the cards do. A game
without cards takes the bundled Vera family. A font file is named and checked as in any layout (pnp.layout.fonts).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pydantic import Field

from pnp.core.diagnostics import Diagnostic, did_you_mean_or_list
from pnp.layout.fonts import resolve_fonts
from pnp.model.common import FontSet, StrictModel
from pnp.model.schema_errors import parse_model
from pnp.reading.source import Source, SourceError, load
from pnp.text.fonts import DEFAULT_FAMILY, STYLES, chain

RULEBOOK_FILE = "rulebook.yaml"
RULEBOOK_FONTS = (*STYLES, "heading")  # the fonts the rulebook sets text in
HEADING_DEFAULT = "bold"  # the heading font, when nothing names one


class RulebookLayoutFile(StrictModel):
    fonts: FontSet = Field(FontSet(), description="the rulebook's fonts: regular, bold, italic, bolditalic and "
                           "heading; a font not named is the card layout's (the bundled Vera family for a game "
                           "without cards), the heading font the bold one")


@dataclass(frozen=True)
class RulebookLayout:
    fonts: dict[str, str]  # each of RULEBOOK_FONTS -> a bundled font's name or a font file's absolute path
    source: Source | None = None  # rulebook.yaml, when the game has one

    def font_files(self) -> list[str]:
        """The project's font files the rulebook prints with (a bundled font is a name)."""
        return sorted({os.path.abspath(f) for font in self.fonts.values() for f in chain(font) if os.path.isabs(f)})


def load_rulebook_layout(layouts_root: Path, game_id: str, card_fonts: dict[str, str] | None
                         ) -> tuple[RulebookLayout | None, list[Diagnostic]]:
    """The rulebook's fonts: rulebook.yaml's over the card layout's (`card_fonts`, None for a game without cards)
    over the bundled family. None for a rulebook.yaml that cannot be read as one (the fonts it means are unknown);
    a font file that cannot be used is reported and falls back to its bundled font, as in any layout."""
    inherited = {name: font for name, font in (card_fonts or DEFAULT_FAMILY).items() if name in RULEBOOK_FONTS}
    path = layouts_root / game_id / RULEBOOK_FILE
    if not os.path.lexists(path):
        return RulebookLayout(rulebook_fonts(inherited)), []
    try:
        source = load(path, layouts_root)
    except SourceError as exc:
        return None, exc.diagnostics
    spec, problems = parse_model(source, RulebookLayoutFile)
    if spec is None:
        return None, problems
    named = [name for name in (source.data or {}).get("fonts") or {} if isinstance(name, str)]
    problems += _unknown_names(named, source)
    resolved, problems_of_fonts = resolve_fonts(spec.fonts, source, layouts_root.parent)  # fonts/ beside layouts/
    own = {name: resolved[name] for name in named if name in RULEBOOK_FONTS and name in resolved}
    return RulebookLayout(rulebook_fonts({**inherited, **own}), source), problems + problems_of_fonts


def rulebook_fonts(fonts: dict[str, str]) -> dict[str, str]:
    """The five fonts the rulebook sets text in, from a layout's fonts (the heading font the bold one unless named).
    A font may be a fallback list (pnp.text.fonts.chain): the rulebook sets each character in the first font of
    the list that has it, as the cards do (pnp.render.rulebook.Paragraph)."""
    return {**{style: fonts[style] for style in STYLES}, "heading": fonts.get("heading") or fonts[HEADING_DEFAULT]}


def _unknown_names(named: list[str], source: Source) -> list[Diagnostic]:
    """A font name the rulebook sets nothing in (it has no `font:` boxes or spans to pick one by)."""
    return [source.diagnostic(("fonts", name), "unknown-font", f"the rulebook sets no text in a font named '{name}'"
                              f"{did_you_mean_or_list(name, RULEBOOK_FONTS)}; name one of those")
            for name in named if name not in RULEBOOK_FONTS]
