"""Project-wide promises: schemas are current, no seed sentences, effect words documented."""
import json
import subprocess
from pathlib import Path

import pytest
from helpers import fixture_root

from pnp.content.schemas import render, schemas

ROOT = Path(__file__).resolve().parents[1]
SEED_OVERLAP = ROOT.parent / "shared" / "tools" / "seed-overlap"
PROJECTS = {"real": lambda: ROOT, "fixture": fixture_root}


def test_committed_common_json_schemas_are_current():
    """The schemas every project shares (each game's own are checked in test_games.py)."""
    for name, schema in schemas(ROOT).items():
        path = ROOT / "schemas" / name
        assert path.exists() and path.read_text() == render(schema), f"run `pnp schema` to refresh {name}"


def yaml_files(root: Path) -> list[Path]:
    """Content and layout files; not a game's translations (translations/<lang>.yaml), which no schema describes."""
    return [*(path for path in (root / "content").rglob("*.yaml") if path.parent.name != "translations"),
            *(root / "layouts").rglob("*.yaml")]


@pytest.mark.parametrize("which", PROJECTS)
def test_content_and_layout_files_point_editors_at_their_schema(which):
    for path in yaml_files(PROJECTS[which]()):
        first = path.read_text().splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("=", 1)[1]).resolve()
        assert target.exists(), f"{path}: {target}"


@pytest.mark.parametrize("which", PROJECTS)
def test_every_content_and_layout_file_passes_its_own_schema(which):
    """What an editor checks against must accept the real files (and so any file shaped like them)."""
    import jsonschema
    import yaml

    for path in yaml_files(PROJECTS[which]()):
        text = path.read_text()
        schema = json.loads((path.parent / text.splitlines()[0].split("=", 1)[1]).read_text())
        errors = [f"{'.'.join(map(str, e.absolute_path))}: {e.message}"
                  for e in jsonschema.Draft202012Validator(schema).iter_errors(yaml.safe_load(text))]
        assert not errors, f"{path}: {errors[:3]}"


@pytest.mark.skipif(not SEED_OVERLAP.exists(), reason="shared/tools/seed-overlap not beside the project")
def test_no_sentence_is_copied_from_the_seeds():
    result = subprocess.run([str(SEED_OVERLAP), "content", "layouts", "pnp", "README.md", "docs"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.stdout == "", result.stdout


def test_reportlab_writes_numbers_with_its_c_accelerator():
    """pyproject asks for reportlab[accel]; without it every PDF is written 2-3x slower (same bytes)."""
    from reportlab.lib import rl_accel

    assert rl_accel.fp_str.__module__ == "_rl_accel"
    assert rl_accel.fp_str(1.5, 0.25, 10) == "1.5 .25 10"
