"""A layout's `fonts:`, resolved: each of its fonts a bundled font's name or a checked font file of the project.

    fonts: {regular: fonts/Gentium.ttf, bold: fonts/Gentium-Bold.ttf, title: fonts/Cinzel.otf}

A font may be a list, a fallback list: each character is set in the first of its fonts that has a glyph for it
(`regular: [fonts/Body.ttf, fonts/NotoSansJP-subset.otf]`), and a `missing-glyph` is one none of them has; the list
resolves to one font name (pnp.text.fonts.fallback) that every measure and drawing sets text in.

The four styles (regular, bold, italic, bolditalic) are always there (the bundled Vera family unless named);
emphasis picks them. Any other key is a font of the layout's own, which a box's `font:` or a span in text picks by
name (`check_font_names` reports a name the layout lacks, with the nearest one). A font file is named from the
project folder (next to content/ and layouts/) and must stay inside it (pnp.core.paths); an OpenType font with
PostScript (CFF) outlines is converted once (pnp.text.font_cff), kept in output/.pnp/fonts/. A file that cannot be
used is reported at the line that names it (a `font` error, or `font-licence` for a font whose licence forbids
embedding it), and its name falls back to the bundled regular font (a style to its bundled font) so the rest of
the layout is still checked.
"""
from __future__ import annotations

import re
from pathlib import Path

from pnp.core.diagnostics import Diagnostic, did_you_mean_or_list
from pnp.core.limits import MAX_LAYOUT_FONTS
from pnp.core.paths import inside, name_problem
from pnp.model.common import FontSet
from pnp.reading.source import Source
from pnp.text.font_files import check_font_file
from pnp.text.font_tables import FontProblem
from pnp.text.fonts import BUNDLED, DEFAULT_FAMILY, STYLES, fallback

FONT_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")  # a font's name in a layout: a box's font: and a span name it


def resolve_fonts(fonts: FontSet, source: Source, project_root: Path) -> tuple[dict[str, str], list[Diagnostic]]:
    """Name -> font (a bundled name or a font file's absolute path), the four STYLES first, and a diagnostic per
    unusable name or file."""
    resolved, problems = {}, []
    cache = project_root / "output" / ".pnp"  # where a build keeps its record: CFF conversions are kept beside it
    named = dict(fonts)
    for number, (slot, names) in enumerate(named.items()):
        wrong = _name_problem(slot, number)
        if wrong:
            problems.append(source.diagnostic(("fonts", slot), "font-name", wrong))
            continue
        listed = isinstance(names, list)
        fonts = []
        for index, name in enumerate(names if listed else [names]):
            font, problem = (name, None) if name in BUNDLED else _font_file(project_root, name, cache)
            if problem:
                place = ("fonts", slot, index) if listed else ("fonts", slot)
                problems.append(source.diagnostic(place, problem.code, f"{slot} font '{name}' {problem.text}"))
            elif font not in fonts:
                fonts.append(font)
        resolved[slot] = fallback(fonts) if fonts else DEFAULT_FAMILY.get(slot, DEFAULT_FAMILY["regular"])
    return {**{style: resolved[style] for style in STYLES}, **resolved}, problems


def _name_problem(slot: str, number: int) -> str | None:
    if number >= MAX_LAYOUT_FONTS:
        return f"font '{slot}' is one more than the {MAX_LAYOUT_FONTS} fonts a layout may name; use fewer fonts"
    if slot not in STYLES and not FONT_NAME.fullmatch(slot):
        return (f"font name '{slot}' must be a short name in lowercase letters, digits, - and _, starting with a "
                "letter (title, flavour, body-bold), so a box's font: and a span ([word]{font=title}) can name it")
    return None


def check_font_names(fonts: dict[str, str], source: Source, uses) -> list[Diagnostic]:
    """A diagnostic at each place (`uses`: (keypath, name) pairs, each a box's font:) that names a font the layout
    does not have, with the nearest name it has."""
    return [source.diagnostic(keypath, "unknown-font", f"font '{name}' is not one of the layout's fonts"
                              f"{did_you_mean_or_list(name, fonts)}; name it under fonts: or use one of those")
            for keypath, name in uses if name not in fonts]


def _font_file(project_root: Path, name: str, cache: Path) -> tuple[str | None, FontProblem | None]:
    if Path(name).is_absolute() or name.startswith("~"):
        return None, FontProblem("must be a path from the project folder, like fonts/MyFont.ttf")
    wrong = name_problem(name, "fonts/MyFont.ttf", "the project folder")
    if wrong:
        return None, FontProblem(wrong)
    path, problem = inside(project_root, name)
    if path is None:
        return None, FontProblem("points outside the project folder (after following links); keep font files inside it, in fonts/")
    problem = check_font_file(path, cache)
    return (None, problem) if problem else (str(path), None)
