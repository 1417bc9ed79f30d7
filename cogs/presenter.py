"""Shows committed moves in Discord: the lobby message, the table message (edited in place, a new
one per hand), private hands by DM, and the channel notice for closed DMs. A failing Discord call
loses nothing: the move is already committed, and the next update posts the table again."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot import fair
from bot.i18n import N_, _, chips, deal_label, labelled
from bot.i18n import translated as tr
from bot.i18n_commands import command_name
from bot.tables import Table, seat_range
from cogs import last_moves
from cogs.answers import speaking_at, speaking_to
from cogs.common import (
    COLOUR,
    DEAL_WORDS,
    MESSAGE_LIMIT,
    UIS,
    WAITING_FOR_A_PERSON,
    ButtonSpec,
    Control,
    Drawing,
    action_view,
    deal_word,
    game_title,
    may_update_clicked,
    names_for,
    png_file,
    remember_name,
    render,
    reply,
    sit_in_button,
    spectator_pings,
    update_clicked,
)
from cogs.option_words import option_words
from cogs.private_hands import PrivateHands, frozen_reply_note, sits_out
from games.base import Event

if TYPE_CHECKING:
    from bot.client import TarotBot

log = logging.getLogger(__name__)
# Discord lets a channel take about 5 messages or edits per 5 seconds: the table message is
# changed at most once a second, so its budget is never spent and the edit showing the last move
# never waits on a rate limit.
EDIT_SPACING = 1.0


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tl:(?P<table>\d+):(?P<code>join|leave|start)"):
    """Join / Leave / Start on the lobby message; works after a restart."""

    LABELS = {"join": (N_("Join"), discord.ButtonStyle.success), "leave": (N_("Leave"), discord.ButtonStyle.secondary),
              "start": (N_("Start"), discord.ButtonStyle.primary)}

    def __init__(self, table_id: int, code: str) -> None:
        label, style = self.LABELS[code]
        super().__init__(discord.ui.Button(label=_(label), style=style, custom_id=f"tl:{table_id}:{code}"))
        self.table_id, self.code = table_id, code

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any) -> LobbyButton:
        return cls(int(match["table"]), match["code"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.common import answered

        await answered(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        from bot.client import acknowledge
        from cogs.common import bot_of, control_table, refuse, refuse_outsider
        from games.base import IllegalAction

        bot = bot_of(interaction)
        table = await control_table(interaction, self.table_id)
        reason = _("that table has ended") if table is None else refuse_outsider(interaction, table, seated=False)
        if reason is not None or table is None:
            await refuse(interaction, reason or _("that table has ended"))
            return
        service = bot.tables
        await acknowledge(interaction)  # answer first: the lobby shows the change once committed
        try:
            if self.code == "join":
                await service.join(table, interaction.user.id, None, origin=interaction)
            elif self.code == "leave":
                await service.leave(table, interaction.user.id, origin=interaction)
            else:
                await service.start(table, interaction.user.id, origin=interaction)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)


LOBBY_STATUS_WORDS = {"lobby": N_("lobby"), "active": N_("game started"), "ended": N_("table closed")}


def lobby_view(table: Table) -> discord.ui.View | None:
    if table.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for code in ("join", "leave", "start"):
        view.add_item(LobbyButton(table.id, code))
    return view


@dataclass
class MessageJob:
    """A change to a table's message: `refresh` (show the state as it is then), `reopen` (a
    refresh that calls anew whoever it waits for: a betting window opened again, nothing dealt),
    `post` (a new message), `new_round` (close the last round's message on `settled`, its picture
    as it was settled, and post a new one), `final` (the game is over: no buttons), `ended`."""

    kind: str
    settled: dict | None = None


@dataclass
class MessageQueue:
    jobs: list[MessageJob] = field(default_factory=list)
    worker: asyncio.Task | None = None
    last_started: float = float("-inf")  # loop time the last job began

    def add(self, job: MessageJob) -> None:
        if job.kind == "refresh" and self.jobs and self.jobs[-1].kind in ("refresh", "reopen", "post", "new_round"):
            return  # the job waiting already shows the state as it will be when it runs
        if job.kind != "refresh":
            while self.jobs and self.jobs[-1].kind == "refresh":
                self.jobs.pop()  # superseded by a new message or a final picture
        self.jobs.append(job)


class Presenter:
    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot
        self._locks: dict[int, asyncio.Lock] = {}
        self._messages: dict[int, MessageQueue] = {}  # table id -> its table message's pending work
        self.hands = PrivateHands(bot, self._hand, self._tell_dms_closed)
        self._untold: set[int] = set()  # tables whose last moves changed since they were stored

    def _edit_spacing(self) -> float:
        spacing = self.bot.config.edit_spacing
        return EDIT_SPACING if spacing is None else spacing

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
        await self.bot.load_languages(table.players())  # its players' DMs speak theirs
        with speaking_at(table):  # the table's public messages speak its language
            await self._show(table, events, origin, interaction)
        if interaction is not None and interaction.type == discord.InteractionType.component:
            await self._answer_private(table, interaction)

    async def _show(self, table: Table, events: list[Event], origin: Any,
                    interaction: discord.Interaction | None) -> None:
        async with self._lock(table):
            kinds = {e.kind for e in events}
            if "created" in kinds or ("shown_again" in kinds and not table.active):
                await self._post_lobby(table)
            elif "shown_again" in kinds:
                await self._post_table(table)
            elif "ended" in kinds:
                await self._show_ended(table, events)
            elif "finished" in kinds:
                self._tell(table, events, origin)
                await self._show_finished(table, interaction)
            elif "started" in kinds:
                self._tell(table, events, origin)  # the first deal, as every later one is told
                await self._edit_lobby(table, interaction)
                self._queue(table, MessageJob("post"))
                await self._send_hands(table, events, interaction)
            elif not table.active:
                await self._edit_lobby(table, interaction)
            else:
                self._tell(table, events, origin)
                await self._show_move(table, events, interaction, origin)
            await self._announce_events(table, events)

    def _tell(self, table: Table, events: list[Event], origin: Any) -> None:
        """The move in words joins the table message's last moves (stored with the table's
        notes when the message next shows them)."""
        if last_moves.record(table, UIS[table.game].describe(events, names_for(self.bot, table)), origin):
            self._untold.add(table.id)

    # --- lobby ----------------------------------------------------------------------------

    def _lobby_embed(self, table: Table) -> discord.Embed:
        names = names_for(self.bot, table)
        title = f"{game_title(table.game)} — {_(LOBBY_STATUS_WORDS.get(table.status, N_('lobby')))}"
        embed = discord.Embed(title=title, colour=COLOUR)
        seats = [f"• {names[s.player]}" + (" — " + chips(s.stack) if s.stack else "")
                 for s in table.lobby] or [_("nobody yet")]
        embed.add_field(name=_("Seated ({seated}/{most})", seated=len(table.lobby), most=seat_range(table)[1]),
                        value="\n".join(seats), inline=False)
        embed.add_field(name=_("Host"), value=f"<@{table.host_id}>")
        embed.add_field(name=_("Options"), value=option_words(table.game, table.options))
        upcoming = fair.next_commitment(table)
        if table.status == "lobby" and upcoming:
            embed.add_field(name=_("First deal, committed"),
                            value=_("sha256 `{hash}` (`/fair` sets your seed)", hash=upcoming), inline=False)
        if table.status == "lobby":
            embed.set_footer(text=_("Join to take a seat; the host presses Start. /rules explains the game."))
        elif table.status == "active":
            embed.set_footer(text=_("The game is on: it is played on the table message below."))
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
                and may_update_clicked(interaction):
            await update_clicked(interaction, embed=embed, view=view)
            return
        await self._edit_message(table, message_id, embed=embed, view=view)

    # --- the table message ----------------------------------------------------------------

    async def _table_payload(self, table: Table, view: dict | None = None, final: bool = False) -> dict[str, Any]:
        with speaking_at(table):
            return await self._table_payload_in_language(table, view, final)

    async def _table_payload_in_language(self, table: Table, view: dict | None, final: bool) -> dict[str, Any]:
        ui = UIS[table.game]
        table = table.frozen()  # the committed state: picture, text and buttons agree however play goes on
        view = view if view is not None else table.view(None)
        names = names_for(self.bot, table)
        image = await render(ui, view, names, getattr(table.options, "style", "rws"))
        embed = discord.Embed(title=f"{game_title(table.game)} — {deal_word(table.game)} {view.get('round', 1)}",
                              colour=COLOUR)
        lines = ui.status_lines(table, view, names)
        away = [] if final else sitting_out(table)
        waiting = _(WAITING_FOR_A_PERSON)
        if not final and self.bot.tables.waits_for_a_person(table) and not any(waiting in line for line in lines):
            lines.append(_(waiting_words(table)) + _(" Press **Sit in** (or `/table join`) and play goes on at once."))
        if away:
            lines.append(_("Sitting out: {players} — press **Sit in** (or `/table join`) to be dealt in again.",
                           players=", ".join(names[p] for p in away)))
        if table.deadline and not final and self.bot.tables.counts_down_for_a_person(table):
            lines.append(_("⏱️ time runs out {when}", when=f"<t:{int(table.deadline)}:R>"))
        embed.description = "\n".join(lines)[:4000]
        told = last_moves.field_value(table)
        if told:
            embed.add_field(name=_(last_moves.FIELD_NAME), value=told, inline=False)
        embed.set_image(url="attachment://table.png")
        footer = commitment_footer(view, fair.next_commitment(table), fair.next_nonce(table))
        if footer:
            embed.set_footer(text=footer)
        buttons = [] if final else ui.buttons(table, view) + ([sit_in_button()] if away else [])
        payload = {"embed": embed, "attachments": [png_file(image)], "view": action_view(table, buttons)}
        if final:
            payload["content"] = spectator_pings(table)  # a closed round's message calls no one to move
        return payload

    async def _post_table(self, table: Table) -> None:
        channel = await self._channel(table)
        if channel is None:
            return
        payload = await self._table_payload(table)
        try:
            message = await channel.send(content=table_message_pings(table), embed=payload["embed"],
                                         files=payload["attachments"], view=payload["view"])
        except discord.HTTPException as error:
            log.warning("table %s: could not post the table: %s", table.id, error)
            table.extra["table_message"] = None
            return
        table.extra["table_message"] = message.id
        await self.bot.tables.save_extra(table)

    async def _show_move(self, table: Table, events: list[Event], interaction: discord.Interaction | None,
                         origin: Any = None) -> None:
        kinds = {e.kind for e in events}
        if "round_open" in kinds and reopened(table, kinds):
            self._queue(table, MessageJob("reopen"))
        elif "round_open" in kinds:
            settled = (table.view(None) or {}).get("last_round") if "settled" in kinds else None
            self._queue(table, MessageJob("new_round", settled))
        else:
            self._queue(table, MessageJob("refresh"))
        await self._send_hands(table, events, interaction, by_computer=origin == "computer")

    # --- the table message's edits: one at a time per table, the latest state wins -------------

    def _queue(self, table: Table, job: MessageJob) -> None:
        """Ask for a change to the table message without waiting for Discord: one worker per
        table makes the changes in order, at most one request in flight. A refresh renders the
        state as it is when its turn comes, so refreshes asked for meanwhile are one edit."""
        queue = self._messages.setdefault(table.id, MessageQueue())
        queue.add(job)
        if queue.worker is None or queue.worker.done():
            queue.worker = asyncio.get_running_loop().create_task(self._work(table, queue))

    async def _work(self, table: Table, queue: MessageQueue) -> None:
        loop = asyncio.get_running_loop()
        while queue.jobs:
            wait = queue.last_started + self._edit_spacing() - loop.time()
            if wait > 0:  # pace the edits within Discord's budget; moves meanwhile coalesce
                await asyncio.sleep(wait)
            job = queue.jobs.pop(0)
            queue.last_started = loop.time()
            try:
                await self._do(table, job)
                if table.id in self._untold and table.status != "ended":
                    self._untold.discard(table.id)
                    await self.bot.tables.save_extra(table)
            except Exception:
                log.exception("table %s: could not %s the table message", table.id, job.kind)
        if table.status == "ended":
            self._messages.pop(table.id, None)

    async def _do(self, table: Table, job: MessageJob) -> None:
        open_ = table.status != "ended"
        if job.kind == "refresh" and open_ and table.active:
            await self._update_table(table)
        elif job.kind == "reopen" and open_ and table.active:
            await self._update_table(table, content=table_message_pings(table))
        elif job.kind == "post" and open_:
            await self._post_table(table)
        elif job.kind == "new_round":
            await self._close_round(table, job.settled)
            if open_:
                await self._post_table(table)
        elif job.kind == "final":
            await self._update_table(table, final=True)
        elif job.kind == "ended" and job.settled is None:
            await self._close_unfinished(table)
        elif job.kind == "ended":
            await self._close_round(table, job.settled)

    async def _update_table(self, table: Table, final: bool = False, **content: str | None) -> None:
        """The table message shows the state as it is (`content`: its call to move anew)."""
        message_id = table.extra.get("table_message")
        if not message_id:
            await self._post_table(table)
            return
        payload = await self._table_payload(table, final=final)
        if not await self._edit_message(table, message_id, **payload, **content):
            await self._post_table(table)

    async def _close_round(self, table: Table, settled: dict | None) -> None:
        """The finished round's message keeps its final picture (`settled`, the round's view as
        it was settled), without buttons and without its call to move ("— your move")."""
        message_id = table.extra.get("table_message")
        if not message_id:
            return
        if settled is None:
            await self._edit_message(table, message_id, content=spectator_pings(table), view=None)
            return
        payload = await self._table_payload(table, view=settled, final=True)
        await self._edit_message(table, message_id, **payload)

    async def _close_unfinished(self, table: Table) -> None:
        """An ended table's message whose round was not over: its picture as the round stood,
        without buttons, without its call to move and without its live lines (whose turn it
        was, a countdown), which would read as if play went on."""
        message_id = table.extra.get("table_message")
        if not message_id:
            return
        payload = await self._table_payload(table, final=True)
        payload["embed"].description = _(ENDED_MID_ROUND if table.game in DEAL_WORDS else ENDED_MID_HAND)  # a round's or a hand's
        await self._edit_message(table, message_id, **payload)

    async def _show_ended(self, table: Table, events: list[Event]) -> None:
        ended = next(e.data for e in events if e.kind == "ended")
        names = names_for(self.bot, table)
        lines = []
        if ended.get("why"):
            lines.append(_("Ended by the bot: {why}.", why=tr(ended["why"])))
        if ended.get("played_out"):
            lines.append(_("The round in play was played out by the timers' defaults and settled."))
        lines += [_("{player} takes {chips} back", player=names[int(p)], chips=chips(amount))
                  for p, amount in ended["refunds"].items() if amount]
        if ended.get("empty"):
            lines.append(_("Everyone left the lobby, so the table is closed."))
        embed = discord.Embed(title=_("{game} — table ended", game=game_title(table.game)), colour=COLOUR,
                              description="\n".join(lines) or _("The table is closed."))
        await self.hands.close_all(table, lambda: table_ended_text(table))
        channel = await self._channel(table)
        if channel is None:
            return  # the channel is gone (the reason the bot ended the table): nothing to show
        settled = (table.view(None) or {}).get("last_round") if any(e.kind == "settled" for e in events) else None
        self._queue(table, MessageJob("ended", settled))
        if table.extra.get("lobby_message"):
            await self._edit_message(table, table.extra["lobby_message"], view=None)
        try:
            await channel.send(embed=embed)
        except discord.HTTPException as error:
            log.warning("table %s: could not announce the end: %s", table.id, error)

    async def _show_finished(self, table: Table, interaction: discord.Interaction | None) -> None:
        """The game played to its end: the table message keeps the final picture without
        buttons, and the channel is told it is free."""
        self._queue(table, MessageJob("final"))
        await self.hands.close_all(table, lambda: game_over_text(table), answered=answered_in_dm(interaction))
        await self._announce(table, [_("The {game} game is over and the table is closed. `/history` shows your "
                                       "hands; `/{command} create` opens a new table.", game=game_title(table.game),
                                       command=command_name(table.game))])

    async def _announce_events(self, table: Table, events: list[Event]) -> None:
        ui = UIS[table.game]
        names = names_for(self.bot, table)
        lines = ui.announcements(events, names) + host_lines(events)
        if lines:
            drawing = ui.announcement_image(table, events, names)
            await self._announce(table, lines, await drawing.draw() if drawing else None)

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

    async def _send_hands(self, table: Table, events: list[Event], interaction: discord.Interaction | None,
                          by_computer: bool = False) -> None:
        answered = answered_in_dm(interaction)
        fresh = [p for p in UIS[table.game].hand_players(table, events) if p != answered]
        before = repr(table.extra.get("dms"))
        await self.hands.after_move(table, fresh, answered, by_computer)
        if repr(table.extra.get("dms")) != before:
            await self.bot.tables.save_extra(table)
        await self.hands.retire_replies(table, answering=answered_in_reply(interaction))

    async def answer_hand(self, interaction: discord.Interaction, table: Table) -> None:
        """`/hand`: the member's private view, with its controls, followed until they go."""
        payload, controls = await self._hand(table, interaction.user.id)
        files = payload.pop("attachments")
        if payload["view"] is None:
            payload.pop("view")
        message_id = await reply(interaction, files=files, **payload)
        if controls and interaction.guild is not None:  # in a DM, the reply is followed as a DM is
            await self.hands.replied(table, interaction.user.id, interaction, message_id, payload["content"], controls)

    async def _hand(self, table: Table, player: int) -> tuple[dict[str, Any], list[Control]]:
        """A player's private view as a message payload, and the controls it offers, in the
        player's language."""
        with speaking_to(self.bot, player):
            return await self._hand_in_language(table, player)

    async def _hand_in_language(self, table: Table, player: int) -> tuple[dict[str, Any], list[Control]]:
        ui = UIS[table.game]
        frozen = table.frozen()  # drawn in a worker thread: the controls carry the step it shows
        text, drawing, buttons = await asyncio.to_thread(ui.hand_view, frozen, player, names_for(self.bot, table))
        image = await drawing.draw() if isinstance(drawing, Drawing) else drawing  # in the drawing pool
        if player in sitting_out(table):
            text = _("You are sitting out: press **Sit in** (or `/table join`) to be dealt in again.") + "\n" + text
            buttons = [*buttons, sit_in_button()]
        payload: dict[str, Any] = {"content": text[:2000], "view": action_view(frozen, buttons)}
        payload["attachments"] = [png_file(image, "hand.png")] if image else []
        return payload, buttons

    async def _tell_dms_closed(self, table: Table, player: int) -> None:
        told = table.extra.setdefault("dm_told", [])
        if player in told:
            return
        channel = await self._channel(table)
        if channel is None:
            return
        try:
            with speaking_at(table):
                await channel.send(_("{player}, your DMs are closed, so I can't send you your hand. Use `/hand` in "
                                     "this channel to see it and play — only you will see it.", player=f"<@{player}>"))
        except discord.HTTPException as error:
            log.warning("table %s: could not post the DM notice: %s", table.id, error)
            return
        told.append(player)
        await self.bot.tables.save_extra(table)

    async def _answer_private(self, table: Table, interaction: discord.Interaction) -> None:
        """A click on a private hand (DM or /hand) is answered with the refreshed hand."""
        if not may_update_clicked(interaction):
            return
        message = interaction.message
        private = interaction.guild is None or (message is not None and message.flags.ephemeral)
        controls: list[Control] = []
        if private and table.status == "ended":
            payload: dict[str, Any] = {"content": game_over_text(table), "view": None, "attachments": []}
        elif not table.active or not private:
            if not interaction.response.is_done():
                await interaction.response.defer()
            return
        else:
            payload, controls = await self._hand(table, interaction.user.id)
            if interaction.guild is not None:  # a /hand reply: it stops following the game now
                payload["content"] = frozen_reply_note(table, interaction.user.id, payload["content"])[:2000]
        try:
            await update_clicked(interaction, **payload)
        except discord.HTTPException as error:
            log.warning("table %s: could not refresh a hand: %s", table.id, error)
            return
        if answered_in_reply(interaction) and table.active and message is not None:
            await self.hands.replied(table, interaction.user.id, interaction, message.id, payload["content"], controls)
        if answered_in_dm(interaction) and table.active and message is not None:
            async with self._lock(table):
                await self.hands.answered(table, interaction.user.id, message.id, message.channel.id, controls)
                await self.bot.tables.save_extra(table)

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


