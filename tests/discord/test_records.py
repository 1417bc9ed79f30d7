"""Players' records through SimCord: /profile after played rounds (and after a restart),
/leaderboard by game, period and measure, a member with no record, each game's own figures."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

from bot import create_bot, records
from games import blackjack
from tests.discord.helpers import make_world, open_table, wallet

DAY = 86_400


async def play_blackjack_rounds(world: Any, rounds: int, bets: dict[int, int]) -> None:
    """Each member bets, then stands on every hand, `rounds` times."""
    table = world.table()
    for _ in range(rounds):
        for member in world.members:
            await member.slash(world.channel, "blackjack bet", amount=bets[member.id])
        while table.state.phase == "playing":
            turn = blackjack.view(table.state)["turn"]["player"]
            member = next(m for m in world.members if m.id == turn)
            await member.slash(world.channel, "blackjack stand")


async def profile_of(asking: Any, channel: Any, **options: Any) -> Any:
    """The /profile answer (deferred, then sent as a follow-up)."""
    result = await asking.slash(channel, "profile", **options)
    answer = result.followups[-1] if result.followups else result.response
    assert answer is not None, "the profile came"
    return answer


def field(message: Any, title: str) -> str:
    return next(f.value for f in message.embeds[0].fields if f.name == title)


@pytest.mark.both_backends
async def test_three_blackjack_rounds_show_in_the_profile_and_survive_a_restart(simcord_env, db_path):
    world = make_world(simcord_env)
    alice, bob = world.members
    before = {m.id: await wallet(world, m) for m in world.members}
    await open_table(world, "blackjack", seed=31, timer=0)
    await play_blackjack_rounds(world, 3, {alice.id: 10, bob.id: 50})
    for member in world.members:
        await member.slash(world.channel, "table leave")
    change = {m.id: await wallet(world, m) - before[m.id] for m in world.members}

    shown = await profile_of(alice, world.channel)
    assert shown.ephemeral, "private by default"
    text = field(shown, "Major Blackjack")
    assert text.startswith("3 rounds: ") and f"Net {change[alice.id]:+} chip" in text, text
    assert "Blackjacks " in text and "in 3 hands" in text
    assert shown.attachments and shown.attachments[0].filename == "profile.png"
    card = Image.open(io.BytesIO(await shown.attachments[0].read()))
    assert card.width >= 400 and card.height >= 150

    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    again = await profile_of(bob, world.channel, member=alice.user, public=True)
    assert not again.ephemeral, "shown to the channel when asked"
    assert field(again, "Major Blackjack") == text
    bobs = field(await profile_of(bob, world.channel), "Major Blackjack")
    assert bobs.startswith("3 rounds: ") and f"Net {change[bob.id]:+} chip" in bobs


async def test_a_member_with_no_record_is_told_so(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = world.members
    said = await profile_of(carol, world.channel)
    assert said.ephemeral and "You have no record on this server yet" in said.content and not said.embeds
    theirs = await profile_of(carol, world.channel, member=bob.user, game="poker")
    assert "bob has no record at Major Poker on this server yet" in theirs.content
    board = (await carol.slash(world.channel, "leaderboard", game="poker", period="week")).response
    assert board.ephemeral and "Nobody has finished a hand of Major Poker here in that time" in board.embeds[0].description
    refused = (await carol.slash(world.channel, "leaderboard", period="week")).response
    assert refused.ephemeral and refused.content.startswith("Choose a game")


def ranked(board: str) -> list[tuple[str, str]]:
    """(mention, the rest of the line) of each numbered line of a leaderboard."""
    return re.findall(r"^\d+\. (<@\d+>) — (.*)$", board, flags=re.MULTILINE)


@pytest.mark.both_backends
async def test_the_leaderboard_orders_members_by_measure_and_period(simcord_env, monkeypatch):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = world.members
    start = {m.id: await wallet(world, m) for m in world.members}
    await open_table(world, "blackjack", seed=7, timer=0)
    await play_blackjack_rounds(world, 3, {alice.id: 10, bob.id: 20, carol.id: 30})
    for member in world.members:
        await member.slash(world.channel, "table leave")
    await simcord_env.advance_time(9 * DAY)  # those rounds are out of this week
    middle = {m.id: await wallet(world, m) for m in world.members}
    world.members, world.channel = [alice, bob], world.guild.create_text_channel("later")
    await open_table(world, "blackjack", seed=8, timer=0)
    await play_blackjack_rounds(world, 2, {alice.id: 40, bob.id: 10})
    for member in world.members:
        await member.slash(world.channel, "table leave")
    end = {m.id: await wallet(world, m) for m in (alice, bob, carol)}
    mention = {m.mention: m.id for m in (alice, bob, carol)}

    async def board(**options: Any) -> str:
        answer = (await carol.slash(world.channel, "leaderboard", game="blackjack", **options)).response
        assert answer.ephemeral
        return answer.embeds[0].description

    week = ranked(await board(period="week"))
    assert {mention[m] for m, _ in week} == {alice.id, bob.id}, "carol played before this week"
    nets = [end[mention[m]] - middle[mention[m]] for m, _ in week]
    assert nets == sorted(nets, reverse=True)
    assert all(line == f"{net:+} chips over 2 rounds" or line == f"{net:+} chip over 2 rounds"
               for (_, line), net in zip(week, nets, strict=True))

    all_time = ranked(await board(period="all", by="net"))
    totals = [end[mention[m]] - start[mention[m]] for m, _ in all_time]
    assert len(all_time) == 3 and totals == sorted(totals, reverse=True)

    by_wins = ranked(await board(by="wins"))
    wins = [int(line.split(" won of ")[0]) for _, line in by_wins]
    assert len(by_wins) == 3 and wins == sorted(wins, reverse=True)
    played = {mention[m]: int(re.search(r"won of (\d+) round", line).group(1)) for m, line in by_wins}
    assert played == {alice.id: 5, bob.id: 5, carol.id: 3}

    few = await board(by="win rate")
    assert not ranked(few) and f"at least {records.WIN_RATE_MIN_ROUNDS} rounds" in few
    monkeypatch.setattr(records, "WIN_RATE_MIN_ROUNDS", 4)
    rates = await board(by="win rate")
    assert "at least 4 rounds" in rates
    shown = [(mention[m], int(line.split("%")[0])) for m, line in ranked(rates)]
    assert {p for p, _ in shown} == {alice.id, bob.id}, "carol has fewer than 4 rounds"
    assert [r for _, r in shown] == sorted((r for _, r in shown), reverse=True)
