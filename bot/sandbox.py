"""`python -m bot --sandbox`: the real bot (the same `create_bot`, cogs, store and images) against
SimCord's simulated Discord, played in the browser on this machine, no token needed.

The simulated server has a channel per game and one member, the person at the keyboard (its
owner, so `/table end` and the like are theirs). SimCord's browser preview shows one channel at
a time, so a small home page on loopback lists the channels and the DM with the bot; following
a link points the preview at that channel and sends the browser there.

The simulated Discord keeps nothing between runs, the store does: the server, its channels and
the member are built in the same order each time, so they get the same ids and the tables in
`data/sandbox.sqlite3` find their channels again; each open table is posted afresh. The
simulated clock is then set to the real time, so the messages of this run never reuse the ids
of an earlier run's."""

from __future__ import annotations

import asyncio
import dataclasses
import html
import logging
import signal
import time
import webbrowser
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.client import TarotBot, create_bot
from bot.config import Config
from games.registry import GAMES

log = logging.getLogger(__name__)

SANDBOX_DB = Path("data") / "sandbox.sqlite3"
SANDBOX_CHIPS = 10_000  # a person trying every game at once needs more than one buy-in
GUILD_NAME = "Tarot Table sandbox"
BOT_NAME = "Tarot Table"
PERSON = "you"
MISSING_EXTRA = ("The sandbox needs its optional extra (SimCord's simulated Discord and browser preview):\n\n"
                 "    pip install -e '.[sandbox]'\n")
CHANNELS = {  # game -> what the channel's topic suggests
    "blackjack": "Major Blackjack against the house: /blackjack create, then Start and bet",
    "baccarat": "Major Baccarat against the house: /baccarat create, then Start and bet",
    "poker": "Major Poker against three computers: /poker create bots:3, then Start",
    "tarot": "French Tarot against three computers: /tarot create players:4 bots:3, then Start",
    "rummy": "Tarot Rummy against the computer: /rummy create opponent:bot, then Start",
    "loc": "Loc against three computers: /loc create bots:3, then Start",
}


def sandbox_config(config: Config) -> Config:
    """The settings of the sandbox: its own database, its commands synced to the simulated
    Discord, one shard, chips enough to sit at several tables."""
    return dataclasses.replace(config, db_path=SANDBOX_DB, sync_commands=True, dev_guild_id=None,
                               shard_count=1, starting_chips=SANDBOX_CHIPS)


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
    user = env.create_user(PERSON, global_name="You")
    guild = env.create_guild(name=GUILD_NAME, owner=user)
    # The channels' ids follow their order: the known games first, always in the same order, and
    # a game added later after them, so the tables of an earlier run keep their channels.
    names = [*CHANNELS, *(game for game in GAMES if game not in CHANNELS)]
    channels = {game: guild.create_text_channel(game, topic=CHANNELS.get(game, f"/{game} create"))
                for game in names if game in GAMES}
    member = guild.add_member(user)
    return World(guild, user, member, channels, user.dm_channel)


@dataclass
class Sandbox:
    """The running sandbox: the simulated Discord with the bot in it, the preview, the home
    page."""

    bot: TarotBot
    env: Any
    world: World
    preview: Any = None
    shown: str = ""  # the channel the preview shows
    _switch: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def show(self, name: str) -> str:
        """Point the preview at a channel (or "dm"); its address."""
        async with self._switch:
            if self.preview is not None and self.shown == name:
                return self.preview.url
            channel = self.world.channel_named(name)
            if channel is None:
                raise KeyError(name)
            viewer = self.world.user if name == "dm" else self.world.member
            if self.preview is not None:
                await self.preview.close()
            self.preview = await _retry(lambda: self.env.preview(channel, viewers=[viewer], layout="channel"))
            await self.preview.__aenter__()
            self.shown = name
            return self.preview.url

    def open_tables(self) -> list[tuple[str, str]]:
        """(channel, what is on) for each open table of the server."""
        names = {c.id: game for game, c in self.world.channels.items()}
        found = []
        for table in self.bot.tables.by_channel.values():
            if table.guild_id == self.world.guild.id:
                found.append((names.get(table.channel_id, str(table.channel_id)),
                              f"{table.game} — {'playing' if table.active else 'waiting in the lobby'}"))
        return sorted(found)

    async def close(self) -> None:
        if self.preview is not None:
            await self.preview.close()
        await self.env.shutdown()
        await self.bot.close()


async def _retry(make: Any, attempts: int = 50) -> Any:
    """SimCord refuses a new preview while a browser action is still being served: wait it out."""
    from simcord.backend.errors import SetupError

    for _ in range(attempts - 1):
        try:
            return make()
        except SetupError as busy:
            if "overlaps" not in str(busy):
                raise
            await asyncio.sleep(0.1)
    return make()


async def start_sandbox(config: Config, computer_pause: float | None = None) -> Sandbox:
    """The bot connected to a fresh simulated Discord, the open tables shown again, the preview
    on the first game's channel."""
    from simcord.env import Env

    bot = create_bot(config=config)
    env = Env(bot, check_errors=False)
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
    return sandbox


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


async def serve_home(sandbox: Sandbox, port: int) -> tuple[Any, str]:
    """The home page on loopback; (the runner to clean up, its address)."""
    from aiohttp import web

    async def index(request: web.Request) -> web.Response:
        return web.Response(text=home_page(sandbox), content_type="text/html")

    async def channel(request: web.Request) -> web.Response:
        try:
            url = await sandbox.show(request.match_info["name"])
        except KeyError:
            raise web.HTTPNotFound(text="no such channel in the sandbox") from None
        raise web.HTTPSeeOther(url)

    app = web.Application()
    app.router.add_get("/", index)
    app.router.add_get("/channel/{name}", channel)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    bound = runner.addresses[0][1]
    return runner, f"http://127.0.0.1:{bound}/"


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
