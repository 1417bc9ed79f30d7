"""True words the fourth play-through asked for (issue 28, items 6, 9, 11, 13, 14): "time ran out"
only where a person's turn timer played, Arcanoid's /table end without chips or "no cards", the
powers in /profile by the game's names, a leaderboard whose date reads the same in its body and
footer and says a thing once, and a settled blackjack round that calls no one to move."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cogs import last_moves
from tests.discord.helpers import World, make_world, open_table, private_text, reread, table_message
from tests.discord.test_arcanoid_play import arrange
from tests.discord.test_live_words import last_moves as last_moves_shown
from tests.discord.test_records import field, profile_of

WINDOW = 60  # Arcanoid's reaction windows here: longer than any settle timeout below (30 s), so the
# test's clock closes each one, never SimCord's real-time fallback (a window within it cost 5 real s)
FIELDS = ("swords", "staves", "cups", "coins")


async def arcanoid_of_alice_and_bob(simcord_env: Any, alice_hand: str, bob_hand: str,
                                    **options: Any) -> tuple[World, Any]:
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0, reaction_seconds=WINDOW, **options)
    arrange(table, {alice.id: alice_hand, bob.id: bob_hand})
    return world, table


async def test_a_reaction_window_closed_by_the_clock_is_no_ones_timeout(simcord_env):
    world, table = await arcanoid_of_alice_and_bob(simcord_env, "9S 9W 9C 9P 2S 3S", "8S 8W 8C 8P 2W 3W")
    alice, bob = world.members
    for field_, suit in zip(FIELDS, "SWCP", strict=True):
        for member, rank in ((alice, 9), (bob, 8)):
            said = private_text(await member.slash(world.channel, "arcanoid commit", field=field_, cards=f"{rank}{suit}"))
            assert table.state.phase == "window", said
            await simcord_env.advance_time(WINDOW + 1)  # the table's clock closes the window
        if field_ == "coins":
            break
    told = last_moves_shown(world) if table.active else " ".join(e["text"] for e in table.extra[last_moves.KEY])
    assert "has committed on all four battlefields" in told, told
    assert last_moves.TIMED_OUT.strip() not in told, f"no person's timer ran out: {told}"


async def test_a_persons_timer_still_says_time_ran_out(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    await open_table(world, "blackjack", seed=3, timer=30)
    await simcord_env.advance_time(31)
    assert last_moves.TIMED_OUT.strip() in last_moves_shown(world)


async def test_ending_arcanoid_speaks_of_the_unfinished_game_not_of_chips_or_cards(simcord_env):
    world, table = await arcanoid_of_alice_and_bob(simcord_env, "9S 9W 9C 9P 2S 3S", "8S 8W 8C 8P 2W 3W")
    alice = world.members[0]
    assert all(len(seat.hand) == 6 for seat in table.state.seats), "six cards each are out"
    said = private_text(await alice.slash(world.channel, "table end"))
    assert said == "The table is ended: play stops where it is, and the unfinished game counts in no one's record.", said


async def commit_everywhere(world: World, table: Any) -> None:
    """Each player in turn commits their card of a battlefield's suit where they have not yet,
    until the round (the game, at one round) is over; the clock closes each window."""
    for _ in range(4 * len(FIELDS)):
        if not table.active:
            return
        if table.state.phase == "window":
            await world.env.advance_time(WINDOW + 1)
            continue
        member = next(m for m in world.members if m.id in table.module.pending(table.state))
        seat = table.state.seat(member.id)
        field_, suit = next((f, s) for f, s in zip(FIELDS, "SWCP", strict=True) if f not in seat.fields)
        card = next(c.code for c in seat.hand if c.suit == suit)
        said = private_text(await member.slash(world.channel, "arcanoid commit", field=field_, cards=card))
        assert "commits" in said, said
    raise AssertionError("the round did not end")


@pytest.mark.simcord(settle_timeout=30)  # the profile's card is drawn in the pool: slow on a busy machine
async def test_the_profile_names_a_power_as_the_game_does(simcord_env):
    world, table = await arcanoid_of_alice_and_bob(simcord_env, "20 9S 9W 9C 9P 2S", "8S 8W 8C 8P 2W 3W", rounds=1)
    alice = world.members[0]
    said = private_text(await alice.slash(world.channel, "arcanoid play", arcanum="20", target="bob", field="swords"))
    assert "Judgment" in said, said
    await commit_everywhere(world, table)
    shown = field(await profile_of(alice, world.channel), "Arcanoid")
    assert "power played most: Judgment (1 time)" in shown, shown


async def test_the_leaderboard_writes_its_date_alike_and_says_the_win_rate_rule_once(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_table(world, "blackjack", seed=3, timer=0)
    await alice.slash(world.channel, "blackjack bet", amount=10)
    while table.state.phase == "playing":
        await alice.slash(world.channel, "blackjack stand")
    for by in ("net", "win rate"):
        embed = (await alice.slash(world.channel, "leaderboard", game="blackjack", period="week", by=by)).response.embeds[0]
        dates = re.findall(r"[Ss]ince (\d\d \w{3} \d{4} \(UTC\))", f"{embed.description}\n{embed.footer.text}")
        assert embed.footer.text.startswith("Since ") and len(set(dates)) == 1, (embed.description, embed.footer.text)
    assert embed.description.count("Win rate ranks") == 1, embed.description
    assert embed.description.count("Nobody") + embed.description.count("nobody") == 1, embed.description


async def test_a_settled_blackjack_round_calls_no_one_to_move(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_table(world, "blackjack", seed=3, timer=0)
    first = table_message(world)
    assert "your move on this table" in (first.content or ""), "the betting window calls her"
    await alice.slash(world.channel, "blackjack bet", amount=10)
    while table.state.phase == "playing":
        await alice.slash(world.channel, "blackjack stand")
    assert table_message(world).id != first.id, "the next round has a message of its own"
    assert "your move" not in (reread(world.channel, first).content or "")
    assert "your move on this table" in (table_message(world).content or ""), "the new window calls her"
