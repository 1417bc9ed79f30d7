"""Loc played through SimCord by four members: DM menus and slash commands, simultaneous
plays in any order, nothing about a chosen card shown before the reveal, a restart between two
choices, the timer, and refusals."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import discord
import pytest

from bot import create_bot
from bot.tables import default_buy_in
from cogs.loc import LocUI
from games import loc
from games.base import SeatSpec
from games.cards import card
from tests.discord.helpers import (
    ledger_balances,
    make_world,
    open_table,
    private_text,
    refused,
    table_message,
    wallet,
)
from tests.seeds import predict, predicted

FOUR = ("alice", "bob", "carol", "dan")


# --- the players' policy, the same at the Discord table and in the simulation --------------


def choice(state: loc.State, player: int) -> dict[str, Any]:
    """Discard the lowest card; then play the card at a position that moves with the play."""
    if state.phase == "discard":
        return loc.default_action(state, player)
    me = loc.view(state, player)["me"]
    ranked = sorted(me["cards"], key=lambda code: loc.strength(card(code)), reverse=True)
    index = loc.players(state).index(player)
    picked = ranked[(index + state.play) % len(ranked)]
    return {"type": "play", "card": loc.deck_code(card(picked), state.options.deck)}


def simulate(players: list[int], seed: int, hands: int = 1, **options: Any) -> loc.State:
    """The same hands played with the rules alone."""
    predict(seed)
    state = loc.new(loc.Options(**options), [SeatSpec(p, default_buy_in(loc, loc.Options(**options))) for p in players])
    while state.hand <= hands:
        for player in loc.pending(state):
            loc.apply(state, player, choice(state, player))
    return state


# --- Discord helpers ------------------------------------------------------------------------


def dm_menu(member: Any, table_id: int) -> discord.Message:
    """The newest DM offering a card menu of this table."""
    for message in reversed(member.user.dm_channel.history()):
        for row in message.components:
            for item in getattr(row, "children", []):
                if str(getattr(item, "custom_id", "")).startswith(f"ts:{table_id}:"):
                    return message
    raise AssertionError(f"{member.name} has no card menu in DM")


async def choose_by_dm(member: Any, table: Any) -> Any:
    action = choice(table.state, member.id)
    return await member.user.select(dm_menu(member, table.id), [action["card"]])


async def choose_by_slash(world: Any, member: Any, table: Any) -> Any:
    action = choice(table.state, member.id)
    return await member.slash(world.channel, f"loc {action['type']}", card=action["card"])


async def play_step(world: Any, table: Any, order: list[Any], by_dm: set[int]) -> None:
    """Everyone the step waits on chooses, in this order, through DM or the slash command."""
    for member in order:
        if member.id not in loc.pending(table.state):
            continue
        if member.id in by_dm:
            result = await choose_by_dm(member, table)
        else:
            result = await choose_by_slash(world, member, table)
        assert result.acknowledged


def member_of(world: Any, player: int) -> Any:
    return next(m for m in world.members if m.id == player)


def message_text(message: discord.Message) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{field.name} {field.value}" for field in embed.fields]
    return "\n".join(parts)


def names_card(text: str, code: str, deck: str = "tarot") -> bool:
    """Does `text` name this card (by its name, or a minor card by its notation)?"""
    c = card(code)
    if loc.card_label(c, deck).lower() in text.lower():
        return True
    return not c.is_major and re.search(rf"(?<![\w]){re.escape(c.face.code)}(?![\w])", text) is not None


# --- a whole hand ---------------------------------------------------------------------------


async def test_four_members_play_a_whole_hand_by_dm_and_commands(simcord_env):
    world = make_world(simcord_env, FOUR)
    players = [m.id for m in world.members]
    seed = 41
    expected = simulate(players, seed, timer=0)

    table = await open_table(world, "loc", seed=seed, timer=0)
    first_message = table.extra["table_message"]
    assert all(dm_menu(m, table.id) for m in world.members), "everyone gets their hand by DM"
    alice, bob, carol, dan = world.members
    by_dm = {alice.id, carol.id}
    while table.state.hand == 1:
        await play_step(world, table, world.members, by_dm)

    assert loc.to_dict(table.state) == loc.to_dict(expected)
    assert table.extra["table_message"] != first_message, "hand 2 gets a new table message"
    finished = next(m for m in world.channel.history() if m.id == first_message)
    text = message_text(finished)
    assert "Play 5:" in text and "Hand over" in text and not finished.components
    for reveal in expected.last_round["reveals"]:
        assert loc.reveal_line(reveal, "tarot", lambda p: f"<@{p}>") in text
    assert re.search(r"<@\d+>'s [A-Za-z ]+ (takes \d+|is highest: excused)", text)
    await ledger_balances(world)
    shown = (await carol.slash(world.channel, "history")).response.embeds[0]
    assert shown.fields[0].name == "Hand 1" and "Play 5:" in shown.fields[0].value
    assert f"seed `{predicted(seed, 1)}`" in shown.fields[0].value
    discarded = next(s for s in table.state.history[-1]["seats"] if s["player"] == alice.id)["discard"]
    assert discarded not in shown.fields[0].value.split(), "another player's discard stays hidden"

    # hand 2: three leave (each folds), the last one left takes the pot, everyone is paid out
    stacks = {s.player: s.stack for s in expected.seats}  # after the ante of hand 2
    for member in world.members:
        await member.slash(world.channel, "table leave")
    assert world.bot.tables.table_in(world.channel.id).state.seats == []
    kept = 1000 - default_buy_in(loc, loc.Options())  # what the default buy-in left in each wallet
    for member in (alice, bob, carol):
        assert await wallet(world, member) == kept + stacks[member.id]
    assert await wallet(world, dan) == kept + stacks[dan.id] + 4 * 10  # the pot: four antes
    await ledger_balances(world)


async def test_choices_in_different_orders_give_the_same_hand(simcord_env):
    world = make_world(simcord_env, FOUR, channel="first")
    other = dataclasses.replace(world, channel=world.guild.create_text_channel("second"))
    tables = [await open_table(room, "loc", seed=77, timer=0, bet=5) for room in (world, other)]
    orders = [list(world.members), list(reversed(world.members))]
    while tables[0].state.hand == 1:
        await play_step(world, tables[0], orders[0], by_dm=set())
        await play_step(other, tables[1], orders[1], by_dm=set())
        orders = [orders[0][1:] + orders[0][:1], orders[1][2:] + orders[1][:2]]
    assert tables[1].state.hand == 2 and len(tables[0].state.last_round["reveals"]) == 5
    first, second = (loc.to_dict(t.state) for t in tables)
    assert first["history"] == second["history"] and first["last_round"] == second["last_round"]
    assert [s["stack"] for s in first["seats"]] == [s["stack"] for s in second["seats"]]
    assert first["deal"]["nonce"] == second["deal"]["nonce"] == 2  # each table's own second deal


# --- secrecy ---------------------------------------------------------------------------------


async def test_nothing_names_a_chosen_card_before_the_reveal(simcord_env):
    world = make_world(simcord_env, FOUR)
    table = await open_table(world, "loc", seed=5, timer=0)
    alice, bob, carol, dan = world.members
    await play_step(world, table, world.members, by_dm={alice.id, bob.id})  # the discards
    discards = {m.id: loc.seated(table.state, m.id).discard.code for m in world.members}
    chosen: dict[int, str] = {}
    for member, via_dm in ((alice, True), (bob, False), (carol, True)):
        action = choice(table.state, member.id)
        chosen[member.id] = action["card"]
        if via_dm:
            await member.user.select(dm_menu(member, table.id), [action["card"]])
        else:
            result = await member.slash(world.channel, "loc play", card=action["card"])
            assert result.ephemeral and "nobody sees it" in private_text(result).lower()
    assert loc.view(table.state, None)["done"] == 3
    assert "3 of 4 cards down" in message_text(table_message(world))

    secrets = {**{p: [c] for p, c in chosen.items()}}
    for player, code in discards.items():
        secrets.setdefault(player, []).append(code)
    for owner, codes in secrets.items():
        for viewer in world.members:
            if viewer.id == owner:
                continue
            seen = [message_text(m) for m in world.channel.history(viewer=viewer)]
            seen += [message_text(m) for m in viewer.user.dm_channel.history()]
            for code in codes:
                assert not any(names_card(text, code) for text in seen), (code, viewer.name)

    await member_of(world, dan.id).slash(world.channel, "loc play", card=choice(table.state, dan.id)["card"])
    revealed = table_message(world)
    assert revealed.attachments and revealed.embeds[0].image.url == "attachment://table.png"
    shown = message_text(revealed)
    for player, code in chosen.items():
        assert names_card(shown, code) or loc.seated(table.state, player).played[0].face == card(code).face
    assert [c["player"] for c in table.state.reveals[0]["cards"]] == [m.id for m in world.members]


@pytest.mark.both_backends
async def test_a_restart_between_two_choices_keeps_them_hidden(simcord_env, db_path):
    world = make_world(simcord_env, FOUR)
    table = await open_table(world, "loc", seed=13, timer=0)
    await play_step(world, table, world.members, by_dm=set())  # the discards
    alice, bob, carol, dan = world.members
    menus = {m.id: dm_menu(m, table.id) for m in world.members}
    picks = {m.id: choice(table.state, m.id)["card"] for m in world.members}
    await alice.user.select(menus[alice.id], [picks[alice.id]])
    await bob.slash(world.channel, "loc play", card=picks[bob.id])

    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))

    table = world.table()
    assert loc.pending(table.state) == [carol.id, dan.id]
    assert loc.view(table.state, None)["done"] == 2 and loc.view(table.state, None)["reveals"] == []
    assert loc.view(table.state, alice.id)["me"]["choice"] is not None
    public = json.dumps(loc.view(table.state, None))
    for player in (alice.id, bob.id):
        assert f'"{loc.seated(table.state, player).choice.code}"' not in public
    assert "2 of 4 cards down" in message_text(table_message(world))
    answered = next(m for m in alice.user.dm_channel.history() if m.id == menus[alice.id].id)
    assert not answered.components and "hidden until everyone has chosen" in answered.content
    again = await alice.slash(world.channel, "loc play", card=picks[alice.id])
    assert "already chosen" in private_text(again)
    await carol.user.select(menus[carol.id], [picks[carol.id]])  # a menu sent before the restart
    await dan.slash(world.channel, "loc play", card=picks[dan.id])
    revealed = {c["player"]: card(c["card"]).face for c in table.state.reveals[0]["cards"]}
    deck = "tarot"
    assert revealed == {p: loc.read_card(code, deck) for p, code in picks.items()}


# --- the timer and the start --------------------------------------------------------------------


async def test_an_idle_player_plays_the_lowest_card_when_time_runs_out(simcord_env):
    world = make_world(simcord_env, FOUR)
    table = await open_table(world, "loc", seed=23, timer=30)
    alice, bob, carol, dan = world.members
    await play_step(world, table, [alice, bob, carol], by_dm=set())
    assert loc.pending(table.state) == [dan.id]
    lowest = loc.lowest(loc.seated(table.state, dan.id).cards)
    await simcord_env.advance_time(31)
    assert table.state.phase == "play" and loc.seated(table.state, dan.id).discard == lowest
    await play_step(world, table, [alice, bob], by_dm=set())
    lowest = loc.lowest(loc.seated(table.state, dan.id).cards)
    await simcord_env.advance_time(31)
    assert {c["player"]: c["card"] for c in table.state.reveals[0]["cards"]}[dan.id] == lowest.code
    log = await world.bot.store.action_log(table.id)
    moves = [a for _, p, a in log if p == dan.id]
    assert moves[-2:] == [{"type": "play", "card": lowest.face.code}, {"type": "sitout"}]
    assert loc.seated(table.state, dan.id).sitting_out, "two timeouts: dan sits out from the next hand"


async def test_three_players_may_start_and_the_table_does_not_repeat_the_advice(simcord_env):
    """The advice about fewer than four players is given once, to the host at creation
    (tests/discord/test_results_with_reasons.py), not on every update of the table."""
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    table = await open_table(world, "loc", seed=3, timer=0)
    assert table.active and "rewarding" not in message_text(table_message(world))


# --- bad input -------------------------------------------------------------------------------


def not_in(table: Any, player: int) -> str:
    """A card that is nowhere in this player's hand."""
    seat = loc.seated(table.state, player)
    mine = {c.face for c in seat.cards + seat.played} | ({seat.discard.face} if seat.discard else set())
    return next(c.code for c in loc.deck_cards("tarot") if c not in mine and not c.is_major)


