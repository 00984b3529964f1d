"""`pnp pull` against a local web server on 127.0.0.1: a published CSV and XLSX deck fetched into the deck's own file
and recorded beside it, Google's "publish to the web" redirect followed, and everything an address can do wrong
(an error status, a silence past the timeout, an answer past the size limit, a web page where CSV was expected,
too many redirects, another scheme) one line naming the deck and the address, with the last file byte for byte as
it was. Validate and build use the pulled file and never the network."""
import http.server
import json
import socket
import threading
from pathlib import Path

import pytest
import yaml
from helpers import FIXTURE_GAME
from typer.testing import CliRunner

import pnp.reading.fetch as fetch_module
from pnp.cli import app
from pnp.content import discovery
from pnp.content.deck_export import export_deck
from pnp.core.limits import MAX_PULL_REDIRECTS

runner = CliRunner()
GAME = Path("content") / FIXTURE_GAME
HEROES, ROOMS = GAME / "decks/heroes.csv", GAME / "decks/rooms.xlsx"
RECORD = ".pulled.yaml"


class Server:
    """A web server on 127.0.0.1 at an ephemeral port, answering each path as `routes` says; `asked` lists the
    paths it was asked for."""

    def __init__(self):
        self.routes: dict[str, tuple] = {}
        self.asked: list[str] = []
        self.release = threading.Event()  # a silent answer waits for this (set when the test ends), never long
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                server.asked.append(self.path)
                server.answer(self, *server.routes.get(self.path, (404, "text/plain", b"not here")))

            def log_message(self, *args):
                pass

        self.http = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.http.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.http.server_address[1]}{path}"

    def answer(self, handler, status, kind, body, headers=()):
        if status == "silent":
            self.release.wait(5)
            return
        handler.send_response(status)
        handler.send_header("Content-Type", kind)
        for name, value in headers:
            handler.send_header(name, value)
        handler.end_headers()  # no Content-Length unless a route gives one: the body runs to the connection's end
        handler.wfile.write(body)

    def redirect(self, path: str, to: str, status: int = 302) -> None:
        self.routes[path] = (status, "text/html", b"", [("Location", to)])

    def close(self):
        self.release.set()
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture
def server(monkeypatch):
    monkeypatch.setenv("no_proxy", "127.0.0.1")
    served = Server()
    yield served
    served.close()


def _export(root: Path, deck_id: str, fmt: str) -> bytes:
    game, _ = discovery.load(root, FIXTURE_GAME)
    data, _ = export_deck(game, game.decks[deck_id], fmt)
    return data


