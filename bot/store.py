"""The store's shared types: one interface over two backends — a SQLite file through aiosqlite
(the default) or a shared PostgreSQL through asyncpg (several bot processes). One transaction per
accepted action (state row + action log + chips). The SQL here is written once with `?`
placeholders; each backend's `Tx` runs it in its own dialect (bot/store_sqlite.py,
bot/store_postgres.py). The backends import this module, never the reverse: they are put
together by the factory, bot/store_factory.py, which `Store.open` calls."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import lz4.frame
import orjson

from games import fairness

TABLE_COLUMNS = (
    "id, guild_id, channel_id, game, options, host_id, status, lobby, start_seats, state, "
    "version, deadline, extra, created_at"
)
# What a restored table is built from (bot/tables/model.py `Table.load`): a row's other columns
# are read again only for a row that cannot be loaded (its chips paid back from them).
RESTORE_COLUMNS = "id, guild_id, channel_id, game, options, host_id, status, lobby, state, version, deadline, extra"

# What an accepted move's transaction may write besides its log row and state, named once so a
# backend can prepare them (bot/store_postgres.py sends them with the move's commit).
ADD_TO_WALLET = "UPDATE wallets SET chips = chips + ? WHERE guild_id=? AND user_id=?"
# A credit needs no balance check: one write, whether the wallet exists yet or not.
CREDIT_WALLET = ("INSERT INTO wallets (guild_id, user_id, chips) VALUES (?, ?, ?) "
                 "ON CONFLICT (guild_id, user_id) DO UPDATE SET chips = wallets.chips + excluded.chips")
ADD_TO_HOUSE = ("INSERT INTO house (guild_id, chips) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET chips = house.chips + excluded.chips")
# A finished round's lines and a game's own figures in the players' records (bot/records.py).
ADD_RECORD = """
INSERT INTO records (guild_id, user_id, game, played, won, lost, pushed, net, best_win, streak, best_streak, last_at)
VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id, game) DO UPDATE SET
    played = records.played + 1, won = records.won + excluded.won, lost = records.lost + excluded.lost,
    pushed = records.pushed + excluded.pushed, net = records.net + excluded.net,
    best_win = CASE WHEN excluded.best_win > records.best_win THEN excluded.best_win ELSE records.best_win END,
    streak = CASE WHEN excluded.won = 1 THEN records.streak + 1 WHEN excluded.lost = 1 THEN 0
                  ELSE records.streak END,
    best_streak = CASE WHEN excluded.won = 1 AND records.streak + 1 > records.best_streak
                       THEN records.streak + 1 ELSE records.best_streak END,
    last_at = excluded.last_at
"""
ADD_DAY = """
INSERT INTO record_days (guild_id, game, day, user_id, played, won, net) VALUES (?, ?, ?, ?, 1, ?, ?)
ON CONFLICT (guild_id, game, day, user_id) DO UPDATE SET
    played = record_days.played + 1, won = record_days.won + excluded.won, net = record_days.net + excluded.net
"""
ADD_FIGURE = """
INSERT INTO record_figures (guild_id, user_id, game, figure, value, note) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id, game, figure) DO UPDATE SET value = record_figures.value + excluded.value
"""
BEST_FIGURE = """
INSERT INTO record_figures (guild_id, user_id, game, figure, value, note) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id, game, figure) DO UPDATE SET
    note = CASE WHEN excluded.value > record_figures.value THEN excluded.note ELSE record_figures.note END,
    value = CASE WHEN excluded.value > record_figures.value THEN excluded.value ELSE record_figures.value END