async def test_bad_plays_are_refused_privately_and_change_nothing(simcord_env):
    world = make_world(simcord_env, FOUR)
    table = await open_table(world, "loc", seed=17, timer=0)
    alice, bob, carol, dan = world.members
    first = choice(table.state, alice.id)["card"]
    await refused(world, alice.slash(world.channel, "loc play", card=first), "discard a card first")
    await refused(world, alice.slash(world.channel, "loc discard", card="banana"), "can't read 'banana'")
    await play_step(world, table, world.members, by_dm=set())
    stranger = not_in(table, alice.id)
    await refused(world, alice.slash(world.channel, "loc play", card=stranger), "not in your hand")
    discarded = loc.seated(table.state, alice.id).discard.code
    await refused(world, alice.slash(world.channel, "loc play", card=discarded), "your discard")
    pick = choice(table.state, alice.id)["card"]
    await alice.slash(world.channel, "loc play", card=pick)
    other = next(c for c in loc.view(table.state, alice.id)["me"]["cards"] if card(c).face != card(pick).face)
    await refused(world, alice.slash(world.channel, "loc play", card=other), "already chosen")
    with pytest.raises(AssertionError, match="no card menu"):
        dm_menu(alice, table.id)  # her DM no longer offers a card once she played by command
    await play_step(world, table, [bob, carol, dan], by_dm=set())
    await refused(world, alice.slash(world.channel, "loc play", card=pick), "already played")
    await refused(world, alice.slash(world.channel, "loc discard", card=other), "discard is over")


