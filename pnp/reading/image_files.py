"""Image files: a card's `art`, an image box of a card layout (`src:` or a value naming a file), an icon, a
sheet's background or image region may name a PNG, JPEG or SVG under its game's content folder (`art/mice-1.png` is
content/<game>/art/mice-1.png). `find_image` is the one way any of them is looked up, so the file `pnp validate`
accepted is the file the build opens.

An SVG is read, checked and drawn as vectors by its own module (pnp.reading.svg_files, pnp.render.svg_art): here it
is found and checked as the others are (`find_image`), has no pixels (`pixel_size` is None: no resolution warning)
and says what of it is not drawn (`image_warnings`).

What pnp accepts: PNG or JPEG files of at most MAX_BYTES and MAX_PIXELS, that
decode completely (a truncated or corrupt file is an error at the card's art
line, found by `pnp validate`). For print, an image is turned upright by its
EXIF orientation, 16-bit and palette images become 8-bit, and it is scaled
down to what its box needs at PRINT_DPI, so a huge file costs no more than a
sharp one. Transparent parts stay transparent in RGB files and print as
paper white in CMYK files (a press file has no transparency), where they go to press CMYK through pnp's ICC
profile (pnp.render.press).

The EXIF orientation is read by one function (`_orientation`) for validation and the build alike, and only the
orientation: the rest of the EXIF data is never read, rewritten or embedded, so a broken tag elsewhere in it (a
camera's maker notes, a pointer past the end) costs nothing. An orientation pnp cannot read (EXIF data cut short
before it, a value that is no whole number from 1 to 8) is an error: which way up the picture prints would be a
guess, and re-exporting the image settles it. 0, which some cameras write for "unknown", means as stored, as a
missing orientation does. Pillow's own warnings about the file never reach the terminal: what matters of them
is in that error.

Memory: a picture is decoded once, as small as its box allows (a JPEG decodes at 1/2, 1/4 or 1/8 of its size when
that is still sharp enough), then converted to 8 bits, shrunk and filtered a band of rows at a time: its
full-size pixels are never copied whole, and the turning and colour separation work on the box's pixels only. A
36-million-pixel RGBA picture costs its decoded size once (144 MB), not three times.
"""
from __future__ import annotations

import os
import warnings
from functools import lru_cache, wraps
from pathlib import Path

from pnp.core.limits import MAX_IMAGE_BYTES as MAX_BYTES
from pnp.core.limits import MAX_IMAGE_PIXELS as MAX_PIXELS
from pnp.core.paths import file_kind, inside
from pnp.reading.svg_files import clean_svg, is_svg, read_svg, svg_problem

SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
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
        return None, ("not-a-file", f"image '{name}' is {kind}; name a PNG, JPEG or SVG file")
    problem = svg_problem(path) if is_svg(name) else image_problem(path)
    return (None, ("bad-image", f"'{name}' {problem}")) if problem else (path, None)


def image_warnings(path: Path, name: str) -> list[tuple[str, str]]:
    """What of a found image file is not printed as it shows on screen, as (diagnostic code, message) warnings: the
    parts of an SVG pnp does not draw (text, filters...), each with its line in the SVG."""
    if not is_svg(name):
        return []
    notes = read_svg(path).notes
    return [("svg-unsupported", f"'{name}' {note}") for note in notes]


def embedded_image(path: Path, color: str = "#000000") -> tuple[str, str]:
    """A found image file as an HTML page embeds it (the rules reference is one file): its media type and its bytes
    in base64. An SVG is embedded as pnp read it (pnp.reading.svg_files.clean_svg: plain paths, currentColor in
    `color`), never as the file is: nothing of it that pnp does not draw reaches the page."""
    import base64

    if is_svg(path.name):
        return "image/svg+xml", base64.b64encode(clean_svg(read_svg(path), color).encode("utf-8")).decode("ascii")
    kind = "image/jpeg" if path.suffix.lower() in (".jpg", ".jpeg") else "image/png"
    return kind, base64.b64encode(path.read_bytes()).decode("ascii")


def _stamp(path: Path) -> tuple:
    info = os.stat(path)
    return str(path), info.st_mtime_ns, info.st_size


def image_problem(path: Path) -> str | None:
    """What is wrong with an image file for pnp, or None: read once per version of the file."""
    try:
        return _problem(_stamp(path))
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"


def _quietly(read):
    """Pillow warns on standard error about what it meets in a file (damaged EXIF tags, a broken animation, more
    pixels than its own limit): those warnings are held wherever pnp reads an image, never printed. What matters
    of them for printing is pnp's own diagnostic (_problem, _orientation); the rest concerns nothing pnp draws."""
    @wraps(read)
    def held(*args):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return read(*args)
    return held


