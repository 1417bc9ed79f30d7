"""Soak (not a test): Arcanoid rounds played through TableService on a SQLite file with a short
retention, printing the database's size as it goes. Run from the repository root:
    .venv/bin/python bench/bench_soak.py [--rounds 10000] [--tables 4] [--seats 2] [--keep-rounds 200]

`--tables` tables play at once, `--seats` people each (their moves chosen by the computer player's
policy, as fast as the service takes them; a reaction window is closed at once, as its timer
would). A game lasts 20 rounds; a finished table is replaced by a new one in its channel. Time
is simulated: the clock moves one second a move, and the retention is `--keep-rounds` rounds'
worth of moves (Retention, the bot's own background pruning, runs beside the play: it hears
every committed move, as in the bot, and prunes once a round's worth of simulated time passed). Printed every `--every` rounds: the main file and its WAL, the pages in
use and free, and the rows of the action log, deals and tables. The file stops growing when the
retention holds steady: compare the sizes over the second half of the run."""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bot.config import Config  # noqa: E402
from bot.retention import Retention  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.tables import Table, TableService, build_options  # noqa: E402
from games.base import RUNTIME_PLAYER, IllegalAction  # noqa: E402

ROUNDS_A_GAME = 20
MOVES_A_ROUND = 60  # about, at two seats (70 at four)
PLAYER_BASE = 1_100_000_000_000_000_000


class SimulatedClock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def open_game(service: TableService, n: int, seats: int) -> Table:
    players = [PLAYER_BASE + n * 10 + p for p in range(seats)]
    options = build_options("arcanoid", {"rounds": ROUNDS_A_GAME, "timer": 0})
    table = await service.create(1 + n // 10, 10**17 + n, "arcanoid", options, players[0], None)
    for player in players[1:]:
        await service.join(table, player, None)
    await service.start(table, players[0])
    return table


async def one_move(service: TableService, table: Table) -> None:
    module = table.module
    waiting = module.pending(table.state)
    if waiting:
        player = waiting[0]
        move = module.computer_action(table.state, player)
    else:  # a reaction window: everyone lets it pass
        player, move = RUNTIME_PLAYER, {"type": "close_window"}
    await service.act(table, player, move)


async def soak(folder: Path, rounds: int, tables: int, seats: int, keep_rounds: int, every: int) -> None:
    path = folder / "soak.sqlite3"
    store = await Store.open(path)
    clock = SimulatedClock()
    service = TableService(store, Config(starting_chips=1_000), clock)
    service.computer_pause = 3_600  # no computers here; people's moves are made by the loop
    keep = keep_rounds * MOVES_A_ROUND
    retention = Retention(store, keep, clock, every=MOVES_A_ROUND)  # a round of pruning a round of play
    service.listeners.append(retention.after_move)  # as the bot does
    retention.start()
    done_rounds = 0
    next_print = every
    sizes: list[tuple[int, int]] = []
    started = time.perf_counter()
    print(f"  {'rounds':>7} {'seconds':>8} {'file KB':>9} {'WAL KB':>8} {'pages used':>10} {'free':>6} "
          f"{'actions':>8} {'deals':>6} {'tables':>6}")

    async def report() -> None:
        pages = (await store.fetchone("PRAGMA page_count"))[0]
        free = (await store.fetchone("PRAGMA freelist_count"))[0]
        counts = await store.row_counts()
        main = path.stat().st_size
        wal = Path(f"{path}-wal").stat().st_size if Path(f"{path}-wal").exists() else 0
        sizes.append((done_rounds, main))
        print(f"  {done_rounds:>7} {time.perf_counter() - started:>8.0f} {main / 1024:>9.0f} {wal / 1024:>8.0f} "
              f"{pages - free:>10} {free:>6} {counts['actions']:>8} {counts['deals']:>6} {counts['tables']:>6}",
              flush=True)

    async def player(n: int) -> None:
        nonlocal done_rounds, next_print
        while done_rounds < rounds:
            table = await open_game(service, n, seats)
            seen = 0
            while table.status == "active" and done_rounds < rounds:
                try:
                    await one_move(service, table)
                except IllegalAction as refusal:
                    raise SystemExit(f"a computer's move was refused: {refusal.reason}") from None
                clock.now += 1
                finished = len(table.state.results) if table.status == "active" else ROUNDS_A_GAME
                done_rounds += max(0, finished - seen)
                seen = max(seen, finished)
                if done_rounds >= next_print:
                    next_print += every
                    await report()

    await asyncio.gather(*(player(n) for n in range(tables)))
    await retention.stop()
    await report()
    await service.close()
    await store.close()
    half = [size for at, size in sizes if at >= rounds // 2]
    if len(half) >= 2:
        print(f"  second half: file {min(half) / 1024:.0f} to {max(half) / 1024:.0f} KB "
              f"(median {statistics.median(half) / 1024:.0f} KB); from the first to the last print of it "
              f"{(half[-1] - half[0]) / 1024:+.0f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--keep-rounds", type=int, default=200)
    parser.add_argument("--every", type=int, default=500)
    args = parser.parse_args()
    print(f"Soak: {args.rounds} Arcanoid rounds, {args.tables} tables at once, {args.seats} seats, retention about "
          f"{args.keep_rounds} rounds of simulated time (load average {os.getloadavg()[0]:.1f})")
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(soak(Path(folder), args.rounds, args.tables, args.seats, args.keep_rounds, args.every))


if __name__ == "__main__":
    main()
