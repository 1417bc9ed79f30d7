"""A process owns its shards alone. On a shared PostgreSQL each process holds, for its whole life
and on a connection of its own, a session advisory lock per shard it serves (one for every shard
when it serves them all); a second process for the same shards — a typo in TAROT_SHARD_IDS, or
the new process of a rolling deploy while the old one still runs — waits for them, saying so in
its log, for at most TAROT_SHARD_WAIT seconds, then stops with a message (`python -m bot` exits
with status 2). PostgreSQL releases a session's locks when its connection ends, however the
process ends (a SIGKILL too). A process whose lock connection is lost (the server restarted, the
network cut it) claims its shards again at once, on a new connection; if another process took
them meanwhile, this one stops as it would at start-up (`when_taken`). A SQLite file serves one
process: nothing to claim."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

import asyncpg

from bot.config import Config
from bot.reconnect import reopened
from bot.store import Store, StoreUnavailable

log = logging.getLogger(__name__)

SHARD_LOCKS = 7_261_303  # the advisory locks' first key (the migrations' lock is a one-key lock)
EVERY_SHARD = 0  # second key: every shard (held alone by a process serving them all); shard n is n + 1
SHARD_COUNTS = 7_261_304  # shared, second key the TAROT_SHARD_COUNT of a process serving some shards
POLL_SECONDS = 0.5
CONNECT_TIMEOUT = 10


class ShardsTaken(StoreUnavailable):
    """Another process kept the shards this one was given past the wait."""


WhenTaken = Callable[[ShardsTaken], Awaitable[None]]  # what a process does that lost its shards for good


def lock_plan(config: Config) -> list[tuple[str, int]]:
    """(mode, second key) of the locks a process takes, in one order for every process: a process
    serving every shard holds the every-shard lock alone; one serving some shares it (so the two
    kinds exclude each other) and holds each of its shards' alone."""
    if config.shard_ids is None:
        return [("exclusive", EVERY_SHARD)]
    return [("shared", EVERY_SHARD), *(("exclusive", shard + 1) for shard in sorted(config.shard_ids))]


def what_it_guards(key: int, config: Config) -> str:
    if key == EVERY_SHARD:
        return "every shard" if config.shard_ids is None else "the shard cluster (another process serves every shard)"
    return f"shard {key - 1} of {config.shard_count}"


async def claim_shards(store: Store, config: Config, wait_seconds: float | None = None,
                       when_taken: WhenTaken | None = None) -> None:
    """Take this process's shard locks on a connection the store keeps open (and closes when it
    closes), waiting at most `wait_seconds` (default: the config's) for another process to let
    them go; ShardsTaken if it does not. Should that connection be lost later, they are claimed
    again; `when_taken` is awaited if another process holds them by then."""
    if not store.shared or getattr(store, "owner_conn", None) is not None:
        return
    wait = config.shard_wait if wait_seconds is None else wait_seconds
    served = "every shard" if config.shard_ids is None else f"shards {sorted(config.shard_ids)} of {config.shard_count}"
    conn = await asyncpg.connect(store.url, timeout=CONNECT_TIMEOUT,  # type: ignore[attr-defined]
                                 server_settings={"application_name": f"tarot-bot ({served})"[:63]})
    try:
        give_up = time.monotonic() + wait
        for mode, key in lock_plan(config):
            await _take(conn, mode, key, give_up, wait, config)
        if config.shard_ids is not None:
            await _one_shard_count(conn, int(config.shard_count or 0), give_up, wait)
    except BaseException:
        await conn.close()  # what was taken is let go
        raise
    store.owner_conn = conn  # type: ignore[attr-defined]
    conn.add_termination_listener(lambda lost: _on_loss(store, lost, served, config, when_taken))
    log.info("this process owns %s of the database alone (PostgreSQL advisory locks)", served)


_claiming: set[asyncio.Task] = set()  # claims under way again (the loop keeps only weak references)


def _on_loss(store: Store, conn: asyncpg.Connection, served: str, config: Config,
             when_taken: WhenTaken | None) -> None:
    """The connection holding the locks ended without the store letting it go (the server
    restarted, the network cut it): PostgreSQL let the shards go with it, so they are claimed
    again. Meanwhile every write is still checked against the stored version."""
    if getattr(store, "owner_conn", None) is not conn:
        return  # the store closed it
    store.owner_conn = None  # type: ignore[attr-defined]
    log.error("the database connection holding %s for this process was lost, so another process may now take "
              "them over; claiming them again (every write is still checked against the stored version: no chip "
              "can be lost)", served)
    task = asyncio.get_running_loop().create_task(_claim_again(store, config, served, when_taken))
    _claiming.add(task)
    task.add_done_callback(_claiming.discard)


