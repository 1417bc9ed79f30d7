"""Computer players' decision times (not a test). Run: .venv/bin/python bench/bench_computers.py [--hands N]

Major Poker (hold'em at 2, 4 and 9 seats; draw at 4) and Loc (4 and 10 seats): every seat a
computer, each decision timed from the game's own entry point (`computer_action`: the seat's
view, then the choice). Target: a poker decision p99 <= 20 ms. Each figure is printed twice:
wall-clock time, and the CPU time of this process (time.process_time), which a loaded machine's
other processes do not inflate: on a shared machine read the wall p99 beside the CPU p99."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import show

from games import loc, poker  # noqa: E402
from games.base import SeatSpec  # noqa: E402

POKER_TARGET_MS = 20.0


Timings = tuple[list[float], list[float]]  # wall-clock, CPU


def timed(decide: Callable[[], dict], timings: Timings) -> dict:
    wall, cpu = time.perf_counter(), time.process_time()
    action = decide()
    timings[0].append(time.perf_counter() - wall)
    timings[1].append(time.process_time() - cpu)
    return action


def poker_decisions(seats: int, format_: str, hands: int) -> Timings:
    timings: Timings = ([], [])
    for _ in range(max(1, hands // 20)):
        state = poker.new(poker.Options(format=format_), [SeatSpec(-n, 1000) for n in range(1, seats + 1)])
        while state.hand_no <= 20 and poker.pending(state):
            player = poker.pending(state)[0]
            poker.apply(state, player, timed(lambda: poker.computer_action(state, player), timings))  # noqa: B023
    return timings


def loc_decisions(seats: int, hands: int) -> Timings:
    state = loc.new(loc.Options(bet=1), [SeatSpec(-n, 100_000) for n in range(1, seats + 1)])
    timings: Timings = ([], [])
    while state.hand <= hands and loc.pending(state):
        player = loc.pending(state)[0]
        loc.apply(state, player, timed(lambda: loc.computer_action(state, player), timings))  # noqa: B023
    return timings


def show_both(name: str, timings: Timings, target: float | None = None) -> None:
    show(f"{name} (wall)", timings[0], target)
    show(f"{name} (CPU)", timings[1], target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100, help="hands per table layout")
    hands = parser.parse_args().hands
    every: Timings = ([], [])
    for seats, format_ in ((2, "holdem"), (4, "holdem"), (9, "holdem"), (4, "draw")):
        timings = poker_decisions(seats, format_, hands)
        every[0].extend(timings[0])
        every[1].extend(timings[1])
        show_both(f"poker {format_}, {seats} seats", timings)
    show_both("poker, every decision", every, POKER_TARGET_MS)
    for seats in (4, 10):
        show_both(f"loc, {seats} seats", loc_decisions(seats, hands))


if __name__ == "__main__":
    main()
