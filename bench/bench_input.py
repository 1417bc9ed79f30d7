"""The worst text each text option accepts, through the real bot in SimCord (not a test).
Run: .venv/bin/python bench/bench_input.py [--repeat N]

Tables of poker (draw), Tarot Rummy (against the bot), French Tarot (3 seats, 2 computers) and
Loc are opened in their own channels; then, for every text option of every command, a seated
member sends (a) the longest text the option accepts, made of the words that cost the parser the
most (`1 2 1 2 …`, which froze the old parser, and card names of several words), and (b) 6,000
characters (Discord's own limit), which is refused before any work.

Figures per option:
- bot-side: the command tree's whole handling of the interaction (`CommandTree._call`: the
  checks, the command, its game move and commit) minus the time spent inside SimCord's fake
  REST router;
- lag: the most a 1 ms ticker task woke late on the event loop while the command ran and for
  50 ms after its answer (the edits and DMs a move sets going), as p50 / p99 / max over the
  repeats (SimCord runs on the same loop: the baseline row, `/table status` with no text, shows
  its share and the machine's);
- loop / process CPU: the most CPU time the event loop's thread (`time.thread_time`), and the
  whole process with its worker threads (`time.process_time`), used between two ticks: the work
  that held the loop, whatever the machine's load (wall-clock lag also counts the time the
  process waited for a core on a loaded machine);
- GC pauses: the garbage collector's collections seen meanwhile (from `gc.callbacks`), how many
  were full (generation 2) ones, and the longest.
Targets: bot-side <= 50 ms, lag <= 20 ms."""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import simcord
import simcord.http.router as router
from figures import pct

from bot.client import create_bot
from cogs.common import text_limit

DISCORD_LIMIT = 6000
OPTIONS = [  # (game of the channel, command, option)
    ("poker", "count", "cards"), ("poker", "poker discard", "cards"), ("poker", "poker turn", "card"),
    ("rummy", "rummy meld", "cards"), ("rummy", "rummy discard", "card"), ("rummy", "rummy call", "card"),
    ("tarot", "tarot discard", "cards"), ("tarot", "tarot play", "card"), ("tarot", "tarot call", "king"),
    ("loc", "loc play", "card"), ("loc", "loc discard", "card"), ("poker", "poker fold", "table"),
]
SETTLE_SECONDS = 0.05  # after each answer, the loop keeps being watched while the move's follow-ups run
WORDS = {"digits": "1 2 ", "names": "king of pentacles reversed, the wheel of fortune "}


