"""The inner machine (pnp.engine.machine) on a toy engine defined here, and the playtest harness around it:
stages, difficulty tables, played-versus-effective witnesses, options errors on the command line."""
import dataclasses
import json
import random
from collections import deque
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from pnp.engine import playtest as harness
from pnp.engine.api import Moves, Result
from pnp.engine.machine import Chance, Decision, Machine, MachineState, Options, OptionsError, Part, Step, choice, record
from pnp.engine.playtest import Expected, PlaytestPlan, Setup
from pnp.engine.runner import play, random_policy
from pnp.model import Difficulty


# -- a toy game: two seats draw a card (1-3) each turn, play it at a target (score it, or bank it), or pass ------------
@record
class Draw(Chance):
    pass


@record
class PickTarget(Decision):
    card: int
    targets: tuple = ("score", "bank")


@record
class Score(Step):
    seat: int
    points: int


@record
class EndTurn(Step):
    pass


class Player(Part):
    __slots__ = ("hand", "points", "bank")

    def __init__(self):
        self.hand, self.points, self.bank = [], 0, {}


class ToyState(MachineState):
    __slots__ = ("players", "rounds", "double", "log", "ended_turns")
    PARTS = ("players",)


@dataclasses.dataclass(frozen=True)
class ToyOptions(Options):
    rounds: int = 3
    mode: str = choice("plain", ("plain", "double"), "double: every card scores twice")
    loud: bool = False
    note: str | None = None


class Toy(Machine):
    Options = ToyOptions
    game_name = "toy"

    def __init__(self):
        self.advanced = 0

    def new_game(self, rng, options):
        state = ToyState()
        state.start()
        state.players = [Player(), Player()]
        state.rounds, state.double, state.log, state.ended_turns = options.rounds, options.mode == "double", [], 0
        state.chance = Draw()
        return state

    def sample_Draw(self, state, chance, rng):
        return ("draw", 1 + int(rng.random() * 3))

    def outcomes_Draw(self, state, chance):
        return [("draw", n) for n in (1, 2, 3)]

    def resolve_Draw(self, state, chance, action):
        state.players[state.seat].hand.append(action[1])
        state.log.append(("drew", action[1]))

    def moves(self, state):
        hand = state.players[state.seat].hand
        return Moves([("play", [("play", i) for i in range(len(hand))]), ("pass", [("pass",)])])

    def move_play(self, state, action):
        card = state.players[state.seat].hand.pop(action[1])
        state.played.append("card")
        state.pending.append(PickTarget(seat=state.seat, card=card))

    def move_pass(self, state, action):
        state.played.append("pass")  # tried, never effective
        state.queue.append(EndTurn())

    def offer_PickTarget(self, state, decision):
        return [("target", target) for target in decision.targets]

    def answer_PickTarget(self, state, decision, action):
        if action[1] == "score":
            state.queue.append(Score(seat=decision.seat, points=decision.card * (2 if state.double else 1)))
        else:
            bank = state.players[decision.seat].bank
            bank[decision.card] = bank.get(decision.card, 0) + 1
        state.queue.append(EndTurn())

    def step_Score(self, state, step):
        state.players[step.seat].points += step.points
        state.resolved.append("card")
        if state.players[step.seat].points >= 6:
            state.resolved.append("big")

    def step_EndTurn(self, state, step):
        state.ended_turns += 1

    def advance(self, state):
        """After the queue empties: the next seat's turn, with a draw; True while there was a turn to end."""
        self.advanced += 1
        if state.ended_turns == 0:
            return False
        state.ended_turns = 0
        state.seat = 1 - state.seat
        if state.seat == 0:
            state.round += 1
            if state.round >= state.rounds:
                state.over = True
                return True
        state.chance = Draw()
        return True

    def result(self, state):
        points = [p.points for p in state.players]
        best = max(points)
        return Result(points, [i for i, p in enumerate(points) if p == best], rounds=state.round)

    def check_invariants(self, state):
        assert all(p.points >= 0 for p in state.players)


def _fresh(seed=1, **options):
    engine = Toy()
    return engine, engine.initial_state(random.Random(seed), engine.options(**options))


