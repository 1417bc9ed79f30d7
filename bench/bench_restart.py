"""A restart with thousands of pending turns (not a test).
Run: .venv/bin/python bench/bench_restart.py [--tables 10000] [--repeats 3] [--ref <checkout>]

N blackjack/baccarat tables with a pending turn (real states from random play) are written to a
SQLite file as a bot that stopped would leave them: every turn already out of time when the bot
went down, its heartbeat (bot/timers.py) just after their deadlines. A TableService on the real
clock restores them; their timeouts come due after the restart's grace, spread over the seconds.
Each timeout's table image is drawn in the drawing pool (worker processes), as the presenter
does. Meanwhile a person plays a table of their own (blackjack, one move every 100 ms).
A click's acknowledgement is the first thing its handler does (cogs/common.py `acknowledge`), so
what it waits for is the event loop: the loop's lag (a callback scheduled every 20 ms, how late
it runs) is the ack's wait. Printed: restored deadlines and timeouts made per second (the most
in one second against the target of a tenth of the tables); before the first timeout (normal)
and during the storm: the loop's lag and the person's move (act) p50 / p99, and the ratio of
the p99s (the target, within 2x, is the ack's: the move's is printed to watch). The drawing
pool's workers give way to the bot (NICENESS above it, bot/draw_worker.py) and the collector is set as
the bot sets it after restoring (bot/client.py `freeze_long_lived`).

Each run is a fresh process; `--repeats` runs (with `--ref`, this checkout's and the other's
alternating, on the same machine at the same time) and the median of their ratios. The normal
period is long enough to compare p99s: the restart's grace is BASELINE_SECONDS in this bench
(the bot's is RESTART_GRACE), so the first timeout comes after ~1,000 probes of a quiet loop
(the deadlines are only shifted: the storm is the same). Printed too, per run: the longest
stall during the storm, the garbage collector's full collections then (`gc.callbacks`: how many,
the longest, when, the objects each walked and its CPU), the old generation's size at the end and
the CPU a full collection then takes, the most pictures waiting for a drawing worker and how many
were drawn in a thread, where the storm's slow probes (over its p99) went: the loop thread's ms
on a CPU and ms ready but waiting for one (/proc/thread-self/schedstat), beside the mean of all
probes during and before the storm, and the load average as the run began and ended. The
restored tables' players have client seeds, as in a bot's store (a table that dealt gave them one)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import math
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench_runtime import template_states
from figures import pct

import bot.tables.restore
import cogs.baccarat  # noqa: F401  (registers the games' table drawings in UIS)
import cogs.blackjack  # noqa: F401
from bot.client import freeze_long_lived
from bot.config import Config
from bot.drawing import DrawingPool, machine_cores
from bot.store import Store, dumps, packed_state
from bot.tables import TableService, build_options
from bot.timers import RESTART_GRACE
from cogs.common import UIS
from games.base import IllegalAction

PROBE_EVERY = 0.02  # seconds between two looks at the loop's lag
MOVE_EVERY = 0.1  # seconds between two of the person's moves
BASELINE_SECONDS = 25.0  # the restart's grace here: the normal period before the first timeout
HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]


async def write_tables(path: Path, tables: int) -> None:
    """N active tables with a pending turn, as a bot that stopped a second after their
    deadlines left them (10 a server)."""
    store = await Store.open(path)  # the schema, by the real migrations
    await store.close()
    templates = [t for t in template_states(300, random.Random(7)) if t["pending"]]
    stopped = time.time()
    rows = []
    for n in range(tables):
        t = templates[n % len(templates)]
        extra = {"pending": t["pending"], "players": t["players"]}
        rows.append((1 + n // 10, 10**17 + n, t["game"], t["options"], t["host"], t["lobby"], t["lobby"],
                     packed_state(t["state"]), t["version"], stopped - 1.0, dumps(extra), stopped - 100))
    seeds = {(1 + n // 10, player) for n in range(tables) for player in templates[n % len(templates)]["players"]
             if player > 0}  # every person at a table that dealt has a client seed (bot/fair.py)
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        conn.executemany("INSERT INTO client_seeds (guild_id, user_id, seed) VALUES (?, ?, ?)",
                         [(guild, player, f"{guild:08x}{player:08x}") for guild, player in sorted(seeds)])
        conn.executemany(
            "INSERT INTO tables (guild_id, channel_id, game, options, host_id, status, lobby, start_seats, "
            "state, version, deadline, extra, created_at) VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?)", rows)
        conn.execute("INSERT OR REPLACE INTO clocks (name, at) VALUES ('alive', ?)", (stopped,))


split_of_lag: list[tuple[float, float, float, float]] = []  # per probe: when, lag, ms run, ms waited for a CPU


async def loop_lag(samples: list[tuple[float, float]], until: float, pool: DrawingPool, queued: list[int]) -> None:
    """(when, how late) a callback meant to run every PROBE_EVERY seconds ran; and each time,
    how many pictures waited for a free drawing worker."""
    loop = asyncio.get_running_loop()
    while time.perf_counter() < until:
        planned = loop.time() + PROBE_EVERY
        ran, waited = schedstat()
        await asyncio.sleep(PROBE_EVERY)
        samples.append((time.perf_counter(), (loop.time() - planned) * 1000))
        ran2, waited2 = schedstat()
        split_of_lag.append((samples[-1][0], samples[-1][1], ran2 - ran, waited2 - waited))
        queued.append(len(pool._waiting))


def schedstat() -> tuple[float, float]:
    """The loop thread's ms on a CPU and ms ready but waiting for one (Linux)."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            ran, waited, _ = f.read().split()
        return int(ran) / 1e6, int(waited) / 1e6
    except OSError:
        return 0.0, 0.0


