"""Retention: finished hands' action-log rows and revealed deals older than TAROT_KEEP_DAYS are
deleted in small background batches, then the rows of tables closed that long ago, so the
database stops growing; never a row of a hand in play (see `Store.prune_actions`). On SQLite the freed pages then go back to the disk (incremental
vacuum); on PostgreSQL autovacuum makes them reusable. /history and /verify say when a hand is
past retention (its deal records are gone)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from bot.i18n import _
from bot.store import Store

log = logging.getLogger(__name__)

DAY = 86_400.0
PRUNE_BATCH = 500  # rows a delete takes at most: a short transaction, moves barely wait for it
PRUNE_PAUSE = 0.05  # seconds between two batches, so moves keep the writer
PRUNE_EVERY = 600.0  # seconds at least between two rounds of pruning


def retention_words(keep_days: float) -> str:
    """How long hands are kept, for the messages that say a hand is past retention."""
    if keep_days == 1:
        return _("moves and seeds of finished hands, and closed tables, are kept 1 day (TAROT_KEEP_DAYS), then deleted")
    return _("moves and seeds of finished hands, and closed tables, are kept {days} days (TAROT_KEEP_DAYS), then "
             "deleted", days=f"{keep_days:g}")


class Retention:
    """Deletes what is past `keep_seconds`, a batch at a time. A round runs at start-up and then
    after a committed move once `every` seconds of the clock have passed since the last round
    (`after_move`, a listener of the table service): a bot that nobody plays writes nothing, so
    has nothing new to prune, and no timer of its own keeps it busy."""

    def __init__(self, store: Store, keep_seconds: float, clock: Callable[[], float],
                 batch: int = PRUNE_BATCH, pause: float = PRUNE_PAUSE, every: float = PRUNE_EVERY) -> None:
        self.store = store
        self.keep_seconds = keep_seconds
        self.clock = clock
        self.batch = batch
        self.pause = pause
        self.every = every
        self._due = 0.0  # the clock's time from which the next round may run
        self._task: asyncio.Task[None] | None = None

    async def prune(self) -> int:
        """One round: batches until nothing older is left, then the space given back. Returns the
        rows deleted."""
        if self.keep_seconds <= 0:
            return 0
        before = self.clock() - self.keep_seconds
        deleted = 0
        for prune in (self.store.prune_actions, self.store.prune_deals, self.store.prune_tables):
            while True:
                done = await prune(before, self.batch)
                deleted += done
                if done < self.batch:
                    break
                await asyncio.sleep(self.pause)
        if deleted:
            await self.store.reclaim_space()
        return deleted

    def start(self) -> None:
        """A first round now, in the background."""
        self.poke()

    def poke(self) -> None:
        """A round in the background, unless one is running or the last began under `every` ago."""
        running = self._task is not None and not self._task.done()
        if self.keep_seconds <= 0 or running or self.clock() < self._due:
            return
        self._due = self.clock() + self.every
        self._task = asyncio.get_running_loop().create_task(self._round())

    async def after_move(self, _table: Any, _events: Any, _origin: Any) -> None:
        """The table service's listener: a committed move may make a round due."""
        self.poke()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _round(self) -> None:
        try:
            deleted = await self.prune()
        except Exception:
            log.exception("retention: pruning failed; it is tried again later")
            return
        if deleted:
            log.info("retention: deleted %d rows of hands older than %.4g days", deleted, self.keep_seconds / DAY)
