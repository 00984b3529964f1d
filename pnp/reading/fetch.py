"""A deck's published spreadsheet fetched from the web (`pnp pull`): http(s) only, bounded, and checked to be the
format its file's suffix says before a byte of it is kept.

The address comes from game.yaml, so from anyone, and what answers it is anyone's server: every fetch is bounded
before it starts (pnp.core.limits): a timeout to connect and between two pieces of the answer, a time for the whole
answer (a byte every 29 seconds never meets the timeout), a size counted as the answer arrives (it is never asked
compressed, so it cannot unpack into more), and a number of redirects, each to http(s) only (a redirect to file://
would read the user's own files into the project). Google Sheets' "publish to the web" addresses redirect once, to
googleusercontent.com; nothing else about them is special.

What arrives must be what the deck's file is: an XLSX workbook for .xlsx, CSV text for .csv. A web page where a
spreadsheet was expected (a sheet no longer published answers with a sign-in page) or a workbook where CSV was
expected is refused, so a changed address never replaces a good deck with something pnp cannot read.

urllib is imported when a fetch starts: `pnp list` and `--help` never pay for it. Validate and build never fetch.
"""
from __future__ import annotations

import io
import time
import zipfile
from dataclasses import dataclass

from pnp.core.limits import MAX_PULL_BYTES, MAX_PULL_REDIRECTS, MAX_PULL_SECONDS, PULL_TIMEOUT_SECONDS

WEB_SCHEMES = ("http", "https")
REDIRECTS = (301, 302, 303, 307, 308)
CHUNK = 64 * 1024
ZIP_MAGIC = b"PK\x03\x04"
HTML_STARTS = (b"<!doctype html", b"<html", b"<head", b"<body", b"<!--")
FORMATS = {".csv": ("CSV", "output=csv"), ".xlsx": ("XLSX", "output=xlsx")}


class FetchError(Exception):
    """Why an address gave nothing pnp keeps, and what to do, in one line. Not an OSError (a refused connection is
    one): pnp.core.output would take it for a problem of the disk."""


@dataclass(frozen=True)
class Fetched:
    data: bytes
    content_type: str  # as the server said it (text/csv; charset=utf-8), or empty


def address_problem(address: str) -> str | None:
    """Why `address` is no address pnp fetches (it must be http or https, with a host), or None."""
    from urllib.parse import urlsplit

    if any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in address):
        return "holds a space or a control character; copy the published address again, whole"
    try:
        parts = urlsplit(address)
        host = parts.hostname
    except ValueError as exc:  # a bad port, an unclosed [ of an IPv6 host
        return f"is no web address ({exc}); copy the published address again"
    if parts.scheme.lower() not in WEB_SCHEMES:
        said = f"a {parts.scheme}: address" if parts.scheme else "no address (it has no http:// or https://)"
        return (f"is {said}; pnp pulls only web addresses (http:// or https://): publish the spreadsheet to the web "
                "and give its address")
    if not host:
        return "names no host; copy the published address again, whole"
    return None


def fetch(address: str, suffix: str) -> Fetched:
    """The answer at `address`, following at most MAX_PULL_REDIRECTS redirects, checked to be the format `suffix`
    (.csv or .xlsx) names; FetchError saying why not."""
    deadline = time.monotonic() + MAX_PULL_SECONDS
    current = address
    for _ in range(MAX_PULL_REDIRECTS + 1):
        fetched, location = _get(current, deadline)
        if fetched is not None:
            problem = format_problem(fetched, suffix)
            if problem:
                raise FetchError(problem)
            return fetched
        current = _next_hop(current, location)
    raise FetchError(f"more than {MAX_PULL_REDIRECTS} redirects; the address leads round in circles or through too "
                     "many places: give the published address itself")


def _next_hop(current: str, location: str | None) -> str:
    from urllib.parse import urljoin

    if not location:
        raise FetchError("the server redirected without saying where to; check the address")
    target = urljoin(current, location)
    problem = address_problem(target)
    if problem:
        raise FetchError(f"the server redirected to {target!r}, which {problem}")
    return target


