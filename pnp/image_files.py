"""Image files: a card's `art`, an image box of a card layout (`src:` or a value naming a file), an icon, a
sheet's background or image region may name a PNG or JPEG under its game's content folder (`art/mice-1.png` is
content/<game>/art/mice-1.png). `find_image` is the one way any of them is looked up, so the file `pnp validate`
accepted is the file the build opens.

What pnp accepts: PNG or JPEG files of at most MAX_BYTES and MAX_PIXELS, that
decode completely (a truncated or corrupt file is an error at the card's art
line, found by `pnp validate`). For print, an image is turned upright by its
EXIF orientation, 16-bit and palette images become 8-bit, and it is scaled
down to what its box needs at PRINT_DPI, so a huge file costs no more than a
sharp one. Transparent parts stay transparent in RGB files and print as
paper white in CMYK files (a press file has no transparency), where they go to press CMYK through pnp's ICC
profile (pnp.render.press).
"""
from __future__ import annotations

import os
import warnings
from functools import lru_cache
from pathlib import Path

from pnp.limits import MAX_IMAGE_BYTES as MAX_BYTES
from pnp.limits import MAX_IMAGE_PIXELS as MAX_PIXELS
from pnp.paths import file_kind, inside

SUFFIXES = (".png", ".jpg", ".jpeg")
PRINT_DPI = 300  # below this in its box, an image prints soft


def is_image(name: str | None) -> bool:
    return bool(name) and name.lower().endswith(SUFFIXES)


def find_image(folder: Path, name: str) -> tuple[Path | None, tuple[str, str] | None]:
    """The image file `name` names inside the game's `folder`, checked: (its path, None), or (None, (a diagnostic
    code, what is wrong and what to do)). Validation reports the problem; a build draws only the path."""
    path, wrong = inside(folder, name, example="art/picture.png")
    if wrong:
        return None, ("outside", f"image {wrong}")
    kind = file_kind(path)
    if kind == "missing":
        return None, ("missing-image", f"image '{name}' not found (looked for content/{folder.name}/{name}); "
                      "put the file there or fix the name")
    if kind:
        return None, ("not-a-file", f"image '{name}' is {kind}; name a PNG or JPEG file")
    problem = image_problem(path)
    return (None, ("bad-image", f"'{name}' {problem}")) if problem else (path, None)


def _stamp(path: Path) -> tuple:
    info = os.stat(path)
    return str(path), info.st_mtime_ns, info.st_size


def image_problem(path: Path) -> str | None:
    """What is wrong with an image file for pnp, or None: read once per version of the file."""
    try:
        return _problem(_stamp(path))
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"


@lru_cache(maxsize=256)
def _problem(stamp: tuple) -> str | None:
    from PIL import Image

    path, _, size = stamp
    if size > MAX_BYTES:
        return f"is {size // (1024 * 1024)} MB; images are at most {MAX_BYTES // (1024 * 1024)} MB"
    too_many = (f"has more pixels than the {MAX_PIXELS // 1_000_000} million pnp accepts; scale it down "
                "(300 DPI at the box's size is enough)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # our own limit is lower: said below
            image = Image.open(path)
    except Image.DecompressionBombError:
        return too_many
    except Exception as exc:  # noqa: BLE001 - Pillow raises many kinds of error for broken files
        return f"is not a PNG or JPEG image Pillow can read ({type(exc).__name__}); export it again as PNG"
    try:
        with image:
            if image.format not in ("PNG", "JPEG"):
                return f"is a {image.format} image; use PNG or JPEG"
            width, height = image.size
            if width * height > MAX_PIXELS:
                return f"is {width} x {height} pixels: it {too_many}"
            image.load()  # the whole file decodes: a truncated or corrupt one is caught here, not in a build
    except Exception as exc:  # noqa: BLE001 - Pillow raises many kinds of error for broken files
        return f"is not a PNG or JPEG image Pillow can read ({type(exc).__name__}); export it again as PNG"
    return None


def pixel_size(path: Path) -> tuple[int, int] | None:
    """Width and height in pixels as printed (after EXIF rotation), or None for a file with a problem."""
    if image_problem(path):
        return None
    return _upright_size(_stamp(path))


@lru_cache(maxsize=256)
def _upright_size(stamp: tuple) -> tuple[int, int]:
    from PIL import Image

    with Image.open(stamp[0]) as image:
        width, height = image.size
        turned = image.getexif().get(0x0112, 1) in (5, 6, 7, 8)  # EXIF orientations that swap the sides
    return (height, width) if turned else (width, height)


FITS = ("contain", "cover")  # the whole image inside its box; or the box filled, the image's overflow cut off


def dpi_in_box(pixels: tuple[int, int], width: float, height: float, fit: str = "contain") -> float:
    """The resolution an image prints at when fitted (aspect kept) into a width x height pt box."""
    pick = max if fit == "cover" else min
    scale = pick(width / pixels[0], height / pixels[1])  # points per pixel
    return 72 / scale


def covering_size(pixels: tuple[int, int], width: float, height: float) -> tuple[float, float]:
    """The size an image is drawn at to cover a width x height box with its aspect kept (centred, the rest cut off)."""
    scale = max(width / pixels[0], height / pixels[1])
    return pixels[0] * scale, pixels[1] * scale


def print_image(path: str, width: float, height: float, press=None):
    """The image ready to embed in a width x height pt box: upright, 8-bit, at most PRINT_DPI in the box;
    for a CMYK press (press: its `image(rgb) -> cmyk` separation, pnp.render.press.Press) flattened on white and
    separated."""
    return _print_image(_stamp(Path(path)), round(width, 2), round(height, 2), press)


@lru_cache(maxsize=64)
def _print_image(stamp: tuple, width: float, height: float, press):
    from PIL import Image, ImageOps

    with Image.open(stamp[0]) as opened:
        image = ImageOps.exif_transpose(opened)
        image.load()
    image = _eight_bit(image)
    scale = min(width / 72 * PRINT_DPI / image.width, height / 72 * PRINT_DPI / image.height)
    if scale < 0.99:  # more pixels than the box can show at print resolution
        image = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.LANCZOS)
    if press is not None:
        if image.mode == "RGBA":
            paper = Image.new("RGB", image.size, "white")
            paper.paste(image, mask=image.getchannel("A"))
            image = paper
        image = press.image(image)
    return image


def _eight_bit(image):
    """Greyscale, RGB or RGBA with 8 bits a channel: 16-bit and float images are scaled, palettes expanded."""
    if image.mode in ("I;16", "I;16B", "I;16L", "I;16N"):
        image = image.convert("I")
    if image.mode == "I":  # 16-bit greyscale read as 32-bit integers: 0..65535 to 0..255
        return image.point(lambda value: value / 256).convert("L")
    if image.mode == "F":
        return image.point(lambda value: value * 255).convert("L")
    if image.mode in ("P", "PA", "LA") or "transparency" in image.info:
        return image.convert("RGBA")
    if image.mode not in ("L", "RGB", "RGBA"):
        return image.convert("RGB")
    return image
