"""Tarot Rummy timings (not a test): best_melds on 11-card hands, the layoff search, the
computer's move and the table image. Run: .venv/bin/python bench/bench_rummy.py [--hands N]

Targets: best_melds on an 11-card hand, median <= 2 ms and worst case over 10,000 random hands
<= 50 ms. Besides uniformly random hands it times "rich" hands drawn from the crowded corner
of the deck (trumps and low wands and cups), where melds of every type overlap, and a few
hand-made worst cases."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from games import fairness, rummy
from games.base import SeatSpec
from games.cards import Card, cards, full_deck
from games.rummy import melds as rm
from renders.rummy import render_rummy

DECK = full_deck()
RICH = [c for c in DECK if c.is_major or (c.rank <= 9 and c.suit in "WC") or c.rank in (5, 12)]
WORST = ["0 1 2 3 4 5 6 7 8 9 10", "11 12 13 14 15 16 17 18 19 20 21", "1 2 3 10 16 19 21 AC 2C 3C 6C",
         "AC 2C 3C 4C 5C 6C 7C 8C 0 3 6", "4 5 6 7 8 9 11 13 14 15 17", "AW 2W 3W 4W 5W 6W 0 1 2 3 5",
         "5W 5C 5S 5P 4W 6W 4C 6C 12 16 15"]


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1000


def report(name: str, times: Sequence[float]) -> None:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"{name:<44} n={len(times):>6}  median {statistics.median(ordered):7.3f} ms  "
          f"p99 {p99:7.3f} ms  worst {ordered[-1]:7.3f} ms")


def hands(pool: list[Card], count: int, size: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(pool, size) for _ in range(count)]


def bench_best_melds(count: int) -> None:
    for name, pool in (("random", DECK), ("rich", RICH)):
        for attributions in ("gd", "thoth"):
            sample = hands(pool, count, 11, seed=len(name))
            report(f"best_melds, 11 cards, {name}, {attributions}",
                   [timed(lambda h=h, a=attributions: rummy.best_melds(h, attributions=a)) for h in sample])
    report("best_melds, 10 cards, random", [timed(lambda h=h: rummy.best_melds(h)) for h in hands(DECK, count, 10, 9)])
    report("best_melds, hand-made worst cases", [timed(lambda h=h: rummy.best_melds(cards(h))) for h in WORST * 50])


def bench_layoffs(count: int) -> None:
    times = []
    for deal in hands(RICH, count, 20, seed=4):
        caller, _ = rummy.best_melds(deal[:10])
        times.append(timed(lambda d=deal, m=caller: rm.lay_off(d[10:], m, rm.tree(), rm.MELD_TYPES)))
    report("lay_off, 10 cards onto the caller's melds, rich", times)


def bench_computer(games: int) -> None:
    times, renders = [], []
    for seed in range(games):
        fairness.set_source(fairness.Predictable(seed))  # reproducible figures: every hand's seed
        state = rummy.new(rummy.Options(opponent="bot"), [SeatSpec(1), SeatSpec(-1)])
        while not rummy.is_over(state):
            player = rummy.pending(state)[0]
            start = time.perf_counter()
            action = rummy.computer_action(state, player)
            times.append((time.perf_counter() - start) * 1000)
            rummy.apply(state, player, action)
            if len(renders) < 200:
                renders.append(timed(lambda s=state: render_rummy(rummy.view(s, None), {1: "Alice", -1: "Computer"})))
    report("computer_action (view + decision)", times)
    report("table image (render_rummy)", renders)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    bench_best_melds(args.hands)
    bench_layoffs(min(args.hands, 2000))
    bench_computer(args.games)


if __name__ == "__main__":
    main()
