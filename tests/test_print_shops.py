"""Print shops: every vendor profile of pnp's paper.yaml builds for a bundled game at the shop's size, sides and
names; `pnp build GAME --vendor NAME` builds only that shop's files; a card size a shop does not print is refused;
a project's own vendor works the same."""
from pathlib import Path

import pytest
from helpers import FIXTURE_GAME, ROOT, validated
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.build.game import BuildOptions, BuildTarget, build
from pnp.cli import app

runner = CliRunner()
GAME, DECK = "escape-master", "quick-guide"  # a bundled game's smallest deck: one poker card, six copies
INCH, MM = 72, 72 / 25.4
POKER = (2.5 * INCH, 3.5 * INCH)


@pytest.fixture(scope="module")
def vendor_builds(tmp_path_factory):
    """Each of pnp's vendors built alone for the deck, into an output folder of its own."""
    builds = {}
    for vendor in ("drivethrucards", "thegamecrafter", "makeplayingcards", "printninja", "metric-poker", "front-then-back"):
        out = tmp_path_factory.mktemp(vendor)
        result, report = build(BuildTarget(ROOT, GAME, out), BuildOptions(decks=(DECK,), vendors=(vendor,)))
        assert result is not None, report.to_text()
        builds[vendor] = (out / GAME, result.files)
    return builds


def _sides() -> int:
    return 2 * sum(r.card.count for r in validated(GAME).game.decks[DECK].cards)


def _page_sizes(path: Path) -> set[tuple[float, float]]:
    return {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in PdfReader(path).pages}


@pytest.mark.parametrize("vendor, bleed", [("drivethrucards", 0.125 * INCH), ("front-then-back", 0.125 * INCH)])
def test_pdf_vendors_print_poker_at_trim_plus_their_bleed(vendor_builds, vendor, bleed):
    folder, files = vendor_builds[vendor]
    assert files == [f"print-on-demand/{DECK}-{vendor}.pdf"]  # --vendor: that shop's file and nothing else
    reader = PdfReader(folder / files[0])
    assert len(reader.pages) == _sides()
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((POKER[0] + 2 * bleed, POKER[1] + 2 * bleed))
    assert [float(v) for v in page.trimbox] == pytest.approx([bleed, bleed, bleed + POKER[0], bleed + POKER[1]])


def test_the_metric_vendor_prints_63_by_88_mm_plus_3_mm_bleed(vendor_builds):
    folder, files = vendor_builds["metric-poker"]
    assert files == [f"print-on-demand/{DECK}-metric-poker.pdf"]
    reader = PdfReader(folder / files[0])
    assert len(reader.pages) == _sides()
    assert _page_sizes(folder / files[0]) == {(round(69 * MM, 2), round(94 * MM, 2))}
    assert [float(v) for v in reader.pages[0].trimbox] == pytest.approx([3 * MM, 3 * MM, 66 * MM, 91 * MM])


def test_printninja_gets_one_press_pdf_for_the_whole_game(vendor_builds):
    folder, files = vendor_builds["printninja"]
    assert files == [f"print-on-demand/{GAME}-printninja.pdf"]
    project = validated(GAME)
    every_side = 2 * sum(r.card.count for deck in project.game.decks.values() for r in deck.cards)
    assert len(PdfReader(folder / files[0]).pages) == every_side  # every deck, not only the one named
    assert _page_sizes(folder / files[0]) == {(POKER[0] + 18, POKER[1] + 18)}


