"""Opening a lost database connection again: tried until it works, waiting longer after each
failure while the database cannot be reached (the shard lock's connection, bot/shard_claim.py;
the connection that hears other processes, bot/store_postgres.py)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import asyncpg

log = logging.getLogger(__name__)

RECONNECT_SECONDS = (0.5, 30.0)  # the first and the longest wait between two tries
UNREACHABLE = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError)


async def reopened(attempt: Callable[[], Awaitable[None]], what: str, stopped: Callable[[], bool]) -> bool:
    """Awaits `attempt` until it does not fail for want of the database (what else it raises is
    raised), waiting RECONNECT_SECONDS between tries, doubled each time; `what` names it in the
    log. Returns False if `stopped()` became true first."""
    pause, longest = RECONNECT_SECONDS
    while not stopped():
        try:
            await attempt()
        except UNREACHABLE as error:
            log.warning("could not reach the database to %s (%s); trying again in %.1f s", what, error, pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, longest)
            continue
        return True
    return False
