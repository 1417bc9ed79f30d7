"""Major Blackjack played through SimCord by members, as people play it: buttons on the table
message, slash commands, DMs, a restart in the middle of a round, timers and failing calls."""

from __future__ import annotations

from typing import Any

import pytest

from bot import create_bot, fair
from games import blackjack, fairness
from games.base import SeatSpec
from tests.discord.helpers import (
    ledger_balances,
    make_world,
    open_table,
    private_text,
    table_message,
    wallet,
)
from tests.seeds import predict, predicted

BETS = {0: 10, 1: 50}  # alice bets 10, bob 50 each round


def choose(legal: set[str], hand_total: int) -> str:
    """The players' policy, the same in the simulation and at the Discord table."""
    if "split" in legal:
        return "split"
    if "double" in legal and hand_total in (9, 10, 11):
        return "double"
    return "hit" if hand_total < 15 and "hit" in legal else "stand"


def simulate(players: list[int], seed: int, rounds: int) -> tuple[blackjack.State, set[str]]:
    """Plays the same rounds with the rules alone: what the Discord game must end with."""
    predict(seed)
    state = blackjack.new(blackjack.Options(timer=0), [SeatSpec(p, 1000) for p in players])
    kinds: set[str] = set()
    while state.round <= rounds:
        for index, player in enumerate(players):
            kinds.update(e.kind for e in blackjack.apply(state, player, {"type": "bet", "amount": BETS[index]}))
        while state.phase == "playing":
            player, move = next_move(state)
            kinds.update(e.kind for e in blackjack.apply(state, player, {"type": move}))
    return state, kinds


def next_move(state: blackjack.State) -> tuple[int, str]:
    view = blackjack.view(state)
    turn = view["turn"]
    hand = next(s for s in view["seats"] if s["player"] == turn["player"])["hands"][turn["hand"]]
    legal = {a["type"] for a in blackjack.legal_actions(state, turn["player"])}
    return turn["player"], choose(legal, hand["total"])


def seed_with(players: list[int], rounds: int, wanted: set[str]) -> int:
    return next(seed for seed in range(1, 2000) if wanted <= simulate(players, seed, rounds)[1])


async def play_round(world: Any, via_commands: set[int]) -> None:
    """Both bet, then each plays by the policy: some through buttons, some through commands."""
    table = world.table()
    for index, member in enumerate(world.members):
        if member.id in via_commands:
            await member.slash(world.channel, "blackjack bet", amount=BETS[index])
        else:
            await member.click(table_message(world), label=f"Bet {BETS[index]}")
    while table.state.phase == "playing":
        player, move = next_move(table.state)
        member = next(m for m in world.members if m.id == player)
        if member.id in via_commands:
            result = await member.slash(world.channel, f"blackjack {move}")
            assert result.ephemeral
        else:
            await member.click(table_message(world), label=move.title())


@pytest.mark.both_backends
async def test_two_members_play_several_rounds_and_the_wallets_end_right(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    players = [alice.id, bob.id]
    rounds = 4
    seed = seed_with(players, rounds, {"split", "double"})
    expected, _ = simulate(players, seed, rounds)

    predict(seed)
    await alice.slash(world.channel, "blackjack create", timer=0, buy_in=1000)  # the whole wallet, said so
    await bob.slash(world.channel, "table join", buy_in=1000)
    await alice.slash(world.channel, "table start")
    for _ in range(rounds):
        await play_round(world, via_commands={bob.id})

    table = world.table()
    assert blackjack.to_dict(table.state) == blackjack.to_dict(expected)
    shown = (await bob.slash(world.channel, "history")).response.embeds[0]
    assert shown.title == "Major Blackjack — your last rounds" and len(shown.fields) == rounds
    assert shown.fields[0].name == f"Round {rounds}"
    assert fairness.commitment(predicted(seed, 1)) in shown.fields[0].value  # the shoe is in use: no seed yet
    assert f"{predicted(seed, 1)}`" not in shown.fields[0].value
    assert all("Dealer:" in f.value and " chips**" in f.value for f in shown.fields)
    stacks = {s.player: s.stack for s in expected.seats}
    for member in (alice, bob):
        await member.slash(world.channel, "table leave")
        assert await wallet(world, member) == stacks[member.id]
    await ledger_balances(world)
    settled = [m for m in world.channel.history() if m.embeds and "wins" in (m.embeds[0].description or "")
               or m.embeds and "loses" in (m.embeds[0].description or "")]
    assert settled, "finished rounds keep their results on their table message"


@pytest.mark.both_backends
async def test_a_restart_mid_round_finishes_with_the_old_buttons(simcord_env, db_path):
    world = make_world(simcord_env)
    alice, bob = world.members
    await open_table(world, "blackjack", seed=11, timer=0)
    await alice.click(table_message(world), label="Bet 10")
    await bob.click(table_message(world), label="Bet 50")
    before = table_message(world)
    assert world.table().state.phase == "playing"
    version = world.table().version

    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))

    table = world.table()
    assert table.version == version and table.state.phase == "playing"
    while table.state.phase == "playing":
        player = blackjack.view(table.state)["turn"]["player"]
        member = alice if player == alice.id else bob
        result = await member.click(before, label="Stand")
        assert not result.ephemeral or "earlier turn" not in private_text(result)
    assert table.state.round == 2
    await ledger_balances(world)


