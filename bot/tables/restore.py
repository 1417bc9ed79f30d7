"""Start-up and shut-down: every open table read back, damaged ones set aside with their chips paid back."""

from __future__ import annotations

import functools
import logging
import math
from typing import Any

from bot.store import (
    looks_whole,
)
from bot.tables.model import (
    DamagedTable,
    Table,
    checked_options,
    salvage_refunds,
)
from bot.timers import RESTART_GRACE, spread_deadlines, time_left
from games.base import Event

log = logging.getLogger(__name__)


class Restore:
    """The restore room of the table service (bot.tables.TableService)."""

    async def restore(self) -> int:
        """Load every open table; re-arm turn timers with the time the turn had left (time spent
        down does not count against the player), spread over the seconds (bot/timers.py). A row
        that cannot be loaded is set aside with its chips paid back (`_set_aside`); every other
        table starts. Returns the tables loaded."""
        rows = await self.store.open_tables(self.config.shard_count, self.config.shard_ids)
        await self.store.listen(self._heard, self._heard_again)
        stopped = await self.heartbeat.last()  # when this process (these shards) was last seen alive
        await self.heartbeat.start()
        now = self.clock()
        timed: list[tuple[Table, float]] = []  # the tables restarting a timer, and its time left
        loaded = 0
        for row in rows:
            try:
                table = self._load(row)
                table.players()  # parses the state of a table whose notes do not list its players
                if table.active and table.extra.get("computers") and self.owns(table):
                    self._computers_to_move(table)  # their computers may move at once: read now
            except Exception as error:  # anything a row can hold that this version cannot read
                await self._set_aside(row, error)
                continue
            self._register(table)
            if table.deadline is not None and self.owns(table):
                # a reaction window's length is extra["window"], a turn's the table's timer
                length = int(table.extra.get("window") or self._timer_seconds(table))
                timed.append((table, time_left(table.deadline, stopped, length)))
            if table.active and table.extra.get("computers"):
                self._schedule_computers(table)
                self._watch_idle(table)  # a table of people alone waits as it is (its state stays packed)
            loaded += 1
        self._arm_restored(timed, now)
        return loaded

    def _arm_restored(self, timed: list[tuple[Table, float]], now: float) -> None:
        """The restored turns' deadlines, after a grace and spread (no second holds more than
        RESTORED_PER_SECOND), armed with one timer per second rather than one per table."""
        deadlines = spread_deadlines([now + RESTART_GRACE + left for _, left in timed])
        by_second: dict[int, list[tuple[Table, float]]] = {}
        for (table, _), deadline in zip(timed, deadlines, strict=True):
            table.deadline = deadline
            by_second.setdefault(math.ceil(deadline), []).append((table, deadline))
        for second, due in sorted(by_second.items()):
            self._restored_timers.append(self._call_later(second - now, functools.partial(self._fire_restored, due)))

    def _load(self, row: Any) -> Table:
        """The table of a row: its game, options, seats and notes read, its state checked to be
        whole (see `looks_whole`: a cut-off write fails here). The state is unpacked and parsed
        only when first needed, so thousands of idle tables restore quickly and take little
        memory; a state broken inside fails at its first move instead."""
        table = Table(row)
        if table.active and not looks_whole(table.saved):
            raise ValueError("a running table whose saved state is cut off or missing")
        checked_options(table)
        return table

    async def _set_aside(self, row: Any, error: BaseException) -> None:
        """A row this version cannot load (a game or an option that no longer exists, a broken
        state, another game's name): marked 'damaged', its channel freed, and its chips paid
        back by its chip ledger (see `salvage_refunds`) in one transaction, with a log line. A
        row that is no longer open (another process set it aside or ended it first) is left
        alone."""
        async with self.store.transaction() as tx:
            now = await tx.lock_table(row["id"])
            if now is None or now["status"] not in ("lobby", "active"):
                return
            refunds, house, source = salvage_refunds(row, await tx.table_ledger(row["id"]))
            await self._move_chips_in_order(tx, row["guild_id"], refunds, house)  # a computer's stack: to the house
            await tx.close_ledger(row["id"])
            await tx.execute("UPDATE tables SET status='damaged', ended_at=?, deadline=NULL WHERE id=?",
                             (self.clock(), row["id"]))
        log.error("table %s (%s in channel %s) could not be loaded and is set aside: %s: %s; "
                  "chips paid back from %s: %s", row["id"], row["game"], row["channel_id"],
                  type(error).__name__, error, source, refunds)

    async def set_aside(self, damaged: DamagedTable) -> None:
        """A table found damaged at its first touch after start-up is set aside as start-up
        sets aside a row it cannot load: chips paid back by its chip ledger, marked
        'damaged', a log line, its channel and the server's slot freed. Other tables go on."""
        table = self.by_id.get(damaged.table_id) or self._visiting.get(damaged.table_id)
        if table is None:
            return
        async with table.lock:
            if table.status == "ended":
                return
            row = await self.store.table_row(table.id)
            if row is not None:
                await self._set_aside(row, damaged.cause)
            self._visiting.pop(table.id, None)
            self._retire(table)

    def _fire_restored(self, due: list[tuple[Table, float]]) -> None:
        """The restarted timers of one second run out: the tables still waiting since the
        restart time out (a table that moved since has a timer of its own)."""
        for table, deadline in due:
            if table.deadline == deadline and table._timer is None:
                self._fire_timer(table, deadline)

    async def close(self) -> None:
        self._closed = True
        self.timeouts.close()
        self.thinking.close()
        await self.heartbeat.stop()
        for handle in [*self._restored_timers, *self._idle.values()]:
            handle.cancel()
        for table in self.by_channel.values():
            self._disarm(table)

    async def show_again(self, table: Table) -> None:
        """Ask the listeners to post the table afresh: the sandbox's simulated Discord starts
        empty, so after its restart the messages the store remembers are gone."""
        await self._notify(table, [Event("shown_again", {})], None)