class Clock:
    def __init__(self) -> None:
        self.rest = 0.0
        self.handled = 0.0
        self.lag = 0.0
        self.busy = 0.0  # the most CPU the loop's thread spent between two ticks (its own work, not the machine's)
        self.process_busy = 0.0  # the same for the whole process (worker threads too: renders, the GIL they hold)
        self.running = True
        self.gc_pauses: list[tuple[int, float]] = []  # (generation, ms) of each collection while measuring
        self._gc_start = 0.0

    def reset(self) -> None:
        self.rest = self.handled = self.lag = self.busy = self.process_busy = 0.0
        self.gc_pauses = []

    def on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            self.gc_pauses.append((info["generation"], (time.perf_counter() - self._gc_start) * 1000))

    def wrap_rest(self, fn: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.rest += time.perf_counter() - start
        return wrapper

    def wrap_call(self, fn: Any) -> Any:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                self.handled += time.perf_counter() - start
        return wrapper

    async def tick(self) -> None:
        while self.running:
            before, cpu_before, process_before = time.perf_counter(), time.thread_time(), time.process_time()
            await asyncio.sleep(0.001)
            self.lag = max(self.lag, time.perf_counter() - before - 0.001)
            self.busy = max(self.busy, time.thread_time() - cpu_before)
            self.process_busy = max(self.process_busy, time.process_time() - process_before)


async def open_tables(env: Any, guild: Any, members: list[Any]) -> dict[str, Any]:
    alice, bob, carol = members
    channels = {game: guild.create_text_channel(game) for game in ("poker", "rummy", "tarot", "loc")}
    creates = {"poker": ({"format": "draw", "timer": 0}, [bob]), "rummy": ({"opponent": "bot", "timer": 0}, []),
               "tarot": ({"players": 3, "bots": 2, "timer": 0}, []), "loc": ({"timer": 0}, [bob, carol])}
    for game, (options, guests) in creates.items():
        await alice.slash(channels[game], f"{game} create", **options)
        for guest in guests:
            await guest.slash(channels[game], "table join")
        await alice.slash(channels[game], "table start")
    return channels


async def run(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(db_path=Path(folder) / "bench.sqlite3", shard_count=1)
        async with simcord.run(bot) as env:
            guild = env.create_guild()
            members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
            channels = await open_tables(env, guild, members)
            clock = Clock()
            router.dispatch = clock.wrap_rest(router.dispatch)
            router.parse_form = clock.wrap_rest(router.parse_form)
            bot.tree._call = clock.wrap_call(bot.tree._call)  # type: ignore[method-assign]
            ticker = asyncio.create_task(clock.tick())
            handled: dict[str, list[float]] = {"accepted": [], "refused": []}
            lags: dict[str, list[float]] = {"accepted": [], "refused": []}
            gc_seen: dict[str, list[tuple[int, float]]] = {"accepted": [], "refused": []}
            loop_cpu = {"accepted": 0.0, "refused": 0.0}
            process_cpu = {"accepted": 0.0, "refused": 0.0}
            baseline = []
            for _ in range(repeat * 4):  # the same path with no text: what SimCord and the machine add
                clock.reset()
                await members[0].slash(channels["poker"], "table status")
                baseline.append(clock.lag * 1000)
            gc.callbacks.append(clock.on_gc)
            print(f"{'command':<16}{'option':<8}{'text':<8}{'chars':>6}  bot-side p50/max    "
                  f"lag p50 / p99 / max      loop / process CPU  GC pauses: n (full) max")
            for game, command, option in OPTIONS:
                limit = text_limit(command, option)
                for words, unit in WORDS.items():
                    for kind, length in (("accepted", limit), ("refused", DISCORD_LIMIT)):
                        text = (unit * (length // len(unit) + 1))[:length]
                        times, row_lags, pauses, busy, process_busy = [], [], [], 0.0, 0.0
                        for _ in range(repeat):
                            clock.reset()
                            await members[0].slash(channels[game], command, **{option: text})
                            times.append((clock.handled - clock.rest) * 1000)
                            await asyncio.sleep(SETTLE_SECONDS)  # what the move set going (edits, DMs) counts here
                            row_lags.append(clock.lag * 1000)
                            busy = max(busy, clock.busy * 1000)
                            process_busy = max(process_busy, clock.process_busy * 1000)
                            pauses += clock.gc_pauses
                        handled[kind] += times
                        lags[kind] += row_lags
                        gc_seen[kind] += pauses
                        full = sum(1 for generation, _ in pauses if generation == 2)
                        longest = max((ms for _, ms in pauses), default=0.0)
                        print(f"{command:<16}{option:<8}{words:<8}{length:>6}  {statistics.median(times):6.2f} /"
                              f"{max(times):6.2f} ms  {statistics.median(row_lags):5.2f} / {pct(row_lags, 0.99):5.2f} /"
                              f" {max(row_lags):6.2f} ms  {busy:5.2f} / {process_busy:5.2f} ms  {len(pauses):3d} ({full})"
                              f" {longest:6.2f} ms"
                              f"  ({kind})")
                        loop_cpu[kind] = max(loop_cpu[kind], busy)
                        process_cpu[kind] = max(process_cpu[kind], process_busy)
            gc.callbacks.remove(clock.on_gc)
            clock.running = False
            await ticker
    print(f"baseline (/table status, no text): event-loop lag median {statistics.median(baseline):.2f} ms, "
          f"max {max(baseline):.2f} ms")
    for kind in ("accepted", "refused"):
        ms, lag = handled[kind], lags[kind]
        longest = max((pause for _, pause in gc_seen[kind]), default=0.0)
        full = sum(1 for generation, _ in gc_seen[kind] if generation == 2)
        print(f"{kind:>8}: bot-side median {statistics.median(ms):.2f} ms, p99 {pct(ms, 0.99):.2f} ms "
              f"(n={len(ms)}; target <= 50 ms); event-loop lag p99 {pct(lag, 0.99):.2f} ms, max {max(lag):.2f} ms "
              f"(target <= 20 ms); CPU between two ticks at most {loop_cpu[kind]:.2f} ms on the loop's thread, "
              f"{process_cpu[kind]:.2f} ms in the whole process; "
              f"GC pauses {len(gc_seen[kind])} ({full} full), longest {longest:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    asyncio.run(run(parser.parse_args().repeat))


if __name__ == "__main__":
    main()
