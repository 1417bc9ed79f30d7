"""One member against computer players through SimCord, with the real bot: Major Poker against
three computers to the end of several hands, and a Loc hand against three; the seats show who
the computers are, their chips are lent by the house and go back to it, and every chip is
accounted for."""

from __future__ import annotations

from typing import Any

from games import loc, poker
from tests.discord.helpers import (
    buttons,
    latest_with_buttons,
    ledger_balances,
    make_world,
    private_text,
    table_message,
    wallet,
)
from tests.seeds import predict

HANDS = 4
MOST_MOVES = 120


def lobby_text(world: Any) -> str:
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    return " ".join(field.value for field in lobby.embeds[0].fields)


async def open_against_computers(world: Any, game: str, **options: Any) -> Any:
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    predict(2024)
    created = await alice.slash(world.channel, f"{game} create", bots=3, timer=0, **options)
    assert "open" in created.response.content
    seated = lobby_text(world)
    for n in (1, 2, 3):
        assert f"Computer {n}" in seated, seated
    await alice.click(latest_with_buttons(world.channel, "Start"), label="Start")
    return world.table()


async def poker_move(world: Any, member: Any) -> str:
    """Alice checks when she may, calls up to two big blinds, folds to more, by the table's
    buttons."""
    message = table_message(world)
    offered = [label for label, button in buttons(message).items() if not button.disabled]
    owed = world.table().view(member.id)["turn"]["to_call"]
    for label in ("Check", "Call"):
        if label in offered and (label == "Check" or owed <= 20):
            await member.click(message, label=label)
            return label
    await member.click(message, label="Fold")
    return "Fold"


async def test_one_member_plays_several_poker_hands_against_three_computers(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_against_computers(world, "poker")
    assert world.bot.tables.table_in(world.channel.id).players() == [alice.id, -1, -2, -3]
    moves = 0
    while table.state.hand_no <= HANDS and moves < MOST_MOVES:
        assert poker.pending(table.state) == [alice.id], "the computers moved on their own until her turn"
        await poker_move(world, alice)
        moves += 1
    assert table.state.hand_no > HANDS, f"only {table.state.hand_no} hands in {moves} moves"
    logs = [line for entry in table.state.history for line in poker.history_log(entry)]
    assert any(line.startswith("Computer") and ("raises" in line or "bets" in line) for line in logs)
    assert any(line.startswith("Computer") and "folds" in line for line in logs)
    shown = " ".join(m.embeds[0].description or "" for m in world.channel.history() if m.embeds)
    assert "Computer 1" in shown, "the table messages name the computers' seats"
    await ledger_balances(world)

    stacks = poker.refunds(table.state)
    await alice.slash(world.channel, "table end")
    assert await wallet(world, alice) == stacks[alice.id]
    await ledger_balances(world)
    house = await world.bot.store.fetchone("SELECT chips FROM house WHERE guild_id=?", (world.guild.id,))
    assert house["chips"] == sum(stacks[p] for p in (-1, -2, -3)) - 3 * 1000, "the house got the computers' chips"


async def test_one_member_plays_a_loc_hand_against_three_computers(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_against_computers(world, "loc")
    for _ in range(loc.HAND_SIZE):
        assert loc.pending(table.state) == [alice.id]
        mine = loc.view(table.state, alice.id)["me"]
        kind = "discard" if mine["can"] == "discard" else "play"
        answer = await alice.slash(world.channel, f"loc {kind}", card=mine["cards"][0])
        assert answer.ephemeral, private_text(answer)
    assert table.state.hand == 2, "the computers chose with her and the hand was played out"
    shown = [c["player"] for reveal in table.state.last_round["reveals"] for c in reveal["cards"]]
    assert shown.count(-1) == shown.count(alice.id) == loc.PLAYS
    await ledger_balances(world)


async def test_more_computers_than_the_table_seats_are_refused_privately(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    for game, options, allowed in (("poker", {"format": "draw", "bots": 8}, "0 to 7"),
                                   ("loc", {"deck": "standard", "bots": 8}, "0 to 7")):
        answer = await alice.slash(world.channel, f"{game} create", **options)
        text = private_text(answer)
        assert "bots" in text.lower() and allowed in text, text
        assert world.bot.tables.table_in(world.channel.id) is None
    await ledger_balances(world)
