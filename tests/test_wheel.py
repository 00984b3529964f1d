"""pnp as a designer gets it: a wheel built from this repository, installed in a fresh virtual environment,
used in a folder outside the repository for a game of the designer's own.

The wheel is built without build isolation and installed without its dependencies, which the fresh
environment borrows from the test environment through a .pth file (no network needed): what is tested
is that everything pnp itself reads at run time travels inside the wheel, not the dependency resolver.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest
from helpers import ROOT
from pypdf import PdfReader

PACKAGED = ["pnp/text/font_widths.json", "pnp/defaults/layouts/common/cards.yaml", "pnp/defaults/words/en.yaml", "pnp/defaults/words/fr.yaml",
            "pnp/defaults/words/de.yaml", "pnp/defaults/layouts/common/paper.yaml",
            "pnp/defaults/layouts/templates/rules.md.j2", "pnp/defaults/layouts/templates/rules.html.j2",
            "pnp/defaults/starter/deck/content/__GAME__/game.yaml", "pnp/defaults/starter/deck/content/__GAME__/art/meadow.png",
            "pnp/defaults/starter/sheet/game-sheets.yaml", "pnp/defaults/starter/playmat/layouts/__GAME__/playmat.yaml",
            "pnp/build/preview/templates/index.html.j2", "pnp/build/preview/templates/preview.js", "pnp/build/preview/templates/preview.css",
            "pnp/diff/templates/diff.html.j2"]


def _run(args, cwd, env, expect=0):
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == expect, f"{args} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result.stdout


DISTRIBUTION = "pnp_press"  # pnp-press on the package index ("pnp" is another project's), normalised in file names


def _sdist(source: Path, dist: Path, env) -> Path:
    """The source distribution, made by setuptools' own build backend (as `python -m build --sdist` would)."""
    _run([sys.executable, "-c", f"from setuptools import build_meta; build_meta.build_sdist({str(dist)!r})"], source, env)
    return next(dist.glob(f"{DISTRIBUTION}-*.tar.gz"))


@pytest.fixture(scope="module", params=["wheel", "sdist"])
def installed(tmp_path_factory, request):
    """(the fresh environment's bin folder, an environment for commands run there), with pnp installed from its
    wheel, or from its sdist (built into a wheel by pip, as `pip install pnp-press` does where no wheel fits)."""
    base = tmp_path_factory.mktemp(request.param)
    source = base / "src"  # a copy, so building writes no build/ or egg-info into the repository
    shutil.copytree(ROOT / "pnp", source / "pnp", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md", "LICENSE", "NOTICE.md"):
        shutil.copy(ROOT / name, source / name)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    built = source
    if request.param == "sdist":
        built = _sdist(source, base / "sdist", env)
        with tarfile.open(built) as archive:
            names = archive.getnames()
        top = names[0].split("/")[0]
        assert {f"{top}/LICENSE", f"{top}/NOTICE.md", f"{top}/README.md", f"{top}/pyproject.toml"} <= set(names)
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(base / "dist"),
          str(built)], base, env)
    wheel = next((base / "dist").glob(f"{DISTRIBUTION}-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [name for name in PACKAGED if name not in names]
    assert not missing, f"not in the wheel: {missing}"

    venv = base / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], base, env)
    _run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--quiet", "--no-deps",
          "--no-index", str(wheel)], base, env)
    purelib = subprocess.run([str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    Path(purelib, "borrowed-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return venv / "bin", env


def test_the_distribution_says_what_it_is(installed, tmp_path):
    """Its name, version, licence (an SPDX expression, the licence files inside) and what the index shows."""
    bin_folder, env = installed
    shown = _run([str(bin_folder / "python"), "-c", "import importlib.metadata as m, json; d = m.distribution('pnp-press'); "
                  "print(json.dumps({k: d.metadata.get_all(k) for k in ('Name', 'Version', 'License-Expression', "
                  "'License-File', 'Classifier', 'Keywords', 'Description-Content-Type')}))"], tmp_path, env)
    meta = json.loads(shown)
    from pnp import __version__

    assert meta["Name"] == ["pnp-press"] and meta["Version"] == [__version__]
    assert meta["License-Expression"] == ["MIT"] and set(meta["License-File"]) == {"LICENSE", "NOTICE.md"}
    assert "Topic :: Games/Entertainment :: Board Games" in meta["Classifier"]
    assert meta["Description-Content-Type"] == ["text/markdown"]
    assert f"## [{__version__}]" in (ROOT / "CHANGELOG.md").read_text()  # the changelog names this release


def test_the_installed_wheel_is_the_pnp_that_runs(installed, tmp_path):
    bin_folder, env = installed
    where = _run([str(bin_folder / "python"), "-c", "import pnp; print(pnp.__file__)"], tmp_path, env)
    assert str(bin_folder.parent) in where and str(ROOT) not in where
    from pnp import __version__

    assert _run([str(bin_folder / "pnp"), "--version"], tmp_path, env).strip() == f"pnp {__version__}"


def test_a_designer_makes_builds_and_exports_a_game_outside_the_repository(installed, tmp_path):
    bin_folder, env = installed
    pnp = str(bin_folder / "pnp")
    _run([pnp, "init", "studio"], tmp_path, env)
    project = tmp_path / "studio"
    assert not (project / "layouts" / "common").exists()  # pnp's defaults serve it from inside the wheel
    _run([pnp, "new", "table-mat", "--kind", "playmat"], project / "content", env)  # found from a folder inside it
    assert "ok: my-game, table-mat valid" in _run([pnp, "validate"], project, env)
    _run([pnp, "build"], project, env)
    _run([pnp, "rules", "my-game", "--format", "html", "--out", "rules.html"], project, env)
    assert "<h1" in (project / "rules.html").read_text()

    deck = PdfReader(project / "output/my-game/home-a4/market.pdf")
    assert len(deck.pages) == 4  # 10 cards: two fronts pages, each followed by its backs
    fonts = {font for page in deck.pages for font in page["/Resources"]["/Font"].values()}
    assert any("Vera" in str(font.get_object()["/BaseFont"]) for font in fonts)  # the bundled font, embedded
    pod = PdfReader(project / "output/my-game/print-on-demand/market-drivethrucards.pdf")
    assert "/TrimBox" in pod.pages[0] and "/BleedBox" in pod.pages[0]
    assert len(PdfReader(project / "output/table-mat/sheets/playmat-a4-tiled.pdf").pages) > 1
    assert len(PdfReader(project / "output/my-game/rules/rulebook-a4.pdf").pages) >= 2
    _run([pnp, "preview", "my-game"], project, env)  # the gallery's template travels in the wheel
    assert 'class="card' in (project / "output/my-game/preview/index.html").read_text()
