"""SQLite through aiosqlite: one file, WAL, numbered migrations, and one transaction per accepted
action (state row + action log + chips)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

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
]
OPEN = "status IN ('lobby', 'active')"  # a table that holds its channel: a lobby or a game on

TABLE_COLUMNS = (
    "id, guild_id, channel_id, game, options, host_id, status, lobby, start_seats, state, "
    "version, seed, deadline, extra, created_at"
)


class DatabaseRefused(Exception):
    """The database cannot be used: written by a newer version of the bot, or not a database
    this bot can read. The message says which and what to do."""


class InsufficientChips(Exception):
    def __init__(self, have: int, need: int) -> None:
        super().__init__(f"you have {have} chips, {need} are needed")
        self.have = have
        self.need = need


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Store:
    """The one connection. Writes are serialised by a lock so two tables' transactions never
    interleave on the connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """The store on `path`, migrated to our schema. Refuses (DatabaseRefused) a file that is
        not an SQLite database, or one whose schema is newer than this bot's."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connecting = aiosqlite.connect(str(path), isolation_level=None)
        worker = getattr(connecting, "_thread", None)  # aiosqlite's worker thread, not started yet
        if worker is not None:
            worker.daemon = True  # a store left open (a test that failed mid-game) never blocks exit
        try:
            conn = await connecting
        except sqlite3.DatabaseError as error:
            raise DatabaseRefused(f"{path} cannot be opened ({error}): check the path in TAROT_DB "
                                  "and that the bot may read and write it.") from None
        conn.row_factory = aiosqlite.Row
        store = cls(conn)
        try:
            await store._check_readable(path)
            await conn.executescript("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")
            await store.migrate()
        except BaseException:
            await conn.close()
            raise
        return store

    async def _check_readable(self, path: str | Path) -> None:
        try:
            version = (await self.fetchone("PRAGMA user_version"))[0]
            await self.fetchone("SELECT COUNT(*) FROM sqlite_master")
        except sqlite3.DatabaseError as error:
            raise DatabaseRefused(
                f"{path} is not a database this bot can read ({error}). Point TAROT_DB at the bot's "
                "database file, or move this file away to start with a new one."
            ) from None
        if version > len(MIGRATIONS):
            raise DatabaseRefused(
                f"{path} was written by a newer version of the bot (schema version {version}; this "
                f"version knows up to {len(MIGRATIONS)}). Run the newer version, or restore a backup "
                "made by this one; the file is left untouched."
            )

    async def close(self) -> None:
        await self.conn.close()

    async def migrate(self) -> None:
        version = (await self.fetchone("PRAGMA user_version"))[0]
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self.conn.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")

    async def fetchone(self, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
        async with self.conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetchall(self, sql: str, params: tuple = ()) -> list[aiosqlite.Row]:
        async with self.conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self.write_lock:
            tx = Tx(self.conn)
            await tx.execute("BEGIN IMMEDIATE")
            try:
                yield tx
            except BaseException:
                await tx.execute("ROLLBACK")
                raise
            await tx.execute("COMMIT")

    # --- reads ---------------------------------------------------------------------------

    async def wallet(self, guild_id: int, user_id: int) -> int | None:
        row = await self.fetchone(
            "SELECT chips FROM wallets WHERE guild_id=? AND user_id=?", (guild_id, user_id)
        )
        return None if row is None else row[0]

    async def open_tables(self) -> list[aiosqlite.Row]:
        return await self.fetchall(f"SELECT {TABLE_COLUMNS} FROM tables WHERE {OPEN}")

    async def table_row(self, table_id: int) -> aiosqlite.Row | None:
        return await self.fetchone(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id=?", (table_id,))

    async def last_table_row(self, channel_id: int) -> aiosqlite.Row | None:
        """The channel's newest table, open or ended (not one set aside as damaged)."""
        return await self.fetchone(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE channel_id=? AND status != 'damaged' "
            "ORDER BY id DESC LIMIT 1", (channel_id,)
        )

    async def action_log(self, table_id: int) -> list[tuple[int, int, dict]]:
        rows = await self.fetchall(
            "SELECT version, player, action FROM actions WHERE table_id=? ORDER BY version",
            (table_id,),
        )
        return [(row[0], row[1], json.loads(row[2])) for row in rows]


class Tx:
    """Statements inside one open transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: tuple = ()) -> aiosqlite.Cursor:
        """A statement that returns no rows (reads use fetchone)."""
        return await self.conn.execute(sql, params)

    async def fetchone(self, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
        async with self.conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def ensure_wallet(self, guild_id: int, user_id: int, grant: int, now: float) -> int:
        """The wallet's chips, creating it with the starting grant the first time."""
        async with self.conn.execute(
            "SELECT chips FROM wallets WHERE guild_id=? AND user_id=?", (guild_id, user_id)
        ) as cursor:
            row = await cursor.fetchone()
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
        async with self.conn.execute(
            "SELECT chips FROM wallets WHERE guild_id=? AND user_id=?", (guild_id, user_id)
        ) as cursor:
            row = await cursor.fetchone()
        have = 0 if row is None else row[0]
        if have + delta < 0:
            raise InsufficientChips(have, -delta)
        if row is None:
            await self.execute(
                "INSERT INTO wallets (guild_id, user_id, chips) VALUES (?, ?, ?)", (guild_id, user_id, delta)
            )
        else:
            await self.execute(
                "UPDATE wallets SET chips = chips + ? WHERE guild_id=? AND user_id=?", (delta, guild_id, user_id)
            )
        return have + delta

    async def move_house(self, guild_id: int, delta: int) -> None:
        if delta:
            await self.execute(
                "INSERT INTO house (guild_id, chips) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET chips = chips + excluded.chips",
                (guild_id, delta),
            )

    async def record_result(self, guild_id: int, user_id: int, game: str, net: int) -> None:
        await self.execute(
            "INSERT INTO results (guild_id, user_id, game, hands, net) VALUES (?, ?, ?, 1, ?) "
            "ON CONFLICT (guild_id, user_id, game) DO UPDATE SET hands = hands + 1, "
            "net = net + excluded.net",
            (guild_id, user_id, game, net),
        )

    async def log_action(self, table_id: int, version: int, player: int, action: dict, now: float) -> None:
        await self.execute(
            "INSERT INTO actions (table_id, version, player, action, at) VALUES (?, ?, ?, ?, ?)",
            (table_id, version, player, dumps(action), now),
        )
