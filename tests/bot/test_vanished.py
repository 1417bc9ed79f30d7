"""The start-up sweep of tables whose channel or server went away while the bot was down
(cogs/vanished.py), on the real table service, with Discord's answers stood in for by small
stand-ins of discord.py's objects: a table ends only when its server is available and Discord
says its channel is gone (404), never for an unavailable server, a channel the bot may not see
(403) or a failing request (500). (The whole path through SimCord: tests/discord/test_while_down.py.)"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.vanished import end_tables_in_vanished_channels, end_tables_of_vanished
from tests.bot.helpers import GUILD, chips_everywhere, close_service, open_service, open_table

ALICE, BOB = 101, 102


@dataclass
class Reply:
    """What discord.py's HTTP errors read from a response."""

    status: int
    reason: str = "stand-in"


def http_error(status: int, code: int = 0) -> discord.HTTPException:
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return kind(Reply(status), {"code": code, "message": "stand-in"})


@dataclass
class Guild:
    id: int
    channels: set[int]
    unavailable: bool = False

    def get_channel_or_thread(self, channel_id: int) -> Any:
        return object() if channel_id in self.channels else None


@dataclass
class Bot:
    """Discord as the bot sees it after a restart: the servers it got, and REST answers."""

    tables: Any
    guilds: dict[int, Guild] = field(default_factory=dict)
    channel_answers: dict[int, int] = field(default_factory=dict)  # channel id -> HTTP status
    guild_answers: dict[int, tuple[int, int]] = field(default_factory=dict)  # guild id -> (status, code)

    def get_guild(self, guild_id: int) -> Guild | None:
        return self.guilds.get(guild_id)

    async def fetch_channel(self, channel_id: int) -> object:
        status = self.channel_answers.get(channel_id, 200)
        if status != 200:
            raise http_error(status)
        return object()

    async def fetch_guild(self, guild_id: int) -> object:
        status, code = self.guild_answers.get(guild_id, (200, 0))
        if status != 200:
            raise http_error(status, code)
        return object()


async def four_tables(sqlite_path) -> Any:
    """Blackjack tables in channels 10 to 13; returns the service, the economy and channel -> id."""
    service, economy = await open_service(sqlite_path)
    ids = {}
    for channel in (10, 11, 12, 13):
        ids[channel] = (await open_table(service, "blackjack", [ALICE, BOB], channel=channel)).id
    return service, economy, ids


async def test_only_a_channel_discord_says_is_gone_ends_its_table(sqlite_path):
    service, economy, ids = await four_tables(sqlite_path)
    # 10 in the cache; 11 gone (404); 12 hidden from the bot (403); 13: Discord failing (500)
    bot = Bot(service, {GUILD: Guild(GUILD, {10})}, channel_answers={11: 404, 12: 403, 13: 500})
    await end_tables_of_vanished(bot)
    assert sorted(t.channel_id for t in service.tables_in_guild(GUILD)) == [10, 12, 13]
    assert (await service.store.table_row(ids[11]))["status"] == "ended"
    total, granted = await chips_everywhere(service, economy)
    assert total == granted
    await close_service(service)


async def test_an_unavailable_server_keeps_its_tables(sqlite_path):
    service, _, _ = await four_tables(sqlite_path)
    bot = Bot(service, {GUILD: Guild(GUILD, set(), unavailable=True)}, channel_answers={11: 404})
    await end_tables_in_vanished_channels(bot, bot.guilds[GUILD])
    await end_tables_of_vanished(bot)
    assert len(service.tables_in_guild(GUILD)) == 4
    await close_service(service)


async def test_a_server_ends_its_tables_only_when_discord_says_the_bot_is_not_in_it(sqlite_path):
    service, economy, ids = await four_tables(sqlite_path)
    for answer in [(500, 0), (403, 50013), (200, 0)]:  # failing, another 403, there after all (not cached yet)
        await end_tables_of_vanished(Bot(service, guild_answers={GUILD: answer}))
        assert len(service.tables_in_guild(GUILD)) == 4, answer
    await end_tables_of_vanished(Bot(service, guild_answers={GUILD: (403, 50001)}))  # Missing Access
    assert service.tables_in_guild(GUILD) == []
    for table_id in ids.values():
        assert (await service.store.table_row(table_id))["status"] == "ended"
    total, granted = await chips_everywhere(service, economy)
    assert total == granted
    await close_service(service)
