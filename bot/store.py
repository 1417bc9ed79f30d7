"""SQLite through aiosqlite: one file, WAL, numbered migrations, and one transaction per accepted
action (state row + action log + chips)."""

from __future__ import annotations

import asyncio
import json
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
    # 3: provably fair deals. Each deal's commitment (SHA-256 of its secret seed) is written with
    # the move that starts it, its seed and cards with the move that ends it, for /verify and
    # /history; the table-wide seed of the old, predictable scheme is gone.
    """
    CREATE TABLE deals (
        commitment TEXT PRIMARY KEY, guild_id INTEGER NOT NULL, table_id INTEGER NOT NULL,
        game TEXT NOT NULL, label TEXT NOT NULL, seed TEXT, setup TEXT, cards TEXT,
        committed_at REAL NOT NULL, revealed_at REAL);
    CREATE INDEX deals_by_table ON deals (table_id);
    ALTER TABLE tables DROP COLUMN seed;
    """,
]

TABLE_COLUMNS = (
    "id, guild_id, channel_id, game, options, host_id, status, lobby, start_seats, state, "
    "version, deadline, extra, created_at"
)


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
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connecting = aiosqlite.connect(str(path), isolation_level=None)
        worker = getattr(connecting, "_thread", None)  # aiosqlite's worker thread, not started yet
        if worker is not None:
            worker.daemon = True  # a store left open (a test that failed mid-game) never blocks exit
        conn = await connecting
        conn.row_factory = aiosqlite.Row
        await conn.executescript("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")
        store = cls(conn)
        await store.migrate()
        return store

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
        return await self.fetchall(f"SELECT {TABLE_COLUMNS} FROM tables WHERE status != 'ended'")

    async def table_row(self, table_id: int) -> aiosqlite.Row | None:
        return await self.fetchone(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id=?", (table_id,))

    async def last_table_row(self, channel_id: int) -> aiosqlite.Row | None:
        """The channel's newest table, open or ended."""
        return await self.fetchone(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE channel_id=? ORDER BY id DESC LIMIT 1", (channel_id,)
        )

    async def deal(self, commitment: str) -> aiosqlite.Row | None:
        return await self.fetchone(
            "SELECT commitment, guild_id, table_id, game, label, seed, setup, cards FROM deals WHERE commitment=?",
            (commitment,),
        )

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

    async def commit_deal(self, guild_id: int, table_id: int, game: str, label: str, commitment: str,
                          now: float) -> None:
        await self.execute(
            "INSERT INTO deals (commitment, guild_id, table_id, game, label, committed_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (commitment) DO NOTHING",
            (commitment, guild_id, table_id, game, label, now),
        )

    async def reveal_deal(self, commitment: str, seed: str, setup: dict, cards: list[str], now: float) -> None:
        await self.execute(
            "UPDATE deals SET seed=?, setup=?, cards=?, revealed_at=? WHERE commitment=? AND seed IS NULL",
            (seed, dumps(setup), dumps(cards), now, commitment),
        )

    async def log_action(self, table_id: int, version: int, player: int, action: dict, now: float) -> None:
        await self.execute(
            "INSERT INTO actions (table_id, version, player, action, at) VALUES (?, ?, ?, ?, ?)",
            (table_id, version, player, dumps(action), now),
        )
