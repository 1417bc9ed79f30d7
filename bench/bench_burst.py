"""A burst of moves at one table through SimCord, under Discord's channel rate limit (not a test).
Run: .venv/bin/python bench/bench_burst.py [--moves 50] [--runs 3]

A 3-seat blackjack table (timer off) takes a burst of moves as fast as the table service accepts
them (alice sits out and back, then bob bets), the way a busy table's clicks arrive; then the
same moves 100 ms apart (a sustained stream). SimCord does
not rate-limit, so the bot's `edit_message` is wrapped in this process with Discord's documented
budget for one channel: 5 message edits per 5 seconds (a request beyond it waits for the bucket,
as discord.py does on a 429). Printed per run:
- moves, and the table-message edits sent for them;
- move latency (what a player waits on: `TableService.act`, listeners included) p50 / p99 / max;
- time from the first move until the table message shows the last move (the final edit done);
- for comparison, the edits and the time one edit per move would need under the same budget."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import simcord
from figures import pct

from bot.client import create_bot

EDITS_PER_WINDOW, WINDOW = 5, 5.0


class ChannelBudget:
    """Discord's per-channel bucket: a request waits until it fits in the window."""

    def __init__(self) -> None:
        self.sent: list[float] = []

    async def wait(self) -> None:
        while True:
            now = time.perf_counter()
            self.sent = [t for t in self.sent if now - t < WINDOW]
            if len(self.sent) < EDITS_PER_WINDOW:
                self.sent.append(now)
                return
            await asyncio.sleep(WINDOW - (now - self.sent[0]) + 0.001)


async def one_run(moves: int, folder: Path, number: int, gap: float) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    bot = create_bot(db_path=folder / f"burst{number}.sqlite3", shard_count=1)
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        room = guild.create_text_channel("casino")
        alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
        await alice.slash(room, "blackjack create", timer=0)
        lobby = room.history()[-1]
        for guest in (bob, carol):
            await guest.click(lobby, label="Join")
        await alice.click(lobby, label="Start")
        service = bot.tables
        table = service.table_in(room.id)
        message_id = table.extra["table_message"]

        budget = ChannelBudget()
        edits: list[tuple[float, int]] = []  # (done at, table version shown)
        original = bot.http.edit_message

        async def limited(channel_id, msg_id, **kwargs):
            await budget.wait()
            shown = table.version
            result = await original(channel_id, msg_id, **kwargs)
            if msg_id == message_id:
                edits.append((time.perf_counter(), shown))
            return result

        bot.http.edit_message = limited
        latencies: list[float] = []
        start = time.perf_counter()
        for n in range(moves):
            move_start = time.perf_counter()
            if n == moves - 1:
                await service.act(table, bob.id, {"type": "bet", "amount": 30})
            else:
                await service.act(table, alice.id, {"type": "sitout" if n % 2 == 0 else "sitin"})
            latencies.append((time.perf_counter() - move_start) * 1000)
            if gap:
                await asyncio.sleep(gap)
        moved = time.perf_counter()
        last_version = table.version
        presenter = bot.get_cog("Tables").presenter
        while any(q.worker is not None and not q.worker.done() for q in presenter._messages.values()):
            await asyncio.sleep(0.005)
        shown_at = next((t for t, v in edits if v >= last_version), None)
        bot.http.edit_message = original
        await env.settle()

    to_final = "never" if shown_at is None else \
        f"{shown_at - start:.2f} s ({max(0.0, shown_at - moved):.2f} s after the last move)"
    naive = (moves - 1) // EDITS_PER_WINDOW * WINDOW
    print(f"  run {number}: {moves} moves -> {len(edits)} table-message edits; move latency "
          f"p50 {statistics.median(latencies):.1f} ms, p99 {pct(latencies, 0.99):.1f} ms, "
          f"max {max(latencies):.1f} ms; last move shown after {to_final}")
    if number == 1 and not gap:
        print(f"  (one edit per move would send {moves} edits and, at {EDITS_PER_WINDOW} per "
              f"{WINDOW:.0f} s, show the last move after >= {naive:.0f} s)")


async def main_async(moves: int, runs: int) -> None:
    print(f"A burst of {moves} moves at one blackjack table; edits limited to {EDITS_PER_WINDOW} per "
          f"{WINDOW:.0f} s in the channel")
    with tempfile.TemporaryDirectory() as folder:
        for gap in (0.0, 0.1):
            print(f"moves {'back to back' if not gap else f'{gap * 1000:.0f} ms apart'}:")
            for number in range(1, runs + 1):
                await one_run(moves, Path(folder) / f"{gap}", number, gap)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main_async(args.moves, args.runs))


if __name__ == "__main__":
    main()
