"""YAML loading that remembers where every value came from.

`load(path)` returns a `Source`: the plain Python data (dicts, lists, scalars)
plus a map from each value's key path, e.g. ("cards", 3, "name"), to its
(line, col), 1-based. Every later stage reports problems through `Source.at`,
so a diagnostic always names the file, line and column a designer must edit.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pnp.diagnostics import Diagnostic, relative

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
KeyPath = tuple


class SourceError(Exception):
    """The file could not be read as YAML; carries the diagnostics."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(diagnostics[0].format())
        self.diagnostics = diagnostics


@dataclass
class Source:
    path: str
    data: Any
    positions: dict[KeyPath, tuple[int, int]] = field(default_factory=dict)

    def at(self, keypath: KeyPath) -> tuple[int, int]:
        """Position of the value at keypath, or of its nearest existing parent."""
        keypath = tuple(keypath)
        while keypath not in self.positions and keypath:
            keypath = keypath[:-1]
        return self.positions.get(keypath, (1, 1))

    def key_at(self, keypath: KeyPath) -> tuple[int, int]:
        """Position of a mapping key itself (for unknown-key errors)."""
        return self.positions.get(tuple(keypath) + ("<key>",), self.at(keypath))

    def diagnostic(self, keypath: KeyPath, code: str, message: str, severity="error", on_key=False):
        line, col = self.key_at(keypath) if on_key else self.at(keypath)
        return Diagnostic(self.path, line, col, code, message, severity)


_scalars = yaml.constructor.SafeConstructor()


def _build(node, keypath: KeyPath, positions: dict, problems: list, path: str):
    positions[keypath] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        result = {}
        for key_node, value_node in node.value:
            key = _scalars.construct_object(key_node)
            if key == "<<" or not isinstance(key, (str, int)):
                problems.append(_at(path, key_node, "yaml", "merge keys and complex keys are not supported"))
                continue
            if key in result:
                problems.append(_at(path, key_node, "duplicate-key", f"key '{key}' appears twice in this mapping"))
            positions[keypath + (key, "<key>")] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[key] = _build(value_node, keypath + (key,), positions, problems, path)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, keypath + (i,), positions, problems, path) for i, item in enumerate(node.value)]
    return _scalars.construct_object(node)


def _at(path, node, code, message):
    return Diagnostic(path, node.start_mark.line + 1, node.start_mark.column + 1, code, message)


def parse(text: str, path: str = "<string>") -> Source:
    """Parse YAML text; raise SourceError with file:line:col on malformed input."""
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or exc.context or "malformed YAML"
        raise SourceError([Diagnostic(path, line, col, "yaml", f"{what}; check indentation, colons and quotes")])
    except yaml.YAMLError as exc:
        raise SourceError([Diagnostic(path, 1, 1, "yaml", str(exc).splitlines()[0])])
    if root is None:
        return Source(path, None, {(): (1, 1)})
    positions: dict = {}
    problems: list = []
    data = _build(root, (), positions, problems, path)
    if problems:
        raise SourceError(problems)
    return Source(path, data, positions)


def load(path: Path | str) -> Source:
    shown = relative(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SourceError([Diagnostic(shown, 1, 1, "missing-file", "file not found; create it or fix the reference")])
    except UnicodeDecodeError as exc:
        raise SourceError([Diagnostic(shown, 1, 1, "encoding", f"not UTF-8 text ({exc.reason}); save the file as UTF-8")])
    return parse(text, shown)
