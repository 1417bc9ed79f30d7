"""Runtime timings (not a test). Run: .venv/bin/python bench/bench_runtime.py [--actions N] [--tables N]

1. One accepted action through TableService.act (lock, apply, one SQLite transaction, WAL file,
   no listeners so no rendering), over random legal blackjack play; after each action, on the
   same connection, a bare aiosqlite transaction (state row update + one action-log insert) and
   the same two statements through Store.transaction()/Tx, so all three share the machine's mood.
   Target: act p99 <= 2 ms (the bare commit is "about 0.8 ms p99 on these machines").
2. TableService.restore() of 10,000 active blackjack/baccarat tables (real states from random
   play, some mid-round, cloned into rows) on a fresh Store, and the memory each idle table
   costs afterwards (tracemalloc). Targets: restore <= 2 s, <= 20 KB per idle table. The restored
   turns' timers are held (their timeout queue closed): with --tables 100000 the memory step
   outlasts a turn, and their default moves are bench_restart.py's subject, not this one's."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import gc
import inspect
import random
import sqlite3
import statistics
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from figures import figures

from bot.client import freeze_long_lived
from bot.config import Config
from bot.store import Store, dumps, packed_state
from bot.tables import Table, TableService, build_options
from games import fairness
from games.base import Action, IllegalAction, SeatSpec
from games.registry import GAMES

GUILD = 1
PLAYER_BASE = 1_100_000_000_000_000_000  # Discord-sized snowflakes (ints of realistic size)


def random_move(module: ModuleType, state: Any, rng: random.Random) -> tuple[int, Action]:
    """A random legal move of a player the game waits on; bets get an amount (min to 3x min).
    Seat changes (join, leave, sit out/in) are left out, as in tests/bot/helpers.py."""
    player = rng.choice(module.pending(state) or module.players(state))
    moves = [m for m in module.legal_actions(state, player)
             if m["type"] not in ("join", "leave", "sitout", "sitin")] or [{"type": "pass"}]
    move = dict(rng.choice(moves))
    if move["type"] == "bet":
        low, high = move.pop("min", 1), move.pop("max", 1)
        move["amount"] = rng.randint(low, max(low, min(high, low * 3)))
    return player, move


def timed(samples: list[float], fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return await fn(*args, **kwargs)
        finally:
            samples.append((time.perf_counter() - start) * 1000)
    return wrapper


# --- 1. one accepted action ----------------------------------------------------------------


async def bench_actions(folder: Path, count: int, warmup: int = 100) -> None:
    store = await Store.open(folder / "actions.sqlite3")
    service = TableService(store, Config(starting_chips=100_000), time.time)
    players = [PLAYER_BASE + n for n in range(3)]  # deep stacks: nobody goes broke mid-run
    # timer 600 s: deadlines are computed, stored and armed on every action, yet never fire here
    table = await service.create(GUILD, 10, "blackjack", build_options("blackjack", {"timer": 600}),
                                 players[0], 50_000)
    for player in players[1:]:
        await service.join(table, player, 50_000)
    await service.start(table, players[0])
    reference = await service.create(GUILD, 11, "blackjack", build_options("blackjack", {}), players[0], 10)
    commits: list[float] = []
    service._commit = timed(commits, service._commit)  # type: ignore[method-assign]

    rng = random.Random(1)
    acts: list[float] = []
    settling: list[float] = []
    bare: list[float] = []
    wrapped: list[float] = []
    mix: Counter[str] = Counter()
    refused = 0
    rounds_start = table.state.round
    while len(acts) < count + warmup:
        player, move = random_move(table.module, table.state, rng)
        start = time.perf_counter()
        try:
            events = await service.act(table, player, move)
        except IllegalAction:
            refused += 1
            continue
        acts.append((time.perf_counter() - start) * 1000)
        if len(acts) > warmup:
            mix[move["type"]] += 1
            if any(e.kind == "settled" for e in events):
                settling.append(acts[-1])
        state_json = table.state_json() or ""
        bare.append(await bare_commit(store, reference.id, 2 * len(bare) + 1, state_json))
        wrapped.append(await store_commit(store, reference.id, 2 * len(wrapped) + 2, state_json))
    print(f"1. one accepted action, blackjack, 3 players, {count} actions after {warmup} warm-up "
          f"({table.state.round - rounds_start} rounds, {refused} refused moves not counted; "
          f"state row {len(table.state_json() or '')} bytes)")
    print("   moves: " + ", ".join(f"{kind} {n}" for kind, n in mix.most_common()))
    figures("TableService.act (lock, apply, commit)", acts[warmup:], "p99 <= 2 ms")
    figures("  of which _commit (serialise + transaction)", commits[-count:])
    figures("  the actions that settle a round", settling)
    figures("bare aiosqlite commit (UPDATE + INSERT)", bare[warmup:], "reference, ~0.8 ms p99")
    figures("the same through Store.transaction()/Tx", wrapped[warmup:])
    await service.close()
    await store.close()


async def bare_commit(store: Store, table_id: int, version: int, state_json: str) -> float:
    """The floor: BEGIN, update the state row (packed, as the bot writes it), insert one log row,
    COMMIT, on the same connection."""
    conn = store.conn
    start = time.perf_counter()
    await conn.execute("BEGIN IMMEDIATE")
    await conn.execute("UPDATE tables SET state=?, version=? WHERE id=?", (packed_state(state_json), version, table_id))
    await conn.execute("INSERT INTO actions (table_id, version, player, action, at) VALUES (?, ?, ?, ?, ?)",
                       (table_id, version, 1, '{"type":"hit"}', time.time()))
    await conn.execute("COMMIT")
    return (time.perf_counter() - start) * 1000


async def store_commit(store: Store, table_id: int, version: int, state_json: str) -> float:
    """The same two statements through the project's transaction wrapper (for comparison)."""
    start = time.perf_counter()
    async with store.transaction() as tx:
        await tx.execute("UPDATE tables SET state=?, version=? WHERE id=?", (packed_state(state_json), version, table_id))
        await tx.log_action(table_id, version, 1, {"type": "hit"}, time.time())
    return (time.perf_counter() - start) * 1000


