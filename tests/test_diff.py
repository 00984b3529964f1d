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
from pnp.content.starter import init_project
from pnp.diff.checkout import RevisionError, commit_of

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


def test_the_checkout_is_removed_when_interrupted(repo, monkeypatch, tmp_path):
    import tempfile

    import pnp.diff

    def interrupted(*args, **kwargs):
        checked_out, = (tmp_path / "temporary").iterdir()  # the revision is written out in the temporary folder
        assert (checked_out / "tree" / "games" / "content" / GAME / "game.yaml").is_file()
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
    from pnp.content.starter import new_game

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


def commit_blob_under(repo: Path, data: bytes, paths: list[str], message: str) -> None:
    """Commit one blob under every path given, without writing it to the work tree: what a crafted commit holds."""
    blob = subprocess.run([*GIT, "-C", str(repo), "hash-object", "-w", "--stdin"], input=data, check=True,
                          capture_output=True).stdout.decode().strip()
    for path in paths:
        git(repo, "update-index", "--add", "--cacheinfo", f"100644,{blob},{path}")
    git(repo, "commit", "--quiet", "-m", message)
    git(repo, "reset", "--quiet", "--hard")


def test_a_revision_naming_one_huge_blob_many_times_is_refused_before_anything_is_written(repo, monkeypatch, tmp_path):
    """The attack: twenty names of one 200 MB blob of 'b's are a commit of 200 KB (git compresses), and checking it
    out wrote 3.8 GB to /tmp in 8.5 s. git's tree says the sizes first: past MAX_REVISION_BYTES, nothing is written."""
    import tempfile

    from pnp.core.limits import MAX_REVISION_BYTES

    names = 16
    art = f"games/content/{GAME}/art"
    commit_blob_under(repo, b"b" * (MAX_REVISION_BYTES // names + 1), [f"{art}/bomb-{n}.png" for n in range(names)],
                      "sixteen names of one blob")
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    made = []
    real_mkdtemp = tempfile.mkdtemp
    monkeypatch.setattr(tempfile, "mkdtemp", lambda *a, **kw: (made.append(real_mkdtemp(*a, **kw)), made[-1])[1])

    result = diff(repo, "HEAD")

    assert result.exit_code == 2, result.output
    assert "HEAD holds at least 16 files of 1,024 MB in games/content/, games/layouts/, games/fonts/" in result.output
    assert result.output.strip().count("\n") == 0 and "Traceback" not in result.output
    assert not [folder for folder in made if Path(folder).name.startswith("pnp-diff-")]  # refused before writing
    assert sum(path.lstat().st_size for path in temporary.rglob("*")) == 0
    assert len(worktrees(repo)) == 1


def test_only_the_projects_folders_are_written_and_links_stay_links(repo, monkeypatch, tmp_path):
    """Beside the project the repository may hold anything (a video, a build of another tool): only content/,
    layouts/ and fonts/ of the project are written. A link in the revision is written as a link, never followed."""
    import os
    import tempfile

    import pnp.diff

    commit_blob_under(repo, b"v" * 1000, ["videos/trailer.mp4", "games/notes/big.txt"], "files pnp never reads")
    os.symlink("/etc/passwd", repo / "games" / "content" / GAME / "passwd.yaml")
    git(repo, "add", "-A")
    git(repo, "commit", "--quiet", "-m", "a link out")
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    seen = {}

    def look(before, after):
        tree = before.root.parent
        seen["files"] = sorted(path.relative_to(tree).as_posix() for path in tree.rglob("*") if not path.is_dir())
        seen["link"] = os.readlink(before.root / "content" / GAME / "passwd.yaml")
        raise KeyboardInterrupt

    monkeypatch.setattr(pnp.diff, "compare_sides", look)
    assert diff(repo, "HEAD").exit_code == 130
    assert seen["link"] == "/etc/passwd"
    assert seen["files"] and all(file.startswith(("games/content/", "games/layouts/")) for file in seen["files"])
    assert not list(temporary.iterdir())


KILLED_DIFF = """
import os, signal, sys
from pathlib import Path
from pnp.diff.checkout import checked_out
with checked_out(Path(sys.argv[1]), "HEAD") as revision:
    os.kill(os.getpid(), signal.SIGKILL)  # as the kernel's out-of-memory killer, or kill -9, would
"""


def test_a_killed_diffs_checkout_is_removed_by_the_next_diff(repo, tmp_path, monkeypatch):
    """A diff killed while its revision is checked out cannot clean up: the next diff removes what it left (its
    lock is free), as a build removes a killed build's staging folder, and leaves a running diff's alone."""
    import os
    import sys
    import tempfile

    from pnp.diff.checkout import checked_out

    temporary = tmp_path / "temporary"
    temporary.mkdir()
    killed = subprocess.run([sys.executable, "-c", KILLED_DIFF, str(repo / "games")], capture_output=True,
                            env=dict(os.environ, TMPDIR=str(temporary)))
    assert killed.returncode == -9, killed.stderr
    left, = temporary.iterdir()
    assert (left / "tree" / "games" / "content" / GAME / "game.yaml").is_file()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))

    with checked_out(repo / "games", "HEAD") as running:
        assert not left.exists()  # the killed diff's folder is gone
        assert diff(repo, "HEAD").exit_code == 0  # a second diff meanwhile leaves the running one's alone
        assert running.root.is_dir()
    assert not list(temporary.iterdir())
    assert len(worktrees(repo)) == 1


