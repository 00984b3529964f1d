"""Card art from image files: a card's `art` may name a PNG or JPEG under its game's content folder
(`art: art/mice-1.png` is content/<game>/art/mice-1.png) instead of one of the game's vector emblems."""
from __future__ import annotations

from pathlib import Path

SUFFIXES = (".png", ".jpg", ".jpeg")
PRINT_DPI = 300  # below this in its box, an image prints soft


def is_image(name: str | None) -> bool:
    return bool(name) and name.lower().endswith(SUFFIXES)


def pixel_size(path: Path) -> tuple[int, int] | None:
    """Width and height in pixels, or None when the file is not an image Pillow can read."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as image:
            image.verify()
            return image.size
    except (OSError, UnidentifiedImageError):
        return None


def dpi_in_box(pixels: tuple[int, int], width: float, height: float) -> float:
    """The resolution an image prints at when fitted (aspect kept) into a width x height pt box."""
    scale = min(width / pixels[0], height / pixels[1])  # points per pixel
    return 72 / scale
