"""The words Stranded prints in place of pnp's own (GamePlugin.words, looked up as pnp.content.words does).

Its Sols are green, yellow and red, the colours pnp names difficulty levels by: "a first game at green" would read
as the green Sol. The levels print as Level 1, Level 2 and Level 3 instead; the dots beside the rules and on the
cards keep their colours, and the legend pairs each colour with its level."""
from __future__ import annotations

WORDS = {
    "en": {
        "green": "Level 1", "yellow": "Level 2", "red": "Level 3",
        "rules-up-to": "Rules up to {level}",
        "level-rules": "{level} rules",
        "difficulty-colour": "The dot beside each rule, and in a card's corner, shows its level:",
        "played-from": "Played from {level}",  # a card above Level 1, in the card reference (facts.py)
    },
}
