"""`python -m bot --sandbox`: the real bot (the same `create_bot`, cogs, store and images) against
SimCord's simulated Discord, played in the browser on this machine, no token needed.

The simulated server has a channel per game and one member, the person at the keyboard (its
owner, so `/table end` and the like are theirs). SimCord's browser preview shows one channel per
session, so a small home page on loopback lists the channels and the DM with the bot; following
a link opens (or finds) that channel's session and sends the browser there; every session stays
open, so a channel's tab and the DM's tab work side by side. Each page also loads the sandbox's
own script and style sheet (bot/sandbox_page.js and .css: a whole command sent on one Enter;
a page kept at its newest message; no flash of an image "unavailable" while it is redrawn).

The simulated Discord keeps nothing between runs, the store does: the server, its channels and
the member are built in the same order each time, so they get the same ids and the tables in
`data/sandbox.sqlite3` find their channels again; each open table is posted afresh.

At a person's pace: the simulated clock is set to the real time and then follows it (`Pace`), so
turn timers, reaction windows and countdowns agree with the wall clock (and no message of this
run reuses an id of an earlier run's). SimCord answers a browser action once the bot's work has
settled, and it waits for any timer due within its settle timeout; so the bot's timers (turns,
reaction windows, computers' pauses) are scheduled outside SimCord's bookkeeping
(`call_later_outside_simulation`) and its table messages are edited without Discord's pacing: a
click is answered as soon as its move is shown, and what happens later (the computers' moves, a
timer running out) is published to the page as it happens."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import dataclasses
import html
import json
import logging
import re
import signal
import time
import webbrowser
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.client import TarotBot, create_bot
from bot.config import Config
from games.base import seat_name
from games.registry import GAMES

log = logging.getLogger(__name__)

SANDBOX_DB = Path("data") / "sandbox.sqlite3"
SANDBOX_CHIPS = 10_000  # a person trying every game at once needs more than one buy-in
GUILD_NAME = "Tarot Table sandbox"
BOT_NAME = "Tarot Table"
PERSON = "guest"
PERSON_NAME = "Guest"  # one name everywhere: the tables' texts avoid a pronoun ("You takes"), so "You" read "Guest" there
MISSING_EXTRA = ("The sandbox needs its optional extra (SimCord's simulated Discord and browser preview):\n\n"
                 "    pip install -e '.[sandbox]'\n")
CHANNELS = {  # game -> what the channel's topic suggests
    "blackjack": "Major Blackjack against the house: /blackjack create, then Start and bet",
    "baccarat": "Major Baccarat against the house: /baccarat create, then Start and bet",
    "poker": "Major Poker against three computers: /poker create bots:3, then Start",
    "tarot": "French Tarot against three computers: /tarot create players:4 bots:3, then Start",
    "rummy": "Tarot Rummy against the computer: /rummy create opponent:bot, then Start",
    "loc": "Loc against three computers: /loc create bots:3, then Start",
    "arcanoid": "Arcanoid, the battle of the major arcana, against two computers: /arcanoid create bots:2, then Start",
}
PACE_TICK = 0.1  # seconds between two looks at the wall clock and at what the pages show
# SimCord gives up on a browser action whose work has not settled by then, and the page reports
# "Action outcome uncertain" (its default, 5 s, is less than a deal takes on a busy machine).
SETTLE_TIMEOUT_S = 30.0
PUBLISH_AT_LATEST = 0.4  # seconds a page waits for the simulated Discord to be still before it shows a change


def sandbox_config(config: Config) -> Config:
    """The settings of the sandbox: its own database, its commands synced to the simulated
    Discord, one shard, chips enough to sit at several tables; table messages edited at once
    (the simulated Discord has no rate limits) and timers kept out of SimCord's settling."""
    return dataclasses.replace(config, db_path=SANDBOX_DB, sync_commands=True, dev_guild_id=None,
                               shard_count=1, starting_chips=SANDBOX_CHIPS, edit_spacing=0.0,
                               call_later=call_later_outside_simulation)


