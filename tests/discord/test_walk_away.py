"""A person who walks away from a table of computers (issue 27, item 6): her timer plays her
safe move, then she is out of play (she sits out, or a computer plays her seat); the computers
finish the round in progress and no more; the table waits, and after the idle minutes the bot
ends it, saying why, with every chip back — in every game that has computers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.discord.helpers import ledger_balances, make_world, private_text, table_message
from tests.discord.test_live_words import open_with_computers

TIMER = 10
IDLE_SECONDS = 300
STEP = 5  # simulated seconds a step
WALK_AWAY = [
    ("poker", {"bots": 3}),
    ("loc", {"bots": 3}),
    ("tarot", {"players": 3, "bots": 2, "hands": 20}),  # more deals than the idle time could see
    ("rummy", {"opponent": "bot"}),
    ("arcanoid", {"bots": 2}),
]
WAITING = "Waiting for a person: computers never play on alone"
ENDED = f"Ended by the bot: no person was in play for {IDLE_SECONDS // 60} minutes, and computers never play on alone"


def round_now(table: Any) -> int | None:
    """The round the table is playing (None between rounds), as the game counts them."""
    module = table.module
    in_play = getattr(module, "round_in_play", None) or module.round_to_settle
    return in_play(table.state)


def shown(world: Any) -> str:
    return table_message(world).embeds[0].description or ""


async def until(world: Any, done: Any, what: str, steps: int = 60) -> None:
    """Simulated time goes on, STEP seconds at a time, until `done()` (at most `steps` steps)."""
    for _ in range(steps):
        if done():
            return
        await world.env.advance_time(STEP)
    raise AssertionError(f"{what} — not after {steps * STEP} simulated seconds; the table says: {shown(world)}")


@pytest.mark.parametrize(("game", "options"), WALK_AWAY, ids=[game for game, _ in WALK_AWAY])
async def test_a_person_who_walks_away_leaves_the_computers_to_finish_the_round_then_the_table_ends(
        simcord_env, game, options):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_with_computers(world, game, timer=TIMER, **options)
    world.bot.tables.idle_seconds = IDLE_SECONDS

    out_of_play_in: list[int | None] = []

    async def note_the_round(moved: Any, events: list[Any], origin: Any) -> None:
        if moved is table and any(e.kind == "sitout" and e.data["player"] == alice.id for e in events):
            out_of_play_in.append(round_now(table))  # told before any computer moves on

    world.bot.tables.listeners.insert(0, note_the_round)
    await until(world, lambda: {"type": "sitin"} in table.module.legal_actions(table.state, alice.id),
                "alice never moves, so her timer plays her safe move, then she is out of play")
    await until(world, lambda: WAITING in shown(world),
                "the computers finish the round in progress, then the table waits for a person")
    assert len(out_of_play_in) == 1, out_of_play_in
    left = out_of_play_in[0]
    assert left is None or round_now(table) != left, f"the round she left ({left}) was played to its end"
    assert "Sit in" in shown(world) and "⏱️" not in shown(world), "no turn runs while the table waits"
    waiting_at = table.version

    await world.env.advance_time(IDLE_SECONDS - 60)
    assert table.status == "active" and table.version == waiting_at, "nobody moved: computers never play on alone"

    await world.env.advance_time(60 + STEP)  # the idle time is up
    assert table.status == "ended"
    said = [embed.description or "" for message in world.channel.history() for embed in message.embeds]
    assert any(ENDED in text for text in said), said
    await ledger_balances(world)


SEATS_A_COMPUTER_PLAYS = [(game, options) for game, options in WALK_AWAY if game in ("tarot", "rummy", "arcanoid")]


@pytest.mark.parametrize(("game", "options"), SEATS_A_COMPUTER_PLAYS, ids=[g for g, _ in SEATS_A_COMPUTER_PLAYS])
async def test_a_person_back_at_a_waiting_table_takes_her_seat_back_and_play_goes_on(simcord_env, game, options):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_with_computers(world, game, timer=TIMER, **options)
    await until(world, lambda: WAITING in shown(world), "she walks away, and the table waits for a person")
    waiting_at = table.version

    clicked = await alice.click(table_message(world), label="Sit in")
    assert "you play your own seat again" in private_text(clicked)
    assert {"type": "sitin"} not in table.module.legal_actions(table.state, alice.id)
    await until(world, lambda: table.version > waiting_at, "the computers, or her timer, play on", steps=10)
    assert WAITING not in shown(world)
