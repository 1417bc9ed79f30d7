"""Render timings (not a test): the 7-player blackjack table mid-round, a 10-card hand and a
78-card /count pile. Run: .venv/bin/python bench/bench_render.py [--runs N] [--save DIR]

Targets (the table): median <= 25 ms, PNG <= 200 KB."""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import time
from collections.abc import Callable

from PIL import Image

from games.cards import full_deck, shuffle
from renders.blackjack import render_blackjack
from renders.count import render_pile
from renders.hand import render_hand

NAMES = {101: "Alice", 102: "Bob", 103: "Chandra", 104: "Dmitri", 105: "Eve Martin",
         106: "Francesca", 107: "Gus"}


def _deck(seed: int) -> list[str]:
    return [c.code for c in shuffle(full_deck() + full_deck(), random.Random(seed))]


def blackjack_view() -> dict:
    """A realistic mid-round table: 7 players with 2-4 cards each, two of them split (one into
    three hands), the dealer's hole card face down, the fourth player to act."""
    deck = _deck(2024)

    def hand(n: int, status: str, bet: int = 25) -> dict:
        return {"cards": [deck.pop() for _ in range(n)], "bet": bet, "total": 10 + n * 3,
                "status": status, "result": None, "payout": None}

    layouts = [[(3, "stood")], [(2, "stood"), (3, "bust")], [(4, "stood")],
               [(2, "stood"), (2, "playing"), (1, "playing")], [(2, "playing")], [(3, "playing")],
               [(2, "playing")]]
    seats = []
    for i, hands in enumerate(layouts):
        seats.append({"player": 101 + i, "stack": 800 + 45 * i, "bet": 25, "passed": False,
                      "sitting_out": False, "hands": [hand(n, s) for n, s in hands]})
    return {"game": "blackjack", "phase": "playing", "round": 12, "min_bet": 10, "max_bet": 500,
            "orientation": "best", "shoe_remaining": 97,
            "dealer": {"cards": [deck.pop(), None], "total": None}, "seats": seats,
            "turn": {"player": 104, "hand": 1}, "last_round": None}


def measure(name: str, render: Callable[[], bytes], runs: int, save: str | None) -> None:
    for _ in range(5):  # warm-up: sprites, fonts
        data = render()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        data = render()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    size = Image.open(io.BytesIO(data)).size
    print(f"{name:<22} median {statistics.median(times):6.1f} ms  p99 {p99:6.1f} ms  "
          f"min {times[0]:6.1f} ms  png {len(data) / 1024:6.1f} KB  {size[0]}x{size[1]}  ({runs} runs)")
    if save:
        os.makedirs(save, exist_ok=True)
        with open(os.path.join(save, f"bench_{name.split()[0]}.png"), "wb") as f:
            f.write(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--save", default="/tmp/render_samples")
    args = parser.parse_args()
    view = blackjack_view()
    deck = _deck(7)
    pile = [(deck[i:i + 3], "3½" if i % 2 else "1") for i in range(0, 78, 3)]
    start = time.perf_counter()
    render_blackjack(view, NAMES)
    print(f"first table render, cold caches (sprites, fonts, palette): "
          f"{(time.perf_counter() - start) * 1000:.0f} ms")
    measure("blackjack 7 players", lambda: render_blackjack(view, NAMES), args.runs, args.save)
    measure("hand 10 cards", lambda: render_hand(deck[:10], caption="Alice"), args.runs, args.save)
    measure("pile 78 cards", lambda: render_pile(pile, "Count · groups of 3"), max(50, args.runs // 4),
            args.save)
    print("targets (blackjack table): median <= 25 ms, png <= 200 KB")


if __name__ == "__main__":
    main()
