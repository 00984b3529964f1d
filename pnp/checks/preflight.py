"""A print shop's look at built PDFs: every piece of text printed under pnp.core.limits.MIN_TEXT_SIZE, with its file,
page and words; and each print shop's own file held to what that shop asks (pnp.checks.shop_files: its total ink
limit, its PDF/X-1a level). It reads the PDFs themselves, not pnp's plans, so it checks what really printed: cards,
sheets, playmats, boards, tokens and rulebooks alike.

    python -m pnp.checks.preflight output/ [--layouts DIR]        (make preflight)

A text's printed size is its font size (Tf) times the scale of the text matrix and of every transformation
around it, forms (reportlab's symbols: card faces, emblems) included. Lines print as file, page, size and text;
the exit status is 1 when any text is too small or any shop's file is not as the shop asks.
"""
from __future__ import annotations

import hashlib
import logging
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from pnp.checks.pdf_files import MAX_OPERATIONS, TooMuch, Unread, pdf_files
from pnp.checks.shop_files import report_shop_files
from pnp.core.diagnostics import printable
from pnp.core.limits import MAX_PAGES, MIN_TEXT_SIZE

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True, order=True)
class SmallText:
    file: str
    page: int  # from 1
    size: float  # points as printed
    text: str

    def format(self) -> str:  # a PDF's words and a file's name shown, never obeyed by the terminal
        return printable(f"{self.file}: page {self.page}: {self.size:.1f}pt: {self.text}")


def _times(m, n):
    """m then n (PDF's order: a point goes through m first)."""
    return (m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2],
            m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5])


def _scale(m) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


_HEX = re.compile(rb"<([0-9A-Fa-f]+)>")


def _to_unicode(font) -> dict[int, str]:
    """A simple font's codes and the characters they stand for, from its /ToUnicode map (bfchar and bfrange)."""
    table: dict[int, str] = {}
    stream = font.get("/ToUnicode") if font is not None else None
    if stream is None:
        return table
    data = stream.get_object().get_data()
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        codes = _HEX.findall(block)
        for source, target in zip(codes[::2], codes[1::2]):
            table[int(source, 16)] = bytes.fromhex(target.decode()).decode("utf-16-be", "replace")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        codes = _HEX.findall(block)
        for low, high, target in zip(codes[::3], codes[1::3], codes[2::3]):
            start = int(target, 16)
            for offset, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                table[code] = chr(start + offset)
    return table


def _decode(raw, table: dict[int, str]) -> str:
    data = bytes(raw) if not isinstance(raw, str) else raw.encode("latin-1", "replace")
    return "".join(table.get(byte, chr(byte)) for byte in data)


