"""Text without a renderer: glyph widths of the bundled fonts, and fitting text into boxes.

The validator measures text here, so `pnp validate` never loads reportlab;
the renderers draw exactly the lines these functions chose.
"""
