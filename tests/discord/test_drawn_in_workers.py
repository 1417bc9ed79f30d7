"""The real bot with its drawing pool of worker processes (issue 22, item 2): started with the
bot, it draws the table message's image, the DM hands and /count's pile, the same pictures as
drawn here; Arcanoid's round picture goes to the pool too. Each worker has drawn every kind of
image the cogs draw before its first job (issue 31)."""

from __future__ import annotations

import asyncio
import contextlib
import os

import pytest

from bot import drawing
from bot.client import create_bot
from bot.config import Config
from cogs.arcanoid import ArcanoidUI
from cogs.common import UIS, Drawing, names_for
from games.base import Event
from renders.arcanoid import render_round
from renders.count import render_pile
from renders.hand import render_hand
from renders.records import render_profile
from renders.rummy import render_rummy_hand
from tests.discord.helpers import make_world, open_table, table_message

# These tests ask who draws, not how fast: no timers run at their tables, so SimCord may wait
# for the drawings as long as a busy machine needs.
pytestmark = pytest.mark.simcord(settle_timeout=60)
WORKER_START_POLLS = 1200  # 60 s: a worker process's start on a busy machine


@pytest.fixture
def simcord_bot(db_path):
    return create_bot(db_path=db_path, config=Config(render_workers=2), shard_count=1)


@pytest.fixture(autouse=True)
async def workers_at_the_usual_priority(request):
    """The workers give way to the bot (nice 2 above it: bench_ack and bench_restart measure
    what that buys); beside busy loops they would get almost no core at all, and these tests would
    wait minutes for a picture. Here each, once it has lowered itself, runs as any process does."""
    if "simcord_env" not in request.fixturenames:
        return
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    for worker in request.getfixturevalue("simcord_env").bot.drawing.workers:
        if worker.transport is None:
            continue
        pid = worker.transport.get_pid()
        for _ in range(WORKER_START_POLLS):
            if os.getpriority(os.PRIO_PROCESS, pid) > mine:
                break
            await asyncio.sleep(0.05)  # still starting (imports first, then it lowers itself)
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, pid, mine)


async def test_the_table_and_the_hands_are_drawn_by_the_bots_worker_processes(simcord_env):
    bot = simcord_env.bot
    pool = bot.drawing
    assert pool is not None and pool.processes and len(pool.workers) == 2
    assert drawing.current is pool
    await pool.ready()
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "blackjack", seed=8, timer=0)
    await alice.click(table_message(world), label="Bet 10")
    await bob.click(table_message(world), label="Bet 10")
    assert table.state.phase == "playing"

    shown = await table_message(world).attachments[0].read()
    ui = UIS["blackjack"]
    assert shown == ui.render(table.view(None), names_for(bot, table), "rws")
    hand = next(m for m in reversed(alice.user.dm_channel.history()) if m.attachments)
    _, expected, _ = ui.hand_view(table.frozen(), alice.id, names_for(bot, table))
    assert await hand.attachments[0].read() == expected.function(*expected.args, **expected.kwargs)
    roots = {name.split(".")[0] for name in await pool.modules_of_a_worker()}
    assert "renders" in roots and not roots & {"discord", "bot", "cogs"}


async def test_the_count_pile_is_drawn_by_a_worker_process(simcord_env):
    pool = simcord_env.bot.drawing
    await pool.ready()
    world = make_world(simcord_env)
    alice, _ = world.members
    drawn = pool.drawn
    result = await alice.slash(world.channel, "count", cards="KC 21 0 QS", group=2)
    assert pool.drawn == drawn + 1
    groups = [(["KC", "21"], "9"), (["0", "QS"], "8")]
    assert await result.response.attachments[0].read() == render_pile(groups, "17 points")


async def test_every_worker_has_drawn_every_kind_of_image_the_cogs_draw(simcord_env):
    """Start-up did not wait for the warm-up (the bot is up while the workers warm); once
    warm, each worker has drawn every game's table image and every other kind the cogs draw."""
    pool = simcord_env.bot.drawing
    await pool.ready()
    drawers = [*(type(ui).drawer for ui in UIS.values()), render_hand, render_rummy_hand, render_pile, render_round,
               render_profile]
    kinds = {f"{drawer.__module__}.{drawer.__name__}" for drawer in drawers}
    assert len(UIS) == 7
    for worker in pool.workers:
        assert worker.warmed is not None and kinds <= set(worker.warmed), kinds - set(worker.warmed or [])


def test_the_arcanoid_round_picture_goes_to_the_pool_as_a_drawing_of_renders():
    battles = [{"field": "cups", "cards": []}]
    drawing = ArcanoidUI().announcement_image(None, [Event("round_over", {"battles": battles, "round": 1})], {})
    assert isinstance(drawing, Drawing)
    assert drawing.function is render_round and drawing.args == (battles, 1, {})
    assert ArcanoidUI().announcement_image(None, [Event("committed", {})], {}) is None
