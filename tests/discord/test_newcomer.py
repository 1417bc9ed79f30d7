"""What a newcomer trips over (issue 11), as members see it: whose turn it is and DMs that never
hold dead controls, a way back in after the timer sat you out, names that stay, a sensible
buy-in, and lobbies whose host may leave."""

from __future__ import annotations

from typing import Any

from games import blackjack, loc, poker, rummy
from tests.discord.helpers import (
    buttons,
    latest_with_buttons,
    ledger_balances,
    make_world,
    open_table,
    private_text,
    refused,
    reread,
    steps_on,
    table_message,
    wallet,
)

THREE = ("alice", "bob", "carol")
FOUR = ("alice", "bob", "carol", "dan")


def member(world: Any, player: int) -> Any:
    return next(m for m in world.members if m.id == player)


def live_dms(someone: Any) -> list[Any]:
    return [m for m in someone.user.dm_channel.history() if m.components]


def text_of(message: Any) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{field.name} {field.value}" for field in embed.fields]
    return "\n".join(parts)


# --- 1. always know when it is your turn, never hold dead controls ------------------------------


async def test_a_poker_turn_after_the_deal_comes_by_dm_and_the_last_one_goes_quiet(simcord_env):
    world = make_world(simcord_env, THREE)
    table = await open_table(world, "poker", seed=31, timer=0)
    while table.state.hand.street == "preflop":
        player = poker.pending(table.state)[0]
        legal = {a["type"] for a in poker.legal_actions(table.state, player)}
        await member(world, player).slash(world.channel, "poker check" if "check" in legal else "poker call")
    first = member(world, poker.pending(table.state)[0])
    newest = first.user.dm_channel.history()[-1]
    assert "**Your turn**" in newest.content and "Board:" in newest.content, "the flop's first to act is told by DM"
    assert "Check" in buttons(newest) and steps_on(newest) == {table.step_key()}
    for someone in world.members:
        if someone is not first:
            assert all("Check" not in buttons(m) and "Call" not in " ".join(buttons(m)) for m in live_dms(someone))
    await first.slash(world.channel, "poker check")
    told = reread(first.user.dm_channel, newest)
    assert "**Your turn**" not in told.content and not told.components, "her DM follows the move she made by command"


async def test_a_rummy_turn_after_the_deal_reaches_the_player(simcord_env):
    world = make_world(simcord_env)
    table = await open_table(world, "rummy", seed=4, timer=0)
    mover = member(world, rummy.pending(table.state)[0])
    other = next(m for m in world.members if m is not mover)
    before = len(other.user.dm_channel.history())
    await mover.slash(world.channel, "rummy draw", **{"from": "stock"})
    discard = rummy.view(table.state, mover.id)["me"]["unmelded"][0]
    await mover.slash(world.channel, "rummy discard", card=discard)
    assert rummy.pending(table.state) == [other.id]
    dms = other.user.dm_channel.history()
    assert len(dms) == before + 1 and steps_on(dms[-1]) == {table.step_key()}, "a new DM brings the turn"
    assert not any(steps_on(m) - {table.step_key()} for m in live_dms(mover)), "no stale controls left"


async def test_a_blackjack_dm_follows_the_table_buttons_and_says_when_the_table_ends(simcord_env):
    world = make_world(simcord_env)
    table = await open_table(world, "blackjack", seed=21, timer=0)
    alice, bob = world.members
    await alice.click(table_message(world), label="Bet 10")
    await bob.click(table_message(world), label="Bet 10")
    player = member(world, blackjack.pending(table.state)[0])
    dm = live_dms(player)[-1]
    assert "Your move." in dm.content and "Stand" in buttons(dm)
    await player.click(table_message(world), label="Stand")
    after = reread(player.user.dm_channel, dm)
    assert "Your move." not in after.content and not after.components, "no Hit/Stand left once she stood"
    result = await alice.slash(world.channel, "table end")
    assert "ended" in private_text(result)
    for someone in world.members:
        last = someone.user.dm_channel.history()[-1]
        assert "table was ended" in last.content and not live_dms(someone)


async def test_a_betting_window_pings_the_players_on_the_new_table_message(simcord_env):
    world = make_world(simcord_env)
    await open_table(world, "baccarat", seed=5, timer=0)
    message = table_message(world)
    assert all(m.mention in (message.content or "") for m in world.members)


# --- 2. a way back in ---------------------------------------------------------------------------


async def sit_dan_out(world: Any, table: Any, env: Any) -> Any:
    """Dan lets the timer run out twice in Loc: he sits out from the next hand."""
    alice, bob, carol, dan = world.members
    for _ in range(2):
        for someone in (alice, bob, carol):
            if someone.id in loc.pending(table.state):
                action = loc.default_action(table.state, someone.id)
                if action["type"] == "discard":
                    await someone.slash(world.channel, "loc discard", card=action["card"])
                else:
                    await someone.slash(world.channel, "loc play", card=action["card"])
        await env.advance_time(31)
    assert loc.seated(table.state, dan.id).sitting_out
    return dan


