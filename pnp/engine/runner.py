"""Playouts: drive any engine with policies, checking invariants after every step."""
from __future__ import annotations

import random
from array import array
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import chain, islice
from operator import itemgetter

from pnp.core.collector import cycle_collector_paused
from pnp.core.limits import MAX_STEPS
from pnp.engine.api import EndlessGame, InvariantError, Policy
from pnp.engine.coverage import Coverage


def pick(rng: random.Random, n: int) -> int:
    """A uniform index below n; much cheaper than randrange, which matters in playout loops."""
    return int(rng.random() * n)


def random_policy(engine, state, actions, rng: random.Random):
    return actions[pick(rng, len(actions))]


_first, _second = itemgetter(0), itemgetter(1)


def random_kind_policy(engine, state, actions, rng: random.Random):
    """Uniform over the kinds of move on offer, then over the moves of that kind.

    Plain uniform play in a game with many bookkeeping moves (a hundred ways to
    trade gear, say) spends most of its time on them; this random player still
    tries every legal move, with each kind of decision equally likely.
    """
    blocks = getattr(actions, "blocks", None)
    if blocks:  # the engine says where each kind starts (kinds are unique blocks); `pick` inlined, this runs every step
        r = rng.random
        kind, start, count = blocks[int(r() * len(blocks))]
        return actions[start + int(r() * count)]
    heads = list(map(_first, actions))
    kinds = sorted(set(heads))  # sorted: the same seed picks the same kind
    if len(kinds) == 1:
        return actions[pick(rng, len(actions))]
    kind = kinds[pick(rng, len(kinds))]
    start, count = heads.index(kind), heads.count(kind)
    if heads[start + count - 1] == kind:  # engines list each kind of move as one block: pick inside it
        return actions[start + pick(rng, count)]
    group = [action for action in actions if action[0] == kind]
    return group[pick(rng, len(group))]


@dataclass
class Playout:
    seed: int
    result: object
    steps: int
    coverage: Coverage | None = field(default_factory=Coverage)  # None when counted into a shared table
    trace: list = field(default_factory=list)


def play(engine, seed: int, policies: list[Policy], keep_trace: bool = False, max_steps: int = MAX_STEPS,
         check: bool = True, on_action=None, record: bool = True, coverage: Coverage | None = None,
         stage: str | None = None, **options) -> Playout:
    """One full game from `seed` with these engine options; the same seed and policies replay the same game.

    What the game resolved is counted into `coverage` when one is given (many
    games into one table), else into a table of the playout's own. `stage` names
    a playtest set-up ("module.function", given the engine and the new state)
    that changes the table before the first move: a scenario of the playtest's,
    never of the rules.
    """
    with cycle_collector_paused():
        return _play(engine, seed, policies, keep_trace, max_steps, check, on_action, record,
                     Coverage() if coverage is None else coverage, stage, options)


def start(engine, rng: random.Random, stage: str | None, options: dict):
    """The first state of a game: the engine's, with its options checked, then the playtest's set-up if any."""
    state = engine.initial_state(rng, engine.options(**options))
    if stage:
        dotted(stage)(engine, state)
    return state


def _play(engine, seed, policies, keep_trace, max_steps, check, on_action, record, coverage, stage,
          options) -> Playout:
    rng = random.Random(seed)
    state = start(engine, rng, stage, options)
    trace, steps = [], 0
    log = _KeyLog(state) if record else None
    played = log.played if record else None
    single = policies[0] if len(policies) == 1 else None
    is_terminal, is_chance, legal_actions, apply = engine.is_terminal, engine.is_chance, engine.legal_actions, engine.apply_in_place
    while not is_terminal(state):
        if is_chance(state):
            action = engine.sample_chance(state, rng)
        else:
            actions = legal_actions(state)
            if not actions:
                raise InvariantError(f"seed {seed}, step {steps}: no legal action in a non-terminal state")
            policy = single or policies[engine.current_player(state) % len(policies)]
            action = policy(engine, state, actions, rng)
        if on_action:
            on_action(state, action)  # before it is applied, so the state says who acts
        apply(state, action)  # the runner owns this state; no copy needed
        if record:
            if state.resolved:
                log.add(state, coverage)
            if state.played:
                played += state.played
        if keep_trace:
            trace.append(action)
        if check:
            engine.check_invariants(state)
        steps += 1
        if steps > max_steps:
            raise EndlessGame(f"seed {seed}: the game passed {max_steps:,} moves without ending; pnp plays games of "
                              f"at most that many moves: check the settings and decks that make it this long")
    if record:
        log.count(coverage, seed)
    return Playout(seed, engine.result(state), steps, coverage, trace)


