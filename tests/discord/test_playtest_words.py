"""Words a newcomer stumbled on when playing every game in the sandbox (issue 20, the last
part): each checked as a member reads it in the channel."""

from __future__ import annotations

from typing import Any

from games import blackjack
from games.base import SeatSpec
from tests.discord.helpers import make_world, table_message
from tests.seeds import predict

LAST_MOVES = "Last moves"


def last_moves(world: Any) -> str:
    embed = table_message(world).embeds[0]
    return next((f.value for f in embed.fields if f.name == LAST_MOVES), "") or ""


def _blackjack_round(seed: int) -> blackjack.State:
    predict(seed)
    state = blackjack.new(blackjack.Options(timer=0), [SeatSpec(1, 1000)])
    blackjack.apply(state, 1, {"type": "bet", "amount": 20})
    if state.phase == "playing":
        blackjack.apply(state, 1, {"type": "stand"})
    return state


def _lower_total_wins_by_a_major(seed: int) -> bool:
    hand = _blackjack_round(seed).last_round["seats"][0]["hands"][0]
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
