"""Two bot processes (real subprocesses) on one PostgreSQL, each serving one of two shards: both
move on the same tables at once — the shard-0 process acting on the other's tables as a DM
press would — and one is killed with SIGKILL and restarted."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import asyncpg

from bot import fair
from bot.store import Store, shard_of, unpacked_state
from bot.store_postgres import dialect
from tests.bot.test_service import replays_to_stored

ROOT = Path(__file__).resolve().parents[2]
SHARDS = 2
GUILD_ON = {0: 2 << 22, 1: 3 << 22}  # a server on each shard


class Process:
    """A cluster worker (tests/bot/cluster_worker.py) serving one shard."""

    def __init__(self, url: str, shard: int) -> None:
        self.shard = shard
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "tests.bot.cluster_worker", url, str(SHARDS), str(shard)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self.restored = self.read()["ready"]

    def send(self, command: str, **fields: Any) -> None:
        assert self.popen.stdin is not None
        self.popen.stdin.write(json.dumps({"cmd": command, **fields}) + "\n")
        self.popen.stdin.flush()

    def read(self) -> dict:
        assert self.popen.stdout is not None
        line = self.popen.stdout.readline()
        assert line, f"shard {self.shard}'s process died"
        return json.loads(line)

    def ask(self, command: str, **fields: Any) -> dict:
        self.send(command, **fields)
        return self.read()

    def kill(self) -> None:
        self.popen.send_signal(signal.SIGKILL)
        self.popen.wait()

    def stop(self) -> None:
        if self.popen.poll() is None:
            assert self.popen.stdin is not None
            self.popen.stdin.close()
            self.popen.wait(timeout=30)


def open_tables(process: Process, first_channel: int, timer: int) -> list[int]:
    guild = GUILD_ON[process.shard]
    players = [guild + n for n in (1, 2, 3)]
    return [process.ask("open", guild=guild, channel=first_channel + n, game=game, players=players, timer=timer)["table"]
            for n, game in enumerate(["blackjack", "baccarat", "blackjack"])]


async def check_store(url: str, owners: dict[int, Process]) -> dict[int, Any]:
    """Every table's log is consecutive and replays to its stored state; chips are conserved in
    both servers. Returns the stored rows."""
    store = await Store.open(url)
    rows = {}
    try:
        for table_id in owners:
            await replays_to_stored(store, table_id)
            row = await store.table_row(table_id)
            rows[table_id] = (row, {v: (p, a) for v, p, a in await store.action_log(table_id)})
        for guild in GUILD_ON.values():
            wallets = (await store.fetchone("SELECT COALESCE(SUM(chips), 0) FROM wallets WHERE guild_id=?", (guild,)))[0]
            house = (await store.fetchone("SELECT COALESCE(SUM(chips), 0) FROM house WHERE guild_id=?", (guild,)))[0]
            granted = (await store.fetchone("SELECT COALESCE(SUM(amount), 0) FROM grants WHERE guild_id=?", (guild,)))[0]
            at_tables = 0
            for row in await store.open_tables():
                if row["guild_id"] == guild:
                    from bot.tables import Table

                    at_tables += Table(row).chips_at_table()
            assert wallets + house + at_tables == granted
    finally:
        await store.close()
    return rows


def assert_holds_what_is_stored(process: Process, rows: dict[int, Any]) -> None:
    held = process.ask("tables")["tables"]
    for table_id, (row, _) in rows.items():
        if shard_of(row["guild_id"], SHARDS) == process.shard and row["status"] != "ended":
            version, state_json, status, _timed = held[str(table_id)]
            assert (version, json.loads(state_json), status) == (row["version"], json.loads(unpacked_state(row["state"])), row["status"])


async def test_two_processes_move_on_the_same_tables_and_lose_nothing(postgres_url):
    first, second = Process(postgres_url, 0), Process(postgres_url, 1)
    try:
        tables = open_tables(first, 10, timer=2) + open_tables(second, 20, timer=2)
        owners = {t: first for t in tables[:3]} | {t: second for t in tables[3:]}
        first.send("play", tables=tables, moves=150, seed=1)  # both at once, on all six tables
        second.send("play", tables=tables, moves=150, seed=2)
        played = [first.read()["accepted"], second.read()["accepted"]]
        assert min(played) > 0
        first.send("idle", seconds=6)  # the turn timers run out, in their owners only
        second.send("idle", seconds=6)
        first.read(), second.read()
        first.ask("quiesce"), second.ask("quiesce")  # the timers would go on moving the tables
        reports = {first: first.ask("report"), second: second.ask("report")}
        rows = await check_store(postgres_url, owners)

        seen = set()
        for process, report in reports.items():
            for table_id, version, player, move in report["accepted"]:
                assert (table_id, version) not in seen, "two accepted moves got one version"
                seen.add((table_id, version))
                logged_player, logged = rows[table_id][1][version]
                assert (logged_player, fair.as_made(logged)) == (player, move)  # in the log, once, as made
            for table_id, _version in report["timeouts"]:
                assert owners[table_id] is process, "a timer fired outside the table's owner"
            for table_id, _version in report["heard"]:
                assert owners[table_id] is process
        assert any(report["timeouts"] for report in reports.values()), "no turn timer ran out"
        assert reports[first]["heard"] and reports[second]["heard"], "an owner was not told of a move"
        timed_out = [tuple(t) for report in reports.values() for t in report["timeouts"]]
        assert len(timed_out) == len(set(timed_out)), "a timer fired twice"
        for process in (first, second):
            assert_holds_what_is_stored(process, rows)  # the owners caught up with every move
    finally:
        first.stop()
        second.stop()


async def test_a_process_killed_at_random_moments_restarts_with_its_tables_exactly(postgres_url):
    rng = random.Random(2027)
    first, second = Process(postgres_url, 0), Process(postgres_url, 1)
    try:
        tables = open_tables(first, 10, timer=0) + open_tables(second, 20, timer=0)
        owners = {t: 0 for t in tables[:3]} | {t: 1 for t in tables[3:]}
        for round_number in range(3):
            second.send("play", tables=tables, moves=200, seed=100 + round_number)
            first.send("play", tables=tables, moves=100_000, seed=round_number)
            time.sleep(rng.uniform(0.3, 1.5))
            first.kill()
            assert second.read()["accepted"] > 0  # the other kept serving, its own tables and ours
            rows = await check_store(postgres_url, {t: None for t in owners})
            first = Process(postgres_url, 0)
            assert first.restored == sum(1 for t in tables[:3] if rows[t][0]["status"] != "ended")
            assert_holds_what_is_stored(first, rows)
            assert_holds_what_is_stored(second, rows)
    finally:
        first.stop()
        second.stop()


async def test_a_process_restores_and_times_its_own_shards_tables_and_visits_the_others(postgres_url):
    from bot.config import Config
    from bot.tables import TableService, build_options
    from tests.bot.helpers import Clock

    clock = Clock()
    store = await Store.open(postgres_url)
    everything = TableService(store, Config(), clock)
    await everything.restore()
    ids = {}
    for shard, guild in GUILD_ON.items():
        options = build_options("blackjack", {"timer": 30})
        table = await everything.create(guild, 100 + shard, "blackjack", options, guild + 1, 200)
        await everything.join(table, guild + 2, 200)
        await everything.start(table, guild + 1)
        ids[shard] = table.id
    await everything.close()

    mine = TableService(store, Config(shard_count=SHARDS, shard_ids=frozenset({0})), clock)
    assert await mine.restore() == 1
    own, other = mine.table_by_id(ids[0]), await mine.table_for(ids[1])
    assert own is not None and own.deadline is not None and len(mine._restored_timers) == 1  # its timer runs
    assert mine.table_by_id(ids[1]) is None and other is not None and other.id == ids[1]
    assert other._timer is None and mine.tables_of(GUILD_ON[1] + 1) == []
    assert mine.tables_of(GUILD_ON[0] + 1) == [own]
    await mine.act(other, GUILD_ON[1] + 1, {"type": "bet", "amount": 10})  # a DM press on shard 0
    assert other._timer is None and other._computer is None, "timers run in the owner only"
    stored = await store.table_row(ids[1])
    assert stored["version"] == other.version == 1
    await mine.close()
    await store.close()


async def test_a_members_tables_on_another_process_are_found_through_the_stores_index(postgres_url):
    """What a command typed in a DM (delivered to shard 0) looks up: the member's tables,
    whichever process owns them, from the store's index of seated players."""
    from bot.config import Config
    from bot.tables import TableService, build_options
    from tests.bot.helpers import Clock

    clock, guild = Clock(), GUILD_ON[1]
    alice, bob, carol = guild + 1, guild + 2, guild + 3
    owner_store, dm_store = await Store.open(postgres_url), await Store.open(postgres_url)
    owner = TableService(owner_store, Config(shard_count=SHARDS, shard_ids=frozenset({1})), clock)
    shard_0 = TableService(dm_store, Config(shard_count=SHARDS, shard_ids=frozenset({0})), clock)
    await owner.restore(), await shard_0.restore()
    try:
        running = await owner.create(guild, 100, "blackjack", build_options("blackjack", {}), alice, 200)
        await owner.join(running, bob, 200)
        await owner.start(running, alice)
        lobby = await owner.create(guild, 101, "poker", build_options("poker", {}), alice, 200)
        await owner.join(lobby, carol, 200)

        assert shard_0.tables_of(alice) == []  # nothing of the other shard's is held here
        assert [t.id for t in await shard_0.member_tables(alice)] == [running.id, lobby.id]
        assert [t.id for t in await shard_0.member_tables(alice, "poker")] == [lobby.id]
        assert [t.id for t in await shard_0.member_tables(carol)] == [lobby.id]
        assert await shard_0.member_tables(guild + 9) == []
        visiting = (await shard_0.member_tables(bob))[0]
        assert visiting.id == running.id and visiting._timer is None and shard_0.table_by_id(running.id) is None

        await owner.leave(lobby, carol)
        await owner.end(running, alice, may_manage=False)
        assert await shard_0.member_tables(carol) == [] and await shard_0.member_tables(bob) == []

        async with dm_store.transaction() as tx:  # among many open tables, the index serves the lookup
            await tx.execute(
                "INSERT INTO tables (guild_id, channel_id, game, options, host_id, status, lobby, seated, "
                "created_at) SELECT n << 22, 1000 + n, 'poker', '{}', n, 'active', '[]', '[' || n || ']', 0 "
                "FROM generate_series(1, 20000) AS n")
            await tx.execute("ANALYZE tables")
            assert [row["id"] for row in await dm_store.within(tx.conn).seated_tables(alice, None, 25)] == [lobby.id]
            explained = dm_store.within(tx.conn)
            explained.fetchall = lambda sql, params: tx.conn.fetch("EXPLAIN " + dialect(sql), *params)
            plan = " ".join(row[0] for row in await explained.seated_tables(alice, None, 25))
        assert "open_tables_by_player" in plan, plan
    finally:
        for service in (owner, shard_0):
            await service.close()
            await service.store.close()


