"""What every game's Discord side shares: the per-game UI registry, button routing that
survives restarts, refusals, names, images and resolving which table a command means."""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import drawing, i18n
from bot.client import acknowledge, answer_failure
from bot.i18n import N_, _
from bot.tables import STALE_BUTTON, DamagedTable, Table, TableService
from cogs.answers import (
    MESSAGE_LIMIT,
    may_update_clicked,
    on_private_message,
    refuse,
    render_words,
    reply,
    server_language,
    update_clicked,
)
from cogs.controls import (
    MALFORMED_CONTROL,
    ButtonSpec,
    Control,
    GameButton,
    GameSelect,
    MalformedControl,
    action_view,
    button_action,
    menu_action,
    read_as_control,
)
from cogs.controls import (
    SelectSpec as SelectSpec,  # re-exported: the games' cogs import the controls from here
)
from games.base import Action, Event, IllegalAction, SeatNames, seat_name
from games.fairness import MAX_SEED_LENGTH

if TYPE_CHECKING:
    from bot.client import TarotBot

log = logging.getLogger(__name__)

GAME_TITLES = {
    "poker": N_("Major Poker"),
    "blackjack": N_("Major Blackjack"),
    "baccarat": N_("Major Baccarat"),
    "tarot": N_("French Tarot"),
    "rummy": N_("Tarot Rummy"),
    "loc": N_("Loc"),
    "arcanoid": N_("Arcanoid"),
}
# One word per game for one deal of the cards: the house games play rounds, the others hands.
DEAL_WORDS = {"blackjack": N_("round"), "baccarat": N_("round"), "arcanoid": N_("round")}
COLOUR = discord.Colour.from_rgb(74, 35, 120)


def deal_word(game: str) -> str:
    """The game's word for one deal, in the language spoken now."""
    return said_deal(DEAL_WORDS.get(game, "hand"))


def said_deal(word: str) -> str:
    """A deal's word ("hand", "round", "game") in the language spoken now. "hand" has a context
    of its own: alone it is also the cards a player holds (French "main"), not a deal ("donne")."""
    return i18n.pgettext("deal", "hand") if word == "hand" else _(word)


def game_title(game: str) -> str:
    """The game's name, in the language spoken now."""
    return _(GAME_TITLES[game])


class Drawing:
    """An image to draw in the drawing pool (bot/drawing.py): a function of renders/ and what
    it is drawn from (a view's parts, never a state)."""

    def __init__(self, function: Callable[..., bytes], *args: Any, **kwargs: Any) -> None:
        self.function, self.args, self.kwargs = function, args, kwargs

    async def draw(self) -> bytes:
        return await drawing.current.draw(self.function, *self.args, **self.kwargs)


