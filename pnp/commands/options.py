"""The options several commands share, and the choices they offer: one place, so `--root` or `--out` reads the same
in every command's help."""
from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from pnp.core.difficulty import Difficulty


def game_ids(incomplete: str) -> list[str]:
    """The project's games, for the shell's completion of a GAME argument (the project found from here)."""
    from pnp.content.discovery import find_root, game_ids

    try:
        return [game for game in game_ids(find_root(Path("."))) if game.startswith(incomplete)]
    except Exception:  # noqa: BLE001 - a completion never prints a traceback into the shell
        return []


def _project_root(value: Optional[Path]) -> Path:
    from pnp.content.discovery import find_root

    return value if value is not None else find_root(Path("."))


RootOption = typer.Option(None, "--root", callback=_project_root, show_default=False,
                          help="Project folder holding content/ (and layouts/). Default: the nearest folder from here "
                          "upwards that has a content/ folder, as git finds a repository.")
OutOption = typer.Option(None, "--out", show_default=False, help="Output folder (default: output/ in the project).")
DebugOption = typer.Option(False, "--debug", help="Show a traceback on internal errors.")
DraftOption = typer.Option(False, "--draft", help="Print before the art exists: a missing image is a warning and "
                           "is drawn as a labelled placeholder.")


def lang_option(help: str = "The edition in this language (a language game.yaml's `languages:` lists after the first), "
                "read from translations/<lang>.yaml, into OUT/<game>/<lang>/.") -> Optional[str]:
    return typer.Option(None, "--lang", help=help)


def game_argument(every: str = "every game") -> Optional[str]:
    return typer.Argument(None, autocompletion=game_ids, help=f"Game id; {every} if omitted.")


GameArgument = typer.Argument(..., autocompletion=game_ids, help="Game id.")


def difficulty_option(help: str = "Leave out cards above this colour.") -> Optional[Difficulty]:
    return typer.Option(None, "--difficulty", help=help)


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


def format_option(help: str = "text, or json for scripts (docs/reference/json.md names its keys).") -> OutputFormat:
    return typer.Option(OutputFormat.text, "--format", help=help)


class BuildPart(str, Enum):
    home = "home"
    fold = "fold"
    pod = "pod"
    images = "images"
    sheets = "sheets"
    rules = "rules"


class RulebookPaper(str, Enum):
    a4 = "a4"
    letter = "letter"


class RulesFormat(str, Enum):
    md = "md"
    html = "html"
    json = "json"
    pdf = "pdf"


class DeckFormat(str, Enum):
    csv = "csv"
    xlsx = "xlsx"
    yaml = "yaml"


class StarterKind(str, Enum):
    deck = "deck"
    sheet = "sheet"
    playmat = "playmat"


class Shell(str, Enum):
    bash = "bash"
    zsh = "zsh"
    fish = "fish"
