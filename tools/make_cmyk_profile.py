"""Make pnp's CMYK press profile: pnp/defaults/color/pnp-coated-press.icc.

    python tools/make_cmyk_profile.py            # writes the profile (the same bytes every run)
    python tools/make_cmyk_profile.py --check    # exits 1 when the committed profile differs

Why our own: no package we may ship with has a CMYK press profile whose licence lets us redistribute it (the
ECI and Fogra profiles forbid it, ghostscript's are AGPL, colord's are RGB only). So this script builds one
from published facts and an analytic press model, and the profile is the project's own work under the
project's licence.

The press it describes: sheet-fed offset on coated paper (ISO 12647-2:2004/Amd 1:2007, paper types 1 and 2,
the printing condition characterised as FOGRA39), by its published aim values on white backing (CIELAB, D50,
2 degree observer):

    paper 95/0/-2, cyan 55/-37/-50, magenta 48/74/-3, yellow 89/-5/93, black 16/0/0,
    red (M+Y) 47/68/48, green (C+Y) 50/-65/27, blue (C+M) 24/22/-46; C+M+Y prints a neutral (FOGRA39
    made 100/100/100/0 neutral, C* about 0) near L* 23, the value this model uses.

The model (pure Python, no numpy):

- tone value increase (dot gain): a parabola peaking at 50 %, 14 % for C, M, Y and 17 % for K, of the order
  of ISO 12647-2's curves for coated paper and positive plates (a model choice, not a measured curve);
- colour of a CMYK value: Yule-Nielsen modified Neugebauer (n = 2) over the 16 overprints, weighted by
  Demichel's area fractions of the effective (dot-gained) coverages; an overprint with black is the colour
  under it filtered by the black ink, with 1 % first-surface reflection that no ink takes away (so 400 %
  comes out near L* 9, not pitch black);
- separation (Lab -> CMYK): for each Lab the CMY that prints it (Gauss-Newton on the model, clipped to the
  press gamut by least colour difference), black by grey component replacement (medium GCR: black starts
  where the grey component passes 30 %), then CMY again with that black, the total area coverage held to
  TOTAL_INK (300 %) by adding black and then lightening CMY.

The profile: ICC v2.1, output class, CMYK data, PCS Lab, lut16 A2B0/A2B1/A2B2 (CMYK -> Lab) and
B2A0/B2A1/B2A2 (Lab -> CMYK) and a gamut tag; the three intents share one colorimetric table each way
(the perceptual intent is relative colorimetric with clipping). Lab is media-relative as ICC v2 asks: the
paper is L* 100, and wtpt gives the paper's absolute white.
"""
from __future__ import annotations

import argparse
import math
import struct
import sys
from pathlib import Path

PROFILE = Path(__file__).resolve().parent.parent / "pnp" / "defaults" / "color" / "pnp-coated-press.icc"
DESCRIPTION = "pnp coated press (ISO 12647-2 coated model, 300% ink)"
COPYRIGHT = "Made by pnp's tools/make_cmyk_profile.py; licensed as pnp itself. No copyright claimed on the press aims."

TOTAL_INK = 3.0  # total area coverage limit of the separation: 300 %
TVI_CMY, TVI_K = 0.14, 0.17  # tone value increase at 50 %
YULE_NIELSEN = 2.0
SURFACE = 0.01  # first-surface reflection, the floor that black over colour cannot go below
GCR_START = 0.30  # black replaces grey once the grey component of the CMY passes this
# a colour outside the press gamut goes to the printable colour nearest it with lightness counted at half
# weight: saturated screen greens and reds stay saturated rather than fading to a lighter grey-green
LAB_WEIGHTS = (0.5, 1.0, 1.0)

D50 = (0.9642, 1.0, 0.8249)
# ISO 12647-2:2004/Amd 1, paper types 1-2, white backing (FOGRA39 aims); CMY overprint: neutral, L* 23
AIMS = {
    "": (95, 0, -2), "c": (55, -37, -50), "m": (48, 74, -3), "y": (89, -5, 93), "k": (16, 0, 0),
    "my": (47, 68, 48), "cy": (50, -65, 27), "cm": (24, 22, -46), "cmy": (23, 0, 0),
}

A2B_GRID = 11  # CMYK grid points a side (the dot gain lives in the input curves, so the grid is smooth)
B2A_GRID = 33  # Lab grid points a side
CURVE_ENTRIES = 256


# --- colour arithmetic ---

