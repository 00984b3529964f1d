"""A rule's figure, drawn by the game's package (GamePlugin.figures): as vectors by the renderers (the PDF
rulebook; inline SVG for the HTML page, pnp.render.svg), and here as the same diagram in text, for Markdown
and JSON."""
from __future__ import annotations


def figure_kind(game, figure: dict | None):
    """The figure kind that draws this figure, or None (a figure the validator has already reported)."""
    if not figure:
        return None
    return game.plugin.figures.get(figure.get("kind"))


def figure_text(game, figure: dict) -> str:
    kind = figure_kind(game, figure)
    return kind.describe(figure, game) if kind else ""
