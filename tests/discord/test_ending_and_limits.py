"""Ending tables (issue 10, items 3 and 4): `/table end` after the deal settles the round; a
deleted channel or thread, or a server that removes the bot, ends its tables with every chip
back; a second table in a channel is refused clearly. (Simultaneous creates: SimCord runs one
operation at a time, so they are raced on the service itself, tests/bot/test_ending.py.)"""

from __future__ import annotations

import pytest
from simcord.builders import ChannelHandle

from tests.discord.helpers import (
    ledger_balances,
    make_world,
    open_table,
    private_text,
    table_message,
    wallet,
)

pytestmark = pytest.mark.both_backends  # see tests/discord/conftest.py


def settled_nets(world, table) -> dict[int, int]:
    """Each player's net over the table's settled rounds (its /history record)."""
    nets: dict[int, int] = {}
    for entry in table.state.history:
        for seat in entry["seats"]:
            net = seat.get("net")
            if net is None:  # blackjack: per hand
                net = sum(h["net"] for h in seat["hands"])
            nets[seat["player"]] = nets.get(seat["player"], 0) + net
    return nets


async def deal_blackjack(world) -> object:
    table = await open_table(world, "blackjack", timer=0)
    while table.state.phase != "playing":
        for member in world.members:
            if member.id in table.module.pending(table.state):
                await member.click(table_message(world), label="Bet 10")
    return table


async def test_table_end_after_the_deal_settles_the_round(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await deal_blackjack(world)
    rounds = len(table.state.history)
    answer = private_text(await alice.slash(world.channel, "table end"))
    assert "played out" in answer
    assert world.bot.tables.table_in(world.channel.id) is None
    assert len(table.state.history) == rounds + 1, "the dealt round is settled and recorded"
    nets = settled_nets(world, table)
    assert await wallet(world, alice) == 1000 + nets.get(alice.id, 0)
    assert await wallet(world, bob) == 1000 + nets.get(bob.id, 0)
    ended = world.channel.last_message.embeds[0]
    assert "table ended" in ended.title and "played out" in ended.description
    assert not table_message(world, table).components, "the settled round's message keeps no buttons"
    await ledger_balances(world)


async def test_a_deleted_channel_returns_every_chip_and_frees_the_slot(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await deal_blackjack(world)
    simcord_env.backend.delete_channel(world.channel.id)
    await simcord_env.settle()
    assert table.status == "ended" and world.bot.tables.table_in(world.channel.id) is None
    nets = settled_nets(world, table)
    assert nets, "the round whose cards were out was settled, not refunded"
    assert await wallet(world, alice) == 1000 + nets.get(alice.id, 0)
    assert await wallet(world, bob) == 1000 + nets.get(bob.id, 0)
    await ledger_balances(world)
    row = await world.bot.store.table_row(table.id)
    assert row["status"] == "ended"


async def test_a_deleted_thread_ends_its_lobby(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    thread = ChannelHandle(simcord_env, world.guild,
                           simcord_env.backend.create_thread(world.channel.id, "table 2", alice.id))
    result = await alice.slash(thread, "baccarat create", buy_in=300)
    assert "open" in result.response.content
    assert await wallet(world, alice) == 700
    simcord_env.backend.delete_channel(thread.id)
    await simcord_env.settle()
    assert world.bot.tables.table_in(thread.id) is None
    assert await wallet(world, alice) == 1000
    await ledger_balances(world)


async def test_a_server_that_removes_the_bot_gets_every_chip_back(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await deal_blackjack(world)
    other = world.guild.create_text_channel("lobby-room")
    await alice.slash(other, "baccarat create", buy_in=100)
    guild_id = world.guild.id
    simcord_env.backend.remove_guild(guild_id)
    await simcord_env.settle()
    service = world.bot.tables
    assert [t for t in service.by_channel.values() if t.guild_id == guild_id] == []
    nets = settled_nets(world, table)
    assert await world.bot.economy.wallet(guild_id, alice.id) == 1000 + nets.get(alice.id, 0)
    assert await world.bot.economy.wallet(guild_id, bob.id) == 1000 + nets.get(bob.id, 0)
    wallets, house, granted = await world.bot.economy.ledger(guild_id)
    assert wallets + house == granted


async def test_a_second_create_in_the_same_channel_is_refused_clearly(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    assert "is open" in (await alice.slash(world.channel, "blackjack create", buy_in=100)).response.content
    answer = private_text(await bob.slash(world.channel, "poker create"))
    assert "already has a table" in answer
    assert await wallet(world, bob) == 1000
    await ledger_balances(world)
