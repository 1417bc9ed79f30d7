"""One button click through SimCord, the table image included (not a test).
Run: .venv/bin/python bench/bench_click.py [--clicks N]

A 2-player blackjack table (timer off) is played round after round by clicking the buttons of
the table message: Bet 10/50 in the betting window, Hit below 17 and Stand from 17 in play.
Both players buy in deep (50,000 chips, the table's most, from a 1,000,000-chip wallet), so nobody goes broke
however long the run. Each click is timed four ways:
- ack: from SimCord feeding INTERACTION_CREATE to the bot's parser until the click's
  acknowledgement (its deferral) reaches SimCord: what Discord's 3-second limit is about;
- total: from just before `member.click` to its return (SimCord builds the interaction, feeds
  it to the bot, simulates every REST call the bot makes, and waits for the bot to settle);
- bot wall: from SimCord feeding INTERACTION_CREATE to the bot's parser until the button's
  callback returns (discord.py dispatch, the move, its commit, the renders, the Discord calls);
- simulated REST: the part of the bot wall spent inside SimCord's fake Discord (its router and
  form parser, which also feed the echoed gateway events back to the bot).
bot-side = bot wall - simulated REST, per click: the figure the target is about. For comparison a
no-op button (its callback only defers) is clicked after every game click: its bot-side is
discord.py's minimal dispatch. Its click total is NOT a usable "SimCord overhead" to subtract: for
a click whose bot work ends at once, SimCord's settle loop sleeps its 50 ms idle interval, so a
no-op click takes ~51 ms while a game click's total is only ~0.3-1 ms above its bot wall.
Target: bot-side p99 <= 50 ms.
Also printed: the table message's first image since start-up (the Start click, once the drawing
workers have warmed up, as they do while a bot connects to Discord) against a warm click's
median image (target <= 3x)."""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import simcord
import simcord.http.router as router
from figures import figures

import cogs.presenter as presenter
from bot.client import create_bot
from bot.config import Config
from bot.drawing import machine_cores
from cogs.common import GameButton
from games import blackjack

NOOP_ID = "bench:noop"
DEEP = 50_000  # each player's buy-in: the most the table takes


