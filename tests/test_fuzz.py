"""Random input for the loader and the validator: random text, random bytes and random structures shaped
like the models, written into content and layout files. Whatever comes in, validation returns a report
(never an exception, so never exit 3 or a traceback), stops in bounded time (a hang detector, not a
speed test) and does not eat memory."""
import os
import resource
import shutil
import signal
import tempfile
from pathlib import Path

import pytest
import yaml
from fuzz_surfaces import key_paths
from helpers import FIXTURE_GAME, fixture_root, own_copy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.checks.validate import validate
from pnp.core.diagnostics import Report

TARGETS = [f"content/{FIXTURE_GAME}/decks/heroes.yaml", f"content/{FIXTURE_GAME}/game.yaml",
           f"content/{FIXTURE_GAME}/playmat.yaml", f"content/{FIXTURE_GAME}/rules.yaml",
           f"layouts/{FIXTURE_GAME}/cards.yaml", f"layouts/{FIXTURE_GAME}/score-pad.yaml", "layouts/common/paper.yaml"]
LONG = "PNP_FUZZ_EXAMPLES" in os.environ  # `make fuzz`: many examples, at random
FUZZ = settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "40")), deadline=None,
                suppress_health_check=list(HealthCheck), derandomize=not LONG, database=None)

CARD_KEYS = ["id", "name", "kind", "count", "difficulty", "text", "art", "rank", "suit", "back", "cost", "power",
             "on_reveal", "effects", "size", "x", "w", "font", "color", "width", "height", "players", "min", "max"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
                    st.text(max_size=30), st.sampled_from(["hero", "poker", "3mm", "-5in", ".inf", "#zzzzzz", "{accent}",
                                                           "../../x.png", "/etc/passwd", "art/crypt.png", "GAIN_COINS"]))
shaped = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(st.one_of(st.sampled_from(CARD_KEYS), st.text(max_size=8)), inner, max_size=6)),
    max_leaves=40)


class Hung(Exception):
    pass


PEAK_BEFORE = None  # the process's peak memory when this module's first test asked for its scratch project


@pytest.fixture(scope="module")
def scratch():
    global PEAK_BEFORE
    PEAK_BEFORE = _rss_mb()  # a test runner's worker has run other tests first: their peak is not the fuzz's
    folder = Path(tempfile.mkdtemp(prefix="pnp-fuzz-"))
    project = folder / "project"
    shutil.copytree(fixture_root(), project)
    own_copy(project, "layouts/common/paper.yaml")  # fuzzed as a project's own override of pnp's default
    yield project
    shutil.rmtree(folder, ignore_errors=True)


def run_validate(project: Path, target: str, data: bytes) -> Report:
    original = (project / target).read_bytes()
    (project / target).write_bytes(data)

    def hung(*_):
        raise Hung(f"validate did not return within 20 s for {target}")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        _, report = validate(project, FIXTURE_GAME)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        (project / target).write_bytes(original)
    assert isinstance(report, Report)
    for diagnostic in report.diagnostics:
        assert "\x1b" not in diagnostic.format() and "\n" not in diagnostic.format()
    return report


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@FUZZ
@given(target=st.sampled_from(TARGETS), text=st.text(max_size=400))
def test_random_text(scratch, target, text):
    run_validate(scratch, target, text.encode("utf-8", errors="surrogatepass"))


@FUZZ
@given(target=st.sampled_from(TARGETS), data=st.binary(max_size=400))
def test_random_bytes(scratch, target, data):
    run_validate(scratch, target, data)


@FUZZ
@given(target=st.sampled_from(TARGETS), data=shaped)
def test_random_structures_shaped_like_the_models(scratch, target, data):
    run_validate(scratch, target, yaml.safe_dump(data, allow_unicode=True).encode())


@FUZZ
@given(target=st.sampled_from(TARGETS), pick=st.integers(0, 10**6), value=shaped)
def test_one_value_of_a_valid_file_changed(scratch, target, pick, value):
    """A valid file with one value, anywhere in it, replaced by anything: every model and check meets every
    kind of value where it does not belong."""
    data = yaml.safe_load((scratch / target).read_text())
    paths = [p for p in key_paths(data) if p]
    path = paths[pick % len(paths)]
    node = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    run_validate(scratch, target, yaml.safe_dump(data, allow_unicode=True).encode())


def test_memory_stays_bounded_across_the_fuzzing(scratch):
    """Run last in this module: across every example above, the process's peak memory grew by far less than a bomb
    would cost (a billion laughs expanded, a file of gigabytes read whole)."""
    grown = _rss_mb() - PEAK_BEFORE
    assert grown < 500, f"the fuzz raised the peak by {grown:.0f} MB (from {PEAK_BEFORE:.0f} MB)"