def call_later_outside_simulation(delay: float, callback: Callable[[], Any]) -> asyncio.TimerHandle:
    """`loop.call_later` for the bot's timers, unseen by SimCord: scheduled from an empty
    context (SimCord tracks only what the bot's own context schedules), so a browser action is
    not held until the timer fires; when it fires, the callback runs in the bot's context as it
    was, and the work it starts is the bot's again (tracked, its errors recorded)."""
    loop = asyncio.get_running_loop()
    bots_context = contextvars.copy_context()
    return contextvars.Context().run(loop.call_later, delay, bots_context.run, callback)


@dataclass
class World:
    """The simulated server: the person (user and member), a channel per game, their DM."""

    guild: Any
    user: Any
    member: Any
    channels: dict[str, Any]
    dm: Any = None

    def channel_named(self, name: str) -> Any | None:
        if name == "dm":
            return self.dm
        return self.channels.get(name)


def build_world(env: Any) -> World:
    """Built before the bot connects, always in the same order, so the ids are the same at
    every start (SimCord derives them from its clock, which starts at the same instant)."""
    user = env.create_user(PERSON, global_name=PERSON_NAME)
    guild = env.create_guild(name=GUILD_NAME, owner=user)
    # The channels' ids follow their order: the known games first, always in the same order, and
    # a game added later after them, so the tables of an earlier run keep their channels.
    names = [*CHANNELS, *(game for game in GAMES if game not in CHANNELS)]
    channels = {game: guild.create_text_channel(game, topic=CHANNELS.get(game, f"/{game} create"))
                for game in names if game in GAMES}
    member = guild.add_member(user)
    return World(guild, user, member, channels, user.dm_channel)


@dataclass
class Pace:
    """Keeps the simulated clock on the wall clock, and the page in step with the simulated
    Discord: a page is published again when a message of its channel was sent, edited or
    deleted since it was last published (a computer's move, a timer that ran out), so nobody
    has to press Refresh.

    SimCord 3.2 offers no public way to publish a page outside one of its "operations", and an
    operation of ours would make a browser action arriving meanwhile fail; so this uses the
    preview's own publishing (`_publish`, `_advance_presentation_time`), only while no browser
    action or other operation is being served, and notes where the transcript stood at each
    publication (the preview's own included) so a page is never published twice for the same
    change: each publication moves the page's revision, and a click sent from the revision
    before is refused as stale."""

    env: Any
    watched: set[int] = field(default_factory=set)  # id() of each preview whose publications are noted
    published_at: dict[str, int] = field(default_factory=dict)  # page id -> transcript length
    touched: set[str] = field(default_factory=set)  # channels changed without a gateway event
    last_length: int = 0  # the transcript's length at the last tick
    busy_since: float | None = None  # monotonic time the transcript began growing, tick after tick
    shown: ShownControls = field(init=False)

    def __post_init__(self) -> None:
        self.shown = ShownControls(self.env)

    def follow_the_clock(self) -> None:
        behind = time.time() - self.env.now().timestamp()
        if behind > 0:
            self.env.backend.advance_clock(behind)

    def touch(self, channel_id: int) -> None:
        """Show the channel afresh at the next tick (an ephemeral answer has no gateway event)."""
        self.touched.add(str(channel_id))

    def watch(self, preview: Any) -> None:
        """Note the transcript's length at each publication of the preview's pages."""
        publish = preview._publish
        transcript = self.env.backend.transcript

        def noted(page: Any, **how: Any) -> None:
            self.published_at[page.id] = len(transcript)
            publish(page, **how)
            if isinstance(page.snapshot, dict):
                name_mentions_in_embeds(page.snapshot, self.env.backend.users)
            self.shown.note(page, preview._pages)

        preview._publish = noted
        self.watched.add(id(preview))
        self.published_at.update({page_id: len(transcript) for page_id in preview._pages})
        for page in list(preview._pages.values()):
            self.shown.note(page, preview._pages)

    def publish_changes(self, previews: Iterable[Any]) -> None:
        live = [preview for preview in previews if preview._active and not preview._closed]
        for preview in live:
            if id(preview) not in self.watched:
                self.watch(preview)
            preview._advance_presentation_time()  # countdowns on the page count from now
        if any(preview._active_action is not None for preview in live) or self.env._operation_task is not None:
            return  # looked at again next tick
        if self._still_changing():
            return  # one publication for a move's several requests, not one for each
        transcript, touched, self.touched = self.env.backend.transcript, self.touched, set()
        for preview in live:
            for page in list(preview._pages.values()):
                since, channel = self.published_at.get(page.id, 0), str(page.channel_id)
                if channel in touched or any(channel in channels_touched(entry) for entry in transcript[since:]):
                    preview._publish(page, reason="refresh")
                else:
                    self.published_at[page.id] = len(transcript)  # nothing of its channel since

    def _still_changing(self) -> bool:
        """Whether the simulated Discord changed since the last tick (and has not been
        changing for longer than PUBLISH_AT_LATEST)."""
        length, now = len(self.env.backend.transcript), time.monotonic()
        grew, self.last_length = length != self.last_length, length
        if not grew:
            self.busy_since = None
            return False
        if self.busy_since is None:
            self.busy_since = now
        return now - self.busy_since < PUBLISH_AT_LATEST

    async def keep(self, sandbox: Sandbox) -> None:
        while True:
            self.follow_the_clock()
            self.publish_changes(list(sandbox.previews.values()))
            await asyncio.sleep(PACE_TICK)


