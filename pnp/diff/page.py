"""Write the page: OUT/GAME/diff/, an index.html and its pictures, one folder that opens from disk.

The folder is written beside the old one and swapped in whole (pnp.core.output.staged), under the output folder's
build lock, so a build and a diff never write into one game folder at once. Nothing on the page is fetched from
the network, and every word from content goes through Jinja's autoescape (rule text comes already escaped by
the rules reference's own rendering, as Markup).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jinja2

from pnp.core.output import build_lock, staged
from pnp.diff.compare import Changes, Pictures

TEMPLATES = Path(__file__).parent / "templates"
PAGE = "diff.html.j2"


@dataclass
class Shown:
    """One picture row as the page shows it: the image files, relative to the page (None where there is none)."""

    label: str
    before: str | None
    after: str | None
    difference: str | None
    sizes: dict[str, tuple[int, int]]  # each picture's width and height in pixels, so the page keeps its place
    #                                    while loading and shows each at its own scale (a card turned landscape)

    @property
    def width(self) -> int:
        return max(width for width, _ in self.sizes.values())


def write_page(changes: Changes, about: dict, folder: Path, out_root: Path) -> Path:
    """The page for `changes` in `folder` (OUT/GAME/diff), replacing the one there; `about` says what was compared
    (title, game, revision, commit, version). Returns the page's path."""
    with build_lock(out_root), staged(folder, out_root) as stage:
        (stage / "images").mkdir()
        saved: dict[int, str] = {}  # an image shown many times (a shared back) is one file
        shown = {"cards": [_save(change.pictures, stage, f"card-{n}", saved) for n, change in enumerate(changes.cards, 1)],
                 "sheets": [_save(change.pictures, stage, f"sheet-{n}", saved) for n, change in enumerate(changes.sheets, 1)]}
        html = _environment().get_template(PAGE).render(changes=changes, shown=shown, summary=changes.summary(), **about)
        (stage / "index.html").write_text(html, encoding="utf-8")
    return folder / "index.html"


def _environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def _save(pictures: list[Pictures], stage: Path, stem: str, saved: dict[int, str]) -> list[Shown]:
    """Each picture as a PNG named by its place on the page (never by an id from content), each image once."""
    shown = []
    for number, picture in enumerate(pictures, 1):
        files, sizes = {}, {}
        for role in ("before", "after", "difference"):
            image = getattr(picture, role)
            if image is not None and id(image) not in saved:
                saved[id(image)] = f"images/{stem}-{number}-{role}.png"
                image.save(stage / saved[id(image)], "PNG", compress_level=1)  # a page for the screen: fast beats small
            if image is not None:
                files[role], sizes[role] = saved[id(image)], image.size
        shown.append(Shown(picture.label, files.get("before"), files.get("after"), files.get("difference"), sizes))
    return shown
