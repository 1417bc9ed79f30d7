"""French Tarot timings (not a test): whole 4-player hands played by computer players on every
seat (the deal, bidding, discard, every trick, the counter's scoring and the score sheet), and
the table image in the middle of a trick. Run: .venv/bin/python bench/bench_tarot.py [--hands N]

Targets: >= 200 hands per second on one core; the trick table image median <= 25 ms."""

from __future__ import annotations

import argparse
import io
import os
import statistics
import time
from collections.abc import Callable

from PIL import Image

from games import fairness
from games import french_tarot as ft
from games.base import SeatSpec
from renders.french_tarot import render_tarot

NAMES = {-1: "Computer 1", -2: "Computer 2", -3: "Computer 3", -4: "Computer 4", -5: "Computer 5"}


def play_deal(players: int, seed: int) -> ft.State:
    """One deal from the shuffle to the score (or to everyone passing)."""
    with fairness.predictable(seed):
        state = ft.new(ft.Options(players=players, hands=1), [SeatSpec(-n) for n in range(1, players + 1)])
    while not ft.is_over(state):
        player = ft.pending(state)[0]
        ft.apply(state, player, ft.computer_action(state, player))
    return state


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def bench_hands(players: int, deals: int) -> None:
    played: list[float] = []
    passed = 0
    start = time.perf_counter()
    for seed in range(deals):
        began = time.perf_counter()
        state = play_deal(players, seed)
        if state.history[-1]["contract"] is None:
            passed += 1
        else:
            played.append((time.perf_counter() - began) * 1000)
    elapsed = time.perf_counter() - start
    print(f"{players} players: {len(played)} hands played ({passed} deals all passed) in {elapsed:.2f} s: "
          f"{len(played) / sum(played) * 1000:.0f} hands/s, {deals / elapsed:.0f} deals/s; per hand median "
          f"{statistics.median(played):.2f} ms, p99 {percentile(played, 0.99):.2f} ms")


def mid_trick(players: int, seed: int, cards_on_table: int) -> dict:
    """The spectator's view in the middle of a trick, a few tricks into a played hand."""
    state = next(s for s in (_deal_until(players, seed + k, cards_on_table) for k in range(50)) if s is not None)
    return ft.view(state, None)


def _deal_until(players: int, seed: int, cards_on_table: int) -> ft.State | None:
    with fairness.predictable(seed):
        state = ft.new(ft.Options(players=players, hands=1), [SeatSpec(-n) for n in range(1, players + 1)])
    while not ft.is_over(state):
        if state.phase == "playing" and len(state.tricks) >= 4 and len(state.trick) == cards_on_table:
            return state
        player = ft.pending(state)[0]
        ft.apply(state, player, ft.computer_action(state, player))
    return None


def scored(players: int, seed: int) -> dict:
    for k in range(50):
        state = play_deal(players, seed + k)
        if state.last_hand is not None:
            return state.last_hand
    raise RuntimeError("no deal was played")


def measure(name: str, render: Callable[[], bytes], runs: int, save: str | None) -> None:
    for _ in range(5):
        data = render()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        data = render()
        times.append((time.perf_counter() - start) * 1000)
    size = Image.open(io.BytesIO(data)).size
    print(f"{name:<28} median {statistics.median(times):6.1f} ms  p99 {percentile(times, 0.99):6.1f} ms  "
          f"png {len(data) / 1024:5.1f} KB  {size[0]}x{size[1]}  ({runs} runs)")
    if save:
        os.makedirs(save, exist_ok=True)
        with open(os.path.join(save, "bench_" + name.split(" ·")[0].replace(" ", "_") + ".png"), "wb") as f:
            f.write(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000, help="deals for the 4-player figure")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--save", default="/tmp/tarot_samples")
    args = parser.parse_args()
    bench_hands(4, args.hands)
    for players in (3, 5):
        bench_hands(players, max(200, args.hands // 4))
    print("target: >= 200 hands/s (4 players)")
    for players, on_table in ((4, 3), (5, 4), (3, 2)):
        view = mid_trick(players, 7, on_table)
        measure(f"trick table {players} players · {on_table} cards", lambda v=view: render_tarot(v, NAMES),
                args.runs, args.save)
    sheet = scored(4, 3)
    measure("score sheet 4 players", lambda: render_tarot(sheet, NAMES), max(50, args.runs // 4), args.save)
    print("target (trick table): median <= 25 ms")


if __name__ == "__main__":
    main()