"""
COMMIT_DEAL = ("INSERT INTO deals (commitment, guild_id, table_id, game, label, version, committed_at) "
               "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (commitment) DO NOTHING")
REVEAL_DEAL = "UPDATE deals SET seed=?, setup=?, cards=?, revealed_at=? WHERE commitment=? AND seed IS NULL"
SET_SEATED = "UPDATE tables SET seated=? WHERE id=?"
HOUSE_PARTY = 0  # the house's line in a table's chip ledger (computers' stacks, its results)
# Booked only in a ledger opened with its table (its house line): a table opened before ledgers
# were kept gets none, rather than one that misses its first buy-ins.
BOOK_TABLE_CHIPS = ("INSERT INTO table_chips (table_id, party, chips) "
                    "SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT) WHERE EXISTS "
                    "(SELECT 1 FROM table_chips WHERE table_id = CAST(? AS BIGINT) AND party = 0) "
                    "ON CONFLICT (table_id, party) DO UPDATE SET chips = table_chips.chips + excluded.chips")
CLIENT_SEED_NOTICE = "client_seed"  # a change notice's key: [server, member, seed] set by /fair seed

# Retention (bot/retention.py): the oldest rows that may go, served by migration 9's indexes.
PRUNABLE_ACTIONS = (
    "SELECT a.table_id, a.version FROM actions AS a WHERE a.at < ? AND NOT EXISTS ("
    "SELECT 1 FROM deals AS d WHERE d.table_id = a.table_id AND d.seed IS NULL AND d.version <= a.version) "
    "ORDER BY a.at LIMIT ?")
# A closed table goes once its log and deals have (a lobby closed empty has none).
PRUNABLE_TABLES = (
    "SELECT id FROM tables AS t WHERE status IN ('ended', 'damaged') AND ended_at < ? "
    "AND NOT EXISTS (SELECT 1 FROM actions AS a WHERE a.table_id = t.id) "
    "AND NOT EXISTS (SELECT 1 FROM deals AS d WHERE d.table_id = t.id) ORDER BY ended_at LIMIT ?")
PRUNABLE_DEALS = "SELECT commitment FROM deals WHERE seed IS NOT NULL AND revealed_at < ? ORDER BY revealed_at LIMIT ?"

# Every table the store holds, in the order a copy must fill them (see bot/migrate.py).
# `results` (migration 1: hands and net per member and game) is no longer written: the records
# (bot/records.py) replaced it. It stays, and is copied, while a process of the version before
# may still write it during a deploy; a later migration can drop it.
DATA_TABLES = ("wallets", "house", "grants", "tables", "actions", "results", "deals", "records", "record_days",
               "record_figures", "client_seeds", "table_chips", "member_languages")

Row = Mapping[str, Any] | Sequence[Any]  # aiosqlite.Row / asyncpg.Record: by name and by position

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class InsufficientChips(Exception):
    def __init__(self, have: int, need: int) -> None:
        super().__init__(f"you have {have} chips, {need} are needed")
        self.have = have
        self.need = need


class StoreUnavailable(Exception):
    """The database named in TAROT_DB cannot be opened; the message says which and why."""


class DatabaseRefused(StoreUnavailable):
    """The database was written by a newer version of the bot, or is not a database this bot
    can read: refused before anything is changed in it."""


def check_schema(version: int, known: int, where: str) -> None:
    """Refuse a schema newer than the migrations this version knows."""
    if version > known:
        raise DatabaseRefused(
            f"{where} was written by a newer version of the bot (schema version {version}; this "
            f"version knows up to {known}). Run the newer version, or restore a backup made by this "
            "one; the database is left untouched."
        )


OPEN = "status IN ('lobby', 'active')"  # a table that holds its channel: a lobby or a game on


class Conflict(Exception):
    """Two transactions got in each other's way (a deadlock, a serialisation failure, a lock
    that was not granted in time): nothing was written, and the operation may simply be run
    again (TableService retries it a few times)."""


class NoAnswer(Exception):
    """The database did not answer: a connection was cut, or an answer took longer than the
    bound. Nothing was written — unless `in_doubt`: a COMMIT was sent and its outcome is unknown
    until the stored state is read again (after Store.end_lost_sessions)."""

    def __init__(self, detail: str, in_doubt: bool = False) -> None:
        super().__init__(detail)
        self.in_doubt = in_doubt


class StaleTable(Exception):
    """Another process committed a move on the table since this copy was read."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} moved on in another process")
        self.table_id = table_id