RECENT_PUBLICATIONS = 16  # how many of a page's latest publications a click may still come from


@dataclass
class ShownControls:
    """The controls (buttons, menus) each page showed at each of its recent publications: every
    message's components as they were when that revision was published, written out.

    SimCord's page learns of a new publication by reading its state every half second, and
    refuses a click sent from the revision before ("Action was not completed"): a click made just
    after the page changed, as the next change (the table's image drawn in, a line of the move
    log) was being published, went unanswered. A click whose message still has the controls it
    had at the revision the click came from means the same thing now (a control is known by its
    place in its message), so it goes as from the page's own revision; a click on controls that
    changed meanwhile stays refused."""

    env: Any
    by_page: dict[str, dict[int, dict[str, str]]] = field(default_factory=dict)  # page id -> revision -> message id -> controls

    def now(self, channel_id: Any, message_ids: Iterable[str]) -> dict[str, str]:
        """The messages' controls as they are now (a message with none, or gone, is left out)."""
        stored = self.env.backend.messages.get(int(channel_id), {})
        found = {}
        for message_id in message_ids:
            message = stored.get(int(message_id))
            if message is not None and message.components:
                found[str(message_id)] = json.dumps(message.components, sort_keys=True, default=str)
        return found

    def note(self, page: Any, pages: dict[str, Any]) -> None:
        """What the page shows at the revision just published (pages no longer open forgotten)."""
        for gone in [page_id for page_id in self.by_page if page_id not in pages and page_id != page.id]:
            del self.by_page[gone]
        shown = page.snapshot.get("messages") if isinstance(page.snapshot, dict) else None
        kept = self.by_page.setdefault(page.id, {})
        kept[page.revision] = self.now(page.channel_id, shown or {})
        for old in [revision for revision in kept if revision <= page.revision - RECENT_PUBLICATIONS]:
            del kept[old]

    def unchanged(self, page: Any, revision: Any, message_id: Any) -> bool:
        """Whether the message's controls are now what the page showed at `revision`."""
        shown = self.by_page.get(page.id, {}).get(revision) if isinstance(revision, int) else None
        if shown is None or str(message_id) not in shown:
            return False
        return self.now(page.channel_id, [str(message_id)]).get(str(message_id)) == shown[str(message_id)]


USER_MENTION = re.compile(r"<@!?(\d{1,20})>")


