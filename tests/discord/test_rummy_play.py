"""Tarot Rummy played through SimCord by members, as people play it: against the computer
through the DM controls, member against member with the table buttons and slash commands, a
restart in the middle of a hand, and bad input refused privately with nothing changed."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot import create_bot
from games import rummy
from games.base import SeatSpec
from tests.discord.helpers import (
    buttons,
    latest_with_buttons,
    make_world,
    open_table,
    private_text,
    refused,
    reread,
    stale_step_refused,
    steps_on,
    table_message,
)
from tests.seeds import predict

COMPUTER = -1


def policy(state: rummy.State, player: int) -> dict[str, Any]:
    """The members play as the computer would in their seat: the same move in the rules-only
    simulation and at the Discord table."""
    return rummy.computer_action(state, player)


def simulate(players: list[int], seed: int, until_hand: int | None = None, **options: Any) -> rummy.State:
    predict(seed)
    state = rummy.new(rummy.Options(timer=0, **options), [SeatSpec(p) for p in players])
    while not rummy.is_over(state) and (until_hand is None or state.hand_no < until_hand):
        player = rummy.pending(state)[0]
        rummy.apply(state, player, policy(state, player))
    return state


def latest_dm(member: Any) -> Any:
    """The newest DM from the bot with controls on it (the current hand)."""
    for message in reversed(member.user.dm_channel.history()):
        if message.components:
            return message
    raise AssertionError("no DM with controls")


def menu_id(message: Any, code: str) -> str:
    for row in message.components:
        for item in row.children:
            if getattr(item, "custom_id", "").endswith(f":{code}"):
                return item.custom_id
    raise AssertionError(f"no {code} menu on the message")


async def play_in_dm(member: Any, table: Any) -> None:
    """One move of the member, through the controls of their hand in DM."""
    state = table.state
    move = policy(state, member.id)
    dm = latest_dm(member)
    if move["type"] == "draw":
        result = await member.user.click(dm, label="Stock" if move["from"] == "stock" else "Discard pile")
    elif move["type"] in ("discard", "call"):
        result = await member.user.select(dm, [move["card"]], custom_id=menu_id(dm, move["type"]))
    elif move["type"] in ("column", "answer"):
        value = move["column"] if move["type"] == "column" else move["choice"]
        result = await member.user.select(dm, [value], custom_id=menu_id(dm, move["type"]))
    else:
        raise AssertionError(f"unexpected move {move}")
    assert result.acknowledged


async def test_a_member_plays_against_the_computer_to_the_score(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    seed, target = 90, 20  # alice calls the first and the last of three hands
    expected = simulate([alice.id, COMPUTER], seed, target=target, opponent="bot")
    predict(seed)
    world.bot.tables.computer_pause = 0
    await alice.slash(world.channel, "rummy create", opponent="bot", target=target, timer=0)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    assert "Computer 1" in lobby.embeds[0].fields[0].value
    await alice.click(lobby, label="Start")
    table = world.table()
    for _ in range(600):
        await simcord_env.settle()
        if rummy.is_over(table.state):
            break
        assert rummy.pending(table.state) == [alice.id], "the computer moves on its own"
        await play_in_dm(alice, table)
    assert rummy.to_dict(table.state) == rummy.to_dict(expected)
    first_dm = alice.user.dm_channel.history()[0]
    assert first_dm.attachments and "Unmelded" in first_dm.content
    final = table_message(world, table)
    assert "Game over" in (final.embeds[0].description or "") and final.attachments
    said = final.embeds[0].description or ""
    last = expected.last_hand["ending"]
    assert f"Hand {last['hand']}: {alice.mention} called" in said, "the last hand is told in words"
    assert f"{alice.mention} scores {last['points']} points (" in said and "unmelded" in said
    assert not final.components, "the finished game's table has no buttons left"
    assert table.status == "ended" and world.bot.tables.table_in(world.channel.id) is None
    assert any("game is over and the table is closed" in m.content for m in world.channel.history())
    assert expected.winner == alice.id and [h["scorer"] for h in expected.history] == [alice.id, COMPUTER, alice.id]
    board = (await alice.slash(world.channel, "leaderboard", game="rummy")).response.embeds[0].description
    assert board.startswith(f"1. {alice.mention} — +{expected.seats[0].score} points")  # her score is her net
    described = [m.embeds[0].description or "" for m in world.channel.history() if m.embeds]
    hand_ends = [d for d in described if re.match(r"Hand \d+ is over\.", d)]
    assert all(" called" in d or "dead" in d for d in hand_ends), "each finished hand is told in words"
    assert sum("Game over" in d for d in described) == 1, "only the game's last message says the game is over"
    assert len(hand_ends) >= expected.hand_no - 1


async def play_turns(world: Any, table: Any, until_hand: int, via_commands: set[int]) -> list[str]:
    """Members move in turn: some with the table buttons and their DM menus, some with slash
    commands (drawing, discarding, calling), until the hand numbered `until_hand` begins.
    Returns the private replies to the commands."""
    members = {m.id: m for m in world.members}
    replies = []
    while table.state.hand_no < until_hand and not rummy.is_over(table.state):
        player = rummy.pending(table.state)[0]
        member, move = members[player], policy(table.state, player)
        if player in via_commands and move["type"] in ("draw", "discard", "call"):
            options = {"from": move["from"]} if move["type"] == "draw" else {"card": move["card"]}
            result = await member.slash(world.channel, f"rummy {move['type']}", **options)
            assert result.ephemeral, private_text(result)
            replies.append(private_text(result))
        elif move["type"] == "draw":
            label = "Stock" if move["from"] == "stock" else "Discard pile"
            await member.click(table_message(world), label=label)
        else:
            await play_in_dm(member, table)
    return replies


async def test_two_members_play_a_hand_with_buttons_menus_and_commands(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    seed = 12
    expected = simulate([alice.id, bob.id], seed, until_hand=2)
    table = await open_table(world, "rummy", seed=seed, timer=0)
    assert all(len(m.user.dm_channel.history()) == 1 for m in world.members), "each gets the dealt hand"
    await play_turns(world, table, until_hand=2, via_commands={bob.id})
    assert rummy.to_dict(table.state) == rummy.to_dict(expected)
    last = expected.history[-1]
    closed = [m for m in world.channel.history() if m.embeds and m.attachments and not m.components
              and (m.embeds[0].title or "").endswith("hand 1")]
    assert closed, "the finished hand keeps its picture, without buttons"
    assert (closed[0].embeds[0].description or "").startswith("Hand 1 is over."), "not 'Game over'"
    assert last["outcome"] in ("caller wins", "all melded", "undercut", "zero", "dead")


async def test_identification_is_asked_and_answered_in_dm(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    players = [alice.id, bob.id]
    seed = next(s for s in range(200) if bob.id in [
        r["ending"]["caller"] for r in simulate(players, s, until_hand=2, identification=True).records
        if r["ending"] and "caller" in r["ending"]])  # bob calls hand 1: alice picks the column
    expected = simulate(players, seed, until_hand=2, identification=True)
    table = await open_table(world, "rummy", seed=seed, timer=0, identification=True)
    replies = await play_turns(world, table, until_hand=2, via_commands={bob.id})
    assert rummy.to_dict(table.state) == rummy.to_dict(expected)
    log = [(player, action["type"]) for _, player, action in await world.bot.store.action_log(table.id)]
    assert (alice.id, "column") in log and log.count((bob.id, "answer")) >= 1  # through their DM menus
    called = [reply for reply in replies if "both hands" in reply]
    assert len(called) == 1 and " scores " in called[0] and "if the cards are identified" in called[0], called


async def test_dealers_choice_from_the_table_menu(simcord_env):
    world = make_world(simcord_env)
    table = await open_table(world, "rummy", seed=5, timer=0, dealer_choice=True)
    members = {m.id: m for m in world.members}
    dealer = members[rummy.pending(table.state)[0]]
    other = next(m for m in world.members if m is not dealer)
    message = table_message(world)
    await refused(world, other.select(message, ["basic.12"], custom_id=menu_id(message, "choose")), "the dealer chooses")
    await dealer.select(message, ["basic.12"], custom_id=menu_id(message, "choose"))
    assert (table.state.melds, table.state.call_limit, table.state.phase) == ("basic", 12, "draw")
    assert all(m.user.dm_channel.history()[-1].attachments for m in world.members)


@pytest.mark.both_backends
async def test_a_restart_mid_hand_continues_with_the_old_buttons(simcord_env, db_path):
    world = make_world(simcord_env)
    alice, bob = world.members
    seed = 12
    expected = simulate([alice.id, bob.id], seed, until_hand=2)
    table = await open_table(world, "rummy", seed=seed, timer=0)
    for _ in range(5):
        player = rummy.pending(table.state)[0]
        await play_in_dm(alice if player == alice.id else bob, table)
    version, state = table.version, rummy.to_dict(table.state)

    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))

    table = world.table()
    assert table.version == version and rummy.to_dict(table.state) == state
    await play_turns(world, table, until_hand=2, via_commands=set())  # the DMs and buttons sent before
    assert rummy.to_dict(table.state) == rummy.to_dict(expected)


# --- bad input -----------------------------------------------------------------------------------


def rig(table: Any, mover_hand: str, other_hand: str, stock_top: str) -> None:
    """Give the player to move and the other these hands, and the stock this top card."""
    from games.cards import cards, full_deck

    state = table.state
    state.seats[state.turn].hand = cards(mover_hand)
    state.seats[1 - state.turn].hand = cards(other_hand)
    state.discard = cards("KW")
    top = cards(stock_top)
    used = set(state.seats[0].hand + state.seats[1].hand + state.discard + top)
    state.stock = top + [c for c in full_deck() if c not in used]  # the top is the first


async def test_bad_moves_are_refused_privately_and_change_nothing(simcord_env):
    world = make_world(simcord_env)
    table = await open_table(world, "rummy", seed=4, timer=0)
    rig(table, "2W 3W 4W 5C 5S 5P 0 12 14 9C", "6C 7C 8C 9S 9P 9W JC JS JP AP", "KS")
    members = {m.id: m for m in world.members}
    mover = members[rummy.pending(table.state)[0]]
    idle = next(m for m in world.members if m is not mover)
    channel = world.channel
    await refused(world, idle.slash(channel, "rummy draw", **{"from": "stock"}), "not your turn")
    await refused(world, mover.slash(channel, "rummy discard", card="9C"), "draw first")
    await refused(world, mover.slash(channel, "rummy meld", cards="6C 7C 8C"), "6C (6 of Cups) is not in your hand")
    await refused(world, mover.slash(channel, "rummy meld", cards="2W 3W 9C"), "is not a meld", "consecutive ranks")
    await mover.click(table_message(world), label="Stock")
    await refused(world, mover.slash(channel, "rummy draw", **{"from": "stock"}), "drawn already")
    await refused(world, mover.slash(channel, "rummy draw", **{"from": "discard"}), "drawn already")
    await refused(world, mover.slash(channel, "rummy call", card="KS"),
                  "your unmelded cards are worth 27", "the call limit is 10")
    await refused(world, mover.slash(channel, "rummy discard", card="QQ"), "can't read")
    kept = private_text(await mover.slash(channel, "rummy meld", cards="2W 3W 4W"))
    assert "kept" in kept


async def test_a_dm_follows_a_move_made_by_command_and_an_earlier_step_is_refused(simcord_env):
    world = make_world(simcord_env)
    table = await open_table(world, "rummy", seed=4, timer=0)
    members = {m.id: m for m in world.members}
    mover = members[rummy.pending(table.state)[0]]
    old = latest_dm(mover)
    old_step = table.step_key()
    await mover.slash(world.channel, "rummy draw", **{"from": "stock"})
    now = reread(mover.user.dm_channel, old)
    assert "Discard pile" not in buttons(now), "the DM no longer offers the draw once it is made"
    assert old_step not in steps_on(now)
    await stale_step_refused(world, mover, old_step, {"type": "draw", "from": "discard"})


async def test_the_discard_autocomplete_offers_the_members_own_hand(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "rummy", seed=12, timer=0)
    for member in (alice, bob):
        choices = await member.autocomplete(world.channel, "rummy discard", "card", "")
        hand = next(s.hand for s in table.state.seats if s.player == member.id)
        assert {c["value"] for c in choices} == {c.code for c in hand}


REVERSED_CODE = re.compile(r"\b(?:[0-9]{1,2}|[AKQNJP0-9]{1,2}[SWCP])r\b")  # "5Cr", "7r": a reversed card's notation


async def test_the_words_name_cards_by_face_as_the_pictures_draw_them(simcord_env):
    """Issue 28 play-through: the hand picture draws every card upright ("5W"), yet the DM said
    "Unmelded: 5Wr NWr", the table "Guest discards QWr": orientation means nothing in Tarot Rummy."""
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "rummy", seed=12, timer=0)
    assert any(c.reversed for s in table.state.seats for c in s.hand), "the deal holds reversed cards"
    await play_turns(world, table, until_hand=2, via_commands={bob.id})
    said = [m.content for member in world.members for m in member.user.dm_channel.history()]
    said += [(m.embeds[0].description or "") if m.embeds else m.content for m in world.channel.history()]
    found = [text for text in said if REVERSED_CODE.search(text)]
    assert not found, found[:3]