async def _claim_again(store: Store, config: Config, served: str, when_taken: WhenTaken | None) -> None:
    """Claim the shards on a new connection, trying again while the database cannot be reached;
    if another process holds them past the wait, it owns them now and this one stops."""
    try:
        claimed = await reopened(lambda: claim_shards(store, config, when_taken=when_taken), f"claim {served} again",
                                 lambda: _store_closed(store))
    except ShardsTaken as taken:
        log.critical("%s", taken)
        if when_taken is not None:
            await when_taken(taken)
        return
    if not claimed:
        return
    if _store_closed(store):  # the bot stopped meanwhile: let them go with it
        conn, store.owner_conn = store.owner_conn, None  # type: ignore[attr-defined]
        if conn is not None:
            await conn.close()
        return
    log.warning("%s claimed again: this process owns them alone", served)


def _store_closed(store: Store) -> bool:
    pool = getattr(store, "pool", None)
    return pool is None or pool.is_closing()


async def _take(conn: asyncpg.Connection, mode: str, key: int, give_up: float, wait: float, config: Config) -> None:
    suffix = "_shared" if mode == "shared" else ""
    if await conn.fetchval(f"SELECT pg_try_advisory_lock{suffix}($1, $2)", SHARD_LOCKS, key):
        return
    holder = await _holder(conn, key)
    guarded = what_it_guards(key, config)
    log.warning("%s is owned by another bot process (%s): waiting up to %.0f s for it to stop (a rolling deploy's "
                "old process finishing; else two processes were given the same shards)", guarded, holder, wait)
    left_ms = max(1, int((give_up - time.monotonic()) * 1000))
    try:
        await conn.execute(f"SET lock_timeout = {left_ms}")
        await conn.execute(f"SELECT pg_advisory_lock{suffix}($1, $2)", SHARD_LOCKS, key)
    except asyncpg.exceptions.LockNotAvailableError:
        raise ShardsTaken(
            f"{guarded} is still owned by another bot process ({holder}) after waiting {wait:.0f} s, so this one "
            "stops: two processes must never serve the same shard. Give each process its own TAROT_SHARD_IDS "
            "(and all of them the same TAROT_SHARD_COUNT), or stop the other one; TAROT_SHARD_WAIT sets how long "
            "a starting process waits for the old one (see the README: several processes)."
        ) from None
    await conn.execute("SET lock_timeout = 0")
    log.info("%s is free: the other process stopped; this one takes it over", guarded)


async def _one_shard_count(conn: asyncpg.Connection, count: int, give_up: float, wait: float) -> None:
    """Shard n of one count is not shard n of another: the processes serving some shards must all
    split them the same way. This one waits while a process with another count runs."""
    await conn.execute("SELECT pg_advisory_lock_shared($1, $2)", SHARD_COUNTS, count)
    warned = False
    while True:
        others = await conn.fetch(
            "SELECT DISTINCT objid::int AS count FROM pg_locks WHERE locktype = 'advisory' AND granted "
            "AND classid = $1 AND objid <> $2 AND database = (SELECT oid FROM pg_database "
            "WHERE datname = current_database())", SHARD_COUNTS, count)
        if not others:
            return
        told = ", ".join(str(row["count"]) for row in others)
        if time.monotonic() >= give_up:
            raise ShardsTaken(
                f"another bot process on this database splits the shards with TAROT_SHARD_COUNT={told}, this one "
                f"with {count}, after waiting {wait:.0f} s, so this one stops: every process must use the same "
                "TAROT_SHARD_COUNT (see the README: several processes).")
        if not warned:
            log.warning("another bot process uses TAROT_SHARD_COUNT=%s (this one %d): waiting up to %.0f s for it "
                        "to stop", told, count, wait)
            warned = True
        await asyncio.sleep(POLL_SECONDS)


async def _holder(conn: asyncpg.Connection, key: int) -> str:
    """Who holds the lock, as PostgreSQL tells it (best effort: it may have let go meanwhile)."""
    row = await conn.fetchrow(
        "SELECT a.pid, a.application_name, a.client_addr::text AS addr FROM pg_locks l "
        "JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted "
        "AND l.classid = $1 AND l.objid = $2 AND l.database = (SELECT oid FROM pg_database "
        "WHERE datname = current_database()) LIMIT 1", SHARD_LOCKS, key)
    if row is None:
        return "which has just let go"
    where = f" from {row['addr']}" if row["addr"] else ""
    return f"{row['application_name'] or 'a session'}, PostgreSQL backend {row['pid']}{where}"
