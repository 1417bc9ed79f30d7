"""What the fifth play-through of the sandbox found (after issue 28): a betting window nobody bet
in, or a table ended in one, left a message that still read as open ("Betting is open", whose
turn, a countdown); a house table with nobody in play spoke of computers it never has; a
baccarat result named the spot by its internal value ("20 on banker"); five-card draw told its
draw as "The draw: —"; Arcanoid counted battles as "Computer 2 4"."""

from __future__ import annotations

from typing import Any

from tests.discord.helpers import make_world, open_table, private_text, table_message
from tests.discord.test_live_words import last_moves as last_moves_shown
from tests.discord.test_poker_play import NAMES, open_poker

LIVE_WORDS = ("Betting is open", "Bets open", "Waiting for:", "time runs out", "your move")


def round_messages(world: Any, title: str) -> list[Any]:
    """The channel's table messages of a game's rounds (not its lobby), oldest first."""
    return [m for m in world.channel.history() if m.embeds and (m.embeds[0].title or "").startswith(f"{title} — round")]


def live_words_in(message: Any) -> list[str]:
    shown = f"{message.content or ''}\n{message.embeds[0].description or ''}"
    return [words for words in LIVE_WORDS if words in shown]


async def test_a_window_everyone_passed_goes_on_in_the_same_message(simcord_env):
    for game, title in (("blackjack", "Major Blackjack"), ("baccarat", "Major Baccarat")):
        world = make_world(simcord_env, names=("alice",), channel=game)
        alice = world.members[0]
        table = await open_table(world, game, seed=5, timer=30)
        first = table_message(world)
        await alice.click(first, label="Sit this one out")
        assert table.state.round == 2, "the window opened again"
        messages = round_messages(world, title)
        assert [m.id for m in messages] == [first.id], "no message is left behind with a window still open"
        assert f"{title} — round 2" == messages[0].embeds[0].title
        assert "your move on this table" in (messages[0].content or ""), "the window still calls her"


async def test_a_window_that_ran_out_leaves_no_open_looking_message(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    await open_table(world, "blackjack", seed=5, timer=30)
    for _ in range(2):
        await simcord_env.advance_time(31)  # she sits the round out, then sits out
    for message in round_messages(world, "Major Blackjack")[:-1]:
        assert not live_words_in(message), (message.embeds[0].title, message.embeds[0].description)


async def test_a_table_ended_in_its_betting_window_no_longer_reads_as_open(simcord_env):
    for game in ("blackjack", "baccarat"):
        world = make_world(simcord_env, names=("alice",), channel=game)
        alice = world.members[0]
        table = await open_table(world, game, seed=5, timer=30)
        await alice.slash(world.channel, "table end")
        last = table_message(world, table)
        assert not live_words_in(last), last.embeds[0].description
        assert "ended before this round was over" in last.embeds[0].description
        assert not last.components, "no button is left on it"


async def test_a_house_table_waiting_for_a_player_speaks_of_no_computer(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    await open_table(world, "blackjack", seed=5, timer=30)
    for _ in range(2):
        await simcord_env.advance_time(31)  # she sits the round out, then sits out
    shown = table_message(world).embeds[0].description
    assert "Sitting out" in shown and "Waiting for a player" in shown, shown
    assert "computer" not in shown.lower(), shown


async def test_a_baccarat_result_names_the_spot_as_its_button_does(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_table(world, "baccarat", seed=5, timer=0)
    await alice.slash(world.channel, "baccarat bet", on="banker", amount=20)
    settled = next(m for m in round_messages(world, "Major Baccarat") if m.id != table.extra["table_message"])
    assert "20 on Banker →" in settled.embeds[0].description, settled.embeds[0].description


async def test_the_draw_is_told_without_a_dash_for_no_card(simcord_env):
    world = make_world(simcord_env, NAMES)
    alice, bob, carol = world.members
    await open_poker(world, seed=13, short=False, timer=0, format="draw")
    await alice.slash(world.channel, "poker call")
    await bob.slash(world.channel, "poker call")
    said = private_text(await carol.slash(world.channel, "poker check"))
    assert "The draw begins" in said and "—" not in said, said
    assert "The draw begins" in last_moves_shown(world)


async def test_arcanoid_counts_the_battles_won_readably(simcord_env):
    from tests.discord.test_fourth_play_through import FIELDS, WINDOW, arcanoid_of_alice_and_bob

    world, table = await arcanoid_of_alice_and_bob(simcord_env, "9S 9W 9C 2P 2S 3S", "8S 8W 8C 3P 2W 3W", rounds=2)
    for field_, suit in zip(FIELDS, "SWC_", strict=True):
        for member, rank in zip(world.members, (9, 8), strict=True):
            cards = {} if suit == "_" else {"cards": f"{rank}{suit}"}  # coins: both abdicate
            said = private_text(await member.slash(world.channel, "arcanoid commit", field=field_, **cards))
            assert "abdicat" in said or "commits" in said, said
            if table.state.phase == "window":
                await simcord_env.advance_time(WINDOW + 1)
    assert table.state.round == 2, "the first round is over"
    shown = table_message(world).embeds[0].description
    assert "None" not in shown, shown
    assert "Battles won: alice: 3, bob: 1" in shown, "a name, then its count (not 'alice 3, bob 1')"


async def test_split_hands_are_told_apart_on_the_table_in_the_dm_and_in_the_result(simcord_env):
    from tests.discord.test_blackjack_split_dm import _splits_after_a_hit

    seed = next(s for s in range(1, 3000) if _splits_after_a_hit(s))
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_table(world, "blackjack", seed=seed, timer=0)
    await alice.slash(world.channel, "blackjack bet", amount=20)
    await alice.slash(world.channel, "blackjack hit")
    await alice.slash(world.channel, "blackjack split")
    assert f"{alice.mention} to play (hand 1)." in table_message(world).embeds[0].description
    shown = (await alice.slash(world.channel, "hand")).response.content
    assert "— your move" in shown.split("Hand 1:")[1].split("\n")[0], shown  # which of the two is asked for
    assert "— your move" not in shown.split("Hand 2:")[1].split("\n")[0], shown
    while table.state.phase == "playing":
        await alice.slash(world.channel, "blackjack stand")
    told = last_moves_shown(world)
    assert "(hand 1)" in told.split("is settled:")[1] and "(hand 2)" in told.split("is settled:")[1], told
