"""Transactions that get in each other's way on PostgreSQL: rows are locked in one order, so moves
touching the same wallets in opposite orders never deadlock, and an operation that still meets
another transaction (a lock not granted in time) is run again rather than refused."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.config import Config
from bot.economy import Economy
from bot.store import Conflict
from bot.store_postgres import PostgresStore
from bot.tables import CONFLICT_TRIES, TableService, build_options
from tests.bot.helpers import GUILD, Clock, close_service

PAIRS = 6  # pairs of tables seating the same two players in opposite orders


async def service_on(url: str, lock_timeout_ms: int = 5_000) -> tuple[TableService, Economy]:
    store = await PostgresStore.connect(url, lock_timeout_ms=lock_timeout_ms)
    clock, config = Clock(), Config(max_tables_per_guild=4 * PAIRS)
    service = TableService(store, config, clock)
    await service.restore()
    return service, Economy(store, config, clock)


async def lobby(service: TableService, channel: int, seats: list[int], timer: int = 0):
    options = build_options("blackjack", {"timer": timer})
    table = await service.create(GUILD, channel, "blackjack", options, seats[0], 100)
    for player in seats[1:]:
        await service.join(table, player, 100)
    return table


async def test_ends_paying_the_same_wallets_back_in_opposite_orders_all_commit(postgres_url):
    """Two 'processes' (two services, two connection pools, one database) each end six lobbies at
    once; lobby i of the one seats players (a, b), of the other (b, a), so their refunds reach
    the same two wallets in opposite orders. Every end commits, and no chip is lost."""
    first, economy = await service_on(postgres_url)
    second, _ = await service_on(postgres_url)
    try:
        for round_ in range(3):
            pairs = [(1_000 + 2 * n, 1_001 + 2 * n) for n in range(PAIRS)]
            ones = [await lobby(first, 100 + 10 * round_ + n, [a, b]) for n, (a, b) in enumerate(pairs)]
            others = [await lobby(second, 200 + 10 * round_ + n, [b, a]) for n, (a, b) in enumerate(pairs)]
            ends = [first.end(t, t.host_id, may_manage=False) for t in ones]
            ends += [second.end(t, t.host_id, may_manage=False) for t in others]
            refunds = await asyncio.gather(*ends)  # any deadlock would raise here
            assert all(sum(r.values()) == 200 for r in refunds)
            assert all(t.status == "ended" for t in ones + others)
            wallets, house, granted = await economy.ledger(GUILD)
            assert wallets + house == granted and granted == 1_000 * 2 * PAIRS
    finally:
        await close_service(first)
        await close_service(second)


async def hold_row(url: str, table_id: int, seconds: float) -> None:
    """Another session holds the table's row locked for a while (a slow transaction elsewhere)."""
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            await conn.execute("SELECT 1 FROM tables WHERE id=$1 FOR UPDATE", table_id)
            await asyncio.sleep(seconds)
    finally:
        await conn.close()


async def started_table(service: TableService, timer: int = 0):
    table = await lobby(service, 10, [1_000], timer)
    await service.start(table, 1_000)
    return table


async def test_a_move_meeting_a_locked_row_is_retried_until_it_commits(postgres_url):
    service, _ = await service_on(postgres_url, lock_timeout_ms=100)
    try:
        table = await started_table(service)
        holder = asyncio.create_task(hold_row(postgres_url, table.id, 0.35))
        await asyncio.sleep(0.1)  # the row is held: the first tries time out waiting for it
        await service.act(table, 1_000, {"type": "bet", "amount": 20})
        await holder
        assert table.version == 1
        assert [v for v, _, _ in await service.store.action_log(table.id)] == [1]
    finally:
        await close_service(service)


async def test_a_timer_move_meeting_a_locked_row_is_retried(postgres_url):
    service, _ = await service_on(postgres_url, lock_timeout_ms=100)
    try:
        table = await started_table(service, timer=60)
        await service.act(table, 1_000, {"type": "bet", "amount": 20})
        assert list(table.module.pending(table.state)) == [1_000] and table.deadline is not None
        holder = asyncio.create_task(hold_row(postgres_url, table.id, 0.35))
        await asyncio.sleep(0.1)
        await service._on_timeout(table, table.deadline)  # as the timer does when the time is up
        await holder
        log = await service.store.action_log(table.id)
        assert [v for v, _, _ in log] == [1, 2] and log[-1][1] == 1_000
    finally:
        await close_service(service)


async def test_retries_are_bounded_and_a_move_that_never_gets_its_row_changes_nothing(postgres_url):
    service, economy = await service_on(postgres_url, lock_timeout_ms=30)
    try:
        table = await started_table(service)
        before = (table.state_json(), table.version, await economy.ledger(GUILD))
        holder = asyncio.create_task(hold_row(postgres_url, table.id, 30))
        await asyncio.sleep(0.1)
        with pytest.raises(Conflict):
            await service.act(table, 1_000, {"type": "bet", "amount": 20})
        holder.cancel()
        assert CONFLICT_TRIES > 1
        assert (table.state_json(), table.version, await economy.ledger(GUILD)) == before
        assert await service.store.action_log(table.id) == []
    finally:
        await close_service(service)
