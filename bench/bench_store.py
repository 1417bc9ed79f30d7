"""SQLite under load: this checkout's commit path beside the one it replaced (not a test). Run
from the root:
    .venv/bin/python bench/bench_store.py [--ref <checkout>] [--tables 1000] [--seconds 10] [--repeats 3]

The reference is this same checkout with main's commit path from before one-hop transactions
put back (`OldSqliteTx` and `old_transaction` below, copied from bot/store_sqlite.py as it was:
every statement its own call in aiosqlite's thread, a transaction holding the write lock from
BEGIN to COMMIT), so everything else — games, runtime — is the same on both sides. `--ref` names
another checkout instead (a `git worktree add --detach <folder> <commit>` of the commit to
compare with; its games and runtime then differ too).
Each run is a fresh process on a fresh SQLite file (WAL, synchronous=NORMAL, as the bot opens
it) importing one checkout's `bot` and `games`: it opens `--tables` blackjack tables (3 players,
no timer), then one player coroutine per table acts at random on its own table for `--seconds`
(every table busy at once). The two checkouts alternate `--repeats` times in the same
invocation, so both meet the same machine; the ratio is taken of the medians. Printed per run:
accepted moves/s, act p50/p99 (lock, apply, commit) and, for a store that groups commits, moves
a transaction. The machine is shared: read the ratio, not one run's figure.

Part 2: one table alone, act p50/p99 over 2,000 accepted moves, both checkouts (target p99 <= 2
ms).

Part 3: a move's state write, the serialisation alone: for each game the same seeded play
(computer players' choices, or random legal moves), and after every move the state turned into
the JSON the store keeps (`dumps(to_dict(state))`, as `Table.state_json` does): this checkout's
games (records copied with `marshal`: games.base.plain_copy) beside the same games with their old
copies put back (`put_back_old_copies`: a Python walk, poker's copy.deepcopy), or `--ref`'s.
Median and p99 microseconds a move, both checkouts alternating, and the ratio of the medians."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]
PLAYER_BASE = 1_100_000_000_000_000_000
PLAYERS = 3


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def random_move(module: Any, state: Any, rng: random.Random) -> tuple[int, dict]:
    """As bench_runtime.random_move (repeated here: the child imports only the checkout's bot)."""
    player = rng.choice(module.pending(state) or module.players(state))
    moves = [m for m in module.legal_actions(state, player)
             if m["type"] not in ("join", "leave", "sitout", "sitin")] or [{"type": "pass"}]
    move = dict(rng.choice(moves))
    if move["type"] == "bet":
        low, high = move.pop("min", 1), move.pop("max", 1)
        move["amount"] = rng.randint(low, max(low, min(high, low * 3)))
    return player, move


# --- main's commit path before one-hop transactions (bot/store_sqlite.py at a30ea05) ----------


def put_back_old_commit_path() -> None:
    """This process's SqliteStore commits as main did before: a hand-off per statement."""
    from contextlib import asynccontextmanager

    from bot.store import Tx
    from bot.store_sqlite import SqliteStore

    class OldSqliteTx(Tx):
        def __init__(self, conn: Any) -> None:
            self.conn = conn

        async def execute(self, sql: str, params: tuple = ()) -> None:
            await self.conn.execute(sql, params)

        async def fetchone(self, sql: str, params: tuple = ()) -> Any:
            async with self.conn.execute(sql, params) as cursor:
                return await cursor.fetchone()

        async def insert(self, sql: str, params: tuple = ()) -> int:
            async with self.conn.execute(sql, params) as cursor:
                return int(cursor.lastrowid or 0)

    @asynccontextmanager
    async def old_transaction(self: Any) -> Any:
        async with self.write_lock:
            tx = OldSqliteTx(self.conn)
            await tx.execute("BEGIN IMMEDIATE")
            try:
                yield tx
            except BaseException:
                await tx.execute("ROLLBACK")
                raise
            await tx.execute("COMMIT")

    async def old_fetchone(self: Any, sql: str, params: tuple = ()) -> Any:
        async with self.conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def old_fetchall(self: Any, sql: str, params: tuple = ()) -> Any:
        async with self.conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    SqliteStore.transaction = old_transaction  # type: ignore[method-assign]
    SqliteStore.fetchone = old_fetchone  # type: ignore[method-assign]
    SqliteStore.fetchall = old_fetchall  # type: ignore[method-assign]


# --- the child: one checkout, one run ------------------------------------------------------


async def child(path: Path, tables: int, seconds: float, one: bool, old_path: bool = False) -> dict[str, Any]:
    if old_path:
        put_back_old_commit_path()
    from bot.config import Config
    from bot.store import Store
    from bot.tables import TableService, build_options
    from games.base import IllegalAction

    store = await Store.open(path)
    service = TableService(store, Config(starting_chips=100_000, max_tables_per_guild=10), time.time)
    opened = []
    for n in range(tables):
        players = [PLAYER_BASE + n * 10 + p for p in range(PLAYERS)]
        table = await service.create(n // 10 + 1, 10**17 + n, "blackjack",
                                     build_options("blackjack", {"timer": 600 if one else 0}), players[0], 50_000)
        for player in players[1:]:
            await service.join(table, player, 50_000)
        await service.start(table, players[0])
        opened.append(table)
    group = None if old_path else getattr(store, "commit_group", None)
    transactions_before = getattr(group, "transactions", 0)
    acts: list[float] = []
    refused = 0

    async def play(table: Any, rng: random.Random, stop_at: float, limit: int | None) -> None:
        nonlocal refused
        while time.perf_counter() < stop_at and (limit is None or len(acts) < limit):
            who, move = random_move(table.module, table.state, rng)
            start = time.perf_counter()
            try:
                await service.act(table, who, move)
            except IllegalAction:
                refused += 1
                await asyncio.sleep(0)
                continue
            acts.append((time.perf_counter() - start) * 1000)

    started, cpu_started, main_started = time.perf_counter(), time.process_time(), time.thread_time()
    if one:
        await play(opened[0], random.Random(1), started + 600, 2_100)
        acts[:] = acts[100:]  # warm-up
    else:
        await asyncio.gather(*(play(t, random.Random(n), started + seconds, None) for n, t in enumerate(opened)))
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    main_cpu = time.thread_time() - main_started  # the event loop's thread alone
    transactions = getattr(group, "transactions", 0) - transactions_before
    await service.close()
    await store.close()
    return {"moves": len(acts), "seconds": elapsed, "p50": statistics.median(acts), "p99": pct(acts, 0.99),
            "refused": refused, "cpu_ms": cpu * 1000 / max(1, len(acts)),
            "main_cpu_ms": main_cpu * 1000 / max(1, len(acts)), "per_transaction": len(acts) / transactions if transactions else None}


WRITE_GAMES = ("blackjack", "poker", "rummy", "arcanoid", "tarot")


def put_back_old_copies() -> None:
    """The games' record copies as they were before (a Python walk; poker's by copy.deepcopy)."""
    import copy

    import games.arcanoid.rules
    import games.base
    import games.house
    import games.poker.rules

    walked = getattr(games.base, "_walked_copy", games.base.plain_copy)
    games.house.plain_copy = walked
    games.arcanoid.rules.plain_copy = walked
    games.poker.rules._copy = copy.deepcopy


def writes_child(moves: int, old_copies: bool) -> dict[str, Any]:
    """Serialisation a move, per game, as this process's checkout does it."""
    if old_copies:
        put_back_old_copies()
    from bot.store import dumps
    from games import fairness
    from games.base import RUNTIME_PLAYER, IllegalAction, SeatSpec
    from games.registry import GAMES

    figures = {}
    for game in WRITE_GAMES:
        module = GAMES[game]
        rng = random.Random(game)
        with fairness.predictable(game):
            low, high = module.seat_range(module.Options()) if hasattr(module, "seat_range") else \
                (module.MIN_SEATS, module.MAX_SEATS)
            seats = max(low, min(high, 4))
            state = module.new(module.Options(), [SeatSpec(PLAYER_BASE + n, 50_000) for n in range(seats)])
            times: list[float] = []
            while len(times) < moves:
                waiting = module.pending(state)
                if not waiting and getattr(module, "reaction_window", lambda _: None)(state) is not None:
                    who, move = RUNTIME_PLAYER, {"type": "close_window"}
                elif not waiting:
                    break
                elif hasattr(module, "computer_action"):
                    who = waiting[0]
                    move = module.computer_action(state, who)
                else:
                    who, move = random_move(module, state, rng)
                try:
                    module.apply(state, who, move)
                except IllegalAction:
                    continue
                start = time.perf_counter()
                dumps(module.to_dict(state))
                times.append((time.perf_counter() - start) * 1e6)
        figures[game] = {"seats": seats, "median": statistics.median(times), "p99": pct(times, 0.99), "moves": len(times)}
    return figures


def compare_writes(ref: Path | None, moves: int, repeats: int) -> None:
    checkouts: dict[str, Path | None] = {"this": ROOT, "reference": ref}  # None: the old copies put back
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in checkouts}
    for _ in range(repeats):
        for name, checkout in checkouts.items():
            old = ["--old-path"] if checkout is None else []
            checkout = checkout or ROOT
            done = subprocess.run([sys.executable, str(HERE), "--writes-child", str(moves), *old], cwd=checkout,
                                  capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(checkout)},
                                  check=False)
            if done.returncode != 0:
                raise SystemExit(f"the run in {checkout} failed:\n{done.stderr}")
            runs[name].append(json.loads(done.stdout.strip().splitlines()[-1]))
    for game in WRITE_GAMES:
        this = statistics.median(r[game]["median"] for r in runs["this"])
        then = statistics.median(r[game]["median"] for r in runs["reference"])
        this99 = statistics.median(r[game]["p99"] for r in runs["this"])
        then99 = statistics.median(r[game]["p99"] for r in runs["reference"])
        print(f"  {game:<10} this median {this:7.1f} us (p99 {this99:7.1f})   reference median {then:7.1f} us "
              f"(p99 {then99:7.1f})   reference / this {then / this:4.2f}x  ({runs['this'][0][game]['moves']} moves, "
              f"{runs['this'][0][game]['seats']} seats)")


