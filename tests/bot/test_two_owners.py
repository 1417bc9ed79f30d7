"""Two processes owning one shard (issue 21, item 1). A typo in TAROT_SHARD_IDS, or a rolling
deploy's old and new process overlapping, must never lose a chip: every lobby write is checked
against the stored version (a stale copy is read again first, never written over the other's
lobby), and on PostgreSQL a process owns its shards alone — a second one waits (bounded, saying
so) and then stops with status 2 and a clear message."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncpg

from bot.config import Config
from bot.economy import Economy
from bot.shard_claim import SHARD_LOCKS, ShardsTaken, claim_shards
from bot.store import Store
from bot.tables import Table, TableService, build_options
from tests.bot.helpers import GUILD, Clock, close_service

ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
ROOT = Path(__file__).resolve().parents[2]


async def owner_of_everything(url: str) -> tuple[TableService, Economy]:
    """A service holding every table of the database, as a process without shard settings does
    (no shard claim here: these tests show the version checks alone)."""
    store, clock, config = await Store.open(url), Clock(), Config()
    service = TableService(store, config, clock)
    await service.restore()
    return service, Economy(store, config, clock)


async def chips_in(url: str) -> tuple[int, int]:
    """(wallets + house + stacks in the stored lobbies and games, chips granted), from the store."""
    store = await Store.open(url)
    try:
        wallets = (await store.fetchone("SELECT COALESCE(SUM(chips), 0) FROM wallets"))[0]
        house = (await store.fetchone("SELECT COALESCE(SUM(chips), 0) FROM house"))[0]
        granted = (await store.fetchone("SELECT COALESCE(SUM(amount), 0) FROM grants"))[0]
        at_tables = sum(Table(row).chips_at_table() for row in await store.open_tables())
    finally:
        await store.close()
    return wallets + house + at_tables, granted


async def test_two_owners_of_one_lobby_never_write_over_each_other(postgres_url):
    """The audit's case: both processes hold the lobby; a join in one, then a join in the other
    from its copy, used to write that copy's lobby over the first: a buy-in charged, no seat."""
    first, economy = await owner_of_everything(postgres_url)
    lobby = await first.create(GUILD, 10, "poker", build_options("poker", {"timer": 0}), ALICE, 300)
    second, _ = await owner_of_everything(postgres_url)
    twin = second.table_by_id(lobby.id)
    try:
        await first.join(lobby, BOB, 300)
        await second.join(twin, CAROL, 300)  # its copy did not know of bob's seat
        stored = Table(await first.store.table_row(lobby.id))
        assert [s.player for s in stored.lobby] == [ALICE, BOB, CAROL]
        total, granted = await chips_in(postgres_url)
        assert total == granted

        await first.leave(lobby, CAROL)  # from the copy that never saw carol sit down
        assert await economy.wallet(GUILD, CAROL) == 1_000, "carol's buy-in came back"
        await second.kick(twin, ALICE, BOB, may_manage=False)  # its copy still seats carol
        assert await economy.wallet(GUILD, BOB) == 1_000
        await first.join(lobby, DAVE, 300)
        await second.join(twin, BOB, 300)
        await second.start(twin, ALICE)  # starts with the stored seats, dave's included
        assert sorted(twin.players()) == [ALICE, BOB, DAVE]
        await first.join(lobby, CAROL, 300)  # from a copy that missed the start: a seat in the game
        assert lobby.active and sorted(lobby.players()) == [ALICE, BOB, CAROL, DAVE]
        stored = Table(await first.store.table_row(lobby.id))
        assert sorted(stored.players()) == [ALICE, BOB, CAROL, DAVE]
        total, granted = await chips_in(postgres_url)
        assert total == granted
        assert await economy.wallet(GUILD, CAROL) == 700
    finally:
        await close_service(first)
        await close_service(second)