async def test_closed_dms_are_told_once_and_the_player_plays_through_hand(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    dm = alice.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    table = await open_table(world, "blackjack", seed=5, timer=0)
    for _ in range(2):
        await alice.click(table_message(world), label="Bet 10")
        await bob.click(table_message(world), label="Bet 10")
        while table.state.phase == "playing":
            turn = blackjack.view(table.state)["turn"]["player"]
            if turn == alice.id:
                shown = await alice.slash(world.channel, "hand")
                assert shown.ephemeral and shown.response.attachments
                await alice.click(shown.response.message, label="Stand")
            else:
                await bob.click(table_message(world), label="Stand")
    notices = [m for m in world.channel.history() if "DMs are closed" in m.content]
    assert len(notices) == 1 and alice.mention in notices[0].content
    assert table.state.round == 3
    assert any(m.attachments for m in bob.user.dm_channel.history())


async def test_an_idle_player_gets_the_safe_default_and_then_sits_out(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "blackjack", seed=3, timer=30)
    await alice.click(table_message(world), label="Bet 10")
    await simcord_env.advance_time(31)  # bob never bets: he passes; the round is dealt
    assert table.state.phase == "playing"
    log = await world.bot.store.action_log(table.id)
    assert log[-1][1:] == (bob.id, {"type": "pass"})
    while table.state.phase == "playing":
        await simcord_env.advance_time(31)  # alice idles: her hands stand
    # as made: a turn that ran out leaves the table packed, and the next move logs the seeds again
    log = await world.bot.store.action_log(table.id)
    assert [fair.as_made(a) for _, p, a in log if p == alice.id][-1] == {"type": "stand"}
    await simcord_env.advance_time(31)  # both idle in the new window: second timeout for bob
    seats = {s["player"]: s for s in blackjack.view(table.state)["seats"]}
    assert seats[bob.id]["sitting_out"]
    assert "time runs out" in (table_message(world).embeds[0].description or "") or not table.deadline
    await ledger_balances(world)


@pytest.mark.parametrize("status", [500, 429])
@pytest.mark.both_backends
async def test_a_failing_post_of_the_table_loses_nothing(simcord_env, status):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "blackjack", seed=8, timer=0)
    await alice.click(table_message(world), label="Bet 10")
    simcord_env.inject_error("*", "/interactions/*", status=status, times=1)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=status, times=1)
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=status, times=1)
    version = table.version
    clicked = await bob.click(table_message(world), label="Bet 10")
    assert clicked.acknowledged, "the click is still answered"
    assert table.version == version + 1, "the move was committed despite Discord failing"
    assert table.state.phase == "playing"
    turn = blackjack.view(table.state)["turn"]["player"]
    member = alice if turn == alice.id else bob
    await member.slash(world.channel, "blackjack stand")
    shown = table_message(world)
    assert shown.attachments and shown.embeds[0].image.url == "attachment://table.png"
    await ledger_balances(world)