def name_mentions_in_embeds(found: Any, users: dict[int, Any], in_embed: bool = False) -> Any:
    """Discord shows a user mention in an embed's text as @name; SimCord 3.2's preview renders
    mentions only in a message's content (its _FIELD_POLICIES turn them off in embeds), so the
    page would show `<@1456…>`. Rewrites them in the published snapshot, in place."""
    if isinstance(found, dict):
        for key, value in found.items():
            found[key] = name_mentions_in_embeds(value, users, in_embed or key == "embeds")
    elif isinstance(found, list):
        found[:] = [name_mentions_in_embeds(item, users, in_embed) for item in found]
    elif in_embed and isinstance(found, str) and "<@" in found:
        def name(mention: re.Match) -> str:
            user = users.get(int(mention.group(1)))
            return mention.group(0) if user is None else "@" + (user.global_name or user.name)
        return USER_MENTION.sub(name, found)
    return found


def channels_touched(entry: tuple[str, str, Any]) -> set[str]:
    """The channels whose messages a transcript entry of the simulated Discord changed: a
    message's gateway event names its channel. (Interactions, autocompletes and the bot's
    requests are not changes in themselves: publishing the page for them would only move its
    revision under the person's next click.)"""
    kind, event, payload = entry
    if kind == "GATEWAY" and event.startswith("MESSAGE_") and isinstance(payload, dict):
        channel = payload.get("channel_id")
        return set() if channel is None else {str(channel)}
    return set()


@dataclass
class Sandbox:
    """The running sandbox: the simulated Discord with the bot in it, a preview per channel
    shown, the home page.

    SimCord serves one channel per preview and lets an Env have one preview at a time; the
    sandbox keeps one open for each channel visited (the DM included), so a channel's tab and
    the DM's tab work side by side, each on its own loopback port. SimCord runs one operation
    at a time and refuses (as a failed request, which the page reports as "Action outcome
    uncertain") one that arrives while another runs: the previews' actions, a command typed
    whole and focusing a page on its newest message take turns (`operation`) instead."""

    bot: TarotBot
    env: Any
    world: World
    previews: dict[str, Any] = field(default_factory=dict)  # channel name ("dm") -> its preview
    _opening: asyncio.Lock = field(default_factory=asyncio.Lock)
    _operations: asyncio.Lock = field(default_factory=asyncio.Lock)
    pace: Pace | None = None
    _pace: asyncio.Task | None = None

    @contextlib.asynccontextmanager
    async def operation(self) -> AsyncIterator[None]:
        """Held while one operation of the simulated Discord runs (the others wait their turn)."""
        async with self._operations:
            while self.env._operation_task is not None:  # one begun elsewhere (a page's own start-up)
                await asyncio.sleep(0.02)
            yield

    async def show(self, name: str) -> str:
        """The address of the channel's preview (or the DM's: "dm"), opened at the first visit,
        focused on the newest message (a page opened there starts where the preview is
        focused)."""
        async with self._opening:
            channel = self.world.channel_named(name)
            if channel is None:
                raise KeyError(name)
            viewer = self.world.user if name == "dm" else self.world.member
            preview = self.previews.get(name)
            if preview is None or preview._closed:
                preview = self.previews[name] = await self._open_preview(channel, viewer)
            shown = channel.history(viewer=viewer)
            if shown:
                async with self.operation():
                    await preview.show(shown[-1])
            return preview.url

    async def _open_preview(self, channel: Any, viewer: Any) -> Any:
        async with self.operation():
            self.env._preview = None  # SimCord's one-preview rule: the others stay open (see the class)
            preview = self.env.preview(channel, viewers=[viewer], layout="channel")
            serve_page_additions(preview, self)
            await preview.__aenter__()
        take_turns(preview, self)
        return preview

    def invocations(self) -> dict[str, list[str]]:
        """Every command as typed after its `/` (`poker create`, `hand`) -> its required options."""
        from simcord.interactions import command_leaves

        commands = self.env.backend.visible_commands(user_id=self.world.user.id,
                                                     channel_id=next(iter(self.world.channels.values())).id)
        return {" ".join(path): [option["name"] for option in leaf.get("options") or [] if option.get("required")]
                for command in commands for path, leaf in command_leaves(command)}

    def open_tables(self) -> list[tuple[str, str]]:
        """(channel, what is on) for each open table of the server."""
        names = {c.id: game for game, c in self.world.channels.items()}
        found = []
        for table in self.bot.tables.by_channel.values():
            if table.guild_id == self.world.guild.id:
                found.append((names.get(table.channel_id, str(table.channel_id)),
                              f"{table.game} — {'playing' if table.active else 'waiting in the lobby'}"))
        return sorted(found)

    def keep_pace(self) -> None:
        self.pace = Pace(self.env)
        loop = asyncio.get_running_loop()  # from an empty context: SimCord must not wait on it
        self._pace = contextvars.Context().run(loop.create_task, self.pace.keep(self))

    async def close(self) -> None:
        if self._pace is not None:
            self._pace.cancel()
        for preview in self.previews.values():
            await preview.close()
        await self.env.shutdown()
        await self.bot.close()