def small_texts(path: Path, label: str | None = None, limit: float = MIN_TEXT_SIZE,
                known: dict | None = None) -> list[SmallText]:
    """Every run of text in the PDF printed under `limit` points, in page order. `known`: drawings already read,
    by their bytes, from other files (a deck's files draw the same card faces): each is parsed once."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader, found, tables = PdfReader(path), [], {}
    known = {} if known is None else known
    name = label or str(path)
    if len(reader.pages) > MAX_PAGES:
        raise TooMuch(f"{len(reader.pages):,} pages, more than the {MAX_PAGES:,} of a whole build")
    budget, parsed = [MAX_OPERATIONS], {}

    def table_of(resources, font_name):
        font = (resources.get("/Font") or {}).get(font_name) if resources else None
        font = font.get_object() if font is not None else None
        key = id(font)
        if key not in tables:
            tables[key] = _to_unicode(font)
        return tables[key]

    def walk(content, resources, ctm, page, depth=0):
        if depth > 20:  # a form that draws itself: nothing a build makes
            return
        stack, tm, line, size, table = [], IDENTITY, IDENTITY, 0.0, {}
        leading = 0.0
        key = getattr(content, "indirect_reference", None)  # a form's: drawn on every page, it is parsed once
        operations = parsed.get(key) if key is not None else None
        if operations is None:
            data = content.get_data() if hasattr(content, "get_data") else None
            digest = hashlib.blake2b(data, digest_size=16).digest() if data is not None else None
            operations = known.get(digest) if digest is not None else None
            if operations is None:
                operations = ContentStream(content, reader).operations
                if digest is not None:
                    known[digest] = operations
            if key is not None:
                parsed[key] = operations
        budget[0] -= len(operations)
        if budget[0] < 0:
            raise TooMuch(f"more than {MAX_OPERATIONS:,} drawing operations")
        for operands, operator in operations:
            if operator == b"q":
                stack.append(ctm)
            elif operator == b"Q":
                ctm = stack.pop() if stack else ctm
            elif operator == b"cm":
                ctm = _times(tuple(float(v) for v in operands), ctm)
            elif operator == b"BT":
                tm = line = IDENTITY
            elif operator == b"Tf":
                table, size = table_of(resources, operands[0]), float(operands[1])
            elif operator == b"TL":
                leading = float(operands[0])
            elif operator == b"Tm":
                tm = line = tuple(float(v) for v in operands)
            elif operator in (b"Td", b"TD"):
                if operator == b"TD":
                    leading = -float(operands[1])
                tm = line = _times((1.0, 0.0, 0.0, 1.0, float(operands[0]), float(operands[1])), line)
            elif operator == b"T*":
                tm = line = _times((1.0, 0.0, 0.0, 1.0, 0.0, -leading), line)
            elif operator in (b"Tj", b"TJ", b"'", b'"'):
                if operator in (b"'", b'"'):
                    tm = line = _times((1.0, 0.0, 0.0, 1.0, 0.0, -leading), line)
                parts = operands[-1] if operator == b"TJ" else [operands[-1]]
                text = "".join(_decode(p, table) for p in parts if not isinstance(p, (int, float)))
                printed = size * _scale(_times(tm, ctm))
                if text.strip() and printed < limit - 0.01:
                    found.append(SmallText(name, page, round(printed, 2), text.strip()))
            elif operator == b"Do":
                xobject = resources["/XObject"][operands[0]].get_object()
                if xobject.get("/Subtype") == "/Form":
                    matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                    walk(xobject, xobject.get("/Resources") or resources, _times(matrix, ctm), page, depth + 1)

    for number, page in enumerate(reader.pages, 1):
        contents = page.get_contents()
        if contents is not None:
            walk(contents, page.get("/Resources"), IDENTITY, number)
    return found


def folder(root: Path, limit: float = MIN_TEXT_SIZE, known: dict | None = None) -> list[SmallText | Unread]:
    """Every PDF under `root`, each named by its path under it; links are reported, never followed (one could
    lead out of the folder, or round in a loop), and so is a file that cannot be read as a PDF."""
    found, known = [], {} if known is None else known
    for path in pdf_files(root):
        label = str(path.relative_to(root))
        if path.is_symlink() or not path.is_file():
            found.append(Unread(label, "a link, not followed" if path.is_symlink() else "not a regular file"))
            continue
        try:
            found += small_texts(path, label, limit, known)
        except TooMuch as exc:
            found.append(Unread(label, f"larger than any PDF pnp makes ({exc})"))
        except Exception as exc:  # noqa: BLE001 - a damaged file makes pypdf raise nearly anything: it is reported
            found.append(Unread(label, f"cannot be read as a PDF ({type(exc).__name__}: {str(exc)[:200]})"))
    return found


def main(argv: list[str]) -> int:
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # a damaged file is reported once, on its own line
    argv = list(argv)
    layouts = None
    if "--layouts" in argv:  # the project whose vendor profiles (layouts/common/paper.yaml) give the ink limits
        at = argv.index("--layouts")
        layouts = Path(argv[at + 1]) if at + 1 < len(argv) else None
        del argv[at:at + 2]
        if layouts is None or not layouts.is_dir():
            print(f"--layouts {layouts or ''}: no such folder (a project's layouts/)", file=sys.stderr)
            return 2
    root = Path(argv[0] if argv else "output")
    if not root.is_dir():
        print(f"{root}: no such folder (build first: pnp build --all)", file=sys.stderr)
        return 2
    found = folder(root)
    for item in found:
        print(item.format())
    small = sum(isinstance(item, SmallText) for item in found)
    unread = f", {len(found) - small} not checked" if len(found) > small else ""
    print(printable(f"{small} text(s) under {MIN_TEXT_SIZE:g}pt in {len(pdf_files(root))} PDF(s) under {root}{unread}"))
    shop_problems = report_shop_files(root, layouts)
    return 1 if found or shop_problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
