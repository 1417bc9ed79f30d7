"""Group commit inside a process on PostgreSQL (bot.store_postgres.CommitGroup): the one-step
moves whose writes are ready together share one transaction, and still succeed or fail each on
its own. These tests run moves on several tables of one service at once, on a real server."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest

from bot.store import Conflict, MoveRecord
from bot.store_postgres import GROUP_LOCK_TIMEOUT_MS, PostgresStore
from bot.tables import Table, TableService
from tests.bot.helpers import close_service, open_service, open_table
from tests.bot.test_checked_at_commit import ANN, BOB, a_call_or_check, stored

TABLES = 4


@asynccontextmanager
async def tables_of_one_service(url: str) -> AsyncIterator[tuple[TableService, PostgresStore, list[Table]]]:
    """A service with TABLES started poker tables, one a channel, in the order of their ids, each
    moved once (so the pool has opened the connections the moves take)."""
    service, _ = await open_service(url)
    try:
        tables = [await open_table(service, "poker", [ANN, BOB], channel=10 + n) for n in range(TABLES)]
        await call_or_check_everywhere(service, tables)
        assert isinstance(service.store, PostgresStore)
        yield service, service.store, tables
    finally:
        await close_service(service)


async def call_or_check_everywhere(service: TableService, tables: list[Table]) -> None:
    """One move on every table, all begun in the same turn of the event loop."""
    moves = []
    for table in tables:
        mover = table.module.pending(table.state)[0]
        moves.append(service.act(table, mover, a_call_or_check(table, mover)))
    await asyncio.gather(*moves)


def next_move(table: Table) -> MoveRecord:
    """The record of a move on `table` that writes its current state again as the next version."""
    return MoveRecord(table.id, table.version + 1, ANN, {"type": "check"}, 1.0, table.state_json(), None, "{}", None)


async def commit_one_step(store: PostgresStore, table: Table, move: MoveRecord, version: int | None = None) -> None:
    """`move` committed as the owner's one-step moves are, checked against `version` (the
    table's by default)."""
    checked = table.version if version is None else version
    async with store.locked(table.id, checked, table.status, one_step=True) as (tx, _):
        await tx.record_move(move)


async def test_moves_ready_together_share_one_commit(postgres_url):
    async with tables_of_one_service(postgres_url) as (service, store, tables):
        before = store.commit_group.transactions

        await call_or_check_everywhere(service, tables)

        assert store.commit_group.transactions - before == 1
        for table in tables:
            assert await stored(postgres_url, table.id) == (table.version, table.state_json())
            log = await store.action_log(table.id)
            assert [version for version, _, _ in log] == list(range(1, table.version + 1))


async def test_a_stale_move_fails_alone_and_the_others_in_its_group_commit(postgres_url):
    """The stale copy's check fails the shared transaction; each move is then committed alone:
    only the stale one is refused (Conflict, which the service retries on the stored state)."""
    async with tables_of_one_service(postgres_url) as (_, store, tables):
        stale = tables[1]
        results = await asyncio.gather(
            *(commit_one_step(store, table, next_move(table), table.version - (table is stale)) for table in tables),
            return_exceptions=True)

        assert isinstance(results[1], Conflict)
        assert [r for n, r in enumerate(results) if n != 1] == [None] * (TABLES - 1)
        for table in tables:
            expected = table.version + (table is not stale)
            assert (await stored(postgres_url, table.id))[0] == expected


async def test_a_write_refused_by_postgresql_fails_only_its_own_move(postgres_url):
    async with tables_of_one_service(postgres_url) as (_, store, tables):
        refused = tables[2]
        async with store.transaction() as tx:  # the log row its move will write
            await tx.execute("INSERT INTO actions (table_id, version, player, action, at) VALUES (?, ?, 0, '{}', 0)",
                             (refused.id, refused.version + 1))
        results = await asyncio.gather(*(commit_one_step(store, table, next_move(table)) for table in tables),
                                       return_exceptions=True)

        assert isinstance(results[2], asyncpg.UniqueViolationError)  # its log row's version is taken
        assert [r for n, r in enumerate(results) if n != 2] == [None] * (TABLES - 1)
        for table in tables:
            assert (await stored(postgres_url, table.id))[0] == table.version + (table is not refused)


@asynccontextmanager
async def row_locked(url: str, table_id: int) -> AsyncIterator[asyncpg.Connection]:
    """Another connection holding `table_id`'s row lock until the block ends."""
    blocker = await asyncpg.connect(url)
    try:
        await blocker.execute("BEGIN")
        await blocker.execute("SELECT 1 FROM tables WHERE id=$1 FOR UPDATE", table_id)
        yield blocker
        await blocker.execute("ROLLBACK")
    finally:
        await blocker.close()


async def test_a_move_waiting_on_a_row_lock_holds_up_only_itself(postgres_url):
    """The shared commit gives up on a busy row after GROUP_LOCK_TIMEOUT_MS; the other moves
    then commit alone at once, later moves go on committing, and the waiting one commits when
    the row is free."""
    async with tables_of_one_service(postgres_url) as (_, store, tables):
        busy = tables[1]
        async with row_locked(postgres_url, busy.id):
            moves = [asyncio.create_task(commit_one_step(store, table, next_move(table))) for table in tables]
            await asyncio.sleep(GROUP_LOCK_TIMEOUT_MS / 1000 + 0.4)
            assert [move.done() for move in moves] == [table is not busy for table in tables]
            for table in tables:
                assert (await stored(postgres_url, table.id))[0] == table.version + (table is not busy)
            later = tables[0]  # and the next shared commit does not wait for the busy row either
            after = dataclasses.replace(next_move(later), version=later.version + 2)
            await asyncio.wait_for(commit_one_step(store, later, after, later.version + 1), 1)
        await asyncio.gather(*moves)
        assert (await stored(postgres_url, busy.id))[0] == busy.version + 1


async def test_a_move_cancelled_during_its_commit_holds_its_connection_until_the_end(postgres_url):
    """The shared commit runs on its first table's connection, and that table's row is busy:
    its move, cancelled meanwhile, lets its connection go only once its commit is over."""
    async with tables_of_one_service(postgres_url) as (_, store, tables):
        first, second = tables[0], tables[1]
        async with row_locked(postgres_url, first.id):
            leader = asyncio.create_task(commit_one_step(store, first, next_move(first)))
            follower = asyncio.create_task(commit_one_step(store, second, next_move(second)))
            await asyncio.sleep(0.05)
            leader.cancel()
            await asyncio.sleep(GROUP_LOCK_TIMEOUT_MS / 1000 + 0.4)
            assert not leader.done()  # its commit, alone now, still waits for the row
            await follower
        with pytest.raises(asyncio.CancelledError):
            await leader
        assert (await stored(postgres_url, first.id))[0] == first.version + 1  # the commit stood
        assert await store.fetchone("SELECT 1") is not None  # the pool's connections are usable