class Probe:
    """Per-click clocks: when the bot got the interaction, when its callback ended, and the time
    spent in wrapped functions (summed per click)."""

    def __init__(self) -> None:
        self.fed = self.done = self.acked = 0.0
        self.spent: dict[str, float] = defaultdict(float)

    def reset(self) -> None:
        self.fed = self.done = self.acked = 0.0
        self.spent.clear()

    def on_sync(self, key: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.spent[key] += time.perf_counter() - start
        return wrapper

    def on_async(self, key: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                self.spent[key] += time.perf_counter() - start
                if key == "callback":
                    self.done = time.perf_counter()
        return wrapper


def instrument(bot: Any, probe: Probe) -> None:
    """Wrap (in this process only) the seams the breakdown needs; nothing on disk changes."""
    parsers = bot._connection.parsers
    parse_interaction = parsers["INTERACTION_CREATE"]

    def fed(data: Any) -> Any:
        probe.fed = time.perf_counter()
        return parse_interaction(data)

    parsers["INTERACTION_CREATE"] = fed
    dispatch = router.dispatch

    def acked(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        result = dispatch(backend, method, path, **kwargs)
        if method == "POST" and path.endswith("/callback") and not probe.acked:
            probe.acked = time.perf_counter()
        return result

    router.dispatch = probe.on_sync("rest", acked)
    router.parse_form = probe.on_sync("rest", router.parse_form)
    GameButton.callback = probe.on_async("callback", GameButton.callback)  # type: ignore[method-assign]
    bot.tables._commit = probe.on_async("commit", bot.tables._commit)
    # Unpaced: every click's table message is rendered and edited at once (the worst case for
    # one click), and SimCord does not wait out the one-edit-a-second pacing after each click.
    presenter.EDIT_SPACING = 0.0
    presenter.render = probe.on_async("render", presenter.render)


def instrument_hands(probe: Probe) -> None:
    """The DM hand (its text, then its image in the drawing pool): `Presenter._hand`, which the
    presenter hands to its PrivateHands when the cog loads — so wrapped before the bot starts."""
    presenter.Presenter._hand = probe.on_async("hand", presenter.Presenter._hand)  # type: ignore[method-assign]


class NoopView(discord.ui.View):
    """A button whose callback only acknowledges the click."""

    def __init__(self, probe: Probe) -> None:
        super().__init__(timeout=None)
        self.probe = probe

    @discord.ui.button(label="Noop", custom_id=NOOP_ID)
    async def pressed(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        self.probe.done = time.perf_counter()


def choose(table: Any, rng: random.Random) -> tuple[int, str]:
    """(player, button label) for the next move, read from the bot's state."""
    state = table.state
    if state.phase == "betting":
        player = rng.choice(blackjack.pending(state))
        stack = next(s.stack for s in state.seats if s.player == player)
        return player, "Bet 10" if stack < 50 or rng.random() < 0.5 else "Bet 50"
    seat, index = blackjack.current_turn(state)  # type: ignore[misc]
    return seat.player, "Hit" if blackjack.total(seat.hands[index].cards) < 17 else "Stand"


async def run(db: Path, clicks: int, warmup: int) -> None:
    probe = Probe()
    instrument_hands(probe)
    bot = create_bot(db_path=db, config=Config(starting_chips=1_000_000, render_workers=machine_cores()), shard_count=1)
    try:
        await play(bot, probe, clicks, warmup)
    finally:
        if bot.store is not None:  # the bot failed to start: its store thread would keep us alive
            await bot.store.close()


async def play(bot: Any, probe: Probe, clicks: int, warmup: int) -> None:
    async with simcord.run(bot) as env:
        start = time.perf_counter()
        await bot.drawing.ready()  # as a bot connecting to Discord does meanwhile
        warmed = time.perf_counter() - start
        guild = env.create_guild()
        channel = guild.create_text_channel("blackjack")
        members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
        by_id = {m.id: m for m in members}
        await members[0].slash(channel, "blackjack create", timer=0, buy_in=DEEP)
        lobby = next(m for m in reversed(channel.history()) if any(
            getattr(c, "label", None) == "Start" for row in m.components for c in getattr(row, "children", [])))
        await members[1].slash(channel, "table join", buy_in=DEEP)
        instrument(bot, probe)
        probe.reset()
        await members[0].click(lobby, label="Start")
        first = probe.spent["render"] * 1000  # the table message's first image since start-up
        noop_channel = guild.create_text_channel("noop")
        noop = await bot.get_channel(noop_channel.id).send("no-op button", view=NoopView(probe))
        table = bot.tables.table_in(channel.id)
        rng = random.Random(5)
        rows: dict[str, list[float]] = defaultdict(list)
        labels: dict[str, int] = defaultdict(int)
        rounds = table.state.round
        for n in range(clicks + warmup):
            player, label = choose(table, rng)
            round_before = table.state.round
            message = channel.last_message
            assert message is not None and message.id == table.extra["table_message"]
            probe.reset()
            start = time.perf_counter()
            await by_id[player].click(message, label=label)
            total = time.perf_counter() - start
            bot_wall = probe.done - probe.fed
            if n >= warmup and table.state.round != round_before:
                rows["round end"].append((bot_wall - probe.spent["rest"]) * 1000)
            if n >= warmup:
                labels[label] += 1
                rows["total"].append(total * 1000)
                rows["ack"].append((probe.acked - probe.fed) * 1000)
                rows["bot wall"].append(bot_wall * 1000)
                rows["rest"].append(probe.spent["rest"] * 1000)
                rows["bot-side"].append((bot_wall - probe.spent["rest"]) * 1000)
                for key in ("commit", "render", "hand"):
                    rows[key].append(probe.spent[key] * 1000)
            probe.reset()
            start = time.perf_counter()
            await members[0].click(noop, label="Noop")
            if n >= warmup:
                rows["noop total"].append((time.perf_counter() - start) * 1000)
                rows["noop bot"].append((probe.done - probe.fed - probe.spent["rest"]) * 1000)
        rounds = table.state.round - rounds

    print(f"blackjack, 2 players, {clicks} clicks after {warmup} warm-up, {rounds} rounds: "
          + ", ".join(f"{label} {n}" for label, n in sorted(labels.items())))
    figures("ack (interaction in -> its deferral out)", rows["ack"], "well under 3 s under bursts")
    figures("click total (SimCord + bot)", rows["total"])
    figures("bot wall (interaction in -> callback out)", rows["bot wall"])
    figures("  of which simulated REST (SimCord)", rows["rest"])
    figures("bot-side = bot wall - simulated REST", rows["bot-side"], "p99 <= 50 ms")
    figures("  the clicks that end a round", rows["round end"])
    figures("  of which the commit (_commit)", rows["commit"])
    figures("  of which table image renders (drawing pool)", rows["render"])
    print(f"  first table image after start-up (the Start click, workers warmed up in {warmed:.2f} s): "
          f"{first:.1f} ms, {first / statistics.median(rows['render']):.2f}x a warm click's median (target <= 3x)")
    figures("  of which the DM hand (text + image in the pool)", rows["hand"])
    figures("SimCord's share = total - bot-side", [t - b for t, b in zip(rows["total"], rows["bot-side"], strict=True)])
    figures("no-op button: bot-side", rows["noop bot"])
    figures("no-op button: click total", rows["noop total"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clicks", type=int, default=250)
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(Path(folder) / "tarot.sqlite3", args.clicks, args.warmup))


if __name__ == "__main__":
    main()