def take_turns(preview: Any, sandbox: Sandbox) -> None:
    """A browser action of this preview waits for any other operation to end, instead of
    failing; while it runs, the Env's preview is this one (SimCord notes through it what the
    acting page caused)."""
    act = preview._action

    async def in_turn(context_id: str | None, body: Any) -> dict[str, Any]:
        async with sandbox.operation():
            sandbox.env._preview = preview
            return await act(context_id, sent_as_shown_now(preview, sandbox.pace, context_id, body))

    preview._action = in_turn


def sent_as_shown_now(preview: Any, pace: Pace | None, context_id: str | None, body: Any) -> Any:
    """An action sent from an older revision of its page than the page's own, which SimCord
    refuses ("Action was not completed"), goes as from the page's revision when it means the
    same thing now: a line typed in the message box (`send_message`: what a line says does not
    depend on what was shown; a publication of the computers' moves crossing the Enter made a
    typed command fail), a form still open (`modal_submit`), a click or a choice in a message
    whose controls are still the ones shown (see ShownControls: a click just after the page
    changed, as the next change was published). A click on controls that changed stays refused."""
    page = preview._pages.get(context_id)
    if not isinstance(body, dict) or page is None or body.get("published_revision") == page.revision:
        return body
    kind = body.get("kind")
    same = (kind == "send_message"
            or (kind == "modal_submit" and page.modal is not None and body.get("modal_handle") == page.modal_handle)
            or (kind in ("click", "select") and pace is not None
                and pace.shown.unchanged(page, body.get("published_revision"), body.get("target_id"))))
    return {**body, "published_revision": page.revision} if same else body


PAGE_ADDITIONS = {  # the preview page's additions: route -> (file beside this one, its type)
    "/sandbox-page.js": ("sandbox_page.js", "application/javascript"),
    "/sandbox-page.css": ("sandbox_page.css", "text/css"),
}


def serve_page_additions(preview: Any, sandbox: Sandbox) -> None:
    """The preview's page loads the sandbox's script and style sheet (bot/sandbox_page.js,
    bot/sandbox_page.css) after its own: their routes are added to the preview's server before
    it starts, and its page names them."""
    from aiohttp import web

    server = preview._server
    static = server._static
    server._STATIC_FILES = {**server._STATIC_FILES, **{route: name for route, (name, _) in PAGE_ADDITIONS.items()}}
    tags = ('<link rel="stylesheet" href="/sandbox-page.css"></head>',
            '<script type="module" src="/sandbox-page.js"></script></body>')

    async def with_additions(request: web.Request) -> web.StreamResponse:
        if request.path not in PAGE_ADDITIONS:
            response = await static(request)
            if request.path == "/" and isinstance(response, web.Response) and response.text:
                page = response.text
                for tag in tags:
                    page = page.replace(tag[tag.rindex("</"):], tag, 1)
                response.text = page
            return response
        if request.headers.get("Host", "") not in server._allowed_hosts():
            raise web.HTTPForbidden()
        name, content_type = PAGE_ADDITIONS[request.path]
        text = Path(__file__).with_name(name).read_text(encoding="utf-8")
        text = text.replace("/*INVOCATIONS*/{}", json.dumps(sandbox.invocations()))
        return web.Response(text=text, content_type=content_type, headers=server._SECURITY_HEADERS)

    server._static = with_additions