class _KeyLog:
    """What each step resolved, kept cheaply during a game and counted at its end.

    Engines name what took effect either as plain element keys or as (card id,
    effect words) pairs; each key's witness is the round where it first happened.
    What was only played (it may have changed nothing) is counted apart.
    """

    def __init__(self, state):
        self.keys: list = []  # every key resolved, in order
        self.ends: list[int] = []  # len(keys) after each step that resolved something
        self.rounds: list[int] = []  # the round of that step
        self.played: list = []  # every key played or tried, counted at the end
        self.pairs: list = []  # the (key, effect words) pairs among the keys: their words are counted at the end

    def add(self, state, coverage: Coverage) -> None:
        resolved = state.resolved
        if resolved[0].__class__ is str:
            self.keys += resolved
        else:
            self.keys += map(_first, resolved)
            self.pairs += resolved  # one Counter.update a game, not one per pair: it cost a tenth of a playout
        self.ends.append(len(self.keys))
        self.rounds.append(state.round)

    def count(self, coverage: Coverage, seed: int) -> None:
        keys = self.keys
        coverage.cards.update(keys)
        coverage.words.update(chain.from_iterable(map(_second, self.pairs)))  # as counted pair by pair, in order
        coverage.played.update(self.played)
        first = dict(zip(reversed(keys), range(len(keys) - 1, -1, -1)))  # key -> where it first happened
        coverage.witness(seed, first, lambda index: self.rounds[bisect_right(self.ends, index)])


SEED_STRIDE = 1_000_003  # game i of a playtest run with --seed s plays seed s * SEED_STRIDE + i


def game_seed(base: int, index: int) -> int:
    return base * SEED_STRIDE + index


def game_index(base: int, seed: int) -> int | None:
    """Which game of the playtest run with --seed `base` played this seed; None if none did."""
    index = seed - base * SEED_STRIDE
    return index if 0 <= index < SEED_STRIDE else None


def replay(engine, seed: int, policies: list[Policy], describe=None, stage: str | None = None,
           **options) -> list[str]:
    """One game told step by step: the round, who acted, the move, and what it resolved.

    The game is played once to get its moves, then they are applied again to a
    fresh state from the same seed; chance steps are moves too, so nothing is redrawn.
    A game that raises (an engine bug, a broken invariant) is told up to the move
    that raised, then the error.
    """
    trace: list = []
    try:
        playout = play(engine, seed, policies, check=True, record=False, stage=stage,
                       on_action=lambda state, action: trace.append(action), **options)
        failure = None
    except Exception as exc:  # noqa: BLE001 - a game that crashed is told up to the crash: that is what to look at
        playout, failure = None, exc
    state = start(engine, random.Random(seed), stage, options)
    lines = []
    for action in trace:
        player = engine.current_player(state)
        move = describe(action) if describe else " ".join(str(part) for part in action)
        try:
            engine.apply_in_place(state, action)
        except Exception:  # noqa: BLE001 - the move that raised: said below with the error
            lines.append(f"{state.round:>3} {'chance' if player is None else f'p{player}':>6}  {move}  -> raised")
            break
        keys = [key if key.__class__ is str else key[0] for key in state.resolved]
        lines.append(f"{state.round:>3} {'chance' if player is None else f'p{player}':>6}  {move}" + (f"  -> {', '.join(keys)}" if keys else ""))
    if failure is not None:
        lines.append(f"error: {type(failure).__name__}: {failure}")
        return lines
    result = playout.result
    lines.append(f"result: scores {result.scores}, winners {result.winners}, rounds {result.rounds}")
    return lines


@dataclass(frozen=True)
class GameSpec:
    """One game to play: its seed, its players (names in a policy table), engine options and playtest set-up."""

    seed: int
    players: tuple[str, ...]
    options: tuple = ()
    stage: str | None = None  # "module.function": a playtest set-up (see `play`); its games are counted apart


def dotted(name: str):
    """What "module.NAME" names (by name, so that worker processes can import it)."""
    import importlib

    module, _, attribute = name.rpartition(".")
    return getattr(importlib.import_module(module), attribute)


policy_table = dotted  # a game's policy table: kind of player -> Policy


