"""The computer players' moves, scheduled after each change."""

from __future__ import annotations

import asyncio
import logging

from bot.tables.model import (
    Table,
    retried_on_conflict,
)
from bot.thinking import SEARCHING_LEVELS
from games.base import N_, Action, IllegalAction, Plural

log = logging.getLogger(__name__)


class Computers:
    """The computers room of the table service (bot.tables.TableService)."""

    def _computers_to_move(self, table: Table) -> list[int]:
        if not table.active or not hasattr(table.module, "computer_action"):
            return []
        if all(p < 0 for p in table.players()):
            return []  # no person left at the table: the computers wait rather than play on alone
        if self.waits_for_a_person(table):
            return []
        waiting = list(table.module.pending(table.state))
        if hasattr(table.module, "reactors"):  # computers that may act in a reaction window
            waiting += [p for p in table.module.reactors(table.state) if p not in waiting]
        robots = self.played_for(table)
        return [p for p in waiting if p < 0 or p in robots]

    @staticmethod
    def played_for(table: Table) -> set[int]:
        """The people whose seat a computer plays for now (in the games that do so)."""
        module = table.module
        return set(module.played_by_computer(table.state)) if hasattr(module, "played_by_computer") else set()

    def _person_in_play(self, table: Table) -> bool:
        """Whether a person sits at the table and is not sitting out."""
        module = table.module
        return any(p > 0 and {"type": "sitin"} not in module.legal_actions(table.state, p) for p in table.players())

    def waits_for_a_person(self, table: Table) -> bool:
        """No person is in play and the round in progress when the last one went out is over:
        nothing moves — no computer, no timer for a seat a computer plays — until a person comes
        back, or the table's idle time ends it (computers never play on alone)."""
        return table.active and not self._person_in_play(table) and not self._finishing_alone(table)

    def _finishing_alone(self, table: Table) -> bool:
        """With no person in play, the computers finish the round whose cards were out when the
        last person went out of play, and no more (`extra["alone_round"]` remembers it)."""
        module = table.module
        in_play = getattr(module, "round_in_play", None) or getattr(module, "round_to_settle", None)
        now = in_play(table.state) if in_play is not None else None
        if "alone_round" not in table.extra:
            table.extra["alone_round"] = now
        return now is not None and table.extra["alone_round"] == now

    def _watch_idle(self, table: Table) -> None:
        """A table that waits for a person (`waits_for_a_person`) ends after `idle_seconds` unless a
        person comes back (sits in, joins) before; one with a person in play forgets it."""
        waiting = self.owns(table) and not self._closed and self.waits_for_a_person(table)
        if not waiting:
            handle = self._idle.pop(table.id, None)
            if handle is not None:
                handle.cancel()
            return
        if table.id in self._idle:
            return  # already counting since the table began to wait
        self._idle[table.id] = self._call_later(
            self.idle_seconds, lambda: asyncio.get_running_loop().create_task(self._guarded(self._end_idle(table))))

    async def _end_idle(self, table: Table) -> None:
        self._idle.pop(table.id, None)
        if self._closed or table.status != "active" or self._person_in_play(table):
            return
        minutes = max(1, round(self.idle_seconds / 60))
        await self.end_by_bot(table, Plural(N_("no person was in play for {n} minute, and computers never play on alone"),
                                            N_("no person was in play for {n} minutes, and computers never play on "
                                               "alone"), minutes))

    def _schedule_computers(self, table: Table) -> None:
        """Computer players move after a short pause, so people can follow the table."""
        if table._computer is not None:
            table._computer.cancel()  # one reply pending at a time: the one for the copy as it is now
            table._computer = None
        if table._thought is not None:
            table._thought[1].cancel()
            table._thought = None
        if self._closed or not self.owns(table) or not self._computers_to_move(table):
            return
        version = table.version
        if getattr(table.options, "level", "normal") in SEARCHING_LEVELS:  # the search runs during the pause
            table._thought = (version, asyncio.get_running_loop().create_task(self._think(table, version)))
        table._computer = self._call_later(
            self.computer_pause,
            lambda: asyncio.get_running_loop().create_task(self._guarded(self._computer_moves(table, version))))

    @retried_on_conflict
    async def _computer_moves(self, table: Table, version: int) -> None:
        # decided outside the table's lock: a person's click never waits on a search
        thought, table._thought = table._thought, None
        decision = await (thought[1] if thought is not None and thought[0] == version else self._think(table, version))
        if decision is None:
            return
        player, action = decision
        async with self._hold(table):
            if table.version != version or self._closed or table.status != "active":
                return  # something else moved first; that move scheduled its own follow-up
            try:
                events = await self._apply(table, player, action)
            except IllegalAction as refusal:
                log.error("table %s: computer %s tried %s: %s", table.id, player, action, refusal.reason)
                return
        await self._notify(table, events, "computer")

    async def _think(self, table: Table, version: int) -> tuple[int, Action] | None:
        """The next computer's move for the table as it is at `version`, None if nobody is to move."""
        if table.version != version or self._closed or table.status != "active":
            return None  # something else moved first; that move scheduled its own follow-up
        waiting = self._computers_to_move(table)
        if not waiting:  # scheduled by a move to a stale copy whose commit was refused: the copy
            # read back holds another process's move at that version, which left no computer to move
            log.debug("table %s: the computer move scheduled at version %s has nobody to move", table.id, version)
            return None
        player = waiting[0]
        # a person's seat that a computer plays for (they left, or timed out) plays at the normal level
        level = getattr(table.options, "level", "normal") if player < 0 else "normal"
        return player, await self.thinking.decide(table.game, table.module, table.state, player, level)

    def _can(self, table: Table, player: int, kind: str) -> bool:
        return any(a.get("type") == kind for a in table.module.legal_actions(table.state, player))

    def _reset_timeouts(self, table: Table, player: int) -> None:
        table.extra.get("timeouts", {}).pop(str(player), None)
