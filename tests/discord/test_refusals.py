"""Bad input through Discord: every refusal is private, says what was wrong, and changes nothing
(state, version, chips)."""

from __future__ import annotations

import asyncio

import discord
import pytest
from simcord import OptionError

from games import blackjack
from tests.discord.helpers import (
    latest_with_buttons,
    ledger_balances,
    make_world,
    open_table,
    private_text,
    refused,
    reread,
    snapshot,
    stale_step_refused,
    steps_on,
    table_message,
)


async def dealt_table(world, seed: int = 21):
    alice, bob = world.members
    table = await open_table(world, "blackjack", seed=seed, timer=0)
    await alice.click(table_message(world), label="Bet 10")
    await bob.click(table_message(world), label="Bet 10")
    return table


def turn_and_other(world, table):
    turn = blackjack.view(table.state)["turn"]["player"]
    alice, bob = world.members
    return (alice, bob) if turn == alice.id else (bob, alice)


async def test_out_of_turn_is_refused(simcord_env):
    world = make_world(simcord_env)
    table = await dealt_table(world)
    _, idle = turn_and_other(world, table)
    await refused(world, idle.click(table_message(world), label="Hit"), "not your turn")
    await refused(world, idle.slash(world.channel, "blackjack stand"), "not your turn")


async def test_a_dm_follows_a_move_made_elsewhere_and_an_earlier_step_is_refused(simcord_env):
    world = make_world(simcord_env)
    table = await dealt_table(world)
    player, _ = turn_and_other(world, table)
    old_dm = next(m for m in reversed(player.user.dm_channel.history()) if m.components)
    old_step = table.step_key()
    assert steps_on(old_dm) == {old_step}
    await player.slash(world.channel, "blackjack hit")
    now = reread(player.user.dm_channel, old_dm)
    assert old_step not in steps_on(now), "the DM no longer offers the moves of the earlier step"
    if table.active and blackjack.pending(table.state) == [player.id]:
        assert steps_on(now) == {table.step_key()} and "Your move." in now.content
    else:
        assert not now.components and "Your move." not in now.content
    await stale_step_refused(world, player, old_step, {"type": "stand"})