def host_lines(events: list[Event]) -> list[str]:
    return [_("{was} left, so {player} is the host now: press Start when everyone is in, or `/table end` to close "
              "the table.", was=f"<@{e.data['was']}>", player=f"<@{e.data['player']}>")
            for e in events if e.kind == "host"]


COMMITMENT_SHOWN = 16  # hex digits of a commitment on the table message (/table status: all 64)


def commitment_footer(view: dict[str, Any], upcoming: str | None = None, nonce: int = 0) -> str | None:
    """The deals in play and the table's next deal, committed: enough of each SHA-256 to check
    it against /history later."""
    deals = [labelled(deal_label(d["label"]), f"sha256 {d['commitment'][:COMMITMENT_SHOWN]}…")
             for d in view.get("commitments") or []]
    if upcoming:
        deals.append(_("next deal (#{nonce}): sha256 {hash}…", nonce=str(nonce), hash=upcoming[:COMMITMENT_SHOWN]))
    if not deals:
        return None
    return _("Deal commitment, {deals} (/table status shows it whole; /verify checks the seed once it is over)",
             deals=" · ".join(deals))


def sitting_out(table: Table) -> list[int]:
    """The people seated but sitting out (the timer sat them out), who may sit back in."""
    return [p for p in table.players() if p > 0 and sits_out(table, p)]


