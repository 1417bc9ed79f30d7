"""Click bursts and their acknowledgements through SimCord (not a test).
Run: .venv/bin/python bench/bench_ack.py [--clicks 200 500] [--repeats 3] [--workers N] [--hard-tables 100]
     [--niceness 5 2 0]

For each burst size N, side by side in one process and repeated (alternating):
- bare: a bare discord.py client whose one button only defers; N messages with that button, one
  click on each, emitted back to back (SimCord's settle held off until all are out): the floor
  of one event loop dispatching N interactions;
- bot: the real bot (its drawing pool of worker processes on, `--workers`, default the cores)
  with N blackjack tables of two players (timer off), each table's first player clicking Bet 10
  on its table message, emitted back to back the same way.
An ack is timed from the interaction fed to the client's gateway parser until its callback
(the deferral) reaches SimCord's REST router. For the bot also: the commits' spacing during
the burst (time between one commit's end and the next's) against a lone commit (one click at
a time, its `_commit` alone), the time until every move is committed, and per click the time
until its table message shows an image of the state after it (the edit drawn from it done),
waited for by a cheap poll: SimCord's settle, which walks every task and timer on the bot's own
loop each time a task ends, comes only once the pictures are shown (bench/README.md).
While the burst's pictures are drawn, clicks keep coming (a host's second bet, refused, on
another table every 50 ms) and the loop's lag is looked at every 10 ms: their acks and that lag are what
a person clicking then waits for, beside the drawing workers at work. `--niceness A B`: runs at
each of these drawing workers' niceness above the bot's, alternating (bench/README.md, the
workers' priority).
With `--hard-tables N`, N French Tarot tables of hard computers (and one person each, played by a
task) think in the thinking workers all through the bot's run.
Targets: bot ack p99 <= 6x bare ack p99 at 200; commit spacing within 2x a lone commit's; with
100 hard tables, the same ack ratio as without; image shown after a 200-click burst p50 <= 1.3 s
and p99 <= 2.5 s at low load, p99 <= 2x the low-load p99 at load 4-5 with the acks unchanged (issue 31)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import discord
import simcord
import simcord.http.router as router
from figures import pct

import cogs.presenter as presenter
from bot.client import create_bot
from bot.config import Config
from bot.draw_worker import NICENESS
from bot.drawing import machine_cores
from bot.tables import build_options
from games.base import IllegalAction

BARE_ID = "bench:defer"
PICTURE_PHASE_EVERY = 0.05  # seconds between two clicks while a burst's pictures are drawn
LAG_EVERY = 0.01  # seconds between two looks at the loop's lag meanwhile
LONE = 20  # tables whose guest clicks alone after the burst (the lone commits)
SETTLE = 300.0  # seconds SimCord may wait for the client to go idle after a burst on a busy machine


class AckClock:
    """When each interaction reached the client's parser, and when its callback reached SimCord."""

    def __init__(self) -> None:
        self.fed: dict[int, float] = {}
        self.acked: dict[int, float] = {}
        self.channel: dict[int, int] = {}  # interaction -> the channel it was clicked in

    def install(self, client: discord.Client) -> None:
        parsers = client._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def fed(data: Any) -> Any:
            self.fed[int(data["id"])] = time.perf_counter()
            self.channel[int(data["id"])] = int(data.get("channel_id") or 0)
            return parse(data)

        parsers["INTERACTION_CREATE"] = fed

    def acks_ms(self) -> list[float]:
        return list(self.acks_by_id().values())

    def acks_by_id(self) -> dict[int, float]:
        return {i: (self.acked[i] - self.fed[i]) * 1000 for i in self.fed if i in self.acked}


CLOCK = AckClock()
_dispatch = router.dispatch


def timed_dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
    result = _dispatch(backend, method, path, **kwargs)
    if method == "POST" and path.startswith("/interactions/") and path.endswith("/callback"):
        CLOCK.acked.setdefault(int(path.split("/")[2]), time.perf_counter())
    return result


router.dispatch = timed_dispatch


@contextmanager
def unsettled(env: Any):
    """Actors' clicks return as soon as their interaction is emitted (SimCord's settle, which
    waits for the client to go idle, is held off), so a burst goes out back to back."""

    async def no_settle(*args: Any, **kwargs: Any) -> None:
        return None

    env._settle_internal = no_settle
    try:
        yield
    finally:
        del env._settle_internal