def _play_specs(engine, table_name: str, specs: list[GameSpec], check: bool,
                errors: list | None = None) -> tuple[list[Playout], Coverage]:
    """Play a batch; coverage is merged here so that only one table crosses back between processes. Games
    with a playtest set-up count into `merged.staged`, so a report can tell what real games never reach.
    Given a list of `errors`, a game that raises is noted there as (seed, what went wrong) and its playout is
    None, and the batch goes on (a soak counts every crash); else the error ends the batch."""
    table = policy_table(table_name)
    merged, playouts = Coverage(), []
    for spec in specs:
        try:
            playout = play(engine, spec.seed, [table[p] for p in spec.players], check=check,
                           coverage=merged.part(staged=spec.stage is not None), stage=spec.stage, **dict(spec.options))
        except Exception as exc:  # the seed and table say which game to replay; the error itself is the engine's
            exc.add_note(f"in the game of seed {spec.seed}, players {', '.join(spec.players)}"
                         + (f", options {dict(spec.options)}" if spec.options else "")
                         + (f", playtest set-up {spec.stage}" if spec.stage else ""))
            if errors is None:
                raise
            errors.append((spec.seed, f"{type(exc).__name__}: {exc} ({'; '.join(exc.__notes__)})"))
            playouts.append(None)
            continue
        playout.coverage = None  # it is in `merged`
        playouts.append(playout)
    return playouts, merged


def play_many(engine, policy_table: str, specs: list[GameSpec], processes: int = 1,
              check: bool = True) -> tuple[list[Playout], Coverage]:
    """Play every game, on several processes if asked: the playouts in the order of `specs`
    (their coverage None) and the coverage of all of them together.

    Every game's randomness comes from its own seed, so the results are the same
    whatever the number of processes.
    """
    if processes <= 1 or len(specs) < MIN_SPECS_SHARED:
        return _play_specs(engine, policy_table, specs, check)
    from concurrent.futures import ProcessPoolExecutor

    # Several chunks per process, handed out as processes free up: cores of a shared machine rarely run
    # at the same speed, and a fixed half each would leave the faster one waiting.
    count = min(len(specs), processes * CHUNKS_PER_PROCESS)
    chunks = [specs[i::count] for i in range(count)]
    with ProcessPoolExecutor(processes, initializer=_start_worker, initargs=(engine, policy_table, check)) as pool:
        parts = list(pool.map(_play_chunk, chunks))
    ordered: list = [None] * len(specs)
    coverage = Coverage()
    for i, (playouts, part_coverage) in enumerate(parts):
        ordered[i::count] = playouts
        coverage.merge(part_coverage)
    return ordered, coverage


CHUNKS_PER_PROCESS = 6
MIN_SPECS_SHARED = 20  # fewer games than this are played in this process: starting workers would cost more
_worker: dict = {}  # in a worker process: the engine, policy table and checking it plays with


def _start_worker(engine, policy_table: str, check: bool, keep_going: bool = False) -> None:
    """Runs once in each worker, so the engine crosses over once per process, not once per chunk."""
    _worker.update(engine=engine, policy_table=policy_table, check=check, keep_going=keep_going)


def _play_chunk(specs: list[GameSpec]) -> tuple[list[Playout], Coverage]:
    return _play_specs(_worker["engine"], _worker["policy_table"], specs, _worker["check"])


# -- runs in chunks: what a playtest of any size plays, on local processes or a cluster (pnp.engine.cluster) --------
@dataclass(frozen=True)
class Chunk:
    """Games `first` to `first + len(picks) - 1` of a run, as a small message: game i plays seed
    game_seed(base, i) at table tables[picks[i - first]], a table being anything with `players`, `options`
    and `stage` (a playtest Setup). The few distinct tables of a run repeat, so a chunk of thousands of
    games is a few kilobytes."""

    base: int
    first: int
    tables: tuple[tuple, ...]
    picks: bytes  # array("I") of indexes into `tables`, one per game

    def __len__(self) -> int:
        return len(self.picks) // _PICK_SIZE

    def specs(self) -> list[GameSpec]:
        tables = self.tables
        return [GameSpec(game_seed(self.base, self.first + i), table.players, table.options, table.stage)
                for i, table in enumerate(map(tables.__getitem__, array("I", self.picks)))]

    def table_of_each(self):
        """The table of each game, in order."""
        return map(self.tables.__getitem__, array("I", self.picks))


