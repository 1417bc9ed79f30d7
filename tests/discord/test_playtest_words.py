"""Words a newcomer stumbled on when playing every game in the sandbox (issue 20, the last
part): each checked as a member reads it in the channel."""

from __future__ import annotations

import re
from typing import Any

from games import rummy
from tests.discord.helpers import make_world, open_table, refused, table_message
from tests.discord.test_arcanoid_play import arrange
from tests.discord.test_results_with_reasons import blackjack_round
from tests.discord.test_rummy_play import menu_id
from tests.discord.test_tarot_play import first_seed, human_move, simulate
from tests.seeds import predict

LAST_MOVES = "Last moves"


def last_moves(world: Any) -> str:
    embed = table_message(world).embeds[0]
    return next((f.value for f in embed.fields if f.name == LAST_MOVES), "") or ""


def _lower_total_wins_by_a_major(seed: int) -> bool:
    hand = blackjack_round(seed).last_round["seats"][0]["hands"][0]
    return hand["result"] == "win" and "holds a major" in (hand["reason"] or "")


async def test_a_blackjack_win_on_a_major_says_why_in_the_last_moves(simcord_env):
    """15 against the dealer's 19 wins when only the player holds a major: the channel's words
    must say so, not a bare "wins" a newcomer reads as a mistake."""
    seed = next(s for s in range(1, 5000) if _lower_total_wins_by_a_major(s))
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    predict(seed)
    await alice.slash(world.channel, "blackjack create", timer=0)
    lobby = next(m for m in reversed(world.channel.history()) if m.components)
    await alice.click(lobby, label="Start")
    table = world.table()
    await alice.slash(world.channel, "blackjack bet", amount=20)
    if table.state.phase == "playing":
        await alice.slash(world.channel, "blackjack stand")
    shown = last_moves(world)
    assert "Round 1 is settled: alice wins (+20): holds a major, the dealer does not" in shown, shown


async def test_rummy_names_its_meld_set_in_words_not_by_the_options_value(simcord_env):
    """"melds all" read like a leftover value: the table says "every kind of meld", the
    dealer's menu and the dealer's choice say which melds in words too."""
    world = make_world(simcord_env)
    table = await open_table(world, "rummy", seed=5, timer=0, dealer_choice=True)
    members = {m.id: m for m in world.members}
    dealer = members[rummy.pending(table.state)[0]]
    message = table_message(world)
    menu = next(c for row in message.components for c in row.children if c.custom_id == menu_id(message, "choose"))
    labels = [option.label for option in menu.options]
    assert "The basic melds only, call limit 12" in labels, labels
    assert not any(label.startswith(("All melds", "Basic melds")) for label in labels), labels
    await dealer.select(message, ["basic.12"], custom_id=menu_id(message, "choose"))
    assert table.state.phase == "draw"
    description = table_message(world).embeds[0].description or ""
    assert "· the basic melds only · call limit 12" in description, description
    assert "melds basic" not in description
    assert "deals with the basic melds only and a call limit of 12" in last_moves(world), last_moves(world)


def _garde_with_a_reversed_card_in_the_dog(seed: int) -> bool:
    state = simulate(4, seed, humans=1, bids={0: "garde"}, stop=lambda s: s.phase == "discarding")
    return state.taker == 0 and any(c.code.endswith("r") for c in state.dog)


async def test_french_tarot_shows_the_dog_without_the_r_of_reversed_cards(simcord_env):
    """Orientation means nothing in French Tarot: the table's "Dog:" line read "21r 4Sr 3Cr"
    while the move's words said "21 4S 3C"."""
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "tarot", seed=first_seed(_garde_with_a_reversed_card_in_the_dog),
                             players=4, bots=3, hands=1, timer=0)
    while table.state.phase == "bidding":
        await human_move(world, alice, {0: "garde"})
    assert table.state.phase == "discarding"
    dog_line = next(line for line in (table_message(world).embeds[0].description or "").splitlines()
                    if line.startswith("Dog:"))
    assert not re.search(r"\w+r\b", dog_line.removeprefix("Dog:")), dog_line
    assert dog_line == "Dog: " + " ".join(c.face.code for c in table.state.dog), dog_line


