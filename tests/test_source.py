import pytest

from pnp.core.units import UnitError, to_points
from pnp.reading.source import SourceError, parse


def test_positions_are_kept_for_every_value():
    source = parse("deck: game\ncards:\n  - id: a\n    name: A\n", "x.yaml")
    assert source.at(("cards", 0, "name")) == (4, 11)
    assert source.key_at(("cards", 0, "name")) == (4, 5)
    assert source.at(("cards", 0, "missing", "deeper")) == (3, 5)  # nearest existing parent


def test_malformed_yaml_points_at_the_problem():
    with pytest.raises(SourceError) as err:
        parse("a: [1, 2\nb: 3\n", "bad.yaml")
    diagnostic = err.value.diagnostics[0]
    assert (diagnostic.path, diagnostic.code) == ("bad.yaml", "yaml")
    assert diagnostic.line == 2


def test_duplicate_keys_are_errors_not_silently_merged():
    with pytest.raises(SourceError) as err:
        parse("a: 1\nb: 2\na: 3\n", "dup.yaml")
    assert err.value.diagnostics[0].format() == "dup.yaml:3:1: error [duplicate-key] key 'a' appears twice in this mapping"


def test_keys_yaml_reads_as_equal_python_values_are_not_duplicates():
    """1 == True in Python: `1:` and `yes:` are two keys, not a duplicate 'True' (nor one replacing the other). A key
    is a name, so YAML 1.1's flag words (yes, no, on, off, true, false) are kept as written."""
    assert parse("team:\n  1: a\n  yes: b\n  0: c\n  off: d\n", "keys.yaml").data == {
        "team": {1: "a", "yes": "b", 0: "c", "off": "d"}}


def test_a_duplicate_key_is_named_as_written():
    with pytest.raises(SourceError) as err:
        parse("team:\n  0x1: a\n  1: b\n", "dup.yaml")
    assert err.value.diagnostics[0].format() == ("dup.yaml:3:3: error [duplicate-key] key '1' is the same key as '0x1' "
                                                 "on line 2 (YAML reads both as 1); keep one")


@pytest.mark.parametrize("text,points", [("2.5in", 180.0), ("63.5mm", 180.0), ("9pt", 9.0), ("1cm", 72 / 2.54),
                                         (12, 12.0), ("825px", 198.0)])
def test_units(text, points):
    assert to_points(text) == pytest.approx(points)


@pytest.mark.parametrize("bad", ["2.5 inches", "mm", "", True])
def test_bad_units_say_how_to_write_a_length(bad):
    with pytest.raises(UnitError):
        to_points(bad)
