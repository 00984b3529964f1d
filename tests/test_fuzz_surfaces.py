"""Hostile values on every surface the real games opened (see fuzz_surfaces.py for the promise checked).

A few examples per surface here, derandomized so the suite is repeatable; `make fuzz` runs many, at random, and
reports every kind of broken promise it met rather than the first."""
import os

import pytest
import yaml
from fuzz_surfaces import SURFACES, Playground, keeps_the_promise, keys_of, mutate
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app

EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "4"))
LONG = "PNP_FUZZ_EXAMPLES" in os.environ


@pytest.fixture(scope="module")
def playground():
    ground = Playground()
    yield ground
    ground.close()


@pytest.mark.parametrize("surface", SURFACES, ids=str)
def test_a_hostile_value_anywhere_on_a_surface_keeps_the_promise(playground, surface):
    root = playground.root(surface)
    target = root / surface.file
    original_text = target.read_bytes()
    names = keys_of(yaml.safe_load(original_text))
    broken: dict[str, str] = {}  # each kind of broken promise, with the story of its first example

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=not LONG, database=None,
              phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
    @given(st.data())
    def example(data):
        changed, told = mutate(yaml.safe_load(original_text), surface.at, data.draw, playground.outside, names)
        target.write_text(yaml.safe_dump(changed, allow_unicode=True, width=10**6))
        try:
            for kind, story in keeps_the_promise(root, surface, f"{surface.file}: {told[:300]}"):
                broken.setdefault(kind, story)
        finally:
            target.write_bytes(original_text)

    example()
    assert not broken, f"{len(broken)} kinds of broken promise:\n" + "\n\n".join(f"{kind}\n  {story}" for kind, story in broken.items())


def test_a_rule_longer_than_a_page_runs_on_over_pages(project):
    """Found by the fuzz: a rule's text taller than a whole page crashed the PDF rulebook; it now runs on."""
    rules = project / "content/escort-service/rules.yaml"
    data = yaml.safe_load(rules.read_text())
    data["sections"][0]["rules"][0]["text"] = "A rule that zigzags on and on. " * 600
    rules.write_text(yaml.safe_dump(data, allow_unicode=True, width=10**6))
    result = CliRunner().invoke(app, ["rules", "escort-service", "--format", "pdf"])
    assert result.exit_code == 0, result.output
    text = "".join(page.extract_text() for page in PdfReader(project / "output/escort-service/rules/rulebook-a4.pdf").pages)
    assert text.split().count("zigzags") == 600  # all of it printed, over page breaks, none dropped
