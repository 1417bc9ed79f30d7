"""Issue 11, words, as members read them: one word per game for a deal (rounds at the house
games, hands elsewhere), plurals that agree with their number, no chip talk at chipless tables."""

from __future__ import annotations

from tests.discord.helpers import buttons, make_world, open_table, table_message


async def test_the_house_games_play_rounds_and_the_others_hands(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    await open_table(world, "blackjack", seed=4, timer=0)
    assert table_message(world).embeds[0].title == "Major Blackjack — round 1"
    poker_room = make_world(simcord_env, names=("carol", "dan"), channel="poker")
    await open_table(poker_room, "poker", seed=4, timer=0)
    assert table_message(poker_room).embeds[0].title == "Major Poker — hand 1"


async def test_the_lobby_message_says_the_game_started_in_words_not_its_status(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    await open_table(world, "blackjack", seed=4, timer=0)
    lobby = next(m for m in world.channel.history() if m.embeds and m.embeds[0].title.startswith("Major Blackjack — ")
                 and any(field.name.startswith("Seated") for field in m.embeds[0].fields))
    assert lobby.embeds[0].title == "Major Blackjack — game started"
    assert "table message below" in lobby.embeds[0].footer.text
    assert not buttons(lobby), "a started game's lobby offers no Join or Start"


async def test_one_round_on_the_leaderboard_is_one_round(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    table = await open_table(world, "baccarat", seed=4, timer=0)
    await alice.slash(world.channel, "baccarat bet", on="player", amount=10)
    assert table.state.round == 2
    board = (await alice.slash(world.channel, "leaderboard", game="baccarat")).response.embeds[0].description
    assert board.endswith("over 1 round"), board
    shown = (await alice.slash(world.channel, "history")).response.embeds[0]
    assert shown.title == "Major Baccarat — your last rounds" and shown.fields[0].name == "Round 1"


async def test_leaving_a_chipless_table_says_nothing_of_chips(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    world.bot.tables.computer_pause = 0
    await open_table(world, "tarot", seed=2, players=3, bots=2, hands=1, timer=0)
    said = (await alice.slash(world.channel, "table leave")).response.content
    assert said.startswith("You've left the table") and "chip" not in said, said


async def test_leaving_a_chip_table_says_where_the_chips_go(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    await open_table(world, "baccarat", seed=4, timer=0)
    said = (await alice.slash(world.channel, "table leave")).response.content
    assert "your chips are back in your wallet" in said, said
