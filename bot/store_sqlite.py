"""The SQLite backend: one file, WAL, numbered migrations tracked in `PRAGMA user_version`, and
one connection whose writes are serialised by a lock."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.store import DatabaseRefused, Store, StoreUnavailable, Tx, check_schema

MIGRATIONS: list[str] = [
    # 1: wallets, the house, grants, tables and their action log, results.
    """
    CREATE TABLE wallets (
        guild_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
        chips INTEGER NOT NULL CHECK (chips >= 0), last_daily REAL,
        PRIMARY KEY (guild_id, user_id));
    CREATE TABLE house (guild_id INTEGER PRIMARY KEY, chips INTEGER NOT NULL);
    CREATE TABLE grants (
        id INTEGER PRIMARY KEY, guild_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
        amount INTEGER NOT NULL, kind TEXT NOT NULL, at REAL NOT NULL);
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY, guild_id INTEGER NOT NULL, channel_id INTEGER NOT NULL,
        game TEXT NOT NULL, options TEXT NOT NULL, host_id INTEGER NOT NULL,
        status TEXT NOT NULL, lobby TEXT NOT NULL, start_seats TEXT, state TEXT,
        version INTEGER NOT NULL DEFAULT 0, seed INTEGER NOT NULL,
        deadline REAL, extra TEXT NOT NULL DEFAULT '{}',
        created_at REAL NOT NULL, ended_at REAL);
    CREATE UNIQUE INDEX one_open_table_per_channel ON tables (channel_id)
        WHERE status != 'ended';
    CREATE INDEX open_tables_by_guild ON tables (guild_id) WHERE status != 'ended';
    CREATE TABLE actions (
        table_id INTEGER NOT NULL, version INTEGER NOT NULL, player INTEGER NOT NULL,
        action TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, version));
    CREATE TABLE results (
        guild_id INTEGER NOT NULL, user_id INTEGER NOT NULL, game TEXT NOT NULL,
        hands INTEGER NOT NULL DEFAULT 0, net INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, user_id, game));
    """,
    # 2: a channel's tables, newest first, for /history after a table ended.
    """
    CREATE INDEX tables_by_channel ON tables (channel_id, id);
    """,
    # 3: a table the bot could not load at start-up is set aside as 'damaged' (its chips paid
    # back): only lobbies and running tables hold a channel and a slot of the server's limit.
    """
    DROP INDEX one_open_table_per_channel;
    CREATE UNIQUE INDEX one_open_table_per_channel ON tables (channel_id)
        WHERE status IN ('lobby', 'active');
    DROP INDEX open_tables_by_guild;
    CREATE INDEX open_tables_by_guild ON tables (guild_id) WHERE status IN ('lobby', 'active');
    """,
    # 4: provably fair deals. Each deal's commitment (SHA-256 of its secret seed) is written with
    # the move that starts it (`version`), its seed and cards with the move that ends it, for
    # /verify and /history; the table-wide seed of the old, predictable scheme is gone.
    """
    CREATE TABLE deals (
        commitment TEXT PRIMARY KEY, guild_id INTEGER NOT NULL, table_id INTEGER NOT NULL,
        game TEXT NOT NULL, label TEXT NOT NULL, version INTEGER NOT NULL, seed TEXT, setup TEXT,
        cards TEXT, committed_at REAL NOT NULL, revealed_at REAL);
    CREATE INDEX deals_by_table ON deals (table_id, version);
    ALTER TABLE tables DROP COLUMN seed;
    """,
    # 5: who sits at each open table (a JSON array of player ids, written when the seats
    # change). Not indexed here: one process serves a SQLite file and finds a member's tables
    # in memory; the column is kept so a copy to PostgreSQL (bot/migrate.py) carries it.
    """
    ALTER TABLE tables ADD COLUMN seated TEXT;
    UPDATE tables SET seated = CASE WHEN status = 'lobby'
        THEN (SELECT json_group_array(json_extract(seat.value, '$.player')) FROM json_each(tables.lobby) AS seat)
        ELSE COALESCE(json_extract(extra, '$.players'), '[]') END
    WHERE status IN ('lobby', 'active');
    """,
    # 6: nothing here. PostgreSQL's number 6 is a function that checks a move's copy of its
    # table in the transaction that writes the move; a SQLite file has one process writing it.
    "SELECT 1",
    # 7: nothing here either: PostgreSQL's number 7 makes its state column bytes; a SQLite TEXT
    # column keeps the packed states (bot.store.packed_state) as the blobs they are.
    "SELECT 1",
    # 8: fair deals (rules/fairness.md): each member's client seed on a server, mixed into the
    # deals they sit in; `chosen` is 0 while it is the one the bot gave them.
    """
    CREATE TABLE client_seeds (
        guild_id INTEGER NOT NULL, user_id INTEGER NOT NULL, seed TEXT NOT NULL,
        chosen INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (guild_id, user_id));
    """,
]


class SqliteTx(Tx):
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: tuple = ()) -> None:
        await self.conn.execute(sql, params)

    async def fetchone(self, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
        async with self.conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def insert(self, sql: str, params: tuple = ()) -> int:
        async with self.conn.execute(sql, params) as cursor:
            return int(cursor.lastrowid or 0)


class SqliteStore(Store):
    """The one connection. Writes are serialised by a lock so two tables' transactions never
    interleave on the connection."""

    backend = "sqlite"
    MIGRATIONS = MIGRATIONS

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.write_lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: Path) -> SqliteStore:
        try:
            if str(path) != ":memory:":
                path.parent.mkdir(parents=True, exist_ok=True)
            connecting = aiosqlite.connect(str(path), isolation_level=None)
            worker = getattr(connecting, "_thread", None)  # aiosqlite's worker thread, not started yet
            if worker is not None:
                worker.daemon = True  # a store left open (a test that failed mid-game) never blocks exit
            conn = await connecting
        except (OSError, aiosqlite.Error) as error:
            raise StoreUnavailable(f"cannot open the SQLite database {path}: {error}") from error
        conn.row_factory = aiosqlite.Row
        store = cls(conn, path)
        try:
            await store._check_readable()
            await conn.executescript("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")
            await store.migrate()
        except BaseException:
            await conn.close()
            raise
        return store

    async def _check_readable(self) -> None:
        """Refuse a file that is not an SQLite database, or one from a newer version."""
        try:
            version = await self.schema_version()
            await self.fetchone("SELECT COUNT(*) FROM sqlite_master")
        except sqlite3.DatabaseError as error:
            raise DatabaseRefused(
                f"{self.path} is not a database this bot can read ({error}). Point TAROT_DB at the "
                "bot's database file, or move this file away to start with a new one."
            ) from None
        check_schema(version, len(MIGRATIONS), str(self.path))

    async def close(self) -> None:
        await self.conn.close()

    async def schema_version(self) -> int:
        return (await self.fetchone("PRAGMA user_version"))[0]

    async def migrate(self) -> None:
        version = await self.schema_version()
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self.conn.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")

    async def fetchone(self, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
        async with self.conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetchall(self, sql: str, params: tuple = ()) -> list[aiosqlite.Row]:
        async with self.conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        async with self.write_lock:
            tx = SqliteTx(self.conn)
            await tx.execute("BEGIN IMMEDIATE")
            try:
                yield tx
            except BaseException:
                await tx.execute("ROLLBACK")
                raise
            await tx.execute("COMMIT")

    async def batches(self, table: str, columns: list[str], size: int) -> AsyncIterator[list[tuple]]:
        """Every row of a table, `size` at a time, as tuples in `columns` order."""
        async with self.conn.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY rowid") as cursor:
            while rows := await cursor.fetchmany(size):
                yield [tuple(row) for row in rows]

    async def columns_of(self, table: str) -> list[str]:
        return [row[1] for row in await self.fetchall(f"PRAGMA table_info({table})")]

