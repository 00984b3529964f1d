"""The words 2200: Escaping Earth prints in place of pnp's own (GamePlugin.words, looked up as pnp.content.words does).

A Zone card's second side is never called its back in the rules: they speak of its zone side and its other side
(an item for the shop, a ship, or a BOSS's event: rule 2.4). The card reference says "Other side:" where pnp says
"Back:", for every double-sided card of the game, all of them Zone cards."""
from __future__ import annotations

WORDS = {
    "en": {
        "back": "Other side:",
        "back-face": "{name} (a Zone card's other side)",
    },
}