async def person(service: TableService, table: Any, samples: list[tuple[float, float]], until: float) -> None:
    """A person's moves at their own table: bet, then stand, round after round."""
    rng = random.Random(2)
    while time.perf_counter() < until:
        state = table.state
        player = rng.choice(table.module.pending(state)) if state.phase == "betting" else table.module.pending(state)[0]
        move = {"type": "bet", "amount": 10} if state.phase == "betting" else {"type": "stand"}
        start = time.perf_counter()
        with contextlib.suppress(IllegalAction):
            await service.act(table, player, move)
        samples.append((start, (time.perf_counter() - start) * 1000))
        await asyncio.sleep(MOVE_EVERY)


class Collections:
    """The garbage collector's collections (`gc.callbacks`): (when it began, generation, ms)."""

    def __init__(self) -> None:
        self.seen: list[tuple[float, int, float]] = []
        self.walked: list[int] = []  # per full collection: the objects it walked (every generation not frozen)
        self.cpu: list[float] = []  # per full collection: its CPU (ms)
        self._began = self._cpu = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            if info["generation"] == 2:  # counted before the collection is timed (adds a few ms to its stall)
                self.walked.append(sum(len(gc.get_objects(g)) for g in range(3)))
            self._cpu = time.thread_time()
            self._began = time.perf_counter()
        else:
            self.seen.append((self._began, info["generation"], (time.perf_counter() - self._began) * 1000))
            if info["generation"] == 2:
                self.cpu.append(round((time.thread_time() - self._cpu) * 1000, 1))


