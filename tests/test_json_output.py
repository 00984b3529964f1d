"""`--format json` of list, build, diff and preview: every key each prints is the one docs/reference/json.md lists,
no more and no fewer, on a fresh project (the page is the contract a script relies on)."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "reference" / "json.md"
PNP = Path(sys.executable).with_name("pnp")


def documented() -> dict[str, list[set[str]]]:
    """Each command's key tables on the page, in order: `## pnp build` -> [top keys, each game's keys]."""
    tables: dict[str, list[set[str]]] = {}
    command, keys = None, None
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## pnp (\w+)$", line)
        if heading:
            command, keys = heading.group(1), None
            continue
        row = re.match(r"\| `(\w+)` \|", line)
        if row and command:
            if keys is None:
                keys = set()
                tables.setdefault(command, []).append(keys)
            keys.add(row.group(1))
        elif not line.startswith("|"):
            keys = None
    return tables


def pnp(*args: str, cwd: Path, code: int = 0) -> object:
    done = subprocess.run([str(PNP), *args], cwd=cwd, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PNP_JOBS": "2"})
    assert done.returncode == code, done.stdout + done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("json") / "project"
    subprocess.run([str(PNP), "init", str(folder)], check=True, capture_output=True)
    for command in (["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "start"]):
        subprocess.run(["git", *command], cwd=folder, check=True, capture_output=True)
    return folder


def test_list_prints_the_documented_keys(project):
    games = pnp("list", "--format", "json", cwd=project)
    [game_keys] = documented()["list"]
    assert [set(game) for game in games] == [game_keys]
    assert games[0]["game"] == "my-game" and games[0]["decks"][0]["cards"] > 0


def test_build_prints_the_documented_keys_and_says_what_it_drew(project):
    top, game_keys = documented()["build"]
    first = pnp("build", "--format", "json", cwd=project)
    assert set(first) == top and [set(game) for game in first["games"]] == [game_keys]
    [game] = first["games"]
    assert first["ok"] and game["state"] == "built" and game["drawn"] == game["files"]
    assert "rules/rulebook-a4.pdf" in game["files"]
    again = pnp("build", "--format", "json", cwd=project)["games"][0]
    assert again["state"] == "up to date" and again["drawn"] == [] and again["files"] == game["files"]


def test_a_build_with_errors_is_not_built_with_its_diagnostics(project, tmp_path):
    broken = tmp_path / "broken"
    subprocess.run(["cp", "-r", str(project), str(broken)], check=True)
    deck = broken / "content" / "my-game" / "decks" / "market.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("id: apples", "id: Apples!", 1), encoding="utf-8")
    result = pnp("build", "--format", "json", cwd=broken, code=1)
    [game] = result["games"]
    assert not result["ok"] and game["state"] == "not built"
    assert {problem["severity"] for problem in game["diagnostics"]} >= {"error"}
    assert all(set(problem) == documented_diagnostic() for problem in game["diagnostics"])


def documented_diagnostic() -> set[str]:
    text = PAGE.read_text(encoding="utf-8").split("## pnp list")[0]
    return set(re.findall(r"^\| `(\w+)` \|", text, re.M))


def test_preview_prints_the_documented_keys(project):
    top, game_keys = documented()["preview"]
    shown = pnp("preview", "--format", "json", cwd=project)
    assert set(shown) == top and [set(game) for game in shown["games"]] == [game_keys]
    assert shown["games"][0]["page"].startswith("file:///") and shown["games"][0]["written"]


def test_diff_prints_the_documented_keys_and_the_ids_that_changed(project):
    top, game_keys = documented()["diff"]
    deck = project / "content" / "my-game" / "decks" / "market.yaml"
    before = deck.read_text(encoding="utf-8")
    deck.write_text(before.replace("name: Apples", "name: Green apples", 1), encoding="utf-8")
    try:
        compared = pnp("diff", "HEAD", "--format", "json", cwd=project)
    finally:
        deck.write_text(before, encoding="utf-8")
    assert set(compared) == top and [set(game) for game in compared["games"]] == [game_keys]
    assert compared["games"][0]["cards"] == ["apples"] and compared["games"][0]["compared"]


def test_pull_prints_the_documented_keys(project, tmp_path):
    """A deck pulled from a local web server (127.0.0.1), and one address that answers 404."""
    import functools
    import http.server
    import threading

    top, deck_keys = documented()["pull"]
    copy = tmp_path / "pulled"
    subprocess.run(["cp", "-r", str(project), str(copy)], check=True)
    served = tmp_path / "served"
    served.mkdir()
    subprocess.run([str(PNP), "export-deck", "my-game", "market", "--format", "csv", "--out", str(served / "market.csv")],
                   cwd=copy, check=True, capture_output=True)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(served))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"http://127.0.0.1:{server.server_address[1]}"
    manifest = copy / "content" / "my-game" / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        "file: decks/market.yaml\n", f"file: decks/market.csv\n    pull: {address}/market.csv\n", 1), encoding="utf-8")
    try:
        pulled = pnp("pull", "--format", "json", cwd=copy)
        manifest.write_text(manifest.read_text(encoding="utf-8").replace("/market.csv\n", "/gone.csv\n"), encoding="utf-8")
        failed = pnp("pull", "--format", "json", cwd=copy, code=1)
    finally:
        server.shutdown()
        server.server_close()
    assert set(pulled) == top and [set(deck) for deck in pulled["decks"]] == [deck_keys]
    assert pulled["ok"] and pulled["decks"][0]["changed"] and pulled["decks"][0]["sha256"]
    assert not failed["ok"] and "404" in failed["decks"][0]["error"]