# --- 2. restoring many tables --------------------------------------------------------------


def template_states(count: int, rng: random.Random) -> list[dict[str, Any]]:
    """Real states: a new table of 1-6 players, then 0-80 random legal moves (so some are in a
    betting window, some mid-hand, many with a settled round kept for display)."""
    templates = []
    for n in range(count):
        game = "blackjack" if n % 3 else "baccarat"
        module = GAMES[game]
        options = module.Options(decks=rng.choice((1, 2, 2, 2, 4)))
        seats = [SeatSpec(PLAYER_BASE + rng.randrange(10**9), rng.choice((200, 500, 1000, 5000)))
                 for _ in range(rng.randint(1, 6))]
        with fairness.predictable(rng.getrandbits(62)):  # reproducible figures
            state = module.new(options, seats)
        moves = 0
        for _ in range(rng.randint(0, 80)):
            player, move = random_move(module, state, rng)
            with contextlib.suppress(IllegalAction):
                module.apply(state, player, move)
                moves += 1
        templates.append({"game": game, "options": dumps(dataclasses.asdict(options)),
                          "lobby": dumps([dataclasses.asdict(s) for s in seats]), "version": moves,
                          "host": seats[0].player, "state": dumps(module.to_dict(state)),
                          "pending": module.pending(state), "timer": options.timer,
                          "players": list(module.players(state))})
    return templates


async def make_database(path: Path, tables: int) -> tuple[int, int]:
    """10,000 active tables, 10 per server (the per-server limit). Returns (phases, bytes)."""
    store = await Store.open(path)  # the schema, by the real migrations
    await store.close()
    templates = template_states(200, random.Random(7))
    now = time.time()
    rows = []
    for n in range(tables):
        t = templates[n % len(templates)]
        extra = {"lobby_message": 10**18 + 2 * n, "table_message": 10**18 + 2 * n + 1, "pending": t["pending"],
                 "players": t["players"]}  # as every commit writes them
        rows.append((GUILD + n // 10, 10**17 + n, t["game"], t["options"], t["host"], t["lobby"], t["lobby"],
                     packed_state(t["state"]), t["version"], now + t["timer"] if t["pending"] else None,
                     dumps(extra), now))
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        conn.executemany(
            "INSERT INTO tables (guild_id, channel_id, game, options, host_id, status, lobby, start_seats, "
            "state, version, deadline, extra, created_at) "
            "VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?)", rows)
    playing = sum('"phase":"playing"' in t["state"] for t in templates)
    return playing * tables // len(templates), sum(len(r[7]) for r in rows) // tables


