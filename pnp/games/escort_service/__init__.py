"""Escort Service: a co-op deck-builder for 1 to 4 pilots escorting a shuttle."""
from pnp.engine.plugin import GamePlugin
from pnp.games.escort_service import checks
from pnp.games.escort_service.boxes import BOX_KINDS
from pnp.games.escort_service.cards import EscortCard, Settings
from pnp.games.escort_service.emblems import EMBLEMS
from pnp.games.escort_service.facts import card_facts
from pnp.games.escort_service.figures import FIGURES

PLUGIN = GamePlugin(
    card_model=EscortCard,
    emblems=EMBLEMS,
    checks=checks.check,
    settings_model=Settings,
    players=(1, 4),
    box_kinds=BOX_KINDS,
    figures=FIGURES,
    card_facts=card_facts,
    playtest="pnp.games.escort_service.playtest:PLAN",
)
