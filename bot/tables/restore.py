"""Start-up and shut-down: every open table read back, damaged ones set aside with their chips paid back."""

from __future__ import annotations

import asyncio
import functools
import gc
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

RESTORE_PAGE = 500  # open tables read from the store at a time
RESTORE_SLICE = 0.005  # seconds of the event loop the restore may hold before it gives the loop its turn
RESTORE_CHECK_EVERY = 16  # rows loaded between two looks at the clock


class Restore:
    """The restore room of the table service (bot.tables.TableService)."""

    async def restore(self, freeze: bool = False) -> int:
        """Load every open table; re-arm turn timers with the time the turn had left (time spent
        down does not count against the player), spread over the seconds (bot/timers.py). A row
        that cannot be loaded is set aside with its chips paid back (`_set_aside`); every other
        table starts. Returns the tables loaded.

        The rows are read a page at a time and loaded in slices of at most RESTORE_SLICE seconds
        of the event loop, which runs other work between them (the bot connects to Discord only
        once this returns, so no click comes meanwhile; a lookup that waits, `restored`, waits
        for the end). A change another process announces meanwhile for a table not loaded yet
        is caught up once it is loaded (`_unheard`).

        `freeze` (the bot's start-up): what each slice loaded lives as long as the process, so it
        is moved out of the garbage collector's sight as it goes (`gc.freeze`, after collecting
        that slice's young objects) rather than walked in one long pass at the end (see
        bot/client.py `freeze_long_lived`, which then has little left to walk)."""
        self._restoring = asyncio.get_running_loop().create_future()
        collecting = gc.isenabled()
        gc.disable()  # its young objects live on (the bot freezes them next: bot/client.py): no passes over them meanwhile
        try:
            await self.store.listen(self._heard, self._heard_again)
            stopped = await self.heartbeat.last()  # when this process (these shards) was last seen alive
            await self.heartbeat.start()
            timed: list[tuple[Table, int]] = []  # the tables restarting a timer, at the version loaded
            loaded = 0
            pages = self.store.open_table_pages(self.config.shard_count, self.config.shard_ids, RESTORE_PAGE)
            async for rows in pages:
                loaded += await self._restore_rows(rows, stopped, timed, freeze)
            await self._arm_restored(timed)
        finally:
            if collecting:
                gc.enable()
            self._restoring.set_result(None)
            self._restoring = None
        self._catch_up_unheard()
        return loaded

    async def restored(self) -> None:
        """Returns once every open table is loaded (at once when no restore is under way)."""
        if self._restoring is not None:
            await asyncio.shield(self._restoring)

    async def _restore_rows(self, rows: list[Any], stopped: float | None, timed: list[tuple[Table, int]],
                            freeze: bool) -> int:
        """Load these rows, giving the event loop its turn every RESTORE_SLICE seconds. A turn's
        deadline becomes at once the time it had left after a grace (what a move made before
        the restore ends sees); `_arm_restored` spreads them at the end."""
        loaded = 0
        loop = asyncio.get_running_loop()
        yield_at = loop.time() + RESTORE_SLICE
        for number, row in enumerate(rows):
            if number % RESTORE_CHECK_EVERY == 0 and loop.time() >= yield_at:
                self._restored_slice(freeze)
                await asyncio.sleep(0)
                yield_at = loop.time() + RESTORE_SLICE
            if self._closed:
                break
            if row["id"] in self.by_id:
                continue  # loaded already (a table opened since the restore began)
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
                table.deadline = self.clock() + RESTART_GRACE + time_left(table.deadline, stopped, length)
                timed.append((table, table.version))
            if table.active and table.extra.get("computers"):
                self._schedule_computers(table)
                self._watch_idle(table)  # a table of people alone waits as it is (its state stays packed)
            loaded += 1
        self._restored_slice(freeze)
        return loaded

    @staticmethod
    def _restored_slice(freeze: bool) -> None:
        if freeze:
            gc.collect(0)  # this slice's young objects: what is garbage goes, the rest is frozen
            gc.freeze()

    def _catch_up_unheard(self) -> None:
        """The tables another process changed while they were being loaded, caught up now."""
        unheard, self._unheard = self._unheard, {}
        for table_id, notice in unheard.items():
            table = self.by_id.get(table_id)
            if table is not None:
                asyncio.get_running_loop().create_task(self._catch_up(table, notice))

    async def _arm_restored(self, timed: list[tuple[Table, int]]) -> None:
        """The restored turns' deadlines, spread (no second holds more than RESTORED_PER_SECOND,
        none comes sooner), armed with one timer per second rather than one per table, the loop
        given its turn every RESTORE_SLICE seconds. A table that moved or ended while the others
        were loaded keeps the timer its move armed. The spreading sorts every deadline at once
        (a few milliseconds for 10,000): the loop has its turn before it and after it."""
        await asyncio.sleep(0)  # after the rows' last slice
        now = self.clock()
        timed = [(table, version) for table, version in timed if table.version == version and table.status != "ended"]
        deadlines = spread_deadlines([table.deadline or now for table, _ in timed])
        await asyncio.sleep(0)
        loop = asyncio.get_running_loop()
        yield_at = loop.time() + RESTORE_SLICE
        by_second: dict[int, list[tuple[Table, float]]] = {}
        for number, ((table, version), deadline) in enumerate(zip(timed, deadlines, strict=True)):
            if number % RESTORE_CHECK_EVERY == 0 and loop.time() >= yield_at:
                await asyncio.sleep(0)
                yield_at = loop.time() + RESTORE_SLICE
            if table.version != version or table.status == "ended":
                continue  # moved meanwhile
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
        checked_options(table, row["options"])
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
            row = await tx.table_row(row["id"])  # every column (a restore reads only what loading needs)
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