async def test_a_hand_reply_left_behind_by_the_game_says_to_use_hand_again(simcord_env):
    """A `/hand` reply answered with "Waiting for Computer 1." kept saying so when the member's
    turn came back, without its menu: it now says it does not follow the game, and how to see
    the current turn."""
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    table = await open_table(world, "tarot", seed=first_seed(_garde_with_a_reversed_card_in_the_dog),
                             players=4, bots=3, hands=1, timer=0)
    assert table.module.pending(table.state) == [alice.id], "the seed gives alice the first bid"
    reply = (await alice.slash(world.channel, "hand")).response
    assert "/hand` again" not in reply.content, "a reply on the member's turn is current"
    result = await alice.click(reply, label="Garde")
    edited = result.response
    assert "Waiting for Computer" in edited.content, edited.content
    assert "`/hand` again when your turn comes" in edited.content, edited.content


def _everything_said(message: Any) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.description or "", *(f.value for f in embed.fields), embed.footer.text or ""])


async def test_an_arcanoid_table_states_its_deal_commitment_once(simcord_env):
    """The table message said "Deal commitment (SHA-256): …" in its text and again, as every
    game does, under its image."""
    world = make_world(simcord_env, names=("alice",))
    world.bot.tables.computer_pause = 0
    await open_table(world, "arcanoid", seed=3, bots=2, timer=0)
    said = _everything_said(table_message(world))
    assert said.count("Deal commitment") == 1, said
    assert "Deal commitment, round 1: sha256" in said, said


async def test_a_blackjack_hand_before_the_deal_does_not_say_the_dealer_shows_a_dash(simcord_env):
    """In the betting window the private hand read "Dealer shows —." before any card was dealt."""
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    table = await open_table(world, "blackjack", seed=4, timer=0)
    assert table.state.phase == "betting"
    reply = (await alice.slash(world.channel, "hand")).response
    assert "Dealer shows" not in reply.content, reply.content
    assert "No cards yet this round." in reply.content, reply.content
    await alice.slash(world.channel, "blackjack bet", amount=20)
    if table.state.phase == "playing":
        dealt = (await alice.slash(world.channel, "hand")).response
        shown = table.view(alice.id)["dealer"]["cards"][0]
        assert f"Dealer shows {shown} 🂠." in dealt.content, dealt.content


async def test_an_arcanum_played_without_its_target_is_refused_with_the_seats_it_may_aim_at(simcord_env):
    """`/arcanoid play arcanum:20` without `target` was answered "Name the target player":
    which option, and which names, a newcomer could not tell."""
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0)
    arrange(table, {alice.id: "20 2S 3S QS 2W 5C", bob.id: "2C 3C 4C 6C 7C 8C"})
    said = await refused(world, alice.slash(world.channel, "arcanoid play", arcanum="20", field="coins"),
                         "Judgment aims at a seat: add the `target` option, one of ")
    assert said.endswith("one of alice, bob"), said
    assert "<@" not in said


async def test_an_arcanoid_computers_turn_does_not_point_it_to_dm_menus(simcord_env):
    """"Turn: Computer 1 — play from your DM menus or /arcanoid …" spoke to a computer; a
    person's turn keeps the pointer."""
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    world.bot.tables.computer_pause = 3600  # the computer's turn stays on the table while we read it
    table = await open_table(world, "arcanoid", seed=3, bots=2, timer=0)
    assert table.module.pending(table.state) == [alice.id], "alice plays first"
    mine = table_message(world).embeds[0].description or ""
    assert "Turn: **alice** — play from your DM menus or `/arcanoid commit|discard|play`." in mine, mine
    card = table.view(alice.id)["seats"][0]["hand"][0]
    await alice.slash(world.channel, "arcanoid discard", card=card)
    theirs = table_message(world).embeds[0].description or ""
    assert "Turn: **Computer 1**." in theirs, theirs
    assert "DM menus" not in theirs, theirs


async def test_an_arcanoid_refusal_names_the_page_as_the_cards_show_it(simcord_env):
    """The cards and Arcanoid's card names say "Page"; the refusal of a wrong commitment said
    "the knave"."""
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0)
    arrange(table, {alice.id: "JS 2S 3S QS 2W 5C", bob.id: "2C 3C 4C 6C 7C 8C"})
    said = await refused(world, alice.slash(world.channel, "arcanoid commit", field="swords", cards="JS 2S 3S"),
                         "no commitment", "the page or the knight alone")
    assert "knave" not in said.lower(), said
