"""Major Poker figures (not a test). Run: .venv/bin/python bench/bench_poker.py [--hands N] [--runs N]

1. Best-of-seven evaluations per second: `games.poker.best_hand` on random 7-card deals from the
   78-card deck (both orientations), against the `treys` library's seven-card evaluation of
   random 52-card deals, in the same run. Each deal is evaluated once: no cache helps. Rounds
   alternate between the two evaluators; the ratio is of the medians. `treys` is for this
   script only (`.venv/bin/pip install treys`), never a dependency of the project.
2. The 10-seat hold'em showdown image: median and p99 render time, PNG size.

Targets: ratio >= 1.0; showdown image median <= 30 ms, PNG <= 250 KB."""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image

from games import fairness, poker
from games.base import SeatSpec
from games.cards import Card, full_deck, shuffle
from games.poker.hands import best_hand
from renders.poker import render_poker

NAMES = {i: name for i, name in enumerate(["", "Alice", "Bob", "Chandra", "Dmitri", "Eve Martin", "Francesca",
                                           "Gus", "Hana", "Igor", "Jules"])}


def p99(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def major_deals(count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [shuffle(full_deck(), rng)[:7] for _ in range(count)]


def treys_deals(count: int, seed: int) -> list[tuple[list[int], list[int]]]:
    from treys import Deck

    rng = random.Random(seed)
    full = Deck.GetFullDeck()
    deals = []
    for _ in range(count):
        seven = rng.sample(full, 7)
        deals.append((seven[:2], seven[2:]))
    return deals


def per_second(run: Callable[[], None], count: int) -> float:
    start = time.perf_counter()
    run()
    return count / (time.perf_counter() - start)


def bench_evaluator(hands: int, rounds: int) -> None:
    try:
        from treys import Evaluator
    except ImportError:
        print("treys is not installed: .venv/bin/pip install treys (for this benchmark only)")
        return
    evaluator = Evaluator()
    ours, theirs = [], []
    for r in range(rounds):
        deals = major_deals(hands, r)
        other = treys_deals(hands, r)

        def run_ours(deals: list[list[Card]] = deals) -> None:
            for seven in deals:
                best_hand(seven)

        def run_treys(other: list[tuple[list[int], list[int]]] = other) -> None:
            for hole, board in other:
                evaluator.evaluate(hole, board)

        ours.append(per_second(run_ours, hands))
        theirs.append(per_second(run_treys, hands))
    mine, them = statistics.median(ours), statistics.median(theirs)
    print(f"best of seven, Major Poker (78 cards)  median {mine:10,.0f}/s  worst round {min(ours):10,.0f}/s")
    print(f"seven cards, treys (52 cards)         median {them:10,.0f}/s  worst round {min(theirs):10,.0f}/s")
    print(f"ratio (ours / treys): {mine / them:.2f}   ({rounds} rounds x {hands:,} distinct deals each)")


def showdown_view() -> dict[str, Any]:
    """A 10-seat hold'em hand called down to the showdown, with a raise before the flop."""
    with fairness.predictable(7):
        state = poker.new(poker.Options(), [SeatSpec(i, 1000 - 37 * i) for i in range(1, 11)])
    poker.apply(state, 4, {"type": "raise", "amount": 60})
    while state.hand_no == 1:
        player = poker.pending(state)[0]
        legal = {a["type"] for a in poker.legal_actions(state, player)}
        poker.apply(state, player, {"type": "check" if "check" in legal else "call"})
    assert state.last_round is not None and len(state.last_round["hands"]) == 10
    return state.last_round


def bench_render(runs: int, save: str | None) -> None:
    view = showdown_view()
    start = time.perf_counter()
    data = render_poker(view, NAMES)
    print(f"first showdown render, cold caches: {(time.perf_counter() - start) * 1000:.0f} ms")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        data = render_poker(view, NAMES)
        times.append((time.perf_counter() - start) * 1000)
    size = Image.open(io.BytesIO(data)).size
    print(f"showdown 10 seats  median {statistics.median(times):6.1f} ms  p99 {p99(times):6.1f} ms  "
          f"min {min(times):6.1f} ms  png {len(data) / 1024:6.1f} KB  {size[0]}x{size[1]}  ({runs} runs)")
    if save:
        os.makedirs(save, exist_ok=True)
        with open(os.path.join(save, "bench_showdown10.png"), "wb") as out:
            out.write(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--save", default="/tmp/poker_samples")
    args = parser.parse_args()
    bench_evaluator(args.hands, args.rounds)
    bench_render(args.runs, args.save)
    print("targets: ratio >= 1.0; showdown median <= 30 ms, png <= 250 KB")


if __name__ == "__main__":
    main()