# Objects json cannot write are refused as json refuses them (orjson would write a dataclass
# or a date as it sees fit, and a state holding one would not read back).
ORJSON_OPTIONS = (orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS
                  | orjson.OPT_PASSTHROUGH_DATETIME)


def dumps(value: Any) -> str:
    """Compact JSON with sorted keys (keys that are not text written as text, as `json` does),
    by orjson: a state is written at every move, and this is several times quicker than
    `json.dumps`. What orjson cannot write (an integer past 64 bits) is written by `json`."""
    try:
        return orjson.dumps(value, option=ORJSON_OPTIONS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), sort_keys=True)


def loads(text: str | bytes) -> Any:
    """JSON read back (orjson; `json` for what orjson cannot read, such as an integer past 64
    bits, and to raise its usual error)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


LZ4_FRAME = b"\x04\x22\x4d\x18"  # how an lz4 frame begins
LZ4_FRAME_END = b"\x00\x00\x00\x00"  # its end mark, before the 4 bytes of its checksum
StoredState = bytes | str | None  # packed, or text as saved before states were packed


def packed_state(state_json: str | None) -> bytes | None:
    """A table's state as stored: its JSON in an lz4 frame with a checksum. About a third of
    the size, so a move writes less and PostgreSQL has nothing left to compress; a cut-off or
    damaged state fails to unpack instead of being read wrong."""
    if state_json is None:
        return None
    return lz4.frame.compress(state_json.encode(), content_checksum=True)


def unpacked_state(stored: StoredState) -> str | None:
    """The JSON of a stored state. States written before migration 7 are text (on PostgreSQL,
    that migration turned them into their UTF-8 bytes) and are read as they are."""
    if stored is None or isinstance(stored, str):
        return stored
    if stored[:4] == LZ4_FRAME:
        return lz4.frame.decompress(stored).decode()
    return bytes(stored).decode()


def _lz4_header_length(frame: bytes) -> int:
    """Magic number, flags, block descriptor, the content size and dictionary id when the flags
    say they are there, header checksum."""
    flags = frame[4] if len(frame) > 4 else 0
    return 7 + (8 if flags & 0x08 else 0) + (4 if flags & 0x01 else 0)


def looks_whole(stored: StoredState) -> bool:
    """Whether a stored state ends as a whole one does (checked without unpacking it, when a
    table is restored): a packed one with its frame's end mark, a text one with its JSON
    object's closing brace. What is broken inside fails when the state is first unpacked."""
    if isinstance(stored, bytes) and stored[:4] == LZ4_FRAME:
        return len(stored) >= _lz4_header_length(stored) + 8 and stored[-8:-4] == LZ4_FRAME_END
    text = stored.decode(errors="replace") if isinstance(stored, bytes) else stored or ""
    text = text.strip()
    return text.startswith("{") and text.endswith("}")


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def database_target(raw: str | Path) -> str | Path:
    """What TAROT_DB names: a postgresql:// URL kept as text, anything else a file path."""
    text = str(raw).strip()
    return text if is_postgres_url(text) else Path(text)


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's rule for which gateway shard serves a server."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class MoveRecord:
    """One accepted move as stored: its log row, the table's new state row, and the change
    notice for the other processes (None on a store only one process uses)."""

    table_id: int
    version: int
    player: int
    action: dict
    at: float
    state_json: str | None
    deadline: float | None
    extra_json: str
    notice: str | None


_factory: Callable[[str | Path], Awaitable[Store]] | None = None


def register_factory(factory: Callable[[str | Path], Awaitable[Store]]) -> None:
    """What `Store.open` calls: set once by bot/store_factory.py, which knows both backends."""
    global _factory
    _factory = factory


