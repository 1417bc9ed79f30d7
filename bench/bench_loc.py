"""Loc timings (not a test). Run: .venv/bin/python bench/bench_loc.py [--hands N]

Over random legal play at 4 and 10 seats: one `apply` (a choice, or the choice that reveals),
`view(None)`, a JSON round trip of the state, the public table image and a private hand."""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from figures import show

from games import fairness, loc
from games.base import SeatSpec
from renders.hand import render_hand
from renders.loc import render_loc


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def run(seats: int, hands: int) -> None:
    rng = random.Random(seats)
    fairness.set_source(fairness.Predictable(seats))  # reproducible figures: every hand's seed
    state = loc.new(loc.Options(bet=1), [SeatSpec(p, 100_000) for p in range(1, seats + 1)])
    choices, reveals, views, trips, images, privates = [], [], [], [], [], []
    while state.hand <= hands:
        player = rng.choice(loc.pending(state))
        moves = [a for a in loc.legal_actions(state, player) if a["type"] in ("discard", "play")]
        last = len(loc.pending(state)) == 1
        spent = timed(lambda: loc.apply(state, player, rng.choice(moves)))  # noqa: B023
        (reveals if last and state.play != 1 else choices).append(spent)
        views.append(timed(lambda: loc.view(state, None)))
        trips.append(timed(lambda: loc.from_dict(json.loads(json.dumps(loc.to_dict(state))))))
        if len(images) < 60:
            images.append(timed(lambda: render_loc(loc.view(state, None), {})))
            me = loc.view(state, player)["me"]
            privates.append(timed(lambda: render_hand(me["cards"], caption="Your hand")))  # noqa: B023
    print(f"--- {seats} seats, {hands} hands")
    show("apply: a choice", choices)
    show("apply: the choice that reveals", reveals)
    show("view(None)", views)
    show("to_dict + JSON + from_dict", trips)
    show("render_loc (public table)", images)
    show("render_hand (private hand)", privates)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=200)
    args = parser.parse_args()
    for seats in (4, 10):
        run(seats, args.hands)


if __name__ == "__main__":
    main()
