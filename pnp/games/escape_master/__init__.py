"""Escape Master: the fantasy speed card game."""
from pnp.games import GamePlugin
from pnp.games.escape_master import art, checks
from pnp.games.escape_master.cards import EscapeMasterCard
from pnp.games.escape_master.vocabulary import VOCABULARY


def _engine(game, **options):
    from pnp.games.escape_master.engine import EscapeMasterEngine

    return EscapeMasterEngine.from_game(game, **options)


def _playtest(game, **options):
    from pnp.games.escape_master.playtest import playtest

    return playtest(game, **options)


def _replay(game, played_seed, **options):
    from pnp.games.escape_master.playtest import replay_game

    return replay_game(game, played_seed, **options)


PLUGIN = GamePlugin(
    id="escape-master",
    card_model=EscapeMasterCard,
    vocabulary=VOCABULARY,
    art=art.EMBLEMS,
    checks=checks.check,
    engine=_engine,
    playtest=_playtest,
    replay=_replay,
)
