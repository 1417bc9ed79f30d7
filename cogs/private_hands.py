"""Each player's latest DM for a table stays true. When a player's turn comes, a new DM brings
their hand and controls (a new message is what pings them); while the turn goes on, and once
it has passed (a move from the table message, a slash command, the timer), that same DM is
edited in place; a game that is over leaves every DM saying so, without controls.

What the latest DM shows is noted in the table's `extra["dms"]` (player → note), so the notes
outlive a restart: `m`/`c` the message and its DM channel, `live` whether its controls follow
the table's step (`"step"`), only its lasting step (`"lasting"`), offer only Sit in (`"sitout"`)
or nothing (`""`), `step` the key those controls carry, `turn` whether it was drawn as the
player's turn, `out` whether the player was sitting out, `waiting` whether it was sent (a deal, new
cards) before the player's turn and only computers have moved since, `round` the deal it shows.

A `/hand` reply that offers controls is followed the same way while Discord lets it be edited
(its interaction's token, 15 minutes): once its controls no longer apply — the table moved on,
or a newer reply took its place — it says so and loses them (`replies`, in memory only: after a
restart an old reply's controls go when used, refused as of an earlier turn).

One DM per change of a hand: when the turn comes to a player whose latest DM was sent for the
same deal while they waited and only computers moved since, that DM is edited into their turn
rather than followed by a second one. A DM replaced by a newer one says so and loses its controls, so no
old prompt or countdown reads as current."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.client import discord_clock
from bot.i18n import N_, _
from bot.tables import Table
from cogs.answers import speaking_to
from cogs.common import SIT_IN, UIS, Control, SelectSpec, names_for

if TYPE_CHECKING:
    from bot.client import TarotBot

log = logging.getLogger(__name__)

Note = dict[str, Any]
SUPERSEDED = N_("*This hand is from an earlier turn — see the newest message below.*")
REPLY_SUPERSEDED = N_("*This reply is from an earlier turn, so its controls are gone — `/hand` shows your cards and "
                      "moves now.*")
NO_LONGER_SEATED = N_("You are no longer seated at this table.")
REPLY_EDITABLE = 14 * 60  # seconds a /hand reply is edited: Discord's 15-minute token, less a margin
HandMaker = Callable[[Table, int], Awaitable[tuple[dict[str, Any], list[Control]]]]


def controls_note(table: Table, controls: list[Control]) -> tuple[str, str]:
    """(live, step) of a message offering these controls (see the module's docstring). A Sit in
    button works at any step: it goes stale only once the player is back in (`"sitout"`)."""
    moves = [c for c in controls if getattr(c, "code", None) != SIT_IN.code]
    if not moves and controls:
        return "sitout", ""
    if any(isinstance(c, SelectSpec) or not c.lasting for c in moves):
        return "step", table.step_key()
    if moves:
        return "lasting", table.lasting_step()
    return "", ""


def turns_in_dm(table: Table) -> set[int]:
    """The people whose move the table waits on and who make it from their DM."""
    if not table.active or not UIS[table.game].turn_in_dm(table):
        return set()
    return {p for p in table.module.pending(table.state) if p > 0}


def sits_out(table: Table, player: int) -> bool:
    """Whether the player is sitting out and may sit back in (the DM then offers Sit in)."""
    return table.active and {"type": "sitin"} in table.module.legal_actions(table.state, player)


FROZEN_REPLY = N_("-# This reply is not updated while the others play: `/hand` again when your turn comes "
                  "(your DMs follow the game).")


def frozen_reply_note(table: Table, player: int, text: str) -> str:
    """A `/hand` reply (seen only by its member) is edited when its member moves from it, never
    after: once the turn has passed to others it would go on saying "Waiting for …" when the
    member's turn is back, so it says so and points to `/hand`."""
    if not table.active or not table.seated(player) or player in table.module.pending(table.state):
        return text
    return f"{text}\n{_(FROZEN_REPLY)}"


def is_stale(table: Table, note: Note, player: int, on_turn: bool) -> bool:
    """Whether a DM that offers moves (or says it is the player's turn) no longer tells the truth."""
    if note["turn"] != on_turn or note.get("out", False) != sits_out(table, player):
        return True
    if note["live"] == "step":
        return note["step"] != table.step_key()
    if note["live"] == "lasting":
        return note["step"] != table.lasting_step()
    return False


def round_of(table: Table) -> Any:
    """The deal (hand, round) in play: a waiting DM becomes the turn only within its own deal."""
    return (table.view(None) or {}).get("round")


def superseded_text(shown: str, heading: str = SUPERSEDED) -> str:
    """What a replaced DM (or /hand reply) says: that it is no longer current, then what it
    showed, without the lines that counted down to a deadline now gone."""
    kept = [line for line in shown.splitlines() if "<t:" not in line and line != _(FROZEN_REPLY)]
    return "\n".join([_(heading), *kept])[:2000]


def controls_state(table: Table, player: int, controls: list[Control]) -> Note:
    """What a private hand offering these controls shows, as `is_stale` reads it."""
    live, step = controls_note(table, controls)
    return {"live": live, "step": step, "turn": player in turns_in_dm(table), "out": sits_out(table, player)}


@dataclass
class HandReply:
    """A player's latest /hand reply with controls, edited through its interaction until `until`."""

    interaction: discord.Interaction
    message_id: int
    note: Note
    shown: str
    until: float


class PrivateHands:
    def __init__(self, bot: TarotBot, hand: HandMaker, dms_closed: Callable[[Table, int], Awaitable[None]]) -> None:
        self.bot = bot
        self.hand = hand
        self.dms_closed = dms_closed
        self.replies: dict[int, dict[int, HandReply]] = {}  # table id -> player -> latest /hand reply

    @staticmethod
    def notes(table: Table) -> dict[str, Note]:
        return table.extra.setdefault("dms", {})

    async def after_move(self, table: Table, fresh: list[int], answered: int | None,
                         by_computer: bool = False) -> None:
        """After a committed move: a new DM to `fresh` players and to each player whose turn has
        come; the stale DMs of the others edited in place. `answered`: the player whose DM this
        move's click is answered in (the presenter edits that one itself). `by_computer`: a
        computer's move, which keeps a deal's DM waiting for the turn (a person's or the timer's
        move means time has passed: the turn then comes in a new DM, which pings)."""
        notes, on_turn = self.notes(table), turns_in_dm(table)
        if not by_computer:
            for note in notes.values():
                note["waiting"] = False
        seated = [p for p in table.players() if p > 0]
        for player in seated:
            if player != answered:
                with speaking_to(self.bot, player):  # a DM speaks its reader's language
                    await self._update(table, player, fresh, on_turn)
        for key in [k for k in notes if int(k) not in seated]:
            with speaking_to(self.bot, int(key)):
                await self._say_farewell(table, int(key), notes.pop(key))

    async def _update(self, table: Table, player: int, fresh: list[int], on_turn: list[int]) -> None:
        note = self.notes(table).get(str(player))
        if note and player in on_turn and note.get("waiting") and note.get("round") == round_of(table):
            await self.refresh(table, player, note)  # the deal's DM, sent moments ago, becomes the turn
        elif player in fresh or (player in on_turn and not (note and note["turn"])):
            await self.send(table, player)
        elif note and (note["live"] or note["turn"]) and is_stale(table, note, player, player in on_turn):
            await self.refresh(table, player, note)

    async def _say_farewell(self, table: Table, player: int, note: Note) -> None:
        """The latest DM of a player no longer seated offers nothing more: when the game made
        them leave (out of chips), it says how and drops the hand it showed mid-deal."""
        farewell = self._farewell(table, player)
        if farewell is not None:
            await self._edit(note, **farewell)
        elif note["live"] or note["turn"]:
            await self._edit(note, content=_(NO_LONGER_SEATED), view=None)

    def _farewell(self, table: Table, player: int) -> dict[str, Any] | None:
        """The last words to a player the game made leave (`GameUI.farewell`), as a message's
        new content, without controls or the picture of the deal in play; None: they left."""
        farewell = UIS[table.game].farewell(table, player, names_for(self.bot, table))
        return None if not farewell else {"content": farewell[:2000], "view": None, "attachments": []}

    async def send(self, table: Table, player: int) -> None:
        """A new DM with the player's hand and controls; the one it replaces loses its controls."""
        user = await self._user(player)
        if user is None:
            return
        payload, controls = await self.hand(table, player)
        files = payload.pop("attachments")
        try:
            message = await user.send(files=files, **payload)
        except discord.Forbidden:
            await self.dms_closed(table, player)
            return
        except discord.HTTPException as error:
            log.warning("table %s: could not DM %s: %s", table.id, player, error)
            return
        old = self.notes(table).get(str(player))
        if old:
            await self.supersede(old)
        self.remember(table, player, message.id, message.channel.id, controls, sent=True)

    async def refresh(self, table: Table, player: int, note: Note) -> None:
        payload, controls = await self.hand(table, player)
        if await self._edit(note, **payload):
            self.remember(table, player, note["m"], note["c"], controls)
        else:
            self.notes(table).pop(str(player), None)  # gone (deleted, DMs closed): the next turn sends anew

    def remember(self, table: Table, player: int, message_id: int, channel_id: int, controls: list[Control],
                 sent: bool = False) -> None:
        """Notes the player's latest DM; `sent`: a new message (not an edit of the latest)."""
        shows = controls_state(table, player, controls)
        old = self.notes(table).get(str(player)) or {}
        waiting = not shows["turn"] and (sent or (old.get("waiting", False) and old.get("m") == message_id))
        self.notes(table)[str(player)] = {"m": message_id, "c": channel_id, **shows, "waiting": waiting,
                                          "round": round_of(table)}

    async def supersede(self, note: Note) -> None:
        """A DM a newer one replaces says it is no longer current and offers nothing more; it
        keeps its hand for the record, less any countdown (which would read as past)."""
        channel = self.bot.get_partial_messageable(note["c"], type=discord.ChannelType.private)
        try:
            shown = (await channel.fetch_message(note["m"])).content
        except discord.HTTPException:
            shown = ""
        if shown.startswith(_(SUPERSEDED)):
            return
        await self._edit(note, content=superseded_text(shown), view=None)

    async def answered(self, table: Table, player: int, message_id: int, channel_id: int,
                       controls: list[Control]) -> None:
        """A click in a DM was answered by editing that DM: it is the player's latest now."""
        old = self.notes(table).get(str(player))
        if old and old["m"] != message_id:
            await self.supersede(old)
        if table.seated(player):  # one who just left was told so (the answer is their farewell)
            self.remember(table, player, message_id, channel_id, controls)

    async def close_all(self, table: Table, text: Callable[[], str], answered: int | None = None) -> None:
        """The game is over: every player's latest DM, and /hand reply, says so (`text`, in
        each player's language) and offers nothing more."""
        notes = table.extra.pop("dms", {})
        for key, note in notes.items():
            if int(key) != answered:
                with speaking_to(self.bot, int(key)):
                    await self._edit(note, content=text(), view=None)
        for player, reply in self.replies.pop(table.id, {}).items():
            with speaking_to(self.bot, player):
                await self._edit_reply(reply, content=text(), view=None)

    # --- /hand replies ----------------------------------------------------------------------

    async def replied(self, table: Table, player: int, interaction: discord.Interaction, message_id: int | None,
                      shown: str, controls: list[Control]) -> None:
        """A /hand reply (or a click answered in one) shows the player's hand with these
        controls: it is their latest reply, and the one it replaces loses its controls."""
        old = self.replies.get(table.id, {}).pop(player, None)
        if old is not None and old.message_id != message_id:
            await self._edit_reply(old, **self._retired(old))
        note = controls_state(table, player, controls)
        if message_id is not None and (note["live"] or note["turn"]):
            reply = HandReply(interaction, message_id, note, shown, discord_clock() + REPLY_EDITABLE)
            self.replies.setdefault(table.id, {})[player] = reply

    async def retire_replies(self, table: Table, answering: int | None = None) -> None:
        """After a move: the /hand replies whose controls no longer apply lose them (`answering`:
        the reply this move's click is answered in, which the answer itself refreshes); one
        of a player no longer seated says why, as their DM does."""
        mine = self.replies.get(table.id)
        if not mine:
            return
        on_turn, now = turns_in_dm(table), discord_clock()
        for player, reply in list(mine.items()):
            if reply.message_id == answering:
                continue
            seated = table.seated(player)
            if reply.until > now and seated and not is_stale(table, reply.note, player, player in on_turn):
                continue
            if mine.get(player) is reply:
                del mine[player]
            with speaking_to(self.bot, player):
                if seated:
                    await self._edit_reply(reply, **self._retired(reply))  # (past its edit window: left as it is)
                else:
                    await self._edit_reply(reply, **(self._farewell(table, player) or {"content": _(NO_LONGER_SEATED),
                                                                                        "view": None}))
        if not self.replies.get(table.id):
            self.replies.pop(table.id, None)

    @staticmethod
    def _retired(reply: HandReply) -> dict[str, Any]:
        return {"content": superseded_text(reply.shown, REPLY_SUPERSEDED), "view": None}

    async def _edit_reply(self, reply: HandReply, **payload: Any) -> None:
        if reply.until <= discord_clock():
            return  # Discord no longer takes edits through its interaction
        try:
            await reply.interaction.edit_original_response(**payload)
        except discord.HTTPException as error:
            log.info("could not take the controls off a /hand reply: %s", error)

    async def _edit(self, note: Note, **payload: Any) -> bool:
        channel = self.bot.get_partial_messageable(note["c"], type=discord.ChannelType.private)
        try:
            await channel.get_partial_message(note["m"]).edit(**payload)
            return True
        except discord.HTTPException as error:
            log.warning("could not edit DM %s: %s", note["m"], error)
            return False

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
