"""Applies random legal moves to one table until it is killed (the crash test's victim).

Usage: python -m tests.bot.crash_worker DB_PATH_OR_URL SEED [claim]
(`claim`: it first claims every shard, as the bot does, so a second one waits for the first.)
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from bot.store import database_target
from tests.bot.helpers import open_service, open_table, play_randomly


async def main(path: str | Path, seed: int, claim: bool) -> None:
    service, _ = await open_service(path, claim=claim)
    table = service.table_in(10) or await open_table(service, "blackjack", [101, 102, 103])
    print("ready", flush=True)
    rng = random.Random(seed)
    while True:
        await play_randomly(service, table, rng, 1)


if __name__ == "__main__":
    asyncio.run(main(database_target(sys.argv[1]), int(sys.argv[2]), sys.argv[3:] == ["claim"]))
