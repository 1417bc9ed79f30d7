"""What happened while the bot was down, found when it comes back: a channel deleted or a server
that removed the bot (no event reached the bot) ends its tables with every chip back; a table
whose saved game turns out unreadable at its first touch is set aside and the member told so."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from bot import create_bot
from bot.client import damaged_table_in
from bot.store import packed_state, unpacked_state
from bot.tables import Table
from tests.discord.helpers import (
    buttons,
    ledger_balances,
    make_world,
    open_table,
    private_text,
    table_message,
    wallet,
)
from tests.discord.test_ending_and_limits import deal_blackjack, settled_nets


def behind_the_bots_back(env, change: Callable[[], None]) -> None:
    """Change the simulated Discord without the bot hearing of it (as while it is down)."""
    listening = list(env.backend.subscribers)
    env.backend.subscribers.clear()
    try:
        change()
    finally:
        env.backend.subscribers[:] = listening


async def ended_row(bot, table_id: int) -> Table:
    row = await bot.store.table_row(table_id)
    assert row["status"] == "ended"
    return Table(row)


async def test_a_channel_deleted_while_down_ends_its_table_at_start_up(simcord_env, db_path):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await deal_blackjack(world)
    kept_room = world.guild.create_text_channel("still-here")
    await alice.slash(kept_room, "baccarat create", buy_in=100)
    behind_the_bots_back(simcord_env, lambda: simcord_env.backend.delete_channel(world.channel.id))

    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    await simcord_env.settle()

    service = world.bot.tables
    assert service.table_in(world.channel.id) is None, "the deleted channel's table ended"
    assert service.table_in(kept_room.id) is not None, "a table whose channel exists stays"
    ended = await ended_row(world.bot, table.id)
    nets = settled_nets(world, ended)
    assert nets, "the round whose cards were out was settled, not refunded"
    assert await wallet(world, alice) == 1000 - 100 + nets.get(alice.id, 0)
    assert await wallet(world, bob) == 1000 + nets.get(bob.id, 0)
    await ledger_balances(world)


async def test_a_server_that_removed_the_bot_while_down_gets_every_chip_back(simcord_env, db_path):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await deal_blackjack(world)
    staying = make_world(simcord_env, names=("carol",), channel="other-server")
    await staying.members[0].slash(staying.channel, "baccarat create", buy_in=100)
    guild_id = world.guild.id
    behind_the_bots_back(simcord_env, lambda: simcord_env.backend.remove_guild(guild_id))

    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    await simcord_env.settle()

    service = world.bot.tables
    assert service.tables_in_guild(guild_id) == []
    assert service.table_in(staying.channel.id) is not None, "another server's table stays"
    nets = settled_nets(world, await ended_row(world.bot, table.id))
    assert await world.bot.economy.wallet(guild_id, alice.id) == 1000 + nets.get(alice.id, 0)
    assert await world.bot.economy.wallet(guild_id, bob.id) == 1000 + nets.get(bob.id, 0)
    wallets, house, granted = await world.bot.economy.ledger(guild_id)
    assert wallets + house == granted


@pytest.mark.parametrize("touch", ["table status", "a button"])
async def test_a_table_found_unreadable_is_set_aside_and_the_member_told(simcord_env, db_path, touch):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "poker", timer=0)
    message = table_message(world)
    row = await world.bot.store.table_row(table.id)
    state = json.loads(unpacked_state(row["state"]))
    state["hand"] = {"a wrong": "inside"}  # whole JSON the game cannot read
    async with world.bot.store.transaction() as tx:
        await tx.execute("UPDATE tables SET state=? WHERE id=?", (packed_state(json.dumps(state)), table.id))
    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    assert world.bot.tables.table_in(world.channel.id) is not None, "not read at start-up"

    if touch == "a button":
        player = alice if table.module.pending(table.state)[0] == alice.id else bob
        label = next(label for label, button in buttons(message).items() if not button.disabled)
        result = await player.click(message, label=label)
    else:
        result = await bob.slash(world.channel, "table status")
    answer = private_text(result)
    assert "could not be read" in answer and "back in its player's wallet" in answer
    failures = simcord_env.errors  # what reached the command tree's handler (reading acknowledges them)
    assert all(damaged_table_in(e) is not None for e in failures)
    assert world.bot.tables.table_in(world.channel.id) is None
    assert (await world.bot.store.table_row(table.id))["status"] == "damaged"
    assert await wallet(world, alice) == 1000 and await wallet(world, bob) == 1000
    await ledger_balances(world)
    answer = private_text(await alice.slash(world.channel, "table status"))
    assert "no table in this channel" in answer
    result = await alice.slash(world.channel, "poker create", timer=0)
    assert "open" in result.response.content, "the channel is free for a new table"
