"""The table commands around play, the wallet commands, DMs and timers across a restart."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot import create_bot, fair
from bot.timers import RESTART_GRACE
from games import blackjack
from tests.discord.helpers import (
    ledger_balances,
    make_world,
    open_table,
    private_text,
    table_message,
    wallet,
)

pytestmark = pytest.mark.both_backends  # see tests/discord/conftest.py

ROOT = Path(__file__).resolve().parents[2]


async def test_wallet_daily_and_leaderboard(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    assert "**1000**" in private_text(await alice.slash(world.channel, "wallet"))
    assert "**1200**" in private_text(await alice.slash(world.channel, "daily"))
    assert "not ready yet" in private_text(await alice.slash(world.channel, "daily"))
    await simcord_env.advance_time(20 * 3600 + 1)
    assert "**1400**" in private_text(await alice.slash(world.channel, "daily"))
    assert "bob has **1000**" in private_text(await alice.slash(world.channel, "wallet", member=bob)).lower()
    board = (await alice.slash(world.channel, "leaderboard")).response.embeds[0].description
    assert board.index(alice.mention) < board.index(bob.mention)
    await ledger_balances(world)


async def test_a_game_leaderboard_ranks_results(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "blackjack", seed=31, timer=0)
    await alice.click(table_message(world), label="Bet 10")
    await bob.click(table_message(world), label="Bet 50")
    while table.state.phase == "playing":
        turn = blackjack.view(table.state)["turn"]["player"]
        await (alice if turn == alice.id else bob).slash(world.channel, "blackjack stand")
    board = (await alice.slash(world.channel, "leaderboard", game="blackjack")).response.embeds[0].description
    assert "over 1 round\n" in board + "\n" and "rounds" not in board and alice.mention in board and bob.mention in board


async def test_status_spectate_kick_and_end(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = world.members
    table = await open_table(world, "blackjack", seed=12, timer=0)
    await alice.click(table_message(world), label="Bet 10")
    status = await carol.slash(world.channel, "table status")
    assert status.ephemeral and status.response.attachments
    watching = await carol.slash(world.channel, "table spectate")
    assert watching.ephemeral and carol.id in table.extra["spectators"]
    assert "only the host" in private_text(await bob.slash(world.channel, "table kick", member=alice)).lower()
    await alice.slash(world.channel, "table kick", member=bob)
    assert bob.id not in table.players() and await wallet(world, bob) == 1000
    assert "only the host" in private_text(await carol.slash(world.channel, "table end")).lower()
    await alice.slash(world.channel, "table end")
    assert world.bot.tables.table_in(world.channel.id) is None
    assert await wallet(world, alice) == 1000
    assert "table ended" in world.channel.last_message.embeds[0].title
    await ledger_balances(world)


async def test_spectators_never_see_the_hole_card(simcord_env):
    world = make_world(simcord_env, ("alice", "carol"))
    alice, carol = world.members
    table = await open_table(world, "blackjack", seed=14, timer=0)
    await carol.slash(world.channel, "table leave")
    while table.state.phase != "playing":  # a first-card blackjack settles at once: bet again
        await alice.click(table_message(world), label="Bet 10")
    hole = table.state.dealer[1].code
    view = table.view(None)
    shown_cards = [c for c in view["dealer"]["cards"] if c] + [
        c for seat in view["seats"] for hand in seat["hands"] for c in hand["cards"]]
    assert view["dealer"]["cards"][1] is None and all(c.rstrip("r") != hole for c in shown_cards)
    status = await carol.slash(world.channel, "table status")
    words = re.findall(r"\b\w+\b", status.response.embeds[0].description)
    assert hole not in words and hole + "r" not in words, "the hole card is named nowhere in the status"


async def test_play_commands_work_from_a_dm(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "blackjack", seed=6, timer=0)
    await alice.user.slash("blackjack bet", amount=10)
    await bob.user.slash("blackjack bet", amount=10)
    assert table.state.phase == "playing"
    refused = await alice.user.slash("blackjack create")
    assert "server channels" in private_text(refused)


async def test_turn_timers_are_rearmed_after_a_restart(simcord_env, db_path):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "blackjack", seed=3, timer=30)
    await alice.click(table_message(world), label="Bet 10")
    await simcord_env.advance_time(20)
    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    table = world.table()
    # a crash (no clean stop noted): at least the 10 s the turn had left, at most its 30, and a grace
    left = table.deadline - simcord_env.now().timestamp()
    assert RESTART_GRACE + 10 <= left <= RESTART_GRACE + 30
    await simcord_env.advance_time(left - 1)
    assert table.state.phase == "betting"
    await simcord_env.advance_time(2)
    assert table.state.phase == "playing"
    log = await world.bot.store.action_log(table.id)
    assert (log[-1][1], fair.as_made(log[-1][2])) == (bob.id, {"type": "pass"})


def test_python_m_bot_without_a_token_says_what_to_do(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0
    assert "DISCORD_TOKEN" in done.stderr and ".env" in done.stderr


async def test_rules_are_shown_privately(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    shown = await alice.slash(world.channel, "rules", game="baccarat")
    assert shown.ephemeral and "mod 10" in shown.response.embeds[0].description


async def test_a_newcomer_joins_a_running_table_with_the_starting_grant(simcord_env):
    world = make_world(simcord_env, ("alice",))
    table = await open_table(world, "blackjack", seed=2, timer=0)
    dave = world.guild.add_member(simcord_env.create_user("dave"))
    joined = await dave.slash(world.channel, "table join")
    assert "seated" in private_text(joined)
    assert dave.id in table.players() and await wallet(world, dave) == 800, "he brings the default 200, not all"
    answer = private_text(await dave.slash(world.channel, "blackjack bet", amount=25))
    assert "bets 25" in answer
    await ledger_balances(world)
