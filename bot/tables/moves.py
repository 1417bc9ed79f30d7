"""A move: the table's lock, the move applied to its state, committed with its action log before anyone is told."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from bot import fair
from bot.store import (
    MoveRecord,
    NoAnswer,
    Tx,
    dumps,
)
from bot.tables.model import (
    MOVE_SECONDS,
    NO_ANSWER,
    NO_ANSWER_IN_DOUBT,
    READ_BACK_PAUSE,
    RETRYING_AFTER_CONFLICT,
    STALE_BUTTON,
    WORK_SECONDS,
    DamagedTable,
    Table,
    retried_on_conflict,
)
from games import fairness
from games.base import N_, Action, Event, IllegalAction, SeatSpec, Text, plain_copy

log = logging.getLogger(__name__)


class Moves:
    """The moves room of the table service (bot.tables.TableService)."""

    @retried_on_conflict
    async def save_extra(self, table: Table) -> None:
        """Persist the runtime notes (message ids, who was told what) of a table. Called from
        outside its operations (by the presenter), so in a transaction of its own, which waits for
        an operation that holds the row."""
        async with self.store.transaction() as tx:
            await tx.execute("UPDATE tables SET extra=? WHERE id=?", (dumps(table.extra), table.id))

    @asynccontextmanager
    async def _hold(self, table: Table, one_step: bool = False) -> AsyncIterator[None]:
        """The table's lock for one operation. On a shared store also its row, locked in a
        transaction that the operation's writes join (committed when the operation ends), with
        this process's copy first brought up to the stored state — so a move is always applied
        to the latest state, whichever process made the last one. `one_step`: the operation
        writes once and any failure ends it (see _transaction). On a shared store the operation
        ends within MOVE_SECONDS, whatever the database's connections do (see _unanswered)."""
        if not self.store.shared:
            async with table.lock:
                yield
            return
        began = asyncio.get_running_loop().time()
        try:
            async with asyncio.timeout(WORK_SECONDS):
                await table.lock.acquire()
        except TimeoutError:  # the move before it still waits for the database
            raise IllegalAction(Text(NO_ANSWER)) from None
        applied = False  # the operation's work is done: what is left is its commit
        try:
            async with asyncio.timeout_at(began + WORK_SECONDS):
                # A process is the only one to change its own tables' lobby and notes, so its
                # copy is stale only when someone else moved; a visiting copy is always taken afresh.
                known = table.version if self.owns(table) and not table.stale and not RETRYING_AFTER_CONFLICT.get() \
                    else None
                async with self.store.locked(table.id, known, table.status, one_step) as (tx, fresh):
                    if fresh is not None:
                        self._reload(table, fresh)
                    table.stale = False
                    table._tx, table._tx_steps = tx, not one_step
                    try:
                        yield
                        applied = True
                    finally:
                        table._tx, table._tx_steps = None, True
        except IllegalAction:
            raise
        except (NoAnswer, TimeoutError) as fault:
            # only a commit can be in doubt: one that failed so, or that the time limit cut
            in_doubt = applied and (not isinstance(fault, NoAnswer) or fault.in_doubt)
            await self._unanswered(table, fault, in_doubt, began + MOVE_SECONDS)
        except BaseException:
            await self._reload_quietly(table)  # the copy may be ahead of what was committed
            raise
        finally:
            table.lock.release()

    async def _unanswered(self, table: Table, fault: Exception, in_doubt: bool, deadline: float) -> None:
        """The database did not answer the operation in time. Its copy is made the stored table
        again (what was applied to it may be uncommitted), read back by `deadline`; returns if
        the operation was committed after all (its commit was in doubt, or cut by the time
        limit), else refuses it: NO_ANSWER, or NO_ANSWER_IN_DOUBT when the table could not be read
        back in time (the copy is then read again before its next write)."""
        log.warning("table %s: the database did not answer (%s%s)", table.id, type(fault).__name__,
                    f": {fault}, the commit in doubt" if in_doubt else f": {fault}")
        row = await self._read_back(table, deadline, tries=None if in_doubt else 1)
        if row is None:
            table.stale = True
            raise IllegalAction(Text(NO_ANSWER_IN_DOUBT if in_doubt else NO_ANSWER)) from fault
        if in_doubt and table.holds(row):
            log.warning("table %s: the commit in doubt was made (version %s)", table.id, table.version)
            return
        self._reload(table, row)
        raise IllegalAction(Text(NO_ANSWER)) from fault

    async def _read_back(self, table: Table, deadline: float, tries: int | None) -> Any:
        """The table's stored row, once the sessions lost while committing have ended (so nothing
        they sent can still commit); tried again while the database does not answer, up to
        `tries` times (None: until `deadline`). None if it could not be read."""
        loop = asyncio.get_running_loop()
        for _ in itertools.repeat(None) if tries is None else range(tries):
            try:
                async with asyncio.timeout_at(deadline):
                    await self.store.end_lost_sessions()
                    return await self.store.table_row(table.id)
            except TimeoutError:
                return None
            except Exception as error:
                log.info("table %s: could not read it back yet (%s: %s)", table.id, type(error).__name__, error)
            if loop.time() + READ_BACK_PAUSE >= deadline:
                return None
            await asyncio.sleep(READ_BACK_PAUSE)
        return None

    def _transaction(self, table: Table) -> Any:
        """A transaction for the table's writes: within its held row's transaction when there
        is one — a savepoint, so a failed step undoes only itself, unless the operation is one
        step whose failure rolls back the whole transaction anyway (two round trips saved)."""
        if table._tx is None:
            return self.store.transaction()
        if table._tx_steps:
            return self.store.savepoint(table._tx)
        return contextlib.nullcontext(table._tx)

    @retried_on_conflict
    async def act(self, table: Table, player: int, action: Action, step: str | None = None,
                  origin: Any = None) -> list[Event]:
        with self.timeouts.person_moves():
            return await self._act(table, player, action, step, origin)

    async def _act(self, table: Table, player: int, action: Action, step: str | None, origin: Any) -> list[Event]:
        async with self._hold(table, one_step=True):
            self._require_open(table)
            if not table.active:
                raise IllegalAction(Text(N_("the game has not started yet: the host starts it with /table start")))
            if step is not None and not table.step_current(step):
                raise IllegalAction(Text(STALE_BUTTON))
            self._reset_timeouts(table, player)
            events = await self._apply(table, player, action)
        await self._notify(table, events, origin)
        return events

    async def _apply(self, table: Table, player: int, action: Action, buy_in: int = 0) -> list[Event]:
        """Apply, then commit state + log + chips in one transaction; on any failure the
        in-memory state goes back to the committed one. The caller holds the table's lock and,
        once it has released it, tells the listeners (so rendering never holds up the table)."""
        module = table.module
        saved, committed_extra = table.saved, plain_copy(table.extra)
        chips_before = table.chips_at_table()
        clients = await self.client_seeds.of(table.guild_id, {*table.players(), player})
        with fair.clients_for_move(table.state, clients, action) as logged:
            events = module.apply(table.state, player, action)
        try:
            await self._commit(table, player, logged, events, chips_before + buy_in)
        except BaseException:
            table.set_state(None, saved)
            table.extra = committed_extra  # the seats and timer notes written for the failed commit
            raise
        return events

    async def _commit(self, table: Table, player: int, action: Action, events: list[Event],
                      chips_expected: int) -> None:
        module = table.module
        finished = bool(module.is_over(table.state))
        refunds = self._refunds(table) if finished else {}
        deadline = None if finished else self._next_deadline(table, new_round=any(e.kind == "round_open" for e in events))
        if "alone_round" in table.extra and not finished and self._person_in_play(table):
            del table.extra["alone_round"]  # a person is back in play: stored with this move
        players = list(module.players(table.state))
        seats_moved = players != table.extra.get("players")
        table.extra["players"] = players
        state_json = table.state_json()
        version = table.version + 1
        async with self._transaction(table) as tx:
            await self._move_chips(tx, table, player, action, events, chips_expected, version)
            notice = None
            if self.store.shared and not self.owns(table):  # the owner hears of moves made elsewhere
                told = [*events, Event("finished", {"refunds": {str(k): v for k, v in refunds.items()}})] \
                    if finished else events
                notice = self._change_notice(table, version, told, "ended" if finished else "active")
            await tx.record_move(MoveRecord(table.id, version, player, action, self.clock(), state_json, deadline,
                                            dumps(table.extra), notice))
            if seats_moved and not finished:  # the store's index of who sits where (a join, a leave)
                await tx.record_seats(table.id, players)
            if finished:
                await self._close_in(tx, table, refunds)
        table.version = version
        table.set_state(table.state, state_json)
        table.deadline = deadline
        if finished:
            self._retire(table)
            events.append(Event("finished", {"refunds": {str(k): v for k, v in refunds.items()}}))
            return
        self._seats_changed(table)
        self._arm(table)
        self._schedule_computers(table)
        self._watch_idle(table)

    async def _record_deal(self, tx: Tx, table: Table, event: Event, version: int) -> None:
        """A deal's commitment (it starts, with the move `version`) or its seed and cards (it is
        over), for /verify and /history."""
        data = event.data
        if event.kind == "deal_committed":
            await tx.commit_deal(table.guild_id, table.id, table.game, data["label"], data["commitment"], version,
                                 self.clock())
        else:
            await tx.reveal_deal(data["commitment"], data["seed"], fairness.stored_setup(data), data["cards"],
                                 self.clock())

    def _require_open(self, table: Table) -> None:
        if table.status == "ended" or self._closed:
            raise IllegalAction(Text(N_("this table has ended")))

    async def _write_lobby(self, tx: Tx, table: Table, lobby: list[SeatSpec]) -> int:
        """The lobby's new seats, as the next version of the table (returned): like a move, a
        lobby write moves the version on, so a copy of the lobby from before it is stale (see
        _hold: it is read again before it writes, never over another process's lobby)."""
        await tx.execute(
            "UPDATE tables SET lobby=?, seated=?, version=? WHERE id=?",
            (dumps([dataclasses.asdict(s) for s in lobby]), dumps([s.player for s in lobby]), table.version + 1,
             table.id),
        )
        return table.version + 1

    async def _notify(self, table: Table, events: list[Event], origin: Any) -> None:
        for listener in list(self.listeners):
            try:
                await listener(table, events, origin)
            except DamagedTable as damaged:
                await self.set_aside(damaged)
            except Exception:
                log.exception("table %s: a listener failed after a committed move", table.id)
