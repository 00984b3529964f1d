"""Which decks a print shop's profile can take: its card sizes, bleed, safe zone and image size against each
deck's card size. The build leaves a deck a shop cannot take out of that shop's files: an error when the shop is
asked for by name (`--vendor`), else a warning where the designer can change what stands in the way (the deck's
bleed or safe zone), so no print-shop file lacks a deck without a word. Geometry only: validation asks it too."""
from __future__ import annotations

import math
from dataclasses import replace

from pnp.core.limits import MAX_IMAGE_PIXELS
from pnp.render.imposition import pod_page

MM = 25.4 / 72


def vendor_problems(project, vendor, deck_ids: list[str]) -> list:
    """Why the vendor cannot print some of these decks, each at the deck's card size in game.yaml."""
    problems = []
    for deck_id in deck_ids:
        size = project.deck_size(deck_id)
        page = pod_page(vendor, size)
        code = "vendor-size"
        if page is None:
            printed = ", ".join(f"{t.name} ({t.width * MM:.1f} x {t.height * MM:.1f}mm)" for t in vendor.sizes)
            message = (f"{vendor.name} prints no card near {size.name} ({size.width * MM:.1f} x {size.height * MM:.1f}mm), "
                       f"the size of deck '{deck_id}'; it prints {printed}")
        elif not page.bleed_reaches(size):
            code = "vendor-bleed"
            message = (f"deck '{deck_id}': {vendor.name} asks for {page.bleed * MM:.2f}mm of bleed, more than the "
                       f"{size.name} card's {size.bleed * MM:.2f}mm reaches on its page; widen `bleed` of {size.name} "
                       f"in layouts/common/cards.yaml")
        elif vendor.file == "png" and math.prod(pixels := pixels_of(vendor, size, page)) > MAX_IMAGE_PIXELS:
            code, (width, height) = "too-large", pixels
            message = (f"deck '{deck_id}': {vendor.name} draws each {size.name} card side at {width} x {height} px "
                       f"({vendor.dpi} dpi), more than the {MAX_IMAGE_PIXELS:,} pixels pnp draws an image at; lower "
                       f"the vendor's dpi or give the size a canvas in layouts/common/paper.yaml")
        elif page.safe_inset(size) < (vendor.safe or 0) - 0.01:
            code = "vendor-safe"
            message = (f"deck '{deck_id}': on {vendor.name}'s trim the {size.name} card's safe zone lies "
                       f"{page.safe_inset(size) * MM:.2f}mm inside the cut, closer than the {vendor.safe * MM:.2f}mm "
                       f"{vendor.name} keeps clear; widen `safe` of {size.name} in layouts/common/cards.yaml")
        else:
            continue
        problems.append(_at_deck_size(project.game, deck_id, code, message))
    return problems


def pixels_of(vendor, size, page) -> tuple[int, int]:
    """The pixels of an image vendor's file for a card of `size` on its `page`: the size's canvas, else the page
    at the vendor's dpi."""
    trim = vendor.trim_for(size)
    return trim.canvas or (round(page.width * vendor.dpi / 72), round(page.height * vendor.dpi / 72))


def _at_deck_size(game, deck_id: str, code: str, message: str):
    """A diagnostic at the line choosing the deck's size: its own `card_size`, else the game's."""
    for i, entry in enumerate(game.manifest.decks):
        if entry.id == deck_id and entry.card_size:
            return game.manifest_source.diagnostic(("decks", i, "card_size"), code, message)
    return game.manifest_source.diagnostic(("card_size",), code, message)


def left_out(project) -> list:
    """Warnings for the decks a plain build leaves out of a PDF print shop's files for a reason of the deck's own
    (bleed, safe zone, image size). A size the shop does not sell is no warning: a shop is chosen per product, and
    `--vendor NAME` says it as an error."""
    warnings = []
    for vendor in project.print_setup.vendors.values():
        if vendor.file == "png":  # an image vendor's files are written only when named
            continue
        for problem in vendor_problems(project, vendor, [entry.id for entry in project.game.manifest.decks]):
            if problem.code != "vendor-size":
                warnings.append(replace(problem, severity="warning", message=f"{problem.message}; until then "
                                        f"{vendor.name}'s print-shop files leave the deck out"))
    return warnings
