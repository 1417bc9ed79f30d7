"""Driving the table service directly, on a real SQLite file or PostgreSQL database, without Discord."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

from bot.config import Config
from bot.economy import Economy
from bot.shard_claim import claim_shards
from bot.store import Store
from bot.tables import Table, TableService, build_options
from games.base import IllegalAction

GUILD = 1


class Clock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def open_service(path: str | Path, clock: Clock | None = None,
                       claim: bool = False) -> tuple[TableService, Economy]:
    """A service on the store at `path` holding every table (`claim`: owning every shard alone
    first, as the bot does: bot/shard_claim.py)."""
    store = await Store.open(path)
    clock = clock or Clock()
    config = Config()
    if claim:
        await claim_shards(store, config)
    service = TableService(store, config, clock)
    await service.restore()
    return service, Economy(store, config, clock)


async def close_service(service: TableService) -> None:
    await service.close()
    await service.store.close()


async def open_table(service: TableService, game: str, players: list[int], channel: int = 10,
                     **options: object) -> Table:
    built = build_options(game, {"timer": 0, **options})
    table = await service.create(GUILD, channel, game, built, players[0], 200)
    for player in players[1:]:
        await service.join(table, player, 200)
    await service.start(table, players[0])
    return table


def random_move(table: Table, rng: random.Random) -> tuple[int, dict]:
    """A random legal move for one of the players the game waits on (bets get amounts)."""
    module = table.module
    waiting = module.pending(table.state) or table.players()
    player = rng.choice(waiting)
    moves = [m for m in module.legal_actions(table.state, player)
             if m["type"] not in ("join", "leave", "sitout", "sitin")] or [{"type": "pass"}]
    move = dict(rng.choice(moves))
    if move["type"] == "bet":
        low, high = move.get("min", 1), move.get("max", 1)
        move = {k: v for k, v in move.items() if k not in ("min", "max")}
        move["amount"] = rng.randint(low, max(low, min(high, low * 3)))
    return player, move


async def play_randomly(service: TableService, table: Table, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if not table.players():
            return  # everyone has left
        player, move = random_move(table, rng)
        with contextlib.suppress(IllegalAction):
            await service.act(table, player, move)


async def chips_everywhere(service: TableService, economy: Economy) -> tuple[int, int]:
    """(wallets + house + chips at open tables, chips granted) for the test server."""
    wallets, house, granted = await economy.ledger(GUILD)
    at_tables = sum(t.chips_at_table() for t in service.by_channel.values() if t.guild_id == GUILD)
    return wallets + house + at_tables, granted


async def records_rows(store: Store) -> dict[str, list[tuple]]:
    """Every row of the players' records (bot/records.py), in key order (`last_at`, the moment
    of writing, left out)."""
    queries = {
        "records": "SELECT guild_id, user_id, game, played, won, lost, pushed, net, best_win, streak, best_streak "
                   "FROM records ORDER BY guild_id, user_id, game",
        "record_days": "SELECT guild_id, game, day, user_id, played, won, net FROM record_days "
                       "ORDER BY guild_id, game, day, user_id",
        "record_figures": "SELECT guild_id, user_id, game, figure, value, note FROM record_figures "
                          "ORDER BY guild_id, user_id, game, figure",
    }
    return {name: [tuple(row) for row in await store.fetchall(sql)] for name, sql in queries.items()}