async def run(tables: int, folder: Path) -> dict[str, Any]:
    """One restart and its storm; what `report` and `summary` read."""
    logging.basicConfig(level=logging.CRITICAL)
    bot.tables.restore.RESTART_GRACE = BASELINE_SECONDS  # a long normal period before the storm
    load_began = os.getloadavg()[0]
    path = folder / "restart.sqlite3"
    await write_tables(path, tables)
    pool = DrawingPool(machine_cores())
    await pool.start()
    store = await Store.open(path)
    service = TableService(store, Config(max_tables_per_guild=20, starting_chips=1_000_000), time.time)
    timeouts: list[float] = []

    drawing: set[asyncio.Task] = set()
    finished: list[int] = []  # one a picture drawn (by a worker, from the memo or in a thread)

    async def drawn(table: Any, events: list, origin: Any) -> None:
        """What the presenter does for a timeout: the table's image, drawn in the pool by the
        table message's own worker (the timeout does not wait for it)."""
        if origin == "timer" and table.active:
            timeouts.append(time.perf_counter())
            task = asyncio.get_running_loop().create_task(
                pool.draw(UIS[table.game].drawer, table.view(None), {}, "rws"))
            drawing.add(task)
            task.add_done_callback(drawing.discard)
            task.add_done_callback(lambda _: finished.append(1))

    service.listeners.append(drawn)
    start = time.perf_counter()
    await service.restore()
    freeze_long_lived()  # as the bot does once its tables are restored (bot/client.py)
    restored, zero = time.time(), time.perf_counter()
    collections = Collections()
    gc.callbacks.append(collections)
    due = Counter(math.floor(t.deadline - restored) for t in service.by_id.values() if t.deadline)
    mine = await service.create(10**6, 1, "blackjack", build_options("blackjack", {"timer": 0}), 7, 50_000)
    await service.join(mine, 8, 50_000)
    await service.start(mine, 7)
    until = zero + max(due) + 3
    lags: list[tuple[float, float]] = []
    moves: list[tuple[float, float]] = []
    queued: list[int] = []
    await asyncio.gather(loop_lag(lags, until, pool, queued), person(service, mine, moves, until))
    gc.callbacks.remove(collections)
    old_objects = len(gc.get_objects(2))
    gave_up = len(finished) - pool.drawn - pool.memo.reused  # pictures drawn in a thread so far
    cpu = time.thread_time()
    gc.collect()
    full_now = (time.thread_time() - cpu) * 1000
    await service.close()
    await store.close()
    await pool.close()
    first = min(timeouts, default=until)
    full = [ms for began, generation, ms in collections.seen if generation == 2 and began >= first]
    full_at = [round(began - first, 1) for began, generation, _ in collections.seen if generation == 2 and began >= first]
    made = Counter(math.floor(t - zero) for t in timeouts)
    return {"tables": tables, "restore_s": zero - start, "workers": len(pool.workers),
            "load": [load_began, os.getloadavg()[0]], "cores": os.cpu_count(),
            "due": [min(due), max(due), max(due.values())], "storm_start_s": first - zero,
            "made": [len(timeouts), min(made, default=0), max(made, default=0), max(made.values(), default=0)],
            "lag": split(lags, first), "act": split(moves, first), "full_gcs": [len(full), max(full, default=0.0)],
            "full_at": full_at, "walked": collections.walked, "queued_max": max(queued, default=0),
            "in_threads": gave_up, "full_now": full_now, "old_objects": old_objects,
            "full_cpu": collections.cpu, "slow": slow_probes(first)}


def slow_probes(first: float) -> dict[str, list[float]]:
    """Of the probes during the storm above its p99: the mean lag, ms the loop thread ran and ms it
    waited for a CPU between the probe's sleep and its wake-up."""
    during = [row for row in split_of_lag if row[0] >= first]
    if not during:
        return {}
    line = pct([row[1] for row in during], 0.99)
    slow = [row for row in during if row[1] >= line]
    before = [row for row in split_of_lag if row[0] < first] or during
    return {"slow": [round(statistics.mean(row[i] for row in slow), 1) for i in (1, 2, 3)],
            "all": [round(statistics.mean(row[i] for row in during), 2) for i in (1, 2, 3)],
            "all before": [round(statistics.mean(row[i] for row in before), 2) for i in (1, 2, 3)]}


def split(samples: list[tuple[float, float]], first: float) -> dict[str, dict[str, float]]:
    """p50 / p99 / max and count before the first timeout and during the storm."""
    parts = {"before": [v for t, v in samples if t < first], "during": [v for t, v in samples if t >= first]}
    return {name: {"n": len(values), "p50": statistics.median(values), "p99": pct(values, 0.99), "max": max(values)}
            for name, values in parts.items() if values}