def test_a_locked_worktree_an_older_pnp_left_is_removed_by_the_next_diff(repo, tmp_path, monkeypatch):
    """An older pnp checked a revision out with `git worktree add`; killed meanwhile, it left a worktree git had
    locked (3.4 GB once) that later diffs neither used nor removed, and git would keep registered for ever."""
    import tempfile

    temporary = tmp_path / "temporary"
    left = temporary / "pnp-diff-abc123" / "tree"
    left.parent.mkdir(parents=True)
    git(repo, "worktree", "add", "--detach", "--quiet", str(left), "HEAD")
    git(repo, "worktree", "lock", str(left))
    assert len(worktrees(repo)) == 2
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))

    assert diff(repo, "HEAD").exit_code == 0

    assert not list(temporary.iterdir())
    assert len(worktrees(repo)) == 1


def commit_crafted_content(repo: Path, extra: str) -> None:
    """Commit a tree whose games/content/ also holds `extra` (lines of `git mktree`), as only a crafted commit can:
    git itself never makes a path '..', nor a link and a folder of one name."""
    def mktree(lines: str) -> str:
        return subprocess.run([*GIT, "-C", str(repo), "mktree"], input=lines, check=True, capture_output=True,
                              text=True).stdout.strip()

    def entry(tree: str, name: str) -> str:
        return next(line for line in git(repo, "ls-tree", tree).splitlines() if line.endswith("\t" + name))

    content = mktree(git(repo, "ls-tree", "HEAD:games/content") + extra)
    games = mktree("".join(line + "\n" for line in git(repo, "ls-tree", "HEAD:games").splitlines()
                           if not line.endswith("\tcontent")) + f"040000 tree {content}\tcontent\n")
    top = mktree(entry("HEAD", "games").replace(git(repo, "rev-parse", "HEAD:games").strip(), games) + "\n")
    commit = git(repo, "commit-tree", top, "-p", "HEAD", "-m", "crafted").strip()
    git(repo, "update-ref", "refs/heads/crafted", commit)


@pytest.mark.parametrize("crafted, said", [
    ("040000 tree {inner}\t..\n", "names the path 'games/content/../evil', which git itself refuses"),
    ("120000 blob {link}\tx\n040000 tree {inner}\tx\n", "could not be written to the temporary folder"),
])
def test_a_crafted_tree_writes_nothing_outside_the_temporary_folder(repo, monkeypatch, tmp_path, crafted, said):
    """A path '..' climbs out of the checkout; a link and a folder of one name would write the folder's files
    through the link (to wherever it points). Both are refused, and nothing is written outside."""
    import tempfile

    outside = tmp_path / "outside"
    outside.mkdir()
    blob = subprocess.run([*GIT, "-C", str(repo), "hash-object", "-w", "--stdin"], input=b"pwned", check=True,
                          capture_output=True).stdout.decode().strip()
    link = subprocess.run([*GIT, "-C", str(repo), "hash-object", "-w", "--stdin"], input=str(outside).encode(),
                          check=True, capture_output=True).stdout.decode().strip()
    inner = subprocess.run([*GIT, "-C", str(repo), "mktree"], input=f"100644 blob {blob}\tevil\n", check=True,
                           capture_output=True, text=True).stdout.strip()
    commit_crafted_content(repo, crafted.format(inner=inner, link=link))
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))

    result = diff(repo, "crafted")

    assert result.exit_code == 2 and said in result.output, result.output
    assert not list(outside.iterdir()) and not (tmp_path / "evil").exists()
    assert not list(temporary.iterdir())


def test_no_filter_of_the_repository_runs_on_the_revisions_files(repo, tmp_path):
    """A clone's configuration may name a filter (git-lfs's smudge downloads; any command can be one): the
    revision's files are written as git stores them, and no command of the repository's runs."""
    ran = tmp_path / "filter-ran"
    git(repo, "config", "filter.any.smudge", f"touch {ran} && cat")
    (repo / ".gitattributes").write_text("*.yaml filter=any\n")
    git(repo, "add", "-A")
    git(repo, "commit", "--quiet", "-m", "a filter")

    result = diff(repo, "HEAD")

    assert result.exit_code == 0, result.output
    assert not ran.exists()


def test_diff_lang_compares_an_edition_and_shows_what_its_translator_changed(repo):
    """`pnp diff HEAD GAME --lang fr`: the French edition at HEAD beside the work tree's; a translation edited since
    is a changed card of that edition (its page in OUT/GAME/fr/diff/), and the game as written has not changed."""
    content = repo / "games" / "content" / GAME
    edit(content / "game.yaml", "players:", "languages: [en, fr]\nplayers:")
    (content / "translations").mkdir()
    shutil.copy(Path(__file__).parent / "data" / "editions" / "fr.yaml", content / "translations" / "fr.yaml")
    git(repo, "add", "-A")
    git(repo, "commit", "--quiet", "-m", "the French edition")
    edit(content / "translations" / "fr.yaml", "decks/market/cards/rain/name: Pluie", "decks/market/cards/rain/name: Averse")

    result = diff(repo, "HEAD", GAME, "--lang", "fr")
    assert result.exit_code == 0, result.output
    # the card, and the rule that names it ({card:rain} prints its name)
    assert f"{GAME} [fr]: 1 card changed, 1 rule section, 0 sheets since HEAD" in result.output
    french = (repo / "games" / "output" / GAME / "fr" / "diff" / "index.html").read_text()
    (card,) = articles(french, "card")
    assert "<code>rain</code>" in card and "Averse" in card
    assert f"{GAME}: no changes since HEAD" in diff(repo, "HEAD", GAME).output  # the game as written: the same


def test_diff_lang_of_an_edition_the_game_lacks_is_a_usage_error(repo):
    result = diff(repo, "HEAD", GAME, "--lang", "fr")
    assert result.exit_code == 2 and f"{GAME} has no edition 'fr'" in result.output