def run_child(checkout: Path | None, folder: Path, tables: int, seconds: float, one: bool, n: int) -> dict[str, Any]:
    """A run in a fresh process: `checkout`'s code, or this one's with the old commit path (None)."""
    path = folder / f"run{n}.sqlite3"
    args = [sys.executable, str(HERE), "--child", str(path), "--tables", str(tables), "--seconds", str(seconds)]
    args += (["--one"] if one else []) + (["--old-path"] if checkout is None else [])
    checkout = checkout or ROOT
    done = subprocess.run(args, cwd=checkout, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(checkout)}, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the run in {checkout} failed:\n{done.stderr}")
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def line(label: str, result: dict[str, Any], one: bool) -> str:
    rate = result["moves"] / result["seconds"]
    grouped = f", {result['per_transaction']:.1f} moves a transaction" if result["per_transaction"] else ""
    head = "" if one else f"{rate:7.0f} moves/s  "
    return (f"    {label:<10} {head}act p50 {result['p50']:8.3f} ms  p99 {result['p99']:8.3f} ms  "
            f"CPU {result['cpu_ms']:.3f} ms a move (loop's thread {result['main_cpu_ms']:.3f})  "
            f"({result['moves']} moves, {result['refused']} refused not counted{grouped})")


def compare(ref: Path | None, tables: int, seconds: float, repeats: int, one: bool) -> None:
    checkouts: dict[str, Path | None] = {"this": ROOT, "reference": ref}
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in checkouts}
    with tempfile.TemporaryDirectory() as folder:
        for repeat in range(repeats):
            print(f"  run {repeat + 1}:")
            for n, (name, checkout) in enumerate(checkouts.items()):
                result = run_child(checkout, Path(folder), tables, seconds, one, repeat * 2 + n)
                results[name].append(result)
                print(line(name, result, one), flush=True)
    for name in checkouts:
        runs = results[name]
        rates = [r["moves"] / r["seconds"] for r in runs]
        print(f"  {name:<10} median of {repeats}: " + ("" if one else f"{statistics.median(rates):7.0f} moves/s, ")
              + f"act p50 {statistics.median(r['p50'] for r in runs):.3f} ms, "
              f"CPU {statistics.median(r['cpu_ms'] for r in runs):.3f} ms a move "
              f"(loop's thread {statistics.median(r['main_cpu_ms'] for r in runs):.3f}), "
              f"p99 {statistics.median(r['p99'] for r in runs):.3f} ms")
    if not one:
        this = statistics.median(r["moves"] / r["seconds"] for r in results["this"])
        then = statistics.median(r["moves"] / r["seconds"] for r in results["reference"])
        print(f"  this / reference, moves/s: {this / then:.2f}x (medians; target >= 2x)")
    else:
        print(f"  this checkout's act p99 (median of runs): "
              f"{statistics.median(r['p99'] for r in results['this']):.3f} ms (target <= 2 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ref", type=Path, help="a checkout of the commit to compare with")
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", choices=("busy", "one", "writes"), help="run one part only")
    parser.add_argument("--writes-child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--old-path", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.writes_child is not None:
        print(json.dumps(writes_child(args.writes_child, args.old_path)))
        return
    if args.child is not None:
        print(json.dumps(asyncio.run(child(args.child, 1 if args.one else args.tables, args.seconds, args.one,
                                           args.old_path))))
        return
    load = os.getloadavg()[0]
    against = args.ref or "this checkout with main's old commit path"
    if args.only in (None, "busy"):
        print(f"1. {args.tables} busy blackjack tables, one player coroutine each, {args.seconds:.0f} s a run, "
              f"SQLite, one process; this checkout and {against} alternate {args.repeats} times "
              f"(load average {load:.1f})")
        compare(args.ref, args.tables, args.seconds, args.repeats, one=False)
    if args.only in (None, "one"):
        print(f"2. one table alone, 2,000 accepted moves after 100 warm-up (load average {os.getloadavg()[0]:.1f})")
        compare(args.ref, 1, 0, args.repeats, one=True)
    if args.only in (None, "writes"):
        print(f"3. a move's state serialisation, 5 games, 4 seats (Rummy 2), up to 1,500 moves each, medians of "
              f"{args.repeats} runs (load average {os.getloadavg()[0]:.1f})")
        compare_writes(args.ref, 1_500, args.repeats)
    print(f"(load average at the end {os.getloadavg()[0]:.1f}; the machine is shared by other work)")


if __name__ == "__main__":
    main()
