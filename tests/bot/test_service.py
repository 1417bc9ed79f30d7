"""The table service on a real SQLite file: commits, refusals, restarts, chips."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from bot.store import Store, unpacked_state
from bot.store_postgres import MIGRATIONS as POSTGRES_MIGRATIONS
from bot.store_sqlite import MIGRATIONS
from bot.tables import TableService, build_options
from games.base import IllegalAction
from games.registry import GAMES
from tests.bot.helpers import (
    GUILD,
    chips_everywhere,
    close_service,
    open_service,
    open_table,
    play_randomly,
)

ALICE, BOB, CAROL = 101, 102, 103


async def test_migrations_are_numbered_and_wal_is_on(sqlite_path):
    store = await Store.open(sqlite_path)
    try:
        assert (await store.fetchone("PRAGMA user_version"))[0] == len(MIGRATIONS)
        indexes = {row[0] for row in await store.fetchall("SELECT name FROM sqlite_master WHERE type='index'")}
        assert "tables_by_channel" in indexes
        assert (await store.fetchone("PRAGMA journal_mode"))[0] == "wal"
    finally:
        await store.close()


async def test_postgres_migrations_have_the_same_numbers_and_indexes(postgres):
    url = postgres.empty_database()
    store = await Store.open(url)
    try:
        assert len(POSTGRES_MIGRATIONS) == len(MIGRATIONS)
        assert await store.schema_version() == len(MIGRATIONS)
        indexes = {row[0] for row in await store.fetchall("SELECT indexname FROM pg_indexes WHERE tablename='tables'")}
        assert {"tables_by_channel", "one_open_table_per_channel", "open_tables_by_guild",
                "open_tables_by_player"} <= indexes
        await store.migrate()  # a second start migrates nothing
        assert await store.schema_version() == len(MIGRATIONS)
    finally:
        await store.close()
        postgres.drop_database(url)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_moving_to_schema_5_indexes_who_sits_at_each_open_table(backend, tmp_path, request, monkeypatch):
    import bot.store_postgres
    import bot.store_sqlite

    dialect = bot.store_sqlite if backend == "sqlite" else bot.store_postgres
    target = tmp_path / "old.sqlite3" if backend == "sqlite" else request.getfixturevalue("postgres").empty_database()
    monkeypatch.setattr(dialect, "MIGRATIONS", dialect.MIGRATIONS[:4])  # a database of the version before
    store = await Store.open(target)
    ids = []
    async with store.transaction() as tx:
        for status, lobby, extra in [("lobby", [ALICE, BOB], {}), ("active", [ALICE, CAROL], {"players": [ALICE, CAROL]}),
                                     ("ended", [ALICE], {"players": [ALICE]})]:
            seats = json.dumps([{"player": player, "stack": 100} for player in lobby])
            ids.append(await tx.insert(
                "INSERT INTO tables (guild_id, channel_id, game, options, host_id, status, lobby, extra, created_at) "
                "VALUES (?, ?, 'blackjack', '{}', ?, ?, ?, ?, 0)",
                (GUILD, 10 + len(ids), lobby[0], status, seats, json.dumps(extra))))
    await store.close()
    monkeypatch.undo()
    store = await Store.open(target)
    try:
        found = {player: [row["id"] for row in await store.seated_tables(player, None, 25)] for player in (ALICE, BOB, CAROL)}
        assert found == {ALICE: ids[:2], BOB: ids[:1], CAROL: ids[1:2]}
    finally:
        await store.close()
        if backend == "postgresql":
            request.getfixturevalue("postgres").drop_database(target)


@pytest.mark.parametrize("game", ["blackjack", "baccarat"])
async def test_a_restart_resumes_every_table_exactly(db_path, game):
    service, _ = await open_service(db_path)
    table = await open_table(service, game, [ALICE, BOB])
    await play_randomly(service, table, random.Random(7), 40)
    before = (table.state_json(), table.version, table.status)
    await close_service(service)

    service, _ = await open_service(db_path)
    restored = service.table_in(10)
    assert restored is not None
    assert (restored.state_json(), restored.version, restored.status) == before
    assert restored.state == GAMES[game].from_dict(json.loads(before[0]))
    await close_service(service)


async def test_a_refused_move_changes_nothing(db_path):
    service, economy = await open_service(db_path)
    table = await open_table(service, "blackjack", [ALICE, BOB])
    snapshot = (table.state_json(), table.version, await economy.ledger(GUILD))
    for player, move in [(ALICE, {"type": "hit"}), (CAROL, {"type": "bet", "amount": 10}),
                         (ALICE, {"type": "bet", "amount": 0}), (ALICE, {"type": "bet", "amount": -5}),
                         (ALICE, {"type": "bet", "amount": 10**12}), (ALICE, {"type": "bet", "amount": "ten"}),
                         (ALICE, {"type": "bet", "amount": 201})]:
        with pytest.raises(IllegalAction):
            await service.act(table, player, move)
    assert (table.state_json(), table.version, await economy.ledger(GUILD)) == snapshot
    log = await service.store.action_log(table.id)
    assert log == []
    await close_service(service)


# What a failing commit raises: the OSError itself on SQLite; on PostgreSQL an OSError is how a cut
# connection shows, so the move is refused as the database not answering (IllegalAction)
COMMIT_FAILURES = (OSError, IllegalAction)


@contextlib.contextmanager
def commits_fail(service):
    """Every transaction opens, then fails when the action is logged (as a full disk would):
    those of the store's `transaction` and those holding a table's row (`locked`)."""
    store = service.store
    originals = {"transaction": store.transaction, "locked": store.locked}

    async def broken_log(*args, **kwargs):
        raise OSError("disk full")

    def breaking(tx):
        tx.log_action = tx.record_move = broken_log
        return tx

    @contextlib.asynccontextmanager
    async def failing_transaction():
        async with originals["transaction"]() as tx:
            yield breaking(tx)

    @contextlib.asynccontextmanager
    async def failing_locked(*args):
        async with originals["locked"](*args) as (tx, fresh):
            yield breaking(tx), fresh

    store.transaction, store.locked = failing_transaction, failing_locked
    try:
        yield
    finally:
        store.transaction, store.locked = originals["transaction"], originals["locked"]


async def test_a_failed_commit_leaves_the_state_as_committed(db_path):
    service, _ = await open_service(db_path)
    table = await open_table(service, "blackjack", [ALICE])
    committed = table.state_json()
    with commits_fail(service), pytest.raises(COMMIT_FAILURES):
        await service.act(table, ALICE, {"type": "bet", "amount": 20})
    assert table.state_json() == committed and table.version == 0
    await close_service(service)


async def test_a_join_whose_commit_fails_seats_nobody(db_path):
    service, economy = await open_service(db_path)
    table = await open_table(service, "blackjack", [ALICE])
    with commits_fail(service), pytest.raises(COMMIT_FAILURES):
        await service.join(table, CAROL, 100)
    assert await economy.wallet(GUILD, CAROL) == 1000, "her starting grant, untouched"
    assert not table.seated(CAROL) and table.extra["players"] == [ALICE]
    assert service.tables_of(CAROL) == [] and service.tables_of(ALICE) == [table]
    await close_service(service)


async def assert_stored_seats_agree(service: TableService) -> None:
    """The store's index of who sits where (what a DM finds on another process) is what the
    process holds."""
    for player in (ALICE, BOB, CAROL):
        stored = [row["id"] for row in await service.store.seated_tables(player, None, 25)]
        assert stored == [t.id for t in service.tables_of(player)], player
        stored = [row["id"] for row in await service.store.seated_tables(player, "poker", 25)]
        assert stored == [t.id for t in service.tables_of(player, "poker")], player


async def test_the_tables_a_player_sits_at_follow_every_seat_change(db_path):
    service, _ = await open_service(db_path)
    lobby = await service.create(GUILD, 10, "blackjack", build_options("blackjack", {}), ALICE, 100)
    running = await open_table(service, "poker", [BOB, ALICE, CAROL], channel=11)
    assert service.tables_of(ALICE) == [lobby, running] and service.tables_of(ALICE, "poker") == [running]
    await assert_stored_seats_agree(service)
    await service.join(lobby, BOB, 100)
    assert service.tables_of(BOB) == [lobby, running]
    await assert_stored_seats_agree(service)
    await service.leave(lobby, BOB)
    await service.leave(running, CAROL)
    assert service.tables_of(BOB) == [running] and service.tables_of(CAROL) == []
    await assert_stored_seats_agree(service)
    await service.end(lobby, ALICE, may_manage=False)
    assert service.tables_of(ALICE) == [running]
    await assert_stored_seats_agree(service)
    await close_service(service)

    service, _ = await open_service(db_path)  # after a restart, from the stored seats
    assert [t.id for t in service.tables_of(ALICE)] == [running.id]
    assert [t.id for t in service.tables_of(BOB)] == [running.id] and service.tables_of(CAROL) == []
    await close_service(service)


async def test_joining_twice_and_starting_as_a_guest_are_refused(db_path):
    service, economy = await open_service(db_path)
    table = await service.create(GUILD, 10, "blackjack", build_options("blackjack", {}), ALICE, 100)
    await service.join(table, BOB, 100)
    ledger = await economy.ledger(GUILD)
    with pytest.raises(IllegalAction, match="already seated"):
        await service.join(table, BOB, 100)
    with pytest.raises(IllegalAction, match="only the host"):
        await service.start(table, BOB)
    assert len(table.lobby) == 2 and await economy.ledger(GUILD) == ledger
    await close_service(service)


async def test_one_table_per_channel_and_a_limit_per_server(db_path):
    service, _ = await open_service(db_path)
    await service.create(GUILD, 10, "baccarat", build_options("baccarat", {}), ALICE, 50)
    with pytest.raises(IllegalAction, match="already has a table"):
        await service.create(GUILD, 10, "blackjack", build_options("blackjack", {}), BOB, 50)
    for channel in range(11, 11 + service.config.max_tables_per_guild - 1):
        await service.create(GUILD, channel, "baccarat", build_options("baccarat", {}), BOB, 10)
    with pytest.raises(IllegalAction, match="open tables"):
        await service.create(GUILD, 99, "baccarat", build_options("baccarat", {}), CAROL, 50)
    await close_service(service)


async def test_a_buy_in_above_the_wallet_is_refused(db_path):
    service, economy = await open_service(db_path)
    with pytest.raises(IllegalAction, match="you have 1000 chips"):
        await service.create(GUILD, 10, "blackjack", build_options("blackjack", {"max_bet": 5000}), ALICE, 1001)
    assert service.table_in(10) is None
    assert await economy.wallet(GUILD, ALICE) == 1000
    await close_service(service)


@pytest.mark.parametrize("seed", range(6))
async def test_chips_are_conserved_over_joins_rounds_and_leaves(db_path, seed):
    rng = random.Random(seed)
    service, economy = await open_service(db_path)
    table = await open_table(service, rng.choice(["blackjack", "baccarat"]), [ALICE, BOB])
    for _ in range(8):
        await play_randomly(service, table, rng, rng.randint(1, 15))
        roll = rng.random()
        try:
            if roll < 0.2:
                await service.join(table, CAROL, rng.randint(10, 300))
            elif roll < 0.4:
                await service.leave(table, rng.choice([ALICE, BOB, CAROL]))
        except IllegalAction:
            pass
        total, granted = await chips_everywhere(service, economy)
        assert total == granted
    await service.end(table, ALICE, may_manage=True)
    total, granted = await chips_everywhere(service, economy)
    assert total == granted
    await close_service(service)


async def test_ending_returns_every_chip_including_bets_in_play(db_path):
    service, economy = await open_service(db_path)
    table = await open_table(service, "blackjack", [ALICE, BOB])
    await service.act(table, ALICE, {"type": "bet", "amount": 50})
    refunds = await service.end(table, BOB, may_manage=True)
    assert refunds == {ALICE: 200, BOB: 200}
    assert await economy.wallet(GUILD, ALICE) == 1000
    _, house, _ = await economy.ledger(GUILD)
    assert house == 0
    await close_service(service)


async def test_the_action_log_replays_to_the_stored_state(db_path):
    service, _ = await open_service(db_path)
    table = await open_table(service, "blackjack", [ALICE, BOB, CAROL], decks=1)
    await play_randomly(service, table, random.Random(3), 200)
    row = await service.store.table_row(table.id)
    assert json.loads(unpacked_state(row["state"]))["shoe"]["number"] > 1, "the play went through several shoes"
    seeds = await stored_seeds(service.store, table.module, row)
    log = await service.store.action_log(table.id)
    replayed = replay(table.module, row, log, seeds)
    assert table.module.to_dict(replayed) == json.loads(unpacked_state(row["state"]))
    await close_service(service)


async def stored_seeds(store, module, row) -> list[str]:
    """The table's server seeds in the order of its deals (bot.fair.seeds_in_deal_order)."""
    from bot import fair

    revealed = await store.fetchall("SELECT seed, setup FROM deals WHERE table_id=? AND seed IS NOT NULL", (row["id"],))
    return fair.seeds_in_deal_order(module, revealed, module.from_dict(json.loads(unpacked_state(row["state"]))))


