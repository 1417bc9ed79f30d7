"""/fair seed and /fair show: a member's client seed on this server, mixed into every deal they sit
in (rules/fairness.md), and the commitment of the next deal at each of their tables."""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import fair
from bot.client import TarotBot
from bot.i18n import N_, _
from cogs.common import game_title, refuse, reply
from games import fairness

SEED_RULE = N_("a client seed is 1 to {most} printable characters with no spaces, e.g. `lucky-7` or `c0ffee`")


def seed_rule() -> str:
    return _(SEED_RULE, most=fairness.MAX_SEED_LENGTH)


def json_file(name: str, data: Any) -> discord.File:
    """A record as an attachment, whole (an embed or message would cut a shoe's deck short)."""
    return discord.File(io.BytesIO(json.dumps(data, indent=1).encode()), filename=name)


def seed_refusal(value: str) -> str | None:
    """Why `value` cannot be a client seed (None: it can)."""
    if not value:
        return _("that is empty: {rule}", rule=seed_rule())
    if len(value) > fairness.MAX_SEED_LENGTH:
        return _("that is {count} characters long: {rule}", count=len(value), rule=seed_rule())
    if any(c.isspace() for c in value):
        return _("that has a space in it: {rule}", rule=seed_rule())
    if not value.isprintable():
        return _("that has a character that does not print: {rule}", rule=seed_rule())
    return None


class Fair(commands.Cog):
    group = app_commands.Group(name="fair", description="Fair deals: your client seed and the next deals' commitments",
                               guild_only=True)

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @group.command(name="seed", description="Set your client seed on this server (mixed into every deal you sit in)")
    @app_commands.describe(value=f"1 to {fairness.MAX_SEED_LENGTH} printable characters, no spaces")
    async def seed(self, interaction: discord.Interaction, value: str) -> None:
        refusal = seed_refusal(value)
        if refusal is not None:
            await refuse(interaction, refusal)
            return
        await self.bot.tables.client_seeds.choose(interaction.guild_id or 0, interaction.user.id, value)
        await reply(
            interaction,
            _("Your client seed on this server is now `{seed}`. Every deal you are seated in from now on mixes it in "
              "(with the others' seeds, in seat order); each table committed to its next deal before you chose it. "
              "`/fair show` shows it and those commitments.", seed=value))

    @group.command(name="show", description="Your client seed and the next deal's commitment at each of your tables")
    async def show(self, interaction: discord.Interaction) -> None:
        guild_id, member = interaction.guild_id or 0, interaction.user.id
        seeds = await self.bot.tables.client_seeds.of(guild_id, [member])
        lines = [_("Your client seed on this server: `{seed}` (`/fair seed` changes it).", seed=seeds[member])]
        tables = [t for t in self.bot.tables.tables_of(member) if t.guild_id == guild_id]
        for table in tables:
            upcoming = fair.next_commitment(table)
            if upcoming:
                lines.append(_("{game} at {channel}: next deal (#{nonce}) sha256 `{hash}`", game=game_title(table.game),
                               channel=f"<#{table.channel_id}>", nonce=str(fair.next_nonce(table)), hash=upcoming))
        if not tables:
            lines.append(_("You are not seated at a table on this server."))
        lines.append(_("Scheme `{scheme}`: docs/fairness.md explains how to re-deal any deal yourself.",
                       scheme=fairness.SCHEME))
        await reply(interaction, "\n".join(lines)[:2000])


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Fair(bot))