async def test_a_bet_the_host_cannot_cover_ten_times_is_refused_at_creation(simcord_env):
    world = make_world(simcord_env, FOUR)
    alice = world.members[0]
    assert await wallet(world, alice) == 1000
    await refused(world, alice.slash(world.channel, "loc create", bet=200),
                         "you have 1000 chips in your wallet", "at least 2000", "/daily")
    assert world.bot.tables.table_in(world.channel.id) is None
    await refused(world, alice.slash(world.channel, "loc create", bet=20, buy_in=150),
                         "the buy-in at this table is 200 to 2000 chips, not 150")


async def test_a_standard_deck_table_plays_with_standard_names(simcord_env):
    world = make_world(simcord_env, FOUR)
    table = await open_table(world, "loc", seed=9, timer=0, deck="standard")
    alice = world.members[0]
    choices = await alice.autocomplete(world.channel, "loc discard", "card", "")
    hand = loc.seated(table.state, alice.id).cards
    assert {c["value"] for c in choices} == {loc.deck_code(c, "standard") for c in hand}
    assert all(" of " in c["name"] or c["name"].endswith("Joker") for c in choices)
    await play_step(world, table, world.members, by_dm={alice.id})
    assert table.state.phase == "play"
    menu = dm_menu(alice, table.id).components[0].children[0]
    labels = [option.label for option in menu.options]
    assert labels and all(re.search(r"of (Spades|Hearts|Diamonds|Clubs)$|Joker$", label) for label in labels)