def replay(module, row, log, seeds: list[str]):
    """The table replayed from its start seats, seeds and action log (bot.fair.replayed)."""
    from bot import fair
    from games.base import SeatSpec

    options = module.Options(**json.loads(row["options"]))
    seats = [SeatSpec(**s) for s in json.loads(row["start_seats"])]
    return fair.replayed(module, options, seats, json.loads(row["extra"]), seeds,
                         [(player, action) for _, player, action in log])


async def replays_to_stored(store, table_id: int) -> int:
    """The table's action log is consecutive from version 1 and, while the table is open,
    replays to its stored state; returns the stored version."""
    row = await store.table_row(table_id)
    log = await store.action_log(table_id)
    assert [v for v, _, _ in log] == list(range(1, row["version"] + 1))
    if row["status"] != "ended":
        module = GAMES[row["game"]]
        replayed = replay(module, row, log, await stored_seeds(store, module, row))
        assert module.to_dict(replayed) == json.loads(unpacked_state(row["state"]))
    return row["version"]


async def test_ending_a_table_cancels_the_computer_players_next_move(db_path):
    service, _ = await open_service(db_path)
    service.computer_pause = 60
    options = build_options("tarot", {"players": 3, "bots": 2, "timer": 0})
    table = await service.create(GUILD, 10, "tarot", options, ALICE, None)
    await service.start(table, ALICE)
    while ALICE in table.module.pending(table.state):
        await service.act(table, ALICE, {"type": "bid", "contract": "pass"})
    scheduled = table._computer
    assert scheduled is not None and not scheduled.cancelled(), "a computer player is to move"
    await service.end(table, ALICE, may_manage=False)
    assert scheduled.cancelled() and table._computer is None
    await close_service(service)