@pytest.mark.parametrize("vendor, pixels, name", [
    ("thegamecrafter", (825, 1125), "{n}-{card}-{side}.png"),   # TGC's poker template
    ("makeplayingcards", (822, 1122), "{side}-{n}-{card}.png"),  # MPC's poker upload: 36 px of bleed
])
def test_image_vendors_write_a_png_per_card_side_at_their_canvas_with_their_names(vendor_builds, vendor, pixels, name):
    folder, files = vendor_builds[vendor]
    card = validated(GAME).game.decks[DECK].cards[0].card
    expected = {f"print-on-demand/{vendor}/{DECK}/" + name.format(n=f"{n:03d}", card=card.id, side=side)
                for n in range(1, card.count + 1) for side in ("front", "back")}
    assert set(files) == expected
    for file in files[:2]:
        with Image.open(folder / file) as image:
            assert image.size == pixels and image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_vendor_pages_keep_the_vendors_side_order(tmp_path):
    from helpers import fixture_root

    result, report = build(BuildTarget(fixture_root(), FIXTURE_GAME, tmp_path), BuildOptions(decks=("rooms",), vendors=("drivethrucards", "front-then-back")))
    assert result is not None, report.to_text()
    back_first = PdfReader(tmp_path / FIXTURE_GAME / "print-on-demand/rooms-drivethrucards.pdf")
    front_first = PdfReader(tmp_path / FIXTURE_GAME / "print-on-demand/rooms-front-then-back.pdf")
    assert "Silver Crown" in back_first.pages[0].extract_text() and "Crypt" in back_first.pages[1].extract_text()
    assert "Crypt" in front_first.pages[0].extract_text() and "Silver Crown" in front_first.pages[1].extract_text()


def test_a_poker_deck_goes_to_the_metric_trim_at_its_own_size_centred_its_bleed_filling_the_page():
    """Never scaled (6 pt text would print at 5.94 pt): centred, the cut takes 0.25 / 0.45 mm a side from the
    deck's safe margin, which stays at least the vendor's."""
    from pnp.render.imposition import pod_page

    project = validated(GAME)
    size = project.deck_size(DECK)
    vendor = project.print_setup.vendors["metric-poker"]
    page = pod_page(vendor, size)
    assert page.scale == 1
    assert page.x == pytest.approx(3 * MM + (63 * MM - size.width) / 2 - size.bleed)  # centred on the trim
    assert page.y == pytest.approx(3 * MM + (88 * MM - size.height) / 2 - size.bleed)
    assert page.bleed_reaches(size) and page.safe_inset(size) >= vendor.safe - 0.01


def test_unknown_vendor_is_a_usage_error_with_the_nearest_name(fixture_project):
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--vendor", "drivethrucard"])
    assert result.exit_code == 2
    assert "no vendor 'drivethrucard'" in result.output and "did you mean 'drivethrucards'?" in result.output
    assert not (fixture_project / "output" / FIXTURE_GAME).exists()


def test_a_card_size_the_vendor_does_not_print_is_refused_at_the_decks_size(fixture_project):
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--vendor", "metric-poker"])
    assert result.exit_code == 1
    assert "game.yaml:" in result.output and "[vendor-size]" in result.output
    assert "metric-poker prints no card near mini" in result.output and "deck 'relics'" in result.output
    assert not (fixture_project / "output" / FIXTURE_GAME).exists()  # validated first: nothing written


def test_vendor_build_keeps_the_rest_of_an_earlier_build(fixture_project):
    assert runner.invoke(app, ["build", FIXTURE_GAME]).exit_code == 0
    out = fixture_project / "output" / FIXTURE_GAME
    home = (out / "home-a4/rooms.pdf").read_bytes()
    assert not (out / "print-on-demand/thegamecrafter").exists()  # image vendors only when asked for
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--vendor", "thegamecrafter", "--deck", "rooms"])
    assert result.exit_code == 0, result.output
    assert (out / "home-a4/rooms.pdf").read_bytes() == home
    assert sorted(p.parent.name for p in (out / "print-on-demand/thegamecrafter").rglob("*.png")) == ["rooms"] * 16


