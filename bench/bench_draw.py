"""The CPU each game's table picture costs to draw (not a test), in one process with warm caches
settled as a drawing worker settles them (the views of renders/warm.py's samples: real games,
dealt and played a few moves). CPU time (`time.process_time`), so that other load on the
machine matters less than for wall time. Run: .venv/bin/python bench/bench_draw.py [--runs N] [--only blackjack] [--profile]
[--save DIR]

To compare two checkouts on the same views: run it with `--views FILE` in each (PYTHONPATH the
checkout, the views written by the first run), alternating.

Per picture: median and p99 of the CPU a drawing takes (ms), the PNG's size; with `--profile`, the
functions the costliest picture spends its time in (cProfile, top 25 by cumulative time)."""

from __future__ import annotations

import argparse
import cProfile
import functools
import importlib
import os
import pickle
import pstats
import statistics
import time
from collections.abc import Callable

from figures import pct

from bot.draw_worker import settle
from renders import warm

Drawing = Callable[[], bytes]


def samples(views: str, crowded: bool) -> list[tuple[str, str, str, tuple, dict]]:
    """(name, module, function, args, kwargs) of every picture a drawing worker warms up with:
    each game's table (`<game> table`), hands, the round, the pile and the profile; `crowded`:
    every game's busiest pictures at its most seats (`crowded <moment>`). Kept in
    `views` (read if it exists, else written), so that two checkouts draw the same views."""
    if views and os.path.exists(views):
        with open(views, "rb") as f:
            return pickle.load(f)
    found: list[tuple[str, str, str, tuple, dict]] = []
    for make in warm.SAMPLES:
        game = make.__name__.removesuffix("_samples")
        for function, args, kwargs in make():
            kind = function.__name__.removeprefix("render_").removeprefix(f"{game}_")
            name = f"{game} {'table' if kind == game else kind}"
            taken = sum(1 for other in found if other[0].startswith(name))
            found.append((f"{name} {taken + 1}" if taken else name, function.__module__, function.__name__,
                          args, kwargs))
    if crowded:
        from tests.renders.crowded import moments

        found += [(f"crowded {name}", render.__module__, render.__name__, (view, who), {})
                  for name, view, who, render in moments()]
    if views:
        with open(views, "wb") as f:
            pickle.dump(found, f)
    return found


def pictures(views: str, crowded: bool) -> dict[str, Drawing]:
    """Each sample's drawing, by name."""
    return {name: functools.partial(getattr(importlib.import_module(module), function), *args, **kwargs)
            for name, module, function, args, kwargs in samples(views, crowded)}


def cpu_ms(draw: Drawing, runs: int) -> tuple[list[float], bytes]:
    data = draw()
    times = []
    for _ in range(runs):
        start = time.process_time()
        data = draw()
        times.append((time.process_time() - start) * 1000)
    return times, data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--only", default="", help="pictures whose name contains this")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--save", default="", help="a folder to write each picture's PNG in")
    parser.add_argument("--crowded", action="store_true", help="every game's busiest pictures too (tests/renders/crowded.py)")
    parser.add_argument("--views", default="", help="a file the views are kept in (to compare checkouts)")
    args = parser.parse_args()
    start = time.process_time()
    warm.warm_every_kind()
    settle()  # as the worker does after its warm-up
    print(f"warm-up (every kind once, cold): {(time.process_time() - start) * 1000:.0f} ms CPU; "
          f"load average {os.getloadavg()[0]:.2f}")
    medians: dict[str, float] = {}
    for name, draw in pictures(args.views, args.crowded).items():
        if args.only not in name:
            continue
        times, data = cpu_ms(draw, args.runs)
        medians[name] = statistics.median(times)
        print(f"  {name:<48} CPU median {medians[name]:6.2f} ms  p99 {pct(times, 0.99):6.2f} ms  "
              f"png {len(data) / 1024:6.1f} KB  (n={len(times)})")
        if args.save:
            os.makedirs(args.save, exist_ok=True)
            with open(os.path.join(args.save, f"{name}.png"), "wb") as f:
                f.write(data)
    if args.profile and medians:
        worst = max(medians, key=medians.__getitem__)
        print(f"profile of {worst}:")
        draw = pictures(args.views, args.crowded)[worst]
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [draw() for _ in range(args.runs)])
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