async def test_a_frozen_table_is_the_committed_state_and_stays_apart(db_path):
    service, _ = await open_service(db_path)
    table = await open_table(service, "blackjack", [ALICE, BOB])
    await service.act(table, ALICE, {"type": "bet", "amount": 20})
    committed, step = table.state_json(), table.step_key()
    frozen = table.frozen()
    table.module.apply(table.state, BOB, {"type": "bet", "amount": 30})  # a move not yet committed
    assert frozen.state_json() == committed and frozen.step_key() == step
    frozen.state.seats[0].stack = 0
    frozen.extra["scribble"] = True
    assert table.state.seats[0].stack != 0 and "scribble" not in table.extra
    await close_service(service)


async def test_a_game_played_to_its_end_closes_its_table_in_the_same_commit(db_path):
    service, _ = await open_service(db_path)
    table = await open_table(service, "rummy", [ALICE, BOB])
    await service.leave(table, BOB)  # a two-player game: the one who stays wins by forfeit
    assert table.status == "ended" and service.table_in(10) is None and service.tables_of(ALICE) == []
    row = await service.store.table_row(table.id)
    assert row["status"] == "ended" and row["version"] == table.version == 1
    assert json.loads(unpacked_state(row["state"]))["phase"] == "over"
    played = await service.store.fetchall("SELECT user_id, played FROM records WHERE game='rummy'")
    assert {(r[0], r[1]) for r in played} == {(ALICE, 1), (BOB, 1)}
    await close_service(service)

    service, _ = await open_service(db_path)
    assert service.table_in(10) is None, "an ended game is not restored"
    await close_service(service)