async def burst(env: Any, clicks: list[tuple[Any, Any, str]], until: Callable[[], bool], settle: bool = True) -> float:
    """Emit every (member, message, label) click back to back, then wait until `until()`
    (then, with `settle`, for SimCord to see the client idle). Returns the seconds from the
    first click until `until()`."""
    CLOCK.fed.clear()
    CLOCK.acked.clear()
    CLOCK.channel.clear()
    start = time.perf_counter()
    with unsettled(env):
        for member, message, label in clicks:
            await member.click(message, label=label)
    while not until():
        await asyncio.sleep(0.005)
    done = time.perf_counter() - start
    if settle:
        await env.settle(timeout=SETTLE)
    return done


# --- the bare client ------------------------------------------------------------------------


class DeferView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Press", custom_id=BARE_ID)
    async def pressed(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()


class BareClient(discord.Client):
    async def setup_hook(self) -> None:
        self.add_view(DeferView())


async def bare_run(size: int) -> list[float]:
    client = BareClient(intents=discord.Intents.default())
    async with simcord.run(client) as env:
        guild = env.create_guild()
        members = [guild.add_member(env.create_user(f"m{n}")) for n in range(size)]
        messages = []
        for n in range(size):
            room = guild.create_text_channel(f"room{n}")
            messages.append(await client.get_channel(room.id).send("press", view=DeferView()))
        await env.settle(timeout=SETTLE)
        CLOCK.install(client)
        clicks = [(members[n], messages[n], "Press") for n in range(size)]
        await burst(env, clicks, lambda: len(CLOCK.acked) >= size)
        return CLOCK.acks_ms()


# --- the bot --------------------------------------------------------------------------------


async def hard_tables(service: Any, guild: Any, env: Any, count: int) -> list[asyncio.Task[None]]:
    """`count` French Tarot tables of three hard computers and one person, whose moves a task
    makes (the normal player's) as soon as it is their turn: the hard computers think all along."""
    people = []
    for n in range(count):
        room = guild.create_text_channel(f"tarot{n}")
        person = guild.add_member(env.create_user(f"tarot{n}"))
        options = build_options("tarot", {"players": 4, "bots": 3, "timer": 0, "level": "hard"})
        table = await service.create(guild.id, room.id, "tarot", options, person.id, None)
        await service.start(table, person.id)
        people.append(asyncio.get_running_loop().create_task(play_as_person(service, table, person.id)))
    return people


async def play_as_person(service: Any, table: Any, person: int) -> None:
    while table.active:
        if person in table.module.pending(table.state):
            with contextlib.suppress(IllegalAction):
                await service.act(table, person, table.module.computer_action(table.state, person, "normal"))
        await asyncio.sleep(0.05)


async def bot_run(size: int, folder: Path, workers: int, number: int, hard: int = 0,
                  niceness: int = NICENESS) -> dict[str, Any]:
    presenter.EDIT_SPACING = 0.0  # one click a table: its edit is never paced; SimCord's clock stays still
    config = Config(max_tables_per_guild=size + hard, starting_chips=10_000, render_workers=workers,
                    think_workers=workers, draw_niceness=niceness)
    bot = create_bot(db_path=folder / f"ack{size}-{number}.sqlite3", config=config, shard_count=1)
    async with simcord.run(bot) as env:
        env.settle_timeout = SETTLE
        guild = env.create_guild()
        service = bot.tables
        tables, hosts, guests, rooms = [], [], [], []
        for n in range(size):
            room = guild.create_text_channel(f"table{n}")
            host = guild.add_member(env.create_user(f"host{n}"))
            guest = guild.add_member(env.create_user(f"guest{n}"))
            table = await service.create(guild.id, room.id, "blackjack", build_options("blackjack", {"timer": 0}),
                                         host.id, 200)
            await service.join(table, guest.id, 200)
            await service.start(table, host.id)
            tables.append(table)
            hosts.append(host)
            guests.append(guest)
            rooms.append(room)
        people = await hard_tables(service, guild, env, hard)
        note(f"bot: {size} tables opened" + (f", and {hard} tables of hard computers thinking" if hard else ""))
        await env.settle(timeout=SETTLE)
        shows = bot.get_cog("Tables").presenter
        await drain(env, shows)
        note("bot: their messages shown")
        commits: list[tuple[float, float]] = []
        original = service._commit

        async def timed_commit(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                commits.append((start, time.perf_counter()))

        service._commit = timed_commit
        edits = record_edits(shows)
        for queue in shows._messages.values():  # the posts were timed on SimCord's clock, which
            queue.last_started = float("-inf")  # has moved since: no edit waits on it (spacing is 0)
        CLOCK.install(bot)
        messages = [table_message(room, table) for room, table in zip(rooms, tables, strict=True)]
        versions = [t.version for t in tables]
        clicks = [(hosts[n], messages[n], "Bet 10") for n in range(size)]
        pool = bot.drawing
        workers_pids = [worker.pid for worker in pool.workers] if pool is not None and pool.processes else []
        draws = time_draws(pool) if pool is not None else []
        cpu = (time.process_time(), cpu_seconds(workers_pids), time.perf_counter(), cpu_waits([os.getpid()]),
               cpu_waits(workers_pids))
        # SimCord's settle is left until the pictures are shown: it looks over every task and
        # timer each time a task ends (hundreds of times a second here), on the bot's own loop,
        # which a real Discord never does; the pictures are waited for by a cheap poll instead
        shown = await burst(env, clicks, lambda: all(t.version > v for t, v in zip(tables, versions, strict=True)),
                            settle=False)
        acks = CLOCK.acks_ms()
        in_burst = set(CLOCK.fed)
        note("bot: burst committed")
        late = [(hosts[n], table_message(rooms[n], tables[n]), "Bet 10") for n in range(size - 1, -1, -1)]
        lags: list[float] = []
        await asyncio.gather(pictures_shown(tables, versions, edits), clicks_meanwhile(env, late, tables, versions, edits),
                             loop_lag(lags, tables, versions, edits))
        picture_phase_acks = [ms for i, ms in CLOCK.acks_by_id().items() if i not in in_burst]
        burst_cpu = {"bot": time.process_time() - cpu[0], "workers": cpu_seconds(workers_pids) - cpu[1],
                     "wall": time.perf_counter() - cpu[2], "bot_waited": cpu_waits([os.getpid()]) - cpu[3],
                     "workers_waited": cpu_waits(workers_pids) - cpu[4]}
        await env.settle(timeout=SETTLE)
        if pool is not None:
            del pool.draw
        images = images_shown_ms(tables, versions, edits, in_burst)
        del shows._update_table, shows._post_table
        burst_commits = sorted(commits)
        ends = [end for _, end in burst_commits]
        spacing = [(b - a) * 1000 for a, b in zip(ends, ends[1:], strict=False)]
        mean_spacing = (ends[-1] - ends[0]) * 1000 / max(1, len(ends) - 1)
        commits.clear()
        lone = []
        for n in range(min(LONE, size)):  # one click at a time: the guest's bet, its commit alone
            await guests[n].click(table_message(rooms[n], tables[n]), label="Bet 10")
            lone += [(end - start) * 1000 for start, end in commits]
            commits.clear()
        service._commit = original
        searched = service.thinking.searched
        for person in people:
            person.cancel()
        return {"searched": searched, "acks": acks, "picture_phase_acks": picture_phase_acks, "lags": lags, "spacing": spacing, "mean_spacing": mean_spacing, "lone": lone, "moved": shown,
                "images": images, "pool": bot.drawing is not None and bot.drawing.processes,
                "draws": draws, "cpu": burst_cpu, "drawn": bot.drawing.drawn if bot.drawing else 0, "reused": bot.drawing.memo.reused if bot.drawing else 0}


def record_edits(shows: Any) -> dict[int, list[tuple[float, int]]]:
    """Per table: (when its table message's edit was done, the table version it shows). The
    picture is drawn from the state frozen as the edit (or the posting of a new table message)
    begins, so that version is the one shown."""
    edits: dict[int, list[tuple[float, int]]] = {}

    def timed(show: Callable[..., Any]) -> Callable[..., Any]:
        async def timed_show(table: Any, *args: Any, **kwargs: Any) -> None:
            version = table.version
            await show(table, *args, **kwargs)
            edits.setdefault(table.id, []).append((time.perf_counter(), version))
        return timed_show

    shows._update_table, shows._post_table = timed(shows._update_table), timed(shows._post_table)
    return edits


def cpu_seconds(pids: list[int]) -> float:
    """The CPU (user + system) these processes have used so far (Linux's /proc; 0 elsewhere)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def cpu_waits(pids: list[int]) -> float:
    """The seconds these processes' main threads have spent ready to run but waiting for a CPU
    (Linux's /proc/<pid>/schedstat, second field; 0 elsewhere): what a busy machine adds."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError), open(f"/proc/{pid}/schedstat") as f:
            total += int(f.read().split()[1])
    return total / 1e9


def time_draws(pool: Any) -> list[float]:
    """Each picture the pool is asked for during the burst: ms from asked to drawn (its queue, the
    worker's drawing and the answer's way back)."""
    took: list[float] = []
    draw = pool.draw

    async def timed(*args: Any, **kwargs: Any) -> bytes:
        start = time.perf_counter()
        try:
            return await draw(*args, **kwargs)
        finally:
            took.append((time.perf_counter() - start) * 1000)

    pool.draw = timed
    return took


async def pictures_shown(tables: list[Any], before: list[int], edits: dict[int, list[tuple[float, int]]]) -> None:
    """Until every table message shows a state after its click (real time, at most SETTLE)."""
    start = time.perf_counter()
    while time.perf_counter() - start < SETTLE and not every_picture_shown(tables, before, edits):
        await asyncio.sleep(0.05)


async def loop_lag(lags: list[float], tables: list[Any], before: list[int],
                   edits: dict[int, list[tuple[float, int]]]) -> None:
    """While the burst's pictures are drawn, how late a callback meant to run every LAG_EVERY
    seconds runs (ms): the wait of any click's ack then, sampled more often than clicks are."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    while loop.time() - start < SETTLE and not every_picture_shown(tables, before, edits):
        planned = loop.time() + LAG_EVERY
        await asyncio.sleep(LAG_EVERY)
        lags.append((loop.time() - planned) * 1000)


def every_picture_shown(tables: list[Any], before: list[int], edits: dict[int, list[tuple[float, int]]]) -> bool:
    return all(any(drawn > version for _, drawn in edits.get(table.id, []))
               for table, version in zip(tables, before, strict=True))


async def clicks_meanwhile(env: Any, clicks: list[tuple[Any, Any, str]], tables: list[Any], before: list[int],
                           edits: dict[int, list[tuple[float, int]]]) -> None:
    """While the burst's pictures are drawn, one more click every PICTURE_PHASE_EVERY seconds,
    emitted as the burst's were: their acks are what a person clicking meanwhile waits for,
    beside the drawing workers at work. Each is a host's second bet, refused (privately): it
    asks for no picture, so the clicks do not lengthen the picture phase they measure."""
    with unsettled(env):
        for member, message, label in clicks:
            if every_picture_shown(tables, before, edits):
                return
            await member.click(message, label=label)
            await asyncio.sleep(PICTURE_PHASE_EVERY)


def images_shown_ms(tables: list[Any], before: list[int], edits: dict[int, list[tuple[float, int]]],
                    clicks: set[int]) -> list[float]:
    """Per click of the burst (`clicks`, one a table): from the click fed to the bot until its
    table message shows an image of the state after it (the first edit drawn at a later version
    than before the click)."""
    channel_of = {i: channel for i, channel in CLOCK.channel.items() if i in clicks}
    clicked = {channel: CLOCK.fed[i] for i, channel in channel_of.items()}
    shown = []
    for table, version in zip(tables, before, strict=True):
        done = next((at for at, drawn in edits.get(table.id, []) if drawn > version), None)
        if done is not None and table.channel_id in clicked:
            shown.append((done - clicked[table.channel_id]) * 1000)
    missing = len(tables) - len(shown)
    if missing:
        print(f"  !! {missing} tables never showed their click's state", file=sys.stderr)
    return shown


def note(text: str) -> None:
    """Progress, on stderr with the time (setting up hundreds of tables takes a while)."""
    print(f"  [{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def table_message(room: Any, table: Any) -> Any:
    return next(m for m in reversed(room.history()) if m.id == table.extra["table_message"])


async def drain(env: Any, shows: Any) -> None:
    """Wait for the presenter's table-message workers (outside SimCord's settle; a paced one
    sleeps on SimCord's virtual clock, which is moved on)."""
    while any(q.worker is not None and not q.worker.done() for q in shows._messages.values()):
        await env.advance_time(0.25)


# --- the run --------------------------------------------------------------------------------


def line(name: str, ms: list[float]) -> str:
    return f"{name:<34} p50 {statistics.median(ms):8.1f} ms  p99 {pct(ms, 0.99):8.1f} ms  max {max(ms):8.1f} ms"


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


async def main_async(sizes: list[int], repeats: int, workers: int, hard: int, niceness: list[int]) -> None:
    logging.basicConfig(level=logging.ERROR)
    print(f"Click bursts emitted back to back; drawing pool {workers} worker processes at niceness "
          f"{', '.join(map(str, niceness))} above the bot's (alternating); {load()}")
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            ratios: dict[int, list[float]] = {nice: [] for nice in niceness}
            spacing_ratios: dict[int, list[float]] = {nice: [] for nice in niceness}
            p99s: dict[int, dict[str, list[float]]] = {nice: {"images": [], "meanwhile": [], "lag": [], "lag50": []}
                                                        for nice in niceness}
            for number, nice in ((n, nice) for n in range(1, repeats + 1) for nice in niceness):
                bare = await bare_run(size)
                mine = await bot_run(size, Path(folder), workers, number, hard, nice)
                ratio = pct(mine["acks"], 0.99) / pct(bare, 0.99)
                spacing = mine["mean_spacing"] / statistics.median(mine["lone"])
                ratios[nice].append(ratio)
                spacing_ratios[nice].append(spacing)
                p99s[nice]["images"].append(pct(mine["images"], 0.99))
                if mine["lags"]:
                    p99s[nice]["lag"].append(pct(mine["lags"], 0.99))
                    p99s[nice]["lag50"].append(statistics.median(mine["lags"]))
                if mine["picture_phase_acks"]:
                    p99s[nice]["meanwhile"].append(pct(mine["picture_phase_acks"], 0.99))
                print(f"{size} clicks, run {number}, drawing workers at niceness {nice} ({load()}):")
                print("  " + line("bare client ack (defer only)", bare))
                print("  " + line("bot ack", mine["acks"]) + f"   ratio of p99s {ratio:.2f}x (target <= 6x at 200)")
                print("  " + line("bot commits' spacing in the burst", mine["spacing"]))
                print("  " + line("bot lone commit", mine["lone"]))
                print(f"  commits' mean spacing in the burst (first to last end / n-1) {mine['mean_spacing']:.2f} ms"
                      f" = {spacing:.2f}x a lone commit's p50 (target <= 2x)")
                print("  " + line("image shown after a 200-click burst" if size == 200 else "image shown after the burst",
                                  mine["images"]) + "   (target p50 <= 1300 ms, p99 <= 2500 ms at low load)")
                print(f"  every move committed {mine['moved']:.2f} s after the first click; "
                      f"drawing pool in processes: {mine['pool']} (pictures drawn {mine['drawn']}, "
                      f"answered from its memo {mine['reused']})")
                if mine["picture_phase_acks"]:
                    print("  " + line("ack of a click while they are drawn", mine["picture_phase_acks"])
                          + f"   ({len(mine['picture_phase_acks'])} clicks, one every {PICTURE_PHASE_EVERY * 1000:.0f} ms)")
                if mine["lags"]:
                    print("  " + line("loop lag while they are drawn", mine["lags"])
                          + f"   ({len(mine['lags'])} looks, one every {LAG_EVERY * 1000:.0f} ms)")
                if mine["draws"]:
                    print("  " + line("picture asked -> drawn, in the burst", mine["draws"]))
                cpu = mine["cpu"]
                print(f"  from the first click to the last picture shown ({cpu['wall']:.2f} s): CPU of the bot's process "
                      f"{cpu['bot']:.2f} s, of the drawing workers {cpu['workers']:.2f} s; ready but waiting for a "
                      f"CPU: the bot's loop thread {cpu['bot_waited']:.2f} s, the drawing workers "
                      f"{cpu['workers_waited']:.2f} s (in all)")
                if hard:
                    print(f"  beside {hard} tables of hard computers: {mine['searched']} hard decisions made "
                          "in the thinking workers by the end of the run")
            for nice in niceness:
                meanwhile = p99s[nice]["meanwhile"]
                print(f"{size} clicks, drawing workers at niceness {nice}: median over {repeats} runs: ack p99 ratio "
                      f"{statistics.median(ratios[nice]):.2f}x, commit spacing ratio "
                      f"{statistics.median(spacing_ratios[nice]):.2f}x, image shown p99 "
                      f"{statistics.median(p99s[nice]['images']):.0f} ms, ack p99 of a click while they are drawn "
                      + (f"{statistics.median(meanwhile):.1f} ms" if meanwhile else "(none)")
                      + (f", loop lag meanwhile p50 {statistics.median(p99s[nice]['lag50']):.1f} ms, p99 "
                         f"{statistics.median(p99s[nice]['lag']):.1f} ms" if p99s[nice]["lag"] else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, nargs="+", default=[200, 500])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", type=int, default=machine_cores())
    parser.add_argument("--hard-tables", type=int, default=0,
                        help="French Tarot tables of hard computers thinking beside the burst (issue 29: 100)")
    parser.add_argument("--niceness", type=int, nargs="+", default=[NICENESS],
                        help="the drawing workers' niceness above the bot's; several: alternating runs")
    args = parser.parse_args()
    asyncio.run(main_async(args.clicks, args.repeats, args.workers, args.hard_tables, args.niceness))


if __name__ == "__main__":
    main()

