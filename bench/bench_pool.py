"""Images per second: the drawing pool's worker processes against one thread (not a test).
Run: .venv/bin/python bench/bench_pool.py [--images 60] [--repeats 5] [--workers N] [--starts 3]

The same table images (blackjack and baccarat views of tests/renders/samples.py, crowded and
settled) are drawn, side by side and alternating in one run: in one worker thread one after the
other (what `asyncio.to_thread` rendering amounted to: one GIL), and by the pool with every job
submitted at once. Printed per repeat and as medians: images per second each way, their ratio
(target >= 1.7x on 2 cores), and the load average (the machine is shared).

First, the first images after start-up (issue 31): `--starts` times, a pool is started afresh
and, once its workers say they have warmed up (the bot goes on meanwhile: a click comes once it
has connected to Discord), the crowded blackjack table is drawn once per worker, one after the
other (each worker's first image: a click's table image), then 20 times more (warm clicks).
Printed: how long the warm-up took, each worker's first image, the warm median and the ratio of
the slowest first image to it (target <= 3x); and, on one more fresh pool, a first image asked
for at once, while its workers still warm up (what a click in the bot's first seconds waits)."""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.renders.samples, run from anywhere

from bot.drawing import DrawingPool, machine_cores
from renders.baccarat import render_baccarat
from renders.blackjack import render_blackjack
from tests.renders.samples import NAMES, bac_crowded, bac_settled, bj_crowded, bj_settled

JOBS = [(render_blackjack, bj_crowded()), (render_blackjack, bj_settled()),
        (render_baccarat, bac_crowded()), (render_baccarat, bac_settled())]


async def one_thread(images: int) -> float:
    start = time.perf_counter()
    for n in range(images):
        function, view = JOBS[n % len(JOBS)]
        await asyncio.to_thread(function, view, NAMES, "rws")
    return images / (time.perf_counter() - start)


async def pooled(pool: DrawingPool, images: int) -> float:
    start = time.perf_counter()
    await asyncio.gather(*(pool.draw(JOBS[n % len(JOBS)][0], JOBS[n % len(JOBS)][1], NAMES, "rws")
                           for n in range(images)))
    return images / (time.perf_counter() - start)


async def drawn_in(pool: DrawingPool) -> float:
    """One crowded blackjack table image, in milliseconds."""
    start = time.perf_counter()
    await pool.draw(render_blackjack, bj_crowded(), NAMES, "rws")
    return (time.perf_counter() - start) * 1000


async def first_images(workers: int, starts: int) -> None:
    print(f"first table images after start-up: {workers} worker processes, {starts} fresh starts")
    ratios = []
    for number in range(1, starts + 1):
        start = time.perf_counter()
        pool = DrawingPool(workers)
        await pool.start()
        await pool.ready()
        warmed = time.perf_counter() - start
        first = [await drawn_in(pool) for _ in range(workers)]
        warm = statistics.median([await drawn_in(pool) for _ in range(20)])
        await pool.close()
        ratios.append(max(first) / warm)
        print(f"  start {number}: warmed up in {warmed:.2f} s; first images "
              + ", ".join(f"{ms:.1f}" for ms in first)
              + f" ms; warm median {warm:.1f} ms; slowest first / warm {max(first) / warm:.2f}x"
              + f" (load average {os.getloadavg()[0]:.1f})")
    print(f"  median ratio {statistics.median(ratios):.2f}x (target <= 3x)")
    start = time.perf_counter()
    pool = DrawingPool(workers)
    await pool.start()
    at_once = await drawn_in(pool)
    print(f"  a first image asked for at start-up (waiting for the warm-up): {at_once:.0f} ms "
          f"({(time.perf_counter() - start) * 1000:.0f} ms after the pool started)")
    await pool.close()


async def main_async(images: int, repeats: int, workers: int, starts: int) -> None:
    await first_images(workers, starts)
    pool = DrawingPool(workers)
    await pool.start()
    assert pool.processes, "the worker processes did not start"
    await pooled(pool, len(JOBS) * workers)  # each worker loads its sprites once
    await one_thread(len(JOBS))
    print(f"{images} table images, {workers} worker processes, {os.cpu_count()} cores")
    ratios, threads, pools = [], [], []
    for number in range(1, repeats + 1):
        thread_rate = await one_thread(images)
        pool_rate = await pooled(pool, images)
        threads.append(thread_rate)
        pools.append(pool_rate)
        ratios.append(pool_rate / thread_rate)
        print(f"  run {number}: one thread {thread_rate:6.1f} images/s, pool {pool_rate:6.1f} images/s, "
              f"ratio {pool_rate / thread_rate:.2f}x (load average {os.getloadavg()[0]:.1f})")
    print(f"median: one thread {statistics.median(threads):.1f} images/s, pool {statistics.median(pools):.1f} "
          f"images/s, ratio {statistics.median(ratios):.2f}x (target >= 1.7x on 2 cores)")
    await pool.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--images", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--workers", type=int, default=machine_cores())
    parser.add_argument("--starts", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main_async(args.images, args.repeats, args.workers, args.starts))


if __name__ == "__main__":
    main()
