"""/table (join, leave, start, status, end, kick, spectate), /hand, /rules, /history, the lobby and
move buttons that outlive restarts, and the presenter that shows every committed move."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TarotBot
from bot.tables import Table
from cogs.common import (
    COLOUR,
    GAME_TITLES,
    GameButton,
    GameSelect,
    deal_word,
    find_table,
    may_manage,
    names_for,
    png_file,
    refuse,
    render,
    table_choices,
)
from cogs.presenter import LobbyButton, Presenter
from cogs.rules_text import RULES
from games.base import HandRecord, IllegalAction

MAX_BUY_IN = 1_000_000_000
HISTORY_SHOWN = 5  # hands in one /history answer: five full fields stay under an embed's 6,000 characters
FIELD_LIMIT = 1024


class Tables(commands.Cog):
    table = app_commands.Group(name="table", description="Join, leave, start and run the table in this channel",
                               guild_only=True)

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot
        self.presenter = Presenter(bot)

    async def cog_load(self) -> None:
        self.bot.tables.listeners.append(self.presenter.on_table_event)
        self.bot.add_dynamic_items(GameButton, GameSelect, LobbyButton)

    async def cog_unload(self) -> None:
        self.bot.tables.listeners.remove(self.presenter.on_table_event)
        self.bot.remove_dynamic_items(GameButton, GameSelect, LobbyButton)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        await self.bot.tables.member_left_server(payload.guild_id, payload.user.id)

    @table.command(name="join", description="Take a seat at this channel's table")
    @app_commands.describe(buy_in="Chips to bring from your wallet (betting games)")
    async def join(self, interaction: discord.Interaction, buy_in: app_commands.Range[int, 1, MAX_BUY_IN] | None = None) -> None:
        try:
            table = find_table(interaction, None)
            await self.bot.tables.join(table, interaction.user.id, buy_in, origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await interaction.response.send_message(f"You're seated at the {GAME_TITLES[table.game]} table.", ephemeral=True)

    @table.command(name="leave", description="Leave this channel's table (your chips, if any, go back to your wallet)")
    async def leave(self, interaction: discord.Interaction) -> None:
        try:
            table = find_table(interaction, None)
            await self.bot.tables.leave(table, interaction.user.id, origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        still, chips = table.seated(interaction.user.id), table.module.CHIPS
        if still:
            text = f"You'll leave at the end of this {deal_word(table.game)}" + ("; your chips follow you then." if chips else ".")
        else:
            text = "You've left the table" + ("; your chips are back in your wallet." if chips else ".")
        await interaction.response.send_message(text, ephemeral=True)

    @table.command(name="start", description="Host: start play")
    async def start(self, interaction: discord.Interaction) -> None:
        try:
            table = find_table(interaction, None)
            await self.bot.tables.start(table, interaction.user.id, origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await interaction.response.send_message("The game is on.", ephemeral=True)

    @table.command(name="status", description="The table as it stands, just for you")
    async def status(self, interaction: discord.Interaction) -> None:
        try:
            table = find_table(interaction, None)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await interaction.response.send_message(**await self._public_snapshot(table), ephemeral=True)

    async def _public_snapshot(self, table) -> dict:
        if not table.active:
            return {"embed": self.presenter._lobby_embed(table)}
        from cogs.common import UIS

        ui, view, names = UIS[table.game], table.view(None), names_for(self.bot, table)
        image = await render(ui, view, names, getattr(table.options, "style", "rws"))
        embed = discord.Embed(title=GAME_TITLES[table.game], colour=COLOUR,
                              description="\n".join(ui.status_lines(table, view, names))[:4000])
        embed.set_image(url="attachment://table.png")
        return {"embed": embed, "file": png_file(image)}

    @table.command(name="end", description="Host or Manage Server: end the table (any chips go back to their wallets)")
    async def end(self, interaction: discord.Interaction) -> None:
        try:
            table = find_table(interaction, None)
            await self.bot.tables.end(table, interaction.user.id, may_manage(interaction), origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await interaction.response.send_message("The table is ended; every chip went back.", ephemeral=True)

    @table.command(name="kick", description="Host or Manage Server: remove a player from the table")
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        try:
            table = find_table(interaction, None)
            await self.bot.tables.kick(table, interaction.user.id, member.id, may_manage(interaction), origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        await interaction.response.send_message(f"{member.display_name} is off the table.", ephemeral=True)

    @table.command(name="spectate", description="Watch this table: you'll be pinged on each new hand")
    async def spectate(self, interaction: discord.Interaction) -> None:
        try:
            table = find_table(interaction, None)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        watchers = table.extra.setdefault("spectators", [])
        if interaction.user.id not in watchers:
            watchers.append(interaction.user.id)
            await self.bot.tables.save_extra(table)
        await interaction.response.send_message(
            content="You're watching: each new hand's table message will ping you.",
            **await self._public_snapshot(table), ephemeral=True)

    @app_commands.command(name="hand", description="Your private hand at this channel's table, with its controls")
    async def hand(self, interaction: discord.Interaction) -> None:
        try:
            table = find_table(interaction, None)
            if not table.active:
                raise IllegalAction("the game has not started yet")
            if not table.seated(interaction.user.id):
                raise IllegalAction("you are not seated at this table: /table join takes a seat")
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        payload = await self.presenter.hand_message(table, interaction.user.id)
        files = payload.pop("attachments")
        if payload["view"] is None:
            payload.pop("view")
        await interaction.response.send_message(files=files, ephemeral=True, **payload)

    @app_commands.command(name="rules", description="The rules of a game, in short")
    @app_commands.choices(game=[app_commands.Choice(name=title, value=key) for key, title in GAME_TITLES.items()])
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        text = RULES[game.value]
        here = self.bot.tables.table_in(interaction.channel_id or 0)
        if here is not None and here.game == game.value and hasattr(here.options, "variant"):
            gaza = " with GAZA" if getattr(here.options, "gaza", False) else ""
            text += f"\nThe table in this channel plays **{here.options.variant}**{gaza}."
        embed = discord.Embed(title=GAME_TITLES[game.value], colour=COLOUR, description=text)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="history", description="Your last hands at this channel's table: cards, moves, result, seed")
    @app_commands.describe(table="In a DM: which of your tables")
    async def history(self, interaction: discord.Interaction, table: str | None = None) -> None:
        try:
            found = await self._history_table(interaction, table)
            records = self._records(found, interaction.user.id)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        word = deal_word(found.game)
        title = f"{GAME_TITLES[found.game]} — your last {word}s"
        embed = discord.Embed(title=title, colour=COLOUR)
        for record in reversed(records[-HISTORY_SHOWN:]):
            embed.add_field(name=f"{word.title()} {record['hand']} · seed {record['seed']}", value=record_text(record),
                            inline=False)
        ended = " (ended)" if found.status == "ended" else ""
        embed.set_footer(text=f"Table {found.id}{ended} · the seed reproduces the deal")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @history.autocomplete("table")
    async def history_table_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return table_choices(interaction, None, current)

    async def _history_table(self, interaction: discord.Interaction, table_ref: str | None) -> Table:
        """This channel's table, or the last one that ended here; in a DM, one of the player's."""
        if interaction.guild is None or table_ref is not None:
            return find_table(interaction, None, table_ref)
        found = await self.bot.tables.last_table_in(interaction.channel_id or 0)
        if found is None:
            raise IllegalAction("no table has played in this channel yet")
        return found

    @staticmethod
    def _records(table: Table, player: int) -> list[HandRecord]:
        history = getattr(table.module, "history", None)
        records = history(table.state, player) if history is not None and table.state is not None else []
        if not records:
            raise IllegalAction("you have not finished a hand at this table yet")
        return records


def record_text(record: HandRecord) -> str:
    """A hand for an embed field: the cards, the result, then the moves (the middle ones left
    out when they do not fit)."""
    text = "\n".join([*record["cards"], f"**{record['result']}**"])
    if len(text) >= FIELD_LIMIT:
        return text[:FIELD_LIMIT - 1] + "…"
    if record["actions"]:
        text += "\n" + fit_moves(record["actions"], FIELD_LIMIT - len(text) - 1)
    return text


def fit_moves(moves: list[str], budget: int) -> str:
    """The moves joined, within `budget` characters: if they do not all fit, the first move, a
    count of those left out, and as many of the last moves as fit (the end decides the hand)."""
    joined = " · ".join(moves)
    if len(joined) <= budget:
        return joined
    tail: list[str] = []
    for move in reversed(moves[1:]):
        left_out = len(moves) - 2 - len(tail)
        if len(" · ".join([moves[0], f"… {left_out} more …", move, *tail])) > budget:
            break
        tail.insert(0, move)
    text = " · ".join([moves[0], f"… {len(moves) - 1 - len(tail)} more …", *tail])
    return text if len(text) <= budget else text[:budget - 1] + "…"


async def setup(bot: TarotBot) -> None:
    await bot.add_cog(Tables(bot))