class GameUI:
    """One game's Discord presentation. Subclasses fill in what differs."""

    game = ""
    rules: str | None = None  # the short rules /rules shows, marked N_
    drawer: Callable[..., bytes]  # the table image: a function of renders/ (view, names, style)
    words_domain: str | tuple[str, ...] | None = None  # the catalog domain(s) of the image's words: the drawer takes `words=`

    def render(self, view: dict, names: dict[int, str], style: str) -> bytes:
        return type(self).drawer(view, names, style)

    def drawn_view(self, view: dict) -> dict:
        """The view as the image is drawn from it: the marked texts a view carries (a game's
        notes) said in the language spoken now, since the render looks nothing up."""
        return view

    def status_lines(self, table: Table, view: dict, names: dict[int, str]) -> list[str]:
        raise NotImplementedError

    def buttons(self, table: Table, view: dict) -> list[Control]:
        return []

    def action_for(self, code: str) -> Action | None:
        """The action a button code stands for; None when the button opens a form instead."""
        kind, _, amount = code.partition(".")
        return {"type": kind, "amount": int(amount)} if is_whole_number(amount) else {"type": kind}

    def form_for(self, table: Table, player: int, code: str, step: str) -> discord.ui.Modal | None:
        """The form a button opens for `player` (None: none); IllegalAction refuses to open it."""
        return None

    def opens_page(self, code: str, values: list[str]) -> bool:
        """Whether this button (no values) or menu choice opens a further page of the player's
        private controls (`page_for`) instead of making a move."""
        return False

    def page_for(self, table: Table, player: int, code: str, values: list[str],
                 names: dict[int, str]) -> tuple[str, list[Control]]:
        """The (text, controls) of the page `opens_page` said this control opens; run in a
        worker thread on a frozen table."""
        raise NotImplementedError

    def select_action(self, code: str, values: list[str]) -> Action:
        """The action a select menu's choice stands for: one card, or several."""
        if len(values) == 1:
            return {"type": code, "card": values[0]}
        return {"type": code, "cards": list(values)}

    def describe(self, events: list[Event], names: dict[int, str]) -> str:
        """Who did what, in words, told at the table (the last moves) and to the mover: every
        event the game emits worth telling, a computer's moves too, never a hidden card."""
        return ""

    def private_note(self, events: list[Event]) -> str:
        """What the mover alone is told after the move's words (what stays hidden, and from whom)."""
        return ""

    def seat_names(self, table: Table, names: dict[int, str]) -> dict[int, str]:
        """Names of the game's own seats that are no member, from its state's seats' `kind`: a
        daemon after its master ("Daemon of Ann"), the GAZA seat ("USA")."""
        found = {}
        for seat in getattr(table.state, "seats", None) or []:
            kind = getattr(seat, "kind", "player")
            if kind == "daemon" and getattr(seat, "master", None) is not None:
                found[seat.player] = _("Daemon of {player}", player=names[seat.master])
            elif kind == "usa":
                found[seat.player] = "USA"
        return found

    def announcements(self, events: list[Event], names: dict[int, str]) -> list[str]:
        """Lines to post in the channel after these events (news beyond the table message);
        `names`: the table's seats' names (`names_for`)."""
        return []

    def announcement_image(self, table: Table, events: list[Event], names: dict[int, str]) -> Drawing | None:
        """A picture to post with the announcements (drawn in the drawing pool); None: text only."""
        return None

    def farewell(self, table: Table, player: int, names: dict[int, str]) -> str | None:
        """What the last DM of a player who has just left the table says when the game made
        them leave (how their last deal ended, and why); None: they left of their own accord."""
        return None

    def hand_players(self, table: Table, events: list[Event]) -> list[int]:
        """Players to send their private hand to after these events (a deal, new cards); whoever
        the table now waits on is sent theirs anyway when they move from their DM."""
        return []

    def turn_in_dm(self, table: Table) -> bool:
        """Whether the players the table waits on now move from their DM (which then tells them
        it is their turn); otherwise the table message is their control and mentions them."""
        return True

    def hand_view(self, table: Table, player: int, names: dict[int, str]) -> tuple[str, Drawing | None, list[Control]]:
        """(text, image, buttons) of a player's private view of the table."""
        view = table.view(player) or {}
        return "\n".join(self.status_lines(table, view, names)), None, self.buttons(table, view)


UIS: dict[str, GameUI] = {}


def register_ui(ui: GameUI) -> None:
    UIS[ui.game] = ui


class Refused(Exception):
    """A refusal raised in a cog before the game sees anything."""


DEFAULT_TEXT_LIMIT = 100  # characters in a text option not listed below
TEXT_LIMITS = {"cards": 400, "card": 100, "king": 100, "table": 24}  # by option name
COMMAND_TEXT_LIMITS = {  # (command, option): where one command needs more, or less
    ("count", "cards"): 1500,
    ("verify", "seed"): MAX_SEED_LENGTH,
    ("fair seed", "value"): MAX_SEED_LENGTH,
}
AMOUNT_DIGITS = 12


MAX_SPECTATORS = 50


def spectator_pings(table: Table, budget: int = MESSAGE_LIMIT) -> str | None:
    """The mentions that open a new table message: every watcher, within a message's limit
    (MAX_SPECTATORS mentions always fit; older tables may hold more, and those past the limit
    are left out rather than the message failing)."""
    pings: list[str] = []
    length = 0
    for watcher in table.extra.get("spectators", []):
        mention = f"<@{int(watcher)}>"
        if length + len(mention) + 1 > budget:
            break
        pings.append(mention)
        length += len(mention) + 1
    return " ".join(pings) or None