def bot_process(url: str, shard_ids: str | None, wait: int, count: int = 2) -> subprocess.Popen:
    """`python -m bot` for some shards of `count` (None: every shard) on the database."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "not-a-real-token", "TAROT_DB": url,
           "TAROT_SHARD_WAIT": str(wait), "TAROT_SYNC_COMMANDS": "0"}
    env.pop("TAROT_SHARD_IDS", None)
    if shard_ids is not None:
        env |= {"TAROT_SHARD_COUNT": str(count), "TAROT_SHARD_IDS": shard_ids}
    return subprocess.Popen([sys.executable, "-m", "bot"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def worker(url: str, shard: int) -> subprocess.Popen:
    """A cluster worker (tests/bot/cluster_worker.py): it claims its shard as the bot does (its
    log's warnings go to stderr)."""
    return subprocess.Popen([sys.executable, "-m", "tests.bot.cluster_worker", url, "2", str(shard)], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


def says_it_waits(process: subprocess.Popen, seconds: float) -> bool:
    assert process.stderr is not None
    readable, _, _ = select.select([process.stderr], [], [], seconds)
    return bool(readable) and "waiting up to" in process.stderr.readline()


def says_ready(process: subprocess.Popen, seconds: float) -> bool:
    assert process.stdout is not None
    readable, _, _ = select.select([process.stdout], [], [], seconds)
    return bool(readable) and "ready" in process.stdout.readline()


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGKILL)
    process.wait()


async def test_a_second_process_for_owned_shards_waits_then_stops_with_status_2(postgres_url):
    owner = worker(postgres_url, 0)
    try:
        assert says_ready(owner, 30)
        for shards in ("0", None, "0-1"):  # the same shard; every shard; a range that holds it
            started = time.monotonic()
            second = bot_process(postgres_url, shards, wait=2)
            _, errors = second.communicate(timeout=60)
            assert second.returncode == 2, errors
            assert time.monotonic() - started >= 2, "it waited the time it was given"
            assert "waiting up to 2 s" in errors, "its log says it waits, and for how long"
            assert "still owned by another bot process" in errors and "TAROT_SHARD_IDS" in errors
            assert "Traceback" not in errors
        elsewhere = bot_process(postgres_url, "2", wait=1, count=3)  # another split: shard 2 of 3
        _, errors = elsewhere.communicate(timeout=60)
        assert elsewhere.returncode == 2 and "TAROT_SHARD_COUNT=2" in errors and "Traceback" not in errors, errors
        other = worker(postgres_url, 1)  # the other shard is free: its process starts at once
        try:
            assert says_ready(other, 30)
        finally:
            stop(other)
    finally:
        stop(owner)


async def test_a_rolling_deploy_the_new_process_takes_over_when_the_old_one_stops(postgres_url):
    old = worker(postgres_url, 0)
    assert says_ready(old, 30)
    assert old.stdin is not None
    old.stdin.write(json.dumps({"cmd": "open", "guild": 2 << 22, "channel": 10, "game": "blackjack",
                                "players": [(2 << 22) + 1, (2 << 22) + 2], "timer": 0}) + "\n")
    old.stdin.flush()
    assert old.stdout is not None and "table" in old.stdout.readline()
    new = worker(postgres_url, 0)
    try:
        assert says_it_waits(new, 30), "the new process says it waits for the old one's shard"
        assert not says_ready(new, 0.5), "the new process waits while the old one serves the shard"
        old.stdin.close()  # the old process shuts down (its connections close: the shard is let go)
        old.wait(timeout=30)
        assert new.stdout is not None
        readable, _, _ = select.select([new.stdout], [], [], 30)
        assert readable and json.loads(new.stdout.readline()) == {"ready": 1}, "it took over, with the table"
    finally:
        stop(old)
        stop(new)


SHARD_ONE = Config(shard_count=2, shard_ids=frozenset({1}), shard_wait=0.3)


async def end_the_lock_connection(admin: asyncpg.Connection) -> None:
    ended = await admin.fetchval("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                 "WHERE application_name LIKE 'tarot-bot%'")
    assert ended == 1


async def shard_one_holders(admin: asyncpg.Connection) -> list[int]:
    """The backends holding shard 1's lock."""
    rows = await admin.fetch("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
                             "AND classid = $1 AND objid = $2", SHARD_LOCKS, 2)
    return [row["pid"] for row in rows]


async def eventually(check, seconds: float = 5.0) -> bool:
    for _ in range(int(seconds / 0.02)):
        if await check():
            return True
        await asyncio.sleep(0.02)
    return False


async def test_a_process_that_loses_its_shard_locks_says_so_and_claims_them_again(postgres_url, caplog):
    store = await Store.open(postgres_url)
    taken: list[ShardsTaken] = []
    try:
        await claim_shards(store, SHARD_ONE, when_taken=lambda error: _noted(taken, error))
        first = store.owner_conn.get_server_pid()
        admin = await asyncpg.connect(postgres_url)
        try:
            with caplog.at_level(logging.WARNING, logger="bot.shard_claim"):
                await end_the_lock_connection(admin)

                async def held_again() -> bool:
                    holders = await shard_one_holders(admin)
                    return bool(holders) and holders != [first]

                assert await eventually(held_again), "the shard's lock is taken again"
            said = [r.getMessage() for r in caplog.records]
            assert any("was lost" in line and "shards [1] of 2" in line for line in said)
            assert any("claimed again" in line for line in said)
            assert store.owner_conn is not None and await shard_one_holders(admin) == [store.owner_conn.get_server_pid()]
            assert not taken
        finally:
            await admin.close()
    finally:
        with caplog.at_level(logging.ERROR, logger="bot.shard_claim"):
            caplog.clear()
            await store.close()
        assert not caplog.records, "closing the store lets the locks go quietly"


async def _noted(taken: list, error: Exception) -> None:
    taken.append(error)


async def test_a_process_whose_lost_shards_were_taken_by_another_stops(postgres_url, caplog):
    """While its lock connection was gone another process took the shard: that one owns it now,
    so this one is told to stop (the bot closes; `python -m bot` exits with status 2)."""
    store = await Store.open(postgres_url)
    taken: list[ShardsTaken] = []
    rival = await asyncpg.connect(postgres_url)
    admin = await asyncpg.connect(postgres_url)
    try:
        await claim_shards(store, SHARD_ONE, when_taken=lambda error: _noted(taken, error))
        waiting = asyncio.create_task(rival.execute("SELECT pg_advisory_lock($1, $2)", SHARD_LOCKS, 2))
        await asyncio.sleep(0.2)  # the rival waits for the shard, queued at the server
        await end_the_lock_connection(admin)
        await waiting  # granted the moment the owner's session ended
        with caplog.at_level(logging.CRITICAL, logger="bot.shard_claim"):

            async def told() -> bool:
                return bool(taken)

            assert await eventually(told), "the process is told to stop"
        assert "shard 1 of 2 is still owned by another bot process" in str(taken[0])
        assert store.owner_conn is None and await shard_one_holders(admin) == [rival.get_server_pid()]
    finally:
        await rival.close()
        await admin.close()
        await store.close()
