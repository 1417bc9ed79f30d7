"""Bounded work and answers for everything (issue 10): over-long text is refused before any work,
the worst accepted text never stalls the event loop, forged or broken controls and forms are
answered privately and change nothing, a control acts only for its own table's server and seated
members, unexpected failures get the one failure answer, spectators never break the table
message."""

from __future__ import annotations

import asyncio
import sys
import time

import discord
from discord import app_commands

from cogs.common import DEFAULT_TEXT_LIMIT, MAX_SPECTATORS, text_limit
from tests.discord.helpers import (
    latest_with_buttons,
    make_world,
    open_table,
    private_text,
    refused,
    snapshot,
    table_message,
)

# Every text option of every command, with the other options it needs.
# CPU seconds the loop's thread may work between two ticks: far above any command's work and a
# garbage collection, far below the minutes the old parser took
LOOP_HOLD_LIMIT = 5.0
TEXT_OPTIONS = [
    ("count", "cards", {}),
    ("poker turn", "card", {}), ("poker discard", "cards", {}),
    ("rummy discard", "card", {}), ("rummy call", "card", {}), ("rummy meld", "cards", {}),
    ("tarot call", "king", {}), ("tarot discard", "cards", {}), ("tarot play", "card", {}),
    ("loc discard", "card", {}), ("loc play", "card", {}),
    ("arcanoid commit", "cards", {"field": "swords"}), ("arcanoid discard", "card", {}),
    ("arcanoid play", "arcanum", {}), ("arcanoid play", "call", {"arcanum": "17"}),
    ("arcanoid play", "target", {"arcanum": "2"}),
    ("verify", "seed", {}), ("fair seed", "value", {}),
]
TABLE_OPTION_COMMANDS = ["blackjack hit", "poker fold", "rummy draw", "tarot bid", "loc play", "baccarat bet",
                         "history"]


def declared_text_options(bot) -> set[tuple[str, str]]:
    return {(command.qualified_name, parameter.name)
            for command in bot.tree.walk_commands() if isinstance(command, app_commands.Command)
            for parameter in command.parameters
            if parameter.type is discord.AppCommandOptionType.string and not parameter.choices}


def needed_options(name: str) -> dict:
    return {"rummy draw": {"from": "stock"}, "tarot bid": {"contract": "pass"},
            "baccarat bet": {"on": "tie", "amount": 10}, "loc play": {"card": "KC"}}.get(name, {})


def worst_text(limit: int) -> str:
    """The text that made the old parser freeze the bot, as long as the option allows."""
    return ("1 2 " * limit)[:limit]


async def test_the_list_above_covers_every_text_option(simcord_env):
    world = make_world(simcord_env)
    listed = {(name, option) for name, option, _ in TEXT_OPTIONS}
    listed |= {(name, "table") for name in TABLE_OPTION_COMMANDS}
    assert {(c, o) for c, o in declared_text_options(world.bot) if o != "table"} <= listed
    assert all(o == "table" or (c, o) in listed for c, o in declared_text_options(world.bot))


