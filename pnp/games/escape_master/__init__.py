"""Escape Master: the fantasy speed card game."""
from pnp.engine.plugin import GamePlugin
from pnp.games.escape_master import checks
from pnp.games.escape_master.boxes import BOX_KINDS
from pnp.games.escape_master.cards import EscapeMasterCard, Settings
from pnp.games.escape_master.emblems import EMBLEMS
from pnp.games.escape_master.facts import WORDS, card_facts
from pnp.games.escape_master.vocabulary import PLAYER_COUNTS, VOCABULARY

PLUGIN = GamePlugin(
    card_model=EscapeMasterCard,
    vocabulary=VOCABULARY,
    emblems=EMBLEMS,
    checks=checks.check,
    settings_model=Settings,
    players=PLAYER_COUNTS,
    box_kinds=BOX_KINDS,
    card_facts=card_facts,
    words=WORDS,
    playtest="pnp.games.escape_master.playtest:PLAN",
)