# --- joining between hands, closed DMs --------------------------------------------------------


async def test_a_member_joins_mid_hand_and_is_dealt_the_next_one(simcord_env):
    world = make_world(simcord_env, FOUR)
    alice, bob, carol, dan = world.members
    three = dataclasses.replace(world, members=[alice, bob, carol])
    table = await open_table(three, "loc", seed=31, timer=0)
    joined = await dan.slash(world.channel, "table join")
    assert "seated" in private_text(joined)
    assert not loc.seated(table.state, dan.id).in_hand
    with_dan = [alice, bob, carol, dan]
    await refused(world, dan.slash(world.channel, "loc discard", card="2W"), "next one")
    while table.state.hand == 1:
        await play_step(world, table, with_dan, by_dm=set())
    assert loc.seated(table.state, dan.id).in_hand
    assert any("hand 2" in m.content for m in dan.user.dm_channel.history()), "dan is dealt in by DM"
    assert "rewarding" not in message_text(table_message(world))
    await ledger_balances(world)


async def test_closed_dms_play_through_the_hand_command(simcord_env):
    world = make_world(simcord_env, FOUR)
    alice = world.members[0]
    dm = alice.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    table = await open_table(world, "loc", seed=19, timer=0)
    notices = [m for m in world.channel.history() if "DMs are closed" in m.content]
    assert len(notices) == 1 and alice.mention in notices[0].content
    shown = await alice.slash(world.channel, "hand")
    assert shown.ephemeral and shown.response.attachments
    action = choice(table.state, alice.id)
    await alice.select(shown.response.message, [action["card"]])
    assert loc.seated(table.state, alice.id).discard is not None


def test_the_hand_image_counts_the_cards_in_hand_and_the_discard_apart(drawn):
    me = {"cards": ["KC", "2S", "5W", "9P", "QC"], "choice": "QC", "discard": "3S"}
    drawing = LocUI()._hand_image({"play": 1, "hand": 2, "deck": "tarot"}, me)
    assert drawing is not None and drawing.kwargs["info"] == "5 cards in hand · 1 discarded"
    drawing.function(*drawing.args, **drawing.kwargs)
    assert "5 cards in hand · 1 discarded" in drawn.texts and "6 cards" not in drawn.texts