async def test_text_over_its_limit_is_refused_before_any_work(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    await open_table(world, "poker", seed=3, timer=0, format="draw")
    for name, option, others in TEXT_OPTIONS:
        limit = text_limit(name, option)
        options = {**others, option: worst_text(limit + 1)}
        await refused(world, alice.slash(world.channel, name, **options), f"at most {limit} characters")
    for name in TABLE_OPTION_COMMANDS:
        options = {**needed_options(name), "table": "9" * (DEFAULT_TEXT_LIMIT + 1)}
        await refused(world, alice.slash(world.channel, name, **options), "at most")


async def test_a_long_autocomplete_query_gets_no_choices_and_no_work(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    await open_table(world, "poker", seed=3, timer=0, format="draw")
    choices = await alice.autocomplete(world.channel, "poker discard", "cards", worst_text(5000))
    assert choices == []


async def test_the_worst_accepted_text_never_stalls_the_event_loop(simcord_env):
    """A ticker measures the CPU time the event loop's thread spends between two of its ticks
    while every text option takes the worst input it accepts (the old parser froze the loop for
    minutes on the first of them). CPU time, not the wall clock: a busy machine makes the loop
    wait for a core, not work longer. The lag itself, and its targets, are bench_input's."""
    world = make_world(simcord_env)
    alice, _ = world.members
    await open_table(world, "poker", seed=3, timer=0, format="draw")
    worst_hold = 0.0
    stop = asyncio.Event()

    async def ticker() -> None:
        nonlocal worst_hold
        while not stop.is_set():
            before = time.thread_time()
            await asyncio.sleep(0.001)
            worst_hold = max(worst_hold, time.thread_time() - before)

    ticking = asyncio.create_task(ticker())
    await asyncio.sleep(0)
    for name, option, others in TEXT_OPTIONS:
        text = worst_text(text_limit(name, option))
        result = await alice.slash(world.channel, name, **{**others, option: text})
        assert private_text(result)
    stop.set()
    await ticking
    assert worst_hold < LOOP_HOLD_LIMIT, f"the event loop's thread worked {worst_hold * 1000:.0f} ms without a break"


async def test_a_superscript_two_in_the_amount_form_is_refused(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    await open_table(world, "blackjack", seed=2, timer=0)
    shown = await alice.click(table_message(world), label="Other amount…")
    await refused(world, alice.submit_modal(shown, {"amount": "²"}), "whole number")
    shown = await alice.click(table_message(world), label="Other amount…")
    await refused(world, alice.submit_modal(shown, {"amount": "１０"}), "whole number")  # full-width digits


async def bot_message(world, channel, *custom_ids: str) -> discord.Message:
    """A message of the bot carrying buttons with these custom_ids (as a damaged or forged one would)."""
    view = discord.ui.View(timeout=None)
    for index, custom_id in enumerate(custom_ids):
        view.add_item(discord.ui.Button(label=f"b{index}", custom_id=custom_id))
    sent = await world.bot.get_channel(channel.id).send("controls", view=view)
    world.bot._connection._view_store.remove_view(view)  # only the routing by custom_id is left
    return sent


async def test_broken_button_codes_are_answered_privately_and_change_nothing(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    table = await open_table(world, "blackjack", seed=2, timer=0)
    step = table.step_key()
    forged = ["garbage", "tt:abc:v1:hit", "tt:", f"tt:{table.id}", f"tt:{table.id}:{step}:bet.²",
              f"tt:{table.id}:{step}:bet.99999999999999999999", f"tt:{table.id}:{step}:no_such_move",
              f"tt:{table.id}:{step}:join", f"tt:99999:{step}:hit", f"tl:{table.id}:explode",
              f"ts:{table.id}:{step}:play"]
    message = await bot_message(world, world.channel, *forged)
    for index, _ in enumerate(forged):
        await refused(world, alice.click(message, label=f"b{index}"))


async def test_a_button_acts_only_for_its_own_server_and_seated_members(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = world.members
    await alice.slash(world.channel, "blackjack create", timer=0)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    table = world.table()
    other_guild = simcord_env.create_guild()
    elsewhere = other_guild.create_text_channel("elsewhere")
    stranger = other_guild.add_member(simcord_env.create_user("stranger"))
    forged = await bot_message(world, elsewhere, f"tl:{table.id}:join", f"tt:{table.id}:{table.step_key()}:bet.10")
    for label in ("b0", "b1"):
        before = snapshot(world)
        text = private_text(await stranger.click(forged, label=label))
        assert "another server" in text
        assert snapshot(world) == before and not table.seated(stranger.id)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    await refused(world, carol.click(table_message(world), label="Bet 10"), "not seated")
    assert not table.seated(carol.id)


async def test_an_unexpected_failure_gets_the_failure_answer(simcord_env, monkeypatch):
    world = make_world(simcord_env)
    alice, _ = world.members
    await open_table(world, "blackjack", seed=2, timer=0)

    def deep(*args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(sys.modules["cogs.economy"], "read_pile", deep)
    await refused(world, alice.slash(world.channel, "count", cards="KC"), "something went wrong", "nothing was changed")
    monkeypatch.setattr(world.bot.tables, "table_by_id", deep)  # the lookup a click makes first
    await refused(world, alice.click(table_message(world), label="Bet 10"), "something went wrong")
    logged = simcord_env.errors  # the failures SimCord saw (reading them acknowledges them)
    assert logged and all("recursion" in str(error) for error in logged)


async def test_a_crowd_of_spectators_never_breaks_the_table_message(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "blackjack", seed=2, timer=0)
    table.extra["spectators"] = list(range(10**17, 10**17 + 95))  # stored before the limit existed
    await world.bot.tables.save_extra(table)
    first = table.extra["table_message"]
    await alice.click(table_message(world), label="Bet 10")
    await bob.click(table_message(world), label="Bet 10")
    while world.table().extra["table_message"] == first and table.active:
        player = table.state.seats[0].player if hasattr(table.state, "seats") else alice.id
        member = alice if player == alice.id else bob
        result = await member.slash(world.channel, "blackjack stand")
        if "not your turn" in private_text(result).lower():
            await (bob if member is alice else alice).slash(world.channel, "blackjack stand")
    message = table_message(world)
    assert message.id != first and len(message.content) <= 2000 and message.embeds


async def test_spectate_again_stops_watching(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, _, carol = world.members
    await alice.slash(world.channel, "blackjack create", timer=0)
    table = world.table()
    result = await carol.slash(world.channel, "table spectate")
    assert "watching" in result.response.content and carol.id in table.extra["spectators"]
    result = await carol.slash(world.channel, "table spectate")
    assert "stopped watching" in result.response.content and carol.id not in table.extra["spectators"]
    table.extra["spectators"] = list(range(1, MAX_SPECTATORS + 1))
    await refused(world, carol.slash(world.channel, "table spectate"), f"{MAX_SPECTATORS} spectators")


async def test_garbage_in_every_text_option_is_answered_privately_and_changes_nothing(simcord_env):
    world = make_world(simcord_env)
    alice, _ = world.members
    await open_table(world, "poker", seed=3, timer=0, format="draw")
    for garbage in ("zz", "king of cupz", "²", "<@everyone> ` ' \" |", "8 11 " * 20):
        for name, option, others in TEXT_OPTIONS:
            await refused(world, alice.slash(world.channel, name, **{**others, option: garbage}))
