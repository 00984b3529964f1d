"""Colour for a CMYK press: every sRGB colour and image goes to press CMYK through an ICC transform.

The output profile is pnp's own (pnp/defaults/color/pnp-coated-press.icc, made by tools/make_cmyk_profile.py:
coated offset after ISO 12647-2, 300 % total ink, medium GCR). The transform is littleCMS's, through Pillow's
ImageCms, with the relative colorimetric intent and black point compensation: the paper is the design's white,
sRGB black becomes the press's darkest black, and colours the press cannot print go to the nearest ones it can
(the usual choice for print-on-demand, and the intent a PDF/X file's output intent assumes).

After the transform a vendor's own total ink limit (`ink_limit` in paper.yaml) is held by taking cyan, magenta
and yellow down together, keeping black: the colour darkens least that way.

Pure black (#000000) text and lines print in black ink alone (0/0/0/100), as presses ask for type and rules:
a four-ink black misregisters into coloured fringes on small type. Fills of pure black go through the profile
(a rich black).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnp.defaults import packaged

PROFILE_NAME = "pnp-coated-press.icc"
# what a PDF/X output intent says of the printing condition the profile describes
OUTPUT_CONDITION = "Coated offset, ISO 12647-2 paper type 1-2 aims, 300% total ink (pnp coated press model)"
OUTPUT_CONDITION_ID = "pnp coated press"
PROFILE_INK_LIMIT = 300  # percent: the most ink the profile lays down, the limit of a vendor that sets no ink_limit
REGISTRY = "http://www.color.org"
K_ONLY_BLACK = (0.0, 0.0, 0.0, 1.0)


def profile_path():
    return packaged() / "color" / PROFILE_NAME


@lru_cache(maxsize=1)
def profile_bytes() -> bytes:
    return profile_path().read_bytes()


@lru_cache(maxsize=1)
def _transform():
    from PIL import ImageCms

    srgb = ImageCms.createProfile("sRGB")
    press = ImageCms.ImageCmsProfile(str(profile_path()))
    return ImageCms.buildTransform(srgb, press, "RGB", "CMYK", ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   ImageCms.Flags.BLACKPOINTCOMPENSATION)


@dataclass(frozen=True)
class Press:
    """How one vendor's CMYK file is coloured: its total ink limit in percent (None: the profile's 300 %)."""

    ink_limit: int | None = None

    def color(self, hex_value: str) -> tuple[float, float, float, float]:
        """C, M, Y, K (0..1) of an sRGB colour, through the profile and held to the ink limit."""
        return press_cmyk(hex_value, self.ink_limit)

    def line_color(self, hex_value: str) -> tuple[float, float, float, float]:
        """A colour for text and lines: pure black in black ink alone."""
        return K_ONLY_BLACK if hex_value.lower() in ("#000000", "#000") else self.color(hex_value)

    def image(self, image):
        """An RGB or greyscale Pillow image as press CMYK, held to the ink limit."""
        return press_image(image, self.ink_limit)


@lru_cache(maxsize=1024)
def press_cmyk(hex_value: str, ink_limit: int | None = None) -> tuple[float, float, float, float]:
    from PIL import Image
    from reportlab.lib.colors import HexColor

    rgb = tuple(round(v * 255) for v in HexColor(hex_value).rgb())
    pixel = _separate(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
    return limit_ink(tuple(v / 255 for v in pixel), ink_limit)


def _separate(image):
    """An RGB image through the transform. Not ImageCms.applyTransform: that also serialises the whole output
    profile into the result's info on every call (half a megabyte per colour), and littleCMS's serialising of
    a shared profile is not safe to repeat from several threads."""
    from PIL import Image

    out = Image.new("CMYK", image.size)
    _transform().transform.apply(image.getim(), out.getim())
    return out


def limit_ink(cmyk: tuple[float, float, float, float], ink_limit: int | None) -> tuple[float, float, float, float]:
    """C, M, Y taken down together until C+M+Y+K is at most ink_limit percent; black is kept."""
    c, m, y, k = cmyk
    if ink_limit is None or (c + m + y + k) * 100 <= ink_limit:
        return cmyk
    room = max(0.0, ink_limit / 100 - k)
    scale = room / (c + m + y) if c + m + y else 0.0
    return c * scale, m * scale, y * scale, k


def press_image(image, ink_limit: int | None = None):
    from PIL import Image, ImageMath

    cmyk = _separate(image.convert("RGB"))
    if ink_limit is None:
        return cmyk
    c, m, y, k = cmyk.split()
    limit = ink_limit * 255 / 100
    # per pixel, the share of the colour inks that fits beside black: whole-image arithmetic in C, no Python loop
    share = ImageMath.lambda_eval(
        lambda v: v["max"](v["min"]((limit - v["k"]) / v["max"](v["c"] + v["m"] + v["y"], 1.0), 1.0), 0.0), c=c, m=m, y=y, k=k)
    bands = [ImageMath.lambda_eval(lambda v: v["convert"](v["band"] * v["share"], "L"), band=band, share=share) for band in (c, m, y)]
    return Image.merge("CMYK", (*bands, k))
