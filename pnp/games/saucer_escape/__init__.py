"""Saucer Escape: a solo roll-and-write on one sheet."""
from pnp.games import GamePlugin
from pnp.games.saucer_escape import art, checks
from pnp.games.saucer_escape.sheet import SaucerSheet
from pnp.games.saucer_escape.sheet_render import RENDERERS
from pnp.games.saucer_escape.vocabulary import VOCABULARY
from pnp.model import Card


def _engine(game, **options):
    from pnp.games.saucer_escape.engine import SaucerEngine

    return SaucerEngine.from_game(game, **options)


def _playtest(game, **options):
    from pnp.games.saucer_escape.playtest import playtest

    return playtest(game, **options)


def _replay(game, played_seed, **options):
    from pnp.games.saucer_escape.playtest import replay_game

    return replay_game(game, played_seed, **options)


PLUGIN = GamePlugin(
    id="saucer-escape",
    card_model=Card,
    vocabulary=VOCABULARY,
    art=art.ICONS,
    checks=checks.check,
    engine=_engine,
    playtest=_playtest,
    replay=_replay,
    sheet_model=SaucerSheet,
    sheet_renderers=RENDERERS,
    word_places=checks.word_places,
)
