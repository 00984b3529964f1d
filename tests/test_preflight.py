"""No printed text under 6 pt in any bundled game's PDFs, read from the PDFs themselves (pnp.checks.preflight), and the
reader itself: sizes through text matrices, transformations and forms."""
from pathlib import Path

import pytest
from helpers import REAL_GAMES, ROOT

from pnp.checks.preflight import folder, main, small_texts
from pnp.core.limits import MIN_TEXT_SIZE

KINDS = {  # what a build writes, by the folder it writes it to
    "cards": ("home-a4", "home-letter", "fold-a4", "fold-letter", "print-on-demand"),
    "sheets": ("sheets",),
    "rulebooks": ("rules",),
}


def a_pdf(path: Path, draw) -> Path:
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), pagesize=(300, 300))
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return path


def test_the_reader_finds_small_text_through_scales_and_forms(tmp_path):
    def draw(c):
        c.setFont("Helvetica", 8)
        c.drawString(10, 10, "eight points")  # 8pt: fine
        c.saveState()
        c.scale(0.5, 0.5)
        c.drawString(10, 50, "four points")  # 8pt at half size
        c.restoreState()
        c.beginForm("face")
        c.setFont("Helvetica", 10)
        c.drawString(0, 0, "inside a form")
        c.endForm()
        c.saveState()
        c.scale(0.55, 0.55)
        c.doForm("face")  # 10pt at 0.55: 5.5pt
        c.restoreState()
        text = c.beginText(100, 200)
        text.setFont("Helvetica", 6)
        text.textLine("six points exactly")
        c.drawText(text)

    found = small_texts(a_pdf(tmp_path / "t.pdf", draw))
    assert [(t.page, t.size, t.text) for t in found] == [(1, 4.0, "four points"), (1, 5.5, "inside a form")]


def test_the_command_lists_each_small_text_and_fails(tmp_path, capsys):
    def draw(c):
        c.setFont("Helvetica", 5)
        c.drawString(10, 10, "tiny")

    a_pdf(tmp_path / "deck.pdf", draw)
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "deck.pdf: page 1: 5.0pt: tiny" in out and f"1 text(s) under {MIN_TEXT_SIZE:g}pt" in out


def test_a_drawing_read_in_one_file_is_read_again_in_none_but_its_small_text_is_found_in_each(tmp_path):
    """A deck's files draw the same faces: a drawing's operations are parsed once, by its bytes, and every file
    that draws it still reports its small text at that file's page."""
    def draw(c):
        c.beginForm("face")
        c.setFont("Helvetica", 10)
        c.drawString(0, 0, "a face")
        c.endForm()
        c.scale(0.5, 0.5)
        c.doForm("face")

    a_pdf(tmp_path / "one.pdf", draw)
    a_pdf(tmp_path / "two.pdf", draw)
    known = {}
    found = folder(tmp_path, known=known)
    assert [(t.file, t.size, t.text) for t in found] == [("one.pdf", 5.0, "a face"), ("two.pdf", 5.0, "a face")]
    assert len(known) == 2  # the page and the form, each parsed once for both files


def test_the_command_passes_a_folder_without_small_text(tmp_path, capsys):
    a_pdf(tmp_path / "deck.pdf", lambda c: c.drawString(10, 10, "twelve"))  # reportlab's default 12pt
    assert main([str(tmp_path)]) == 0


def _outputs() -> list[tuple[str, str]]:
    """(game, kind) for what each bundled game prints: cards when it has decks, sheets when it has sheets."""
    import yaml

    pairs = []
    for game_id in REAL_GAMES:
        manifest = yaml.safe_load((ROOT / "content" / game_id / "game.yaml").read_text())
        pairs += [(game_id, kind) for kind, key in (("cards", "decks"), ("sheets", "sheets"), ("rulebooks", None))
                  if key is None or manifest.get(key)]
    return pairs


@pytest.mark.parametrize("game_id, kind", _outputs())
def test_no_bundled_game_prints_text_under_6pt(built_game, game_id, kind):
    game = built_game(game_id)  # as `pnp build --all` builds it, once for the session
    assert game.is_dir(), f"{game_id} did not build (pnp validate {game_id})"
    folders = [game / name for name in KINDS[kind] if (game / name).is_dir()]
    assert folders, f"{game_id} wrote no {kind}"
    known = {}  # the card faces each deck's files share, read once
    found = [text for place in folders for text in folder(place, known=known)]
    assert found == [], "\n".join(text.format() for text in found[:40]) + f"\n({len(found)} in all)"