# -- the copy rule ----------------------------------------------------------------------------------------------------
def test_a_copy_shares_nothing_mutable_and_starts_with_no_witnesses():
    engine, state = _fresh()
    state.queue.append(EndTurn())
    state.pending.append(PickTarget(seat=0, card=2))
    state.players[0].bank[3] = 1
    state.resolved, state.played = ["card"], ["pass"]
    copy = state.copy()
    assert type(copy) is ToyState and copy is not state
    for name in ("queue", "pending", "log"):  # containers in slots: copied one level
        assert getattr(copy, name) == getattr(state, name) and getattr(copy, name) is not getattr(state, name)
    assert isinstance(copy.queue, deque)
    assert copy.players is not state.players and len(copy.players) == 2
    for mine, theirs in zip(state.players, copy.players):  # Parts: copied with the same rule
        assert theirs is not mine and theirs.hand is not mine.hand and theirs.bank is not mine.bank
        assert (theirs.hand, theirs.bank, theirs.points) == (mine.hand, mine.bank, mine.points)
    assert copy.pending[0] is state.pending[0]  # records are frozen: shared
    assert copy.resolved == [] and copy.played == []
    copy.players[0].hand.append(9)
    copy.players[0].bank[3] = 5
    copy.queue.clear()
    assert 9 not in state.players[0].hand and state.players[0].bank[3] == 1 and state.queue


def test_a_slot_a_game_left_unset_is_left_unset_in_the_copy():
    engine, state = _fresh()
    del state.log
    copy = state.copy()
    assert not hasattr(copy, "log") and copy.players is not state.players and copy.resolved == []


def test_apply_leaves_the_state_it_was_given_as_it_was():
    engine, state = _fresh()
    for action in [("draw", 2), ("play", 0), ("target", "score")]:
        before = repr([(p.hand, p.points, p.bank) for p in state.players]), state.seat, list(state.log), state.pending
        new = engine.apply(state, action)
        assert new is not state
        assert (repr([(p.hand, p.points, p.bank) for p in state.players]), state.seat, list(state.log), state.pending) == before
        state = new
    assert state.players[0].points == 2


# -- dispatch by name and the settle loop ---------------------------------------------------------------------------
def test_chance_is_sampled_and_resolved_by_the_records_name():
    engine, state = _fresh()
    assert engine.is_chance(state) and engine.current_player(state) is None
    assert engine.chance_outcomes(state) == [("draw", 1), ("draw", 2), ("draw", 3)]
    assert engine.legal_actions(state) == []
    engine.apply_in_place(state, ("draw", 2))  # a recorded outcome replays without a random source
    assert state.players[0].hand == [2] and state.chance is None and state.log == [("drew", 2)]
    assert engine.current_player(state) == 0


def test_a_move_a_decision_and_queued_steps_dispatch_by_name_and_settle_in_order():
    engine, state = _fresh()
    engine.apply_in_place(state, ("draw", 3))
    moves = engine.legal_actions(state)
    assert moves == [("play", 0), ("pass",)] and moves.blocks == [("play", 0, 1), ("pass", 1, 1)]
    engine.apply_in_place(state, ("play", 0))  # move_play: a decision pending, nothing settles past it
    assert state.pending == [PickTarget(seat=0, card=3)] and state.played == ["card"] and state.resolved == []
    assert engine.current_player(state) == 0 and engine.legal_actions(state) == [("target", "score"), ("target", "bank")]
    calls = engine.advanced
    engine.apply_in_place(state, ("target", "score"))  # answer_: Score then EndTurn steps, then advance to seat 1
    assert state.pending == [] and state.players[0].points == 3 and state.resolved == ["card"] and state.played == []
    assert state.seat == 1 and isinstance(state.chance, Draw) and engine.advanced == calls + 1
    engine.apply_in_place(state, ("draw", 1))
    assert engine.advanced == calls + 2  # nothing queued, no turn ended: advance says the state waits for a move


def test_an_unknown_move_kind_names_the_missing_method():
    engine, state = _fresh()
    engine.apply_in_place(state, ("draw", 1))
    with pytest.raises(NotImplementedError, match="Toy has no method move_dance"):
        engine.apply_in_place(state, ("dance",))


def test_the_settle_loop_stops_when_the_game_ends():
    engine, state = _fresh(rounds=1)
    for action in [("draw", 1), ("pass",), ("draw", 1), ("pass",)]:
        engine.apply_in_place(state, action)
    assert engine.is_terminal(state) and state.chance is None and engine.legal_actions(state) == []
    assert engine.current_player(state) is None and engine.result(state).rounds == 1


def test_a_seed_replays_the_same_game_and_the_engine_pickles_without_its_bound_methods():
    import pickle

    engine = Toy()
    first = play(engine, 5, [random_policy], keep_trace=True, rounds=4)
    again = play(pickle.loads(pickle.dumps(engine)), 5, [random_policy], keep_trace=True, rounds=4)
    assert first.trace == again.trace and first.result == again.result and first.coverage.cards == again.coverage.cards


# -- options ------------------------------------------------------------------------------------------------------
def test_options_take_known_names_of_the_right_type():
    engine = Toy()
    assert engine.options() == ToyOptions()
    options = engine.options(rounds=5, mode="double", loud=True, note=None)
    assert (options.rounds, options.mode, options.loud, options.note) == (5, "double", True, None)
    assert dict(options.items())["mode"] == "double"


