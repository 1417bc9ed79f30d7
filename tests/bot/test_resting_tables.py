"""A table whose player let their turn run out waits packed (issue 31, the restart storm): its
parsed state is let go, so a restart's thousands of timeouts leave nothing for the garbage
collector's full passes to walk (they held the event loop 0.5-1.3 s), and play goes on from
exactly the committed state."""

from __future__ import annotations

import gc
import json
import random
from collections.abc import AsyncIterator

import pytest

from bot.store import unpacked_state
from bot.tables import build_options
from games import blackjack
from tests.bot.helpers import GUILD, Clock, close_service, open_service, play_randomly

TABLES = 12


@pytest.fixture
async def service_clock(db_path) -> AsyncIterator[tuple]:
    """A table service on its own store, and the clock its timers read."""
    clock = Clock()
    service, _ = await open_service(db_path, clock)
    try:
        yield service, clock
    finally:
        await close_service(service)


async def timed_tables(service, clock: Clock) -> list:
    """Blackjack tables of two people each, a turn timer running, a few rounds played."""
    tables = []
    for n in range(TABLES):
        table = await service.create(GUILD + n, 10 + n, "blackjack", build_options("blackjack", {"timer": 60}),
                                     100 + n, 500)
        await service.join(table, 200 + n, 500)
        await service.start(table, 100 + n)
        await play_randomly(service, table, random.Random(n), 15)
        tables.append(table)
    return tables


def states_the_collector_walks() -> int:
    gc.collect()
    return sum(1 for thing in gc.get_objects() if isinstance(thing, blackjack.State))


async def test_tables_whose_turn_ran_out_leave_no_state_for_the_collector_to_walk(service_clock):
    service, clock = service_clock

    async def shown(table, events, origin) -> None:
        table.view(None)  # a listener reads the table after each timeout, as the presenter does

    service.listeners.append(shown)
    tables = await timed_tables(service, clock)
    assert states_the_collector_walks() >= TABLES, "the states in play are parsed"
    for table in tables:
        clock.now = table.deadline
        version = table.version
        await service._on_timeout(table, table.deadline)
        assert table.version > version, "the timer made the away player's default move"
    assert states_the_collector_walks() == 0, "nobody plays there: their states wait packed"
    for table in tables:  # a timer that finds the turn already moved on: nothing to play, still told
        await service._on_timeout(table, clock.now - 1)
    assert states_the_collector_walks() == 0, "a timer that moved nothing leaves the table packed too"
    for table in tables:
        await assert_as_stored(service, table)


async def test_a_resting_table_plays_on_from_the_committed_state(service_clock):
    service, clock = service_clock
    table = (await timed_tables(service, clock))[0]
    clock.now = table.deadline
    await service._on_timeout(table, table.deadline)
    committed = table.state_json()
    assert table.view(None) == blackjack.view(blackjack.from_dict(json.loads(committed)), None)
    await play_randomly(service, table, random.Random(99), 10)
    await assert_as_stored(service, table)


async def test_a_table_in_the_middle_of_a_move_keeps_its_state(service_clock):
    service, clock = service_clock
    table = (await timed_tables(service, clock))[0]
    state = table.state
    async with table.lock:  # a move under way: its state in play may differ from the committed one
        table.rest()
        assert table.state is state
    table.rest()
    assert table.state is not state and table.state_json() == unpacked_state(table.saved)


async def assert_as_stored(service, table) -> None:
    """The table's state and version in play are those of its row in the store."""
    row = await service.store.table_row(table.id)
    assert table.state_json() == unpacked_state(row["state"]) and table.version == row["version"]
