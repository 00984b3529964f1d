"""The gallery's page: index.html from a Jinja2 template (autoescaped: content may hold markup), and stamp.js.

The page is one file with its style and script inline, its images beside it: it opens from disk, with no
server, and its Content-Security-Policy lets it load nothing but its own files and its own script, so it never
reaches the network (and markup that slipped into it would not run).

Live reload: a page opened from disk cannot fetch() a file, but it can load a script. The page's script adds
<script src="stamp.js"> every RELOAD_SECONDS; stamp.js sets window.PNP_PREVIEW_STAMP to a digest of the whole
gallery, and when it differs from the stamp the page was written with, the page reloads (keeping the search).
The stamp is a digest rather than a time, so writing the same gallery twice gives the same bytes.
"""
from __future__ import annotations

import base64
import hashlib
from pathlib import Path

from PIL import Image

from pnp.build.preview.gallery import Gallery
from pnp.build.preview.pictures import RULEBOOK, RULEBOOK_PDF, page_file

TEMPLATES = Path(__file__).parent / "templates"
STAMP_FILE = "stamp.js"
RELOAD_SECONDS = 1


def write_page(gallery: Gallery, folder: Path) -> None:
    """index.html and stamp.js into the gallery folder, whose images are drawn already."""
    pages = sorted((folder / RULEBOOK).glob("page-*.png"))
    gallery.pages = [f"{RULEBOOK}/{page_file(number)}" for number in range(1, len(pages) + 1)]
    sizes = {path.relative_to(folder).as_posix(): _pixels(path) for path in sorted(folder.rglob("*.png"))}
    gallery.stamp = ""
    unstamped = render(gallery, sizes)
    gallery.stamp = stamp(folder, unstamped)
    (folder / "index.html").write_text(render(gallery, sizes), encoding="utf-8")
    (folder / STAMP_FILE).write_text(f'window.PNP_PREVIEW_STAMP = "{gallery.stamp}";\n', encoding="utf-8")


def stamp(folder: Path, page: str) -> str:
    """A digest of everything the gallery shows: its page and every file beside it (names and bytes)."""
    digest = hashlib.sha256(page.encode("utf-8"))
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:20]


def render(gallery: Gallery, sizes: dict[str, tuple[int, int]]) -> str:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    environment = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                              trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    style = (TEMPLATES / "preview.css").read_text(encoding="utf-8")
    script = (TEMPLATES / "preview.js").read_text(encoding="utf-8").replace("RELOAD_SECONDS", str(RELOAD_SECONDS))
    return environment.get_template("index.html.j2").render(
        gallery=gallery, sizes=sizes, style=style, script=script, stamp_file=STAMP_FILE, rulebook_pdf=RULEBOOK_PDF,
        style_hash=_csp_hash(style), script_hash=_csp_hash(script))


def _csp_hash(text: str) -> str:
    """A Content-Security-Policy source for exactly this inline style or script."""
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def _pixels(path: Path) -> tuple[int, int]:
    with Image.open(path) as image:
        return image.size