@pytest.fixture
def published(fixture_project, server):
    """The fixture game with heroes kept as CSV and rooms as XLSX, each published at the server: (project, the CSV,
    the XLSX). The files in the project are older copies (a card renamed), as a designer's last pull would be."""
    csv_data, xlsx_data = _export(fixture_project, "heroes", "csv"), _export(fixture_project, "rooms", "xlsx")
    server.routes["/heroes.csv"] = (200, "text/csv; charset=utf-8", csv_data)
    server.routes["/rooms.xlsx"] = (200, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", xlsx_data)
    (fixture_project / HEROES).write_bytes(csv_data.replace(b"Ranger", b"Old Ranger", 1))
    (fixture_project / ROOMS).write_bytes(xlsx_data)
    _point(fixture_project, "heroes", "decks/heroes.csv", server.url("/heroes.csv"))
    _point(fixture_project, "rooms", "decks/rooms.xlsx", server.url("/rooms.xlsx"))
    return fixture_project, csv_data, xlsx_data


def _point(root: Path, deck: str, file: str, address: str | None) -> None:
    """game.yaml's deck `deck` kept in `file`, pulled from `address`."""
    manifest = root / GAME / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    old = f"- id: {deck}\n    file: decks/{deck}.yaml\n"
    assert old in text
    pull = f"    pull: {json.dumps(address)}\n" if address is not None else ""
    manifest.write_text(text.replace(old, f"- id: {deck}\n    file: {file}\n{pull}", 1), encoding="utf-8")


def _pull(*args: str):
    return runner.invoke(app, ["pull", *args])


def _record(root: Path, deck_file: Path) -> dict:
    return yaml.safe_load((root / deck_file).with_name(deck_file.name + RECORD).read_text(encoding="utf-8"))


def _offline(monkeypatch):
    """Any connection from here on fails loudly: validate and build must never try one."""
    def refuse(*args, **kwargs):
        raise AssertionError("validate or build opened a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


# -- a pull that works -----------------------------------------------------------------------------------------------


def test_pull_fetches_each_published_deck_into_its_file_and_records_where_it_came_from(published, server, monkeypatch):
    root, csv_data, xlsx_data = published
    result = _pull(FIXTURE_GAME)
    assert result.exit_code == 0, result.output
    assert (root / HEROES).read_bytes() == csv_data and (root / ROOMS).read_bytes() == xlsx_data
    assert "content/pocket-dungeon/decks/heroes.csv: updated" in result.output
    assert "content/pocket-dungeon/decks/rooms.xlsx: unchanged" in result.output
    record = _record(root, HEROES)
    assert record["address"] == server.url("/heroes.csv")
    assert record["bytes"] == len(csv_data) and len(record["sha256"]) == 64 and record["pulled"].endswith("Z")
    server.close()
    _offline(monkeypatch)
    validated = runner.invoke(app, ["validate", FIXTURE_GAME, "--debug"])
    assert validated.exit_code == 0, validated.output
    built = runner.invoke(app, ["build", FIXTURE_GAME, "--only", "home"])
    assert built.exit_code == 0, built.output


def test_the_same_content_pulled_again_writes_nothing_and_new_content_replaces_it(published, server):
    root, csv_data, _ = published
    assert _pull(FIXTURE_GAME).exit_code == 0
    record = (root / HEROES).with_name("heroes.csv" + RECORD)
    stamps = {path: path.stat().st_mtime_ns for path in (root / HEROES, record)}
    again = _pull(FIXTURE_GAME)
    assert again.exit_code == 0 and "heroes.csv: unchanged" in again.output
    assert {path: path.stat().st_mtime_ns for path in stamps} == stamps
    first = _record(root, HEROES)["sha256"]
    server.routes["/heroes.csv"] = (200, "text/csv", csv_data.replace(b"Smith", b"Blacksmith"))
    changed = _pull(FIXTURE_GAME)
    assert changed.exit_code == 0 and "heroes.csv: updated" in changed.output
    assert b"Blacksmith" in (root / HEROES).read_bytes() and _record(root, HEROES)["sha256"] != first


def test_a_dry_run_fetches_and_says_what_would_change_and_writes_nothing(published):
    root, _, _ = published
    before = (root / HEROES).read_bytes()
    result = _pull(FIXTURE_GAME, "--dry-run")
    assert result.exit_code == 0 and "heroes.csv: would change" in result.output
    assert (root / HEROES).read_bytes() == before and not (root / HEROES).with_name("heroes.csv" + RECORD).exists()


def test_a_google_style_published_address_follows_its_redirects_up_to_the_limit(published, server):
    """Google Sheets' pub?output=csv answers with a redirect to googleusercontent.com; a chain of exactly
    MAX_PULL_REDIRECTS is followed, one more is refused."""
    root, csv_data, _ = published
    for hop in range(MAX_PULL_REDIRECTS - 1):
        server.redirect(f"/hop{hop}", f"/hop{hop + 1}", 301 if hop % 2 else 307)
    server.redirect(f"/hop{MAX_PULL_REDIRECTS - 1}", server.url("/heroes.csv"))
    _point_heroes(root, server.url("/hop0"))
    assert _pull(FIXTURE_GAME).exit_code == 0
    assert (root / HEROES).read_bytes() == csv_data
    server.redirect("/one-more", "/hop0")
    _point_heroes(root, server.url("/one-more"))
    result = _pull(FIXTURE_GAME)
    assert result.exit_code == 1 and f"more than {MAX_PULL_REDIRECTS} redirects" in result.output


def _point_heroes(root: Path, address: str) -> None:
    """The heroes deck pulled from another address."""
    manifest = root / GAME / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    start = text.index("file: decks/heroes.csv\n    pull: ") + len("file: decks/heroes.csv\n    pull: ")
    end = text.index("\n", start)
    manifest.write_text(text[:start] + json.dumps(address) + text[end:], encoding="utf-8")


# -- what an address can do wrong: one line, exit 1, the last file as it was -------------------------------------


def _silent(server):
    server.routes["/heroes.csv"] = ("silent", "", b"")


def _too_large(server, declared: bool):
    body = b"id,name,kind\n" + b"hero-x,X,hero\n" * 2000
    server.routes["/heroes.csv"] = (200, "text/csv", body, [("Content-Length", str(len(body)))] if declared else [])


FAILURES = {
    "an error status": (lambda s: s.routes.pop("/heroes.csv"), "the server answered 404"),
    "a server error": (lambda s: s.routes.update({"/heroes.csv": (503, "text/plain", b"busy")}), "answered 503"),
    "silence past the timeout": (_silent, "no answer within 0.3 s"),
    "an answer past the size limit": (lambda s: _too_large(s, False), "at most 20,000 bytes"),
    "a declared size past the limit": (lambda s: _too_large(s, True), "at most 20,000 bytes"),
    "a web page where CSV was expected": (
        lambda s: s.routes.update({"/heroes.csv": (200, "text/html; charset=utf-8", b"<!DOCTYPE html><html>Sign in")}),
        "a web page (HTML), not CSV"),
    "a workbook where CSV was expected": (
        lambda s: s.routes.update({"/heroes.csv": s.routes["/rooms.xlsx"]}), "a workbook (a ZIP file), not CSV"),
    "an empty answer": (lambda s: s.routes.update({"/heroes.csv": (200, "text/csv", b"")}), "the answer is empty"),
    "a redirect to a file": (lambda s: s.redirect("/heroes.csv", "file:///etc/passwd"), "redirected to 'file:///etc/passwd'"),
    "a redirect to ftp": (lambda s: s.redirect("/heroes.csv", "ftp://127.0.0.1/x.csv"), "a ftp: address"),
    "a redirect loop": (lambda s: s.redirect("/heroes.csv", "/heroes.csv"), "redirects"),
}


@pytest.mark.parametrize("failure", FAILURES)
def test_an_address_that_fails_is_one_line_and_leaves_the_last_file_as_it_was(published, server, monkeypatch, failure):
    root, _, _ = published
    monkeypatch.setattr(fetch_module, "PULL_TIMEOUT_SECONDS", 0.3)
    monkeypatch.setattr(fetch_module, "MAX_PULL_BYTES", 20_000)  # the XLSX deck has about 5,000
    before = (root / HEROES).read_bytes()
    make, said = FAILURES[failure]
    make(server)
    result = _pull(FIXTURE_GAME)
    assert result.exit_code == 1, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.output
    [line] = errors
    assert said in line and f"deck heroes from {server.url('/heroes.csv')}" in line
    assert "content/pocket-dungeon/decks/heroes.csv was left as it was" in line and "Traceback" not in result.output
    assert (root / HEROES).read_bytes() == before
    assert not (root / HEROES).with_name("heroes.csv" + RECORD).exists()
    assert sorted(p.name for p in (root / HEROES).parent.iterdir() if p.name.startswith(".")) == []  # no temporary left
    assert "rooms.xlsx: unchanged" in result.output  # the other deck was pulled all the same


def test_a_web_page_or_text_where_a_workbook_was_expected_is_refused(published, server):
    root, _, _ = published
    before = (root / ROOMS).read_bytes()
    for served, said in (((200, "text/html", b"<html><body>Sign in</body></html>"), "a web page (HTML), not XLSX"),
                         ((200, "text/csv", b"id,name\nx,X\n"), "no XLSX workbook (not a ZIP file)")):
        server.routes["/rooms.xlsx"] = served
        result = _pull(FIXTURE_GAME)
        assert result.exit_code == 1 and said in result.output
        assert (root / ROOMS).read_bytes() == before


def test_an_unreachable_address_is_one_line_and_leaves_the_file(published):
    root, _, _ = published
    with socket.socket() as closed:  # a port nothing listens on once this is closed
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    _point_heroes(root, f"http://127.0.0.1:{port}/heroes.csv")
    before = (root / HEROES).read_bytes()
    result = _pull(FIXTURE_GAME)
    assert result.exit_code == 1 and "cannot fetch it (" in result.output and "check the address" in result.output
    assert (root / HEROES).read_bytes() == before


# -- what pnp does not pull: a usage error, nothing fetched -------------------------------------------------------


@pytest.mark.parametrize("address", ["file:///etc/passwd", "ftp://127.0.0.1/heroes.csv", "docs.google.com/x.csv",
                                     "http:///no-host.csv", "http://127.0.0.1/a b.csv"])
def test_an_address_that_is_not_http_or_https_is_a_usage_error(published, server, address):
    root, _, _ = published
    _point_heroes(root, address)
    before = (root / HEROES).read_bytes()
    result = _pull(FIXTURE_GAME)
    assert result.exit_code == 2, result.output
    assert "the pull: address" in result.output and "/heroes.csv" not in server.asked
    assert (root / HEROES).read_bytes() == before


def test_a_pull_into_a_yaml_deck_is_a_usage_error(fixture_project, server):
    _point(fixture_project, "heroes", "decks/heroes.yaml", server.url("/heroes.csv"))
    result = _pull(FIXTURE_GAME)
    assert result.exit_code == 2 and "is no spreadsheet" in result.output and server.asked == []


def test_a_game_without_pull_addresses_says_so(fixture_project):
    result = _pull(FIXTURE_GAME)
    assert result.exit_code == 0 and "nothing to pull" in result.output


def test_the_pull_address_is_part_of_game_yaml_and_validate_accepts_it(published):
    result = runner.invoke(app, ["validate", FIXTURE_GAME])
    assert result.exit_code == 0, result.output