def test_a_project_defines_its_own_vendor_and_overrides_ours(fixture_project):
    paper = fixture_project / "layouts/common/paper.yaml"
    paper.parent.mkdir(parents=True, exist_ok=True)
    paper.write_text("extends: default\nvendors:\n"
                     "  drivethrucards: {order: [front, back], note: ours now}\n"
                     "  corner-shop:\n    file: png\n    order: [front, back]\n    bleed: 2mm\n    dpi: 150\n"
                     "    naming: \"{deck}-{n}-{side}.png\"\n"
                     "    sizes:\n      poker: {width: 63.5mm, height: 88.9mm}\n")
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--vendor", "corner-shop", "--vendor", "drivethrucards",
                                 "--deck", "rooms"])
    assert result.exit_code == 0, result.output
    out = fixture_project / "output" / FIXTURE_GAME / "print-on-demand"
    with Image.open(out / "corner-shop/rooms/rooms-001-front.png") as image:
        assert image.size == (round((63.5 + 4) / 25.4 * 150), round((88.9 + 4) / 25.4 * 150))
        assert image.info["dpi"] == pytest.approx((150, 150), abs=0.05)  # pHYs counts per metre
    assert "Crypt" in PdfReader(out / "rooms-drivethrucards.pdf").pages[0].extract_text()  # its order, front first


@pytest.mark.parametrize("entry, code", [
    ("corner-shop: {file: png, order: [front, back], naming: \"{card}.png\"}", "vendor-naming"),
    ("corner-shop: {file: pdf, order: [front, back], naming: \"{card}.pdf\"}", "vendor-naming"),
    ("corner-shop: {file: pdf, order: [front, back], naming: \"../{deck}.pdf\"}", "vendor-naming"),
    ("corner-shop: {file: png, order: [front, back], naming: \"{n!z}-{side}.png\"}", "vendor-naming"),
    ("corner-shop: {file: png, order: [front, back], bleed: 0.125in, sizes: {poker: {width: 2.5in, height: 3.5in, "
     "canvas: [800, 1100]}}}", "vendor-canvas"),
])
def test_a_vendor_profile_that_cannot_work_is_an_error_where_it_is_written(fixture_project, entry, code):
    paper = fixture_project / "layouts/common/paper.yaml"
    paper.parent.mkdir(parents=True, exist_ok=True)
    paper.write_text(f"extends: default\nvendors:\n  {entry}\n")
    result = runner.invoke(app, ["validate", FIXTURE_GAME])
    assert result.exit_code == 1
    assert "paper.yaml:3:" in result.output and f"[{code}]" in result.output


@pytest.mark.parametrize("shop, code, words", [
    ("{order: [front, back], bleed: 5mm}", "vendor-bleed", "asks for 5.00mm of bleed"),  # past the deck's 1/8 in
    ("{order: [front, back], safe: 5mm}", "vendor-safe", "closer than the 5.00mm"),      # the cut nearer the text
])
def test_a_vendor_whose_bleed_or_safe_zone_the_deck_cannot_meet_is_refused(fixture_project, shop, code, words):
    paper = fixture_project / "layouts/common/paper.yaml"
    paper.parent.mkdir(parents=True, exist_ok=True)
    paper.write_text(f"extends: default\nvendors:\n  corner-shop: {shop}\n")
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--vendor", "corner-shop", "--deck", "rooms"])
    assert result.exit_code == 1 and f"[{code}]" in result.output and words in result.output, result.output


def test_a_plain_build_says_which_deck_a_print_shop_file_leaves_out_for_its_bleed(fixture_project):
    """A deck whose bleed falls short of a shop's was left out of that shop's press file with not a word ("ok", then
    "N files"); now validate and build warn at the deck's size, and the file still holds every other deck."""
    paper = fixture_project / "layouts/common/paper.yaml"
    paper.parent.mkdir(parents=True, exist_ok=True)
    paper.write_text("extends: default\nvendors:\n"
                     "  corner-shop: {file: pdf, per: game, order: [front, back], bleed: 5mm}\n")
    result = runner.invoke(app, ["validate", FIXTURE_GAME])
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if "warning [vendor-bleed]" in line]
    assert warned and all("game.yaml:" in line and "corner-shop's print-shop files leave the deck out" in line
                          for line in warned), result.output
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--only", "pod"])
    assert result.exit_code == 0 and "warning [vendor-bleed]" in result.output, result.output