def computers_after(table: Any, player: int, move: dict) -> list[int]:
    """The computer seats the table would wait on after `move` (tried on a copy of its state)."""
    import copy

    state = copy.deepcopy(table.state)
    table.module.apply(state, player, move)
    return [p for p in table.module.pending(state) if p < 0]


async def test_a_computer_move_scheduled_by_a_stale_copy_finds_nobody_and_ends_quietly(postgres_url):
    """Issue 21, item 3. The owner applies a move to its copy, which schedules the computer
    seat's reply, but the process serving DMs moved the table first, so the commit is refused
    and the copy read back: the stored move at that version leaves no computer to move. The
    reply scheduled for the refused move finds nobody and ends quietly (it raised IndexError)."""
    import asyncio
    import copy
    import gc

    import pytest

    from bot.tables import STALE_BUTTON
    from games.base import IllegalAction
    from tests.seeds import predict

    predict("stale computer")
    guild, failures = GUILD_ON[1], []
    alice, bob = guild + 1, guild + 2
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _loop, context: failures.append(context))
    owner, shard_0 = await owner_and_dm_process(postgres_url)
    owner_store = owner.store
    try:
        table = await poker_at_bobs_turn(owner, guild, alice, bob)
        moves = playable(table, bob)
        to_computer = next(m for m in moves if computers_after(table, bob, m))
        to_alice = next(m for m in moves if not computers_after(table, bob, m))

        listener, owner_store._listener = owner_store._listener, None  # the owner has not heard of the
        await listener.close()  # other process's move yet (the store let it go: not opened again)
        visiting = await shard_0.table_for(table.id)
        await shard_0.act(visiting, bob, to_alice)  # bob's DM press, served by shard 0's process
        stale_step, version = table.step_key(), table.version + 1
        with pytest.raises(IllegalAction, match=STALE_BUTTON[:20]):
            await owner.act(table, bob, copy.deepcopy(to_computer), step=stale_step)  # bob's older button
        assert table.version == version and table.module.pending(table.state) == [alice]
        await asyncio.sleep(owner.computer_pause * 6)  # past the reply the refused move scheduled
        gc.collect()  # a failed task reports its exception when it is collected
        assert failures == [], failures
        assert (await owner_store.table_row(table.id))["version"] == version, "nobody moved for the computer"

        await owner_store.listen(owner._heard)
        alice_moves = [{k: v for k, v in m.items() if k not in ("min", "max")} | ({"amount": m["min"]} if "min" in m else {})
                       for m in table.module.legal_actions(table.state, alice) if m["type"] not in ("leave", "sitout")]
        await owner.act(table, alice, next(m for m in alice_moves if computers_after(table, alice, m)))
        for _ in range(100):  # the table goes on: the computer still moves when it is its turn
            if table.version >= version + 2:
                break
            await asyncio.sleep(0.02)
        assert table.version >= version + 2, "the computer's real turn was played"
        assert failures == []
    finally:
        loop.set_exception_handler(None)
        for service in (owner, shard_0):
            await service.close()
            await service.store.close()



