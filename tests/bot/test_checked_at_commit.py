"""A move on PostgreSQL, made by the process that owns its table, is applied to the copy in
memory and sent in one round trip with its table check (bot.store_postgres._checked_at_commit).
These tests make that copy stale behind the owner's back — a second service on the same
database moves first, as a process receiving DM presses does — and show that no move is lost,
refused wrongly, or applied to the old state; and that the held-back writes store exactly what
they were given."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest

from bot import fair
from bot.store import Conflict, MoveRecord, dumps, unpacked_state
from bot.store_postgres import PostgresStore, literal
from bot.tables import Table, TableService, state_from_json
from games.base import IllegalAction
from tests.bot.helpers import close_service, open_service, open_table

ANN, BOB = 1_001, 1_002


@asynccontextmanager
async def twin_services(url: str, game: str) -> AsyncIterator[tuple[TableService, TableService, Table, Table]]:
    """Two services on one database, each holding every table (no shards) and the same table
    of `game` (the first's copy, then the second's): what one commits, the other's copy does
    not know (owners send no change notice)."""
    async with one_service(url, game) as (first, table):
        second, _ = await open_service(url)
        try:
            elsewhere = second.table_by_id(table.id)
            assert elsewhere is not None
            yield first, second, table, elsewhere
        finally:
            await close_service(second)


@asynccontextmanager
async def one_service(url: str, game: str = "poker") -> AsyncIterator[tuple[TableService, Table]]:
    """A service with a started two-player table of `game`."""
    service, _ = await open_service(url)
    try:
        yield service, await open_table(service, game, [ANN, BOB])
    finally:
        await close_service(service)


async def stored(url: str, table_id: int) -> tuple[int, str]:
    conn = await asyncpg.connect(url)
    try:
        row = await conn.fetchrow("SELECT version, state FROM tables WHERE id=$1", table_id)
        return row["version"], unpacked_state(row["state"])
    finally:
        await conn.close()


def a_call_or_check(table: Table, player: int) -> dict:
    moves = [m for m in table.module.legal_actions(table.state, player) if m["type"] in ("call", "check")]
    assert moves, f"{player} can neither call nor check"
    return moves[0]


async def test_a_move_on_a_stale_copy_is_applied_again_to_the_stored_state(postgres_url):
    """Both players must bet. Ann's bet is made elsewhere; Bob's, legal on the owner's old copy
    too, fails its check at commit and is applied again to the state that holds Ann's bet."""
    async with twin_services(postgres_url, "blackjack") as (first, second, table, elsewhere):
        await second.act(elsewhere, ANN, {"type": "bet", "amount": 20})
        assert table.version == elsewhere.version - 1  # the owner's copy is one move behind

        await first.act(table, BOB, {"type": "bet", "amount": 30})

        log = await first.store.action_log(table.id)
        assert [(player, action["amount"]) for _, player, action in log[-2:]] == [(ANN, 20), (BOB, 30)]
        assert [version for version, _, _ in log] == list(range(1, len(log) + 1))  # nothing lost or doubled
        assert await stored(postgres_url, table.id) == (table.version, table.state_json())
        stacks = {seat.player: seat.stack for seat in table.state.seats}
        assert stacks == {ANN: 200 - 20, BOB: 200 - 30}  # each bet taken once, from the right stack


async def test_the_try_after_a_conflict_locks_the_row_before_it_reads(postgres_url, monkeypatch):
    """A process moving the same table quickly could make every optimistic try stale: the try
    after a conflict takes the row's lock first (no known version), so it cannot lose again."""
    async with twin_services(postgres_url, "blackjack") as (first, second, table, elsewhere):
        await second.act(elsewhere, ANN, {"type": "bet", "amount": 20})
        known_versions = []
        locked = first.store.locked

        def spied(table_id, version, status, one_step=False):
            known_versions.append(version)
            return locked(table_id, version, status, one_step)

        monkeypatch.setattr(first.store, "locked", spied)
        await first.act(table, BOB, {"type": "bet", "amount": 30})
        mover = table.module.pending(table.state)[0]
        await first.act(table, mover, table.module.legal_actions(table.state, mover)[0])

        stale, retried, next_move = known_versions
        assert stale == elsewhere.version - 1 and retried is None  # the retry read under the lock
        assert next_move == table.version - 1  # and the flag went with it: the next move is optimistic


async def test_a_move_legal_only_on_a_stale_copy_is_refused_and_changes_nothing(postgres_url):
    """The player to act calls elsewhere; folding, on the owner's old copy still their turn, is
    refused once the stored state is read."""
    async with twin_services(postgres_url, "poker") as (first, second, table, elsewhere):
        mover = table.module.pending(table.state)[0]
        await second.act(elsewhere, mover, a_call_or_check(elsewhere, mover))
        after_call = await stored(postgres_url, table.id)

        with pytest.raises(IllegalAction):
            await first.act(table, mover, {"type": "fold"})

        assert await stored(postgres_url, table.id) == after_call == (table.version, table.state_json())


async def test_a_move_refused_on_a_stale_copy_is_judged_again_on_the_stored_one(postgres_url):
    """On the owner's old copy it is not the second player's turn; in the stored state it is:
    their move is played, not refused."""
    async with twin_services(postgres_url, "poker") as (first, second, table, elsewhere):
        mover = table.module.pending(table.state)[0]
        await second.act(elsewhere, mover, a_call_or_check(elsewhere, mover))
        answering = table.module.pending(elsewhere.state)[0]
        assert answering != mover
        move = a_call_or_check(elsewhere, answering)
        with pytest.raises(IllegalAction):  # on the stale copy alone, it is not their turn
            table.module.apply(state_from_json(table.game, table.state_json()), answering, move)

        await first.act(table, answering, move)

        log = await first.store.action_log(table.id)
        assert [(player, fair.as_made(action)) for _, player, action in log][-1] == (answering, move)
        assert await stored(postgres_url, table.id) == (table.version, table.state_json())