def lab_to_xyz(lab, white=D50):
    L, a, b = lab
    fy = (L + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def finv(t):
        return t ** 3 if t > 6 / 29 else 3 * (6 / 29) ** 2 * (t - 4 / 29)
    return tuple(w * finv(f) for w, f in zip(white, (fx, fy, fz)))


def xyz_to_lab(xyz, white=D50):
    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = (f(v / w) for v, w in zip(xyz, white))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


# --- the press model ---

def dot_gain(coverage: float, tvi50: float) -> float:
    """Effective area covered by a nominal tone value (0..1)."""
    return min(1.0, coverage + 4 * tvi50 * coverage * (1 - coverage))


def nominal(effective: float, tvi50: float) -> float:
    """The tone value that prints as `effective` coverage (inverse of dot_gain)."""
    if tvi50 == 0:
        return effective
    # effective = c + 4t c (1 - c)  ->  4t c^2 - (1 + 4t) c + effective = 0
    a, b = 4 * tvi50, -(1 + 4 * tvi50)
    return max(0.0, min(1.0, (-b - math.sqrt(max(0.0, b * b - 4 * a * effective))) / (2 * a)))


PAPER = lab_to_xyz(AIMS[""])
BLACK = lab_to_xyz(AIMS["k"])


def _with_black(xyz):
    """The colour under a solid black: filtered by it, above the first-surface floor."""
    return tuple(SURFACE * w + (v - SURFACE * w) * (k - SURFACE * w) / (p - SURFACE * w)
                 for v, k, p, w in zip(xyz, BLACK, PAPER, D50))


def _primaries():
    """The 16 Neugebauer primaries' XYZ ** (1/n), keyed by (c, m, y, k) solid or not."""
    table = {}
    for c in (0, 1):
        for m in (0, 1):
            for y in (0, 1):
                name = "c" * c + "m" * m + "y" * y
                xyz = lab_to_xyz(AIMS[name])
                for k in (0, 1):
                    colour = _with_black(xyz) if k else xyz
                    table[(c, m, y, k)] = tuple(v ** (1 / YULE_NIELSEN) for v in colour)
    return table


PRIMARIES = _primaries()
ONE_OR_NONE = (0, 1)


def press_xyz(effective):
    """Absolute XYZ (D50) printed by effective coverages (c, m, y, k), each 0..1: the primaries weighted by the
    product of each ink's share, multiplied in the order c, m, y, k and summed corner by corner in that order (the
    profile's bytes depend on the rounding: tools/make_cmyk_profile.py --check)."""
    c, m, y, k = effective
    shares = ((1 - c, c), (1 - m, m), (1 - y, y), (1 - k, k))
    x0 = x1 = x2 = 0.0
    for ci in ONE_OR_NONE:
        wc = shares[0][ci]
        for mi in ONE_OR_NONE:
            wm = wc * shares[1][mi]
            for yi in ONE_OR_NONE:
                wy = wm * shares[2][yi]
                for ki in ONE_OR_NONE:
                    weight = wy * shares[3][ki]
                    if weight:
                        value = PRIMARIES[ci, mi, yi, ki]
                        x0 += weight * value[0]
                        x1 += weight * value[1]
                        x2 += weight * value[2]
    return (x0 ** YULE_NIELSEN, x1 ** YULE_NIELSEN, x2 ** YULE_NIELSEN)


def relative_lab(effective):
    """Media-relative Lab (the paper is L* 100) of effective coverages: what the profile's tables hold."""
    x, y, z = press_xyz(effective)
    return xyz_to_lab((x * D50[0] / PAPER[0], y * D50[1] / PAPER[1], z * D50[2] / PAPER[2]))


# --- separation: Lab -> CMYK ---

def _solve_cmy(target, k, start, ink_room):
    """Effective C, M, Y (with black fixed at effective k) nearest to the target Lab, nominal C+M+Y at most
    ink_room: Gauss-Newton on the model, each step clipped to the unit cube and the ink room."""
    x = list(start)
    weights = LAB_WEIGHTS
    for _ in range(20):
        lab = relative_lab((x[0], x[1], x[2], k))
        r = [(t - v) * w for t, v, w in zip(target, lab, weights)]
        J = []
        for i in range(3):
            h = 1e-4 if x[i] < 0.5 else -1e-4
            probe = list(x)
            probe[i] += h
            lab_i = relative_lab((probe[0], probe[1], probe[2], k))
            J.append([(a - b) / h * w for a, b, w in zip(lab_i, lab, weights)])
        # normal equations J^T J dx = J^T r over the free coverages: one at 0 or 1 whose descent points
        # outward stays there (an active set), so clipping follows the gamut's surface
        g = [sum(J[i][n] * r[n] for n in range(3)) for i in range(3)]
        free = [i for i in range(3) if not ((x[i] <= 0 and g[i] < 0) or (x[i] >= 1 and g[i] > 0))]
        if not free:
            break
        A = [[sum(J[i][n] * J[j][n] for n in range(3)) + (1e-6 if i == j else 0) for j in free] for i in free]
        reduced = _solve(A, [g[i] for i in free])
        if reduced is None:
            break
        step = [0.0, 0.0, 0.0]
        for i, v in zip(free, reduced):
            step[i] = v
        new = [min(1.0, max(0.0, a + s)) for a, s in zip(x, step)]
        new = _hold_ink(new, ink_room)
        moved = max(abs(a - b) for a, b in zip(new, x))
        x = new
        if moved < 1e-5:
            break
    return x


def _hold_ink(effective_cmy, ink_room):
    """Scale C, M, Y down together until their nominal sum fits the room left beside black."""
    total = sum(nominal(v, TVI_CMY) for v in effective_cmy)
    if total <= ink_room:
        return effective_cmy
    nominals = [nominal(v, TVI_CMY) * ink_room / total for v in effective_cmy]
    return [dot_gain(v, TVI_CMY) for v in nominals]


def _solve(A, b):
    """A small linear system by Gaussian elimination with partial pivoting; None when singular."""
    n = len(b)
    M = [row[:] + [v] for row, v in zip(A, b)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(M[r][col]))
        if abs(M[pivot][col]) < 1e-15:
            return None
        M[col], M[pivot] = M[pivot], M[col]
        for r in range(col + 1, n):
            f = M[r][col] / M[col][col]
            for c in range(col, n + 1):
                M[r][c] -= f * M[col][c]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (M[r][n] - sum(M[r][c] * out[c] for c in range(r + 1, n))) / M[r][r]
    return out


def black_for(grey: float) -> float:
    """Medium GCR: nominal black for the grey component (the least of nominal C, M, Y) of a CMY-only separation."""
    if grey <= GCR_START:
        return 0.0
    return min(1.0, ((grey - GCR_START) / (1 - GCR_START)) ** 1.1)


def separate(target, start=(0.3, 0.3, 0.3)):
    """Nominal (c, m, y, k), 0..1, for a media-relative Lab; and the colour difference left (0: in gamut)."""
    cmy = _solve_cmy(target, 0.0, start, TOTAL_INK)
    error = _error(target, cmy, 0.0)
    grey = min(nominal(v, TVI_CMY) for v in cmy)
    k = black_for(grey)
    best = (error, 0.0, cmy)
    while k > 0:  # black for the grey, less where that much black is darker than the target
        trial = _solve_cmy(target, dot_gain(k, TVI_K), cmy, TOTAL_INK - k)
        trial_error = _error(target, trial, k)
        if trial_error < 0.5 or trial_error < best[0] - 0.25:
            best = (trial_error, k, trial)
            if trial_error < 0.5:
                break
        k = round(max(0.0, k - 0.05), 4)
    error, k, cmy = best
    while sum(nominal(v, TVI_CMY) for v in cmy) + k > TOTAL_INK - 0.02 and k < 1.0:
        k = min(1.0, k + 0.05)  # at the ink limit: more black, less colour
        cmy = _solve_cmy(target, dot_gain(k, TVI_K), cmy, TOTAL_INK - k)
    return (*(nominal(v, TVI_CMY) for v in cmy), k), _error(target, cmy, k), cmy


def _error(target, effective_cmy, k):
    return math.dist(relative_lab((*effective_cmy, dot_gain(k, TVI_K))), target)


# --- ICC encoding ---

def s15(v: float) -> bytes:
    return struct.pack(">i", round(v * 65536))


def u16(v: float) -> int:
    return max(0, min(65535, round(v * 65535)))


def lab_u16(lab) -> tuple[int, int, int]:
    """ICC v2 16-bit Lab (legacy): L 0..100 -> 0..0xFF00, a and b -128..127.996 -> 0..0xFFFF."""
    L, a, b = lab
    return (max(0, min(0xFF00, round(L * 0xFF00 / 100))), max(0, min(0xFFFF, round((a + 128) * 256))),
            max(0, min(0xFFFF, round((b + 128) * 256))))


def lut16(in_channels, out_channels, grid, input_curves, clut, output_curves) -> bytes:
    head = b"mft2" + b"\0" * 4 + bytes((in_channels, out_channels, grid, 0))
    matrix = b"".join(s15(v) for v in (1, 0, 0, 0, 1, 0, 0, 0, 1))
    entries = struct.pack(">HH", CURVE_ENTRIES, CURVE_ENTRIES)
    body = b"".join(struct.pack(f">{CURVE_ENTRIES}H", *curve) for curve in input_curves)
    body += struct.pack(f">{len(clut)}H", *clut)
    body += b"".join(struct.pack(f">{CURVE_ENTRIES}H", *curve) for curve in output_curves)
    return head + matrix + entries + body


def identity() -> list[int]:
    return [u16(i / (CURVE_ENTRIES - 1)) for i in range(CURVE_ENTRIES)]


def a2b() -> bytes:
    """CMYK -> Lab: the input curves apply the dot gain, the grid holds the colour of effective coverages."""
    curves = [[u16(dot_gain(i / (CURVE_ENTRIES - 1), tvi)) for i in range(CURVE_ENTRIES)]
              for tvi in (TVI_CMY, TVI_CMY, TVI_CMY, TVI_K)]
    steps = [i / (A2B_GRID - 1) for i in range(A2B_GRID)]
    clut = []
    for c in steps:  # the first channel varies slowest
        for m in steps:
            for y in steps:
                for k in steps:
                    clut += lab_u16(relative_lab((c, m, y, k)))
    lab_curve = identity()
    return lut16(4, 3, A2B_GRID, curves, clut, [lab_curve] * 3)


def b2a() -> tuple[bytes, bytes]:
    """Lab -> CMYK and the gamut tag (0 in gamut, 1 outside), from one pass over the Lab grid."""
    n = B2A_GRID
    clut, gamut = [], []
    for i in range(n):
        L = 100 * i / (n - 1)
        row_start = (0.2, 0.2, 0.2)
        for j in range(n):
            a = -128 + 255 * j / (n - 1)
            start = row_start
            for m in range(n):
                b = -128 + 255 * m / (n - 1)
                cmyk, error, effective = separate((L, a, b), start)
                start = effective
                if m == 0:
                    row_start = effective
                clut += [u16(v) for v in cmyk]
                gamut.append(0 if error < 2.0 else 65535)
        print(f"  Lab grid: L* {L:5.1f} done", file=sys.stderr)
    lab_curve = [min(65535, round(i * 65535 / (CURVE_ENTRIES - 1))) for i in range(CURVE_ENTRIES)]
    ident = identity()
    return (lut16(3, 4, n, [lab_curve] * 3, clut, [ident] * 4),
            lut16(3, 1, n, [lab_curve] * 3, gamut, [ident]))


def text_description(text: str) -> bytes:
    ascii_text = text.encode("ascii") + b"\0"
    return (b"desc" + b"\0" * 4 + struct.pack(">I", len(ascii_text)) + ascii_text
            + struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + b"\0" * 67)


def text_type(text: str) -> bytes:
    return b"text" + b"\0" * 4 + text.encode("ascii") + b"\0"


def xyz_type(xyz) -> bytes:
    return b"XYZ " + b"\0" * 4 + b"".join(s15(v) for v in xyz)


def profile_bytes() -> bytes:
    a2b_table = a2b()
    b2a_table, gamut_table = b2a()
    blobs = {  # tag -> data; tags naming the same data share it
        "desc": text_description(DESCRIPTION), "cprt": text_type(COPYRIGHT), "wtpt": xyz_type(PAPER),
        "A2B0": a2b_table, "B2A0": b2a_table, "gamt": gamut_table,
    }
    tags = [("desc", "desc"), ("cprt", "cprt"), ("wtpt", "wtpt"), ("A2B0", "A2B0"), ("A2B1", "A2B0"),
            ("A2B2", "A2B0"), ("B2A0", "B2A0"), ("B2A1", "B2A0"), ("B2A2", "B2A0"), ("gamt", "gamt")]
    offset = 128 + 4 + 12 * len(tags)
    placed, data = {}, b""
    for name, blob in blobs.items():
        placed[name] = (offset + len(data), len(blob))
        data += blob + b"\0" * (-len(blob) % 4)
    table = struct.pack(">I", len(tags)) + b"".join(
        name.encode("ascii") + struct.pack(">II", *placed[blob]) for name, blob in tags)
    size = 128 + len(table) + len(data)
    header = (struct.pack(">I", size) + b"\0\0\0\0" + bytes((2, 0x10, 0, 0)) + b"prtr" + b"CMYK" + b"Lab "
              + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 4 + struct.pack(">I", 0)
              + b"\0" * 4 + b"\0" * 4 + b"\0" * 8 + struct.pack(">I", 1)  # rendering intent: relative colorimetric
              + b"".join(s15(v) for v in D50) + b"\0" * 4 + b"\0" * 16 + b"\0" * 28)
    assert len(header) == 128
    return header + table + data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed profile is not what this script makes")
    args = parser.parse_args()
    made = profile_bytes()
    if args.check:
        same = PROFILE.is_file() and PROFILE.read_bytes() == made
        print(f"{PROFILE}: {'up to date' if same else 'differs from what this script makes'}")
        return 0 if same else 1
    PROFILE.parent.mkdir(parents=True, exist_ok=True)
    PROFILE.write_bytes(made)
    print(f"wrote {PROFILE} ({len(made)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
