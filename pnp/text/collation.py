"""Words in dictionary order, in any Latin, Greek or Cyrillic script, without the system's locale: letters first
by their base letter (É and À sort with E and A, Œ as OE, ß as SS), case and accents aside, then, between words
that differ only so, by their accents and case. Not a full Unicode Collation Algorithm: enough for a glossary."""
from __future__ import annotations

import unicodedata

# letters NFKD does not take apart into a base and marks, spelt out as dictionaries file them
SPELT_OUT = str.maketrans({"œ": "oe", "æ": "ae", "ø": "o", "đ": "d", "ł": "l", "þ": "th", "ı": "i"})


def sort_key(text: str) -> tuple[str, str]:
    """A key that sorts `text` as a dictionary does: (its letters folded to their base, its lower-case form)."""
    lower = text.lower()
    base = "".join(c for c in unicodedata.normalize("NFKD", lower.translate(SPELT_OUT)) if not unicodedata.combining(c))
    return base.casefold(), lower
