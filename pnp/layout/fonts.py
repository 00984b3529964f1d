"""A layout's `fonts:`, resolved: each style a bundled font's name or a checked font file of the project.

    fonts: {regular: fonts/Gentium.ttf, bold: fonts/Gentium-Bold.ttf}

A font file is named from the project folder (next to content/ and layouts/)
and must stay inside it (pnp.core.paths). A file that cannot be used is reported
at the line that names it (a `font` error, or `font-licence` for a font whose
licence forbids embedding it), and its style falls back to the bundled font
so the rest of the layout is still checked.
"""
from __future__ import annotations

from pathlib import Path

from pnp.core.diagnostics import Diagnostic
from pnp.core.paths import inside, name_problem
from pnp.model.common import FontSet
from pnp.reading.source import Source
from pnp.text.font_files import check_font_file
from pnp.text.font_tables import FontProblem
from pnp.text.fonts import BUNDLED, DEFAULT_FAMILY, STYLES


def resolve_fonts(fonts: FontSet, source: Source, project_root: Path) -> tuple[dict[str, str], list[Diagnostic]]:
    """Style -> font (a bundled name or a font file's absolute path), and a diagnostic per unusable file."""
    resolved, problems = {}, []
    for style in STYLES:
        name = getattr(fonts, style)
        font, problem = (name, None) if name in BUNDLED else _font_file(project_root, name)
        if problem:
            problems.append(source.diagnostic(("fonts", style), problem.code, f"{style} font '{name}' {problem.text}"))
        resolved[style] = font or DEFAULT_FAMILY[style]
    return resolved, problems


def _font_file(project_root: Path, name: str) -> tuple[str | None, FontProblem | None]:
    if Path(name).is_absolute() or name.startswith("~"):
        return None, FontProblem("must be a path from the project folder, like fonts/MyFont.ttf")
    wrong = name_problem(name, "fonts/MyFont.ttf", "the project folder")
    if wrong:
        return None, FontProblem(wrong)
    path, problem = inside(project_root, name)
    if path is None:
        return None, FontProblem("points outside the project folder (after following links); keep font files inside it, in fonts/")
    problem = check_font_file(path)
    return (None, problem) if problem else (str(path), None)