def is_whole_number(text: str) -> bool:
    """ASCII digits only (`²`.isdigit() is true, and int('²') fails)."""
    return text.isascii() and text.isdigit()


def text_limit(command: str, option: str) -> int:
    return COMMAND_TEXT_LIMITS.get((command, option), TEXT_LIMITS.get(option, DEFAULT_TEXT_LIMIT))


def _text_options(data: dict, path: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """(command, option, value) for every text option of a slash command's data, however deep
    its groups and subcommands nest."""
    found = []
    for option in data.get("options") or []:
        if option.get("type") in (1, 2):
            found += _text_options(option, (*path, option["name"]))
        elif option.get("type") == 3 and isinstance(option.get("value"), str):
            found.append((" ".join(path), option["name"], option["value"]))
    return found


async def refuse_oversized_input(interaction: discord.Interaction) -> bool:
    """A tree check: text over its option's limit is refused before any command or autocomplete
    looks at it (nothing a member types can make a command slow)."""
    data: dict = interaction.data or {}  # type: ignore[assignment]
    if interaction.type not in (discord.InteractionType.application_command, discord.InteractionType.autocomplete):
        return True
    for command, option, value in _text_options(data, (str(data.get("name", "")),)):
        limit = text_limit(command, option)
        if len(value) <= limit:
            continue
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await refuse(interaction, _("`{option}` takes at most {limit} characters; you typed {typed} — nothing was "
                                        "done. Shorten it and try again.", option=option, limit=limit, typed=len(value)))
        return False
    return True


async def answered(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Runs a button's, menu's or form's work; a malformed control is refused privately (an
    INFO line: any member can forge one), any unexpected failure gets the one failure answer
    instead of silence."""
    try:
        await work
    except MalformedControl as malformed:
        log.info("interaction %s by %s: malformed control refused: %s", interaction.id, interaction.user.id, malformed)
        await refuse(interaction, _(MALFORMED_CONTROL))
    except Exception as error:
        await answer_failure(interaction, error)


async def refuse_unknown_control(interaction: discord.Interaction, routed: tuple[type, ...]) -> None:
    """A button or menu whose custom_id none of our handlers reads (damaged, or from another
    version of the bot) is refused privately instead of left unanswered."""
    if interaction.type is not discord.InteractionType.component:
        return
    custom_id = str((interaction.data or {}).get("custom_id", ""))
    patterns = [item.__discord_ui_compiled_template__ for item in routed]  # type: ignore[attr-defined]
    if any(pattern.fullmatch(custom_id) for pattern in patterns):
        return
    await refuse(interaction, _("I don't know that button — it may come from an older message. Use the buttons on "
                                "the latest table message, or /hand."))


def refuse_outsider(interaction: discord.Interaction, table: Table, *, seated: bool) -> str | None:
    """Why this member may not use a control of `table` (None: they may). A control acts only
    for its own table's server, and (`seated`) only for a member seated there."""
    if interaction.guild_id is not None and interaction.guild_id != table.guild_id:
        return _("that button belongs to a table on another server")
    if seated and not table.seated(interaction.user.id):
        return _("you are not seated at this table: /table join takes a seat")
    if not seated and interaction.channel_id != table.channel_id:
        return _("join a table from its own channel: use the Join button there or /table join")
    return None


def bot_of(interaction: discord.Interaction) -> TarotBot:
    return interaction.client  # type: ignore[return-value]


def png_file(data: bytes, name: str = "table.png") -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def names_for(bot: discord.Client, table: Table) -> SeatNames:
    """Every seat's name as members read it: a member's display name (remembered for when the
    cache forgets them), "Computer N", the game's own seats' names (`GameUI.seat_names`), and
    for any seat not listed the name `seat_name` gives (never an id)."""
    guild = bot.get_guild(table.guild_id)
    names = SeatNames()
    known = table.extra.get("names", {})  # seats keep their names after leaving
    for player in {*table.players(), table.host_id, *(int(p) for p in known)}:
        if player < 0:
            names[player] = i18n.translated(seat_name(player))  # in the language spoken now
            continue
        member = guild.get_member(player) if guild else None
        user = member or bot.get_user(player)
        if user is not None or str(player) in known:
            names[player] = shown_name(user) if user else known[str(player)]
    ui = UIS.get(table.game)
    if ui is not None and table.state is not None:  # an ended game's too: its last news names its daemons
        names.update(ui.seat_names(table, names))
    return names


def who(player: int | None, names: dict[int, str]) -> str:
    """A seat as a table's texts name it: a member by mention (shown as their name, and
    clickable), any other seat by its name ("Computer 2", "Daemon of Ann", "USA")."""
    if player is None:
        return _("nobody")
    return f"<@{player}>" if player > 0 else names.get(player) or i18n.translated(seat_name(player))


PRONOUNS = frozenset({"you", "me", "i", "we", "they", "he", "she", "it", "your", "my"})
PRONOUN_STANDIN = "Guest"


def shown_name(user: discord.abc.User) -> str:
    """The name a member is shown by at a table. A display name that is a pronoun ("You": the
    sandbox's person) would read "You takes", "You's Lovers" in every third-person text, so such
    a member goes by their account name instead, or "Guest" when that is one too."""
    for name in (user.display_name, user.name):
        if name.strip().lower() not in PRONOUNS:
            return name
    return PRONOUN_STANDIN


def people_in_play(view: dict) -> bool:
    """Whether a person (not a computer) sits in play at the table the view shows."""
    return any(s["player"] > 0 and not s.get("sitting_out") for s in view.get("seats", []))


def remember_name(table: Table, user: discord.abc.User) -> bool:
    """Keep the name a player is shown by, for when the cache does not know them (after a
    restart). Returns whether it changed (the caller saves the table's notes)."""
    known = table.extra.setdefault("names", {})
    if known.get(str(user.id)) == shown_name(user):
        return False
    known[str(user.id)] = shown_name(user)
    return True


async def render(ui: GameUI, view: dict, names: dict[int, str], style: str = "rws") -> bytes:
    """The table image, drawn in the drawing pool (worker processes), never on the event loop;
    its words in the language spoken now (the table's)."""
    words = {"words": render_words(ui.words_domain)} if ui.words_domain else {}
    return await Drawing(type(ui).drawer, ui.drawn_view(view), names, style, **words).draw()


async def press(item: GameButton, interaction: discord.Interaction) -> None:
    """A move button pressed (controls.GameButton): the move, the form it opens, or its refusal."""
    table = await table_for_control(interaction, item.table_id)
    if table is None:
        return
    if item.code == SIT_IN.code:
        await sit_in(interaction, table)
        return
    if await open_page(interaction, table, item.step, item.code, []):
        return
    ui = UIS[table.game]
    action = button_action(ui, item.code)
    if action is None:
        if not table.step_current(item.step):
            await refuse_stale(interaction)
            return
        try:
            with read_as_control(item.code):
                form = ui.form_for(table, interaction.user.id, item.code, item.step)
        except IllegalAction as refusal:
            await refuse(interaction, refusal.reason)
            return
        if form is not None:
            await interaction.response.send_modal(form)  # the form is the answer
        else:
            await acknowledge(interaction)
        return
    await perform(interaction, table, action, step=item.step)


async def table_for_control(interaction: discord.Interaction, table_id: int) -> Table | None:
    """The table a move button or menu belongs to, once this member may use it (else refused)."""
    table = await control_table(interaction, table_id)
    reason = _("that table has ended") if table is None else refuse_outsider(interaction, table, seated=True)
    if reason is not None:
        await refuse(interaction, reason)
        return None
    return table


async def control_table(interaction: discord.Interaction, table_id: int) -> Table | None:
    """The open table a control names. One this process holds is found in memory, so a refusal
    can be the answer itself; one read from a shared store is read after the acknowledgement."""
    service = bot_of(interaction).tables
    table = service.table_by_id(table_id)
    if table is None and service.store.shared:
        await acknowledge(interaction)
        table = await service.table_for(table_id)
    return table


WAITING_FOR_A_PERSON = N_("Waiting for a person: computers never play on alone.")
SIT_IN = ButtonSpec(N_("Sit in"), "sitin", discord.ButtonStyle.success)  # sit_in_button() shows it translated
SAT_IN = N_("You're back in: you'll be dealt in at the next hand.")
SEAT_TAKEN_BACK = N_("You're back in: you play your own seat again, from now on.")


def sit_in_button() -> ButtonSpec:
    """The Sit in button, in the language spoken now."""
    return ButtonSpec(_(SIT_IN.label), SIT_IN.code, SIT_IN.style)


def sat_in_words(table: Table) -> str:
    """What a member who sat back in is told: a game whose computers played their seat meanwhile
    (French Tarot, Tarot Rummy, Arcanoid) gives it back at once; the others deal them the next hand."""
    return _(SEAT_TAKEN_BACK) if hasattr(table.module, "played_by_computer") else _(SAT_IN)


async def sit_in(interaction: discord.Interaction, table: Table) -> None:
    """The Sit in button does what `/table join` does for a player sitting out."""
    await acknowledge(interaction)
    try:
        await bot_of(interaction).tables.join(table, interaction.user.id, None, origin=interaction)
    except IllegalAction as refusal:
        await refuse(interaction, refusal.reason)
        return
    await reply(interaction, sat_in_words(table))


STALE = STALE_BUTTON  # the runtime's words for a control of an earlier step
STALE_PRIVATE = N_("that was for an earlier turn, so those controls are gone — use /hand for your current cards "
                   "and moves (your latest DM from me has them too)")


async def refuse_stale(interaction: discord.Interaction) -> None:
    """A control of an earlier turn: refused with a pointer to the current ones. On a private
    hand (a DM, a /hand reply) its controls are taken off the message, which can no longer
    offer a move that applies; the table message's are replaced by the table's next edit."""
    if not on_private_message(interaction):
        await refuse(interaction, _(STALE))
        return
    if may_update_clicked(interaction) and interaction.type is discord.InteractionType.component:
        try:
            await update_clicked(interaction, view=None)
        except discord.HTTPException as error:
            log.warning("could not take stale controls off a private hand: %s", error)
    await refuse(interaction, _(STALE_PRIVATE))


async def choose(item: GameSelect, interaction: discord.Interaction) -> None:
    """A move menu used (controls.GameSelect): the move its choice stands for."""
    table = await table_for_control(interaction, item.table_id)
    if table is None:
        return
    values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
    if await open_page(interaction, table, item.step, item.code, values):
        return
    await perform(interaction, table, menu_action(UIS[table.game], item.code, values), step=item.step)


async def open_page(interaction: discord.Interaction, table: Table, step: str, code: str, values: list[str]) -> bool:
    """Shows, in place of the clicked message, the further page of controls this control opens
    (a game's step-wise menus); stale when the table has moved on. False: it is a move."""
    ui = UIS[table.game]
    with read_as_control(code, values):
        if not ui.opens_page(code, values):
            return False
    if not table.step_current(step):
        await refuse_stale(interaction)
        return True
    await acknowledge(interaction)
    frozen = table.frozen()
    text, controls = await asyncio.to_thread(ui.page_for, frozen, interaction.user.id, code, values,
                                             names_for(bot_of(interaction), table))
    await update_clicked(interaction, content=text[:MESSAGE_LIMIT], view=action_view(frozen, controls))
    return True


async def perform(interaction: discord.Interaction, table: Table, action: Action, step: str | None = None) -> bool:
    """Apply a player's move; refusals are private. Returns whether the move was accepted.
    The interaction is acknowledged first; a click's outcome is the table and hand it updates,
    a command's or form's is told in words once the move is committed."""
    bot = bot_of(interaction)
    await acknowledge(interaction)
    try:
        events = await bot.tables.act(table, interaction.user.id, action, step=step, origin=interaction)
    except IllegalAction as refusal:
        if refusal.reason == STALE_BUTTON and step is not None:
            await refuse_stale(interaction)
        else:
            await refuse(interaction, refusal.reason)
        return False
    except DamagedTable:
        raise  # the one failure handler sets the table aside and tells the member (bot/client.py)
    except Exception:
        log.exception("table %s: %s failed", table.id, action)
        await refuse(interaction, _("something went wrong saving that move, so it was not made — please try again"))
        return False
    if interaction.type is not discord.InteractionType.component:
        ui = UIS[table.game]
        said = " ".join(t for t in (ui.describe(events, names_for(bot, table)), ui.private_note(events)) if t)
        text = said[:MESSAGE_LIMIT] or _("Done.")
        await reply(interaction, text)
    return True


async def find_table(interaction: discord.Interaction, game: str | None, table_ref: str | None = None) -> Table:
    """The table a command means: this channel's, or in a DM the player's own table of that game
    (`table_ref` chooses when there are several), whichever process owns it."""
    service: TableService = bot_of(interaction).tables
    if interaction.guild is not None and table_ref is None:
        table = service.table_in(interaction.channel_id or 0)
        if table is None:
            raise IllegalAction(_("there is no table in this channel: start one with /<game> create, e.g. /blackjack "
                                  "create"))
        if game is not None and table.game != game:
            raise IllegalAction(_("the table in this channel plays {game}, not {other}", game=game_title(table.game),
                                  other=game_title(game)))
        return table
    mine = await service.member_tables(interaction.user.id, game)
    if table_ref is not None:
        chosen = [t for t in mine if str(t.id) == table_ref.strip()]
        if not chosen:
            raise IllegalAction(await not_yours(service, game, table_ref.strip()))
        return chosen[0]
    if not mine:
        raise IllegalAction(_("you are not seated at any {game} table", game=game_title(game)) if game in GAME_TITLES
                            else _("you are not seated at any game table"))
    if len(mine) > 1:
        raise IllegalAction(_("you sit at several tables of that game: choose one with the `table` option"))
    return mine[0]


async def not_yours(service: TableService, game: str | None, table_ref: str) -> str:
    """Why the `table` a member named is not one of theirs."""
    table = None
    if table_ref.isdigit() and len(table_ref) <= TABLE_ID_DIGITS:
        table = await service.table_for(int(table_ref))
    if table is None:
        return _("there is no open table {table}: choose one of yours from the `table` option's list",
                 table=repr(table_ref[:TABLE_ID_DIGITS]))
    if game is not None and table.game != game:
        return _("table {number} plays {game}, not {other}", number=str(table.id), game=game_title(table.game),
                 other=game_title(game))
    return _("you are not seated at that table")


TABLE_ID_DIGITS = 18  # a table id fits a signed 64-bit integer


async def table_choices(interaction: discord.Interaction, game: str | None,
                        current: str) -> list[discord.app_commands.Choice[str]]:
    bot = bot_of(interaction)
    choices = []
    for table in await bot.tables.member_tables(interaction.user.id, game):
        channel, guild = bot.get_channel(table.channel_id), bot.get_guild(table.guild_id)
        if channel is None or guild is None:  # a server another process serves
            label = _("{game} table {number}", game=game_title(table.game), number=str(table.id))
        else:
            label = _("#{channel} in {server}", channel=getattr(channel, "name", table.channel_id), server=guild.name)
        if current.lower() in label.lower():
            choices.append(discord.app_commands.Choice(name=label[:100], value=str(table.id)))
    return choices[:25]


def may_manage(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


NEEDED_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "attach_files")


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks to run a table in this channel."""
    channel, guild = interaction.channel, interaction.guild
    if guild is None or channel is None or not hasattr(channel, "permissions_for"):
        return []
    perms = channel.permissions_for(guild.me)
    needed = list(NEEDED_PERMISSIONS)
    if isinstance(channel, discord.Thread):
        needed[1] = "send_messages_in_threads"
    return [name.replace("_", " ").title() for name in needed if not getattr(perms, name)]


async def create_table(interaction: discord.Interaction, game: str, options: dict[str, Any], buy_in: int | None,
                       language: app_commands.Choice[str] | str | None = None) -> None:
    """`/<game> create`: validate, check the bot can post here, open the lobby. The table
    speaks `language` (the `language:` option), by default the server's."""
    from bot.tables import build_options

    bot = bot_of(interaction)
    if interaction.guild is None:
        await refuse(interaction, _("tables live in server channels: run this in a channel (or a thread)"))
        return
    missing = missing_permissions(interaction)
    if missing:
        await refuse(interaction, _("I can't run a table here: I need {permissions} in this channel. Ask a server "
                                    "admin to grant them, or use another channel.", permissions=", ".join(missing)))
        return
    try:
        built = build_options(game, options)
        chosen = getattr(language, "value", language) or server_language(interaction)
        await bot.tables.create(interaction.guild.id, interaction.channel_id or 0, game, built,
                                interaction.user.id, buy_in, language=chosen if chosen != i18n.SOURCE else None)
    except IllegalAction as refusal:
        await refuse(interaction, refusal.reason)
        return
    with i18n.speaking(chosen):  # it names the lobby's buttons, which speak the table's language
        opened = _("Your {game} table is open. Others join with the Join button or `/table join`; press "
                   "Start when everyone is in.", game=game_title(game))
    await reply(interaction, opened)


async def autocomplete_table(interaction: discord.Interaction, game: str) -> Table | None:
    """While an option is typed: the table the command will mean (its `table` option so far,
    or the channel's), or None when there is none to complete from."""
    try:
        return await find_table(interaction, game, getattr(interaction.namespace, "table", None))
    except IllegalAction:
        return None


async def own_view(interaction: discord.Interaction, game: str) -> dict | None:
    """While an option is typed: the member's own view of that table (None when there is none)."""
    table = await autocomplete_table(interaction, game)
    return None if table is None else table.view(interaction.user.id)


async def play(interaction: discord.Interaction, game: str, action: Action | Callable[[Table], Action],
               table_ref: str | None = None) -> None:
    """A play command (`/blackjack hit` …): find the table and perform the move. `action` may be
    built from the table once found (it refuses with IllegalAction what cannot be asked)."""
    try:
        table = await find_table(interaction, game, table_ref)
        if callable(action):
            action = action(table)
    except IllegalAction as refusal:
        await refuse(interaction, refusal.reason)
        return
    await perform(interaction, table, action)


class AmountForm(discord.ui.Modal):
    """A form asking for a chip amount; submitting it performs `action` with that amount."""

    chips: discord.ui.Label = discord.ui.Label(text="Chips",
                                               component=discord.ui.TextInput(custom_id="amount", max_length=12))

    def __init__(self, title: str, table: Table, action: Action, step: str, low: int, high: int) -> None:
        super().__init__(title=title, custom_id=f"tf:{table.id}:{step}:{secrets.token_hex(4)}", timeout=900)
        self.chips.text = _("Chips")  # the form speaks its member's language (it opens from their click)
        self.amount: discord.ui.TextInput = self.chips.component  # type: ignore[assignment]
        self.amount.placeholder = _("{low} to {high}", low=low, high=high)
        self.amount.default = str(low)
        self.table, self.action, self.step = table, action, step
        OPEN_FORMS[self.custom_id] = self

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Quick refusals answer at once; a move is acknowledged first (`perform`)."""
        text = self.amount.value.strip()
        if len(text) > AMOUNT_DIGITS or not is_whole_number(text):
            await refuse(interaction, _("“{text}” is not a whole number of chips; type digits only, e.g. 50",
                                        text=text[:AMOUNT_DIGITS]))
            return
        reason = refuse_outsider(interaction, self.table, seated=True)
        if reason is not None:
            await refuse(interaction, reason)
            return
        await perform(interaction, self.table, {**self.action, "amount": int(text)}, step=self.step)

    async def on_error(self, interaction: discord.Interaction, error: Exception, /) -> None:
        await answer_failure(interaction, error)


    async def on_timeout(self) -> None:
        OPEN_FORMS.pop(self.custom_id, None)


OPEN_FORMS: dict[str, AmountForm] = {}  # until they time out: a submitted form is still known


async def refuse_unknown_form(interaction: discord.Interaction) -> None:
    """A form no longer open here (sent before a restart, or forged) is refused, not ignored."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    custom_id = str((interaction.data or {}).get("custom_id", ""))
    if custom_id not in OPEN_FORMS:
        await refuse(interaction, _("that form has expired — press the button again to open a new one"))
