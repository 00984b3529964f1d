"""What a project does not have to write: pnp's own layouts/common files, rule templates and starter games.

They travel inside the package (read with importlib.resources, never through a path into a source
checkout), so an installed pnp works in any folder. A project overrides them file by file:

- `layouts/common/cards.yaml` or `paper.yaml` in the project replaces pnp's file of that name; when its
  first key is `extends: default` it is laid over pnp's instead, entry by entry (a card size, paper,
  home sheet or vendor of the same name replaces pnp's, a new name is added, `name: null` removes one),
  so a project writes only what it changes;
- a template in the project's `layouts/templates/` replaces pnp's of the same name, and may itself
  `{% extends "default/rules.html.j2" %}` to change only some blocks of pnp's.
"""
from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from pnp.core.paths import present
from pnp.reading.source import Source, SourceError, load

EXTENDS_DEFAULT = "default"  # the one value `extends:` takes at the top of a common file
DEFAULT_PREFIX = "default/"  # a template named default/x is pnp's own x, even where the project has its own x


@lru_cache(maxsize=1)
def packaged() -> Path:
    """The folder of pnp's own defaults inside the installed package."""
    return Path(str(files(__name__)))


def common_defaults() -> Path:
    return packaged() / "layouts" / "common"


def template_defaults() -> Path:
    return packaged() / "layouts" / "templates"


def starters() -> Path:
    return packaged() / "starter"


def load_common(layouts_root: Path, name: str) -> Source:
    """A layouts/common file: the project's own, pnp's, or the project's laid over pnp's. Raises SourceError."""
    own, base = layouts_root / "common" / name, common_defaults() / name
    if not present(own):
        return load(base)
    source = load(own, layouts_root)
    if not isinstance(source.data, dict) or "extends" not in source.data:
        return source
    if source.data["extends"] != EXTENDS_DEFAULT:
        raise SourceError([source.diagnostic(("extends",), "extends", f"a common layout file extends only "
                                             f"'{EXTENDS_DEFAULT}' (pnp's own {name}); write extends: {EXTENDS_DEFAULT} or leave it out")])
    return overlay(load(base), source)


def overlay(base: Source, own: Source) -> Source:
    """`own` laid over `base`, entry by entry in each top-level mapping. Positions stay the project file's: an
    entry that comes from pnp's file is reported at the project's `extends:` line."""
    data = {key: value for key, value in base.data.items()}
    for key, value in own.data.items():
        if key == "extends":
            continue
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            merged = {**data[key], **value}
            data[key] = {entry: v for entry, v in merged.items() if v is not None}  # name: null removes pnp's entry
        else:
            data[key] = value
    extends_at = own.at(("extends",))
    positions = {path: extends_at for path in base.positions if path and path[0] != "extends"}
    positions.update({path: at for path, at in own.positions.items() if not (path and path[0] == "extends")})
    return Source(own.path, data, positions)


def template_path(project_templates: Path, name: str) -> tuple[Path, Path]:
    """(the folder a template is read from, its file): the project's own when it has the file, else pnp's."""
    if name.startswith(DEFAULT_PREFIX):
        return template_defaults(), template_defaults() / name[len(DEFAULT_PREFIX):]
    own = project_templates / name
    if present(own):
        return project_templates, own
    return template_defaults(), template_defaults() / name

