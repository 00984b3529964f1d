"""Saucer Escape: a solo roll-and-write on one sheet."""
from pnp.engine.plugin import GamePlugin
from pnp.games.saucer_escape import checks
from pnp.games.saucer_escape.emblems import EMBLEMS
from pnp.games.saucer_escape.figures import FIGURES
from pnp.games.saucer_escape.sheet import SaucerSheet, Settings
from pnp.games.saucer_escape.sheet_render import RENDERERS
from pnp.games.saucer_escape.vocabulary import VOCABULARY

PLUGIN = GamePlugin(
    vocabulary=VOCABULARY,
    emblems=EMBLEMS,
    checks=checks.check,
    settings_model=Settings,
    players=(1, 1),
    sheet_model=SaucerSheet,
    sheet_renderers=RENDERERS,
    word_places=checks.word_places,
    figures=FIGURES,
    playtest="pnp.games.saucer_escape.playtest:PLAN",
)
