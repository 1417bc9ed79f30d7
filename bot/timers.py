"""Turn timers without a thundering herd (issue 22, item 6).

- After a restart each turn keeps the time it had left when the process stopped (`Heartbeat`:
  time the bot was down does not count against the player), plus a short grace, and the restored
  deadlines are spread so that no second holds more than RESTORED_PER_SECOND of them.
- Timeouts yield to people: an expired timer joins a queue served by at most TIMEOUT_WORKERS
  at once, and each waits (up to YIELD_LIMIT) while a person's move is under way, so a storm of
  expiring timers never stands between a member's click and its move."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)

RESTART_GRACE = 5.0  # seconds every restored turn gets on top of what it had left
RESTORED_PER_SECOND = 100  # restored turns falling due in any one second, at most
TIMEOUT_WORKERS = 2  # default moves of expired timers made at once, at most (commits queued ahead of a person)
YIELD_LIMIT = 0.05  # the longest one timeout waits for people's moves before it goes anyway


def time_left(deadline: float, stopped: float | None, length: float) -> float:
    """What a turn had left when the process stopped (`stopped`: last seen alive), within its
    length; its full length when that is not known (a store from before the heartbeat)."""
    if stopped is None:
        return length
    return min(length, max(0.0, deadline - stopped))


def shard_key(shard_count: int | None, shard_ids: frozenset[int] | None) -> str:
    """The heartbeat's name: the shards a process serves (all of them when it serves all)."""
    if shard_ids is None:
        return "alive"
    return f"alive:{shard_count}:" + ",".join(str(s) for s in sorted(shard_ids))


class Heartbeat:
    """A process's note in the store (table `clocks`) of when it was last known alive: written
    when it starts and when it stops cleanly. A restart reads it: after a clean stop each turn
    gets exactly what it had left; after a crash (the note is the start's) at most its full time,
    never less than it had left. No timer writes it in between: a store write every few seconds
    would cost more than the seconds it could save a turn after a crash."""

    def __init__(self, store: Any, clock: Callable[[], float], name: str) -> None:
        self.store, self.clock, self.name = store, clock, name

    async def last(self) -> float | None:
        row = await self.store.fetchone("SELECT at FROM clocks WHERE name=?", (self.name,))
        return None if row is None else float(row[0])

    async def start(self) -> None:
        try:
            await self._write()
        except Exception as error:
            log.warning("could not note that the bot started: %s", error)

    async def stop(self) -> None:
        with contextlib.suppress(Exception):  # a store already closed: the start's note stands
            await self._write()

    async def _write(self) -> None:
        async with self.store.transaction() as tx:
            await tx.execute("INSERT INTO clocks (name, at) VALUES (?, ?) "
                             "ON CONFLICT (name) DO UPDATE SET at = excluded.at", (self.name, self.clock()))


def spread_deadlines(wanted: list[float], per_second: int | None = None) -> list[float]:
    """The deadlines to arm for these wanted ones (same order): each as wanted, or later when its
    second is full — never more than `per_second` in one second, never earlier than wanted.
    Taken in order of time, the second being filled only moves forward, so one count is kept."""
    per_second = per_second or RESTORED_PER_SECOND
    given = [0.0] * len(wanted)
    second, taken = -math.inf, 0
    floor = math.floor
    for index in sorted(range(len(wanted)), key=wanted.__getitem__):
        deadline = wanted[index]
        if floor(deadline) > second:
            second, taken = floor(deadline), 0
        elif taken >= per_second:
            second, taken = second + 1, 0
        taken += 1
        given[index] = deadline if deadline > second else float(second)
    return given


class TimeoutQueue:
    """Expired timers, each made by `run(table, deadline)` when a worker is free; one entry per
    table (a later expiry of the same table replaces an earlier one still waiting)."""

    def __init__(self, run: Callable[[Any, float], Awaitable[None]], workers: int = TIMEOUT_WORKERS) -> None:
        self._run = run
        self._limit = workers
        self._waiting: OrderedDict[int, tuple[Any, float]] = OrderedDict()
        self._workers: set[asyncio.Task] = set()
        self._people = 0  # people's moves under way
        self._people_idle = asyncio.Event()
        self._people_idle.set()
        self.closed = False

    def __len__(self) -> int:
        return len(self._waiting)

    def expired(self, table: Any, deadline: float) -> None:
        if self.closed:
            return
        self._waiting[table.id] = (table, deadline)
        if len(self._workers) < self._limit:
            task = asyncio.get_running_loop().create_task(self._work())
            self._workers.add(task)
            task.add_done_callback(self._workers.discard)

    def person_moves(self) -> PersonMoving:
        """`with queue.person_moves():` around a person's move: timeouts wait meanwhile."""
        return PersonMoving(self)

    async def _work(self) -> None:
        while self._waiting and not self.closed:
            if self._people:
                with contextlib.suppress(TimeoutError):  # people keep coming: it goes anyway, none waits for ever
                    await asyncio.wait_for(self._people_idle.wait(), YIELD_LIMIT)
            if not self._waiting or self.closed:
                return
            _, (table, deadline) = self._waiting.popitem(last=False)
            try:
                await self._run(table, deadline)
            except Exception:
                log.exception("table %s: its timeout failed", getattr(table, "id", "?"))

    def close(self) -> None:
        """No more timeouts: those waiting are dropped (a move under way finishes)."""
        self.closed = True
        self._waiting.clear()


class PersonMoving:
    def __init__(self, queue: TimeoutQueue) -> None:
        self.queue = queue

    def __enter__(self) -> None:
        self.queue._people += 1
        self.queue._people_idle.clear()

    def __exit__(self, *exc: object) -> None:
        self.queue._people -= 1
        if not self.queue._people:
            self.queue._people_idle.set()
