"""The documentation site (mkdocs.yml, docs/): it builds with no broken link or missing page, the examples it marks
runnable run against a fresh project, its generated reference is the same on every build, and README.md stays a
front page that leads to it.

The convention for runnable examples is described in docs/develop/docs.md: an HTML comment right before a fenced
block, invisible on the site.

    <!-- runnable -->               the block's commands run in order, each exiting 0 (or the `# exit N` it ends with);
                                    in a `console` block, lines starting `$ ` are commands and the lines under one are
                                    output it must print (`...` stands for lines left out); a `python` block runs
                                    whole as one script (the Python API's examples), exiting 0
    <!-- runnable: write PATH -->   the block becomes the file PATH (from the folder the commands are in)
    <!-- runnable: append PATH -->  the block is added at the end of PATH
    <!-- runnable: edit PATH -->    a `diff` block: its `-` lines (with the ` ` lines around them) are found once in
                                    PATH and become its `+` lines

Each page runs in a fresh temporary folder holding the project `pnp init project` makes, from inside that project;
`cd DIR` in a block moves there for the rest of the page.
"""
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
BIN = Path(sys.executable).parent  # the venv's python, pnp and mkdocs
MARKER = re.compile(r"^<!--\s*runnable(?::\s*(write|append|edit)\s+(\S+))?\s*-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)\s*([A-Za-z0-9_+-]*)")
EXIT = re.compile(r"#\s*exit\s+(\d+)\b")
SHELLS = {"sh", "bash", "shell", "console"}


@dataclass
class Step:
    """One marked block of a page: commands to run, or a file to write, add to or edit."""

    page: str
    line: int
    action: str  # run, write, append, edit
    language: str
    body: list[str]
    path: str = ""
    commands: list[tuple[str, int, list[str]]] = field(default_factory=list)  # (command, exit code, output lines)


def _blocks(page: Path) -> list[Step]:
    lines = page.read_text(encoding="utf-8").splitlines()
    steps, index = [], 0
    while index < len(lines):
        marker = MARKER.match(lines[index].strip())
        index += 1
        if not marker:
            continue
        where = f"{page.relative_to(ROOT)}:{index}"
        while index < len(lines) and not lines[index].strip():
            index += 1
        opening = FENCE.match(lines[index].strip()) if index < len(lines) else None
        assert opening, f"{where}: a runnable marker must be followed by a fenced block"
        indent = len(lines[index]) - len(lines[index].lstrip())
        fence, language = opening.group(1), opening.group(2)
        body = []
        index += 1
        while index < len(lines) and not lines[index].strip().startswith(fence):
            body.append(lines[index][indent:])
            index += 1
        assert index < len(lines), f"{where}: the fenced block is never closed"
        index += 1
        action = marker.group(1) or "run"
        step = Step(where, index, action, language, body, marker.group(2) or "")
        if action == "run" and language == "python":  # the Python API: the block runs as one script
            step.commands = [("python - <<'PNP_DOCS_EXAMPLE'\n" + "\n".join(body) + "\nPNP_DOCS_EXAMPLE", 0, [])]
        elif action == "run":
            assert language in SHELLS, f"{where}: a runnable block is one of {sorted(SHELLS)} or python, not '{language}'"
            step.commands = _commands(body, language)
            assert step.commands, f"{where}: a runnable block with no command"
        if action == "edit":
            assert language == "diff", f"{where}: an edit is a diff block"
        steps.append(step)
    return steps


def _commands(body: list[str], language: str) -> list[tuple[str, int, list[str]]]:
    commands: list[tuple[str, int, list[str]]] = []
    pending = ""
    for line in body:
        if language == "console" and not line.startswith("$ ") and not pending:
            if commands and line.strip() and line.strip() != "...":
                commands[-1][2].append(line.strip())
            continue
        text = line[2:] if language == "console" and not pending else line
        if not pending and (not text.strip() or text.lstrip().startswith("#")):
            continue
        if text.rstrip().endswith("\\"):
            pending += text.rstrip()[:-1] + " "
            continue
        command = pending + text
        pending = ""
        expected = EXIT.search(command)
        commands.append((command.strip(), int(expected.group(1)) if expected else 0, []))
    return commands


def _pages() -> list[Path]:
    return sorted(page for page in DOCS.rglob("*.md") if any(MARKER.match(line.strip())
                                                               for line in page.read_text(encoding="utf-8").splitlines()))


