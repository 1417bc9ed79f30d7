"""Turn timers and reaction windows: stored deadlines, armed and fired."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.store import (
    dumps,
)
from bot.tables.model import (
    SIT_OUT_AFTER_TIMEOUTS,
    DamagedTable,
    Table,
    retried_on_conflict,
)
from games.base import RUNTIME_PLAYER, Event, IllegalAction

log = logging.getLogger(__name__)

TIMER_ORIGIN = "timer"  # the listeners' origin of moves a person's turn timer played for them
WINDOW_ORIGIN = "window"  # ... of what followed a reaction window the table's clock closed


class Timers:
    """The timers room of the table service (bot.tables.TableService)."""

    def _timer_seconds(self, table: Table) -> int:
        return int(getattr(table.options, "timer", 0) or 0)

    def _window_seconds(self, table: Table) -> int | None:
        """The seconds of the reaction window the game has open now, if any (games/base.py)."""
        if not table.active or not hasattr(table.module, "reaction_window"):
            return None
        return table.module.reaction_window(table.state)

    def _next_deadline(self, table: Table, new_round: bool = False) -> float | None:
        window = self._window_seconds(table)
        if window is not None:
            step = table.step_key()
            if table.deadline is not None and table.extra.get("window_step") == step:
                return table.deadline  # a pass or a computer's look inside the same window
            table.extra["window_step"], table.extra["window"] = step, window
            table.extra.pop("pending", None)  # the turn after the window gets its full time
            return self.clock() + window
        table.extra.pop("window", None)
        if not table.active or not self._timer_seconds(table) or not table.module.pending(table.state) \
                or self.waits_for_a_person(table):
            return None
        pending = table.module.pending(table.state)
        if table.deadline is not None and not new_round and self._same_decision(table, pending):
            return table.deadline  # some of the players asked together have chosen: the others' clock runs on
        table.extra["pending"] = pending
        table.extra["pending_step"] = table.step_key()
        return self.clock() + self._timer_seconds(table)

    def counts_down_for_a_person(self, table: Table) -> bool:
        """Whether the deadline running now is one a person meets: a reaction window's (anyone
        at the table may answer in it), or a decision a person makes themselves. A computer's
        turn shows no countdown: it moves after its short pause, and a person's timer shown
        meanwhile read as if someone were kept waiting."""
        if self._window_seconds(table) is not None:
            return True
        robots = self.played_for(table)
        return any(p > 0 and p not in robots for p in table.module.pending(table.state))

    def _same_decision(self, table: Table, pending: list[int]) -> bool:
        """Still the decision the timer was armed for: the game's step is the same (a step is one
        decision — a betting window shared by everyone in it, each turn after it, each card more)
        and only players already asked in it are still to choose. A player asked again, even at
        once after their own move, faces a new decision with the table's full time (issue 28)."""
        before = table.extra.get("pending") or []
        return table.extra.get("pending_step") == table.step_key() and set(pending) <= set(before)

    async def _write_deadline(self, table: Table) -> None:
        table.deadline = self._next_deadline(table)
        async with self._transaction(table) as tx:
            await tx.execute(
                "UPDATE tables SET deadline=?, extra=? WHERE id=?", (table.deadline, dumps(table.extra), table.id)
            )
        self._arm(table)

    def _arm(self, table: Table) -> None:
        if table._timer is not None:
            table._timer.cancel()
            table._timer = None
        if table.deadline is None or self._closed or not self.owns(table):
            return  # timers fire in the owning process only
        delay = max(0.0, table.deadline - self.clock())
        table._timer = self._call_later(delay, functools.partial(self._fire_timer, table, table.deadline))

    def _disarm(self, table: Table) -> None:
        """No turn timer and no computer move pending for the table."""
        for handle in (table._timer, table._computer):
            if handle is not None:
                handle.cancel()
        table._timer = table._computer = None

    def _call_later(self, delay: float, callback: Callable[[], Any]) -> Any:
        """A timer (a turn, a reaction window, a computer's pause): its handle, to cancel."""
        if self.config.call_later is not None:
            return self.config.call_later(delay, callback)
        return asyncio.get_running_loop().call_later(delay, callback)

    def _fire_timer(self, table: Table, deadline: float) -> None:
        self.timeouts.expired(table, deadline)  # made when people's moves let it (bot/timers.py)

    async def _run_timeout(self, table: Table, deadline: float) -> None:
        await self._guarded(self._on_timeout(table, deadline))

    async def _guarded(self, work: Awaitable[None]) -> None:
        """A timer's or a computer player's move: a table found damaged by it is set aside."""
        try:
            await work
        except DamagedTable as damaged:
            await self.set_aside(damaged)

    async def _on_timeout(self, table: Table, deadline: float) -> None:
        events, origin = await self._time_out(table, deadline, [])
        await self._notify(table, events, origin)
        if origin == TIMER_ORIGIN and table.active and table._computer is None:
            table.rest()  # nobody played for a whole turn: it waits packed (no computer moves next)

    @retried_on_conflict
    async def _time_out(self, table: Table, deadline: float, seen: list[int]) -> tuple[list[Event], str]:
        """The moves of a timer that ran out, and their origin: "timer" for people's default
        moves, "window" for a reaction window the clock closed (no one's timeout). A try that
        met another transaction read the table back (deadline included), so a retry goes on if
        the table is still at the version the first try found (`seen`)."""
        events: list[Event] = []
        async with self._hold(table):
            current = table.version == seen[0] if seen else table.deadline == deadline
            if not current or not table.active or self._closed:
                return events, TIMER_ORIGIN
            seen[:] = [table.version]
            if self._window_seconds(table) is not None:
                return await self._close_window(table), WINDOW_ORIGIN
            for player in table.module.pending(table.state):
                if player >= 0:  # computer players move on their own (or wait for a person)
                    events += await self._play_default(table, player)
        return events, TIMER_ORIGIN

    async def _close_window(self, table: Table) -> list[Event]:
        """A reaction window's time is up: the runtime closes it (no one's timeout)."""
        try:
            return await self._apply(table, RUNTIME_PLAYER, {"type": "close_window"})
        except IllegalAction as refusal:
            log.error("table %s: closing the reaction window was refused: %s", table.id, refusal.reason)
            return []

    async def _play_default(self, table: Table, player: int) -> list[Event]:
        timeouts = table.extra.setdefault("timeouts", {})
        timeouts[str(player)] = timeouts.get(str(player), 0) + 1
        action = table.module.default_action(table.state, player)
        try:
            events = await self._apply(table, player, action)
            if timeouts[str(player)] >= SIT_OUT_AFTER_TIMEOUTS and self._can(table, player, "sitout"):
                events += await self._apply(table, player, {"type": "sitout"})
            return events
        except IllegalAction as refusal:
            log.error("table %s: the default move %s was refused: %s", table.id, action, refusal.reason)
            return []
