"""2200: Escaping Earth: one pilot, a deck of cards, and a campaign of runs from the mines to orbit."""
from pnp.engine.plugin import GamePlugin
from pnp.games.escaping_earth import checks
from pnp.games.escaping_earth.boxes import BOX_KINDS
from pnp.games.escaping_earth.cards import EscapingEarthCard, Settings
from pnp.games.escaping_earth.emblems import EMBLEMS
from pnp.games.escaping_earth.facts import card_facts
from pnp.games.escaping_earth.figures import FIGURES
from pnp.games.escaping_earth.vocabulary import VOCABULARY
from pnp.games.escaping_earth.words import WORDS

PLUGIN = GamePlugin(
    card_model=EscapingEarthCard,
    vocabulary=VOCABULARY,
    emblems=EMBLEMS,
    checks=checks.check,
    settings_model=Settings,
    players=(1, 1),
    box_kinds=BOX_KINDS,
    figures=FIGURES,
    card_facts=card_facts,
    playtest="pnp.games.escaping_earth.playtest:PLAN",
    words=WORDS,
)