def _environment(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env.update(GIT_AUTHOR_NAME="Docs", GIT_AUTHOR_EMAIL="docs@example.com", GIT_COMMITTER_NAME="Docs",
               GIT_COMMITTER_EMAIL="docs@example.com", GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1",
               HOME=str(home), COLUMNS="120")
    return env


def _apply(step: Step, cwd: Path) -> None:
    target = cwd / step.path
    text = "\n".join(step.body) + "\n"
    if step.action == "write":
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    elif step.action == "append":
        before = target.read_text(encoding="utf-8")
        target.write_text(before + ("" if before.endswith("\n") else "\n") + text, encoding="utf-8")
    else:
        old = [line[1:] for line in step.body if line[:1] in ("-", " ")]
        new = [line[1:] for line in step.body if line[:1] in ("+", " ")]
        before = target.read_text(encoding="utf-8")
        found = before.count("\n".join(old) + "\n")
        assert found == 1, f"{step.page}: the lines to change are in {step.path} {found} times, not once"
        target.write_text(before.replace("\n".join(old) + "\n", "\n".join(new) + "\n"), encoding="utf-8")


def _run(step: Step, cwd: Path, env: dict[str, str]) -> Path:
    for command, expected, shown in step.commands:
        words = shlex.split(command.split("\n")[0], comments=True)
        if words[:1] == ["cd"]:
            cwd = (cwd / words[1]).resolve()
            assert cwd.is_dir(), f"{step.page}: cd {words[1]}: no such folder"
            continue
        done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=cwd, env=env, capture_output=True,
                              text=True, timeout=300)
        said = done.stdout + done.stderr
        assert done.returncode == expected, (f"{step.page}: `{command}` exited {done.returncode}, the page says "
                                             f"{expected}:\n{said[-3000:]}")
        printed = {" ".join(line.split()) for line in said.splitlines()}
        for line in shown:
            assert " ".join(line.split()) in printed, (f"{step.page}: `{command}` did not print the line the page "
                                                       f"shows:\n  {line}\nit printed:\n{said[-3000:]}")
    return cwd


@pytest.mark.parametrize("page", _pages(), ids=lambda page: str(page.relative_to(DOCS)))
def test_runnable_examples_run_against_a_fresh_project(page, tmp_path):
    env = _environment(tmp_path)
    made = subprocess.run([str(BIN / "pnp"), "init", "project"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert made.returncode == 0, made.stdout + made.stderr
    cwd = tmp_path / "project"
    for step in _blocks(page):
        if step.action == "run":
            cwd = _run(step, cwd, env)
        else:
            _apply(step, cwd)


def test_the_tutorial_and_the_how_to_guides_have_runnable_examples():
    """A marker mistyped would quietly leave an example untested: the pages that promise runnable steps have them."""
    counts = {page.relative_to(DOCS).as_posix(): sum(len(step.commands) for step in _blocks(page)) for page in _pages()}
    assert counts.get("tutorial/index.md", 0) >= 8, counts
    assert sum(n for name, n in counts.items() if name.startswith("how-to/")) >= 10, counts


def test_the_site_builds_strictly(tmp_path):
    """`mkdocs build --strict`: no broken link or anchor, no page missing from the navigation, every generated
    reference made (mkdocs and mkdocs-material come with the test extra)."""
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
                           "--site-dir", str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})  # Material's notice about MkDocs 2.0
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-6000:]
    assert (tmp_path / "site" / "reference" / "commands.html").is_file()
    assert "<!-- pnp-reference:" not in (tmp_path / "site" / "reference" / "commands.html").read_text(encoding="utf-8")


def test_the_generated_reference_is_the_same_on_every_build():
    """Sets and dicts must not leak their order into the pages: two processes with other hash seeds agree."""
    script = ("import sys; sys.path.insert(0, 'docs/hooks'); import reference; "
              "sys.stdout.write(''.join(f'== {name}\\n' + make() for name, make in reference.GENERATORS.items()))")
    pages = [subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300,
                            env={**os.environ, "PYTHONHASHSEED": seed}) for seed in ("1", "2")]
    assert all(page.returncode == 0 for page in pages), pages[0].stderr[-3000:] + pages[1].stderr[-3000:]
    assert pages[0].stdout == pages[1].stdout


def test_the_readme_is_a_front_page_that_leads_to_the_docs():
    size = README.stat().st_size
    assert size <= 10 * 1024, f"README.md is {size} bytes: keep it a front page (at most 10 KB) and put the rest in docs/"
    text = README.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [link for link in links if "://" not in link and not link.startswith("mailto:")]
    assert any(link.startswith("docs/") for link in local), "README.md links to no page of docs/"
    missing = [link for link in local if not (ROOT / link).exists()]
    assert not missing, f"README.md links to files that do not exist: {missing}"
    for command in ("make pdf", "make test"):
        assert command in text, f"README.md lost its '{command}'"
