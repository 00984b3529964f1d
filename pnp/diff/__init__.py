"""`pnp diff REV [GAME]`: what a content change does, as a page of pictures and words.

    write out REV's content/, layouts/, fonts/      (pnp.diff.checkout)
    -> validate and bind the game on both sides     (pnp.diff.collect)
    -> compare cards, sheet pages, rule sections    (pnp.diff.compare)
    -> write OUT/GAME/diff/index.html               (pnp.diff.page)

Both sides are read and drawn by the pnp that runs now: the page shows what the content (and layouts, fonts,
images) changed, not what another pnp would print. Whole PDFs are never compared: a card's face is compared as
the picture it draws, a sheet as its pages, the rules as the Markdown of each section.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp import __version__
from pnp.core.diagnostics import Report
from pnp.core.output import plain_name
from pnp.diff.checkout import Revision, checked_out
from pnp.diff.collect import at_revision
from pnp.diff.collect import collect as collect_side  # the package's names stay its modules' names
from pnp.diff.compare import Changes
from pnp.diff.compare import compare as compare_sides
from pnp.diff.page import write_page

WORK_TREE = "the work tree"

__all__ = ["WORK_TREE", "Outcome", "checked_out", "what_changed"]


@dataclass
class Outcome:
    changes: Changes | None  # None: a side does not validate (`invalid` names it, `report` says why)
    report: Report = field(default_factory=Report)
    invalid: list[str] = field(default_factory=list)  # "HEAD~1", "the work tree"
    page: Path | None = None


def what_changed(revision: Revision, root: Path, game_id: str, out_root: Path, draft: bool = False,
                 lang: str | None = None) -> Outcome:
    """Compare the game (its edition in `lang`, if given) as it was at `revision` with the work tree's (the project
    at `root`), and write the page. Nothing is written when either side does not validate."""
    before, before_report = collect_side(revision.root.resolve(), game_id, revision.name, draft, lang)
    after, after_report = collect_side(root.resolve(), game_id, WORK_TREE, draft, lang)
    if before is None or after is None:
        invalid = [label for label, side in ((revision.name, before), (WORK_TREE, after)) if side is None]
        before_report = at_revision(before_report, revision.tree, revision.name)
        return Outcome(None, Report(before_report.diagnostics + after_report.diagnostics), invalid)
    changes = compare_sides(before, after)
    project = after.project or before.project
    about = {"title": project.game.manifest.title if project else game_id, "game": game_id, "rev": revision.name,
             "commit": revision.commit, "version": __version__}
    folder = out_root / plain_name(game_id) / (plain_name(lang) if lang else "") / "diff"  # an edition's beside its build
    page = write_page(changes, about, folder, out_root)
    return Outcome(changes, page=page)
