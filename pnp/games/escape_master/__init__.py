"""Escape Master: the fantasy speed card game."""
from pnp.games import GamePlugin, lazy
from pnp.games.escape_master import art, checks
from pnp.games.escape_master.cards import EscapeMasterCard
from pnp.games.escape_master.vocabulary import VOCABULARY

PLUGIN = GamePlugin(
    id="escape-master",
    card_model=EscapeMasterCard,
    vocabulary=VOCABULARY,
    art=art.EMBLEMS,
    checks=checks.check,
    engine=lazy("pnp.games.escape_master.engine:EscapeMasterEngine.from_game"),
    playtest=lazy("pnp.games.escape_master.playtest:playtest"),
    replay=lazy("pnp.games.escape_master.playtest:replay_game"),
)
