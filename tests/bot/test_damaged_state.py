"""A table whose stored state is whole JSON but that the game cannot read (a wrong inside) is not
checked at start-up (too slow for thousands of tables): its first touch — a move or a timer —
finds it, and it is set aside exactly as start-up sets aside a row it cannot load. On both
store backends."""

from __future__ import annotations

import json
import logging

import pytest

from bot.store import packed_state, unpacked_state
from bot.tables import DamagedTable, build_options
from tests.bot.helpers import GUILD, chips_everywhere, close_service, open_service, open_table

ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104


async def spoil_state(service, table_id: int) -> None:
    """Write a state that is valid JSON but that the game's `from_dict` refuses."""
    row = await service.store.table_row(table_id)
    state = json.loads(unpacked_state(row["state"]))
    state["seats"] = "not a list of seats"
    async with service.store.transaction() as tx:
        await tx.execute("UPDATE tables SET state=? WHERE id=?", (packed_state(json.dumps(state)), table_id))


async def two_tables(db_path, timer: int = 0) -> tuple[int, int]:
    service, _ = await open_service(db_path)
    spoiled = await open_table(service, "poker", [ALICE, BOB], channel=10, timer=timer)
    other = await open_table(service, "blackjack", [CAROL, DAVE], channel=11)
    await spoil_state(service, spoiled.id)
    await close_service(service)
    return spoiled.id, other.id


async def assert_set_aside(service, economy, table_id: int, caplog) -> None:
    row = await service.store.table_row(table_id)
    assert row["status"] == "damaged"
    assert service.table_in(10) is None and service.table_by_id(table_id) is None, "the channel is free"
    assert service.tables_of(ALICE) == [] and service.tables_of(BOB) == []
    assert await economy.wallet(GUILD, ALICE) == 1000 and await economy.wallet(GUILD, BOB) == 1000, \
        "the buy-ins are back (no hand was settled)"
    assert any(f"table {table_id}" in r.getMessage() and "set aside" in r.getMessage() for r in caplog.records)
    total, granted = await chips_everywhere(service, economy)
    assert total == granted


async def test_a_move_finds_the_damage_and_the_table_is_set_aside(db_path, caplog):
    spoiled_id, other_id = await two_tables(db_path)
    with caplog.at_level(logging.ERROR, logger="bot.tables"):
        service, economy = await open_service(db_path)
        assert service.table_in(10) is not None, "not read at start-up (restore stays fast)"
        table = service.table_in(10)
        with pytest.raises(DamagedTable) as found:
            await service.act(table, ALICE, {"type": "call"})
        await service.set_aside(found.value)
    await assert_set_aside(service, economy, spoiled_id, caplog)
    await service.set_aside(found.value)  # a second touch (another member at once) changes nothing
    assert await economy.wallet(GUILD, ALICE) == 1000
    other = service.table_by_id(other_id)
    player = other.module.pending(other.state)[0]
    await service.act(other, player, other.module.default_action(other.state, player))  # plays on
    await close_service(service)

    service, _ = await open_service(db_path)  # set aside once for good
    assert service.table_in(10) is None and service.table_by_id(other_id) is not None
    await close_service(service)


async def test_a_timer_finds_the_damage_and_the_table_is_set_aside(db_path, caplog):
    spoiled_id, _ = await two_tables(db_path, timer=30)
    with caplog.at_level(logging.ERROR, logger="bot.tables"):
        service, economy = await open_service(db_path)
        table = service.table_in(10)
        assert table.deadline is not None
        await service._guarded(service._on_timeout(table, table.deadline))
    await assert_set_aside(service, economy, spoiled_id, caplog)
    await close_service(service)


async def test_a_table_set_aside_gives_the_computers_stacks_back_to_the_house(db_path, caplog):
    """Issue 21, item 2: the house lent each computer seat its stack; setting the table aside
    pays every chip back where it came from — people's to their wallets, computers' to the house."""
    service, economy = await open_service(db_path)
    table = await open_table(service, "poker", [ALICE], channel=12, bots=2)
    _, house, _ = await economy.ledger(GUILD)
    assert house == -400, "two computer seats of 200, lent by the house"
    await spoil_state(service, table.id)
    await close_service(service)
    with caplog.at_level(logging.ERROR, logger="bot.tables"):
        service, economy = await open_service(db_path)  # its computers' turn is read at once
    assert service.table_in(12) is None and (await service.store.table_row(table.id))["status"] == "damaged"
    wallets, house, granted = await economy.ledger(GUILD)
    assert house == 0 and await economy.wallet(GUILD, ALICE) == 1000
    assert wallets + house == granted
    await close_service(service)


