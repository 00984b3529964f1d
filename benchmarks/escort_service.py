"""Escort Service: scenarios per second with random players on one core (the issue's target: at least 200), per team
size, and the greedy team's speed and campaign wins."""
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT  # noqa: E402
from pnp.checks.validate import validate  # noqa: E402
from pnp.engine.runner import play, random_kind_policy  # noqa: E402
from pnp.games.escort_service.engine import EscortEngine  # noqa: E402
from pnp.games.escort_service.playtest import team  # noqa: E402
from pnp.games.escort_service.policies import greedy_policy  # noqa: E402


def scenarios_played(result) -> int:
    """A campaign plays the scenarios it won, and the one it lost (if it lost one)."""
    details = result.details
    return details["scenarios_won"] + (0 if details["won"] else 1)


def random_scenarios(engine, campaigns: int, passes: int = 3) -> None:
    for size in (1, 2, 3, 4):
        rates = []
        for _ in range(passes):
            start, played = time.perf_counter(), 0
            for seed in range(campaigns):
                result = play(engine, seed, [random_kind_policy] * size, check=False, pilots=team(size, seed)).result
                played += scenarios_played(result)
            rates.append(played / (time.perf_counter() - start))
        print(f"escort-service: random team of {size}: {statistics.median(rates):.0f} scenarios/s "
              f"(median of {passes}, best {max(rates):.0f})")


def greedy_campaigns(engine, campaigns: int) -> None:
    for size in (1, 2, 3, 4):
        start, won, played = time.perf_counter(), 0, 0
        for seed in range(campaigns):
            result = play(engine, seed, [greedy_policy] * size, check=False, pilots=team(size, seed)).result
            won += bool(result.winners)
            played += scenarios_played(result)
        seconds = time.perf_counter() - start
        print(f"escort-service: greedy team of {size}: {played / seconds:.0f} scenarios/s, campaigns won {won} of "
              f"{campaigns}")


def main():
    project, _ = validate(ROOT, "escort-service")
    engine = EscortEngine.from_game(project.game)
    random_scenarios(engine, 300)
    greedy_campaigns(engine, 40)


if __name__ == "__main__":
    main()
