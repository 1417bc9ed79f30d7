"""One DM per change of a person's hand, and no old DM that still looks current: at the start of
a table each person gets one DM (the deal's DM becomes their turn when computers move first), a
turn brings at most one new DM, and every DM a newer one replaced says so without controls (no
old prompt, countdown or button reads as current)."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.private_hands import SUPERSEDED
from games import arcanoid as arc
from tests.discord.helpers import latest_with_buttons, make_world, reread
from tests.discord.test_arcanoid_live import alice_and_bob
from tests.discord.test_arcanoid_play import LONG_WINDOW, SETTLE_SECONDS, dm_move
from tests.discord.test_computer_players import poker_move
from tests.seeds import predict

TURNS = 4
COMPUTER_DEALS_TO_ALICE = 2020  # a Tarot Rummy seed whose cut makes alice the dealer


def dms(member: Any) -> list[Any]:
    return member.user.dm_channel.history() if member.user.dm_channel else []


def only_the_newest_is_current(member: Any) -> None:
    *older, newest = dms(member)
    assert SUPERSEDED not in newest.content
    for message in older:
        assert message.content.startswith(SUPERSEDED), message.content
        assert not message.components, "an old DM keeps its controls"
        assert "<t:" not in message.content


async def start_against_computers(world: Any, game: str, seed: int = 2024, **options: Any) -> Any:
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    predict(seed)
    await alice.slash(world.channel, f"{game} create", timer=0, **options)
    await alice.click(latest_with_buttons(world.channel, "Start"), label="Start")
    return world.table()


async def test_poker_sends_one_dm_at_the_start_and_one_a_turn(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    await start_against_computers(world, "poker", bots=3)
    assert len(dms(alice)) == 1, [m.content for m in dms(alice)]
    assert "Your turn" in dms(alice)[0].content
    for _ in range(TURNS):
        before = len(dms(alice))
        await poker_move(world, alice)
        assert len(dms(alice)) - before <= 1, "a move of hers and the computers' answers bring one DM at most"
        only_the_newest_is_current(alice)
    assert len(dms(alice)) > 1, "the turns went on to new DMs"


async def test_rummy_sends_one_dm_at_the_start_when_the_computer_plays_first(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await start_against_computers(world, "rummy", seed=COMPUTER_DEALS_TO_ALICE, opponent="bot")
    assert table.state.moves, "the computer, not the dealer, played first"
    assert len(dms(alice)) == 1, [m.content for m in dms(alice)]
    assert "Your turn" in dms(alice)[0].content


@pytest.mark.simcord(settle_timeout=SETTLE_SECONDS)
async def test_arcanoid_sends_one_dm_a_round_start_and_one_a_turn(simcord_env):
    """Through round 1 into round 2, which a computer opens: every action of the test (a move of
    alice's, the clock closing a window) brings alice one new DM at most, and a new round one."""
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await start_against_computers(world, "arcanoid", bots=2, rounds=2, reaction_seconds=LONG_WINDOW)
    assert len(dms(alice)) == 1, [m.content for m in dms(alice)]
    moves = 0
    while table.state.round < 2 or moves == 0:
        before, round_ = len(dms(alice)), table.state.round
        if table.state.phase == "window":
            await simcord_env.advance_time(LONG_WINDOW)  # the window closes by its time
        elif arc.pending(table.state)[0] < 0:
            await simcord_env.advance_time(1)
        else:
            await dm_move(alice, table)
            moves = moves + 1 if table.state.round == 2 else 0
        assert len(dms(alice)) - before <= 1, [m.content[:80] for m in dms(alice)[before:]]
        only_the_newest_is_current(alice)
        if table.state.round != round_:
            assert arc.pending(table.state)[0] != alice.id or len(dms(alice)) == before + 1
    assert table.state.round == 2


async def test_an_arcanoid_reaction_prompt_a_new_dm_replaced_no_longer_counts_down(simcord_env):
    world, alice, bob, table = await alice_and_bob(simcord_env, "9S 10S 2C 3C 4C 5C", "0 2W 3W 4W 5W 6W")
    await alice.slash(world.channel, "arcanoid commit", field="swords", cards="9S 10S")
    prompt = dms(bob)[-1]
    assert f"the window closes <t:{int(table.deadline)}:R>" in prompt.content and prompt.components
    await simcord_env.advance_time(21)  # the window closes; bob's turn comes in a new DM
    assert arc.pending(table.state) == [bob.id] and dms(bob)[-1].id != prompt.id
    old = reread(bob.user.dm_channel, prompt)
    assert old.content.startswith(SUPERSEDED) and "<t:" not in old.content and "window closes" not in old.content
    assert not old.components
    only_the_newest_is_current(bob)
