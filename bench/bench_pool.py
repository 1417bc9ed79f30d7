"""Images per second: the drawing pool's worker processes against one thread (not a test).
Run: .venv/bin/python bench/bench_pool.py [--images 60] [--repeats 5] [--workers N]

The same table images (blackjack and baccarat views of tests/renders/samples.py, crowded and
settled) are drawn, side by side and alternating in one run: in one worker thread one after the
other (what `asyncio.to_thread` rendering amounted to: one GIL), and by the pool with every job
submitted at once. Printed per repeat and as medians: images per second each way, their ratio
(target >= 1.7x on 2 cores), and the load average (the machine is shared)."""

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


async def main_async(images: int, repeats: int, workers: int) -> None:
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
    args = parser.parse_args()
    asyncio.run(main_async(args.images, args.repeats, args.workers))


if __name__ == "__main__":
    main()
