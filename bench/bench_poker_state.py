"""Major Poker's state writes and reads (not a test): `poker.to_dict` and `poker.from_dict` of a
six-seat hold'em table whose history is full (ten remembered hands) and whose hand is on the
river, its log a dozen lines long: what every move costs the store. Prints the medians.
Run: .venv/bin/python bench/bench_poker_state.py [--runs N]"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from games import fairness, poker
from games.base import SeatSpec

SEATS = 6


def table() -> poker.State:
    """Ten hands played by the computers, then the eleventh played to its river."""
    with fairness.predictable("bench-poker-state"):
        state = poker.new(poker.Options(timer=0), [SeatSpec(n, 10_000) for n in range(1, SEATS + 1)])
        while state.hand_no <= 10 or (state.hand is not None and state.hand.street != "river"):
            player = poker.pending(state)[0]
            poker.apply(state, player, poker.computer_action(state, player))
    return state


def median_us(run: Callable[[], Any], runs: int) -> float:
    for _ in range(50):  # warm-up
        run()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3000)
    runs = parser.parse_args().runs
    state = table()
    data = poker.to_dict(state)
    assert poker.to_dict(poker.from_dict(data)) == data
    lines = len(data["hand"]["log"])
    print(f"poker state: {SEATS} seats, {len(state.history)} remembered hands, {lines} lines in the hand's log")
    print(f"to_dict   median {median_us(lambda: poker.to_dict(state), runs):7.1f} µs")
    print(f"from_dict median {median_us(lambda: poker.from_dict(data), runs):7.1f} µs")


if __name__ == "__main__":
    main()
