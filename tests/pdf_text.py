"""What a PDF prints as text, measured the way a reader meets it: each piece of text with its effective size (the font
size times the text matrix times the current transformation, into form XObjects too), so a test can say "no text
under 6 pt on this page" of the file itself, whatever drew it."""
from __future__ import annotations

import math
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream


@dataclass
class PrintedText:
    page: int  # 1-based
    text: str
    size: float  # effective height in points at 100 %
    x: float
    y: float


def _mul(a, b):
    """a then b, PDF's row-vector matrices [a b c d e f]."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


IDENTITY = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]


def _decoded(operand) -> str:
    if isinstance(operand, bytes):
        return operand.decode("latin-1", "replace")
    return str(operand)


def _walk(reader, stream_owner, resources, ctm, page_number, found):
    content = ContentStream(stream_owner, reader)
    stack, tm, line, size = [], IDENTITY, IDENTITY, 0.0
    leading = 0.0
    for operands, op in content.operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop() if stack else ctm
        elif op == b"cm":
            ctm = _mul([float(v) for v in operands], ctm)
        elif op == b"BT":
            tm = line = IDENTITY
        elif op == b"Tf":
            size = float(operands[1])
        elif op == b"TL":
            leading = float(operands[0])
        elif op == b"Tm":
            tm = line = [float(v) for v in operands]
        elif op in (b"Td", b"TD"):
            if op == b"TD":
                leading = -float(operands[1])
            tm = line = _mul([1, 0, 0, 1, float(operands[0]), float(operands[1])], line)
        elif op == b"T*":
            tm = line = _mul([1, 0, 0, 1, 0, -leading], line)
        elif op in (b"Tj", b"'", b'"', b"TJ"):
            if op in (b"'", b'"'):
                tm = line = _mul([1, 0, 0, 1, 0, -leading], line)
            shown = operands[-1] if op != b"TJ" else operands[0]
            text = "".join(_decoded(p) for p in shown if isinstance(p, (str, bytes))) if op == b"TJ" else _decoded(shown)
            if text.strip():
                m = _mul(tm, ctm)
                height = size * math.hypot(m[2], m[3])  # the text's own upright direction, after every transformation
                found.append(PrintedText(page_number, text, height, m[4], m[5]))
        elif op == b"Do":
            xobjects = resources.get("/XObject", {}) if resources else {}
            xobject = xobjects.get(operands[0])
            if xobject is None:
                continue
            xobject = xobject.get_object()
            if xobject.get("/Subtype") != "/Form":
                continue
            matrix = [float(v) for v in xobject.get("/Matrix", IDENTITY)]
            inner = xobject.get("/Resources")
            _walk(reader, xobject, inner.get_object() if inner is not None else resources, _mul(matrix, ctm),
                  page_number, found)


def printed_texts(path, pages=None) -> list[PrintedText]:
    """Every piece of text the PDF at `path` shows (on `pages`, 1-based, or all), with its effective size."""
    reader = PdfReader(str(path))
    found: list[PrintedText] = []
    for number, page in enumerate(reader.pages, 1):
        if pages is not None and number not in pages:
            continue
        resources = page.get("/Resources")
        contents = page.get_contents()
        if contents is None:
            continue
        _walk(reader, contents, resources.get_object() if resources is not None else None, IDENTITY, number, found)
    return found


def pages_with_heading(path, heading: str) -> list[int]:
    """The pages (1-based) whose text holds `heading`."""
    reader = PdfReader(str(path))
    return [n for n, page in enumerate(reader.pages, 1) if heading in (page.extract_text() or "")]
