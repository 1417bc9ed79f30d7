"""The Discord client: opens the store, restores every table, loads the cogs, syncs commands."""

from __future__ import annotations

import logging
from pathlib import Path

import discord
from discord.ext import commands

from bot.config import Config
from bot.economy import Economy
from bot.store import Store, database_target
from bot.tables import TableService

log = logging.getLogger(__name__)


def discord_clock() -> float:
    """Seconds since the epoch as Discord sees them (simulated clocks in tests follow it)."""
    return discord.utils.utcnow().timestamp()


class TarotBot(commands.AutoShardedBot):
    def __init__(self, config: Config, db_path: str | Path) -> None:
        intents = discord.Intents.default()
        intents.members = True  # to see a member leave the server (their seats are freed)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            shard_count=config.shard_count,
            shard_ids=sorted(config.shard_ids) if config.shard_ids is not None else None,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.config = config
        self.db_path = db_path
        self.store: Store | None = None
        self.tables: TableService
        self.economy: Economy

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.db_path)
        self.tables = TableService(self.store, self.config, discord_clock)
        self.economy = Economy(self.store, self.config, discord_clock)
        for extension in self.config.extensions:
            await self.load_extension(extension)
        restored = await self.tables.restore()
        log.info("restored %d open tables from the %s store", restored, self.store.backend)
        if self.config.sync_commands:
            await self._sync_commands()

    async def _sync_commands(self) -> None:
        if self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        if self.store is not None:
            await self.tables.close()
            await self.store.close()
            self.store = None
        await super().close()


def create_bot(
    db_path: str | Path | None = None, config: Config | None = None, shard_count: int | None = None
) -> TarotBot:
    """The bot, built but not connected: `python -m bot` and the tests both start from here.
    `db_path` takes what TAROT_DB takes: a SQLite file path or a postgresql:// URL."""
    config = config or Config()
    if shard_count is not None:
        config = Config(**{**config.__dict__, "shard_count": shard_count})
    return TarotBot(config, database_target(db_path) if db_path is not None else config.db_path)
