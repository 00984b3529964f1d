"""Colour for the press: pnp's own CMYK output profile loads in littleCMS and separates sRGB sensibly, and
CMYK files send every colour and image through it, held to the vendor's ink limit.

The round trip is sRGB -> press CMYK -> sRGB with the relative colorimetric intent and black point
compensation, measured in CIELAB (D50) as CIE76 delta E. What the profile promises (docs/how-to/print-shops.md, "Colour for the
press"): colours the press can print come back within 6; white is paper (no ink); greys stay neutral
(|a*|, |b*| under 2) and come back within 3; sRGB's red, green and blue, which no coated press prints, come
back with their hue within 15 degrees; black is the press's darkest; no colour uses more than 300 % ink.
"""
import math
import subprocess
import sys

import pytest
from helpers import ROOT
from PIL import Image, ImageCms

from pnp.render import press

PRINTABLE = {"tan": (200, 150, 100), "skin": (230, 190, 160), "olive": (100, 120, 60), "brick": (178, 34, 34),
             "forest": (34, 139, 34), "slate": (70, 90, 110), "cream": (240, 230, 200)}
GREYS = [(v, v, v) for v in (32, 64, 96, 128, 160, 191, 224)]
SCREEN_PRIMARIES = {"red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255)}
INTENT, BPC = ImageCms.Intent.RELATIVE_COLORIMETRIC, ImageCms.Flags.BLACKPOINTCOMPENSATION


@pytest.fixture(scope="module")
def cms():
    srgb, lab = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB", 5000)
    profile = ImageCms.getOpenProfile(str(press.profile_path()))
    return {
        "profile": profile,
        "to_press": ImageCms.buildTransform(srgb, profile, "RGB", "CMYK", INTENT, BPC),
        "from_press": ImageCms.buildTransform(profile, srgb, "CMYK", "RGB", INTENT, BPC),
        "press_lab": ImageCms.buildTransform(profile, lab, "CMYK", "LAB", INTENT),
        "lab": ImageCms.buildTransform(srgb, lab, "RGB", "LAB", INTENT),
    }


def _pixel(image_or_rgb, transform, mode="RGB"):
    image = image_or_rgb if isinstance(image_or_rgb, Image.Image) else Image.new(mode, (1, 1), image_or_rgb)
    return ImageCms.applyTransform(image, transform).getpixel((0, 0))


def _lab(pixel) -> tuple[float, float, float]:
    """Pillow's 8-bit LAB pixel as L* 0..100, a* and b* signed."""
    L, a, b = pixel
    return L * 100 / 255, a - 128, b - 128


def round_trip(cms, rgb):
    cmyk = _pixel(rgb, cms["to_press"])
    back = _pixel(cmyk, cms["from_press"], "CMYK")
    return cmyk, _lab(_pixel(rgb, cms["lab"])), _lab(_pixel(back, cms["lab"]))


def hue(lab) -> float:
    return math.degrees(math.atan2(lab[2], lab[1])) % 360


def test_the_profile_is_an_icc_v2_cmyk_output_profile_with_lab_pcs_and_every_tag_it_needs(cms):
    data = press.profile_path().read_bytes()
    assert int.from_bytes(data[:4], "big") == len(data)
    assert data[8] == 2 and data[12:16] == b"prtr" and data[16:20] == b"CMYK" and data[20:24] == b"Lab " and data[36:40] == b"acsp"
    tags = {data[132 + 12 * i:136 + 12 * i] for i in range(int.from_bytes(data[128:132], "big"))}
    assert {b"A2B0", b"B2A0", b"A2B1", b"B2A1", b"A2B2", b"B2A2", b"gamt", b"wtpt", b"desc", b"cprt"} <= tags
    assert "pnp coated press" in ImageCms.getProfileDescription(cms["profile"])


def test_the_committed_profile_is_what_the_generator_makes():
    result = subprocess.run([sys.executable, str(ROOT / "tools/make_cmyk_profile.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_paper_white_needs_no_ink_and_black_is_the_darkest_the_press_prints(cms):
    assert _pixel((255, 255, 255), cms["to_press"]) == (0, 0, 0, 0)
    black = _pixel((0, 0, 0), cms["to_press"])
    assert black[3] >= 240 and sum(black) <= 300 * 255 / 100  # a rich black under the ink limit
    assert _lab(_pixel(black, cms["press_lab"], "CMYK"))[0] < 15


@pytest.mark.parametrize("name", sorted(PRINTABLE))
def test_colours_the_press_prints_come_back_within_6_delta_e(cms, name):
    _, before, after = round_trip(cms, PRINTABLE[name])
    assert math.dist(before, after) < 6


@pytest.mark.parametrize("grey", GREYS)
def test_greys_stay_neutral_and_come_back_within_3(cms, grey):
    cmyk, before, after = round_trip(cms, grey)
    printed = _lab(_pixel(cmyk, cms["press_lab"], "CMYK"))
    assert abs(printed[1]) < 2 and abs(printed[2]) < 2
    assert math.dist(before, after) < 3


@pytest.mark.parametrize("name", sorted(SCREEN_PRIMARIES))
def test_screen_primaries_keep_their_hue_at_the_press_gamut(cms, name):
    cmyk, before, after = round_trip(cms, SCREEN_PRIMARIES[name])
    assert abs((hue(after) - hue(before) + 180) % 360 - 180) < 15
    assert max(cmyk) >= 240  # a full solid: as saturated as the press goes, not a greyed conversion


def test_green_is_green_ink_not_grey_green(cms):
    c, m, y, k = _pixel((0, 255, 0), cms["to_press"])
    assert y >= 240 and c >= 100 and m <= 10 and k <= 10


def test_no_colour_uses_more_than_300_percent_ink(cms):
    image = Image.new("RGB", (16 * 16, 16))
    image.putdata([(r * 17, g * 17, b * 17) for b in range(16) for r in range(16) for g in range(16)])
    separated = ImageCms.applyTransform(image, cms["to_press"])
    assert max(sum(pixel) for pixel in separated.get_flattened_data()) <= 300 * 255 / 100 + 4  # 4: 8-bit rounding


def test_a_vendors_lower_ink_limit_is_held_keeping_black():
    rich = press.press_cmyk("#000000")
    assert sum(rich) > 2.4
    held = press.Press(ink_limit=240).color("#000000")
    assert sum(held) <= 2.4 + 1e-9 and held[3] == rich[3]
    image = press.Press(ink_limit=240).image(Image.new("RGB", (4, 4), "black"))
    assert max(sum(pixel) for pixel in image.get_flattened_data()) <= 240 * 255 / 100


def test_pure_black_type_prints_in_black_ink_alone_and_other_colours_through_the_profile():
    assert press.Press().line_color("#000000") == (0.0, 0.0, 0.0, 1.0)
    assert press.Press().line_color("#2a9d8f") == press.press_cmyk("#2a9d8f")
    assert press.Press().color("#000000") != (0.0, 0.0, 0.0, 1.0)  # a black fill is a rich black