async def test_a_move_refused_on_a_current_copy_is_refused_and_changes_nothing(postgres_url):
    async with one_service(postgres_url) as (service, table):
        waiting = table.module.pending(table.state)[0]
        other = BOB if waiting == ANN else ANN
        before = await stored(postgres_url, table.id)
        with pytest.raises(IllegalAction):
            await service.act(table, other, {"type": "check"})
        assert await stored(postgres_url, table.id) == before == (table.version, table.state_json())


async def test_a_move_that_only_writes_takes_one_round_trip(postgres_url, monkeypatch):
    async with one_service(postgres_url) as (service, table):
        mover = table.module.pending(table.state)[0]
        trips: list[str] = []
        for name in ("execute", "fetch", "fetchrow", "fetchval"):
            method = getattr(asyncpg.Connection, name)

            async def counted(self, query, *args, _method=method, **kwargs):
                trips.append(query)
                return await _method(self, query, *args, **kwargs)

            monkeypatch.setattr(asyncpg.Connection, name, counted)
        await service.act(table, mover, a_call_or_check(table, mover))
        monkeypatch.undo()
        assert len(trips) == 1, trips
        assert trips[0].startswith("BEGIN; EXECUTE lock_current_table(") and trips[0].endswith("; COMMIT")


AWKWARD_TEXT = "it's a \"quote\" \\ back\\slash, ''doubled'', émoji 🂡, $1 and ; COMMIT; --"


async def test_held_writes_store_exactly_what_they_were_given(postgres_url):
    """Text with quotes, backslashes, placeholders and SQL in it, a float with no short decimal
    form, and NULL go through the simple protocol's literals unchanged."""
    async with one_service(postgres_url) as (service, table):
        store = service.store
        assert isinstance(store, PostgresStore)
        at, deadline = 0.1 + 0.2, None
        move = MoveRecord(table.id, table.version + 1, ANN, {"type": AWKWARD_TEXT}, at, AWKWARD_TEXT, deadline,
                          dumps({"note": AWKWARD_TEXT}), None)
        async with store.locked(table.id, table.version, table.status, one_step=True) as (tx, fresh):
            assert fresh is None
            await tx.record_move(move)
        row = await store.fetchone("SELECT version, state, deadline, extra FROM tables WHERE id=?", (table.id,))
        assert (row["version"], unpacked_state(row["state"]), row["deadline"], row["extra"]) == \
            (move.version, AWKWARD_TEXT, None, move.extra_json)
        logged = await store.fetchone("SELECT action, at FROM actions WHERE table_id=? AND version=?",
                                      (table.id, move.version))
        assert logged["at"] == at and json.loads(logged["action"]) == {"type": AWKWARD_TEXT}


async def test_a_stale_check_at_commit_writes_nothing(postgres_url):
    async with one_service(postgres_url) as (service, table):
        store = service.store
        before = await stored(postgres_url, table.id)
        move = MoveRecord(table.id, table.version + 1, ANN, {"type": "check"}, 1.0, "{}", None, "{}", None)
        with pytest.raises(Conflict):
            async with store.locked(table.id, table.version - 1, table.status, one_step=True) as (tx, _):
                await tx.record_move(move)
        assert await stored(postgres_url, table.id) == before


@pytest.mark.parametrize("value, text", [
    (None, "NULL"), (True, "TRUE"), (7, "7"), (-2**40, "-1099511627776"), (0.1 + 0.2, "'0.30000000000000004'"),
    ("it's", "'it''s'"), ("a\\b", "'a\\b'"), (b"\x00\x01'\xff", "'\\x000127ff'"),
])
def test_literals(value, text):
    assert literal(value) == text


def test_a_nul_character_is_refused_as_a_literal():
    with pytest.raises(ValueError, match="NUL"):
        literal("a\x00b")


async def test_the_stores_sessions_read_literals_as_written_and_share_flushes(postgres_url):
    async with one_service(postgres_url) as (service, _):
        settings = {name: (await service.store.fetchone(f"SHOW {name}"))[0]
                    for name in ("standard_conforming_strings", "commit_siblings")}
        assert settings == {"standard_conforming_strings": "on", "commit_siblings": "1"}


async def test_a_client_seed_chosen_in_one_process_reaches_the_other_without_a_read(postgres_url):
    """Moves read no client seed from the store once their players' are known: a `/fair seed`
    made in another process arrives as its change notice, before that member's next deal."""
    async with twin_services(postgres_url, "poker") as (first, second, table, elsewhere):
        player = table.players()[0]
        before = await second.client_seeds.of(table.guild_id, [player])  # known to the second from now on
        assert before[player] != "chosen-in-the-first"
        await first.client_seeds.choose(table.guild_id, player, "chosen-in-the-first")
        for _ in range(100):
            if second.client_seeds.known(table.guild_id, [player]) == {player: "chosen-in-the-first"}:
                break
            await asyncio.sleep(0.02)
        assert second.client_seeds.known(table.guild_id, [player]) == {player: "chosen-in-the-first"}
        assert await second.client_seeds.of(table.guild_id, [player]) == {player: "chosen-in-the-first"}
