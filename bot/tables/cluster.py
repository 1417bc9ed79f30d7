"""One table, several processes: change notices heard from other processes, copies read again, tables visited from here."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from typing import Any

from bot.store import (
    CLIENT_SEED_NOTICE,
    dumps,
)
from bot.tables.model import (
    NOTICE_LIMIT,
    Table,
)
from games.base import Event

log = logging.getLogger(__name__)


class ClusterNotices:
    """The cluster room of the table service (bot.tables.TableService)."""

    def _reload(self, table: Table, row: Any) -> None:
        """The copy becomes the row; the owner re-arms its timers for it."""
        table.load(row)
        table.stale = False
        if not self.owns(table):
            if table.status == "ended":
                self._visiting.pop(table.id, None)
            return
        if table.status == "ended":
            self._retire(table)
            return
        self._register(table)  # again, if a failed commit had retired it
        self._arm(table)
        self._schedule_computers(table)

    async def _reload_quietly(self, table: Table) -> None:
        try:
            row = await self.store.table_row(table.id)
        except Exception:
            log.exception("table %s: could not read it back after a failed commit", table.id)
            return
        if row is not None:
            self._reload(table, row)

    def _heard(self, payload: str) -> None:
        """A change notice from another process: the owner catches up with its table."""
        try:
            notice = json.loads(payload)
        except ValueError:
            return
        if CLIENT_SEED_NOTICE in notice:
            self.client_seeds.heard(*notice[CLIENT_SEED_NOTICE])
            return
        if notice.get("by") == self.process_token or self._closed:
            return
        table = self.by_id.get(notice.get("table"))
        if table is not None:
            asyncio.get_running_loop().create_task(self._catch_up(table, notice))
        elif self._restoring is not None and isinstance(notice.get("table"), int):
            self._unheard[notice["table"]] = notice  # its row may have been read before this change

    async def _heard_again(self) -> None:
        """The notices of other processes were unheard for a while (the connection that hears
        them was lost, and is open again): what they may have changed is read again — members'
        client seeds when next needed, and this process's tables whose stored version or status
        moved on (or whose copy was left stale), caught up as a notice would have had them: their
        timers re-armed, their computers moved."""
        if self._closed:
            return
        self.client_seeds.forget()
        tables = list(self.by_id.values())
        try:
            stored = await self.store.table_versions(t.id for t in tables)
        except Exception:
            log.exception("could not read this process's tables again after hearing nothing for a while; they catch "
                          "up at their next move")
            return
        for table in tables:
            version, status = stored.get(table.id, (table.version, table.status))
            if table.stale or (version, status) != (table.version, table.status):
                asyncio.get_running_loop().create_task(
                    self._catch_up(table, {"version": version, "status": status, "events": []}))

    async def _catch_up(self, table: Table, notice: dict[str, Any]) -> None:
        async with table.lock:
            if table.version >= notice["version"] and table.status != "ended" and notice.get("status") != "ended" \
                    and not table.stale:
                return  # already seen (a later notice was handled first)
            row = await self.store.table_row(table.id)
            if row is None:
                return
            self._reload(table, row)
        events = [Event(e["kind"], e["data"]) for e in notice.get("events", [])] or [Event("refreshed", {})]
        await self._notify(table, events, "remote")

    def _change_notice(self, table: Table, version: int, events: list[Event], status: str) -> str:
        events_json = [dataclasses.asdict(e) for e in events]
        notice = {"by": self.process_token, "table": table.id, "version": version, "status": status,
                  "events": events_json}
        text = dumps(notice)
        if len(text.encode()) > NOTICE_LIMIT:
            text = dumps({**notice, "events": []})  # the owner redraws from the stored state
        return text