@pytest.mark.parametrize("given, says", [
    ({"roundz": 2}, "toy has no option 'roundz'; did you mean 'rounds'?"),
    ({"colour": "red"}, "toy has no option 'colour'"),
    ({"rounds": "2"}, "toy: option 'rounds' must be int, not '2'"),
    ({"rounds": True}, "toy: option 'rounds' must be int, not True"),  # a bool is not a number of rounds
    ({"loud": 1}, "toy: option 'loud' must be bool, not 1"),
    ({"mode": "triple"}, "toy: option 'mode' is 'triple'; it can be plain, double"),
    ({"note": 3}, "toy: option 'note' must be str or none, not 3"),
])
def test_options_errors_say_what_is_wrong(given, says):
    with pytest.raises(OptionsError) as caught:
        Toy().options(**given)
    assert says in str(caught.value)
    if "no option" in says:
        assert "(its options: rounds, mode, loud, note)" in str(caught.value)


# -- the harness: stages, difficulty tables, played versus effective ----------------------------------------------
POLICIES = {"random": random_policy}


def stage_rich(engine, state):
    """A playtest set-up: seat 0 starts with 20 points, so 'big' happens at once."""
    state.players[0].points = 20


def _setups(game, players):
    i = 0
    while True:
        level = ("green", "yellow")[i % 2]
        yield Setup(("random", "random"), (("rounds", 2),), stage="test_machine.stage_rich" if i % 5 == 4 else None,
                    difficulty=level, group=level)
        i += 1


def _plan(setups=_setups, **expected):
    return PlaytestPlan(engine=lambda game, difficulty: Toy(), policy_table="test_machine.POLICIES", setups=setups,
                        expected=lambda engine, game: Expected(**{"elements": ["card"], **expected}), default_games=40)


GAME = SimpleNamespace(id="toy")


def test_difficulty_plays_only_the_tables_at_that_level():
    plan = _plan()
    everything = harness.table(plan, GAME, 10, None)
    assert [s.difficulty for s in everything] == ["green", "yellow"] * 5
    green = harness.table(plan, GAME, 10, None, Difficulty.green)
    assert len(green) == 10 and {s.difficulty for s in green} == {"green"}
    report = harness.run(plan, GAME, games=12, difficulty=Difficulty.yellow, processes=1)
    assert report.difficulty == "yellow" and {group for group, _ in report.groups} == {"yellow"}


def test_difficulty_is_ignored_by_a_game_whose_tables_have_no_levels_and_refused_when_no_table_has_it():
    def plain(game, players):
        while True:
            yield Setup(("random",))

    assert len(harness.table(_plan(plain), GAME, 4, None, Difficulty.red)) == 4
    report = harness.run(_plan(plain), GAME, games=4, processes=1, difficulty=Difficulty.red)
    assert report.difficulty is None and "difficulty" not in report.to_text().splitlines()[0]  # not played at one
    with pytest.raises(Exception, match="toy has no playtest tables at difficulty red"):
        harness.table(_plan(), GAME, 4, None, Difficulty.red)


def test_games_from_a_stage_count_apart_and_elements_seen_only_there_are_named():
    report = harness.run(_plan(elements=["card", "big", "pass", "ghost", "never"], excused={"ghost": "a toy reason"}),
                         GAME, games=40, processes=1)
    assert report.coverage.staged is not None and report.coverage.staged.cards["big"] > 0  # the stage ran
    assert report.coverage.cards["big"] == 0  # real games never reach six points... (2 rounds of at most 3)
    assert report.staged_only == ["big"]
    assert report.never_effective == ["pass"]  # played every game, never changed anything; ghost was never played
    assert report.missing == ["big", "pass", "never"]  # ghost is excused; big took effect only in set-ups
    assert not report.ok
    text = report.to_text()
    assert "took effect only in playtest set-ups, never in real play: big (not excused)" in text
    assert "played but never took effect: pass" in text
    assert "error: no witness for 'big' in real play: it took effect only in playtest set-ups in 40 games" in text
    assert "error: no witness for 'pass' in real play: it was played but never took effect in 40 games" in text
    assert "error: no witness for 'never' in real play: it never happened in 40 games" in text
    data = json.loads(report.to_json())
    assert data["staged_only"] == ["big"] and data["never_effective"] == ["pass"]
    assert data["excused"] == {"ghost": "a toy reason"} and data["missing"] == ["big", "pass", "never"]
    assert data["elements_in_setups"]["big"] > 0 and data["first_seen"]["big"]


def test_excused_elements_do_not_fail_the_run_and_are_never_counted_as_witnessed():
    report = harness.run(_plan(elements=["card", "ghost"], excused={"ghost": "a toy reason"}), GAME, games=10,
                         processes=1)
    text = report.to_text()
    assert report.ok and report.witnessed == ["card"]
    assert "witnessed: 1 of 2 elements; 1 excused: ghost" in text.splitlines()[1]  # the headline
    assert "  ghost: a toy reason" in text and "ok: 1 of 2 elements witnessed in real play, 1 excused" in text
    data = json.loads(report.to_json())
    assert data["witnessed"] == 1 and data["excused_not_witnessed"] == {"ghost": "a toy reason"}


