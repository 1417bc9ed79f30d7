"""Discord's limits under bursts (issue 10, item 6): a burst of moves at one table makes far
fewer table-message edits than moves, one at a time, and the message ends on the final state."""

from __future__ import annotations

import asyncio
import io

import discord
import pytest
from PIL import Image

import cogs.presenter
from cogs.common import UIS, names_for
from tests.discord.helpers import make_world, open_table, table_message

pytestmark = pytest.mark.both_backends  # see tests/discord/conftest.py

MOVES = 50
PACED = cogs.presenter.EDIT_SPACING  # read before the autouse fixture unpaces it


def table_edits(env, message_id: int) -> list:
    return [r for r in env.http_requests if r.method == "PATCH" and r.path.endswith(f"/messages/{message_id}")]


async def burst(world) -> None:
    """50 moves as fast as the table takes them: alice sits out and back 49 times, then bob bets."""
    alice, bob, _ = world.members
    service, table = world.bot.tables, world.table()
    for n in range(MOVES - 1):
        await service.act(table, alice.id, {"type": "sitout" if n % 2 == 0 else "sitin"})
    await service.act(table, bob.id, {"type": "bet", "amount": 30})


async def edits_done(world) -> None:
    """Wait for the presenter's table-message workers (started outside SimCord's operations, so
    not joined by its settle)."""
    presenter = world.bot.get_cog("Tables").presenter
    workers = [q.worker for q in presenter._messages.values() if q.worker is not None]
    await asyncio.gather(*workers)


async def test_a_burst_of_moves_coalesces_its_edits_and_ends_on_the_final_state(simcord_env, monkeypatch):
    """Paced as in production: an edit at most once a second."""
    monkeypatch.setattr(cogs.presenter, "EDIT_SPACING", PACED)
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    table = await open_table(world, "blackjack", timer=0)
    message_id = table.extra["table_message"]
    before = len(table_edits(simcord_env, message_id))
    version = table.version

    in_flight = peak = 0
    http = world.bot.http
    original = http.edit_message

    async def counting(*args, **kwargs):
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        try:
            return await original(*args, **kwargs)
        finally:
            in_flight -= 1

    http.edit_message = counting
    await burst(world)
    await edits_done(world)
    await simcord_env.settle()
    http.edit_message = original

    assert table.version == version + MOVES
    edits = len(table_edits(simcord_env, message_id)) - before
    # the first move's edit, then one a second while the burst lasts (a second or two)
    assert 1 <= edits <= 5, f"{edits} edits for {MOVES} moves"
    assert peak == 1, "never more than one edit of the table message in flight"

    message = table_message(world)
    assert message.id == message_id, "no new message: the round did not change"
    view = table.view(None)
    names = names_for(world.bot, table)
    ui = UIS["blackjack"]
    expected = "\n".join(ui.status_lines(table, view, names))
    description = message.embeds[0].description
    assert description.startswith(expected + "\n"), "the text is the final state's"
    assert "Waiting for: carol" in expected, "alice sits out, bob has bet: only carol is waited on"
    assert description.endswith("Sitting out: alice — press **Sit in** (or `/table join`) to be dealt in again.")
    shown = await message.attachments[0].read()
    drawn = ui.render(view, names, getattr(table.options, "style", "rws"))
    assert Image.open(io.BytesIO(shown)).tobytes() == Image.open(io.BytesIO(drawn)).tobytes(), \
        "the picture is the final state's"
    labels = {c.label for row in message.components for c in row.children if isinstance(c, discord.Button)}
    assert "Bet 10" in labels


async def test_moves_one_at_a_time_still_show_every_state(simcord_env):
    world = make_world(simcord_env, ("alice", "bob", "carol"))
    alice, bob, _ = world.members
    await open_table(world, "blackjack", timer=0)
    await alice.click(table_message(world), label="Bet 10")
    assert "Waiting for: bob, carol" in table_message(world).embeds[0].description
    await bob.click(table_message(world), label="Bet 50")
    assert "Waiting for: carol" in table_message(world).embeds[0].description
