"""/verify's cost, bot side, on a real SQLite store: the worst texts a member can type (garbage
up to Discord's 6,000 characters, a well-formed unknown seed) and a real check that re-deals a
4-deck shoe (312 cards, the largest deal) by the public algorithm (hmac-sha256-v1), through the
store and alone. Prints medians and p99 in milliseconds.

    python bench/bench_verify.py
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store import Store  # noqa: E402
from bot.verify import verify  # noqa: E402
from games import fairness, house  # noqa: E402
from games.base import IllegalAction  # noqa: E402

GUILD = 1
RUNS = 300


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


async def timed(store: Store, text: str) -> list[float]:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        with contextlib.suppress(IllegalAction):
            await verify(store, GUILD, text)
        times.append((time.perf_counter() - start) * 1000)
    return times


def redeal_times(record: dict) -> list[float]:
    """The algorithm alone (no store): re-dealing the 4-deck shoe's record and comparing."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        assert fairness.first_difference(record) is None
        times.append((time.perf_counter() - start) * 1000)
    return times


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        dealer = fairness.new_dealer()
        dealer.clients = {"1": "lucky-7", "2": "c0ffee"}
        shoe = house.new_shoe(dealer, [1, 2], 4)
        dealt = house.take(house.Table(None, [], shoe), len(shoe.cards))
        async with store.transaction() as tx:
            await tx.execute("INSERT INTO tables (id, guild_id, channel_id, game, options, host_id, status, lobby, "
                             "created_at) VALUES (1, ?, 10, 'blackjack', '{}', 1, 'ended', '[]', 0)", (GUILD,))
            for n in range(10_000):  # a store with many deals on record
                await tx.commit_deal(GUILD, 1, "blackjack", f"hand {n}", fairness.commitment(f"other{n}"), 0, 0)
            await tx.commit_deal(GUILD, 1, "blackjack", "shoe 1", shoe.deal.commitment, 0, 0)
            record = fairness.revealed(shoe.deal).data
            await tx.reveal_deal(shoe.deal.commitment, shoe.deal.seed, fairness.stored_setup(record), shoe.deal.dealt, 0)
        assert len(dealt) == 312 and (await verify(store, GUILD, shoe.deal.seed)).matches
        cases = {"garbage, 6,000 characters": "1 2 " * 1500, "unknown seed, 64 characters": "f" * 64,
                 "real check: a 4-deck shoe re-dealt": shoe.deal.seed}
        for name, text in cases.items():
            times = await timed(store, text)
            print(f"{name:38} median {statistics.median(times):7.3f} ms   p99 {p99(times):7.3f} ms")
        times = redeal_times(record)
        print(f"{'re-deal alone: 312 cards, hmac-sha256-v1':38} median {statistics.median(times):7.3f} ms   "
              f"p99 {p99(times):7.3f} ms   (must stay under 5 ms)")
        await store.close()


if __name__ == "__main__":
    asyncio.run(main())
