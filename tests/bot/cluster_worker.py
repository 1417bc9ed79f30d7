"""One bot process of a shard cluster, without Discord: the table service on a shared PostgreSQL,
serving the shards it is given, driven by JSON commands on stdin (one answer line each).

Usage: python -m tests.bot.cluster_worker DATABASE_URL SHARD_COUNT SHARD_IDS
Commands: {"cmd": "open", "guild", "channel", "game", "players", "timer"} -> {"table": id}
          {"cmd": "play", "tables", "moves", "seed"} -> {"accepted": n}
          {"cmd": "idle", "seconds"} -> {}
          {"cmd": "quiesce"} -> {} once timers and computer players have stopped
          {"cmd": "report"} -> what this process committed and heard
          {"cmd": "tables"} -> this process's tables as it holds them
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
import time
from typing import Any

from bot.config import Config, parse_shard_ids
from bot.economy import Economy
from bot.shard_claim import claim_shards
from bot.store import Store
from bot.tables import Table, TableService, build_options
from games.base import Event, IllegalAction
from tests.bot.helpers import random_move


class Worker:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self.accepted: list[list[Any]] = []  # [table, version, player, move] of the moves made here
        self.timeouts: list[list[Any]] = []  # [table, version] after each turn timer that moved
        self.heard: list[list[Any]] = []  # [table, version] of the notices this owner caught up on
        service.listeners.append(self.on_event)

    async def on_event(self, table: Table, events: list[Event], origin: Any) -> None:
        if origin == "remote":
            self.heard.append([table.id, table.version])
        elif origin == "timer" and events:
            self.timeouts.append([table.id, table.version])

    async def open(self, guild: int, channel: int, game: str, players: list[int], timer: int) -> dict:
        table = await self.service.create(guild, channel, game, build_options(game, {"timer": timer}), players[0], 200)
        for player in players[1:]:
            await self.service.join(table, player, 200)
        await self.service.start(table, players[0])
        return {"table": table.id}

    async def play(self, table_ids: list[int], moves: int, seed: int) -> dict:
        rng = random.Random(seed)
        accepted = 0
        for _ in range(moves):
            table = await self.service.table_for(rng.choice(table_ids))
            if table is None or not table.active:
                continue
            async with table.lock:  # a consistent view to choose a move from
                player, move = random_move(table, rng)
            with contextlib.suppress(IllegalAction):
                await self.service.act(table, player, move, origin="player")
                # nothing else ran since the commit (the listeners do not wait on anything)
                self.accepted.append([table.id, table.version, player, move])
                accepted += 1
            await asyncio.sleep(0)
        return {"accepted": accepted}

    def tables(self) -> dict:
        return {str(t.id): [t.version, t.state_json(), t.status, t.deadline is not None]
                for t in self.service.by_id.values()}


async def main(url: str, shard_count: int, shard_ids: str) -> None:
    store = await Store.open(url)
    config = Config(shard_count=shard_count, shard_ids=parse_shard_ids(shard_ids, shard_count))
    await claim_shards(store, config)  # as the bot does: a second process for these shards waits
    service = TableService(store, config, time.time)
    Economy(store, config, time.time)
    worker = Worker(service)
    restored = await service.restore()
    print(json.dumps({"ready": restored}), flush=True)
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        command = json.loads(line)
        name = command.pop("cmd")
        if name == "open":
            answer = await worker.open(**command)
        elif name == "play":
            answer = await worker.play(command["tables"], command["moves"], command["seed"])
        elif name == "idle":
            await asyncio.sleep(command["seconds"])
            answer = {}
        elif name == "quiesce":  # no more timers or computer moves; what is under way finishes
            await service.close()
            await asyncio.sleep(0.5)
            answer = {}
        elif name == "report":
            answer = {"accepted": worker.accepted, "timeouts": worker.timeouts, "heard": worker.heard}
        else:
            answer = {"tables": worker.tables()}
        print(json.dumps(answer), flush=True)
    await service.close()
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