async def test_a_player_sat_out_by_the_timer_sits_back_in_with_table_join(simcord_env):
    world = make_world(simcord_env, FOUR)
    table = await open_table(world, "loc", seed=23, timer=30)
    dan = await sit_dan_out(world, table, simcord_env)
    shown = text_of(table_message(world))
    assert "Sitting out: dan" in shown and "Sit in" in buttons(table_message(world))
    dm = dan.user.dm_channel.history()[-1]
    assert "sitting out" in dm.content and "Sit in" in buttons(dm), "his DM offers the way back"
    answer = private_text(await dan.slash(world.channel, "table join"))
    assert "back in" in answer and "already seated" not in answer
    assert not loc.seated(table.state, dan.id).sitting_out
    assert "Sit in" not in buttons(reread(dan.user.dm_channel, dm)), "no dead Sit in left in his DM"
    await refused(world, dan.slash(world.channel, "table join"), "already seated")
    await ledger_balances(world)


async def test_the_sit_in_button_in_hand_brings_a_player_back(simcord_env):
    world = make_world(simcord_env, FOUR)
    table = await open_table(world, "loc", seed=23, timer=30)
    dan = await sit_dan_out(world, table, simcord_env)
    shown = await dan.slash(world.channel, "hand")
    assert "sitting out" in shown.response.content and "Sit in" in buttons(shown.response.message)
    clicked = await dan.click(shown.response.message, label="Sit in")
    assert "back in" in private_text(clicked) or not loc.seated(table.state, dan.id).sitting_out
    assert not loc.seated(table.state, dan.id).sitting_out
    assert "Sit in" not in buttons(table_message(world))


# --- 5. names stay ------------------------------------------------------------------------------


async def test_a_player_who_leaves_mid_round_keeps_his_name_in_the_result(simcord_env):
    world = make_world(simcord_env)
    table = await open_table(world, "blackjack", seed=21, timer=0)
    alice, bob = world.members
    await alice.click(table_message(world), label="Bet 10")
    await bob.click(table_message(world), label="Bet 10")
    await bob.slash(world.channel, "table leave")
    while table.state.phase == "playing":
        player = member(world, blackjack.pending(table.state)[0])
        await player.slash(world.channel, "blackjack stand")
    closed = [m for m in world.channel.history() if m.embeds and "bob:" in (m.embeds[0].description or "")]
    assert closed, "bob's hand is shown under his name"
    assert not any("?:" in (m.embeds[0].description or "") for m in world.channel.history() if m.embeds)
    await ledger_balances(world)


# --- 8. chips that make sense -------------------------------------------------------------------


async def test_join_brings_the_default_buy_in_and_an_empty_wallet_is_told_how_to_refill(simcord_env):
    world = make_world(simcord_env, THREE)
    alice, bob, carol = world.members
    await alice.slash(world.channel, "poker create", timer=0)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    await bob.click(lobby, label="Join")
    assert await wallet(world, bob) == 0, "100 big blinds (1000) is the default stack at 5/10"
    other = world.guild.create_text_channel("loc")
    await carol.slash(other, "loc create", timer=0)
    assert await wallet(world, carol) == 800, "Loc's default stack is 20 bets"
    broke = world.guild.add_member(simcord_env.create_user("erin"))
    await broke.slash(world.channel, "table join", buy_in=1000)  # her whole starting grant
    loc_lobby = latest_with_buttons(other, "Join", "Start")
    before = await world.bot.economy.ledger(world.guild.id)
    answer = private_text(await broke.click(loc_lobby, label="Join"))
    assert "you have 0 chips" in answer.lower() and "/daily" in answer and "not 0" not in answer
    assert await world.bot.economy.ledger(world.guild.id) == before
    await ledger_balances(world)


# --- 9. lobbies ---------------------------------------------------------------------------------


async def test_a_host_who_leaves_the_lobby_hands_it_to_the_next_player(simcord_env):
    world = make_world(simcord_env, THREE)
    alice, bob, carol = world.members
    await alice.slash(world.channel, "poker create", timer=0)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Leave")
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    assert bob.mention in text_of(lobby).split("Host", 1)[1], "bob is the host now"
    assert any(bob.mention in m.content and "host" in m.content for m in world.channel.history())
    await refused(world, alice.click(lobby, label="Start"), "only the host")
    await carol.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    assert world.table().active


async def test_a_lobby_everyone_leaves_closes(simcord_env):
    world = make_world(simcord_env)
    alice = world.members[0]
    await alice.slash(world.channel, "blackjack create", timer=0)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    await alice.click(lobby, label="Leave")
    assert world.bot.tables.table_in(world.channel.id) is None
    assert await wallet(world, alice) == 1000
    assert any("Everyone left the lobby" in text_of(m) for m in world.channel.history())


async def test_the_lobby_shows_its_options_in_words(simcord_env):
    world = make_world(simcord_env)
    alice = world.members[0]
    await alice.slash(world.channel, "rummy create", attributions="gd", timer=0)
    shown = text_of(latest_with_buttons(world.channel, "Join", "Start"))
    assert "Golden Dawn attributions" in shown and "Rider–Waite–Smith" in shown
    assert "gd" not in shown.split() and "dealer choice" not in shown and "False" not in shown
    other = world.guild.create_text_channel("poker")
    await world.members[1].slash(other, "poker create", timer=30)
    shown = text_of(latest_with_buttons(other, "Join", "Start"))
    assert "Texas hold'em, blinds 5/10" in shown and "30 seconds per turn" in shown
