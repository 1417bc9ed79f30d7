"""Major Baccarat through SimCord, beside a blackjack table in another channel of the server."""

from __future__ import annotations

from games import baccarat
from games.base import SeatSpec
from tests.discord.helpers import (
    World,
    ledger_balances,
    make_world,
    open_table,
    table_message,
    wallet,
)
from tests.seeds import predict

COUPS = 5
ALICE_BET = {"on": "player", "amount": 20}
BOB_BET = {"on": "banker", "amount": 30}


def simulate(players: list[int], seed: int) -> baccarat.State:
    # both bring the table's default buy-in: 20 minimum bets
    predict(seed)
    state = baccarat.new(baccarat.Options(timer=0), [SeatSpec(players[0], 200), SeatSpec(players[1], 200)])
    for _ in range(COUPS):
        baccarat.apply(state, players[0], {"type": "bet", **ALICE_BET})
        baccarat.apply(state, players[1], {"type": "bet", **BOB_BET})
    return state


async def test_two_members_play_baccarat_beside_a_blackjack_table(simcord_env):
    world = make_world(simcord_env, channel="baccarat")
    alice, bob = world.members
    blackjack_room = world.guild.create_text_channel("blackjack")
    blackjack_world = World(simcord_env, world.guild, blackjack_room, [bob])
    await open_table(blackjack_world, "blackjack", seed=9, timer=0, buy_in=200)

    expected = simulate([alice.id, bob.id], seed=77)
    table = await open_table(world, "baccarat", seed=77, timer=0)
    for _ in range(COUPS):
        shown = await alice.click(table_message(world), label="Player")
        await alice.submit_modal(shown, {"amount": str(ALICE_BET["amount"])})
        await bob.slash(world.channel, "baccarat bet", on="banker", amount=BOB_BET["amount"])
        last = table.view(None)["last_round"]
        assert last["winner"] in ("player", "banker", "tie")

    assert baccarat.to_dict(table.state) == baccarat.to_dict(expected)
    history = [m for m in world.channel.history() if m.embeds and "→" in (m.embeds[0].description or "")]
    assert len(history) == COUPS, "each coup keeps its own table message with the result"
    stacks = {s.player: s.stack for s in expected.seats}
    for member in (alice, bob):
        await member.slash(world.channel, "table leave")
    assert await wallet(world, alice) == 800 + stacks[alice.id]
    assert await wallet(world, bob) == 600 + stacks[bob.id]  # his other 200 chips sit at blackjack
    await ledger_balances(world)
    assert blackjack_world.table().active
