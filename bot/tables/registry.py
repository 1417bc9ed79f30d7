"""Which tables this process holds and owns, and how they are found: by channel, id, server and seated member."""

from __future__ import annotations

import logging
from typing import Any

from bot.store import (
    shard_of,
)
from bot.tables.model import (
    MEMBER_TABLES_LIMIT,
    Table,
)

log = logging.getLogger(__name__)


class Registry:
    """The registry room of the table service (bot.tables.TableService)."""

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process serves the server's shard (it times and posts for its tables)."""
        count, mine = self.config.shard_count, self.config.shard_ids
        return mine is None or count is None or shard_of(guild_id, count) in mine

    def owns(self, table: Table) -> bool:
        return self.owns_guild(table.guild_id)

    # The lookups that do not await see the tables loaded so far: every one once `restore` has
    # returned, which the bot awaits before it connects to Discord; those that await wait for it.

    def table_in(self, channel_id: int) -> Table | None:
        return self.by_channel.get(channel_id)

    def table_by_id(self, table_id: int) -> Table | None:
        return self.by_id.get(table_id)

    async def table_for(self, table_id: int) -> Table | None:
        """The open table a button names: this process's own, or on a shared store one that
        another process owns (a DM button reaches shard 0 whichever server the table is in).
        During the start-up's restore, one not loaded yet is waited for."""
        table = self.by_id.get(table_id)
        if table is None and self._restoring is not None:
            await self.restored()
            table = self.by_id.get(table_id)
        if table is not None or not self.store.shared:
            return table
        row = await self.store.table_row(table_id)
        if row is None or row["status"] == "ended" or self.owns_guild(row["guild_id"]):
            self._visiting.pop(table_id, None)
            return None
        return self._visit(row)

    def _visit(self, row: Any) -> Table:
        """This process's copy of another process's table, as the row shows it now."""
        visiting = self._visiting.get(row["id"])
        if visiting is None:
            visiting = self._visiting[row["id"]] = Table(row)
        elif not visiting.lock.locked():
            visiting.load(row)  # what the player sees now (moves re-check it under the row lock)
        return visiting

    async def member_tables(self, player: int, game: str | None = None) -> list[Table]:
        """The open tables `player` sits at (of `game` only, when given): what a command typed
        in a DM may mean. Discord delivers DMs to shard 0 whichever server the table is in, so on
        a shared store the tables other processes own come from the store's index of seated
        players (at most MEMBER_TABLES_LIMIT), visited as a DM button's are."""
        await self.restored()
        own = self.tables_of(player, game)
        if not self.store.shared or self.config.shard_ids is None:
            return own  # one process holds every table
        found = {table.id: table for table in own}
        for row in await self.store.seated_tables(player, game, MEMBER_TABLES_LIMIT):
            if not self.owns_guild(row["guild_id"]):
                found[row["id"]] = self._visit(row)
        return [found[table_id] for table_id in sorted(found)][:MEMBER_TABLES_LIMIT]

    def _register(self, table: Table) -> None:
        self.by_channel[table.channel_id] = table
        self.by_id[table.id] = table
        self._by_guild.setdefault(table.guild_id, {})[table.id] = table
        self._seats_changed(table)

    def tables_in_guild(self, guild_id: int) -> list[Table]:
        """The server's open tables in this process."""
        return list(self._by_guild.get(guild_id, {}).values())

    def guilds_with_tables(self) -> list[int]:
        return list(self._by_guild)

    def _seats_changed(self, table: Table) -> None:
        """Keep the player -> tables index right after anything that may seat or unseat someone."""
        if not self.owns(table):
            return
        before = self._seats_of.pop(table.id, ())
        now = tuple(table.players()) if table.status != "ended" else ()
        for player in set(before).difference(now) if before else ():
            tables = self._seated_at.get(player, set())
            tables.discard(table.id)
            if not tables:
                self._seated_at.pop(player, None)
        for player in now:
            tables = self._seated_at.get(player)
            if tables is None:
                self._seated_at[player] = {table.id}
            else:
                tables.add(table.id)
        if now:
            self._seats_of[table.id] = now

    async def last_table_in(self, channel_id: int) -> Table | None:
        """The channel's open table, else the last one that ended there (for /history)."""
        await self.restored()
        open_table = self.table_in(channel_id)
        if open_table is not None:
            return open_table
        row = await self.store.last_table_row(channel_id)
        return None if row is None else Table(row)

    def tables_of(self, player: int, game: str | None = None) -> list[Table]:
        tables = (self.by_id[i] for i in sorted(self._seated_at.get(player, ())))
        return [t for t in tables if game is None or t.game == game]