@lru_cache(maxsize=256)
@_quietly
def _problem(stamp: tuple) -> str | None:
    from PIL import Image

    path, _, size = stamp
    if size > MAX_BYTES:
        return f"is {size // (1024 * 1024)} MB; images are at most {MAX_BYTES // (1024 * 1024)} MB"
    too_many = (f"has more pixels than the {MAX_PIXELS // 1_000_000} million pnp accepts; scale it down "
                "(300 DPI at the box's size is enough)")
    try:
        image = Image.open(path)  # Pillow's DecompressionBombWarning is held: our own limit is lower, said below
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
            _orientation(image)  # read as the build reads it: one it cannot read is an error here, not a crash there
    except UnknownOrientation as exc:
        return f"{exc}; pnp cannot tell which way up it prints: open it in an image editor and export it again"
    except Exception as exc:  # noqa: BLE001 - Pillow raises many kinds of error for broken files
        return f"is not a PNG or JPEG image Pillow can read ({type(exc).__name__}); export it again as PNG"
    return None


class UnknownOrientation(ValueError):
    """An image's EXIF orientation cannot be read; the message says why."""


ORIENTATION_TAG = 0x0112
# EXIF orientation -> the turn that shows the stored pixels upright (1: as stored); 5 to 8 swap width and height
TURNS = {1: None, 2: "FLIP_LEFT_RIGHT", 3: "ROTATE_180", 4: "FLIP_TOP_BOTTOM", 5: "TRANSPOSE", 6: "ROTATE_270",
         7: "TRANSVERSE", 8: "ROTATE_90"}
SIDEWAYS = (5, 6, 7, 8)


def _orientation(image) -> int:
    """The image's EXIF orientation, 1 to 8 (1 for none): the one reading of it, by validation (_problem, which
    refuses an image this raises UnknownOrientation for) and by the build (_upright_size, _print_image).

    Only the first EXIF directory, where the orientation is, is read, with Pillow's warnings held: a damaged
    tag there is Pillow's warning and a skipped tag, so a damaged directory without an orientation may have
    lost it, and says so; damage anywhere else is no concern of printing."""
    with warnings.catch_warnings(record=True) as heard:
        warnings.simplefilter("always")
        try:
            # parsed afresh: Pillow parses a JPEG's EXIF when it opens it (for its resolution), and keeps quietly
            # whatever it got from damaged data; what is heard and raised here is the whole of it
            image._exif = None
            exif = image.getexif()
            value = exif.get(ORIENTATION_TAG, 1)
        except Exception as exc:  # noqa: BLE001 - Pillow raises many kinds of error for broken EXIF data
            raise UnknownOrientation(f"has EXIF data Pillow cannot read ({type(exc).__name__})") from None
    if type(value) is int and value == 0:  # "unknown", as some cameras write it: as stored
        return 1
    if type(value) is not int or value not in TURNS:
        shown = repr(value) if len(repr(value)) <= 20 else f"a {type(value).__name__}"
        raise UnknownOrientation(f"has the EXIF orientation {shown}, which is none of 1 to 8")
    if heard and ORIENTATION_TAG not in exif:
        raise UnknownOrientation(f"has damaged EXIF data ({_first_line(heard[0].message)})")
    return value


def _first_line(message) -> str:
    text = " ".join(str(message).split())
    return text if len(text) <= 80 else text[:77] + "..."


def pixel_size(path: Path) -> tuple[int, int] | None:
    """Width and height in pixels as printed (after EXIF rotation), or None for a file with a problem or an SVG (vectors
    print sharp at any size)."""
    if is_svg(path.name) or image_problem(path):
        return None
    return _upright_size(_stamp(path))


@lru_cache(maxsize=256)
@_quietly
def _upright_size(stamp: tuple) -> tuple[int, int]:
    from PIL import Image

    with Image.open(stamp[0]) as image:
        width, height = image.size
        turned = _orientation(image) in SIDEWAYS
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


# Pixels decoded or shrunk to at least this many times the box's before the Lanczos filter does the rest: the
# reducing gap of Pillow's thumbnail(), close to filtering the whole picture at full size.
REDUCING_GAP = 2
BAND_ROWS = 256  # about how many rows of a picture are converted, shrunk or filtered at once


@lru_cache(maxsize=64)
@_quietly
def _print_image(stamp: tuple, width: float, height: float, press):
    from PIL import Image

    image, orientation = _scaled(stamp[0], width, height)
    if TURNS[orientation]:  # turned after scaling: a turn of the box's pixels, not of the whole picture's
        image = image.transpose(getattr(Image.Transpose, TURNS[orientation]))
    if press is not None:
        if image.mode == "RGBA":
            paper = Image.new("RGB", image.size, "white")
            paper.paste(image, mask=image.getchannel("A"))
            image = paper
        image = press.image(image)
    return image


