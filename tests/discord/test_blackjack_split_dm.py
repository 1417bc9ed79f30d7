"""Issue 11, cards you can read: a split blackjack hand shows in its player's private view (the
DM, and `/hand`) as two hands, in the text and in the picture, each with its own bet."""

from __future__ import annotations

from games import blackjack
from games.base import SeatSpec
from tests.discord.helpers import make_world, open_table


def _splits_after_a_hit(seed: int) -> bool:
    state = blackjack.new(blackjack.Options(timer=0), [SeatSpec(1, 1000)], seed)
    blackjack.apply(state, 1, {"type": "bet", "amount": 20})
    if state.phase != "playing":
        return False
    blackjack.apply(state, 1, {"type": "hit"})
    return state.phase == "playing" and {"type": "split"} in blackjack.legal_actions(state, 1)


async def test_a_split_hand_comes_by_dm_as_two_hands(simcord_env):
    seed = next(s for s in range(1, 3000) if _splits_after_a_hit(s))
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    table = await open_table(world, "blackjack", seed=seed, timer=0)
    await alice.slash(world.channel, "blackjack bet", amount=20)
    await alice.slash(world.channel, "blackjack hit")
    await alice.slash(world.channel, "blackjack split")
    seat = blackjack.view(table.state)["seats"][0]
    assert len(seat["hands"]) == 2
    shown = (await alice.slash(world.channel, "hand")).response  # the DM's view, on demand
    assert shown is not None and shown.ephemeral
    assert "Hand 1:" in shown.content and "Hand 2:" in shown.content, shown.content
    for number, hand in enumerate(seat["hands"], 1):
        assert f"Hand {number}: {' '.join(hand['cards'])} = **{hand['total']}** · bet 20" in shown.content
    assert shown.attachments, "the two hands are drawn too"