def test_an_excused_element_that_took_effect_counts_as_witnessed_and_is_not_listed_as_excused():
    report = harness.run(_plan(elements=["card"], excused={"card": "a toy reason"}), GAME, games=10, processes=1)
    assert report.witnessed == ["card"] and report.excused_now == {}
    assert report.to_text().splitlines()[1] == "witnessed: 1 of 1 elements"


def test_an_element_seen_only_in_set_ups_is_not_witnessed_even_when_excused():
    report = harness.run(_plan(elements=["card", "big"], excused={"big": "only late in a game"}), GAME, games=40,
                         processes=1)
    assert report.coverage.staged.cards["big"] > 0 and "big" not in report.witnessed  # the stage played it
    assert report.to_text().splitlines()[1] == "witnessed: 1 of 2 elements; 1 excused: big"


def test_many_excused_elements_are_counted_in_the_headline_and_listed_below_it():
    ghosts = {f"ghost{i}": f"reason {i}" for i in range(harness.HEADLINE_NAMES + 1)}
    report = harness.run(_plan(elements=["card", *ghosts], excused=ghosts), GAME, games=10, processes=1)
    lines = report.to_text().splitlines()
    assert lines[1] == f"witnessed: 1 of {len(ghosts) + 1} elements; {len(ghosts)} excused (listed below)"
    assert all(f"  {key}: {reason}" in lines for key, reason in ghosts.items())


def test_a_plans_bad_option_is_one_usage_error_before_any_game(monkeypatch):
    from pnp.engine.plugin import GamePlugin as Plugin

    def typo(game, players):
        while True:
            yield Setup(("random", "random"), (("roundz", 2),))

    monkeypatch.setattr(Plugin, "playtest_plan", lambda self: _plan(typo))
    monkeypatch.setattr(Plugin, "has_engine", property(lambda self: True))
    from pnp.cli import app

    result = CliRunner().invoke(app, ["playtest", "saucer-escape", "--games", "3"])
    assert result.exit_code == 2, result.output
    assert result.output.strip() == ("error: playtest table 2 players (random, random), standard rules: toy has no option "
                                     "'roundz'; did you mean 'rounds'? (its options: rounds, mode, loud, note)")


def stage_broken(engine, state):
    """A set-up that breaks the toy's invariant (points never below 0), as an engine bug would."""
    state.players[1].points = -1


def _every_third_broken(game, players):
    i = 0
    while True:
        yield Setup(("random", "random"), stage="test_machine.stage_broken" if i % 3 == 2 else None)
        i += 1


def test_a_crashing_game_names_its_seed_and_a_soak_keeps_going_past_it():
    from pnp.engine.runner import game_seed

    with pytest.raises(AssertionError) as caught:
        harness.run(_plan(_every_third_broken), GAME, games=9, processes=1)
    assert caught.value.__notes__ == [f"in the game of seed {game_seed(1, 2)}, players random, random, "
                                      "playtest set-up test_machine.stage_broken"]
    report = harness.run(_plan(_every_third_broken), GAME, games=9, processes=1, keep_going=True)
    assert [seed for seed, _ in report.errors] == [game_seed(1, i) for i in (2, 5, 8)]
    assert report.games == 6 and sum(stats.seats for stats in report.kinds.values()) == 12
    assert "AssertionError" in report.errors[0][1] and "stage_broken" in report.errors[0][1]


def test_the_command_line_names_the_seed_of_a_game_that_crashed(monkeypatch):
    from pnp.cli import app
    from pnp.engine.plugin import GamePlugin
    from pnp.engine.runner import game_seed

    monkeypatch.setattr(GamePlugin, "playtest_plan", lambda self: _plan(_every_third_broken))
    monkeypatch.setattr(GamePlugin, "has_engine", property(lambda self: True))
    result = CliRunner().invoke(app, ["playtest", "saucer-escape", "--games", "3"])
    assert result.exit_code == 3, result.output
    assert f"(in the game of seed {game_seed(1, 2)}, players random, random, playtest set-up" in result.output
    assert "Traceback" not in result.output


def test_a_replay_of_a_crashing_game_tells_it_up_to_the_error():
    from pnp.engine.runner import game_seed

    lines = harness.replay_game(_plan(_every_third_broken), GAME, game_seed(1, 2))
    assert lines[0].startswith(f"seed {game_seed(1, 2)}: 2 players (random, random), playtest set-up stage_broken")
    assert lines[-1].startswith("error: AssertionError") and not any(line.startswith("result:") for line in lines)