ENDED_MID_ROUND = N_("The table was ended before this round was over.")
ENDED_MID_HAND = N_("The table was ended before this hand was over.")
WAITING_FOR_A_PLAYER = N_("Waiting for a player: nobody is in this round.")


def waiting_words(table: Table) -> str:
    """Why nothing moves: a house table (no computer ever sits there) waits for a player; a
    table with computers waits for a person, as computers never play on alone."""
    return WAITING_FOR_A_PLAYER if getattr(table.module, "HOUSE", False) else WAITING_FOR_A_PERSON


def reopened(table: Table, kinds: set[str]) -> bool:
    """A house table's betting window opened again with nothing dealt (everyone passed or ran
    out of time): the same message goes on showing it, rather than a new one below an old
    window that would still read as open."""
    return getattr(table.module, "HOUSE", False) and "settled" not in kinds


def table_message_pings(table: Table) -> str | None:
    """A new table message pings its spectators, and the players whose move it waits for when
    they make it there (a betting window) rather than from their DM."""
    up: list[int] = []
    if table.active and not UIS[table.game].turn_in_dm(table):
        up = [p for p in table.module.pending(table.state) if p > 0]
    players = (" ".join(f"<@{p}>" for p in up) + _(" — your move on this table.")) if up else ""
    spectators = spectator_pings(table, MESSAGE_LIMIT - len(players) - 1) or ""
    return "\n".join(line for line in (players, spectators) if line) or None


def answered_in_dm(interaction: discord.Interaction | None) -> int | None:
    """The player whose DM this interaction (a click on it) is answered in, if any."""
    if interaction is None or interaction.guild is not None or interaction.message is None:
        return None
    return interaction.user.id if interaction.type == discord.InteractionType.component else None


def answered_in_reply(interaction: discord.Interaction | None) -> int | None:
    """The /hand reply (its message id) this interaction, a click on it, is answered in, if any."""
    if interaction is None or interaction.guild is None or interaction.message is None:
        return None
    clicked = interaction.type == discord.InteractionType.component and interaction.message.flags.ephemeral
    return interaction.message.id if clicked else None


def game_over_text(table: Table) -> str:
    return _("The game is over: the final result of this {game} game is on the table message. `/history` shows "
             "your hands.", game=game_title(table.game))


def table_ended_text(table: Table) -> str:
    back = _(" Your chips are back in your wallet.") if table.module.CHIPS else ""
    return _("This {game} table was ended before the game was over.", game=game_title(table.game)) + back


__all__ = ["ButtonSpec", "LobbyButton", "Presenter", "lobby_view"]
