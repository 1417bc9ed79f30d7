"""A shard cluster seen from Discord. Discord delivers every DM to shard 0, so a member whose
table another process owns types `/hand` and game commands in the DM of the shard-0 process:
the bot there (SimCord, serving shard 0 of 2) finds the table through the shared PostgreSQL and
moves it as a DM button would; the owner (the table service of the process serving shard 1,
in the same test) hears of the move and catches up."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from bot import create_bot, fair
from bot.config import Config
from bot.store import Store, unpacked_state
from bot.tables import Table, TableService, build_options
from games.base import Event
from tests.discord.helpers import private_text

SHARDS = 2
OWNER_GUILD = 3 << 22  # a server on shard 1


@pytest.fixture
def simcord_bot(postgres_url):
    """The process serving shard 0: it receives the DMs."""
    return create_bot(db_path=postgres_url, config=Config(shard_count=SHARDS, shard_ids=frozenset({0})))


class Owner:
    """The process serving shard 1 (its table service), which owns the tables of OWNER_GUILD.
    Its listeners are what its presenter would be told: `heard` keeps what came from elsewhere."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.heard: list[tuple[int, int, list[str]]] = []  # (table, version, event kinds)
        service.listeners.append(self.on_event)

    async def on_event(self, table: Table, events: list[Event], origin: Any) -> None:
        if origin == "remote":
            self.heard.append((table.id, table.version, [e.kind for e in events]))

    async def open_blackjack(self, players: list[int], channel: int = 500) -> Table:
        service = self.service
        table = await service.create(OWNER_GUILD, channel, "blackjack", build_options("blackjack", {"timer": 0}),
                                     players[0], 200)
        for player in players[1:]:
            await service.join(table, player, 200)
        await service.start(table, players[0])
        return table


@pytest.fixture
async def owner(postgres_url):
    store = await Store.open(postgres_url)
    service = TableService(store, Config(shard_count=SHARDS, shard_ids=frozenset({1})), time.time)
    await service.restore()
    yield Owner(service)
    await service.close()
    await store.close()


async def stored(owner: Owner, table: Table) -> tuple[Any, ...]:
    """The table's row, log and every chip as the database holds them."""
    store = owner.service.store
    row = await store.table_row(table.id)
    return row["version"], unpacked_state(row["state"]), await store.action_log(table.id), await store.chip_sums()


async def heard_within(owner: Owner, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not owner.heard and time.monotonic() < deadline:
        await asyncio.sleep(0.02)


async def test_hand_and_a_game_command_in_a_dm_reach_a_table_another_process_owns(simcord_env, owner):
    alice, bob = simcord_env.create_user("alice"), simcord_env.create_user("bob")
    table = await owner.open_blackjack([alice.id, bob.id])
    here = simcord_env.bot.tables
    assert here.table_by_id(table.id) is None and here.tables_of(alice.id) == [], "held by its owner only"

    offered = await alice.autocomplete("blackjack bet", "table", "", amount=10)
    assert offered == [{"name": f"Major Blackjack table {table.id}", "value": str(table.id)}]
    shown = (await alice.slash("hand")).response
    assert shown is not None and shown.ephemeral and "Major Blackjack" in shown.content, "/hand shows the hand"
    assert "stack 200 chips" in shown.content

    said = private_text(await alice.slash("blackjack bet", amount=10))
    assert "10" in said, said
    version, state, log, _chips = await stored(owner, table)
    assert version == 1 and [(v, p, fair.as_made(a)) for v, p, a in log] == [(1, alice.id, {"type": "bet", "amount": 10})], \
        "applied once, logged"
    await heard_within(owner)
    assert [heard[:2] for heard in owner.heard] == [(table.id, 1)], "the owner is told once"
    assert "bet" in owner.heard[0][2], "with the move's events (what its table message shows)"
    assert table.version == 1 and json.loads(table.state_json()) == json.loads(state), "the owner caught up"
    assert here.table_by_id(table.id) is None, "the shard-0 process still does not hold the table"

    said = private_text(await bob.slash("blackjack bet", amount=20, table=str(table.id)))
    version, _state, log, _chips = await stored(owner, table)
    assert version == 2 and (*log[-1][:2], fair.as_made(log[-1][2])) == (2, bob.id, {"type": "bet", "amount": 20}), said


async def test_refusals_in_a_dm_for_other_processes_tables_are_clear_and_change_nothing(simcord_env, owner):
    alice, bob, carol = (simcord_env.create_user(name) for name in ("alice", "bob", "carol"))
    table = await owner.open_blackjack([alice.id, bob.id])
    lobby = await owner.service.create(OWNER_GUILD, 501, "poker", build_options("poker", {}), bob.id, 200)
    before = await stored(owner, table)

    assert "not seated at any" in private_text(await carol.slash("hand")).lower()
    assert "not seated at that table" in private_text(
        await carol.slash("blackjack bet", amount=10, table=str(table.id))).lower()
    assert "no open table" in private_text(await alice.slash("blackjack bet", amount=10, table="987654")).lower()
    assert "no open table" in private_text(await alice.slash("blackjack bet", amount=10, table="9" * 22)).lower()
    assert "plays major poker" in private_text(await bob.slash("blackjack hit", table=str(lobby.id))).lower()
    assert "not seated at any major poker" in private_text(await alice.slash("poker fold")).lower()
    assert "not started" in private_text(await bob.slash("poker fold")).lower()
    assert await carol.autocomplete("blackjack bet", "table", "", amount=10) == []

    assert await stored(owner, table) == before
    await asyncio.sleep(0.3)
    assert owner.heard == [], "nothing was announced"
