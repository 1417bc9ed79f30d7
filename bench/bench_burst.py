"""A burst of moves at one table through SimCord, under Discord's channel rate limit (not a test).
Run: .venv/bin/python bench/bench_burst.py [--moves 50] [--runs 3]

A 3-seat blackjack table (timer off) takes a burst of members' commands, the way a busy table's
interactions arrive: alice leaves and takes her seat again (`/table leave`, `/table join`), then
bob bets (`/blackjack bet`) — emitted back to back (SimCord's settle held off until all are
out); then the same commands 100 ms apart (a sustained stream). SimCord does
not rate-limit, so the bot's `edit_message` is wrapped in this process with Discord's documented
budget for one channel: 5 message edits per 5 seconds (a request beyond it waits for the bucket,
as discord.py does on a 429). Printed per run:
- moves made, and the table-message edits sent for them;
- each command's ack (interaction in -> its deferral out) and its answer (-> the follow-up that
  tells its outcome, after the commit) p50 / p99 / max;
- time from the first move until the table message shows the last move (the final edit done);
- for comparison, the edits and the time one edit per move would need under the same budget."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import simcord
import simcord.http.router as router
from figures import pct

from bot.client import create_bot

EDITS_PER_WINDOW, WINDOW = 5, 5.0
DISPATCH = router.dispatch


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


class Clock:
    """Per interaction: fed to the bot's parser, acknowledged (its callback), answered (its
    first follow-up)."""

    def __init__(self, bot: Any) -> None:
        self.fed: dict[int, float] = {}
        self.acked: dict[int, float] = {}
        self.answered: dict[int, float] = {}
        self.token_of: dict[str, int] = {}
        parsers = bot._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def fed(data: Any) -> Any:
            self.fed[int(data["id"])] = time.perf_counter()
            self.token_of[str(data["token"])] = int(data["id"])
            return parse(data)

        parsers["INTERACTION_CREATE"] = fed
        router.dispatch = self._timed

    def _timed(self, backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        result = DISPATCH(backend, method, path, **kwargs)
        parts = path.strip("/").split("/")
        if method == "POST" and parts[0] == "interactions" and parts[-1] == "callback":
            self.acked.setdefault(int(parts[1]), time.perf_counter())
        elif method == "POST" and parts[0] == "webhooks" and len(parts) == 3 and parts[2] in self.token_of:
            self.answered.setdefault(self.token_of[parts[2]], time.perf_counter())
        return result

    def spans(self, ends: dict) -> list[float]:
        return [(ends[i] - self.fed[i]) * 1000 for i in self.fed if i in ends]


async def no_settle(*args: Any, **kwargs: Any) -> None:
    return None


async def one_run(moves: int, folder: Path, number: int, gap: float) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    bot = create_bot(db_path=folder / f"burst{number}.sqlite3", shard_count=1)
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        room = guild.create_text_channel("casino")
        alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
        await alice.slash(room, "blackjack create", timer=0)
        lobby = next(m for m in reversed(room.history()) if any(
            getattr(c, "label", None) == "Start" for row in m.components for c in getattr(row, "children", [])))
        for guest in (bob, carol):
            await guest.click(lobby, label="Join")
        await alice.click(lobby, label="Start")
        env.settle_timeout = 120.0
        service = bot.tables
        table = service.table_in(room.id)
        message_id = table.extra["table_message"]
        version_before = table.version
        clock = Clock(bot)

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
        start = time.perf_counter()
        env._settle_internal = no_settle  # each command returns once its interaction is out
        try:
            for n in range(moves):
                if n == moves - 1:
                    await bob.slash(room, "blackjack bet", amount=30)
                elif n % 2 == 0:
                    await alice.slash(room, "table leave")
                else:
                    await alice.slash(room, "table join", buy_in=200)
                if gap:
                    await asyncio.sleep(gap)
        finally:
            del env._settle_internal
        while len(clock.answered) < moves and time.perf_counter() - start < 120:
            await asyncio.sleep(0.005)
        moved = time.perf_counter()
        last_version = table.version
        presenter = bot.get_cog("Tables").presenter
        while any(q.worker is not None and not q.worker.done() for q in presenter._messages.values()):
            await asyncio.sleep(0.005)
        shown_at = next((t for t, v in edits if v >= last_version), None)
        bot.http.edit_message = original
        await env.settle()

    to_final = "never" if shown_at is None else \
        f"{shown_at - start:.2f} s ({max(0.0, shown_at - moved):.2f} s after the last answer)"
    naive = (moves - 1) // EDITS_PER_WINDOW * WINDOW
    acks, answers = clock.spans(clock.acked), clock.spans(clock.answered)
    print(f"  run {number}: {moves} commands, {last_version - version_before} moves made -> {len(edits)} "
          f"table-message edits; last move shown after {to_final}")
    print(f"    ack    p50 {statistics.median(acks):7.1f} ms, p99 {pct(acks, 0.99):7.1f} ms, max {max(acks):7.1f} ms")
    print(f"    answer p50 {statistics.median(answers):7.1f} ms, p99 {pct(answers, 0.99):7.1f} ms, "
          f"max {max(answers):7.1f} ms")
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