def _scaled(path: str, width: float, height: float):
    """The picture's pixels as stored, 8-bit, scaled to what a width x height pt box shows of it at PRINT_DPI once
    it is upright, and its EXIF orientation. Decoded once, as small as will do (_decode_small); the full-size
    pixels are only ever read a band of rows at a time (_shrunk, _resized), never copied whole."""
    from PIL import Image

    with Image.open(path) as opened:
        orientation = _orientation(opened)
        target = _target_size(opened.size, orientation, width, height)
        _decode_small(opened, target)
        opened.load()
        if opened.size == target:  # no more pixels than the box can show: printed as they are
            return _eight_bit(opened), orientation
        factor = _whole_factor(opened.size, target)
        image = _shrunk(opened, factor) if factor > 1 else opened
    del opened  # the full-size decode is let go once it is shrunk (unshrunk, _resized reads it a band at a time)
    return _resized(image, target), orientation


def _target_size(stored: tuple[int, int], orientation: int, width: float, height: float) -> tuple[int, int]:
    """The stored picture's size once scaled to what a width x height pt box shows at PRINT_DPI when it is turned
    upright (its own size when it has no more pixels than that)."""
    upright = stored[::-1] if orientation in SIDEWAYS else stored
    scale = min(width / 72 * PRINT_DPI / upright[0], height / 72 * PRINT_DPI / upright[1])
    if scale >= 0.99:  # no more pixels than the box can show: printed as they are
        return stored
    return max(1, round(stored[0] * scale)), max(1, round(stored[1] * scale))


def _decode_small(opened, target: tuple[int, int]) -> None:
    """A JPEG decodes at 1/2, 1/4 or 1/8 of its size when that still has REDUCING_GAP times the target's pixels
    (libjpeg scales while decoding: the full-size pixels are never in memory); a PNG decodes whole."""
    if opened.format == "JPEG" and target != opened.size:
        opened.draft(None, (target[0] * REDUCING_GAP, target[1] * REDUCING_GAP))


def _whole_factor(size: tuple[int, int], target: tuple[int, int]) -> int:
    """The whole factor a picture can shrink by and keep REDUCING_GAP times the target's pixels (1: none)."""
    return max(1, min(size[0] // (target[0] * REDUCING_GAP), size[1] // (target[1] * REDUCING_GAP)))


def _shrunk(image, factor: int):
    """The picture 8-bit (_eight_bit) and `factor` times smaller by averaging, a band of rows at a time: each
    band's conversion and averaging (Pillow premultiplies alpha into a copy first) costs a band's memory, never a
    second full-size picture. Bands start on multiples of `factor`, so the result is the whole picture's reduce()."""
    from PIL import Image

    rows = factor * max(1, BAND_ROWS // factor)
    result = None
    for top in range(0, image.height, rows):
        band = _eight_bit(image.crop((0, top, image.width, min(top + rows, image.height)))).reduce(factor)
        if result is None:
            result = Image.new(band.mode, (-(-image.width // factor), -(-image.height // factor)))
        result.paste(band, (0, top // factor))
    return result


LANCZOS_REACH = 3  # how many (scaled) pixels either side the Lanczos filter reads


def _resized(image, target: tuple[int, int]):
    """The picture 8-bit and resized to `target` by the Lanczos filter, a band of the result's rows at a time:
    each band reads its rows of the picture and the filter's reach around them, filters them down (the vertical
    pass), then across (the horizontal one). Both passes are Pillow's own, and the band's edges are no seams: what
    the vertical pass makes of a row is what it makes of it in the whole picture, and the horizontal pass reads
    one row at a time. Transparent pictures are filtered premultiplied, as Pillow filters them, once for both."""
    from math import ceil, floor

    from PIL import Image

    step = image.height / target[1]  # rows of the picture to one row of the result
    reach = LANCZOS_REACH * max(step, 1) + 1
    rows = max(1, floor(BAND_ROWS / step))
    result = None
    for first in range(0, target[1], rows):
        last = min(first + rows, target[1])
        start, end = first * step, last * step  # the rows they stand for, fractions included
        top, bottom = max(0, floor(start - reach)), min(image.height, ceil(end + reach))
        band = _premultiplied(_eight_bit(image.crop((0, top, image.width, bottom))))
        band = band.resize((image.width, last - first), Image.LANCZOS, box=(0, start - top, image.width, end - top))
        band = band.resize((target[0], last - first), Image.LANCZOS)
        if result is None:
            result = Image.new(band.mode, target)
        result.paste(band, (0, first))
    return result.convert("RGBA") if result.mode == "RGBa" else result


def _premultiplied(image):
    """RGBA with its colours premultiplied by their alpha ("RGBa"), as Pillow filters transparent pictures: a
    transparent pixel's colour never bleeds into its neighbours."""
    return image.convert("RGBa") if image.mode == "RGBA" else image


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
