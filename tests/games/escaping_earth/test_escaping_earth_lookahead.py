"""The greedy players' short cuts (pnp.games.escaping_earth.rating and policies) rate every position as the long
way round would: a figure from the shared table of boards is the figure worked out afresh, and the places to
warp to, rated on one position with the ship moved about on it, are each warp rated on its own copy."""
from pnp.engine.runner import play
from pnp.games.escaping_earth import policies, rating


def test_the_look_aheads_short_cuts_rate_as_the_long_way(engine):
    catalog, seen = engine.catalog, {"ratings": 0, "warps": 0}

    def check(state, action):  # before each move of the game: read only, so the game plays as it would
        if state.chance is not None or state.ship is None:
            return
        shared = rating.ratings_for(catalog)
        assert rating.evaluate(catalog, state, state.runs, shared) == rating.evaluate(catalog, state, state.runs)
        seen["ratings"] += 1
        if policies._plain_warp(state):
            moves = engine.legal_actions(state)
            quick = policies._warp_values(engine, state.copy(), moves, state.runs, rating.Ratings(catalog), 0)
            slow = [policies._value_after(engine, state, move, state.runs, rating.Ratings(catalog)) for move in moves]
            assert quick == slow
            seen["warps"] += 1

    for seed in range(2):
        play(engine, seed, [policies.greedy_policy], check=False, record=False, on_action=check)
    assert seen["ratings"] > 1000 and seen["warps"] > 0, seen
