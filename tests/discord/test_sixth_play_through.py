"""What the fifth play-through left (issue 28): an Arcanoid DM kept describing a reaction window
long closed as open ("a Fool or a Hermit may answer now"); poker counted a person's minute down
during a computer's turn; a house table told a second timeout twice ("alice sits this round out.
alice sits out.")."""

from __future__ import annotations

from cogs import last_moves
from games import arcanoid as arc
from tests.discord.helpers import latest_with_buttons, make_world, open_table, table_message
from tests.discord.test_arcanoid_live import alice_and_bob
from tests.discord.test_fourth_play_through import WINDOW

COUNTDOWN = "time runs out"


async def test_an_arcanoid_dm_kept_after_a_window_does_not_call_it_open(simcord_env):
    world, alice, bob, table = await alice_and_bob(simcord_env, "9S 10S 2C 3C 4C 5C", "2W 3W 4W 5W 6W 7W",
                                                    reaction_seconds=WINDOW)
    await alice.slash(world.channel, "arcanoid commit", field="swords", cards="9S 10S")
    assert table.state.phase == "window"
    await simcord_env.advance_time(WINDOW + 1)  # the window closes; Bob's turn
    assert table.state.phase == "play" and arc.pending(table.state) == [bob.id]
    header = alice.user.dm_channel.history()[-1].content.splitlines()[0]  # her latest DM, without controls
    assert "may answer now" not in header, f"her DM still reads as if the window were open: {header}"
    assert (f"After alice's commitment on swords (9S 10S): a reaction window of {WINDOW} seconds for a Fool or a "
            "Hermit, then play goes on.") in header, header


async def test_a_computers_turn_at_poker_shows_no_countdown(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 3600  # the computers wait: the table is read on a computer's turn
    await alice.slash(world.channel, "poker create", bots=3, timer=60)
    await alice.click(latest_with_buttons(world.channel, "Start"), label="Start")
    table = world.table()
    pending = table.module.pending(table.state)
    if pending == [alice.id]:
        assert COUNTDOWN in table_message(world).embeds[0].description, "her own turn counts down"
        await alice.slash(world.channel, "poker fold")
    assert all(p < 0 for p in table.module.pending(table.state)), "a computer's turn"
    shown = table_message(world).embeds[0].description
    assert COUNTDOWN not in shown, f"a person's timer shown on a computer's turn: {shown}"


async def test_a_second_timeout_at_a_house_table_is_told_in_one_sentence(simcord_env):
    for game in ("blackjack", "baccarat"):
        world = make_world(simcord_env, names=("alice",), channel=game)
        table = await open_table(world, game, seed=5, timer=30)
        for _ in range(2):
            await simcord_env.advance_time(31)  # she sits the round out, then sits out
        told = table.extra[last_moves.KEY][-1]["text"]
        assert told == f"{last_moves.TIMED_OUT}alice sits out.", told
