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
