"""Computer players' decision times (not a test). Run: .venv/bin/python bench/bench_computers.py [--decisions N] [--level L] [--only GAME]

Every game with computer players: Major Poker (hold'em at 2, 4 and 9 seats; draw at 4), Loc (4
and 10 seats), French Tarot (4), Tarot Rummy (2) and Arcanoid (4). Each table seats one person
beside its computers, as the bot does (poker and Loc deal only while a person is seated); the
person's moves are chosen by the same computer player, and only the computers' decisions are
timed, each from the game's own entry point (`computer_action`: the seat's view, then the
choice), at `--level` (default normal). A table that ends is followed by a new one until `--decisions` are timed per layout.
Target: a poker decision p99 <= 20 ms (hard, in every game: <= 250 ms of CPU, issue 29). Each figure is printed twice: wall-clock time, and the
CPU time of this process (time.process_time), which a loaded machine's other processes do not
inflate: on a shared machine read the wall p99 beside the CPU p99."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import show

from games import arcanoid, french_tarot, loc, poker, rummy  # noqa: E402
from games.base import LEVELS, SeatSpec  # noqa: E402

POKER_TARGET_MS = {"easy": 20.0, "normal": 20.0, "hard": 250.0}
PERSON = 1  # the one person at each table (computers have ids below 0)

Timings = tuple[list[float], list[float]]  # wall-clock, CPU


def seated(computers: int, stack: int) -> list[SeatSpec]:
    return [SeatSpec(PERSON, stack), *(SeatSpec(-n, stack) for n in range(1, computers + 1))]


def timed(decide: Callable[[], dict], timings: Timings) -> dict:
    wall, cpu = time.perf_counter(), time.process_time()
    action = decide()
    timings[0].append(time.perf_counter() - wall)
    timings[1].append(time.process_time() - cpu)
    return action


def play_table(game: ModuleType, state: Any, timings: Timings, wanted: int, level: str) -> None:
    """Until the table waits for nobody or `wanted` computer decisions are timed. Arcanoid's
    reaction windows are closed as its runtime does when their time is up."""
    while len(timings[0]) < wanted:
        if game is arcanoid and arcanoid.reaction_window(state) is not None:
            arcanoid.apply(state, arcanoid.RUNTIME, {"type": "close_window"})
            continue
        if not game.pending(state):
            return
        player = game.pending(state)[0]
        if player == PERSON:
            action = game.computer_action(state, player)
        else:
            action = timed(lambda: game.computer_action(state, player, level), timings)  # noqa: B023
        game.apply(state, player, action)


def decisions(game: ModuleType, new_table: Callable[[], Any], wanted: int, level: str) -> Timings:
    timings: Timings = ([], [])
    while len(timings[0]) < wanted:
        before = len(timings[0])
        play_table(game, new_table(), timings, wanted, level)
        if len(timings[0]) == before:
            raise RuntimeError(f"a {game.__name__} table took no computer decision: is a person seated?")
    return timings


LAYOUTS: list[tuple[str, ModuleType, Callable[[], Any]]] = [
    *((f"poker holdem, {seats} seats", poker,
       lambda seats=seats: poker.new(poker.Options(format="holdem"), seated(seats - 1, 1000)))
      for seats in (2, 4, 9)),
    ("poker draw, 4 seats", poker, lambda: poker.new(poker.Options(format="draw"), seated(3, 1000))),
    *((f"loc, {seats} seats", loc, lambda seats=seats: loc.new(loc.Options(bet=1), seated(seats - 1, 100_000)))
      for seats in (4, 10)),
    ("french tarot, 4 seats", french_tarot,
     lambda: french_tarot.new(french_tarot.Options(hands=4), seated(3, 0))),
    ("rummy, 2 seats", rummy, lambda: rummy.new(rummy.Options(), seated(1, 0))),
    ("arcanoid, 4 seats", arcanoid, lambda: arcanoid.new(arcanoid.Options(), seated(3, 0))),
]


def show_both(name: str, timings: Timings, target: float | None = None) -> None:
    show(f"{name} (wall)", timings[0], target)
    show(f"{name} (CPU)", timings[1], target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=2000, help="computer decisions timed per layout")
    parser.add_argument("--level", default="normal", choices=LEVELS, help="the computers' level")
    parser.add_argument("--only", default="", help="only the layouts whose name starts with this (e.g. poker)")
    args = parser.parse_args()
    wanted, level = args.decisions, args.level
    poker_all: Timings = ([], [])
    for name, game, new_table in [layout for layout in LAYOUTS if layout[0].startswith(args.only)]:
        timings = decisions(game, new_table, wanted, level)
        show_both(f"{name}, {level}", timings)
        if game is poker:
            poker_all[0].extend(timings[0])
            poker_all[1].extend(timings[1])
            if name.startswith("poker draw"):
                show_both(f"poker, every decision, {level}", poker_all, POKER_TARGET_MS[level])


if __name__ == "__main__":
    main()
