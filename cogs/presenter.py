"""Shows committed moves in Discord: the lobby message, the table message (edited in place, a new
one per hand), private hands by DM, and the channel notice for closed DMs. A failing Discord call
loses nothing: the move is already committed, and the next update posts the table again."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.tables import Table, seat_range
from cogs.common import (
    COLOUR,
    GAME_TITLES,
    UIS,
    ButtonSpec,
    action_view,
    deal_word,
    names_for,
    png_file,
    remember_name,
    render,
)
from games.base import Event

if TYPE_CHECKING:
    from bot.client import TarotBot

log = logging.getLogger(__name__)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tl:(?P<table>\d+):(?P<code>join|leave|start)"):
    """Join / Leave / Start on the lobby message; works after a restart."""

    LABELS = {"join": ("Join", discord.ButtonStyle.success), "leave": ("Leave", discord.ButtonStyle.secondary),
              "start": ("Start", discord.ButtonStyle.primary)}

    def __init__(self, table_id: int, code: str) -> None:
        label, style = self.LABELS[code]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"tl:{table_id}:{code}"))
        self.table_id, self.code = table_id, code

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any) -> LobbyButton:
        return cls(int(match["table"]), match["code"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.common import bot_of, refuse
        from games.base import IllegalAction

        bot = bot_of(interaction)
        table = await bot.tables.table_for(self.table_id)
        if table is None:
            await refuse(interaction, "that table has ended")
            return
        service = bot.tables
        try:
            if self.code == "join":
                await service.join(table, interaction.user.id, None, origin=interaction)
            elif self.code == "leave":
                await service.leave(table, interaction.user.id, origin=interaction)
            else:
                await service.start(table, interaction.user.id, origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)


def lobby_view(table: Table) -> discord.ui.View | None:
    if table.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for code in ("join", "leave", "start"):
        view.add_item(LobbyButton(table.id, code))
    return view


class Presenter:
    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, table: Table) -> asyncio.Lock:
        return self._locks.setdefault(table.id, asyncio.Lock())

    async def on_table_event(self, table: Table, events: list[Event], origin: Any) -> None:
        interaction = origin if isinstance(origin, discord.Interaction) else None
        if not self.bot.tables.owns(table):
            # another process serves the table's server and shows the move there; a DM press
            # that reached this process (shard 0) is answered here
            if interaction is not None and interaction.type == discord.InteractionType.component:
                await self._answer_private(table, interaction)
            return
        if interaction is not None and table.seated(interaction.user.id) and remember_name(table, interaction.user):
            await self.bot.tables.save_extra(table)
        async with self._lock(table):
            kinds = {e.kind for e in events}
            if "created" in kinds:
                await self._post_lobby(table)
            elif "ended" in kinds:
                await self._show_ended(table, events)
            elif "finished" in kinds:
                await self._show_finished(table, interaction)
            elif "started" in kinds:
                await self._edit_lobby(table, interaction)
                await self._post_table(table)
                await self._send_hands(table, events, interaction)
            elif not table.active:
                await self._edit_lobby(table, interaction)
            else:
                await self._show_move(table, events, interaction)
            await self._announce_events(table, events)
        if interaction is not None and interaction.type == discord.InteractionType.component:
            await self._answer_private(table, interaction)

    # --- lobby ----------------------------------------------------------------------------

    def _lobby_embed(self, table: Table) -> discord.Embed:
        names = names_for(self.bot, table)
        title = f"{GAME_TITLES[table.game]} — {'lobby' if table.status == 'lobby' else table.status}"
        embed = discord.Embed(title=title, colour=COLOUR)
        seats = [f"• {names.get(s.player, s.player)}" + (f" — {s.stack} chips" if s.stack else "")
                 for s in table.lobby] or ["nobody yet"]
        embed.add_field(name=f"Seated ({len(table.lobby)}/{seat_range(table)[1]})", value="\n".join(seats), inline=False)
        embed.add_field(name="Host", value=f"<@{table.host_id}>")
        embed.add_field(name="Options", value=options_text(table.options))
        if table.status == "lobby":
            embed.set_footer(text="Join to take a seat; the host presses Start. /rules explains the game.")
        return embed

    async def _post_lobby(self, table: Table) -> None:
        channel = await self._channel(table)
        if channel is None:
            return
        try:
            message = await channel.send(embed=self._lobby_embed(table), view=lobby_view(table))
        except discord.HTTPException as error:
            log.warning("table %s: could not post the lobby: %s", table.id, error)
            return
        table.extra["lobby_message"] = message.id
        await self.bot.tables.save_extra(table)

    async def _edit_lobby(self, table: Table, interaction: discord.Interaction | None) -> None:
        embed, view = self._lobby_embed(table), lobby_view(table)
        message_id = table.extra.get("lobby_message")
        if interaction is not None and interaction.message is not None and interaction.message.id == message_id \
                and not interaction.response.is_done():
            await interaction.response.edit_message(embed=embed, view=view)
            return
        await self._edit_message(table, message_id, embed=embed, view=view)

    # --- the table message ----------------------------------------------------------------

    async def _table_payload(self, table: Table, view: dict | None = None, final: bool = False) -> dict[str, Any]:
        ui = UIS[table.game]
        view = view if view is not None else table.view(None)
        names = names_for(self.bot, table)
        image = await render(ui, view, names, getattr(table.options, "style", "rws"))
        embed = discord.Embed(title=f"{GAME_TITLES[table.game]} — {deal_word(table.game)} {view.get('round', 1)}",
                              colour=COLOUR)
        lines = ui.status_lines(table, view, names)
        if table.deadline and not final:
            lines.append(f"⏱️ time runs out <t:{int(table.deadline)}:R>")
        embed.description = "\n".join(lines)[:4000]
        embed.set_image(url="attachment://table.png")
        buttons = [] if final else ui.buttons(table, view)
        return {"embed": embed, "attachments": [png_file(image)], "view": action_view(table, buttons)}

    async def _post_table(self, table: Table) -> None:
        channel = await self._channel(table)
        if channel is None:
            return
        payload = await self._table_payload(table)
        spectators = " ".join(f"<@{s}>" for s in table.extra.get("spectators", []))
        try:
            message = await channel.send(content=spectators or None, embed=payload["embed"],
                                         files=payload["attachments"], view=payload["view"])
        except discord.HTTPException as error:
            log.warning("table %s: could not post the table: %s", table.id, error)
            table.extra["table_message"] = None
            return
        table.extra["table_message"] = message.id
        await self.bot.tables.save_extra(table)

    async def _show_move(self, table: Table, events: list[Event], interaction: discord.Interaction | None) -> None:
        kinds = {e.kind for e in events}
        if "round_open" in kinds:
            await self._close_round(table, settled="settled" in kinds)
            await self._post_table(table)
        elif not table.extra.get("table_message"):
            await self._post_table(table)
        else:
            await self._update_table(table, interaction)
        await self._send_hands(table, events, interaction)

    async def _update_table(self, table: Table, interaction: discord.Interaction | None, final: bool = False) -> None:
        payload = await self._table_payload(table, final=final)
        message_id = table.extra.get("table_message")
        if interaction is not None and interaction.message is not None and interaction.message.id == message_id \
                and not interaction.response.is_done():
            try:
                await interaction.response.edit_message(**payload)
                return
            except discord.HTTPException as error:
                log.warning("table %s: could not update the table: %s", table.id, error)
        if not await self._edit_message(table, message_id, **payload):
            await self._post_table(table)

    async def _close_round(self, table: Table, settled: bool) -> None:
        """The finished round's message keeps its final picture, without buttons."""
        message_id = table.extra.get("table_message")
        if not message_id:
            return
        view = (table.view(None) or {}).get("last_round") if settled else None
        if view is None:
            await self._edit_message(table, message_id, view=None)
            return
        payload = await self._table_payload(table, view=view, final=True)
        await self._edit_message(table, message_id, **payload)

    async def _show_ended(self, table: Table, events: list[Event]) -> None:
        refunds = next((e.data["refunds"] for e in events if e.kind == "ended"), {})
        names = names_for(self.bot, table)
        lines = [f"{names.get(int(p), p)} takes {amount} chips back" for p, amount in refunds.items() if amount]
        embed = discord.Embed(title=f"{GAME_TITLES[table.game]} — table ended", colour=COLOUR,
                              description="\n".join(lines) or "The table is closed.")
        for key in ("table_message", "lobby_message"):
            if table.extra.get(key):
                await self._edit_message(table, table.extra[key], view=None)
        channel = await self._channel(table)
        if channel is not None:
            try:
                await channel.send(embed=embed)
            except discord.HTTPException as error:
                log.warning("table %s: could not announce the end: %s", table.id, error)

    async def _show_finished(self, table: Table, interaction: discord.Interaction | None) -> None:
        """The game played to its end: the table message keeps the final picture without
        buttons, and the channel is told it is free."""
        await self._update_table(table, interaction, final=True)
        await self._announce(table, [f"The {GAME_TITLES[table.game]} game is over and the table is closed. "
                                     f"`/history` shows your hands; `/{table.game} create` opens a new table."])

    async def _announce_events(self, table: Table, events: list[Event]) -> None:
        ui = UIS[table.game]
        lines = ui.announcements(events)
        if lines:
            image = await asyncio.to_thread(ui.announcement_image, table.frozen(), events, names_for(self.bot, table))
            await self._announce(table, lines, image)

    async def _announce(self, table: Table, lines: list[str], image: bytes | None = None) -> None:
        if not lines:
            return
        channel = await self._channel(table)
        if channel is None:
            return
        try:
            files = [png_file(image, "news.png")] if image else []
            await channel.send("\n".join(lines)[:2000], files=files)
        except discord.HTTPException as error:
            log.warning("table %s: could not announce %r: %s", table.id, lines, error)

    # --- private hands --------------------------------------------------------------------

    async def _send_hands(self, table: Table, events: list[Event], interaction: discord.Interaction | None) -> None:
        ui = UIS[table.game]
        for player in ui.hand_players(table, events):
            if interaction is not None and interaction.user.id == player and interaction.guild is None:
                continue  # they are looking at their hand in DM already: that message is answered
            await self.send_hand(table, player)

    async def hand_message(self, table: Table, player: int) -> dict[str, Any]:
        ui = UIS[table.game]
        frozen = table.frozen()  # drawn in a worker thread: the controls carry the step it shows
        text, image, buttons = await asyncio.to_thread(ui.hand_view, frozen, player, names_for(self.bot, table))
        payload: dict[str, Any] = {"content": text[:2000], "view": action_view(frozen, buttons)}
        payload["attachments"] = [png_file(image, "hand.png")] if image else []
        return payload

    async def send_hand(self, table: Table, player: int) -> None:
        user = await self._user(player)
        if user is None:
            return
        payload = await self.hand_message(table, player)
        files = payload.pop("attachments")
        try:
            await user.send(files=files, **payload)
        except discord.Forbidden:
            await self._tell_dms_closed(table, player)
        except discord.HTTPException as error:
            log.warning("table %s: could not DM %s: %s", table.id, player, error)

    async def _user(self, player: int) -> discord.User | None:
        """The person to DM: from the cache, else from Discord (after a restart the cache does
        not know everyone seated)."""
        if player < 0:
            return None
        user = self.bot.get_user(player)
        if user is not None:
            return user
        try:
            return await self.bot.fetch_user(player)
        except discord.HTTPException as error:
            log.warning("could not find user %s to DM: %s", player, error)
            return None

    async def _tell_dms_closed(self, table: Table, player: int) -> None:
        told = table.extra.setdefault("dm_told", [])
        if player in told:
            return
        channel = await self._channel(table)
        if channel is None:
            return
        try:
            await channel.send(f"<@{player}>, your DMs are closed, so I can't send you your hand. "
                               "Use `/hand` in this channel to see it and play — only you will see it.")
        except discord.HTTPException as error:
            log.warning("table %s: could not post the DM notice: %s", table.id, error)
            return
        told.append(player)
        await self.bot.tables.save_extra(table)

    async def _answer_private(self, table: Table, interaction: discord.Interaction) -> None:
        """A click on a private hand (DM or /hand) is answered with the refreshed hand."""
        if interaction.response.is_done():
            return
        message = interaction.message
        private = interaction.guild is None or (message is not None and message.flags.ephemeral)
        if private and table.status == "ended":
            payload: dict[str, Any] = {"content": "The game is over: the final scores are on the table. "
                                                  "`/history` shows your hands.", "view": None, "attachments": []}
        elif not table.active or not private:
            await interaction.response.defer()
            return
        else:
            payload = await self.hand_message(table, interaction.user.id)
        try:
            await interaction.response.edit_message(**payload)
        except discord.HTTPException as error:
            log.warning("table %s: could not refresh a hand: %s", table.id, error)

    # --- Discord plumbing -----------------------------------------------------------------

    async def _channel(self, table: Table) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(table.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(table.channel_id)
            except discord.HTTPException:
                log.warning("table %s: its channel %s is gone", table.id, table.channel_id)
                return None
        return channel  # type: ignore[return-value]

    async def _edit_message(self, table: Table, message_id: int | None, **payload: Any) -> bool:
        if not message_id:
            return False
        channel = await self._channel(table)
        if channel is None or not hasattr(channel, "get_partial_message"):
            return False
        try:
            await channel.get_partial_message(message_id).edit(**payload)
            return True
        except discord.HTTPException as error:
            log.warning("table %s: could not edit message %s: %s", table.id, message_id, error)
            return False


def options_text(options: Any) -> str:
    from dataclasses import asdict

    return "\n".join(f"{k.replace('_', ' ')}: {v}" for k, v in asdict(options).items())[:1024]


__all__ = ["ButtonSpec", "LobbyButton", "Presenter", "lobby_view"]
