"""`pnp diff REV [GAME]`: on a git repository made here, with a known change, the page shows exactly what changed.

The project sits in a subfolder of its repository (`games/`), as a repository that keeps more than games would
have it, so the revision's copy of that subfolder is what is compared.
"""
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.diff.checkout import RevisionError, commit_of
from pnp.starter import init_project

runner = CliRunner()
GAME = "my-game"
GIT = ["git", "-c", "user.name=Designer", "-c", "user.email=designer@example.com", "-c", "commit.gpgsign=false"]


def git(repo: Path, *args: str) -> str:
    return subprocess.run([*GIT, "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def committed(tmp_path_factory) -> Path:
    """A repository holding a starter game with a playmat under games/, committed."""
    repo = tmp_path_factory.mktemp("committed") / "repo"
    init_project(repo / "games", GAME, "playmat")
    git(repo, "init", "--quiet")
    git(repo, "add", "-A")
    git(repo, "commit", "--quiet", "-m", "the starter game")
    return repo


@pytest.fixture
def repo(committed, tmp_path) -> Path:
    """A private copy of the committed repository, to change."""
    return Path(shutil.copytree(committed, tmp_path / "repo", symlinks=True))


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def diff(repo: Path, *args: str):
    return runner.invoke(app, ["diff", *args, "--root", str(repo / "games")])


def page(repo: Path) -> str:
    return (repo / "games" / "output" / GAME / "diff" / "index.html").read_text()


def articles(html: str, kind: str) -> list[str]:
    return re.findall(rf'<article class="{kind}".*?</article>', html, re.S)


def worktrees(repo: Path) -> list[str]:
    return git(repo, "worktree", "list", "--porcelain").split("\n\n")[:-1] if git(repo, "worktree", "list") else []


def test_a_changed_card_and_rule_and_nothing_else(repo):
    content = repo / "games" / "content" / GAME
    edit(content / "decks" / "market.yaml", "Baked at dawn.", "Baked at midnight, still warm.")
    edit(content / "rules.yaml", "Tied players share the win.", "Tied players share the victory.")

    result = diff(repo, "HEAD")

    assert result.exit_code == 0, result.output
    assert f"{GAME}: 1 card changed, 1 rule section, 0 sheets since HEAD" in result.output
    html = page(repo)
    cards = articles(html, "card")
    assert len(cards) == 1 and "<code>bread</code>" in cards[0]
    images = re.findall(r'<img src="([^"]+)"', cards[0])
    assert len(images) == 3  # the front before, after and the difference; the back is the same
    assert all((repo / "games" / "output" / GAME / "diff" / image).is_file() for image in images)
    assert "<code>apples</code>" not in html and "<code>cheese</code>" not in html
    sections = articles(html, "section")
    assert len(sections) == 1 and "Clarifications" in sections[0]
    assert "<del>win.</del>" in sections[0] and "<ins>victory.</ins>" in sections[0]
    assert not articles(html, "sheet")
    assert "1 card changed, 1 rule section, 0 sheets" in html
    assert len(worktrees(repo)) == 1  # the temporary worktree is gone


def test_no_changes(repo):
    result = diff(repo, "HEAD", GAME)
    assert result.exit_code == 0, result.output
    assert f"{GAME}: no changes since HEAD" in result.output
    assert "No changes" in page(repo) and not articles(page(repo), "card")
    assert len(worktrees(repo)) == 1


def test_an_added_and_a_removed_card_show_one_side(repo):
    deck = repo / "games" / "content" / GAME / "decks" / "market.yaml"
    text = deck.read_text()
    rain = re.search(r"  - id: rain\n(    .*\n)+", text).group()
    deck.write_text(text.replace(rain, rain.replace("id: rain", "id: drizzle").replace("name: Rain", "name: Drizzle")
                                 .replace("Every player puts", "Every other player puts")))
    edit(repo / "games" / "content" / GAME / "rules.yaml", "{card:rain}", "{card:drizzle}")
    result = diff(repo, "HEAD")
    assert result.exit_code == 0, result.output
    assert "2 cards changed, 1 rule section, 0 sheets" in result.output
    cards = {re.search(r"<code>(.*?)</code>", a).group(1): a for a in articles(page(repo), "card")}
    assert set(cards) == {"drizzle", "rain"}
    assert "added" in cards["drizzle"] and len(re.findall("<img ", cards["drizzle"])) == 2  # front and back, after only
    assert "removed" in cards["rain"] and len(re.findall("<img ", cards["rain"])) == 2
    assert "-after.png" not in cards["rain"] and "-before.png" not in cards["drizzle"]


def test_a_changed_sheet_is_counted_with_where_it_changed(repo):
    edit(repo / "games" / "content" / GAME / "playmat.yaml", "label: ", "label: The ")
    result = diff(repo, "HEAD")
    assert result.exit_code == 0, result.output
    assert "0 cards changed, 0 rule sections, 1 sheet" in result.output
    sheets = articles(page(repo), "sheet")
    assert len(sheets) == 1 and "Where it changed" in sheets[0] and len(re.findall("<img ", sheets[0])) == 6


def test_an_unknown_revision_is_a_usage_error(repo):
    result = diff(repo, "no-such-branch")
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "unknown revision 'no-such-branch'" in result.output
    assert len(worktrees(repo)) == 1
    with pytest.raises(RevisionError):  # a revision that looks like an option of git's is never read as one
        commit_of(repo, "--output=x")


def test_a_project_outside_git_is_a_usage_error(tmp_path):
    init_project(tmp_path / "loose", GAME)
    result = runner.invoke(app, ["diff", "HEAD", "--root", str(tmp_path / "loose")])
    assert result.exit_code == 2 and "not in a git repository" in result.output


def test_a_revision_that_does_not_validate_is_named(repo):
    deck = repo / "games" / "content" / GAME / "decks" / "market.yaml"
    edit(deck, "value: 2", "value: two")
    git(repo, "commit", "--quiet", "-am", "a broken deck")
    edit(deck, "value: two", "value: 2")
    result = diff(repo, "HEAD")
    assert result.exit_code == 1
    assert f"HEAD:games/content/{GAME}/decks/market.yaml:" in result.output  # as `git show` names the file
    assert "HEAD does not validate" in result.output and "Traceback" not in result.output
    assert len(worktrees(repo)) == 1


def test_the_worktree_is_removed_when_interrupted(repo, monkeypatch, tmp_path):
    import tempfile

    import pnp.diff

    def interrupted(*args, **kwargs):
        assert len(worktrees(repo)) == 2  # the revision is checked out beside the work tree
        raise KeyboardInterrupt

    monkeypatch.setattr(pnp.diff, "compare_sides", interrupted)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()
    result = diff(repo, "HEAD")
    assert result.exit_code == 130
    assert len(worktrees(repo)) == 1 and not list((tmp_path / "temporary").iterdir())
    assert not (repo / "games" / "output" / GAME / "diff").exists()


def test_content_is_escaped_on_the_page(repo):
    edit(repo / "games" / "content" / GAME / "decks" / "market.yaml", "name: Bread", 'name: "<script>alert(1)</script>"')
    edit(repo / "games" / "content" / GAME / "rules.yaml", "Tied players", "Tied <img src=x onerror=alert(1)> players")
    result = diff(repo, "HEAD")
    assert result.exit_code == 0, result.output
    html = page(repo)
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_an_image_changed_under_the_same_name_changes_the_cards_that_show_it(repo):
    from PIL import Image

    art = repo / "games" / "content" / GAME / "art" / "meadow.png"
    with Image.open(art) as image:
        Image.new(image.mode, image.size, "red" if image.mode == "RGB" else None).save(art)
    result = diff(repo, "HEAD")
    assert result.exit_code == 0, result.output
    shown = {re.search(r"<code>(.*?)</code>", a).group(1) for a in articles(page(repo), "card")}
    assert shown == {"apples", "bread", "cheese"}  # the goods that show it; the events draw an emblem


def test_a_game_added_since_the_revision_shows_every_card_added(repo):
    from pnp.starter import new_game

    new_game(repo / "games", "second-game", "deck")
    result = diff(repo, "HEAD", "second-game")
    assert result.exit_code == 0, result.output
    assert "second-game: 5 cards changed, 5 rule sections, 0 sheets" in result.output  # its introduction, 3 sections, glossary
    html = (repo / "games" / "output" / "second-game" / "diff" / "index.html").read_text()
    assert all("added" in article and "-before.png" not in article for article in articles(html, "card"))
    assert diff(repo, "HEAD", "no-such-game").exit_code == 2


def test_cards_printed_in_other_numbers_are_listed_without_pictures(repo):
    deck = repo / "games" / "content" / GAME / "decks" / "market.yaml"
    edit(deck, "count: 2", "count: 1")  # cheese
    edit(deck, "value: 2\n    count: 3", "value: 2\n    count: 4")  # bread: the deck keeps its size
    result = diff(repo, "HEAD")
    assert result.exit_code == 0, result.output
    assert "2 cards changed, 0 rule sections, 0 sheets" in result.output
    cards = {re.search(r"<code>(.*?)</code>", a).group(1): a for a in articles(page(repo), "card")}
    assert "copies: 2 \u2192 1" in cards["cheese"] and "copies: 3 \u2192 4" in cards["bread"]
    assert not any("<img " in card for card in cards.values())


def test_pictures_of_different_sizes_are_compared_on_one_canvas():
    from PIL import Image

    from pnp.diff.compare import _detail, _pictures

    small, large = Image.new("RGB", (400, 300), "white"), Image.new("RGB", (600, 300), "white")
    picture = _pictures("whole sheet", small, large)
    assert picture is not None and picture.difference.size == (600, 300)  # a sheet that grew is a change
    assert _detail(picture) is None  # though no pixel of it changed colour
    large.putpixel((500, 100), (0, 0, 0))
    detail = _detail(_pictures("whole sheet", small, large))
    assert detail.label == "where it changed" and detail.after.size == (81, 81)  # the pixel and 40 around it
    assert detail.after.getpixel((40, 40)) == (0, 0, 0)
    for spot in ((40, 40), (41, 41)):  # the changed pixel tinted red, and grown so it is seen
        red, green, blue = detail.difference.getpixel(spot)
        assert red > 2 * green and red > 2 * blue
    assert detail.difference.getpixel((10, 10))[0] == detail.difference.getpixel((10, 10))[1]  # elsewhere grey


def test_a_layout_naming_a_project_font_is_compared(repo):
    """The designer's case: a layout set in a font of the project's own. The revision's copy of the font carries
    the same PostScript name as the work tree's (reportlab once drew both with the first, exit 3)."""
    games = repo / "games"
    (games / "fonts").mkdir()
    shutil.copy(Path(__file__).parent / "data/fixture/fonts/DejaVuSansMono.ttf", games / "fonts")
    edit(games / "layouts" / GAME / "cards.yaml", "fonts: {regular: Vera,", "fonts: {regular: fonts/DejaVuSansMono.ttf,")
    git(repo, "add", "-A")
    git(repo, "commit", "--quiet", "-m", "set in the project's font")
    edit(games / "content" / GAME / "decks" / "market.yaml", "Baked at dawn.", "Baked at midnight.")

    result = diff(repo, "HEAD")

    assert result.exit_code == 0, result.output
    assert f"{GAME}: 1 card changed" in result.output


def test_one_word_changed_in_a_rule_of_twenty_thousand_words_is_found_without_comparing_every_word(monkeypatch):
    """A rule of 20,000 words with one changed took nearly ten minutes: difflib weighed every word against every
    other (and every space against every space). What both texts begin and end with is set aside first."""
    import random

    import pnp.diff.compare as compare

    compared = []
    real = compare.difflib.SequenceMatcher
    monkeypatch.setattr(compare.difflib, "SequenceMatcher",
                        lambda junk, a, b, **kw: (compared.append((len(a), len(b))), real(junk, a, b, **kw))[1])
    chosen = random.Random(20).choices(["the", "card", "player", "draws", "one", "each", "turn", "and", "a"], k=20_000)
    old = " ".join(chosen)
    new = " ".join([*chosen[:12_345], "discards", *chosen[12_346:]])

    runs = compare.word_diff(old, new)

    assert [run for run in runs if run[0] != "same"] == [("removed", chosen[12_345]), ("added", "discards")]
    assert "".join(text for kind, text in runs if kind != "added") == old
    assert all(a * b <= 4 for a, b in compared), compared


@pytest.mark.parametrize("changes", [1, 40, 400])
def test_a_long_rule_changed_in_many_places_shows_each_change_and_stays_bounded(monkeypatch, changes):
    """Changes spread over 2,000 lines of the same few words: compared line by line, then word by word inside the
    lines that changed; past what can be weighed in a second, the stretch is shown as gone and come."""
    import random

    import pnp.diff.compare as compare

    work = []
    real = compare.difflib.SequenceMatcher
    monkeypatch.setattr(compare.difflib, "SequenceMatcher", lambda junk, a, b, **kw: (
        work.append(compare._matching_work(a, b)), real(junk, a, b, **kw))[1])
    pick = random.Random(changes)
    lines = [" ".join(pick.choices(["the", "card", "player", "draws", "one"], k=10)) for _ in range(2000)]
    changed = list(lines)
    for number in pick.sample(range(2000), changes):
        changed[number] = changed[number] + " again"

    runs = compare.word_diff("\n".join(lines), "\n".join(changed))

    assert "".join(text for kind, text in runs if kind != "added") == "\n".join(lines)
    assert "".join(text for kind, text in runs if kind != "removed") == "\n".join(changed)
    assert max(work) <= compare.MATCHING_WORK
    if changes <= 40:
        assert sum(1 for kind, text in runs if kind == "added" and text.strip() == "again") == changes


def test_each_picture_of_a_card_turned_landscape_is_shown_at_its_own_size(tmp_path):
    """A deck turned from portrait to landscape: every picture of the row had the widest one's width and height,
    so the after card showed a third too large and the difference squashed."""
    from PIL import Image

    from pnp.diff.compare import Change, Changes, Pictures
    from pnp.diff.page import write_page

    before, after, difference = (Image.new("RGB", size, "white") for size in ((275, 375), (375, 275), (375, 375)))
    changes = Changes(cards=[Change("bread", "Bread", "market", "changed", [Pictures("front", before, after, difference)])])
    about = {"title": "My Game", "game": GAME, "rev": "HEAD", "commit": "0" * 40, "version": "0"}
    page = write_page(changes, about, tmp_path / "output" / GAME / "diff", tmp_path / "output")

    tags = re.findall(r'<img src="([^"]+)" width="(\d+)" height="(\d+)"', page.read_text())
    assert len(tags) == 3
    for file, width, height in tags:
        with Image.open(page.parent / file) as image:
            assert image.size == (int(width), int(height)), file