async def start_sandbox(config: Config, computer_pause: float | None = None) -> Sandbox:
    """The bot connected to a fresh simulated Discord, the open tables shown again, the preview
    on the first game's channel."""
    from simcord.env import Env

    bot = create_bot(config=config)
    bot._connection._intents.message_content = True  # to read a command typed whole (TypedCommands)
    env = Env(bot, check_errors=False, settle_timeout=SETTLE_TIMEOUT_S)
    env.backend.bot_user.name = BOT_NAME  # SimCord calls its bot "TestBot"
    world = build_world(env)
    env.backend.clock.advance(max(0.0, time.time() - env.now().timestamp()))
    await env.start()
    if computer_pause is not None:
        bot.tables.computer_pause = computer_pause
    sandbox = Sandbox(bot, env, world)
    for table in list(bot.tables.by_channel.values()):
        if table.guild_id == world.guild.id:
            await bot.tables.show_again(table)
    await sandbox.show(next(iter(world.channels)))
    sandbox.keep_pace()
    bot.add_listener(TypedCommands(sandbox).on_message, "on_message")
    return sandbox


# --- a command typed whole -----------------------------------------------------------------

OPTION = re.compile(r"(?:^|\s)([a-z_]+):")
TRUE, FALSE = {"true", "yes", "on", "1"}, {"false", "no", "off", "0"}


class NotACommand(ValueError):
    """A typed line that cannot run: what was wrong and what is allowed."""


def split_typed(text: str, invocations: Iterable[str]) -> tuple[str, dict[str, str]]:
    """`/poker create bots:3` -> ("poker create", {"bots": "3"}): the longest invocation the
    line starts with, then its `name:value` options (a value runs to the next `name:`)."""
    words = text.strip().removeprefix("/").split()
    known = set(invocations)
    for length in range(len(words), 0, -1):
        path = " ".join(words[:length])
        if path in known:
            break
    else:
        raise NotACommand(f"`/{' '.join(words[:2])}` is not a command here: type `/` and pick one from the "
                          "list, or type one whole, e.g. `/poker create bots:3`.")
    rest = " ".join(words[length:])
    marks = list(OPTION.finditer(rest))
    if rest and (not marks or rest[:marks[0].start()].strip()):
        raise NotACommand(f"`/{path}` takes its options as `name:value`, e.g. `/{path} "
                          f"{marks[0].group(1) if marks else 'option'}:…`; could not read `{rest}`.")
    options = {}
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else None
        options[mark.group(1)] = rest[mark.end():end].strip()
    return path, options


def typed_value(command: str, option: dict[str, Any], raw: str, people: dict[str, Any]) -> Any:
    """The option's value as the command takes it: a number, true/false, one of its choices,
    a member (by name), or the text as typed."""
    from simcord.backend.errors import OptionError
    from simcord.enums import OptionType
    from simcord.interactions import parse_option_input

    kind = OptionType(option["type"])
    for choice in option.get("choices") or []:
        if raw.casefold() in (str(choice["name"]).casefold(), str(choice["value"]).casefold()):
            return choice["value"]
    if kind == OptionType.BOOLEAN:
        if raw.casefold() not in TRUE | FALSE:
            raise NotACommand(f"`{option['name']}` is true or false, not `{raw}`.")
        return raw.casefold() in TRUE
    if kind in (OptionType.USER, OptionType.MENTIONABLE):
        person = people.get(raw.removeprefix("@").casefold())
        if person is None:
            raise NotACommand(not_a_member(command, option["name"], raw.removeprefix("@"), people))
        return person
    try:
        return parse_option_input(command, option, raw)
    except (OptionError, ValueError):
        raise NotACommand(f"`{option['name']}` of `/{command}` takes {what_option_takes(option)}, not `{raw}`.") from None


COMPUTER_NAMES = {seat_name(player).casefold() for player in range(-99, 0)}  # the computer players' seats
NO_COMPUTER = {"profile": "computers keep no record (only members' rounds are counted)."}


