"""Tables whose channel or thread was deleted, or whose server removed the bot, while the bot was
down (no event told it): found once the bot is ready and as each server becomes available, and
ended by the bot as a deletion seen live is (the round in play settled, every chip back, the slot
freed). Only a server that is available and a channel Discord says no longer exists count: an
unavailable server, a channel the bot may not see, or a failing request leave the table alone."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.client import TarotBot

log = logging.getLogger(__name__)
CHANNEL_GONE = "its channel was deleted while the bot was down"
SERVER_GONE = "the server removed the bot while the bot was down"
MISSING_ACCESS = 50001  # Discord's answer for a server the bot is not a member of


async def end_tables_of_vanished(bot: TarotBot) -> None:
    """Once the bot is ready: every server of this process's shards with open tables here."""
    service = bot.tables
    for guild_id in service.guilds_with_tables():
        if not service.owns_guild(guild_id):
            continue
        guild = bot.get_guild(guild_id)
        if guild is None:
            if await server_gone(bot, guild_id):
                ended = await service.end_tables_of_guild(guild_id, SERVER_GONE)
                log.info("server %s removed the bot while it was down: %d tables ended", guild_id, ended)
        else:
            await end_tables_in_vanished_channels(bot, guild)


async def end_tables_in_vanished_channels(bot: TarotBot, guild: discord.Guild) -> None:
    """A server that is available: its tables whose channel or thread no longer exists end."""
    if guild.unavailable:
        return
    for table in bot.tables.tables_in_guild(guild.id):
        if await channel_gone(bot, guild, table.channel_id):
            await bot.tables.end_by_bot(table, CHANNEL_GONE)


async def channel_gone(bot: TarotBot, guild: discord.Guild, channel_id: int) -> bool:
    if guild.get_channel_or_thread(channel_id) is not None:
        return False
    try:
        await bot.fetch_channel(channel_id)  # an archived thread is not in the cache
    except discord.NotFound:
        return True
    except discord.HTTPException as error:  # no access (a permission problem) or Discord failing
        log.warning("server %s: could not tell whether channel %s still exists (%s); its table stays",
                    guild.id, channel_id, error)
    return False


async def server_gone(bot: TarotBot, guild_id: int) -> bool:
    """Whether Discord says the bot is no longer in the server (not merely that it is slow)."""
    try:
        await bot.fetch_guild(guild_id)
    except discord.NotFound:
        return True
    except discord.Forbidden as error:
        return error.code == MISSING_ACCESS
    except discord.HTTPException as error:
        log.warning("could not tell whether the bot is still in server %s (%s); its tables stay", guild_id, error)
    return False
