"""pnp's own words in what players read (the rulebook, the rules exports), one table per language:
pnp/defaults/words/<lang>.yaml, key -> text with `{name}` slots pnp fills in. English (en.yaml) is complete and
the fallback, word by word, for a language pnp has no table for or a word a table lacks. A game's own words and
its translations' overrides are laid over these by pnp.content.words."""
from __future__ import annotations

import re
from functools import lru_cache

import yaml

from pnp.defaults import packaged

ENGLISH = "en"
LANGUAGE = re.compile(r"^[a-z]{2,3}(-[a-z0-9]{2,8})*$")  # a language code as game.yaml's languages: writes it
SLOT = re.compile(r"\{([a-z][a-z0-9_-]*)\}")


@lru_cache(maxsize=None)
def table(lang: str) -> dict[str, str]:
    """pnp's words in `lang` (those of its table; {} for a language pnp has none for). fr-ca falls back on fr."""
    if not LANGUAGE.match(lang or ""):
        return {}
    path = packaged() / "words" / f"{lang}.yaml"
    if not path.is_file():
        return table(lang.rsplit("-", 1)[0]) if "-" in lang else {}
    return {str(key): str(value) for key, value in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items()}


def fill(text: str, values: dict) -> str:
    """`text` with each {name} slot of `values` filled in (one pass: a value's own braces stay as they are)."""
    return SLOT.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text)
