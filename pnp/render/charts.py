"""Bar charts of a playtest as PNG (pnp.engine.playtest.Chart), drawn with Pillow and the bundled Vera fonts.

A designer reads a balance question off one picture: a group of bars per
category (a difficulty level), one bar per kind of player, the share printed
on each bar. Pillow writes no timestamp into a PNG, so the same playtest
draws the same bytes.
"""
from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from pnp.engine.playtest import Chart
from pnp.render.fonts import BUNDLED, font_dir

WIDTH, HEIGHT = 960, 560
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 90, 30, 104, 110
INK, GRID, PAPER = (40, 40, 40), (215, 215, 215), (255, 255, 255)
COLOURS = [(58, 110, 165), (214, 110, 40), (90, 160, 80), (170, 70, 140), (120, 120, 120), (200, 170, 40)]
CROWDED = 15  # bars in one chart beyond which bars at 0 carry no label
# a category named like a colour gets a hint of that colour under its label
CATEGORY_TINTS = {"green": (70, 150, 70), "yellow": (220, 180, 30), "red": (200, 60, 50)}


def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_dir() / BUNDLED[name]), size)


def draw_chart(chart: Chart) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    title, label, small, tiny = _font("VeraBd", 24), _font("Vera", 17), _font("Vera", 14), _font("Vera", 11)
    draw.text((WIDTH // 2, 34), chart.title, font=title, fill=INK, anchor="mm")
    left, right, top, bottom = MARGIN_LEFT, WIDTH - MARGIN_RIGHT, MARGIN_TOP, HEIGHT - MARGIN_BOTTOM
    for tenth in range(0, 11, 2):  # gridlines every 20 %
        y = bottom - (bottom - top) * tenth / 10
        draw.line((left, y, right, y), fill=GRID if tenth else INK, width=1 if tenth else 2)
        draw.text((left - 10, y), f"{tenth * 10}%", font=small, fill=INK, anchor="rm")
    _vertical_label(image, chart.axis, small, (26, (top + bottom) // 2))
    if chart.note:
        draw.text((WIDTH // 2, 62), chart.note, font=small, fill=INK, anchor="mm")
    names = list(chart.series)
    group = (right - left) / max(1, len(chart.categories))
    bar = group * 0.8 / max(1, len(names))
    crowded = len(chart.categories) * len(names) > CROWDED  # then empty bars go unlabelled, so the others can be read
    fits = all(label.getlength(category) <= group * 0.95 for category in chart.categories)
    for c, category in enumerate(chart.categories):
        x0 = left + group * c + group * 0.1
        for s, name in enumerate(names):
            value = min(1.0, max(0.0, chart.series[name][c]))
            x = x0 + bar * s
            y = bottom - (bottom - top) * value
            draw.rectangle((x + 2, y, x + bar - 2, bottom), fill=COLOURS[s % len(COLOURS)])
            if value or not crowded:
                draw.text((x + bar / 2, y - 4), f"{value:.0%}", font=small if bar >= 30 else tiny, fill=INK, anchor="md")
        centre = left + group * c + group / 2
        tint = CATEGORY_TINTS.get(category.lower())
        if tint:
            draw.rectangle((centre - 40, bottom + 8, centre + 40, bottom + 13), fill=tint)
        draw.text((centre, bottom + 28), category, font=label if fits else small, fill=INK, anchor="mm")
    _legend(draw, names, small, bottom + 62)
    return image


def _vertical_label(image: Image.Image, text: str, font, centre: tuple[int, int]) -> None:
    """Text turned a quarter left, as an axis title reads."""
    width = int(font.getlength(text)) + 4
    strip = Image.new("RGB", (width, 20), PAPER)
    ImageDraw.Draw(strip).text((width // 2, 10), text, font=font, fill=INK, anchor="mm")
    turned = strip.rotate(90, expand=True)
    image.paste(turned, (centre[0] - turned.width // 2, centre[1] - turned.height // 2))


def _legend(draw: ImageDraw.ImageDraw, names: list[str], font, y: int) -> None:
    widths = [28 + draw.textlength(name, font=font) + 24 for name in names]
    x = (WIDTH - sum(widths)) / 2
    for s, name in enumerate(names):
        draw.rectangle((x, y - 8, x + 18, y + 8), fill=COLOURS[s % len(COLOURS)])
        draw.text((x + 26, y), name, font=font, fill=INK, anchor="lm")
        x += widths[s]


def write_chart(chart: Chart, path: Path) -> None:
    draw_chart(chart).save(path, format="PNG", optimize=False)