async def bench_restore(folder: Path, tables: int, runs: int = 3) -> None:
    path = folder / "restore.sqlite3"
    start = time.perf_counter()
    mid_hand, state_bytes = await make_database(path, tables)
    print(f"\n2. restore: {tables} active tables (2/3 blackjack, 1/3 baccarat, 1-6 seats, "
          f"{mid_hand} mid-hand, state rows {state_bytes} bytes on average, packed), "
          f"built in {time.perf_counter() - start:.1f} s")
    seconds, cpu, main_cpu, selects, freezes, stalls, stalls_cpu = [], [], [], [], [], [], []
    for run in range(runs):
        store = await Store.open(path)
        start = time.perf_counter()
        await store.open_tables()
        selects.append(time.perf_counter() - start)
        service = TableService(store, Config(), time.time)
        gc.collect()
        start, start_cpu, start_main = time.perf_counter(), time.process_time(), time.thread_time()
        with LoopStalls() as probe:
            restored = await service.restore(**as_the_bot_restores(service))
        service.timeouts.close()  # this bench times restoring, not the restored turns' timeouts
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        main_cpu.append(time.thread_time() - start_main)
        stalls.append(probe.longest)
        stalls_cpu.append(probe.longest_cpu)
        assert restored == tables, restored
        start = time.perf_counter()
        freeze_long_lived()  # what the bot does next at start-up (bot/client.py)
        freezes.append(time.perf_counter() - start)
        gc.unfreeze()
        if run == 0:
            await lookups(service)
        await service.close()
        await store.close()
    print(f"  TableService.restore() on a fresh Store      median {statistics.median(seconds):.3f} s  "
          f"runs {', '.join(f'{s:.3f}' for s in seconds)}  target <= 2 s  (CPU median {statistics.median(cpu):.3f} s, "
          f"the loop's thread {statistics.median(main_cpu):.3f} s)")
    print(f"    the loop's longest stall during it           median {statistics.median(stalls) * 1000:.0f} ms  "
          f"runs {', '.join(f'{s * 1000:.0f}' for s in stalls)}  target <= 50 ms  (the loop's thread's CPU "
          f"in it: median {statistics.median(stalls_cpu) * 1000:.0f} ms, most {max(stalls_cpu) * 1000:.0f} ms)")
    print(f"    then the start-up's GC collect + freeze      median {statistics.median(freezes):.3f} s")
    print(f"    of which the SELECT of every open row        median {statistics.median(selects):.3f} s")
    await memory(path, tables)


def as_the_bot_restores(service: TableService) -> dict[str, Any]:
    """The bot's own restore arguments (bot/client.py), where the checkout takes them."""
    return {"freeze": True} if "freeze" in inspect.signature(service.restore).parameters else {}


class LoopStalls:
    """The longest the event loop went without running a callback meant to run every
    millisecond, while the `with` block awaits (the restore): what a click's ack would wait;
    and the most CPU the loop's thread used between two such runs (what a loaded machine,
    which stretches the first, does not inflate)."""

    def __init__(self) -> None:
        self.longest = self.longest_cpu = 0.0
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self._task: asyncio.Task[None] | None = None

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self.longest = max(self.longest, now - self._last)
        self.longest_cpu = max(self.longest_cpu, cpu - self._last_cpu)
        self._last, self._last_cpu = now, cpu

    async def _probe(self) -> None:
        while True:
            await asyncio.sleep(0.001)
            self._tick()

    def __enter__(self) -> LoopStalls:
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self._task = asyncio.get_running_loop().create_task(self._probe())
        return self

    def __exit__(self, *_: Any) -> None:
        assert self._task is not None
        self._tick()  # the stretch since the probe last ran (the end of the block)
        self._task.cancel()


async def lookups(service: TableService) -> None:
    """For information: what a restart leaves for the first commands (cold tables)."""
    some = list(service.by_channel.values())
    start = time.perf_counter()
    service.tables_of(some[0].host_id)
    first = time.perf_counter() - start
    start = time.perf_counter()
    for table in some[:20]:
        service.tables_of(table.host_id)
    then = (time.perf_counter() - start) * 1000 / 20
    print(f"    info: first tables_of() after restore        {first:.3f} s, then {then:.1f} ms a call "
          f"(DM commands, autocomplete; seats come from the row, no state parsed)")


async def memory(path: Path, tables: int) -> None:
    store = await Store.open(path)
    service = TableService(store, Config(), time.time)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    await service.restore()
    # no default moves while the memory of 100,000 tables is walked (it takes longer than a turn):
    # the restored timers run out into a closed queue (bench_restart.py times them)
    service.timeouts.close()
    gc.collect()
    idle, peak = tracemalloc.get_traced_memory()
    for table in service.by_channel.values():
        assert table.state is not None
    gc.collect()
    parsed = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    await sanity(service)
    await service.close()
    await store.close()
    print(f"  memory per idle table after restore           {(idle - before) / tables / 1024:6.1f} KB  "
          f"target <= 20 KB  (peak during restore {(peak - before) / tables / 1024:.1f} KB a table)")
    print(f"    info: after touching every table's .state   {(parsed - before) / tables / 1024:6.1f} KB a table")


async def sanity(service: TableService) -> None:
    """The restored states are real: random moves on a few restored tables are accepted."""
    rng = random.Random(3)
    tables: list[Table] = rng.sample(list(service.by_channel.values()), 20)
    accepted = 0
    for table in tables:
        for _ in range(5):
            player, move = random_move(table.module, table.state, rng)
            with contextlib.suppress(IllegalAction):
                await service.act(table, player, move)
                accepted += 1
    assert accepted > 50, accepted


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3, help="restores of the same tables")
    parser.add_argument("--only", choices=("actions", "restore"), help="run one part only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if args.only in (None, "actions"):
            await bench_actions(Path(folder), args.actions)
        if args.only in (None, "restore"):
            await bench_restore(Path(folder), args.tables, args.runs)


if __name__ == "__main__":
    asyncio.run(main())
