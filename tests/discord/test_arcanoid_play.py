"""Arcanoid through SimCord, the real bot: a member plays a whole game against two computer
players from the DM menus, a Fool steals inside a reaction window, a restart during a window
resumes it, a High Priestess look reaches only its player, an idle player's timer plays the
default, and bad input changes nothing."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot import create_bot
from cogs.arcanoid import encode
from games import arcanoid as arc
from games.cards import cards
from tests.discord.helpers import make_world, open_table, private_text, refused

SETTLE_SECONDS = 30  # the whole game's SimCord settle limit (see below)
LONG_WINDOW = SETTLE_SECONDS + 10  # its windows: longer than the limit, so the test's clock closes them


def latest_dm(member: Any) -> discord.Message:
    for message in reversed(member.user.dm_channel.history()):
        if message.components:
            return message
    raise AssertionError("no DM with controls")


def menu(message: discord.Message, code: str) -> Any | None:
    for row in message.components:
        for item in getattr(row, "children", []):
            if str(getattr(item, "custom_id", "")).endswith(f":{code}") and str(item.custom_id).startswith("ts:"):
                return item
    return None


async def dm_move(member: Any, table: Any) -> None:
    """The computer policy's move for the member, made from the DM controls: a commit from the
    commit menu when it is there, else the lowest card discarded, else the first menu entry."""
    wanted = arc.computer_action(table.state, member.id)
    dm = latest_dm(member)
    if wanted["type"] == "vote":
        await member.user.click(dm, label="Refill the deck" if wanted["refill"] else "Keep it empty")
        return
    commit_menu = menu(dm, "mv1")
    options = [o.value for o in commit_menu.options] if commit_menu is not None else []
    if encode(wanted) in options:
        await member.user.select(dm, [encode(wanted)], custom_id=commit_menu.custom_id)
        return
    discard_menu = menu(dm, "discard")
    if discard_menu is not None:
        await member.user.select(dm, [discard_menu.options[0].value], custom_id=discard_menu.custom_id)
        return
    await member.user.select(dm, [options[0]], custom_id=commit_menu.custom_id)


def arrange(table: Any, hands: dict[int, str]) -> None:
    """Set hands (the rest of the cards stay where they were, swapped in)."""
    state = table.state
    wanted = {p: cards(h) for p, h in hands.items()}
    faces = {c.face for hand in wanted.values() for c in hand}
    freed = [c for p in wanted for c in state.seat(p).hand if c.face not in faces]
    for place in [state.deck] + [s.hand for s in state.seats if s.player not in wanted]:
        for i, c in enumerate(place):
            if c.face in faces:
                place[i] = freed.pop()
    for player, hand in wanted.items():
        state.seat(player).hand = hand
    state.turn = state.seats.index(state.seat(min(hands, key=lambda p: list(hands).index(p))))


# Each table move is drawn (the four battlefields) and DMs rendered: on a busy machine one clock
# step may take a while of real time, so SimCord waits longer for the bot to settle. It also waits,
# in real time, for the timers due within that limit: the windows last longer than it and the
# computers move at once, so the test's clock alone closes each window (no real-time waits).
@pytest.mark.simcord(settle_timeout=SETTLE_SECONDS)
async def test_one_member_plays_a_whole_game_against_two_computers(simcord_env, db_path):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "arcanoid", bots=2, rounds=1, timer=0, reaction_seconds=LONG_WINDOW)
    moves = windows = 0
    for _ in range(3000):
        if arc.is_over(table.state):
            break
        if table.state.phase == "window":
            await simcord_env.advance_time(LONG_WINDOW)  # the window closes by its time
            windows += 1
            continue
        if arc.pending(table.state)[0] < 0:
            await simcord_env.advance_time(1)
            continue
        await dm_move(alice, table)
        moves += 1
    assert arc.is_over(table.state) and table.status == "ended"
    assert moves >= 4 and windows >= 1
    dms = alice.user.dm_channel.history()
    assert any(m.attachments for m in dms), "her hand came by DM, as an image"  # (a DM move edits that DM)
    said = "\n".join(m.content for m in world.channel.history())
    assert "Round 1 is over" in said and "Arcanoid is over" in said and "Standings (battles won)" in said
    board = (await alice.slash(world.channel, "leaderboard", game="arcanoid")).response.embeds[0].description
    assert alice.mention in board, "the game and its battles are on the leaderboard"
    round_news = next(m for m in world.channel.history() if "Round 1 is over" in m.content)
    assert round_news.attachments, "the round ends with a picture of its four battles"


@pytest.mark.both_backends
async def test_a_fool_steals_inside_the_window_and_a_restart_resumes_a_window(simcord_env, db_path):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0, reaction_seconds=8)
    arrange(table, {alice.id: "9S 10S 2C 3C 4C 5C", bob.id: "0 2W 3W 4W 5W 6W"})
    result = await alice.slash(world.channel, "arcanoid commit", field="swords", cards="9S 10S")
    assert result.ephemeral
    assert table.state.phase == "window"
    dm = latest_dm(bob)
    assert "You may react now" in dm.content
    assert not any("You may react" in m.content for m in alice.user.dm_channel.history())

    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    table = world.table()
    assert table.state.phase == "window", "the window survived the restart"
    assert table.deadline is not None
    await bob.user.click(latest_dm(bob), label="Play the Fool: steal it")
    assert "swords" in table.state.seat(bob.id).fields
    assert "swords" not in table.state.seat(alice.id).fields


@pytest.mark.both_backends
async def test_a_window_closes_by_its_time_after_a_restart(simcord_env, db_path):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0, reaction_seconds=8)
    arrange(table, {alice.id: "9S 10S 2C 3C 4C 5C", bob.id: "2S 2W 3W 4W 5W 6W"})
    await alice.slash(world.channel, "arcanoid commit", field="swords", cards="9S 10S")
    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    table = world.table()
    assert table.state.phase == "window"
    await simcord_env.advance_time(4)
    assert table.state.phase == "window", "the restored window runs its whole time"
    await simcord_env.advance_time(5)
    assert table.state.phase == "play" and arc.pending(table.state) == [bob.id]


async def test_a_high_priestess_look_reaches_only_its_player(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob", "carol"))
    alice, bob, carol = world.members
    table = await open_table(world, "arcanoid", timer=0)
    arrange(table, {alice.id: "2 2C 3C 4C 5C 6C", bob.id: "KS QS 9W 3W 4W 5W", carol.id: "2S 7W 8W 7C 8C 9C"})
    result = await alice.slash(world.channel, "arcanoid play", arcanum="2", target=bob.user)
    assert "only you" in private_text(result) or result.ephemeral
    looked = latest_dm(alice).content
    assert "KS" in looked and "QS" in looked
    for other in (bob, carol):
        assert not any("KS QS" in m.content for m in other.user.dm_channel.history())
    assert not any("KS" in m.content for m in world.channel.history())


async def test_an_idle_players_timer_plays_the_default(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=30)
    arrange(table, {alice.id: "9S 2C KS 3 4C 5C", bob.id: "2S 2W 3W 4W 5W 6W"})
    await simcord_env.advance_time(31)
    assert any(c.face.code == "2C" for c in table.state.discard), "the lowest numeric card went"
    assert arc.pending(table.state) == [bob.id]


async def test_rules_name_the_variant_in_play(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    await open_table(world, "arcanoid", timer=0, variant="KOBLENZ")
    shown = await world.members[0].slash(world.channel, "rules", game="arcanoid")
    text = shown.response.embeds[0].description
    assert shown.ephemeral and "reaction window" in text and "plays **KOBLENZ**" in text


async def test_bad_input_changes_nothing(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0)
    arrange(table, {alice.id: "JS 2S 3S QS 2W 5C", bob.id: "2C 3C 4C 6C 7C 8C"})
    channel = world.channel
    await refused(world, alice.slash(channel, "arcanoid commit", field="swords", cards="2W"), "not swords")
    await refused(world, alice.slash(channel, "arcanoid commit", field="swords", cards="JS 2S 3S"), "no commitment")
    await refused(world, alice.slash(channel, "arcanoid commit", field="swords", cards="QS"), "no commitment")
    await refused(world, alice.slash(channel, "arcanoid play", arcanum="16"), "not in your hand")
    await refused(world, bob.slash(channel, "arcanoid fool"), "window")
    await refused(world, alice.slash(channel, "arcanoid play", arcanum="2", target=world.members[1].user), "not in your hand")