def not_a_member(command: str, option: str, name: str, people: dict[str, Any]) -> str:
    """Why a typed name is not a member: a computer player's seat is told apart."""
    members = f"`{option}` names a member: {', '.join(sorted(people))}."
    if name.casefold() not in COMPUTER_NAMES:
        return members
    if command in NO_COMPUTER:
        return f"{name} is a computer player: {NO_COMPUTER[command]}"
    return f"{name} is a computer player, not a member. {members}"


def what_option_takes(option: dict[str, Any]) -> str:
    from simcord.enums import OptionType

    choices = [str(choice["name"]) for choice in option.get("choices") or []]
    if choices:
        return "one of " + ", ".join(choices)
    kind = OptionType(option["type"])
    words = {OptionType.INTEGER: "a whole number", OptionType.NUMBER: "a number"}.get(kind, "text")
    low, high = option.get("min_value", option.get("min_length")), option.get("max_value", option.get("max_length"))
    if low is not None and high is not None:
        words += f" from {low} to {high}" if kind != OptionType.STRING else f" of {low} to {high} characters"
    return words


@dataclass
class TypedCommands:
    """A slash command typed whole in the message box and sent, the way the README prints it
    (`/poker create bots:3` + Enter), runs as if picked from the list: Discord's own client
    turns such a line into the command, SimCord's preview sends it as a message. The message
    is taken back and the command run as the person; a line that cannot run is answered with
    what was wrong and what is allowed."""

    sandbox: Sandbox

    async def on_message(self, message: Any) -> None:
        world = self.sandbox.world
        if message.author.id != world.user.id or not message.content.startswith("/"):
            return
        dm = message.guild is None
        actor = world.user if dm else world.member
        channel = world.dm if dm else next((c for c in world.channels.values() if c.id == message.channel.id), None)
        if channel is None:
            return
        try:
            path, values = self.read(message.content, actor, channel, dm)
        except NotACommand as wrong:
            await message.channel.send(str(wrong))
            return
        run = self.run(actor, channel, message, path, values, dm)
        loop = asyncio.get_running_loop()  # outside SimCord's bookkeeping: it runs once the message is settled
        contextvars.Context().run(loop.create_task, run)

    def read(self, text: str, actor: Any, channel: Any, dm: bool) -> tuple[str, dict[str, Any]]:
        from simcord.interactions import command_leaves

        env = self.sandbox.env
        commands = env.backend.visible_commands(user_id=actor.id, channel_id=channel.id)
        leaves = {" ".join(path): leaf for command in commands for path, leaf in command_leaves(command)}
        path, raws = split_typed(text, leaves)
        declared = {option["name"]: option for option in leaves[path].get("options") or []}
        unknown = [name for name in raws if name not in declared]
        if unknown:
            allowed = ", ".join(declared) or "none"
            raise NotACommand(f"`/{path}` has no option `{unknown[0]}` (its options: {allowed}).")
        missing = [name for name, option in declared.items() if option.get("required") and name not in raws]
        if missing:
            raise NotACommand(f"`/{path}` needs `{missing[0]}:…` ({what_option_takes(declared[missing[0]])}).")
        people = {name.casefold(): self.sandbox.world.member for name in
                  (PERSON, PERSON_NAME, "you", "me") if name}
        return path, {name: typed_value(path, declared[name], raw, people) for name, raw in raws.items()}

    async def run(self, actor: Any, channel: Any, message: Any, path: str, values: dict[str, Any], dm: bool) -> None:
        try:
            async with self.sandbox.operation():  # after the preview has sent the message
                await actor.delete(message)
                if dm:
                    await actor.slash(path, **values)
                else:
                    await actor.slash(channel, path, **values)
        except Exception:
            log.exception("sandbox: the typed command /%s could not run", path)
        if self.sandbox.pace is not None:
            self.sandbox.pace.touch(channel.id)


# --- the home page ---------------------------------------------------------------------------


