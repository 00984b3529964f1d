"""`pnp build`: every PDF of the games asked for, each game's output folder replaced only when all of it succeeded;
only what changed since the last build is drawn again."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.commands.options import BuildPart, DebugOption, DraftOption, OutOption, OutputFormat, RootOption, difficulty_option, format_option, game_argument
from pnp.commands.terminal import finish, guard, progress, say, say_games, show
from pnp.core.diagnostics import Report, UsageError, printable
from pnp.core.difficulty import Difficulty


def command(game: Optional[str] = game_argument(),
            all_games: bool = typer.Option(False, "--all", help="Build every game (the default without GAME)."),
            difficulty: Optional[Difficulty] = difficulty_option(),
            out: Optional[str] = OutOption,
            images: bool = typer.Option(False, "--images", help="Also write card PNGs (300 DPI, with bleed) and "
                                        "Tabletop Simulator deck sheets and saved objects into OUT/<game>/images/<deck>/."),
            booklets: bool = typer.Option(False, "--booklets", help="Also write the rulebook as booklets: half-size "
                                          "pages two to a side, for double-sided printing, folding and stapling."),
            only: list[BuildPart] = typer.Option([], "--only", help="Build only these parts (repeat the option for "
                                                 "more); the rest of an earlier build is kept as it was."),
            deck: list[str] = typer.Option([], "--deck", help="Build only this deck's files (repeatable); the rest of "
                                           "an earlier build is kept as it was."),
            tts_url: Optional[str] = typer.Option(None, "--tts-url", help="With --images: the address OUT is "
                                                  "uploaded to (https://...), for the Tabletop Simulator saved objects; "
                                                  "OUT's file:/// address by default."),
            vendor: list[str] = typer.Option([], "--vendor", help="Build only this print shop's files (repeatable; the "
                                             "vendors of layouts/common/paper.yaml); the rest of an earlier build is kept."),
            force: bool = typer.Option(False, "--force", help="Draw every file again, even those that are up to date."),
            lang: list[str] = typer.Option([], "--lang", help="Build this edition (a language of game.yaml's "
                                           "`languages:` after the first; repeatable) into OUT/<game>/<lang>/, from "
                                           "translations/<lang>.yaml. An untranslated text is an error, or with "
                                           "--draft a warning and printed in the source language."),
            all_languages: bool = typer.Option(False, "--all-languages", help="Build the game as written and every "
                                               "edition game.yaml declares."),
            format: OutputFormat = format_option(),
            draft: bool = DraftOption, root: Path = RootOption, debug: bool = DebugOption):
    """Validate, then render every PDF into OUT/<game>/. Nothing is replaced unless all of it succeeds.
    Only what changed since the last build is drawn again; with nothing changed, nothing is touched."""
    from pnp.build.options import BuildOptions

    options = BuildOptions(difficulty, images, booklets, tuple(part.value for part in only), tuple(deck), draft, tts_url,
                           tuple(vendor), force)
    request = guard(debug, lambda: _request(root, None if all_games else game, out, options, tuple(lang), all_languages))
    finish(guard(debug, lambda: _build(request, format)))


def _request(root: Path, game: str | None, out: str | None, options, languages=(), all_languages=False):
    """The build asked for, its usage errors found before anything is read."""
    from dataclasses import replace

    from pnp.api.build import BuildRequest
    from pnp.api.places import output_folder

    if options.decks and not game:
        raise UsageError("--deck needs a GAME")
    if options.tts_url is not None:
        options = replace(options, tts_url=_tts_address(options.tts_url))
    if languages and all_languages:
        raise UsageError("--lang and --all-languages ask for different editions; give one of them")
    return BuildRequest(root, game, output_folder(out, root), options, tuple(dict.fromkeys(languages)), all_languages)


def _tts_address(url: str) -> str:
    from pnp.render.card_images import tts_address

    try:
        return tts_address(url)
    except ValueError as exc:
        shown = f"{printable(url[:200])}{'...' if len(url) > 200 else ''}"
        raise UsageError(f"--tts-url wants {exc}, such as https://example.com/my-game/images; not '{shown}'") from None


def _build(request, format: OutputFormat) -> bool:
    from pnp.api.build import build_games

    return say_games(build_games(request, progress), format == OutputFormat.json,
                     lambda built: _say_built(built, request.options.partial))


def _say_built(built, partial: bool) -> None:
    if built.state == "passed over":  # --all --only sheets: the games that have none
        say(f"{built.name}: passed over, {built.reason}")
        return
    show(Report(built.diagnostics))
    if built.state == "not built":
        say(f"{built.name}: not built; output/ left as it was")
    elif built.state == "up to date":
        say(f"{built.name}: up to date, {len(built.files)} files in {built.folder}")
    else:
        drawn = "" if len(built.drawn) == len(built.files) else f" ({len(built.drawn)} drawn again)"
        say(f"{built.name}: {len(built.files)} files in {built.folder}{drawn}")
        if built.kept:
            say(f"  kept from an earlier build, as it was: {', '.join(f'{k}/' for k in built.kept)}"
                + ("" if partial else " (build with --images to bring the card images up to date)"))