class Tx:
    """Statements inside one open transaction. Backends supply `execute`, `fetchone`, `insert`
    and `announce` (and may do `record_move` in fewer round trips); the table, chip and log
    bookkeeping below is shared."""

    FOR_UPDATE = ""  # row locks in the dialects that have them

    async def execute(self, sql: str, params: tuple = ()) -> None:
        raise NotImplementedError

    async def fetchone(self, sql: str, params: tuple = ()) -> Any:
        raise NotImplementedError

    async def fetchall(self, sql: str, params: tuple = ()) -> list[Any]:
        raise NotImplementedError

    async def insert(self, sql: str, params: tuple = ()) -> int:
        """An INSERT of one row; returns its new `id`."""
        raise NotImplementedError

    async def lock_table(self, table_id: int) -> Any:
        """The table's committed version and status, its row locked until this transaction
        ends (None: no such table)."""
        return await self.fetchone(f"SELECT version, status FROM tables WHERE id=?{self.FOR_UPDATE}", (table_id,))

    async def table_row(self, table_id: int) -> Any:
        return await self.fetchone(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id=?", (table_id,))

    async def announce(self, table_id: int, payload: str) -> None:
        """Tell the other processes, once this transaction commits, that the table changed."""

    async def ensure_wallet(self, guild_id: int, user_id: int, grant: int, now: float) -> int:
        """The wallet's chips, creating it with the starting grant the first time."""
        row = await self.fetchone(
            f"SELECT chips FROM wallets WHERE guild_id=? AND user_id=?{self.FOR_UPDATE}", (guild_id, user_id)
        )
        if row is not None:
            return row[0]
        await self.execute(
            "INSERT INTO wallets (guild_id, user_id, chips) VALUES (?, ?, ?)", (guild_id, user_id, grant)
        )
        await self.record_grant(guild_id, user_id, grant, "start", now)
        return grant

    async def record_grant(self, guild_id: int, user_id: int, amount: int, kind: str, now: float) -> None:
        await self.execute(
            "INSERT INTO grants (guild_id, user_id, amount, kind, at) VALUES (?, ?, ?, ?, ?)",
            (guild_id, user_id, amount, kind, now),
        )

    async def move_wallet(self, guild_id: int, user_id: int, delta: int) -> int:
        """Add (or take, when negative) chips; refuses to go below zero."""
        row = await self.fetchone(
            f"SELECT chips FROM wallets WHERE guild_id=? AND user_id=?{self.FOR_UPDATE}", (guild_id, user_id)
        )
        have = 0 if row is None else row[0]
        if have + delta < 0:
            raise InsufficientChips(have, -delta)
        if row is None:
            await self.execute(
                "INSERT INTO wallets (guild_id, user_id, chips) VALUES (?, ?, ?)", (guild_id, user_id, delta)
            )
        else:
            await self.execute(ADD_TO_WALLET, (delta, guild_id, user_id))
        return have + delta

    async def credit_wallet(self, guild_id: int, user_id: int, amount: int) -> None:
        """Add chips (`amount` >= 0). A backend may hold the write back with the others (no read)."""
        await self.move_wallet(guild_id, user_id, amount)

    async def move_house(self, guild_id: int, delta: int) -> None:
        if delta:
            await self.execute(ADD_TO_HOUSE, (guild_id, delta))

    async def record_move(self, move: MoveRecord) -> None:
        """The move's log row, the table's new state, and the notice, in this transaction."""
        await self.log_action(move.table_id, move.version, move.player, move.action, move.at)
        await self.execute(
            "UPDATE tables SET state=?, version=?, deadline=?, extra=? WHERE id=?",
            (packed_state(move.state_json), move.version, move.deadline, move.extra_json, move.table_id),
        )
        if move.notice is not None:
            await self.announce(move.table_id, move.notice)

    async def record_seats(self, table_id: int, players: list[int]) -> None:
        """Who sits at the table (the store's index of seats, for a member's lookups)."""
        await self.execute(SET_SEATED, (dumps(players), table_id))

    async def commit_deal(self, guild_id: int, table_id: int, game: str, label: str, commitment: str,
                          version: int, now: float) -> None:
        await self.execute(COMMIT_DEAL, (commitment, guild_id, table_id, game, label, version, now))

    async def reveal_deal(self, commitment: str, seed: str, setup: dict, cards: list[str], now: float) -> None:
        await self.execute(REVEAL_DEAL, (seed, dumps(setup), dumps(cards), now, commitment))

    async def book_table_chips(self, table_id: int, into_table: dict[int, int]) -> None:
        """The table's chip ledger: chips each party (a person, or HOUSE_PARTY) put into the table
        (negative: took out of it), in this transaction."""
        for party in sorted(into_table):
            if into_table[party]:
                await self.execute(BOOK_TABLE_CHIPS, (table_id, party, into_table[party], table_id))

    async def open_ledger(self, table_id: int) -> None:
        """A new table's ledger, opened with the house's line (so a table with no ledger is one
        opened before ledgers were kept)."""
        await self.execute("INSERT INTO table_chips (table_id, party, chips) VALUES (?, ?, 0)", (table_id, HOUSE_PARTY))

    async def table_ledger(self, table_id: int) -> dict[int, int]:
        """Party -> chips the table holds for it, by its ledger (empty: a table from before ledgers)."""
        rows = await self.fetchall("SELECT party, chips FROM table_chips WHERE table_id=?", (table_id,))
        return {int(row[0]): int(row[1]) for row in rows}

    async def close_ledger(self, table_id: int) -> None:
        """The table is closed: every chip went back, its ledger goes."""
        await self.execute("DELETE FROM table_chips WHERE table_id=?", (table_id,))

    async def log_action(self, table_id: int, version: int, player: int, action: dict, now: float) -> None:
        await self.execute(
            "INSERT INTO actions (table_id, version, player, action, at) VALUES (?, ?, ?, ?, ?)",
            (table_id, version, player, dumps(action), now),
        )


class Store:
    """The interface the runtime uses. `shared` says whether other processes may write the same
    database (PostgreSQL), so a table copy in memory may go stale."""

    backend = ""
    shared = False
    SEATED_AT = "EXISTS (SELECT 1 FROM json_each(seated) WHERE value = ?)"  # the player sits at it

    @classmethod
    async def open(cls, target: str | Path) -> Store:
        """A SQLite file path or a postgresql:// URL, migrated to the current schema (by the
        factory that bot/store_factory.py registers; the `bot` package imports it)."""
        if _factory is None:
            raise RuntimeError("no store factory: import bot.store_factory first")
        return await _factory(target)

    async def close(self) -> None:
        raise NotImplementedError

    async def fetchone(self, sql: str, params: tuple = ()) -> Any:
        raise NotImplementedError

    async def fetchall(self, sql: str, params: tuple = ()) -> list[Any]:
        raise NotImplementedError

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    @asynccontextmanager
    async def locked(self, table_id: int, version: int | None, status: str,
                     one_step: bool = False) -> AsyncIterator[tuple[Tx, Any]]:
        """A transaction holding the table's row locked, and the stored row when it differs from
        the copy at `version` and `status` (None when the copy is current or the table is gone;
        a `version` of None always reads the row). Backends may do it in fewer round trips.
        `one_step`: the operation writes once and any failure ends it. A backend may then check
        the copy only when it commits, and send the lock and the writes together: an operation
        that fails (or commits) on a copy found stale then raises Conflict, so it runs again on
        the stored state."""
        async with self.transaction() as tx:
            row = await tx.lock_table(table_id)
            fresh = None
            if row is not None and (version is None or row["version"] != version or row["status"] != status):
                fresh = await tx.table_row(table_id)
            yield tx, fresh

    async def check_intact(self) -> None:
        """Refuse (DatabaseRefused) a database whose storage is damaged, before the bot starts
        on it (a server database checks its own pages: nothing to do)."""

    def savepoint(self, tx: Tx) -> AbstractAsyncContextManager[Tx]:
        """A nested transaction within `tx` (stores that hold rows across an operation)."""
        raise NotImplementedError

    async def schema_version(self) -> int:
        raise NotImplementedError

    def drop_connections(self) -> None:
        """Cut every connection at once, as a crash of the process would (tests that simulate
        a crash in-process use it; a file store has nothing to cut)."""

    async def end_lost_sessions(self) -> None:
        """Makes sure the server sessions of connections lost while they committed are over, so
        that what they sent is committed or rolled back for good before the stored state is read
        (NoAnswer if one cannot be ended; a file store has no sessions)."""

    async def listen(self, callback: Any, reopened: Callable[[], Awaitable[None]] | None = None) -> None:
        """Call `callback(payload)` for every table change another process announces
        (nothing to hear on a store only one process uses). Should the means of hearing them be
        lost, it is opened again, and `reopened()` awaited: what was announced meanwhile was
        missed."""

    # --- reads ---------------------------------------------------------------------------

    async def wallet(self, guild_id: int, user_id: int) -> int | None:
        row = await self.fetchone(
            "SELECT chips FROM wallets WHERE guild_id=? AND user_id=?", (guild_id, user_id)
        )
        return None if row is None else row[0]

    async def open_tables(self, shard_count: int | None = None, shard_ids: Iterable[int] | None = None) -> list[Any]:
        """The open tables — of the servers on the given shards only, when shards are given."""
        sql = f"SELECT {TABLE_COLUMNS} FROM tables WHERE {OPEN}"
        if shard_count is None or shard_ids is None:
            return await self.fetchall(sql)
        shards = sorted(set(shard_ids))
        marks = ", ".join("?" for _ in shards)
        return await self.fetchall(f"{sql} AND ((guild_id >> 22) % ?) IN ({marks})", (shard_count, *shards))

    async def open_table_pages(self, shard_count: int | None = None, shard_ids: Iterable[int] | None = None,
                               size: int = 500) -> AsyncIterator[list[Any]]:
        """The open tables (as `open_tables`, RESTORE_COLUMNS only), `size` rows at a time, in the order of the index
        of open tables (server, then id), so that no single answer holds up the event loop for
        long (asyncpg decodes its rows there). The next page is asked for while the caller works
        on this one. Tables opened meanwhile on a server already passed are not in it."""
        # the server's bound on its own lets the index be entered where the last page ended
        sql = f"SELECT {RESTORE_COLUMNS} FROM tables WHERE {OPEN} AND guild_id >= ? AND (guild_id > ? OR id > ?)"
        params: tuple = ()
        if shard_count is not None and shard_ids is not None:
            shards = sorted(set(shard_ids))
            sql += f" AND ((guild_id >> 22) % ?) IN ({', '.join('?' for _ in shards)})"
            params = (shard_count, *shards)
        sql += " ORDER BY guild_id, id LIMIT ?"

        def page(after: tuple[int, int]) -> asyncio.Future[list[Any]]:
            return asyncio.ensure_future(self.fetchall(sql, (after[0], after[0], after[1], *params, size)))

        following = page((-1, -1))
        try:
            while True:
                rows = await following
                if len(rows) == size:  # there may be more: asked for now, read while this page is worked on
                    following = page((rows[-1]["guild_id"], rows[-1]["id"]))
                if rows:
                    yield rows
                if len(rows) < size:
                    return
        finally:
            following.cancel()

    async def table_row(self, table_id: int) -> Any:
        return await self.fetchone(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id=?", (table_id,))

    async def seated_tables(self, player: int, game: str | None, limit: int) -> list[Any]:
        """The open tables `player` sits at (of `game` only, when given), oldest first, at most
        `limit` of them. The seats are matched first, on their own (a limit on the same query
        could make a scan of every open table look cheaper than the index of seats)."""
        sql = f"SELECT {TABLE_COLUMNS} FROM tables WHERE {self.SEATED_AT} AND {OPEN}"
        params: tuple = (player,)
        if game is not None:
            sql, params = sql + " AND game=?", (player, game)
        return await self.fetchall(f"WITH mine AS MATERIALIZED ({sql}) SELECT * FROM mine ORDER BY id LIMIT ?",
                                   (*params, limit))

    async def table_versions(self, table_ids: Iterable[int]) -> dict[int, tuple[int, str]]:
        """Table id → its stored (version, status), for the given tables that exist."""
        wanted, versions = sorted(set(table_ids)), {}
        for start in range(0, len(wanted), 1000):
            chunk = wanted[start:start + 1000]
            rows = await self.fetchall(f"SELECT id, version, status FROM tables WHERE id IN ({', '.join('?' * len(chunk))})",
                                       tuple(chunk))
            versions.update({int(row[0]): (int(row[1]), str(row[2])) for row in rows})
        return versions

    async def last_table_row(self, channel_id: int) -> Any:
        """The channel's newest table, open or ended (not one set aside as damaged)."""
        return await self.fetchone(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE channel_id=? AND status != 'damaged' "
            "ORDER BY id DESC LIMIT 1", (channel_id,)
        )

    async def deal(self, commitment: str) -> Any:
        return await self.fetchone(
            "SELECT commitment, guild_id, table_id, game, label, seed, setup, cards FROM deals WHERE commitment=?",
            (commitment,),
        )

    async def revealed_deals(self, table_id: int) -> dict[str, Any]:
        """Commitment → row (label, seed, setup, cards) of the table's deals that are over."""
        rows = await self.fetchall(
            "SELECT commitment, label, seed, setup, cards FROM deals WHERE table_id=? AND seed IS NOT NULL", (table_id,)
        )
        return {row[0]: row for row in rows}

    async def client_seeds(self, guild_id: int, players: Iterable[int]) -> dict[int, str]:
        """Each person's client seed on this server (rules/fairness.md); whoever has none yet is
        given one now: 16 random hex digits."""
        people = sorted({p for p in players if p > 0})
        if not people:
            return {}
        marks = ", ".join("?" * len(people))
        rows = await self.fetchall(
            f"SELECT user_id, seed FROM client_seeds WHERE guild_id=? AND user_id IN ({marks})", (guild_id, *people))
        seeds = {int(row[0]): str(row[1]) for row in rows}
        missing = [p for p in people if p not in seeds]
        if not missing:
            return seeds
        async with self.transaction() as tx:
            for person in missing:
                await tx.execute("INSERT INTO client_seeds (guild_id, user_id, seed) VALUES (?, ?, ?) "
                                 "ON CONFLICT (guild_id, user_id) DO NOTHING", (guild_id, person, fairness.new_client_seed()))
        return await self.client_seeds(guild_id, people)

    async def member_languages(self, members: Iterable[int]) -> dict[int, str]:
        """The language each of these members last used with the bot (those who never did: absent)."""
        people = sorted({p for p in members if p > 0})
        if not people:
            return {}
        marks = ", ".join("?" * len(people))
        rows = await self.fetchall(f"SELECT user_id, language FROM member_languages WHERE user_id IN ({marks})",
                                   tuple(people))
        return {int(row[0]): str(row[1]) for row in rows}

    async def set_member_language(self, user_id: int, language: str) -> None:
        async with self.transaction() as tx:
            await tx.execute("INSERT INTO member_languages (user_id, language) VALUES (?, ?) "
                             "ON CONFLICT (user_id) DO UPDATE SET language=excluded.language", (user_id, language))

    async def set_client_seed(self, guild_id: int, user_id: int, seed: str) -> None:
        async with self.transaction() as tx:
            await tx.execute("INSERT INTO client_seeds (guild_id, user_id, seed, chosen) VALUES (?, ?, ?, 1) "
                             "ON CONFLICT (guild_id, user_id) DO UPDATE SET seed=excluded.seed, chosen=1",
                             (guild_id, user_id, seed))
            await tx.announce(0, dumps({CLIENT_SEED_NOTICE: [guild_id, user_id, seed]}))

    async def revealed_seeds(self, table_id: int) -> dict[str, str]:
        """Commitment → seed of the table's deals that are over."""
        rows = await self.fetchall(
            "SELECT commitment, seed FROM deals WHERE table_id=? AND seed IS NOT NULL", (table_id,)
        )
        return {row[0]: row[1] for row in rows}

    async def action_log(self, table_id: int) -> list[tuple[int, int, dict]]:
        rows = await self.fetchall(
            "SELECT version, player, action FROM actions WHERE table_id=? ORDER BY version",
            (table_id,),
        )
        return [(row[0], row[1], json.loads(row[2])) for row in rows]

    # --- retention (bot/retention.py) -------------------------------------------------------

    async def deals_on_record(self, commitments: Iterable[str]) -> set[str]:
        """Which of these deals the store still holds (the others were pruned: past retention)."""
        wanted = sorted(set(commitments))
        if not wanted:
            return set()
        marks = ", ".join("?" for _ in wanted)
        rows = await self.fetchall(f"SELECT commitment FROM deals WHERE commitment IN ({marks})", tuple(wanted))
        return {row[0] for row in rows}

    async def prune_actions(self, before: float, limit: int) -> int:
        """Delete up to `limit` action-log rows older than `before` that belong to finished hands:
        rows of a move made before every deal of its table still in play (a deal's seed is
        revealed when its hand, or shoe, is over; an ended table has none in play). Returns how
        many were deleted."""
        rows = await self.fetchall(PRUNABLE_ACTIONS, (before, limit))
        if not rows:
            return 0
        keys = [value for row in rows for value in (row[0], row[1])]
        pairs = ", ".join("(CAST(? AS BIGINT), CAST(? AS INTEGER))" for _ in rows)  # typed for PostgreSQL
        async with self.transaction() as tx:
            await tx.execute(f"DELETE FROM actions WHERE (table_id, version) IN (VALUES {pairs})", tuple(keys))
        return len(rows)

    async def prune_deals(self, before: float, limit: int) -> int:
        """Delete up to `limit` deals revealed before `before` (their hands are over). Returns how
        many were deleted."""
        rows = await self.fetchall(PRUNABLE_DEALS, (before, limit))
        if not rows:
            return 0
        marks = ", ".join("?" for _ in rows)
        async with self.transaction() as tx:
            await tx.execute(f"DELETE FROM deals WHERE commitment IN ({marks})", tuple(row[0] for row in rows))
        return len(rows)

    async def prune_tables(self, before: float, limit: int) -> int:
        """Delete up to `limit` tables that closed before `before` and whose action log and deals
        are gone already (their state, the last picture /history had of them). Returns how many."""
        rows = await self.fetchall(PRUNABLE_TABLES, (before, limit))
        if not rows:
            return 0
        marks = ", ".join("?" for _ in rows)
        async with self.transaction() as tx:
            await tx.execute(f"DELETE FROM tables WHERE id IN ({marks}) AND status IN ('ended', 'damaged')",
                             tuple(row[0] for row in rows))
        return len(rows)

    async def reclaim_space(self) -> None:
        """Give back the space of deleted rows, where the backend does not do it by itself."""

    async def row_counts(self) -> dict[str, int]:
        """Rows in every data table (what a copy must match)."""
        return {name: (await self.fetchone(f"SELECT COUNT(*) FROM {name}"))[0] for name in DATA_TABLES}

    async def chip_sums(self) -> tuple[int, int, int]:
        """(chips in wallets, chips of the house, chips ever granted) over every server."""
        sums = []
        for sql in ("SELECT COALESCE(SUM(chips), 0) FROM wallets", "SELECT COALESCE(SUM(chips), 0) FROM house",
                    "SELECT COALESCE(SUM(amount), 0) FROM grants"):
            sums.append(int((await self.fetchone(sql))[0]))
        return sums[0], sums[1], sums[2]


def settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    """A shared commit's member told its outcome (both backends' commit groups): done, cancelled
    or failed, once."""
    if future.done():
        return
    if error is None:
        future.set_result(None)
    elif isinstance(error, asyncio.CancelledError):
        future.cancel()
    else:
        future.set_exception(error)