@pytest.mark.both_backends
async def test_a_double_click_applies_once(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    await alice.slash(world.channel, "blackjack create", timer=0)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    await bob.click(lobby, label="Join")
    await refused(world, bob.click(lobby, label="Join"), "already seated")
    await alice.click(lobby, label="Start")
    message = table_message(world)
    await alice.click(message, label="Bet 10")
    await refused(world, alice.click(message, label="Bet 10"), "already bet")


@pytest.mark.both_backends
async def test_two_moves_at_once_apply_one_after_the_other(simcord_env):
    world = make_world(simcord_env)
    table = await dealt_table(world)
    player, _ = turn_and_other(world, table)
    step = table.step_key()
    results = await asyncio.gather(
        world.bot.tables.act(table, player.id, {"type": "stand"}, step=step),
        world.bot.tables.act(table, player.id, {"type": "stand"}, step=step),
        return_exceptions=True,
    )
    assert sum(isinstance(r, list) for r in results) == 1
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1 and "earlier turn" in str(refused[0])
    log = await world.bot.store.action_log(table.id)
    assert [a for _, p, a in log if p == player.id].count({"type": "stand"}) == 1


async def test_bets_the_stack_cannot_cover_or_the_table_forbids(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    await alice.slash(world.channel, "blackjack create", timer=0, buy_in=100)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    await refused(world, alice.slash(world.channel, "blackjack bet", amount=300), "you have 100 chips")
    await refused(world, bob.slash(world.channel, "blackjack bet", amount=5), "minimum bet is 10")
    await refused(world, bob.slash(world.channel, "blackjack bet", amount=600), "maximum bet is 500")


@pytest.mark.parametrize("typed, says", [("0", "more than zero"), ("-5", "“-5” is not a whole number"),
                                         ("ten", "“ten” is not a whole number"), ("99999999999", "maximum bet")])
async def test_the_amount_form_refuses_what_is_not_a_bet(simcord_env, typed, says):
    world = make_world(simcord_env)
    alice, _ = world.members
    await open_table(world, "blackjack", seed=2, timer=0)
    shown = await alice.click(table_message(world), label="Other amount…")
    assert shown.modal is not None
    await refused(world, alice.submit_modal(shown, {"amount": typed}), says)


@pytest.mark.parametrize("amount", [0, -20, 10**15, "lots"])
async def test_discord_itself_refuses_out_of_range_slash_amounts(simcord_env, amount):
    world = make_world(simcord_env)
    alice, _ = world.members
    await open_table(world, "blackjack", seed=2, timer=0)
    before = snapshot(world)
    with pytest.raises(OptionError):
        await alice.slash(world.channel, "blackjack bet", amount=amount)
    assert snapshot(world) == before


async def test_a_buy_in_above_the_wallet_and_joining_twice(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = world.members
    await alice.slash(world.channel, "blackjack create", timer=0, buy_in=100)
    await refused(world, carol.slash(world.channel, "table join", buy_in=5000), "you have 1000 chips")
    await bob.slash(world.channel, "table join", buy_in=100)
    await refused(world, bob.slash(world.channel, "table join", buy_in=100), "already seated")


async def test_commands_where_there_is_no_table(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    for name in ("blackjack hit", "table start", "table leave", "hand"):
        await refused(world, alice.slash(world.channel, name), "no table in this channel")
    await refused(world, alice.slash(world.channel, "baccarat bet", on="tie", amount=10),
                         "no table in this channel")


async def test_starting_is_the_hosts_and_needs_a_seated_player(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    await alice.slash(world.channel, "blackjack create", timer=0)
    await bob.slash(world.channel, "table join")
    await refused(world, bob.slash(world.channel, "table start"), "only the host")
    await bob.slash(world.channel, "table leave")
    await alice.slash(world.channel, "table leave")  # the last one out: the lobby closes
    await refused(world, alice.slash(world.channel, "table start"), "no table in this channel")
    await alice.slash(world.channel, "tarot create", players=4, timer=0)
    await refused(world, alice.slash(world.channel, "table start"), "needs at least 4")


async def test_an_unknown_card_in_count_is_named(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    await refused(world, alice.slash(world.channel, "count", cards="KC 10S blorp 21"), "'blorp'")
    await refused(world, alice.slash(world.channel, "count", cards="KC KC"), "named twice")


async def test_count_answers_with_every_method_and_the_pile(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    result = await alice.slash(world.channel, "count", cards="king of cups, 21, excuse, QS, 2W, 5P", group=2)
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert "**18**" in embed.description  # 4½ + 4½ + 4½ + 3½ + ½ + ½ in twos
    assert [f.name.split(":")[0] for f in embed.fields] == ["original", "fractional", "subtraction", "valuable"]
    assert all(f.name.endswith(": 18") for f in embed.fields)
    assert result.response.attachments[0].filename == "pile.png"


@pytest.mark.both_backends
async def test_a_member_leaving_the_server_frees_their_seat_with_their_chips(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await dealt_table(world)
    world.guild.remove_member(bob)
    await simcord_env.settle()
    while table.state.phase == "playing":
        await alice.slash(world.channel, "blackjack stand")
    assert bob.id not in table.players()
    await ledger_balances(world)
    wallets, _, _ = await world.bot.economy.ledger(world.guild.id)
    assert wallets > 0


async def test_no_table_where_the_bot_cannot_post(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    me = world.bot.get_guild(world.guild.id).me
    closed = world.guild.create_text_channel(
        "read-only", overwrites={me: discord.PermissionOverwrite(send_messages=False, attach_files=False)})
    text = private_text(await alice.slash(closed, "blackjack create"))
    assert "Send Messages" in text and "Attach Files" in text
    assert world.bot.tables.table_in(closed.id) is None
