"""Saucer Escape: a solo roll-and-write on one sheet."""
from pnp.games import GamePlugin, lazy
from pnp.games.saucer_escape import art, checks
from pnp.games.saucer_escape.sheet import SaucerSheet
from pnp.games.saucer_escape.sheet_render import RENDERERS
from pnp.games.saucer_escape.vocabulary import VOCABULARY
from pnp.model import Card

PLUGIN = GamePlugin(
    id="saucer-escape",
    card_model=Card,
    vocabulary=VOCABULARY,
    art=art.ICONS,
    checks=checks.check,
    engine=lazy("pnp.games.saucer_escape.engine:SaucerEngine.from_game"),
    playtest=lazy("pnp.games.saucer_escape.playtest:playtest"),
    replay=lazy("pnp.games.saucer_escape.playtest:replay_game"),
    sheet_model=SaucerSheet,
    sheet_renderers=RENDERERS,
    word_places=checks.word_places,
)
