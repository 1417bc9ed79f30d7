"""The SQLite backend: one file, WAL, numbered migrations tracked in `PRAGMA user_version`, and
one connection whose writes are serialised by a lock."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import CREDIT_WALLET, DatabaseRefused, Store, StoreUnavailable, Tx, check_schema, settle

log = logging.getLogger(__name__)

INCREMENTAL = 2  # PRAGMA auto_vacuum's number for INCREMENTAL
RECLAIM_PAGES = 1_000  # pages a `reclaim_space` hop gives back (4 MB of 4 KB pages)
WAL_SIZE_LIMIT = 64 * 1024 * 1024  # the WAL file is cut back to this after a checkpoint
# The file is read through a memory map up to this size: a page read is then no system call and
# no copy (a start-up's restore reads every open table's page: about a fifth less CPU).
MMAP_SIZE = 256 * 1024 * 1024
GROUP_LIMIT = 32  # moves in one shared commit at most (see CommitGroup)

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
    # 8: players' records (bot/records.py), written in the transaction of the move that ends a
    # round: a member's totals and streaks per game, their results per UTC day (the periods of
    # /leaderboard, the chip line of /profile), and each game's own figures. Each table is kept in
    # its key's order (WITHOUT ROWID): a period's ranking reads one run of a game's days.
    """
    CREATE TABLE records (
        guild_id INTEGER NOT NULL, user_id INTEGER NOT NULL, game TEXT NOT NULL,
        played INTEGER NOT NULL, won INTEGER NOT NULL, lost INTEGER NOT NULL,
        pushed INTEGER NOT NULL, net INTEGER NOT NULL, best_win INTEGER NOT NULL,
        streak INTEGER NOT NULL, best_streak INTEGER NOT NULL, last_at REAL NOT NULL,
        PRIMARY KEY (guild_id, user_id, game)) WITHOUT ROWID;
    CREATE INDEX records_by_game ON records (guild_id, game);
    CREATE TABLE record_days (
        guild_id INTEGER NOT NULL, game TEXT NOT NULL, day INTEGER NOT NULL, user_id INTEGER NOT NULL,
        played INTEGER NOT NULL, won INTEGER NOT NULL, net INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game, day, user_id)) WITHOUT ROWID;
    CREATE INDEX record_days_by_member ON record_days (guild_id, user_id, day);
    CREATE TABLE record_figures (
        guild_id INTEGER NOT NULL, user_id INTEGER NOT NULL, game TEXT NOT NULL,
        figure TEXT NOT NULL, value INTEGER NOT NULL, note TEXT NOT NULL,
        PRIMARY KEY (guild_id, user_id, game, figure)) WITHOUT ROWID;
    """,
    # 9: retention (bot/retention.py): the action log, the revealed deals and the closed tables by
    # age, for the background pruning of finished hands older than TAROT_KEEP_DAYS. (The file's auto_vacuum
    # is made INCREMENTAL apart from the migrations: SqliteStore.ensure_incremental_vacuum.)
    """
    CREATE INDEX actions_by_age ON actions (at);
    CREATE INDEX revealed_deals_by_age ON deals (revealed_at) WHERE seed IS NOT NULL;
    CREATE INDEX closed_tables_by_age ON tables (ended_at) WHERE status IN ('ended', 'damaged');
    """,
    # 10: when each process (named by its shards) was last alive (bot/timers.py Heartbeat): a
    # restart gives each turn the time it had left then.
    """
    CREATE TABLE clocks (name TEXT PRIMARY KEY, at REAL NOT NULL);
    """,
    # 11: fair deals (rules/fairness.md): each member's client seed on a server, mixed into the
    # deals they sit in; `chosen` is 0 while it is the one the bot gave them.
    """
    CREATE TABLE client_seeds (
        guild_id INTEGER NOT NULL, user_id INTEGER NOT NULL, seed TEXT NOT NULL,
        chosen INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (guild_id, user_id));
    """,
    # 12: each open table's chip ledger (bot/tables/chips.py): the chips each person (party 0:
    # the house, for its computers' stacks and its results) has put into the table, less what it
    # paid them back, moved in the transaction that moves them. A table that cannot be read pays
    # back from it (bot/tables/restore.py), not from what its damaged row says; its rows go when
    # the table closes.
    """
    CREATE TABLE table_chips (
        table_id INTEGER NOT NULL, party INTEGER NOT NULL, chips INTEGER NOT NULL,
        PRIMARY KEY (table_id, party));
    """,
    # 13: the language each member last used with the bot (bot/i18n.py): the DMs sent to them
    # between their moves speak it.
    """
    CREATE TABLE member_languages (user_id INTEGER PRIMARY KEY, language TEXT NOT NULL);
    """,
]
KEY_ORDERED = ("records", "record_days", "record_figures")  # tables WITHOUT ROWID (migration 8)


Statement = tuple[str, tuple]


class SqliteTx(Tx):
    """A transaction whose writes are held back and run, with its BEGIN and COMMIT, in one call
    in the database's thread (one hop, `SqliteStore.in_thread`); a transaction that only writes
    (a move) commits with the others ready at the same time (`CommitGroup`). The first read
    begins it in the thread, sending what was held with it; from then on it holds the store's
    write lock and each statement is a hop of its own, until it ends."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store
        self.held: list[Statement] = []
        self.began = False

    async def execute(self, sql: str, params: tuple = ()) -> None:
        if not self.began:
            self.held.append((sql, params))
            return
        await self.store.in_thread(_run, [(sql, params)])

    async def fetchone(self, sql: str, params: tuple = ()) -> sqlite3.Row | None:
        return await self._answered(_fetchone, sql, params)

    async def fetchall(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        return await self._answered(_fetchall, sql, params)

    async def insert(self, sql: str, params: tuple = ()) -> int:
        return await self._answered(_insert, sql, params)

    async def credit_wallet(self, guild_id: int, user_id: int, amount: int) -> None:
        await self.execute(CREDIT_WALLET, (guild_id, user_id, amount))

    async def _answered(self, read: Callable[[sqlite3.Connection, str, tuple], Any], sql: str, params: tuple) -> Any:
        if self.began:
            return await self.store.in_thread(read, sql, params)
        await self.store.write_lock.acquire()
        self.began = True  # from here on the transaction ends by ROLLBACK or COMMIT, and releases the lock
        held, self.held = self.held, []
        return await self.store.in_thread(_begin_then, held, read, sql, params)


def _run(conn: sqlite3.Connection, statements: list[Statement]) -> None:
    for sql, params in statements:
        conn.execute(sql, params)


def _fetchone(conn: sqlite3.Connection, sql: str, params: tuple) -> sqlite3.Row | None:
    return conn.execute(sql, params).fetchone()


def _fetchall(conn: sqlite3.Connection, sql: str, params: tuple) -> list[sqlite3.Row]:
    return conn.execute(sql, params).fetchall()


def _insert(conn: sqlite3.Connection, sql: str, params: tuple) -> int:
    return int(conn.execute(sql, params).lastrowid or 0)


def _begin_then(conn: sqlite3.Connection, held: list[Statement],
                read: Callable[[sqlite3.Connection, str, tuple], Any], sql: str, params: tuple) -> Any:
    """BEGIN, the held writes and the first read, in one hop; a failure leaves no transaction open."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        _run(conn, held)
        return read(conn, sql, params)
    except BaseException:
        _roll_back(conn)
        raise


def _finish(conn: sqlite3.Connection, statements: list[Statement]) -> None:
    """The rest of a begun transaction, and its COMMIT (rolled back whole on any failure)."""
    try:
        _run(conn, statements)
        conn.execute("COMMIT")
    except BaseException:
        _roll_back(conn)
        raise


def _incremental_vacuum(conn: sqlite3.Connection, pages: int) -> None:
    conn.execute(f"PRAGMA incremental_vacuum({int(pages)})").fetchall()  # runs as its rows are read


def _roll_back(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        conn.execute("ROLLBACK")


def _commit_together(conn: sqlite3.Connection, members: list[list[Statement]]) -> list[Exception | None]:
    """Several transactions' writes in one BEGIN…COMMIT. Each runs within a savepoint, so one that
    fails is undone alone (its error is its result) and the others commit. A failure SQLite
    answers by rolling the whole transaction back (a full disk, an I/O error), or of the COMMIT,
    fails them all: nothing was written."""
    results: list[Exception | None] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for statements in members:
            conn.execute("SAVEPOINT member")
            try:
                _run(conn, statements)
            except Exception as error:
                if not conn.in_transaction:
                    raise
                conn.execute("ROLLBACK TO member")
                results.append(error)
            else:
                results.append(None)
            conn.execute("RELEASE member")
        conn.execute("COMMIT")
    except BaseException:
        _roll_back(conn)
        raise
    return results


class CommitGroup:
    """Group commit: the write-only transactions (moves) ready in the same turn of the event loop
    commit in one BEGIN…COMMIT, in one hop (`_commit_together`), GROUP_LIMIT at most; those ready
    while it runs go in the next. Each stays whole (all its writes, or none), and nobody is told
    of a move before its commit is over. The limit keeps the loop busy while the thread commits:
    the moves of one commit go on (their next move computed) while the next one is written."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store
        self.waiting: list[tuple[list[Statement], asyncio.Future[None]]] = []
        self.sending = False
        self.transactions = 0  # BEGIN…COMMITs sent (the bench reports moves a transaction)

    async def commit(self, statements: list[Statement]) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self.waiting.append((statements, done))
        if len(self.waiting) == 1 and not self.sending:
            loop.call_soon(self._send_waiting)  # after the rest of this turn's ready callbacks
        try:
            await asyncio.shield(done)
        except asyncio.CancelledError:
            # The commit runs on in the database's thread. Once it is over, a move that was
            # committed returns as committed (memory must follow the store); one that was not
            # reports the cancellation.
            while not done.done():
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.shield(done)
            if done.exception() is not None:
                raise

    def _send_waiting(self) -> None:
        group, self.waiting = self.waiting[:GROUP_LIMIT], self.waiting[GROUP_LIMIT:]
        self.sending = True
        task = asyncio.get_running_loop().create_task(self._send(group))
        _keep(task)
        task.add_done_callback(self._sent)

    def _sent(self, _task: asyncio.Task[None]) -> None:
        self.sending = False
        if self.waiting:
            self._send_waiting()

    async def _send(self, group: list[tuple[list[Statement], asyncio.Future[None]]]) -> None:
        self.transactions += 1
        try:
            async with self.store.write_lock:
                results = await self.store.in_thread(_commit_together, [statements for statements, _ in group])
        except BaseException as error:
            for _, done in group:
                settle(done, error)
            if not isinstance(error, Exception):
                raise
            return
        for (_, done), error in zip(group, results, strict=True):
            settle(done, error)


_sending: set[asyncio.Task[None]] = set()


def _keep(task: asyncio.Task[None]) -> None:
    """Holds a task until it is done (the loop keeps only weak references to its tasks)."""
    _sending.add(task)
    task.add_done_callback(_sending.discard)



class SqliteStore(Store):
    """The one connection. Writes are serialised by a lock so two tables' transactions never
    interleave on the connection."""

    backend = "sqlite"
    MIGRATIONS = MIGRATIONS

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.write_lock = asyncio.Lock()  # held by a transaction begun in the thread, and by a group commit
        self.commit_group = CommitGroup(self)

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
            await store.ensure_incremental_vacuum()
            await conn.executescript("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; "
                                     f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}; PRAGMA mmap_size={MMAP_SIZE};")
            await store.migrate()
        except sqlite3.DatabaseError as error:
            await conn.close()
            raise store.damaged(str(error)) from None
        except BaseException:
            await conn.close()
            raise
        return store

    async def ensure_incremental_vacuum(self) -> None:
        """auto_vacuum INCREMENTAL, so the pages of pruned rows go back to the file system
        (`reclaim_space`). A new file gets it before its first table; a file made before this
        version is rewritten once by VACUUM at its first start-up with it (logged: it takes
        about as long as copying the file, and as much free disk). The mode cannot be changed
        inside a migration's transaction, hence here."""
        if str(self.path) == ":memory:" or (await self.fetchone("PRAGMA auto_vacuum"))[0] == INCREMENTAL:
            return
        await self.conn.execute("PRAGMA auto_vacuum = INCREMENTAL")
        if (await self.fetchone("SELECT COUNT(*) FROM sqlite_master"))[0]:
            log.warning("%s: rewriting the file once (VACUUM) so that space freed by TAROT_KEEP_DAYS's pruning "
                        "goes back to the disk", self.path)
            await self.conn.execute("VACUUM")

    async def reclaim_space(self) -> None:
        """Free pages back to the file system, RECLAIM_PAGES at a time (one short hop each)."""
        while (await self.fetchone("PRAGMA freelist_count"))[0]:
            async with self.write_lock:
                await self.in_thread(_incremental_vacuum, RECLAIM_PAGES)

    def damaged(self, what: str) -> DatabaseRefused:
        """The refusal of a file whose pages are damaged (a disk or a copy went wrong)."""
        return DatabaseRefused(
            f"the SQLite database {self.path} is damaged ({what}), so the bot will not start on it. "
            "Stop the bot, restore the file from your latest backup (copy the backup over it and delete "
            f"any {self.path.name}-wal and {self.path.name}-shm files beside it: see the README's "
            "backups section), then start again. The damaged file is left untouched."
        )

    async def check_intact(self) -> None:
        """SQLite's own check of every page (PRAGMA quick_check), run once before the bot
        starts: a file with scribbled pages is refused with what to do, not met mid-game."""
        try:
            found = [row[0] for row in await self.fetchall("PRAGMA quick_check(3)")]
        except sqlite3.DatabaseError as error:
            raise self.damaged(str(error)) from None
        if found != ["ok"]:
            raise self.damaged("; ".join(found))

    async def _check_readable(self) -> None:
        """Refuse a file that is not an SQLite database, or one from a newer version."""
        try:
            version = await self.schema_version()
            await self.fetchone("SELECT COUNT(*) FROM sqlite_master")
        except sqlite3.DatabaseError as error:
            if "malformed" in str(error):  # an SQLite file, with pages scribbled over
                raise self.damaged(str(error)) from None
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

    async def in_thread(self, work: Callable[..., Any], *args: Any) -> Any:
        """`work(connection, *args)` run in aiosqlite's database thread, as one hand-off (the
        thread runs what it is given one call at a time, in order). aiosqlite's own `_execute`
        queues a call on that thread; its public methods each queue one statement."""
        return await self.conn._execute(lambda: work(self.conn._conn, *args))

    async def fetchone(self, sql: str, params: tuple = ()) -> sqlite3.Row | None:
        return await self.in_thread(_fetchone, sql, params)

    async def fetchall(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        return await self.in_thread(_fetchall, sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        tx = SqliteTx(self)
        try:
            yield tx
        except BaseException:
            if tx.began:
                try:
                    await self.in_thread(_roll_back)
                finally:
                    self.write_lock.release()
            raise
        if tx.began:
            try:
                await self.in_thread(_finish, tx.held)
            finally:
                self.write_lock.release()
        elif tx.held:
            await self.commit_group.commit(tx.held)

    async def batches(self, table: str, columns: list[str], size: int) -> AsyncIterator[list[tuple]]:
        """Every row of a table, `size` at a time, as tuples in `columns` order."""
        order = "" if table in KEY_ORDERED else " ORDER BY rowid"  # those are read in their key's order
        async with self.conn.execute(f"SELECT {', '.join(columns)} FROM {table}{order}") as cursor:
            while rows := await cursor.fetchmany(size):
                yield [tuple(row) for row in rows]

    async def columns_of(self, table: str) -> list[str]:
        return [row[1] for row in await self.fetchall(f"PRAGMA table_info({table})")]

