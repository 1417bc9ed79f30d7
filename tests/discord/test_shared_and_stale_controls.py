"""Controls and private messages that must read as their reader's and stay true (issue 28): the
poker table's shared buttons carry no seat's amounts; an Arcanoid reaction window names the
commitment it follows; a player who busts out of poker is told so in their last DM; a `/hand`
reply loses its controls once the table has moved on, as a DM does."""

from __future__ import annotations

from games import poker
from tests.discord.helpers import buttons, make_world, open_table, refused, table_message
from tests.discord.test_arcanoid_live import alice_and_bob
from tests.discord.test_live_words import open_with_computers
from tests.discord.test_poker_play import busts_carol, next_move, open_poker, play_move

WINDOW = 21  # seconds: past the default reaction window


async def test_the_window_after_judgment_names_the_judgment_not_an_older_commitment(simcord_env):
    world, alice, bob, table = await alice_and_bob(simcord_env, "9W 10W 20 2C 3C 4C", "2S 3S 5S 6S 7S 8S")
    await alice.slash(world.channel, "arcanoid commit", field="staves", cards="9W 10W")
    await simcord_env.advance_time(WINDOW)
    await bob.slash(world.channel, "arcanoid commit", field="swords", cards="2S 3S")
    await simcord_env.advance_time(WINDOW)
    await alice.slash(world.channel, "arcanoid play", arcanum="20", target="bob", field="staves")
    assert table.state.phase == "window"
    status = table_message(world).embeds[0].description
    assert "Reaction window after alice's Judgment on bob's staves" in status, status
    assert "9W 10W" not in status, "not alice's own commitment of two turns before"


async def test_the_poker_table_buttons_carry_no_seats_amounts_and_a_form_opens_for_the_actor_alone(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = world.members
    await open_table(world, "poker", seed=31, timer=0)
    table = world.table()
    assert poker.pending(table.state) == [alice.id]
    public = table_message(world)
    labels = list(buttons(public))
    assert labels == ["Check", "Call", "Bet…", "Raise…", "Fold", "All-in"], labels
    assert not any(ch.isdigit() for label in labels for ch in label), "the buttons are everyone's to read"
    assert f"{alice.mention} to act — 10 to call" in public.embeds[0].description, "the status line says whose"
    dm = next(m for m in reversed(alice.user.dm_channel.history()) if m.components)
    assert {"Call 10", "Raise to 20+", "All-in 1000"} <= set(buttons(dm)), "the actor's own hand shows her figures"

    said = await refused(world, bob.click(public, label="Raise…"), "not your turn", alice.mention)
    assert "20" not in said
    await refused(world, bob.click(public, label="All-in"), "not your turn")
    shown = await alice.click(public, label="Raise…")
    assert shown.modal is not None, "the seat to act gets the form"
    await alice.submit_modal(shown, {"amount": "30"})
    assert table.state.hand.betting.current_bet == 30


async def test_a_player_who_busts_out_is_told_how_the_hand_ended_in_their_last_dm(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    carol = world.members[2]
    players = [m.id for m in world.members]
    seed = next(s for s in range(1, 300) if busts_carol(players, s))
    await open_poker(world, seed, timer=0)
    table = world.table()
    by_member = {m.id: m for m in world.members}
    while table.seated(carol.id):
        player, move, amount = next_move(table.state, players)
        await play_move(world, by_member[player], move, amount, by_button=False)
    busted_in = table.state.last_round["round"]

    last = carol.user.dm_channel.history()[-1]
    assert "you are out of chips and have left the table" in last.content, last.content
    assert f"Hand {busted_in} is over." in last.content and " to **" in last.content, last.content
    assert "stack 0" not in last.content and "pot" not in last.content.split("\n")[0], last.content
    assert not last.components and not last.attachments, "nothing of the hand in play is left live"
    assert all(not m.components for m in carol.user.dm_channel.history())


async def test_a_hand_reply_loses_its_controls_once_the_table_moves_on(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = world.members
    await open_table(world, "poker", seed=31, timer=0)
    first = (await alice.slash(world.channel, "hand")).response
    assert "Call 10" in labels_of(first)
    second = (await alice.slash(world.channel, "hand")).response
    assert not first.components, "a newer reply takes the place of the first"
    assert first.content.startswith("*This reply is from an earlier turn"), first.content
    assert "Call 10" in labels_of(second)

    await alice.slash(world.channel, "poker call")
    assert not second.components, "the call made, the reply offers it no more"
    assert "`/hand` shows your cards and moves now" in second.content and "Your cards" in second.content

    bobs = (await bob.slash(world.channel, "hand")).response
    assert "Call 5" in labels_of(bobs)
    clicked = await bob.click(bobs.message, label="Call 5")
    assert not labels_of(clicked.response) - {"Sit in"}, "a move from the reply: the reply shows the turn passed"
    await carol.slash(world.channel, "poker check")
    assert world.table().state.hand.street == "flop"


async def test_a_loc_hand_reply_no_longer_offers_a_card_once_it_is_played(simcord_env):
    world = make_world(simcord_env, ("alice",))
    alice = world.members[0]
    table = await open_with_computers(world, "loc", bots=3, timer=0)
    reply = (await alice.slash(world.channel, "hand")).response
    offered = [o["value"] for row in reply.components for item in row["components"] for o in item["options"]]
    await alice.slash(world.channel, "loc discard", card=offered[0])
    assert table.state.phase != "discard" or alice.id not in table.module.pending(table.state)
    assert not reply.components, "the menu listing the card discarded went"
    assert reply.content.startswith("*This reply is from an earlier turn"), reply.content


async def test_a_hand_reply_past_discord_s_edit_window_is_left_and_refused_when_used(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice = world.members[0]
    await open_table(world, "poker", seed=31, timer=0)
    old = (await alice.slash(world.channel, "hand")).response
    await simcord_env.advance_time(15 * 60)
    await alice.slash(world.channel, "poker call")
    assert "Call 10" in labels_of(old), "its interaction can no longer edit it"
    said = await refused(world, alice.click(old.message, label="Call 10"), "earlier turn", "/hand")
    assert said and not old.components, "used, it is refused and its controls go"


def labels_of(message) -> set[str]:
    return {item["label"] for row in message.components for item in row["components"] if item.get("label")}