_PICK_SIZE = array("I").itemsize


def chunks(base: int, tables, size: int):
    """The run's games as Chunks of `size` games (the last may be shorter), from its tables in order (hashable,
    with players, options and stage)."""
    first = 0
    tables = iter(tables)
    while True:
        batch = list(islice(tables, size))
        if not batch:
            return
        index: dict = {}
        picks = array("I", [index.setdefault(table, len(index)) for table in batch])
        yield Chunk(base, first, tuple(index), picks.tobytes())
        first += len(batch)


@dataclass
class ChunkResult:
    """What a chunk's games left: their coverage merged, and one compact row per game in order:
    (scores, winners, rounds, steps, details) of its Result. No playout objects, no traces."""

    first: int
    coverage: Coverage
    rows: list[tuple | None]  # None: the game raised (only when the run keeps going past errors)
    errors: list[tuple[int, str]] = field(default_factory=list)  # (seed, what went wrong), when it keeps going


def play_chunk(engine, table_name: str, chunk: Chunk, check: bool = True, keep_going: bool = False) -> ChunkResult:
    """Play every game of a chunk; the same chunk gives the same result on any process or machine. With
    `keep_going`, a game that raises is listed in `errors` and the chunk plays on."""
    errors = [] if keep_going else None
    playouts, coverage = _play_specs(engine, table_name, chunk.specs(), check, errors)
    rows = [p and (tuple(p.result.scores), tuple(p.result.winners), p.result.rounds, p.steps, p.result.details)
            for p in playouts]
    return ChunkResult(chunk.first, coverage, rows, errors or [])


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: several chunks per worker, so faster workers take more (a shared machine's cores rarely run
    at one speed), and at most MAX_CHUNK, so progress shows and a lost worker costs little."""
    return max(1, min(MAX_CHUNK, -(-games // (max(1, workers) * CHUNKS_PER_PROCESS))))


MAX_CHUNK = 2_000


def _play_chunk_in_worker(chunk: Chunk) -> ChunkResult:
    return play_chunk(_worker["engine"], _worker["policy_table"], chunk, _worker["check"], _worker["keep_going"])


class LocalPool:
    """Chunks played on this machine: in this process, or on `processes` worker processes."""

    def __init__(self, processes: int):
        self.workers = max(1, processes)

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, *exc) -> bool:
        return False

    def play(self, engine, table_name: str, chunk_iter, check: bool, done, keep_going: bool = False):
        """ChunkResults in the order of the chunks; done(games) is called as each chunk finishes, in any order."""
        if self.workers == 1:
            for chunk in chunk_iter:
                result = play_chunk(engine, table_name, chunk, check, keep_going)
                done(len(chunk))
                yield result
            return
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        pool = ProcessPoolExecutor(self.workers, initializer=_start_worker, initargs=(engine, table_name, check, keep_going))
        try:
            # all of a run's first chunks queued at once: a shorter queue runs dry between chunks (20 % slower)
            yield from in_order(lambda chunk: pool.submit(_play_chunk_in_worker, chunk), chunk_iter,
                                self.workers * CHUNKS_PER_PROCESS, lambda pending: wait(pending, return_when=FIRST_COMPLETED)[0],
                                done)
        finally:  # a game that raised stops the run: the chunks not started are dropped, not played for nothing
            pool.shutdown(wait=True, cancel_futures=True)


def in_order(submit, chunk_iter, window: int, finished, done):
    """Keep `window` chunks in flight, yield their results in chunk order as soon as the earlier ones are in.

    `submit(chunk)` returns a future (`.result()`); `finished(pending)` waits for some of the pending
    futures and returns those done. Results that arrive early wait in `ready`, never more
    than the window, so memory stays flat at a million games."""
    chunk_iter = iter(chunk_iter)
    pending: dict = {}  # future -> (its place in the run, its number of games)
    ready: dict = {}
    submitted = wanted = 0
    for chunk in islice(chunk_iter, window):
        pending[submit(chunk)] = (submitted, len(chunk))
        submitted += 1
    while pending:
        for future in finished(list(pending)):
            place, games = pending.pop(future)
            ready[place] = future.result()  # raises here what the game raised there
            done(games)
            chunk = next(chunk_iter, None)
            if chunk is not None:
                pending[submit(chunk)] = (submitted, len(chunk))
                submitted += 1
        while wanted in ready:
            yield ready.pop(wanted)
            wanted += 1