async def test_a_lobby_set_aside_at_start_up_gives_the_computers_stacks_back_to_the_house(db_path):
    service, economy = await open_service(db_path)
    lobby = await service.create(GUILD, 13, "poker", build_options("poker", {"bots": 2}), ALICE, 300)
    async with service.store.transaction() as tx:  # an option this version does not have
        await tx.execute("UPDATE tables SET options=? WHERE id=?", ('{"jokers": 2}', lobby.id))
    await close_service(service)
    service, economy = await open_service(db_path)
    assert service.table_in(13) is None
    wallets, house, granted = await economy.ledger(GUILD)
    assert house == 0 and await economy.wallet(GUILD, ALICE) == 1000 and wallets + house == granted
    await close_service(service)


@pytest.mark.parametrize("named", ["rummy", "blackjack"])
async def test_a_row_that_names_another_game_pays_back_by_the_chip_ledger(db_path, caplog, named):
    """Issue 27, item 5: a poker row rewritten to name another game (one without chips, or one
    that cannot read it) is set aside at start-up, and what it pays back comes from its chip
    ledger — the buy-ins less what each took out — not from the row: every chip goes back."""
    service, economy = await open_service(db_path)
    table = await open_table(service, "poker", [ALICE, BOB, CAROL], channel=14)
    hand = table.state.hand_no
    while table.state.hand_no == hand:  # one hand played out: the blinds change hands
        player = table.module.pending(table.state)[0]
        await service.act(table, player, table.module.default_action(table.state, player))
    await service.leave(table, CAROL)  # she takes her stack with her
    carol = await economy.wallet(GUILD, CAROL)
    assert carol != 800 or table.state.hand_no > hand  # her cash-out is booked, whatever it was
    async with service.store.transaction() as tx:
        await tx.execute("UPDATE tables SET game=? WHERE id=?", (named, table.id))
    await close_service(service)

    with caplog.at_level(logging.ERROR, logger="bot.tables"):
        service, economy = await open_service(db_path)
    assert service.table_in(14) is None and (await service.store.table_row(table.id))["status"] == "damaged"
    assert await economy.wallet(GUILD, ALICE) == 1000 and await economy.wallet(GUILD, BOB) == 1000, \
        "each gets back what they put in (the row cannot say who won what)"
    assert await economy.wallet(GUILD, CAROL) == carol, "who left was paid when she left, not again"
    wallets, house, granted = await economy.ledger(GUILD)
    assert wallets + house == granted, "every chip is back: the house covers what Carol won"
    assert any("chip ledger" in r.getMessage() for r in caplog.records)
    assert await service.store.fetchall("SELECT * FROM table_chips WHERE table_id=?", (table.id,)) == []
    await close_service(service)


async def test_a_table_opened_before_ledgers_gets_none_and_pays_back_as_before(db_path):
    """A table without a ledger (opened by a version before it) books no chips later — a
    ledger missing its first buy-ins would pay back too little — and is paid back as before."""
    service, economy = await open_service(db_path)
    lobby = await service.create(GUILD, 15, "poker", build_options("poker", {}), ALICE, 300)
    async with service.store.transaction() as tx:
        await tx.close_ledger(lobby.id)  # as a table opened before ledgers were kept
    await service.join(lobby, BOB, 200)
    assert await service.store.fetchall("SELECT * FROM table_chips WHERE table_id=?", (lobby.id,)) == []
    async with service.store.transaction() as tx:  # an option this version does not have
        await tx.execute("UPDATE tables SET options=? WHERE id=?", ('{"jokers": 2}', lobby.id))
    await close_service(service)
    service, economy = await open_service(db_path)
    assert service.table_in(15) is None, "set aside"
    assert await economy.wallet(GUILD, ALICE) == 1000 and await economy.wallet(GUILD, BOB) == 1000, \
        "the lobby's stacks, as before ledgers"
    await close_service(service)
