"""Stranded: a paper edition of a solo survival card game on Mars."""
from pnp.engine.plugin import GamePlugin
from pnp.games.stranded import checks
from pnp.games.stranded.boxes import BOX_KINDS
from pnp.games.stranded.cards import Settings, StrandedCard
from pnp.games.stranded.emblems import EMBLEMS
from pnp.games.stranded.facts import card_facts
from pnp.games.stranded.vocabulary import VOCABULARY
from pnp.games.stranded.words import WORDS

PLUGIN = GamePlugin(
    card_model=StrandedCard,
    vocabulary=VOCABULARY,
    emblems=EMBLEMS,
    checks=checks.check,
    settings_model=Settings,
    players=(1, 1),
    box_kinds=BOX_KINDS,
    card_facts=card_facts,
    words=WORDS,
    playtest="pnp.games.stranded.playtest:PLAN",
)
