"""Every decision a person is asked for gets the table's full timer (issue 28, item 1): a player
who decides late is asked their next decision with the whole time again, the countdown shown is
that one, and the timer plays for them only once it has all run out — in every game with a
timer, for consecutive decisions of the same player."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games import french_tarot as ft
from tests.discord.helpers import World, make_world, open_table, private_text, table_message
from tests.discord.test_arcanoid_play import arrange
from tests.discord.test_live_words import open_with_computers
from tests.discord.test_tarot_play import first_seed, simulate

TIMER = 60
LATE = 37  # seconds into a decision before the person makes it (the blackjack bet)
MOST_DECISIONS = 40

Command = tuple[str, dict[str, Any]]


def asked(world: World, member: Any) -> bool:
    table = world.table()
    return table.active and member.id in table.module.pending(table.state)


async def decide_late(world: World, member: Any, command: Command) -> str:
    """The member makes their decision LATE seconds into it, by slash command; returns the step
    it was made at. Their time had not run out before."""
    table = world.table()
    step = table.step_key()
    await world.env.advance_time(LATE)
    assert table.step_key() == step and asked(world, member), "the decision timed out before its time"
    name, options = command
    result = await member.slash(world.channel, name, **options)
    assert table.step_key() != step, private_text(result)
    return step


async def asked_again_after_a_late_decision(world: World, member: Any,
                                            command: Callable[[Any], Command]) -> None:
    """Plays the member's decisions (each LATE seconds in) until one is followed by another of
    theirs; the computers move on their own."""
    for _ in range(MOST_DECISIONS):
        if not asked(world, member):
            await world.env.advance_time(1)
            continue
        await decide_late(world, member, command(world.table()))
        if asked(world, member):
            return
    raise AssertionError("the member never had two decisions in a row")


async def has_its_full_time(world: World, member: Any) -> None:
    """The member's decision now has the table's whole timer, shown as the table's countdown,
    and the timer plays for them only when that has run out."""
    table = world.table()
    step = table.step_key()
    now = world.env.now().timestamp()
    assert table.deadline == pytest.approx(now + TIMER, abs=1), f"{table.deadline - now:.0f} s left, not {TIMER}"
    shown = table_message(world).embeds[0].description or ""
    assert f"⏱️ time runs out <t:{int(table.deadline)}:R>" in shown, shown
    logged = len(await world.bot.store.action_log(table.id))
    await world.env.advance_time(TIMER - 5)
    assert table.step_key() == step and asked(world, member), "the timer played before its full time"
    await world.env.advance_time(10)
    assert table.step_key() != step, "the timer never played"
    timed_out = (await world.bot.store.action_log(table.id))[logged]
    assert timed_out[1] == member.id, "the timer played the member's default move"


async def test_blackjack_a_late_bet_leaves_the_first_play_its_full_time(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    await open_table(world, "blackjack", seed=3, timer=TIMER)
    await decide_late(world, alice, ("blackjack bet", {"amount": 10}))
    assert world.table().state.phase == "playing" and asked(world, alice)
    await has_its_full_time(world, alice)


async def test_baccarat_each_betting_window_has_its_full_time(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_table(world, "baccarat", seed=3, timer=TIMER)
    await decide_late(world, alice, ("baccarat bet", {"on": "player", "amount": 10}))
    assert table.state.round == 2 and asked(world, alice)
    await has_its_full_time(world, alice)


async def test_tarot_the_discard_and_the_chelem_question_after_a_prise_have_their_full_time(simcord_env):
    def alice_takes(seed: int) -> bool:
        bidding = simulate(3, seed, bids={0: "prise"}, stop=lambda s: s.phase != "bidding")
        return bidding.taker == 0 and bidding.phase == "discarding"

    seed = first_seed(alice_takes)
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "tarot", seed=seed, players=3, bots=2, hands=1, timer=TIMER)
    while not asked(world, alice):
        await simcord_env.advance_time(1)  # the computers' bids before hers
    await decide_late(world, alice, ("tarot bid", {"contract": "prise"}))
    assert table.state.phase == "discarding" and asked(world, alice)
    discard = ft.default_action(table.state, alice.id)["cards"]
    await simcord_env.advance_time(1)
    now = simcord_env.now().timestamp()
    assert table.deadline == pytest.approx(now + TIMER - 1, abs=1), "the discard has the whole timer"
    await decide_late(world, alice, ("tarot discard", {"cards": " ".join(discard)}))
    assert table.state.phase == "chelem" and asked(world, alice)
    await has_its_full_time(world, alice)
    assert table.state.phase == "playing", "the chelem question timed out to no chelem"


def poker_command(table: Any) -> Command:
    hand = table.state.hand
    bettor = hand.betting.current()
    return ("poker check", {}) if hand.betting.to_call(bettor) == 0 else ("poker call", {})


def rummy_command(table: Any) -> Command:
    action = table.module.default_action(table.state, table.module.pending(table.state)[0])
    if action["type"] == "draw":
        return "rummy draw", {"from": "stock"}
    return f"rummy {action['type']}", {"card": action["card"]}


def loc_command(table: Any) -> Command:
    action = table.module.default_action(table.state, table.module.pending(table.state)[0])
    return f"loc {action['type']}", {"card": action["card"]}


AGAINST_COMPUTERS = [("poker", {"bots": 1}, poker_command), ("rummy", {"opponent": "bot"}, rummy_command),
                     ("loc", {"bots": 3}, loc_command)]


@pytest.mark.parametrize(("game", "options", "command"), AGAINST_COMPUTERS, ids=[g[0] for g in AGAINST_COMPUTERS])
async def test_against_computers_a_players_next_decision_has_its_full_time(simcord_env, game, options, command):
    """Poker's next street or hand, Rummy's discard after a draw, Loc's play after a discard."""
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    await open_with_computers(world, game, timer=TIMER, **options)
    await asked_again_after_a_late_decision(world, alice, command)
    await has_its_full_time(world, alice)


async def test_arcanoid_the_move_after_a_high_priestess_has_its_full_time(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=TIMER)
    arrange(table, {alice.id: "2 9S 10S 2C 3C 4C", bob.id: "3W 4W 5W 6W 7W 8W"})
    await decide_late(world, alice, ("arcanoid play", {"arcanum": "2", "target": "bob"}))
    assert table.state.phase == "play" and asked(world, alice), "the High Priestess gives another move"
    await has_its_full_time(world, alice)


async def test_a_betting_window_is_one_decision_for_everyone_in_it(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "blackjack", seed=3, timer=TIMER)
    opened = table.deadline
    await simcord_env.advance_time(6)
    await alice.slash(world.channel, "blackjack bet", amount=10)
    assert table.deadline == opened, "bob's time in the window runs on"
    await simcord_env.advance_time(TIMER - 6 + 1)
    assert table.state.phase == "playing", "the window closed at its own deadline"
    assert (await world.bot.store.action_log(table.id))[-1][1:] == (bob.id, {"type": "pass"})