async def terminate_listeners(url: str) -> int:
    """Ends every connection of the database that listens for change notices, as a PostgreSQL
    restart or an idle-connection killer would; how many there were."""
    conn = await asyncpg.connect(url)
    try:
        return len(await conn.fetch("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                                    "current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN %'"))
    finally:
        await conn.close()


async def test_a_process_whose_listening_connection_is_lost_hears_the_others_again(postgres_url):
    """Issue 27, item 2. The owner's connection that hears the other processes is terminated;
    then the process serving DMs changes a member's client seed and moves the owner's table to
    the computer's turn. The owner opens that connection again and reads what it missed: it
    deals with the new seed, and its computer moves."""
    from tests.seeds import predict

    predict("stale computer")  # a known deal, where one of bob's moves leaves the computer to act
    guild = GUILD_ON[1]
    alice, bob = guild + 1, guild + 2
    owner, shard_0 = await owner_and_dm_process(postgres_url)
    owner_store = owner.store
    try:
        table = await poker_at_bobs_turn(owner, guild, alice, bob)
        old_seed = (await owner.client_seeds.of(guild, [bob]))[bob]
        to_computer = next(m for m in playable(table, bob) if computers_after(table, bob, m))

        assert await terminate_listeners(postgres_url) >= 1
        await shard_0.client_seeds.choose(guild, bob, "chosen-elsewhere")
        version = table.version + 1
        await shard_0.act(await shard_0.table_for(table.id), bob, to_computer)  # bob's DM press

        async def seed_heard() -> bool:
            return await owner.client_seeds.of(guild, [bob]) == {bob: "chosen-elsewhere"}

        assert old_seed != "chosen-elsewhere"
        assert await within(20, seed_heard), "the owner still deals with the member's old client seed"
        assert await within(20, lambda: table.version > version), "the owner's computer never moved"
        assert (await owner_store.table_row(table.id))["version"] == table.version
    finally:
        for service in (owner, shard_0):
            await service.close()
            await service.store.close()


async def owner_and_dm_process(postgres_url: str) -> tuple[Any, Any]:
    """Two table services on one database: the owner of shard 1's tables (its computers quick to
    move) and the shard 0 process, which serves every DM."""
    from bot.config import Config
    from bot.tables import TableService
    from tests.bot.helpers import Clock

    owner_store, dm_store = await Store.open(postgres_url), await Store.open(postgres_url)
    owner = TableService(owner_store, Config(shard_count=SHARDS, shard_ids=frozenset({1})), Clock())
    shard_0 = TableService(dm_store, Config(shard_count=SHARDS, shard_ids=frozenset({0})), Clock())
    owner.computer_pause = 0.05
    await owner.restore(), await shard_0.restore()
    return owner, shard_0


async def poker_at_bobs_turn(owner: Any, guild: int, alice: int, bob: int) -> Any:
    """A poker table of the owner's (seats: alice, a computer, bob) where alice called and the
    computer replied: bob is to act."""
    from bot.tables import build_options

    table = await owner.create(guild, 100, "poker", build_options("poker", {"bots": 1, "timer": 0}), alice, 200)
    await owner.join(table, bob, 200)
    await owner.start(table, alice)
    await owner.act(table, alice, {"type": "call"})
    assert await within(10, lambda: table.module.pending(table.state) == [bob]), "the computer replied"
    return table


def playable(table: Any, player: int) -> list[dict]:
    """The player's legal moves with their least amounts (no leaving, no sitting out)."""
    return [{k: v for k, v in m.items() if k not in ("min", "max")} | ({"amount": m["min"]} if "min" in m else {})
            for m in table.module.legal_actions(table.state, player) if m["type"] not in ("leave", "sitout")]


async def within(seconds: float, condition: Any) -> bool:
    """Whether `condition()` (a coroutine function or not) holds within `seconds`, polled."""
    import asyncio
    import inspect

    deadline = time.monotonic() + seconds
    while True:
        held = condition()
        if inspect.isawaitable(held):
            held = await held
        if held or time.monotonic() >= deadline:
            return bool(held)
        await asyncio.sleep(0.05)