def home_page(sandbox: Sandbox) -> str:
    rows = "".join(
        f'<li><a href="/channel/{name}">#{name}</a> <span>{html.escape(CHANNELS.get(name, ""))}</span></li>'
        for name in sandbox.world.channels)
    tables = "".join(f"<li>#{html.escape(name)}: {html.escape(what)}</li>" for name, what in sandbox.open_tables())
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tarot Table sandbox</title>
<style>body{{font:16px system-ui,sans-serif;background:#313338;color:#dbdee1;max-width:46rem;margin:2rem auto;padding:0 1rem}}
a{{color:#00a8fc;font-weight:600}} li{{margin:.5rem 0}} span{{color:#b5bac1}} h1{{color:#f2f3f5}}</style></head>
<body><h1>Tarot Table — sandbox</h1>
<p>The real bot, on a simulated Discord server on this machine. Pick a channel, type <code>/</code> in its
message box to run a command, and play with the buttons and menus. Your private hand comes by DM, or by
<code>/hand</code> in the channel.</p>
<h2>Channels</h2><ul>{rows}<li><a href="/channel/dm">Direct messages with the bot</a> <span>your hands</span></li></ul>
<h2>Open tables</h2><ul>{tables or "<li>none yet</li>"}</ul>
<p><span>Tables are kept in {html.escape(str(sandbox.bot.db_path))}: stop with Ctrl+C, start again, and they are
still here.</span></p></body></html>"""


def foreign_request(headers: Any, address: str) -> str | None:
    """Why a request to the home page did not come from the page itself (None: it did). Only
    the printed loopback address is served: another Host is a DNS rebinding (a foreign name
    resolved to this machine); an Origin or Referer of another site, or a browser's own word
    that the request is cross-site (an `<img>` on any page the person visits, even with no
    Referer), is another web page reaching in."""
    own = address.rstrip("/")
    host = own.removeprefix("http://")
    if headers.get("Host") != host:
        return "unknown Host"
    origin = headers.get("Origin")
    if origin is not None and origin != own:
        return "foreign Origin"
    referer = headers.get("Referer")
    if referer is not None and referer != own and not referer.startswith(own + "/"):
        return "foreign Referer"
    if headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return "cross-site request"
    return None


async def serve_home(sandbox: Sandbox, port: int) -> tuple[Any, str]:
    """The home page on loopback; (the runner to clean up, its address). A request from
    elsewhere than the page itself is refused (403, see `foreign_request`)."""
    from aiohttp import web

    address = ""

    @web.middleware
    async def own_page_only(request: web.Request, handler: Any) -> web.StreamResponse:
        refused = foreign_request(request.headers, address)
        if refused is not None:
            log.warning("sandbox page: refused a request (%s)", refused)
            raise web.HTTPForbidden(text=f"refused: {refused}; open {address} in your browser")
        return await handler(request)

    async def index(request: web.Request) -> web.Response:
        return web.Response(text=home_page(sandbox), content_type="text/html")

    async def channel(request: web.Request) -> web.Response:
        try:
            url = await sandbox.show(request.match_info["name"])
        except KeyError:
            raise web.HTTPNotFound(text="no such channel in the sandbox") from None
        raise web.HTTPSeeOther(url)

    app = web.Application(middlewares=[own_page_only])
    app.router.add_get("/", index)
    app.router.add_get("/channel/{name}", channel)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    address = f"http://127.0.0.1:{runner.addresses[0][1]}/"
    return runner, address


async def run(config: Config, port: int = 0, open_browser: bool = False,
              computer_pause: float | None = None) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    sandbox = await start_sandbox(config, computer_pause)
    runner = None
    try:
        runner, address = await serve_home(sandbox, port)
        print(f"Tarot Table sandbox: open {address} in your browser (Ctrl+C stops it).", flush=True)
        if open_browser:
            webbrowser.open(address)
        await stop.wait()
    finally:
        if runner is not None:
            await runner.cleanup()
        await sandbox.close()
    print("Sandbox stopped; its tables are kept for the next start.", flush=True)
    return 0


def main(config: Config, port: int = 0, open_browser: bool = False, computer_pause: float | None = None) -> int:
    try:
        import aiohttp  # noqa: F401
        import simcord.preview  # noqa: F401
    except ImportError:
        print(MISSING_EXTRA)
        return 2
    return asyncio.run(run(sandbox_config(config), port, open_browser, computer_pause))
