"""Tables' states are stored packed (bot.store.packed_state), on both backends; states saved as
text before that are still read, and PostgreSQL's migration 7 keeps them."""

from __future__ import annotations

import json
import random

import pytest

from bot.store import LZ4_FRAME, Store, looks_whole, packed_state, unpacked_state
from tests.bot.helpers import GUILD, close_service, open_service, open_table, play_randomly

ANN, BOB = 2_001, 2_002
AWKWARD = json.dumps({"said": "it's a \"quote\" \\ émoji 🂡", "history": [{"hand": n, "won": n % 3} for n in range(200)]})


def test_a_packed_state_reads_back_exactly_and_is_smaller():
    packed = packed_state(AWKWARD)
    assert packed[:4] == LZ4_FRAME and unpacked_state(packed) == AWKWARD
    assert len(packed) < len(AWKWARD.encode()) / 3


def test_a_cut_off_or_damaged_packed_state_fails_to_unpack():
    packed = packed_state(AWKWARD)
    damaged = packed[:40] + bytes([packed[40] ^ 0xFF]) + packed[41:]
    for broken in (packed[:-5], packed[:40], damaged):
        with pytest.raises(RuntimeError):  # what lz4.frame raises for a broken frame
            unpacked_state(broken)


def test_a_restored_state_is_checked_whole_without_unpacking_it():
    packed = packed_state(AWKWARD)
    assert looks_whole(packed) and looks_whole(AWKWARD) and looks_whole(AWKWARD.encode())
    assert not any(looks_whole(packed[:cut]) for cut in range(len(packed)))  # a frame: wherever it is cut
    assert not looks_whole(AWKWARD[:40]) and not looks_whole(AWKWARD[:-1])  # text: brace to brace only
    assert not looks_whole(None) and not looks_whole("")


def test_states_saved_before_packing_are_read_as_they_are():
    assert unpacked_state(AWKWARD) == AWKWARD  # text, as SQLite holds them
    assert unpacked_state(AWKWARD.encode()) == AWKWARD  # their bytes, as PostgreSQL's migration 7 left them
    assert unpacked_state(None) is None and packed_state(None) is None


async def stored_state(store: Store, table_id: int) -> bytes | str:
    return (await store.fetchone("SELECT state FROM tables WHERE id=?", (table_id,)))["state"]


async def test_moves_store_their_tables_state_packed(db_path):
    service, _ = await open_service(db_path)
    try:
        table = await open_table(service, "blackjack", [ANN, BOB])
        await play_randomly(service, table, random.Random(3), 40)
        stored = await stored_state(service.store, table.id)
        assert isinstance(stored, bytes) and stored[:4] == LZ4_FRAME
        assert unpacked_state(stored) == table.state_json()
        assert len(stored) < len(table.state_json()) / 2
    finally:
        await close_service(service)


async def test_a_table_saved_as_text_resumes_exactly_and_is_packed_at_its_next_move(db_path):
    service, _ = await open_service(db_path)
    table = await open_table(service, "blackjack", [ANN, BOB])
    await play_randomly(service, table, random.Random(5), 10)
    text, version = table.state_json(), table.version
    old_form = text if service.store.backend == "sqlite" else text.encode()
    async with service.store.transaction() as tx:
        await tx.execute("UPDATE tables SET state=? WHERE id=?", (old_form, table.id))
    await close_service(service)

    service, _ = await open_service(db_path)
    try:
        resumed = service.table_by_id(table.id)
        assert resumed is not None and (resumed.state_json(), resumed.version) == (text, version)
        await play_randomly(service, resumed, random.Random(6), 5)
        assert resumed.version > version
        assert (await stored_state(service.store, table.id))[:4] == LZ4_FRAME
    finally:
        await close_service(service)


async def test_postgresql_migration_7_turns_text_states_into_their_bytes(postgres, monkeypatch):
    import bot.store_postgres

    target = postgres.empty_database()
    monkeypatch.setattr(bot.store_postgres, "MIGRATIONS", bot.store_postgres.MIGRATIONS[:6])
    store = await Store.open(target)
    try:
        async with store.transaction() as tx:
            table_id = await tx.insert(
                "INSERT INTO tables (guild_id, channel_id, game, options, host_id, status, lobby, state, extra, "
                "created_at) VALUES (?, 10, 'blackjack', '{}', ?, 'ended', '[]', ?, '{}', 0)",
                (GUILD, ANN, AWKWARD))
    finally:
        await store.close()
    monkeypatch.undo()

    store = await Store.open(target)
    try:
        stored = await stored_state(store, table_id)
        assert stored == AWKWARD.encode() and unpacked_state(stored) == AWKWARD
    finally:
        await store.close()
        postgres.drop_database(target)