def _get(address: str, deadline: float) -> tuple[Fetched | None, str | None]:
    """(the answer, None), or (None, where a redirect leads)."""
    import http.client
    import urllib.error
    import urllib.request

    request = urllib.request.Request(address, headers={"User-Agent": "pnp-pull", "Accept-Encoding": "identity"})
    opener = urllib.request.build_opener(_redirect_handler())  # each hop is checked here (_next_hop), not by urllib
    try:
        with opener.open(request, timeout=PULL_TIMEOUT_SECONDS) as response:
            return Fetched(_body(response, deadline), response.headers.get("Content-Type", "")), None
    except urllib.error.HTTPError as exc:
        with exc:
            if exc.code in REDIRECTS:
                return None, exc.headers.get("Location")
            raise FetchError(_status_problem(exc.code, exc.reason)) from None
    except (OSError, http.client.HTTPException, ValueError) as exc:  # OSError: URLError, a refusal, TLS, a timeout
        raise FetchError(_connection_problem(exc)) from None


def _body(response, deadline: float) -> bytes:
    """The answer's bytes, read a piece at a time: never more than MAX_PULL_BYTES, never past the deadline."""
    declared = response.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > MAX_PULL_BYTES:
        raise FetchError(_too_large(f"is {int(declared):,} bytes"))
    pieces, size = [], 0
    while True:
        piece = response.read(min(CHUNK, MAX_PULL_BYTES + 1 - size))
        if not piece:
            return b"".join(pieces)
        pieces.append(piece)
        size += len(piece)
        if size > MAX_PULL_BYTES:
            raise FetchError(_too_large("runs on past that"))
        if time.monotonic() > deadline:
            raise FetchError(f"the answer took more than {MAX_PULL_SECONDS:g} s; try again later")


def _too_large(what: str) -> str:
    return (f"a deck file has at most {MAX_PULL_BYTES:,} bytes and the answer {what}; check the address (is it "
            "the spreadsheet's?) or split the deck")


def _status_problem(code: int, reason) -> str:
    if code >= 500:
        return f"the server answered {code} {reason}; try again later"
    return (f"the server answered {code} {reason}; check the address (is the spreadsheet still published to the "
            "web?)")


def _connection_problem(exc: Exception) -> str:
    reason = getattr(exc, "reason", exc)  # urllib wraps what went wrong in a URLError's reason
    if isinstance(reason, TimeoutError) or "timed out" in str(reason):
        return f"no answer within {PULL_TIMEOUT_SECONDS:g} s; check the address and your connection, or try later"
    said = getattr(reason, "strerror", None) or str(reason) or type(exc).__name__
    return f"cannot fetch it ({said}); check the address and your connection"


# -- is it what the deck's file is? --------------------------------------------------------------------------------


def format_problem(fetched: Fetched, suffix: str) -> str | None:
    """Why the answer is not the spreadsheet format `suffix` names (CSV text or an XLSX workbook), or None."""
    kind, parameter = FORMATS[suffix.lower()]
    data = fetched.data
    if not data:
        return f"the answer is empty, not {kind}; check the address"
    if _is_web_page(fetched):
        return (f"the answer is a web page (HTML), not {kind}: is the spreadsheet still published to the web, and is "
                f"this its {kind} address ({parameter})?")
    if suffix.lower() == ".xlsx":
        return _workbook_problem(data)
    if data.startswith(ZIP_MAGIC):
        return "the answer is a workbook (a ZIP file), not CSV: give the CSV address (output=csv) or name the file .xlsx"
    try:
        data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return "the answer is not CSV text (UTF-8); give the spreadsheet's CSV address (output=csv)"
    if b"\x00" in data:
        return "the answer holds NUL bytes, so it is not CSV text; give the spreadsheet's CSV address (output=csv)"
    return None


def _is_web_page(fetched: Fetched) -> bool:
    start = fetched.data[:512].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    said_html = fetched.content_type.split(";")[0].strip().lower() in ("text/html", "application/xhtml+xml")
    return start.startswith(HTML_STARTS) or (said_html and start.startswith(b"<"))


def _workbook_problem(data: bytes) -> str | None:
    if not data.startswith(ZIP_MAGIC):
        return ("the answer is no XLSX workbook (not a ZIP file): give the spreadsheet's XLSX address (output=xlsx) "
                "or name the file .csv")
    try:
        names = zipfile.ZipFile(io.BytesIO(data)).namelist()  # the directory only; pnp.reading.xlsx reads the parts
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, NotImplementedError):
        return "the answer is a damaged ZIP file, not an XLSX workbook; try again, or check the address"
    if "xl/workbook.xml" not in names:
        return "the answer is a ZIP file but no XLSX workbook (it has no xl/workbook.xml); check the address"
    return None


def _redirect_handler():
    import urllib.request

    class NoRedirects(urllib.request.HTTPRedirectHandler):
        """Redirects come back as HTTPError 3xx, so `fetch` counts them and checks where each leads."""

        def redirect_request(self, req, fp, code, msg, headers, newurl):
            return None

    return NoRedirects
