"""Restore in slices (issue 31): the start-up's restore gives the event loop its turn between
slices, loads every table with its timer re-armed, and a click that arrives meanwhile on a table
not loaded yet waits for it and is answered as it would be after the restore."""

from __future__ import annotations

import asyncio

import pytest

import bot.tables.restore
from bot.config import Config
from bot.store import Store
from bot.tables import CHANNEL_TAKEN, Table, TableService, build_options
from games.base import IllegalAction
from tests.bot.helpers import Clock, close_service, open_service

TABLES = 12


async def open_tables(db_path, clock: Clock) -> list[Table]:
    """TABLES blackjack tables in their betting window (a timer of 60 s), one per server, then
    the service closed as a bot that stops."""
    service, _ = await open_service(db_path, clock)
    tables = []
    for n in range(TABLES):
        table = await service.create(1_000 + n, 10 + n, "blackjack", build_options("blackjack", {"timer": 60}),
                                     100 + n, 200)
        await service.join(table, 500 + n, 200)
        await service.start(table, 100 + n)
        tables.append(table)
    await close_service(service)
    return tables


async def restoring(db_path, clock: Clock) -> tuple[TableService, asyncio.Task[int], list[int]]:
    """A new service whose restore runs as a task, a row a slice; returns it with the task and
    the tables loaded at each turn the loop got meanwhile (filled as the restore goes)."""
    service = TableService(await Store.open(db_path), Config(), clock)
    task = asyncio.get_running_loop().create_task(service.restore())
    seen: list[int] = []

    async def watch() -> None:
        while not task.done():
            seen.append(len(service.by_id))
            await asyncio.sleep(0)

    asyncio.get_running_loop().create_task(watch())
    return service, task, seen


@pytest.fixture
def a_row_a_slice(monkeypatch):
    monkeypatch.setattr(bot.tables.restore, "RESTORE_PAGE", 4)
    monkeypatch.setattr(bot.tables.restore, "RESTORE_SLICE", 0.0)


async def test_the_loop_runs_between_slices_and_every_table_comes_back_timed(db_path, a_row_a_slice):
    clock = Clock()
    tables = await open_tables(db_path, clock)
    clock.now += 600
    service, task, seen = await restoring(db_path, clock)
    assert await task == TABLES
    assert any(0 < loaded < TABLES for loaded in seen), f"the loop ran only before or after the restore: {seen}"
    for table in tables:
        restored = service.table_by_id(table.id)
        assert restored is not None and restored.active
        assert restored.deadline is not None and restored.deadline > clock.now, "its turn's timer is armed again"
    await close_service(service)


async def test_a_click_during_the_restore_waits_for_its_table_and_is_answered(db_path, a_row_a_slice):
    clock = Clock()
    tables = await open_tables(db_path, clock)
    last = tables[-1]  # its server comes last in the restore's order
    clock.now += 600
    service, task, seen = await restoring(db_path, clock)
    while not seen or seen[-1] == 0:
        await asyncio.sleep(0)
    assert not task.done() and service.table_by_id(last.id) is None, "the click comes before its table is loaded"

    with pytest.raises(IllegalAction, match=CHANNEL_TAKEN):  # not a second table in a channel not loaded yet
        await service.create(last.guild_id, last.channel_id, "baccarat", build_options("baccarat", {}), 7, 100)
    clicked = await service.table_for(last.id)
    assert clicked is not None and task.done(), "the lookup waited for the restore"
    assert [t.id for t in await service.member_tables(100 + TABLES - 1)] == [last.id]
    events = await service.act(clicked, 100 + TABLES - 1, {"type": "bet", "amount": 10})
    assert any(e.kind == "bet" for e in events), "the bet is accepted"

    row = await service.store.table_row(last.id)
    assert row["version"] == clicked.version == last.version + 1, "committed once, on the restored state"
    assert clicked.deadline == row["deadline"], "the move's own timer, as stored"
    seat = next(s for s in clicked.state.seats if s.player == 100 + TABLES - 1)
    assert seat.bet == 10
    await close_service(service)


async def test_a_click_while_the_restore_is_under_way_keeps_its_own_timer(db_path, a_row_a_slice):
    """A table moved between its loading and the end of the restore keeps the timer its move
    armed: the restored deadlines, armed at the end, pass it over."""
    clock = Clock()
    tables = await open_tables(db_path, clock)
    first = tables[0]
    clock.now += 600
    service, task, seen = await restoring(db_path, clock)
    while service.table_by_id(first.id) is None:
        await asyncio.sleep(0)
    assert not task.done()
    table = service.table_by_id(first.id)
    await service.act(table, 100, {"type": "bet", "amount": 10})
    moved_deadline = table.deadline
    await task
    assert table.deadline == moved_deadline == (await service.store.table_row(first.id))["deadline"]
    assert table._timer is not None, "its own timer still runs"
    await close_service(service)
