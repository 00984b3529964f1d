"""The export recipes: the rules reference (`pnp rules`) and a deck as a table or YAML (`pnp export-deck`).

Diagnostics travel apart from the export itself: a command prints the export on standard output (`pnp rules GAME >
rules.md`) and the diagnostics on standard error, so the file never holds them."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.api.games import chosen_games
from pnp.api.places import not_over_the_projects_own, output_folder
from pnp.core.diagnostics import Diagnostic, UsageError, did_you_mean
from pnp.core.difficulty import Difficulty


@dataclass(frozen=True)
class RulesRequest:
    """`pnp rules`: `format` md, html, json or pdf; `out` a file (text formats print without it; the PDF goes to
    output/GAME/rules/ by default); `paper` and `booklet` for the PDF."""
    root: Path
    game: str
    format: str = "md"
    out: Path | None = None
    paper: str = "a4"
    booklet: bool = False
    difficulty: Difficulty | None = None
    draft: bool = False
    lang: str | None = None  # an edition's rules (pnp.content.translations); its PDF goes to output/GAME/<lang>/rules/


@dataclass
class Export:
    """An export: its `text` (to print) or the file `written`; `ok` False when the content does not validate (or the
    deck cannot be exported: `problem` says why); `notes` say what the export changed on the way (cells marked)."""
    ok: bool
    diagnostics: list[Diagnostic] = field(default_factory=list)
    text: str | bytes | None = None
    written: Path | None = None
    notes: list[str] = field(default_factory=list)
    problem: str = ""


def export_rules(request: RulesRequest) -> Export:
    from pnp.checks.validate import validate
    from pnp.core.output import plain_name, write_file, write_text
    from pnp.render.card_facts import printed_facts
    from pnp.render.svg import figure_svg, icon_svg
    from pnp.rules.export import export_text

    project, report = validate(request.root, chosen_games(request.root, request.game)[0], request.draft, request.lang,
                               "warning" if request.draft else "error")
    if project is None:
        return Export(False, report.sorted())
    if request.format == "pdf":
        from pnp.render.rulebook import rulebook_pdf

        booklet = "-booklet" if request.booklet else ""
        edition = (plain_name(request.lang),) if request.lang else ()
        target = request.out or request.root.joinpath("output", request.game, *edition, "rules",
                                                      f"rulebook-{request.paper}{booklet}.pdf")
        out_root = None if request.out else output_folder(None, request.root)
        write_file(target, lambda tmp: rulebook_pdf(project, request.difficulty, request.paper, tmp, request.booklet),
                   out_root)
        return Export(True, report.sorted(), written=target)
    text = export_text(project, request.format, request.difficulty, figure_svg, icon_svg, printed_facts)
    if request.out is None:
        return Export(True, report.sorted(), text=text)
    not_over_the_projects_own(request.out, request.root)
    write_text(request.out, text)
    return Export(True, report.sorted(), written=request.out)


@dataclass(frozen=True)
class DeckExportRequest:
    """`pnp export-deck`: one deck as csv, xlsx or yaml; `out` a file (csv and yaml print without it, xlsx goes to
    output/decks/GAME/DECK.xlsx)."""
    root: Path
    game: str
    deck: str
    format: str
    out: Path | None = None


def export_deck(request: DeckExportRequest) -> Export:
    """The deck card for card, as it is kept: an export copies the deck, so a deck with errors is not exported."""
    from pnp.content.deck_export import ExportError
    from pnp.content.deck_export import export_deck as export
    from pnp.content.discovery import load
    from pnp.core.output import write_file

    loaded, problems = load(request.root, chosen_games(request.root, request.game)[0])
    decks = loaded.decks if loaded else {}
    if request.deck not in decks:
        if loaded is not None and request.deck not in {entry.id for entry in loaded.manifest.decks}:
            known = [entry.id for entry in loaded.manifest.decks]
            raise UsageError(f"{request.game} has no deck '{request.deck}'{did_you_mean(request.deck, known)}; its "
                             f"decks: {', '.join(known) or 'none'}")
        return Export(False, sorted(problems), problem=f"deck '{request.deck}' does not load; fix the errors above")
    deck = decks[request.deck]
    errors = sorted(p for p in problems if p.severity == "error" and p.path == deck.source.path)
    if errors:
        return Export(False, errors, problem=f"deck '{request.deck}' has errors; fix them first (an export copies "
                                             "the deck as it is)")
    try:
        data, notes = export(loaded, deck, request.format)
    except ExportError as exc:
        return Export(False, problem=f"error: {exc}")
    # beside the game's build folder, not in it: a build replaces that folder whole
    default = request.root / "output" / "decks" / request.game / f"{request.deck}.xlsx" if request.format == "xlsx" else None
    target = request.out or default
    if target is None:
        return Export(True, text=data, notes=notes)
    if request.out:
        not_over_the_projects_own(request.out, request.root)
    write_file(target, lambda tmp: tmp.write_bytes(data), None if request.out else output_folder(None, request.root))
    return Export(True, written=target, notes=notes)
