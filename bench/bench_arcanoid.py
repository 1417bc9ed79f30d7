"""Arcanoid's computer players (not a test). Run: .venv/bin/python bench/bench_arcanoid.py [--rounds N]

Whole rounds with a computer player on every seat (4 players, one core): rounds per second,
every decision (`computer_action`: the seat's view and the choice) and `apply`; then the table
image with 10 players mid-round (median, PNG size). Reaction windows are offered to every computer that may react, then
closed as the runtime's clock would."""

from __future__ import annotations

import argparse
import time

from figures import show

import games.arcanoid as arc
from games.arcanoid import rules
from games.arcanoid.model import Options
from games.base import SeatSpec


def decide(state: rules.State, player: int, decisions: list[float]) -> dict:
    start = time.perf_counter()
    action = arc.computer_action(state, player)
    decisions.append(time.perf_counter() - start)
    return action


def play_game(players: int, rounds: int, variant: str, decisions: list[float], applies: list[float]) -> int:
    state = arc.new(Options(variant=variant, rounds=rounds), [SeatSpec(-p) for p in range(1, players + 1)])
    while not arc.is_over(state):
        if state.phase == "window":
            acted = False
            for player in arc.reactors(state):
                action = decide(state, player, decisions)
                start = time.perf_counter()
                arc.apply(state, player, action)
                applies.append(time.perf_counter() - start)
                if action["type"] != "pass":
                    acted = True
                    break
            if not acted and state.phase == "window":
                arc.apply(state, rules.RUNTIME, {"type": "close_window"})
            continue
        player = arc.pending(state)[0]
        action = decide(state, player, decisions)
        start = time.perf_counter()
        arc.apply(state, player, action)
        applies.append(time.perf_counter() - start)
    return len(state.results)


def bench_render(players: int, samples: int) -> None:
    """The table image mid-round: median time and PNG size."""
    from renders import warm_up
    from renders.arcanoid import render_arcanoid

    state = arc.new(Options(variant="KOBLENZ"), [SeatSpec(-p) for p in range(1, players + 1)])
    for _ in range(8 * players):
        if state.phase == "window":
            arc.apply(state, rules.RUNTIME, {"type": "close_window"})
            continue
        player = arc.pending(state)[0]
        arc.apply(state, player, arc.computer_action(state, player))
    view = arc.view(state, None)
    start, cpu = time.perf_counter(), time.process_time()
    warm_up()
    print(f"--- renders.warm_up (once, at start-up): {1000 * (time.perf_counter() - start):.1f} ms wall, "
          f"{1000 * (time.process_time() - cpu):.1f} ms CPU")
    times, cpu_times, size = [], [], 0
    for _ in range(samples + 1):
        start, cpu = time.perf_counter(), time.process_time()
        size = len(render_arcanoid(view, {}))
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
    print(f"--- table image, {players} players mid-round: PNG {size / 1024:.0f} KB")
    print(f"first render after the warm-up: {1000 * times[0]:.1f} ms wall, {1000 * cpu_times[0]:.1f} ms CPU")
    show("render_arcanoid (wall clock)", times[1:])
    show("render_arcanoid (CPU time)", cpu_times[1:])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    for variant in ("DRESDEN", "KOBLENZ"):
        decisions: list[float] = []
        applies: list[float] = []
        played = 0
        start, cpu = time.perf_counter(), time.process_time()
        while played < args.rounds:
            played += play_game(args.players, 10, variant, decisions, applies)
        spent, cpu_spent = time.perf_counter() - start, time.process_time() - cpu
        print(f"--- {variant}, {args.players} computer players, {played} rounds")
        print(f"whole rounds per second            {played / spent:8.1f}  (wall clock)")
        print(f"whole rounds per CPU second        {played / cpu_spent:8.1f}  (this process's core time: "
              "what one core does when the machine is shared)")
        show("computer_action (view + choice)", decisions)
        show("apply", applies)
    bench_render(10, 40)


if __name__ == "__main__":
    main()
