"""Answer first (issue 22, item 1): every interaction that leads to a move is acknowledged before
the move waits for its table, is committed, rendered or sent. Each test holds the table's lock
(what a busy table, a slow commit or a render would do to the click), checks through SimCord
that Discord already has its acknowledgement while nothing is committed or told, then lets the
table go and sees the move committed and shown."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from games import blackjack
from tests.discord.helpers import buttons, latest_with_buttons, make_world, open_table, table_message

WAIT_STEPS = 400  # up to 4 s of 10 ms looks for the acknowledgement


def interactions_by(env: Any, member: Any) -> list[Any]:
    """SimCord's records of the interactions this member made, oldest first."""
    return [record for _, record in sorted(env.backend.interactions.items())
            if getattr(record, "user_id", None) == member.id]


async def acknowledged_while_held(env: Any, member: Any, lock: asyncio.Lock,
                                  action: Awaitable[Any]) -> tuple[Any, Any]:
    """Runs `action` (a click, command or form) while `lock` is held; returns SimCord's record of
    the interaction, seen acknowledged before the lock is let go, and the action's result."""
    before = len(interactions_by(env, member))
    await lock.acquire()
    task = asyncio.ensure_future(action)
    try:
        for _ in range(WAIT_STEPS):
            await asyncio.sleep(0.01)
            made = interactions_by(env, member)[before:]
            if made and made[-1].responded:
                break
        made = interactions_by(env, member)[before:]
        assert made, "the interaction never reached the bot"
        record = made[-1]
        assert record.responded, "not acknowledged while the table was busy: the ack waited for the move"
        assert record.deferred, "the acknowledgement tells nothing about the move (a deferral)"
        assert not record.followup_ids, "nothing is told before the move is committed"
        assert lock.locked() and not task.done()
    finally:
        lock.release()
    return record, await task


async def betting_table(world: Any):
    table = await open_table(world, "blackjack", seed=8, timer=0)
    assert table.state.phase == "betting"
    return table


async def test_a_table_button_is_acknowledged_before_the_move_waits_for_its_table(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    table = await betting_table(world)
    version, message = table.version, table_message(world)

    async def click() -> Any:
        result = await alice.click(message, label="Bet 10")
        return result

    record, result = await acknowledged_while_held(simcord_env, alice, table.lock, click())
    assert record.response_kind == "deferred_update", "a click defers the update of its message"
    assert table.version == version + 1, "the move is made once the table is free"
    assert "Waiting for: bob" in table_message(world).embeds[0].description
    assert not result.followups, "a click's outcome is the table it updates, not a message"


async def test_a_play_command_is_acknowledged_first_and_tells_its_outcome_after_the_commit(simcord_env):
    world = make_world(simcord_env)
    _, bob = world.members
    table = await betting_table(world)
    version = table.version
    command = bob.slash(world.channel, "blackjack bet", amount=20)
    record, result = await acknowledged_while_held(simcord_env, bob, table.lock, command)
    assert record.response_kind != "deferred_update"
    assert table.version == version + 1
    assert result.ephemeral and "20" in result.response.content, "the outcome replaces the thinking"


async def test_a_refusal_after_the_acknowledgement_is_still_private(simcord_env):
    """A move the rules refuse is refused under the table's lock, so after the ack: in words,
    privately, with nothing changed."""
    world = make_world(simcord_env)
    alice, _ = world.members
    table = await betting_table(world)
    await alice.click(table_message(world), label="Bet 10")
    version = table.version
    command = alice.slash(world.channel, "blackjack bet", amount=10)
    _, result = await acknowledged_while_held(simcord_env, alice, table.lock, command)
    assert table.version == version
    assert result.ephemeral and result.response.content, "the refusal is told"


async def test_a_form_and_a_lobby_button_are_acknowledged_first(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = world.members
    table = await betting_table(world)
    shown = await alice.click(table_message(world), label="Other amount…")
    assert shown.modal is not None, "the form itself is the click's answer"
    record, _ = await acknowledged_while_held(simcord_env, alice, table.lock,
                                              alice.submit_modal(shown, {"amount": "30"}))
    assert any(seat["bet"] == 30 for seat in table.view(None)["seats"]), "the form's bet is down"

    await carol.slash(world.channel, "blackjack create", timer=0)  # refused: the channel has a table
    room = world.guild.create_text_channel("second")
    await carol.slash(room, "blackjack create", timer=0)
    lobby = latest_with_buttons(room, "Join", "Start")
    second = world.bot.tables.table_in(room.id)
    record, _ = await acknowledged_while_held(simcord_env, bob, second.lock, bob.click(lobby, label="Join"))
    assert second.seated(bob.id), "joined once the table was free"
    assert "bob" in lobby_text(room), "the lobby message shows the new seat"


def lobby_text(room: Any) -> str:
    message = latest_with_buttons(room, "Join", "Start")
    return " ".join(field.value for field in message.embeds[0].fields)


async def test_a_dm_hand_button_is_acknowledged_first_then_the_hand_is_redrawn(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await betting_table(world)
    await alice.click(table_message(world), label="Bet 10")
    await bob.click(table_message(world), label="Bet 10")
    assert table.state.phase == "playing"
    player = blackjack.current_turn(table.state)[0].player
    member = alice if player == alice.id else bob
    hand = next(m for m in reversed(member.user.dm_channel.history()) if "Stand" in buttons(m))
    version = table.version
    record, _ = await acknowledged_while_held(simcord_env, member, table.lock,
                                              member.user.click(hand, label="Stand"))
    assert table.version == version + 1
    redrawn = next(m for m in member.user.dm_channel.history() if m.id == hand.id)
    assert "Stand" not in buttons(redrawn) or redrawn.content != hand.content, "the hand shows the move"

