"""SQLite, one hop per transaction (bot/store_sqlite.py): a move's whole transaction is one call
in the database's thread; moves ready together share one commit, each still whole; a move whose
writes fail is undone alone, with its table's copy as committed, while the others commit."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3

import pytest

from bot.store import unpacked_state
from games.base import IllegalAction
from tests.bot.helpers import Clock, close_service, open_service, open_table, random_move
from tests.bot.test_service import replay, stored_seeds


def counting_hops(store) -> list[int]:
    """How many calls the store makes in its database thread (a counter around `in_thread`)."""
    calls = [0]
    original = store.in_thread

    async def counted(*args):
        calls[0] += 1
        return await original(*args)

    store.in_thread = counted
    return calls


async def accepted_move(service, table, rng: random.Random) -> None:
    for _ in range(200):
        player, move = random_move(table, rng)
        try:
            await service.act(table, player, move)
            return
        except IllegalAction:
            continue
    raise AssertionError("no move was accepted")


async def test_a_move_is_one_hop(sqlite_path):
    service, _ = await open_service(sqlite_path, Clock())
    table = await open_table(service, "blackjack", [101, 102])
    hops = counting_hops(service.store)
    rng = random.Random(1)
    for _ in range(30):
        before = hops[0]
        await accepted_move(service, table, rng)
        assert hops[0] - before == 1, "a move's checks, writes and commit in one call"
    await close_service(service)


async def test_moves_ready_together_share_a_commit_and_each_replays(sqlite_path):
    service, _ = await open_service(sqlite_path, Clock())
    tables = [await open_table(service, "blackjack", [100 + 2 * n, 101 + 2 * n], channel=10 + n) for n in range(6)]
    group = service.store.commit_group
    sent_before = group.transactions
    rng = random.Random(2)
    for _ in range(10):
        await asyncio.gather(*(accepted_move(service, table, rng) for table in tables))
    moves = sum(table.version for table in tables)
    assert group.transactions - sent_before < moves // 2, "moves made together committed together"
    for table in tables:
        row = await service.store.table_row(table.id)
        log = await service.store.action_log(table.id)
        assert [v for v, _, _ in log] == list(range(1, row["version"] + 1))
        replayed = replay(table.module, row, log, await stored_seeds(service.store, table.module, row))
        assert table.module.to_dict(replayed) == json.loads(unpacked_state(row["state"]))
    await close_service(service)


async def test_a_failing_move_is_undone_alone_in_a_shared_commit(sqlite_path):
    service, _ = await open_service(sqlite_path, Clock())
    doomed = await open_table(service, "blackjack", [101, 102], channel=10)
    fine = await open_table(service, "blackjack", [103, 104], channel=11)
    # A log row already at the version the doomed table's next move writes: its INSERT fails.
    await service.store.fetchone("SELECT 1")  # the store is open and current
    async with service.store.transaction() as tx:
        await tx.execute("INSERT INTO actions (table_id, version, player, action, at) VALUES (?, ?, ?, ?, ?)",
                         (doomed.id, doomed.version + 1, 0, "{}", 0.0))
    state_before, version_before = doomed.state_json(), doomed.version
    fine_version = fine.version
    group = service.store.commit_group
    sent_before = group.transactions
    rng = random.Random(3)
    outcomes = await asyncio.gather(accepted_move(service, doomed, rng), accepted_move(service, fine, rng),
                                    return_exceptions=True)
    assert group.transactions - sent_before == 1, "both moves went in one commit"
    assert isinstance(outcomes[0], sqlite3.IntegrityError), outcomes[0]
    assert outcomes[1] is None
    assert doomed.version == version_before and doomed.state_json() == state_before, "the copy is as committed"
    row = await service.store.table_row(doomed.id)
    assert row["version"] == version_before and unpacked_state(row["state"]) == state_before
    assert fine.version == fine_version + 1
    assert (await service.store.table_row(fine.id))["version"] == fine.version
    await close_service(service)


async def test_a_transaction_that_reads_holds_the_writer_until_it_ends(sqlite_path):
    service, economy = await open_service(sqlite_path, Clock())
    store = service.store
    with pytest.raises(RuntimeError, match="changed my mind"):
        async with store.transaction() as tx:
            await tx.execute("INSERT INTO house (guild_id, chips) VALUES (?, ?)", (7, 5))
            assert not store.write_lock.locked(), "writes alone wait for the commit"
            assert (await tx.fetchone("SELECT chips FROM house WHERE guild_id=?", (7,)))[0] == 5
            assert store.write_lock.locked(), "a read begins the transaction in the thread"
            raise RuntimeError("changed my mind")
    assert not store.write_lock.locked()
    assert await store.fetchone("SELECT chips FROM house WHERE guild_id=?", (7,)) is None, "rolled back whole"
    table = await open_table(service, "blackjack", [101, 102])  # buy-ins read the wallets
    assert table.active and await economy.wallet(1, 101) == 800
    await close_service(service)