def report(label: str, result: dict[str, Any]) -> None:
    """One run's figures."""
    tables, (low, high, most), (made, start, end, most_made) = result["tables"], result["due"], result["made"]
    print(f"  {label}: {tables} tables restored in {result['restore_s']:.2f} s; drawing pool {result['workers']} "
          f"processes; load average {result['load'][0]:.1f} -> {result['load'][1]:.1f} on {result['cores']} cores")
    print(f"    restored deadlines {low}-{high} s after the restart (grace here {BASELINE_SECONDS:g} s, the bot's "
          f"{RESTART_GRACE:g} s), most in one second {most / tables:.1%}; timeouts made {made} from {start} s to "
          f"{end} s, most in one second {most_made / tables:.1%} (target <= 10%)")
    for name, key in (("loop lag (an ack's wait)", "lag"), ("the person's move (act)", "act")):
        for when, figures in result[key].items():
            print(f"    {name:<26} {when:<7} n={figures['n']:5}  p50 {figures['p50']:7.2f} ms  "
                  f"p99 {figures['p99']:7.2f} ms  max {figures['max']:7.2f} ms")
    count, longest = result["full_gcs"]
    print(f"    lag p99 during / before {ratio(result, 'lag'):.2f}x (target <= 2x); act {ratio(result, 'act'):.2f}x "
          f"(watched); longest stall during {result['lag']['during']['max']:.0f} ms; full collections during "
          f"{count}, longest {longest:.0f} ms", flush=True)
    print(f"    full collections at {result['full_at']} s into the storm, walking {result['walked']} objects; "
          f"old generation at the end {result['old_objects']}; pictures waiting for a worker at most "
          f"{result['queued_max']}, drawn in a thread during the storm {result['in_threads']}; a full collection after it {result['full_now']:.0f} ms CPU; full collections' CPU "
          f"{result['full_cpu']} ms; probes over p99 (lag, ran, waited ms) {result['slow']}", flush=True)


def ratio(result: dict[str, Any], key: str) -> float:
    figures = result[key]
    if "before" not in figures or "during" not in figures:
        return math.nan
    return figures["during"]["p99"] / figures["before"]["p99"]


def summary(label: str, results: list[dict[str, Any]]) -> None:
    """The median ratio of the runs, their range, and the longest stall of any."""
    lags = sorted(ratio(r, "lag") for r in results)
    stalls = [r["lag"]["during"]["max"] for r in results if "during" in r["lag"]]
    before = [r["lag"]["before"]["p99"] for r in results if "before" in r["lag"]]
    during = [r["lag"]["during"]["p99"] for r in results if "during" in r["lag"]]
    print(f"  {label:<10} {len(results)} runs: lag p99 during / before median {statistics.median(lags):.2f}x "
          f"(runs {', '.join(f'{x:.2f}' for x in lags)}; target <= 2x); p99 before {statistics.median(before):.2f} ms, "
          f"during {statistics.median(during):.2f} ms (medians); longest stall {max(stalls):.0f} ms "
          f"(median of the runs' {statistics.median(stalls):.0f} ms); act p99 ratio median "
          f"{statistics.median(ratio(r, 'act') for r in results):.2f}x; load average "
          f"{min(min(r['load']) for r in results):.1f}-{max(max(r['load']) for r in results):.1f}")


def run_child(checkout: Path, tables: int) -> dict[str, Any]:
    """One run in a fresh process, on `checkout`'s code (this script and its helpers)."""
    done = subprocess.run([sys.executable, str(HERE), "--child", "--tables", str(tables)], cwd=checkout,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(checkout)}, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the run in {checkout} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--ref", type=Path, help="another checkout, run alternating with this one")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        with tempfile.TemporaryDirectory() as folder:
            print(json.dumps(asyncio.run(run(args.tables, Path(folder)))))
        return
    checkouts = {"this": ROOT, **({"reference": args.ref.resolve()} if args.ref else {})}
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in checkouts}
    for repeat in range(args.repeats):
        for name, checkout in checkouts.items():
            results[name].append(run_child(checkout, args.tables))
            report(f"run {repeat + 1}, {name} ({checkout})", results[name][-1])
    for name, runs in results.items():
        summary(name, runs)


if __name__ == "__main__":
    main()
